"""FIDE Dutch system (Handbook C.04.3): the 2026 edition (in force since 1 Feb 2026) and
the 2017 edition.

The rules define the pairing of a round as the first candidate, in the order the text
generates candidates (S1/S2 split, transpositions of S2, exchanges between S1 and S2,
choice of moved-down players), that is best on the quality criteria. Following the
reference engine (bbpPairings), the criteria become bit fields of one integer weight
per pair, most important first, and a maximum-weight matching finds the best pairing;
the generation order is reproduced by re-solving after small, strict bonuses that
prefer, step by step, what the text generates first (:class:`BracketStepper`).

Which criteria are fields, in which order and with which weights, comes from a profile
(:mod:`tabellone.rules.profiles`; by default the official ``dutch-2026.toml`` / ``dutch-2017.toml``):
the engine computes each field as the text defines it (``_text_values``) and the
profile's :class:`~tabellone.rules.profiles.Objective` orders, weights or drops them. Where the
profile keeps every field as the text has it (the official profiles), the same packed
weights are summed from per-player terms instead (:mod:`tabellone.rules.dutch.weights`).

Criteria of the 2026 edition, in priority order (absolute ones are hard constraints):

======  ===============================================================  =============
art.    criterion                                                        implemented by
======  ===============================================================  =============
C1      no rematch                                                       :func:`tabellone.rules.fide_common.C1_no_rematch`
C2      no PAB after any PAB, or a win's points without playing          :func:`C2_bye_eligible`
C3      no meeting of non-topscorers with the same absolute preference   :func:`tabellone.rules.fide_common.C3_absolute_colours`
C4      the remaining players can always be paired (every bracket)       field ``top``
C5      the PAB assignee's score as low as possible                      field ``top`` (bye score)
C6      fewest downfloaters (most pairs in the bracket)                  field ``C6``
C7      downfloaters' scores as low as possible                          fields ``C7``
C8      downfloaters chosen so the next bracket meets C1-C7              fields ``C8p``, ``C8s``
C9      the PAB assignee has as few unplayed rounds as possible          field ``C9``
C10     topscorers or opponents with |CD| > 2                            :func:`C10_colour_difference`
C11     topscorers or opponents with the same colour three times         :func:`C11_three_in_a_row`
C12     players not getting their colour preference                      :func:`C12_colour_preference`
C13     players not getting their strong colour preference               :func:`C13_strong_preference`
C14     resident downfloaters who downfloated the round before           field ``C14``
C15     MDP opponents who upfloated the round before                     field ``C15``
C16     as C14, two rounds before                                        field ``C16``
C17     as C15, two rounds before                                        field ``C17``
C18     score differences of MDPs who downfloated the round before       fields ``C18``
C19     score differences of MDP opponents who upfloated the round before fields ``C19``
C20     as C18, two rounds before                                        fields ``C20``
C21     as C19, two rounds before                                        fields ``C21``
======  ===============================================================  =============

Colour allocation (Art. 5.2) and board order are in :mod:`tabellone.rules.fide_common`.
"""

from __future__ import annotations

import gc
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from tabellone.core import progress
from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.model import Float, RoundState, Tournament
from tabellone.core.pairing import Pairing, attendance_problems
from tabellone.matching.completion import CompletionOracle
from tabellone.matching.cpsat import solve_fields_of
from tabellone.matching.lexicographic import Layout, fit_layout
from tabellone.rules.dutch.weights import Weights2017, Weights2026, colour_classes
from tabellone.rules.fide_common import (
    ART4_2026,
    ART_D_2017,
    ByeRule,
    C1_no_rematch,
    C3_absolute_colours,
    Entrant,
    brackets_of_pairing,
    colour_breaches,
    colour_rule,
    effective_ranks,
    entrants,
    finish_pairing,
    infer_initial_colour,
    rematch_problem,
    round_to_pair,
    scoregroups,
)
from tabellone.rules.profiles import CATALOGUE, Objective, Profile, official, resolve

EDITIONS = ("2026", "2017", "1992")
#: Editions that exist only as the literal procedure of their text (tabellone.rules.dutch.edition_1992).
LITERAL_ONLY = ("1992",)


# ----------------------------------------------------------------------------------------
# criteria on one pair (used by the weights and, by name, by the verifier)


def C2_bye_rule(edition: str) -> ByeRule:
    """The rule of the edition against another PAB (:func:`C2_bye_eligible`)."""
    return ART_D_2017 if edition == "2017" else ART4_2026


def C2_bye_eligible(e: Entrant, edition: str) -> bool:
    """Whether ``e`` may receive the pairing-allocated bye, by the edition's text.

    2026 [C2] (Art. 2.1.2) quotes the Basic Rules, Art. 4: "A participant who has already
    received a pairing allocated bye, or has already scored in one single round, without
    playing, as many points as rewarded for a win, shall not receive the pairing allocated
    bye." Any earlier PAB bars another, whatever it was worth (a win, ``BBU 0.5``, TRF26
    ``162``, or nothing); so does a forfeit win or a full-point bye. A half-point bye the
    player asked for does not.

    2017 C.2 quotes C.04.1.d: "A player who has already received a pairing-allocated bye,
    or has already scored a (forfeit) win due to an opponent not appearing in time, shall
    not receive the pairing-allocated bye." Any earlier PAB, or a forfeit win; a
    full-point bye the player asked for is neither, and does not bar."""
    return not C2_bye_rule(edition).bars(e.state)


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str) -> tuple[bool, str]:
    """Whether ``player`` may have the PAB of ``round_number`` by C2 (2017 C.2), and the
    sentence that says which rule applied and, when barred, the round of the earlier bye
    or win (:func:`C2_bye_eligible`)."""
    return C2_bye_rule(edition).reading(t, player, round_number)


def C10_colour_difference(h: Entrant, l: Entrant) -> bool:
    """C10 (2026) / C.8 (2017) holds for the pair: no player ends with |CD| > 2.
    Only two players with |CD| >= 2 and the same preference break it."""
    return not (abs(h.cd) >= 2 and abs(l.cd) >= 2 and h.pref == l.pref)


def C11_three_in_a_row(h: Entrant, l: Entrant) -> bool:
    """C11 (2026) / C.9 (2017) holds: nobody gets the same colour three times running.
    Only two absolute preferences for one colour can break it: the player with the
    smaller |CD| loses (Art. 5.2.2) and breaks it when their last two games had the
    colour they now get; with equal |CD| it is broken only if both repeated the same."""
    if not (h.absolute and l.absolute and h.pref == l.pref):
        return True
    if abs(h.cd) != abs(l.cd):
        loser = h if abs(h.cd) < abs(l.cd) else l
        return loser.repeated is None or loser.repeated == loser.pref
    return not (h.repeated is not None and h.repeated == l.repeated)


def C12_colour_preference(h: Entrant, l: Entrant) -> bool:
    """C12 (2026) / C.10 (2017) holds: both get their colour preference."""
    return not (h.pref is not None and l.pref is not None and h.pref == l.pref)


def C13_strong_preference(h: Entrant, l: Entrant) -> bool:
    """C13 (2026) / C.11 (2017) holds: nobody loses a strong (or absolute) preference to
    a weaker one. Broken when both prefer one colour, both at least strongly, and not
    both absolutely."""
    if h.pref is None or h.pref != l.pref:
        return True
    at_least_strong = h.strength >= h.strength.STRONG and l.strength >= l.strength.STRONG
    return not (at_least_strong and not (h.absolute and l.absolute))


COLOUR_CHECKS = (C10_colour_difference, C11_three_in_a_row, C12_colour_preference, C13_strong_preference)


def colour_values(h: Entrant, l: Entrant, names: tuple[str, str, str, str]) -> dict[str, int]:
    """The four colour criteria of a pair, 1 where it meets them, under the edition's
    article names (2026: C10-C13; 2017: C.8-C.11)."""
    return {name: int(check(h, l)) for name, check in zip(names, COLOUR_CHECKS)}


def colour_checks(h: Entrant, l: Entrant) -> tuple[int, int, int, int]:
    """The four colour criteria of a pair in article order, 1 where it meets them (the
    values of :func:`colour_values`, for :mod:`tabellone.rules.dutch.weights`)."""
    return tuple(int(check(h, l)) for check in COLOUR_CHECKS)


def float_before(e: Entrant, rounds_back: int, edition: str) -> Float | None:
    floats = e.state.float_history(edition)
    return floats[-rounds_back] if len(floats) >= rounds_back else None


# ----------------------------------------------------------------------------------------
# the criterion that owns each weight field (for profiles: rules/profiles)

#: Field of the 2026 weights -> the article it implements. ``top`` (C4 and C5, the
#: completion) is owned by none: it is always the first field. ``C1`` and ``C3`` exist
#: only when a profile counts those absolute criteria as quality ones.
OWNER_2026 = {
    "C1": "C1",
    "C3": "C3",
    "C6": "C6",
    "C7": "C7",
    "C8p": "C8",
    "C8s": "C8",
    "C9": "C9",
    **{f"C{k}": f"C{k}" for k in range(10, 22)},
}
#: Fields of the 2026 weights that count the pairs meeting a criterion.
PAIR_COUNTING_2026 = frozenset({"C10", "C11", "C12", "C13", "C15", "C17"})
#: The same for the 2017 weights, whose articles are C.1 ... C.19.
OWNER_2017 = {
    "C1": "C.1",
    "C3": "C.3",
    "C5": "C.5",
    "C6": "C.6",
    "C7a": "C.7",
    "C7b": "C.7",
    **{f"C{k}": f"C.{k}" for k in range(8, 20)},
}


def profile_of(profile: Profile | str | None, edition: str) -> Profile:
    """The profile to pair with: the one given (a Profile, a shipped name or a TOML
    path), else the official profile of ``edition``. A profile of another system or
    edition is an input error."""
    p = resolve(profile)
    if p is None:
        return official("dutch", edition)
    if p.system != "dutch" or p.edition != edition:
        raise InputError(
            f"profile {p.name} is for {p.system} {p.edition}, not dutch {edition}",
            source=p.source or None,
            field="--profile",
        )
    return p


def absolute_checks(profile: Profile, c1: str, c2: str, c3: str) -> tuple[bool, bool, bool]:
    """Which of the text's absolute criteria (its ids for C1, C2, C3) stay hard."""
    return profile.is_absolute(c1), profile.is_absolute(c2), profile.is_absolute(c3)


class Compatibility:
    """The absolute criteria on a pair of positions, ``ok(i, j)``: C1 (no rematch, no
    prohibited pair) and C3 (non-topscorers with the same absolute colour preference do
    not meet) of 2026; C.1 and C.3 of 2017. Called as ``compat(i, j)``.

    Stored as their exceptions, not as an n x n table: per player the positions it may
    not meet again (at most one per round played, plus prohibited pairs), and per player
    the colour its absolute preference claims when C3 applies to it (None when not: no
    absolute preference, or a topscorer in the last round, where one topscorer in the
    pair lifts the bar). Two players clash on C3 exactly when both claim one colour.
    Memory is O(n * rounds), where a table of 4,000 players held 16 million entries.
    """

    def __init__(
        self, players: list[Entrant], state: RoundState, last_round: bool, hard1: bool = True, hard3: bool = True
    ):
        index = {e.id: k for k, e in enumerate(players)}
        self.banned: list[set[int]] | None = None
        if hard1:
            banned: list[set[int]] = [set() for _ in players]
            for k, e in enumerate(players):
                for other in state.players[e.id].opponents:
                    j = index.get(other)
                    if j is not None:
                        banned[k].add(j)
                        banned[j].add(k)
            for pair in state.prohibited or ():
                ids = [index[x] for x in pair if x in index]
                for a in ids:
                    banned[a].update(b for b in ids if b != a)
            self.banned = banned
        self.claim = [e.pref if hard3 and e.absolute and not (last_round and e.topscorer) else None for e in players]

    def __call__(self, i: int, j: int) -> bool:
        if self.banned is not None and j in self.banned[i]:
            return False
        c = self.claim[i]
        return c is None or c != self.claim[j]


def settle_bracket(
    m: Matcher, mdps: list[int], residents: list[int]
) -> tuple[dict[int, int], list[tuple[int, int]], list[int]]:
    """A bracket paired without the text's generation order (a profile with
    ``generation_order = false``): any optimum of the criteria; the bracket's pairs are
    fixed and its unpaired players float down."""
    mate = m.solve()
    current = mdps + residents
    inside = set(current)
    pairs = []
    for x in current:
        y = mate.get(x)
        if y is not None and y in inside and x < y and x not in m.final:
            m.finalize(x, y)
            pairs.append((x, y))
    floaters = sorted(x for x in current if x not in m.final)
    return mate, pairs, floaters


# ----------------------------------------------------------------------------------------
# the matcher: edge values per field, packed into integers per bracket


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
    vertex count, not with the field's.
    """

    def __init__(
        self,
        players: list[Entrant],
        solve: Callable[[int, list[tuple[int, int, int]]], dict[int, int]] | None = None,
        vertices: int | None = None,
        active: list[int] | None = None,
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
        if solve is None:
            from tabellone.matching.blossom import Matcher as Incremental

            if active is not None:
                self.loc = {x: k for k, x in enumerate(active)}
                vertices = len(active)
            self._inc = Incremental(self.n if vertices is None else vertices)
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

    def set_row(self, h: int, ls: list[int], weights: list[int | None]) -> None:
        """:meth:`set_base` for the pairs (h, l), l in ``ls`` (each above ``h``), given
        their packed weights by the current layout (None where they may not meet:
        :class:`tabellone.rules.dutch.weights.Weights2017`), in the same order as one
        :meth:`set_base` call each. The layout must not change afterwards (the fields
        are not kept to pack again)."""
        self._set_packed([(h, l) for l in ls], weights)

    def set_column(self, l: int, hs: list[int], weights: list[int | None]) -> None:
        """As :meth:`set_row`, for the pairs (h, l), h in ``hs`` (each below ``l``)."""
        self._set_packed([(h, l) for h in hs], weights)

    def _set_packed(self, keys: list[tuple[int, int]], weights: list[int | None]) -> None:
        # whether each pair may meet (``has_edge``) and its packed weight (0 when not)
        self.base.update(zip(keys, [None if w is None else True for w in weights]))
        self.packed.update(zip(keys, [0 if w is None else w for w in weights]))
        self._dirty.update(keys)

    def zero(self, h: int, l: int) -> None:
        self.set_base(h, l, None)

    def zero_pairs(self, keys: list[tuple[int, int]]) -> dict:
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
        table, absent = self._edge_table()
        have, dirty = self.bonus, self._dirty
        for y in ys:
            key = (x, y) if x < y else (y, x)
            if bonus and table.get(key, absent) != absent:
                if have.get(key) == bonus:
                    continue
                have[key] = bonus
            elif key in have:
                del have[key]
            else:
                continue
            dirty.add(key)

    def _edge_table(self) -> tuple[dict, object]:
        """The table :meth:`has_edge` reads, and its value for a pair that may not meet."""
        return self.base, None

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
            if loc is None:
                edges = [
                    (a, b, weight(key) if (w := get_packed(key)) is None else (w + get_bonus(key, 0)) if w else 0)
                    for key in self._dirty
                    for a, b in (key,)
                    if a not in final and b not in final
                ]
            else:
                edges = [
                    (
                        loc[a],
                        loc[b],
                        weight(key) if (w := get_packed(key)) is None else (w + get_bonus(key, 0)) if w else 0,
                    )
                    for key in self._dirty
                    for a, b in (key,)
                    if a not in final and b not in final
                ]
            self._dirty.clear()
            mates = self._solve_incremental(edges)
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


class NeedWholeField(Exception):
    """The bracket-local matching's answer could not be completed below: the round is
    paired again on the whole field (:meth:`Dutch2026._pair_whole`)."""


class LocalMatcher(Matcher):
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

    def __init__(self, players: list[Entrant], ok: Callable[[int, int], bool], cand: Callable[[int], bool]):
        n = len(players)
        super().__init__(players, None, vertices=2 * n + 1)
        self.ok = ok
        self.cand = cand
        self.oracle = CompletionOracle(ok)
        self.A: list[int] = []
        self.L: list[int] = []
        self.odd = False
        self._checked: dict[tuple[frozenset[int], int | None], bool] = {}
        self.top_unit = 0
        #: no solve yet in this bracket: :meth:`set_column` writes to the core at once
        self._fresh = False

    def relayout(self, layout: Layout, bonus_bits: int) -> None:
        super().relayout(layout, bonus_bits)
        self.top_unit = 1 << (self.shift_of["top"] + bonus_bits)

    def begin_bracket(self, A: list[int], L: list[int], odd: bool) -> None:
        """Enter the bracket whose players and next bracket are ``A``, with ``L`` below;
        ``odd``: an odd number of players is left (the bye vertex is needed). The pairs
        inside ``A`` are set by the caller afterwards."""
        from tabellone.matching.blossom import Matcher as Incremental

        self.base.clear()
        self.packed.clear()
        self.bonus.clear()
        self._dirty.clear()
        # a graph of its own per bracket, on the bracket's vertices only (numbered
        # locally: the core's work per dual step is linear in its vertex count), with
        # weights as wide as this bracket's layout
        na = len(A)
        # position -> vertex, as a list over all positions (indexed once per edge per solve)
        self.loc = loc = [-1] * self.n
        for k, x in enumerate(A):
            loc[x] = k
        self._inc = Incremental(2 * na + 1)
        self._kept = []
        self._mates = None
        self.A, self.L, self.odd = A, L, odd
        self._checked = {}
        unit, ok, cand = self.top_unit, self.ok, self.cand
        extra = []
        for k, x in enumerate(A):
            if L and any(ok(x, y) for y in L):
                extra.append((k, na + k, (1 + (not cand(x))) * unit))
            if odd and cand(x):
                extra.append((k, 2 * na, unit))
        self._inc.set_edges(extra)
        self._fresh = True

    def _pack(self, values: dict) -> int:
        return super()._pack(values) + self.top_unit  # one more top per pair inside A (see above)

    def has_edge(self, a: int, b: int) -> bool:
        # a pair that may meet has a packed weight, never 0 (it holds one ``top``)
        return self.packed.get((a, b) if a < b else (b, a), 0) != 0

    def _edge_table(self) -> tuple[dict, object]:
        return self.packed, 0

    def set_base(self, h: int, l: int, values: dict | None) -> None:
        """As :meth:`Matcher.set_base`, the weight packed at once (every pair of the
        bracket is solved on, and the layout is fixed for the bracket)."""
        key = (h, l) if h < l else (l, h)
        # only the packed weight is kept, not the fields (0: the pair may not meet,
        # ``has_edge``): the fields of every pair of the largest bracket (|A|^2/2 dicts
        # of ~15 entries) were most of a large round's memory
        if values is None:
            self.packed[key] = 0
        else:
            shift_of, w = self.shift_of, 0
            for name, v in values.items():
                if v:
                    w += v << shift_of[name]
            self.packed[key] = (w << self.bonus_bits) + self.top_unit
        self._dirty.add(key)

    def set_column(self, l: int, hs: list[int], weights: list[int]) -> None:
        """:meth:`set_base` for the pairs (h, l), h in ``hs`` (each below ``l``), given
        their packed weights (as :meth:`set_base` packs them, with the extra ``top``; 0
        where they may not meet: :class:`tabellone.rules.dutch.weights.Weights2026`). The pairs
        enter the graph in the same order as one :meth:`set_base` call each."""
        keys = [(h, l) for h in hs]
        self.packed.update(zip(keys, weights))
        if self._fresh:  # before the bracket's first solve: straight into the core's graph
            loc = self.loc
            at = loc[l]
            self._inc.set_edges([(loc[h], at, w) for h, w in zip(hs, weights)])
        else:
            self._dirty.update(keys)

    def zero(self, h: int, l: int) -> None:
        key = (h, l) if h < l else (l, h)
        self.packed[key] = 0
        self._dirty.add(key)

    def zero_pairs(self, keys: list[tuple[int, int]]) -> dict:
        packed = self.packed
        saved = {key: packed.get(key, 0) for key in keys}
        packed.update(dict.fromkeys(keys, 0))
        self._dirty.update(keys)
        return saved

    def restore_pairs(self, saved: dict) -> None:
        self.packed.update(saved)
        self._dirty.update(saved)

    def solve(self) -> dict[int, int]:
        self.solves += 1
        self._fresh = False
        final, n, A, loc = self.final, self.n, self.A, self.loc
        na = len(A)
        get_packed, get_bonus = self.packed.get, self.bonus.get
        # the changed pairs of players still to pair, as the core's edges (0 removes one);
        # no bonus yet at a bracket's first solve, where every pair is new
        if self.bonus:
            edges = [
                (loc[a], loc[b], (w + get_bonus(key, 0)) if (w := get_packed(key, 0)) else 0)
                for key in self._dirty
                for a, b in (key,)
                if a not in final and b not in final
            ]
        else:
            edges = [
                (loc[a], loc[b], get_packed(key, 0))
                for key in self._dirty
                for a, b in (key,)
                if a not in final and b not in final
            ]
        self._dirty.clear()
        mates = self._solve_incremental(edges)
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
        key = (frozenset(down), bye)
        known = self._checked.get(key)
        if known is None:
            exposable = self.cand if self.odd and bye is None else None
            known = self._checked[key] = self.oracle.complete(self.L, down, exposable) is not None
        if not known:
            raise NeedWholeField(f"players {sorted(down)} cannot all be paired below")
        mate.update(final)
        return mate


# ----------------------------------------------------------------------------------------
# the 2026 edition


@dataclass
class RoundContext:
    t: Tournament
    state: RoundState
    edition: str
    players: list[Entrant]
    last_round: bool
    bye_score: Fraction | None = None
    c9_ranks: dict[int, int] = field(default_factory=dict)


def _default_solve(n: int, edges: list[tuple[int, int, int]]) -> dict[int, int]:
    from tabellone.matching.backends import max_weight_matching

    return max_weight_matching(n, edges)


def _bitlen(k: int) -> int:
    return max(int(k).bit_length(), 1)


class Dutch2026:
    """The round pairing of the 2026 edition, bracket by bracket (Art. 3-4)."""

    def __init__(self, ctx: RoundContext, solve=None, profile: Profile | None = None):
        self.ctx = ctx
        self.P = ctx.players
        self.n = len(self.P)
        self.m = Matcher(self.P, solve)
        self.one_shot = solve or _default_solve
        self.profile = profile = profile or official("dutch", "2026")
        self.objective = Objective(profile, OWNER_2026, PAIR_COUNTING_2026, "C6")
        hard1, hard2, hard3 = absolute_checks(profile, "C1", "C2", "C3")
        self.relax1, self.relax3 = profile.is_relaxed("C1"), profile.is_relaxed("C3")
        self.ok = Compatibility(self.P, ctx.state, ctx.last_round, hard1, hard3)
        self.eligible = [not hard2 or C2_bye_eligible(e, "2026") for e in self.P]
        self.rounds_played = ctx.state.round - 1
        self.solve_fn = solve
        #: each score's rank (0 the lowest), the key of the per-score fields; per player
        self.score_rank = {s: k for k, s in enumerate(sorted({e.score for e in self.P}))}
        self.score_key = [self.score_rank[e.score] for e in self.P]
        #: each player's float one and two rounds before (None: none, or no such round)
        self.floats = [(float_before(e, 1, "2026"), float_before(e, 2, "2026")) for e in self.P]
        #: the pair weights are packed from per-player terms (:mod:`tabellone.rules.dutch.weights`)
        #: when the profile's fold is the identity and no absolute criterion is quality
        self.fast_weights = self.objective.identity and not (self.relax1 or self.relax3)
        self.colour_checks = colour_checks
        self._colour_classes: tuple[list[int], list[Entrant]] | None = None

    def colour_classes(self) -> tuple[list[int], list[Entrant]]:
        """Each player's colour class and one player of each (:func:`tabellone.rules.dutch.weights.colour_classes`)."""
        if self._colour_classes is None:
            self._colour_classes = colour_classes(self.P)
        return self._colour_classes

    # ---- the fields of one pair ------------------------------------------------------

    def cand(self, i: int) -> bool:
        """Whether player ``i`` may take the PAB at the round's bye score (C2, C5)."""
        bs = self.ctx.bye_score
        key = (bs, id(self.eligible))
        if getattr(self, "_cand_key", None) != key:  # worked out once per bye score
            self._cand_key = key
            self._cand = [ok and bs is not None and e.score <= bs for ok, e in zip(self.eligible, self.P)]
        return self._cand[i]

    def base_values(self, h: int, l: int, current: set[int], nxt: set[int], c9_on: bool) -> dict | None:
        """The fields of the pair h-l, mapped by the profile (:meth:`Objective.fold`).
        The caller has called :meth:`cand` since the bye score or eligibility last changed."""
        return self.objective.fold(self._text_values(h, l, current, nxt, c9_on))

    def _text_values(self, h: int, l: int, current: set[int], nxt: set[int], c9_on: bool) -> dict | None:
        """The fields of the pair h-l as the text defines them (None: they may not meet).

        Per-score fields are keyed by the score's rank (:attr:`score_key`), and each
        player's floats one and two rounds before are read from :attr:`floats`, both
        worked out once per round: this runs for every pair of every bracket."""
        if not self.ok(h, l):
            return None
        P = self.P
        ph, pl = P[h], P[l]
        cand = self._cand
        v: dict = {"top": 1 + (not cand[h]) + (not cand[l])}
        if self.relax1:
            v["C1"] = int(C1_no_rematch(ph, pl, self.ctx.state))
        if self.relax3:
            v["C3"] = int(C3_absolute_colours(ph, pl, self.ctx.last_round))
        sk = self.score_key
        sh, sl = sk[h], sk[l]
        if c9_on:
            bs = self.ctx.bye_score
            c9 = (self.ctx.c9_ranks.get(h, 0) if ph.score == bs else 0) + (
                self.ctx.c9_ranks.get(l, 0) if pl.score == bs else 0
            )
            if c9:
                v["C9"] = c9
        if l in nxt:
            v["C8p"] = 1
            v[("C8s", sh)] = 1
        if l not in current:
            return v
        v["C6"] = 1
        v[("C7", sh)] = 1
        v.update(colour_values(ph, pl, ("C10", "C11", "C12", "C13")))
        if self.rounds_played:
            fh, fl = self.floats[h], self.floats[l]
            higher = sh > sl
            for back, c_down, c_up, s_down, s_up in ((0, "C14", "C15", "C18", "C19"), (1, "C16", "C17", "C20", "C21")):
                if self.rounds_played <= back:
                    break
                h_df, l_df, l_uf = fh[back] is Float.DOWN, fl[back] is Float.DOWN, fl[back] is Float.UP
                v[c_down] = int(l_df) + int(not higher and h_df)
                v[c_up] = int(not (higher and l_uf))
                if l_df:
                    v[(s_down, sl)] = 1
                if h_df:
                    v[(s_down, sh)] = v.get((s_down, sh), 0) + 1
                if not (l_uf and higher):
                    v[(s_up, sh)] = 1
        return v

    def layout_for(
        self, scores: list[Fraction], count_bound: int, members: list[int] | None = None
    ) -> tuple[Layout, int]:
        """The field layout of the round: each field as wide as its sum over one matching
        can grow. A field counting pairs holds at most n/2; a field counting players at
        most n; a per-score field (C7, C8, C18-C21) at most the number of players with
        that score, since each player lies on one edge of a matching.

        With ``members`` (the players of a bracket-local matching, :class:`LocalMatcher`)
        the same for the matchings of those players only: the fields of scores none of
        them has are always zero there and are left out, which keeps the weights a few
        machine words wide (the order of the fields, hence the optimum, is unchanged)."""
        group = self.P if members is None else [self.P[i] for i in members]
        n = len(group)
        pairs_max, players_max = max(n // 2, 1), max(n, 1)
        count = dict.fromkeys(scores, 0)
        for e in group:
            if e.score in count:
                count[e.score] += 1
        if members is not None:
            scores = [s for s in scores if count[s]]
        key = self.score_rank
        per_score = lambda c: [((c, key[s]), count[s]) for s in scores]  # noqa: E731
        blocks: dict[str, list[tuple[object, int]]] = {
            "C1": [("C1", pairs_max)],
            "C3": [("C3", pairs_max)],
            "C6": [("C6", pairs_max)],
            "C7": per_score("C7"),
            "C8": [("C8p", pairs_max)] + per_score("C8s"),
            "C9": [("C9", max(len(self.ctx.c9_ranks), 1) ** 2)],
        }
        for c in ("C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17"):
            blocks[c] = [(c, players_max if c in ("C14", "C16") else pairs_max)]
        for c in ("C18", "C19", "C20", "C21"):
            blocks[c] = per_score(c)
        names, maxima = self.objective.layout_names(blocks)
        return fit_layout(["top"] + names, [3 * n] + maxima), 3 * _bitlen(count_bound) + 3

    # ---- the round -------------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], int | None]:
        """The round: bracket by bracket on a bracket-local matcher (:class:`LocalMatcher`)
        when the objective allows it, else (or when its answer cannot be completed) on
        the whole field; both give the same pairing (see LocalMatcher)."""
        if self.solve_fn is None and not (self.relax1 or self.relax3):
            solves = 0
            try:
                return self._pair_local()
            except NeedWholeField:
                solves = self.m.solves
            self.m = Matcher(self.P, None)
            self.m.solves = solves
        return self._pair_whole()

    def _pair_local(self) -> tuple[list[tuple[int, int]], int | None]:
        P, n, ctx = self.P, self.n, self.ctx
        groups = scoregroups(P)
        all_scores = sorted({e.score for e in P}, reverse=True)
        oracle = CompletionOracle(self.ok)
        if n % 2 == 1:
            eligible = self.eligible
            for s in sorted(all_scores):  # C5: the lowest score at which the PAB completes the round
                if oracle.complete(range(n), (), lambda i, s=s: eligible[i] and P[i].score <= s) is not None:
                    break
            else:
                raise NeedWholeField("no complete pairing with a bye")
            if s >= P[groups[0][0]].score:
                raise NeedWholeField("the bye score is the top score (C9 reaches the first bracket)")
            ctx.bye_score = s
            counts = sorted((P[i].state.games_played for i in range(n) if P[i].score == s), reverse=True)
            last_pos = {c: pos for pos, c in enumerate(counts)}
            ctx.c9_ranks = {i: last_pos[P[i].state.games_played] for i in range(n) if P[i].score == s}
        else:
            ctx.bye_score = None
            if oracle.complete(range(n)) is None:
                raise NeedWholeField("no complete pairing")
        self.cand(0)  # the bye candidates at the bye score, listed once
        self.m = m = LocalMatcher(P, self.ok, self.cand)
        room = _bitlen(n)
        c9_on = False
        pairs: list[tuple[int, int]] = []
        mdps: list[int] = []
        for gi, group in enumerate(groups):
            progress.step(gi + 1, len(groups))
            residents = group
            nxt = groups[gi + 1] if gi + 1 < len(groups) else []
            below = [i for g in groups[gi + 2 :] for i in g]
            current = mdps + residents
            A = current + nxt
            m.relayout(*self.layout_for(all_scores, n, A))
            m.begin_bracket(A, below, (len(A) + len(below)) % 2 == 1)
            cur_set, nxt_set = set(current), set(nxt)
            above = sorted(mdps + residents + nxt)
            weights = (
                Weights2026(self, m.shift_of, m.bonus_bits, m.top_unit, current, nxt, c9_on)
                if self.fast_weights
                else None
            )
            for l in residents + nxt:  # every pair inside A but MDP-MDP (they float together)
                hs = above[: bisect_left(above, l)]
                if weights is not None:
                    m.set_column(l, hs, weights.column(l, hs))
                else:
                    for h in hs:
                        m.set_base(h, l, self.base_values(h, l, cur_set, nxt_set, c9_on))
            m.clear_bonuses()
            if self.profile.generation_order:
                mate, new_pairs, floaters = BracketStepper(m, mdps, residents, nxt, room).run()
            else:
                mate, new_pairs, floaters = settle_bracket(m, mdps, residents)
            pairs += new_pairs
            c9_on = self._c9_next(mate, floaters, nxt)
            for k, a in enumerate(floaters):  # players floating down together never meet (see _pair_whole)
                for b in floaters[k + 1 :]:
                    m.zero(a, b)
            mdps = floaters
        return self._bye_of(mdps, pairs)

    def _c9_next(self, mate: dict[int, int], floaters: list[int], nxt: list[int]) -> bool:
        """C9's flag for the next bracket: the bye score reaches it and the optimum pairs
        nobody of it (nor the floaters) below it (a mate at a position >= n is a
        shadow of LocalMatcher: paired below)."""
        P, n, ctx = self.P, self.n, self.ctx
        if n % 2 == 0 or not nxt or ctx.bye_score < P[nxt[0]].score:
            return False
        limit = P[nxt[0]].score
        for x in floaters + nxt:
            y = mate.get(x)
            if y is not None and y != x and (y >= n or P[y].score < limit):
                return False
        return True

    def _bye_of(self, mdps: list[int], pairs: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], int | None]:
        bye = None
        if mdps:
            if len(mdps) > 1 or self.n % 2 == 0:
                raise NoPairingError(f"players {', '.join(str(self.P[i].id) for i in mdps)} could not be paired")
            bye = mdps[0]
        return pairs, bye

    def _pair_whole(self) -> tuple[list[tuple[int, int]], int | None]:
        """The round with one matcher on the whole field, every pair of players in it."""
        P, n = self.P, self.n
        ctx = self.ctx
        groups = scoregroups(P)
        all_scores = sorted({e.score for e in P}, reverse=True)
        c9_on = False
        if n % 2 == 1:
            self._find_bye_score(groups, all_scores)
            c9_on = ctx.bye_score >= P[groups[0][0]].score and self._top_internal
        else:
            ctx.bye_score = None
        self.cand(0)  # the bye candidates at the bye score, listed once
        # one layout for the whole round (the matcher keeps its graph between brackets)
        layout, bonus_bits = self.layout_for(all_scores, n)
        self.m.relayout(layout, bonus_bits)
        room = _bitlen(n)
        fast = self.fast_weights
        weights = Weights2026(self, self.m.shift_of, bonus_bits, 0, [], [], c9_on, range(n), None) if fast else None
        for i in range(n):
            if weights is not None:
                others = list(range(i + 1, n))
                self.m.set_row(i, others, weights.ends_row(i, others))
                continue
            for j in range(i + 1, n):
                self.m.set_base(i, j, self.base_values(i, j, set(), set(), c9_on))
        mate = self.m.solve()
        self._check_complete(mate)

        pairs: list[tuple[int, int]] = []
        mdps: list[int] = []
        for gi, group in enumerate(groups):
            progress.step(gi + 1, len(groups))
            residents = group
            nxt = groups[gi + 1] if gi + 1 < len(groups) else []
            current = mdps + residents
            cur_set, nxt_set = set(current), set(nxt)
            mdp_set = set(mdps)
            final = self.m.final
            free = [h for h in range(max(residents + nxt) + 1) if h not in final]
            weights = (
                Weights2026(self, self.m.shift_of, bonus_bits, 0, current, nxt, c9_on, free, None) if fast else None
            )
            for l in residents + nxt:
                hs = [h for h in free[: bisect_left(free, l)] if not (h in mdp_set and l in mdp_set)]
                if weights is not None:
                    self.m.set_column(l, hs, weights.column(l, hs))
                    continue
                for h in hs:
                    self.m.set_base(h, l, self.base_values(h, l, cur_set, nxt_set, c9_on))
            self.m.clear_bonuses()
            if self.profile.generation_order:
                mate, new_pairs, floaters = BracketStepper(self.m, mdps, residents, nxt, room).run()
            else:
                mate, new_pairs, floaters = settle_bracket(self.m, mdps, residents)
            pairs += new_pairs
            c9_on = self._c9_next(mate, floaters, nxt)
            # Players moving down together never meet each other (Art. 3: an MDP is
            # paired with a resident of its new bracket, or floats on); their edges keep
            # the values of the bracket they came from, so remove them, lest a later
            # optimum count on a pair no bracket can make. Under the text's order (C6
            # right after completion) such a pair would have been made in the bracket;
            # a profile ranking other criteria above C6 can float both instead.
            for k, a in enumerate(floaters):
                for b in floaters[k + 1 :]:
                    self.m.zero(a, b)
            mdps = floaters
        return self._bye_of(mdps, pairs)

    def _find_bye_score(self, groups: list[list[int]], all_scores: list[Fraction]) -> None:
        """C5: the lowest score at which an eligible player can take the PAB in a
        complete legal pairing; also who would (for C9's first-bracket flag)."""
        P, n, ctx = self.P, self.n, self.ctx
        ascending = sorted(all_scores)
        off = {}
        acc = 0
        for s in ascending:
            off[s] = acc
            acc += 1
        top = set(groups[0])
        sum_bound = 2 * n * max(acc, 1)
        lay = fit_layout(["top", "off", "topgroup"], [3 * n, sum_bound, n])
        # 'top' is 1 + the ineligible ends, 'off' the ends' score offsets: a term per end,
        # packed per player once and added per pair
        s_top, s_off, s_grp = lay.shifts
        half = [((not self.eligible[i]) << s_top) + (off[P[i].score] << s_off) for i in range(n)]
        grp = 1 << s_grp
        edges = []
        ok = self.ok
        for i in range(n):
            hi, in_top = half[i] + (1 << s_top), i in top
            for j in range(i + 1, n):
                if ok(i, j):
                    edges.append((i, j, hi + half[j] + (grp if in_top and j in top else 0)))
        mate = solve_fields_of(self.one_shot, n, edges, lay.fields)
        self.m.solves += 1
        unmatched = [i for i in range(n) if i not in mate]
        if len(unmatched) != 1 or not self.eligible[unmatched[0]]:
            who = ", ".join(str(P[i].id) for i in unmatched)
            raise NoPairingError(f"no legal pairing leaves one player eligible for the bye (unpaired: {who or 'none'})")
        u = unmatched[0]
        ctx.bye_score = P[u].score
        self._top_internal = all((i == u) or (mate.get(i) in top) for i in top)
        counts = sorted((P[i].state.games_played for i in range(n) if P[i].score == ctx.bye_score), reverse=True)
        last_pos = {}
        for pos, c in enumerate(counts):
            last_pos[c] = pos
        ctx.c9_ranks = {i: last_pos[P[i].state.games_played] for i in range(n) if P[i].score == ctx.bye_score}

    def _check_complete(self, mate: dict[int, int]) -> None:
        unmatched = [i for i in range(self.n) if i not in mate]
        if len(unmatched) > self.n % 2:
            who = ", ".join(str(self.P[i].id) for i in unmatched)
            raise NoPairingError(f"no legal pairing of the whole round exists (cannot pair: {who})")


class BracketStepper:
    """The generation order of Art. 3.3-4.4 (2026) / B-D (2017), reproduced on a matcher.

    After the bracket's best weight is known, each step adds a tiny bonus that the text
    would prefer (the MDPs with the lowest BSNs, their highest-ranked possible opponents,
    the fewest and smallest exchanges, the lowest transposition) and keeps it only if the
    optimum survives; the criteria fields are untouched, so no step can trade a
    criterion for generation order.
    """

    #: whether steps may be taken without solves of their own: C6 guessed from the last
    #: optimum's dual variables (:meth:`_transpositions`), C2-C4 in one solve when no
    #: exchange is needed (:meth:`_roles_without_exchange`); the answers are the same
    #: either way (tests compare the two)
    shortcuts = True

    def __init__(self, m: Matcher, mdps: list[int], residents: list[int], nxt: list[int], b: int):
        self.m = m
        self.mdps = mdps
        self.res = residents
        self.nxt = nxt
        self.b = b
        # the matcher's own method, bound once: the steps set hundreds of thousands of
        # bonuses in a large bracket
        self._set_bonus: Callable[[int, int, int], None] = m.set_bonus

    def _take_best(
        self,
        x: int,
        candidates: list[int],
        start: int,
        count_edges_only: bool,
        mate: dict[int, int],
        allowed: set[int],
        unit: int = 1,
    ) -> tuple[dict[int, int], int]:
        """Pair ``x`` with the best of ``candidates`` (given lowest preference first)
        that keeps the optimum: bonuses ``start, start + 1, ...`` up the list, times
        ``unit`` (the counter advances on every candidate, or only on those with an
        edge when ``count_edges_only``), solve again unless provably unnecessary, and
        finalise."""
        m = self.m
        bonus = start
        before = self._bonuses_of(x, candidates)
        for y in candidates:
            if y in m.final:
                continue
            has_edge = m.has_edge(x, y)
            if has_edge:
                self._set_bonus(x, y, bonus * unit)
            if has_edge or not count_edges_only:
                bonus += 1
        if not self._still_optimal(x, mate, before, candidates):
            mate = m.solve()
        y = mate.get(x)
        if y is None or y not in allowed:
            raise AssertionError(f"player at position {x} lost its opponent while fixing the generation order")
        m.finalize(x, y)
        return mate, y

    def _bonuses_of(self, x: int, among: list[int]) -> dict[int, int]:
        """The bonuses on the edges from ``x`` to ``among`` (0 where none), read pair by
        pair: a step changes only those, and scanning every bonus of the bracket instead
        made each step cost the bracket's whole bonus table."""
        bonus = self.m.bonus
        return {y: bonus.get((x, y) if x < y else (y, x), 0) for y in among}

    def _still_optimal(self, x: int, mate: dict[int, int], before: dict[int, int], among: list[int]) -> bool:
        """Whether the current matching stays optimal after x's bonuses to ``among``
        (the only ones that changed) went from ``before`` to their present values,
        without solving again.

        Only x's edges changed; any matching gains the change on the one edge it uses
        at x (none if x is left single). If the current matching's edge at x gains at
        least as much as any other edge of x, and at least nothing, no matching can
        overtake it: the optimum, and the answer read from it, stand.
        """
        now = self._bonuses_of(x, among)
        y = mate.get(x)
        if y is None or y == x:
            return False
        gain = now.get(y, 0) - before.get(y, 0)
        if gain < 0:
            return False
        for z in set(now) | set(before):
            if z != y and now.get(z, 0) - before.get(z, 0) > gain:
                return False
        return True

    def _roles_without_exchange(
        self, R: list[int], pos: dict[int, int], p: int
    ) -> tuple[dict[int, bool], dict[int, int]] | None:
        """C2-C4 in one solve when an optimum needs no exchange (the common case): the
        roles (True: S1) and the optimum with them, or None, with the weights as before.

        Make the pairs C5 would drop if S1 were the first ``p`` players of ``R`` (the
        number of S1 players in every optimum: the pairs made inside the bracket), and
        solve. If the optimum's criteria (its weight above the bonuses) are the last
        optimum's, and it pairs each of the first ``p`` with a later player of ``R``, it
        is an optimum of the criteria with no exchange. Then the C2 solve would find
        none (its bonuses favour exactly these players as S1, and cost every further
        one), C3 and C4 have nothing to do, and C5 would drop the same pairs: what
        follows starts from the same weights. Otherwise the dropped pairs are put back."""
        m = self.m
        before = m.value()
        if before is None or m.changes_pending():
            return None
        roles = {x: k < p for k, x in enumerate(R)}
        saved = m.zero_pairs(self._apart(R, roles))
        try:
            mate = m.solve()
        except NeedWholeField:  # this optimum could not be completed below: no proof
            m.restore_pairs(saved)
            return None
        after = m.value()
        if (
            after is not None
            and after >> m.bonus_bits == before >> m.bonus_bits
            and all(pos.get(mate.get(x), -1) > k for k, x in enumerate(R[:p]))
        ):
            return roles, mate
        m.restore_pairs(saved)
        return None

    @staticmethod
    def _apart(R: list[int], roles: dict[int, bool]) -> list[tuple[int, int]]:
        """The pairs of ``R`` that C5 drops: all but an S1 player with a later S2 player."""
        apart: list[tuple[int, int]] = []
        for k, x in enumerate(R):
            later = R[k + 1 :] if not roles[x] else [y for y in R[k + 1 :] if roles[y]]
            apart += [(x, y) if x < y else (y, x) for y in later]
        return apart

    def _transpositions(
        self,
        R: list[int],
        pos: dict[int, int],
        roles: dict[int, bool],
        Rset: set[int],
        mate: dict[int, int],
        pairs: list[tuple[int, int]],
    ) -> dict[int, int]:
        """C6: each S1 player in turn takes the lowest S2 BSN that keeps the optimum.

        Step by step (:meth:`_take_best`) that is a solve per S1 player. Most of them are
        saved by guessing. The duals of one optimum tell, for every S1 player, the only
        players an optimum can pair it with (:meth:`_usable_partners`); each S1 player
        is guessed to take the first of them still free that no earlier guess took, and
        one solve confirms a run of guesses (:meth:`_settle_guesses`). The player whose
        guess fails takes its step by a solve, its bonuses scaled above the sum of the
        guesses' (which stay, so that solve keeps as many of them as it can); then the
        guesses after it are made again and only the pairs that changed re-weighted.
        Appends the pairs to ``pairs``; returns the last optimum.
        """
        m = self.m
        s1 = [x for x in R if roles[x]]
        unit = len(R) + 1  # a step's bonus unit while guesses stand: above their sum
        usable: dict[int, list[int]] | None = None
        guess: dict[int, int] = {}
        i = 0
        while i < len(s1):
            if usable is None and self.shortcuts:
                usable = self._usable_partners(s1[i:], R, pos)
            if usable:
                mate, settled = self._settle_guesses(s1[i:], usable, guess, mate)
                pairs += settled
                i += len(settled)
                if i == len(s1):
                    break
            x = s1[i]
            a = pos[x]
            mate, y = self._take_best(
                x, [R[c] for c in range(len(R) - 1, a, -1)], 0, False, mate, Rset, unit if guess else 1
            )
            guess.pop(x, None)
            pairs.append((x, y))
            m.set_bonus_row(x, R[a + 1 :], 0)
            i += 1
        for x, z in guess.items():
            self._set_bonus(x, z, 0)
        return mate

    def _usable_partners(self, xs: list[int], R: list[int], pos: dict[int, int]) -> dict[int, list[int]] | None:
        """For each S1 player of ``xs``: the players after it in ``R`` that an optimum can
        pair it with, by the last optimum's duals (:meth:`Matcher.usable`), in its order
        of preference. They stay true to the end of C6: each step keeps only optima of
        the step before. None when the duals do not describe the present weights (a
        change since the last solve; try again later); empty when a bonus is left on
        a pair of players still to pair (a leftover of Step A: the duals are those of
        weights with bonuses, whose optima are not all the optima of the criteria)."""
        m = self.m
        final = m.final
        if m.bonus_pending():
            return {}
        if m.changes_pending():
            return None
        has_edge = m.has_edge
        out: dict[int, list[int]] = {}
        for x in xs:
            found = m.usable(x, [z for z in R[pos[x] + 1 :] if z not in final and has_edge(x, z)])
            if found is None:
                return {}
            out[x] = found
        return out

    def _settle_guesses(
        self, xs: list[int], usable: dict[int, list[int]], guess: dict[int, int], mate: dict[int, int]
    ) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """Guess the C6 steps of ``xs`` in turn (each takes its first usable partner
        still free and not guessed for an earlier one), put a bonus of 1 on each guessed
        pair (``guess``: the pairs that have one), solve (unless the last optimum stays
        one: bonuses added only to its pairs and taken only from others), and settle the
        guesses the optimum holds from the first on: the steps of those players.

        Why: the bonuses of a matching sum to less than one unit of the lowest
        criterion, so the optimum is an optimum of the criteria (holding as many guesses
        as any). Take its first ``j`` guesses, x_i with z_i, all in it. A player x_i
        prefers to z_i is paired already, or taken by an earlier guess (paired with
        x_h, h < i, in this optimum), or not usable: no optimum pairs them. And z_i
        is in an optimum with the pairs before it. So z_i is x_i's step after those of
        x_1 .. x_{i-1}: what :meth:`_take_best` would find, solve by solve."""
        m = self.m
        final = m.final
        run: list[tuple[int, int]] = []
        taken: set[int] = set()
        for x in xs:
            z = next((z for z in usable[x] if z not in final and z not in taken), None)
            if z is None:
                break
            run.append((x, z))
            taken.add(z)
        wanted = dict(run)
        # the last optimum stays one if no other change is pending and every bonus added
        # is on a pair it holds, every bonus taken off on a pair it does not
        stays = not m.changes_pending()
        for x, z in list(guess.items()):
            if wanted.get(x) != z:
                self._set_bonus(x, z, 0)
                del guess[x]
                stays = stays and mate.get(x) != z
        for x, z in run:
            if x not in guess:
                self._set_bonus(x, z, 1)
                guess[x] = z
                stays = stays and mate.get(x) == z
        if not stays and m.changes_pending():
            mate = m.solve()
        settled: list[tuple[int, int]] = []
        for x, z in run:
            if mate.get(x) != z:
                break
            m.finalize(x, z)
            settled.append((x, z))
            self._set_bonus(x, z, 0)
            del guess[x]
        return mate, settled

    def run(self) -> tuple[dict[int, int], list[tuple[int, int]], list[int]]:
        m = self.m
        res_set = set(self.res)
        mate = m.solve()
        pairs: list[tuple[int, int]] = []

        base_nonzero = m.has_edge

        # Step A: which MDPs are paired (S1 versus Limbo)
        chosen: list[int] = []
        i = 0
        mdps = self.mdps
        while i < len(mdps):
            j = i
            while j < len(mdps) and m.players[mdps[j]].score == m.players[mdps[i]].score:
                j += 1
            group = mdps[i:j]
            r = len(group)
            mcount = sum(1 for x in group if mate.get(x) in res_set)
            for x in group:
                if mcount == 0:
                    continue
                if r <= mcount:
                    chosen.append(x)
                    continue
                r -= 1
                if mate.get(x) not in res_set:
                    for y in self.res:
                        if y not in m.final and base_nonzero(x, y):
                            self._set_bonus(x, y, 1)
                    mate = m.solve()
                if mate.get(x) in res_set:
                    chosen.append(x)
                    mcount -= 1
                    for y in self.res:
                        if y not in m.final and base_nonzero(x, y):
                            self._set_bonus(x, y, len(self.res) + 1)
            i = j

        # Step B: the chosen MDPs' opponents, highest-ranked possible first
        start = len(self.mdps) + len(self.res) + len(self.nxt)
        for x in chosen:
            mate, y = self._take_best(x, list(reversed(self.res)), start, True, mate, res_set)
            pairs.append((x, y))
        # (bonuses left on unchosen MDPs stay, as in the reference engine)

        # Step C: the remainder
        R = [x for x in self.res if x not in m.final]
        pos = {x: k for k, x in enumerate(R)}
        Rset = set(R)
        p = sum(1 for x in R if mate.get(x) in Rset and pos[mate[x]] > pos[x])
        b = self.b

        def s1_role(x: int, mt: dict[int, int]) -> bool:
            y = mt.get(x)
            return y is not None and y in Rset and pos[y] > pos[x]

        def c2_bonus(k: int) -> int:
            return (((1 << (2 * b)) if k < p else 0) - k) << 1

        def set_c2(k: int, extra: int = 0) -> None:
            # R[k]'s pairs with the players after it: the bonus where they may meet, 0
            # elsewhere (one call for the row: a large bracket sets millions)
            m.set_bonus_row(R[k], R[k + 1 :], c2_bonus(k) + extra)

        if p > 0:
            # C2-C4 (exchanges), unless an optimum needs none: then S1 is R's first p players
            found = self._roles_without_exchange(R, pos, p) if self.shortcuts else None
            if found is not None:
                roles, mate = found
            else:
                for k in range(len(R)):
                    set_c2(k)
                mate = m.solve()
                exchanges = sum(1 for k in range(p) if not s1_role(R[k], mate))
                # C3: who moves from S1 to S2 (the largest BSN first)
                e3 = exchanges
                k = p - 1
                while k >= 0 and e3 > 0:
                    x = R[k]
                    if s1_role(x, mate):
                        set_c2(k, -1)
                        mate = m.solve()
                    if not s1_role(x, mate):
                        e3 -= 1
                        for q in range(k + 1, len(R)):
                            m.zero(x, R[q])
                    set_c2(k)
                    k -= 1
                # C4: who moves from S2 to S1 (the smallest BSN first)
                e4 = exchanges
                k = p
                while k < len(R) and e4 > 1:
                    x = R[k]
                    tested = False
                    if not s1_role(x, mate):
                        set_c2(k, 1)
                        mate = m.solve()
                        tested = True
                    if s1_role(x, mate):
                        e4 -= 1
                        for q in range(0, k):
                            m.zero(R[q], x)
                        for y in self.nxt:
                            m.zero(x, y)
                    if tested:
                        set_c2(k)
                    k += 1
                # C5: lock the roles (S1 players meet S2 players only), and drop the C2 bonuses
                roles = {x: s1_role(x, mate) for x in R}
                m.zero_pairs(self._apart(R, roles))
                for x, y in [key for key in m.bonus if key[0] in Rset and key[1] in Rset]:
                    self._set_bonus(x, y, 0)
            mate = self._transpositions(R, pos, roles, Rset, mate, pairs)
        floaters = sorted([x for x in self.mdps if x not in m.final] + [x for x in R if x not in m.final])
        return mate, pairs, floaters


# ----------------------------------------------------------------------------------------
# the 2017 edition


class Dutch2017:
    """The round pairing of the 2017 edition (A-D): the pairing score difference (PSD,
    A.8) instead of downfloater scores, completion checked after each bracket, and the
    penultimate pairing bracket (PPB) re-paired with everything below collapsed (A.9)."""

    ONE_POINT = Fraction(1)

    def __init__(self, ctx: RoundContext, solve=None, profile: Profile | None = None):
        self.ctx = ctx
        self.P = ctx.players
        self.n = len(self.P)
        self.solve_fn = solve
        self.one_shot = solve or _default_solve
        self.profile = profile = profile or official("dutch", "2017")
        # (no pair-counting adjustment: the 2017 weights have no completion field above
        # every bracket, so the number of matched edges is not fixed; see docs/profiles.md)
        self.objective = Objective(profile, OWNER_2017)
        hard1, hard2, hard3 = absolute_checks(profile, "C.1", "C.2", "C.3")
        self.relax1, self.relax3 = profile.is_relaxed("C.1"), profile.is_relaxed("C.3")
        self.ok = Compatibility(self.P, ctx.state, ctx.last_round, hard1, hard3)
        self.oracle = CompletionOracle(self.ok)
        self.eligible = [not hard2 or C2_bye_eligible(e, "2017") for e in self.P]
        self.rounds_played = ctx.state.round - 1
        self.final_pairs: dict[int, int] = {}
        self.solves = 0
        #: the pair weights are packed from per-player terms (:mod:`tabellone.rules.dutch.weights`)
        #: when the profile's fold is the identity and no absolute criterion is quality;
        #: for them: each score's rank (0 the lowest) and each player's floats one and
        #: two rounds before
        self.fast_weights = self.objective.identity and not (self.relax1 or self.relax3)
        score_rank = {s: k for k, s in enumerate(sorted({e.score for e in self.P}))}
        self.score_key = [score_rank[e.score] for e in self.P]
        self.floats = [(float_before(e, 1, "2017"), float_before(e, 2, "2017")) for e in self.P]
        self.colour_checks = colour_checks
        self._colour_classes: tuple[list[int], list[Entrant]] | None = None

    colour_classes = Dutch2026.colour_classes

    @property
    def m(self):  # the number of solves, for reports
        return self

    # ---- completion (validity) -------------------------------------------------------

    def completable(self, extra: list[tuple[int, int]]) -> bool:
        """Whether every player not yet paired can still be paired (one bye-eligible
        player left over when the number is odd)."""
        fixed = set(self.final_pairs)
        for a, b in extra:
            fixed.update((a, b))
        free = [i for i in range(self.n) if i not in fixed]
        self.solves += 1
        return self.oracle.complete(free, (), self.eligible.__getitem__) is not None

    # ---- weights -----------------------------------------------------------------------

    def values(self, h, l, cur, nxt, special, final, df):
        """The fields of the pair h-l, mapped by the profile (:meth:`Objective.fold`)."""
        return self.objective.fold(self._text_values(h, l, cur, nxt, special, final, df))

    def _text_values(self, h, l, cur, nxt, special, final, df, ed="2017"):
        """The fields of the pair h-l as the text defines them (None: they may not meet)."""
        if not self.ok(h, l):
            return None
        P = self.P
        ph, pl = P[h], P[l]
        v: dict = {}
        if self.relax1:
            v["C1"] = int(C1_no_rematch(ph, pl, self.ctx.state))
        if self.relax3:
            v["C3"] = int(C3_absolute_colours(ph, pl, self.ctx.last_round))

        def add(key, amount):
            v[key] = v.get(key, 0) + amount

        in_br = l in cur
        if special:
            v["top"] = 1 + (not self.eligible[h]) + (not self.eligible[l])
        if in_br:
            v["C5"] = 1
            add(("C6", df[h]), 1)
            add(("C6", df[l]), 1)
            add(("C6", ph.score - pl.score), -1)
        if not special:
            if final:
                v["C7a"] = 1 + (not self.eligible[h]) + (not self.eligible[l])
            elif l in nxt:
                v["C7a"] = 1
            if h in cur:
                add(("C7b", df[h]), 1)
            if l in cur:
                add(("C7b", df[l]), 1)
        if not in_br:
            return v
        v.update(colour_values(ph, pl, ("C8", "C9", "C10", "C11")))
        higher = ph.score > pl.score
        for back, c_down, c_up, s_down, s_up in ((1, "C12", "C13", "C16", "C17"), (2, "C14", "C15", "C18", "C19")):
            if self.rounds_played < back:
                continue
            h_df = float_before(ph, back, ed) is Float.DOWN
            l_df = float_before(pl, back, ed) is Float.DOWN
            l_uf = float_before(pl, back, ed) is Float.UP
            v[c_down] = int(l_df) + int(ph.score <= pl.score and h_df)
            if higher and l_uf:
                v[c_up] = -1
                add((s_up, ph.score - pl.score), -1)
            if l_df:
                add((s_down, df[l]), 1)
            if h_df:
                add((s_down, df[h]), 1)
                if higher:
                    add((s_down, ph.score - pl.score), -1)
        return v

    def layout(self, cur, residents, nxt, special, final):
        P = self.P
        base = min(P[i].score for i in cur + nxt)
        df = {i: P[i].score - base + self.ONE_POINT for i in cur + nxt}
        mult: dict = {}
        # for each player i of the bracket: its own downfloat difference, and once each
        # score of a resident after it the difference to it; the residents' distinct
        # scores after each place are listed once, from the end
        res = sorted(residents)
        after: list[list[Fraction]] = [[] for _ in range(len(res) + 1)]
        for t in range(len(res) - 1, -1, -1):
            s, later = P[res[t]].score, after[t + 1]
            after[t] = later if s in later else [s] + later
        for i in cur:
            mult[df[i]] = mult.get(df[i], 0) + 1
            for s in after[bisect_right(res, i)]:
                d = P[i].score - s
                mult[d] = mult.get(d, 0) + 1
        values = sorted(mult, reverse=True)
        size = len(cur) + len(nxt)
        per_value = lambda c: [((c, d), 4 * mult[d] + 4) for d in values]  # noqa: E731
        blocks: dict[str, list[tuple[object, int]]] = {
            "C.1": [("C1", size)],
            "C.3": [("C3", size)],
            "C.5": [("C5", size)],
            "C.6": per_value("C6"),
            "C.7": [] if special else [("C7a", 3 * size if final else size)] + per_value("C7b"),
        }
        for k in range(8, 16):
            blocks[f"C.{k}"] = [(f"C{k}", 4 * size)]
        for k in range(16, 20):
            blocks[f"C.{k}"] = per_value(f"C{k}")
        names, maxima = self.objective.layout_names(blocks)
        if special:
            names, maxima = ["top"] + names, [3 * size] + maxima
        return fit_layout(names, maxima), df

    # ---- the round -----------------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], int | None]:
        P, n = self.P, self.n
        groups = scoregroups(P)
        if not self.completable([]):
            raise NoPairingError("no legal pairing of the whole round exists")
        pairs: list[tuple[int, int]] = []
        mdps: list[int] = []
        special = len(groups) == 1
        collapsed = False
        gi = 0
        while gi < len(groups):
            progress.step(gi + 1, len(groups))
            if collapsed:
                residents = [i for g in groups[gi:] for i in g]
                gi_next = len(groups)
            else:
                residents = groups[gi]
                gi_next = gi + 1
            if special:
                nxt = [i for g in groups[gi_next:] for i in g]
                final = True
            else:
                nxt = groups[gi_next] if gi_next < len(groups) else []
                final = gi_next >= len(groups) - 1
            current = mdps + residents
            lay, df = self.layout(current, residents, nxt, special, final)
            m = Matcher(P, self.solve_fn, active=current + nxt)
            m.relayout(lay, 3 * _bitlen(len(current) + len(nxt)) + 3)
            cur_set, nxt_set, mdp_set = set(current), set(nxt), set(mdps)
            verts = sorted(current + nxt)
            weights = (
                Weights2017(self, m.shift_of, m.bonus_bits, current, nxt, special, final, df)
                if self.fast_weights
                else None
            )
            for a_pos, h in enumerate(verts):
                # every pair but MDP-MDP (they float together)
                ls = [l for l in verts[a_pos + 1 :] if l not in mdp_set] if h in mdp_set else verts[a_pos + 1 :]
                if weights is not None:
                    m.set_row(h, ls, weights.row(h, ls))
                else:
                    for l in ls:
                        m.set_base(h, l, self.values(h, l, cur_set, nxt_set, special, final, df))
            if self.profile.generation_order:
                mate, new_pairs, floaters = BracketStepper(
                    m, mdps, residents, nxt, _bitlen(len(current) + len(nxt))
                ).run()
            else:
                mate, new_pairs, floaters = settle_bracket(m, mdps, residents)
            self.solves += m.solves
            if not special and not self.completable(new_pairs):
                special = True  # this is the PPB: pair it again with completion enforced
                self.ppb = True
                continue
            for a, b in new_pairs:
                self.final_pairs[a] = b
                self.final_pairs[b] = a
            pairs += new_pairs
            mdps = floaters
            if getattr(self, "ppb", False) and not collapsed:
                collapsed = True
            elif not special:
                special = final
            gi = gi_next
        bye = None
        if mdps:
            if len(mdps) > 1 or n % 2 == 0:
                raise NoPairingError(f"players {', '.join(str(P[i].id) for i in mdps)} could not be paired")
            bye = mdps[0]
        return pairs, bye


# ----------------------------------------------------------------------------------------
# rounds whose first candidate is evidently legal and best


def evident_pairing(
    players: list[Entrant], state: RoundState, edition: str, no_bye: frozenset[int] = frozenset()
) -> tuple[list[tuple[int, int]], int | None] | None:
    """The round's pairing without a matcher, when the text's first candidate is provably
    legal and best; None otherwise (the optimiser then decides).

    The proof (2026 Art. 3-4; 2017 A-D): when every player has the same pairing score,
    no colour preference and no float history, the round is one homogeneous bracket and
    every pair in it has the same value on every quality criterion (C6-C21; 2017
    C.5-C.19): the colour criteria need a preference to fail, the float criteria a float
    before, and the score differences are all zero. Every pairing of as many pairs as
    possible is then equally good, so the rules' answer is the first candidate of the
    generation order, S1[i] against S2[i] (Art. 3.2-3.3 / B.1-B.2), provided it is legal:
    no S1[i]-S2[i] pair met before or is prohibited (C1), the player left over in an odd
    field (the last of S2) may take the PAB (C2; C5 and C9 are equal for all when every
    score and every number of games played is equal), and C3 needs absolute preferences,
    which nobody has. This is round 1 of every event, at any size, in O(n).
    """
    n = len(players)
    if n < 2:
        return None
    first = players[0]
    games = first.state.games_played
    for e in players:
        if (
            e.score != first.score
            or e.pref is not None
            or any(e.state.floats_2026)
            or any(e.state.floats_2017)
            or e.state.games_played != games
        ):
            return None
    half = n // 2
    pairs = [(k, half + k) for k in range(half)]
    for a, b in pairs:
        if not C1_no_rematch(players[a], players[b], state):
            return None
    bye = None
    if n % 2:
        bye = n - 1
        if not C2_bye_eligible(players[bye], edition) or players[bye].id in no_bye:
            return None
    return pairs, bye


# ----------------------------------------------------------------------------------------
# entry point


def pair_round(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    solve=None,
    no_bye: frozenset[int] = frozenset(),
    method: str | None = None,
    profile: Profile | str | None = None,
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Dutch system.

    ``profile`` (a :class:`tabellone.rules.profiles.Profile`, the name of a shipped profile or the
    path of a TOML file) states the criteria, their order and weights, and the
    procedure; by default the official profile of ``edition`` (the text as published).
    A ``procedure = "global"`` profile pairs the whole round as one matching
    (:mod:`tabellone.rules.global_pairing`).

    ``method`` is ``'optimised'`` (maximum-weight matching, the default) or
    ``'literal'`` (the text's own candidate generation, :mod:`tabellone.rules.dutch.literal`: the
    reference for modest brackets, with a budget). ``no_bye`` lists players barred from
    the pairing-allocated bye on top of C2 (used by ``explain`` to price alternatives).

    Edition ``'1992'`` (the rating-based Swiss system of 1992, :mod:`tabellone.rules.dutch.edition_1992`)
    exists only as its text's procedure: it runs with ``method`` omitted or
    ``'literal'``; ``'optimised'`` is an input error saying so."""
    if edition in LITERAL_ONLY:
        from tabellone.rules.dutch.edition_1992 import pair_round_1992, reject_method

        if profile is not None:
            raise InputError("the 1992 edition has no profiles: it runs as its text's procedure", field="--profile")
        reject_method(method)
        return pair_round_1992(t, round_number, no_bye=no_bye)
    if method is None:
        method = "optimised"
    if profile is not None and method == "literal":
        p = resolve(profile)
        if not p.official:
            raise InputError(
                f"profile {p.name}: profiles vary the optimised method; the literal method is the text itself",
                field="--method",
            )
        profile = None
    if method == "literal":
        from tabellone.rules.dutch.literal import pair_round_literal

        return pair_round_literal(t, edition, round_number)
    if method != "optimised":
        raise InputError(f"unknown method {method!r}; expected optimised or literal", field="--method")
    if edition not in EDITIONS:
        raise InputError(f"unknown Dutch edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    prof = profile_of(profile, edition)
    if prof.procedure == "global":
        from tabellone.rules.global_pairing import pair_round_global

        return pair_round_global(t, prof, round_number, solve=solve, no_bye=no_bye)
    state, players, initial = round_to_pair(t, round_number)
    r = state.round
    # the text's first candidate when provably best; official profiles only (a variant pairs by its own objective)
    evident = evident_pairing(players, state, edition, no_bye) if solve is None and prof.official else None
    if evident is not None:
        return finish_pairing(players, r, evident[0], evident[1], initial, 0)
    ctx = RoundContext(t, state, edition, players, last_round=(r == t.total_rounds))
    with progress.task(f"Dutch {edition}, round {r}, {len(players)} players"):
        engine = Dutch2026(ctx, solve, prof) if edition == "2026" else Dutch2017(ctx, solve, prof)
        if no_bye:
            engine.eligible = [ok and e.id not in no_bye for ok, e in zip(engine.eligible, players)]
        # the engine makes many small dicts and no reference cycles: the cyclic garbage
        # collector would only walk them again and again (5-10 % of a large round)
        collecting = gc.isenabled()
        gc.disable()
        try:
            pair_idx, bye_idx = engine.pair()
        finally:
            if collecting:
                gc.enable()
    return finish_pairing(players, r, pair_idx, bye_idx, initial, engine.m.solves)


def check_absolute(
    t: Tournament, pairing: Pairing, edition: str = "2026", profile: Profile | str | None = None
) -> list[str]:
    """Every absolute rule a proposed round breaks, one message each (empty: legal).

    Checked: every player to be paired appears exactly once and nobody else does (C.04.1),
    C1 no rematch, C2 the bye, C3 absolute colour preferences, and that a bye is given
    only to complete an odd number of players. Used on every pairing before it is shown.
    With a ``profile``, only the criteria it keeps absolute are checked.
    """
    if edition in LITERAL_ONLY:
        from tabellone.rules.dutch.edition_1992 import check_absolute as check_1992

        return check_1992(t, pairing)  # B1a, B1b, B2 as the 1992 text states them
    ids = ("C1", "C2", "C3") if edition == "2026" else ("C.1", "C.2", "C.3")
    hard1, hard2, hard3 = absolute_checks(profile_of(profile, edition), *ids)
    state = t.state_before(pairing.round)
    players = {e.id: e for e in entrants(t, state)}
    last = state.total_rounds is not None and state.round == state.total_rounds
    problems, _ = attendance_problems(pairing, set(players), set(state.players))
    for w, b in pairing.pairs:
        if w != b and w in players and b in players:
            pw, pb = players[w], players[b]
            rematch = rematch_problem(pw, pb, state, ids[0]) if hard1 else None
            if rematch:
                problems.append(rematch)
            if hard3 and not C3_absolute_colours(pw, pb, last):
                colour = "White" if pw.pref == "w" else "Black"
                problems.append(f"{ids[2]}: {w} and {b} both have an absolute preference for {colour}")
    # C.04.1 Art. 6-7; the Dutch exception: topscorers and their opponents in the last round
    if hard3:
        problems += colour_breaches(players, pairing, lambda w, b: last and (w.topscorer or b.topscorer))
    if hard2 and pairing.bye in players and not C2_bye_eligible(players[pairing.bye], edition):
        problems.append(C2_bye_rule(edition).problem(t, pairing.bye, pairing.round))
    return problems


# ----------------------------------------------------------------------------------------
# evaluation of any round pairing, criterion by criterion (for the verifier)

#: Quality criteria in priority order, as the verifier reports them, per edition:
#: (article, what is minimised), from the catalogue of the texts (rules/profiles). C8
#: (2026) and C.7 (2017), which look at the next bracket, have no value of their own in
#: a finished pairing: the verifier sees them through the brackets below.
QUALITY_2026 = [
    (c.id, c.text)
    for c in CATALOGUE[("dutch", "2026")].values()
    if c.kind == "quality" and c.id not in ("C5", "C8", "SD")
]
QUALITY_2017 = [(c.id, c.text) for c in CATALOGUE[("dutch", "2017")].values() if c.kind == "quality" and c.id != "C.7"]


@dataclass
class BracketValues:
    """One bracket of a round pairing and the value of each quality criterion in it
    (every value is minimised: a count, or a list compared from its largest item)."""

    score: Fraction
    players: list[int]
    values: dict[str, object]


def evaluate(
    t: Tournament, pairing: Pairing, edition: str = "2026", profile: Profile | str | None = None
) -> tuple[dict[str, object], list[BracketValues]]:
    """The round-level criteria (C5: the PAB assignee's score) and, bracket by
    bracket from the top, the quality criteria of ``pairing``, following the brackets the
    pairing itself creates (unpaired players move down as MDPs).

    With a ``profile``: also the absolute criteria it counts as quality (pairs that
    break them) and the value of each weighted level; a global profile has one
    "bracket", the whole round (:func:`tabellone.rules.global_pairing.evaluate_global`)."""
    if edition in LITERAL_ONLY:
        from tabellone.rules.dutch.edition_1992 import evaluate as evaluate_1992

        return evaluate_1992(t, pairing)
    prof = profile_of(profile, edition) if profile is not None else None
    if prof is not None and prof.procedure == "global":
        from tabellone.rules.global_pairing import evaluate_global

        return evaluate_global(t, pairing, prof)
    state = t.state_before(pairing.round)
    players = entrants(t, state)
    by_id = {e.id: e for e in players}
    round_level: dict[str, object] = {}
    if edition == "2026" and pairing.bye is not None and pairing.bye in by_id:
        round_level["C5"] = by_id[pairing.bye].score
        # C9 looks ahead from every bracket to the PAB assignee (see LOOKAHEAD)
        round_level["C9"] = by_id[pairing.bye].state.rounds_unplayed
    out: list[BracketValues] = []
    quality = QUALITY_2026 if edition == "2026" else QUALITY_2017
    brackets = brackets_of_pairing(players, pairing.pairs)
    for gi, (current, mdps, inside, floaters) in enumerate(brackets):
        mdp_ids = {e.id for e in mdps}
        pairs = [tuple(sorted(pair, key=lambda x: (-x.score, x.rank))) for pair in inside]
        lowest = min(e.score for e in current)
        v: dict[str, object] = {}
        names = [a for a, _ in quality]
        v[names[0]] = len(floaters)
        if edition == "2026":
            v["C7"] = tuple(sorted((e.score for e in floaters), reverse=True))
            last_group = gi == len(brackets) - 1
            v["C9"] = (
                floaters[0].state.rounds_unplayed
                if len(floaters) == 1 and pairing.bye == floaters[0].id and last_group
                else 0
            )
        else:
            psd = [abs(h.score - l.score) for h, l in pairs] + [e.score - (lowest - 1) for e in floaters]
            v["C.6"] = tuple(sorted(psd, reverse=True))
        colour = [
            sum(1 for h, l in pairs if not C10_colour_difference(h, l)),
            sum(1 for h, l in pairs if not C11_three_in_a_row(h, l)),
            sum(1 for h, l in pairs if not C12_colour_preference(h, l)),
            sum(1 for h, l in pairs if not C13_strong_preference(h, l)),
        ]
        for name, value in zip(names[2:6] if edition == "2017" else names[3:7], colour):
            v[name] = value
        ed = edition
        float_names = names[6:14] if edition == "2017" else names[7:15]
        by_back = {
            1: (float_names[0], float_names[1], float_names[4], float_names[5]),
            2: (float_names[2], float_names[3], float_names[6], float_names[7]),
        }
        for back, (c_down, c_up, s_down, s_up) in by_back.items():
            if edition == "2026":
                resident_down = sum(
                    1 for e in floaters if e.id not in mdp_ids and float_before(e, back, ed) is Float.DOWN
                )
                mdp_pairs = [(h, l) for h, l in pairs if h.score > l.score]
                up = sum(1 for h, l in mdp_pairs if float_before(l, back, ed) is Float.UP)
                # an MDP left unpaired floats on: it counts with the larger difference
                # of a downfloater (its score minus one point below the bracket)
                sd_down = tuple(
                    sorted(
                        [h.score - l.score for h, l in mdp_pairs if float_before(h, back, ed) is Float.DOWN]
                        + [
                            e.score - (lowest - 1)
                            for e in floaters
                            if e.id in mdp_ids and float_before(e, back, ed) is Float.DOWN
                        ],
                        reverse=True,
                    )
                )
                sd_up = tuple(
                    sorted(
                        (h.score - l.score for h, l in mdp_pairs if float_before(l, back, ed) is Float.UP), reverse=True
                    )
                )
            else:
                down_now = list(floaters) + [h for h, l in pairs if h.score > l.score]
                resident_down = sum(1 for e in down_now if float_before(e, back, ed) is Float.DOWN)
                up = sum(1 for h, l in pairs if h.score > l.score and float_before(l, back, ed) is Float.UP)
                sd_down = tuple(
                    sorted(
                        [
                            h.score - l.score
                            for h, l in pairs
                            if h.score > l.score and float_before(h, back, ed) is Float.DOWN
                        ]
                        + [e.score - (lowest - 1) for e in floaters if float_before(e, back, ed) is Float.DOWN],
                        reverse=True,
                    )
                )
                sd_up = tuple(
                    sorted(
                        (
                            h.score - l.score
                            for h, l in pairs
                            if h.score > l.score and float_before(l, back, ed) is Float.UP
                        ),
                        reverse=True,
                    )
                )
            v[c_down], v[c_up], v[s_down], v[s_up] = resident_down, up, sd_down, sd_up
        if prof is not None:
            ids = ("C1", "C3") if edition == "2026" else ("C.1", "C.3")
            if prof.is_relaxed(ids[0]):
                v[ids[0]] = sum(1 for h, l in pairs if not C1_no_rematch(h, l, state))
            if prof.is_relaxed(ids[1]):
                v[ids[1]] = sum(1 for h, l in pairs if not C3_absolute_colours(h, l, state.round == t.total_rounds))
            v.update(prof.level_values(v))
        out.append(BracketValues(current[-1].score, [e.id for e in current], v))
    return round_level, out


#: Criteria a bracket meets by looking ahead to the rest of the round: [C9] minimises the
#: unplayed rounds of the PAB assignee, whom the last bracket fixes but every bracket's
#: choice of downfloaters shapes. The verifier compares them, with the value of the
#: round, in the first bracket where two pairings part.
LOOKAHEAD = ("C9",)


def generation_article(edition: str) -> str:
    """The article that, among candidates equally good on every criterion, takes the one
    the text generates first (2026 Art. 3.8 with the order of Art. 4: transpositions 4.2,
    exchanges 4.3, sets of moved-down players 4.4; 2017 B.8 with D.1-D.3)."""
    if edition in LITERAL_ONLY:
        return "1992 C.04.3 B, the order of its transpositions and exchanges"
    return "C.04.3 2017 B.8, order of D.1-D.3" if edition == "2017" else "C.04.3 2026 Art. 3.8, order of Art. 4.2-4.4"


def quality_criteria(edition: str, profile: Profile | str | None = None) -> list[tuple[str, str]]:
    """The quality criteria in priority order: (article, what is minimised); with a
    ``profile``, its levels in its order."""
    if edition in LITERAL_ONLY:
        from tabellone.rules.dutch.edition_1992 import QUALITY

        return QUALITY
    if profile is not None:
        return profile_of(profile, edition).quality_criteria()
    return QUALITY_2026 if edition == "2026" else QUALITY_2017


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet in ``round_number``, by Art. 5.2
    (2017: E.1-E.5; 1992: E1-E4), and the article that decides it."""
    if edition in LITERAL_ONLY:
        from tabellone.rules.dutch.edition_1992 import colour_article as colour_1992

        return colour_1992(t, round_number, white, black)
    state = t.state_before(round_number)
    by_id = {e.id: e for e in entrants(t, state)}
    initial = t.initial_colour or infer_initial_colour(t, effective_ranks(t, state)) or "w"
    colour, article = colour_rule(by_id[white], by_id[black], initial)
    if edition == "2017":  # the same five rules, numbered E.1-E.5 in the 2017 text
        article = "E." + article.rsplit(".", 1)[1]
    return (white if colour == "w" else black), article
