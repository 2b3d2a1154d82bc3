"""The 1997 optimisation model, score group by score group: the transferred players, then
the group closed with them (lexicographic maximum-weight matchings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabellone.core.model import BLACK, WHITE
from tabellone.rules.dubov.aro import _aro_scale, aro_factor
from tabellone.rules.dubov.groups_1997 import _dominating, _mover_1997, _positions_1997, _roles_1997, _transfer_key
from tabellone.rules.dubov.lex_matching import _lex_match, _lex_match_closed, _setbit
from tabellone.rules.dubov.orders import R7_3_order, R7_4_order
from tabellone.rules.dubov.upfloater_candidates import upfloaters_by_candidates

if TYPE_CHECKING:
    from tabellone.rules.dubov.completion import Completion
    from tabellone.rules.dubov.context import Ctx

#: Speed only: the movers past the fewest a colour can give that the cut matching of
#: :func:`_close_group_1997` ranks (any value gives the same pairing; at 2 a 600-player
#: group's weights fit two machine words).
MOVER_CUT = 2


def _pair_1997_optimised_group(ctx: Ctx, oracle: Completion, residents: list[int]) -> list[tuple[int, int]]:
    """The 1997 optimisation model for one score group, two lexicographic matchings:

    1. transfers: most pairs inside the group (6.1, 6.4: all players paired in their
       group), then transfers from the nearest lower groups (7.1, 7.2: "the next possible
       lower score group"), then transferred players of the opposite due colour to their
       opponent (7.1, 7.2), then the transferred set by rating descending, ARO
       ascending (7.1, 7.2, 8.2);
    2. the group closed with its transferred players: fewest pairs with equal due
       colours (6.1, 7.3/7.4), the moved players in the order of 7.3 / 7.4, then the
       ARO-balance objective (:func:`.aro.aro_cost`), then the rows and columns of 6.2 kept in
       order as the last tie-break.
    """
    ups = _transfers_1997(ctx, oracle, residents)
    members = residents + ups
    mate = _close_group_1997(ctx, oracle, members, optimise=True)
    pairs = []
    for u in members:
        v = mate[u]
        if u < v:
            pairs.append(_roles_1997(ctx, u, v))
    return pairs


def _transfers_1997(ctx: Ctx, oracle: Completion, residents: list[int]) -> list[int]:
    P = ctx.P
    res = set(residents)
    s = P[residents[0]].score
    free = oracle.free()
    pool = sorted((P[i] for i in free if P[i].score < s), key=_transfer_key)
    pos = {p.index: k for k, p in enumerate(pool)}
    levels = sorted({p.score for p in pool})
    lv = {x: k for k, x in enumerate(levels)}
    level = {p.index: lv[p.score] for p in pool}  # each one's score level, hashed once
    npool, L = len(pool), len(levels)
    zero = [0] * (L + 4)
    inside = [1] + [0] * (L + 3)
    dominating = _dominating(ctx, residents)

    def fields(u, v):
        if u not in res and v not in res:
            return zero
        if u in res and v in res:
            return inside
        r, f = (u, v) if u in res else (v, u)
        d = [1] * L
        d[level[f]] = 0
        return [0] + d + [int(ctx.upfloat_ok[f]), int(P[f].due != dominating), _setbit(pos[f], npool)]

    per_edge = [1] + [1] * L + [1, 1, 1 << max(npool - 1, 0)]
    got = upfloaters_by_candidates(
        ctx,
        oracle,
        residents,
        [p.index for p in pool],
        lambda f: (P[f].score, ctx.upfloat_ok[f], P[f].due),
        fields,
        zero,
        per_edge,
        lambda r: None,  # a resident's pairs read nothing of him (speed only)
    )
    if got is not None:  # speed only: the same set, proved from a few candidates
        return sorted(got, key=lambda i: pos[i])
    mate = _lex_match(ctx, oracle, fields, per_edge)
    return sorted({mate[r] for r in residents if mate[r] not in res}, key=lambda i: pos[i])


def _close_group_1997(ctx: Ctx, oracle: Completion, members: list[int], optimise: bool) -> dict[int, int]:
    """The group ``members`` paired inside itself (the rest completes the round):
    fewest pairs with equal due colours, the players moved by 7.3 / 7.4 first in those
    orders, then (``optimise``) the ARO objective, then the 6.2 rows and columns kept in
    order."""
    P = ctx.P
    mem = set(members)
    nm = len(members)
    whites = R7_3_order(P[i] for i in members if P[i].due == WHITE)
    blacks = R7_4_order(P[i] for i in members if P[i].due == BLACK)
    mpos = {p.index: k for k, p in enumerate(whites)}
    mpos.update({p.index: k for k, p in enumerate(blacks)})
    scale = _aro_scale(P)
    rpos, cpos = _positions_1997(ctx, members)
    big_aro = (
        max((int(P[i].aro * scale) for i in members), default=0) * max((P[i].rating for i in members), default=0) + 1
    )
    zero = [0] * 5
    # each member's factors of aro_cost, once per group (speed only)
    aro_row = {i: aro_factor(P[i], scale) for i in members}
    rating = {i: P[i].rating for i in members}
    # The mover fields' widths (speed only, see below): a mover's place past its colour's
    # width weighs 0; at ``nm``, wider than either order, every place counts.
    width = {WHITE: nm, BLACK: nm}

    def fields(u, v):
        if u not in mem and v not in mem:
            return zero
        if (u in mem) != (v in mem):
            return None
        same = P[u].due == P[v].due
        fw = fb = 0
        if same:
            m = _mover_1997(ctx, u, v, mpos)
            if mpos[m] < width[P[m].due]:
                if P[m].due == WHITE:
                    fw = _setbit(mpos[m], width[WHITE])
                else:
                    fb = _setbit(mpos[m], width[BLACK])
        row, col = _roles_1997(ctx, u, v, mpos)
        aro = big_aro - aro_row[row] * rating[col] if optimise else 0  # aro_cost(P[row], P[col], scale)
        return [1 - int(same), fw, fb, aro, rpos[row] * cpos[col]]

    def per_edge():
        return [1, 1 << width[WHITE], 1 << width[BLACK], big_aro, nm * nm]

    def weights(lay):
        """Speed only, pairs of the group: the weight ``lay`` packs from :func:`fields`."""
        s0, s1, s2, s3, s4 = lay.shifts

        def weight(u, v):
            f0, fw, fb, aro, position = fields(u, v)
            return (f0 << s0) + (fw << s1) + (fb << s2) + (aro << s3) + (position << s4)

        return weight

    if 4 * nm <= 3 * len(oracle.free()):  # speed only: the group alone, when its best pairing is unique
        # Speed only: first with each mover field cut to the first MOVER_CUT places of its
        # order past the fewest movers its colour can give. The pairs of equal due colours
        # are as few as possible (the first field), which fixes how many movers each
        # colour gives; the full fields rank the movers' sets by their first differing
        # place, so the cut fields pick the same places within the cut, and when every
        # mover of the one best matching found lies within the cut, the cut problem and
        # the full one have the same best matchings (the fields below rank them alike).
        # Else the full fields, as before.
        # the first field counts the pairs of different due colours: the smaller colour's
        # count less twice its pairs inside (:func:`_lex_match_closed`'s ``spare``)
        spare = None
        if len(whites) + len(blacks) == nm:
            spare = {p.index for p in (whites if len(whites) <= len(blacks) else blacks)}
        few = min(len(whites), len(blacks))
        cut = {c: min(nm, MOVER_CUT + (len(o) - few) // 2) for c, o in ((WHITE, whites), (BLACK, blacks))}
        got = None
        if cut[WHITE] < nm or cut[BLACK] < nm:
            width.update(cut)
            got = _lex_match_closed(ctx, oracle, members, fields, per_edge(), weights, spare)
            if got is not None and not _movers_within(ctx, got, members, mpos, width):
                got = None
            width.update({WHITE: nm, BLACK: nm})
        if got is None:
            got = _lex_match_closed(ctx, oracle, members, fields, per_edge(), weights, spare)
        if got is not None:
            return got
    return _lex_match(ctx, oracle, fields, per_edge())


def _movers_within(
    ctx: Ctx, mate: dict[int, int], members: list[int], mpos: dict[int, int], width: dict[str, int]
) -> bool:
    """Every mover of ``mate`` in the group ``members`` (the player 7.3 / 7.4 moves from
    a pair of equal due colours) has a place within its colour's cut ``width``."""
    P = ctx.P
    for u in members:
        v = mate[u]
        if u < v and P[u].due == P[v].due:
            m = _mover_1997(ctx, u, v, mpos)
            if mpos[m] >= width[P[m].due]:
                return False
    return True
