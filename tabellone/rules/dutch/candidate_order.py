"""Where a bracket's candidate stands in the Dutch text's generation order (C.04.3 2026
Art. 4.2-4.4; 2017 D.1-D.3), for the verifier's "why not my pair" when two candidates
are equal on every criterion: the ordinal of each step that makes it.

The text generates a bracket's candidates set of MDPs by set (Art. 4.4), then, for each,
the transpositions that give the MDPs their opponents (Art. 4.2 on the residents), then
the exchanges of the remainder (Art. 4.3), each followed by the transpositions of its S2
(Art. 4.2). A candidate's place is the tuple of its ordinals in these four orders,
compared left to right; players are given by their BSNs (1, 2, ... in the bracket's
order), and a step the bracket does not have is 1.

>>> transposition_ordinal((6, 7, 8, 9, 11), [6, 7, 8, 9, 10, 11])
2
>>> transposition_ordinal((11, 10, 9, 8, 7), [6, 7, 8, 9, 10, 11])
720
>>> [exchange_ordinal(d, u, [1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]) for d, u in (((), ()), ((5,), (6,)), ((4,), (6,)))]
[1, 2, 4]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb, perm

from tabellone.rules.dutch.literal import exchange_key, mdp_sets_2017, mdp_sets_2026

#: Beyond this many sets or exchanges of one size, an ordinal is not counted out (the
#: order of two candidates is still decided exactly, by their keys)
COUNT_LIMIT = 200_000


def transposition_ordinal(chosen: Sequence[int], pool: Sequence[int]) -> int | None:
    """Art. 4.2 (2017 D.1): the ordinal (from 1) of the transposition whose first
    ``len(chosen)`` BSNs are ``chosen``, among the transpositions of ``pool`` (S2),
    sorted by the lexicographic value of those BSNs; ``None`` when ``chosen`` is none
    (a player not in ``pool``, or twice: two MDPs paired together, which the text never
    generates)."""
    free = sorted(pool)
    n, k = len(free), len(chosen)
    if not set(chosen) <= set(free) or len(set(chosen)) != k:
        return None
    rank = 0
    for i, x in enumerate(chosen):
        smaller = free.index(x)
        rank += smaller * perm(n - 1 - i, k - 1 - i)
        free.pop(smaller)
    return rank + 1


def exchange_ordinal(down: Sequence[int], up: Sequence[int], s1: Sequence[int], s2: Sequence[int]) -> int | None:
    """Art. 4.3 (2017 D.2): the ordinal (from 1: no exchange) of the exchange that moves
    ``down`` from the original S1 to S2 and ``up`` from S2 to S1, in the order of
    :func:`~tabellone.rules.dutch.literal.exchange_key`; ``None`` when the exchanges of
    its size are too many to count (:data:`COUNT_LIMIT`)."""
    size = len(down)
    before = 1 + sum(comb(len(s1), s) * comb(len(s2), s) for s in range(1, size))
    if size == 0:
        return 1
    if comb(len(s1), size) * comb(len(s2), size) > COUNT_LIMIT:
        return None
    key = exchange_key(down, up)
    same = sum(
        1
        for a in itertools.combinations(s1, size)
        for b in itertools.combinations(s2, size)
        if exchange_key(a, b) < key
    )
    return before + same + 1


def mdp_set_ordinal(
    chosen: Sequence[int], mdps: Sequence[int], edition: str, score_of: Callable[[int], Fraction]
) -> int | None:
    """Art. 4.4 (2017 D.3): the ordinal (from 1) of the set of MDPs ``chosen`` among the
    valid sets of its size, those holding as many MDPs of each score (2026 Art. 4.4.1);
    ``None`` when they are too many to count."""
    m1 = len(chosen)
    if comb(len(mdps), m1) > COUNT_LIMIT:
        return None
    counts = sorted(score_of(x) for x in chosen)
    order = mdp_sets_2026(list(mdps), m1) if edition == "2026" else mdp_sets_2017(list(mdps), m1, score_of)
    valid = [tuple(s) for s in order if sorted(score_of(x) for x in s) == counts]
    return valid.index(tuple(sorted(chosen))) + 1


def set_key(chosen: Sequence[int], edition: str, score_of: Callable[[int], Fraction]) -> tuple:
    """The sort key of a set of MDPs in the text's order (for comparing two sets of one
    size exactly, whatever their number)."""
    s = tuple(sorted(chosen))
    if edition == "2026":
        return s
    return (tuple(-score_of(x) for x in sorted(s, key=lambda x: -score_of(x))), s)
