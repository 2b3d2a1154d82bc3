"""The matcher of one 2017 bracket (:class:`~tabellone.rules.dutch.edition_2017.Dutch2017`):
the players of the bracket and of the next one, every pair of them, their packed weights
kept row by row (:class:`RowMatcher`)."""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from itertools import compress, repeat
from operator import add, and_, getitem, setitem, sub
from typing import Any

from tabellone.matching.blossom import HAVE_EXTENSION, Mask
from tabellone.matching.pricing import Row
from tabellone.rules.dutch.matcher import Pairs, PricedMatcher
from tabellone.rules.fide_common import Entrant


class RowMatcher(PricedMatcher):
    """:class:`Matcher` on the players ``A`` of one bracket and the next (its ``active``
    graph), with the packed weight of every pair of ``A`` kept in one list per player:
    the pairs with the players after it in position order, None for a pair that may not
    meet (:meth:`Matcher.has_edge`).

    What it saves over :class:`Matcher`: a pair costs 8 bytes of Python (a list slot,
    equal weights sharing one int), not two dict entries and a changed-pair entry (about
    160 bytes, round 2 of a 4,000-player event by ``tracemalloc``); and the
    rows enter the core's graph as they are given (:meth:`set_row`), before the first
    solve, instead of through the set of changed pairs. The pairs C5 drops (millions in
    a bracket of 5,000 players) are kept as the two arrays they come in and handed to
    the core at the next solve (:meth:`zero_pairs`), not as a tuple each in the set of
    changed pairs (about 150 bytes a pair: that set was the peak of round 2 at 9,999
    players). The answers are the same (``tests/rules/dutch/test_dutch_2017_rows.py``
    compares the two on generated events and on every method the generation order
    calls; priced, below, the optimum's weight and what :meth:`usable` names, and
    ``tests/rules/dutch/test_dutch_sparse.py`` the pairings of generated events).

    A bracket and the next of at least :attr:`sparse_from` players (round 2 of a
    9,999-player event has two of about 5,000: 14 million pairs, 860 MB in a dense
    core) is *priced*, with the compiled core: the core holds only the pairs with a
    generation-order bonus, the pairs pricing added and the tight pairs :meth:`usable`
    named; every other pair's weight stays in the rows, and each solve ends when none of
    them violates the optimum's duals (:meth:`_solve_priced`, :mod:`tabellone.matching.pricing`),
    so the answer is an optimum of the graph with every pair, as the dense core's is."""

    #: a bracket and the next of at least so many players are priced, not all stored
    #: (as :attr:`LocalMatcher.sparse_from <tabellone.rules.dutch.matcher.LocalMatcher.sparse_from>`
    #: for 2026, measured with it)
    sparse_from = 1000

    def __init__(self, players: list[Entrant], A: list[int], current: int = 0):
        """``A``: the players of the bracket and of the next; ``current``: the first so many
        of ``A`` are the bracket's own (0: all). A hint for the pricing of a large
        bracket, where each player's natural partner lies: read as the first so many in
        position order, which they are, positions following the pairing order."""
        self.sparse = len(A) >= self.sparse_from and HAVE_EXTENSION
        # dense: room for every pair of A reserved at once
        super().__init__(players, None, active=A, reserve=not self.sparse)
        n = len(players)
        self.loc = loc = [-1] * n  # position -> core vertex, a list (read once per edge per solve)
        for k, x in enumerate(A):
            loc[x] = k
        #: A in position order, each player's place in it, and its row of weights
        self.order = order = sorted(A)
        self._order_arr = array("i", order)
        self._rank = rank = [-1] * n
        for k, x in enumerate(order):
            rank[x] = k
        self._rows: list[list[int | None]] = [[] for _ in order]
        #: the core vertex of each player of ``order``
        self._locs = [loc[x] for x in order]
        #: equal weights share one int (a bracket's pairs take few distinct values)
        self._shared: dict[int | None, int | None] = {}
        #: no solve yet: :meth:`set_row` writes into the core at once
        self._fresh = True
        #: pairs changed in bulk since the last solve (:meth:`zero_pairs`,
        #: :meth:`restore_pairs`), handed to the core at the next one, in order: True
        #: where they were dropped (weight 0), False where their weights were put back
        self._bulk: list[tuple[Sequence[int], Sequence[int], bool]] = []
        # (priced: the state :class:`PricedMatcher` describes)
        self._seeds = []
        self._sig = None
        self._unpriced = False
        self._bulk_since = False
        self._order_loc = array("i", self._locs if self.sparse else ())
        #: priced: the pairs (positions, a < b) in the core, with the weight it holds
        self._in_core: dict[tuple[int, int], int] = {}
        #: priced: the index in each row of the player's natural partner (S1 against S2
        #: in the bracket and in the next; preferred among equal pricings)
        self._center = [0] * len(order) if self.sparse else []
        nc = current or len(order)
        for lo, size in ((0, nc), (nc, len(order) - nc)) if self.sparse else ():
            half = size // 2
            for k in range(lo, lo + half):
                self._center[k] = max(half - 1, 0)

    # ---- the table of weights --------------------------------------------------------

    def set_row(self, h: int, ls: list[int], weights: list[int | None], shared: bool = False) -> None:
        """:meth:`Matcher.set_row`; before the first solve, h's row of the table (None
        for a later player not in ``ls``) written into the core at once (priced: kept
        for the pricing only), its equal weights one object."""
        if not self._fresh:
            super().set_row(h, ls, weights, shared)
            return
        k, rank = self._rank[h], self._rank
        share = self._shared.setdefault
        if ls == self.order[k + 1 :]:  # (every later player: the common case)
            row = weights if shared else list(map(share, weights, weights))
        else:
            row = [None] * (len(self.order) - k - 1)
            for l, w in zip(ls, weights):
                row[rank[l] - k - 1] = share(w, w)
        self._rows[k] = row
        if self.sparse:
            return
        # one column of the core's set_columns (h's partners are its rows): no tuple a pair
        self._inc.set_columns(self._locs[k + 1 :], [(self.loc[h], [w or 0 for w in row])])

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
        if not self.sparse:
            self._hand_over_bulk()
            return super().solve()
        self.solves += 1
        mates = self._solve_priced()
        active = self.active
        assert active is not None
        mate = {active[i]: active[m] for i, m in enumerate(mates) if m >= 0}
        mate.update(self.final)
        return mate

    def _free(self, lo: Sequence[int], hi: Sequence[int]) -> Iterator[int]:
        """Per pair of ``lo``, ``hi``: whether neither player is fixed (1) or not (0)."""
        free = bytearray(b"\x01") * self.n
        for x in self.final:
            free[x] = 0
        return map(and_, map(free.__getitem__, lo), map(free.__getitem__, hi))

    def _hand_over_bulk(self) -> None:
        """Give the core the present weights of the pairs changed in bulk, those of
        players still to pair only (as :meth:`Matcher.solve` hands over the changed
        pairs): a dropped pair's weight is 0 (when it is changed again, by
        :meth:`restore_pairs` or one pair at a time, that change is handed over after
        it); a restored pair's is read from the table."""
        loc, final = self.loc, self.final
        for lo, hi, dropped in self._bulk:
            weights: Iterator[int]
            if dropped:
                weights = repeat(0)
            else:
                get_bonus = self.bonus.get
                weights = (w + get_bonus(key, 0) if w else 0 for w, key in zip(self._read(lo, hi), zip(lo, hi)))
            edges = zip(map(loc.__getitem__, lo), map(loc.__getitem__, hi), weights)
            self._hand_over(compress(edges, self._free(lo, hi)) if final else edges)
        self._bulk.clear()

    def changes_pending(self) -> bool:
        if super().changes_pending():
            return True
        if not self.final:
            return any(len(lo) for lo, _, _ in self._bulk)
        return any(any(self._free(lo, hi)) for lo, hi, _ in self._bulk)

    def set_base(self, h: int, l: int, values: dict | None) -> None:
        key = (h, l) if h < l else (l, h)
        self._put(*key, None if values is None else self._pack(values))
        self._dirty.add(key)
        # (priced: a pair dropped outside the core cannot violate the duals; one given
        # a weight may)
        self._unpriced |= self.sparse and values is not None

    def _set_packed(self, keys: list[tuple[int, int]], weights: list[int | None]) -> None:
        share = self._shared.setdefault
        for (h, l), w in zip(keys, weights):
            self._put(h, l, share(w, w))
        self._dirty.update(keys)
        self._unpriced |= self.sparse

    def _places(self, lo: Sequence[int], hi: Sequence[int]) -> tuple[array, array]:
        """The row of each pair of ``lo``, ``hi`` (an index of ``_rows``) and its place in it."""
        rank = self._rank
        at = array("i", map(rank.__getitem__, lo))
        return at, array("i", map(sub, map(rank.__getitem__, hi), map(add, at, repeat(1))))

    def _read(self, lo: Sequence[int], hi: Sequence[int]) -> list[int | None]:
        """The packed weights of the pairs of ``lo``, ``hi``, in order."""
        at, places = self._places(lo, hi)
        return list(map(getitem, map(self._rows.__getitem__, at), places))

    def _write(self, lo: Sequence[int], hi: Sequence[int], weights: Iterable[int | None]) -> None:
        """Set the packed weights of the pairs of ``lo``, ``hi``, in order."""
        at, places = self._places(lo, hi)
        deque(map(setitem, map(self._rows.__getitem__, at), places, weights), 0)

    def zero_pairs(self, keys: Sequence[tuple[int, int]]) -> Any:
        # what they held: the pairs (two arrays) and their weights; the pairs are read
        # in C (map over the arrays), not as a tuple each
        saved: list[int | None] | None = None
        if isinstance(keys, Pairs):
            lo, hi = keys.lo, keys.hi
            saved = self._zero_runs(keys)
        else:
            lo, hi = array("i", [a for a, _ in keys]), array("i", [b for _, b in keys])
        if saved is None:
            at, places = self._places(lo, hi)
            rows = self._rows.__getitem__
            saved = list(map(getitem, map(rows, at), places))
            deque(map(setitem, map(rows, at), places, repeat(None)), 0)
        self._bulk.append((lo, hi, True))
        self._bulk_since = self.sparse
        return lo, hi, saved

    def _zero_runs(self, pairs: Pairs) -> list[int | None] | None:
        """:meth:`zero_pairs` of ``pairs`` run by run, each a slice of its player's row
        (C5's drops are, for each player, the next players of the bracket or of S1: a
        run of consecutive places), their weights before in order; None, nothing
        changed, when a run is not (each run's places are read to tell)."""
        rank, rows, order = self._rank, self._rows, self._order_arr
        lo, hi = pairs.lo, pairs.hi
        plan = []
        for x, s, c in pairs.runs:
            if c == 0:
                continue
            k, first = rank[x], rank[hi[s]]
            if k < 0 or first <= k or lo[s : s + c].count(x) != c or hi[s : s + c] != order[first : first + c]:
                return None
            if len(rows[k]) < first - k - 1 + c:  # (a row shorter than the bracket's order: read pair by pair)
                return None
            plan.append((rows[k], first - k - 1, c))
        if sum(c for _, _, c in pairs.runs) != len(lo):
            return None
        saved: list[int | None] = []
        for row, i, c in plan:  # (all read before any is dropped: a pair may be named twice)
            saved += row[i : i + c]
        for row, i, c in plan:
            row[i : i + c] = repeat(None, c)
        return saved

    def restore_pairs(self, saved: Any) -> None:
        lo, hi, weights = saved
        # (a pair named twice held the same weight both times: all were read before any was dropped)
        self._write(lo, hi, weights)
        self._bulk.append((lo, hi, False))
        self._bulk_since = self.sparse

    # ---- a large bracket: pairs priced, not all stored ---------------------------------

    def _solve_priced(self) -> list[int]:
        """The optimum of the bracket's graph with every pair of it, from the core's graph
        of some of them (:func:`tabellone.matching.pricing.solve_priced`).

        Handed to the core first: the tight pairs :meth:`usable` named, the pairs with a
        bonus (never priced: the rows hold no bonus), and the present weight of every
        pair in the core that changed (after :meth:`zero_pairs` or :meth:`restore_pairs`,
        every pair in the core or with a bonus is read again). The pairs of players
        still to pair are priced (those at fixed players do not count: see
        :meth:`Matcher._solve_incremental`). After a weight outside the core went up,
        every pair is priced; else only those whose slack may have gone down since no
        pair outside the core violated the duals (the masks of
        :func:`~tabellone.matching.pricing.solve_priced`): a pair dropped outside the core
        (weight 0) violates no duals."""
        final, loc, weight, bonus = self.final, self.loc, self.weight, self.bonus
        in_core = self._in_core
        edges: list[tuple[int, int, int]] = []
        for key in self._seeds:
            a, b = key
            if key not in in_core and a not in final and b not in final and (w := weight(key)):
                edges.append((loc[a], loc[b], w))
                in_core[key] = w
        self._seeds.clear()
        if self._bulk:
            self._unpriced |= any(not dropped and any(self._free(lo, hi)) for lo, hi, dropped in self._bulk)
            self._bulk.clear()
            # read again: the pairs in the core, and those with a bonus (one dropped
            # left the core; put back, it must return)
            self._dirty.update(in_core)
            self._dirty.update(bonus)
        for key in self._dirty:
            a, b = key
            if a in final or b in final:
                continue
            w = weight(key)
            had = in_core.get(key)
            if had is not None:
                if w != had:
                    edges.append((loc[a], loc[b], w))
                    if w:
                        in_core[key] = w
                    else:
                        del in_core[key]
            elif w and key in bonus:
                edges.append((loc[a], loc[b], w))
                in_core[key] = w
        self._dirty.clear()
        self._hand_over(iter(edges))
        return self._priced_optimum()

    def _store_every_pair(self) -> None:
        self.sparse = False
        final, locs, order, get_bonus = self.final, self._locs, self.order, self.bonus.get
        for k, (x, row) in enumerate(zip(order, self._rows)):
            if x not in final:
                self._hand_over(
                    (locs[k + 1 + i], locs[k], w + get_bonus((x, y), 0))
                    for i, (y, w) in enumerate(zip(order[k + 1 :], row))
                    if w and y not in final
                )

    def _price_rows(self, mask: Mask | None) -> Iterator[Row]:
        """The rows of the players still to pair, as :func:`~tabellone.matching.pricing.solve_priced`
        prices them, each with ``mask``."""
        ol, center = self._order_loc, self._center
        later = memoryview(ol)  # each row's partners, a slice of it (no copy)
        for k, row in enumerate(self._rows):
            x = ol[k]
            if x >= 0 and row:
                yield x, later[k + 1 :], row, center[k], mask

    def _added(self, edges: list[tuple[int, int, int]]) -> None:
        active, in_core = self.active, self._in_core
        assert active is not None
        for x, y, w in edges:
            a, b = active[x], active[y]
            in_core[(a, b) if a < b else (b, a)] = w

    def usable(self, x: int, ys: list[int]) -> list[int] | None:
        if not self.sparse:
            return super().usable(x, ys)
        # the pairs outside the core count too, at their weights in the rows (none has a
        # bonus: those are in the core, whose own weight then counts)
        rows, rank, loc = self._rows, self._rank, self.loc
        r = rank[x]
        row = rows[r]
        ws = [row[q - r - 1] if (q := rank[y]) > r else rows[q][r - q - 1] for y in ys]
        hits = self._inc.tight(loc[x], [loc[y] for y in ys], ws)
        if hits is None:
            return None
        self._seed(x, ys, hits)
        return [ys[i] for i in hits]
