"""FIDE Swiss Team Pairing System (Handbook C.04.6), the edition approved by the Council
on 28/10/2025 and applied from 1 February 2026 (handbook.fide.com, chapter
SwissTeamPairingSystem202602).

Text read: the whole chapter (Preface, Art. 1-4), from a public copy of the handbook
page (github.com/gbtami/swisspairing, docs/C0406_Swiss_Team_Pairing_System_from_2026_02_01.md,
retrieved 15/03/2026), and the Basic Rules for Swiss Systems (C.04.1, same edition) it
refers to (Preface, 1.4, 2.1.1). The module was checked against it article by article;
the one departure found ([C6] judged pass/fail, now a value to minimise) is fixed.

Teams, not players, are paired (:class:`tabellone.core.team.TeamTournament`): the score is the
*primary score* (match points unless the event says game points, Art. 1.2), the colour of
a team is the colour of its first board in a played match (1.6.1), and colour preferences
are weak and of the kind the event chooses (1.7: Type A, Type B or none). Articles 6 and
7 of the Basic Rules (colour limits) never apply (Preface): no colour rule is absolute.

The procedure (Art. 3): the pairing-allocated bye first (3.4); then, from the top, the
*top-scoregroup* with a set of *upfloaters* (3.5) forms a bracket, paired whole (3.6);
colours last (Art. 4). There are no downfloaters: a bracket that cannot be paired pulls
more teams up.

Two methods, one reading of the text:

* ``method="literal"`` does what the text says in its own order. The set of upfloaters:
  sizes from the smallest the parity allows, score profiles best first ([C4], [C5]), the
  sets of a profile in the order of 3.5.3-3.5.4, legal ones kept ([C1], [C3]), the first
  best on ([C6], [C7]) taken. The bracket: its pairings generated in the order of their
  identifiers (3.6.1-3.6.3) by a depth-first search, the first best on ([C8], [C9],
  [C10]) taken (:func:`_literal_bracket`; branches that cannot beat the best so far are
  cut with a counting bound).
* ``method="optimised"`` states the same criteria as lexicographic objectives solved by
  maximum-weight matching (:func:`tabellone.matching.backends.max_weight_matching`): one matching of
  every team left gives the fewest upfloaters and their best scores ([C4], [C5]) with
  the rest pairable ([C3]); one matching of the bracket gives the fewest colour and float
  faults ([C8]-[C10]); the order of the identifiers then breaks ties by fixing the top
  members and their opponents one by one while the optimum stays reachable
  (:func:`_optimised_bracket`).

:func:`compare` pairs a round both ways (``benchmarks/team_swiss_crosscheck.py``).

Articles and the functions implementing them
--------------------------------------------

=========  ==========================================================  ======================================
art.       rule                                                        implemented by
=========  ==========================================================  ======================================
1.2        primary and secondary score                                  :func:`_prepare` (``TeamTournament.primary``)
1.4        the bye: no opponent, no colour, a drawn match's points      ``TeamTournament.pab_points``
1.5        floater: played an opponent with another score               :func:`floated`
1.6        colour of a team; colour difference                          :class:`Side` (``colours``, ``cd``)
1.7        colour preferences, Type A / Type B / none                   :func:`A1_7_preference`
2.1 [C1]   no two teams meet twice (forfeited matches do not count)     :func:`C1_compatible`
2.1 [C2]   no bye after a bye, a match won by forfeit, a full-point bye  :func:`C2_bye_allowed`
2.2 [C3]   the teams not yet paired can always be paired                :func:`_pairable`
2.3 [C4]   fewest upfloaters                                            :func:`A3_5_literal`, :func:`A3_5_optimised`
2.3 [C5]   upfloaters' scores as high as possible                       ``C5`` values, :func:`_profiles`
2.3 [C6]   fewest upfloaters needed by the following scoregroup        :func:`C6_next_scoregroup`
2.3 [C7]   fewest upfloaters who floated in the previous round          :func:`C7_count`
2.3 [C8]   fewest teams without their colour preference                 :func:`pair_cost`
2.3 [C9]   (Type B) fewest teams without their strong preference        :func:`pair_cost`
2.3 [C10]  fewest upfloaters' opponents who floated the previous round  :func:`pair_cost`
3.4        the bye: lowest score, most matches, largest TPN             :func:`A3_4_bye`
3.5        choice of the upfloaters                                     :func:`A3_5_literal`
3.6        pairing the bracket in the order of identifiers              :func:`_literal_bracket`, :func:`identifier`
4          colours                                                      :func:`A4_colours`
=========  ==========================================================  ======================================

Readings where the text leaves a choice (each also where it is used):

* "Complies with" a minimising criterion (3.5.5, 3.6.4) means attains the least value
  the candidates allow, criteria in their priority order; the order of the text breaks
  the remaining ties.
* [C4] and [C5] are judged over the *legal* sets (bracket and rest pairable): the
  completion criterion [C3] outranks them.
* [C6] is valued by the number of upfloaters the scoregroup following the
  top-scoregroup (what is left of it) will need when it is paired as the next
  top-scoregroup, the rest staying pairable ([C1], [C3], [C4] in that bracket); 0 when
  the upfloaters emptied it. Its parity is the least value; when no set reaches it, the
  set needing fewest is taken (2.3: quality criteria are met as far as they can be).
* Type B (1.7.2): with CD 0 and the same colour in the last two played matches, the
  strong preference holds in the last round too; the last bullet (no preference with CD
  0 in the last round) is read as the mild case's exception.
* C.07 tie-breaks: C.04.6 and C.04.1 say nothing on them; the standings
  (:func:`standings`) rank by the primary score, the secondary, then C.07's tie-breaks
  with their point system as written (``BH:GP``; match points when none is named).
* [C8] and [C9] are counted per pair: Art. 4 grants every preference except when both
  teams want the same colour (4.3.2, 4.3.3), and grants a strong one over a mild one
  (4.3.4). A team that floated "in the previous round" played an opponent with another
  score (pairing scores before that round) in a match played over the board.
* "Odd TPN" in 4.3.1 is the team pairing number as the file gives it.
* "Matches played" (3.4.3) and "had a colour" (1.6.1) count matches played over the
  board: a match lost or won by forfeit as a whole is neither; a match with one game
  played is played.
* In a pairing given to be checked, a bracket is the top-scoregroup with the teams its
  residents meet (upfloaters never meet each other in a bracket with fewest upfloaters).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tabellone.core import progress
from tabellone.core.errors import InputError, NoPairingError, SelfCheckError
from tabellone.core.model import BLACK, WHITE, Tournament, named, opposite
from tabellone.core.pairing import Pairing, Violation, attendance_violations
from tabellone.core.team import TeamTournament
from tabellone.matching.backends import max_weight_matching
from tabellone.rules.comparison import BracketValues, Comparison, fmt_value
from tabellone.rules.comparison import objective_vector as vector_of
from tabellone.rules.top_scoregroup import C6_upfloaters_needed

EDITIONS = ("2026",)
METHODS = ("literal", "optimised")
WEAK, STRONG = 1, 2
#: Most search nodes the literal bracket search may visit before it gives up.
LITERAL_BUDGET = 3_000_000


class BudgetExceeded(SelfCheckError):
    """The literal bracket search met its node budget (a bracket too large to enumerate)."""


# ========================================================================================
# the teams before the round


@dataclass
class Side:
    """One team before the round: its scores, whom it met, its colours (first board, in
    played matches, oldest first: C.04.2 Art. 3.4), its preference."""

    tpn: int
    score: Fraction  # primary score, virtual points included (pairing score)
    secondary: Fraction
    opponents: frozenset[int]
    colours: str
    matches: int  # matches played over the board
    bye_barred: bool  # [C2]
    floated: bool  # a floater in the previous round (1.5)
    pref: str | None = None  # 'w', 'b' or None
    strength: int = 0  # WEAK (simple or mild) or STRONG (Type B strong)

    @property
    def cd(self) -> int:
        """Art. 1.6.2: matches with White minus matches with Black."""
        return self.colours.count(WHITE) - self.colours.count(BLACK)


@dataclass
class Ctx:
    t: TeamTournament
    round: int
    sides: dict[int, Side]
    prohibited: frozenset[frozenset[int]]
    preferences: str
    floats_count: bool  # [C7] and [C10] apply (not the last two rounds)
    initial: str
    solves: int = 0
    nodes: int = 0


def A1_7_preference(colours: str, kind: str, last_round: bool) -> tuple[str | None, int]:
    """Art. 1.7: the colour preference of a team whose played matches had ``colours``
    (oldest first), for preferences of ``kind`` (``"A"``, ``"B"`` or ``"none"``), and its
    strength. Type A (1.7.1) and Type B strong (1.7.2): CD below -1, or CD 0 or -1 with
    Black in the last two played matches, wants White (mirror for Black). Type B mild:
    CD -1, or CD 0 outside the last round with Black last, wants White (mirror). Before a
    played match, or with CD 0 in the last round (and not strong), none."""
    if kind == "none" or not colours:
        return None, 0
    cd = colours.count(WHITE) - colours.count(BLACK)
    last2 = colours[-2:] if len(colours) >= 2 else ""
    if cd < -1 or (cd in (0, -1) and last2 == BLACK * 2):
        return WHITE, STRONG if kind == "B" else WEAK
    if cd > 1 or (cd in (0, 1) and last2 == WHITE * 2):
        return BLACK, STRONG if kind == "B" else WEAK
    if kind == "B":
        if cd == -1 or (cd == 0 and not last_round and colours[-1] == BLACK):
            return WHITE, WEAK
        if cd == 1 or (cd == 0 and not last_round and colours[-1] == WHITE):
            return BLACK, WEAK
    return None, 0


def floated(t: TeamTournament, tpn: int, round_number: int, scores: dict[int, Fraction]) -> bool:
    """Art. 1.5: the team played, in ``round_number``, an opponent with another score
    (``scores``: the pairing scores before that round)."""
    e = t.player(tpn).entry(round_number)
    return e.played and scores.get(tpn) != scores.get(e.opponent)


def _pairing_scores(t: TeamTournament, r: int) -> dict[int, Fraction]:
    primary, _ = t.scores_before(r)
    vp = t.virtual_points_for(r)
    return {k: v + vp.get(k, Fraction(0)) for k, v in primary.items()}


def C2_bye_allowed(t: Tournament, tpn: int, r: int) -> bool:
    """[C2] (2.1.2): "A team that has already received a pairing-allocated bye or won a
    match by forfeit (or been given a FIDE-deprecated full-point bye) shall not receive
    the pairing-allocated bye." The system's own words: any earlier PAB, whatever it was
    worth (a drawn match's points by Art. 1.4), a match won by forfeit, a full-point
    bye; a half-point bye the team asked for does not bar (:func:`C2_bye_bar`)."""
    return C2_bye_bar(t, tpn, r) is None


def C2_bye_bar(t: Tournament, tpn: int, r: int) -> tuple[int, str] | None:
    """The first round before ``r`` in which team ``tpn`` had what bars the bye by [C2],
    and what it was; ``None`` when nothing does."""
    p = t.player(tpn)
    what = {"U": "the pairing-allocated bye", "+": "a match won by forfeit", "F": "a full-point bye"}
    for k in range(1, r):
        result = p.entry(k).result
        if result in what:
            return k, what[result]
    return None


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str = "2026") -> tuple[bool, str]:
    """Whether team ``player`` may have the bye of ``round_number``, and the sentence that
    says so, with the round that bars it (:func:`C2_bye_allowed`)."""
    bar = C2_bye_bar(t, player, round_number)
    if bar is None:
        return True, f"[C2]: team {named(t, player)} may have the bye (no bye, no match won by forfeit before)"
    return False, f"[C2]: team {named(t, player)} may not have the bye: {bar[1]} in round {bar[0]}"


def _prepare(t: Tournament, edition: str, round_number: int | None) -> Ctx:
    if edition not in EDITIONS:
        raise InputError(
            f"unknown edition {edition!r} of the Swiss Team Pairing System; expected one of {', '.join(EDITIONS)}",
            field="--edition",
        )
    if not isinstance(t, TeamTournament):
        raise InputError(
            "the Swiss Team Pairing System pairs team events: the file has no team records (310 or 013)",
            field="--system",
        )
    r = round_number or t.next_round
    state = t.state_before(r)
    last = t.total_rounds is not None and r >= t.total_rounds
    scores = _pairing_scores(t, r)
    primary, secondary = t.scores_before(r)
    prev = _pairing_scores(t, r - 1) if r > 1 else {}
    sides = {}
    for ps in state.to_pair:
        p = t.player(ps.id)
        colours = "".join(
            p.entry(k).colour for k in range(1, r) if p.entry(k).played and p.entry(k).colour in (WHITE, BLACK)
        )
        opponents = frozenset(p.entry(k).opponent for k in range(1, r) if p.entry(k).played)
        pref, strength = A1_7_preference(colours, t.preferences, last)
        sides[ps.id] = Side(
            ps.id,
            scores[ps.id],
            secondary[ps.id],
            opponents,
            colours,
            sum(1 for k in range(1, r) if p.entry(k).played),
            not C2_bye_allowed(t, ps.id, r),
            r > 1 and floated(t, ps.id, r - 1, prev),
            pref,
            strength,
        )
    floats_count = t.total_rounds is None or r < t.total_rounds - 1
    return Ctx(t, r, sides, state.prohibited, t.preferences, floats_count, t.initial_colour or WHITE)


def C1_compatible(ctx: Ctx, a: int, b: int) -> bool:
    """[C1] (2.1.1, Basic Rules Art. 2): the teams have not met in a played match (a
    forfeited match is not a meeting, C.04.2 Art. 3.5), and are not a prohibited pair."""
    return b not in ctx.sides[a].opponents and frozenset((a, b)) not in ctx.prohibited


def _edges(ctx: Ctx, vs: Sequence[int], weight) -> list[tuple[int, int, int]]:
    pos = {v: k for k, v in enumerate(vs)}
    out = []
    for k, a in enumerate(vs):
        for b in vs[k + 1 :]:
            if C1_compatible(ctx, a, b):
                w = weight(a, b)
                if w is not None:
                    out.append((k, pos[b], w))
    return out


def _matching(ctx: Ctx, vs: Sequence[int], weight) -> dict[int, int] | None:
    """A perfect matching of ``vs`` over [C1]-compatible pairs of the greatest weight
    (``weight(a, b)``; None: no edge), as ``{team: opponent}``; None when none exists."""
    vs = list(vs)
    if not vs:
        return {}
    if len(vs) % 2:
        return None
    edges = _edges(ctx, vs, weight)
    ctx.solves += 1
    big = max((w for *_, w in edges), default=0) >= 1 << 62
    mate = max_weight_matching(len(vs), edges, max_cardinality=True, backend="networkx" if big else "auto")
    if len(mate) != len(vs):
        return None
    return {vs[i]: vs[j] for i, j in mate.items()}


def _pairable(ctx: Ctx, vs: Iterable[int]) -> bool:
    """[C3]: the teams ``vs`` can all be paired with each other."""
    return _matching(ctx, sorted(vs), lambda a, b: 1) is not None


# ========================================================================================
# 3.4 the bye


def A3_4_bye(ctx: Ctx) -> int | None:
    """Art. 3.4: with an odd number of teams the bye goes to the team that leaves the
    others pairable (3.4.1), has the lowest score (3.4.2), then has played the most
    matches (3.4.3), then has the largest TPN (3.4.4); [C2] bars some teams."""
    teams = sorted(ctx.sides)
    if len(teams) % 2 == 0:
        return None
    S = ctx.sides
    for tpn in sorted((x for x in teams if not S[x].bye_barred), key=lambda x: (S[x].score, -S[x].matches, -x)):
        if _pairable(ctx, [x for x in teams if x != tpn]):
            return tpn
    raise NoPairingError(
        f"round {ctx.round}: no team can take the pairing-allocated bye and leave the others pairable (C.04.6 Art. 3.3.3: the Chief Arbiter decides)"
    )


# ========================================================================================
# 3.5 the upfloaters


def _levels(ctx: Ctx, teams: Iterable[int]) -> list[tuple[Fraction, list[int]]]:
    """Score levels of ``teams``, highest first, each with its teams by TPN."""
    by: dict[Fraction, list[int]] = {}
    for x in teams:
        by.setdefault(ctx.sides[x].score, []).append(x)
    return [(s, sorted(by[s])) for s in sorted(by, reverse=True)]


def _profiles(levels: list[tuple[Fraction, list[int]]], k: int) -> list[tuple[int, ...]]:
    """Every way to take ``k`` upfloaters from the score levels (a count per level), in
    the order of [C5]: the upfloaters' scores, taken in ascending order, highest first."""
    out = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if i == len(levels):
            if left == 0:
                out.append(tuple(acc))
            return
        for c in range(min(left, len(levels[i][1])), -1, -1):
            rec(i + 1, left - c, acc + [c])

    rec(0, k, [])

    def key(counts: tuple[int, ...]):
        scores = sorted(s for (s, _), c in zip(levels, counts) for _ in range(c))
        return tuple(-s for s in scores)

    return sorted(out, key=key)


def _sets_of(levels, counts) -> Iterable[tuple[int, ...]]:
    """The sets of a profile in the order of 3.5.3-3.5.4: teams by score, then TPN; sets
    by the lexicographic order of those sequences."""
    parts = [itertools.combinations(teams, c) for (_, teams), c in zip(levels, counts)]
    for combo in itertools.product(*parts):
        yield tuple(x for part in combo for x in part)


def _next_scoregroup(
    ctx: Ctx, left: list[int], top: Fraction, upfloaters: Sequence[int]
) -> tuple[list[int], list[int]]:
    """The scoregroup following the top-scoregroup, without the ``upfloaters`` taken from
    it, and every team left below the bracket (``rest``)."""
    lower = [x for x in left if ctx.sides[x].score < top]
    if not lower:
        return [], []
    nxt = max(ctx.sides[x].score for x in lower)
    ups = set(upfloaters)
    rest = [x for x in lower if x not in ups]
    return [x for x in rest if ctx.sides[x].score == nxt], rest


def C6_next_scoregroup(ctx: Ctx, left: list[int], top: Fraction, upfloaters: Sequence[int]) -> int:
    """[C6] (2.3.3) as a value to minimise: how many upfloaters the scoregroup following
    the top-scoregroup will need in its own bracket when ``upfloaters`` are taken, with
    [C1] and [C3] kept there (the least such number is what [C4] asks of that bracket):
    :func:`tabellone.rules.top_scoregroup.C6_upfloaters_needed`, shared with the Double-Swiss
    system, whose 2.3.3 has the same words.
    0 when the upfloaters emptied it (the text exempts that case). The note to 2.3.3:
    only that scoregroup's residents count, whatever the upfloaters' own scores.

    Every set of one score profile ([C5]) takes as many teams of that scoregroup, so its
    parity, the least value, is the same for all of them; a set that reaches it complies
    with [C6]; when none does, the set that needs fewest upfloaters there comes nearest
    (2.3: quality criteria are met as far as they can be)."""
    group, rest = _next_scoregroup(ctx, left, top, upfloaters)
    need = C6_upfloaters_needed(set(group), rest, lambda vs, weight: _matching(ctx, vs, weight))
    # the rest cannot be paired at all: worse than any pairable rest
    return len(group) + 1 if need is None else need


def C7_count(ctx: Ctx, upfloaters: Iterable[int]) -> int:
    """[C7] (2.3.4): upfloaters that floated in the previous round (not in the last two
    rounds)."""
    return sum(1 for x in upfloaters if ctx.sides[x].floated) if ctx.floats_count else 0


def _legal_set(ctx: Ctx, left: list[int], residents: list[int], ups: Sequence[int]) -> bool:
    """[C1] and [C3]: the bracket can be paired and so can the teams outside it."""
    bracket = set(residents) | set(ups)
    return _pairable(ctx, bracket) and _pairable(ctx, [x for x in left if x not in bracket])


def _choose_among(ctx: Ctx, left, residents, top, levels, counts) -> tuple[int, ...] | None:
    """3.5.5: among the legal sets of a profile, in the order of 3.5.4, the first with
    the least ([C6], [C7]) (:func:`C6_next_scoregroup`, :func:`C7_count`)."""
    best, best_key = None, None
    for ups in _sets_of(levels, counts):
        if not _legal_set(ctx, left, residents, ups):
            continue
        key = (C6_next_scoregroup(ctx, left, top, ups), C7_count(ctx, ups))
        if best_key is None or key < best_key:
            best, best_key = ups, key
            # the least [C6] value is the parity of what the profile leaves of the group
            if key == (len(_next_scoregroup(ctx, left, top, ups)[0]) % 2, 0):
                break
    return best


def A3_5_literal(ctx: Ctx, left: list[int], residents: list[int], top: Fraction) -> tuple[int, ...]:
    """Art. 3.5 as written: sizes from the parity minimum up ([C4]), profiles in the
    order of [C5], the legal sets of the first profile that has any, chosen by 3.5.5."""
    lower = [x for x in left if ctx.sides[x].score < top]
    levels = _levels(ctx, lower)
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        for counts in _profiles(levels, k):
            chosen = _choose_among(ctx, left, residents, top, levels, counts)
            if chosen is not None:
                return chosen
    raise NoPairingError(
        f"round {ctx.round}: the {top}-point scoregroup cannot be paired (C.04.6 Art. 3.3.3)"
    )  # pragma: no cover - [C3] kept


def A3_5_optimised(ctx: Ctx, left: list[int], residents: list[int], top: Fraction) -> tuple[int, ...]:
    """Art. 3.5 by one matching of every team left ([C3]: it must be perfect): a pair of
    residents is worth the most ([C4]: fewest upfloaters); a resident's opponent from
    below costs more the lower its score level, each level outweighing every level above
    it ([C5]: the upfloaters' scores in ascending order, highest first). The matching
    fixes the size and score profile; 3.5.5 then chooses among the sets of that profile."""
    lower = [x for x in left if ctx.sides[x].score < top]
    levels = _levels(ctx, lower)
    level_of = {x: j for j, (_, ts) in enumerate(levels) for x in ts}
    res = set(residents)
    base = len(residents) + 1
    unit = base ** (len(levels) + 1)
    pair_value = unit * (len(residents) + 1)

    def weight(a: int, b: int) -> int:
        if a in res and b in res:
            return 2 * pair_value
        if a in res or b in res:
            other = b if a in res else a
            return pair_value - base ** level_of[other]
        return pair_value

    mate = _matching(ctx, left, weight)
    if mate is None:  # pragma: no cover - [C3] kept by the bye and every earlier bracket
        raise NoPairingError(f"round {ctx.round}: the teams left cannot be paired")
    ups = [mate[x] for x in residents if mate[x] not in res]
    counts = tuple(sum(1 for u in ups if level_of[u] == j) for j in range(len(levels)))
    chosen = _choose_among(ctx, left, residents, top, levels, counts)
    if chosen is None:  # pragma: no cover - the matching's own set is legal
        raise SelfCheckError("team-swiss: the optimiser's profile has no legal set")
    return chosen


# ========================================================================================
# 3.6 the bracket


def pair_cost(ctx: Ctx, a: int, b: int, ups: frozenset[int]) -> tuple[int, int, int]:
    """([C8], [C9], [C10]) of the pair ``a``-``b`` in a bracket whose upfloaters are
    ``ups``: a preference lost when both want the same colour (Art. 4 grants the rest);
    (Type B) a strong one lost when both strongly want it; upfloaters meeting a team that
    floated in the previous round."""
    A, B = ctx.sides[a], ctx.sides[b]
    c8 = int(A.pref is not None and A.pref == B.pref)
    c9 = int(c8 and ctx.preferences == "B" and A.strength == STRONG and B.strength == STRONG)
    c10 = 0
    if ctx.floats_count:
        c10 = int(a in ups and B.floated) + int(b in ups and A.floated)
    return c8, c9, c10


def identifier(pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """Art. 3.6.2: the top members (smaller TPNs) in ascending order, then the bottom
    member of each in the same order. ``11-24 16-6 10-9 8-4`` -> ``4 6 9 11 8 16 10 24``."""
    ordered = sorted((min(p), max(p)) for p in pairs)
    return tuple(t for t, _ in ordered) + tuple(b for _, b in ordered)


def _lower_bound(ctx: Ctx, teams: Iterable[int]) -> tuple[int, int, int]:
    """A bound no pairing of ``teams`` beats on ([C8], [C9], [C10]): teams wanting one
    colour beyond those that can take the other (or have no wish) must meet each other."""
    wants = {WHITE: 0, BLACK: 0}
    strong = {WHITE: 0, BLACK: 0}
    n = 0
    for x in teams:
        n += 1
        s = ctx.sides[x]
        if s.pref:
            wants[s.pref] += 1
            if s.strength == STRONG:
                strong[s.pref] += 1
    lb8 = max(0, *((wants[c] - (n - wants[c]) + 1) // 2 for c in wants))
    lb9 = max(0, *((strong[c] - (n - strong[c]) + 1) // 2 for c in strong)) if ctx.preferences == "B" else 0
    return lb8, lb9, 0


def _add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _literal_bracket(ctx: Ctx, bracket: Sequence[int], ups: frozenset[int]) -> list[tuple[int, int]]:
    """Art. 3.6 as written: the bracket's pairings in the order of their identifiers, the
    first whose ([C8], [C9], [C10]) is least, [C1] always. The search labels the teams,
    by ascending TPN, top member or bottom member (top first: a smaller top member makes a
    smaller identifier), then gives the top members, in ascending order, their bottom
    members, smallest first; it cuts a branch that cannot beat the best pairing found."""
    vs = sorted(bracket)
    m = len(vs)
    half = m // 2
    whole = _lower_bound(ctx, vs)
    best: list = [None, None]  # cost, pairs

    def assign(tops: list[int], bottoms: list[int], i: int, used: set[int], cost, pairs) -> bool:
        ctx.nodes += 1
        if ctx.nodes > LITERAL_BUDGET:
            raise BudgetExceeded(f"team-swiss literal: bracket of {m} teams exceeds the search budget")
        if i == len(tops):
            if best[0] is None or cost < best[0]:
                best[0], best[1] = cost, list(pairs)
            return best[0] == whole
        rest = list(tops[i:]) + [b for b in bottoms if b not in used]
        if best[0] is not None and _add(cost, _lower_bound(ctx, rest)) >= best[0]:
            return False
        t = tops[i]
        for b in bottoms:
            if b in used or b < t or not C1_compatible(ctx, t, b):
                continue
            used.add(b)
            pairs.append((t, b))
            done = assign(tops, bottoms, i + 1, used, _add(cost, pair_cost(ctx, t, b, ups)), pairs)
            pairs.pop()
            used.discard(b)
            if done:
                return True
        return False

    def label(i: int, tops: list[int], bottoms: list[int]) -> bool:
        ctx.nodes += 1
        if i == m:
            return assign(tops, bottoms, 0, set(), (0, 0, 0), [])
        x = vs[i]
        if len(tops) < half:
            tops.append(x)
            if label(i + 1, tops, bottoms):
                return True
            tops.pop()
        if len(bottoms) < len(tops):
            bottoms.append(x)
            if label(i + 1, tops, bottoms):
                return True
            bottoms.pop()
        return False

    label(0, [], [])
    if best[1] is None:  # pragma: no cover - the set was chosen legal
        raise SelfCheckError("team-swiss literal: a legal bracket has no pairing")
    return best[1]


def _optimised_bracket(ctx: Ctx, bracket: Sequence[int], ups: frozenset[int]) -> list[tuple[int, int]]:
    """Art. 3.6 as an optimisation: a maximum-weight perfect matching whose weights rank
    ([C8], [C9], [C10]) lexicographically finds their least value; then, for the teams by
    ascending TPN, each is made a top member when the optimum allows it, and the top
    members in turn take the smallest bottom member the optimum allows: the first
    identifier (3.6.3) among the optimal pairings."""
    vs = sorted(bracket)
    K = len(vs) + 2
    big = 3 * K**3

    def cost(a, b):
        c = pair_cost(ctx, a, b, ups)
        return c[0] * K * K + c[1] * K + c[2]

    allowed: dict[int, set[int]] = {a: {b for b in vs if b != a and C1_compatible(ctx, a, b)} for a in vs}

    def solve():
        return _matching(ctx, vs, lambda a, b: big - cost(a, b) if b in allowed[a] else None)

    def value(mate):
        return sum(cost(a, b) for a, b in mate.items() if a < b)

    mate = solve()
    if mate is None:  # pragma: no cover
        raise SelfCheckError("team-swiss optimiser: a legal bracket has no pairing")
    optimum = value(mate)

    def restrict(keep) -> bool:
        nonlocal mate
        saved = {a: set(s) for a, s in allowed.items()}
        for a in vs:
            allowed[a] = {b for b in allowed[a] if keep(a, b) and keep(b, a)}
        if all(mate[a] in allowed[a] for a in vs):
            return True
        trial = solve()
        if trial is not None and value(trial) == optimum:
            mate = trial
            return True
        allowed.clear()
        allowed.update(saved)
        return False

    for x in vs:  # top members: partner larger
        if not restrict(lambda a, b, x=x: a != x or b > x):
            restrict(lambda a, b, x=x: a != x or b < x)
    tops = [x for x in vs if mate[x] > x]
    for t in tops:
        for b in sorted(y for y in allowed[t] if y > t):
            if restrict(lambda p, q, t=t, b=b: (p != t or q == b) and (p != b or q == t)):
                break
    return sorted((a, mate[a]) for a in tops)


# ========================================================================================
# Art. 4 colours


def first_team(ctx: Ctx, a: int, b: int) -> int:
    """Art. 4.2: the higher primary score, then the higher secondary score (unless the
    event does not use it), then the smaller TPN."""
    A, B = ctx.sides[a], ctx.sides[b]
    if A.score != B.score:
        return a if A.score > B.score else b
    if ctx.t.secondary_for_colour and A.secondary != B.secondary:
        return a if A.secondary > B.secondary else b
    return min(a, b)


def A4_colours(ctx: Ctx, a: int, b: int) -> tuple[int, str]:
    """Art. 4.3: who gets White (the first board's White) in ``a``-``b``, and the
    sub-article that decides, in descending priority."""
    f = first_team(ctx, a, b)
    o = b if f == a else a
    F, O = ctx.sides[f], ctx.sides[o]

    def give(team: int, colour: str) -> int:
        return team if colour == WHITE else (o if team == f else f)

    if not F.colours and not O.colours:  # 4.3.1
        return give(f, ctx.initial if f % 2 else opposite(ctx.initial)), "4.3.1"
    if (F.pref is None) != (O.pref is None):  # 4.3.2
        team = f if F.pref else o
        return give(team, ctx.sides[team].pref), "4.3.2"
    if F.pref and O.pref and F.pref != O.pref:  # 4.3.3
        return give(f, F.pref), "4.3.3"
    if ctx.preferences == "B" and (F.strength == STRONG) != (O.strength == STRONG):  # 4.3.4
        team = f if F.strength == STRONG else o
        return give(team, ctx.sides[team].pref), "4.3.4"
    if F.cd != O.cd:  # 4.3.5
        return (f if F.cd < O.cd else o), "4.3.5"
    for k in range(1, min(len(F.colours), len(O.colours)) + 1):  # 4.3.6, histories right-aligned
        cf, co = F.colours[-k], O.colours[-k]
        if cf != co:
            return give(f, opposite(cf)), "4.3.6"
    if F.pref:  # 4.3.7
        return give(f, F.pref), "4.3.7"
    if F.colours:  # 4.3.8
        return give(f, opposite(F.colours[-1])), "4.3.8"
    return give(o, opposite(O.colours[-1])), "4.3.9"


# ========================================================================================
# the round


def _pair(
    ctx: Ctx, method: str, no_bye: frozenset[int] = frozenset()
) -> tuple[list[tuple[int, int]], int | None, list[tuple[Fraction, list[int], tuple[int, ...]]]]:
    for x in no_bye:
        if x in ctx.sides:
            ctx.sides[x].bye_barred = True
    bye = A3_4_bye(ctx)
    left = sorted(x for x in ctx.sides if x != bye)
    if bye is None and not _pairable(ctx, left):
        raise NoPairingError(
            f"round {ctx.round}: the teams cannot all be paired without two meeting again "
            "(C.04.6 Art. 3.3.3: the Chief Arbiter decides)"
        )
    pairs, brackets = [], []
    choose = A3_5_literal if method == "literal" else A3_5_optimised
    pair_bracket = _literal_bracket if method == "literal" else _optimised_bracket
    groups = sorted({ctx.sides[x].score for x in left}, reverse=True)  # the progress line counts scoregroups
    while left:
        top = max(ctx.sides[x].score for x in left)
        progress.step(groups.index(top) + 1, len(groups), "scoregroup")
        residents = [x for x in left if ctx.sides[x].score == top]
        ups = choose(ctx, left, residents, top)
        bracket = residents + list(ups)
        made = pair_bracket(ctx, bracket, frozenset(ups))
        pairs += made
        brackets.append((top, bracket, tuple(ups)))
        inside = set(bracket)
        left = [x for x in left if x not in inside]
    return pairs, bye, brackets


def _finish(ctx: Ctx, pairs, bye) -> Pairing:
    boards = []
    for a, b in pairs:
        white, _ = A4_colours(ctx, a, b)
        boards.append((white, b if white == a else a))
    S = ctx.sides
    # C.04.2 Art. 3.6 order of publication: higher score of the higher-ranked team, sum of
    # the scores, smaller TPN
    boards.sort(key=lambda p: (-max(S[p[0]].score, S[p[1]].score), -(S[p[0]].score + S[p[1]].score), min(p)))
    return Pairing(round=ctx.round, pairs=boards, bye=bye, solves=ctx.solves)


def pair_round(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    method: str = "literal",
    no_bye: frozenset[int] = frozenset(),
) -> Pairing:
    """Pair the next round (or ``round_number``) of the team event ``t``.

    ``method`` is ``"literal"`` (the text's procedure, the default) or ``"optimised"``;
    ``no_bye`` bars teams from the bye besides [C2]. The pairing is checked by
    :func:`check_absolute` before it is returned."""
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}", field="--method")
    ctx = _prepare(t, edition, round_number)
    if not ctx.sides:
        raise NoPairingError(f"round {ctx.round}: no team to pair")
    with progress.task(f"Swiss Team {edition}, round {ctx.round}, {len(ctx.sides)} teams"):
        pairs, bye, _ = _pair(ctx, method, no_bye)
    pairing = _finish(ctx, pairs, bye)
    problems = check_absolute(t, pairing, edition)
    if problems:
        raise SelfCheckError("the team-swiss engine produced an illegal pairing: " + "; ".join(problems))
    return pairing


def check_absolute(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[str]:
    """:func:`violations` as sentences."""
    return [v.text for v in violations(t, pairing, edition)]


def violations(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[Violation]:
    """Every absolute rule a proposed round breaks (empty: legal), read from the round
    entries directly: every team to pair once; [C1] no two teams that met in a played
    match, no prohibited pair; [C2] the bye only with an odd number of teams, to a team
    allowed one. Colours are never absolute (Preface: Basic Rules Art. 6-7 never apply)."""
    if not isinstance(t, TeamTournament):
        raise InputError(
            "the Swiss Team Pairing System pairs team events: the file has no team records (310 or 013)",
            field="--system",
        )
    r = pairing.round
    state = t.state_before(r)
    present = {p.id for p in state.to_pair}
    problems, _ = attendance_violations(pairing, present, {p.id for p in t.players}, t)
    prohibited = t.prohibited_in(r)
    for w, b in pairing.pairs:
        if w == b or w not in present or b not in present:
            continue
        met = [k for k in range(1, r) if t.player(w).entry(k).opponent == b and t.player(w).entry(k).played]
        if met:
            body = f"teams {named(t, w)} and {named(t, b)} already played each other (round {met[0]})"
            problems.append(Violation.headed("C1", body, players=(w, b), round=r, label="[C1]"))
        if frozenset((w, b)) in prohibited:
            body = f"teams {named(t, w)} and {named(t, b)} are a prohibited pair"
            problems.append(Violation.headed("C1", body, players=(w, b), round=r, label="[C1]"))
    bar = C2_bye_bar(t, pairing.bye, r) if pairing.bye is not None and pairing.bye in present else None
    if bar is not None:
        body = f"the bye goes to team {named(t, pairing.bye)}, which had {bar[1]} in round {bar[0]}"
        problems.append(Violation.headed("C2", body, players=(pairing.bye,), round=r, label="[C2]"))
    return problems


# ========================================================================================
# objective vectors: the verifier, explain and compare


#: Criteria of a bracket in priority order: (article, what is minimised).
BRACKET_CRITERIA = [
    ("C4", "number of upfloaters (2.3.1)"),
    ("C5", "score differences of the upfloaters, in descending order (2.3.2)"),
    ("C6", "upfloaters the following scoregroup will need in its own bracket (2.3.3)"),
    ("C7", "upfloaters who floated in the previous round (2.3.4)"),
    ("C8", "teams without their colour preference (2.3.5)"),
    ("C9", "teams without their strong colour preference (2.3.6, Type B)"),
    ("C10", "upfloaters' opponents who floated in the previous round (2.3.7)"),
]


def _brackets_of(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None) -> list[BracketValues]:
    mate = {}
    for a, b in pairs:
        mate[a], mate[b] = b, a
    left = sorted(x for x in ctx.sides if x != bye)
    out = []
    while left:
        top = max(ctx.sides[x].score for x in left)
        residents = [x for x in left if ctx.sides[x].score == top]
        rset = set(residents)
        ups = sorted(
            {mate[x] for x in residents if x in mate and mate[x] not in rset}, key=lambda x: (-ctx.sides[x].score, x)
        )
        bracket = residents + ups
        inside = set(bracket)
        upset = frozenset(ups)
        cost = (0, 0, 0)
        for a in bracket:
            if a in mate and a < mate[a] and mate[a] in inside:
                cost = _add(cost, pair_cost(ctx, a, mate[a], upset))
        values = {
            "C4": len(ups),
            "C5": tuple(sorted((top - ctx.sides[u].score for u in ups), reverse=True)),
            "C6": C6_next_scoregroup(ctx, left, top, ups),
            "C7": C7_count(ctx, ups),
            "C8": cost[0],
            "C9": cost[1],
            "C10": cost[2],
        }
        out.append(BracketValues(top, bracket, values))
        left = [x for x in left if x not in inside]
    return out


def _plain(t: Tournament, pairing: Pairing) -> list[tuple[int, int]]:
    return [(min(w, b), max(w, b)) for w, b in pairing.pairs]


def evaluate(t: Tournament, pairing: Pairing, edition: str = "2026") -> tuple[dict[str, object], list[BracketValues]]:
    """Every criterion of ``pairing`` (a complete, legal pairing of its round of ``t``):
    the bye's place in the order of 3.4, then one :class:`BracketValues` per bracket,
    from the top. Every value is minimised, in the order of :func:`quality_criteria`."""
    ctx = _prepare(t, edition, pairing.round)
    round_level: dict[str, object] = {}
    if pairing.bye is not None and pairing.bye in ctx.sides:
        s = ctx.sides[pairing.bye]
        round_level["3.4"] = (s.score, -s.matches, -s.tpn)
    return round_level, _brackets_of(ctx, _plain(t, pairing), pairing.bye)


def quality_criteria(edition: str = "2026") -> list[tuple[str, str]]:
    """Every criterion :func:`evaluate` values, in priority order."""
    if edition not in EDITIONS:
        raise InputError(f"unknown edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    return [("3.4", "the bye: (score, -matches played, -TPN) of the team that has it")] + BRACKET_CRITERIA


def generation_article(edition: str = "2026") -> str:
    return "3.5.4 (order of the sets of upfloaters) and 3.6.3 (order of the identifiers)"


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who gets White (first board) when ``white`` and ``black`` meet, and the
    sub-article of Art. 4.3 that decides."""
    ctx = _prepare(t, edition, round_number)
    return A4_colours(ctx, white, black)


def objective_vector(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[tuple[str, str, object]]:
    """The bye, then every bracket's criteria in priority order, brackets from the top,
    then the order of the text (3.5.4 set, 3.6.2 identifier) as the last components;
    compared lexicographically, smaller better."""
    round_level, brackets = evaluate(t, pairing, edition)
    out = vector_of(round_level, brackets, [a for a, _ in BRACKET_CRITERIA])
    plain = _plain(t, pairing)
    for g in brackets:
        members = set(g.players)
        ups = tuple(g.players[g.values["C4"] and len(g.players) - g.values["C4"] :]) if g.values["C4"] else ()
        out.append((fmt_value(g.score), "3.5.4", ups))
        out.append((fmt_value(g.score), "3.6.2", identifier(p for p in plain if p[0] in members)))
    return out


def compare(t: Tournament, edition: str = "2026", round_number: int | None = None) -> Comparison:
    """Pair a round both ways and say where the two differ on the objective vector."""
    lit = pair_round(t, edition, round_number, "literal")
    opt = pair_round(t, edition, round_number, "optimised")
    return Comparison.of(edition, lit, opt, objective_vector(t, lit, edition), objective_vector(t, opt, edition))


# ========================================================================================
# standings


#: Tie-breaks after the two team scores when the file names none (FIDE C.07 codes; a
#: team's Buchholz and Sonneborn-Berger read match points unless written ``:GP``).
TEAM_TIEBREAKS = ("BH/C1", "BH", "SB")


@dataclass
class TeamRow:
    place: int
    shared: bool
    tpn: int
    name: str
    primary: Fraction
    secondary: Fraction
    values: dict[str, object]


def standings(t: TeamTournament, tiebreaks=None, edition: str = "2026") -> list[TeamRow]:
    """Team standings (C.04.6 Art. 1.2; FIDE C.07 for the tie-breaks): the primary score,
    then the secondary score, then the C.07 tie-breaks ``tiebreaks`` (default
    :data:`TEAM_TIEBREAKS`, or the file's ``202``), each reading match points or game
    points as written (``BH:GP``, ``SB:MP``, ``EMGSB`` ..., see
    :mod:`tabellone.tiebreaks`). Teams level on everything share the place and are listed
    by TPN."""
    from tabellone.tiebreaks import codes_from_file, parse_code, parse_codes, ranking, rounds_complete

    if not isinstance(t, TeamTournament):
        raise InputError("team standings need a team event (310 or 013 records)", field="--system")
    tbs = list(tiebreaks) if tiebreaks else (codes_from_file(t) or parse_codes(TEAM_TIEBREAKS))
    tbs = [tb for tb in tbs if tb.code not in ("MPTS", "GPTS") or tb.code[:2] != t.primary]
    second = parse_code("GPTS" if t.primary == "MP" else "MPTS")
    order = [second] + [tb for tb in tbs if tb.code != second.code]
    n = rounds_complete(t)
    rows_in = ranking(t, order, edition, rounds=n, primary=t.primary)
    mp = {tpn: t.match_points_before(tpn, n + 1) for tpn in t.team_by_tpn}
    gp = {tpn: t.game_points_before(tpn, n + 1) for tpn in t.team_by_tpn}
    primary, secondary = (mp, gp) if t.primary == "MP" else (gp, mp)
    return [
        TeamRow(
            r.place,
            r.shared,
            r.participant.player.id,
            r.participant.player.name,
            primary[r.participant.player.id],
            secondary[r.participant.player.id],
            {tb.text: r.participant.values.get(tb.text) for tb in order[1:]},
        )
        for r in rows_in
    ]
