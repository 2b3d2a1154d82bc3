"""The 2026 round, bracket by bracket (Art. 3.1-3.2): upfloaters, shifts, then T2 (literal)
or the ARO objective (optimised).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabellone.core import progress
from tabellone.core.errors import NoPairingError, SelfCheckError
from tabellone.core.model import BLACK, WHITE
from tabellone.rules.dubov.aro import aro_factor
from tabellone.rules.dubov.bye import A3_1_bye
from tabellone.rules.dubov.completion import Completion, seed_rows
from tabellone.rules.dubov.criteria_2026 import (
    C7_preference,
    C7_unmet_preferences,
    C8_maximum_upfloater,
    C9_upfloat_times,
    C10_upfloated_before,
)
from tabellone.rules.dubov.lex_matching import _lex_match, _lex_match_closed, _setbit
from tabellone.rules.dubov.orders import A3_2_5_s1_order, A3_2_6_transposition, A4_2_upfloater_order
from tabellone.rules.dubov.restrictions import C3_absolute_colours, R2_1_no_rematch
from tabellone.rules.dubov.shifts_2026 import A3_2_3_split, _positions_2026, _roles, _shift_sequences, _shifter
from tabellone.rules.dubov.upfloater_candidates import upfloaters_by_candidates

if TYPE_CHECKING:
    from tabellone.rules.dubov.context import Ctx
    from tabellone.rules.dubov.players import DP
    from tabellone.rules.profiles import Profile


#: Speed only: the shifters past the fewest a subgroup can give that the cut matching of
#: :func:`_first_shifters` ranks (any value gives the same pairing).
SHIFT_CUT = 8
#: Speed only: the same for the optimised method's closed solve (:func:`A3_2_4_shift`),
#: narrower there: with ARO and the positions below the shifters, a 600-player bracket's
#: weights then fit two machine words (any value gives the same pairing).
CLOSED_SHIFT_CUT = 2


def A3_2_2_upfloaters(ctx: Ctx, oracle: Completion, residents: list[int]) -> list[int]:
    """Art. 3.2.1-3.2.2 (2026): the fewest upfloaters that let every resident be paired
    legally (C1, C3, C4), then the first set in the order of Art. 4.2 among those that
    comply best with C6 (their scores, lowest first, as high as possible), C7 (colour
    preferences), and outside the last round C8 (maximum upfloaters), C9 (their upfloat
    counts) and C10 (upfloated in the previous round).

    Computed as one lexicographic maximum-weight matching of all players still to pair
    (pairs of players outside the bracket only complete the round): a field per
    criterion, in the order of the profile (:mod:`.profile`; the official one is the
    text's), and last the set order (each upfloater weighs 2^(P - seq): the largest
    sum is the first set, Art. 4.1.3). Terms: resident pairs (C5: every resident is
    paired in the bracket, so the upfloaters are |R| - 2 x resident pairs); per score
    level below, lowest first, upfloaters not at that level (C6); bracket pairs whose
    players prefer different colours (C7); upfloaters who are not maximum upfloaters
    (C8); a constant minus the upfloat counts of maximum upfloaters (C9); upfloaters who
    did not upfloat in the previous round (C10). A profile that counts C1 or C3 as
    quality adds the pairs that keep them, over every pair still to make. Every pair
    that breaks no criterion scores the full term (so a term counts the pairs or
    upfloaters that break its criterion): after C5, which fixes how many pairs the
    bracket makes, this is the text's order exactly; before it, as a profile may put
    C7, it keeps the criterion from asking for more pairs in the bracket.

    Speed: with the text's order, the same set is found from a few candidates per class
    of upfloater and proved optimal (:mod:`.upfloater_candidates`); the whole-field matching
    is solved only when that proof does not go through."""
    P = ctx.P
    profile = ctx.profile
    res = set(residents)
    if _no_upfloater_needed(oracle, profile, res):
        return []
    s = P[residents[0]].score_key  # scores as their whole-number keys (speed only)
    free = oracle.free()
    pool = A4_2_upfloater_order([P[i] for i in free if P[i].score_key < s])
    pos = {p.index: k for k, p in enumerate(pool)}
    levels = sorted({p.score_key for p in pool})
    lv = {x: k for k, x in enumerate(levels)}
    level = {p.index: lv[p.score_key] for p in pool}  # each upfloater's score level, hashed once
    L, npool = len(levels), len(pool)
    c9_top = ctx.total_rounds + 1
    plan = ctx.plan(
        [
            ("C1", [1]),
            ("C3", [1]),
            ("C5", [1]),
            ("C6", [1] * L),
            ("C7", [1]),
            ("C8", [1]),
            ("C9", [c9_top]),
            ("C10", [1]),
        ],
    )
    order = profile.generation_order
    relax1, relax3 = profile.is_relaxed("C1"), profile.is_relaxed("C3")
    # A pair that breaks no criterion scores the full term (outside the bracket too):
    # every term then counts what breaks it, whatever the number of pairs in the bracket.
    clean = [1] * L + [1, 1, c9_top, 1]
    outside = plan.values([0, 0, 0] + clean) + [0] * order

    def kept(u, v):
        a, b = P[u], P[v]
        return [int(relax1 and R2_1_no_rematch(a, b, ctx.state)), int(relax3 and C3_absolute_colours(a, b))]

    def inside(c1, c3, c7):
        return plan.values([c1, c3, 1] + [1] * L + [c7, 1, c9_top, 1]) + [0] * order

    two_residents = [inside(0, 0, 0), inside(0, 0, 1)]  # speed only: without C1, C3 terms, by C7
    with_upfloater: dict[tuple[int, int], list[int]] = {}  # the same, by C7 and upfloater

    relaxed = relax1 or relax3

    def fields(u, v):
        ru, rv = u in res, v in res
        if not relaxed:  # the text's absolute C1, C3: every field list made once (speed only)
            if not (ru or rv):
                return outside
            c7 = 1 - C7_unmet_preferences(P[u], P[v])
            if ru and rv:
                return two_residents[c7]
            key = (c7, v if ru else u)
            got = with_upfloater.get(key)
            if got is None:
                got = with_upfloater[key] = upfloater_fields(0, 0, c7, key[1])
            return got
        if not (ru or rv):
            return plan.values(kept(u, v) + [0] + clean) + [0] * order
        c7 = 1 - C7_unmet_preferences(P[u], P[v])
        c1, c3 = kept(u, v)
        if ru and rv:
            return inside(c1, c3, c7)
        return upfloater_fields(c1, c3, c7, v if ru else u)

    classes = _upfloater_classes(ctx)

    def upfloater_fields(c1, c3, c7, f):
        c6 = [1] * L
        c6[level[f]] = 0
        _, _, c8, c9, c10 = classes[f]  # C8-C10 of the player, once per round (speed only)
        terms = [c1, c3, 0] + c6 + [c7, 1 - int(c8), c9_top - c9, 1 - int(c10)]
        return plan.values(terms) + ([_setbit(pos[f], npool)] if order else [])

    def relaxed_weights(lay):
        """Speed only, the weights of :func:`.upfloater_candidates._relaxed_edges` (the
        text's absolute C1 and C3): the weight ``lay`` packs from :func:`fields` of a
        pair with a resident, 0 in the set order's field and a 1 in the layout's last.
        Packing is linear in the fields and the fields in the terms, so it is the sum of
        each term times the weight that term alone packs to."""
        unit = [0] * (3 + L + 4)  # C1, C3, C5, C6 per level, C7, C8, C9, C10: what a 1 there packs to
        for members, at in zip(plan.fields, lay.shifts):
            for term, w in members:
                unit[term] += w << at
        c6 = unit[3 : 3 + L]
        k7, k8, k9, k10 = unit[3 + L :]
        clean = (1 << lay.shifts[-1]) + sum(c6)  # the last field's 1, and no upfloater on any level
        two = clean + unit[2] + k8 + c9_top * k9 + k10  # two residents: a pair in the bracket, no upfloater
        alone: dict[int, int] = {}  # each upfloater's part, made once

        def weight(u, v):
            c7 = 0 if C7_unmet_preferences(P[u], P[v]) else k7
            if u in res and v in res:
                return two + c7
            f = v if u in res else u
            w = alone.get(f)
            if w is None:
                _, _, c8, c9, c10 = classes[f]
                w = alone[f] = clean - c6[level[f]] + (1 - int(c8)) * k8 + (c9_top - c9) * k9 + (1 - int(c10)) * k10
            return w + c7

        return weight

    per_edge = list(plan.maxima) + ([1 << max(npool - 1, 0)] if order else [])
    if order and not (relax1 or relax3) and _c5_first(profile):
        # a resident's pairs read of him only his colour preference (C7; speed only)
        got = upfloaters_by_candidates(
            ctx,
            oracle,
            residents,
            [p.index for p in pool],
            classes.__getitem__,
            fields,
            outside,
            per_edge,
            lambda r: C7_preference(P[r]),
            relaxed_weights,
        )
        if got is not None:
            return sorted(got, key=lambda i: pos[i])
    mate = _lex_match(ctx, oracle, fields, per_edge)
    return sorted({mate[r] for r in residents if mate[r] not in res}, key=lambda i: pos[i])


def _upfloater_classes(ctx: Ctx) -> list[tuple]:
    """Each player's class as a possible upfloater (:mod:`.upfloater_candidates`): what
    the upfloater matching reads of him, his score (C6), colour preference (C7), and
    whether and how often he is a maximum upfloater and whether he upfloated last round
    (C8-C10); the score as its whole-number key, which classes the players as the score
    does. Made once per round (speed only)."""
    got = ctx.upfloater_classes
    if got is None:
        got = ctx.upfloater_classes = [
            (
                up.score_key,
                C7_preference(up),
                C8_maximum_upfloater(ctx, up),
                C9_upfloat_times(ctx, up),
                C10_upfloated_before(ctx, up),
            )
            for up in ctx.P
        ]
    return got


def A3_2_4_shift(
    ctx: Ctx, oracle: Completion, members: list[int], side: dict[int, str], optimise: bool
) -> dict[int, int]:
    """Art. 3.2.4 (2026): shift players between G1 and G2 so that the two are equal and
    a legal G1 x G2 pairing exists: first, as many players of the smaller subgroup (G1
    if equal) as the pairs it unavoidably forms inside itself, then from the larger one
    to equalise; each time the first set in the order of Art. 4.3 (White seekers by
    ARO then TPN, Black seekers by TPN, sequence numbers middle first) among those that
    yield a legal pairing best on C7.

    One lexicographic matching of the closed bracket (the rest completes the round)
    chooses: C7, then the fewest pairs inside the smaller subgroup, then the smaller
    subgroup's shifters by sequence number, then the larger's. In a pair of two players of
    one subgroup the shifter is the one with the smaller sequence number. With
    ``optimise`` the matching then minimises :func:`.aro.aro_cost` and last the S1 and T2
    positions keep the text's order (the literal method reads only the shifters of the
    matching, which the positions do not change). The criteria come in the
    profile's order, the shifts before ``ARO`` and what it ranks below (:mod:`.profile`);
    without the generation order the shifters' sequence numbers and the positions are
    left out. Returns the mates."""
    P = ctx.P
    profile = ctx.profile
    mem = set(members)
    n1 = sum(1 for i in members if side[i] == WHITE)
    smaller = BLACK if len(members) - n1 < n1 else WHITE
    seq = _shift_sequences(ctx, members, side)
    nm = len(members)
    scale = ctx.aro_scale
    order = profile.generation_order
    # Speed only, the literal method with the generation order: all it reads of the
    # matching is who shifts (the rows and columns of 3.2.6), and that set is the same in
    # every best matching (below), so the weights may be narrowed as long as they order
    # matchings the same way on every field down to the shifters: ARO, 0 on every edge
    # in the literal method, takes no bits, and each shifter field is only as wide as its
    # subgroup (a sequence number is a position within its own subgroup), or narrower
    # still (``width``: see :func:`_first_shifters`).
    narrow = not optimise and order
    in_small = sum(1 for i in members if side[i] == smaller)
    n_small = in_small if narrow else nm
    n_large = nm - n_small if narrow else nm
    width = [n_small, n_large]
    # The positions (last field) only choose among best matchings with the same shifters,
    # which the literal method does not read: left out there, the solver stops at the
    # first best matching it finds (on a 600-player bracket 20 times sooner).
    placed = order and not narrow
    # the ARO bound and the positions, which the narrowed literal method does not read
    big_aro, rpos, cpos = 0, {}, {}
    if not narrow:
        ratings = max((P[i].rating for i in members), default=0)
        big_aro = max((aro_factor(P[i], scale) for i in members), default=0) * ratings + 1
        rpos, cpos = _positions_2026(ctx, members)
    plan = ctx.plan([("C1", [1]), ("C3", [1]), ("C7", [1]), ("ARO", [big_aro])])
    relax1, relax3 = profile.is_relaxed("C1"), profile.is_relaxed("C3")
    cut = plan.split

    def kept(u, v):
        a, b = P[u], P[v]
        return [int(relax1 and R2_1_no_rematch(a, b, ctx.state)), int(relax3 and C3_absolute_colours(a, b))]

    def arrange(terms, inner, f_small, f_large, position):
        got = plan.values(terms)
        shifts = [inner, f_small, f_large] if order else [inner]
        return got[:cut] + shifts + got[cut:] + ([position] if placed else [])

    outside = arrange([0, 0, 1, 0], 0, 0, 0, 0)

    # each member's factors of :func:`.aro.aro_cost`, once per bracket (speed only)
    aro_row = {i: aro_factor(P[i], scale) for i in members} if optimise else {}
    rating = {i: P[i].rating for i in members}

    def head(u, v):
        """The terms of a bracket pair but its position, and its position."""
        c7 = 1 - C7_unmet_preferences(P[u], P[v])
        f_small = f_large = 0
        if side[u] == side[v]:
            inner = int(side[u] != smaller)
            sh = _shifter(u, v, side, seq)
            at = seq[sh]
            if side[sh] == smaller:
                if at < width[0]:
                    f_small = _setbit(at, width[0])
            elif at < width[1]:
                f_large = _setbit(at, width[1])
        else:
            inner, sh = 1, None
        c1, c3 = kept(u, v) if relax1 or relax3 else (0, 0)
        if not (optimise or placed):  # speed only: no ARO term and no position to read
            return (c1, c3, c7, 0, inner, f_small, f_large), 0
        row, col = _roles(u, v, side, sh)
        aro = big_aro - aro_row[row] * rating[col] if optimise else 0  # aro_cost(P[row], P[col], scale)
        return (c1, c3, c7, aro, inner, f_small, f_large), rpos[row] * cpos[col]

    def fields(u, v):
        if u not in mem and v not in mem:
            return arrange(kept(u, v) + [1, 0], 0, 0, 0, 0) if relax1 or relax3 else outside
        if (u in mem) != (v in mem):
            return None
        (c1, c3, c7, aro, inner, f_small, f_large), position = head(u, v)
        return arrange([c1, c3, c7, aro], inner, f_small, f_large, position)

    def bracket_weights(lay):
        """Speed only, pairs of the bracket alone: the weight ``lay`` packs from
        :func:`fields` followed, when the layout has a field after them (that of
        :func:`_lex_match`), by a 1 there: the same integer. Packing is linear in the
        fields and the fields are linear in the terms, so the weight is the sum of each
        term times the weight that term alone packs to; in the literal method (a few
        distinct terms but the position) each sum is made once."""

        def unit(terms=(0, 0, 0, 0), inner=0, f_small=0, f_large=0, position=0):
            return lay.pack(arrange(list(terms), inner, f_small, f_large, position))

        k1, k3, k7, ka = (unit(tuple(int(j == t) for j in range(4))) for t in range(4))
        ki, ks, kl, kp = unit(inner=1), unit(f_small=1), unit(f_large=1), unit(position=1)
        one = 1 << lay.shifts[len(outside)] if len(lay.shifts) > len(outside) else 0
        if not (optimise or placed or relax1 or relax3):
            return _literal_weights(members, side, seq, smaller, width, P, (one, k7, ki, ks, kl))
        packed: dict[tuple, int] = {}

        def weight(u, v):
            key, position = head(u, v)
            w = packed.get(key)
            if w is None:
                c1, c3, c7, aro, inner, f_small, f_large = key
                w = one + c1 * k1 + c3 * k3 + c7 * k7 + aro * ka + inner * ki + f_small * ks + f_large * kl
                if not optimise:
                    packed[key] = w
            return w + position * kp

        return weight

    maxima = list(plan.maxima)

    def per_edge_max():
        shift_max = [1, 1 << width[0], 1 << width[1]] if order else [1]
        return maxima[:cut] + shift_max + maxima[cut:] + ([nm * nm] if placed else [])

    # Speed only, the literal method: the bracket is closed (no pair crosses it) and the
    # witness pairs the players outside among themselves, whose fields are all equal, so
    # the bracket alone is matched: the shifters (all the literal method reads) are the
    # same, fixed by the distinct powers of two of their sequence numbers.
    witness = oracle.witness or {}
    alone = not optimise and not (relax1 or relax3) and all(witness.get(i) in mem for i in members)
    if optimise and not (relax1 or relax3):
        # Speed only, the optimised method: the bracket is closed, so its best pairing
        # is found on the bracket alone when it is the only best one (see the helpers).
        got = _sorted_across(ctx, oracle, members, side) if profile.official else None
        # Speed only: when the first field is C7 and the subgroups are the due colours,
        # the pairs across them are the smaller subgroup's size less twice its pairs
        # inside, so no best matching pairs two of the smaller subgroup if the bracket
        # can be paired otherwise (:func:`_lex_match_closed`'s ``spare``)
        spare = None
        if cut >= 1 and plan.fields[0] == ((2, 1),) and all(side[i] == P[i].due for i in members):
            spare = {i for i in members if side[i] == smaller}
        if got is None and 4 * nm <= 3 * len(oracle.free()):
            # Speed only: the shifter fields as wide as their subgroups, every value of
            # each divided by one power of two: matchings rank the same, so the same one
            # is the only best (or none is), and the result is the same
            closed = [in_small, nm - in_small] if order else list(width)
            if order:
                # Speed only: first with the shifter fields cut as in the literal method
                # (:func:`_first_shifters`): when the one best matching found has all its
                # shifters within the cut, every best matching of the cut problem and of
                # the full one has those shifters, and the fields below them (ARO, the
                # positions) rank the same matchings alike, so the two problems have the
                # same best matchings. Else the full closed solve, as before.
                width[:] = _shift_cut(*closed, cut=CLOSED_SHIFT_CUT)
                if width != closed:
                    got = _lex_match_closed(ctx, oracle, members, fields, per_edge_max(), bracket_weights, spare)
                    if got is not None and not _within_cut(got, members, side, seq, smaller, width):
                        got = None
            if got is None:
                width[:] = closed
                got = _lex_match_closed(ctx, oracle, members, fields, per_edge_max(), bracket_weights, spare)
            width[:] = [n_small, n_large]
        if got is not None:
            return got

    def solve():
        if alone:
            return _lex_match(ctx, oracle, fields, per_edge_max(), among=members, weights=bracket_weights)
        return _lex_match(ctx, oracle, fields, per_edge_max())

    if narrow:
        got = _first_shifters(members, side, seq, smaller, width, solve)
        if got is not None:
            return got
    return solve()


def _literal_weights(
    members: list[int],
    side: dict[int, str],
    seq: dict[int, int],
    smaller: str,
    width: list[int],
    P: list[DP],
    units: tuple[int, int, int, int, int],
) -> Callable[[int, int], int]:
    """Speed only: the weights of :func:`A3_2_4_shift`'s ``bracket_weights`` in the
    literal method with C1 and C3 absolute, where the terms are [C7] (1 when
    :func:`.criteria_2026.C7_unmet_preferences` is 0), the pair lies outside the smaller subgroup, and the shifter's
    bit (the one of the two with the smaller sequence number, in his subgroup's field,
    which weighs 0 past its ``width``): no ARO, no position. ``units``: the weights of
    the last field's 1 and of a 1 in the [C7] term, the inner-pair term and the smaller
    and the larger subgroup's shifter fields. The very integers of the general packing,
    with each member's shifter bit made once."""
    one, k7, ki, ks, kl = units
    bit = {}
    for i in members:
        small = side[i] == smaller
        at, cut = seq[i], width[0 if small else 1]
        bit[i] = (ks if small else kl) * _setbit(at, cut) if at < cut else 0
    across = one + ki

    def weight(u: int, v: int) -> int:
        w = across if C7_unmet_preferences(P[u], P[v]) else k7 + across
        su = side[u]
        if su != side[v]:
            return w
        return (w - ki if su == smaller else w) + bit[u if seq[u] < seq[v] else v]

    return weight


def _first_shifters(members, side, seq, smaller, width, solve) -> dict[int, int] | None:
    """Speed only, the literal method of :func:`A3_2_4_shift`: its matching solved with
    each shifter field cut to the first few sequence numbers of its subgroup (``width``
    set to them; the others weigh 0 there), which keeps the weights within two or three
    machine words. Returns the mates when every shifter found lies within the cut, else
    None (``width`` is set back to the full subgroups for the caller's full solve).

    Exact: the fields above the shifters are unchanged, so both matchings reach the same
    optimum there, which fixes the number of shifters of each subgroup (t_S, the pairs
    inside the smaller subgroup, and t_S + (n_L - n_S) / 2 in the larger). The full
    field ranks shifter sets lexicographically by sequence number (Art. 4.1.3), so the
    best set's part within the cut is the lexicographically first such part, which is
    what the cut field maximises (its weights are distinct powers of two): every best
    matching of the cut problem has the same shifters within the cut as the full one.
    When they are all of the (fixed) number of shifters, no shifter lies past the cut
    in the full problem either: the shifter sets are equal. The smaller subgroup's set
    is settled first, then the same argument holds for the larger one among the
    matchings that have it."""
    full = list(width)
    width[:] = _shift_cut(*full)
    if width == full:
        return None
    mate = solve()
    if not _within_cut(mate, members, side, seq, smaller, width):
        width[:] = full
        return None
    return mate


def _shift_cut(n_small: int, n_large: int, cut: int | None = None) -> list[int]:
    """The shifter fields' widths cut to the first ``cut`` (by default
    :data:`SHIFT_CUT`) sequence numbers of each subgroup past the fewest shifters it
    can give (none of the smaller, half the difference of the larger), at most the
    subgroups' sizes."""
    if cut is None:
        cut = SHIFT_CUT
    return [min(n_small, cut), min(n_large, (n_large - n_small) // 2 + cut)]


def _within_cut(
    mate: dict[int, int], members: list[int], side: dict[int, str], seq: dict[int, int], smaller: str, width: list[int]
) -> bool:
    """Every shifter of ``mate`` in the bracket ``members`` (the one of a pair inside a
    subgroup) has a sequence number within its subgroup's cut ``width``."""
    for u in members:
        v = mate[u]
        if u < v and side[u] == side[v]:
            sh = _shifter(u, v, side, seq)
            if seq[sh] >= width[0 if side[sh] == smaller else 1]:
                return False
    return True


def _sorted_across(ctx: Ctx, oracle: Completion, members: list[int], side: dict[int, str]) -> dict[int, int] | None:
    """Speed only (the optimised method, the official profile): the pairing of
    :func:`A3_2_4_shift` proved without a matching in the case of round 1 and of every
    bracket whose S1 players have one ARO. When G1 and G2 are equal, the pairs across
    are the best on [C7] (each meets both colour preferences; where nobody has played,
    every pair leaves the same preferences unmet, and the first shift criterion then
    forbids pairs inside G1), and need no shifter; with one ARO in G1 the ARO objective
    is the same for every pairing across, and the last tie-break (S1 positions times
    T2 positions, all distinct) has the sorted pairing S1[i] - G2[i] as its only
    maximum (the rearrangement inequality). When all those pairs are legal and the rest
    of the round can be paired around them, they are the pairing. Else None."""
    P = ctx.P
    g1 = [i for i in members if side[i] == WHITE]
    g2 = [i for i in members if side[i] != WHITE]
    if len(g1) != len(g2) or len({P[i].aro_key for i in g1}) > 1:
        return None
    rows = [p.index for p in A3_2_5_s1_order(P[i] for i in g1)]
    cols = [p.index for p in sorted((P[i] for i in g2), key=lambda p: p.tpn)]
    compat = ctx.compat
    pairs = list(zip(rows, cols))
    if not all(compat[a][b] for a, b in pairs) or not oracle.feasible(pairs):
        return None
    mate = {}
    for a, b in pairs:
        mate[a], mate[b] = b, a
    return mate


def _no_upfloater_needed(oracle: Completion, profile: Profile, res: set[int]) -> bool:
    """Speed only. When [C5] is the profile's first quality criterion (the text's
    order), an even bracket whose residents can all be paired among themselves, the rest
    of the round still pairable, takes no upfloater: the upfloater matching would find
    exactly that (its first field counts resident pairs). One cardinality question
    instead of a weighted whole-field matching."""
    if len(res) % 2 or not _c5_first(profile):
        return False
    return oracle.feasible_closed(res, lambda a, b: (a in res) == (b in res))


def _c5_first(profile: Profile) -> bool:
    """[C5] alone is the profile's first quality criterion (the text's order)."""
    levels = profile.levels
    return bool(levels) and levels[0].members == (("C5", 1),)


def _without_shifts(
    ctx: Ctx, oracle: Completion, members: list[int], side: dict[int, str]
) -> tuple[list[int], list[int]] | None:
    """Speed only, the literal method: when G1 and G2 are equal and can be paired across
    (the round still completable), no shift is made. Art. 3.2.4 shifts only to equalise
    or to make a legal pairing possible, and its matching (:func:`A3_2_4_shift`) agrees:
    a pairing across meets every colour preference C7 can meet (White seekers against
    the others; in a bracket where nobody has played, everyone's mild Black is unmet in
    every pair) and needs no shifter. Returns (G1, G2), or None to shift."""
    g1 = [i for i in members if side[i] == WHITE]
    g2 = [i for i in members if side[i] != WHITE]
    if len(g1) != len(g2):
        return None
    mem, s1 = set(members), set(g1)

    def across(a, b):
        return (a in s1) != (b in s1) if (a in mem or b in mem) else True

    return (g1, g2) if oracle.feasible_closed(members, across) else None


def _pair_bracket_2026(ctx: Ctx, oracle: Completion, residents: list[int], optimise: bool) -> list[tuple[int, int]]:
    P = ctx.P
    ups = A3_2_2_upfloaters(ctx, oracle, residents)
    members = residents + ups
    side = A3_2_3_split(ctx, members)
    mem = set(members)
    plain = None if optimise else _without_shifts(ctx, oracle, members, side)
    if plain is not None:
        rows, cols = plain
    else:
        mate = A3_2_4_shift(ctx, oracle, members, side, optimise)
        seq = _shift_sequences(ctx, members, side)
        pairs = []
        rows, cols = [], []
        for u in members:
            v = mate[u]
            if u < v:
                sh = _shifter(u, v, side, seq) if side[u] == side[v] else None
                row, col = _roles(u, v, side, sh)
                pairs.append((row, col))
                rows.append(row)
                cols.append(col)
        if optimise:
            return pairs
    s1 = [p.index for p in A3_2_5_s1_order(P[i] for i in rows)]
    t2 = [p.index for p in sorted((P[i] for i in cols), key=lambda p: p.tpn)]
    rset, cset = set(s1), set(t2)

    def edge_ok(a, b):
        if a in mem or b in mem:
            return (a in rset and b in cset) or (a in cset and b in rset)
        return True

    def ok(partial):  # edge_ok keeps the bracket closed: the bracket alone is asked
        return oracle.feasible_closed(members, edge_ok, partial)

    # Speed only: when each row's first column it may meet completes the round, that
    # assignment is the first legal one (:func:`.completion.seed_rows`)
    got = seed_rows(oracle, s1, t2, edge_ok, members)
    if got is None:
        got = A3_2_6_transposition(s1, t2, ok)
    if got is None:  # pragma: no cover - the matching above is such an assignment
        raise SelfCheckError("3.2.6: no legal transposition although a legal bracket pairing exists")
    return got


def _pair_2026(ctx: Ctx, optimise: bool) -> tuple[list[tuple[int, int]], int | None]:
    oracle = Completion(ctx.n, ctx.compat)
    if not oracle.feasible() and ctx.n % 2 == 0:
        raise NoPairingError("no legal pairing of the whole round exists (C1, C3)")
    bye = A3_1_bye(ctx, oracle)
    if bye is not None:
        oracle.remove(bye)
    if not oracle.feasible():
        raise NoPairingError("no legal pairing of the whole round exists (C1, C3)")
    pairs: list[tuple[int, int]] = []
    groups: dict[int, list[int]] = {}  # score (its whole-number key) -> its players, in ctx.P's order
    for p in ctx.P:
        groups.setdefault(p.score_key, []).append(p.index)
    scores = sorted(groups, reverse=True)
    for k, s in enumerate(scores):
        progress.step(k + 1, len(scores))
        free = set(oracle.free())
        residents = [i for i in groups[s] if i in free]
        if not residents:
            continue
        got = _pair_bracket_2026(ctx, oracle, residents, optimise)
        for a, b in got:
            if not oracle.feasible([(a, b)]):  # pragma: no cover
                raise SelfCheckError("a bracket pair broke completion")
            oracle.commit(a, b)
        pairs += got
    return pairs, bye
