"""FIDE rating-based Swiss system, 1992 (Manila) text, as a literal procedure: edition
"1992" of the Dutch system (``tabellone.rules.dutch.pair_round(t, "1992")``,
``tabellone pair FILE --edition 1992``).

The text is the predecessor of the Dutch system (FIDE Handbook C.04.1 "Swiss System
Based on Rating", approved by the 1992 General Assembly). Sources: the Italian
translation in ``../shared/seeds/002_9c93a740de659519.txt`` (A1-A8, B1-B6, C1-C14, D1-D2,
E1-E4, F2-F10) and the Spanish Manila text ``004_f1b52ef6d53ea0ba.txt`` (A1-A7). Both are
OCR'd; where a passage is missing or garbled, the English text of the same articles
was read (FIDE Handbook C.04.1 "Swiss System Based on Rating", as published after the
1997/1998 General Assemblies, whose A-D and F keep the structure and, where compared,
the wording of the seeds), and the reading taken is stated where it is used, with its
article.

There is no optimiser for this edition: the text is a procedure, and this module runs it
step by step, C1 to C14, with the fall-backs in the text's order.

What the text says, and where it is implemented
-----------------------------------------------

======  ==================================================================  ==========================
art.    rule                                                                here
======  ==================================================================  ==========================
A2      pairing order: score, then rating (the pairing numbers)             :func:`tabellone.rules.fide_common.entrants`
A3      homogeneous / heterogeneous score brackets; remainder; >= half MDPs  :class:`_Bracket`
A4, A5  floats: the higher player of an unequal pair floats down, the lower  :func:`floats_1992`
        up; the bye is a downfloat
A6      S1, S2 and p                                                        :class:`_Bracket`
A7      colour difference and preference (absolute, strong, mild)           :mod:`tabellone.core.model`
A8      x, the pairings allowed not to meet every colour preference        :func:`A8_x`
B1a     no rematch (absolute)                                               :func:`B1_no_rematch`
B1b     no bye after a point scored without playing (absolute)              :func:`B1_bye_eligible`
B2      |colour difference| <= 2 and no colour three times running          :func:`B2_colours`,
        (absolute)                                                          :func:`B2_breaks`
B3      score differences as small as possible                              the procedure's structure
B4      colour preferences, at most x pairings without                      :func:`B4_colour_conflict`
B5, B6  no identical float as the round before / two rounds before          :func:`B5_B6_float_ok`
C1-C14  the pairing procedure                                               :class:`_Bracket`, :func:`_pair`
D1      transpositions of S2                                                :func:`transpositions`
D2      exchanges between S1 and S2                                         :func:`exchanges`
E1-E4   colour allocation                                                   :func:`E_colour`
F1      board order (English text; not in the Italian seed)                 :func:`tabellone.rules.fide_common.board_order`
F2, F3  unplayed games do not count for colours (aligned from the end)      :mod:`tabellone.core.model`
F4      round 1: one bracket, 1 meets p+1, the last player gets the bye     the procedure
======  ==================================================================  ==========================

Readings of the text
--------------------

Each is stated again where it is used.

* **B2** is missing from the Italian seed (its OCR dropped the article) and the Spanish
  one stops at A7: the English text reads "B2 a. No player's colour difference will
  become > +2 or < -2. b. No player will receive the same colour three times in row."
  Colours are allocated after the pairing (E), so on a pair B2 forbids exactly two
  players with the same absolute preference (A7a): either would break it with the other
  colour. The note "B2, B5 and B6 do not apply when pairing players with a score of over
  50% in the last round" lifts B2 for such a player: a pair of two absolute preferences
  is allowed when one of them is such a player, who then takes the other colour.
* **C1** lost two of its three cases in the Italian seed; the English text: "if this
  player was moved down from a higher score bracket apply C12; if this score bracket is
  the lowest one apply C13; in all other cases: move this player down".
* **C6** accepts "p pairings obtained in compliance with B1 and B2" (both texts). Read
  literally, B4-B6 would never be consulted and C9-C11, which relax only them, could
  never change anything; section B says the relative criteria "should be fulfilled as
  much as possible. To comply with these criteria, transpositions or even exchanges may
  be applied". So C6 accepts a candidate that meets B1, B2 and the relative criteria
  still in force (B4 with the current x; B5 and B6 unless C9/C10 dropped them).
* **B4** "x is deducted by one each time a colour preference cannot be granted": a
  candidate meets B4 when at most x of its pairs are between two players preferring the
  same colour. A8 can give x < 0 when players have no preference yet (round 1, late
  entrants): x is then 0.
* **D1/D2** (the tables are garbled in the Italian seed; the English text gives two 3x3
  matrices for S1 = 1-4, S2 = 5-8). D1: transpositions in lexicographic order of S2;
  only the first p places of S2 meet S1, so transpositions that differ only after them
  give the same pairing and are one candidate. D2: exchanges of one player first, then
  two, ...; within a size, the smallest difference between the sums of the numbers
  exchanged, then "the one concerning the lowest player of S1". The matrices list
  exchanges among players 2-4 and 5-7 only; the rule they illustrate is applied to
  every player of S1 and S2 (the matrices' order is a subsequence of it, as the tests
  check), and with equal S1 players the S2 set holding the higher-ranked player comes
  first (the text is silent there).
* **Floats** (A4, A5): written on the pairing card when the pairing is made: a paired
  game (played or forfeited) between unequal scores, and the bye. In a bracket, B5/B6
  "for downfloats" concern the residents left unpaired (they move down: C6, C14) and the
  player left for the bye in the lowest bracket; a moved-down player's downfloat was
  judged when it was moved. "For upfloats" concern the lower player of an unequal pair.
* **C10** (remainder cannot be paired): the lowest moved-down player gets a different
  opponent by the next transpositions that keep the other moved-down players' opponents;
  if none lets the remainder be paired, B6, then B5, are dropped for upfloats and the
  bracket restarts at C2. The English text sets the second sentence ("If no alternative
  pairing for this player exists then drop criterion B6 first and then B5 for upfloats
  and restart at C2") under the remainder case; it is applied too when the moved-down
  players themselves cannot all be paired (then no alternative exists either). Read
  only under the remainder case, an upfloat criterion could never be dropped there and
  C12-C14 would move players down for a relative criterion, which section B forbids
  ("no player should be moved down to a lower score bracket").
* **x in a heterogeneous bracket** (C2) is that of the whole bracket, and B4 counts the
  pairs of the moved-down players; the remainder has its own x (C6: "start at C2 with
  the homogeneous remainder group").
* **C11, C14 in a remainder** act on the remainder's x and p; the remainder is formed
  again after each new pairing of the moved-down players (C6 sends it to C2), so their
  effect is kept as an offset to its A8/A6 values (otherwise C2 would undo them and the
  procedure would not end). After C10 found no alternative, C14 works with the
  moved-down players paired as C6 first paired them.
* **Dropped criteria** stay dropped for the rest of the bracket (the text never
  restores them); the next bracket starts with all of them.
* **C12** ("a pairing can be made in the previous bracket whereby another player will
  be moved down ... and this now allows p pairings"): the previous bracket's next
  candidates, under the criteria it was paired with, that move down another set of
  players with which the current bracket can make its p pairings under its current
  criteria. The current bracket is then paired again from C1. C12 applies to a bracket
  holding moved-down players; if it finds nothing, a moved-down player C1 found without
  opponent is moved down further (C1's "all other cases").
* **C13**: the penultimate bracket's next candidates (through its own fall-backs, down
  to p = 0, which moves it down whole: "the two lowest score brackets are joined") are
  tried, each followed by the lowest bracket's procedure; then the bracket above it, and
  so on. In the lowest bracket C14 never applies (it would leave more than the bye).
* **Byes** (A5, B1b): the player left over in the lowest bracket; a player who already
  had a bye or a forfeit win may not take it (as the 2017 Dutch C.2 reads the same
  words). Players absent or on a pre-assigned bye are not paired (F5).
* **Colours** (E): E1-E4 as written. Two players without any colour history: the lot
  of A7 gives the top-ranked player the initial colour, and round 1 alternates it down
  the boards (the higher player of each pair: initial colour on odd pairing numbers).

The search
----------

The candidates of a bracket can be very many, and the text's fall-backs (C9-C14) start
only when *no* candidate complies. Two exact tests keep this finite and fast without
changing a choice: before the transpositions of one exchange (or of the moved-down
players) are walked, and at each step of the walk, a minimum-cost assignment tells
whether any completion complies (B1, B2, the float criteria, and at most x colour
conflicts); over all exchanges of a homogeneous group at once, a matching tells whether
any candidate complies. Subtrees without a compliant candidate are skipped; the first
compliant candidate in the text's order is the one the text takes. ``budget`` bounds the
steps one bracket (with its C12/C13 work) may take.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.model import BLACK, WHITE, Float, RoundState, Tournament, named, opposite, pab_receivers
from tabellone.core.pairing import Pairing, Violation, attendance_violations
from tabellone.matching.backends import max_weight_matching
from tabellone.rules.comparison import BracketValues
from tabellone.rules.fide_common import (
    ByeRule,
    C1_no_rematch,
    C3_absolute_colours,
    Entrant,
    board_order,
    brackets_of_pairing,
    effective_ranks,
    entrants,
    higher_ranked,
    infer_initial_colour,
    rematch_violation,
    round_to_pair,
    scoregroups,
)

EDITION = "1992"
DEFAULT_BUDGET = 400_000

#: Counters of the last calls, for tests: brackets, and how often each fall-back ran.
STATS: dict[str, int] = {}


def _count(key: str, k: int = 1) -> None:
    STATS[key] = STATS.get(key, 0) + k


class LiteralBudgetExceeded(NoPairingError):
    """A bracket needs more steps than the literal budget allows."""


# ======================================================================================
# A4, A5: floats as the 1992 text writes them on the pairing card


def floats_1992(t: Tournament, state: RoundState) -> dict[int, tuple[Float | None, ...]]:
    """Each player's float in rounds ``1 .. r-1`` (A4, A5): in a paired game (played or
    forfeited, A4 marks the card when pairing) between unequal scores the higher player
    floats down and the lower up; the pairing-allocated bye is a downfloat; nothing else
    floats. Scores are those before the round (virtual points included, as the pairing
    score)."""
    r = state.round
    before: dict[int, list[Fraction]] = {}
    for p in t.players:
        s, seq = Fraction(0), []
        for k in range(1, r):
            seq.append(s + t.virtual_points_for(k).get(p.id, Fraction(0)))
            s += t.points_in_round(p, k)
        before[p.id] = seq
    pab = {k: set(pab_receivers(t, k)) for k in range(1, r)}
    out: dict[int, tuple[Float | None, ...]] = {}
    for p in t.players:
        fl: list[Float | None] = []
        for k in range(1, r):
            e = p.entry(k)
            if e.is_game and e.opponent in before:
                mine, theirs = before[p.id][k - 1], before[e.opponent][k - 1]
                fl.append(Float.DOWN if mine > theirs else Float.UP if mine < theirs else None)
            elif p.id in pab[k]:
                fl.append(Float.DOWN)
            else:
                fl.append(None)
        out[p.id] = tuple(fl)
    return out


# ======================================================================================
# B: the pairing criteria


def B1_no_rematch(a: Entrant, b: Entrant, state: RoundState) -> bool:
    """B1a: two players shall not meet more than once (forfeits are not meetings,
    prohibited pairs count as met: as in every FIDE system here)."""
    return C1_no_rematch(a, b, state)


def B1_bye_eligible(e: Entrant) -> bool:
    """B1b: "a player who has received a point without playing, either through a bye or
    due to an opponent not appearing in time, shall not receive a bye"."""
    return not e.state.won_pab_or_forfeit


#: B1b's reading of the earlier rounds, for its message (the round of the bye or of the
#: forfeit win that bars another): the point of a PAB or of a forfeit win bars.
B1B_RULE = ByeRule("B1b", any_pab=False, forfeit_win=True, win_unplayed=False)


def B2_colours(a: Entrant, b: Entrant, last_round: bool) -> bool:
    """B2 on a pair: some colour allocation keeps both within B2 (no |colour difference|
    above 2, no colour three times running), i.e. not two absolute preferences (A7a) for
    the same colour; in the last round a player above 50% is not protected by B2 (note
    to B), so such a pair is allowed when one of them is that player."""
    return C3_absolute_colours(a, b, last_round)


def B2_breaks(
    e: Entrant, colour: str, round_number: int | None = None, t: Tournament | None = None
) -> Violation | None:
    """Why giving ``colour`` to ``e`` breaks B2, or None."""
    cd = e.cd + (1 if colour == WHITE else -1)
    if abs(cd) > 2:
        return Violation.headed(
            "B2a",
            f"the colour difference of {named(t, e.id)} would become {cd:+d}",
            players=(e.id,),
            round=round_number,
        )
    if len(e.colours) >= 2 and e.colours[-1] == e.colours[-2] == colour:
        body = f"{named(t, e.id)} would have {'White' if colour == WHITE else 'Black'} three times running"
        return Violation.headed("B2b", body, players=(e.id,), round=round_number)
    return None


def A8_x(players: list[Entrant]) -> int:
    """A8: w and b players preferring White and Black, q half the bracket rounded up;
    x = b - q if b > w, else w - q. Players without a preference count in neither; a
    negative x (possible only then) is 0."""
    w = sum(1 for e in players if e.pref == WHITE)
    b = sum(1 for e in players if e.pref == BLACK)
    q = (len(players) + 1) // 2
    return max(0, (b if b > w else w) - q)


def B4_colour_conflict(a: Entrant, b: Entrant) -> bool:
    """B4: the pair cannot grant both colour preferences (both prefer the same colour)."""
    return a.pref is not None and a.pref == b.pref


def B5_B6_float_ok(fl1: Float | None, fl2: Float | None, new: Float, dropped: frozenset[str] | set[str]) -> bool:
    """B5 (no identical float as the round before) and B6 (as two rounds before) for a
    player about to receive ``new``, unless C9 (downfloats) or C10 (upfloats) dropped
    them: ``dropped`` holds 'B5d', 'B6d', 'B5u', 'B6u'."""
    tag = "d" if new is Float.DOWN else "u"
    if fl1 is new and "B5" + tag not in dropped:
        return False
    if fl2 is new and "B6" + tag not in dropped:
        return False
    return True


# ======================================================================================
# D1, D2: the order of transpositions and exchanges


def transpositions(s2: list[int], p: int) -> Iterator[tuple[int, ...]]:
    """D1: the transpositions of S2 in ascending order ("put all numbers constructable
    with the digits 5, 6, 7 and 8 in ascending order"), as the first ``p`` players of
    each (the ones that meet S1); ``s2`` in A2 order."""
    return itertools.permutations(s2, p)


def exchange_key(down: tuple[int, ...], up: tuple[int, ...]) -> tuple:
    """D2: the sort key of an exchange moving ``down`` (numbers of S1) to S2 and ``up``
    (numbers of S2) to S1: fewer players first (the matrices: one player a-i, then two
    j-r); the smallest difference between the numbers exchanged (for several players,
    of their sums: j = 5+6 - (3+4) = 4 comes before k and l = 5); equal differences:
    "the one concerning the lowest player of S1" (k = 3+4 before l = 2+4: compare the
    S1 players from the lowest up); then (the text is silent) the S2 set holding the
    higher-ranked player."""
    d = sorted(down, reverse=True)
    u = sorted(up)
    return (len(d), sum(u) - sum(d), tuple(-x for x in d), tuple(u))


def exchanges(
    s1: list[int], s2: list[int], guard: Callable[[int], None] | None = None
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """D2: every exchange between S1 and S2 (numbers), in order; first the empty one.
    ``guard`` is told the size of each batch (exchanges of k players) before it is made."""
    yield (), ()
    for k in range(1, min(len(s1), len(s2)) + 1):
        if guard is not None:
            guard(comb(len(s1), k) * comb(len(s2), k))
        batch = [(a, b) for a in itertools.combinations(s1, k) for b in itertools.combinations(s2, k)]
        batch.sort(key=lambda ab: exchange_key(*ab))
        yield from batch


# ======================================================================================
# E: colours


def E_colour(a: Entrant, b: Entrant, initial: str, last_round: bool) -> tuple[str, str]:
    """The colour of ``a`` against ``b`` and the article that gives it (E1-E4).

    B2 is absolute and comes first: two absolute preferences for one colour meet only
    when one of them is a player over 50% in the last round (:func:`B2_colours`); the
    other, whom B2 still protects, gets the colour. E1 grant both preferences (one
    preference alone is granted); E2 the stronger one; E3 alternate to the most recent
    round in which they had different colours (played games only, aligned from the end:
    F2, F3); E4 the higher-ranked player's preference. Neither has a preference (no game
    yet): the lot of A7 gives the top-ranked player the initial colour, and it alternates
    down the pairing numbers (reading: round 1 alternates it down the boards)."""
    if a.pref is not None and a.pref == b.pref and a.absolute and b.absolute:
        ea, eb = last_round and a.topscorer, last_round and b.topscorer
        if ea != eb:
            return (a.pref if eb else opposite(a.pref)), "B2"
    if a.pref is None and b.pref is None:
        top = higher_ranked(a, b)
        colour = initial if top.rank % 2 == 0 else opposite(initial)
        return (colour if top is a else opposite(colour)), "A7"
    if a.pref != b.pref:
        return (a.pref if a.pref is not None else opposite(b.pref)), "E1"
    if a.strength != b.strength:
        return (a.pref if a.strength > b.strength else opposite(b.pref)), "E2"
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return cb, "E3"
    top = higher_ranked(a, b)
    return (a.pref if top is a else opposite(b.pref)), "E4"


# ======================================================================================
# exact tests: a minimum-cost assignment and a general matching

_BIG = 1 << 20


def _assignment_cost(cost: list[list[int]]) -> int:
    """Minimum total of a perfect assignment of the square matrix ``cost`` (Hungarian
    method with potentials); >= ``_BIG`` when every assignment uses a forbidden cell."""
    n = len(cost)
    if n == 0:
        return 0
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    match = [0] * (n + 1)
    way = [0] * (n + 1)
    inf = _BIG * (n + 2)
    for i in range(1, n + 1):
        match[0] = i
        j0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = match[j0]
            row = cost[i0 - 1]
            ui0 = u[i0]
            delta, j1 = inf, 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = row[j - 1] - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while True:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
            if j0 == 0:
                break
    return sum(cost[match[j] - 1][j - 1] for j in range(1, n + 1))


# ======================================================================================
# the round


@dataclass
class _Round:
    t: Tournament
    state: RoundState
    P: list[Entrant]
    last_round: bool
    budget: int
    no_bye: frozenset[int] = frozenset()
    label: str = ""
    compat: list[list[bool]] = field(default_factory=list)
    bye_ok: list[bool] = field(default_factory=list)
    fl1: list[Float | None] = field(default_factory=list)
    fl2: list[Float | None] = field(default_factory=list)
    exempt: list[bool] = field(default_factory=list)
    used: int = 0
    current: str = ""

    def __post_init__(self) -> None:
        P, n = self.P, len(self.P)
        self.compat = [[False] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                ok = B1_no_rematch(P[i], P[j], self.state) and B2_colours(P[i], P[j], self.last_round)
                self.compat[i][j] = self.compat[j][i] = ok
        self.bye_ok = [B1_bye_eligible(e) and e.id not in self.no_bye for e in P]
        floats = floats_1992(self.t, self.state)
        self.fl1 = [floats[e.id][-1] if len(floats[e.id]) >= 1 else None for e in P]
        self.fl2 = [floats[e.id][-2] if len(floats[e.id]) >= 2 else None for e in P]
        # note to B: B5 and B6 do not apply to players over 50% in the last round
        self.exempt = [self.last_round and e.topscorer for e in P]

    def tick(self, k: int = 1) -> None:
        self.used += k
        if self.used > self.budget:
            raise LiteralBudgetExceeded(
                f"{self.label}{self.current} exceeds the literal budget of {self.budget} steps of the 1992 procedure; "
                "raise the budget or pair with the 2017 or 2026 edition"
            )

    def complete_pairing_exists(self) -> bool:
        """Whether B1, B2 and B1b allow any pairing of the whole round."""
        n = len(self.P)
        edges = [(i, j, 1) for i in range(n) for j in range(i + 1, n) if self.compat[i][j]]
        vs = n
        if n % 2:
            edges += [(i, n, 1) for i in range(n) if self.bye_ok[i]]
            vs += 1
        mate = max_weight_matching(vs, edges, max_cardinality=True) if edges else {}
        return len(mate) == vs


@dataclass(frozen=True)
class _Cand:
    """A candidate of a bracket: its pairs, and the players it moves down (in the lowest
    bracket: the one left for the bye); ``level`` names the criteria it complied with."""

    pairs: tuple[tuple[int, int], ...]
    left: tuple[int, ...]
    level: tuple = ()


class _Stage:
    """C4-C8 for one group: S1 = its first ``p`` players, S2 the rest (A6, C4, C5), the
    transpositions of S2 (D1, C7) and, in a homogeneous group, the exchanges (D2, C8); the
    candidates that comply (C6), in the text's order."""

    def __init__(self, br: _Bracket, players: list[int], p: int, x: int, *, homogeneous: bool) -> None:
        self.br = br
        self.r = br.r
        self.players = players
        self.p = p
        self.x = x
        self.homogeneous = homogeneous
        self._memo: dict = {}

    # ---- one pair, one player moved down --------------------------------------------

    def ok(self, a: int, b: int) -> bool:
        """B1, B2 and, for an unequal pair, B5/B6 for the lower player's upfloat."""
        r = self.r
        if not r.compat[a][b]:
            return False
        sa, sb = r.P[a].score, r.P[b].score
        if sa != sb:
            lo = b if sa > sb else a
            if not r.exempt[lo] and not B5_B6_float_ok(r.fl1[lo], r.fl2[lo], Float.UP, self.br.dropped):
                return False
        return True

    def left_ok(self, v: int) -> bool:
        """A player left unpaired by a homogeneous group: moved down (a downfloat, B5/B6,
        for a resident of the bracket; a moved-down player already floats down), or in
        the lowest bracket the bye (B1b absolute; A5: a downfloat)."""
        r, br = self.r, self.br
        if not self.homogeneous:
            return True
        if br.lowest and not r.bye_ok[v]:
            return False
        if v in br.mdp_set or r.exempt[v]:
            return True
        return B5_B6_float_ok(r.fl1[v], r.fl2[v], Float.DOWN, br.dropped)

    def conflict(self, a: int, b: int) -> int:
        return int(B4_colour_conflict(self.r.P[a], self.r.P[b]))

    # ---- exact tests -------------------------------------------------------------------

    def min_cost(self, rows: tuple[int, ...], cols: frozenset[int]) -> int:
        """The fewest colour conflicts (B4) with which every player of ``rows`` meets a
        player of ``cols`` under B1, B2, B5/B6, the others of ``cols`` being left over
        (``_BIG`` or more: impossible)."""
        key = (rows, cols)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self.r.tick()
        cl = sorted(cols)
        if len(rows) > len(cl):
            self._memo[key] = _BIG
            return _BIG
        cost = []
        for a in rows:
            row = [self.conflict(a, b) if self.ok(a, b) else _BIG for b in cl]
            if min(row, default=_BIG) >= _BIG:
                self._memo[key] = _BIG
                return _BIG
            cost.append(row)
        free = [0 if self.left_ok(b) else _BIG for b in cl]
        must = sum(1 for f in free if f)
        if must > len(rows):
            self._memo[key] = _BIG
            return _BIG
        cost += [free] * (len(cl) - len(rows))
        value = _assignment_cost(cost)
        self._memo[key] = value
        return value

    def any_candidate(self) -> bool:
        """Over all exchanges and transpositions of a homogeneous group, whether some
        candidate complies: every way of making p pairs in the group is one of them (any
        p-subset is the S1 of one exchange, any assignment one transposition)."""
        r = self.r
        G = self.players
        n = len(G)
        extra = n - 2 * self.p
        if extra < 0:
            return False
        r.tick()
        edges = []
        for i in range(n):
            for j in range(i + 1, n):
                if self.ok(G[i], G[j]):
                    edges.append((i, j, 2 - self.conflict(G[i], G[j])))
        for k in range(extra):
            edges += [(i, n + k, 2) for i in range(n) if self.left_ok(G[i])]
        total = n + extra
        if total == 0:
            return True
        mate = max_weight_matching(total, edges, max_cardinality=True) if edges else {}
        if len(mate) != total:
            return False
        conflicts = sum(self.conflict(G[i], G[m]) for i, m in mate.items() if i < m < n)
        return conflicts <= self.x

    # ---- the candidates ------------------------------------------------------------------

    def candidates(
        self, prefix: tuple[tuple[int, int], ...] = ()
    ) -> Iterator[tuple[tuple[tuple[int, int], ...], tuple[int, ...]]]:
        """(pairs, players left) of every complying candidate, in the text's order. With
        ``prefix`` (moved-down players only): only the transpositions whose first pairs
        are those."""
        G, p = self.players, self.p
        if not self.homogeneous:
            yield from self._walk(G[:p], G[p:], prefix)
            return
        if not self.any_candidate():
            return
        numbers = list(range(1, len(G) + 1))
        s1n, s2n = numbers[:p], numbers[p:]
        for down, up in exchanges(s1n, s2n, guard=self.r.tick):
            self.r.tick()
            new1 = sorted((set(s1n) - set(down)) | set(up))
            new2 = sorted((set(s2n) - set(up)) | set(down))
            yield from self._walk([G[k - 1] for k in new1], [G[k - 1] for k in new2], ())

    def _walk(self, s1: list[int], s2: list[int], prefix: tuple) -> Iterator:
        """C6/C7: S1[i] meets the i-th player of the transposition of S2, transpositions
        in D1 order; a step is taken only when some completion complies."""
        p = len(s1)
        if p > len(s2):
            return
        if self.min_cost(tuple(s1), frozenset(s2)) > self.x:
            return
        yield from self._step(s1, s2, 0, frozenset(), 0, (), prefix)

    def _step(self, s1, s2, i, used, cost, pairs, prefix) -> Iterator:
        if i == len(s1):
            yield pairs, tuple(y for y in s2 if y not in used)
            return
        a = s1[i]
        for y in s2:
            if y in used:
                continue
            if i < len(prefix) and prefix[i] != (a, y):
                continue
            self.r.tick()
            if not self.ok(a, y):
                continue
            c = cost + self.conflict(a, y)
            if c > self.x:
                continue
            rest = frozenset(z for z in s2 if z not in used and z != y)
            if c + self.min_cost(tuple(s1[i + 1 :]), rest) > self.x:
                continue
            yield from self._step(s1, s2, i + 1, used | {y}, c, pairs + ((a, y),), prefix)


class _Bracket:
    """One score bracket paired by C1-C14: moved-down players (MDPs) and residents.

    :meth:`next` gives the first candidate the procedure accepts; called again, the next
    one the procedure would reach if the accepted one were rejected (what C12 and C13 ask
    of a previous bracket), through the fall-backs C9-C14; None when the procedure ends
    (the lowest bracket at C13, or every candidate given)."""

    def __init__(
        self,
        rnd: _Round,
        mdps: list[int],
        residents: list[int],
        *,
        lowest: bool,
        hook: Callable[[_Bracket], list[int] | None] | None,
    ) -> None:
        self.r = rnd
        self.P = rnd.P
        self.residents0 = list(residents)
        self.score = self.P[residents[0]].score
        self.lowest = lowest
        self.hook = hook
        self.dropped: set[str] = set()
        self.rem_bonus = 0  # C11 in a remainder
        self.rem_pdec = 0  # C14 in a remainder
        self.rem_xdec = 0
        self._set_mdps(mdps)
        self._buffer: list[_Cand] = []
        self._gen = self._procedure()

    def _set_mdps(self, mdps: list[int]) -> None:
        self.mdps_in = sorted(mdps)
        self.mdps = sorted(mdps)
        self.mdp_set = set(self.mdps)
        self.res = list(self.residents0)
        self.c1_down: list[int] = []

    def players(self) -> list[int]:
        return sorted(self.mdps + self.res)  # A2: positions in P are the pairing order

    def next(self) -> _Cand | None:
        if self._buffer:
            return self._buffer.pop()
        self.r.current = (
            f"the {_fmt(self.score)}-point bracket (players {', '.join(str(self.P[i].id) for i in self.players())})"
        )
        return next(self._gen, None)

    def push_back(self, c: _Cand) -> None:
        self._buffer.append(c)

    # ---- C1 -------------------------------------------------------------------------------

    def _unpairable(self) -> list[int]:
        G = self.players()
        return [a for a in G if not any(self.r.compat[a][b] for b in G if b != a)]

    # ---- C12 test: can the bracket make its p pairings with these MDPs? ----------------

    def can_pair_with(self, mdps: list[int]) -> bool:
        saved = (self.mdps_in, self.mdps, self.mdp_set, self.res, self.c1_down)
        try:
            self._set_mdps(mdps)
            G = self.players()
            if any(a in self.mdp_set for a in self._unpairable()):
                return False
            hetero = 0 < 2 * len(self.mdps) < len(G)
            p = len(self.mdps) if hetero else len(G) // 2
            # after C11 every pairing may miss colour preferences: x = p
            stage = _Stage(self, G, p, p, homogeneous=not hetero)
            if hetero:
                return stage.min_cost(tuple(G[:p]), frozenset(G[p:])) < _BIG
            return stage.any_candidate()
        finally:
            self.mdps_in, self.mdps, self.mdp_set, self.res, self.c1_down = saved

    # ---- the procedure ----------------------------------------------------------------------

    def _procedure(self) -> Iterator[_Cand]:
        seen: set = set()

        def fresh(pairs, left) -> _Cand | None:
            key = (frozenset(frozenset(pr) for pr in pairs), frozenset(left))
            if key in seen:
                return None
            seen.add(key)
            return _Cand(tuple(pairs), tuple(sorted(left)), level)

        level: tuple = ()
        while True:  # C1 (again after C12 changed the moved-down players)
            _count("brackets")
            unpairable = self._unpairable()
            restart = False
            if unpairable:
                if any(u in self.mdp_set for u in unpairable) and self.hook is not None:
                    _count("C12")
                    new = self.hook(self)  # C1: a moved-down player -> C12
                    if new is not None:
                        self._set_mdps(new)
                        continue
                if self.lowest:
                    # A5: with an odd number of players one is left for the bye; a single
                    # player without opponent who may take it is no obstacle
                    tolerated = len(self.players()) % 2 == 1 and len(unpairable) == 1 and self.r.bye_ok[unpairable[0]]
                    if not tolerated:
                        _count("C13")
                        return  # C1 -> C13
                else:
                    self.c1_down = sorted(unpairable)  # C1: move down
                    self.res = [v for v in self.res if v not in unpairable]
                    self.mdps = [v for v in self.mdps if v not in unpairable]
                    self.mdp_set = set(self.mdps)
            label = "C2"
            G: list[int] = []
            hetero = False
            x0 = x = p = 0
            while True:
                if label == "C2":
                    G = self.players()
                    hetero = 0 < 2 * len(self.mdps) < len(G)  # A3: at least half moved down: homogeneous
                    x0 = A8_x([self.P[i] for i in G])
                    x = x0
                    label = "C3"
                if label == "C3":
                    p = len(self.mdps) if hetero else len(G) // 2  # A6
                    label = "C4"
                level = (frozenset(self.dropped), x, p, self.rem_bonus, self.rem_pdec, self.rem_xdec)
                if not G:
                    c = fresh((), self.c1_down)
                    if c is not None:
                        yield c
                    return
                # C4-C8
                if not hetero:
                    stage = _Stage(self, G, p, x, homogeneous=True)
                    for pairs, left in stage.candidates():
                        c = fresh(pairs, list(left) + self.c1_down)
                        if c is not None:
                            yield c
                else:
                    outcome = yield from self._heterogeneous(G, p, x, fresh)
                    if outcome == "end":
                        return
                    if outcome in ("C2", "C3"):
                        label = outcome
                        continue
                # C9: drop B6, then B5, for downfloats
                if "B6d" not in self.dropped:
                    self.dropped.add("B6d")
                    _count("C9")
                    label = "C4"
                    continue
                if "B5d" not in self.dropped:
                    self.dropped.add("B5d")
                    _count("C9")
                    label = "C4"
                    continue
                # C10: the moved-down players themselves cannot all be paired, so "no
                # alternative pairing exists": B6, then B5, dropped for upfloats (the
                # remainder's case, another opponent first, is in _heterogeneous)
                if self.mdps:
                    if "B6u" not in self.dropped:
                        self.dropped.add("B6u")
                        _count("C10")
                        label = "C2"
                        continue
                    if "B5u" not in self.dropped:
                        self.dropped.add("B5u")
                        _count("C10")
                        label = "C2"
                        continue
                # C11
                if x < p:
                    x += 1
                    _count("C11")
                    label = "C3"
                    continue
                # C12: a bracket holding moved-down players
                if self.mdps and self.hook is not None:
                    _count("C12")
                    new = self.hook(self)
                    if new is not None:
                        self._set_mdps(new)
                        restart = True
                        break
                # C13
                if self.lowest:
                    _count("C13")
                    return
                # C14
                _count("C14")
                p -= 1
                if x0 > 0:
                    x = max(0, x - 1)
                if p > 0:
                    label = "C4"
                    continue
                level = (frozenset(self.dropped), x, 0, self.rem_bonus, self.rem_pdec, self.rem_xdec)
                c = fresh((), G + self.c1_down)  # p = 0: the whole bracket moves down
                if c is not None:
                    yield c
                return
            if restart:
                continue

    def _heterogeneous(self, G, p, x, fresh) -> Iterator[_Cand]:
        """C6 for a heterogeneous bracket: the moved-down players (S1) meet S2 by the
        transpositions of D1; the rest is the remainder, a homogeneous group paired from
        C2 (A3), with its own fall-backs C9-C11, C13, C14, and C10 (a different opponent
        for the lowest moved-down player, then B6 and B5 dropped for upfloats). Returns
        where the bracket goes on: 'C9' (no pairing of the moved-down players: the
        bracket's fall-backs), 'C2', 'C3' (restart), 'end' (C13, or every candidate given)."""
        tstage = _Stage(self, G, p, x, homogeneous=False)
        tgen = tstage.candidates()
        first = next(tgen, None)
        if first is None:
            return "C9"
        t_c6 = first[0]  # the moved-down players as C6 paired them
        t_cur = t_c6
        alternatives: Iterator | None = None
        while True:
            paired = {v for pr in t_cur for v in pr}
            rem = [v for v in G if v not in paired]
            rx0 = A8_x([self.P[i] for i in rem])
            x2 = max(0, rx0 + self.rem_bonus - self.rem_xdec)
            p2 = max(0, len(rem) // 2 - self.rem_pdec)
            level = (frozenset(self.dropped), x, p, self.rem_bonus, self.rem_pdec, self.rem_xdec)
            rstage = _Stage(self, rem, p2, x2, homogeneous=True)
            for pairs, left in rstage.candidates():
                c = fresh(t_cur + pairs, list(left) + self.c1_down)
                if c is not None:
                    yield _Cand(c.pairs, c.left, level)
            # the remainder cannot be paired (or every candidate was given): C9
            if "B6d" not in self.dropped:
                self.dropped.add("B6d")
                _count("C9")
                continue
            if "B5d" not in self.dropped:
                self.dropped.add("B5d")
                _count("C9")
                continue
            # C10: another opponent for the lowest moved-down player paired
            if alternatives is None:
                alternatives = self._alternatives(tstage, t_c6)
            nxt = next(alternatives, None)
            if nxt is not None:
                _count("C10")
                t_cur = nxt
                continue
            if "B6u" not in self.dropped:
                self.dropped.add("B6u")
                _count("C10")
                return "C2"
            if "B5u" not in self.dropped:
                self.dropped.add("B5u")
                _count("C10")
                return "C2"
            # C11 (remainder): x of the remainder up by one, the moved-down players unpaired
            if x2 < p2:
                self.rem_bonus += 1
                _count("C11")
                return "C3"
            # C12 does not apply to a remainder (A3: homogeneous); C13
            if self.lowest:
                _count("C13")
                return "end"
            # C14 (remainder), with the moved-down players as C6 paired them
            _count("C14")
            self.rem_pdec += 1
            if rx0 > 0:
                self.rem_xdec += 1
            t_cur = t_c6
            alternatives = None
            paired = {v for pr in t_c6 for v in pr}
            rem = [v for v in G if v not in paired]
            if len(rem) // 2 - self.rem_pdec > 0:
                continue
            c = fresh(t_c6, rem + self.c1_down)  # p = 0: the remainder moves down
            if c is not None:
                yield _Cand(
                    c.pairs, c.left, (frozenset(self.dropped), x, p, self.rem_bonus, self.rem_pdec, self.rem_xdec)
                )
            return "C9"

    def _alternatives(self, tstage: _Stage, t_c6: tuple) -> Iterator[tuple]:
        """C10: the complying transpositions after ``t_c6`` that keep every moved-down
        player's opponent but the lowest one's (the next ones in D1 order)."""
        past = False
        for pairs, _ in tstage.candidates(prefix=t_c6[:-1]):
            if pairs == t_c6:
                past = True
                continue
            if past:
                yield pairs


def _fmt(score: Fraction) -> str:
    return str(score.numerator) if score.denominator == 1 else f"{float(score):g}"


def _pair(rnd: _Round) -> tuple[list[tuple[int, int]], int | None]:
    """Score brackets from the top (C, introduction), each by C1-C14; C12 and C13 go
    back to the brackets already paired."""
    P = rnd.P
    groups = scoregroups(P)
    records: list[tuple[_Bracket, _Cand]] = []

    def c12(br: _Bracket) -> list[int] | None:
        """C12: undo the previous bracket; a pairing of it that moves down another
        player and lets this bracket make its p pairings is accepted."""
        if not records:
            return None
        prev, accepted = records[-1]
        old = set(br.mdps_in)
        label = rnd.current
        try:
            while True:
                c = prev.next()
                if c is None:
                    return None
                if c.level != accepted.level:
                    prev.push_back(c)
                    return None
                if set(c.left) == old:
                    continue
                if br.can_pair_with(list(c.left)):
                    _count("C12 accepted")
                    records[-1] = (prev, c)
                    return list(c.left)
        finally:
            rnd.current = label

    mdps: list[int] = []
    lowest_result: tuple[_Bracket, _Cand] | None = None
    for gi, group in enumerate(groups):
        lowest = gi == len(groups) - 1
        rnd.used = 0
        br = _Bracket(rnd, mdps, group, lowest=lowest, hook=c12)
        c = br.next()
        br.hook = None
        if c is None:
            if not lowest:  # pragma: no cover - a bracket above the lowest always ends at p = 0
                raise NoPairingError(f"{rnd.label}{rnd.current}: the procedure ended without a pairing")
            lowest_result = _c13(rnd, records, group)
            break
        if lowest:
            lowest_result = (br, c)
            break
        records.append((br, c))
        mdps = list(c.left)
    assert lowest_result is not None
    pairs = [pr for _, c in records for pr in c.pairs] + list(lowest_result[1].pairs)
    left = list(lowest_result[1].left)
    if len(left) > 1 or (left and len(P) % 2 == 0):
        raise NoPairingError(f"{rnd.label}players {', '.join(str(P[i].id) for i in left)} could not be paired")
    return pairs, (left[0] if left else None)


def _c13(rnd: _Round, records: list[tuple[_Bracket, _Cand]], lowest_residents: list[int]) -> tuple[_Bracket, _Cand]:
    """C13: the pairing of the penultimate bracket is undone and its next candidates
    tried, each with the lowest bracket's procedure; when p reaches 0 there (the whole
    bracket moves down, "the two lowest score brackets are joined") the bracket above
    becomes the penultimate one, and so on."""
    joined: list[int] = []
    tried: set[frozenset[int]] = set()
    while records:
        q, _ = records.pop()
        q.hook = None
        while True:
            c = q.next()
            if c is None:
                break
            mdps = sorted(set(c.left) | set(joined))
            key = frozenset(mdps)
            if key in tried:
                continue
            tried.add(key)
            _count("C13 trials")
            low = _Bracket(rnd, mdps, lowest_residents, lowest=True, hook=None)
            lc = low.next()
            if lc is not None:
                _count("C13 accepted")
                records.append((q, c))
                return low, lc
        joined = sorted(set(joined) | set(q.residents0))
    raise NoPairingError(
        f"{rnd.label}the procedure of the 1992 text (C13, every bracket joined with the lowest) finds no pairing"
    )


# ======================================================================================
# entry points


def pair_round_1992(
    t: Tournament,
    round_number: int | None = None,
    budget: int = DEFAULT_BUDGET,
    no_bye: frozenset[int] = frozenset(),
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the 1992 text, literally.
    ``no_bye`` bars players from the bye on top of B1b (used by ``explain``)."""
    state, players, initial = round_to_pair(t, round_number)
    r = state.round
    last = r == t.total_rounds
    rnd = _Round(t, state, players, last_round=last, budget=budget, no_bye=frozenset(no_bye), label=f"round {r}: ")
    if not players:
        return Pairing(round=r, pairs=[], bye=None)
    if not rnd.complete_pairing_exists():
        raise NoPairingError(f"round {r}: no pairing meets B1 and B2 (with the bye under B1b)")
    pair_idx, bye_idx = _pair(rnd)
    coloured = []
    for a, b in pair_idx:
        colour, _ = E_colour(players[a], players[b], initial, last)
        coloured.append((players[a], players[b]) if colour == WHITE else (players[b], players[a]))
    boards = board_order(coloured)  # F1
    return Pairing(
        round=r,
        pairs=[(w.id, b.id) for w, b in boards],
        bye=players[bye_idx].id if bye_idx is not None else None,
    )


def violations(t: Tournament, pairing: Pairing) -> list[Violation]:
    """Every absolute criterion of the 1992 text a proposed round breaks: everyone to be
    paired appears exactly once, B1a no rematch, B1b the bye, B2 the colours as given
    (a player over 50% in the last round is not protected by B2)."""
    state = t.state_before(pairing.round)
    players = {e.id: e for e in entrants(t, state)}
    last = state.total_rounds is not None and state.round == state.total_rounds
    problems, _ = attendance_violations(pairing, set(players), set(state.players), t)
    for w, b in pairing.pairs:
        if w == b or w not in players or b not in players:
            continue
        pw, pb = players[w], players[b]
        rematch = rematch_violation(pw, pb, state, "B1a", t)  # B1a is C1 of the later texts
        if rematch:
            problems.append(rematch)
        for e, colour in ((pw, WHITE), (pb, BLACK)):
            why = B2_breaks(e, colour, pairing.round, t)
            if why and not (last and e.topscorer):
                problems.append(why)
    if pairing.bye in players and not B1_bye_eligible(players[pairing.bye]):
        barred = B1B_RULE.violation(t, pairing.bye, pairing.round)  # names the round of the earlier point
        body = f"the bye goes to {named(t, pairing.bye)}, who already scored a point without playing"
        problems.append(barred or Violation.headed("B1b", body, players=(pairing.bye,), round=pairing.round))
    return problems


#: The relative criteria, for the verifier: (article, what is minimised).
QUALITY = [
    ("B3", "score differences of the pairs"),
    ("B4", "pairs that cannot grant both colour preferences"),
    ("B5", "players with the same float as the round before"),
    ("B6", "players with the same float as two rounds before"),
]


def evaluate(t: Tournament, pairing: Pairing):
    """The relative criteria B3-B6 of ``pairing``, bracket by bracket from the top,
    following the brackets the pairing itself makes (unpaired players move down). The
    1992 text does not optimise them (the first complying candidate is taken): the
    values only show where two pairings differ."""
    state = t.state_before(pairing.round)
    players = entrants(t, state)
    by_id = {e.id: e for e in players}
    floats = floats_1992(t, state)
    last = state.total_rounds is not None and state.round == state.total_rounds
    out = []
    for current, mdps, pairs, floaters in brackets_of_pairing(players, pairing.pairs):
        mdp_ids = {e.id for e in mdps}
        new: dict[int, Float] = {}
        for a, b in pairs:
            if a.score != b.score:
                hi, lo = (a, b) if a.score > b.score else (b, a)
                new[hi.id], new[lo.id] = Float.DOWN, Float.UP
        for e in floaters:
            if e.id not in mdp_ids:
                new[e.id] = Float.DOWN
        repeat = [0, 0]
        for pid, f in new.items():
            if last and by_id[pid].topscorer:
                continue
            hist = floats[pid]
            for k, back in enumerate((1, 2)):
                if len(hist) >= back and hist[-back] is f:
                    repeat[k] += 1
        values = {
            "B3": tuple(sorted((abs(a.score - b.score) for a, b in pairs), reverse=True)),
            "B4": sum(1 for a, b in pairs if B4_colour_conflict(a, b)),
            "B5": repeat[0],
            "B6": repeat[1],
        }
        out.append(BracketValues(current[-1].score, [e.id for e in current], values))
    return {}, out


def colour_article(t: Tournament, round_number: int, white: int, black: int) -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet, by E1-E4, and the article."""
    state = t.state_before(round_number)
    by_id = {e.id: e for e in entrants(t, state)}
    initial = t.initial_colour or infer_initial_colour(t, effective_ranks(t, state)) or WHITE
    last = state.total_rounds is not None and state.round == state.total_rounds
    colour, article = E_colour(by_id[white], by_id[black], initial, last)
    return (white if colour == WHITE else black), article


def reject_method(method: str | None) -> None:
    """Edition 1992 exists only as the text's procedure: ``method`` may be omitted or
    'literal'; 'optimised' is refused with a reason."""
    if method in (None, "literal"):
        return
    if method == "optimised":
        raise InputError(
            "the 1992 edition exists only as the literal procedure of its text (C1-C14); "
            "omit --method or use --method literal",
            field="--method",
        )
    raise InputError(f"unknown method {method!r}; expected optimised or literal", field="--method")
