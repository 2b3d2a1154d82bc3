"""Art. 3.4: the pairing-allocated bye."""

from __future__ import annotations

from tabellone.core.errors import NoPairingError
from tabellone.rules.team_swiss.completion import pairable
from tabellone.rules.team_swiss.sides import Ctx


def A3_4_bye(ctx: Ctx) -> int | None:
    """Art. 3.4: with an odd number of teams the bye goes to the team that leaves the
    others pairable (3.4.1), has the lowest score (3.4.2), then has played the most
    matches (3.4.3), then has the largest TPN (3.4.4); [C2] bars some teams."""
    teams = sorted(ctx.sides)
    if len(teams) % 2 == 0:
        return None
    S = ctx.sides
    for tpn in sorted((x for x in teams if not S[x].bye_barred), key=lambda x: (S[x].score, -S[x].matches, -x)):
        if pairable(ctx, [x for x in teams if x != tpn]):
            return tpn
    raise NoPairingError(
        f"round {ctx.round}: no team can take the pairing-allocated bye and leave the others pairable (C.04.6 Art. 3.3.3: the Chief Arbiter decides)"
    )
