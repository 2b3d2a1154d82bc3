"""Acceleration methods: virtual points added to pairing scores in the early rounds.

Baku acceleration, FIDE Handbook C.04.7 (2026; formerly C.04.5.1): the players are split
into group GA, the first 2 x ceil(N/4) by pairing number, and the rest. The first
ceil(R/2) rounds are accelerated; in the first ceil(of those / 2) rounds every GA player
has virtual points worth a win added to his pairing score, in the rest of them points
worth a draw. The method needs a win to be worth two draws and a loss nothing.
Virtual points change pairing scores only, never standings.

A *round* of C.04.7 is one pairing of the system. Where a pairing is a match of several
games, each game its own round column (the Double-Swiss system, C.04.5: a match of two
games, columns ``2k-1`` and ``2k``), the accelerated rounds are counted in matches, and
"the points awarded for a win" are those of a match won, every game won: the premise
(1.1) holds per game, so it holds per match, and 1.4.4's team example gives the points of
a match won (two match points), not of one board. The virtual points of a match are
written in each of its columns.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament, VirtualPoints


def baku_virtual_points(t: Tournament, games_per_round: int = 1) -> tuple[VirtualPoints, ...]:
    """The virtual points of Baku acceleration for every round column of ``t``, a round
    (a pairing) being ``games_per_round`` columns (2 for a Double-Swiss match)."""
    s = t.scoring
    if s.loss != 0 or s.win != 2 * s.draw:
        raise InputError(
            f"Baku acceleration needs a win worth two draws and a loss worth nothing (here {s.win}/{s.draw}/{s.loss})",
            field="162 / BBW BBD BBL",
        )
    if t.total_rounds is None:
        raise InputError("Baku acceleration needs the number of rounds (XXR n or 142 n)", field="XXR / 142")
    g = games_per_round
    if t.total_rounds % g:
        raise InputError(
            f"Baku acceleration counts rounds of {g} games (round columns), so the event's "
            f"{t.total_rounds} columns should be a multiple of {g}",
            field="XXR / 142",
        )
    n = len(t.players)
    ga = [p.id for p in t.in_pairing_order[: 2 * ceil(n / 4)]]  # 1.2; XXC rank: the records' order
    accelerated = ceil(t.total_rounds // g / 2)  # 1.4.1
    full = ceil(accelerated / 2)  # 1.4.2; the rest halved (1.4.3)
    out: list[VirtualPoints] = []
    for r in range(1, accelerated + 1):
        points = g * (s.win if r <= full else s.draw)
        for column in range((r - 1) * g + 1, r * g + 1):
            out.extend(VirtualPoints(column, pid, Fraction(points)) for pid in ga)
    return tuple(out)


def with_acceleration(t: Tournament, baku: bool = False, games_per_round: int = 1) -> Tournament:
    """``t`` with Baku virtual points when asked for (``baku`` or a TRF26 ``192`` code
    ending in ``_BAKU``) and the file gives none of its own (``250``/``XXA`` win); a round
    of the system is ``games_per_round`` columns (:func:`baku_virtual_points`)."""
    from dataclasses import replace

    wanted = baku or (t.system or "").upper().endswith("_BAKU")
    if not wanted or t.virtual_points:
        return t
    return replace(t, virtual_points=baku_virtual_points(t, games_per_round))
