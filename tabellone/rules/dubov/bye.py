"""The bye: 1997 art. 4 (and 2.2), 2026 Art. 3.1 (C2, C4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabellone.core.errors import NoPairingError
from tabellone.core.model import BLACK, WHITE
from tabellone.rules.dubov.follow import TEXT
from tabellone.rules.dubov.restrictions import C2_bye_eligible, R2_2_bye_eligible

if TYPE_CHECKING:
    from tabellone.rules.dubov.completion import Completion
    from tabellone.rules.dubov.context import Ctx
    from tabellone.rules.dubov.follow import Follow
    from tabellone.rules.dubov.players import DP


def R4_bye(ctx: Ctx, oracle: Completion, follow: Follow = TEXT) -> int | None:
    """Art. 4 (1997): with an odd number of players the bye goes to the player of the
    lowest score group with the lowest rating; with the lowest rating in both colour
    subgroups, to the one of the dominating colour; with equal ratings, to the higher ARO.

    Readings (art. 4, 9): only players allowed a bye by 2.2 are candidates, and only those
    whose bye leaves the rest pairable (as 2026 Art. 3.1.2 says); failing that, the next
    candidate in the same order (next-lowest rating, then the next score group up). A
    tie that the text leaves open goes to the larger pairing number."""
    P = ctx.P
    if ctx.n % 2 == 0:
        return None
    order: list[int] = []
    for s in sorted({p.score for p in P}):
        group = [p for p in P if p.score == s]
        whites = sum(1 for p in group if p.due == WHITE)
        blacks = len(group) - whites
        dominating = WHITE if whites > blacks else BLACK if blacks > whites else None
        ordered = sorted(
            group, key=lambda p: (p.rating, 0 if (dominating is None or p.due == dominating) else 1, -p.aro, -p.tpn)
        )
        order += [p.index for p in ordered]
    bye = follow.pick("1997 4", None, order, lambda i: _bye_leaves_pairable(oracle, P[i]))
    if bye is None:
        raise NoPairingError("no player can take the bye and leave the others pairable (1997 Art. 2.2, 4)")
    return bye


def _bye_leaves_pairable(oracle: Completion, p: DP) -> bool:
    """1997 Art. 2.2, and the reading of art. 4 / 9 (2026 Art. 3.1.2): ``p`` may take the
    bye and the others can all be paired without him."""
    if not R2_2_bye_eligible(p):
        return False
    oracle.out.add(p.index)
    ok = oracle.feasible()
    oracle.out.discard(p.index)
    return ok


def A3_1_bye(ctx: Ctx, oracle: Completion) -> int | None:
    """Art. 3.1 (2026): the PAB goes to the player who may receive it (C2), whose PAB
    leaves the rest pairable (C4), with the lowest score, then the most games played,
    then the largest TPN."""
    if ctx.n % 2 == 0:
        return None
    for p in sorted(ctx.P, key=lambda p: (p.score_key, -p.games, -p.tpn)):
        if not C2_bye_eligible(p):
            continue
        oracle.out.add(p.index)
        ok = oracle.feasible()
        oracle.out.discard(p.index)
        if ok:
            return p.index
    raise NoPairingError("no player can receive the pairing-allocated bye and leave the others pairable (C2, C4)")
