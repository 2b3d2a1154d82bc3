"""A large bracket's pairs priced instead of stored (LocalMatcher.sparse for 2026,
RowMatcher.sparse for 2017, with tabellone/matching/pricing.py): every round of generated
events is paired exactly as with every pair of the bracket in the core, whatever the
number of pairs pricing adds at a time; and the core really holds only a part of the
pairs."""

from __future__ import annotations

import pytest

from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.matching.blossom import HAVE_EXTENSION
from tabellone.rules.dutch import LocalMatcher, pair_round
from tabellone.rules.dutch.bracket_matcher import RowMatcher

pytestmark = pytest.mark.skipif(not HAVE_EXTENSION, reason="pricing reads the compiled core's duals")


def _pairer(t, edition="2026"):
    p = pair_round(t, edition)
    return p.pairs, p.bye


def _round(t, r, edition="2026") -> tuple[list, object]:
    p = pair_round(cut_before(t, r), edition)
    return sorted(map(sorted, p.pairs)), p.bye


def _stored(monkeypatch, cls, players) -> list[tuple[int, int]]:
    """Filled at each priced solve of a ``cls`` matcher with (the core's edges between two
    players of the bracket, the bracket's pairs); ``players(matcher)``: how many players
    the bracket's graph has (vertices after them are shadows or the bye)."""
    stored: list[tuple[int, int]] = []
    solve = cls._solve_priced

    def spy(self):
        mates = solve(self)
        na = players(self)
        stored.append((sum(1 for u, v, _ in self._inc.edges() if u < na and v < na), na * (na - 1) // 2))
        return mates

    monkeypatch.setattr(cls, "_solve_priced", spy)
    return stored


@pytest.mark.parametrize("players, seed", [(120, 1), (97, 2), (150, 3)])
def test_sparse_brackets_pair_every_round_as_the_dense_ones(players, seed, monkeypatch):
    t = generate(GeneratorSettings(players=players, rounds=7, seed=seed), _pairer)  # dense (small brackets)
    rounds = range(2, 8)
    dense = {r: _round(t, r) for r in rounds}
    stored = _stored(monkeypatch, LocalMatcher, lambda m: len(m.A))
    monkeypatch.setattr(LocalMatcher, "sparse_from", 0)
    for limit in (1, 8):
        monkeypatch.setattr(LocalMatcher, "price_limit", limit)
        for r in rounds:
            assert _round(t, r) == dense[r], f"round {r}, {limit} pairs per column and pricing round"
    assert stored, "no bracket was priced"
    edges, pairs = map(sum, zip(*stored))
    assert edges < pairs / 2  # most pairs never reach the core


def test_tight_pairs_seeded_into_the_core_change_no_pairing(monkeypatch):
    """The tight pairs :meth:`LocalMatcher.usable` names go into the core at the next
    solve (``seed_limit`` per player): they only spare pricing rounds, so every round
    pairs as without them, and as the dense brackets do; and they reach the core."""
    t = generate(GeneratorSettings(players=140, rounds=7, seed=4), _pairer)
    rounds = range(2, 8)
    dense = {r: _round(t, r) for r in rounds}
    seeded: list[int] = []  # per priced solve: seeds handed over that reached the core
    solve = LocalMatcher._solve_priced

    def spy(self):
        seeds = list(self._seeds)
        mates = solve(self)
        seeded.append(sum(1 for key in seeds if key in self._in_core))
        return mates

    monkeypatch.setattr(LocalMatcher, "_solve_priced", spy)
    monkeypatch.setattr(LocalMatcher, "sparse_from", 0)
    for limit in (0, 8):
        monkeypatch.setattr(LocalMatcher, "seed_limit", limit)
        seeded.clear()
        for r in rounds:
            assert _round(t, r) == dense[r], f"round {r}, {limit} seeds per player"
        assert seeded and (max(seeded) > 0) == (limit > 0)


@pytest.mark.parametrize("players, seed", [(120, 1), (97, 2), (150, 3)])
def test_priced_2017_brackets_pair_every_round_as_the_stored_ones(players, seed, monkeypatch):
    """The 2017 edition's rows (:class:`RowMatcher`), priced: the same pairings as with
    every pair in the core, including the C5 drops and restores handed over in bulk."""
    t = generate(GeneratorSettings(players=players, rounds=7, seed=seed), lambda t: _pairer(t, "2017"))
    rounds = range(2, 8)
    dense = {r: _round(t, r, "2017") for r in rounds}
    stored = _stored(monkeypatch, RowMatcher, lambda m: len(m.active))
    monkeypatch.setattr(RowMatcher, "sparse_from", 0)
    for limit in (1, 8):
        monkeypatch.setattr(RowMatcher, "price_limit", limit)
        for r in rounds:
            assert _round(t, r, "2017") == dense[r], f"round {r}, {limit} pairs per row and pricing round"
    assert stored, "no bracket was priced"
    edges, pairs = map(sum, zip(*stored))
    assert edges < pairs / 2  # most pairs never reach the core
