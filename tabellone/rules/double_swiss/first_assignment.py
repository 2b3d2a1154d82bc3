"""The first assignment: of the least-cost perfect matchings of a bipartite graph whose
left side is ordered, the one giving the first left vertex the smallest right vertex it
can have, then the second, and so on (Art. 3.6.2's second half: the bottom member of
each top member, the top members being settled).

Two classical facts make this exact without a weight per position:

1. *Potentials* (LP duality for the assignment problem; e.g. R. K. Ahuja, T. L.
   Magnanti, J. B. Orlin, *Network Flows*, 1993, ch. 9 and 12). Given one least-cost
   perfect matching ``M``, direct every edge not in ``M`` left to right with its cost
   ``c`` and every edge of ``M`` right to left with ``-c``. ``M`` is least-cost, so
   this graph has no negative cycle, and the shortest distances ``d`` from a virtual
   source joined to every vertex at 0 (Bellman-Ford) satisfy ``c(t, b) + d(t) - d(b)
   >= 0`` on every edge, with equality on ``M`` (a left vertex is entered only from its
   mate). Any perfect matching then costs the sum of these reduced costs plus a
   constant, so the least-cost perfect matchings are exactly the perfect matchings of
   the *tight* edges, those of reduced cost 0.
2. *Alternating cycles* (C. Berge, 1957). With ``M`` a perfect matching of the tight
   edges and the left vertices before ``t`` already fixed, ``t`` can have the right
   vertex ``b`` in some perfect matching that keeps them iff ``b`` is ``M(t)`` or an
   alternating cycle ``t - b = M(b) - ... = M(t) - t`` exists among the vertices not
   fixed: ``M(t)`` is reachable from ``b`` along right-to-left edges of ``M`` and
   left-to-right edges not in ``M``. Swapping along the cycle gives the new ``M``.

So :func:`first_assignment` walks the left side in order, takes for each vertex the
smallest right vertex from which its mate is reachable, swaps, and fixes the pair: one
search of the unfixed part of the graph per left vertex that could do better than its
current mate (usually stopped after a few steps on the dense brackets of a large
open), never a weighted matching.
"""

from __future__ import annotations

from collections import deque

from tabellone.core.errors import SelfCheckError


def first_assignment(lefts: list[int], edges: dict[int, list[tuple[int, int]]], mate: dict[int, int]) -> dict[int, int]:
    """The first least-cost perfect matching (left vertex to right vertex).

    ``lefts``: the left vertices in order; ``edges[t]``: ``(b, cost)`` for every right
    vertex ``b`` that ``t`` may take, ``b`` ascending; ``mate``: one least-cost perfect
    matching (left to right). Right vertices are compared as integers."""
    mate = dict(mate)
    tight = _tight_edges(lefts, edges, mate)
    takers: dict[int, list[int]] = {b: [] for b in mate.values()}
    for t in lefts:
        for b in tight[t]:
            takers[b].append(t)
    settled: set[int] = set()  # left vertices whose pair is fixed
    taken: set[int] = set()  # their right vertices
    for t in lefts:
        cur = mate[t]
        better = [b for b in tight[t] if b < cur and b not in taken]
        if better:
            found = _first_reaching(better, cur, takers, mate, settled)
            if found is not None:
                _swap(t, found[0], cur, found[1], mate)
        settled.add(t)
        taken.add(mate[t])
    return mate


def _tight_edges(
    lefts: list[int], edges: dict[int, list[tuple[int, int]]], mate: dict[int, int]
) -> dict[int, list[int]]:
    """Each left vertex's right vertices over edges of reduced cost 0 (fact 1 of the
    module's docstring), ascending; all edges when every cost is 0."""
    if not any(c for t in lefts for _, c in edges[t]):
        return {t: [b for b, _ in edges[t]] for t in lefts}
    cost = {(t, b): c for t in lefts for b, c in edges[t]}
    d: dict[int, int] = dict.fromkeys(lefts, 0)
    d.update(dict.fromkeys(mate.values(), 0))
    for _ in range(len(d) + 1):
        changed = False
        for t in lefts:
            dt, m = d[t], mate[t]
            for b, c in edges[t]:
                if b != m and dt + c < d[b]:
                    d[b] = dt + c
                    changed = True
        for t in lefts:
            m = mate[t]
            if d[m] - cost[t, m] < d[t]:
                d[t] = d[m] - cost[t, m]
                changed = True
        if not changed:
            break
    else:
        raise SelfCheckError("the matching given as least-cost is not (a negative alternating cycle)")
    return {t: [b for b, c in edges[t] if c + d[t] - d[b] == 0] for t in lefts}


def _first_reaching(
    better: list[int], target: int, takers: dict[int, list[int]], mate: dict[int, int], settled: set[int]
) -> tuple[int, dict[int, tuple[int, int]]] | None:
    """The smallest of ``better`` (ascending) from which ``target`` is reachable, with
    the search's steps. Searched backwards from ``target``: right ``y`` is entered from
    every left ``x`` not settled that may take it but is not matched to it, and ``x`` from its
    mate ``z``; ``via[z] = (x, y)``. The search stops as soon as ``better[0]`` is seen."""
    via: dict[int, tuple[int, int]] = {}
    seen = {target}
    queue = deque([target])
    first = better[0]
    while queue and first not in seen:
        y = queue.popleft()
        for x in takers[y]:
            if x in settled:
                continue
            z = mate[x]
            if z not in seen:
                seen.add(z)
                via[z] = (x, y)
                queue.append(z)
    for b in better:
        if b in seen:
            return b, via
    return None


def _swap(t: int, b: int, target: int, via: dict[int, tuple[int, int]], mate: dict[int, int]) -> None:
    """Give ``t`` the right vertex ``b``, shifting every mate along the path ``b = x0 -
    y1 = x1 - ... - target`` that :func:`_first_reaching` found (``target`` is ``t``'s
    mate, so the path and the edge ``t - b`` close an alternating cycle)."""
    z = b
    while z != target:
        x, y = via[z]
        mate[x] = y
        z = y
    mate[t] = b
