"""The completion oracle of the literal procedure: the best values of Art. 3.9 and 4.4 a
group can still reach with the whole round pairable (how Art. 2.6's blocked median group
is never reached)."""

from __future__ import annotations

from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.lim.context import Ctx
from tabellone.rules.lim.matchings import best_matching


class Oracle:
    """The best values of Art. 3.9 (floaters arriving who must float on) and 4.4 (pairs
    made in the group) still reachable with the whole round pairable, given the pairs
    already fixed in the group and the players already chosen to float."""

    def __init__(self, ctx: Ctx, remaining: set[int], members: set[int], incoming: set[int]):
        self.ctx, self.remaining, self.members, self.incoming = ctx, remaining, members, incoming
        self.layout = fit_layout(("3.9", "4.4", "edge"), (len(incoming), len(members) // 2 + 1, len(remaining)))
        # the only weights an edge can have, packed once (speed: 16 million edges on 4,000)
        self._inside = [self.layout.pack((k, 1, 1)) for k in range(3)]
        self._outside = self.layout.pack((0, 0, 1))

    def values(self, fixed: list[tuple[int, int]], floating: set[int]) -> tuple[int, int] | None:
        taken = {x for p in fixed for x in p}
        inside = self.members - floating - taken
        inc = self.incoming

        packed, other = self._inside, self._outside

        def weight(u: int, v: int) -> int:
            if u in inside and v in inside:
                return packed[(u in inc) + (v in inc)]
            return other

        mate = best_matching(self.ctx, [v for v in self.remaining if v not in taken], weight)
        if mate is None:
            return None
        pairs = [(u, v) for u, v in mate.items() if u < v and u in inside and v in inside]
        a = sum((u in inc) + (v in inc) for u, v in pairs) + sum((u in inc) + (v in inc) for u, v in fixed)
        return (a, len(pairs) + len(fixed))
