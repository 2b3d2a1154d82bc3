"""Art. 3.6: pairing a bracket ([C8], then the identifiers of 3.6.2), literal and optimised."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from tabellone.core.errors import SelfCheckError
from tabellone.matching.completion import CompletionOracle
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.double_swiss.criteria import C8_cost, perfect
from tabellone.rules.double_swiss.first_assignment import first_assignment
from tabellone.rules.double_swiss.state import Ctx


def A3_6_identifier(ctx: Ctx, pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """3.6.1-3.6.2: the TPNs of the top members (the smaller TPN of each pair) in
    ascending order, then the bottom member of each of those pairs. Example of the text:
    11-24 16-6 10-9 8-4 is identified by 4 6 9 11 8 16 10 24."""
    P = ctx.P
    tb = sorted((min(P[a].tpn, P[b].tpn), max(P[a].tpn, P[b].tpn)) for a, b in pairs)
    return tuple(t for t, _ in tb) + tuple(b for _, b in tb)


def _c8_best(ctx: Ctx, members: list[int], top: int) -> int:
    """The fewest [C8] any legal pairing of the bracket has: 0 when the completion oracle
    pairs it with no pair that costs [C8] (or nobody floated), else the weighted
    matching's least."""
    if ctx.last or not any(ctx.P[i].floated for i in members):
        return 0
    if CompletionOracle(lambda a, b: ctx.may_meet(a, b) and C8_cost(ctx, a, b, top) == 0).complete(members):
        return 0
    cap = 2
    mate = perfect(ctx, members, weight=lambda a, b: cap - C8_cost(ctx, a, b, top))
    if mate is None:
        raise SelfCheckError("the bracket has no legal pairing (checked when its upfloaters were chosen)")
    return sum(C8_cost(ctx, a, b, top) for a, b in mate.items() if a < b)


def pair_literal(ctx: Ctx, members: list[int], top: Fraction) -> list[tuple[int, int]]:
    """Art. 3.6 as written: the first pairing, in the lexicographic order of the
    identifiers, that is legal ([C1]) with the fewest [C8] any legal pairing has. Built
    element by element: each next top member, then each top member's bottom member, is
    the smallest one a pairing with that [C8] can still complete.

    Whether one can is an exact question, answered the cheapest way that is still exact:
    the last pairing found that completes (the *witness*) when it already keeps the new
    choice; else, when the least [C8] is 0, the completion oracle over the pairs that
    cost none (:class:`~tabellone.matching.completion.CompletionOracle`: a greedy witness,
    the exact matching only when that fails); else the weighted matching."""
    P = ctx.P
    by_tpn = sorted(members, key=lambda i: P[i].tpn)
    tpn = {i: P[i].tpn for i in members}
    level = ctx.level[top]
    # the first identifier of all, if legal and as good: tops = first half, in order
    h = len(by_tpn) // 2
    natural = list(zip(by_tpn[:h], by_tpn[h:]))
    natural_ok = all(ctx.may_meet(a, b) for a, b in natural)
    if natural_ok and sum(C8_cost(ctx, a, b, level) for a, b in natural) == 0:
        return natural
    best = _c8_best(ctx, members, level)
    if natural_ok and sum(C8_cost(ctx, a, b, level) for a, b in natural) == best:
        return natural
    role: dict[int, str] = {}
    fixed: list[tuple[int, int]] = []
    witness: dict[int, int] = {}  # a legal pairing of the bracket with [C8] <= best, keeping the choices made

    def keeps(roles: dict[int, str], a: int, b: int) -> bool:
        lo, hi = (a, b) if tpn[a] < tpn[b] else (b, a)
        return roles.get(lo) != "bottom" and roles.get(hi) != "top"

    def feasible(roles: dict[int, str], pairs: list[tuple[int, int]]) -> bool:
        nonlocal witness
        if witness and all(witness[a] == b for a, b in pairs) and all(keeps(roles, a, b) for a, b in witness.items()):
            return True
        done = {x for p in pairs for x in p}
        free = [i for i in members if i not in done]
        spent = sum(C8_cost(ctx, a, b, level) for a, b in pairs)
        if best == 0:
            if spent:
                return False
            oracle = CompletionOracle(
                lambda a, b: ctx.may_meet(a, b) and keeps(roles, a, b) and C8_cost(ctx, a, b, level) == 0
            )
            mate = oracle.complete(free)
        else:
            mate = perfect(
                ctx, free, weight=lambda a, b: 2 - C8_cost(ctx, a, b, level), allowed=lambda a, b: keeps(roles, a, b)
            )
            if mate is not None and spent + sum(C8_cost(ctx, a, b, level) for a, b in mate.items() if a < b) > best:
                mate = None
        if mate is None:
            return False
        witness = dict(mate)
        for a, b in pairs:
            witness[a], witness[b] = b, a
        return True

    last = -1
    for _ in range(h):
        for k in range(last + 1, len(by_tpn)):
            x = by_tpn[k]
            trial = dict(role)
            trial[x] = "top"
            for j in range(last + 1, k):
                trial[by_tpn[j]] = "bottom"
            if feasible(trial, fixed):
                role, last = trial, k
                break
        else:
            raise SelfCheckError("no top member can be chosen (the bracket was legal)")
    for x in by_tpn:
        role.setdefault(x, "bottom")
    tops = [x for x in by_tpn if role[x] == "top"]
    taken: set[int] = set()
    for a in tops:
        for b in by_tpn:
            if role[b] != "bottom" or b in taken or tpn[b] < tpn[a] or not ctx.may_meet(a, b):
                continue
            if feasible(role, fixed + [(a, b)]):
                fixed.append((a, b))
                taken.add(b)
                break
        else:
            raise SelfCheckError("no bottom member can be chosen (the tops were feasible)")
    return fixed


def pair_optimised(ctx: Ctx, members: list[int], top: Fraction) -> list[tuple[int, int]]:
    """Art. 3.6 by optimisation, in two exact stages instead of one matching whose
    weights would hold the whole identifier (:func:`pair_one_matching`, a bit per member
    and a field per member: thousands of bits at a thousand players).

    0. The pairing of the first half with the second in order, when it is legal with the
       least [C8] (:func:`_c8_best`): its identifier is the first of all.
    1. [C8] and the top members. The least [C8]; then the first half
       of the bracket in TPN order, the smallest set of ``n // 2`` members there is, if a
       pairing with that [C8] has exactly those as top members (each paired with one of
       the second half: a bipartite matching). Every pairing has ``n // 2`` top members,
       so no identifier can start lower. Otherwise one maximum-weight matching whose
       weights are [C8] and a bit per member for the top members (the
       lexicographically first sorted set of tops has the greatest sum, as in
       :func:`pair_one_matching`).
    2. The bottom members. With the top members settled, the pairings left are the
       perfect matchings of the bipartite graph from the top members to the others (a
       top member only with a later member), those of least [C8] are wanted, and among
       them the first in the order of the identifier's second half:
       :func:`~tabellone.rules.double_swiss.first_assignment.first_assignment` (LP
       potentials and alternating cycles, no weight per position).

    The answer is the first identifier of least [C8], the same as the single matching's:
    ``tests/rules/double_swiss`` compares the two on generated brackets."""
    P = ctx.P
    by_tpn = sorted(members, key=lambda i: P[i].tpn)
    n = len(by_tpn)
    if n == 0:
        return []
    pos = {i: k for k, i in enumerate(by_tpn)}
    level = ctx.level[top]
    best = _c8_best(ctx, members, level)
    barred = ctx.barred
    # only an upfloater's pair can cost [C8]: those pairs' costs, the rest cost 0
    charged: dict[tuple[int, int], int] = {}
    for u in members:
        if ctx.lv[u] < level:
            for x in members:
                c = C8_cost(ctx, u, x, level)
                if c:
                    charged[min(u, x), max(u, x)] = c

    def cost(a: int, b: int) -> int:
        return charged.get((min(a, b), max(a, b)), 0) if best else 0

    def usable(a: int, b: int) -> bool:  # [C1], and no pair costing [C8] when none need to
        return b not in barred[a] and (best > 0 or (min(a, b), max(a, b)) not in charged)

    h = n // 2
    natural = list(zip(by_tpn[:h], by_tpn[h:]))
    if all(usable(a, b) for a, b in natural) and sum(cost(a, b) for a, b in natural) == best:
        return natural  # the first identifier of all (the first half on top, each with the next of the second)
    mate = _tops_first_half(ctx, by_tpn, best, cost, usable)
    if mate is None:
        mate = _tops_by_matching(ctx, by_tpn, top)
    tops = sorted((x for x in mate if pos[x] < pos[mate[x]]), key=pos.__getitem__)
    top_set = set(tops)
    bottoms = [x for x in by_tpn if x not in top_set]
    edges = {pos[t]: [(pos[b], cost(t, b)) for b in bottoms if pos[b] > pos[t] and usable(t, b)] for t in tops}
    first = first_assignment([pos[t] for t in tops], edges, {pos[t]: pos[mate[t]] for t in tops})
    return [(by_tpn[t], by_tpn[first[t]]) for t in sorted(first)]


def _tops_first_half(
    ctx: Ctx, by_tpn: list[int], best: int, cost: Callable[[int, int], int], usable: Callable[[int, int], bool]
) -> dict[int, int] | None:
    """A pairing of least [C8] (``best``) whose top members are the first half of
    ``by_tpn``, or None when there is none."""
    h = len(by_tpn) // 2
    first = set(by_tpn[:h])

    def across(a: int, b: int) -> bool:
        return (a in first) != (b in first) and usable(a, b)

    if best == 0:
        return CompletionOracle(across).complete(by_tpn)
    mate = perfect(ctx, by_tpn, weight=lambda a, b: 2 - cost(a, b), allowed=across)
    if mate is None or sum(cost(a, b) for a, b in mate.items() if a in first) != best:
        return None
    return mate


def _tops_by_matching(ctx: Ctx, by_tpn: list[int], top: Fraction) -> dict[int, int]:
    """A pairing of least [C8] whose top members are the lexicographically first set
    possible: one maximum-weight matching of [C8] and a bit per member."""
    n = len(by_tpn)
    pos = {i: k for k, i in enumerate(by_tpn)}
    layout = fit_layout(["C8", "tops"], [2 * (n // 2), (1 << n) - 1])

    def weight(a: int, b: int) -> int:
        lo = a if pos[a] < pos[b] else b
        return layout.pack([2 - C8_cost(ctx, a, b, top), 1 << (n - 1 - pos[lo])])

    mate = perfect(ctx, by_tpn, weight=weight)
    if mate is None:
        raise SelfCheckError("the bracket has no legal pairing (checked when its upfloaters were chosen)")
    return mate


def pair_one_matching(ctx: Ctx, members: list[int], top: Fraction) -> list[tuple[int, int]]:
    """Art. 3.6 as one maximum-weight perfect matching of the bracket. Fields, most
    significant first: [C8]; the top members (a bit per player, the smallest TPN the
    highest: the lexicographically first sorted set of tops has the greatest sum); then,
    for each player in TPN order, its bottom member's place if it is a top member (the
    identifier's second half). Exact but slow on large brackets (weights of about
    ``n log n`` bits): :func:`pair_optimised` reaches the same pairing in stages."""
    P = ctx.P
    by_tpn = sorted(members, key=lambda i: P[i].tpn)
    n = len(by_tpn)
    pos = {i: k for k, i in enumerate(by_tpn)}
    h = n // 2
    names = ["C8", "tops"] + [f"bottom:{k}" for k in range(n)]
    layout = fit_layout(names, [2 * h, (1 << n) - 1] + [n] * n)

    def weight(a: int, b: int) -> int:
        lo, hi = (a, b) if pos[a] < pos[b] else (b, a)
        vals = [0] * len(names)
        vals[0] = 2 - C8_cost(ctx, a, b, top)
        vals[1] = 1 << (n - 1 - pos[lo])
        vals[2 + pos[lo]] = n - pos[hi]
        return layout.pack(vals)

    mate = perfect(ctx, members, weight=weight)
    if mate is None:
        raise SelfCheckError("the bracket has no legal pairing (checked when its upfloaters were chosen)")
    return sorted(((a, b) for a, b in mate.items() if pos[a] < pos[b]), key=lambda ab: pos[ab[0]])
