"""The Burstein system (C.04.4.2, the earlier text as bbpPairings reads it): rounds worked
out by hand from the text, the index, colours, the literal procedure against the
optimiser, and the absolute criteria checked independently on generated events."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from burstein_checks import independent_check
from testkit import pairer
from tournaments import field, game, merge

from tabellone.core.errors import NoPairingError
from tabellone.core.model import ByeKind, PreassignedBye
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import burstein
from tabellone.rules.burstein import Index, burstein_index, early_round_points, pair_round

F = Fraction


def _pairs(p):
    return sorted(p.pairs)


# ---------------------------------------------------------------------------------------
# round 1: the upper half starts a point up, and high meets low inside each half


def test_round_one_upper_half_meets_itself_high_against_low():
    """8 players, no result yet. Rounds 1-2: the upper half (1-4) counts one point more,
    so the score groups are 1-4 and 5-8; in each, the opposition order pairs the top with the bottom
    (all indices are 0: the pairing number decides the order): 1-4, 2-3, 5-8, 6-7.
    Colours: nobody has one; the higher-ranked player of each pair gets the initial
    colour (White) when their pairing number is odd: 1 and 5 White, 2 and 6 Black."""
    t = field(8, total=5, colour="w")
    assert _pairs(pair_round(t, "legacy")) == [(1, 4), (3, 2), (5, 8), (7, 6)]


def test_round_one_initial_black_flips_every_colour():
    t = field(8, total=5, colour="b")
    assert _pairs(pair_round(t, "legacy")) == [(2, 3), (4, 1), (6, 7), (8, 5)]


def test_early_round_points_go_to_the_upper_half_of_those_who_play_round_one():
    """9 players, 2 sits out round 1 (an absence entered): the half is counted among the
    8 who play (4 of them: 1, 3, 4, 5), and 2, ranked inside that half, shares the
    point. From round 3 on, nobody has one."""
    t = replace(field(9, total=5), byes=(PreassignedBye(1, 2, ByeKind.ZERO),))
    extra = early_round_points(t, t.state_before(1))
    assert extra == dict.fromkeys((1, 2, 3, 4, 5), 1)
    later = field(4, [merge(game(1, 2, "1"), game(3, 4, "1")), merge(game(1, 3, "1"), game(2, 4, "1"))], total=5)
    assert early_round_points(later, later.state_before(3)) == {}


# ---------------------------------------------------------------------------------------
# the index and a round worked by hand


def _six_players_three_rounds():
    """R1: 1-4 1-0, 2-5 =, 3-6 0-1. R2: 6-1 0-1, 4-2 0-1, 5-3 =.
    R3: 3 absent, 6 the pairing-allocated bye, 1-2 =, 4-5 1-0."""
    r1 = merge(game(1, 4, "1"), game(2, 5, "="), game(3, 6, "0"))
    r2 = merge(game(6, 1, "0"), game(4, 2, "0"), game(5, 3, "="))
    r3 = merge(game(1, 2, "="), game(4, 5, "1"), {3: (None, None, "Z"), 6: (None, None, "U")})
    return field(6, [r1, r2, r3], total=5)


def test_index_sonneborn_berger_buchholz_median_by_hand():
    """Opponents' scores count unplayed games as draws: 3 has 1 (its absence a draw), 6
    has 1.5 (its bye a draw). A round without opponent counts a virtual opponent: score
    before the round, the opposite result, draws after: 6's bye in R3 (score 1 before,
    the opponent lost) is worth 1; 3's absence (0.5 before, the opponent won) 1.5.
    SB adds each opponent's score times the points scored against them; Median drops
    the highest and lowest opponent."""
    t = _six_players_three_rounds()
    idx = burstein_index(t, t.state_before(4), {})
    assert idx[1] == Index(F(7, 2), F(9, 2), F(3, 2))  # 1x1 + 1x1.5 + 0.5x2; 1+1.5+2
    assert idx[2] == Index(F(11, 4), F(9, 2), F(1))  # 0.5x1 + 1x1 + 0.5x2.5
    assert idx[3] == Index(F(1, 2), F(4), F(3, 2))  # opponents 6 (1.5), 5 (1), virtual 1.5
    assert idx[4] == Index(F(1), F(11, 2), F(2))
    assert idx[5] == Index(F(3, 2), F(4), F(1))
    assert idx[6] == Index(F(2), F(9, 2), F(1))  # 3 (1) won, 1 (2.5) lost, virtual 1 (bye)


def test_round_four_by_hand_merges_a_group_that_cannot_be_paired():
    """Round 4 of the event above. Score groups 2.5: 1; 2: 2, 6 (SB 2.75 before 2);
    1: 5, 4 (SB 1.5 before 1); 0.5: 3. 1 floats but has met 2 and 6: the 2-point group
    cannot take it, so it merges with the 1-point group. There, in index order 1 (SB
    3.5), 2, 6, 5, 4: 1 can meet only 5; 2 only 6 (4 and 5 met); 4 floats to 3.
    Colours: 5 (bwb) White against 1 (wbw); 2 (wbb, absolute) White against 6; 3 (wb)
    White against 4 (bww, absolute Black)."""
    t = _six_players_three_rounds()
    assert _pairs(pair_round(t, "legacy")) == [(2, 6), (3, 4), (5, 1)]


def _equal_histories():
    """R1: 1-5 1-0, 2-6 1-0, 3-4 =. R2: 4-1 0-1, 3-2 0-1, 5-6 0-1. 1 and 2 lead with 2
    points and the same colours (White, Black); 2 beat stronger opponents (SB 1.5
    against 0.5)."""
    r1 = merge(game(1, 5, "1"), game(2, 6, "1"), game(3, 4, "="))
    r2 = merge(game(4, 1, "0"), game(3, 2, "0"), game(5, 6, "0"))
    return field(6, [r1, r2], total=5)


def test_equal_preferences_and_histories_the_higher_index_gets_its_colour():
    """1 and 2 meet (the 2-point group); both prefer White after White, Black. No round
    tells them apart, so the higher index (2, by Sonneborn-Berger) gets its preference;
    the Dutch rule would give it to the higher rank (1)."""
    t = _equal_histories()
    p = pair_round(t, "legacy")
    assert (2, 1) in p.pairs
    white, article = burstein.colour_article(t, 3, 1, 2, edition="legacy")
    assert (white, article) == (2, "3.2")


def test_bye_goes_to_the_lowest_eligible_player():
    """Five players after R1 1-4, 2-5, 3 the bye. Round 2: 3 had the bye, so the bye goes
    to the lowest of the others: the two 0-point players 4 and 5 are ordered by index
    (both lost to a 1-point opponent, SB 0, Buchholz 2 with the early point), then by
    pairing number: 5 is last."""
    r1 = merge(game(1, 4, "1"), game(2, 5, "1"), {3: (None, None, "U")})
    t = field(5, [r1], total=5)
    p = pair_round(t, "legacy")
    assert p.bye == 5


def test_no_legal_pairing_is_reported():
    """Two players who have met cannot meet again."""
    t = field(2, [game(1, 2, "1")], total=3)
    with pytest.raises(NoPairingError):
        pair_round(t, "legacy")


# ---------------------------------------------------------------------------------------
# the literal procedure and the optimiser agree; absolute criteria hold on generated events


@pytest.mark.parametrize("seed,players", [(1, 7), (2, 10), (3, 12), (4, 9)])
def test_literal_procedure_equals_optimiser_on_generated_rounds(seed, players):
    s = GeneratorSettings(
        players=players, rounds=6, seed=seed, absence_rate=0.08, forfeit_rate=0.05, half_bye_rate=0.05
    )
    t = generate(s, pairer("burstein", "legacy", "literal"))
    from tabellone.core.history import cut_before

    for r in range(1, t.rounds_paired + 1):
        cut = cut_before(t, r)
        assert sorted(pair_round(cut, "legacy").pairs) == sorted(pair_round(cut, "legacy", method="literal").pairs), (
            f"round {r}"
        )


@pytest.mark.parametrize("seed,players,rounds", [(11, 15, 9), (12, 24, 7), (13, 41, 9), (14, 60, 11), (15, 101, 9)])
def test_absolute_criteria_hold_on_generated_events(seed, players, rounds):
    s = GeneratorSettings(
        players=players, rounds=rounds, seed=seed, absence_rate=0.05, forfeit_rate=0.04, half_bye_rate=0.04
    )
    t = generate(s, pairer("burstein", "legacy"))
    independent_check(t)


# ---------------------------------------------------------------------------------------
# the command line


def test_command_line_generate_check_and_bbp_style_pairing(tmp_path, capsys):
    from tabellone.cli import main
    from tabellone.core.history import cut_before
    from tabellone.formats.trf import format_trf, read_trf

    out = tmp_path / "b.trf"
    assert (
        main(
            [
                "generate",
                "--system",
                "burstein",
                "--edition",
                "legacy",
                "--players",
                "13",
                "--rounds",
                "5",
                "--seed",
                "5",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert main(["--burstein", str(out), "-c", "--edition", "legacy"]) == 0
    assert capsys.readouterr().out.strip().endswith("5 of 5 rounds as the rules pair them")
    assert main(["compare", str(out), "--system", "burstein", "--edition", "legacy"]) == 0
    assert capsys.readouterr().out.strip().endswith("5 of 5 rounds paired the same by both methods")
    # round 5 again, by the bbp-style invocation: the recorded round, PAB as "id 0"
    t = read_trf(out)
    cut = tmp_path / "cut.trf"
    cut.write_text(format_trf(cut_before(t, 5)))
    assert main(["--burstein", str(cut), "-p", "--edition", "legacy"]) == 0
    lines = capsys.readouterr().out.split()
    from tabellone.core.model import pairs_of_round

    recorded, pab = pairs_of_round(t, 5)
    expected = sorted(f"{w} {b}" for w, b in recorded) + [f"{pab[0]} 0"]
    got = [f"{a} {b}" for a, b in zip(lines[1::2], lines[2::2])]
    assert int(lines[0]) == len(expected) and sorted(got[:-1]) == expected[:-1] and got[-1] == expected[-1]
    # the literal procedure refuses large rounds with one line and exit 3
    assert main(["pair", str(cut), "--system", "burstein", "--edition", "legacy", "--method", "literal"]) == 0
    big = tmp_path / "big.trf"
    assert (
        main(
            [
                "generate",
                "--system",
                "burstein",
                "--edition",
                "legacy",
                "--players",
                "30",
                "--rounds",
                "2",
                "--seed",
                "5",
                "-o",
                str(big),
            ]
        )
        == 0
    )
    t = read_trf(big)
    cut.write_text(format_trf(cut_before(t, 2)))
    assert main(["pair", str(cut), "--system", "burstein", "--edition", "legacy", "--method", "literal"]) == 3
    assert "at most 22 players" in capsys.readouterr().err


def test_info_lists_the_index_order(tmp_path, capsys):
    """``tabellone info --system burstein`` prints the order and the values worked out by
    hand above (round 4 of the six-player event)."""
    import json

    from tabellone.cli import main
    from tabellone.formats.trf import format_trf

    path = tmp_path / "six.trf"
    path.write_text(format_trf(_six_players_three_rounds()))
    assert main(["info", str(path), "--system", "burstein", "--edition", "legacy", "--round", "4", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["players"]
    assert [r["id"] for r in rows] == [1, 2, 6, 5, 4, 3]
    assert [(r["SB"], r["Buchholz"], r["Median"]) for r in rows[:2]] == [("3.5", "4.5", "1.5"), ("2.75", "4.5", "1.0")]
