"""The Burstein system by the text's own procedure, by search (no matching algorithm).

:mod:`tabellone.rules.burstein.legacy` pairs a round with weighted matchings. This module pairs the same
round the way an arbiter reads the text, score group by score group, trying candidates in
the text's order and keeping the first that is best, so that the two can be compared
(``benchmarks/burstein_crosscheck.py``):

1. **Brackets.** From the top, a score group is paired inside itself; when its players
   (with the floater from above) are odd, one of them floats to the next score group. A
   group that cannot be paired so, together with the groups above, merges with the next
   score group; when the last cannot, it merges with the one above (repeatedly).
   "Can be paired" is decided by searching the pairings (:func:`_bracketable`).
2. **Opposition** (preface: high index against low index). In each bracket, players in index order (Art. 3.2), the candidates are
   generated depth first: the top player meets the lowest player first, then the one
   above, ..., and floats last; then the next free player likewise. A candidate is
   valued by the pairs it leaves possible inside score groups (its own and the best the
   brackets below can still make: fewest floaters) and then by the pairs whose due
   colours differ; the first candidate of the best value is the pairing.

Everything is exhaustive, so the procedure takes small rounds only (:data:`LIMIT`).
"""

from __future__ import annotations

import functools

from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.model import RoundState
from tabellone.rules.burstein.common import Player, literal_table
from tabellone.rules.burstein.legacy import bracket_order, compatible, due_colours_differ

#: Most players the exhaustive procedure takes.
LIMIT = 22
#: Most candidates it generates in one round (a bracket of 20 players has 654,729,075).
BUDGET = 2_000_000

NONE = -1


def pair_players(P: list[Player], state: RoundState) -> list[tuple[Player, Player]]:
    """The pairs of a round; ``P`` are the players to pair (the bye removed) in ranking
    order."""
    ok = literal_table(P, state, compatible, LIMIT)
    brackets = _brackets(P, ok)
    return _opposition(P, ok, brackets)


# ----------------------------------------------------------------------------------------
# 1. brackets


def _brackets(P: list[Player], ok) -> list[tuple[int, int, int]]:
    """``(reach, start, end)`` per bracket: it holds ``P[start:end]``; players from
    ``reach`` (the bracket above, when a floater may come in) may be paired into it."""
    n = len(P)
    groups: list[tuple[int, int]] = []
    for i, p in enumerate(P):
        if groups and P[groups[-1][0]].score == p.score:
            groups[-1] = (groups[-1][0], i + 1)
        else:
            groups.append((i, i + 1))
    done: list[tuple[int, int, int]] = []
    gi = 0
    while gi < len(groups):
        start = groups[gi][0]
        reach = done[-1][1] if done and start % 2 == 1 else start
        end = groups[gi][1]
        gi += 1
        while not _bracketable(done + [(reach, start, end)], ok, n) and gi < len(groups):
            end = groups[gi][1]
            gi += 1
        done.append((reach, start, end))
        if end == n and not _bracketable(done, ok, n):
            break
    while len(done) > 1 and not _bracketable(done, ok, n):
        reach, start, _ = done[-2]
        done[-2:] = [(reach, start, n)]
    if not _bracketable(done, ok, n):
        raise NoPairingError("the players cannot all be paired without breaking an absolute criterion")
    return done


def _bracketable(brackets: list[tuple[int, int, int]], ok, n: int) -> bool:
    """Whether the players of ``brackets`` can be paired: everyone in the brackets above
    the last inside their bracket or with the one floater allowed between neighbours
    (one out when the players so far are odd, one in when those above are), and the last
    bracket complete but for its one floater (who then has someone below to meet)."""
    size = brackets[-1][2]
    owner = [0] * size
    for k, (_, s, e) in enumerate(brackets):
        for v in range(s, e):
            owner[v] = k
    mate = [NONE] * size
    outside = [0] * len(brackets)

    def edge(u: int, v: int) -> bool:
        ku, kv = owner[u], owner[v]
        if ku == kv:
            return ok[u][v]
        return kv == ku + 1 and brackets[kv][0] <= u and ok[u][v]

    def limit(k: int) -> int:
        return 2 if brackets[k][2] % 2 else 1

    def search(v: int) -> bool:
        while v < size and mate[v] != NONE:
            v += 1
        if v == size:
            return True
        k = owner[v]
        for u in range(v + 1, size):
            if mate[u] == NONE and edge(v, u):
                ku = owner[u]
                cost = int(ku != k)
                if outside[k] + cost > limit(k) or outside[ku] + cost > limit(ku):
                    continue
                mate[v], mate[u] = u, v
                outside[k] += cost
                outside[ku] += cost
                if search(v + 1):
                    return True
                mate[v] = mate[u] = NONE
                outside[k] -= cost
                outside[ku] -= cost
        # v left unpaired: only in the last bracket, as its floater to the next group
        if k == len(brackets) - 1 and size < n and outside[k] + 1 <= limit(k):
            mate[v] = v
            outside[k] += 1
            if search(v + 1):
                return True
            mate[v] = NONE
            outside[k] -= 1
        return False

    return search(0)


# ----------------------------------------------------------------------------------------
# 2. the opposition order, bracket by bracket


def _opposition(P: list[Player], ok, brackets: list[tuple[int, int, int]]) -> list[tuple[Player, Player]]:
    n = len(P)
    owner = [0] * n
    for k, (_, s, e) in enumerate(brackets):
        for v in range(s, e):
            owner[v] = k

    def group_edge(u: int, v: int) -> int | None:
        """None: they may not meet; 1: a pair inside one bracket; 0: a floater's pair."""
        if not ok[u][v]:
            return None
        ku, kv = sorted((owner[u], owner[v]))
        if ku == kv:
            return 1
        if kv == ku + 1 and brackets[kv][0] <= min(u, v):
            return 0
        return None

    @functools.cache
    def best_below(mask: int) -> int | None:
        """The most pairs inside brackets over complete pairings of the players in
        ``mask`` (None: no complete pairing)."""
        if mask == 0:
            return 0
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        best = None
        m = rest
        while m:
            u = (m & -m).bit_length() - 1
            m &= m - 1
            g = group_edge(v, u)
            if g is None:
                continue
            below = best_below(rest & ~(1 << u))
            if below is not None and (best is None or g + below > best):
                best = g + below
        return best

    pairs: list[tuple[Player, Player]] = []
    floaters: list[int] = []
    generated = 0
    for _, s, e in brackets:
        members = bracket_order(list(range(s, e)) + floaters, P.__getitem__)
        lower = 0
        for v in range(e, n):
            lower |= 1 << v
        best_value = None
        best_pick: tuple[list[tuple[int, int]], list[int]] | None = None
        chosen: list[tuple[int, int]] = []
        floating: list[int] = []
        used: set[int] = set()

        def visit(pos: int) -> None:
            nonlocal best_value, best_pick, generated
            while pos < len(members) and members[pos] in used:
                pos += 1
            if pos == len(members):
                generated += 1
                if generated > BUDGET:
                    raise InputError(
                        f"the literal Burstein procedure generated {BUDGET:,} candidates without finishing "
                        "the round; use the optimised method",
                        field="--method",
                    )
                down = lower
                for f in floating:
                    down |= 1 << f
                below = (
                    best_below(down)
                    if all(any(group_edge(f, w) is not None for w in range(e, n)) for f in floating)
                    else None
                )
                if below is None:
                    return
                inside = len(chosen)
                value = (inside + below, sum(1 for a, b in chosen if due_colours_differ(P[a].e, P[b].e)))
                if best_value is None or value > best_value:
                    best_value, best_pick = value, (list(chosen), list(floating))
                return
            v = members[pos]
            used.add(v)
            for w in reversed(members[pos + 1 :]):
                if w not in used and ok[v][w]:
                    used.add(w)
                    chosen.append((v, w))
                    visit(pos + 1)
                    chosen.pop()
                    used.discard(w)
            if e < n:
                floating.append(v)
                visit(pos + 1)
                floating.pop()
            used.discard(v)

        visit(0)
        if best_pick is None:
            raise NoPairingError("no legal pairing of the bracket leaves the rest of the round pairable")
        pairs += [(P[a], P[b]) for a, b in best_pick[0]]
        floaters = best_pick[1]
    if floaters:
        raise NoPairingError("players are left unpaired at the bottom")
    return pairs
