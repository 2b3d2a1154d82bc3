"""Item 2 of the arbiter's checker: the first difference is found where the text finds
it. The brackets are walked from the top to the first one where the two pairings part;
there the first criterion that differs is named, and criteria that look ahead to the
PAB (the Dutch C9) count where their note lets them. Equal on every criterion, the generation
order decided (2026 Art. 3.8), and the report names who each pairing moved down.
"""

from __future__ import annotations

from testkit import fixture_path, shared_path

import tabellone
import tabellone.rules.dutch as dutch
from tabellone.core.history import cut_before
from tabellone.core.pairing import Pairing
from tabellone.verify.checker import first_difference


def test_a_tie_decided_by_the_generation_order_names_who_moved_down():
    """Hand-worked. After round 1, 1 2 3 have a point, 4 5 6 none; 1 and 3 had White,
    2 Black. The 1-point bracket sends one player down. The rules: S1 = {1}, S2 = {2, 3},
    the first candidate 1-2 (both get their colour), 3 down to meet 4; 5-6. Pairing 2-3
    and sending 1 down to meet 6 (he met 4), with 4-5, grants every colour preference
    too and floats one player of one point: equal on every criterion. The text's
    generation order (Art. 3.8 with 4.2) takes 1-2."""
    t = tabellone.read(fixture_path("checker/six_after_r1.trf"))
    rules = tabellone.pair(t)
    assert {frozenset(p) for p in rules.pairs} == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    alternative = Pairing(2, [(2, 3), (6, 1), (4, 5)])
    assert not dutch.violations(t, alternative)
    d = first_difference(dutch, t, alternative, rules, "2026")
    assert d.equal and d.bracket == 1
    assert d.moved_yours == [1] and d.moved_rules == [3]
    assert "Art. 3.8" in d and "yours moves down 1 (Player 1), the rules move down 3 (Player 3)" in d
    assert d.as_dict()["moved_down_rules"] == [3] and d.as_dict()["criterion"] is None


def test_a_worse_colour_in_the_parting_bracket_is_named_there():
    """Same six: 1-3 (both had White, both want Black) breaks a colour preference in
    the 1-point bracket, where the pairings part: C12, 1 against 0."""
    t = tabellone.read(fixture_path("checker/six_after_r1.trf"))
    rules = tabellone.pair(t)
    d = first_difference(dutch, t, Pairing(2, [(1, 3), (2, 6), (4, 5)]), rules, "2026")
    assert (d.article, d.bracket, d.yours, d.rules, d.rules_better) == ("C12", 1, 1, 0, True)


def test_gacrux_round_9_names_c9():
    """The Gacrux-generated event (Dutch 2026, peers/SOURCES.md): in round 9 the file's
    PAB goes to 71, who has two unplayed rounds; the rules' to 59, who has none. The
    pairings part in the 2-point bracket, which the file pairs better on C12 (1 against
    2); C9 ranks above C12 and is the criterion to name."""
    path = shared_path("peers/caissify_pairings/gacrux_generated/misc_edge_case_3.trf")
    t = tabellone.read(path)
    (report,) = tabellone.check(t, round=9).rounds
    d = report.first_difference
    assert d.article == "C9" and d.bracket == 2 and (d.yours, d.rules) == (2, 0) and d.rules_better
    assert str(d).startswith("C9 ")


def test_lichess_round_10_is_a_tie_decided_by_the_generation_order():
    """The Lichess export (bbpPairings under Lichess): before round 10 the 7-point
    bracket holds 1 (moved down from 7.5) and 5 9 22 42. 1 must have Black (two Whites
    running), 5 22 42 want White, 9 Black. The file pairs 1-42 and 9-22 and moves 5
    down; the rules 1-5 (first in S2) and 9-22 and move 42 down: both grant every
    preference and float one 7-point player, so the generation order decides. The
    brackets above are the same in both."""
    path = shared_path("realdata/trf/GrzegorzKi_CompetiChess_testLargeFile.trf")
    t = tabellone.read(path)
    (report,) = tabellone.check(t, round=10).rounds
    d = report.first_difference
    assert d.equal and d.bracket == 7
    assert (d.moved_yours, d.moved_rules) == ([5], [42])
    rules = tabellone.pair(t, round=10)
    assert {frozenset((1, 5)), frozenset((9, 22))} <= {frozenset(p) for p in rules.pairs}


def test_xxc_rank_makes_the_record_order_the_pairing_order():
    """JaVaFo's XXC rank (bbpPairings reads it so): the 001 records 3 1 4 2 are the
    pairing order. Round 1 of four: S1 = {3, 1}, S2 = {4, 2}; 3 (first) takes the
    initial White, 1 (second, even) the other colour: 3-4 and 2-1. Written back, the
    records keep their order."""
    path = fixture_path("checker/xxc_rank.trf")
    t = tabellone.read(path)
    assert t.pairing_order == (3, 1, 4, 2)
    assert tabellone.pair(t).pairs == [(3, 4), (2, 1)]
    from tabellone.formats.trf import format_trf, parse_trf

    again = parse_trf(format_trf(t))
    assert again.pairing_order == (3, 1, 4, 2) and tabellone.pair(again).pairs == [(3, 4), (2, 1)]


def test_two_brackets_tied_the_higher_one_is_named():
    """Hand-worked (the Lichess round 10 in small; bbpPairings' -c pairs round 2 as the
    rules below). After round 1, 1 2 3 have a point (1 and 3 had White, 2 Black), 4 half
    a point (a half-point bye: no colour), 5 6 7 none (5 and 7 had Black, 6 White) and 8
    none (absent). Round 2, the text pairs from the top: the 1-point bracket, S1 = {1},
    S2 = {2, 3}: 1-2 grants both preferences, 3 moves down to 4. The 0-point bracket
    S1 = {5, 6}, S2 = {7, 8}: 5-7 (both want White) is worse than the transposition
    5-8 6-7. The file pairs 2-3 and moves 1 down to 4 (every preference granted, one
    1-point floater: equal on every criterion), and in the 0-point bracket 5-6 7-8
    (every preference granted too). Both brackets are ties the generation order
    decides; the higher one, where the pairings first part, is the answer."""
    t = tabellone.read(fixture_path("checker/two_tied_brackets.trf"))
    rules = tabellone.pair(t, round=2)
    assert {frozenset(p) for p in rules.pairs} == {frozenset(p) for p in ((1, 2), (3, 4), (5, 8), (6, 7))}
    for edition in ("2026", "2017"):
        (report,) = tabellone.check(t, round=2, edition=edition).rounds
        d = report.first_difference
        assert d.equal and d.bracket == 1, (edition, str(d))
        assert (d.moved_yours, d.moved_rules) == ([1], [3])
        assert "yours moves down 1 (Player 1), the rules move down 3 (Player 3)" in d
    # the same round with the top brackets as the rules pair them: the walk goes on to
    # the 0-point bracket, same players, other pairs, nobody moved down
    lower_only = Pairing(2, [(2, 1), (4, 3), (5, 6), (7, 8)])
    before = cut_before(t, 2)
    assert not dutch.violations(before, lower_only)
    d = first_difference(dutch, before, lower_only, rules, "2026")
    assert d.equal and d.bracket == 0 and d.moved_yours == [] and d.moved_rules == []
    assert "the rules take the candidate the text's generation order" in d


def test_a_tie_in_the_last_bracket_names_the_bye(tmp_path):
    """Round 1 of five: one bracket, no colour or float history. The rules give the
    PAB to the last player, 5 (S1 = {1, 2}, S2 = {3, 4, 5}: 1-3 2-4); giving it to 4
    (1-3 2-5) is as good on every criterion, C5 and C9 included (both hold 0 points and
    no unplayed round). The last bracket moves nobody down: the report names the bye."""
    from testkit import trf_player_line

    path = tmp_path / "five.trf"
    path.write_text(
        "XXR 3\nXXC white1\n"
        + "\n".join(trf_player_line(i, [], rating=str(2500 - 100 * i)) for i in range(1, 6))
        + "\n"
    )
    t = tabellone.read(path)
    rules = tabellone.pair(t)
    assert rules.bye == 5 and {frozenset(p) for p in rules.pairs} == {frozenset((1, 3)), frozenset((2, 4))}
    d = first_difference(dutch, t, Pairing(1, [(1, 3), (5, 2)], bye=4), rules, "2026")
    assert d.equal and d.bracket == 0 and (d.moved_yours, d.moved_rules) == ([4], [5])
    assert "yours gives the pairing-allocated bye to 4 (Player 4), the rules to 5 (Player 5)" in d
