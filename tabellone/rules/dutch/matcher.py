"""The Dutch optimiser's matcher: every criterion field of every pair packed into one
integer weight by the bracket's layout, and a maximum-weight matching over the pairs not
yet fixed (:class:`Matcher`); the bracket-local matcher that stands in for the rest of the
field and proves its answer completable (:class:`LocalMatcher`)."""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from itertools import islice, repeat
from operator import getitem, itemgetter, lt, setitem
from typing import Any, overload

from tabellone.matching.blossom import HAVE_EXTENSION, Mask
from tabellone.matching.completion import CompletionOracle
from tabellone.matching.cpsat import solve_fields_of
from tabellone.matching.lexicographic import Layout
from tabellone.matching.pricing import NoDuals, Row, solve_priced
from tabellone.rules.fide_common import Entrant


def default_solve(n: int, edges: list[tuple[int, int, int]]) -> dict[int, int]:
    """A one-shot maximum-weight matching (the back end the engines use when none is given)."""
    from tabellone.matching.backends import max_weight_matching

    return max_weight_matching(n, edges)


class Pairs(Sequence[tuple[int, int]]):
    """A list of pairs ``(a, b)``, ``a < b``, kept as two arrays of int32 (8 bytes a pair;
    a list of tuples takes 64): C5 drops most pairs of a large bracket, several million
    at 9,999 players, and the list of them was a large round's peak memory. Each pair is
    made as a tuple when read. ``runs`` says how they were given: ``(x, start, count)``
    for each :meth:`extend`, the pairs ``start .. start + count - 1`` (a matcher that keeps
    a row of weights per player may read a run as a slice of ``x``'s row)."""

    def __init__(self) -> None:
        self.lo = array("i")
        self.hi = array("i")
        self.runs: list[tuple[int, int, int]] = []

    def extend(self, x: int, ys: list[int]) -> None:
        """Add the pairs of ``x`` with each of ``ys``, in order."""
        self.runs.append((x, len(self.lo), len(ys)))
        self.lo.extend([y if y < x else x for y in ys])
        self.hi.extend([x if y < x else y for y in ys])

    def __len__(self) -> int:
        return len(self.lo)

    @overload
    def __getitem__(self, k: int) -> tuple[int, int]: ...

    @overload
    def __getitem__(self, k: slice) -> list[tuple[int, int]]: ...

    def __getitem__(self, k):
        if isinstance(k, slice):
            return list(zip(self.lo[k], self.hi[k]))
        return self.lo[k], self.hi[k]

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return zip(self.lo, self.hi)

    def __reversed__(self) -> Iterator[tuple[int, int]]:
        return zip(reversed(self.lo), reversed(self.hi))


class Matcher:
    """All players still to pair, the value of every criterion field on every pair, and
    a maximum-weight matching over the pairs not yet finalised.

    Values are kept per field (``dict`` field -> int) and packed by the current
    :class:`~tabellone.matching.lexicographic.Layout`; ``bonus`` holds the small tie-break terms of
    the generation order, below every criterion. By default the graph lives in an
    incremental matcher (:class:`tabellone.matching.blossom.Matcher`) that re-solves from the
    previous optimum after each small change; a ``solve`` function may be given instead
    (it then receives the whole edge list at every solve).

    ``active`` (the players of one bracket and the next, :class:`Dutch2017`) limits the
    graph to those players, numbered ``0 .. len(active) - 1`` inside the incremental
    matcher: the core's work per dual adjustment and its pair index grow with its
    vertex count, not with the field's; ``reserve`` (with ``active``): room for every
    pair of them is allocated at once.
    """

    def __init__(
        self,
        players: list[Entrant],
        solve: Callable[[int, list[tuple[int, int, int]]], dict[int, int]] | None = None,
        vertices: int | None = None,
        active: list[int] | None = None,
        reserve: bool = True,
    ):
        self.players = players
        self.n = len(players)
        self.base: dict[tuple[int, int], dict | None] = {}
        self.bonus: dict[tuple[int, int], int] = {}
        self.final: dict[int, int] = {}
        self.layout: Layout | None = None
        self.bonus_bits = 0
        self._solve = solve
        self.packed: dict[tuple[int, int], int] = {}
        self.solves = 0
        self.active: list[int] | None = active  # vertices in the graph (None: all)
        #: position -> vertex of the incremental matcher (None: the position itself)
        self.loc: dict[int, int] | list[int] | None = None
        self._dirty: set[tuple[int, int]] = set()
        #: fixed pairs still in the incremental matcher's graph (see finalize)
        self._kept: list[tuple[int, int]] = []
        #: the last optimum's mate of each core vertex (-1: none, or fixed)
        self._mates: list[int] | None = None
        self._interned: dict[int, int] = {}
        if solve is None:
            from tabellone.matching.blossom import Matcher as Incremental

            if active is not None:
                self.loc = {x: k for k, x in enumerate(active)}
                vertices = len(active)
            self._inc = Incremental(self.n if vertices is None else vertices)
            if active is not None and reserve:  # room for every pair of them, allocated at once
                na = len(active)
                self._inc.reserve(na * (na - 1) // 2, [na - 1] * na)
        else:
            self._inc = None

    def has_edge(self, a: int, b: int) -> bool:
        """Whether a and b may meet (their pair has criteria values)."""
        return self.base.get((a, b) if a < b else (b, a)) is not None

    def set_base(self, h: int, l: int, values: dict | None) -> None:
        key = (h, l) if h < l else (l, h)
        self.base[key] = values
        self.packed.pop(key, None)
        self._dirty.add(key)

    def set_row(self, h: int, ls: list[int], weights: list[int | None], shared: bool = False) -> None:
        """:meth:`set_base` for the pairs (h, l), l in ``ls`` (each above ``h``), given
        their packed weights by the current layout (None where they may not meet:
        :class:`tabellone.rules.dutch.weights.Weights2017`), in the same order as one
        :meth:`set_base` call each. The layout must not change afterwards (the fields
        are not kept to pack again). ``shared``: equal weights are already one object
        (a matcher that keeps them shares them otherwise)."""
        self._set_packed([(h, l) for l in ls], weights)

    def set_column(self, l: int, hs: list[int], weights: list[int | None], shared: bool = False) -> None:
        """As :meth:`set_row`, for the pairs (h, l), h in ``hs`` (each below ``l``)."""
        self._set_packed([(h, l) for h in hs], weights)

    def _set_packed(self, keys: list[tuple[int, int]], weights: list[int | None]) -> None:
        # whether each pair may meet (``has_edge``) and its packed weight (0 when not)
        self.base.update(zip(keys, [None if w is None else True for w in weights]))
        # equal weights share one int (a bracket's pairs take few distinct values)
        intern = self._interned.setdefault
        self.packed.update(zip(keys, [0 if w is None else intern(w, w) for w in weights]))
        self._dirty.update(keys)

    def zero(self, h: int, l: int) -> None:
        self.set_base(h, l, None)

    def zero_pairs(self, keys: Sequence[tuple[int, int]]) -> dict:
        """:meth:`zero` for each pair ``(h, l)``, ``h < l``; returns what they held, for
        :meth:`restore_pairs`."""
        base, packed = self.base, self.packed
        saved = {key: (base.get(key), packed.get(key)) for key in keys}
        base.update(dict.fromkeys(keys))
        pop = packed.pop
        for key in keys:
            pop(key, None)
        self._dirty.update(keys)
        return saved

    def restore_pairs(self, saved: dict) -> None:
        """Undo :meth:`zero_pairs`."""
        base, packed = self.base, self.packed
        for key, (b, w) in saved.items():
            base[key] = b
            if w is None:
                packed.pop(key, None)
            else:
                packed[key] = w
        self._dirty.update(saved)

    def value(self) -> int | None:
        """The weight of the last optimum on the players still to pair (pairs, and for
        :class:`LocalMatcher` the shadow and bye edges); None before a first solve, or
        with a ``solve`` function of its own."""
        inc, mates = self._inc, self._mates
        if inc is None or mates is None:
            return None
        fixed = {v for pair in self._kept for v in pair}  # (fixed since that solve too)
        weight = inc.weight
        return sum(weight(v, u) for v, u in enumerate(mates) if u > v and v not in fixed)

    def set_bonus(self, h: int, l: int, bonus: int) -> None:
        key = (h, l) if h < l else (l, h)
        if bonus:
            if self.bonus.get(key) == bonus:
                return
            self.bonus[key] = bonus
        elif key in self.bonus:
            del self.bonus[key]
        else:
            return
        self._dirty.add(key)

    def set_bonus_row(self, x: int, ys: list[int], bonus: int) -> None:
        """:meth:`set_bonus` of ``bonus`` on x's pairs with ``ys`` where x may meet the
        other player (:meth:`has_edge`), of 0 on the others, pair after pair in order."""
        have, dirty = self.bonus, self._dirty
        meets = self._meets_row(x, ys) if bonus else [False] * len(ys)
        for y, may_meet in zip(ys, meets):
            key = (x, y) if x < y else (y, x)
            if bonus and may_meet:
                if have.get(key) == bonus:
                    continue
                have[key] = bonus
            elif key in have:
                del have[key]
            else:
                continue
            dirty.add(key)

    def _meets_row(self, x: int, ys: list[int]) -> list[bool]:
        """:meth:`has_edge` of x with each of ``ys``."""
        get = self.base.get
        return [get((x, y) if x < y else (y, x)) is not None for y in ys]

    def meets_row(self, x: int, ys: list[int]) -> list[bool]:
        """:meth:`has_edge` of x with each of ``ys``, in one call."""
        return self._meets_row(x, ys)

    def clear_bonuses(self) -> None:
        self._dirty.update(self.bonus)
        self.bonus.clear()

    def relayout(self, layout: Layout, bonus_bits: int) -> None:
        self.layout = layout
        self.shift_of = dict(zip(layout.names, layout.shifts))
        self.bonus_bits = bonus_bits
        self.packed.clear()
        self._dirty.update(self.base)

    def fields(self) -> list[tuple[int, int]]:
        """The bit fields of the packed weights: the layout's, above the bonus. A hint for
        back ends that solve field by field (:mod:`tabellone.matching.cpsat`), which stay exact where a
        field's sum carries into the next (the 2017 weights subtract and borrow)."""
        below = [(0, self.bonus_bits)] if self.bonus_bits else []
        if self.layout is None:
            return below
        return [(s + self.bonus_bits, w) for s, w in self.layout.fields] + below

    def weight(self, key: tuple[int, int]) -> int:
        w = self.packed.get(key)
        if w is None:
            values = self.base.get(key)
            w = 0 if values is None else self._pack(values)
            self.packed[key] = w
        if w == 0:
            return 0
        return w + self.bonus.get(key, 0)

    def _pack(self, values: dict) -> int:
        """One pair's fields as one integer, by the layout, above the bonus bits."""
        shift_of = self.shift_of
        w = 0
        for name, v in values.items():
            if v:
                w += v << shift_of[name]
        return w << self.bonus_bits

    def finalize(self, u: int, v: int) -> None:
        """Fix the pair u-v: both leave the problem.

        In the incremental matcher they stay, with their edges, until a solve's optimum
        no longer pairs them with each other (:meth:`_solve_incremental`): removing a
        vertex makes the next warm start dissolve every blossom holding it."""
        self.final[u] = v
        self.final[v] = u
        if self._inc is not None:
            loc = self.loc
            self._kept.append((u, v) if loc is None else (loc[u], loc[v]))

    def _hand_over(self, edges: Iterator[tuple[int, int, int]]) -> None:
        """Give the changed pairs (core vertex numbers) to the incremental matcher, in
        order, a slice at a time: a list of every changed pair at once (all of a large
        bracket's pairs at its first solve, millions when C5 drops most of them) was a
        round's peak memory."""
        inc = self._inc
        while chunk := list(islice(edges, 1 << 16)):
            inc.set_edges(chunk)

    def _solve_incremental(self, edges: list[tuple[int, int, int]]) -> list[int]:
        """The incremental matcher's optimum after ``edges`` changed (core vertex
        numbers), with every fixed pair in it.

        Why the fixed pairs may stay in the graph: the matchings of the graph without
        them are exactly the matchings of the whole graph that contain them, less
        those pairs, whose weight is then a constant. So an optimum of the whole graph
        that contains every fixed pair is an optimum of the graph without them, and
        the weights of the other edges at fixed vertices (left as they were) do not
        matter. When the optimum breaks a fixed pair, the fixed vertices are removed
        and the graph is solved again."""
        inc = self._inc
        if edges:
            inc.set_edges(edges)
        mates = inc.solve()
        kept = self._kept
        if kept and any(mates[a] != b for a, b in kept):
            for a, b in kept:
                inc.remove_vertex(a)
                inc.remove_vertex(b)
            kept.clear()
            mates = inc.solve()
        for a, b in kept:  # read as removed: the callers skip fixed players
            mates[a] = mates[b] = -1
        self._mates = mates
        return mates

    def changes_pending(self) -> bool:
        """Whether a pair of players still to pair changed since the last solve."""
        return self._any_free(self._dirty)

    def bonus_pending(self) -> bool:
        """Whether a pair of players still to pair has a bonus."""
        return self._any_free(self.bonus)

    def _any_free(self, pairs) -> bool:
        final = self.final
        return any(a not in final and b not in final for a, b in pairs)

    def usable(self, x: int, ys: list[int]) -> list[int] | None:
        """The players of ``ys`` (in order) whose pairs with ``x`` have slack 0 under the
        last optimum's dual variables: no optimum of the present weights pairs x with
        anyone else, since every optimum uses only such pairs (complementary slackness
        holds between any optimal matching and any optimal dual). None when the duals
        do not describe the present weights (see :meth:`changes_pending`), or without
        the compiled core."""
        inc = self._inc
        if inc is None:
            return None
        loc = self.loc
        if loc is None:
            hits = inc.all_within(x, ys, [0] * len(ys))
        else:
            hits = inc.all_within(loc[x], [loc[y] for y in ys], [0] * len(ys))
        return None if hits is None else [ys[i] for i in hits]

    def solve(self) -> dict[int, int]:
        self.solves += 1
        if self._inc is not None:
            final, loc = self.final, self.loc
            get_packed, get_bonus, weight = self.packed.get, self.bonus.get, self.weight
            # self.weight(key), its common cases inline (packed: 0, or its bonus added)
            edges: Iterator[tuple[int, int, int]]
            if loc is None:
                edges = (
                    (a, b, weight(key) if (w := get_packed(key)) is None else (w + get_bonus(key, 0)) if w else 0)
                    for key in self._dirty
                    for a, b in (key,)
                    if a not in final and b not in final
                )
            else:
                edges = (
                    (
                        loc[a],
                        loc[b],
                        weight(key) if (w := get_packed(key)) is None else (w + get_bonus(key, 0)) if w else 0,
                    )
                    for key in self._dirty
                    for a, b in (key,)
                    if a not in final and b not in final
                )
            self._hand_over(edges)
            self._dirty.clear()
            mates = self._solve_incremental([])
            if loc is None:
                mate = {i: m for i, m in enumerate(mates) if m >= 0}
            else:
                active = self.active
                mate = {active[i]: active[m] for i, m in enumerate(mates) if m >= 0}
        else:
            vertices = range(self.n) if self.active is None else self.active
            free = [i for i in vertices if i not in self.final]
            edges = []
            for a_pos, a in enumerate(free):
                for b in free[a_pos + 1 :]:
                    w = self.weight((a, b))
                    if w > 0:
                        edges.append((a, b, w))
            mate = dict(solve_fields_of(self._solve, self.n, edges, self.fields()))
        mate.update(self.final)
        return mate


class PricedMatcher(Matcher):
    """What the two matchers that price a large bracket's pairs share
    (:class:`LocalMatcher` for 2026,
    :class:`~tabellone.rules.dutch.bracket_matcher.RowMatcher` for 2017): when ``sparse``
    the core holds only the pairs with a bonus, the pairs pricing added and the tight
    pairs :meth:`usable` named (:meth:`_seed`); every other pair's weight stays in
    Python, and each solve is priced against the optimum's duals
    (:meth:`_priced_optimum`, :mod:`tabellone.matching.pricing`). A subclass keeps the
    weights its own way and says how to read them: :meth:`_price_rows`,
    :meth:`_added`, :meth:`_store_every_pair`."""

    #: pairs added per row (or column) and pricing round
    price_limit = 8
    #: the same at the solve after pairs were dropped or put back in bulk
    #: (:meth:`zero_pairs`, :meth:`restore_pairs`: C5's drops, three quarters of a
    #: bracket's pairs): the duals then move at nearly every player, and 8 pairs a row
    #: took about 17 pricing rounds in the 2017 edition's largest brackets (32 here:
    #: measured on round 2 of the 9,999-player events, the C2-C4 solve 17.8 -> 12.1 s in
    #: 2017, 9.5 -> 8.0 s in 2026; everywhere else 32 slowed the solves down)
    bulk_price_limit = 32
    #: the tight pairs of a player :meth:`usable` names first that go into the core at
    #: the next solve (see :meth:`_seed`)
    seed_limit = 8

    #: the bracket's pairs are priced, not all stored
    sparse: bool
    #: the core's optimum (:meth:`Matcher.snapshot`) when no pair outside the core last
    #: violated its duals (None: not since a weight outside it may have gone up)
    _sig: bytes | None
    #: a pair's weight outside the core may have gone up since the last solve
    _unpriced: bool
    #: pairs :meth:`usable` found tight (positions, a < b), for the core at the next solve
    _seeds: list[tuple[int, int]]
    #: pairs were dropped or put back in bulk since the last solve (:attr:`bulk_price_limit`)
    _bulk_since: bool = False
    #: the core vertex of each player of the bracket in position order (-1 once fixed),
    #: and each player's place in that order
    _order_loc: array[int]
    _rank: list[int]

    def finalize(self, u: int, v: int) -> None:
        super().finalize(u, v)
        if self.sparse:  # fixed: priced no more
            ol, rank = self._order_loc, self._rank
            ol[rank[u]] = ol[rank[v]] = -1

    def _priced_optimum(self) -> list[int]:
        """The core's optimum with every pair of :meth:`_price_rows` priced against it
        (:func:`tabellone.matching.pricing.solve_priced`, each solve with the fixed pairs
        as :meth:`_solve_incremental` keeps them); its snapshot is kept
        (``_sig``): no pair outside the core violates those duals.

        When a solve's certificate fails (a bug in the core: networkx answers instead,
        with no duals to price against), :meth:`_store_every_pair` hands the core every
        pair of the players still to pair and ends the pricing; the optimum of that
        graph is the answer, and the bracket goes on as a dense one.

        The solve after a bracket's first pricing round is cold as well as its first: the
        first has few of the bracket's pairs to go on (the shadow and bye edges of 2026,
        the seeds), so that pricing round adds pairs at nearly every player, and a warm
        start from its optimum left thousands of exposed players with duals of their
        own, one blossom stage each (2,643 stages, 5.4 s, for the first bracket of round
        2 of the 9,999-player 2026 event; cold, 19). The solves after it are warm. (No
        optimum kept means the bracket's first solve: each bracket has a core of its own,
        and a failed certificate ends the pricing, :class:`NoDuals`.)"""
        if self._unpriced:  # a weight outside the core may have gone up: price every pair
            self._sig = None
        self._unpriced = False
        inc = self._inc
        first = not inc.has_optimum
        solves = 0

        def solve() -> list[int]:
            nonlocal solves
            if first and solves == 1:
                inc.forget_optimum()
            solves += 1
            return self._solve_incremental([])

        limit = self.bulk_price_limit if self._bulk_since else self.price_limit
        self._bulk_since = False
        try:
            mates = solve_priced(inc, self._price_rows, limit, solve, self._added, self._sig)
        except NoDuals:
            self._store_every_pair()
            self._sig = None
            return self._solve_incremental([])
        self._sig = self._inc.snapshot()
        return mates

    def _seed(self, x: int, ys: list[int], hits: list[int]) -> None:
        """Note the first :attr:`seed_limit` of the pairs of ``x`` with ``ys[i]``, ``i`` in
        ``hits`` (tight, from :meth:`usable`), for the core at the next solve, at their
        weights then: the pairs the next optima are most likely to use (the generation
        order's guesses, their next choices). Any pair of the bracket may join the core
        (it stays a part of the bracket's graph, and pricing still proves the optimum
        against every pair); outside it, a warm solve that must re-pair a few players
        cannot see them and moves the duals instead, and pricing then finds violated
        pairs in most rows, round after round (round 2 of a 9,999-player event:
        docs/performance.md)."""
        self._seeds.extend([(x, y) if x < y else (y, x) for y in (ys[i] for i in hits[: self.seed_limit])])

    def _price_rows(self, mask: Mask | None) -> Iterator[Row]:
        """The rows to price against the last optimum (:data:`tabellone.matching.pricing.Row`),
        ``mask`` in those whose pairs it may leave out (:func:`~tabellone.matching.pricing.solve_priced`)."""
        raise NotImplementedError

    def _added(self, edges: list[tuple[int, int, int]]) -> None:
        """Pricing added ``edges`` (core vertices) to the core."""
        raise NotImplementedError

    def _store_every_pair(self) -> None:
        """Every pair of players still to pair into the core, at its weight (a bonus
        added), and the bracket dense from now on (``sparse`` False)."""
        raise NotImplementedError


class NeedWholeField(Exception):
    """The bracket-local matching's answer could not be completed below: the round is
    paired again on the whole field (:meth:`Dutch2026._pair_whole`)."""


class LocalMatcher(PricedMatcher):
    """The matcher of one bracket: its players and the next bracket's, with the rest of
    the field stood in for by one *shadow* vertex per player and one *bye* vertex, and a
    completion oracle that checks every answer against the real rest of the field.

    Why this is the whole-field optimum (2026 C4-C21, with :class:`BracketStepper`)
    ---------------------------------------------------------------------------------
    Let ``A`` be the players of the bracket (its MDPs and residents) and of the next
    bracket, ``L`` everyone below, and P the problem the whole-field matcher solves at a
    bracket: the maximum of the packed weight over matchings of ``A + L``. Every field
    but the first (``top``, which is C4 with C5: 1 + the ends not eligible for the bye
    at the bye score) is zero on a pair with an end in ``L``: those pairs were given
    their values before the first bracket, when they lie in no bracket and in no next
    bracket, so they carry ``top`` only (C9 too when the bye score is the top score:
    that round is paired on the whole field). So P is: among the *complete* matchings
    (those reaching the largest ``top``: every player paired but one, eligible for the
    bye at the bye score, when the number is odd), the best on the criteria of the pairs
    inside ``A``; the rest of a complete matching is only required to exist.

    Q, solved here, is P with ``L`` relaxed: each player ``x`` of ``A`` with at least one
    compatible player in ``L`` gets a private shadow ``x'`` (the edge x-x' stands for
    "x is paired below"), and, when the number of players left is odd, one bye vertex
    joined to every player of ``A`` who may take the bye. ``top`` on Q counts the players
    of ``A`` covered plus those of them not eligible for the bye (a pair inside ``A``
    gets one more ``top`` than in P, a shadow or bye edge 1 + the player's own term); the
    other fields and the generation-order bonuses are P's on the pairs inside ``A``.

    1. Every complete matching M of P maps to a matching of Q of the largest ``top``
       (all of ``A`` covered: the pairs of M inside ``A``; x-x' for the players of ``A``
       paired into ``L``; the bye vertex for a player of ``A`` left single), with the
       same value on every other field. So Q's optimum is at least P's, field by field
       in the criteria order.
    2. The completion oracle (:class:`tabellone.matching.completion.CompletionOracle`) then asks
       whether Q's answer is one of P's: can the players sent to their shadows be paired
       into ``L`` and ``L`` completed (with one player of ``L`` eligible for the bye left
       over when the count is odd and no player of ``A`` took it)? A "yes" comes with a
       matching: Q's answer extended by it is a complete matching of P with Q's value,
       hence P's optimum, and the pairs it makes inside ``A`` are those a whole-field
       solve can return. A "no" (exact: the oracle ends in Edmonds' algorithm) raises
       :class:`NeedWholeField`, and the round is paired by the whole-field matcher.

    The parity of the players sent down needs no gadget: |A| minus the players covered
    inside ``A`` and by the bye vertex is the number sent down, so ``L`` plus them has
    the parity of the players left, less the bye.

    The graph has |A|^2/2 + 2|A| edges instead of n^2/2, and every solve of the bracket
    (about 30 for the generation order) warm-starts on it; the answers keep the core's
    optimality certificate. ``L`` is read through the oracle, which stores nothing of
    the O(n^2) pairs.
    """

    #: brackets (with the next bracket) of at least this many players keep only some of
    #: their pairs in the core and price the others (:meth:`_solve_priced`). Below it
    #: every pair is stored: the core's warm re-solves after each step of the generation
    #: order are then as cheap as pricing the bracket's pairs again after each of them
    #: (measured again 2026-12-05, docs/performance.md: from 1,000 on, the 4,000- and
    #: 9,999-player events pair faster and in less memory than from 3,000 on, from 600
    #: on no faster; it was 3,000 when pricing read every pair at every solve)
    sparse_from = 1000
    #: :meth:`solve` hands over at most so many changed pairs in one list (more go through
    #: :meth:`Matcher._hand_over`, in slices of 65,536), :meth:`set_columns` about so many a call
    hand_over_at_once = 1 << 16
    #: :meth:`zero_pairs` reads and writes the columns so many pairs at a time
    pairs_at_once = 1 << 16
    #: brackets (with the next) of at least this many players share one int between a
    #: column's equal weights (:meth:`set_columns`)
    share_from = 256

    def __init__(
        self,
        players: list[Entrant],
        ok: Callable[[int, int], bool],
        cand: Callable[[int], bool],
        meets_any: Callable[[int, list[int]], bool] | None = None,
    ):
        n = len(players)
        super().__init__(players, None, vertices=2 * n + 1)
        self.ok = ok
        #: ``meets_any(x, ys)``: whether x may meet one of the distinct players ``ys``
        #: (``ok`` with each, by default)
        self.meets_any = meets_any or (lambda x, ys: any(ok(x, y) for y in ys))
        self.cand = cand
        self.oracle = CompletionOracle(ok)
        self.A: list[int] = []
        self.L: list[int] = []
        self.odd = False
        self._checked: dict[tuple[frozenset[int], int | None], bool] = {}
        self.top_unit = 0
        self._order: list[int] = []
        self._rank: list[int] = []
        self._cols: dict[int, list[int]] = {}
        #: no solve yet in this bracket: :meth:`set_column` writes to the core at once
        self._fresh = False
        # (priced: the state :class:`PricedMatcher` describes)
        self.sparse = False
        self._unpriced = False
        self._sig = None
        self._seeds = []
        self._order_loc = array("i")
        #: sparse: the pairs (positions, a < b) handed to the core with a weight
        self._in_core: set[tuple[int, int]] = set()
        #: sparse: per column the index of its natural partner (preferred among equal pricings)
        self._center: dict[int, int] = {}
        #: the pairs kept outside the columns, grouped by their lower player, for one solve
        self._rest: dict[int, tuple[list[int], list[int]]] = {}

    def relayout(self, layout: Layout, bonus_bits: int) -> None:
        super().relayout(layout, bonus_bits)
        self.top_unit = 1 << (self.shift_of["top"] + bonus_bits)

    def begin_bracket(self, A: list[int], L: list[int], odd: bool, current: int = 0) -> None:
        """Enter the bracket whose players and next bracket are ``A``, with ``L`` below;
        ``odd``: an odd number of players is left (the bye vertex is needed); ``current``:
        the bracket's own players are the first so many of ``A`` (a hint for the pricing
        of a large bracket: where each player's natural partner lies). The pairs inside
        ``A`` are set by the caller afterwards."""
        from tabellone.matching.blossom import Matcher as Incremental

        self.base.clear()
        self.packed.clear()
        self.bonus.clear()
        self._dirty.clear()
        # the packed weights of the pairs inside A: per player l, the list of its pairs
        # with the first players of A in position order (``set_column``), read through
        # ``_rank`` (position -> place in that order); other pairs in ``packed``
        self._order = sorted(A)
        self._rank = rank = [-1] * self.n
        for k, x in enumerate(self._order):
            rank[x] = k
        self._cols = {}
        self._interned = {}
        # a graph of its own per bracket, on the bracket's vertices only (numbered
        # locally: the core's work per dual step is linear in its vertex count), with
        # weights as wide as this bracket's layout
        na = len(A)
        # position -> vertex, as a list over all positions (indexed once per edge per solve)
        self.loc = loc = [-1] * self.n
        for k, x in enumerate(A):
            loc[x] = k
        self._inc = Incremental(2 * na + 1)
        self.sparse = sparse = na >= self.sparse_from and HAVE_EXTENSION
        self._in_core = set()
        self._unpriced = False
        self._bulk_since = False
        self._sig = None
        self._seeds = []
        if sparse:
            self._order_loc = array("i", [loc[x] for x in self._order])
            # each player's natural partner in its own group (S1 against S2): the middle
            # of the pairs priced first when many weigh the same
            nc = current or na
            half_c, half_n = nc // 2, (na - nc) // 2
            self._center = {
                x: max(k - half_c, 0) if k < nc else nc + max(k - nc - half_n, 0) for k, x in enumerate(self._order)
            }
        else:
            # room for every pair inside A and the shadow and bye edges, allocated at once:
            # grown edge by edge, the core's arrays doubled and kept up to half unused
            self._inc.reserve(na * (na - 1) // 2 + 2 * na, [na + 1] * na)
        self._kept = []
        self._mates = None
        self.A, self.L, self.odd = A, L, odd
        self._checked = {}
        unit, meets_any, cand = self.top_unit, self.meets_any, self.cand
        extra = []
        for k, x in enumerate(A):
            if L and meets_any(x, L):
                extra.append((k, na + k, (1 + (not cand(x))) * unit))
            if odd and cand(x):
                extra.append((k, 2 * na, unit))
        self._inc.set_edges(extra)
        self._fresh = True

    def _pack(self, values: dict) -> int:
        return super()._pack(values) + self.top_unit  # one more top per pair inside A (see above)

    def _packed_of(self, a: int, b: int) -> int:
        """The packed weight of the pair (a, b), ``a < b`` (0: they may not meet)."""
        col = self._cols.get(b)
        if col is not None and 0 <= (r := self._rank[a]) < len(col):
            return col[r]
        return self.packed.get((a, b), 0)

    def _put(self, a: int, b: int, w: int) -> None:
        """Set the packed weight of the pair (a, b), ``a < b``."""
        col = self._cols.get(b)
        if col is not None and 0 <= (r := self._rank[a]) < len(col):
            col[r] = w
        else:
            self.packed[(a, b)] = w

    def has_edge(self, a: int, b: int) -> bool:
        # a pair that may meet has a packed weight, never 0 (it holds one ``top``)
        return (self._packed_of(a, b) if a < b else self._packed_of(b, a)) != 0

    def _meets_row(self, x: int, ys: list[int]) -> list[bool]:
        packed_of = self._packed_of
        return [(packed_of(x, y) if x < y else packed_of(y, x)) != 0 for y in ys]

    def set_base(self, h: int, l: int, values: dict | None) -> None:
        """As :meth:`Matcher.set_base`, the weight packed at once (every pair of the
        bracket is solved on, and the layout is fixed for the bracket)."""
        # only the packed weight is kept, not the fields (0: the pair may not meet,
        # ``has_edge``): the fields of every pair of the largest bracket (|A|^2/2 dicts
        # of ~15 entries) were most of a large round's memory
        w = 0
        if values is not None:
            shift_of = self.shift_of
            for name, v in values.items():
                if v:
                    w += v << shift_of[name]
            w = (w << self.bonus_bits) + self.top_unit
        key = (h, l) if h < l else (l, h)
        self._put(*key, w)
        self._changed([key])

    def set_column(self, l: int, hs: list[int], weights: list[int], shared: bool = False) -> None:
        """:meth:`set_base` for the pairs (h, l), h in ``hs`` (each below ``l``), given
        their packed weights (as :meth:`set_base` packs them, with the extra ``top``; 0
        where they may not meet: :class:`tabellone.rules.dutch.weights.Weights2026`). The pairs
        enter the graph in the same order as one :meth:`set_base` call each.

        When ``hs`` is the first players of ``A`` in position order (as the engine
        gives them), the weights are kept as one list for the column, each value shared
        with the equal ones of the bracket (a bracket's pairs take a handful of distinct
        weights): 8 bytes a pair, where a dict of pairs took about 180 (``shared``: they
        already are, kept as given)."""
        order = self._order
        if l not in self._cols and hs == order[: len(hs)] and (not hs or l > hs[-1]):
            if not shared:
                intern = self._interned.setdefault
                weights = [intern(w, w) for w in weights]
            self._cols[l] = weights
        else:
            for h, w in zip(hs, weights):
                self._put(h, l, w)
        if self.sparse:  # priced at the solves, not stored in the core
            if self._in_core:
                self._changed([(h, l) for h in hs])
            elif not self._unpriced and l not in self.final:
                # (no pair of the bracket in the core, as before its first solve:
                # what :meth:`_changed` would find, without a tuple per pair)
                self._unpriced = any(h not in self.final for h in hs)
        elif self._fresh:  # before the bracket's first solve: straight into the core's graph
            loc = self.loc
            at = loc[l]
            self._inc.set_edges([(loc[h], at, w) for h, w in zip(hs, weights)])
        else:
            self._dirty.update([(h, l) for h in hs])

    def set_columns(self, columns: Iterator[tuple[int, list[int]]], shared: bool = False) -> None:
        """:meth:`set_column` for each ``(l, weights)`` in order, ``hs`` the first
        ``len(weights)`` players of ``A`` in position order (each below ``l``), as the
        engine gives a bracket's pairs before its first solve: a dense bracket's
        columns go to the core a batch at a time (a small bracket's in one call, at
        most :attr:`hand_over_at_once` pairs a call: the core's transient arrays stay
        small), without a tuple per pair. ``columns`` is read one column at a time; a
        large bracket's weights are shared with the equal ones as each column is read
        (memory: its columns stay for the bracket), a small one's are kept as given;
        ``shared``: equal weights are already one object (kept as given)."""
        order = self._order
        if self.sparse or not self._fresh:
            for l, ws in columns:
                self.set_column(l, order[: len(ws)], ws, shared)
            return
        cols, rank, loc, inc = self._cols, self._rank, self.loc, self._inc
        rows = [loc[x] for x in order]
        share = len(order) >= self.share_from and not shared
        intern = self._interned.setdefault
        batch: list[tuple[int, list[int]]] = []
        size = 0
        for l, ws in columns:
            if l in cols or len(ws) > rank[l]:  # not a new column of the first players
                if batch:
                    inc.set_columns(rows, batch)
                    batch, size = [], 0
                self.set_column(l, order[: len(ws)], ws)
                continue
            if share:
                ws = [intern(w, w) for w in ws]
            cols[l] = ws
            batch.append((loc[l], ws))
            size += len(ws)
            if size >= self.hand_over_at_once:
                inc.set_columns(rows, batch)
                batch, size = [], 0
        if batch:
            inc.set_columns(rows, batch)

    def zero(self, h: int, l: int) -> None:
        key = (h, l) if h < l else (l, h)
        self._put(*key, 0)
        self._changed([key], dropped=True)

    def _changed(self, keys: Sequence[tuple[int, int]], dropped: bool = False) -> None:
        """Note that the weights of ``keys`` changed: for the core at the next solve when
        they are in it, else (a sparse bracket) for the next pricing, unless they were
        ``dropped`` (made 0: a pair that may not meet violates no duals)."""
        if not self.sparse:
            self._dirty.update(keys)
            return
        in_core, final = self._in_core, self.final
        if dropped and len(in_core) < len(keys):  # (C5 drops more pairs than the core holds)
            packed_of = self._packed_of
            self._dirty.update([key for key in in_core if not packed_of(*key)])
        else:
            self._dirty.update([key for key in keys if key in in_core])
        if not self._unpriced and not dropped:
            self._unpriced = any(a not in final and b not in final and (a, b) not in in_core for a, b in keys)

    def changes_pending(self) -> bool:
        return self._unpriced or super().changes_pending()

    def zero_pairs(self, keys: Sequence[tuple[int, int]]) -> Any:
        # what they held: the keys and their weights in order (a list, not a dict of pairs)
        cols, rank, step = self._cols, self._rank, self.pairs_at_once
        saved: list[int] = []
        lo, hi = (keys.lo, keys.hi) if isinstance(keys, Pairs) else ([a for a, _ in keys], [b for _, b in keys])
        for s in range(0, len(lo), step):
            # a slice of pairs all in columns is read and written in C (map); else one
            # pair at a time (C5 drops millions of a large bracket's pairs)
            los, his = lo[s : s + step], hi[s : s + step]
            rs, cs = list(map(rank.__getitem__, los)), list(map(cols.get, his))
            if None not in cs and min(rs) >= 0 and all(map(lt, rs, map(len, cs))):
                saved += map(getitem, cs, rs)
                deque(map(setitem, cs, rs, repeat(0)), 0)
                continue
            for a, b in zip(los, his):
                saved.append(self._packed_of(a, b))
                self._put(a, b, 0)
        self._changed(keys, dropped=True)
        self._bulk_since = self.sparse
        return keys, saved

    def restore_pairs(self, saved: Any) -> None:
        keys, weights = saved
        put = self._put
        for (a, b), w in zip(reversed(keys), reversed(weights)):  # the first saved of a repeated pair last
            put(a, b, w)
        self._changed(keys)
        self._bulk_since = self.sparse

    def solve(self) -> dict[int, int]:
        self.solves += 1
        self._fresh = False
        final, n, A, loc = self.final, self.n, self.A, self.loc
        na = len(A)
        packed_of, get_bonus = self._packed_of, self.bonus.get
        # the changed pairs of players still to pair, as the core's edges (0 removes one)
        if self.sparse:
            mates = self._solve_priced()
        elif len(self._dirty) <= self.hand_over_at_once:
            mates = self._solve_incremental(self._dense_changes())
        else:
            edges: Iterator[tuple[int, int, int]]
            if self.bonus:
                edges = (
                    (loc[a], loc[b], (w + get_bonus(key, 0)) if (w := packed_of(a, b)) else 0)
                    for key in self._dirty
                    for a, b in (key,)
                    if a not in final and b not in final
                )
            else:  # no bonus yet at a bracket's first solve, where every pair is new
                edges = ((loc[a], loc[b], packed_of(a, b)) for a, b in self._dirty if a not in final and b not in final)
            self._hand_over(edges)
            self._dirty.clear()
            mates = self._solve_incremental([])
        mate: dict[int, int] = {}
        down: list[int] = []
        bye = None
        for k, x in enumerate(A):
            if x in final:
                continue
            y = mates[k]
            if y < 0:  # Q left a player of A uncovered: P has no complete matching here
                raise NeedWholeField(f"position {x} uncovered")
            if y < na:
                mate[x] = A[y]
            elif y == 2 * na:
                bye = x
            else:
                mate[x] = n + x  # paired below (its shadow, read as a position >= n)
                down.append(x)
        key_ = (frozenset(down), bye)
        known = self._checked.get(key_)
        if known is None:
            exposable = self.cand if self.odd and bye is None else None
            known = self._checked[key_] = self.oracle.complete(self.L, down, exposable) is not None
        if not known:
            raise NeedWholeField(f"players {sorted(down)} cannot all be paired below")
        mate.update(final)
        return mate

    def _dense_changes(self) -> list[tuple[int, int, int]]:
        """The changed pairs of players still to pair as the core's edges (0 removes
        one), in the order they changed, and none pending afterwards: :meth:`solve`'s
        hand-over of a few of them at once, each weight read as :meth:`_packed_of`
        reads it (inline: most solves of a bracket hand over a few dozen pairs)."""
        final, loc, cols, rank, get_packed, get_bonus = (
            self.final,
            self.loc,
            self._cols,
            self._rank,
            self.packed.get,
            self.bonus.get,
        )
        edges = []
        for key in self._dirty:
            a, b = key
            if a in final or b in final:
                continue
            col = cols.get(b)
            w = col[r] if col is not None and 0 <= (r := rank[a]) < len(col) else get_packed(key, 0)
            edges.append((loc[a], loc[b], w + get_bonus(key, 0) if w else 0))
        self._dirty.clear()
        return edges

    # ---- a large bracket: pairs priced, not all stored ---------------------------------

    def _solve_priced(self) -> list[int]:
        """The optimum of the bracket's graph with every pair of it, from the core's graph
        of some of them (:mod:`tabellone.matching.pricing`).

        The core holds the shadow and bye edges, every pair with a bonus, the pairs
        pricing added and the tight pairs :meth:`usable` named (``_seeds``); the other
        pairs' weights live in the columns (``_cols``) only,
        each read at every pricing round against the optimum's duals. The pairs of
        players still to pair are priced (those at fixed players do not count: see
        :meth:`_solve_incremental`), so the answer is an optimum of the same graph as
        the core holding every pair, proven by the same certificate and duals."""
        final, loc, packed_of, get_bonus = self.final, self.loc, self._packed_of, self.bonus.get
        in_core = self._in_core
        edges: list[tuple[int, int, int]] = []
        for a, b in self._seeds:  # tight pairs :meth:`usable` named (a < b)
            if (a, b) not in in_core and a not in final and b not in final and (w := packed_of(a, b)):
                edges.append((loc[a], loc[b], w + get_bonus((a, b), 0)))
                in_core.add((a, b))
        self._seeds.clear()
        for key in self._dirty:  # pairs in the core, and pairs with a bonus (never priced)
            a, b = key
            if a in final or b in final:
                continue
            w = packed_of(a, b)
            bonus = get_bonus(key, 0)
            if key in in_core:
                edges.append((loc[a], loc[b], w + bonus if w else 0))
                if not w:
                    in_core.discard(key)
            elif w and bonus:
                edges.append((loc[a], loc[b], w + bonus))
                in_core.add(key)
        self._hand_over(iter(edges))
        self._dirty.clear()
        # the pairs kept outside the columns, by their lower player: fixed while the
        # rounds of pricing below go on (no weight changes during one solve)
        rest: dict[int, tuple[list[int], list[int]]] = {}
        for (a, b), w in self.packed.items():
            if w and a not in final and b not in final:
                ys, ws = rest.setdefault(b, ([], []))
                ys.append(loc[a])
                ws.append(w)
        self._rest = rest
        return self._priced_optimum()

    def _store_every_pair(self) -> None:
        self.sparse = False
        final, loc, order, get_bonus = self.final, self.loc, self._order, self.bonus.get
        for l, col in self._cols.items():
            if l not in final:
                at = loc[l]
                self._hand_over(
                    (loc[h], at, w + get_bonus((h, l), 0)) for h, w in zip(order, col) if w and h not in final
                )
        self._hand_over(
            (loc[a], loc[b], w + get_bonus((a, b), 0))
            for (a, b), w in self.packed.items()
            if w and a not in final and b not in final
        )

    def _price_rows(self, mask: Mask | None) -> Iterator[Row]:
        """The pairs of players still to pair, as rows to price: each column with
        ``mask`` (only the pairs whose slack may have gone down since they last satisfied
        the duals), then the pairs kept outside the columns, every one."""
        final, loc, ol, center = self.final, self.loc, self._order_loc, self._center
        for l, col in self._cols.items():
            if l not in final:
                yield loc[l], ol, col, center[l], mask
        for b, (ys, ws) in self._rest.items():
            yield loc[b], ys, ws, 0, None

    def usable(self, x: int, ys: list[int]) -> list[int] | None:
        if not self.sparse:
            return super().usable(x, ys)
        # the pairs outside the core count too, at their weights in the columns (none
        # has a bonus: those are in the core)
        packed_of, loc, get_col, get_packed, r = (
            self._packed_of,
            self.loc,
            self._cols.get,
            self.packed.get,
            self._rank[x],
        )
        # (each pair as :meth:`_packed_of` reads it; the common case, every partner a
        # later player with a column, in C (map): a large bracket asks this of
        # millions of pairs per round)
        cs = list(map(get_col, ys))
        if ys and None not in cs and min(ys) > x and r >= 0 and min(map(len, cs)) > r:
            ws = list(map(itemgetter(r), cs))
        else:
            ws = [
                (c[r] if (c := get_col(y)) is not None and 0 <= r < len(c) else get_packed((x, y), 0))
                if x < y
                else packed_of(y, x)
                for y in ys
            ]
        hits = self._inc.tight(loc[x], [loc[y] for y in ys], ws)
        if hits is None:
            return None
        self._seed(x, ys, hits)
        return [ys[i] for i in hits]

    def _added(self, edges: list[tuple[int, int, int]]) -> None:
        A, in_core = self.A, self._in_core
        for x, y, _ in edges:
            a, b = A[x], A[y]
            in_core.add((a, b) if a < b else (b, a))
