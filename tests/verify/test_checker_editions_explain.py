"""Items 4 and 5 of the arbiter's checker.

Editions: the 2017 text numbers its colour rules E.1-E.5 (the 2026 Art. 5.2.1-5.2.5);
a PAB worth less than a win bars another under both texts: 2017 C.2 (C.04.1.d: "has
already received a pairing-allocated bye") and 2026 C2 (C.04.1 Art. 4: "has already
received a pairing allocated bye, or has already scored in one single round, without
playing, as many points as rewarded for a win"); ``explain`` names the rule and the round
of the earlier bye.

"Why not my pair?": ``explain --pair A B`` for a pair the rules do not make forces it
(each may meet only the other) and names the first criterion on which the best such
pairing is worse, with both values; ``explain --bye X`` cites C2 when X may not have the
bye, else the criterion that chose another.
"""

from __future__ import annotations

import json

from testkit import fixture_path, shared_path

import tabellone
from tabellone.cli import main

SIX = str(fixture_path("checker/six_after_r1.trf"))


def test_2017_colour_notes_cite_e_articles(tmp_path, capsys):
    """Six players after round 1: 1 had White, 2 Black; board 1-2 with 1 White is the
    wrong way round, both preferences granted the other way: 2026 Art. 5.2.1, 2017 E.1."""
    proposed = tmp_path / "r2.txt"
    proposed.write_text("3\n1 2\n4 3\n6 5\n")
    for edition, article in (("2026", "5.2.1"), ("2017", "E.1")):
        main(["check", SIX, "--round", "2", "--pairing", str(proposed), "--json", "--edition", edition])
        (r,) = json.loads(capsys.readouterr().out)["rounds"]
        assert [(c["board"], c["article"], c["rules_white"]) for c in r["colours"]] == [([1, 2], article, 2)]


HALF_PAB = fixture_path("checker/half_point_pab.trf")
"""Five players, PAB worth half a point (BBU 0.5). Round 1: 1-2 1-0, 3-4 1-0, PAB to 5.
Round 2: 1-3 1-0, 2-5 1-0, PAB to 4."""


def test_a_half_point_pab_bars_another_under_both_editions():
    """After two rounds: 1 has 2, 2 and 3 have 1, 4 and 5 have 0.5 (each a half-point
    PAB, no game won). Round 3 has five players and one bye; 4 and 5 may not have it
    under either text (any earlier PAB bars another). 2026: C5 puts it on a 1-point
    player, 2 or 3; a bye to 2 leaves 1-4 and 3-5 (3 met 4), where 3 (W, B) and 5 (B)
    both prefer White (C12: 1), a bye to 3 leaves 1-5 and 2-4 (2 met 5) with every
    preference met: the bye goes to 3. 2017 (no C5): 1 (who met 2 and 3) floats to the
    1-point bracket and on, and the pairing with the least score difference gives the
    bye to 1 (2-3 and 4-5, no difference at all, C.6)."""
    t = tabellone.read(HALF_PAB)
    assert tabellone.pair(t, edition="2026").bye == 3
    assert tabellone.pair(t, edition="2017").bye == 1
    lines = tabellone.explain(t, edition="2017", bye=5).lines
    assert (
        "C.2: 5 (Player 5) may not have the bye: a pairing-allocated bye worth 0.5 points in round 1 (C.04.1.d)"
        in lines
    ), lines
    lines = tabellone.explain(t, edition="2026", bye=4).lines
    assert (
        "C2: 4 (Player 4) may not have the bye: a pairing-allocated bye worth 0.5 points in round 2 (C.04.1 Art. 4, 2026)"
        in lines
    ), lines


def test_primavera_2_a_half_point_pab_bars_a_second_under_both_editions():
    """Tornello "Primavera 2" (BBU 0.5; paired by bbpPairings): 18 had a half-point PAB
    in round 4, so neither text gives 18 another (C.04.1 Art. 4; 2017 C.04.1.d); the
    file's rounds are the rules' pairings under both editions, and round 7 goes to 27."""
    path = shared_path("realdata/trf/GabrieleBattaglia_Tornello_input_bbp_885abc5_primavera2_r7.trf")
    t = tabellone.read(path)
    for edition in ("2026", "2017"):
        assert tabellone.pair(t, round=6, edition=edition).bye != 18
        assert tabellone.check(t, round=6, edition=edition).ok
    assert tabellone.pair(t, edition="2026").bye == 27


def test_why_not_my_pair_forces_it_and_names_the_worse_criterion():
    """Six after round 1: 1-3 (both had White, both want Black) costs a colour
    preference in the 1-point bracket: C12, 1 against 0."""
    lines = tabellone.explain(tabellone.read(SIX), pair=(1, 3)).lines
    assert lines[1] == "the rules do not pair them: 1 meets 2 (Player 2), 3 meets 4 (Player 4)"
    assert lines[2] == (
        "with 1-3 the best pairing is worse on C12 colour preferences not met: "
        "with 1-3 1 [1 (Player 1), 3 (Player 3)], the rules allow 0, in the 1.0-point bracket"
    )


def test_why_not_my_pair_cites_c1_for_a_rematch():
    lines = tabellone.explain(tabellone.read(SIX), pair=(1, 4)).lines
    assert lines[-1] == "C1: they have already played each other (round 1)"


def test_why_not_my_bye_names_the_criterion_that_chose_another():
    """Gacrux round 9: 71 may have the bye (C2), but has two unplayed rounds, and 59
    none: C9."""
    t = tabellone.read(shared_path("peers/caissify_pairings/gacrux_generated/misc_edge_case_3.trf"))
    lines = tabellone.explain(t, round=9, bye=71).lines
    assert lines[1].startswith("the rules give the bye to 59")
    assert lines[2].startswith("C2: 71 (Player   69) may have the bye")
    assert (
        lines[3].startswith("with the bye to 71 the best pairing is worse on C9 ")
        and "2 [71 (Player   69)], the rules allow 0 [59 (Player   60)]" in lines[3]
    )
