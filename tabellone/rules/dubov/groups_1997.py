"""A 1997 score group as the text reads it: the dominating due colour (7.2), who moves
to the other colour subgroup (7.3 / 7.4), rows and columns (6.2), and the counts the
verifier and the optimiser take from them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from tabellone.core.model import BLACK, WHITE, opposite
from tabellone.rules.dubov.orders import R6_2_black_order, R6_2_white_order, R7_3_order, R7_4_order

if TYPE_CHECKING:
    from tabellone.rules.dubov.context import Ctx
    from tabellone.rules.dubov.players import DP


def _dominating(ctx: Ctx, residents: list[int]) -> str | None:
    """The dominating due colour of a group (7.2): the colour most of its players are
    due; None on a tie."""
    w = sum(1 for i in residents if ctx.P[i].due == WHITE)
    b = len(residents) - w
    return WHITE if w > b else BLACK if b > w else None


def _transfer_key(p: DP) -> tuple:
    return (-p.rating, p.aro, p.tpn)


def _mover_1997(ctx: Ctx, u: int, v: int, place: dict[int, int] | None = None) -> int:
    """In a pair of two players due the same colour, the one 7.3 / 7.4 moves to the other
    subgroup (the first in that order whose move 2.6 allows). ``place`` (speed only):
    each player's place in that order over the group, which orders the two alike (the
    order's keys end in the unique pairing number)."""
    P = ctx.P
    a, b = P[u], P[v]
    target = opposite(a.due)
    if place is not None:
        order = [a, b] if place[u] < place[v] else [b, a]
    else:
        order = R7_3_order([a, b]) if a.due == WHITE else R7_4_order([a, b])
    for p in order:
        if target in p.allowed:
            return p.index
    return order[0].index


def _roles_1997(ctx: Ctx, u: int, v: int, place: dict[int, int] | None = None) -> tuple[int, int]:
    """(row, column) of a pair: the row is the White-subgroup member (6.2). ``place``
    (speed only): as for :func:`_mover_1997`."""
    P = ctx.P
    if P[u].due != P[v].due:
        return (u, v) if P[u].due == WHITE else (v, u)
    m = _mover_1997(ctx, u, v, place)
    other = v if m == u else u
    return (other, m) if P[u].due == WHITE else (m, other)


def _positions_1997(ctx: Ctx, members: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    P = ctx.P
    n = len(members)
    rows = R6_2_white_order(P[i] for i in members)
    cols = R6_2_black_order(P[i] for i in members)
    return ({p.index: n - k for k, p in enumerate(rows)}, {p.index: n - k for k, p in enumerate(cols)})


def R6_1_same_colour_pairs(ctx: Ctx, pairs: Iterable[tuple[int, int]]) -> int:
    """Art. 6.1 with 7.3 / 7.4 (1997): pairs of two players due the same colour (the
    normal case has as many due White as due Black; each pair the equalising moves of
    7.3 / 7.4 make costs one player his due colour)."""
    return sum(1 for u, v in pairs if ctx.P[u].due == ctx.P[v].due)


def R7_3_7_4_moved(
    ctx: Ctx, members: Sequence[int], pairs: Iterable[tuple[int, int]]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Art. 7.3 / 7.4 (1997): the players moved to the other colour subgroup, as their
    places (1 = first) in the order of 7.3 (due White) and of 7.4 (due Black). In a pair
    of two players due one colour the moved one is :func:`_mover_1997`'s (the first in
    that order whom 2.6 lets move)."""
    P = ctx.P
    w7 = {p.index: k for k, p in enumerate(R7_3_order(P[i] for i in members if P[i].due == WHITE), start=1)}
    b7 = {p.index: k for k, p in enumerate(R7_4_order(P[i] for i in members if P[i].due == BLACK), start=1)}
    movers = [_mover_1997(ctx, u, v) for u, v in pairs if P[u].due == P[v].due]
    return (
        tuple(sorted(w7[m] for m in movers if P[m].due == WHITE)),
        tuple(sorted(b7[m] for m in movers if P[m].due == BLACK)),
    )
