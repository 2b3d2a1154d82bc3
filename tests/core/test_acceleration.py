"""Baku acceleration (C.04.7) worked by hand."""

from fractions import Fraction

import pytest

from tabellone.core.acceleration import baku_virtual_points, with_acceleration
from tabellone.core.errors import InputError
from tabellone.core.model import Player, Tournament
from tabellone.core.scoring import Scoring


def _field(n, rounds, scoring=None, system=None):
    return Tournament(
        players=tuple(Player(i, f"P{i}", rating=2000 - i) for i in range(1, n + 1)),
        total_rounds=rounds,
        initial_colour="w",
        scoring=scoring or Scoring(),
        system=system,
    )


def test_baku_groups_and_rounds():
    # 10 players, 9 rounds: GA = 2 x ceil(10/4) = 6 players (1-6); ceil(9/2) = 5
    # accelerated rounds; ceil(5/2) = 3 of them with a win (1 point), 2 with a draw.
    vp = baku_virtual_points(_field(10, 9))
    by_round = {}
    for v in vp:
        by_round.setdefault(v.round, {})[v.player] = v.points
    assert sorted(by_round) == [1, 2, 3, 4, 5]
    assert set(by_round[1]) == {1, 2, 3, 4, 5, 6}
    assert by_round[3][6] == Fraction(1) and by_round[4][1] == Fraction(1, 2) and by_round[5][2] == Fraction(1, 2)
    # pairing scores before round 1: GA on 1, the rest on 0
    state = with_acceleration(_field(10, 9), baku=True).state_before(1)
    assert state[6].pairing_score == 1 and state[7].pairing_score == 0 and state[6].score == 0


def test_baku_needs_a_win_worth_two_draws():
    with pytest.raises(InputError):
        baku_virtual_points(_field(8, 5, Scoring().with_values(win=3, draw=1)))


def test_system_code_switches_it_on_unless_the_file_has_virtual_points():
    t = _field(8, 5, system="FIDE_DUTCH_2026_BAKU")
    assert with_acceleration(t).virtual_points
    assert not with_acceleration(_field(8, 5)).virtual_points
