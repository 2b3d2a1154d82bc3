"""The warm start keeps the blossoms a change leaves valid (warm.c, warm_keep_vertex).

The graphs here have nested blossoms at their optimum (odd clusters of odd clusters, the
weight of a pair falling with the level at which their clusters part), and the changes
hit the vertices with the deepest chains of blossoms: edges inside their innermost
blossom raised and lowered, their matched edge re-weighted or removed, new edges.
Every warm answer is checked against networkx (or exhaustive search on tiny graphs) and
a cold solve, and the same sequence run with the old warm start (every blossom holding
a changed vertex dissolved, ``_set_warm_keep(False)``) must dissolve at least as many
blossoms in all, and strictly more over the whole test.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tabellone.matching import _blossom
from tests.matching.test_blossom import brute_value, cold_weight, matching_value, nx_value
from tests.matching.test_pricing import duals_of

pytestmark = pytest.mark.skipif(_blossom is None, reason="the compiled matching core is not built")

IM = _blossom.IncrementalMatcher


def chains(core) -> list[list[int]]:
    """Per vertex, the ids of the blossoms holding it at the kept optimum, innermost first
    (read from ``snapshot()``)."""
    return [list(zs) for _, zs in duals_of(core.snapshot())]


def clustered(rng: random.Random, k: int, d: int, density: float, noise: int) -> dict[tuple[int, int], int]:
    """``k ** d`` vertices in nested clusters of ``k`` (k odd): a pair weighs about
    ``10 ** (d - level + 1)``, ``level`` being where their clusters part."""
    n = k**d
    ref = {}
    for i, j in itertools.combinations(range(n), 2):
        if rng.random() < density:
            a, b, level = i, j, 0
            while a != b:
                a, b, level = a // k, b // k, level + 1
            ref[(i, j)] = 10 ** (d - level + 1) + rng.randint(0, noise)
    return ref


def deep_change(rng: random.Random, core, ref: dict, n: int) -> list[tuple[int, int, int]]:
    """A change at one of the vertices with the deepest chain of blossoms."""
    ch = chains(core)
    deepest = max(len(c) for c in ch)
    x = rng.choice([v for v in range(n) if len(ch[v]) == deepest])
    inner = [y for y in range(n) if y != x and ch[x] and ch[x][0] in ch[y]]
    edges = [key for key in ref if x in key]
    kind = rng.choice(["raise-inside", "lower-inside", "raise-any", "remove", "new", "several"])
    out = []
    if kind in ("raise-inside", "lower-inside") and inner:
        for y in rng.sample(inner, min(len(inner), rng.randint(1, 3))):
            w = ref.get((min(x, y), max(x, y)), 0)
            if kind == "raise-inside":
                out.append((x, y, w + rng.choice([1, 2, 7, 10 ** rng.randint(1, 4)])))
            else:
                out.append((x, y, max(0, w - rng.choice([1, 2, 7, 10 ** rng.randint(1, 4)]))))
    elif kind == "raise-any" and edges:
        for a, b in rng.sample(edges, min(len(edges), rng.randint(1, 4))):
            out.append((a, b, ref[(a, b)] + rng.randint(1, 10 ** rng.randint(1, 4))))
    elif kind == "remove" and edges:
        for a, b in rng.sample(edges, min(len(edges), rng.randint(1, 2))):
            out.append((a, b, 0))
    elif kind == "new":
        y = rng.randrange(n)
        if y != x:
            out.append((x, y, rng.randint(1, 10 ** rng.randint(1, 4))))
    else:  # a few deep vertices at once
        for y in rng.sample(range(n), 3):
            z = rng.randrange(n)
            if y != z:
                out.append((y, z, rng.randint(0, 10 ** rng.randint(1, 4))))
    return out


def apply(cores, ref: dict, batch) -> None:
    for core in cores:
        core.set_edges(batch)
    for a, b, w in batch:
        key = (min(a, b), max(a, b))
        if w:
            ref[key] = w
        else:
            ref.pop(key, None)


def solve_both(keep, old, ref: dict, n: int, oracle) -> tuple[int, int, int]:
    """Solve with the new warm start (keep) and the old one (old); check both answers;
    return (dissolved by keep, dissolved by old, blossoms shifted by keep)."""
    edges = [(a, b, w) for (a, b), w in ref.items()]
    best = oracle(n, edges, False)[0] if oracle else cold_weight(n, edges)
    mate = keep.solve()
    stats = _blossom._last_stats()
    assert keep.last_solve_was_warm and stats["warm_failure"] is None
    assert matching_value(n, edges, mate)[0] == best
    was = _blossom._set_warm_keep(False)
    try:
        old_mate = old.solve()
        old_stats = _blossom._last_stats()
    finally:
        _blossom._set_warm_keep(was)
    assert matching_value(n, edges, old_mate)[0] == best
    return stats["warm_dissolved"], old_stats["warm_dissolved"], stats["warm_shifted"]


@pytest.mark.parametrize(
    ("k", "d", "density", "noise"), [(3, 3, 1.0, 0), (3, 3, 1.0, 3), (5, 2, 1.0, 2), (3, 4, 0.5, 2)]
)
def test_changes_inside_deep_blossoms_against_networkx(k, d, density, noise):
    rng = random.Random(f"keep-{k}-{d}-{density}-{noise}")
    n = k**d
    totals = [0, 0, 0]
    for _ in range(3):
        ref = clustered(rng, k, d, density, noise)
        keep, old = IM(n), IM(n)
        apply((keep, old), ref, [(a, b, w) for (a, b), w in ref.items()])
        keep.solve()
        old.solve()
        assert max(len(c) for c in chains(keep)) >= 2  # the graphs do nest blossoms
        for _ in range(25):
            batch = deep_change(rng, keep, ref, n)
            if not batch:
                continue
            apply((keep, old), ref, batch)
            got = solve_both(keep, old, ref, n, nx_value)
            totals = [t + g for t, g in zip(totals, got)]
        keep._check()
    dissolved, old_dissolved, shifted = totals
    assert dissolved < old_dissolved, totals
    assert shifted > 0, totals


def test_tiny_nested_blossoms_against_brute_force():
    """Nine vertices in three triangles: every change against exhaustive search."""
    rng = random.Random(9)
    for _ in range(60):
        ref = clustered(rng, 3, 2, 1.0, rng.choice([0, 2]))
        keep, old = IM(9), IM(9)
        apply((keep, old), ref, [(a, b, w) for (a, b), w in ref.items()])
        keep.solve()
        old.solve()
        for _ in range(6):
            batch = deep_change(rng, keep, ref, 9)
            if batch:
                apply((keep, old), ref, batch)
                solve_both(keep, old, ref, 9, brute_value)


def test_raised_edge_leaving_a_blossom_shifts_its_dual():
    """Hand-worked: triangle {0, 1, 2} of weight 10, each corner with a pendant edge of
    weight 2 (to 3, 4, 5), and {0, 6} of weight 1. The optimum {0, 3} + {1, 2} (12) has
    the triangle as a blossom: doubled vertex duals 4 on its corners, blossom dual 6 (a
    triangle edge: 4 + 4 - 20 + 2 * 6 = 0), 0 on the others. Raising {0, 6} to 3 gives it
    slack 4 + 0 - 6 = -2: the blossom gives 2 of its dual to its corners (4 left) and
    stays, the base's matched edge {0, 3} is no longer tight and goes, and one stage
    finds {0, 6} + {1, 2} (13). The old warm start dissolved the blossom."""
    ref = {(0, 1): 10, (0, 2): 10, (1, 2): 10, (0, 3): 2, (1, 4): 2, (2, 5): 2, (0, 6): 1}
    keep, old = IM(7), IM(7)
    apply((keep, old), ref, [(a, b, w) for (a, b), w in ref.items()])
    assert keep.solve() == old.solve() == [3, 2, 1, 0, -1, -1, -1]
    assert chains(keep)[:4] == [[13], [13], [13], []]
    apply((keep, old), ref, [(0, 6, 3)])
    assert solve_both(keep, old, ref, 7, brute_value) == (0, 1, 1)
    assert keep.solve() == [6, 2, 1, -1, -1, -1, 0]
