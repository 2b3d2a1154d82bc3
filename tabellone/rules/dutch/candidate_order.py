"""Where a bracket's candidate stands in the Dutch text's generation order (C.04.3 2026
Art. 4.2-4.4; 2017 D.1-D.3), for the verifier's "why not my pair" when two candidates
are equal on every criterion: the ordinal of each step that makes it.

The text generates a bracket's candidates set of MDPs by set (Art. 4.4), then, for each,
the transpositions that give the MDPs their opponents (Art. 4.2 on the residents), then
the exchanges of the remainder (Art. 4.3), each followed by the transpositions of its S2
(Art. 4.2). A candidate's place is the tuple of its ordinals in these four orders,
compared left to right; players are given by their BSNs (1, 2, ... in the bracket's
order), and a step the bracket does not have is 1. :func:`as_generated` reads a
bracket's candidate as these steps, and :func:`candidate_places` (the system's
:meth:`~tabellone.rules.base.PairingSystem.candidate_places`) says where the text
places two candidates and which step first tells them apart.

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

from tabellone.core.model import Tournament
from tabellone.rules.comparison import BracketSide, CandidatePlaces
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


#: The steps of the Dutch generation order, by edition: MDPs chosen, exchange, transposition
_STEPS = {
    "2026": ("the choice of MDPs (Art. 4.4)", "the exchange (Art. 4.3)", "the transposition of S2 (Art. 4.2)"),
    "2017": ("the choice of MDPs (D.3)", "the exchange (D.2)", "the transposition of S2 (D.1)"),
}


def as_generated(state, bracket, pairs, moved: list[int], edition: str) -> tuple[tuple, list[int | None], str]:
    """A bracket's candidate as the Dutch text generates it (C.04.3 2026 Art. 4; 2017
    D): the MDPs paired and their opponents (Art. 4.4 / D.3 chooses them), then the
    remainder, or the homogeneous bracket, as S1 against S2 in the order the
    transposition gives (Art. 4.2 / D.1), with the players an exchange moved from S1 to
    S2 and back (Art. 4.3 / D.2), and who floats down. A pairing of the remainder is
    made first by the exchange that keeps in S1 the higher-ranked player of each pair:
    the fewest and smallest BSNs moved. Returns its place in the text's order (the keys
    of the four steps, compared left to right), the ordinals of the four steps
    (the functions above; ``None`` where too many to count),
    and the sentence."""
    players = list(bracket.players)
    order = {p: i for i, p in enumerate(players)}
    mate: dict[int, int] = {}
    for w, b in pairs:
        if w in order and b in order and w not in moved and b not in moved:
            mate[w], mate[b] = b, w
    mdps = [p for p in players if p in state.players and state[p].pairing_score > bracket.score]
    parts = []
    paired_mdps = [m for m in mdps if m in mate]
    if paired_mdps:
        parts.append("MDPs " + " ".join(f"{m}-{mate[m]}" for m in paired_mdps))
    taken = set(paired_mdps) | {mate[m] for m in paired_mdps}
    rest = [p for p in players if p not in taken and p not in mdps]
    s1_new = [p for p in rest if p in mate and mate[p] in rest and order[p] < order[mate[p]]]
    s1 = rest[: len(s1_new)]
    out = [p for p in s1 if p not in s1_new]
    into = [p for p in s1_new if p not in s1]
    s2_order = [mate[p] for p in s1_new] + [p for p in rest if p not in s1_new and p not in mate]
    if s1_new:
        head = "remainder S1" if paired_mdps else "S1"
        text = f"{head} {' '.join(map(str, s1_new))} against S2 in the order {' '.join(map(str, s2_order))}"
        if out:
            text += f", exchanging {' '.join(map(str, out))} (S1) for {' '.join(map(str, into))} (S2)"
        parts.append(text)
    parts.append(f"{' '.join(map(str, moved)) or 'nobody'} floating down")

    # the steps on BSNs: the bracket's for the MDPs, fresh ones (1..r) for the remainder
    def score_of(x: int):
        return state[players[x - 1]].pairing_score

    bsn = {p: i + 1 for i, p in enumerate(players)}
    mdp_set = [bsn[m] for m in paired_mdps]
    residents = [bsn[p] for p in players if p not in mdps]
    opponents = [bsn[mate[m]] for m in paired_mdps]
    fresh = {p: i + 1 for i, p in enumerate(rest)}
    s1r, s2r = list(range(1, len(s1) + 1)), list(range(len(s1) + 1, len(rest) + 1))
    down, up = [fresh[p] for p in out], [fresh[p] for p in into]
    s2_after = sorted((set(s2r) - set(up)) | set(down))
    chosen = [fresh[mate[p]] for p in s1_new]
    t_mdps = transposition_ordinal(opponents, residents)
    t_s2 = transposition_ordinal(chosen, s2_after)
    # a transposition the text never makes (two MDPs paired together) comes after all
    keys = (
        set_key(mdp_set, edition, score_of),
        t_mdps if t_mdps is not None else float("inf"),
        exchange_key(down, up),
        t_s2 if t_s2 is not None else float("inf"),
    )
    ordinals = [
        mdp_set_ordinal(mdp_set, [bsn[m] for m in mdps], edition, score_of) if mdps else 1,
        t_mdps,
        exchange_ordinal(down, up, s1r, s2r),
        t_s2,
    ]
    return keys, ordinals, ", ".join(parts)


def _ranking(has_mdps: bool, g: list[int | None], r: list[int | None], yours: str) -> str:
    """Where the text's generation order places the two candidates, step by step (a
    homogeneous bracket has only the exchange and the transposition of S2), as the
    ordinal of each step's choice: "no. 1" is the first the text tries."""
    labels = ("set of MDPs", "transposition for the MDPs", "exchange", "transposition of S2")
    steps = range(0 if has_mdps else 2, 4)

    def number(n: int | None) -> str:
        return "not counted" if n is None else f"no. {n}"

    def places(ordinals: list[int | None]) -> str:
        return ", ".join(
            "no exchange" if k == 2 and ordinals[k] == 1 else f"{labels[k]} {number(ordinals[k])}" for k in steps
        )

    who = "yours" if yours == "yours" else f"the one {yours}"
    return f"the text makes the rules' candidate with {places(r)}; {who} with {places(g)}"


def _deciding_step(edition: str, g_keys: tuple, r_keys: tuple) -> str:
    """Which step of the Dutch generation order first tells the two candidates apart."""
    choice, exchange, transposition = _STEPS[edition]
    steps = (choice, transposition + " for the MDPs", exchange, transposition)
    return next((step for step, g, r in zip(steps, g_keys, r_keys) if g != r), transposition)


def candidate_places(
    t: Tournament, edition: str, round_number: int, given: BracketSide, rules: BracketSide, yours: str = "yours"
) -> CandidatePlaces | None:
    """Where Art. 4 (2017: D) places the two candidates of one bracket, step by step
    (:func:`as_generated`), and which step first tells them apart; ``None`` for an
    edition whose steps are not counted (1992)."""
    if edition not in _STEPS:
        return None
    state = t.state_before(round_number)
    g_keys, g_rank, g_cand = as_generated(state, given.bracket, given.pairs, given.moved, edition)
    r_keys, r_rank, r_cand = as_generated(state, rules.bracket, rules.pairs, rules.moved, edition)
    if g_cand == r_cand:
        return CandidatePlaces(g_cand, r_cand, g_rank, r_rank, None, "")
    b = given.bracket
    has_mdps = any(state[p].pairing_score > b.score for p in b.players if p in state.players)
    return CandidatePlaces(
        g_cand,
        r_cand,
        g_rank,
        r_rank,
        _deciding_step(edition, g_keys, r_keys),
        _ranking(has_mdps, g_rank, r_rank, yours),
    )
