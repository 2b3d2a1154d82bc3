"""The optimiser's one tool: a perfect matching of the free players that maximises a list
of fields lexicographically, packed into one integer weight per edge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabellone.core.errors import NoPairingError
from tabellone.matching.blossom import Matcher
from tabellone.matching.lexicographic import Layout, fit_layout
from tabellone.rules.dubov.completion import _solve

if TYPE_CHECKING:
    from tabellone.rules.dubov.completion import Completion
    from tabellone.rules.dubov.context import Ctx


def _lex_match(
    ctx: Ctx,
    oracle: Completion,
    edge_fields: Callable[[int, int], list[int] | None],
    per_edge_max: list[int],
    edge_ok=None,
    among: list[int] | None = None,
    weights: Callable[[Layout], Callable[[int, int], int]] | None = None,
) -> dict[int, int]:
    """A perfect matching of the free players maximising the fields lexicographically.

    ``edge_fields(u, v)`` gives the non-negative field values of an edge, most important
    first (None: no such edge); ``per_edge_max`` bounds each field on one edge. Each
    field is packed into one integer weight wide enough that its sum over a matching
    cannot carry into the field above (:func:`tabellone.matching.lexicographic.fit_layout`); a last
    field of 1 per edge keeps every legal edge in the graph.

    ``among``: only these players are matched (among themselves); the oracle's witness
    must pair the others among themselves, and keeps doing so.

    ``weights`` (speed only): given the layout, a function giving each edge's packed
    weight, the very integer the layout packs from ``edge_fields`` (plus the last field's
    1), for an ``edge_fields`` that has every edge among its players."""
    free = oracle.free() if among is None else list(among)
    fset = set(free)
    k = len(free) // 2 + 1
    lay = fit_layout([str(i) for i in range(len(per_edge_max) + 1)], [m * k for m in per_edge_max] + [k])
    edges = []
    if weights is not None:
        weight = weights(lay)
        # each player's legal opponents among the players matched, ascending (as in
        # ``oracle.adj``): read from the few players matched when they are given (speed only)
        among_sorted = sorted(fset) if among is not None else None
        for u in free:
            if among_sorted is not None and edge_ok is None:
                row = oracle.compat[u]
                edges.extend([(u, v, weight(u, v)) for v in among_sorted if v > u and row[v]])
                continue
            for v in oracle.adj[u] if among_sorted is None else among_sorted:
                if v > u and v in fset and oracle.compat[u][v] and (edge_ok is None or edge_ok(u, v)):
                    edges.append((u, v, weight(u, v)))
    else:
        raw = []
        for u in free:
            for v in oracle.adj[u]:
                if v > u and v in fset and (edge_ok is None or edge_ok(u, v)):
                    f = edge_fields(u, v)
                    if f is not None:
                        raw.append((u, v, f))
        last, packed = None, 0
        for u, v, f in raw:
            if f is not last:  # the fields of pairs outside the bracket are one shared list: packed once
                last, packed = f, lay.pack(list(f) + [1])
            edges.append((u, v, packed))
    oracle.solves += 1
    mate = _solve(ctx.n, edges) if edges else {}
    if any(i not in mate for i in free):
        raise NoPairingError("no complete pairing of the remaining players")
    if among is not None:
        mate = {**{a: b for a, b in (oracle.witness or {}).items() if a not in fset}, **mate}
    oracle.witness = dict(mate)
    return mate


def _setbit(pos: int, size: int) -> int:
    """Weight of sequence position ``pos`` (0-based) in a set order: maximising the sum
    picks the set first by the smallest differing sequence number (Art. 4.1.3)."""
    return 1 << (size - 1 - pos)


def _lex_match_closed(
    ctx: Ctx,
    oracle: Completion,
    members: list[int],
    edge_fields: Callable[[int, int], list[int] | None],
    per_edge_max: list[int],
    weights: Callable[[Layout], Callable[[int, int], int]] | None = None,
    spare: set[int] | None = None,
) -> dict[int, int] | None:
    """Speed only: :func:`_lex_match` for a *closed* group, solved on the group alone.

    For ``edge_fields`` that give no edge between ``members`` and the other free players
    and one fixed list of fields to every pair of two others, the whole-field matching
    pairs the group among itself by the best matching of the group alone, the rest only
    completing the round. That best matching is solved on the group; when it is the
    *only* best one (a second solve that prefers any other edge on ties still returns
    it) and the rest of the round can be paired around it, every exact solver of the
    whole field pairs the group so, and its mates are returned (the oracle's witness
    pairs the group as found). Otherwise None: ties left to the solver, or no
    completion; the caller then solves the whole field as before, so the pairing is the
    same either way.

    The best matching is solved as a maximum-weight matching of the packed fields plus
    one more bit above them all (so that every matching with more edges weighs more:
    the best perfect matching whenever there is one; the fields' sum over a perfect
    matching then ranks as before, the rest being the same for all). The second solve
    runs only on the edges that can lie in a best matching (:func:`_tight_edges`), each
    weight shifted up past the count of its extra field (1 on the edges that are not
    the best matching's), which a best matching of those edges then maximises last: it
    returns the best one exactly when that is the only best one. No field of 1 per edge
    is needed (the bit above keeps every edge in the graph).

    ``weights`` (speed only): given the layout, a function giving the packed weight of
    each pair of two members that ``edge_fields`` has, the very integer the layout packs
    from ``edge_fields(u, v)``.

    ``spare`` (speed only): members whose pairs among themselves no best matching has
    whenever the group can be paired without such a pair (the caller's first field
    counts each against the matching: with ``spare`` one colour's players, the pairs
    of different colours are that colour's count less twice its pairs inside). Those
    pairs are left out of the solves, and put back only when the rest has no perfect
    matching: both ways the best matchings are the same."""
    m = len(members)
    if m % 2:
        return None
    k = m // 2 + 1
    lay = fit_layout([str(i) for i in range(len(per_edge_max))], [x * k for x in per_edge_max])
    top = 1 << lay.total_bits
    compat = oracle.compat
    if weights is not None:
        weight = weights(lay)
    else:

        def weight(u: int, v: int) -> int | None:
            f = edge_fields(u, v)
            return None if f is None else lay.pack(f)

    def group_edges(spared: set[int]) -> list[tuple[int, int, int]]:
        packed = []
        for a, u in enumerate(members):
            row = compat[u]
            skip = u in spared
            for b in range(a + 1, m):
                v = members[b]
                if row[v] and not (skip and v in spared):
                    w = weight(u, v)
                    if w is not None:
                        packed.append((a, b, w + top))
        return packed

    best: dict[int, int] | None = None
    if spare:
        packed = group_edges(spare)
        best, tight = _tight_edges(m, packed) if packed else ({}, [])
    if best is None or len(best) < m:
        packed = group_edges(set())
        best, tight = _tight_edges(m, packed) if packed else ({}, [])
    if best is None or len(best) < m:
        return None
    at = k.bit_length()  # the extra field's sum, at most m / 2, stays below 1 << at
    other = _solve(m, [(a, b, (w << at) + int(best[a] != b)) for a, b, w in tight])
    if other != best:
        return None
    pairs = [(members[a], members[b]) for a, b in best.items() if a < b]
    if not oracle.feasible(pairs):
        return None
    mate = {}
    for u, v in pairs:
        mate[u], mate[v] = v, u
    return mate


def _tight_edges(m: int, edges: list[tuple[int, int, int]]) -> tuple[dict[int, int] | None, list[tuple[int, int, int]]]:
    """Speed only, for :func:`_lex_match_closed`: a maximum-weight matching of ``edges``
    on ``0 .. m-1`` when it is perfect (else None), and the edges that can lie in *any*
    maximum-weight matching (all the optimal ones use no others).

    The solve keeps the optimum's dual variables, and every optimal matching uses only
    edges of slack 0 under them (complementary slackness: any optimal matching with
    any optimal dual solution), so those edges are returned, usually a few per player.
    Without the compiled core (no duals to read), every edge."""
    g = Matcher(m)
    g.set_edges(edges)
    mate = g.solve()
    if any(x < 0 for x in mate):
        return None, edges
    best = dict(enumerate(mate))
    rows: list[list[tuple[int, int, int]]] = [[] for _ in range(m)]
    for e in edges:
        rows[e[0]].append(e)
    tight: list[tuple[int, int, int]] = []
    for a, row in enumerate(rows):
        if row:
            hits = g.all_within(a, [b for _, b, _ in row], [0] * len(row))
            if hits is None:
                return best, edges
            tight.extend(row[i] for i in hits)
    return best, tight
