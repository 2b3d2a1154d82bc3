"""The bye (Lim Art. 1.1) and the score groups in the order Art. 2.2 pairs them: from the
top down to the median, from the bottom up to it, the median group last."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tabellone.core.errors import NoPairingError
from tabellone.rules.lim.absolute import bye_eligible
from tabellone.rules.lim.context import DOWN, UP, Ctx
from tabellone.rules.lim.matchings import pairable


def A1_1_bye(ctx: Ctx) -> int | None:
    """Art. 1.1 (with C.04.1 Art. 4): with an odd number of players, the bye goes to the
    player with the lowest rank in the lowest score group, among those allowed a bye and
    whose absence leaves the others pairable (looking further up the ranking otherwise)."""
    if ctx.n % 2 == 0:
        if not pairable(ctx, range(ctx.n)):
            raise NoPairingError(
                f"round {ctx.state.round}: no pairing of all players keeps Art. 2.1 (no rematch, colour limits)"
            )
        return None
    for i in reversed(range(ctx.n)):
        e = ctx.P[i]
        if not bye_eligible(e) or e.id in ctx.no_bye:
            continue
        if pairable(ctx, [j for j in range(ctx.n) if j != i]):
            return i
    raise NoPairingError(
        f"round {ctx.state.round}: no player can take the bye and leave the others pairable (Art. 1.1, 2.1)"
    )


@dataclass
class Group:
    """A score group as Art. 2.2 pairs it: its score, residents (indices, pairing order),
    direction, and the residents of the group its floaters go to (for Art. 3.3 / 3.9)."""

    score: Fraction
    residents: list[int]
    direction: str
    median: bool
    next_residents: list[int] = field(default_factory=list)


def A2_2_schedule(ctx: Ctx, players: Sequence[int]) -> list[Group]:
    """Art. 2.2: the groups above the median score from the top down, then those below it
    from the bottom up, then the median group (paired downward). The median score is half
    the rounds played times a win's points. When no player has it, the floaters from both
    sides meet in an empty median group (a reading: they must meet somewhere)."""
    by_score: dict[Fraction, list[int]] = {}
    for i in players:
        by_score.setdefault(ctx.P[i].score, []).append(i)
    above = sorted((s for s in by_score if s > ctx.median), reverse=True)
    below = sorted(s for s in by_score if s < ctx.median)
    med = by_score.get(ctx.median, [])
    out: list[Group] = []
    for k, s in enumerate(above):
        nxt = by_score[above[k + 1]] if k + 1 < len(above) else med
        out.append(Group(s, by_score[s], DOWN, False, nxt))
    for k, s in enumerate(below):
        nxt = by_score[below[k + 1]] if k + 1 < len(below) else med
        out.append(Group(s, by_score[s], UP, False, nxt))
    out.append(Group(ctx.median, med, DOWN, True, []))
    return out
