"""FIDE Burstein system (Handbook C.04.4.2), the editions of 2025 and 2026.

Texts (read 2026-12-01; see ``docs/burstein.md``):

* edition ``2026``: "Burstein System", approved by the FIDE Council on 28/10/2025,
  applied from 1 February 2026 (handbook.fide.com chapter ``C040402202602``). Articles
  0-5. **The edition in force.**
* edition ``2025``: the text in force from 1 July 2025 to 31 January 2026 (approved on
  13/04/2024; handbook.fide.com ``C040402202507``, kept as ``C040402Till2026``), sections
  A-E. Same procedure; it differs in the PAB criterion (C.2: a PAB or a forfeit win, not
  any unplayed win) and in C.6/C.7 (see :data:`C6_2025`).

Both replace the bracket of the earlier text (:mod:`tabellone.rules.burstein.legacy`, edition ``legacy``)
with one close to the Dutch system's, and change the index:

=============================  ==========================================================  =========================
article (2026 / 2025)          rule                                                        implemented by
=============================  ==========================================================  =========================
1.6 / A.5 seeding rounds       rounds 1 .. min(rounds // 2, 4) are paired by the FIDE      :func:`seeding_rounds`
                               (Dutch) system
1.7 / A.6 sorting methods      Buchholz; Sonneborn-Berger; an unplayed round counts as a   :func:`opposition_index`
                               game against oneself with the points scored; a run of
                               zero-point byes up to now counts as draws for one's
                               opponents; virtual points excluded
1.8 / A.7 ranking order        Buchholz, Sonneborn-Berger, then TPN; scores are not used   :func:`ranking_key`
3.1 / B.0 PAB                  eligible (C2), completes the round (C4), lowest score,      :func:`bye_order`
                               most games played, lowest ranking
2.1 / C.1-C.3 absolute         no rematch; no PAB twice (C2); two players with the same    :func:`C3_absolute_colours`
                               absolute colour preference do not meet
2.2 / C.4 completion           the rest of the round can always be paired                 :class:`Round` (first field)
2.3.1 / C.5                    most pairs in the bracket                                   ``C5`` field
2.3.2 / C.6                    2026: lowest scores of the outgoing floaters; 2025: most    ``C6`` fields
                               incoming floaters paired, then their scores
2.3.3 / C.7                    the floaters let the next bracket do best on C5-C6          ``C7`` fields
2.3.4 / C.8                    fewest players without their colour preference              ``C8`` field
4 / D order of pairings        BSN 1's opponent as low in the ranking as possible (a       :meth:`Round.order`
                               floater last), then BSN 2's, ...
5.2 / E colours                5.2.1 no games: initial colour by the higher-ranked's TPN;  :func:`colour_rule`
                               both preferences; the stronger; alternate; the higher
                               ranked's (Art. 1.8)
=============================  ==========================================================  =========================

How it is solved: bracket by bracket from the top, one maximum-weight matching over every
player not yet paired, with lexicographic fields (most significant first) C4, C5, C6, C7,
C8 (:mod:`tabellone.matching.lexicographic`); then Art. 4's order is reproduced by fixing, BSN by BSN,
the opponent that comes first in the order among the optima (small bonuses below every
criterion field). The bracket's pairs are then kept and its floaters join the next.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from tabellone.core.errors import NoPairingError
from tabellone.core.model import WHITE, RoundState, Tournament, opposite
from tabellone.core.pairing import Pairing, Violation
from tabellone.core.scoring import format_points
from tabellone.matching.backends import max_weight_matching
from tabellone.matching.blossom import Matcher
from tabellone.matching.lexicographic import Layout, fit_layout
from tabellone.rules import dutch
from tabellone.rules.burstein import common
from tabellone.rules.burstein.bracket import ArticleFourSteps, LocalBracket, NeedWholeField
from tabellone.rules.burstein.common import Compatibility, Player, profile_of, score_groups
from tabellone.rules.comparison import BracketValues
from tabellone.rules.fide_common import (
    ART4_2026,
    ART_D_2017,
    ByeRule,
    C1_no_rematch,
    Entrant,
    absolute_violations,
    entrants,
    pairing_order_key,
    required_initial_colour,
    state_to_pair,
)
from tabellone.rules.profiles import Objective, Profile, official

EDITIONS = ("2026", "2025")
ZERO = Fraction(0)

#: The edition whose C.6 reads "first maximize the number and then the scores of the
#: incoming floaters that can be paired" (2026 Art. 2.3.2: "minimise the scores, taken in
#: descending order, of the outgoing floaters").
C6_2025 = "2025"


def criterion_ids(edition: str) -> tuple[str, ...]:
    """The ids of C1-C8 in the edition's numbering (2026: ``C1``; 2025: ``C.1``)."""
    sep = "." if edition == C6_2025 else ""
    return tuple(f"C{sep}{k}" for k in range(1, 9))


# ----------------------------------------------------------------------------------------
# Art. 1.6: seeding rounds


def seeding_rounds(total_rounds: int) -> int:
    """Art. 1.6.2 (2025: A.5): half the rounds, rounded down, or four, whichever is lower."""
    return min(total_rounds // 2, 4)


# ----------------------------------------------------------------------------------------
# Art. 1.7-1.8: the opposition index and the ranking order


@dataclass(frozen=True)
class Index:
    """Art. 1.7.1: ``buchholz`` (the sum of the opponents' current scores) and ``sb``
    (Sonneborn-Berger: the points earned against each opponent times that opponent's
    current score)."""

    buchholz: Fraction
    sb: Fraction


def _trailing_zero_byes(entries: list, points: list[int]) -> int:
    """How many of a player's last rounds (his ``entries`` and ``points`` in each round
    played so far) are zero-point byes in a row (Art. 1.7.2, exception)."""
    k = 0
    for e, pts in zip(reversed(entries), reversed(points)):
        if e.played or e.result != "Z" or pts != 0:
            break
        k += 1
    return k


def opposition_index(t: Tournament, state: RoundState) -> dict[int, Index]:
    """Every player's :class:`Index` before round ``state.round`` (Art. 1.7).

    * Current scores are real scores: virtual points are excluded (Art. 1.7.2).
    * A round the player did not play counts as a game against himself with the points
      registered for it: the "opponent's" score is the player's own current score.
    * A player whose last rounds are zero-point byes in a row counts each of them as a
      draw in the score his actual opponents read (Art. 1.7.2, exception).

    The sums run on whole numbers, every point over the common denominator ``d`` of the
    round entries' points, and become fractions once per player.
    """
    played_rounds = state.round - 1
    scoring = t.scoring
    value: dict[tuple[str, str | None], Fraction] = {}  # the points of each (result, colour)
    entries = {}
    for p in t.players:
        row = [p.entry(k) for k in range(1, played_rounds + 1)]
        entries[p.id] = row
        for e in row:
            if (e.result, e.colour) not in value:
                value[(e.result, e.colour)] = scoring.points(e.result, e.colour)
    d = lcm(scoring.draw.denominator, *(v.denominator for v in value.values()))
    scaled = {kind: v.numerator * (d // v.denominator) for kind, v in value.items()}
    draw = scoring.draw.numerator * (d // scoring.draw.denominator)
    points: dict[int, list[int]] = {}
    current: dict[int, int] = {}
    as_opponent: dict[int, int] = {}
    for p in t.players:
        row = points[p.id] = [scaled[(e.result, e.colour)] for e in entries[p.id]]
        s = current[p.id] = sum(row)
        as_opponent[p.id] = s + draw * _trailing_zero_byes(entries[p.id], row)
    out: dict[int, Index] = {}
    for p in t.players:
        bh = sb = 0
        own = current[p.id]
        for e, pts in zip(entries[p.id], points[p.id]):
            opp = as_opponent[e.opponent] if e.played else own
            bh += opp
            sb += pts * opp
        out[p.id] = Index(Fraction(bh, d), Fraction(sb, d * d))
    return out


def ranking_key(p: Player) -> tuple:
    """Art. 1.8 (2025: A.7): Buchholz, then Sonneborn-Berger, both descending, then TPN
    ascending. Scores are not used (1.8, note): sort by this to get BSN order."""
    return (-p.index.buchholz, -p.index.sb, p.e.rank)


def ranking_keys(players: list[Player]) -> list[tuple[int, int, int]]:
    """:func:`ranking_key` of each player in whole numbers ordered alike (each index
    over its common denominator, :func:`~tabellone.rules.fide_common.pairing_order_key`),
    so that sorting by them compares no fractions."""
    buchholz = pairing_order_key([p.index.buchholz for p in players])
    sb = pairing_order_key([p.index.sb for p in players])
    return [(-b, -s, p.e.rank) for b, s, p in zip(buchholz, sb, players)]


def higher_ranked(p: Player, q: Player) -> Player:
    return p if ranking_key(p) < ranking_key(q) else q


def round_players(t: Tournament, round_number: int | None) -> tuple[RoundState, list[Player], str]:
    """The state before the round, its players by score then Art. 1.8, the initial colour."""
    return players_in(t, state_to_pair(t, round_number))


def players_in(t: Tournament, state: RoundState) -> tuple[RoundState, list[Player], str]:
    """:func:`round_players` from the state before the round."""
    idx = opposition_index(t, state)
    players = [Player(e, idx[e.id]) for e in entrants(t, state)]
    scores = pairing_order_key([p.score for p in players])
    keys = [(-s, *key) for s, key in zip(scores, ranking_keys(players))]
    order = sorted(range(len(players)), key=keys.__getitem__)
    return state, [players[k] for k in order], required_initial_colour(t, state)


# ----------------------------------------------------------------------------------------
# absolute criteria and the PAB


def C3_absolute_colours(a: Entrant, b: Entrant) -> bool:
    """Art. 2.1.3 [C3]: two players with the same absolute colour preference shall not
    meet (no topscorer exception in this system)."""
    return not (a.absolute and b.absolute and a.pref == b.pref)


def compatible(a: Entrant, b: Entrant, state: RoundState) -> bool:
    return C1_no_rematch(a, b, state) and C3_absolute_colours(a, b)


def C2_bye_rule(edition: str) -> ByeRule:
    """The edition's rule against another PAB (:func:`C2_bye_eligible`)."""
    return ART_D_2017 if edition == C6_2025 else ART4_2026


def C2_bye_eligible(e: Entrant, edition: str = "2026") -> bool:
    """Whether ``e`` may have the pairing-allocated bye, by the edition's [C2].

    2026 Art. 2.1.2 [C2] quotes the Basic Rules, Art. 4: "A participant who has already
    received a pairing allocated bye, or has already scored in one single round, without
    playing, as many points as rewarded for a win, shall not receive the pairing
    allocated bye." Art. 3.1.1 words it "has neither received a pairing-allocated-bye,
    nor scored a (forfeit) win in the previous rounds (see [C2])": [C2] decides. Any
    earlier PAB bars another, whatever it was worth; so does a forfeit win or a
    full-point bye; a half-point bye the player asked for does not.

    2025 C.2 quotes C.04.1.d: "A player who has already received a pairing-allocated bye,
    or has already scored a (forfeit) win due to an opponent not appearing in time, shall
    not receive the pairing-allocated bye" (B.0.a: "neither received a
    pairing-allocated-bye, nor scored a forfeit win"). Any earlier PAB, or a forfeit win;
    a full-point bye the player asked for is neither."""
    return not C2_bye_rule(edition).bars(e.state)


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str) -> tuple[bool, str]:
    """Whether ``player`` may have the PAB of ``round_number`` by [C2], and the sentence
    that says so, with the round of the earlier bye or win that bars it."""
    return C2_bye_rule(edition).reading(t, player, round_number)


def bye_order(players: list[Player], edition: str, no_bye: frozenset[int] = frozenset()) -> list[int]:
    """Positions of the players who may take the PAB, in the order of Art. 3.1 (2025:
    B.0): lowest score, most games played, lowest ranking (Art. 1.8)."""
    pos = [i for i, p in enumerate(players) if C2_bye_eligible(p.e, edition) and p.id not in no_bye]
    if not pos:
        raise NoPairingError("no player is eligible for the pairing-allocated bye (C2)")

    def key(i: int) -> tuple:
        p = players[i]
        return (p.score, -len(p.e.colours), p.index.buchholz, p.index.sb, -p.e.rank)

    return sorted(pos, key=key)


def completable(players: list[Player], state: RoundState) -> bool:
    """Whether ``players`` can all be paired without breaking C1 or C3 (C4)."""
    n = len(players)
    if n % 2:
        return False
    edges = [(i, j, 1) for i in range(n) for j in range(i + 1, n) if compatible(players[i].e, players[j].e, state)]
    return len(max_weight_matching(n, edges, max_cardinality=True)) == n


# ----------------------------------------------------------------------------------------
# the round, bracket by bracket


def clash(a: Entrant, b: Entrant) -> bool:
    """One of the two does not get their colour preference (C8): both have one, the same."""
    return a.pref is not None and a.pref == b.pref


class Round:
    """The brackets of one round on maximum-weight matchings.

    ``P`` are the players to pair (the PAB removed) by score, then Art. 1.8; vertex ``i``
    is ``P[i]``. :meth:`pair` walks the scoregroups from the top; :meth:`bracket` pairs
    one bracket (incoming floaters and residents) and returns its floaters.

    Two ways, one answer. ``whole=True``: one matcher over every player not yet paired,
    C4 one unit on every compatible pair above every field. Otherwise (the default, with
    the official order of the criteria) each bracket is solved on its own players and
    the next scoregroup's, the rest of the field stood in for by one shadow per player
    (:class:`tabellone.rules.burstein.bracket.LocalBracket`, which proves each answer
    completable below or raises :class:`~tabellone.rules.burstein.bracket.NeedWholeField`):
    every criterion field is zero on a pair with an end below the next scoregroup, so
    the whole-field optimum is the local one extended (the argument of
    :class:`tabellone.rules.dutch.matcher.LocalMatcher`).
    """

    def __init__(
        self,
        P: list[Player],
        state: RoundState,
        edition: str,
        profile: Profile | None = None,
        whole: bool = False,
        compat: Compatibility | None = None,
    ):
        self.P, self.n, self.state, self.edition = P, len(P), state, edition
        #: each player's score as a whole number ordered as the scores (the brackets'
        #: levels and the memo keys read it, not the Fraction)
        self.score_key = pairing_order_key([p.score for p in P])
        #: each player's place in the order of Art. 1.8 (equal keys, equal places), so
        #: that a bracket's BSN order is a sort on integers
        keys = ranking_keys(P)
        place = {key: k for k, key in enumerate(sorted(set(keys)))}
        self.bsn_place = [place[key] for key in keys]
        self.profile = profile = profile or official("burstein", edition)
        self.ids = criterion_ids(edition)
        c5, c8 = self.ids[4], self.ids[7]
        self.objective = Objective(profile, {c: c for c in self.ids[4:]}, frozenset({c8}), c5)
        # a profile that ranks C8 where it could trade against pairs counts it on every pair
        self.c8_everywhere = c8 in self.objective.fill
        self.compat = compat or Compatibility(P, state)
        # the bracket-local solve needs every field zero below the next scoregroup and
        # reads Art. 4 step by step
        self.whole = whole or self.c8_everywhere or not profile.generation_order
        self.solves = 0
        self.pairs: list[tuple[int, int]] = []
        self.done = [False] * self.n
        self.groups: list[list[int]] = []
        score_key = self.score_key
        for i in range(self.n):
            if self.groups and score_key[self.groups[-1][0]] == score_key[i]:
                self.groups[-1].append(i)
            else:
                self.groups.append([i])
        # Art. 4's bonuses: a player's step in units above the guesses' (bracket.py)
        self.bonus_bits = 2 * (self.n + 1).bit_length() + 1
        # C4 is one unit, the same on every edge of the round, above every field of any
        # bracket: a bracket has at most 6 fields + 2 per score, each below n + 1 x n
        scores = len(self.groups)
        self.c4 = 1 << (self.bonus_bits + (6 + 2 * scores) * (self.n * (self.n + 1)).bit_length())
        if self.whole:
            self._whole_field()

    def _whole_field(self) -> None:
        """Start again on one matcher over the whole field."""
        ok = self.compat.ok
        self.whole = True
        self.pairs, self.done = [], [False] * self.n
        self.m = Matcher(self.n)
        self.m.set_edges((i, j, self.c4) for i in range(self.n) for j in range(i + 1, self.n) if ok(i, j))

    def pair(self) -> list[tuple[int, int]]:
        """The pairs of the round (positions); bracket by bracket on local matchings,
        or on the whole field when a local answer cannot be completed below."""
        if not self.whole:
            try:
                return self._pair()
            except NeedWholeField:
                self._whole_field()
        return self._pair()

    def _pair(self) -> list[tuple[int, int]]:
        incoming: list[int] = []
        for k, group in enumerate(self.groups):
            nxt = self.groups[k + 1] if k + 1 < len(self.groups) else []
            below = [v for g in self.groups[k + 2 :] for v in g]
            incoming = self.bracket(incoming + group, nxt, below)
        if incoming:
            raise NoPairingError("the players cannot all be paired without breaking an absolute criterion (C4)")
        return self.pairs

    # ---- the fields of one bracket, in the profile's order ------------------------------

    def _blocks(self, B: list[int], nxt: list[int], in_scores: list[int]) -> dict[str, list[tuple[object, int]]]:
        """Each quality criterion's fields and the largest sum each reaches: C5 one, C6 one
        per score of the bracket (highest first; 2025: first the number of incoming
        floaters paired), C7 the same for the next bracket after its pairs, C8 one."""
        c5, c6, c7, c8 = self.ids[4:]
        per_score = [((c6, k), len(B) + 1) for k in range(len(in_scores))]
        nxt_scores = [((c7, k), len(B) + 1) for k in range(len(in_scores))]
        if self.edition == C6_2025:
            per_score.insert(0, ((c6, "number"), len(B) + 1))
            nxt_scores.insert(0, ((c7, "number"), len(B) + 1))
        return {
            c5: [(c5, len(B) // 2 + 1)],
            c6: per_score,
            c7: [((c7, "pairs"), len(B) + len(nxt) + 1)] + nxt_scores,
            c8: [(c8, self.n // 2 + 1)],
        }

    def _values(self, u: tuple[str, int], v: tuple[str, int], clashes: bool, bracket: _Bracket) -> dict:
        """The criterion fields of a pair in the current bracket, from each end's side
        (``"B"`` the bracket, ``"N"`` the next scoregroup, ``""`` below) and score (its
        whole-number key), and
        whether their colour preferences clash."""
        c5, c6, c7, c8 = self.ids[4:]
        level, resident = bracket.level, bracket.resident
        out: dict = {}
        if u[0] == "B" and v[0] == "B":
            out[c5] = 1
            if self.edition == C6_2025:
                out[(c6, "number")] = (u[1] > resident) + (v[1] > resident)
            for _, score in (u, v):
                key = (c6, level[score])
                out[key] = out.get(key, 0) + 1
            out[c8] = 0 if clashes else 1
        elif self.c8_everywhere:
            out[c8] = 0 if clashes else 1
        # C7: the next bracket holds B's floaters and the next scoregroup
        if (u[0] == "N" or v[0] == "N") and u[0] and v[0]:
            out[(c7, "pairs")] = 1
            for side, score in (u, v):
                if side == "B":
                    if self.edition == C6_2025:
                        out[(c7, "number")] = out.get((c7, "number"), 0) + 1
                    key = (c7, level[score])
                    out[key] = out.get(key, 0) + 1
        return out

    def _field_weight(self, u: tuple[str, int], v: tuple[str, int], clashes: bool, bracket: _Bracket) -> int:
        """The packed fields of a pair (no C4, no bonus), memoised on what they read."""
        key = (u, v, clashes) if u <= v else (v, u, clashes)  # type: ignore[operator]
        got = bracket.memo.get(key)
        if got is None:
            values = self.objective.fold(self._values(u, v, clashes, bracket))
            names = bracket.names
            got = bracket.layout.pack([values.get(name, 0) for name in names]) << self.bonus_bits if names else 0
            bracket.memo[key] = got
        return got

    def _side(self, v: int, bracket: _Bracket) -> tuple[str, int]:
        return ("B" if v in bracket.inB else "N" if v in bracket.inN else "", self.score_key[v])

    def bracket(self, B: list[int], nxt: list[int], below: list[int]) -> list[int]:
        """Pair the bracket ``B`` (positions), keep its pairs, return its floaters."""
        if not B:
            return []
        score_key = self.score_key
        resident = score_key[B[-1]]  # residents have the bracket's lowest score
        in_scores = sorted({score_key[v] for v in B}, reverse=True)
        level = {sc: k for k, sc in enumerate(in_scores)}
        names, maxima = self.objective.layout_names(self._blocks(B, nxt, in_scores))
        layout = fit_layout(names or ["none"], maxima or [1])
        assert layout.total_bits + self.bonus_bits < self.c4.bit_length() - 1, "the fields overflow into C4"
        br = _Bracket(B, nxt, set(B), set(nxt), level, resident, names, layout, {})
        bsn = sorted(B, key=self.bsn_place.__getitem__)
        if self.whole:
            return self._bracket_whole(br, bsn)
        return self._bracket_local(br, bsn, below)

    def _bracket_local(self, br: _Bracket, bsn: list[int], below: list[int]) -> list[int]:
        """:meth:`bracket` on the bracket's players and the next scoregroup's alone."""
        P, ok = self.P, self.compat.ok
        A = br.B + br.nxt
        layout_bits = br.layout.total_bits if br.names else 0
        local = LocalBracket(A, below, self.compat, 1 << (layout_bits + self.bonus_bits))
        sides = [self._side(v, br) for v in A]
        prefs = [P[v].e.pref for v in A]

        def fields(a: int, b: int) -> int:  # by local vertex
            return self._field_weight(sides[a], sides[b], prefs[a] is not None and prefs[a] == prefs[b], br)

        local.set_pairs(sides, prefs, fields)
        # the weight of a pair of the bracket, by its kind (side and score of each end,
        # whether the preferences clash)
        kinds: dict[object, int] = {}
        kind = {v: kinds.setdefault(sides[k], len(kinds)) for k, v in enumerate(A)}
        where, weights = local.where, {}

        def base(v: int, w: int) -> int:
            key = (kind[v], kind[w], prefs[where[v]] is not None and prefs[where[v]] == prefs[where[w]])
            got = weights.get(key)
            if got is None:
                got = weights[key] = local.pair_weight(fields(where[v], where[w]))
            return got

        steps = ArticleFourSteps(local, bsn, br.inB, base, ok)
        floaters = steps.run()
        for v, w in steps.pairs:
            self._keep_pair(v, w)
        self.solves += local.solves
        return floaters

    def _bracket_whole(self, br: _Bracket, bsn: list[int]) -> list[int]:
        """:meth:`bracket` on one matcher over every player not yet paired."""
        B, nxt, inB = br.B, br.nxt, br.inB
        free = [v for v in range(self.n) if not self.done[v]]
        touched = [v for v in free if v in inB or v in br.inN]
        ok = self.compat.ok
        sides = {v: self._side(v, br) for v in free}
        pref = {v: self.P[v].e.pref for v in free}

        def weight(u: int, v: int) -> int:
            if not ok(u, v):
                return 0
            clashes = pref[u] is not None and pref[u] == pref[v]
            return self.c4 + self._field_weight(sides[u], sides[v], clashes, br)

        self.m.set_edges((u, v, weight(u, v)) for u in touched for v in free if v != u)
        base = {(u, v): self.m.weight(u, v) for u in B for v in B if u != v}
        floaters: list[int] = []
        if not self.profile.generation_order:
            # any optimum of the criteria: one solve, no order of Art. 4
            mate = self.solve()
            for v in bsn:
                w = mate[v]
                if w < 0:
                    raise NoPairingError("the players cannot all be paired without breaking an absolute criterion (C4)")
                if self.done[v]:
                    continue
                if w in inB:
                    self._keep(v, w)
                else:
                    floaters.append(v)
            bsn = []
        for k, v in enumerate(bsn):
            if self.done[v] or v in floaters:
                continue
            # Art. 4.3: v's opponent as low in the ranking as possible; floating last
            for rank, w in enumerate(bsn):
                if w != v and not self.done[w] and w not in floaters and base[(v, w)]:
                    self.m.set_edge(v, w, base[(v, w)] + (rank + 1 if rank > k else 0))
            mate = self.solve()
            w = mate[v]
            if w < 0:
                raise NoPairingError("the players cannot all be paired without breaking an absolute criterion (C4)")
            if w in inB:
                self._keep(v, w)
            else:
                floaters.append(v)
                for x in B:
                    if x != v:
                        self.m.set_edge(v, x, 0)
        # reset the fields of the players left for the brackets below: C4 alone
        for u in floaters + list(nxt):
            for v in range(self.n):
                if v != u and not self.done[v]:
                    self.m.set_edge(u, v, self.c4 if ok(u, v) else 0)
        return floaters

    def solve(self) -> list[int]:
        self.solves += 1
        return self.m.solve()

    def _keep_pair(self, v: int, w: int) -> None:
        self.done[v] = self.done[w] = True
        self.pairs.append((v, w))

    def _keep(self, v: int, w: int) -> None:
        self._keep_pair(v, w)
        for u in range(self.n):
            if u != v and u != w:
                self.m.set_edge(v, u, 0)
                self.m.set_edge(w, u, 0)
        self.m.set_edge(v, w, 1)


@dataclass
class _Bracket:
    """One bracket being paired: its players ``B`` and the next scoregroup ``nxt`` (as
    lists and sets), the level of each score of ``B`` (highest 0), the residents'
    score (whole-number keys, :attr:`Round.score_key`), the layout of its fields, and the packed fields met so far (``memo``)."""

    B: list[int]
    nxt: list[int]
    inB: set[int]
    inN: set[int]
    level: dict[int, int]
    resident: int
    names: list
    layout: Layout
    memo: dict


# ----------------------------------------------------------------------------------------
# Art. 5: colours


def _strength(e: Entrant) -> int:
    """Art. 1.5: absolute 3, strong 2, mild 1, none 0."""
    if e.pref is None:
        return 0
    return 3 if e.absolute else 2 if e.strong else 1


def colour_rule(p: Player, q: Player, initial: str) -> tuple[str, str]:
    """The colour of ``p`` against ``q`` and the article (2026 numbering) that decides.

    5.2.1 both yet to play a game: the higher ranked (Art. 1.8) gets the initial colour
    when their TPN is odd, the other one otherwise; 5.2.2 grant both preferences (a
    player with none takes what is left, 1.5.4); 5.2.3 the stronger preference; 5.2.4
    alternate to the last round in which they had different colours; 5.2.5 the higher
    ranked player's preference (Art. 1.8)."""
    a, b = p.e, q.e
    if not a.colours and not b.colours:
        top = higher_ranked(p, q)
        c = initial if top.e.rank % 2 == 0 else opposite(initial)
        return (c if top is p else opposite(c)), "5.2.1"
    if a.pref != b.pref or a.pref is None or b.pref is None:
        if a.pref is not None:
            return a.pref, "5.2.2"
        if b.pref is not None:
            return opposite(b.pref), "5.2.2"
        # neither has a preference though one has played: the higher ranked, as 5.2.1
        top = higher_ranked(p, q)
        c = initial if top.e.rank % 2 == 0 else opposite(initial)
        return (c if top is p else opposite(c)), "5.2.1"
    same = a.pref
    sa, sb = _strength(a), _strength(b)
    if sa != sb:
        return (same if sa > sb else opposite(same)), "5.2.3"
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return cb, "5.2.4"
    top = higher_ranked(p, q)
    return (same if top is p else opposite(same)), "5.2.5"


def publish(
    round_number: int, pairs: list[tuple[Player, Player]], bye: Player | None, initial: str, solves: int = 0
) -> Pairing:
    """Colours by :func:`colour_rule` (Art. 5), boards by C.04.2 3.6."""
    return common.publish(round_number, pairs, bye, initial, colour_rule, solves)


# ----------------------------------------------------------------------------------------
# entry points


def is_seeding_round(t: Tournament, round_number: int | None) -> bool:
    state = state_to_pair(t, round_number)
    return state.round <= seeding_rounds(state.total_rounds)


def pair_round(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    no_bye: frozenset[int] = frozenset(),
    profile: Profile | str | None = None,
) -> Pairing:
    """Pair a round: a seeding round by the FIDE Dutch system (Art. 1.6), any later one
    by Art. 1.8-5 (:class:`Round`), its criteria in the order of ``profile`` (default:
    the official profile of the edition)."""
    prof = profile_of(profile, edition)
    state = state_to_pair(t, round_number)
    if state.round <= seeding_rounds(state.total_rounds):
        return dutch.pair_round(t, "2026", round_number, no_bye=no_bye)
    state, players, initial = players_in(t, state)
    if not players:
        raise NoPairingError("nobody is to be paired in this round")
    candidates = bye_order(players, edition, no_bye) if len(players) % 2 else [None]
    for pos in candidates:
        rest = [p for i, p in enumerate(players) if i != pos]
        compat = Compatibility(rest, state)
        if len(rest) % 2 or not compat.complete(range(len(rest))):
            continue  # Art. 3.1.2: the PAB must allow a complete pairing
        r = Round(rest, state, edition, prof, compat=compat)
        pairs = r.pair()
        return publish(
            state.round,
            [(rest[a], rest[b]) for a, b in pairs],
            players[pos] if pos is not None else None,
            initial,
            r.solves,
        )
    raise NoPairingError(
        "the players cannot all be paired without breaking an absolute criterion (Art. 1.9.3: the arbiter decides)"
    )


def violations(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[Violation]:
    """Every absolute rule a proposed round breaks: attendance (C.04.1), [C1], [C3], [C2]."""
    return absolute_violations(
        t,
        pairing,
        C3_absolute_colours,
        lambda e: C2_bye_eligible(e, edition),
        ("C1", "C3", "C2"),
        C2_bye_rule(edition),
    )


# ----------------------------------------------------------------------------------------
# evaluation criterion by criterion (for the verifier: check, explain)

#: The quality criteria in priority order, as the verifier names them (2026 numbering).
QUALITY = [
    ("Art. 3.1", "place of the PAB assignee in the order of Art. 3.1 (lowest score, most games, lowest ranking)"),
    ("C5", "outgoing floaters of the bracket (Art. 2.3.1: maximise the pairs)"),
    ("C6", "scores of the outgoing floaters, in descending order (Art. 2.3.2)"),
    ("C7", "the next bracket's C5 and C6 (Art. 2.3.3)"),
    ("C8", "players who do not get their colour preference (Art. 2.3.4)"),
    ("Art. 4", "opponents of BSN 1, 2, ... (higher BSN first, a floater last; Art. 4.3)"),
]
QUALITY_2025 = [
    ("B.0", "place of the PAB assignee in the order of B.0 (lowest score, most games, lowest ranking)"),
    ("C.5", "outgoing floaters of the bracket (maximise the pairs)"),
    ("C.6", "incoming floaters paired, then their scores (maximised)"),
    ("C.7", "the next bracket's C.5 and C.6"),
    ("C.8", "players who do not get their colour preference"),
    ("D.1", "opponents of BSN 1, 2, ... (higher BSN first, a floater last)"),
]


def _names(edition: str) -> list[str]:
    return [a for a, _ in (QUALITY_2025 if edition == C6_2025 else QUALITY)]


def quality_criteria(edition: str = "2026") -> list[tuple[str, str]]:
    """The Burstein criteria, then those of the seeding rounds (the Dutch system's)."""
    own = QUALITY_2025 if edition == C6_2025 else QUALITY
    return own + [(a, f"seeding round (Art. 1.6), Dutch 2026: {d}") for a, d in dutch.quality_criteria("2026")]


def _c6(edition: str, B: list[Player], floaters: list[Player], resident: Fraction) -> tuple:
    if edition == C6_2025:
        paired_in = sorted((p.score for p in B if p.score > resident and p not in floaters), reverse=True)
        return (-len(paired_in), tuple(-s for s in paired_in))
    return tuple(sorted((p.score for p in floaters), reverse=True))


def evaluate(t: Tournament, pairing: Pairing, edition: str = "2026"):
    """The value of every criterion (each minimised): the PAB's place in the order of
    Art. 3.1, then bracket by bracket from the top: C5 (floaters), C6, C7 (the next
    bracket's C5 and C6), C8 (colour clashes) and Art. 4 (minus the BSN of each BSN's
    opponent, 0 for a floater). A seeding round is the Dutch system's evaluation."""
    if is_seeding_round(t, pairing.round):
        return dutch.evaluate(t, pairing, "2026")
    a_bye, a5, a6, a7, a8, a4 = _names(edition)
    _, players, _ = round_players(t, pairing.round)
    round_level: dict[str, object] = {}
    if pairing.bye is not None and len(players) % 2:
        order = [players[i].id for i in bye_order(players, edition)]
        round_level[a_bye] = order.index(pairing.bye) if pairing.bye in order else len(players)
    mate: dict[int, int] = {}
    for w, b in pairing.pairs:
        mate[w], mate[b] = b, w
    groups = score_groups(players, pairing.bye)
    out: list[BracketValues] = []
    incoming: list[Player] = []
    for g in groups:
        B = sorted(incoming + g, key=ranking_key)
        inside = {p.id for p in B}
        bsn = {p.id: k + 1 for k, p in enumerate(B)}
        floaters = [p for p in B if mate.get(p.id) not in inside]
        by_id = {p.id: p for p in B}
        clashes = sum(
            1 for p in B if mate.get(p.id) in inside and bsn[mate[p.id]] > bsn[p.id] and clash(p.e, by_id[mate[p.id]].e)
        )
        values = {
            a5: len(floaters),
            a6: _c6(edition, B, floaters, g[0].score),
            a8: clashes,
            a4: tuple(-bsn[mate[p.id]] if mate.get(p.id) in inside else 0 for p in B),
        }
        if out:
            out[-1].values[a7] = (values[a5], values[a6])
        out.append(BracketValues(g[0].score, [p.id for p in B], values))
        incoming = floaters
    if out:
        out[-1].values[a7] = (0, ())
    return round_level, out


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet, and the article (Art. 5.2.x;
    2025: E.0-E.4; a seeding round: the Dutch system's)."""
    if is_seeding_round(t, round_number):
        return dutch.colour_article(t, round_number, white, black, "2026")
    _, players, initial = round_players(t, round_number)
    by_id = {p.id: p for p in players}
    colour, article = colour_rule(by_id[white], by_id[black], initial)
    if edition == C6_2025:
        article = f"E.{int(article.rsplit('.', 1)[1]) - 1}"
    return (white if colour == WHITE else black), article


def index_list(t: Tournament, round_number: int | None = None) -> list[dict]:
    """The players to pair in the order the system reads them: score, then Art. 1.8
    (Buchholz, Sonneborn-Berger, TPN), with the due colour."""
    _, players, _ = round_players(t, round_number)
    names = {p.id: p.name for p in t.players}
    return [
        {
            "id": p.id,
            "name": names[p.id],
            "score": format_points(p.score),
            "Buchholz": format_points(p.index.buchholz),
            "SB": format_points(p.index.sb),
            "due": {"w": "W", "b": "B"}.get(p.e.pref or "", "-"),
        }
        for p in players
    ]
