"""The dense maximum-cardinality matching and its Gallai-Edmonds set against independent
answers: the compiled blossom core's maximum matching (its size), and, for the set of
vertices some maximum matching leaves single, the definition itself (remove the vertex,
is the matching as large?), on random graphs from sparse to dense, blossoms included."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tabellone.matching.blossom import max_weight_matching
from tabellone.matching.cardinality import ever_single, maximum_matching


def _graph(rng: random.Random, n: int, density: float) -> np.ndarray:
    adj = np.zeros((n, n), dtype=bool)
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < density:
                adj[u, v] = adj[v, u] = True
    return adj


def _size(adj: np.ndarray, keep: list[int]) -> int:
    """The size of a maximum matching among ``keep`` (the compiled core)."""
    index = {v: k for k, v in enumerate(keep)}
    edges = [(index[u], index[v], 1) for u in keep for v in keep if u < v and adj[u, v]]
    return len(max_weight_matching(len(keep), edges, max_cardinality=True)) // 2


def _is_matching(adj: np.ndarray, mate: list[int]) -> bool:
    return all(w == -1 or (mate[w] == v and adj[v, w]) for v, w in enumerate(mate))


GRAPHS = [(seed, n, d) for seed in range(40) for n, d in [(7, 0.3), (11, 0.25), (12, 0.5), (15, 0.2), (9, 0.8)]]


@pytest.mark.parametrize(("seed", "n", "density"), GRAPHS)
def test_maximum_matching_is_as_large_as_the_core_finds(seed, n, density):
    adj = _graph(random.Random(seed), n, density)
    mate = maximum_matching(adj)
    assert _is_matching(adj, mate)
    assert sum(w != -1 for w in mate) // 2 == _size(adj, list(range(n)))


@pytest.mark.parametrize(("seed", "n", "density"), GRAPHS)
def test_ever_single_is_the_set_of_vertices_a_maximum_matching_can_miss(seed, n, density):
    adj = _graph(random.Random(1000 + seed), n, density)
    if n % 2 == 0:  # one vertex more, joined to a few: an odd count
        adj = np.pad(adj, ((0, 1), (0, 1)))
        for v in random.Random(seed).sample(range(n), 3):
            adj[n, v] = adj[v, n] = True
        n += 1
    mate = maximum_matching(adj)
    if sum(w == -1 for w in mate) != 1:
        with pytest.raises(ValueError):
            ever_single(adj, mate)
        return
    best = _size(adj, list(range(n)))
    expected = [_size(adj, [u for u in range(n) if u != v]) == best for v in range(n)]
    assert ever_single(adj, mate) == expected


def test_a_blossom_makes_its_odd_vertices_ever_single():
    """A triangle 0-1-2 hanging from 3, which hangs from the single 4: the matching
    4 single, 3-2, 0-1 (the blossom's base 2). Every vertex of the triangle can be left
    single (0 and 1 only through the blossom), so can 4; 3 never."""
    adj = np.zeros((5, 5), dtype=bool)
    for u, v in [(0, 1), (1, 2), (0, 2), (2, 3), (3, 4)]:
        adj[u, v] = adj[v, u] = True
    assert ever_single(adj, [1, 0, 3, 2, -1]) == [True, True, True, False, True]


def test_a_matching_that_leaves_two_single_is_refused():
    adj = np.zeros((4, 4), dtype=bool)
    for u, v in [(0, 1), (1, 2), (2, 3)]:
        adj[u, v] = adj[v, u] = True
    with pytest.raises(ValueError):
        ever_single(adj, [-1, 2, 1, -1])
