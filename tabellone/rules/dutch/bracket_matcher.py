"""The matcher of one 2017 bracket (:class:`~tabellone.rules.dutch.edition_2017.Dutch2017`):
the players of the bracket and of the next one, every pair of them, their packed weights
kept row by row (:class:`RowMatcher`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabellone.rules.dutch.matcher import Matcher
from tabellone.rules.fide_common import Entrant


class RowMatcher(Matcher):
    """:class:`Matcher` on the players ``A`` of one bracket and the next (its ``active``
    graph), with the packed weight of every pair of ``A`` kept in one list per player:
    the pairs with the players after it in position order, None for a pair that may not
    meet (:meth:`Matcher.has_edge`).

    What it saves over :class:`Matcher`: a pair costs 8 bytes of Python (a list slot,
    equal weights sharing one int), not two dict entries and a changed-pair entry (about
    160 bytes, round 2 of a 4,000-player event by ``tracemalloc``); and the
    rows enter the core's graph as they are given (:meth:`set_row`), before the first
    solve, instead of through the set of changed pairs. The answers are the same
    (``tests/rules/dutch/test_dutch_2017_rows.py`` compares the two on generated
    events and on every method the generation order calls)."""

    def __init__(self, players: list[Entrant], A: list[int]):
        super().__init__(players, None, active=A)  # room for every pair of A reserved at once
        n = len(players)
        self.loc = loc = [-1] * n  # position -> core vertex, a list (read once per edge per solve)
        for k, x in enumerate(A):
            loc[x] = k
        #: A in position order, each player's place in it, and its row of weights
        self.order = order = sorted(A)
        self._rank = rank = [-1] * n
        for k, x in enumerate(order):
            rank[x] = k
        self._rows: list[list[int | None]] = [[] for _ in order]
        #: no solve yet: :meth:`set_row` writes into the core at once
        self._fresh = True

    # ---- the table of weights --------------------------------------------------------

    def set_row(self, h: int, ls: list[int], weights: list[int | None]) -> None:
        """:meth:`Matcher.set_row`; before the first solve, h's row of the table (None
        for a later player not in ``ls``) written into the core at once."""
        if not self._fresh:
            super().set_row(h, ls, weights)
            return
        k, rank = self._rank[h], self._rank
        intern = self._interned.setdefault
        self._rows[k] = row = [None] * (len(self.order) - k - 1)
        for l, w in zip(ls, weights):
            row[rank[l] - k - 1] = None if w is None else intern(w, w)
        loc = self.loc
        at = loc[h]
        self._inc.set_edges([(at, loc[l], w) for l, w in zip(self.order[k + 1 :], row) if w])

    def _packed_of(self, a: int, b: int) -> int | None:
        """The packed weight of the pair (a, b), ``a < b`` (None: they may not meet)."""
        ra = self._rank[a]
        return self._rows[ra][self._rank[b] - ra - 1]

    def _put(self, a: int, b: int, w: int | None) -> None:
        ra = self._rank[a]
        self._rows[ra][self._rank[b] - ra - 1] = w

    def has_edge(self, a: int, b: int) -> bool:
        return (self._packed_of(a, b) if a < b else self._packed_of(b, a)) is not None

    def _meets_row(self, x: int, ys: list[int]) -> list[bool]:
        packed_of = self._packed_of
        return [(packed_of(x, y) if x < y else packed_of(y, x)) is not None for y in ys]

    def weight(self, key: tuple[int, int]) -> int:
        # (what :meth:`Matcher.solve` hands the core for each changed pair: ``packed``,
        # the generic matcher's table, stays empty here)
        w = self._packed_of(*key)
        return w + self.bonus.get(key, 0) if w else 0

    def solve(self) -> dict[int, int]:
        self._fresh = False
        return super().solve()

    def set_base(self, h: int, l: int, values: dict | None) -> None:
        key = (h, l) if h < l else (l, h)
        self._put(*key, None if values is None else self._pack(values))
        self._dirty.add(key)

    def _set_packed(self, keys: list[tuple[int, int]], weights: list[int | None]) -> None:
        intern = self._interned.setdefault
        for (h, l), w in zip(keys, weights):
            self._put(h, l, None if w is None else intern(w, w))
        self._dirty.update(keys)

    def zero_pairs(self, keys: Sequence[tuple[int, int]]) -> Any:
        # what they held: the keys and their weights, as two lists
        packed_of, put = self._packed_of, self._put
        saved = []
        for a, b in keys:
            saved.append(packed_of(a, b))
            put(a, b, None)
        self._dirty.update(keys)
        return keys, saved

    def restore_pairs(self, saved: Any) -> None:
        keys, weights = saved
        put = self._put
        for (a, b), w in zip(reversed(keys), reversed(weights)):  # a repeated pair: its first value last
            put(a, b, w)
        self._dirty.update(keys)
