"""The Burstein system in force (C.04.4.2, applied from 1 February 2026) and its 2025
text: the example of Art. 4.3, the seeding rounds, the index of Art. 1.7 and the PAB of
Art. 3.1 worked out by hand; the literal procedure against the optimiser; the absolute
criteria checked independently on generated events."""

from __future__ import annotations

from fractions import Fraction

import pytest
from burstein_checks import independent_check
from testkit import pairer
from tournaments import field, game, merge

from tabellone.core.errors import InputError
from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import burstein
from tabellone.rules.burstein.edition_2026 import Index, opposition_index, seeding_rounds
from tabellone.rules.burstein.literal_2026 import _generate

F = Fraction


def test_the_edition_in_force_is_the_default():
    assert burstein.EDITIONS[0] == "2026"


@pytest.mark.parametrize("rounds,seeding", [(3, 1), (5, 2), (7, 3), (9, 4), (13, 4)])
def test_seeding_rounds_art_1_6_2(rounds, seeding):
    """Half the rounds, rounded down, or four, whichever is lower."""
    assert seeding_rounds(rounds) == seeding


# The note of Art. 4.3: six players, two pairs, two virtual players of BSN 0, in order.
# The text lists "1-3, 2-0, 4-5, 6-0" twice in a row (a slip): it is taken once here.
NOTE = """
1-6 2-5 3-0 4-0; 1-6 2-4 3-0 5-0; 1-6 2-3 4-0 5-0; 1-6 2-0 3-5 4-0; 1-6 2-0 3-4 5-0; 1-6 2-0 3-0 4-5;
1-5 2-6 3-0 4-0; 1-5 2-4 3-0 6-0; 1-5 2-3 4-0 6-0; 1-5 2-0 3-6 4-0; 1-5 2-0 3-4 6-0; 1-5 2-0 3-0 4-6;
1-4 2-6 3-0 5-0; 1-4 2-5 3-0 6-0; 1-4 2-3 5-0 6-0; 1-4 2-0 3-6 5-0; 1-4 2-0 3-5 6-0; 1-4 2-0 3-0 5-6;
1-3 2-6 4-0 5-0; 1-3 2-5 4-0 6-0; 1-3 2-4 5-0 6-0; 1-3 2-0 4-6 5-0; 1-3 2-0 4-5 6-0; 1-3 2-0 4-0 5-6;
1-2 3-6 4-0 5-0; 1-2 3-5 4-0 6-0; 1-2 3-4 5-0 6-0; 1-2 3-0 4-6 5-0; 1-2 3-0 4-5 6-0; 1-2 3-0 4-0 5-6;
1-0 2-6 3-5 4-0; 1-0 2-6 3-4 5-0; 1-0 2-6 3-0 4-5; 1-0 2-5 3-6 4-0; 1-0 2-5 3-4 6-0; 1-0 2-5 3-0 4-6;
1-0 2-4 3-6 5-0; 1-0 2-4 3-5 6-0; 1-0 2-4 3-0 5-6; 1-0 2-3 4-6 5-0; 1-0 2-3 4-5 6-0; 1-0 2-3 4-0 5-6;
1-0 2-0 3-6 4-5; 1-0 2-0 3-5 4-6; 1-0 2-0 3-4 5-6
"""


def test_order_of_pairings_is_the_example_of_art_4_3():
    ok = [[True] * 7 for _ in range(7)]
    got = []
    for pairs, floaters in _generate([1, 2, 3, 4, 5, 6], 2, ok):
        items = sorted([(a, b) for a, b in pairs] + [(x, 0) for x in floaters])
        got.append(" ".join(f"{a}-{b}" for a, b in items))
    assert got == [line.strip() for line in NOTE.replace("\n", " ").split(";")]


def test_a_seeding_round_is_paired_by_the_dutch_system():
    """Round 1 of 9 (a seeding round): the Dutch system pairs the top half against the
    bottom half (1-5, 2-6, 3-7, 4-8), colours alternating from the initial White; the
    earlier Burstein text would pair 1-4, 2-3 inside the upper half."""
    t = field(8, total=9, colour="w")
    assert sorted(burstein.pair_round(t, "2026").pairs) == [(1, 5), (3, 7), (6, 2), (8, 4)]


def _six_players_three_rounds():
    """R1: 1-4 1-0, 2-5 =, 3-6 0-1. R2: 6-1 0-1, 4-2 0-1, 5-3 =.
    R3: 3 absent (a zero-point bye), 6 the pairing-allocated bye, 1-2 =, 4-5 1-0."""
    r1 = merge(game(1, 4, "1"), game(2, 5, "="), game(3, 6, "0"))
    r2 = merge(game(6, 1, "0"), game(4, 2, "0"), game(5, 3, "="))
    r3 = merge(game(1, 2, "="), game(4, 5, "1"), {3: (None, None, "Z"), 6: (None, None, "U")})
    return field(6, [r1, r2, r3], total=5)


def test_index_of_art_1_7_by_hand():
    """Scores after R3: 1 2.5, 2 2, 3 0.5, 4 1, 5 1, 6 2. 3's last round is a zero-point
    bye, so its opponents read it as a draw: 1. A round without a game is played
    "against oneself": 6's PAB counts 6's own score (2), 3's absence 3's own (0.5).
    Buchholz: 1: 1 + 2 + 2 = 5; 2: 1 + 1 + 2.5 = 4.5; 3: 2 + 1 + 0.5 = 3.5;
    4: 2.5 + 2 + 1 = 5.5; 5: 2 + 1 + 1 = 4; 6: 1 + 2.5 + 2 = 5.5.
    Sonneborn-Berger: 1: 1x1 + 1x2 + 0.5x2 = 4; 2: 0.5x1 + 1x1 + 0.5x2.5 = 2.75;
    3: 0 + 0.5x1 + 0 = 0.5; 4: 1x1 = 1; 5: 0.5x2 + 0.5x1 = 1.5; 6: 1x1 + 1x2 = 3."""
    t = _six_players_three_rounds()
    idx = opposition_index(t, t.state_before(4))
    assert idx == {
        1: Index(F(5), F(4)),
        2: Index(F(9, 2), F(11, 4)),
        3: Index(F(7, 2), F(1, 2)),
        4: Index(F(11, 2), F(1)),
        5: Index(F(4), F(3, 2)),
        6: Index(F(11, 2), F(3)),
    }


def test_round_four_by_hand():
    """Round 4 of 5 (seeding rounds: 2). Brackets: 2.5 {1}; 2 {2, 6}; 1 {4, 5}; 0.5 {3}.
    1 has met 2 and 6 and floats. The 2-point bracket in the order of Art. 1.8 is 6
    (Buchholz 5.5), 1 (5), 2 (4.5): only 6-2 can be made, 1 floats again. In the
    1-point bracket 1 can meet only 5 (4 met it), and 4 floats to 3 (C4 keeps that
    possible). Colours: 2 (absolute White) against 6 (mild Black): both granted; 5
    (strong White) against 1 (strong Black); 3 (mild White) against 4 (absolute Black)."""
    t = _six_players_three_rounds()
    assert sorted(burstein.pair_round(t, "2026").pairs) == [(2, 6), (3, 4), (5, 1)]


def test_pab_art_3_1_prefers_the_player_with_more_games():
    """Five players, 3 rounds (1 seeding round). R1: 1-3 1-0, 2-5 1-0, 4 absent.
    Round 2: the lowest score is 0 (3, 4, 5); of those, 3 and 5 played more games than
    4 (3.1.4), and 5 ranks lowest (equal Buchholz 1 and SB 0, the larger TPN; 3.1.5).
    Then 1-2 (BSN 1 against BSN 2; both prefer Black after White: no round tells them
    apart, so the higher ranked, 1, gets it: 5.2.5) and 3-4 (3 prefers White; 4 has none)."""
    t = field(5, [merge(game(1, 3, "1"), game(2, 5, "1"))], total=3)
    p = burstein.pair_round(t, "2026")
    assert p.bye == 5
    assert sorted(p.pairs) == [(2, 1), (3, 4)]
    assert burstein.colour_article(t, 2, 1, 2, edition="2026") == (2, "5.2.5")
    assert burstein.colour_article(t, 2, 1, 2, edition="2025") == (2, "E.4")


@pytest.mark.parametrize(
    "edition,seed,players", [("2026", 1, 9), ("2026", 2, 12), ("2026", 3, 14), ("2025", 4, 11), ("2025", 5, 13)]
)
def test_literal_procedure_equals_optimiser(edition, seed, players):
    s = GeneratorSettings(
        players=players, rounds=7, seed=seed, absence_rate=0.08, forfeit_rate=0.05, half_bye_rate=0.05
    )
    t = generate(s, pairer("burstein", edition, "literal"))
    for r in range(seeding_rounds(7) + 1, t.rounds_paired + 1):
        cut = cut_before(t, r)
        opt = burstein.pair_round(cut, edition)
        lit = burstein.pair_round(cut, edition, method="literal")
        assert (sorted(opt.pairs), opt.bye) == (sorted(lit.pairs), lit.bye), f"round {r}"


@pytest.mark.parametrize("edition,limit", [("2026", 20), ("2025", 20), ("legacy", 22)])
def test_literal_procedure_refuses_more_players_than_its_limit(edition, limit):
    # two over the exhaustive search's limit (an even field: no bye taken out first),
    # after the seeding rounds: one line naming the option to change; the optimiser
    # pairs the same round
    n = limit + 2
    t = generate(GeneratorSettings(players=n, rounds=5, seed=6), pairer("burstein", edition))
    cut = cut_before(t, 5)
    with pytest.raises(InputError, match=f"at most {limit} players to pair \\({n} here\\)") as caught:
        burstein.pair_round(cut, edition, method="literal")
    assert caught.value.field == "--method"
    assert len(burstein.pair_round(cut, edition).pairs) == n // 2


@pytest.mark.parametrize("seed,players,rounds", [(21, 15, 9), (22, 40, 9), (23, 77, 11)])
def test_absolute_criteria_hold_on_generated_events(seed, players, rounds):
    s = GeneratorSettings(
        players=players, rounds=rounds, seed=seed, absence_rate=0.05, forfeit_rate=0.04, half_bye_rate=0.04
    )
    independent_check(generate(s, pairer("burstein", "2026")))


def test_command_line(tmp_path, capsys):
    from tabellone.cli import main

    out = tmp_path / "b.trf"
    assert (
        main(["generate", "--system", "burstein", "--players", "11", "--rounds", "6", "--seed", "2", "-o", str(out)])
        == 0
    )
    assert main(["--burstein", str(out), "-c"]) == 0
    assert capsys.readouterr().out.strip().endswith("6 of 6 rounds as the rules pair them")
    assert main(["compare", str(out), "--system", "burstein"]) == 0
    assert capsys.readouterr().out.strip().endswith("6 of 6 rounds paired the same by both methods")
    assert main(["info", str(out), "--system", "burstein", "--round", "5"]) == 0
    assert "Art. 1.8" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------
# C6: where the texts of 2026 and 2025 part


class _MayMeet:
    """A round's state reduced to what C1 reads: who may meet whom."""

    def __init__(self, allowed):
        self.allowed = {frozenset(p) for p in allowed}

    def may_meet(self, a, b):
        return frozenset((a, b)) in self.allowed


def _synthetic(scores):
    from tabellone.core.model import Strength
    from tabellone.rules.burstein.edition_2026 import Player
    from tabellone.rules.fide_common import Entrant

    return [
        Player(
            Entrant(
                id=k + 1,
                rank=k,
                score=F(s),
                real_score=F(s),
                colours="",
                pref=None,
                strength=Strength.NONE,
                cd=0,
                repeated=None,
                topscorer=False,
                state=None,
            ),
            Index(F(0), F(0)),
        )
        for k, s in enumerate(scores)
    ]


def test_c6_of_2026_and_c_6_of_2025_choose_different_floaters():
    """Eight players, no colour preferences, equal indices (BSN = TPN): 1 has 3 points,
    2 and 3 have 2, 4-6 have 1, 7 and 8 have 0. Who may meet: 1-2 1-6 1-8 2-4 2-5 2-8
    3-6 3-7 4-5 4-6 4-7 5-6 5-7.
    1 floats alone; 1-2 would leave 8 (who can meet only 1 or 2) unpaired (C4), so 1,
    2 and 3 all float into the 1-point bracket {1, 2, 3, 4, 5, 6}. Below, 7 and 8 cannot
    meet: two floaters must come down, one of 1-2 (for 8) and one of 3-5 (for 7); two
    pairs are made. The floater sets that leave the rest pairable: {1,3} (2-4 5-6 or 2-5
    4-6; scores 3, 2), {1,4} (2-5 3-6; 3, 1), {1,5} (2-4 3-6; 3, 1), {2,3} (1-6 4-5; 2, 2).
    2026 C6, the lowest floater scores in descending order: {2,3} -> 1-6 4-5, 2-8 3-7.
    2025 C.6, most incoming floaters paired (2 and 3 with {1,4} or {1,5}), then their
    scores (equal); D.1: BSN 2's opponent as high as possible, 5 -> 2-5 3-6, 1-8 4-7."""
    from tabellone.rules.burstein.edition_2026 import Round

    P = _synthetic([3, 2, 2, 1, 1, 1, 0, 0])
    state = _MayMeet(
        [(1, 2), (1, 6), (1, 8), (2, 4), (2, 5), (2, 8), (3, 6), (3, 7), (4, 5), (4, 6), (4, 7), (5, 6), (5, 7)]
    )

    def pairs(edition):
        return sorted(tuple(sorted((P[a].id, P[b].id))) for a, b in Round(P, state, edition).pair())

    assert pairs("2026") == [(1, 6), (2, 8), (3, 7), (4, 5)]
    assert pairs("2025") == [(1, 8), (2, 5), (3, 6), (4, 7)]
