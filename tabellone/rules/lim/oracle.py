"""The completion oracle of the literal procedure: the best values of Art. 3.9 and 4.4 a
group can still reach with the whole round pairable (how Art. 2.6's blocked median group
is never reached).

The question is a maximum-weight matching of the players still to pair, of maximum
cardinality, whose weights count only the pairs inside the group. It is answered from
the group alone, exactly: the best matching inside the group (a warm-started
:class:`tabellone.matching.blossom.Matcher` kept for the whole group, as consecutive
questions differ by a pair fixed or a player floated) bounds every pairing of the round,
and when the players it leaves out can all be paired (:func:`.matchings.pairable`) the
bound is reached, so its values are the answer. Only when they cannot is the whole field
solved (:meth:`Oracle.whole_field`), as it always was before."""

from __future__ import annotations

from tabellone.matching.blossom import Matcher
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.lim.context import Ctx
from tabellone.rules.lim.matchings import best_matching, pairable


class Oracle:
    """The best values of Art. 3.9 (floaters arriving who must float on) and 4.4 (pairs
    made in the group) still reachable with the whole round pairable, given the pairs
    already fixed in the group and the players already chosen to float."""

    def __init__(self, ctx: Ctx, remaining: set[int], members: set[int], incoming: set[int]):
        self.ctx, self.remaining, self.members, self.incoming = ctx, remaining, members, incoming
        self.layout = fit_layout(("3.9", "4.4", "edge"), (len(incoming), len(members) // 2 + 1, len(remaining)))
        # the only weights an edge can have, packed once
        self._inside = [self.layout.pack((k, 1, 1)) for k in range(3)]
        self._outside = self.layout.pack((0, 0, 1))
        # the group's own matching: the players in the group by position, and those
        # whose edges the matcher holds
        self._local = sorted(members)
        self._pos = {v: k for k, v in enumerate(self._local)}
        self._matcher = Matcher(len(self._local))
        self._held: set[int] = set()

    def values(self, fixed: list[tuple[int, int]], floating: set[int]) -> tuple[int, int] | None:
        taken = {x for p in fixed for x in p}
        inside = self.members - floating - taken
        inc = self.incoming
        pairs = self._inside_best(inside)
        matched = {x for p in pairs for x in p}
        if not pairable(self.ctx, [v for v in self.remaining if v not in taken and v not in matched]):
            return self.whole_field(fixed, floating)
        a = sum((u in inc) + (v in inc) for u, v in pairs) + sum((u in inc) + (v in inc) for u, v in fixed)
        return (a, len(pairs) + len(fixed))

    def _inside_best(self, inside: set[int]) -> list[tuple[int, int]]:
        """A matching of ``inside`` with the most floaters arriving paired, then the most
        pairs: the matcher drops the edges of players who left ``inside`` since the last
        question and takes those of players who came back, then solves warm."""
        m, pos, local, held = self._matcher, self._pos, self._local, self._held
        for v in held - inside:
            m.remove_vertex(pos[v])
        held &= inside
        ok, inc, packed = self.ctx.compat.ok, self.incoming, self._inside
        for v in sorted(inside - held):
            pv, fv = pos[v], v in inc
            m.set_edges([(pv, pos[u], packed[fv + (u in inc)]) for u in held if ok(v, u)])
            held.add(v)
        self.ctx.solves += 1
        mate = m.solve()
        return [(local[k], local[j]) for k, j in enumerate(mate) if j > k]

    def whole_field(self, fixed: list[tuple[int, int]], floating: set[int]) -> tuple[int, int] | None:
        """The same values from a matching of every player still to pair."""
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
