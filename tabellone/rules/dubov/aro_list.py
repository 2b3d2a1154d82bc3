"""The ARO list published after each round (1997 art. 9)."""

from __future__ import annotations

from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import WHITE, Tournament
from tabellone.rules.dubov.aro import A1_7_aro, R1_aro
from tabellone.rules.dubov.players import _opponent_ratings, _ratings, build_players
from tabellone.rules.dubov.restrictions import R2_5_upward_transfer


def _points(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def aro_list(
    t: Tournament, round_number: int | None = None, edition: str = "2026", ratings: dict[int, int] | None = None
) -> list[dict]:
    """Art. 9 (1997): the list of AROs published after each round so that players can
    work out the pairings themselves. One row per player to pair before ``round_number``
    (default: the next round), in pairing order: id, name, rating, score, games played,
    ARO (exact, one decimal, and rounded as 2026 Art. 1.7), due colour, upward
    transfers so far, and whether 2.5 (1997) allows another now."""
    if t.total_rounds is None:
        raise InputError("the number of rounds is needed (XXR n or 142 n)", field="XXR / 142")
    state = t.state_before(round_number)
    P = build_players(t, state, "1997", ratings)
    rt = _ratings(t, ratings)
    last = state.round == t.total_rounds
    rows = []
    for p in P:
        opp = _opponent_ratings(t, p.id, state.round, rt)
        exact = R1_aro(opp)
        rows.append(
            {
                "id": p.id,
                "name": p.name,
                "rating": p.rating,
                "score": _points(p.score),
                "games": p.games,
                "aro": f"{float(exact):.1f}",
                "aro_2026": int(A1_7_aro(opp)),
                "due": "W" if p.due == WHITE else "B",
                "upfloats": p.upfloats,
                "may_upfloat_1997": R2_5_upward_transfer(p, last, t.total_rounds),
            }
        )
    return rows
