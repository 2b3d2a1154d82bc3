"""Art. 3.6: pairing a bracket ([C8], then the identifiers of 3.6.2), literal and optimised."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from tabellone.core.errors import SelfCheckError
from tabellone.matching.completion import CompletionOracle
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.double_swiss.criteria import C8_cost, perfect
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
    """Art. 3.6 as one maximum-weight perfect matching of the bracket. Fields, most
    significant first: [C8]; the top members (a bit per player, the smallest TPN the
    highest: the lexicographically first sorted set of tops has the greatest sum); then,
    for each player in TPN order, its bottom member's place if it is a top member (the
    identifier's second half)."""
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
