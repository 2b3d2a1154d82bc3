"""Art. 3.4: the pairing-allocated bye."""

from __future__ import annotations

from tabellone.core.errors import NoPairingError
from tabellone.matching.backends import max_weight_matching
from tabellone.rules.double_swiss.absolute import C2_may_get_pab
from tabellone.rules.double_swiss.criteria import completes
from tabellone.rules.double_swiss.state import Ctx


def A3_4_order(ctx: Ctx) -> list[int]:
    """The PAB candidates allowed by [C2], in the order of 3.4.2-3.4.4: lowest score, most
    matches played, largest TPN (``ctx.no_bye``, barred by the caller, left out)."""
    P = ctx.P
    return sorted(
        (i for i in range(ctx.n) if C2_may_get_pab(P[i]) and P[i].id not in ctx.no_bye),
        key=lambda i: (P[i].score, -P[i].matches_played, -P[i].tpn),
    )


def A3_4_pab(ctx: Ctx, method: str) -> int | None:
    """Art. 3.4: the PAB goes to the first candidate in :func:`A3_4_order` who leaves a
    legal pairing of everybody else (3.4.1)."""
    if ctx.n % 2 == 0:
        return None
    order = A3_4_order(ctx)
    everyone = set(range(ctx.n))
    if method == "literal":
        for i in order:
            if completes(ctx, everyone - {i}):
                return i
    else:
        # one matching with a bye vertex: cardinality first, then the best-placed bye
        n = ctx.n
        place = {i: len(order) - k for k, i in enumerate(order)}
        edges = [(a, b, 1) for a in range(n) for b in range(a + 1, n) if ctx.may_meet(a, b)]
        edges += [(i, n, 1 + place[i]) for i in order]
        ctx.solves += 1
        mate = max_weight_matching(n + 1, edges, max_cardinality=True)
        if len(mate) == n + 1:
            return mate[n]
    raise NoPairingError(
        "no player can take the pairing-allocated bye and leave the others pairable (C.04.5 3.4, [C2], [C3])"
    )
