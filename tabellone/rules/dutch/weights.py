"""The packed weights of a Dutch bracket's pairs, built from per-player terms.

The optimisers (:mod:`tabellone.rules.dutch.edition_2026`, :mod:`~tabellone.rules.dutch.edition_2017`)
give a pair's criteria as a ``dict`` of fields (their ``_text_values``: C6-C21 of 2026,
C.5-C.19 of 2017, from the criteria as :mod:`tabellone.rules.dutch.criteria` defines them),
which the profile's :class:`~tabellone.rules.profiles.Objective` folds and the matcher packs
into one integer by the bracket's :class:`~tabellone.matching.lexicographic.Layout`:

    weight(h, l) = (sum of value(field) << shift(field)) << bonus_bits

Packing is linear in the values, and every value of the text is a sum of a term of ``h``,
a term of ``l`` and a term of the pair that depends on a few small classes only: which
of the two has the higher score (and the score difference), their colour-preference
classes, whether ``l`` is in the bracket or the next one. So the weight is, exactly,

    weight(h, l) = L[l] + H[h] + T(class of h, class of l)

with ``L`` and ``H`` packed once per player of the bracket and ``T`` from a small table;
a bracket of ``k`` players then costs ``k^2 / 2`` additions instead of ``k^2 / 2`` dicts
of ~15 fields folded and packed one by one (most of the Python time of a large round;
issue 12).

This holds when the profile's fold is the identity (the official profiles, and any
that keeps every criterion as its own field, in whatever order; ``Objective.identity``)
and counts no absolute criterion as quality; the engines keep the field-by-field path
for other profiles. The criteria stay defined once, in :mod:`tabellone.rules.dutch.criteria`;
the terms here are the engines' fields regrouped by player (a packed fast path), and
``tests/rules/dutch/test_dutch_weights.py`` checks, on every pair of every bracket of real rounds
(official and reordered profiles, bracket-local and whole-field matchers), that both
give the same integer.

The colour criteria (2026 C10-C13, 2017 C.8-C.11) read only a player's preferred colour
and its strength, the absolute colour difference and the colour repeated in the last two
games: players alike in those four form one *colour class*, and the four checks are
evaluated once per pair of classes, by the very functions the text's path calls.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice

from tabellone.core.model import Float

#: the four colour checks of a pair (h, l), 1 where met, in article order
ColourChecks = Callable[[object, object], Sequence[int]]


def colour_key(e) -> tuple:
    """All the colour criteria read of a player (its preferred colour, the absolute
    colour difference, the preference's strength, the colour repeated in the last two
    games): players alike in it form one colour class."""
    return (e.pref, abs(e.cd), e.strength, e.repeated)


def colour_classes(players: list) -> tuple[list[int], list]:
    """Each player's colour class (an index) and one player of each class."""
    index: dict[tuple, int] = {}
    cls: list[int] = []
    reps: list = []
    for e in players:
        key = colour_key(e)
        k = index.get(key)
        if k is None:
            k = index[key] = len(reps)
            reps.append(e)
        cls.append(k)
    return cls, reps


class _Units(dict):
    """``1 << (shift + bonus_bits)`` of each field of a layout, looked up once:
    ``unit(name)`` (a dict read, worked out when first asked)."""

    def __init__(self, shift_of: dict, bonus_bits: int):
        super().__init__()
        self.shift_of = shift_of
        self.bonus_bits = bonus_bits

    def __missing__(self, name) -> int:
        u = self[name] = 1 << (self.shift_of[name] + self.bonus_bits)
        return u

    __call__ = dict.__getitem__


def _unit_sums(units: Sequence[int]) -> list[int]:
    """``sums[m]``: the sum of the units of the bits set in ``m`` (bit k: ``units[k]``),
    for every ``m`` below ``1 << len(units)``, by doubling the table once per unit."""
    sums = [0]
    for u in units:
        sums += [p + u for p in sums]
    return sums


def colour_rows(masks: list[list[int]], units: Sequence[int]) -> list[list[int]]:
    """rows[cl][ch]: the packed colour fields of a pair whose higher player ``h`` is of
    class ``ch`` and whose lower player ``l`` is of class ``cl``, from the checks met,
    ``masks[cl][ch]`` of the engine's ``colour_masks`` (bit k: check k)."""
    packed = _unit_sums(units)
    return [[packed[m] for m in row] for row in masks]


class _LazyColourRows(dict):
    """:func:`colour_rows` made row by row when first read (``rows[cl]``): a bracket
    reads the rows of its lower players' classes only, and its layout's units are
    seldom another bracket's."""

    def __init__(self, masks: list[list[int]], units: Sequence[int]):
        super().__init__()
        self.masks = masks
        self.packed = _unit_sums(units)

    def __missing__(self, cl: int) -> list[int]:
        packed = self.packed
        row = self[cl] = [packed[m] for m in self.masks[cl]]
        return row


#: the fields of the float criteria one and two rounds before (2026): repeated
#: downfloats, the MDP opponents' upfloats, and their score differences
_FLOAT_FIELDS_2026 = (("C14", "C15", "C18", "C19"), ("C16", "C17", "C20", "C21"))


def _terms_2026(unit: _Units, s: int, floats: tuple, backs: list[int]) -> tuple:
    """The terms of :class:`Weights2026` of a player of score rank ``s`` and floats
    ``floats`` (one and two rounds before), above its ends' terms: into the next
    bracket (C8); as the higher player, its score not higher / higher (before
    C19/C21); per round back, as the lower player, its C19/C21 unit, and the C15/C17
    unit it loses when it upfloated (None when it did not)."""
    eq = hi = unit("C6") + unit(("C7", s))
    down, up, cut = [], [], []
    for b in backs:
        c_down, c_up, s_down, s_up = _FLOAT_FIELDS_2026[b]
        f = floats[b]
        u = unit((s_up, s))
        if f is Float.DOWN:
            sd = unit((s_down, s))
            eq += unit(c_down) + sd
            hi += sd
            down.append(unit(c_up) + unit(c_down) + sd)
        else:
            down.append(unit(c_up))
        eq += u
        up.append(u)
        cut.append(unit(c_up) if f is Float.UP else None)
    return unit("C8p") + unit(("C8s", s)), eq, hi, down, up, cut


def _kind_2026(unit: _Units, s: int, floats: tuple, backs: list[int]) -> tuple:
    """The terms of :class:`Weights2026` of one kind of player (score rank ``s``,
    ``floats``), from :func:`_terms_2026`: into the next bracket; as the higher player,
    its score not higher; as the lower player, its score not lower / lower; which rounds
    back it upfloated (bits); as the higher player, its score higher, for each pattern
    of the lower player's upfloats (the C19/C21 units kept where it did not upfloat)."""
    c8, eq, hi, down, up, cut = _terms_2026(unit, s, floats, backs)
    lost = bits = 0
    for k, c in enumerate(cut):
        if c is not None:
            lost += c
            bits |= 1 << k
    his = [hi]  # his[pattern]: the units of the rounds back whose bit is 0 added
    for u in up:
        his = [v + u for v in his] + his
    below = sum(down)
    return c8, eq, below, below - lost, bits, tuple(his)


class _ByType:
    """A large bracket's players laid out by *type*: players alike in every term the
    other end of a pair reads of them weigh the same with any partner (3 to 16 types in
    the 9,999-player events), so a column or row is its types' weights laid along
    ``types``, then the pairs that may not meet made absent (:meth:`barred`).

    ``players`` in order and ``keys`` theirs (equal keys: one type); ``claim`` per player,
    the colour it claims (C3) or None."""

    def __init__(self, players: list[int], keys: Iterable[object], claim: Sequence[object]):
        index: dict[object, int] = {}
        #: each player's type, in the order of ``players``
        self.types = [index.setdefault(key, len(index)) for key in keys]
        #: a player of each type, and the last place of each type
        self.reps = [0] * len(index)
        self.last = [0] * len(index)
        self.at = {}
        self.claimed: dict[object, list[int]] = {}  # a colour: the places of its claimers, in order
        for i, p in enumerate(players):
            t = self.types[i]
            self.reps[t], self.last[t], self.at[p] = p, i, i
            if claim[p] is not None:
                self.claimed.setdefault(claim[p], []).append(i)

    def barred(self, ban: Iterable[int], c: object) -> list[int]:
        """The places of the players in ``ban`` (C1) and of those claiming the colour
        ``c`` (C3; None: none), where a pair with the player asked about may not be."""
        at = self.at
        places = [i for p in ban if (i := at.get(p)) is not None]
        if c is not None:
            places += self.claimed.get(c, ())
        return places


class Weights2026:
    """The packed weights of the pairs of one 2026 bracket (:meth:`Dutch2026._pair_local`,
    :meth:`Dutch2026._pair_whole`).

    ``engine`` is the round's :class:`~tabellone.rules.dutch.edition_2026.Dutch2026` (its bye candidates listed);
    ``shift_of`` and ``bonus_bits`` the matcher's layout for the bracket; ``extra`` what
    the matcher adds to every pair's weight (:class:`~tabellone.rules.dutch.matcher.LocalMatcher`: one more
    ``top``); ``current`` the bracket's players (MDPs and residents), ``nxt`` the next
    bracket's; ``members`` the players whose pairs are asked for (default: ``current``
    and ``nxt``). :meth:`column` gives ``l``'s pairs with the players ``hs`` (all before
    ``l``) as :meth:`Dutch2026.base_values` packed would, ``absent`` where they may not
    meet (a pair that may meet never weighs 0: its ``top`` is at least 1);
    :meth:`ends_row` the pairs of no bracket (the whole field before the first one).
    """

    #: :meth:`prefix_columns` lays out brackets of so many players or more by type
    #: (measured: from 100-player events, whose brackets are small, the per-type tables
    #: cost more than they save)
    types_from = 128

    def __init__(
        self,
        engine,
        shift_of: dict,
        bonus_bits: int,
        extra: int,
        current: list[int],
        nxt: list[int],
        c9_on: bool,
        members: Iterable[int] | None = None,
        absent: int | None = 0,
    ):
        unit = _Units(shift_of, bonus_bits)
        P, cand, sk = engine.P, engine._cand, engine.score_key
        self.sk = sk
        self.banned, self.claim = engine.ok.banned, engine.ok.claim
        self.cls = engine.colour_classes()[0]
        self.cur_set, self.nxt_set = set(current), set(nxt)
        self.absent = absent
        self.A = A = current + nxt if members is None else list(members)
        n = len(P)
        top = unit("top")
        self.const = top + extra
        # the terms of one end (either end: top, C9)
        end = [0] * n
        for i in A:
            if not cand[i]:
                end[i] = top
        if c9_on:
            ctx = engine.ctx
            bs, ranks = ctx.bye_score, ctx.c9_ranks
            for i in A:
                if P[i].score == bs and ranks.get(i, 0):
                    end[i] += ranks[i] * unit("C9")
        self.end = end
        # l in the next bracket: C8 (one more pair into it; the higher player's score);
        # l in the bracket: C6, C7, the colour and float criteria. Every term but the
        # ends' is a function of the player's score rank and floats: worked out once per
        # such kind of player and layout (``engine.kinds_of``: brackets of one layout share them)
        backs = [b for b in (0, 1) if engine.rounds_played > b]
        nb = len(backs)
        floats = engine.floats
        kinds = engine.kinds_of(shift_of, bonus_bits)
        self.into_next = into_next = [0] * n
        self.heq = heq = [0] * n  # h's terms when h's score is not higher
        # l's terms as the lower player, its score not lower / lower (the C15/C17 units
        # it loses where it upfloated taken off), and which rounds back it upfloated
        # (bit k: k + 1 rounds back; C19/C21 count only the pairs where l did not upfloat)
        self.leq = leq = [0] * n
        self.lhi = lhi = [0] * n
        self.upfloats = upfloats = [0] * n
        #: per player, its terms as the higher player when its score is higher, by the
        #: lower player's upfloats (before its end's)
        self.his: list[tuple[int, ...]] = [()] * n
        for i in A:
            key = (sk[i], floats[i], nb)
            terms = kinds.get(key)
            if terms is None:
                terms = kinds[key] = _kind_2026(unit, sk[i], floats[i], backs)
            c8, eq, below, below_hi, bits, his = terms
            e = end[i]
            into_next[i] = e + c8
            heq[i] = e + eq
            leq[i], lhi[i] = below, below_hi
            upfloats[i] = bits
            self.his[i] = his
        self._hhi: dict[int, list[int]] = {}
        self.rows = _LazyColourRows(engine.colour_masks(), [unit(c) for c in ("C10", "C11", "C12", "C13")])

    def _higher(self, upfloats: int) -> list[int]:
        """h's terms when h's score is higher than l's, for l's upfloats (bits)."""
        got = self._hhi.get(upfloats)
        if got is None:
            got = [0] * len(self.end)
            end, his = self.end, self.his
            for i in self.A:
                got[i] = end[i] + his[i][upfloats]
            self._hhi[upfloats] = got
        return got

    def ends_row(self, h: int, ls: list[int]) -> list[int | None]:
        """The weights of the pairs (h, l) for l in ``ls``, none of them in the bracket or
        the next: ``top`` and C9 only."""
        ban = self.banned[h] if self.banned is not None else ()
        c, claim, end, absent = self.claim[h], self.claim, self.end, self.absent
        hc = self.const + end[h]
        return [hc + end[l] if l not in ban and (c is None or claim[l] != c) else absent for l in ls]

    def column(self, l: int, hs: list[int]) -> list[int | None]:
        """The weights of the pairs (h, l) for h in ``hs`` (each h < l)."""
        return next(self.columns(((l, hs),)))[1]

    def _weights(self, l: int, hs: list[int], ban, c) -> list[int | None]:
        """The weights of the pairs (h, l) for h in ``hs`` (each h < l, or a player of the
        type of one: :meth:`prefix_columns`), ``absent`` where h is in ``ban`` (C1) or
        claims the colour ``c`` (C3; None: no claim)."""
        sk, cls, end, heq, claim, absent = self.sk, self.cls, self.end, self.heq, self.claim, self.absent
        lc = self.const + end[l]
        if l in self.nxt_set:
            into_next = self.into_next
            return [lc + into_next[h] if h not in ban and (c is None or claim[h] != c) else absent for h in hs]
        if l not in self.cur_set:
            return [lc + end[h] if h not in ban and (c is None or claim[h] != c) else absent for h in hs]
        leq = lc + self.leq[l]
        lhi = lc + self.lhi[l]
        hhi, sl = self._higher(self.upfloats[l]), sk[l]
        crow = self.rows[cls[l]]
        return [
            (((lhi + hhi[h]) if sk[h] > sl else (leq + heq[h])) + crow[cls[h]])
            if h not in ban and (c is None or claim[h] != c)
            else absent
            for h in hs
        ]

    def columns(self, asked: Iterable[tuple[int, list[int]]]) -> Iterator[tuple[int, list[int | None]]]:
        """``(l, column(l, hs))`` for each ``(l, hs)`` of ``asked``, in order, read one at a
        time (a bracket's columns, with the tables looked up once for all of them)."""
        banned, claim = self.banned, self.claim
        for l, hs in asked:
            yield l, self._weights(l, hs, banned[l] if banned is not None else (), claim[l])

    def prefix_columns(self, ls: Iterable[int], above: list[int]) -> Iterator[tuple[int, list[int | None]]]:
        """``(l, column(l, above[:bisect_left(above, l)]))`` for each ``l`` of ``ls``, in
        order, read one at a time; ``above`` sorted. From :attr:`types_from` players on,
        a column is the weights of ``above``'s types (:class:`_ByType`: players alike in
        every term :meth:`_weights` reads of the higher player) laid along them, then the
        pairs barred (C1) or clashing on a claimed colour (C3) made ``absent``: a few
        operations per column and no arithmetic per pair (a 9,999-player round's
        brackets hold 25 million pairs), equal weights one object (the core converts
        each object once, not each pair). Below, pair by pair (a small bracket's
        columns are not much longer than its types)."""
        banned, claim, absent = self.banned, self.claim, self.absent
        if len(above) < self.types_from:
            for l in ls:
                yield (
                    l,
                    self._weights(l, above[: bisect_left(above, l)], banned[l] if banned is not None else (), claim[l]),
                )
            return
        sk, heq, into_next, his, end, cls = self.sk, self.heq, self.into_next, self.his, self.end, self.cls
        by = _ByType(above, [(sk[h], heq[h], into_next[h], his[h], end[h], cls[h]) for h in above], claim)
        share: dict[int | None, int | None] = {}
        for l in ls:
            r = bisect_left(above, l)
            # (a type's player may come after l: the terms read of h do not depend on where it stands)
            ws = [share.setdefault(w, w) for w in self._weights(l, by.reps, (), None)]
            col = list(map(ws.__getitem__, islice(by.types, r)))
            for i in by.barred(banned[l] if banned is not None else (), claim[l]):
                if i < r:
                    col[i] = absent
            yield l, col


class Weights2017:
    """The packed weights of the pairs of one 2017 bracket (:meth:`Dutch2017.pair`).

    ``engine`` is the round's :class:`~tabellone.rules.dutch.edition_2017.Dutch2017`; ``shift_of`` and
    ``bonus_bits`` the bracket's layout; ``cur`` the bracket's players (MDPs and
    residents), ``nxt`` the next bracket's (everything below in the PPB's pairing),
    ``special``, ``final`` and ``df`` as in :meth:`Dutch2017.layout`. :meth:`row` gives
    ``h``'s pairs with the players ``ls`` (all after ``h``) as
    :meth:`Dutch2017.values` packed would: None where they may not meet.

    The per-score fields of 2017 are keyed by score differences (Fractions, whose hash
    was most of the field-by-field path's time): here each is looked up once per bracket
    and player, or once per pair of scores.
    """

    #: :meth:`later_rows` lays out brackets of so many players or more by type (as
    #: :attr:`Weights2026.types_from`)
    types_from = 128

    def __init__(
        self,
        engine,
        shift_of: dict,
        bonus_bits: int,
        cur: list[int],
        nxt: list[int],
        special: bool,
        final: bool,
        df: dict,
    ):
        self.unit = unit = _Units(shift_of, bonus_bits)
        P = engine.P
        self.P = P
        self.si = engine.score_key
        self.banned, self.claim = engine.ok.banned, engine.ok.claim
        self.cls = engine.colour_classes()[0]
        self.cur_set, self.nxt_set = set(cur), set(nxt)
        self.special, self.final = special, final
        verts = cur + nxt
        n = len(P)
        ne = [False] * n
        for i in verts:
            ne[i] = not engine.eligible[i]
        self.ne = ne
        self.top = unit("top") if special else 0
        self.c7a = 0 if special else unit("C7a")
        self.c5 = unit("C5")
        # per player of the bracket: the C.6 and C.7 terms of its downfloat difference
        self.d6 = [0] * n
        self.d7 = [0] * n
        for i in cur:
            self.d6[i] = unit(("C6", df[i]))
            if not special:
                self.d7[i] = unit(("C7b", df[i]))
        self.backs = [b for b in (1, 2) if engine.rounds_played >= b]
        names = {1: ("C12", "C13", "C16", "C17"), 2: ("C14", "C15", "C18", "C19")}
        self.names = [names[b] for b in self.backs]
        self.dfl = [[False] * n for _ in self.backs]
        self.ufl = [[False] * n for _ in self.backs]
        self.sdown = [[0] * n for _ in self.backs]  # per back: (C16/C18, df) of a downfloater
        floats = engine.floats
        for k, b in enumerate(self.backs):
            for i in cur:
                f = floats[i][b - 1]
                if f is Float.DOWN:
                    self.dfl[k][i] = True
                    self.sdown[k][i] = unit((self.names[k][2], df[i]))
                elif f is Float.UP:
                    self.ufl[k][i] = True
        self.rows = engine.colour_rows(tuple(unit(c) for c in ("C8", "C9", "C10", "C11")))
        self._diff: dict[tuple[int, int], list[int | None]] = {}

    def _by_scores(self, h: int, l: int) -> list[int | None]:
        """The units of the fields keyed by the score difference of h and l, h's score
        higher: C.6 and, per round back, C.16-C.19 (0 where the layout has none)."""
        key = (self.si[h], self.si[l])
        got = self._diff.get(key)
        if got is None:
            d = self.P[h].score - self.P[l].score
            shift_of, unit = self.unit.shift_of, self.unit
            got = [unit(("C6", d)) if ("C6", d) in shift_of else None]
            for _c_down, _c_up, s_down, s_up in self.names:
                got.append(unit((s_down, d)) if (s_down, d) in shift_of else None)
                got.append(unit((s_up, d)) if (s_up, d) in shift_of else None)
            self._diff[key] = got
        return got

    def _terms(self) -> None:
        """The per-player terms of :meth:`row`, worked out at its first call.

        A pair's weight is a term of ``h``, a term of ``l``, the colour fields of their
        two colour classes and, when ``l`` is in the bracket, a term of their two *float
        kinds*: ``h``'s score and which of its floats were downfloats, ``l``'s score and
        which were upfloats (the score-difference fields, and those that depend on
        whether ``h``'s score is higher). Each is worked out once per bracket, and a
        pair costs four look-ups and three additions."""
        n = len(self.P)
        unit, ne, d6, d7, sdown, dfl = self.unit, self.ne, self.d6, self.d7, self.sdown, self.dfl
        cur, nxt = self.cur_set, self.nxt_set
        nb = len(self.names)
        self.h_out = h_out = [0] * n  # h's term and l's, l not in the bracket
        self.l_out = l_out = [0] * n
        self.h_in = h_in = [0] * n  # the same, l in the bracket
        self.l_in = l_in = [0] * n
        self.in_cur = in_cur = [False] * n
        self.l_kind = l_kind = [0] * n  # l's float kind: an index of l_kinds
        kinds: dict[tuple, int] = {}
        self.l_kinds: list[int] = []  # a player of each
        for i in cur | nxt:
            if self.special:
                h_part, l_part = self.top * (1 + ne[i]), self.top * ne[i]
            elif self.final:
                h_part, l_part = self.c7a * (1 + ne[i]) + d7[i], self.c7a * ne[i] + d7[i]
            else:
                h_part, l_part = d7[i], (self.c7a if i in nxt else 0) + d7[i]
            h_out[i], l_out[i] = h_part, l_part
            h_part += self.c5 + d6[i]
            if i not in cur:
                h_in[i] = h_part  # (an h of the next bracket with an l of this one)
                continue
            in_cur[i] = True
            l_part += d6[i]
            for k in range(nb):
                h_part += sdown[k][i]
                if dfl[k][i]:
                    l_part += unit(self.names[k][0]) + sdown[k][i]
            h_in[i], l_in[i] = h_part, l_part
            key = (self.si[i], tuple(self.ufl[k][i] for k in range(nb)))
            if key not in kinds:
                kinds[key] = len(self.l_kinds)
                self.l_kinds.append(i)
            l_kind[i] = kinds[key]
        self._by_h_kind: dict[tuple, list[int | None]] = {}
        self._colour_of: dict[int, list[int]] = {}
        self.last_in = max(cur, default=-1)  # no player after it is in the bracket

    def _kind_terms(self, h: int) -> list[int | None]:
        """The float-kind term of h with each kind of ``l`` in the bracket (None where
        such a pair is never asked for: l's score above h's)."""
        key = (self.si[h], tuple(self.dfl[k][h] for k in range(len(self.names))))
        got = self._by_h_kind.get(key)
        if got is None:
            got = self._by_h_kind[key] = [self._kind_term(h, l) for l in self.l_kinds]
        return got

    def _kind_term(self, h: int, l: int) -> int | None:
        """The float-kind term of the pair (h, l): the fields of :meth:`Dutch2017.values`
        that read h's downfloats, l's upfloats or their score difference. None when
        such a pair is never asked for (l's score above h's, or a difference the layout
        has no field for: two MDPs, who never meet)."""
        sh, sl = self.si[h], self.si[l]
        if sl > sh:
            return None
        higher = sh > sl
        by_score = self._by_scores(h, l)
        terms = [-by_score[0]] if by_score[0] is not None else [None]
        for k, (c_down, c_up, _s_down, _s_up) in enumerate(self.names):
            if self.dfl[k][h]:
                sd = by_score[1 + 2 * k]
                terms.append(self.unit(c_down) if not higher else None if sd is None else -sd)
            if higher and self.ufl[k][l]:
                su = by_score[2 + 2 * k]
                terms.append(None if su is None else -(self.unit(c_up) + su))
        return None if None in terms else sum(terms)  # type: ignore[arg-type]

    def _colours(self, h: int) -> list[int]:
        """The colour fields of h with each colour class of ``l``."""
        ch = self.cls[h]
        got = self._colour_of.get(ch)
        if got is None:
            got = self._colour_of[ch] = [row[ch] for row in self.rows]
        return got

    def later_rows(self, verts: list[int], mdps: set[int]) -> Iterator[tuple[int, list[int], list[int | None]]]:
        """``(h, ls, row(h, ls))`` for each ``h`` of ``verts`` (sorted), in order, read one
        at a time, ``ls`` the players after ``h`` in ``verts`` (but the MDPs when ``h`` is
        one: two MDPs never meet). From :attr:`types_from` players on, a row of a player
        who is not an MDP is its *types'* weights (players alike in every term
        :meth:`row` reads of ``l`` weigh the same with any ``h``; a handful per bracket)
        laid along the types of ``ls``, then the pairs barred (C.1) or clashing on a
        claimed colour (C.3) made None: no arithmetic per pair (a 9,999-player round's
        brackets hold 25 million), equal weights one object."""
        if not hasattr(self, "h_in"):
            self._terms()
        if len(verts) < self.types_from:
            for k, h in enumerate(verts):
                ls = [l for l in verts[k + 1 :] if l not in mdps] if h in mdps else verts[k + 1 :]
                yield h, ls, self.row(h, ls)
            return
        in_cur, l_in, l_out, cls, kind = self.in_cur, self.l_in, self.l_out, self.cls, self.l_kind
        by = _ByType(verts, [(in_cur[l], l_in[l], l_out[l], cls[l], kind[l]) for l in verts], self.claim)
        share: dict[int | None, int | None] = {}
        for k, h in enumerate(verts):
            later = verts[k + 1 :]
            if h in mdps or not later:
                ls = [l for l in later if l not in mdps]
                yield h, ls, self.row(h, ls)
                continue
            # the weights of the types after h (a type not after h is weighed as one
            # that is: its weight is never read)
            after = verts[k + 1]
            ws = self._row_of(h, [l if by.last[t] > k else after for t, l in enumerate(by.reps)], (), None)
            ws = [share.setdefault(w, w) for w in ws]
            row = list(map(ws.__getitem__, by.types[k + 1 :]))
            for i in by.barred(self.banned[h] if self.banned is not None else (), self.claim[h]):
                if i > k:
                    row[i - k - 1] = None
            yield h, later, row

    def _row_of(self, h: int, ls: list[int], ban, c) -> list[int | None]:
        """The weights of the pairs (h, l) for l in ``ls`` (each l > h), None where l is
        in ``ban`` (C.1) or claims the colour ``c`` (C.3; None: no claim)."""
        claim = self.claim
        h_out, l_out, in_cur = self.h_out[h], self.l_out, self.in_cur
        if h >= self.last_in:  # no l in the bracket
            return [h_out + l_out[l] if l not in ban and (c is None or claim[l] != c) else None for l in ls]
        h_in, l_in, cls, kind = self.h_in[h], self.l_in, self.cls, self.l_kind
        colour, float_kind = self._colours(h), self._kind_terms(h)
        return [
            (
                (h_in + l_in[l] + colour[cls[l]] + float_kind[kind[l]])  # type: ignore[operator]
                if in_cur[l]
                else h_out + l_out[l]
            )
            if l not in ban and (c is None or claim[l] != c)
            else None
            for l in ls
        ]

    def row(self, h: int, ls: list[int]) -> list[int | None]:
        """The weights of the pairs (h, l) for l in ``ls`` (each l > h)."""
        if not hasattr(self, "h_in"):
            self._terms()
        return self._row_of(h, ls, self.banned[h] if self.banned is not None else (), self.claim[h])
