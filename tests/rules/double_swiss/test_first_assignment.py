"""The first least-cost assignment (tabellone/rules/double_swiss/first_assignment.py) against
listing every perfect matching of small bipartite graphs, and a hand-worked example."""

from __future__ import annotations

import itertools
import random

import pytest

from tabellone.core.errors import SelfCheckError
from tabellone.rules.double_swiss.first_assignment import first_assignment


def every_assignment(lefts, edges):
    """All perfect matchings (left -> right) with their costs, by listing permutations."""
    rights = sorted({b for t in lefts for b, _ in edges[t]})
    cost = {(t, b): c for t in lefts for b, c in edges[t]}
    if len(rights) != len(lefts):
        return []
    out = []
    for perm in itertools.permutations(rights):
        if all((t, b) in cost for t, b in zip(lefts, perm)):
            out.append((sum(cost[t, b] for t, b in zip(lefts, perm)), dict(zip(lefts, perm))))
    return out


def test_hand_worked_example():
    """Lefts 1, 2, 3; rights 4, 5, 6. 1 may take 4 (cost 1) or 5, 2 may take 4 or 6,
    3 may take 4 or 5. Least cost 0: 1-5, 2-6, 3-4 is then the only one (1-4 costs 1).
    Started from it, nothing better: 1 keeps 5."""
    edges = {1: [(4, 1), (5, 0)], 2: [(4, 0), (6, 0)], 3: [(4, 0), (5, 0)]}
    assert first_assignment([1, 2, 3], edges, {1: 5, 2: 6, 3: 4}) == {1: 5, 2: 6, 3: 4}
    # with every cost 0, 1 takes 4 first: 1-4, then 2 must take 6, 3 takes 5
    free = {t: [(b, 0) for b, _ in es] for t, es in edges.items()}
    assert first_assignment([1, 2, 3], free, {1: 5, 2: 6, 3: 4}) == {1: 4, 2: 6, 3: 5}


def test_a_start_that_is_not_least_cost_is_refused():
    """The potentials prove the start least-cost; a start that is not is a bug."""
    edges = {1: [(3, 2), (4, 0)], 2: [(3, 0), (4, 2)]}
    with pytest.raises(SelfCheckError):
        first_assignment([1, 2], edges, {1: 3, 2: 4})


@pytest.mark.parametrize("seed", range(6))
def test_equals_listing_every_assignment(seed):
    """Random bipartite graphs of 2-7 a side, density 0.3-1, costs 0-2 (or all 0),
    started from a random least-cost matching: the answer is the least cost's first
    assignment in the order of the lefts, found by listing them all."""
    rng = random.Random(seed)
    checked = 0
    while checked < 150:
        k = rng.randint(2, 7)
        lefts = sorted(rng.sample(range(20), k))
        rights = [100 + r for r in sorted(rng.sample(range(20), k))]
        density = rng.choice([0.3, 0.6, 1.0])
        costly = rng.random() < 0.7
        edges = {
            t: [(b, rng.choice([0, 0, 1, 2]) if costly else 0) for b in rights if rng.random() < density] for t in lefts
        }
        every = every_assignment(lefts, edges)
        if not every:
            continue
        least = min(c for c, _ in every)
        cheapest = [m for c, m in every if c == least]
        want = min(cheapest, key=lambda m: [m[t] for t in lefts])
        assert first_assignment(lefts, edges, rng.choice(cheapest)) == want
        checked += 1
