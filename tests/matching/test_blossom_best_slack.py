"""The kept slacks of the least-slack edges (the core's best-slack bookkeeping).

Each free vertex and each S-blossom of a stage keeps its least-slack edge and that edge's
slack; a dual adjustment lowers the kept slacks by what the duals at the edge's two ends
gave up (by delta from a free vertex, by 2 delta between two S-blossoms, not at all from a
vertex inside a T-blossom) instead of computing them again. A wrong rule there picks a
wrong dual adjustment: a matching that is not optimal (the certificate then fails and the
solve falls back to a cold start), or one that is optimal by luck.

Oracles: the core built with BLOSSOM_DEBUG_INVARIANTS, where every read of a kept slack is
compared with the slack computed from the duals (a difference is an internal error: a
failed warm start, or a RuntimeError on a cold one), and networkx or exhaustive search for
the optimum; the checked build must also return the same matching, mate for mate, as the
usual one. The graphs: uniformly random weights, near-uniform weights (a Swiss bracket's:
many ties, long runs of dual adjustments), odd cycles of heavy edges (blossoms made,
nested, expanded as T-blossoms, which is where a vertex's kept slack changes its rule),
and hubs; each changed many times, a few pairs or a whole vertex at a time, every solve
but the first warm.
"""

from __future__ import annotations

import random

import pytest

from tabellone.matching import _blossom
from tests.matching.test_blossom import brute_value, core_built_with, matching_value, nx_value, random_weight
from tests.matching.test_blossom_stages import hubs, near_uniform, odd_cycles


@pytest.fixture(scope="module")
def checked_core(tmp_path_factory):
    """The core built with BLOSSOM_DEBUG_INVARIANTS, loaded beside the usual build."""
    return core_built_with(tmp_path_factory, "checked", "-DBLOSSOM_DEBUG_INVARIANTS")


def first_graph(kind, rng, n):
    if kind == "near":
        return near_uniform(rng, n, rng.choice([0.5, 0.8, 1.0]))
    if kind == "cycles":
        return odd_cycles(rng, n)
    if kind == "hubs":
        return hubs(rng, n, 0.7)
    return [(i, j, random_weight(rng, "small")) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.6]


def changed_weight(kind, rng):
    """A new weight of the graph's own kind (0: the edge is removed)."""
    if rng.random() < 0.15:
        return 0
    if kind == "near":
        return (1 << 60) + rng.randint(0, 12)
    if kind == "cycles":
        return rng.randint(40, 100)
    if kind == "hubs":
        return (1 << 50) + (rng.choice([0, 1, 2, 7]) << 40) + rng.randint(0, 1)
    return random_weight(rng, "small")


def changes(kind, rng, n):
    """A few pairs, or every pair of one vertex (a player whose bonuses all change)."""
    if rng.random() < 0.25:
        v = rng.randrange(n)
        return [(v, u, changed_weight(kind, rng)) for u in range(n) if u != v and rng.random() < 0.7]
    out = []
    for _ in range(rng.randint(1, 5)):
        i, j = rng.sample(range(n), 2)
        out.append((i, j, changed_weight(kind, rng)))
    return out


def run_warm(core_module, kind, seed, n, steps):
    """The matchings of a sequence of warm solves, and the graph after each."""
    rng = random.Random(seed)
    core = core_module.IncrementalMatcher(n)
    graph = {(min(i, j), max(i, j)): w for i, j, w in first_graph(kind, rng, n)}
    core.set_edges([(i, j, w) for (i, j), w in graph.items()])
    out = []
    for step in range(steps):
        if step:
            for i, j, w in changes(kind, rng, n):
                core.set_edge(i, j, w)
                key = (min(i, j), max(i, j))
                if w:
                    graph[key] = w
                else:
                    graph.pop(key, None)
        mate = core.solve()
        stats = core_module._last_stats()
        assert stats["warm_failure"] is None, stats["warm_failure"]
        assert step == 0 or core.last_solve_was_warm
        out.append((mate, [(i, j, w) for (i, j), w in graph.items()], stats))
    return out


def same_in_both(checked_core, kind, seed, n, steps):
    """run_warm by the checked build, which must return the same matchings as the usual
    one."""
    checked = run_warm(checked_core, kind, seed, n, steps)
    usual = run_warm(_blossom, kind, seed, n, steps)
    assert [mate for mate, _, _ in checked] == [mate for mate, _, _ in usual]
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["random", "near", "cycles", "hubs"])
def test_kept_slacks_exact_through_many_warm_changes(checked_core, kind):
    """Every kept slack read equals the slack from the duals (the checked build raises no
    internal error), every warm solve is optimal by networkx, and the usual build returns
    the same matchings, mate for mate."""
    deltas = blossoms = expansions = 0
    for case in range(4):
        n = 24 + 8 * case
        seed = f"best-slack-{kind}-{case}"
        for mate, edges, stats in same_in_both(checked_core, kind, seed, n, 30):
            assert matching_value(n, edges, mate)[0] == nx_value(n, edges, False)[0]
            deltas += stats["delta2"] + stats["delta3"]
            blossoms += stats["blossoms"]
            expansions += stats["expand_t"]
    # the bookkeeping is exercised: many dual adjustments through a kept slack
    assert deltas > 50
    if kind == "cycles":
        assert blossoms > 0 and expansions > 0


@pytest.mark.slow
def test_kept_slacks_on_tiny_graphs_against_exhaustive_search(checked_core):
    """Tiny graphs of few distinct weights (ties everywhere), changed at every step: each
    warm solve's weight is the exhaustive optimum, and the checked build agrees."""
    for case in range(40):
        kind = ["random", "near", "cycles", "hubs"][case % 4]
        n = 5 + case % 6
        seed = f"tiny-{case}"
        for mate, edges, _ in same_in_both(checked_core, kind, seed, n, 15):
            assert matching_value(n, edges, mate)[0] == brute_value(n, edges, False)[0]


@pytest.mark.slow
@pytest.mark.parametrize("mc", [False, True], ids=["plain", "max_cardinality"])
def test_kept_slacks_in_cold_solves(checked_core, mc):
    """Cold solves, classic and greedy starts, with and without max_cardinality: the
    checked build raises nothing and answers as the usual one."""
    rng = random.Random(f"cold-{mc}")
    for _ in range(30):
        n = rng.randint(10, 60)
        edges = first_graph(rng.choice(["random", "near", "cycles", "hubs"]), rng, n)
        for greedy in (True, False):
            was = (_blossom._set_greedy_start(greedy), checked_core._set_greedy_start(greedy))
            try:
                got = checked_core.max_weight_matching(n, edges, mc)
                assert got == _blossom.max_weight_matching(n, edges, mc)
            finally:
                _blossom._set_greedy_start(was[0])
                checked_core._set_greedy_start(was[1])
            weight, card = matching_value(n, edges, got)
            ref_weight, ref_card = nx_value(n, edges, mc)
            assert weight == ref_weight and (card == ref_card or not mc)
