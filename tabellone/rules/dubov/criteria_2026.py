"""The 2026 quality criteria [C5]-[C10] (Art. 2.3) and the choices of Art. 3.2 among
pairings equal on them: per pair or upfloater (the optimiser's edge terms) and per
bracket (the values the verifier compares).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from tabellone.rules.dubov.aro import _aro_scale, aro_cost
from tabellone.rules.dubov.brackets import _shift_view
from tabellone.rules.dubov.orders import A3_2_5_s1_order, A4_2_upfloater_order
from tabellone.rules.dubov.players import A1_8_max_t
from tabellone.rules.dubov.restrictions import C3_absolute_colours, R2_1_no_rematch

if TYPE_CHECKING:
    from tabellone.rules.dubov.brackets import Bracket
    from tabellone.rules.dubov.context import Ctx
    from tabellone.rules.dubov.players import DP


def _max_upfloater(ctx: Ctx, p: DP) -> bool:
    """Art. 1.8.1 (2026): upfloated MaxT times already."""
    return p.upfloats >= A1_8_max_t(ctx.total_rounds)


def C7_preference(p: DP) -> str:
    """What [C7] (Art. 2.3.3) reads of one player: the colour he prefers. Every player
    has one (no games: mild Black, 1.6.4); two players leave one preference unmet
    exactly when theirs are the same (:func:`C7_unmet_preferences`)."""
    return p.due


def C7_unmet_preferences(a: DP, b: DP) -> int:
    """[C7] (Art. 2.3.3) for one pair: how many of the two do not get their colour
    preference (:func:`C7_preference`). 5.2.2 grants both when they differ, so this is
    1 when both prefer the same colour, else 0."""
    return int(C7_preference(a) == C7_preference(b))


def C8_maximum_upfloater(ctx: Ctx, up: DP) -> bool:
    """[C8] (Art. 2.3.4) for one upfloater: a maximum upfloater (1.8), unless this is the
    last round."""
    return not ctx.last_round and _max_upfloater(ctx, up)


def C9_upfloat_times(ctx: Ctx, up: DP) -> int:
    """[C9] (Art. 2.3.5) for one upfloater: the times a maximum upfloater has been
    upfloated (0 for any other upfloater, and in the last round). Reading: the text's
    "number of times a maximum upfloater is upfloated" is summed over the bracket."""
    return up.upfloats if C8_maximum_upfloater(ctx, up) else 0


def C10_upfloated_before(ctx: Ctx, up: DP) -> bool:
    """[C10] (Art. 2.3.6) for one upfloater: he upfloated in the previous round (not
    counted in the last round)."""
    return not ctx.last_round and up.upfloated_last


def C5_upfloaters(ctx: Ctx, br: Bracket) -> int:
    """[C5] (Art. 2.3.1): the number of upfloaters."""
    return len(br.ups)


def C6_upfloater_scores(ctx: Ctx, br: Bracket) -> tuple[Fraction, ...]:
    """[C6] (Art. 2.3.2): the score differences in the pairs with upfloaters, largest
    first (so the upfloaters' scores are as high as possible)."""
    return tuple(sorted((br.score - ctx.P[u].score for u in br.ups), reverse=True))


def C7_colour_preferences(ctx: Ctx, br: Bracket) -> int:
    """[C7] (Art. 2.3.3): players of the bracket who do not get their colour preference
    (:func:`C7_unmet_preferences` summed over its pairs)."""
    return sum(C7_unmet_preferences(ctx.P[u], ctx.P[v]) for u, v in br.pairs)


def C8_maximum_upfloaters(ctx: Ctx, br: Bracket) -> int:
    """[C8] (Art. 2.3.4): upfloaters who are maximum upfloaters (not in the last round)."""
    return sum(1 for u in br.ups if C8_maximum_upfloater(ctx, ctx.P[u]))


def C9_maximum_upfloats(ctx: Ctx, br: Bracket) -> int:
    """[C9] (Art. 2.3.5): the times the maximum upfloaters among the upfloaters have
    been upfloated (not in the last round)."""
    return sum(C9_upfloat_times(ctx, ctx.P[u]) for u in br.ups)


def C10_repeated_upfloaters(ctx: Ctx, br: Bracket) -> int:
    """[C10] (Art. 2.3.6): upfloaters who upfloated in the previous round (not in the
    last round)."""
    return sum(1 for u in br.ups if C10_upfloated_before(ctx, ctx.P[u]))


def A3_2_2_upfloater_numbers(ctx: Ctx, br: Bracket) -> tuple[int, ...]:
    """Art. 3.2.2 with 4.1.3 and 4.2: among the sets of upfloaters equally good on
    [C5]-[C10], the first: the upfloaters' sequence numbers (#1 = highest score, then
    smallest TPN, among the players below still to pair), ascending. For sets of one size
    the text's order of sets is the order of these tuples."""
    number = {p.index: k for k, p in enumerate(A4_2_upfloater_order(ctx.P[i] for i in br.pool), start=1)}
    return tuple(sorted(number[u] for u in br.ups))


def A3_2_4_pairs_inside(ctx: Ctx, br: Bracket) -> int:
    """Art. 3.2.4, first step: the pairs the smaller subgroup (G1 when equal) forms inside
    itself; each shifts one of its players into the other subgroup."""
    view = _shift_view(ctx, br)
    return sum(1 for u, v in br.pairs if view.side[u] == view.side[v] == view.smaller)


def A3_2_4_shifters_smaller(ctx: Ctx, br: Bracket) -> tuple[int, ...]:
    """Art. 3.2.4 with 4.3, first step: the shifters taken from the smaller subgroup, by
    their sequence numbers of 4.3 (#1 the middle of the sorted list), ascending: the
    best set is the first one."""
    view = _shift_view(ctx, br)
    return tuple(sorted(view.seq[x] + 1 for x in view.shifters if view.side[x] == view.smaller))


def A3_2_4_shifters_larger(ctx: Ctx, br: Bracket) -> tuple[int, ...]:
    """Art. 3.2.4 with 4.3, second step: the shifters taken from the larger subgroup to
    equalise the two, by sequence number, ascending."""
    view = _shift_view(ctx, br)
    return tuple(sorted(view.seq[x] + 1 for x in view.shifters if view.side[x] != view.smaller))


def A3_2_6_transposition_numbers(ctx: Ctx, br: Bracket) -> tuple[int, ...]:
    """Art. 3.2.6 with 4.4: T2 as the sequence numbers of the G2 players (#1 the smallest
    TPN) read in S1 order (Art. 3.2.5: ascending ARO, then TPN). Transpositions are taken
    in the lexicographic order of these tuples, and T2 is the first that yields a legal
    pairing."""
    P = ctx.P
    roles = _shift_view(ctx, br).roles
    column_of = dict(roles)
    g2 = sorted((P[c] for _, c in roles), key=lambda p: p.tpn)
    number = {p.index: k for k, p in enumerate(g2, start=1)}
    return tuple(number[column_of[p.index]] for p in A3_2_5_s1_order(P[r] for r, _ in roles))


def C1_rematches(ctx: Ctx, br: Bracket) -> int:
    """[C1] counted, for a profile that makes it a quality criterion: the bracket's
    pairs of players who have met (or may not meet)."""
    return sum(1 for u, v in br.pairs if not R2_1_no_rematch(ctx.P[u], ctx.P[v], ctx.state))


def C3_absolute_clashes(ctx: Ctx, br: Bracket) -> int:
    """[C3] counted, for a profile that makes it a quality criterion: the bracket's
    pairs of two players with the same absolute colour preference."""
    return sum(1 for u, v in br.pairs if not C3_absolute_colours(ctx.P[u], ctx.P[v]))


def ARO_balance(ctx: Ctx, br: Bracket) -> int:
    """``ARO`` (the optimised method's objective, Art. 3.2.5-3.2.6): the sum of
    :func:`aro_cost` over the bracket's pairs read as (S1 row, G2 column)."""
    P = ctx.P
    scale = _aro_scale(P)
    return sum(aro_cost(P[r], P[c], scale) for r, c in _shift_view(ctx, br).roles)
