"""Art. 4: which team is first and which colour it has on board 1."""

from __future__ import annotations

from tabellone.core.model import WHITE, opposite
from tabellone.rules.team_swiss.sides import STRONG, Ctx


def first_team(ctx: Ctx, a: int, b: int) -> int:
    """Art. 4.2: the higher primary score, then the higher secondary score (unless the
    event does not use it), then the smaller TPN."""
    A, B = ctx.sides[a], ctx.sides[b]
    if A.score != B.score:
        return a if A.score > B.score else b
    if ctx.t.secondary_for_colour and A.secondary != B.secondary:
        return a if A.secondary > B.secondary else b
    return min(a, b)


def A4_colours(ctx: Ctx, a: int, b: int) -> tuple[int, str]:
    """Art. 4.3: who gets White (the first board's White) in ``a``-``b``, and the
    sub-article that decides, in descending priority."""
    f = first_team(ctx, a, b)
    o = b if f == a else a
    F, O = ctx.sides[f], ctx.sides[o]

    def give(team: int, colour: str) -> int:
        return team if colour == WHITE else (o if team == f else f)

    if not F.colours and not O.colours:  # 4.3.1
        return give(f, ctx.initial if f % 2 else opposite(ctx.initial)), "4.3.1"
    if (F.pref is None) != (O.pref is None):  # 4.3.2
        team = f if F.pref else o
        return give(team, ctx.sides[team].pref), "4.3.2"
    if F.pref and O.pref and F.pref != O.pref:  # 4.3.3
        return give(f, F.pref), "4.3.3"
    if ctx.preferences == "B" and (F.strength == STRONG) != (O.strength == STRONG):  # 4.3.4
        team = f if F.strength == STRONG else o
        return give(team, ctx.sides[team].pref), "4.3.4"
    if F.cd != O.cd:  # 4.3.5
        return (f if F.cd < O.cd else o), "4.3.5"
    for k in range(1, min(len(F.colours), len(O.colours)) + 1):  # 4.3.6, histories right-aligned
        cf, co = F.colours[-k], O.colours[-k]
        if cf != co:
            return give(f, opposite(cf)), "4.3.6"
    if F.pref:  # 4.3.7
        return give(f, F.pref), "4.3.7"
    if F.colours:  # 4.3.8
        return give(f, opposite(F.colours[-1])), "4.3.8"
    return give(o, opposite(O.colours[-1])), "4.3.9"
