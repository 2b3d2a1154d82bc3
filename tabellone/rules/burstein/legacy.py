"""FIDE Burstein system (Handbook C.04.4.2), edition ``legacy``: the earlier text as
bbpPairings reads it.

The earlier text of C.04.4.2 (published on old.fide.com,
Art. 1-3: "SG" score groups, the "due colour", and the order of Art. 3.2 by (1)
Sonneborn-Berger, (2) Buchholz, (3) Median, then rating), in the reading of the reference
engine bbpPairings 5.0.1 (its Burstein "is a reading of an earlier edition of the rules";
``../shared/corpus/README.md``). Its quality criteria come from the profile
``tabellone/rules/profiles/burstein-legacy.toml`` (or one given: docs/profiles.md).

How the round is paired, each step named after what it implements:

=====================  ==================================================================  ===========================
step                   rule                                                                implemented by
=====================  ==================================================================  ===========================
ranking                score, then Art. 3.2's index order: SB, Buchholz, Median, rank      :func:`burstein_index`, :func:`index_key`
early rounds           rounds 1-2: the upper half of the ranking list starts one point up  :func:`early_round_points`
bye                    the lowest-ranked player eligible (C.04.1.d: no PAB after any PAB   :func:`bye_candidates`
                       or a forfeit win) takes the pairing-allocated bye; the
                       next only when the rest cannot be paired (the reference engine
                       gives up there)
C1 (Art. 3.1)          two players do not meet twice                                       :func:`tabellone.rules.fide_common.C1_no_rematch`
C3                     no meeting of two absolute preferences for one colour              :func:`C3_absolute_colours`
brackets               a score group pairs inside itself; at most one player floats       :class:`BracketBuilder`
                       to the next group; a group that cannot be paired merges with the
                       next (the last with the one above)
objective              most pairs, then most pairs inside score groups, then most pairs   :class:`Objective`
                       whose due colours differ
opposition (preface)   from the top of the index order, each player meets the lowest      :meth:`BracketBuilder.opposition`
                       player the optimum allows (high index against low index)
colours                C.04.3 5.2.1-5.2.3; then the higher index's preference; no         :func:`colour_rule`
                       preference: initial colour by the higher-ranked's pairing number
=====================  ==================================================================  ===========================

Absolute criteria are hard constraints (no edge); the quality criteria are fields of one
integer weight per pair, most important first (:mod:`tabellone.matching.lexicographic`), and a
maximum-weight matching (:mod:`tabellone.matching.blossom`) finds the best pairing; the opposition
order is reproduced by re-solving with small bonuses that prefer, player by player from
the top, the lowest partner, without touching any criterion field; bracket by bracket on
the bracket's players alone where that is shown to be the whole field's answer
(:meth:`BracketBuilder.opposition`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from tabellone.core.errors import NoPairingError
from tabellone.core.model import WHITE, RoundState, Tournament, opposite
from tabellone.core.pairing import Pairing, Violation
from tabellone.core.scoring import format_points
from tabellone.matching.blossom import Matcher
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.burstein import common
from tabellone.rules.burstein.bracket import ArticleFourSteps, LocalBracket, NeedWholeField, WholeField
from tabellone.rules.burstein.chain import Chain
from tabellone.rules.burstein.common import ZERO, Compatibility, Player, colour_codes, score_groups
from tabellone.rules.comparison import BracketValues
from tabellone.rules.fide_common import (
    ByeRule,
    C1_no_rematch,
    Entrant,
    absolute_violations,
    entrants,
    required_initial_colour,
    state_to_pair,
)
from tabellone.rules.fide_common import (
    colour_rule as fide_colour_rule,
)
from tabellone.rules.profiles import Objective as ProfileObjective
from tabellone.rules.profiles import Profile, official

# ----------------------------------------------------------------------------------------
# the index (Art. 3.2): Sonneborn-Berger, Buchholz, Median


@dataclass(frozen=True)
class Index:
    """A player's tie-break values, the strength of their opposition so far (Art. 3.2).

    ``sb`` Sonneborn-Berger, ``buchholz`` the sum of the opponents' scores, ``median``
    the Buchholz without the highest and the lowest opponent (0 before round 4).
    Unplayed games count as draws in the opponents' scores, and a round without an
    opponent counts a *virtual opponent* (FIDE tie-break rules): the player's score
    before that round, the opposite of the player's result in it, and a draw for every
    later round.
    """

    sb: Fraction
    buchholz: Fraction
    median: Fraction


def early_round_points(t: Tournament, state: RoundState) -> dict[int, Fraction]:
    """Rounds 1 and 2: the upper half of the ranking list starts one win ahead, so that
    in the first rounds, when every index is equal, the upper half meets the lower
    (ratings "only when everything else is equal, e.g. in the first two rounds";
    bbpPairings' default acceleration of its Burstein). The half counts the players
    who take part in round 1; a file that gives virtual points (``XXA``) decides instead.
    """
    if t.virtual_points or state.round > 2:
        return {}

    def counts(p) -> bool:
        if state.round == 1:
            return state[p.id].present
        e = p.entry(1)
        return e.is_game or e.result == "U"

    bound = sum(1 for p in t.players if counts(p))
    out: dict[int, Fraction] = {}
    if bound <= 1:
        return out
    for p in t.players:
        out[p.id] = t.scoring.win
        if counts(p):
            bound -= 2
            if bound <= 1:
                break
    return out


def burstein_index(t: Tournament, state: RoundState, extra: dict[int, Fraction]) -> dict[int, Index]:
    """The :class:`Index` of every player before round ``state.round``; ``extra`` are the
    early-round points (:func:`early_round_points`), which count in every score read."""
    scoring = t.scoring
    draw, win = scoring.draw, scoring.win
    played_rounds = state.round - 1
    adjusted: dict[int, Fraction] = {}
    for p in t.players:
        s = extra.get(p.id, ZERO)
        for k in range(1, played_rounds + 1):
            e = p.entry(k)
            s += t.points_in_round(p, k) if e.played else draw
        adjusted[p.id] = s
    pab = scoring.pab if scoring.pab is not None else win
    out: dict[int, Index] = {}
    for p in t.players:
        virtual = extra.get(p.id, ZERO) + (played_rounds - 1) * draw
        sb = ZERO
        per_round = []
        for k in range(1, played_rounds + 1):
            e = p.entry(k)
            pts = t.points_in_round(p, k)
            if e.played:
                opp = adjusted[e.opponent]
                sb += opp * pts
            else:
                opp = virtual + _virtual_opponent_result(e.result, pab, scoring)
                sb += pts * opp
            per_round.append(opp)
            virtual += pts - draw
        buchholz = sum(per_round, ZERO)
        median = buchholz - min(per_round) - max(per_round) if played_rounds > 2 else ZERO
        out[p.id] = Index(sb, buchholz, median)
    return out


def _virtual_opponent_result(result: str, pab: Fraction, scoring) -> Fraction:
    """The virtual opponent's result in a round the player did not play: the opposite
    of the player's (a PAB worth less than a win counts as a draw or a loss given)."""
    if result in "-Z 0L":
        return scoring.win
    if result in "H=D":
        return scoring.draw
    if result == "U" and pab < scoring.win:
        return scoring.win if pab < scoring.draw else scoring.draw
    return scoring.forfeit_loss


# ----------------------------------------------------------------------------------------
# players in the text's order


def index_key(p: Player, q: Player) -> int:
    """Compare two players by Art. 3.2 (1 when ``p`` comes first, i.e. has the higher
    index). In one score group: SB, Buchholz, Median, then the smaller pairing number.
    Between scores (a floater and its new group) the engine weighs Buchholz and Median
    by each player's own score, as bbpPairings does."""
    if p.score == q.score:
        a = (p.index.sb, p.index.buchholz, p.index.median, -p.e.rank)
        b = (q.index.sb, q.index.buchholz, q.index.median, -q.e.rank)
    else:
        a = (p.index.sb, p.index.buchholz * p.score, p.index.median * p.score, -p.e.rank)
        b = (q.index.sb, q.index.buchholz * q.score, q.index.median * q.score, -q.e.rank)
    return (a > b) - (a < b)


def index_descending(p: Player, q: Player) -> int:
    return -index_key(p, q)


def bracket_order(items: list, player: Callable[[object], Player]) -> list:
    """``items`` (a bracket's residents in ranking order, then the floater from above) in
    descending index order (:func:`index_key`), sorted as the reference engine sorts a
    bracket: a bottom-up merge sort that keeps a counter of runs (the sort of a C++
    ``std::list``; stable, earlier items first on ties).

    The order matters beyond ties: between a floater and its new group the comparison
    weighs Buchholz and Median by each player's own score, and in a group on 0 points
    those products all vanish, so the comparison is not transitive (a floater can come
    after one resident, before a second, and that second before the first). The text
    orders players of one score group only; bbpPairings 5.0.1 extends it so, and its
    sort decides where the floater lands. Any other sort (Python's among them) may put
    it elsewhere, and then a different player is "the top of the bracket" who meets the
    lowest partner (issue 27, item 7: round 2 after a round-1 forfeit or PAB leaves
    players on 0 points with a floater from above)."""

    def higher(a, b) -> bool:
        return index_key(player(a), player(b)) > 0

    def merge(first: list, second: list) -> list:
        out, i, j = [], 0, 0
        while i < len(first) and j < len(second):
            if higher(second[j], first[i]):
                out.append(second[j])
                j += 1
            else:
                out.append(first[i])
                i += 1
        return out + first[i:] + second[j:]

    runs: list[list] = []  # runs[k]: 2**k items merged, or empty
    for item in items:
        carry = [item]
        k = 0
        while k < len(runs) and runs[k]:
            carry = merge(runs[k], carry)
            runs[k] = []
            k += 1
        if k == len(runs):
            runs.append(carry)
        else:
            runs[k] = carry
    out: list = []
    for run in runs:
        out = merge(run, out)
    return out


def ranking(players: list[Player]) -> list[Player]:
    """Score descending, then the index order of Art. 3.2."""

    def cmp(p: Player, q: Player) -> int:
        if p.score != q.score:
            return -1 if p.score > q.score else 1
        return index_descending(p, q)

    return sorted(players, key=functools.cmp_to_key(cmp))


def ranked_players(t: Tournament, state: RoundState) -> list[Player]:
    """The players to pair in ``state``, with their index, in ranking order."""
    extra = early_round_points(t, state)
    idx = burstein_index(t, state, extra)
    return ranking([Player(replace(e, score=e.score + extra.get(e.id, ZERO)), idx[e.id]) for e in entrants(t, state)])


def round_players(t: Tournament, round_number: int | None) -> tuple[RoundState, list[Player], str]:
    """The state before the round, its players in ranking order, the initial colour."""
    state = state_to_pair(t, round_number)
    return state, ranked_players(t, state), required_initial_colour(t, state)


# ----------------------------------------------------------------------------------------
# absolute criteria


def C3_absolute_colours(a: Entrant, b: Entrant) -> bool:
    """Two players with an absolute preference for the same colour do not meet (the
    Burstein text has no topscorer exception)."""
    return not (a.absolute and b.absolute and a.pref == b.pref)


def compatible(a: Entrant, b: Entrant, state: RoundState) -> bool:
    return C1_no_rematch(a, b, state) and C3_absolute_colours(a, b)


#: The earlier text has no bye rule of its own: the Basic Rules of its time apply,
#: C.04.1.d (:func:`bye_eligible`).
LEGACY_BYE_RULE = ByeRule("bye", any_pab=True, forfeit_win=True, win_unplayed=False, source="C.04.1.d")


def bye_eligible(e: Entrant) -> bool:
    """Whether ``e`` may have the pairing-allocated bye (edition ``legacy``). The earlier
    Burstein text says nothing of the bye; the Basic Rules (C.04.1.d) do: "A player who
    has already received a pairing-allocated bye, or has already scored a (forfeit) win
    due to an opponent not appearing in time, shall not receive the pairing-allocated
    bye." Any earlier PAB, whatever it was worth, or a forfeit win; a full-point or
    half-point bye the player asked for does not bar. (bbpPairings 5.0.1 reads it so: a
    round without a game that was paired, a PAB or a forfeit, and scored as a win.)"""
    return not LEGACY_BYE_RULE.bars(e.state)


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str = "legacy") -> tuple[bool, str]:
    """Whether ``player`` may have the PAB of ``round_number`` (:func:`bye_eligible`), and
    the sentence that says so, with the round of the earlier bye or forfeit win."""
    return LEGACY_BYE_RULE.reading(t, player, round_number)


def bye_candidates(players: list[Player], no_bye: frozenset[int] = frozenset()) -> list[int]:
    """Who may take the pairing-allocated bye, lowest of the ranking first: the text
    gives it to the lowest player who may have it (C.04.1: once, and not after a forfeit
    win); the next is tried only when the rest cannot be paired without that one."""
    out = [
        pos for pos in range(len(players) - 1, -1, -1) if bye_eligible(players[pos].e) and players[pos].id not in no_bye
    ]
    if not out:
        raise NoPairingError("no player is eligible for the pairing-allocated bye")
    return out


def completable(players: list[Player], state: RoundState, byes: list[int]) -> bool:
    """Whether the players can all be paired legally, one of ``byes`` (positions) aside
    when they are odd (:meth:`tabellone.rules.burstein.common.Compatibility.complete`:
    exact, a maximum-cardinality matching where a greedy one does not settle it)."""
    n = len(players)
    if n % 2:
        allowed = set(byes)
        return Compatibility(players, state).oracle.complete(range(n), exposable=allowed.__contains__) is not None
    return Compatibility(players, state).complete(range(n))


def due_colours_differ(a: Entrant, b: Entrant) -> bool:
    """The due colours (Art. 1.3) let both be satisfied."""
    return a.pref is None or b.pref is None or a.pref != b.pref


# ----------------------------------------------------------------------------------------
# the objective


class Objective:
    """The weight of a pair: the completion field (``pairs``: 1 on every legal pair, the
    most pairs) above the quality fields in the order of the profile
    (``burstein-legacy.toml``: ``floaters``, then ``colour``), above a bonus field.

    ``floaters`` is 1 when the pair lies in one score group or bracket (fewest players
    paired outside their group); ``colour`` is 1 when, inside a group, the due colours
    differ (or on every pair, when the profile ranks it where it could trade against
    pairs: then it counts the pairs whose due colours clash over the round). The bonus
    field, below them, carries the opposition order.
    """

    def __init__(self, n: int, profile: Profile | None = None):
        self.profile = profile = profile or official("burstein", "legacy")
        self.fields = ProfileObjective(
            profile, {"floaters": "floaters", "colour": "colour"}, frozenset({"colour"}), "floaters"
        )
        half = max(n // 2, 1)
        self.names, maxima = self.fields.layout_names({"floaters": [("floaters", half)], "colour": [("colour", half)]})
        self.layout = fit_layout(["pairs", *self.names], [half, *maxima])
        self.colour_everywhere = "colour" in self.fields.fill
        self.bonus_bits = (n * n + 1).bit_length()

    def weight(self, pair: bool, group: bool, colour: bool, bonus: int = 0) -> int:
        if not pair:
            return 0
        values = self.fields.fold({"floaters": int(group), "colour": int(colour and (group or self.colour_everywhere))})
        return (self.layout.pack([1, *(values.get(name, 0) for name in self.names)]) << self.bonus_bits) + bonus


#: pairs whose edges :meth:`BracketBuilder._set_block` hands to the matching core at once
SLICE = 1 << 13
#: completion questions :meth:`BracketBuilder._completes` may ask of one bracket below
#: before the round is read on the whole field instead
COMPLETION_BUDGET = 1 << 12


class BracketBuilder:
    """Brackets and pairs of one round, on a maximum-weight matching.

    ``P`` holds the players to pair (the bye removed) in ranking order; vertex ``i`` is
    ``P[i]``. Brackets are kept as a list of boundaries ``b``: each ``b[i] > b[i-1]``
    closes the bracket ``P[b[i-1]:b[i]]``, whose players have edges back to ``b[i-2]``:
    the start of the bracket above when the players above are odd (its floater may come
    in), else its own start (a repeated boundary: nobody comes in).
    """

    def __init__(self, P: list[Player], state: RoundState, profile: Profile | None = None, whole: bool = False):
        self.P = P
        self.n = len(P)
        self.state = state
        self.obj = Objective(self.n, profile)
        self.m = Matcher(self.n)
        self.solves = 0
        self.compat = Compatibility(P, state)
        self.ok = self.compat.ok
        #: whether the round is read on the whole field (asked, or :meth:`opposition`
        #: had to), and the brackets' questions when it is not (:meth:`brackets`)
        self.whole = whole
        self.chain: Chain | None = None
        self._absolute = self.compat.absolute_codes
        self._due = colour_codes([p.e.pref for p in P])

    def weight(self, i: int, j: int, group: bool, colour_counts: bool, bonus: int = 0) -> int:
        colour = (colour_counts or self.obj.colour_everywhere) and due_colours_differ(self.P[i].e, self.P[j].e)
        return self.obj.weight(self.ok(i, j), group, colour, bonus)

    def set(self, i: int, j: int, group: bool, colour_counts: bool, bonus: int = 0) -> None:
        self.m.set_edge(i, j, self.weight(i, j, group, colour_counts, bonus))

    def solve(self) -> list[int]:
        self.solves += 1
        return self.m.solve()

    # ---- brackets: each score group pairs inside itself, one floater at most ----------

    def valid(self, mate: list[int], bounds: list[int]) -> bool:
        """Every player of the brackets before the last is paired, and no bracket has
        more players paired outside it than its floaters allow (one out, and one in when
        the players above are odd)."""
        last_start = bounds[-2]
        it = 0
        begin = 0
        outside = 0
        for v, mt in enumerate(mate):
            if v >= bounds[-1]:
                return True
            if v >= bounds[it]:
                outside = 0
                begin = v
                while v >= bounds[it]:
                    it += 1
            end = bounds[it]
            if mt < 0 and v < last_start:
                return False
            if mt < 0 or mt < begin or mt >= end:
                outside += 1
                if outside > (2 if end & 1 else 1):
                    return False
        return True

    def brackets(self) -> list[int]:
        """The bracket boundaries (see the class), merging a score group with the next
        while it cannot be paired, and the last with the one above.

        Whether a bracket can be paired is, on the whole field, the shape of one
        optimum of the players so far (:meth:`valid`); with the official order of the
        criteria (:meth:`_local`) it is asked of the bracket's players alone, with the
        same answer (:class:`tabellone.rules.burstein.chain.Chain`)."""
        P, n = self.P, self.n
        self.chain = Chain(self.compat) if self._local() else None
        b = [0, 0]
        good = True
        while b[-1] < n:
            b.append(b[-1])
            while True:
                group_start = b[-1]
                end = b[-1] + 1
                while end < n and P[group_start].score == P[end].score:
                    end += 1
                if self.chain is None:
                    self._set_block(b[-3], b[-2], b[-1], end)
                b[-1] = end
                good = self._closes(b)
                if b[-1] >= n or good:
                    break
            if b[-1] < n and not (b[-1] & 1):
                b.append(b[-1])
        while len(b) > 3 and not good:
            b.pop()
            boundary = b.pop()
            start = b.pop()
            if self.chain is None:
                for u in range(b[-1], boundary):
                    for v in range(boundary, n):
                        self.set(u, v, u >= start, False)
            b += [start, n]
            good = self._closes(b)
        if not good:
            raise NoPairingError("the players cannot all be paired without breaking an absolute criterion")
        return b

    def _local(self) -> bool:
        """Whether the round is read bracket by bracket: not asked for the whole field,
        and the official order of the criteria (players inside their score group first,
        the order of the preface read; due colours counted inside groups only)."""
        obj = self.obj
        return (
            not self.whole
            and obj.profile.generation_order
            and not obj.colour_everywhere
            and obj.names[:1] == ["floaters"]
        )

    def _closes(self, b: list[int]) -> bool:
        """Whether the last bracket of ``b`` can be paired as one (:meth:`brackets`)."""
        if self.chain is not None:
            return self.chain.closes(b[-3], b[-2], b[-1])
        if b[-1] & 1:
            # the next player stands in as an opponent for the floater
            for u in range(b[-2], b[-1]):
                self.m.set_edge(b[-1], u, self.obj.weight(True, False, False))
        return self.valid(self.solve(), b)

    def _set_block(self, lo: int, top: int, g0: int, g1: int) -> None:
        """``set(u, v, u >= top, False)`` for every ``g0 <= v < g1`` and ``lo <= u < v`` (a
        score group's players against the bracket's and the one above's), on arrays: the
        weight of a pair depends only on whether it may be played, lies in the bracket
        and clashes in due colours. A pair that may not be played is cleared only in the
        row of ``g0``, the one player a stand-in edge may have reached (:meth:`brackets`).
        A long block goes in slices of about :data:`SLICE` pairs (the arrays' memory)."""
        while g1 - g0 > 1 and (g1 - lo) * (g1 - g0) > SLICE:
            mid = max(g0 + 1, g0 + SLICE // (g1 - lo))
            self._set_block(lo, top, g0, mid)
            g0 = mid
        vs = np.arange(g0, g1, dtype=np.int64)
        counts = vs - lo
        starts = np.cumsum(counts) - counts
        vv = np.repeat(vs, counts)
        uu = np.arange(len(vv), dtype=np.int64) - np.repeat(starts, counts) + lo
        ac, due = self._absolute, self._due
        ok = ~((ac[uu] != 0) & (ac[uu] == ac[vv]))
        barred = self.compat.barred
        for u in range(lo, g1):
            for y in barred[u]:
                if g0 <= y < g1 and y > u:
                    ok[starts[y - g0] + u - lo] = False
        cleared = [(u, g0, 0) for u in range(lo, g0) if not ok[u - lo]]
        clash = (due[uu] != 0) & (due[uu] == due[vv])
        kind = ((uu >= top) * 2 + clash)[ok].tolist()
        everywhere = self.obj.colour_everywhere
        table = [self.obj.weight(True, k >= 2, everywhere and not k & 1) for k in range(4)]
        uu, vv = uu[ok], vv[ok]
        self.m.set_edges(cleared)
        self.m.set_edges([(u, w, table[k]) for u, w, k in zip(uu.tolist(), vv.tolist(), kind)])

    # ---- the opposition order: high index against low index-------------------------------------

    def opposition(self, bounds: list[int]) -> list[tuple[int, int]]:
        """Bracket by bracket from the top, in index order (the floater of the bracket
        above joins it), each player takes the lowest partner that keeps the optimum:
        :class:`tabellone.rules.burstein.bracket.ArticleFourSteps` (a step by a solve only
        where a guess from the duals fails), or, when the profile drops the order, a
        player at a time from any optimum.

        With the official order of the criteria (pairs, then players inside their score
        group, then due colours) each bracket is solved on its own players
        (:meth:`_opposition_local`); when a local answer cannot be shown to extend, or
        the profile weighs the lower brackets otherwise, on the whole field."""
        if self.chain is not None and self._local():
            segs = self._segments(bounds)
            try:
                return self._opposition_local(segs, *self.chain.links(segs))
            except NeedWholeField:
                self.whole = True
                self.brackets()  # the whole field's matcher, on the same brackets
        self.whole = True
        return self._opposition_whole(bounds)

    @staticmethod
    def _segments(bounds: list[int]) -> list[tuple[int, int]]:
        """The brackets as (begin, end), from the top."""
        segs: list[tuple[int, int]] = []
        begin = bounds[0]
        for end in bounds[1:]:
            if end != begin:
                segs.append((begin, end))
                begin = end
        return segs

    def _opposition_local(
        self, segs: list[tuple[int, int]], senders: dict[int, int], receivers: dict[int, int]
    ) -> list[tuple[int, int]]:
        """:meth:`opposition` bracket by bracket on the bracket's players alone, the next
        bracket stood in for by one shadow per player who may meet someone there
        (:class:`tabellone.rules.burstein.bracket.LocalBracket`).

        Why it is the whole field's answer. Every optimum of the whole field pairs
        everyone, with as many pairs inside the brackets as any complete pairing: one pair
        across each boundary with odd players above, none across the others (the shape
        :meth:`brackets` reads, :mod:`tabellone.rules.burstein.chain`, and the pairs kept
        keep it). So the players inside the brackets below are a constant of the optimum, the
        colours and bonuses weigh in the bracket being paired only, and what the field
        below needs from it is one floater it can take. A pair of the bracket weighs two
        units plus its fields, a shadow one unit: each optimum of the whole field maps to
        a matching covering the bracket with the same fields, so the local optimum is at
        least the whole field's; and each local answer is shown to extend, its floater
        paired into the next bracket with that bracket completed around it
        (:meth:`_completes`). A floater it cannot take floats in no pairing of the field:
        its shadow goes and the bracket is solved again; past the question's budget the
        whole field pairs the round. The order of the
        preface is then read as in 2025/2026 (:class:`ArticleFourSteps`, the argument of
        :mod:`tabellone.rules.burstein.bracket`)."""
        P, obj, compat = self.P, self.obj, self.compat
        unit = 1 << (obj.layout.total_bits + obj.bonus_bits)
        inside = {clashes: obj.weight(True, True, not clashes) for clashes in (False, True)}
        pairs: list[tuple[int, int]] = []
        floater: int | None = None
        for j, (begin, end) in enumerate(segs):
            group = list(range(begin, end)) + ([floater] if floater is not None else [])
            floater = None
            group = bracket_order(group, P.__getitem__)
            below = list(range(*segs[j + 1])) if j in senders else []
            completes = functools.partial(self._completes, segs, senders, receivers, j)
            local = LocalBracket(group, below, compat, unit, range(begin, end), completes, prune=True)
            prefs = [P[v].e.pref for v in group]

            def fields(a: int, b: int, prefs: list = prefs) -> int:
                return inside[prefs[a] is not None and prefs[a] == prefs[b]]

            def base(v: int, w: int, local: LocalBracket = local) -> int:
                return local.pair_weight(inside[not due_colours_differ(P[v].e, P[w].e)])

            local.set_pairs([0] * len(group), prefs, fields)
            steps = ArticleFourSteps(local, group, set(group), base, self.ok)
            if steps.run():
                floater = steps.floaters[-1]
            self.solves += local.solves
            pairs += steps.pairs
        return pairs

    def _completes(
        self,
        segs: list[tuple[int, int]],
        senders: dict[int, int],
        receivers: dict[int, int],
        j: int,
        down: list[int],
    ) -> bool:
        """Whether bracket ``j``'s local answer, sending ``down`` to the next bracket,
        extends to the whole field in the shape of every optimum: one floater, paired
        into the next bracket, which pairs inside itself but for one player it sends on,
        and so on down. Exact: bracket by bracket, the players who may come in (at first
        the floater), until one of them leaves a player the next bracket's taker in the
        pairing of :meth:`tabellone.rules.burstein.chain.Chain.links` may meet (the
        brackets below pair as there), or a
        bracket with nobody to send on pairs them, or none can come in (False). The
        brackets meet only through the one pair across each boundary, so nothing else
        decides. :class:`NeedWholeField` when the question grows past
        :data:`COMPLETION_BUDGET` matchings."""
        if len(down) != (j in senders):
            return False
        if not down:
            return True
        oracle, ok = self.compat.oracle, self.ok
        incoming = list(down)
        for m in range(j + 1, len(segs)):
            pool = list(range(*segs[m]))
            if m not in senders:  # nobody goes on: the bracket pairs inside itself
                return any(oracle.complete(pool, [i]) is not None for i in incoming)
            taker = receivers[m + 1]
            if any(oracle.complete(pool, [i], exposable=lambda t: ok(t, taker)) is not None for i in incoming):
                return True
            if len(pool) * len(incoming) > COMPLETION_BUDGET:
                raise NeedWholeField
            incoming = [
                t for t in pool if any(oracle.complete([y for y in pool if y != t], [i]) is not None for i in incoming)
            ]
            if not incoming:
                return False
        return False

    def _opposition_whole(self, bounds: list[int]) -> list[tuple[int, int]]:
        """:meth:`opposition` on one matcher over the whole field."""
        P = self.P
        pairs: list[tuple[int, int]] = []
        done = [False] * self.n
        floater: int | None = None
        begin = bounds[0]
        for end in bounds[1:]:
            if end == begin:
                continue
            group = list(range(begin, end)) + ([floater] if floater is not None else [])
            floater = None
            group = bracket_order(group, P.__getitem__)
            for k, v in enumerate(group):
                for w in reversed(group[k + 1 :]):
                    if w == v:
                        break
                    self.set(v, w, True, True)
            if self.obj.profile.generation_order:
                graph = WholeField(self.m)
                steps = ArticleFourSteps(graph, group, set(group), lambda v, w: self.weight(v, w, True, True), self.ok)
                if steps.run():
                    floater = steps.floaters[-1]
                self.solves += graph.solves
                for v, w in steps.pairs:
                    done[v] = done[w] = True
                    pairs.append((v, w))
                    self.m.set_edge(v, w, 1)
                begin = end
                continue
            for k, v in enumerate(group):
                if done[v]:
                    continue
                priority = 1
                step = 1 if self.obj.profile.generation_order else 0  # off: any optimum
                for w in group[k + 1 :]:
                    if not done[w] and self.ok(v, w):
                        self.set(v, w, True, True, priority * step)
                        priority += 1
                mate = self.solve()
                w = mate[v]
                if w < 0 or w >= end:
                    floater = v
                    continue
                done[v] = done[w] = True
                pairs.append((v, w))
                self._finalize(v, w)
            begin = end
        return pairs

    def _finalize(self, v: int, w: int) -> None:
        self.m.remove_vertex(v)
        self.m.remove_vertex(w)
        self.m.set_edge(v, w, 1)


# ----------------------------------------------------------------------------------------
# colours


def colour_rule(p: Player, q: Player, initial: str) -> tuple[str, str]:
    """The colour of ``p`` against ``q`` and the article that decides it: C.04.3 5.2.1-
    5.2.3 as in the Dutch system; then the player with the higher index (Art. 3.2) gets
    the preference; with no preference at all, the higher-ranked by pairing number gets
    the initial colour when their number is odd."""
    colour, article = fide_colour_rule(p.e, q.e, initial)
    if article == "5.2.4":
        top = p if index_key(p, q) > 0 else q
        same = p.e.pref
        return (same if top is p else opposite(same)), "3.2"
    if article == "5.2.5":
        top = p if p.e.rank < q.e.rank else q
        c = initial if top.e.rank % 2 == 0 else opposite(initial)
        return (c if top is p else opposite(c)), "5.2.5"
    return colour, article


def publish(
    round_number: int, pairs: list[tuple[Player, Player]], bye: Player | None, initial: str, solves: int = 0
) -> Pairing:
    """Colours by :func:`colour_rule`, boards by C.04.2 3.6."""
    return common.publish(round_number, pairs, bye, initial, colour_rule, solves)


# ----------------------------------------------------------------------------------------
# the round


def pair_round(
    t: Tournament,
    round_number: int | None = None,
    no_bye: frozenset[int] = frozenset(),
    profile: Profile | None = None,
    pair_players: Callable[[list[Player], RoundState], list[tuple[Player, Player]]] | None = None,
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the earlier text: the
    lowest eligible player takes the bye (the next only when the rest cannot be paired),
    the rest are paired by the optimiser with ``profile`` (default: the official
    ``burstein-legacy`` profile), or by ``pair_players(rest, state)`` when given (the
    literal procedure, :func:`tabellone.rules.burstein.literal_legacy.pair_players`)."""
    state, players, initial = round_players(t, round_number)
    if not players:
        raise NoPairingError("nobody is to be paired in this round")
    byes = bye_candidates(players, no_bye) if len(players) % 2 else [None]
    if not completable(players, state, [pos for pos in byes if pos is not None]):
        raise NoPairingError("the players cannot all be paired without breaking an absolute criterion")
    for k, pos in enumerate(byes):
        rest = [p for i, p in enumerate(players) if i != pos]
        bye = players[pos] if pos is not None else None
        try:
            if pair_players is not None:
                return publish(state.round, pair_players(rest, state), bye, initial)
            builder = BracketBuilder(rest, state, profile)
            idx_pairs = builder.opposition(builder.brackets())
            return publish(state.round, [(rest[a], rest[b]) for a, b in idx_pairs], bye, initial, builder.solves)
        except NoPairingError:
            if k == len(byes) - 1:
                raise
    raise AssertionError("unreachable")


def violations(t: Tournament, pairing: Pairing) -> list[Violation]:
    """Every absolute rule a proposed round breaks (empty: legal): everyone to pair
    appears once (C.04.1), no rematch (Art. 3.1), no two absolute preferences for one
    colour, the bye only to complete an odd number and to an eligible player."""
    return absolute_violations(
        t, pairing, C3_absolute_colours, bye_eligible, ("Art. 3.1", "colours", "bye (C.04.1)"), LEGACY_BYE_RULE
    )


# ----------------------------------------------------------------------------------------
# evaluation criterion by criterion (for the verifier)

QUALITY = [
    ("bye", "place of the PAB assignee from the bottom of the ranking"),
    ("floaters", "players paired outside their score group (over the round)"),
    ("colour", "pairs in a score group whose due colours clash"),
    ("opposition", "partners from the bottom of the index order (Art. 3.2), from the top player down"),
]


def evaluate_text(t: Tournament, pairing: Pairing) -> tuple[dict[str, object], list[BracketValues]]:
    """The round-level criteria (the bye: how far from the bottom of the ranking the
    assignee stands; the floaters: players paired outside their score group over the
    whole round) and, score group by score group from the top (with the floater from
    above), the due-colour clashes and the opposition order: for each player from the top of
    the index order not yet paired, how far from the bottom of the group its partner
    stands, or the group's size when it floats (compared item by item, smaller is
    better)."""
    _, players, _ = round_players(t, pairing.round)
    round_level: dict[str, object] = {}
    if pairing.bye in {p.id for p in players}:
        eligible = [p.id for p in players if bye_eligible(p.e)]
        round_level["bye"] = (
            len(eligible) - 1 - eligible.index(pairing.bye) if pairing.bye in eligible else len(players)
        )
    mate: dict[int, int] = {}
    for w, b in pairing.pairs:
        mate[w], mate[b] = b, w
    by_id = {p.id: p for p in players}
    groups = score_groups(players, pairing.bye)
    out: list[BracketValues] = []
    incoming: list[Player] = []
    floaters = 0
    for g in groups:
        members = bracket_order(g + incoming, lambda p: p)
        inside = {p.id for p in members}
        pos = {p.id: k for k, p in enumerate(members)}
        clashes = 0
        order = []
        for p in members:
            o = mate.get(p.id)
            if o in inside and pos[o] > pos[p.id]:
                order.append(len(members) - 1 - pos[o])
                clashes += not due_colours_differ(p.e, by_id[o].e)
            elif o not in inside:
                order.append(len(members))  # floats: the last choice of its turn
        leaving = [p for p in members if mate.get(p.id) is not None and mate[p.id] not in inside]
        floaters += len(leaving) + sum(1 for p in members if p in incoming and mate.get(p.id) in inside)
        out.append(BracketValues(g[0].score, [p.id for p in members], {"colour": clashes, "opposition": tuple(order)}))
        incoming = leaving
    round_level["floaters"] = floaters
    return round_level, out


def colour_article(t: Tournament, round_number: int, white: int, black: int) -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet, and the article that decides."""
    _, players, initial = round_players(t, round_number)
    by_id = {p.id: p for p in players}
    colour, article = colour_rule(by_id[white], by_id[black], initial)
    return (white if colour == WHITE else black), article


def index_list(t: Tournament, round_number: int | None = None) -> list[dict]:
    """The players to pair before ``round_number`` (default: the next round) in the order
    the system reads them (score with the early-round point, then Art. 3.2): id, name,
    score, Sonneborn-Berger, Buchholz, Median, due colour (Art. 1.3)."""
    players = ranked_players(t, t.state_before(round_number))
    names = {p.id: p.name for p in t.players}
    return [
        {
            "id": p.id,
            "name": names[p.id],
            "score": format_points(p.score),
            "SB": format_points(p.index.sb),
            "Buchholz": format_points(p.index.buchholz),
            "Median": format_points(p.index.median),
            "due": {"w": "W", "b": "B"}.get(p.e.pref or "", "-"),
        }
        for p in players
    ]
