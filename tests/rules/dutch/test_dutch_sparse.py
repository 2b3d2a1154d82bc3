"""A large bracket's pairs priced instead of stored (LocalMatcher.sparse, with
tabellone/matching/pricing.py): every round of generated events is paired exactly as with
every pair of the bracket in the core, whatever the number of pairs pricing adds at a
time; and the core really holds only a part of the pairs."""

from __future__ import annotations

import pytest

from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.matching.blossom import HAVE_EXTENSION
from tabellone.rules.dutch import LocalMatcher, pair_round

pytestmark = pytest.mark.skipif(not HAVE_EXTENSION, reason="pricing reads the compiled core's duals")


def _pairer(t):
    p = pair_round(t, "2026")
    return p.pairs, p.bye


def _round(t, r) -> tuple[list, object]:
    p = pair_round(cut_before(t, r), "2026")
    return sorted(map(sorted, p.pairs)), p.bye


@pytest.mark.parametrize("players, seed", [(120, 1), (97, 2), (150, 3)])
def test_sparse_brackets_pair_every_round_as_the_dense_ones(players, seed, monkeypatch):
    t = generate(GeneratorSettings(players=players, rounds=7, seed=seed), _pairer)  # dense (small brackets)
    rounds = range(2, 8)
    dense = {r: _round(t, r) for r in rounds}
    stored: list[tuple[int, int]] = []  # (edges in the core, pairs of the bracket) at each priced solve
    solve = LocalMatcher._solve_priced

    def spy(self):
        mates = solve(self)
        na = len(self.A)
        stored.append((sum(1 for u, v, _ in self._inc.edges() if u < na and v < na), na * (na - 1) // 2))
        return mates

    monkeypatch.setattr(LocalMatcher, "_solve_priced", spy)
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
