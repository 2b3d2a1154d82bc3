"""Art. 3.6: pairing a bracket ([C8]-[C10], then the identifiers), literal (a bounded
search) and optimised."""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence

from tabellone.core.errors import SelfCheckError
from tabellone.core.model import BLACK, WHITE
from tabellone.rules.team_swiss.completion import C1_compatible, perfect_over
from tabellone.rules.team_swiss.sides import STRONG, Ctx

#: Most search nodes the literal bracket search may visit before it gives up.
LITERAL_BUDGET = 3_000_000


class BudgetExceeded(SelfCheckError):
    """The literal bracket search met its node budget (a bracket too large to enumerate)."""


def pair_cost(ctx: Ctx, a: int, b: int, ups: frozenset[int]) -> tuple[int, int, int]:
    """([C8], [C9], [C10]) of the pair ``a``-``b`` in a bracket whose upfloaters are
    ``ups``: a preference lost when both want the same colour (Art. 4 grants the rest);
    (Type B) a strong one lost when both strongly want it; upfloaters meeting a team that
    floated in the previous round."""
    A, B = ctx.sides[a], ctx.sides[b]
    c8 = int(A.pref is not None and A.pref == B.pref)
    c9 = int(c8 and ctx.preferences == "B" and A.strength == STRONG and B.strength == STRONG)
    c10 = 0
    if ctx.floats_count:
        c10 = int(a in ups and B.floated) + int(b in ups and A.floated)
    return c8, c9, c10


def identifier(pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """Art. 3.6.2: the top members (smaller TPNs) in ascending order, then the bottom
    member of each in the same order. ``11-24 16-6 10-9 8-4`` -> ``4 6 9 11 8 16 10 24``."""
    ordered = sorted((min(p), max(p)) for p in pairs)
    return tuple(t for t, _ in ordered) + tuple(b for _, b in ordered)


def _lower_bound(ctx: Ctx, teams: Iterable[int]) -> tuple[int, int, int]:
    """A bound no pairing of ``teams`` beats on ([C8], [C9], [C10]): teams wanting one
    colour beyond those that can take the other (or have no wish) must meet each other."""
    wants = {WHITE: 0, BLACK: 0}
    strong = {WHITE: 0, BLACK: 0}
    n = 0
    for x in teams:
        n += 1
        s = ctx.sides[x]
        if s.pref:
            wants[s.pref] += 1
            if s.strength == STRONG:
                strong[s.pref] += 1
    lb8 = max(0, *((wants[c] - (n - wants[c]) + 1) // 2 for c in wants))
    lb9 = max(0, *((strong[c] - (n - strong[c]) + 1) // 2 for c in strong)) if ctx.preferences == "B" else 0
    return lb8, lb9, 0


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


#: A step of the literal search: a generator that yields the sub-searches it calls and
#: returns whether the search is over (see :func:`_run`).
Search = Generator["Search", bool | None, bool]


def _run(search: Search) -> bool:
    """Run a recursive search written as generators (each call ``yield``-ed) with a stack
    of its own, so its depth (a level per team of the bracket, and one per top member)
    is not bounded by Python's recursion limit (a bracket of a thousand teams, round 1 of
    a large event, goes some 1,500 calls deep)."""
    stack = [search]
    result: bool | None = None
    while stack:
        try:
            call = stack[-1].send(result)
        except StopIteration as done:
            stack.pop()
            result = done.value
            continue
        stack.append(call)
        result = None
    return bool(result)


def literal_bracket(ctx: Ctx, bracket: Sequence[int], ups: frozenset[int]) -> list[tuple[int, int]]:
    """Art. 3.6 as written: the bracket's pairings in the order of their identifiers, the
    first whose ([C8], [C9], [C10]) is least, [C1] always. The search labels the teams,
    by ascending TPN, top member or bottom member (top first: a smaller top member makes a
    smaller identifier), then gives the top members, in ascending order, their bottom
    members, smallest first; it cuts a branch that cannot beat the best pairing found."""
    vs = sorted(bracket)
    m = len(vs)
    half = m // 2
    whole = _lower_bound(ctx, vs)
    best: list = [None, None]  # cost, pairs

    def assign(tops: list[int], bottoms: list[int], i: int, used: set[int], cost, pairs) -> Search:
        ctx.nodes += 1
        if ctx.nodes > LITERAL_BUDGET:
            raise BudgetExceeded(f"team-swiss literal: bracket of {m} teams exceeds the search budget")
        if i == len(tops):
            if best[0] is None or cost < best[0]:
                best[0], best[1] = cost, list(pairs)
            return best[0] == whole
        rest = list(tops[i:]) + [b for b in bottoms if b not in used]
        if best[0] is not None and _add(cost, _lower_bound(ctx, rest)) >= best[0]:
            return False
        t = tops[i]
        for b in bottoms:
            if b in used or b < t or not C1_compatible(ctx, t, b):
                continue
            used.add(b)
            pairs.append((t, b))
            done = yield assign(tops, bottoms, i + 1, used, _add(cost, pair_cost(ctx, t, b, ups)), pairs)
            pairs.pop()
            used.discard(b)
            if done:
                return True
        return False

    def label(i: int, tops: list[int], bottoms: list[int]) -> Search:
        ctx.nodes += 1
        if i == m:
            return (yield assign(tops, bottoms, 0, set(), (0, 0, 0), []))
        x = vs[i]
        if len(tops) < half:
            tops.append(x)
            if (yield label(i + 1, tops, bottoms)):
                return True
            tops.pop()
        if len(bottoms) < len(tops):
            bottoms.append(x)
            if (yield label(i + 1, tops, bottoms)):
                return True
            bottoms.pop()
        return False

    _run(label(0, [], []))
    if best[1] is None:  # pragma: no cover - the set was chosen legal
        raise SelfCheckError("team-swiss literal: a legal bracket has no pairing")
    return best[1]


def optimised_bracket(ctx: Ctx, bracket: Sequence[int], ups: frozenset[int]) -> list[tuple[int, int]]:
    """Art. 3.6 as an optimisation: a maximum-weight perfect matching whose weights rank
    ([C8], [C9], [C10]) lexicographically finds their least value; then, for the teams by
    ascending TPN, each is made a top member when the optimum allows it, and the top
    members in turn take the smallest bottom member the optimum allows: the first
    identifier (3.6.3) among the optimal pairings."""
    vs = sorted(bracket)
    K = len(vs) + 2
    big = 3 * K**3

    def cost(a, b):
        c = pair_cost(ctx, a, b, ups)
        return c[0] * K * K + c[1] * K + c[2]

    allowed: dict[int, set[int]] = {a: {b for b in vs if b != a and C1_compatible(ctx, a, b)} for a in vs}
    # every [C1]-compatible pair with its weight, once, in the order perfect() builds them
    weighted = [
        (k, k + 1 + j, big - cost(a, b), a, b)
        for k, a in enumerate(vs)
        for j, b in enumerate(vs[k + 1 :])
        if b in allowed[a]
    ]

    def solve():
        return perfect_over(ctx, vs, [(k, j, w) for k, j, w, a, b in weighted if b in allowed[a]])

    def value(mate):
        return sum(cost(a, b) for a, b in mate.items() if a < b)

    mate = solve()
    if mate is None:  # pragma: no cover
        raise SelfCheckError("team-swiss optimiser: a legal bracket has no pairing")
    optimum = value(mate)

    def restrict(keep, touched: tuple[int, ...]) -> bool:
        """Keep the pairs ``keep`` allows both ways; it allows every pair of two teams
        outside ``touched``, so only their rows and the entries naming them change."""
        nonlocal mate
        saved: dict[int, set[int]] = {}
        for a in vs:
            row = allowed[a]
            if a in touched:
                kept = {b for b in row if keep(a, b) and keep(b, a)}
            else:
                kept = row - {b for b in touched if b in row and not keep(b, a)}
            if len(kept) != len(row):
                saved[a], allowed[a] = row, kept
        if all(mate[a] in allowed[a] for a in vs):
            return True
        trial = solve()
        if trial is not None and value(trial) == optimum:
            mate = trial
            return True
        allowed.update(saved)
        return False

    for x in vs:  # top members: partner larger
        if not restrict(lambda a, b, x=x: a != x or b > x, (x,)):
            restrict(lambda a, b, x=x: a != x or b < x, (x,))
    tops = [x for x in vs if mate[x] > x]
    for t in tops:
        for b in sorted(y for y in allowed[t] if y > t):
            if restrict(lambda p, q, t=t, b=b: (p != t or q == b) and (p != b or q == t), (t, b)):
                break
    return sorted((a, mate[a]) for a in tops)
