"""The stated objectives of a complete pairing (:func:`objective_vector`) and the
comparison of the literal procedure with the optimiser (:func:`compare`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.comparison import Comparison
from tabellone.rules.dubov.aro import _aro_scale, aro_cost
from tabellone.rules.dubov.aro_list import _points
from tabellone.rules.dubov.brackets import _shift_view, brackets_of
from tabellone.rules.dubov.context import _prepare
from tabellone.rules.dubov.criteria_2026 import (
    A3_2_2_upfloater_numbers,
    A3_2_4_pairs_inside,
    A3_2_4_shifters_larger,
    A3_2_4_shifters_smaller,
    C5_upfloaters,
    C6_upfloater_scores,
    C7_colour_preferences,
    C8_maximum_upfloaters,
    C9_maximum_upfloats,
    C10_repeated_upfloaters,
)
from tabellone.rules.dubov.engine import pair_round
from tabellone.rules.dubov.groups_1997 import (
    R6_1_same_colour_pairs,
    R7_3_7_4_moved,
    _dominating,
    _positions_1997,
    _roles_1997,
    _transfer_key,
)
from tabellone.rules.dubov.shifts_2026 import _positions_2026

if TYPE_CHECKING:
    from tabellone.rules.dubov.context import Ctx


def objective_vector(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None) -> list[tuple[str, str, object]]:
    """The stated objectives of a complete pairing, score group by score group from the
    top (:func:`brackets_of`), each component as (group score, name, value); smaller is
    better everywhere, and the vector is compared lexicographically (both methods are
    judged by it).

    2026, per bracket: ``C5`` - ``C10`` the quality criteria (:func:`C5_upfloaters` ..
    :func:`C10_repeated_upfloaters`); ``4.2`` the upfloaters' sequence numbers
    (:func:`A3_2_2_upfloater_numbers`); ``inner``, ``4.3s`` / ``4.3l`` the shifts
    (:func:`A3_2_4_pairs_inside`, :func:`A3_2_4_shifters_smaller`,
    :func:`A3_2_4_shifters_larger`); ``ARO`` the sum of :func:`aro_cost`; ``order`` minus
    the sum of row x column positions (the text's order).

    1997, per score group: ``transfers`` players brought up to it (7.1, 7.2; a floater
    from above counts the same); ``distance`` their score differences, largest first;
    ``2.5`` transferred players beyond 2.5 (only when the round waives it);
    ``colour-match`` transfers due the group's dominating colour (7.2); ``choice`` the
    transferred players' places by rating (then ARO); ``colour`` pairs with equal due
    colours (:func:`R6_1_same_colour_pairs`); ``7.3`` / ``7.4`` the moved players' places
    (:func:`R7_3_7_4_moved`); ``ARO``; ``order``.
    """
    P = ctx.P
    out: list[tuple[str, str, object]] = []
    scale = _aro_scale(P)
    for br in brackets_of(ctx, pairs, bye):
        s, members, ups = br.score, br.members, br.ups
        tag = _points(s)
        if ctx.edition == "2026":
            for name, value in (
                ("C5", C5_upfloaters),
                ("C6", C6_upfloater_scores),
                ("C7", C7_colour_preferences),
                ("C8", C8_maximum_upfloaters),
                ("C9", C9_maximum_upfloats),
                ("C10", C10_repeated_upfloaters),
                ("4.2", A3_2_2_upfloater_numbers),
                ("inner", A3_2_4_pairs_inside),
                ("4.3s", A3_2_4_shifters_smaller),
                ("4.3l", A3_2_4_shifters_larger),
            ):
                out.append((tag, name, value(ctx, br)))
            rows = _shift_view(ctx, br).roles
            rp, cp = _positions_2026(ctx, members)
        else:
            out.append((tag, "transfers", len(ups)))
            out.append((tag, "distance", tuple(sorted((s - P[u].score for u in ups), reverse=True))))
            out.append((tag, "2.5", sum(1 for u in ups if not ctx.upfloat_ok[u])))
            dom = _dominating(ctx, br.residents)
            out.append((tag, "colour-match", sum(1 for u in ups if P[u].due == dom)))
            order = {p.index: k for k, p in enumerate(sorted((P[i] for i in br.pool), key=_transfer_key))}
            out.append((tag, "choice", tuple(sorted(order[u] for u in ups))))
            out.append((tag, "colour", R6_1_same_colour_pairs(ctx, br.pairs)))
            moved_w, moved_b = R7_3_7_4_moved(ctx, members, br.pairs)
            out.append((tag, "7.3", moved_w))
            out.append((tag, "7.4", moved_b))
            rows = [_roles_1997(ctx, u, v) for u, v in br.pairs]
            rp, cp = _positions_1997(ctx, members)
        out.append((tag, "ARO", sum(aro_cost(P[r], P[c], scale) for r, c in rows)))
        out.append((tag, "order", -sum(rp[r] * cp[c] for r, c in rows)))
    return out


def _vector_of(ctx: Ctx, pairing: Pairing) -> list[tuple[str, str, object]]:
    idx = {p.id: p.index for p in ctx.P}
    pairs = [(idx[w], idx[b]) for w, b in pairing.pairs]
    bye = idx[pairing.bye] if pairing.bye is not None else None
    return objective_vector(ctx, pairs, bye)


def compare(
    t: Tournament, edition: str = "2026", round_number: int | None = None, ratings: dict[int, int] | None = None
) -> Comparison:
    """Pair a round both ways and say where, and by how much, the two differ on the
    stated objectives (:func:`objective_vector`)."""
    lit = pair_round(t, edition, round_number, "literal", ratings)
    opt = pair_round(t, edition, round_number, "optimised", ratings)
    ctx = _prepare(t, edition, lit.round, ratings)
    return Comparison.of(edition, lit, opt, _vector_of(ctx, lit), _vector_of(ctx, opt))
