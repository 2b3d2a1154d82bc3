"""Matchings on the compatibility graph of a Lim round: a maximum-weight matching of
maximum cardinality on some of its players, a perfect one, whether a set of players can
all be paired, and the quick repair of a perfect matching when two of its players are
paired together instead.

Whole-round questions ("can everyone not yet paired still be paired?") go to the
completion oracle (:class:`tabellone.matching.completion.CompletionOracle`: a warm
witness and greedy steps, exact by a blossom solve when they fail), never to a weighted
solve on the whole field: the weighted solves are local to one group."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from tabellone.matching.backends import max_weight_matching
from tabellone.rules.lim.context import Ctx


def best_matching(
    ctx: Ctx, vertices: Sequence[int], weight: Callable[[int, int], int | None] | None
) -> dict[int, int] | None:
    """A maximum-weight matching of maximum cardinality on ``vertices`` (indices into
    ``ctx.P``) over compatible pairs; ``weight`` gives each pair's weight (None: no
    edge; ``weight`` None: 1 for every pair). None when no perfect matching exists."""
    vs = list(vertices)
    if not vs:
        return {}
    if weight is None:
        edges = [(k, m, 1) for k, m in ctx.compat.pairs_within(vs)]
    else:
        edges = []
        for k, m in ctx.compat.pairs_within(vs):
            w = weight(vs[k], vs[m])
            if w is not None:
                edges.append((k, m, w))
    ctx.solves += 1
    mate = max_weight_matching(len(vs), edges, max_cardinality=True)
    if len(mate) != len(vs):
        return None
    return {vs[i]: vs[j] for i, j in mate.items()}


def heaviest_matching(ctx: Ctx, vertices: Sequence[int], weight: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """The pairs of a maximum-weight matching on ``vertices`` over compatible pairs, of
    any cardinality (``weight``: positive)."""
    vs = list(vertices)
    edges = [(k, m, weight(vs[k], vs[m])) for k, m in ctx.compat.pairs_within(vs)]
    ctx.solves += 1
    mate = max_weight_matching(len(vs), edges)
    return [(vs[i], vs[j]) for i, j in mate.items() if i < j]


def perfect_matching(ctx: Ctx, vertices: Iterable[int]) -> dict[int, int] | None:
    return best_matching(ctx, list(vertices), None)


def pairable(ctx: Ctx, vertices: Iterable[int]) -> bool:
    """Whether ``vertices`` (an even number of players) can all be paired (exact)."""
    return ctx.completion.complete(vertices) is not None


def swap_partners(ctx: Ctx, mate: dict[int, int], p: int, c: int) -> dict[int, int] | None:
    """A perfect matching of the players of ``mate`` but ``p`` and ``c``, read off
    ``mate`` when it pairs them, or their partners can meet (no solve needed); None when
    that quick look does not find one (it may still exist)."""
    x, y = mate[p], mate[c]
    if x == c:
        rest = dict(mate)
    elif ctx.compat.ok(x, y):
        rest = dict(mate)
        rest[x], rest[y] = y, x
    else:
        return None
    for v in (p, c):
        rest.pop(v, None)
    return rest
