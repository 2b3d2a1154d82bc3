"""Issue 27, item 4: explanations that name the real reason, in the bracket where it is
decided, and the players concerned, by number and name.

C.04.3 (2026) Art. 2.4.4 [C9] minimises the unplayed games of the PAB assignee, and its
note confines it to a bracket that downfloats exactly one player, who receives the PAB.
A bracket that sends two players down is decided by the criteria after it; there the
float criteria ([C14]-[C21]; 2017 C.12-C.19) name whose earlier float counts.
"""

from __future__ import annotations

import json

from testkit import fixture_path, shared_path

import tabellone
from tabellone.cli import main
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
        assert lines[2].startswith(f"{head} the best pairing is worse on C15 "), lines
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
    (report,) = tabellone.check(t, round=2, edition="2017").rounds
    assert (
        "; the exchange (D.2) decides (the rules' candidate: S1 1 against S2 in the order 2 3"
        in report.first_difference
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
