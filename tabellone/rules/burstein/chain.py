"""The brackets of the earlier Burstein text read bracket by bracket: whether a bracket
can close, who it may send on, and one complete pairing of the field in their shape.

:meth:`tabellone.rules.burstein.legacy.BracketBuilder.brackets` grows the brackets from
the top, merging a score group with the next while the bracket cannot be paired. On the
whole field that question is one maximum-weight matching of the players so far (most
pairs, then most pairs inside brackets; the next player a stand-in for a floater when
the players above are odd), read back for the shape it must have: everyone above the
last bracket paired, one pair across each boundary with odd players above, none across
the others. The edges cross only those boundaries, between neighbouring brackets, each
at least once (parity), so a complete pairing of the players so far in that shape is
one with the most pairs inside brackets: the optimum has the shape exactly when such a
pairing exists. And brackets meet only through the one pair across each boundary, so it
exists exactly when the last bracket, with one player of the bracket above, can be
paired completely (but for one, the stand-in's, when the players so far are odd), where
that player is one the brackets above can all be paired without: a *floater* of the
bracket above.

:class:`Chain` answers that question on the bracket's players alone. A bracket with the
floaters ``F`` of the one above is the graph of its players and one vertex ``x`` for
``F`` (joined to every player some floater of ``F`` may meet: only one of them comes
in). Its floaters in turn are the players some complete pairing of that graph leaves
out: :func:`tabellone.matching.cardinality.ever_single` (exact, the Gallai-Edmonds set).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tabellone.core.errors import SelfCheckError
from tabellone.matching.cardinality import ever_single, maximum_matching
from tabellone.rules.burstein.common import Compatibility


class Chain:
    """The brackets' questions on the positions ``0 .. n-1`` of a round (``compat``).

    A bracket is ``(back, begin, end)``: its players ``begin .. end-1``; a player of the
    bracket above (``back .. begin-1``) comes in when ``back < begin``. The floaters of
    each bracket that closes on an odd count are kept for the bracket below."""

    def __init__(self, compat: Compatibility):
        self.compat = compat
        #: (begin, end) of a closed bracket -> the players it may send to the next
        self.floaters: dict[tuple[int, int], list[int]] = {}

    def _graph(self, back: int, begin: int, end: int, single: Sequence[int] | None) -> tuple[np.ndarray, int]:
        """The bracket's graph: its players, then ``x`` for the floaters of the bracket
        above (when one comes in), then a vertex joined to the players in ``single``
        (when one of them may be left to the bracket below). The index of ``x`` (-1)."""
        players = range(begin, end)
        k = end - begin
        incoming = self.floaters[(back, begin)] if back < begin else None
        size = k + (incoming is not None) + (single is not None)
        adj = np.zeros((size, size), dtype=bool)
        adj[:k, :k] = self.compat.matrix(players, players)
        x = -1
        if incoming is not None:
            x = k
            reach = self.compat.matrix(incoming, players).any(axis=0)
            adj[x, :k] = adj[:k, x] = reach
        if single is not None:
            rows = [v - begin for v in single]
            adj[size - 1, rows] = adj[rows, size - 1] = True
        return adj, x

    def closes(self, back: int, begin: int, end: int) -> bool:
        """Whether the bracket ``(back, begin, end)`` can be paired as a bracket (above:
        the module), the players so far ``end``; on an odd count its floaters are kept."""
        if back < begin and (back, begin) not in self.floaters:
            return False  # the bracket above is even: it has nobody to send
        odd = end % 2 == 1
        adj, x = self._graph(back, begin, end, range(begin, end) if odd else None)
        mate = maximum_matching(adj)
        if -1 in mate:
            return False
        if odd:
            stand_in = len(mate) - 1
            mate[mate[stand_in]] = -1
            even = ever_single(adj[:-1, :-1], mate[:-1])
            self.floaters[(begin, end)] = [begin + v for v in range(end - begin) if even[v]]
        return True

    def links(self, segs: list[tuple[int, int]]) -> tuple[dict[int, int], dict[int, int]]:
        """One complete pairing of the field in the brackets' shape, read from the bottom
        up: the player each bracket sends to the next (``senders``, by bracket) and who
        takes it there (``receivers``). ``segs`` are the closed brackets, (begin, end)."""
        senders: dict[int, int] = {}
        receivers: dict[int, int] = {}
        sent: int | None = None
        for j in range(len(segs) - 1, -1, -1):
            begin, end = segs[j]
            back = segs[j - 1][0] if begin % 2 else begin
            adj, x = self._graph(back, begin, end, [sent] if sent is not None else None)
            mate = maximum_matching(adj)
            if -1 in mate:
                raise SelfCheckError(f"the Burstein chain: the bracket {begin}-{end} cannot be paired as it closed")
            sent = None
            if x >= 0:
                taker = begin + mate[x]
                receivers[j] = taker
                sent = next(f for f in self.floaters[(back, begin)] if self.compat.ok(f, taker))
                senders[j - 1] = sent
        return senders, receivers
