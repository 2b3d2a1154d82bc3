"""Maximum-cardinality matching on a small dense graph, and which of its vertices some
maximum matching leaves single.

The graph is a symmetric boolean matrix (one bracket's compatibility: a few hundred
players, almost every pair allowed), so a row is a vector and the search scans it with
numpy. :func:`maximum_matching` starts greedily and then grows, from every vertex left
single, one alternating tree by Edmonds' blossom algorithm (J. Edmonds, "Paths, trees,
and flowers", Canad. J. Math. 17, 1965): an augmenting path is taken when one is found;
a vertex from which none starts stays single for good (no augmentation along another
path creates one, Berge 1957), so one search per single vertex suffices.

:func:`ever_single` answers the second question from a maximum matching that leaves one
vertex ``r`` single: a vertex ``v`` is left single by some maximum matching exactly when
an even alternating path runs from ``r`` to ``v`` (swap the path), and the search from
``r``, which finds no augmenting path, labels even exactly those vertices, a blossom's
vertices all even (the set ``D`` of the Gallai-Edmonds decomposition; L. Lovasz and
M. D. Plummer, *Matching Theory*, 1986, ch. 3).

Why a second Edmonds search beside the compiled core (:mod:`tabellone.matching.backends`,
``_blossom.c``): the core solves maximum-*weight* matchings on an edge list, so a
dense bracket of a few hundred players (almost every pair allowed) would first be
spelt out as tens of thousands of edges, where this search reads each row of the
boolean matrix as one numpy vector; and :func:`ever_single` needs the search's own
even labels of its last tree, which the core does not hand out (its solve returns the
mates only).
"""

from __future__ import annotations

from collections import deque

import numpy as np


class _Search:
    """Edmonds' search from one single vertex ``root`` of the matching ``mate`` (list, -1
    single): :meth:`run` grows the alternating tree, shrinking blossoms as they close, and
    stops at the far end of an augmenting path or when the tree can grow no further."""

    def __init__(self, adj: np.ndarray, mate: list[int], root: int):
        n = len(mate)
        self.adj, self.mate, self.root = adj, mate, root
        self.base = list(range(n))
        self.members = [[v] for v in range(n)]  # the vertices of each blossom, by base
        self.parent = [-1] * n
        self.even = [False] * n
        self.even[root] = True
        self.count = 1
        self.queue = deque([root])

    def run(self) -> int:
        """The far end of an augmenting path (its other end the root), or -1 when none
        exists; :attr:`even` then marks every vertex an even alternating path reaches."""
        adj, mate, base, parent = self.adj, self.mate, self.base, self.parent
        n = len(mate)
        while self.queue and self.count < n:
            v = self.queue.popleft()
            for to in np.flatnonzero(adj[v]).tolist():
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == self.root or (mate[to] != -1 and parent[mate[to]] != -1):
                    self._shrink(v, to)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        return to
                    self._label(mate[to])
        return -1

    def augment(self, end: int) -> None:
        """Flip the matching along the path from ``end`` back to the root."""
        mate, parent = self.mate, self.parent
        v = end
        while v != -1:
            pv = parent[v]
            nxt = mate[pv]
            mate[v], mate[pv] = pv, v
            v = nxt

    def _label(self, v: int) -> None:
        if not self.even[v]:
            self.even[v] = True
            self.count += 1
            self.queue.append(v)

    def _shrink(self, v: int, to: int) -> None:
        """The edge ``v - to`` joins two even vertices of the tree: the cycle through
        their lowest common ancestor is a blossom, all of whose vertices become even."""
        base, mate, parent = self.base, self.mate, self.parent
        top = self._common(v, to)
        bases: set[int] = set()
        for a, b in ((v, to), (to, v)):
            while base[a] != top:
                bases.add(base[a])
                bases.add(base[mate[a]])
                parent[a] = b
                b = mate[a]
                a = parent[b]
        bases.discard(top)
        for old in bases:
            for x in self.members[old]:
                base[x] = top
                self._label(x)
            self.members[top] += self.members[old]
            self.members[old] = []

    def _common(self, a: int, b: int) -> int:
        base, mate, parent = self.base, self.mate, self.parent
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]


def maximum_matching(adj: np.ndarray) -> list[int]:
    """A maximum-cardinality matching of the graph ``adj`` (symmetric, boolean, no
    loops): ``mate[v]`` is ``v``'s partner, -1 when single."""
    n = len(adj)
    mate = [-1] * n
    free = np.ones(n, dtype=bool)
    for v in range(n):
        if free[v]:
            free[v] = False
            cand = np.flatnonzero(adj[v] & free)
            if len(cand):
                w = int(cand[0])
                free[w] = False
                mate[v], mate[w] = w, v
    for v in range(n):
        if mate[v] == -1:
            search = _Search(adj, mate, v)
            end = search.run()
            if end != -1:
                search.augment(end)
    return mate


def ever_single(adj: np.ndarray, mate: list[int]) -> list[bool]:
    """Which vertices some maximum matching of ``adj`` leaves single, given a matching
    ``mate`` that leaves exactly one vertex single (on an odd count of vertices it is
    maximum, so the search finds no augmenting path)."""
    single = [v for v, w in enumerate(mate) if w == -1]
    if len(single) != 1:
        raise ValueError(f"the matching leaves {len(single)} vertices single, not one")
    search = _Search(adj, list(mate), single[0])
    search.run()
    return search.even
