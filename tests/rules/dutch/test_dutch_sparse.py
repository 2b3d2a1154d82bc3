"""A large bracket's pairs priced instead of stored (LocalMatcher.sparse, with
tabellone/matching/pricing.py): every round of generated events is paired exactly as with
every pair of the bracket in the core, whatever the number of pairs pricing adds at a
time; and the core really holds only a part of the pairs."""

from __future__ import annotations

import copy

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


@pytest.mark.parametrize("players, seed", [(120, 4), (97, 5)])
def test_columns_ruled_out_by_the_bounds_hold_no_violated_pair(players, seed, monkeypatch):
    """Weights2026.least_bounds, from per-player terms and the core's bounds(), against
    the pairs worked out one by one with the Python weights: the least bound of each
    column over the other players still to pair as its higher player (banned and
    claimed pairs and the players after the column counted, as it says); a
    column it rules out holds no pair of the column as it then stands (zeroed pairs
    weigh 0) that the core prices as violated; and it rules out some columns and keeps
    others."""
    t = generate(GeneratorSettings(players=players, rounds=6, seed=seed), _pairer)
    seen = {"out": 0, "kept": 0, "violated": 0}
    rows = LocalMatcher._price_rows

    def spy(self):
        bounds = self._inc.bounds()
        if bounds is not None and self._terms is not None:
            top, b, e = bounds
            loc, final, order = self.loc, self.final, self._order
            free = [x for x in order if x not in final]
            cols = [(l, col) for l, col in self._cols.items() if l not in final]
            least = self._terms.least_bounds(bounds, loc, free, [l for l, _ in cols])
            every = copy.copy(self._terms)  # the same terms, no pair banned or claimed
            every.banned, every.claim = None, [None] * len(self._terms.claim)
            for (l, col), bound in zip(cols, least):
                x = loc[l]
                others = [h for h in free if h != l]
                worst = min(
                    (
                        (e[y] + e[x] if top[y] == top[x] != -1 else b[y] + b[x]) - 2 * w
                        for h, w in zip(others, every.column(l, others))
                        for y in (loc[h],)
                    ),
                    default=None,
                )
                assert bound == worst, f"column {l}"
                priced = bound is not None and bound < 0
                hits = self._inc.price(x, self._order_loc, col, len(col), 0, None)
                seen["violated"] += bool(hits)
                seen["out" if not priced else "kept"] += 1
                assert priced or not hits, f"column {l} ruled out with a violated pair"
        return rows(self)

    monkeypatch.setattr(LocalMatcher, "_price_rows", spy)
    monkeypatch.setattr(LocalMatcher, "sparse_from", 0)
    for r in range(2, 7):
        _round(t, r)
    assert seen["out"] > 0 and seen["kept"] > 0 and seen["violated"] > 0, seen
