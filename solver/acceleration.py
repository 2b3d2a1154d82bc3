"""Acceleration methods: virtual points added to pairing scores in the early rounds.

Baku acceleration, FIDE Handbook C.04.7 (2026; formerly C.04.5.1): the players are split
into group GA, the first 2 x ceil(N/4) by pairing number, and the rest. The first
ceil(R/2) rounds are accelerated; in the first ceil(of those / 2) rounds every GA player
has virtual points worth a win added to his pairing score, in the rest of them points
worth a draw. The method needs a win to be worth two draws and a loss nothing.
Virtual points change pairing scores only, never standings.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from .errors import InputError
from .model import Tournament, VirtualPoints


def baku_virtual_points(t: Tournament) -> tuple[VirtualPoints, ...]:
    """The virtual points of Baku acceleration for every round of ``t``."""
    s = t.scoring
    if s.loss != 0 or s.win != 2 * s.draw:
        raise InputError(
            f"Baku acceleration needs a win worth two draws and a loss worth nothing (here {s.win}/{s.draw}/{s.loss})",
            field="162 / BBW BBD BBL",
        )
    if t.total_rounds is None:
        raise InputError("Baku acceleration needs the number of rounds (XXR n or 142 n)", field="XXR / 142")
    n = len(t.players)
    ga = [p.id for p in t.in_pairing_order[: 2 * ceil(n / 4)]]  # XXC rank: the records' order
    accelerated = ceil(t.total_rounds / 2)
    full = ceil(accelerated / 2)
    out = []
    for r in range(1, accelerated + 1):
        points = s.win if r <= full else s.draw
        out.extend(VirtualPoints(r, pid, Fraction(points)) for pid in ga)
    return tuple(out)


def with_acceleration(t: Tournament, baku: bool = False) -> Tournament:
    """``t`` with Baku virtual points when asked for (``baku`` or a TRF26 ``192`` code
    ending in ``_BAKU``) and the file gives none of its own (``250``/``XXA`` win)."""
    from dataclasses import replace

    wanted = baku or (t.system or "").upper().endswith("_BAKU")
    if not wanted or t.virtual_points:
        return t
    return replace(t, virtual_points=baku_virtual_points(t))
