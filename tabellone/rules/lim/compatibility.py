"""The compatibility graph of a Lim round (Art. 2.1), kept without a table of its pairs.

Late in a large event almost every pair may meet: of the eight million pairs of a
4,000-player round, a few tens of thousands are barred. :class:`Compatibility` stores
only those exceptions: the pairs C.04.1 bars (players who met in a played game, and
prohibited pairs), found from each player's opponents, and the colour clash of Art. 2.1,
which depends only on the colours each player may not get (:func:`forbidden_colours`:
at most four kinds of player, so a table of kinds). For ``i < j``, ``ok(i, j)`` is
:func:`A2_1_compatible` of players ``i`` and ``j`` (indices into the round's players).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabellone.core.model import RoundState
from tabellone.rules.fide_common import C1_no_rematch, Entrant
from tabellone.rules.lim.absolute import colours_allow, forbidden_colours


class Compatibility:
    """Which players of ``P`` may meet (Art. 2.1; Art. 6: no colour part in the last round)."""

    def __init__(self, P: Sequence[Entrant], state: RoundState, last_round: bool):
        kinds = [frozenset(forbidden_colours(e)) for e in P]
        distinct = sorted(set(kinds), key=sorted)
        code = {f: k for k, f in enumerate(distinct)}
        #: the kind of each player (the colours he may not get) and the kinds that clash
        self.kind = [code[f] for f in kinds]
        self.clash = [[not (last_round or colours_allow(a, b)) for b in distinct] for a in distinct]
        #: for each player, the players C.04.1 bars him from meeting
        self.barred: list[set[int]] = [set() for _ in P]
        index = {e.id: k for k, e in enumerate(P)}
        candidates: set[tuple[int, int]] = set()
        for i, e in enumerate(P):
            for o in state[e.id].opponents:
                j = index.get(o)
                if j is not None and j != i:
                    candidates.add((min(i, j), max(i, j)))
        for pair in state.prohibited:
            ks = sorted(index[x] for x in pair if x in index)
            if len(ks) == 2 and len(pair) == 2:
                candidates.add((ks[0], ks[1]))
        for i, j in candidates:  # C1 read as A2_1_compatible reads it: the lower index first
            if not C1_no_rematch(P[i], P[j], state):
                self.forbid(i, j)

    def forbid(self, i: int, j: int) -> None:
        """Bar ``i`` and ``j`` from meeting (tests set histories by hand this way)."""
        self.barred[i].add(j)
        self.barred[j].add(i)

    def ok(self, i: int, j: int) -> bool:
        """Whether players ``i`` and ``j`` may meet."""
        kind = self.kind
        return j not in self.barred[i] and not self.clash[kind[i]][kind[j]]

    def pairs_within(self, vs: Sequence[int]) -> list[tuple[int, int]]:
        """Every compatible pair ``(k, l)``, ``k < l``, of positions in ``vs``."""
        kind, clash, barred = self.kind, self.clash, self.barred
        kinds = [kind[v] for v in vs]
        out = []
        for k, u in enumerate(vs):
            bu, cu = barred[u], clash[kinds[k]]
            out += [(k, m) for m in range(k + 1, len(vs)) if not cu[kinds[m]] and vs[m] not in bu]
        return out
