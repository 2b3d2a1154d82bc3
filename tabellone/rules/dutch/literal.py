"""FIDE Dutch system (Handbook C.04.3) as the text reads: bracket by bracket, candidates in
the order the text generates them, each evaluated on the criteria, the first best one
taken. Editions "2026" (in force since 1 February 2026) and "2017" (Baku 2016 text with the
Goynuk 2017 additions, in force until 31 January 2026).

This module is a cross-check of :mod:`tabellone.rules.dutch`, the optimiser, which reaches the same
pairing through a maximum-weight matching. It shares with it only the model (entrants,
colour allocation and board order) and the criteria as the articles define them
(:mod:`tabellone.rules.dutch.criteria`); it never calls it.

How the text is followed
------------------------

* Brackets are paired from the top scoregroup down (2026 Art. 1.9.2; 2017 A.9). The
  unpaired players of a bracket are the moved-down players (MDPs) of the next one
  (2026 Art. 1.4.1; 2017 A.4.a).
* In each bracket the parameters of Art. 3.1 (2017 B.1) are computed: MaxPairs, M1 and
  the composition of the Limbo. The text defines them as optima ("the maximum number of
  pairs that can be produced", "see [C6]"); they are found with a maximum-weight matching
  whose only fields are the completion, the number of pairs and the paired MDPs by score.
* Candidates are then generated in the text's order (2026 Art. 3.3-3.7 and 4; 2017 B.3-B.7
  and D): the sets of pairable MDPs (4.4.2 / D.3), for each the transpositions of S2 that
  make the MDP-Pairing (4.2 / D.1), for each the remainder's resident exchanges (4.3 / D.2)
  and within each exchange the transpositions of S2R. A homogeneous bracket is a
  remainder without MDP-Pairing.
* Each candidate is evaluated on every criterion: the look-ahead ones by a method per
  article (``C6_...``, ``C8_...`` and so on, below), the others as the sum of their parts
  on its pairs and downfloaters (:mod:`tabellone.rules.dutch.criteria`, found by
  article: :meth:`_Bracket.pair_cost`). The absolute criteria C1-C3 discard it; the
  completion criterion (2026 [C4], every bracket, with [C5]; 2017 C.4 in the PPB, and
  the last bracket or CLB, which completes the round) is checked on the players left
  after the bracket with a plain maximum-cardinality matching; the quality criteria make
  a vector compared in priority order. 2017 A.9 (PPB, collapsed last bracket) is in
  :func:`_pair_2017`.
* The bracket takes the first candidate whose vector is the best of all (2026 Art. 3.4
  and 3.8; 2017 B.4 and B.8): the first perfect one when one exists, else the best with
  ties to the earliest.

Finding "the best of all" without generating every candidate
------------------------------------------------------------

The candidates of a bracket can number in the billions. Every criterion value is a count
or a list compared from its largest item, and all but those of the set of downfloaters
(2026 [C6]-[C9], 2017 C.5 and C.7) add up over the pairs and the downfloaters of a
candidate. So the best value over all the
candidates below a node of the generation tree (a prefix of pairs already fixed) is, for
each possible set of downfloaters, a minimum-cost perfect matching of the players still
to pair: :meth:`_Bracket._bound`. The search walks the tree in generation order and enters
a node only when that bound says the best value of the whole bracket is reachable below
it; the first leaf that reaches it is the text's choice. The bound never chooses: it only
tells where no better candidate can be, and every leaf is evaluated from its pairs (a
leaf better than the bound, or no leaf reaching it, raises an internal error). When the
bound cannot be computed cheaply (``USE_BOUND`` off, or too many downfloater sets) the
search is plain branch and bound: prune only what cannot beat the best candidate found so
far, and stop at a perfect candidate; within ``budget``.

Readings of the text
--------------------

Where the text leaves a reading open, the choice made is stated where it is used: the
look-ahead criteria (2026 [C8], [C9]; 2017 C.7), the score difference of an MDP who stays
in the Limbo ([C18], [C20]), the downfloaters' score differences of 2017 C.16/C.18.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from tabellone.core.errors import InputError, NoPairingError, TabelloneError
from tabellone.core.model import RoundState, Tournament
from tabellone.core.pairing import Pairing
from tabellone.matching.backends import max_weight_matching
from tabellone.rules.dutch.criteria import CRITERIA_2017, CRITERIA_2026, C2_bye_eligible, Criterion, criteria_of
from tabellone.rules.fide_common import (
    C1_no_rematch,
    C3_absolute_colours,
    Entrant,
    finish_pairing,
    round_to_pair,
    scoregroups,
)

EDITIONS = ("2026", "2017")
DEFAULT_BUDGET = 200_000
ONE_POINT = Fraction(1)

#: More sets of downfloaters than this at one node: the exact bound is not computed there.
_MAX_DOWNFLOATER_SETS = 2_000

#: Use the matching bound (False: plain branch and bound, for tests on small brackets).
USE_BOUND = True

#: Counters of the last calls, for tests and benchmarks: brackets, candidates evaluated,
#: brackets where the chosen candidate needed a resident exchange or a later MDP set.
STATS: dict[str, int] = {}


def _count(key: str, k: int = 1) -> None:
    STATS[key] = STATS.get(key, 0) + k


class LiteralBudgetExceeded(TabelloneError):
    """A bracket needs more candidates than the budget allows."""


class _Inconsistent(AssertionError):
    """The bound and the candidates disagree: a bug in this module."""


# ======================================================================================
# Art. 4 (2017 D): the sequential generation of the pairings, on BSNs


def transpositions(s2: list[int], n1: int) -> Iterator[tuple[int, ...]]:
    """2026 Art. 4.2 (2017 D.1): the transpositions of S2, sorted by the lexicographic
    value of their first N1 BSNs (the rest of S2 is ignored). ``s2`` is in ascending
    order; e.g. ``transpositions([6..11], 5)`` gives 6-7-8-9-10, 6-7-8-9-11, ...,
    11-10-9-8-7."""
    return itertools.permutations(sorted(s2), n1)


def exchange_key(moved_down: Iterable[int], moved_up: Iterable[int]) -> tuple:
    """2026 Art. 4.3.2 (2017 D.2): the sort key of a resident-exchange that moves
    ``moved_down`` from the original S1 to S2 and ``moved_up`` from the original S2 to S1.
    Priority goes to the exchange with

    1. the smallest number of exchanged BSNs;
    2. the smallest difference: sum moved S2->S1 minus sum moved S1->S2;
    3. the largest differing BSN among those moved S1->S2 (5-4-1 before 5-3-2);
    4. the smallest differing BSN among those moved S2->S1 (6-9 before 7-8).

    For two sets of the same size, "the set holding the largest differing BSN" is the set
    whose BSNs in descending order are lexicographically larger, and "the set holding the
    smallest differing BSN" the one lexicographically smaller in ascending order.
    """
    down = sorted(moved_down, reverse=True)
    up = sorted(moved_up)
    return (len(down), sum(up) - sum(down), tuple(-x for x in down), tuple(up))


def resident_exchanges(s1: list[int], s2: list[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """2026 Art. 4.3 (2017 D.2): every exchange between the original S1 and S2 in the
    order of :func:`exchange_key`, as (moved S1->S2, moved S2->S1); the first is the empty
    exchange (the original subgroups). Generated one size at a time, on demand."""
    yield (), ()
    for size in range(1, min(len(s1), len(s2)) + 1):
        batch = [(a, b) for a in itertools.combinations(s1, size) for b in itertools.combinations(s2, size)]
        batch.sort(key=lambda ab: exchange_key(*ab))
        yield from batch


def mdp_sets_2026(mdps: list[int], m1: int) -> Iterator[tuple[int, ...]]:
    """2026 Art. 4.4.2: sets of M1 pairable MDPs sorted by their smallest differing BSN
    ({1,3} before {1,4} before {3,4}): for sets of one size, the lexicographic order of
    their BSNs in ascending order. (Which sets are valid, Art. 4.4.1, is the caller's
    business.)"""
    return itertools.combinations(sorted(mdps), m1)


def mdp_sets_2017(mdps: list[int], m1: int, score_of) -> list[tuple[int, ...]]:
    """2017 D.3: MDP-exchanges between the original S1 and the Limbo, sorted by the S1
    they yield: (a) the highest different score among its players first, then (b) the
    lowest lexicographic value of its BSNs in ascending order."""
    sets = list(itertools.combinations(sorted(mdps), m1))
    sets.sort(key=lambda s: (tuple(-score_of(x) for x in sorted(s, key=lambda x: -score_of(x))), s))
    return sets


# ======================================================================================
# values of the criteria: counts, and lists compared from their largest item

INT, LIST, LOOK = 0, 1, 2


def _merge(a: tuple, b: tuple) -> tuple:
    if not a:
        return b
    if not b:
        return a
    return tuple(sorted(a + b, reverse=True))


@dataclass(frozen=True)
class _Layout:
    """The criteria of an edition in priority order: (article, kind). INT and LIST add up
    over pairs and downfloaters; LOOK criteria depend on the set of downfloaters only."""

    names: tuple[str, ...]
    kinds: tuple[int, ...]

    def zero(self) -> list:
        return [0 if k == INT else () for k in self.kinds]

    def slot(self, name: str) -> int:
        """The index of criterion ``name`` (its article) in a candidate's vector."""
        return self.names.index(name)

    @property
    def look(self) -> tuple[int, ...]:
        """The indices of the look-ahead criteria, in the order :meth:`_Bracket.look`
        gives their values."""
        return tuple(k for k, kind in enumerate(self.kinds) if kind == LOOK)


LAYOUT_2026 = _Layout(
    ("C6", "C7", "C8", "C9", "C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17", "C18", "C19", "C20", "C21"),
    (LOOK, LOOK, LOOK, LOOK, INT, INT, INT, INT, INT, INT, INT, INT, LIST, LIST, LIST, LIST),
)
LAYOUT_2017 = _Layout(
    ("C.5", "C.6", "C.7", "C.8", "C.9", "C.10", "C.11", "C.12", "C.13", "C.14", "C.15", "C.16", "C.17", "C.18", "C.19"),
    (LOOK, LIST, LOOK, INT, INT, INT, INT, INT, INT, INT, INT, LIST, LIST, LIST, LIST),
)


def _additive(layout: _Layout, criteria: dict[str, Criterion], parts: str) -> tuple[tuple[int, Criterion], ...]:
    """(index in ``layout``, criterion) of the additive criteria that have parts on pairs
    (``parts="pair"``) or on downfloaters (``"floater"``), as the articles define them
    (:mod:`tabellone.rules.dutch.criteria`)."""
    return tuple(
        (k, criteria[name])
        for k, (name, kind) in enumerate(zip(layout.names, layout.kinds))
        if kind != LOOK and criteria[name].defines(parts)
    )


#: Per edition: the criteria with parts on each pair, and those with parts on each downfloater.
_ADDITIVE = {
    "2026": (_additive(LAYOUT_2026, CRITERIA_2026, "pair"), _additive(LAYOUT_2026, CRITERIA_2026, "floater")),
    "2017": (_additive(LAYOUT_2017, CRITERIA_2017, "pair"), _additive(LAYOUT_2017, CRITERIA_2017, "floater")),
}


def _add_into(acc: list, part: tuple[tuple[int, object], ...], kinds: tuple[int, ...]) -> None:
    for i, v in part:
        if kinds[i] == INT:
            acc[i] += v
        else:
            acc[i] = _merge(acc[i], v)


# ======================================================================================
# matchings: completion checks and look-ahead values


def _matching(vertices: list[int], edges: list[tuple[int, int, int]], cardinality: bool) -> dict[int, int]:
    index = {v: k for k, v in enumerate(vertices)}
    local = [(index[a], index[b], w) for a, b, w in edges]
    mate = max_weight_matching(len(vertices), local, max_cardinality=cardinality) if local else {}
    return {vertices[a]: vertices[b] for a, b in mate.items()}


def _pack(fields: list[int], widths: list[int]) -> int:
    w = 0
    for value, width in zip(fields, widths):
        w = (w << width) + value
    return w


def _width(bound: int) -> int:
    return max(int(bound).bit_length(), 1) + 1


DUMMY = -1  # the vertex standing for the pairing-allocated bye in completion checks


# ======================================================================================
# the round


@dataclass
class _Round:
    t: Tournament
    edition: str
    P: list[Entrant]
    last_round: bool
    budget: int
    compat: list[list[bool]] = field(default_factory=list)
    eligible: list[bool] = field(default_factory=list)
    bye_score: Fraction | None = None
    label: str = ""
    used: int = 0  # candidates and nodes visited in the current bracket

    def __post_init__(self) -> None:
        n = len(self.P)
        self.compat = [[False] * n for _ in range(n)]
        self.eligible = [C2_bye_eligible(e, self.edition) for e in self.P]

    # ---- C4 completion: a plain maximum-cardinality matching -------------------------

    def completable(self, players: Iterable[int], bye_ok=None, forbid: set[int] | None = None) -> bool:
        """Whether ``players`` can all be paired under C1-C3, one of them (when their number
        is odd) taking the PAB, which only a player for whom ``bye_ok`` holds may take
        (default: C2). ``forbid``: players who may not meet one another (2017: the
        downfloaters of the bracket, who will all be MDPs of the same bracket)."""
        vs = list(players)
        if not vs:
            return True
        ok = bye_ok or (lambda i: self.eligible[i])
        edges = []
        for k, a in enumerate(vs):
            for b in vs[k + 1 :]:
                if self.compat[a][b] and not (forbid and a in forbid and b in forbid):
                    edges.append((a, b, 1))
        if len(vs) % 2:
            edges += [(a, DUMMY, 1) for a in vs if ok(a)]
            vs = vs + [DUMMY]
        mate = _matching(vs, edges, True)
        return len(mate) == len(vs)

    def bye_candidate(self, i: int) -> bool:
        """2026 [C2] with [C5]: may take the PAB without raising its score above the least
        one a complete pairing of the round allows."""
        return self.eligible[i] and (self.bye_score is None or self.P[i].score <= self.bye_score)


def _left_for_the_pab(r: _Round, x: int, below: list[int]) -> bool:
    """The note of 2026 [C9], as this procedure reads it: the one downfloater ``x`` of a
    bracket receives the PAB, whatever the brackets ``below`` it do, when no pairing of
    ``x`` and ``below`` that complies with [C1]-[C5] gives the PAB to another player
    (in the last bracket, nobody is below: always)."""
    if not below:
        return True
    return not r.completable([x] + below, lambda i: i != x and r.bye_candidate(i))


def _round_of(t: Tournament, edition: str, round_number: int | None, budget: int = 0) -> tuple[_Round, RoundState, str]:
    """The round to pair as this procedure sees it: players in pairing order, which pairs
    [C1] and [C3] allow (:attr:`_Round.compat`); with its state and initial colour."""
    state, players, initial = round_to_pair(t, round_number)
    r = state.round
    rnd = _Round(t, edition, players, last_round=(r == t.total_rounds), budget=budget, label=f"round {r}: ")
    n = len(players)
    for i in range(n):
        for j in range(i + 1, n):
            ok = C1_no_rematch(players[i], players[j], state) and C3_absolute_colours(
                players[i], players[j], rnd.last_round
            )
            rnd.compat[i][j] = rnd.compat[j][i] = ok
    return rnd, state, initial


def _fix_bye_score(rnd: _Round) -> None:
    """2026 Art. 1.9.1 / 1.9.3: a complete round-pairing must exist; 2.3.1 [C5]: the
    least score at which a player may take the PAB in a complete round-pairing binds
    every bracket (:attr:`_Round.bye_score`)."""
    P = rnd.P
    everyone = list(range(len(P)))
    if len(P) % 2:
        for s in sorted({e.score for e in P}):
            if rnd.completable(everyone, lambda i, s=s: rnd.eligible[i] and P[i].score <= s):
                rnd.bye_score = s
                return
        raise NoPairingError("no complete round-pairing exists (C1-C3, with the PAB under C2)")
    if not rnd.completable(everyone):
        raise NoPairingError("no complete round-pairing exists (C1-C3)")


def c9_applies(
    t: Tournament, round_number: int, downfloater: int, below: Iterable[int], memo: dict | None = None
) -> bool:
    """Whether 2026 [C9] applies in a bracket of round ``round_number`` whose one
    downfloater (a player id) takes the PAB, ``below`` being the players of the lower
    scoregroups: the reading of :meth:`_Bracket.C9_pab_unplayed_games` (the verifier's,
    :func:`tabellone.rules.dutch.verifier.evaluate`, is the same). ``memo``: a dict kept
    by the caller across the brackets of one round, so the round is read once."""
    below = list(below)
    if not below:
        return True
    memo = {} if memo is None else memo
    if "round" not in memo:
        rnd, _, _ = _round_of(t, "2026", round_number)
        _fix_bye_score(rnd)
        memo["round"] = rnd
    rnd = memo["round"]
    index = {e.id: i for i, e in enumerate(rnd.P)}
    return _left_for_the_pab(rnd, index[downfloater], [index[i] for i in below])


def _groups(P: list[Entrant]) -> list[list[int]]:
    return scoregroups(P)


# ======================================================================================
# a bracket


@dataclass
class _Node:
    """A node of the generation tree: pairs already fixed, players bound to float, and
    what remains: every X player must be paired with a Y player; Y players may also meet
    each other when ``yy``; ``pairs`` more pairs are to be made among X and Y."""

    fixed: tuple[tuple[int, int], ...]
    floating: tuple[int, ...]
    X: tuple[int, ...]
    Y: tuple[int, ...]
    yy: bool
    pairs: int


class _Bracket:
    """One pairing bracket: MDPs (in order) and residents, the players below it, and how
    its candidates are judged."""

    def __init__(
        self,
        rnd: _Round,
        mdps: list[int],
        residents: list[int],
        below: list[int],
        nxt: list[int],
        *,
        completion: bool,
        lookahead: bool,
        next_is_last: bool,
        label: str,
    ) -> None:
        self.r = rnd
        self.ed = rnd.edition
        self.P = rnd.P
        self.mdps = list(mdps)
        self.res = list(residents)
        self.players = self.mdps + self.res
        self.mdp_set = set(self.mdps)
        self.bsn = {p: k + 1 for k, p in enumerate(self.players)}  # Art. 4.1 / D
        self.below = list(below)
        self.nxt = list(nxt)
        self.completion = completion
        self.lookahead = lookahead and bool(nxt)
        self.next_is_last = next_is_last
        self.label = label
        self.layout = LAYOUT_2026 if self.ed == "2026" else LAYOUT_2017
        self.criteria = criteria_of(self.ed)
        self.pair_parts, self.floater_parts = _ADDITIVE[self.ed]
        # the bracket's lowest score: its residents' (2026 Art. 1.4.1, one scoregroup; 2017
        # A.8, the lowest of the bracket, also in a collapsed last bracket)
        self.lowest = min(self.P[i].score for i in self.players)
        self._pair_cost: dict[tuple[int, int], tuple] = {}
        self._float_cost: dict[int, tuple] = {}
        self._look: dict[frozenset, tuple | None] = {}
        self._pm: dict = {}
        self._digits: list | None = None
        self.best: tuple | None = None  # (vector, pairs, floaters)
        self.target: tuple | None = None  # the best vector of the bracket, when known
        self.floor: tuple | None = None  # the vector of a perfect candidate

    # ---- budget ----------------------------------------------------------------------

    def tick(self, k: int = 1) -> None:
        self.r.used += k
        if self.r.used > self.r.budget:
            names = ", ".join(str(self.P[i].id) for i in self.players)
            raise LiteralBudgetExceeded(
                f"{self.label} (players {names}) needs more than {self.r.budget} candidates; raise the budget"
            )

    def legal(self, a: int, b: int) -> bool:
        """C1 and C3 on one pair (2026 Art. 2.1.1, 2.1.3; 2017 C.1, C.3)."""
        return self.r.compat[a][b]

    # ---- the criteria of one pair and of one downfloater ------------------------------

    def pair_cost(self, a: int, b: int) -> tuple:
        """The additive criteria of the pair a-b, as ((criterion index, value), ...)."""
        key = (a, b) if a < b else (b, a)
        c = self._pair_cost.get(key)
        if c is None:
            h, l = self.P[key[0]], self.P[key[1]]  # h the higher-ranked (an MDP if its score is higher)
            c = self._pair_cost[key] = self._kept([(k, crit.pair(h, l)) for k, crit in self.pair_parts])
        return c

    def float_cost(self, f: int) -> tuple:
        """The additive criteria of the downfloater ``f``, as :meth:`pair_cost`."""
        c = self._float_cost.get(f)
        if c is None:
            e, mdp, lowest = self.P[f], f in self.mdp_set, self.lowest
            c = self._float_cost[f] = self._kept([(k, crit.floater(e, mdp, lowest)) for k, crit in self.floater_parts])
        return c

    def _kept(self, parts: list[tuple[int, object]]) -> tuple:
        """The parts (criterion index, part) as costs: a count, or a list of one value.
        Parts of 0 are left out, counts and list values alike: a 0 adds nothing to a
        count, and the only list value that can be 0, a 2017 C.6 pair's score difference,
        sorts last, while candidates equal on C.5 have lists of equal length, so no
        comparison changes."""
        kinds = self.layout.kinds
        return tuple((k, v if kinds[k] == INT else (v,)) for k, v in parts if v)

    # ---- criteria of the set of downfloaters (look-ahead) ------------------------------

    def look(self, F: Iterable[int]) -> tuple | None:
        """The criteria that depend on the downfloaters ``F`` only, or None when they break
        the completion criterion. 2026: {C6, C7, C8, C9}; 2017: {C.5, C.7}."""
        key = frozenset(F)
        if key in self._look:
            return self._look[key]
        self.tick()
        val = self._look_2026(key) if self.ed == "2026" else self._look_2017(key)
        self._look[key] = val
        return val

    def _look_2026(self, F: frozenset) -> tuple | None:
        r = self.r
        rest = sorted(F) + self.below
        # 2.2.1 [C4] (every bracket) and 2.3.1 [C5]: the players not yet paired can be
        # paired, the PAB going to a player whose score is the least a complete pairing
        # of the round allows (fixed before the first bracket).
        if not r.completable(rest, r.bye_candidate):
            return None
        return (
            self.C6_downfloaters(F),
            self.C7_downfloater_scores(F),
            self.C8_following_bracket(F),
            self.C9_pab_unplayed_games(F),
        )

    def C6_downfloaters(self, F) -> int:
        """2026 Art. 2.4.1 [C6]: minimise the number of downfloaters."""
        return self.criteria["C6"].value((), [self.P[f] for f in F])

    def C7_downfloater_scores(self, F) -> tuple:
        """2026 Art. 2.4.2 [C7]: minimise the downfloaters' scores, in descending order."""
        return self.criteria["C7"].value((), [self.P[f] for f in F])

    def C8_following_bracket(self, F) -> tuple:
        """2026 Art. 2.4.3 [C8]: the downfloaters chosen so that the following bracket
        complies with [C1]-[C7]. Read as: the following bracket (these downfloaters as its
        MDPs, and the next scoregroup) should have as few downfloaters as it can, then
        downfloater scores as low as they can be, among the pairings that keep every
        remaining player pairable ([C4], [C5]). The value is the best the following
        bracket can reach: (its [C6], its [C7])."""
        if not self.lookahead:
            return ()
        r = self.r
        Fs = set(F)
        nxt = set(self.nxt)
        group = sorted(Fs | nxt)
        scores = sorted({self.P[i].score for i in group}, reverse=True)
        rank = {s: k for k, s in enumerate(scores)}
        m = len(group)
        widths = [_width(m)] + [_width(m)] * len(scores)
        vs = sorted(Fs) + self.below
        edges = []
        for k, a in enumerate(vs):
            for b in vs[k + 1 :]:
                if not r.compat[a][b]:
                    continue
                fields = [0] * (1 + len(scores))
                # a pair of the following bracket: not two MDPs (its S1 meets its S2)
                if (a in nxt or b in nxt) and (a in Fs or a in nxt) and (b in Fs or b in nxt):
                    fields[0] = 1
                    fields[1 + rank[self.P[a].score]] += 1
                    fields[1 + rank[self.P[b].score]] += 1
                edges.append((a, b, (_pack(fields, widths) << 1) + 1))
        if len(vs) % 2:
            edges += [(a, DUMMY, 1) for a in vs if r.bye_candidate(a)]
            vs = vs + [DUMMY]
        mate = _matching(vs, edges, True)
        if len(mate) != len(vs):  # (already excluded by [C4])
            raise _Inconsistent("the following bracket lost the completion")
        paired = {a for a, b in mate.items() if a in group and b in group and (a in nxt or b in nxt)}
        floaters = [i for i in group if i not in paired]
        return (len(floaters), tuple(sorted((self.P[i].score for i in floaters), reverse=True)))

    def C9_pab_unplayed_games(self, F) -> int:
        """2026 Art. 2.4.4 [C9]: minimise the unplayed games of the PAB assignee; by its
        note, only in a bracket that downfloats exactly one player who will receive the
        PAB. Read as: the candidate downfloats exactly one player, and every pairing of
        the remaining players that complies with [C1]-[C5] leaves that player for the PAB
        (in the last bracket, always). Otherwise the criterion does not apply (0)."""
        if len(self.P) % 2 == 0 or len(F) != 1:
            return 0
        (x,) = tuple(F)
        if not _left_for_the_pab(self.r, x, self.below):
            return 0  # x may still be paired: someone else can take the PAB
        _count("C9 applies")
        return self.P[x].state.rounds_unplayed

    def _look_2017(self, F: frozenset) -> tuple | None:
        r = self.r
        if self.completion:
            # C.4 (the PPB), and the pairing of the last bracket (or of the CLB), which
            # completes the round-pairing (A.9): the downfloaters, who will all be MDPs of
            # one bracket and so cannot meet one another, and the players below them can
            # all be paired, the PAB (if any) to a player allowed by C.2.
            if not r.completable(sorted(F) + self.below, forbid=set(F)):
                return None
        return (self.C5_pairs(F), self.C7_following_bracket(F))

    def C5_pairs(self, F) -> int:
        """2017 C.5: maximise the number of pairs (minimise the downfloaters)."""
        return self.criteria["C.5"].value((), [self.P[f] for f in F])

    def C7_following_bracket(self, F) -> tuple:
        """2017 C.7 (not in the PPB or the CLB): choose the downfloaters so as to maximise
        the pairs, then minimise the PSD, in the following bracket only. The value is the
        best that bracket can reach: (its downfloaters, its PSD). When the following
        bracket is the last one its pairing gives the PAB (A.9), so C.2 applies there:
        among pairings with as many pairs, those leaving fewer ineligible players unpaired
        come first; the value then reads (downfloaters, ineligible ones, PSD)."""
        if not self.lookahead:
            return ()
        r = self.r
        Fs = set(F)
        group = sorted(Fs) + list(self.nxt)
        low = min(self.P[i].score for i in group)
        art = low - ONE_POINT
        values = set()
        for i in group:
            values.add(self.P[i].score - art)
        for a, b in itertools.combinations(group, 2):
            values.add(abs(self.P[a].score - self.P[b].score))
        order = {v: k for k, v in enumerate(sorted(values))}
        m = len(group)
        base = 1 << _width(m)
        top = base ** len(order)  # the PSD field: below 2 * top per pair
        w_inel = (m + 1) * 2 * top  # ineligible players paired: 0-2 per pair
        w_pair = (m + 1) * (2 * w_inel + 2 * top)
        edges = []
        for a, b in itertools.combinations(group, 2):
            if not r.compat[a][b] or (a in Fs and b in Fs):
                continue  # two MDPs of the following bracket do not meet there
            df_a = base ** order[self.P[a].score - art]
            df_b = base ** order[self.P[b].score - art]
            sd = base ** order[abs(self.P[a].score - self.P[b].score)]
            inel = (not r.eligible[a]) + (not r.eligible[b]) if self.next_is_last else 0
            # pairs first, then ineligible players paired, then the PSD: a pair removes
            # two downfloaters' SDs from the PSD and adds its own
            edges.append((a, b, w_pair + inel * w_inel + df_a + df_b - sd))
        mate = _matching(group, edges, False)
        paired = set(mate)
        floaters = [i for i in group if i not in paired]
        psd = [
            abs(self.P[a].score - self.P[b].score)
            for a, b in mate.items()
            if a < b and self.P[a].score != self.P[b].score
        ]
        psd += [self.P[i].score - art for i in floaters]
        inel_left = sum(1 for i in floaters if not r.eligible[i]) if self.next_is_last else 0
        return (len(floaters), inel_left, tuple(sorted(psd, reverse=True)))

    # ---- one candidate -------------------------------------------------------------------

    def evaluate(self, pairs: Iterable[tuple[int, int]], F: Iterable[int]) -> tuple | None:
        """The criteria vector of a candidate (None: it breaks [C4] / C.4)."""
        F = tuple(F)
        lk = self.look(F)
        if lk is None:
            return None
        acc = self.layout.zero()
        kinds = self.layout.kinds
        for a, b in pairs:
            _add_into(acc, self.pair_cost(a, b), kinds)
        for f in F:
            _add_into(acc, self.float_cost(f), kinds)
        return self._with_look(acc, lk)

    def _with_look(self, acc: list, lk: tuple) -> tuple:
        out = list(acc)
        for k, v in zip(self.layout.look, lk):
            out[k] = v
        return tuple(out)

    def _in_look(self, lk: tuple, name: str) -> object:
        """Criterion ``name``'s value in the look-ahead values ``lk``."""
        return lk[self.layout.look.index(self.layout.slot(name))]

    # ---- the bound: the best vector below a node -----------------------------------------

    def _digit_layout(self) -> list:
        """Digits of the additive criteria: one per count, one per possible value of a
        list (largest first), most significant first."""
        if self._digits is None:
            values: dict[int, set] = {}
            for a, b in itertools.combinations(self.players, 2):
                if self.legal(a, b):
                    for i, v in self.pair_cost(a, b):
                        if self.layout.kinds[i] == LIST:
                            values.setdefault(i, set()).update(v)
            digits = []
            for i, k in enumerate(self.layout.kinds):
                if k == INT:
                    digits.append((i, None))
                elif k == LIST:
                    digits += [(i, v) for v in sorted(values.get(i, ()), reverse=True)]
            self._digits = digits
            self._digit_pos = {d: p for p, d in enumerate(digits)}
            self._digit_base = 1 << _width(2 * len(self.players) + 2)
        return self._digits

    def _encode(self, cost: tuple) -> int:
        self._digit_layout()
        n = len(self._digits)
        B = self._digit_base
        w = 0
        for i, v in cost:
            if self.layout.kinds[i] == INT:
                w += v * B ** (n - 1 - self._digit_pos[(i, None)])
            else:
                for x in v:
                    w += B ** (n - 1 - self._digit_pos[(i, x)])
        return w

    def _min_cost_matching(self, X: tuple[int, ...], Y: frozenset, yy: bool) -> tuple | None:
        """The pairs of a minimum-cost perfect matching of X and Y, each X player with a Y
        player, Y players with one another when ``yy``; None when there is none."""
        key = (X, Y, yy)
        if key in self._pm:
            return self._pm[key]
        self.tick()
        self._digit_layout()
        top = self._digit_base ** len(self._digits)
        verts = list(X) + sorted(Y)
        edges = []
        for x in X:
            for y in Y:
                if self.legal(x, y):
                    edges.append((x, y, top - self._encode(self.pair_cost(x, y))))
        if yy:
            ys = sorted(Y)
            for k, a in enumerate(ys):
                for b in ys[k + 1 :]:
                    if self.legal(a, b):
                        edges.append((a, b, top - self._encode(self.pair_cost(a, b))))
        if not verts:
            out: tuple | None = ()
        else:
            mate = _matching(verts, edges, True)
            out = tuple((a, b) for a, b in mate.items() if a < b) if len(mate) == len(verts) else None
        self._pm[key] = out
        return out

    def _partial(self, node: _Node, D: tuple[int, ...]) -> list:
        acc = self.layout.zero()
        kinds = self.layout.kinds
        for a, b in node.fixed:
            _add_into(acc, self.pair_cost(a, b), kinds)
        for f in node.floating + D:
            _add_into(acc, self.float_cost(f), kinds)
        return acc

    def _downfloater_sets(self, node: _Node) -> list[tuple[int, ...]] | None:
        f = len(node.X) + len(node.Y) - 2 * node.pairs
        if f < 0 or len(node.Y) < len(node.X):
            return []
        count = _binom(len(node.Y), f)
        if count > _MAX_DOWNFLOATER_SETS:
            return None
        return list(itertools.combinations(node.Y, f))

    def _cheap(self, node: _Node) -> tuple | None | bool:
        """A lower bound of the vectors below ``node`` without any matching (the pairs
        still to make only add), or None when no downfloater set passes [C4]; True when
        unknown."""
        Ds = self._downfloater_sets(node)
        if Ds is None:
            return True
        best = None
        for D in Ds:
            lk = self.look(node.floating + D)
            if lk is None:
                continue
            v = self._with_look(self._partial(node, D), lk)
            if best is None or v < best:
                best = v
        return best

    def _bound(self, node: _Node, stop_at: tuple | None = None) -> tuple | None | bool:
        """The best vector of the candidates below ``node`` (None: none is valid; True:
        not computed, too many downfloater sets). With ``stop_at``, returns as soon as a
        downfloater set reaches that value."""
        Ds = self._downfloater_sets(node) if USE_BOUND else None
        if Ds is None:
            return True
        scored = []
        for D in Ds:
            lk = self.look(node.floating + D)
            if lk is None:
                continue
            scored.append((self._with_look(self._partial(node, D), lk), D))
        scored.sort(key=lambda vd: vd[0])
        best = None
        kinds = self.layout.kinds
        for cheap, D in scored:
            if best is not None and cheap >= best:
                break
            if stop_at is not None and cheap > stop_at:
                break
            Ym = frozenset(node.Y) - set(D)
            pm = self._min_cost_matching(tuple(node.X), Ym, node.yy)
            if pm is None:
                continue
            acc = self._partial(node, D)
            for a, b in pm:
                _add_into(acc, self.pair_cost(a, b), kinds)
            v = self._with_look(acc, self.look(node.floating + D))
            if best is None or v < best:
                best = v
                if stop_at is not None and v <= stop_at:
                    break
        return best

    def _enter(self, node: _Node) -> bool:
        """Whether the search should enter ``node``: it may hold a candidate better than
        the best so far, and (when the bracket's best value is known) one reaching it."""
        self.tick()
        cheap = self._cheap(node)
        if cheap is None:
            return False
        if cheap is not True:
            if self.target is not None and cheap > self.target:
                return False
            if self.best is not None and cheap >= self.best[0]:
                return False
        if len(node.X) <= 1 and not node.yy:
            return True  # the leaves are as cheap as the bound
        b = self._bound(node, self.target)
        if b is None:
            return False
        if b is True:
            return True
        if self.target is not None and b > self.target:
            return False
        if self.best is not None and b >= self.best[0]:
            return False
        return True

    # ---- the parameters of Art. 3.1 (2017 B.1) -------------------------------------------

    def parameters(self) -> tuple[int, dict[Fraction, int]]:
        """MaxPairs (3.1.2 / B.1.b) and, per MDP score, how many MDPs are paired (M1,
        3.1.3 / B.1.c, split by score so that the Limbo complies with [C7] / C.6): the
        most pairs the bracket can produce under the absolute and completion criteria,
        then the paired MDPs' scores as high as possible."""
        r = self.r
        mdp_scores = sorted({self.P[m].score for m in self.mdps}, reverse=True)
        srank = {s: k for k, s in enumerate(mdp_scores)}
        size = len(self.players)
        widths = [_width(size)] + [_width(size)] * len(mdp_scores)
        inside = set(self.players)

        def fields(a: int, b: int) -> int:
            f = [0] * (1 + len(mdp_scores))
            if a in inside and b in inside:
                if a in self.mdp_set and b in self.mdp_set:
                    return -1  # two MDPs never meet in their bracket (S1 meets S2)
                f[0] = 1
                for x in (a, b):
                    if x in self.mdp_set:
                        f[1 + srank[self.P[x].score]] += 1
            return (_pack(f, widths) << 1) + 1

        if self.ed == "2026":
            vs = self.players + self.below
            bye_ok = r.bye_candidate
        elif self.completion:
            vs = self.players + self.below
            bye_ok = lambda i: r.eligible[i]  # noqa: E731
        else:
            vs = list(self.players)
            bye_ok = None
        edges = []
        for k, a in enumerate(vs):
            for b in vs[k + 1 :]:
                if not r.compat[a][b]:
                    continue
                w = fields(a, b)
                if w < 0:
                    if self.ed == "2026":
                        edges.append((a, b, 1))  # [C4] lets later brackets pair them
                    continue
                edges.append((a, b, w))
        need_perfect = bye_ok is not None
        if need_perfect and len(vs) % 2:
            edges += [(a, DUMMY, 1) for a in vs if bye_ok(a)]
            vs = vs + [DUMMY]
        mate = _matching(vs, edges, need_perfect)
        if need_perfect and len(mate) != len(vs):
            raise NoPairingError(f"{self.label}: the remaining players cannot all be paired")
        pairs = [
            (a, b)
            for a, b in mate.items()
            if a < b and a in inside and b in inside and not (a in self.mdp_set and b in self.mdp_set)
        ]
        paired_by_score: dict[Fraction, int] = {}
        for a, b in pairs:
            for x in (a, b):
                if x in self.mdp_set:
                    s = self.P[x].score
                    paired_by_score[s] = paired_by_score.get(s, 0) + 1
        return len(pairs), paired_by_score

    # ---- the generation order, and the search ---------------------------------------------

    def mdp_sets(self, m1: int, paired_by_score: dict[Fraction, int]) -> list[tuple[int, ...]]:
        score = lambda i: self.P[i].score  # noqa: E731
        if self.ed == "2026":
            # 4.4.1: a set is valid when the Limbo it leaves complies with [C7]
            out = []
            for s in mdp_sets_2026(self.mdps, m1):
                count: dict[Fraction, int] = {}
                for x in s:
                    count[score(x)] = count.get(score(x), 0) + 1
                if count == {k: v for k, v in paired_by_score.items() if v}:
                    out.append(s)
            return out
        return mdp_sets_2017(self.mdps, m1, score)

    def pair(self) -> tuple[list[tuple[int, int]], list[int]]:
        """The pairs and the downfloaters the text chooses for this bracket."""
        k, paired_by_score = self.parameters()
        m1 = sum(paired_by_score.values())
        self.k, self.m1 = k, m1
        sets = self.mdp_sets(m1, paired_by_score)
        roots = []
        for s in sets:
            limbo = tuple(x for x in self.mdps if x not in s)
            roots.append(_Node((), limbo, tuple(s), tuple(self.res), True, k))
        # 3.4.1 / B.4: a perfect candidate, fulfilling every criterion, is accepted at
        # once. The floor below which no candidate can go (the downfloaters' criteria at
        # their best, nothing else broken) is what a perfect candidate reaches.
        floors = [self._cheap(node) for node in roots]
        if all(f is not True for f in floors) and any(f is not None for f in floors):
            self.floor = min(f for f in floors if f is not None)
        # the best value of the whole bracket, when it can be computed
        bounds = [self._bound(node) for node in roots]
        if all(b is not True for b in bounds):
            known = [b for b in bounds if b is not None]
            if not known:
                raise _Inconsistent(f"{self.label}: no candidate with {k} pairs and {m1} MDPs paired")
            self.target = min(known)
        self._set_no = 0
        for no, (node, b) in enumerate(zip(roots, bounds)):
            self._set_no = no
            if b is None:
                continue
            if b is not True:
                if self.target is not None and b > self.target:
                    continue
                if self.best is not None and b >= self.best[0]:
                    continue
            if self._mdp_pairing(node, list(node.X), (), frozenset()):
                break
        if self.best is None:
            raise _Inconsistent(f"{self.label}: no valid candidate found")
        if self.target is not None and self.best[0] != self.target:
            raise _Inconsistent(f"{self.label}: best candidate {self.best[0]} differs from the bound {self.target}")
        _count("brackets")
        STATS["most work in one bracket"] = max(STATS.get("most work in one bracket", 0), self.r.used)
        set_no, exchange, mdp_pairs, fixed, s1, s2 = self.where
        if self.mdps:
            _count("heterogeneous")
        if set_no:
            _count("later MDP set")
        if any(y != self.res[k] for k, (_, y) in enumerate(mdp_pairs)):
            _count("MDP transposition")
        if exchange[0]:
            _count("exchange")
        if any(y != s2[k] for k, (_, y) in enumerate(fixed)):
            _count("transposition")
        if self.best[0] != self.floor:
            _count("no perfect candidate")
        looks = [v for v in self._look.values() if v is not None]
        best, slot, at = self.best[0], self.layout.slot, self._in_look
        if self.ed == "2026":
            if best[slot("C9")]:
                _count("C9 nonzero in the choice")
            if len({at(v, "C9") for v in looks}) > 1:
                _count("C9 separates candidates")
            first = (best[slot("C6")], best[slot("C7")])
            if len({at(v, "C8") for v in looks if (at(v, "C6"), at(v, "C7")) == first}) > 1:
                _count("C8 separates candidates")
        elif len({at(v, "C.7") for v in looks if at(v, "C.5") == best[slot("C.5")]}) > 1:
            _count("C.7 separates candidates")
        return list(self.best[1]), list(self.best[2])

    def _mdp_pairing(self, root: _Node, s1: list[int], fixed: tuple, used: frozenset) -> bool:
        """2026 Art. 3.3.3 with 4.2 (2017 B.3, D.1): S1 (the MDPs) meets S2 (the
        residents, BSN order) through the transpositions of S2, in lexicographic order."""
        i = len(fixed)
        if i == len(s1):
            remainder = [y for y in self.res if y not in used]
            return self._remainder(root, fixed, remainder)
        x = s1[i]
        for y in self.res:
            if y in used:
                continue
            self.tick()
            if not self.legal(x, y):
                continue
            nf = fixed + ((x, y),)
            nu = used | {y}
            rest = tuple(v for v in self.res if v not in nu)
            node = _Node(nf, root.floating, tuple(s1[i + 1 :]), rest, True, root.pairs - len(nf))
            if not self._enter(node):
                continue
            if self._mdp_pairing(root, s1, nf, nu):
                return True
        return False

    def _remainder(self, root: _Node, mdp_pairs: tuple, remainder: list[int]) -> bool:
        """2026 Art. 3.3.3, 3.6, 3.7.1 (2017 B.3, B.6, B.7): the remainder (or the
        homogeneous bracket) with fresh BSNs; its original S1R holds the first MaxPairs
        of its players, S2R the rest; resident exchanges in the order of 4.3, each
        followed by the transpositions of the new S2."""
        kr = root.pairs - len(mdp_pairs)
        node = _Node(mdp_pairs, root.floating, (), tuple(remainder), True, kr)
        if mdp_pairs and not self._enter(node):
            return False
        # 4.1: fresh BSNs 1..r for the remainder; S1R = 1..MaxPairs, S2R = the rest
        s1r = list(range(1, kr + 1))
        s2r = list(range(kr + 1, len(remainder) + 1))
        for down, up in resident_exchanges(s1r, s2r):
            s1 = [remainder[b - 1] for b in sorted((set(s1r) - set(down)) | set(up))]
            s2 = [remainder[b - 1] for b in sorted((set(s2r) - set(up)) | set(down))]
            ex = _Node(mdp_pairs, root.floating, tuple(s1), tuple(s2), False, kr)
            self._exchange = (down, up)
            if not self._enter(ex):
                continue
            if self._transpose(ex, s1, s2, mdp_pairs, ()):
                return True
        return False

    def _transpose(self, ex: _Node, s1: list[int], s2: list[int], mdp_pairs: tuple, fixed: tuple) -> bool:
        """2026 Art. 3.3.1 with 4.2 (2017 B.3, D.1): S1[i] meets the i-th BSN of the
        transposition of S2; transpositions in lexicographic order."""
        i = len(fixed)
        used = {y for _, y in fixed}
        if i == len(s1):
            self.tick()
            pairs = mdp_pairs + fixed
            F = ex.floating + tuple(y for y in s2 if y not in used)
            vec = self.evaluate(pairs, F)
            if vec is None:
                return False
            if self.best is None or vec < self.best[0]:
                if self.target is not None and vec < self.target:
                    raise _Inconsistent(f"{self.label}: candidate {vec} beats the bound {self.target}")
                self.best = (vec, pairs, tuple(sorted(F)))
                self.where = (self._set_no, self._exchange, mdp_pairs, fixed, ex.X, ex.Y)
                if vec == self.target or vec == self.floor:
                    return True
            return False
        x = s1[i]
        for y in s2:
            if y in used:
                continue
            self.tick()
            if not self.legal(x, y):
                continue
            nf = fixed + ((x, y),)
            if i + 1 < len(s1):
                rest = tuple(v for v in s2 if v not in used and v != y)
                node = _Node(mdp_pairs + nf, ex.floating, tuple(s1[i + 1 :]), rest, False, len(s1) - i - 1)
                if not self._enter(node):
                    continue
            if self._transpose(ex, s1, s2, mdp_pairs, nf):
                return True
        return False


def _binom(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if 0 <= k <= n else 0


# ======================================================================================
# the round-pairing


def _pair_2026(rnd: _Round) -> tuple[list[tuple[int, int]], int | None]:
    P = rnd.P
    groups = _groups(P)
    _fix_bye_score(rnd)
    pairs: list[tuple[int, int]] = []
    mdps: list[int] = []
    for gi, group in enumerate(groups):
        below = [i for g in groups[gi + 1 :] for i in g]
        nxt = groups[gi + 1] if gi + 1 < len(groups) else []
        rnd.used = 0
        br = _Bracket(
            rnd,
            mdps,
            group,
            below,
            nxt,
            completion=True,
            lookahead=True,
            next_is_last=gi + 2 == len(groups),
            label=f"{rnd.label}the {_fmt(P[group[0]].score)}-point bracket",
        )
        new, floaters = br.pair()
        pairs += new
        mdps = sorted(floaters)
    return pairs, _bye(rnd, mdps)


def _pair_2017(rnd: _Round) -> tuple[list[tuple[int, int]], int | None]:
    P = rnd.P
    n = len(P)
    groups = _groups(P)
    if not rnd.completable(range(n)):
        raise NoPairingError("no complete round-pairing exists (C.1-C.3, with the PAB under C.2)")
    pairs: list[tuple[int, int]] = []
    mdps: list[int] = []
    gi = 0
    ppb = False  # the bracket being paired is the PPB (A.9)
    collapsed = False  # the bracket being paired is the CLB
    while gi < len(groups):
        if collapsed:
            residents = [i for g in groups[gi:] for i in g]
            nxt, below, gnext = [], [], len(groups)
        else:
            residents = groups[gi]
            nxt = groups[gi + 1] if gi + 1 < len(groups) else []
            below = [i for g in groups[gi + 1 :] for i in g]
            gnext = gi + 1
        last = not below
        special = ppb or collapsed or last
        rnd.used = 0
        what = "CLB" if collapsed else "PPB" if ppb else "bracket"
        br = _Bracket(
            rnd,
            mdps,
            residents,
            below,
            nxt,
            completion=special,
            lookahead=not special,
            next_is_last=gnext == len(groups) - 1,
            label=f"{rnd.label}the {_fmt(P[residents[0]].score)}-point {what}",
        )
        new, floaters = br.pair()
        if not special and not rnd.completable(floaters + below):
            # A.9: the downfloaters and the remaining players cannot complete the round:
            # this is the PPB; pair it again (C.4) and collapse everything below it.
            ppb = True
            _count("PPB")
            continue
        pairs += new
        mdps = sorted(floaters)
        if ppb:
            ppb, collapsed = False, True
        gi = gnext
    return pairs, _bye(rnd, mdps)


def _bye(rnd: _Round, left: list[int]) -> int | None:
    if not left:
        return None
    if len(left) > 1 or len(rnd.P) % 2 == 0:
        raise NoPairingError(f"players {', '.join(str(rnd.P[i].id) for i in left)} could not be paired")
    return left[0]


def _fmt(score: Fraction) -> str:
    return str(score.numerator) if score.denominator == 1 else f"{float(score):g}"


def pair_round_literal(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    budget: int = DEFAULT_BUDGET,
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Dutch system, literally.

    ``budget`` bounds the candidates and search nodes visited in any one bracket; a bracket
    beyond it raises :class:`LiteralBudgetExceeded` naming the bracket."""
    if edition not in EDITIONS:
        raise InputError(f"unknown Dutch edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    rnd, state, initial = _round_of(t, edition, round_number, budget)
    pair_idx, bye_idx = _pair_2026(rnd) if edition == "2026" else _pair_2017(rnd)
    # 2026 Art. 5 (2017 E): colours; C.04.2 3.6 (2017 D.9): board order
    return finish_pairing(rnd.P, state.round, pair_idx, bye_idx, initial)
