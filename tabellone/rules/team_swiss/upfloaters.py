"""Art. 3.5: the upfloaters of the top scoregroup ([C4]-[C7]), literal and optimised."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction

from tabellone.core.errors import NoPairingError, SelfCheckError
from tabellone.rules.team_swiss.completion import pairable, perfect
from tabellone.rules.team_swiss.sides import Ctx
from tabellone.rules.top_scoregroup import C6_upfloaters_needed


def levels_of(ctx: Ctx, teams: Iterable[int]) -> list[tuple[Fraction, list[int]]]:
    """Score levels of ``teams``, highest first, each with its teams by TPN."""
    by: dict[Fraction, list[int]] = {}
    for x in teams:
        by.setdefault(ctx.sides[x].score, []).append(x)
    return [(s, sorted(by[s])) for s in sorted(by, reverse=True)]


def profiles(levels: list[tuple[Fraction, list[int]]], k: int) -> list[tuple[int, ...]]:
    """Every way to take ``k`` upfloaters from the score levels (a count per level), in
    the order of [C5]: the upfloaters' scores, taken in ascending order, highest first."""
    out = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if i == len(levels):
            if left == 0:
                out.append(tuple(acc))
            return
        for c in range(min(left, len(levels[i][1])), -1, -1):
            rec(i + 1, left - c, acc + [c])

    rec(0, k, [])

    def key(counts: tuple[int, ...]):
        scores = sorted(s for (s, _), c in zip(levels, counts) for _ in range(c))
        return tuple(-s for s in scores)

    return sorted(out, key=key)


def sets_of(levels, counts) -> Iterable[tuple[int, ...]]:
    """The sets of a profile in the order of 3.5.3-3.5.4: teams by score, then TPN; sets
    by the lexicographic order of those sequences."""
    parts = [itertools.combinations(teams, c) for (_, teams), c in zip(levels, counts)]
    for combo in itertools.product(*parts):
        yield tuple(x for part in combo for x in part)


def _next_scoregroup(
    ctx: Ctx, left: list[int], top: Fraction, upfloaters: Sequence[int]
) -> tuple[list[int], list[int]]:
    """The scoregroup following the top-scoregroup, without the ``upfloaters`` taken from
    it, and every team left below the bracket (``rest``)."""
    lower = [x for x in left if ctx.sides[x].score < top]
    if not lower:
        return [], []
    nxt = max(ctx.sides[x].score for x in lower)
    ups = set(upfloaters)
    rest = [x for x in lower if x not in ups]
    return [x for x in rest if ctx.sides[x].score == nxt], rest


def C6_next_scoregroup(ctx: Ctx, left: list[int], top: Fraction, upfloaters: Sequence[int]) -> int:
    """[C6] (2.3.3) as a value to minimise: how many upfloaters the scoregroup following
    the top-scoregroup will need in its own bracket when ``upfloaters`` are taken, with
    [C1] and [C3] kept there (the least such number is what [C4] asks of that bracket):
    :func:`tabellone.rules.top_scoregroup.C6_upfloaters_needed`, shared with the Double-Swiss
    system, whose 2.3.3 has the same words.
    0 when the upfloaters emptied it (the text exempts that case). The note to 2.3.3:
    only that scoregroup's residents count, whatever the upfloaters' own scores.

    Every set of one score profile ([C5]) takes as many teams of that scoregroup, so its
    parity, the least value, is the same for all of them; a set that reaches it complies
    with [C6]; when none does, the set that needs fewest upfloaters there comes nearest
    (2.3: quality criteria are met as far as they can be)."""
    group, rest = _next_scoregroup(ctx, left, top, upfloaters)
    need = C6_upfloaters_needed(set(group), rest, lambda vs, weight: perfect(ctx, vs, weight))
    # the rest cannot be paired at all: worse than any pairable rest
    return len(group) + 1 if need is None else need


def C7_count(ctx: Ctx, upfloaters: Iterable[int]) -> int:
    """[C7] (2.3.4): upfloaters that floated in the previous round (not in the last two
    rounds)."""
    return sum(1 for x in upfloaters if ctx.sides[x].floated) if ctx.floats_count else 0


def _legal_set(ctx: Ctx, left: list[int], residents: list[int], ups: Sequence[int]) -> bool:
    """[C1] and [C3]: the bracket can be paired and so can the teams outside it."""
    bracket = set(residents) | set(ups)
    return pairable(ctx, bracket) and pairable(ctx, [x for x in left if x not in bracket])


def _choose_among(ctx: Ctx, left, residents, top, levels, counts) -> tuple[int, ...] | None:
    """3.5.5: among the legal sets of a profile, in the order of 3.5.4, the first with
    the least ([C6], [C7]) (:func:`C6_next_scoregroup`, :func:`C7_count`)."""
    best, best_key = None, None
    for ups in sets_of(levels, counts):
        if not _legal_set(ctx, left, residents, ups):
            continue
        key = (C6_next_scoregroup(ctx, left, top, ups), C7_count(ctx, ups))
        if best_key is None or key < best_key:
            best, best_key = ups, key
            # the least [C6] value is the parity of what the profile leaves of the group
            if key == (len(_next_scoregroup(ctx, left, top, ups)[0]) % 2, 0):
                break
    return best


def A3_5_literal(ctx: Ctx, left: list[int], residents: list[int], top: Fraction) -> tuple[int, ...]:
    """Art. 3.5 as written: sizes from the parity minimum up ([C4]), profiles in the
    order of [C5], the legal sets of the first profile that has any, chosen by 3.5.5."""
    lower = [x for x in left if ctx.sides[x].score < top]
    levels = levels_of(ctx, lower)
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        for counts in profiles(levels, k):
            chosen = _choose_among(ctx, left, residents, top, levels, counts)
            if chosen is not None:
                return chosen
    raise NoPairingError(
        f"round {ctx.round}: the {top}-point scoregroup cannot be paired (C.04.6 Art. 3.3.3)"
    )  # pragma: no cover - [C3] kept


def A3_5_optimised(ctx: Ctx, left: list[int], residents: list[int], top: Fraction) -> tuple[int, ...]:
    """Art. 3.5 by one matching of every team left ([C3]: it must be perfect): a pair of
    residents is worth the most ([C4]: fewest upfloaters); a resident's opponent from
    below costs more the lower its score level, each level outweighing every level above
    it ([C5]: the upfloaters' scores in ascending order, highest first). The matching
    fixes the size and score profile; 3.5.5 then chooses among the sets of that profile.

    The matching is asked only when the best profile there could be (the parity minimum
    of [C4], the first profile of [C5] of that size: one team of the highest level below,
    or none) has no legal set. When it has one, it is the matching's own profile: a legal
    set of at most one team is paired with residents in any pairing of its bracket, so the
    two pairings, of the bracket and of the rest, make a perfect matching of the greatest
    weight there is; and the weight fixes the profile (each level's count is below
    ``base``)."""
    lower = [x for x in left if ctx.sides[x].score < top]
    levels = levels_of(ctx, lower)
    first = profiles(levels, len(residents) % 2)[:1]
    if first:
        chosen = _choose_among(ctx, left, residents, top, levels, first[0])
        if chosen is not None:
            return chosen
    level_of = {x: j for j, (_, ts) in enumerate(levels) for x in ts}
    res = set(residents)
    base = len(residents) + 1
    unit = base ** (len(levels) + 1)
    pair_value = unit * (len(residents) + 1)

    def weight(a: int, b: int) -> int:
        if a in res and b in res:
            return 2 * pair_value
        if a in res or b in res:
            other = b if a in res else a
            return pair_value - base ** level_of[other]
        return pair_value

    mate = perfect(ctx, left, weight)
    if mate is None:  # pragma: no cover - [C3] kept by the bye and every earlier bracket
        raise NoPairingError(f"round {ctx.round}: the teams left cannot be paired")
    ups = [mate[x] for x in residents if mate[x] not in res]
    counts = tuple(sum(1 for u in ups if level_of[u] == j) for j in range(len(levels)))
    chosen = _choose_among(ctx, left, residents, top, levels, counts)
    if chosen is None:  # pragma: no cover - the matching's own set is legal
        raise SelfCheckError("team-swiss: the optimiser's profile has no legal set")
    return chosen
