"""Issue 27, item 4: explanations that name the real reason, in the bracket where it is
decided, and the players concerned, by number and name.

C.04.3 (2026) Art. 2.4.4 [C9] minimises the unplayed games of the PAB assignee, and its
note confines it to a bracket that downfloats exactly one player, who receives the PAB.
A bracket that sends two players down is decided by the criteria after it; there the
float criteria ([C14]-[C21]; 2017 C.12-C.19) name whose earlier float counts.
"""

from __future__ import annotations

import json
from fractions import Fraction

from testkit import fixture_path, shared_path

import tabellone
from tabellone.cli import main
from tabellone.core.history import cut_before
from tabellone.core.pairing import Pairing
from tabellone.rules import dutch
from tabellone.verify.checker import explain, first_difference, named

C15 = fixture_path("checker/c15_mdp_opponent.trf")
"""Seven players after three rounds (made by the generator, names added). Before round 4:
1 has 3 points, 6 2.5, 2 2 (downfloated in round 2), 3 1.5, and 4 5 7 one point each;
4, 5 and 7 have had the PAB (rounds 2, 3, 1), so C5 gives the PAB to 3 (1.5), the lowest
score that may have it. 1 floats to 6 (1-6); 2 and 3 met in round 2, so both float on to
the 1-point bracket, where 3 takes the PAB and 2, an MDP, meets 4 or 7 (not 5: round 1),
and the other two residents meet.

Colours (C12): 2 had B W B (wants White), 4 B - W (wants Black), 5 W B - and 7 - W B
(both want White). 2-4 and 5-7 break one preference (5-7), 2-7 and 4-5 one too (2-7):
equal on C10-C13; nobody is a resident downfloater (C14). C15 counts the MDP's opponents
who upfloated the round before: 4 upfloated in round 3 (1 point against 6's 1.5), 7
downfloated (1 point against 3's 0.5). So the rules pair 2-7 and 5-4, and 2-4 is worse
on C15, naming 4."""


def test_a_forced_pair_names_the_float_criterion_and_the_player():
    t = tabellone.read(C15)
    rules = tabellone.pair(t, round=4)
    assert {frozenset(p) for p in rules.pairs} == {frozenset(p) for p in ((1, 6), (2, 7), (4, 5))}
    assert rules.bye == 3
    lines = explain(dutch, t, 4, "2026", pair=(2, 4))
    assert lines[1] == "the rules do not pair them: 2 meets 7 (Bianchi, Anna), 4 meets 5 (Russo, Elena)"
    assert lines[2] == (
        "with 2-4 the best pairing is worse on C15 MDP opponents who upfloated in round 3: "
        "with 2-4 1 [4 (Rossi, Mario)], the rules allow 0, in the 1.0-point bracket"
    )
    # the rules' pair, asked the other way: the same criterion, the same player
    lines = explain(dutch, t, 4, "2026", pair=(2, 7))
    assert "worse on C15" in lines[2] and "without it 1 [4 (Rossi, Mario)], the rules allow 0" in lines[2]


def test_the_2017_text_names_its_own_article_and_the_upfloater():
    """2017 C.13 counts the upfloaters who upfloated the round before; the same pairing,
    the same reason. (2017 C.2 bars no-one here either: 3 had no PAB.)"""
    t = tabellone.read(C15)
    lines = explain(dutch, t, 4, "2017", pair=(2, 4))
    assert "worse on C.13 upfloaters who upfloated in round 3: with 2-4 1 [4 (Rossi, Mario)]" in lines[2]


def test_check_names_the_players_in_text_and_json(tmp_path, capsys):
    """A given round 4 with 2-4: ``check`` says C15, names 4, and ``--json`` carries the
    players of each side's value."""
    t = tabellone.read(C15)
    given = Pairing(4, [(6, 1), (2, 4), (7, 5)], bye=3)
    d = first_difference(dutch, t, given, tabellone.pair(t, round=4), "2026")
    assert d.article == "C15" and d.bracket == 1
    assert (d.players_yours, d.players_rules) == ([4], [])
    proposed = tmp_path / "r4.txt"
    proposed.write_text("4\n6 1\n2 4\n7 5\n3 0\n")
    main(["check", str(C15), "--round", "4", "--pairing", str(proposed), "--json"])
    (r,) = json.loads(capsys.readouterr().out)["rounds"]
    assert r["first_difference"]["article"] == "C15"
    assert r["first_difference"]["players_yours"] == [4]
    assert "[4 (Rossi, Mario)]" in r["first_difference"]["text"]


def test_float_criteria_name_the_round_of_the_float():
    """The verdict names the round a float comes from by number: paired round 8, "the
    round before" is round 7 and "two rounds before" round 6; a Double-Swiss match (two
    round columns) counts matches: column 7 is match 4, the previous one match 3. The
    descriptions in ``--json``'s ``criterion`` stay as the catalogue words them."""
    from tabellone.rules import get_system
    from tabellone.verify.checker import _dated

    dutch_system, ds = get_system("dutch"), get_system("double-swiss")
    assert _dated("MDP opponents who upfloated the round before", dutch_system, 8) == (
        "MDP opponents who upfloated in round 7"
    )
    assert _dated("MDP opponents who upfloated two rounds before", dutch_system, 8) == (
        "MDP opponents who upfloated in round 6"
    )
    assert _dated("score differences of repeated upfloaters (two rounds before)", dutch_system, 8) == (
        "score differences of repeated upfloaters (in round 6)"
    )
    assert _dated("upfloaters who floated in the previous round", ds, 7) == "upfloaters who floated in match 3"
    assert _dated("colour preferences not met", dutch_system, 8) == "colour preferences not met"
    # round 2 has no "two rounds before": the words stay
    assert _dated("MDP opponents who upfloated two rounds before", dutch_system, 2).endswith("two rounds before")


def test_a_player_is_named_by_number_and_name():
    t = tabellone.read(C15)
    assert named(t, 4) == "4 (Rossi, Mario)"


LICHESS = "realdata/trf/GrzegorzKi_CompetiChess_testLargeFile.trf"


def test_lichess_round_8_is_decided_by_c15_in_the_bracket_that_sends_two_down():
    """The issue's repro. Before round 8, 110 (2 points) floats down into the 1.5-point
    bracket {39, 86, 96}; 108, the only 1-point player, had the PAB in round 6, so the PAB
    goes to a 1.5-point player (C5), and the 1.5-point bracket pairs 110 and sends two
    players down. The rules pair 110-96 and send 39 and 86 down (39 takes the PAB, 86
    meets 108); forced, 110-39 sends 86 and 96 down (96 takes the PAB). [C9] would prefer
    96 (no unplayed round) to 39 (six), but the bracket downfloats two players, so by
    its note [C9] does not apply there; C15 does: 39 upfloated in round 7."""
    t = tabellone.read(shared_path(LICHESS))
    for pair, head in (((110, 96), "without 110-96"), ((110, 39), "with 110-39")):
        lines = explain(dutch, t, 8, "2026", pair=pair)
        assert lines[2].startswith(f"{head} the best pairing is worse on C15 MDP opponents who upfloated in round 7: ")
        assert "1 [39 (mcm41234857)], the rules allow 0, in the 1.5-point bracket" in lines[2]
    lines = explain(dutch, t, 8, "2017", pair=(110, 39))
    assert "worse on C.13 " in lines[2] and "[39 (mcm41234857)]" in lines[2]


def test_a_tie_names_the_candidates_as_the_text_generates_them():
    """The hand-worked round of ``two_tied_brackets.trf`` (test_checker_first_difference):
    the 1-point bracket {1, 2, 3} is homogeneous, S1 = {1}, S2 = {2, 3}. The rules take
    the first transposition, 1-2, and 3 floats down; the file pairs 2-3 and floats 1:
    an exchange of 1 (S1) for 2 (S2), S1 = {2} against S2 = (3, 1). Equal on every
    criterion, so the order of Art. 4 decides: every transposition (Art. 4.2) comes before
    the first exchange (Art. 4.3); under 2017, D.1 before D.2."""
    t = tabellone.read(fixture_path("checker/two_tied_brackets.trf"))
    (report,) = tabellone.check(t, round=2).rounds
    d = report.first_difference
    assert d.equal and d.bracket == 1
    assert d.candidate_rules == "S1 1 against S2 in the order 2 3, 3 floating down"
    assert d.candidate_yours == "S1 2 against S2 in the order 3 1, exchanging 1 (S1) for 2 (S2), 1 floating down"
    assert (
        f"; the exchange (Art. 4.3) decides (the rules' candidate: {d.candidate_rules}; yours: {d.candidate_yours})"
        in d
    )
    # the full ranking: the rules' candidate is the first the text makes (no exchange,
    # the first transposition); the file's needs the second exchange (1 for 2, after
    # none) and then the second transposition of its S2 (1 3): 2 meets 3, not 1
    places = "the text makes the rules' candidate with no exchange, transposition of S2 no. 1; "
    places += "yours with exchange no. 2, transposition of S2 no. 2"
    assert d.endswith(f"yours: {d.candidate_yours}): {places}")
    assert (d.rank_rules, d.rank_yours) == ([1, 1, 1, 1], [1, 1, 2, 2])
    assert d.as_dict()["generation_yours"] == [1, 1, 2, 2]
    (report,) = tabellone.check(t, round=2, edition="2017").rounds
    assert (
        "; the exchange (D.2) decides (the rules' candidate: S1 1 against S2 in the order 2 3"
        in report.first_difference
    )
    # explain, asked why not 2-3: the same ranking, on a line of its own
    lines = explain(dutch, t, 2, "2026", pair=(2, 3))
    assert lines[3] == (
        "the exchange (Art. 4.3) decides: the text makes the rules' candidate with no exchange, "
        "transposition of S2 no. 1; the one with 2-3 with exchange no. 2, transposition of S2 no. 2"
    )


def test_lichess_round_10_tie_names_the_mdp_pairing():
    """The Lichess round 10 tie (test_checker_first_difference): 1, moved down from 7.5,
    meets 5 in the rules (first in S2), 42 in the file: the transposition of S2 that pairs
    the MDP decides; the remainders {9, 22, 42} and {5, 9, 22} pair 9-22 and float the
    last."""
    t = tabellone.read(shared_path(LICHESS))
    (report,) = tabellone.check(t, round=10).rounds
    d = report.first_difference
    assert d.candidate_rules == "MDPs 1-5, remainder S1 9 against S2 in the order 22 42, 42 floating down"
    assert d.candidate_yours.startswith("MDPs 1-42, remainder S1 9 against S2 in the order 22 5, exchanging 5 (S1)")
    assert "; the transposition of S2 (Art. 4.2) for the MDPs decides" in d
    # 1 meets the first resident (5) in the rules, the fourth (42) in the file; the
    # file's remainder {5, 9, 22} pairs 9-22: the exchange of 5 for 9, then 9 meets 22,
    # second in the new S2 (5 22)
    assert d.ranking == (
        "the transposition of S2 (Art. 4.2) for the MDPs decides: the text makes the rules' candidate with "
        "set of MDPs no. 1, transposition for the MDPs no. 1, no exchange, transposition of S2 no. 1; yours with "
        "set of MDPs no. 1, transposition for the MDPs no. 4, exchange no. 2, transposition of S2 no. 2"
    )


C9_NOTE = fixture_path("checker/c9_note.trf")
"""Seven players after round 1: 4 and 5 won (1 point); 1, 2 and 3 took a half-point bye
they asked for (0.5, one unplayed round each, none has met another); 6 and 7 lost (0).
Round 2 has seven players: the PAB goes to a 0-point player ([C5]; everyone may have it)."""


def test_c9_counts_only_where_its_note_leaves_the_downfloater_for_the_pab():
    """The note of C.04.3 (2026) [C9]: it applies only in a bracket that downfloats
    exactly one player, who then gets the PAB. The given round pairs 4-5, 2-3, 6-7 and
    gives the PAB to 1: the 0.5-point bracket sends 1 alone down, and 1 gets the PAB.
    The looser reading took [C9] there (1 unplayed round). The literal procedure does
    not: 1 could still meet 6 (or 7) with 7 (or 6) taking the PAB, so the bracket's
    choice does not decide who gets it and [C9] is 0 there. In the last bracket
    {1, 6, 7}, where 1 is left over, it is 1. The verdict is [C5] (the PAB at 0.5 where
    0 is possible), as before."""
    from tabellone.rules.dutch.literal import c9_applies
    from tabellone.verify.checker import _ahead

    t = tabellone.read(C9_NOTE)
    rules = tabellone.pair(t, round=2)
    assert rules.bye in (6, 7)
    given = Pairing(2, [(4, 5), (2, 3), (6, 7)], bye=1)
    assert dutch.violations(t, given, "2026") == []
    round_values, brackets = dutch.evaluate(t, given, "2026")
    assert round_values["C9"] == 1  # the PAB assignee's unplayed rounds
    half = next(b for b in brackets if b.score == Fraction(1, 2))
    assert sorted(half.players) == [1, 2, 3]
    assert not c9_applies(t, 2, 1, [6, 7])
    assert half.values["C9"] == 0
    # the checker reads the bracket's own value, not the round's
    assert _ahead("C9", round_values, half, [1], 1) == 0
    assert brackets[-1].values["C9"] == 1
    d = first_difference(dutch, t, given, rules, "2026")
    assert d.article == "C5" and "yours 0.5 [1 (Moretti, Sara)]" in d


class _Scores:
    """A round's state as the generation order reads it: every player on one score."""

    def __init__(self, ids):
        self.players = set(ids)

    def __getitem__(self, pid):
        return type("S", (), {"pairing_score": Fraction(1)})()


def test_a_candidate_is_placed_where_the_text_first_generates_it():
    """Invariant, against the text's order itself: in a homogeneous bracket of 5 or 6
    players (BSNs 1..n, two pairs), walk every exchange of Art. 4.3 and, after each,
    every transposition of S2 of Art. 4.2 (the literal procedure's own generators), and
    note where each candidate (its pairs and its floaters) first appears. The checker
    places every candidate there."""
    from itertools import permutations

    from tabellone.rules.comparison import BracketValues
    from tabellone.rules.dutch.candidate_order import as_generated
    from tabellone.rules.dutch.literal import resident_exchanges

    for n in (5, 6):
        players = list(range(1, n + 1))
        s1r, s2r = [1, 2], list(range(3, n + 1))
        first: dict = {}
        for e, (down, up) in enumerate(resident_exchanges(s1r, s2r), start=1):
            s1 = sorted((set(s1r) - set(down)) | set(up))
            s2 = sorted((set(s2r) - set(up)) | set(down))
            for t, chosen in enumerate(permutations(s2, len(s1)), start=1):
                pairs = frozenset(frozenset(p) for p in zip(s1, chosen))
                first.setdefault(pairs, [1, 1, e, t])
        bracket = BracketValues(Fraction(1), players, {}, {})
        assert len(first) == 45 if n == 6 else len(first) == 15  # every way to make two pairs
        for pairs, where in first.items():
            as_pairs = [tuple(sorted(p)) for p in pairs]
            moved = [x for x in players if all(x not in p for p in pairs)]
            _, ordinals, _ = as_generated(_Scores(players), bracket, as_pairs, moved, "2026")
            assert ordinals == where, (sorted(as_pairs), ordinals, where)


def test_every_tie_of_the_lichess_export_ranks_the_rules_candidate_first():
    """The engine's generation order (bonuses on the matcher) against the ranking the
    checker counts from the text's Art. 4 orders: in every round of the Lichess export
    that the generation order decides, the rules' candidate comes first at the first
    step where the two differ (an exchange too large to count is an exchange of more
    players than any counted one, so it comes after the rules' none)."""
    t = tabellone.read(shared_path(LICHESS))
    ties = [r.first_difference for r in tabellone.check(t).rounds if r.first_difference is not None]
    ties = [d for d in ties if d.rank_rules]
    assert len(ties) >= 10
    for d in ties:
        k = next(k for k, (r, g) in enumerate(zip(d.rank_rules, d.rank_yours)) if r != g)
        rules, yours = d.rank_rules[k], d.rank_yours[k]
        assert rules is not None and (yours is None or rules < yours), (d.rank_rules, d.rank_yours)
        step = ("set of MDPs", "transposition for the MDPs", "exchange", "transposition of S2")[k]
        assert f"{step} no. {rules}" in d.ranking or (step == "exchange" and rules == 1), d.ranking


def test_c9_counts_in_a_bracket_above_the_last_where_the_downfloater_is_left_for_the_pab():
    """Gacrux round 9 (test_checker_first_difference): the file gives the PAB to 71 (2.5
    points, two unplayed rounds); below the 2.0-point bracket only 73 and 78 remain (1.5
    points), both with an earlier PAB, so neither may have another: whoever the 2.0-point
    bracket sends down alone takes the PAB whatever the last bracket does. There [C9]
    applies by its note, and the file's pairing counts 2 in that bracket (not only in
    the last one), as the literal procedure counts it."""
    from tabellone.core.model import pairs_of_round
    from tabellone.rules.dutch.literal import c9_applies

    t = tabellone.read(shared_path("peers/caissify_pairings/gacrux_generated/misc_edge_case_3.trf"))
    before = cut_before(t, 9)
    pairs, pab = pairs_of_round(t, 9)
    given = Pairing(9, pairs, pab[0])
    assert given.bye == 71
    state = before.state_before(9)
    assert all(state[p].had_pab and state[p].pairing_score == Fraction(3, 2) for p in (73, 78))
    assert c9_applies(before, 9, 71, [73, 78])
    _, brackets = dutch.evaluate(before, given, "2026")
    two = next(b for b in brackets if b.score == 2)
    assert two is not brackets[-1] and two.values["C9"] == 2 == state[71].rounds_unplayed
