"""The completion oracle ([C3], 2.2) and the relative criteria of the upfloaters and
their opponents ([C6]-[C8], 2.3.3-2.3.5)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from tabellone.matching.backends import max_weight_matching
from tabellone.rules.double_swiss.state import Ctx
from tabellone.rules.top_scoregroup import C6_upfloaters_needed


def perfect(
    ctx: Ctx,
    vertices: Iterable[int],
    weight: Callable[[int, int], int] | None = None,
    allowed: Callable[[int, int], bool] | None = None,
) -> dict[int, int] | None:
    """A perfect matching of ``vertices`` over pairs that may meet ([C1]) and are
    ``allowed``, of greatest total ``weight`` (non-negative); ``None`` if there is none.
    [C3] (2.2.1) is this test on the players still to pair."""
    vs = sorted(vertices)
    if not vs:
        return {}
    if len(vs) % 2:
        return None
    pos = {v: k for k, v in enumerate(vs)}
    edges = []
    may = ctx.may_meet
    for k, a in enumerate(vs):
        for b in vs[k + 1 :]:
            if may(a, b) and (allowed is None or allowed(a, b)):
                edges.append((pos[a], pos[b], 1 + (weight(a, b) if weight else 0)))
    ctx.solves += 1
    mate = max_weight_matching(len(vs), edges, max_cardinality=True)
    if len(mate) != len(vs):
        return None
    return {vs[i]: vs[j] for i, j in mate.items()}


def completes(ctx: Ctx, vertices: Iterable[int]) -> bool:
    """[C3] (2.2.1): ``vertices`` can all be paired under [C1] (:func:`perfect` without
    weights, answered by the completion oracle: a greedy witness first, the exact
    matching only when that fails, so the answer is the same)."""
    return ctx.oracle.complete(sorted(vertices)) is not None


def C7_count(ctx: Ctx, upfloaters: Iterable[int]) -> int:
    """[C7] (2.3.4): except in the last round, the upfloaters who were floaters in the
    previous round (Art. 1.5)."""
    return 0 if ctx.last else sum(1 for u in upfloaters if ctx.P[u].floated)


def C8_cost(ctx: Ctx, a: int, b: int, top: Fraction | int) -> int:
    """[C8] (2.3.5) for one pair of a bracket whose residents score ``top``: except in the
    last round, the opponents of upfloaters that were floaters in the previous round."""
    if ctx.last:
        return 0
    P, lv, t = ctx.P, ctx.lv, ctx.level[top] if isinstance(top, Fraction) else top
    return int(lv[a] < t and P[b].floated) + int(lv[b] < t and P[a].floated)


def C6_need(ctx: Ctx, residents: Sequence[int], chosen: Sequence[int], remaining: set[int]) -> int:
    """[C6] (2.3.3) as a number to minimise (:mod:`tabellone.rules.top_scoregroup`, the reading
    shared with C.04.6): the upfloaters the following scoregroup (the next lower score
    among the players still to pair), what ``chosen`` left of it, will need in its own
    bracket, [C1] and [C3] kept; 0 when the upfloaters emptied it. Only that scoregroup is
    looked at (the note to 2.3.3). ``chosen`` is assumed legal (3.5.5)."""
    legal, need = legal_and_c6(ctx, residents, chosen, remaining)
    return need if legal else len(remaining) + 1


def following_group(ctx: Ctx, residents: Sequence[int], chosen: Sequence[int], remaining: set[int]) -> set[int]:
    """What is left of the following scoregroup (2.3.3) once ``chosen`` float up."""
    _P, lv = ctx.P, ctx.lv
    top = lv[residents[0]]
    below = [lv[i] for i in remaining if lv[i] < top]
    if not below:
        return set()
    level = max(below)
    taken = set(chosen)
    return {i for i in remaining if lv[i] == level and i not in taken}


def legal_and_c6(ctx: Ctx, residents: Sequence[int], chosen: Sequence[int], remaining: set[int]) -> tuple[bool, int]:
    """Two questions about a set of upfloaters: is it legal (3.5.5: the bracket pairs
    under [C1] and everybody left pairs too, [C3]: a perfect matching of the players
    still to pair with no pair across the bracket's edge) and how many upfloaters the
    following scoregroup will then need ([C6],
    :func:`tabellone.rules.top_scoregroup.C6_upfloaters_needed`; the bracket's own pairs touch no
    player of that scoregroup, so they do not change the count). The bracket and the rest
    are paired apart; the count is the least number of the scoregroup's players paired
    outside it, and never less than the parity of its size, so a matching reaching that
    parity (:func:`C6_at_parity`) answers without the weighted matching."""
    bracket = set(residents) | set(chosen)
    rest = remaining - bracket
    if not completes(ctx, bracket):
        return False, 0
    group = following_group(ctx, residents, chosen, remaining)
    if not group:  # the count is 0; legality still needs the rest to pair
        return completes(ctx, rest), 0
    if C6_at_parity(ctx, group, rest):
        return True, len(group) % 2
    need = C6_upfloaters_needed(group, rest, lambda vs, weight: perfect(ctx, vs, weight=weight))
    return (False, 0) if need is None else (True, need)


def C6_at_parity(ctx: Ctx, group: set[int], rest: set[int]) -> bool:
    """Whether ``rest`` pairs with as few of ``group``'s players paired outside it as its
    size's parity allows (none when even, one when odd): ``group`` paired among itself,
    one left over when odd, who pairs into the others, and the others among themselves.
    A witness the completion oracle finds; False only says it found none (the exact
    count is then computed by the weighted matching)."""
    oracle = ctx.oracle
    inside = oracle.complete(sorted(group), exposable=(lambda x: True) if len(group) % 2 else None)
    if inside is None:
        return False
    left = [g for g in group if g not in inside]
    return oracle.complete(sorted(rest - group), must=left) is not None
