"""Art. 3.5: the upfloaters of the top scoregroup ([C4]-[C7]), literal and optimised."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction

from tabellone.core.errors import SelfCheckError
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.double_swiss.criteria import C7_count, following_group, legal_and_c6, perfect
from tabellone.rules.double_swiss.state import Ctx
from tabellone.rules.top_scoregroup import C6_pulls_out


def A3_5_profiles(ctx: Ctx, lower: Sequence[int], k: int) -> list[tuple[Fraction, ...]]:
    """The score profiles of ``k`` upfloaters taken from ``lower``, best first for [C5]
    (2.3.2: the scores taken in ascending order, maximised)."""
    levels: dict[Fraction, int] = {}
    for i in lower:
        levels[ctx.P[i].score] = levels.get(ctx.P[i].score, 0) + 1
    scores = sorted(levels, reverse=True)
    out: list[tuple[Fraction, ...]] = []

    def walk(j: int, left: int, acc: list[Fraction]) -> None:
        if left == 0:
            out.append(tuple(sorted(acc)))
            return
        if j == len(scores):
            return
        for c in range(min(left, levels[scores[j]]), -1, -1):
            walk(j + 1, left - c, acc + [scores[j]] * c)

    walk(0, k, [])
    return sorted(set(out), reverse=True)


def A3_5_sets(ctx: Ctx, lower: Sequence[int], profile: tuple[Fraction, ...]) -> Iterable[tuple[int, ...]]:
    """The sets of upfloaters with ``profile``, each sorted by descending score then
    ascending TPN (3.5.3), in the lexicographic order of their TPNs (3.5.4)."""
    P = ctx.P
    need: dict[Fraction, int] = {}
    for s in profile:
        need[s] = need.get(s, 0) + 1
    per_level = []
    for s in sorted(need, reverse=True):
        members = sorted((i for i in lower if P[i].score == s), key=lambda i: P[i].tpn)
        per_level.append(list(itertools.combinations(members, need[s])))
    for combo in itertools.product(*per_level):
        yield tuple(i for part in combo for i in part)


def set_literal(ctx: Ctx, residents: list[int], lower: list[int], remaining: set[int]) -> tuple[int, ...]:
    """Art. 3.5 as written: the sets of [C4] and [C5] (fewest, then best profile, among
    those that can be legal: [C3] outranks them), in the order of 3.5.4; the first legal
    one with the least ([C6], [C7]). Every set of one profile takes as many players of
    the following scoregroup, so the least [C6] value, the parity of what is left of it,
    is the same for all: a set reaching it with no repeated floater ends the search."""
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in A3_5_profiles(ctx, lower, k):
            chosen, _ = _first_of_profile(ctx, residents, lower, remaining, profile)
            if chosen is not None:
                return chosen
    raise SelfCheckError("no set of upfloaters completes a pairable round (C3 was checked before)")


def _first_of_profile(
    ctx: Ctx, residents: list[int], lower: list[int], remaining: set[int], profile: tuple[Fraction, ...]
) -> tuple[tuple[int, ...] | None, bool]:
    """3.5.5 within one profile: the first legal set, in the order of 3.5.4, with the
    least ([C6], [C7]) (None when no set is legal), and whether it reaches the least
    value there can be (the parity of what is left of the following scoregroup, no
    repeated floater)."""
    best = None
    least = None
    for s in A3_5_sets(ctx, lower, profile):
        legal, c6 = legal_and_c6(ctx, residents, s, remaining)
        if not legal:
            continue
        key = (c6, C7_count(ctx, s))
        if best is None or key < best[0]:
            best = (key, s)
        if least is None:
            least = (len(following_group(ctx, residents, s, remaining)) % 2, 0)
        if key == least:
            return s, True
    return (None, False) if best is None else (best[1], False)


def set_optimised(ctx: Ctx, residents: list[int], lower: list[int], remaining: set[int]) -> tuple[int, ...]:
    """Art. 3.5 as one maximum-weight perfect matching of everybody still to pair. Fields,
    most significant first: [C4] residents paired below; [C5] upfloaters per score level,
    lowest level first; [C6] players of the following scoregroup paired below it,
    the upfloaters its own bracket will need (:func:`tabellone.rules.top_scoregroup.C6_pulls_out`);
    [C7]; the set order of 3.5.4 (a bit per candidate, the first in 3.5.3 order the
    highest). The upfloaters are those matched to residents.

    The matching is built only when the best a set could be, the parity minimum of [C4],
    the first profile of [C5] of that size (one player of the highest score below, or
    none), the least [C6] and no repeated floater, is not reached by a legal set of that
    profile. When one reaches it, the first such in the order of 3.5.4 is the matching's
    own answer: a set of at most one player is paired with residents in any pairing of
    its bracket, so the bracket's and the rest's pairings make a matching whose fields
    are all at their best, and the last field takes the first set in that order."""
    first = A3_5_profiles(ctx, lower, len(residents) % 2)[:1]
    if first:
        chosen, best = _first_of_profile(ctx, residents, lower, remaining, first[0])
        if best and chosen is not None:
            return chosen
    P = ctx.P
    R = set(residents)
    top = P[residents[0]].score
    order = sorted(lower, key=lambda i: (-P[i].score, P[i].tpn))
    pos = {i: k for k, i in enumerate(order)}
    levels = sorted({P[i].score for i in lower})  # lowest first: most significant for C5
    lvl = {s: k for k, s in enumerate(levels)}
    nxt = levels[-1] if levels else None
    lv, nlv = ctx.lv, (ctx.level[nxt] if nxt is not None else None)
    m = len(remaining) // 2
    names = ["C4"] + [f"C5:{k}" for k in range(len(levels))] + ["C6", "C7", "3.5.4"]
    group = {i for i in remaining if lv[i] == nlv} if nxt is not None else set()
    layout = fit_layout(names, [m] * (len(names) - 1) + [(1 << len(order)) - 1])
    # minimised fields hold (cap - value), cap 1 a pair; the set order is maximised
    plain = layout.pack([1] * (len(names) - 1) + [0])  # a pair no field looks at
    c6_bit = 1 << layout.shift("C6")
    order_shift = layout.shift("3.5.4")
    up = {}  # the weight of a resident's pair with each candidate upfloater b
    for b in order:
        w = plain - (1 << layout.shift("C4")) - (1 << layout.shift(f"C5:{lvl[P[b].score]}"))
        if C7_count(ctx, [b]):
            w -= 1 << layout.shift("C7")
        up[b] = w + ((1 << (len(order) - 1 - pos[b])) << order_shift)

    def weight(a: int, b: int) -> int:
        if a in R:
            return plain if b in R else up[b]
        if b in R:
            return up[a]
        if C6_pulls_out(group, a, b):
            return plain - c6_bit
        return plain

    mate = perfect(ctx, remaining, weight=weight)
    if mate is None:
        raise SelfCheckError("the players still to pair have no perfect matching (C3 was checked before)")
    chosen = [mate[r] for r in residents if mate[r] not in R]
    assert all(P[u].score < top for u in chosen)
    return tuple(sorted(chosen, key=lambda i: pos[i]))
