"""The orders of the Lim text: floaters arriving (Art. 3.6-3.7), a floater's opponents
(3.8), the residents chosen to float (3.2-3.4, 3.9, 3.10), and the scrutiny with its
exchanges (4.1-4.3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tabellone.core.model import BLACK, WHITE
from tabellone.rules.lim.context import DOWN, UP, Ctx
from tabellone.rules.lim.groups import Group


def A3_6_3_7_incoming_order(ctx: Ctx, incoming: Iterable[int], group: Group) -> list[int]:
    """Art. 3.6-3.7: floaters arriving are paired first. Downfloaters (from above): the
    highest score first, then the highest pairing number (the top of the ranking);
    upfloaters: the lowest score first, then the lowest pairing number (the bottom). In
    the median group the downfloaters come before the upfloaters (3.6.3)."""
    P = ctx.P
    downs = sorted((i for i in incoming if P[i].score > group.score), key=lambda i: (-P[i].score, P[i].rank))
    ups = sorted((i for i in incoming if P[i].score < group.score), key=lambda i: (P[i].score, -P[i].rank))
    return downs + ups


def A3_8_candidates(ctx: Ctx, f: int, residents: Sequence[int], others: Sequence[int], direction: str) -> list[int]:
    """Art. 3.8: the opponents of floater ``f`` in the order tried: residents due the
    alternate colour first (or with no colour due), from the top of the group when
    pairing downward and from the bottom when pairing upward; then the other residents in
    the same order; then other floaters still unpaired, in their order of 3.6-3.7."""
    P = ctx.P
    order = sorted(residents, key=lambda i: P[i].rank, reverse=direction == UP)
    alt = [i for i in order if P[i].pref is None or P[f].pref is None or P[i].pref != P[f].pref]
    rest = [i for i in order if i not in set(alt)]
    return alt + rest + [o for o in others if o != f]


def A3_float_order(ctx: Ctx, residents: Sequence[int], group: Group) -> list[int]:
    """The residents in the order they are chosen to float, the first most likely:

    3.9   first those with a compatible opponent in the group the floaters go to (types
          c after d: avoid a floater with nobody to meet there);
    3.10  then those who did not float in the round before;
    3.2.2 then, when more players are due one colour than the other, those due that
          colour (the floater evens the colours);
    3.2.4 then the lowest numbered (the bottom of the ranking) when pairing downward, the
          highest numbered (the top) when pairing upward.
    """
    P = ctx.P
    white = sum(1 for i in residents if P[i].pref == WHITE)
    black = sum(1 for i in residents if P[i].pref == BLACK)
    majority = WHITE if white > black else BLACK if black > white else None
    target = group.next_residents
    ok = ctx.compat.ok

    def key(i: int):
        e = P[i]
        no_opponent = not any(ok(i, j) for j in target)
        floated = bool(e.state.floats_2026) and e.state.floats_2026[-1] is not None
        colour = 0 if majority is None or e.pref == majority else 1
        place = -e.rank if group.direction == DOWN else e.rank
        return (no_opponent, floated, colour, place)

    return sorted(residents, key=key)


def A4_candidates(ctx: Ctx, order: Sequence[int]) -> list[int]:
    """Art. 4.2-4.3: the opponents tried for the first player of ``order`` (the players
    not yet paired, in scrutiny order): the bottom half in order, then the top half from
    its last player upward. Six players 1-6: 4, 5, 6, 3, 2; with 1 v 6 fixed, player 2
    tries 4, 5, 3 (the tables of 4.2 and 4.3). Pairing upward the order is mirrored."""
    m = len(order)
    return list(order[m // 2 :]) + list(reversed(order[1 : m // 2]))


def scrutiny_order(ctx: Ctx, players: Iterable[int], direction: str) -> list[int]:
    """Art. 4.1: scrutiny begins with the highest numbered player (the top) when pairing
    downward, with the lowest numbered (the bottom) when pairing upward."""
    return sorted(players, key=lambda i: ctx.P[i].rank, reverse=direction == UP)
