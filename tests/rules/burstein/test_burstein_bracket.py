"""The bracket-local solve of Burstein 2025/2026 (tabellone.rules.burstein.bracket) against
the whole-field matcher it replaces: the same pairs, round by round, on generated events
(invariant: both read the same criteria and Art. 4 exactly, so they must agree)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tabellone.core.errors import NoPairingError
from tabellone.core.history import cut_before
from tabellone.core.model import Strength
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import burstein
from tabellone.rules.burstein import edition_2026, legacy
from tabellone.rules.burstein.bracket import ArticleFourSteps, LocalBracket
from tabellone.rules.burstein.common import Compatibility, Player
from tabellone.rules.burstein.edition_2026 import Index
from tabellone.rules.fide_common import Entrant


def _event(seed: int, players: int, rounds: int, edition: str):
    # every other event with absences, half-point byes and forfeits
    rates = {"absence_rate": 0.08, "half_bye_rate": 0.05, "forfeit_rate": 0.05} if seed % 2 == 0 else {}
    settings = GeneratorSettings(players=players, rounds=rounds, seed=seed, **rates)  # type: ignore[arg-type]

    def pairer(t):
        p = burstein.pair_round(t, edition)
        return p.pairs, p.bye

    return generate(settings, pairer)


def _both_ways(t, r: int, edition: str):
    """The pairs of round ``r`` by the local brackets and by the whole field, the PAB
    taken as the edition takes it."""
    state, players, _ = edition_2026.round_players(t, r)
    for pos in edition_2026.bye_order(players, edition) if len(players) % 2 else [None]:
        rest = [p for i, p in enumerate(players) if i != pos]
        compat = Compatibility(rest, state)
        if not compat.complete(range(len(rest))):
            continue
        local = edition_2026.Round(rest, state, edition)
        whole = edition_2026.Round(rest, state, edition, whole=True)
        return sorted(map(sorted, local.pair())), sorted(map(sorted, whole.pair())), local
    raise NoPairingError("no PAB allows a complete pairing")


@pytest.mark.parametrize("edition", ["2026", "2025"])
@pytest.mark.parametrize(("seed", "players", "rounds"), [(1, 40, 7), (2, 61, 9), (3, 90, 8), (4, 33, 9)])
def test_local_brackets_pair_as_the_whole_field(edition, seed, players, rounds):
    t = _event(seed, players, rounds, edition)
    compared = 0
    for r in range(1, t.rounds_paired + 1):
        cut = cut_before(t, r)
        if edition_2026.is_seeding_round(cut, r):
            continue
        local, whole, rnd = _both_ways(cut, r, edition)
        assert local == whole, f"round {r}"
        assert not rnd.whole or rnd.solves  # a fallback, if any, still solved the round
        compared += 1
    assert compared >= rounds - 4


def test_steps_take_the_lowest_partner_an_optimum_allows():
    """Four players of one bracket, all fields equal, everyone compatible but 1-4: by
    Art. 4.3 player 1 takes the lowest it may (3), then 2 takes 4."""

    class _State:
        def may_meet(self, a, b):
            return {a, b} != {1, 4}

    P = [
        Player(Entrant(k + 1, k, F(1), F(1), "", None, Strength.NONE, 0, None, False, None), Index(F(0), F(0)))  # type: ignore[arg-type]
        for k in range(4)
    ]
    compat = Compatibility(P, _State())  # type: ignore[arg-type]
    A = [0, 1, 2, 3]
    g = LocalBracket(A, [], compat, 1 << 8)
    g.set_pairs(["B"] * 4, [None] * 4, lambda a, b: 0)
    steps = ArticleFourSteps(g, A, set(A), lambda v, w: g.pair_weight(0), compat.ok)
    assert steps.run() == []
    assert sorted(tuple(sorted((P[a].id, P[b].id))) for a, b in steps.pairs) == [(1, 3), (2, 4)]


def _legacy_both_ways(t, r: int):
    """Round ``r`` by the earlier text, its brackets read locally and on the whole field,
    the bye taken as :func:`tabellone.rules.burstein.legacy.pair_round` takes it."""
    state, players, _ = legacy.round_players(t, r)
    for pos in legacy.bye_candidates(players) if len(players) % 2 else [None]:
        rest = [p for i, p in enumerate(players) if i != pos]
        try:
            local = legacy.BracketBuilder(rest, state)
            local_bounds = local.brackets()
            local_pairs = local.opposition(local_bounds)
        except NoPairingError:
            continue
        whole = legacy.BracketBuilder(rest, state, whole=True)
        whole_bounds = whole.brackets()
        assert local_bounds == whole_bounds  # the brackets read locally are the whole field's
        whole_pairs = whole.opposition(whole_bounds)
        return sorted(map(sorted, local_pairs)), sorted(map(sorted, whole_pairs)), local
    raise NoPairingError("no bye allows a complete pairing")


@pytest.mark.parametrize(
    ("seed", "players", "rounds"), [(11, 40, 7), (12, 61, 9), (13, 90, 8), (14, 33, 9), (16, 120, 9), (17, 24, 9)]
)
def test_legacy_local_brackets_pair_as_the_whole_field(seed, players, rounds):
    """Edition legacy: each bracket's order of the preface read on its own players (a
    shadow per player who may float to the next bracket) gives the whole field's pairs.
    (Seed 17's last round, 24 players after eight rounds, has a floater the local answer
    proposes and no pairing of the field below can take: its shadow goes.)"""
    t = _event(seed, players, rounds, "legacy")
    for r in range(1, t.rounds_paired + 1):
        local, whole, builder = _legacy_both_ways(cut_before(t, r), r)
        assert local == whole, f"round {r}"
        assert not builder.whole, f"round {r}"  # the local reading answered


def test_legacy_falls_back_to_the_whole_field(monkeypatch):
    """When the question of what the brackets below can take outgrows its budget, the
    round is read on the whole field (its matcher built again) with the same pairs."""
    monkeypatch.setattr(legacy, "COMPLETION_BUDGET", 0)
    t = _event(17, 24, 9, "legacy")
    fell_back = []
    for r in range(1, t.rounds_paired + 1):
        local, whole, builder = _legacy_both_ways(cut_before(t, r), r)
        assert local == whole, f"round {r}"
        if builder.whole:
            fell_back.append(r)
    assert fell_back  # the budget of 0 was reached at least once


def _legacy_players(scores: list[int], played: set[frozenset[int]]) -> tuple[list[Player], object]:
    """Players 1.. with these scores (already in ranking order) and these games played."""

    class _State:
        def may_meet(self, a, b):
            return frozenset((a, b)) not in played

    P = [
        Player(
            Entrant(k + 1, k, F(sc), F(sc), "", None, Strength.NONE, 0, None, False, None),  # type: ignore[arg-type]
            legacy.Index(F(0), F(0), F(0)),
        )
        for k, sc in enumerate(scores)
    ]
    return P, _State()


def _bounds_both_ways(scores: list[int], played: list[tuple[int, int]]) -> list[int]:
    P, state = _legacy_players(scores, {frozenset(g) for g in played})
    local = legacy.BracketBuilder(P, state)  # type: ignore[arg-type]
    whole = legacy.BracketBuilder(P, state, whole=True)  # type: ignore[arg-type]
    bounds = local.brackets()
    assert local.chain is not None and whole.chain is None  # each read its own way
    assert whole.brackets() == bounds
    return bounds


def test_legacy_brackets_only_a_player_the_brackets_above_can_spare_floats():
    """Scores 2, 2, 2 | 1, 1, 1 | 0, 0 (players 1-8). 1-2 have met, so the top bracket
    pairs 3 with 1 or 2 and sends the other: 3 never floats, though 3 may meet 4. 1 and
    2 have met 4 and 5, and 4-5 have met: whoever comes down must take 6, and 4-5 are
    left, so the second score group cannot close and takes in the last (4-7, 5-8)."""
    played = [(1, 2), (1, 4), (1, 5), (2, 4), (2, 5), (4, 5)]
    assert _bounds_both_ways([2, 2, 2, 1, 1, 1, 0, 0], played) == [0, 0, 3, 8]
    # with 4-5 free to meet, the second group closes on its own (1 or 2 takes 6)
    assert _bounds_both_ways([2, 2, 2, 1, 1, 1, 0, 0], [(1, 2), (1, 4), (1, 5), (2, 4), (2, 5)]) == [0, 0, 3, 6, 6, 8]


def test_legacy_brackets_merge_the_last_with_the_one_above():
    """Scores 1, 1, 1, 1 | 0, 0 and 5-6 have met: the last bracket cannot be paired, so
    it is merged with the one above (the first try, a floater from an even bracket
    above, cannot work), one bracket of six."""
    assert _bounds_both_ways([1, 1, 1, 1, 0, 0], [(5, 6)]) == [0, 0, 6]


@pytest.mark.parametrize(("edition", "seed", "players", "rounds"), [("2026", 2, 61, 9), ("legacy", 16, 120, 9)])
def test_compatibility_matrix_is_ok_cell_by_cell(edition, seed, players, rounds):
    """Every cell of :meth:`Compatibility.matrix` (absolute colours compared on arrays,
    then the barred partners) is :meth:`Compatibility.ok` of its row and column, on every
    round of a generated event: all players against all, and scattered rows against
    scattered columns."""
    t = _event(seed, players, rounds, "2026" if edition == "2026" else "legacy")
    module = edition_2026 if edition == "2026" else legacy
    clashes = barred = 0
    for r in range(2, t.rounds_paired + 1):
        state, entrants, _ = module.round_players(cut_before(t, r), r)
        compat = Compatibility(entrants, state)
        n = len(entrants)
        everyone = list(range(n))
        for rows, cols in ((everyone, everyone), (everyone[::3], everyone[n // 2 :: 2]), ([], everyone)):
            got = compat.matrix(rows, cols)
            assert got.shape == (len(rows), len(cols))
            assert got.tolist() == [[compat.ok(i, j) for j in cols] for i in rows], f"round {r}"
        ab = compat.absolute
        clashes += sum(ab[i] is not None and ab[i] == ab[j] for i in range(n) for j in range(i + 1, n))
        barred += sum(map(len, compat.barred))
    assert clashes > 0 and barred > 0  # both reasons to refuse a pair were met
