"""[C1] (2.1.1: who may meet) and [C3] (2.2: the rest stays pairable) as matchings over
the compatible pairs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tabellone.matching.backends import max_weight_matching
from tabellone.rules.team_swiss.sides import Ctx


def C1_compatible(ctx: Ctx, a: int, b: int) -> bool:
    """[C1] (2.1.1, Basic Rules Art. 2): the teams have not met in a played match (a
    forfeited match is not a meeting, C.04.2 Art. 3.5), and are not a prohibited pair."""
    return b not in ctx.sides[a].opponents and frozenset((a, b)) not in ctx.prohibited


def compatible_edges(ctx: Ctx, vs: Sequence[int], weight) -> list[tuple[int, int, int]]:
    pos = {v: k for k, v in enumerate(vs)}
    out = []
    for k, a in enumerate(vs):
        for b in vs[k + 1 :]:
            if C1_compatible(ctx, a, b):
                w = weight(a, b)
                if w is not None:
                    out.append((k, pos[b], w))
    return out


def perfect(ctx: Ctx, vs: Sequence[int], weight) -> dict[int, int] | None:
    """A perfect matching of ``vs`` over [C1]-compatible pairs of the greatest weight
    (``weight(a, b)``; None: no edge), as ``{team: opponent}``; None when none exists."""
    vs = list(vs)
    if not vs:
        return {}
    if len(vs) % 2:
        return None
    return perfect_over(ctx, vs, compatible_edges(ctx, vs, weight))


def perfect_over(ctx: Ctx, vs: Sequence[int], edges: list[tuple[int, int, int]]) -> dict[int, int] | None:
    """:func:`perfect` over ``edges`` given as ``(index, index, weight)`` into ``vs`` (a
    caller that asks many times of one set of teams builds them once)."""
    ctx.solves += 1
    big = max((w for *_, w in edges), default=0) >= 1 << 62
    mate = max_weight_matching(len(vs), edges, max_cardinality=True, backend="networkx" if big else "auto")
    if len(mate) != len(vs):
        return None
    return {vs[i]: vs[j] for i, j in mate.items()}


def pairable(ctx: Ctx, vs: Iterable[int]) -> bool:
    """[C3]: the teams ``vs`` can all be paired with each other."""
    return perfect(ctx, sorted(vs), lambda a, b: 1) is not None
