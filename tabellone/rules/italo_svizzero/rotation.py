"""The continuous rotation (Art. 4, 5, 15): the circle of draw numbers read forward from
the round's start, each player meeting the first free player of the same score, else of
the next lower score; and Art. 15's regrouping when the last players cannot be paired.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tabellone.core.errors import NoPairingError
from tabellone.matching.backends import max_weight_matching
from tabellone.rules.italo_svizzero.view import RoundView, Step, art6_may_meet, score_units


class Rotation:
    """The literal reading of the circle for one round."""

    def __init__(self, view: RoundView, players: Sequence[int]):
        self.view = view
        self.ring = view.ring
        self.pos = {p: i for i, p in enumerate(self.ring)}
        self.players = list(players)
        unit = score_units(view, self.players)
        self.score = {p: int(view.score[p] * unit) for p in self.players}

    def scan(self, origin: int, inclusive: bool) -> Iterable[int]:
        """The circle read forward from ``origin`` (``origin`` first if ``inclusive``),
        each player once."""
        ring, n = self.ring, len(self.ring)
        i = self.pos[origin]
        if inclusive:
            for k in range(n):
                yield ring[(i + k) % n]
        else:
            for k in range(1, n):
                yield ring[(i + k) % n]

    def first_player(self, free: set[int], origin: int, inclusive: bool) -> int:
        """Art. 4: from the origin, rotating, the first player with the highest score."""
        top = max(self.score[p] for p in free)
        for p in self.scan(origin, inclusive):
            if p in free and self.score[p] == top:
                return p
        raise AssertionError("no free player")  # pragma: no cover

    def opponent(self, first: int, free: set[int]) -> int | None:
        """Art. 5 / 2.3: the first player after ``first`` with the same score who has not
        met him; failing that, the next lower score present, from the first such player
        after the last one of the previous score considered; and so on."""
        view = self.view
        others = free - {first}
        scores = sorted({self.score[q] for q in others}, reverse=True)
        anchor = first
        for s in scores:
            last = None
            for q in self.scan(anchor, False):
                if q in others and self.score[q] == s:
                    last = q
                    if art6_may_meet(view, first, q):
                        return q
            if last is not None:
                anchor = last
        return None

    def run(self, start: int, inclusive: bool = True) -> tuple[list[tuple[int, int]], list[int], list[Step]]:
        """Pairs in formation order (first, second), the players left over (set aside
        for want of a legal opponent, then whoever is left), and the steps."""
        free = set(self.players)
        pairs: list[tuple[int, int]] = []
        deferred: list[int] = []
        steps: list[Step] = []
        origin, inclusive_now = start, inclusive
        while len(free) >= 2:
            first = self.first_player(free, origin, inclusive_now)
            second = self.opponent(first, free)
            if second is None:
                free.discard(first)
                deferred.append(first)
                steps.append(Step("defer", (first,)))
                continue
            free.discard(first)
            free.discard(second)
            pairs.append((first, second))
            steps.append(Step("pair", (first, second)))
            origin, inclusive_now = second, False
        leftover = deferred + sorted(free)
        return pairs, leftover, steps


def all_pairable(view: RoundView, players: Sequence[int]) -> bool:
    """Whether ``players`` can all be paired without a rematch."""
    m = len(players)
    if m % 2:
        return False
    if m == 0:
        return True
    if m == 2:
        return art6_may_meet(view, players[0], players[1])
    edges = [(i, j, 1) for i in range(m) for j in range(i + 1, m) if art6_may_meet(view, players[i], players[j])]
    mate = max_weight_matching(m, edges, max_cardinality=True)
    return len(mate) == m


def _first_regrouping(view: RoundView, players: Sequence[int]) -> list[tuple[int, int]] | None:
    """Art. 15 / reading 7: of the regroupings in which nobody meets an earlier opponent,
    the first in draw-number order (the lowest number with the lowest legal partner)."""
    rest = sorted(players)
    if not all_pairable(view, rest):
        return None
    out = []
    while rest:
        a = rest[0]
        for b in rest[1:]:
            if art6_may_meet(view, a, b):
                remaining = [x for x in rest if x not in (a, b)]
                if all_pairable(view, remaining):
                    out.append((a, b))
                    rest = remaining
                    break
        else:  # pragma: no cover - excluded by the perfect() check
            return None
    return out


def _art15_regroup(
    view: RoundView, pairs: list[tuple[int, int]], leftover: list[int], steps: list[Step]
) -> tuple[list[tuple[int, int]], int]:
    """Art. 15 / 2.42: the players left over cannot form the last pair(s): un-pair the
    last pair formed and try every regrouping; then the one before; and so on."""
    if not leftover:
        return pairs, 0
    pool = list(leftover)
    kept = list(pairs)
    while True:
        regroup = _first_regrouping(view, pool)
        if regroup is not None:
            for pr in regroup:
                steps.append(Step("regroup", pr))
            return kept + regroup, len(regroup)
        if not kept:
            raise NoPairingError(
                f"round {view.round}: no pairing without a rematch exists for players {', '.join(map(str, sorted(pool)))}"
            )
        undone = kept.pop()
        steps.append(Step("unpair", undone))
        pool.extend(undone)


def rotate_even(
    view: RoundView, players: list[int], start: int, inclusive: bool
) -> tuple[list[tuple[int, int]], int, list[Step]]:
    rot = Rotation(view, players)
    pairs, leftover, steps = rot.run(start, inclusive)
    pairs, regrouped = _art15_regroup(view, pairs, leftover, steps)
    return pairs, regrouped, steps


def start_origin(view: RoundView, start: int | None) -> tuple[int, bool]:
    if start is None or start not in set(view.ring):
        return view.ring[0], True
    return start, True
