"""Matchings on the compatibility graph of a Lim round: a maximum-weight matching of
maximum cardinality on some of its players, a perfect one, and the quick repair of a
perfect matching when two of its players are paired together instead."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from tabellone.matching.backends import max_weight_matching
from tabellone.rules.lim.context import Ctx


def best_matching(ctx: Ctx, vertices: Sequence[int], weight: Callable[[int, int], int | None]) -> dict[int, int] | None:
    """A maximum-weight matching of maximum cardinality on ``vertices`` (indices into
    ``ctx.P``) over compatible pairs; ``weight`` gives each pair's weight (None: no
    edge). None when no perfect matching exists."""
    vs = list(vertices)
    if not vs:
        return {}
    pos = {v: k for k, v in enumerate(vs)}
    edges = []
    for k, u in enumerate(vs):
        cu = ctx.compat[u]
        for v in vs[k + 1 :]:
            if v in cu:
                w = weight(u, v)
                if w is not None:
                    edges.append((k, pos[v], w))
    ctx.solves += 1
    mate = max_weight_matching(len(vs), edges, max_cardinality=True)
    if len(mate) != len(vs):
        return None
    return {vs[i]: vs[j] for i, j in mate.items()}


def perfect_matching(ctx: Ctx, vertices: Iterable[int]) -> dict[int, int] | None:
    return best_matching(ctx, list(vertices), lambda u, v: 1)


def swap_partners(ctx: Ctx, mate: dict[int, int], p: int, c: int) -> dict[int, int] | None:
    """A perfect matching of the players of ``mate`` but ``p`` and ``c``, read off
    ``mate`` when it pairs them, or their partners can meet (no solve needed); None when
    that quick look does not find one (it may still exist)."""
    x, y = mate[p], mate[c]
    if x == c:
        rest = dict(mate)
    elif y in ctx.compat[x]:
        rest = dict(mate)
        rest[x], rest[y] = y, x
    else:
        return None
    for v in (p, c):
        rest.pop(v, None)
    return rest
