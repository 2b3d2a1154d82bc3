"""G1, G2 and the shifters of a 2026 bracket (Art. 3.2.3-3.2.4, 4.3): who starts in which
subgroup, their sequence numbers, and a pair read as (row, column).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabellone.core.model import BLACK, WHITE
from tabellone.rules.dubov.orders import A3_2_5_s1_order, A4_3_2_black_seekers, A4_3_2_white_seekers, A4_3_3_middle_out

if TYPE_CHECKING:
    from tabellone.rules.dubov.context import Ctx


def A3_2_3_split(ctx: Ctx, members: list[int]) -> dict[int, str]:
    """Art. 3.2.3 (2026): G1 holds the White seekers, G2 the rest; when nobody in the
    bracket has played yet, G1 is the first half by TPN."""
    P = ctx.P
    if all(P[i].no_games for i in members):
        by_tpn = sorted(members, key=lambda i: P[i].tpn)
        half = len(by_tpn) // 2
        return {i: (WHITE if k < half else BLACK) for k, i in enumerate(by_tpn)}
    return {i: (WHITE if P[i].due == WHITE else BLACK) for i in members}


def _shift_sequences(ctx: Ctx, members: list[int], side: dict[int, str]) -> dict[int, int]:
    P = ctx.P
    whites = [P[i] for i in members if side[i] == WHITE]
    blacks = [P[i] for i in members if side[i] == BLACK]
    if all(P[i].no_games for i in members):
        ws, bs = sorted(whites, key=lambda p: p.tpn), sorted(blacks, key=lambda p: p.tpn)
    else:
        ws, bs = A4_3_2_white_seekers(whites), A4_3_2_black_seekers(blacks)
    seq = {}
    for lst in (ws, bs):
        for k, p in enumerate(A4_3_3_middle_out(lst)):
            seq[p.index] = k
    return seq


def _shifter(u: int, v: int, side: dict[int, str], seq: dict[int, int]) -> int:
    return u if seq[u] < seq[v] else v


def _roles(u: int, v: int, side: dict[int, str], shifter: int | None) -> tuple[int, int]:
    """(row, column) of a pair: the row is the G1 / White-subgroup member after shifts."""
    if side[u] != side[v]:
        return (u, v) if side[u] == WHITE else (v, u)
    other = v if shifter == u else u
    if side[u] == WHITE:  # the shifter moved to the columns
        return other, shifter
    return shifter, other  # a Black shifter moved to the rows


def _positions_2026(ctx: Ctx, members: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    """Order positions for the last tie-break, larger for earlier: S1 order (ARO, TPN)
    for rows, TPN for columns; maximising the sum of products keeps the text's rows."""
    P = ctx.P
    n = len(members)
    rows = A3_2_5_s1_order(P[i] for i in members)
    cols = sorted((P[i] for i in members), key=lambda p: p.tpn)
    return ({p.index: n - k for k, p in enumerate(rows)}, {p.index: n - k for k, p in enumerate(cols)})
