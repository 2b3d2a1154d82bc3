"""Colours (Lim Art. 5, 7.2): who gets which colour in a pair, and what a pair costs on
Art. 5 (the colour faults the optimiser and the second scrutiny count)."""

from __future__ import annotations

from tabellone.core.model import BLACK, WHITE, opposite
from tabellone.rules.fide_common import Entrant, higher_ranked
from tabellone.rules.lim.absolute import forbidden_colours
from tabellone.rules.lim.context import Ctx


def _breaks(e: Entrant, colour: str) -> int:
    return int(colour in forbidden_colours(e))


def colour_rule(a: Entrant, b: Entrant, ctx: Ctx) -> tuple[str, str]:
    """The colour of ``a`` against ``b``, and the article that decides it (Art. 5, 7.2).

    5.1/5.3  a colour that would break 5.1.1 or 5.1.2 is not given (in the last round, the
             allocation breaking fewer of them);
    5.2      different due colours (alternating when the colours are level, equalising
             otherwise: the model's colour preference): each gets his own;
    5.5/5.6  the same due colour: the stronger claim (equalising before alternating);
    5.4      equal claims: the colours going back in sequence, to the last round in which
             they differed, decide (each takes the other's colour of that round);
             identical histories: in the median group or above the higher-ranked player
             gets his due colour, below it the lower-ranked one;
    7.2      neither has played: the higher-ranked player takes the colour drawn for
             Player #1 when his pairing number is odd, the other colour when it is even.
    """
    fa, fb = forbidden_colours(a), forbidden_colours(b)
    allowed = [c for c in (WHITE, BLACK) if c not in fa and opposite(c) not in fb]
    if len(allowed) == 1:
        return allowed[0], "5.3"
    if not allowed:  # last round only: break as few limits as possible
        cost = {c: _breaks(a, c) + _breaks(b, opposite(c)) for c in (WHITE, BLACK)}
        if cost[WHITE] != cost[BLACK]:
            return min(cost, key=cost.get), "6"
    if a.pref is None and b.pref is None:
        top = higher_ranked(a, b)
        colour = ctx.initial if top.rank % 2 == 0 else opposite(ctx.initial)
        return (colour if top is a else opposite(colour)), "7.2"
    if a.pref != b.pref:
        if a.pref is not None:
            return a.pref, "5.2"
        return opposite(b.pref), "5.2"
    due = a.pref
    if a.strength != b.strength:
        return (due if a.strength > b.strength else opposite(due)), "5.5/5.6"
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return cb, "5.4"
    top = higher_ranked(a, b)
    gets_due = top if max(a.score, b.score) >= ctx.median else (b if top is a else a)
    return (due if gets_due is a else opposite(due)), "5.4"


def allocate(a: Entrant, b: Entrant, ctx: Ctx) -> tuple[Entrant, Entrant]:
    """(white, black) by :func:`colour_rule`."""
    colour, _ = colour_rule(a, b, ctx)
    return (a, b) if colour == WHITE else (b, a)


def colour_fault(a: Entrant, b: Entrant, ctx: Ctx) -> int:
    """What a pair costs on Art. 5: 1 for a player not given his due colour (5.2, 5.5,
    5.6), 2 more for each colour limit of 5.1.1 / 5.1.2 broken (last round only)."""
    w, bl = allocate(a, b, ctx)
    cost = 0
    for p, c in ((w, WHITE), (bl, BLACK)):
        if p.pref is not None and p.pref != c:
            cost += 1
        cost += 2 * _breaks(p, c)
    return cost


class FaultTable:
    """:func:`colour_fault` of any pair of the round's players, computed once for each
    pair of *colour classes*: a player's class is the colours he may not get
    (:func:`forbidden_colours`) and his due colour.

    The fault of a pair depends on nothing else. When :func:`colour_rule` decides by the
    limits (5.3, or 6 with unequal costs), the colour comes from the forbidden colours
    alone. Otherwise either both allocations keep every limit or both break the same
    number of them, so the limits cost the same whoever gets White; and the pair's
    faults for due colours are then none when the due colours differ or one is missing
    (each gets his own) and exactly one when both are due the same colour, whichever of
    the two the later rules (5.4-5.6, 7.2: histories, ranks) favour."""

    def __init__(self, ctx: Ctx):
        self.ctx = ctx
        classes: dict[tuple[frozenset[str], str | None], int] = {}
        self.cls = [classes.setdefault((frozenset(forbidden_colours(e)), e.pref), len(classes)) for e in ctx.P]
        self.table: list[list[int | None]] = [[None] * len(classes) for _ in classes]

    def __call__(self, u: int, v: int) -> int:
        """The fault of players ``u`` and ``v`` (:func:`colour_fault` of ``P[u]``, ``P[v]``)."""
        row = self.table[self.cls[u]]
        fault = row[self.cls[v]]
        if fault is None:
            fault = row[self.cls[v]] = colour_fault(self.ctx.P[u], self.ctx.P[v], self.ctx)
        return fault
