"""FIDE Double-Swiss system (Handbook C.04.5), the only edition: approved by the Council on
28/10/2025, applied from 1 February 2026 (handbook.fide.com, chapter
DoubleSwissSystem202602). Written against the full text of the chapter, Preface to Art. 4.4,
read from the public copy ``docs/C0405_Double_Swiss_Pairing_System_from_2026_02_01.md`` of
github.com/gbtami/swisspairing (retrieved from the handbook page on 2026-03-15), together
with C.04.2 (Art. 2 TPNs, 3.4 colour histories, 3.6 board order) and C.04.7 from the same
repository. Every article below was compared with that text; the text's two examples
(3.5.4, 3.6.2) are tests.

Every pairing is a *match* of two games between the same two players, colours reversed in
the second game (Preface). Points are game points (1, 1/2, 0 a game), so a match ends 2-0,
1.5-0.5, 1-1, ... and, rarely, 1.5-0, 1-0.5, ... 0-0. A match is forfeited only when a
player forfeits both games; such a pair may meet again. Any other match counts as played
(for standings and tie-breaks a single forfeited game is treated as played). Byes, asked
for or allocated, cover a whole match.

How a match is recorded (TRF)
-----------------------------
TRF26 has one opponent, colour and result per player per round column, and no way to write
a two-game match in one column, although its ``192`` code ``FIDE_DOUBLESWISS`` names the
system. Tabellone writes match *k* as the round columns ``2k-1`` (game 1) and ``2k``
(game 2): the same opponent in both, colours reversed, each game's own result code (so
a 1/2-0 game is ``=`` against ``0``). ``142``/``XXR`` counts columns, twice the matches.
A bye covers both columns of its match: the pairing-allocated bye is ``U`` then ``H``, a
game won and a game drawn without playing, the value of Art. 1.4; a requested bye is
``H H`` (a drawn match) or ``F F``; an absence ``Z Z``. :func:`matches_of` reads this back
and refuses anything else, naming the player and the columns.

The pairing (Articles 2-3)
--------------------------
The PAB first (3.4), then, while players remain, the *top scoregroup* (players with the
highest score among those still unpaired, 3.2) takes a set of upfloaters from below
(3.5) and the bracket so formed is paired (3.6). There are no downfloaters. Colours
come last (Art. 4) and there is no colour criterion in the pairing.

Two methods, one reading of the text:

* ``method="literal"`` follows the text: the upfloater sets of 3.5 in the order of 3.5.2
  ([C4] fewest upfloaters, [C5] highest scores) and 3.5.3-3.5.4 (the lexicographic order
  of their TPNs), the first legal set with the best [C6] and [C7]; then the pairings of
  the bracket in the lexicographic order of their identifiers (3.6.2-3.6.3), the first
  legal one with the best [C8]. The orders are walked element by element: each element
  (the next upfloater set; the next top member; the next bottom member) is the smallest
  one that a legal pairing with the best attainable values can still complete, which a
  perfect-matching oracle decides (:func:`_perfect`). This finds exactly the first
  element of the text's order without listing the factorially many before it.
* ``method="optimised"`` states the same criteria as lexicographic objectives packed into
  one integer weight per pair (:func:`tabellone.matching.lexicographic.fit_layout`) and solves each
  bracket's two decisions (which upfloaters; which pairs) by exact maximum-weight
  perfect matching over everybody still unpaired, so that [C3] (completion) is a hard
  constraint. The set order of 3.5.4 and the identifier order of 3.6.2 are bit fields:
  the lexicographically first sorted set of a fixed size is the one of greatest
  ``sum 2**-position``.

:func:`compare` pairs a round both ways and gives both objective vectors;
``benchmarks/double_swiss_crosscheck.py`` runs it on generated events.

Articles and the functions implementing them
--------------------------------------------

=========  ===========================================================  =============================
art.       rule                                                         implemented by
=========  ===========================================================  =============================
Preface    matches, forfeited matches, byes per match                   :func:`matches_of`
1.2        order: score, then TPN                                       :func:`_prepare`
1.4        PAB worth a game won and a game drawn (``U`` + ``H``)         :data:`PAB_CODES`
1.5        floater: played a player with another score                  :func:`_floated`
1.6        a match's colour: game 1's, if a game was played             :func:`matches_of`
2.1.1 C1   no second meeting (forfeited matches excepted; 260 pairs)    :func:`C1_may_meet`
2.1.2 C2   no PAB after a PAB, a match won by forfeit or a full bye     :func:`C2_may_get_pab`
2.2 C3     the rest of the round stays pairable                         :func:`_perfect`
2.3 C4-C5  fewest upfloaters, then their highest scores                 :func:`A3_5_profiles`
2.3 C6     fewest upfloaters the following scoregroup will need        :func:`C6_need`
2.3 C7     upfloaters who floated in the previous round (not last)      :func:`C7_count`
2.3 C8     upfloaters' opponents who floated before (not last)          :func:`C8_cost`
3.4        the PAB: legal, lowest score, most matches, largest TPN      :func:`A3_4_pab`
3.5        upfloater sets and their order                               :func:`A3_5_sets`
3.6        pairing identifiers and their order                          :func:`A3_6_identifier`
4.1-4.4    colours of game 1                                            :func:`A4_colour`
=========  ===========================================================  =============================

Readings where the text leaves a choice (each also where it is used): [C6] is the number
of upfloaters the following scoregroup will need in its own bracket ([C1] and [C3] kept;
0 when the upfloaters emptied it), minimised: the reading of
:mod:`tabellone.rules.top_scoregroup`, shared with the Swiss Team system, whose 2.3.3 has the same
words (its parity is the least value; when no set reaches it, the set needing fewest
comes nearest, rather than the order of 3.5.4 choosing among sets that all miss it);
"complies with [C6]/[C7]/[C8]" means "attains the best value any candidate attains" (the text's
criteria are minimisations); a pair of upfloaters inside a bracket never helps [C4] and is
never formed; "matches played" (3.4.3) and "floater" (1.5) count matches not forfeited;
the last round is the last match the file declares (``142`` / 2); 4.3.1 ("both have yet
to play a match") is read as "neither has a colour" (1.6), so a match whose two games were
both forfeited by different players, which counts as played but gives no colour, does not
leave a pair with no rule.

Acceleration (C.04.7, whose methods apply to every Swiss system, Preface): a match is
one pairing, so its virtual points are added to the pairing score once, before game 1
(:func:`match_virtual_points`: from the game-1 column, the game-2 column holding the same
or none). The pairing score (C.04.7 1.5) makes the scoregroups and orders them, and is the
score of 3.4 (the PAB), 1.5 (floaters) and 4.2 (the higher-ranked player); boards are
ordered by the real score, as for the individual systems
(:func:`tabellone.rules.fide_common.board_order`). Baku (C.04.7 Art. 1) counts its accelerated
rounds in matches and gives the points of a match won (two games): see
:func:`tabellone.core.acceleration.baku_virtual_points` and ``--baku``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from tabellone.core import progress
from tabellone.core.errors import InputError, NoPairingError, SelfCheckError
from tabellone.core.model import BLACK, WHITE, HeaderRecord, Player, RoundEntry, Tournament, named, opposite
from tabellone.core.pairing import Pairing, Violation, attendance_violations
from tabellone.core.scoring import PLAYED_CODES, format_points
from tabellone.matching.backends import max_weight_matching
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.comparison import BracketValues, Comparison
from tabellone.rules.comparison import objective_vector as vector_of
from tabellone.rules.fide_common import board_order, effective_ranks, pair_violation, required_initial_colour
from tabellone.rules.top_scoregroup import C6_pulls_out, C6_upfloaters_needed

EDITIONS = ("2026",)
METHODS = ("literal", "optimised")
#: Round columns per pairing (a match of two games): what a "round" of C.04.7 and of the
#: command line's ``--rounds`` counts, read through :func:`rules.games_per_round`.
GAMES_PER_ROUND = 2

#: The two cells of a pairing-allocated bye: a game won and a game drawn (Art. 1.4).
PAB_CODES = ("U", "H")
#: Bye codes that may fill the two cells of a match nobody plays.
BYE_CELLS = frozenset("UFHZ ")


# ========================================================================================
# the match model: two round columns per match


@dataclass(frozen=True)
class Match:
    """One player's match ``number`` (1-based), read from columns ``2n-1`` and ``2n``.

    ``colour`` is the player's colour of game 1 when at least one of the two games was
    played over the board (Art. 1.6), else ``None``; ``forfeited`` is True when a player
    forfeited both games (Preface: not a meeting, the pair may meet again);
    ``forfeit_win`` when the opponent did and this player did not."""

    number: int
    opponent: int | None
    colour: str | None
    points: Fraction
    forfeited: bool = False
    forfeit_win: bool = False
    pab: bool = False
    full_bye: bool = False

    @property
    def met(self) -> bool:
        """A match that counts as played (Preface): an opponent, not forfeited."""
        return self.opponent is not None and not self.forfeited


def _cells(p: Player, k: int) -> tuple[RoundEntry, RoundEntry]:
    return p.entry(2 * k - 1), p.entry(2 * k)


def _bad(p: Player, k: int, what: str) -> InputError:
    return InputError(
        f"player {p.id}, match {k} (round columns {2 * k - 1} and {2 * k}): {what} (C.04.5 Preface: "
        "a match is two games against one opponent, colours reversed; a bye covers the whole match)",
        field=f"round {2 * k - 1}-{2 * k}",
    )


def matches_of(t: Tournament, pid: int, upto: int) -> list[Match]:
    """Player ``pid``'s matches ``1 .. upto``, checked (see the module docstring)."""
    p = t.player(pid)
    out = []
    for k in range(1, upto + 1):
        e1, e2 = _cells(p, k)
        points = t.points_in_round(p, 2 * k - 1) + t.points_in_round(p, 2 * k)
        g1, g2 = e1.opponent is not None, e2.opponent is not None
        if not g1 and not g2:
            if e1.result not in BYE_CELLS or e2.result not in BYE_CELLS:
                raise _bad(p, k, f"results {e1.result!r} {e2.result!r} without an opponent")
            if "U" in (e1.result, e2.result) and (e1.result, e2.result) != PAB_CODES:
                raise _bad(
                    p,
                    k,
                    f"a pairing-allocated bye is written U in game 1 and H in game 2 (Art. 1.4), found {e1.result!r} {e2.result!r}",
                )
            out.append(Match(k, None, None, points, pab=e1.result == "U", full_bye="F" in (e1.result, e2.result)))
            continue
        if g1 != g2 or e1.opponent != e2.opponent:
            raise _bad(p, k, f"game 1 against {e1.opponent or 'nobody'}, game 2 against {e2.opponent or 'nobody'}")
        if e1.colour is not None and e2.colour is not None and e1.colour == e2.colour:
            raise _bad(p, k, "the same colour in both games")
        o = t.by_id.get(e1.opponent)
        if o is None:
            raise _bad(p, k, f"opponent {e1.opponent} is not in the tournament")
        o1, o2 = _cells(o, k)
        mine = e1.result == "-" and e2.result == "-"
        theirs = o1.result == "-" and o2.result == "-" and o1.opponent == pid
        played = e1.result in PLAYED_CODES or e2.result in PLAYED_CODES
        colour = e1.colour or (opposite(e2.colour) if e2.colour else None)
        out.append(
            Match(
                k,
                e1.opponent,
                colour if played else None,
                points,
                forfeited=mine or theirs,
                forfeit_win=theirs and not mine,
            )
        )
    return out


def round_name(r: int) -> str:
    """How reports name round column ``r`` (:func:`tabellone.verify.checker.round_name`): game 1
    stands for its match (it is the pairing), game 2 is named as such. Column 7 is
    'match 4 (round columns 7-8)', column 8 'match 4, game 2 (round column 8)'."""
    k = (r + 1) // 2
    return f"match {k} (round columns {r}-{r + 1})" if r % 2 else f"match {k}, game 2 (round column {r})"


# ========================================================================================
# the round to pair


@dataclass(frozen=True)
class Entrant:
    """A player to pair, with what the criteria read. ``score`` is the pairing score
    (C.04.7 1.5: game points plus this match's virtual points, if the event is
    accelerated). ``tpn`` is 1-based (the effective
    pairing number, Art. 1.1 and C.04.2 Art. 2), ``rank`` the same 0-based (boards);
    ``colours`` the colours of game 1 of the matches with a colour (Art. 1.6, C.04.2
    3.4: unplayed matches squeezed out), oldest first."""

    id: int
    tpn: int
    score: Fraction
    met: frozenset[int]
    colours: str
    matches_played: int
    pab_barred: bool
    floated: bool
    #: virtual points of this match (C.04.7 acceleration), included in ``score``
    virtual: Fraction = Fraction(0)

    @property
    def rank(self) -> int:
        return self.tpn - 1

    @property
    def real_score(self) -> Fraction:
        """The score without virtual points (boards are ordered by it, C.04.2 3.6 as
        :func:`tabellone.rules.fide_common.board_order` reads it)."""
        return self.score - self.virtual

    @property
    def whites(self) -> int:
        return self.colours.count(WHITE)


@dataclass
class Ctx:
    """One match round: ``P`` in the order of Art. 1.2 (score, then TPN)."""

    t: Tournament
    match: int
    last: bool
    initial: str
    P: list[Entrant]
    prohibited: frozenset[frozenset[int]]
    solves: int = 0
    no_bye: frozenset[int] = frozenset()
    adj: list[set[int]] = field(default_factory=list)
    #: each player's score level as a small integer (higher score, higher level): the
    #: criteria compare these in their inner loops instead of Fractions
    lv: list[int] = field(default_factory=list)
    level: dict[Fraction, int] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.P)

    @property
    def round(self) -> int:
        return 2 * self.match - 1


def C1_may_meet(a: Entrant, b: Entrant, prohibited: frozenset[frozenset[int]] = frozenset()) -> bool:
    """[C1] (2.1.1, C.04.1 Art. 2): two players do not meet twice. A forfeited match is no
    meeting (Preface); a prohibited pair (TRF26 ``260``) counts as met."""
    return b.id not in a.met and frozenset((a.id, b.id)) not in prohibited


def C2_may_get_pab(e: Entrant) -> bool:
    """[C2] (2.1.2): "A player who has already received a pairing-allocated bye or won a
    match by forfeit (or been given a FIDE-deprecated full-point bye) shall not receive
    the pairing-allocated bye." The system's own words, narrower than C.04.1 Art. 4 only
    in name: any earlier PAB bars another (it is always worth the same, Art. 1.4), and so
    do a match won by forfeit and a full-point bye; a half-point bye the player asked for
    does not (:func:`C2_pab_bar` reads the matches)."""
    return not e.pab_barred


def C2_pab_bar(matches: list[Match], t: Tournament | None = None) -> tuple[int, str] | None:
    """The first of ``matches`` that bars the PAB by [C2] (:func:`C2_may_get_pab`): its
    number and what it was (an opponent named from ``t``); ``None`` when none does."""
    for m in matches:
        if m.pab:
            return m.number, f"a pairing-allocated bye worth {format_points(m.points)} points"
        if m.forfeit_win:
            return m.number, f"a match won by forfeit against {named(t, m.opponent)}"
        if m.full_bye:
            return m.number, "a full-point bye"
    return None


def _pairs_named(t: Tournament, pairs: list[tuple[int, int]]) -> str:
    return ", ".join(f"{named(t, w)}-{named(t, b)}" for w, b in pairs) or "nothing"


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str = "2026") -> tuple[bool, str]:
    """Whether ``player`` may have the PAB of the match that starts at round column
    ``round_number``, and the sentence that says so, with the match that bars it."""
    bar = C2_pab_bar(matches_of(t, player, (round_number + 1) // 2 - 1), t)
    if bar is None:
        return (
            True,
            f"C2: {named(t, player)} may have the bye (no PAB, no match won by forfeit, no full-point bye before)",
        )
    return False, f"C2: {named(t, player)} may not have the bye: {bar[1]} in match {bar[0]}"


def _floated(history: dict[int, list[Match]], scores: dict[int, list[Fraction]], pid: int, k: int) -> bool:
    """Art. 1.5: ``pid`` was a floater in match ``k``: it played (a match not forfeited) an
    opponent whose score before that match differed from its own (pairing scores, C.04.7
    1.5: the score that made the scoregroups)."""
    if k < 1:
        return False
    m = history[pid][k - 1]
    return m.met and m.opponent in scores and scores[m.opponent][k - 1] != scores[pid][k - 1]


def match_virtual_points(t: Tournament, k: int) -> dict[int, Fraction]:
    """The virtual points (C.04.7) of match ``k``: those recorded for its game-1 column
    ``2k-1`` (TRF26 ``250``, JaVaFo ``XXA``, or Baku's, which
    :func:`tabellone.core.acceleration.baku_virtual_points` writes in both columns of a match).
    A match is one pairing, so its game-2 column holds the same or none."""
    first, second = t.virtual_points_for(2 * k - 1), t.virtual_points_for(2 * k)
    for pid, points in second.items():
        if first.get(pid, Fraction(0)) != points:
            raise InputError(
                f"player {pid}, match {k}: virtual points {first.get(pid, 0)} for game 1 (round column {2 * k - 1}) but {points} "
                f"for game 2 (column {2 * k}); acceleration (C.04.7) adds them once per match, the same in both columns",
                field="250 / XXA",
            )
    return first


_LAST: list = [None, None, None]  # (tournament, round, Ctx): pair_round, check and evaluate share it


def _prepare(t: Tournament, round_number: int | None) -> Ctx:
    """The state before game 1 of a match (cached for the last tournament object seen)."""
    r = t.next_round if round_number is None else round_number
    if _LAST[0] is t and _LAST[1] == r:
        ctx = _LAST[2]
        return replace(ctx, solves=0)
    ctx = _build(t, r)
    _LAST[:] = [t, r, ctx]
    return ctx


def _build(t: Tournament, round_number: int | None) -> Ctx:
    """The state before game 1 of a match: who plays, their scores, meetings, colours."""
    r = t.next_round if round_number is None else round_number
    if r % 2 == 0:
        raise ValueError("game 2 of a match is not paired: it repeats game 1")
    if t.total_rounds is None:
        raise InputError(
            "the number of rounds is needed to pair (142 n or XXR n, two columns per match, or --rounds): "
            "[C7] and [C8] lapse in the last round",
            field="XXR / 142",
        )
    if t.total_rounds % 2:
        raise InputError(
            f"a Double-Swiss file has two round columns per match, so an even number of rounds; found {t.total_rounds}",
            field="XXR / 142",
        )
    k = (r + 1) // 2
    if r > t.total_rounds:
        raise InputError(
            f"match {k} (round {r}) is beyond the {t.total_rounds // 2} matches the file declares", field="XXR / 142"
        )
    state = t.state_before(r)
    history = {p.id: matches_of(t, p.id, k - 1) for p in t.players}
    virtual = [match_virtual_points(t, j) for j in range(1, k + 1)]
    scores: dict[int, list[Fraction]] = {}  # pairing scores before each match 1..k
    for pid, ms in history.items():
        s, seq = Fraction(0), []
        for j, m in enumerate(ms):
            seq.append(s + virtual[j].get(pid, Fraction(0)))
            s += m.points
        seq.append(s + virtual[k - 1].get(pid, Fraction(0)))
        scores[pid] = seq
    ranks = effective_ranks(t, state)
    P = []
    for s in state.to_pair:
        p = t.player(s.id)
        if not p.entry(r + 1).is_empty and p.entry(r + 1).opponent is None:
            raise _bad(p, k, f"a bye ({p.entry(r + 1).result}) entered for game 2 only")
        ms = history[s.id]
        P.append(
            Entrant(
                id=s.id,
                tpn=ranks[s.id] + 1,
                score=scores[s.id][-1],
                virtual=virtual[k - 1].get(s.id, Fraction(0)),
                met=frozenset(m.opponent for m in ms if m.met),
                colours="".join(m.colour for m in ms if m.colour),
                matches_played=sum(1 for m in ms if m.met),
                pab_barred=C2_pab_bar(ms) is not None,
                floated=_floated(history, scores, s.id, k - 1),
            )
        )
    P.sort(key=lambda e: (-e.score, e.tpn))
    prohibited = state.prohibited
    ctx = Ctx(t, k, k == t.total_rounds // 2, "w", P, prohibited)
    ctx.adj = [{j for j in range(len(P)) if j != i and C1_may_meet(P[i], P[j], prohibited)} for i in range(len(P))]
    ctx.initial = required_initial_colour(t, state)
    ctx.level = {sc: k for k, sc in enumerate(sorted({e.score for e in P}))}
    ctx.lv = [ctx.level[e.score] for e in P]
    return ctx


# ========================================================================================
# the completion oracle and the criteria


def _perfect(
    ctx: Ctx,
    vertices: Iterable[int],
    weight: Callable[[int, int], int] | None = None,
    allowed: Callable[[int, int], bool] | None = None,
) -> dict[int, int] | None:
    """A perfect matching of ``vertices`` over pairs that may meet ([C1]) and are
    ``allowed``, of greatest total ``weight`` (non-negative); ``None`` if there is none.
    [C3] (2.2.1) is this test on the players still to pair."""
    vs = sorted(vertices)
    if not vs:
        return {}
    if len(vs) % 2:
        return None
    pos = {v: k for k, v in enumerate(vs)}
    edges = []
    for a in vs:
        for b in ctx.adj[a]:
            if b > a and b in pos and (allowed is None or allowed(a, b)):
                edges.append((pos[a], pos[b], 1 + (weight(a, b) if weight else 0)))
    ctx.solves += 1
    mate = max_weight_matching(len(vs), edges, max_cardinality=True)
    if len(mate) != len(vs):
        return None
    return {vs[i]: vs[j] for i, j in mate.items()}


def C7_count(ctx: Ctx, upfloaters: Iterable[int]) -> int:
    """[C7] (2.3.4): except in the last round, the upfloaters who were floaters in the
    previous round (Art. 1.5)."""
    return 0 if ctx.last else sum(1 for u in upfloaters if ctx.P[u].floated)


def C8_cost(ctx: Ctx, a: int, b: int, top: Fraction | int) -> int:
    """[C8] (2.3.5) for one pair of a bracket whose residents score ``top``: except in the
    last round, the opponents of upfloaters that were floaters in the previous round."""
    if ctx.last:
        return 0
    P, lv, t = ctx.P, ctx.lv, ctx.level[top] if isinstance(top, Fraction) else top
    return int(lv[a] < t and P[b].floated) + int(lv[b] < t and P[a].floated)


def C6_need(ctx: Ctx, residents: Sequence[int], chosen: Sequence[int], remaining: set[int]) -> int:
    """[C6] (2.3.3) as a number to minimise (:mod:`tabellone.rules.top_scoregroup`, the reading
    shared with C.04.6): the upfloaters the following scoregroup (the next lower score
    among the players still to pair), what ``chosen`` left of it, will need in its own
    bracket, [C1] and [C3] kept; 0 when the upfloaters emptied it. Only that scoregroup is
    looked at (the note to 2.3.3). ``chosen`` is assumed legal (3.5.5)."""
    legal, need = _legal_and_c6(ctx, residents, chosen, remaining)
    return need if legal else len(remaining) + 1


def _following_group(ctx: Ctx, residents: Sequence[int], chosen: Sequence[int], remaining: set[int]) -> set[int]:
    """What is left of the following scoregroup (2.3.3) once ``chosen`` float up."""
    _P, lv = ctx.P, ctx.lv
    top = lv[residents[0]]
    below = [lv[i] for i in remaining if lv[i] < top]
    if not below:
        return set()
    level = max(below)
    taken = set(chosen)
    return {i for i in remaining if lv[i] == level and i not in taken}


def _legal_and_c6(ctx: Ctx, residents: Sequence[int], chosen: Sequence[int], remaining: set[int]) -> tuple[bool, int]:
    """One matching for two questions about a set of upfloaters: is it legal (3.5.5: the
    bracket pairs under [C1] and everybody left pairs too, [C3]: a perfect matching of
    the players still to pair with no pair across the bracket's edge) and how many
    upfloaters the following scoregroup will then need ([C6],
    :func:`tabellone.rules.top_scoregroup.C6_upfloaters_needed`; the bracket's own pairs touch no
    player of that scoregroup, so they do not change the count)."""
    bracket = set(residents) | set(chosen)
    group = _following_group(ctx, residents, chosen, remaining)

    def perfect(vs: list[int], weight: Callable[[int, int], int]) -> dict[int, int] | None:
        return _perfect(ctx, vs, weight=weight, allowed=lambda a, b: (a in bracket) == (b in bracket))

    if not group:  # the count is 0; legality still needs its matching
        return perfect(sorted(remaining), lambda a, b: 0) is not None, 0
    need = C6_upfloaters_needed(group, remaining, perfect)
    return (False, 0) if need is None else (True, need)


# ========================================================================================
# Art. 3.4: the pairing-allocated bye


def A3_4_order(ctx: Ctx) -> list[int]:
    """The PAB candidates allowed by [C2], in the order of 3.4.2-3.4.4: lowest score, most
    matches played, largest TPN (``ctx.no_bye``, barred by the caller, left out)."""
    P = ctx.P
    return sorted(
        (i for i in range(ctx.n) if C2_may_get_pab(P[i]) and P[i].id not in ctx.no_bye),
        key=lambda i: (P[i].score, -P[i].matches_played, -P[i].tpn),
    )


def A3_4_pab(ctx: Ctx, method: str) -> int | None:
    """Art. 3.4: the PAB goes to the first candidate in :func:`A3_4_order` who leaves a
    legal pairing of everybody else (3.4.1)."""
    if ctx.n % 2 == 0:
        return None
    order = A3_4_order(ctx)
    everyone = set(range(ctx.n))
    if method == "literal":
        for i in order:
            if _perfect(ctx, everyone - {i}) is not None:
                return i
    else:
        # one matching with a bye vertex: cardinality first, then the best-placed bye
        n = ctx.n
        place = {i: len(order) - k for k, i in enumerate(order)}
        edges = [(a, b, 1) for a in range(n) for b in ctx.adj[a] if b > a]
        edges += [(i, n, 1 + place[i]) for i in order]
        ctx.solves += 1
        mate = max_weight_matching(n + 1, edges, max_cardinality=True)
        if len(mate) == n + 1:
            return mate[n]
    raise NoPairingError(
        "no player can take the pairing-allocated bye and leave the others pairable (C.04.5 3.4, [C2], [C3])"
    )


# ========================================================================================
# Art. 3.5: the upfloaters


def A3_5_profiles(ctx: Ctx, lower: Sequence[int], k: int) -> list[tuple[Fraction, ...]]:
    """The score profiles of ``k`` upfloaters taken from ``lower``, best first for [C5]
    (2.3.2: the scores taken in ascending order, maximised)."""
    levels: dict[Fraction, int] = {}
    for i in lower:
        levels[ctx.P[i].score] = levels.get(ctx.P[i].score, 0) + 1
    scores = sorted(levels, reverse=True)
    out: list[tuple[Fraction, ...]] = []

    def walk(j: int, left: int, acc: list[Fraction]) -> None:
        if left == 0:
            out.append(tuple(sorted(acc)))
            return
        if j == len(scores):
            return
        for c in range(min(left, levels[scores[j]]), -1, -1):
            walk(j + 1, left - c, acc + [scores[j]] * c)

    walk(0, k, [])
    return sorted(set(out), reverse=True)


def A3_5_sets(ctx: Ctx, lower: Sequence[int], profile: tuple[Fraction, ...]) -> Iterable[tuple[int, ...]]:
    """The sets of upfloaters with ``profile``, each sorted by descending score then
    ascending TPN (3.5.3), in the lexicographic order of their TPNs (3.5.4)."""
    P = ctx.P
    need: dict[Fraction, int] = {}
    for s in profile:
        need[s] = need.get(s, 0) + 1
    per_level = []
    for s in sorted(need, reverse=True):
        members = sorted((i for i in lower if P[i].score == s), key=lambda i: P[i].tpn)
        per_level.append(list(itertools.combinations(members, need[s])))
    for combo in itertools.product(*per_level):
        yield tuple(i for part in combo for i in part)


def _set_literal(ctx: Ctx, residents: list[int], lower: list[int], remaining: set[int]) -> tuple[int, ...]:
    """Art. 3.5 as written: the sets of [C4] and [C5] (fewest, then best profile, among
    those that can be legal: [C3] outranks them), in the order of 3.5.4; the first legal
    one with the least ([C6], [C7]). Every set of one profile takes as many players of
    the following scoregroup, so the least [C6] value, the parity of what is left of it,
    is the same for all: a set reaching it with no repeated floater ends the search."""
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in A3_5_profiles(ctx, lower, k):
            best = None
            least = None
            for s in A3_5_sets(ctx, lower, profile):
                legal, c6 = _legal_and_c6(ctx, residents, s, remaining)
                if not legal:
                    continue
                key = (c6, C7_count(ctx, s))
                if best is None or key < best[0]:
                    best = (key, s)
                if least is None:
                    least = (len(_following_group(ctx, residents, s, remaining)) % 2, 0)
                if key == least:
                    break
            if best is not None:
                return best[1]
    raise SelfCheckError("no set of upfloaters completes a pairable round (C3 was checked before)")


def _set_optimised(ctx: Ctx, residents: list[int], lower: list[int], remaining: set[int]) -> tuple[int, ...]:
    """Art. 3.5 as one maximum-weight perfect matching of everybody still to pair. Fields,
    most significant first: [C4] residents paired below; [C5] upfloaters per score level,
    lowest level first; [C6] players of the following scoregroup paired below it,
    the upfloaters its own bracket will need (:func:`tabellone.rules.top_scoregroup.C6_pulls_out`);
    [C7]; the set order of 3.5.4 (a bit per candidate, the first in 3.5.3 order the
    highest). The upfloaters are those matched to residents."""
    P = ctx.P
    R = set(residents)
    top = P[residents[0]].score
    order = sorted(lower, key=lambda i: (-P[i].score, P[i].tpn))
    pos = {i: k for k, i in enumerate(order)}
    levels = sorted({P[i].score for i in lower})  # lowest first: most significant for C5
    lvl = {s: k for k, s in enumerate(levels)}
    nxt = levels[-1] if levels else None
    lv, nlv = ctx.lv, (ctx.level[nxt] if nxt is not None else None)
    m = len(remaining) // 2
    names = ["C4"] + [f"C5:{k}" for k in range(len(levels))] + ["C6", "C7", "3.5.4"]
    group = {i for i in remaining if lv[i] == nlv} if nxt is not None else set()
    layout = fit_layout(names, [m] * (len(names) - 1) + [(1 << len(order)) - 1])
    # minimised fields hold (cap - value), cap 1 a pair; the set order is maximised
    plain = layout.pack([1] * (len(names) - 1) + [0])  # a pair no field looks at
    c6_bit = 1 << layout.shift("C6")
    order_shift = layout.shift("3.5.4")
    up = {}  # the weight of a resident's pair with each candidate upfloater b
    for b in order:
        w = plain - (1 << layout.shift("C4")) - (1 << layout.shift(f"C5:{lvl[P[b].score]}"))
        if C7_count(ctx, [b]):
            w -= 1 << layout.shift("C7")
        up[b] = w + ((1 << (len(order) - 1 - pos[b])) << order_shift)

    def weight(a: int, b: int) -> int:
        if a in R:
            return plain if b in R else up[b]
        if b in R:
            return up[a]
        if C6_pulls_out(group, a, b):
            return plain - c6_bit
        return plain

    mate = _perfect(ctx, remaining, weight=weight)
    if mate is None:
        raise SelfCheckError("the players still to pair have no perfect matching (C3 was checked before)")
    chosen = [mate[r] for r in residents if mate[r] not in R]
    assert all(P[u].score < top for u in chosen)
    return tuple(sorted(chosen, key=lambda i: pos[i]))


# ========================================================================================
# Art. 3.6: pairing the bracket


def A3_6_identifier(ctx: Ctx, pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """3.6.1-3.6.2: the TPNs of the top members (the smaller TPN of each pair) in
    ascending order, then the bottom member of each of those pairs. Example of the text:
    11-24 16-6 10-9 8-4 is identified by 4 6 9 11 8 16 10 24."""
    P = ctx.P
    tb = sorted((min(P[a].tpn, P[b].tpn), max(P[a].tpn, P[b].tpn)) for a, b in pairs)
    return tuple(t for t, _ in tb) + tuple(b for _, b in tb)


def _c8_best(ctx: Ctx, members: list[int], top: Fraction) -> int:
    if ctx.last or not any(ctx.P[i].floated for i in members):
        return 0
    cap = 2
    mate = _perfect(ctx, members, weight=lambda a, b: cap - C8_cost(ctx, a, b, top))
    if mate is None:
        raise SelfCheckError("the bracket has no legal pairing (checked when its upfloaters were chosen)")
    return sum(C8_cost(ctx, a, b, top) for a, b in mate.items() if a < b)


def _pair_literal(ctx: Ctx, members: list[int], top: Fraction) -> list[tuple[int, int]]:
    """Art. 3.6 as written: the first pairing, in the lexicographic order of the
    identifiers, that is legal ([C1]) with the fewest [C8] any legal pairing has. Built
    element by element: each next top member, then each top member's bottom member, is
    the smallest one a pairing with that [C8] can still complete."""
    P = ctx.P
    by_tpn = sorted(members, key=lambda i: P[i].tpn)
    tpn = {i: P[i].tpn for i in members}
    top = ctx.level[top]
    # the first identifier of all, if legal and as good: tops = first half, in order
    h = len(by_tpn) // 2
    natural = list(zip(by_tpn[:h], by_tpn[h:]))
    natural_ok = all(b in ctx.adj[a] for a, b in natural)
    if natural_ok and sum(C8_cost(ctx, a, b, top) for a, b in natural) == 0:
        return natural
    best = _c8_best(ctx, members, top)
    if natural_ok and sum(C8_cost(ctx, a, b, top) for a, b in natural) == best:
        return natural
    role: dict[int, str] = {}
    fixed: list[tuple[int, int]] = []

    def feasible(roles: dict[int, str], pairs: list[tuple[int, int]]) -> bool:
        done = {x for p in pairs for x in p}
        free = [i for i in members if i not in done]

        def ok(a: int, b: int) -> bool:
            lo, hi = (a, b) if tpn[a] < tpn[b] else (b, a)
            return roles.get(lo) != "bottom" and roles.get(hi) != "top"

        mate = _perfect(ctx, free, weight=lambda a, b: 2 - C8_cost(ctx, a, b, top), allowed=ok)
        if mate is None:
            return False
        cost = sum(C8_cost(ctx, a, b, top) for a, b in pairs) + sum(
            C8_cost(ctx, a, b, top) for a, b in mate.items() if a < b
        )
        return cost <= best

    last = -1
    for _ in range(h):
        for k in range(last + 1, len(by_tpn)):
            x = by_tpn[k]
            trial = dict(role)
            trial[x] = "top"
            for j in range(last + 1, k):
                trial[by_tpn[j]] = "bottom"
            if feasible(trial, fixed):
                role, last = trial, k
                break
        else:
            raise SelfCheckError("no top member can be chosen (the bracket was legal)")
    for x in by_tpn:
        role.setdefault(x, "bottom")
    tops = [x for x in by_tpn if role[x] == "top"]
    taken: set[int] = set()
    for a in tops:
        for b in by_tpn:
            if role[b] != "bottom" or b in taken or tpn[b] < tpn[a] or b not in ctx.adj[a]:
                continue
            if feasible(role, fixed + [(a, b)]):
                fixed.append((a, b))
                taken.add(b)
                break
        else:
            raise SelfCheckError("no bottom member can be chosen (the tops were feasible)")
    return fixed


def _pair_optimised(ctx: Ctx, members: list[int], top: Fraction) -> list[tuple[int, int]]:
    """Art. 3.6 as one maximum-weight perfect matching of the bracket. Fields, most
    significant first: [C8]; the top members (a bit per player, the smallest TPN the
    highest: the lexicographically first sorted set of tops has the greatest sum); then,
    for each player in TPN order, its bottom member's place if it is a top member (the
    identifier's second half)."""
    P = ctx.P
    by_tpn = sorted(members, key=lambda i: P[i].tpn)
    n = len(by_tpn)
    pos = {i: k for k, i in enumerate(by_tpn)}
    h = n // 2
    names = ["C8", "tops"] + [f"bottom:{k}" for k in range(n)]
    layout = fit_layout(names, [2 * h, (1 << n) - 1] + [n] * n)

    def weight(a: int, b: int) -> int:
        lo, hi = (a, b) if pos[a] < pos[b] else (b, a)
        vals = [0] * len(names)
        vals[0] = 2 - C8_cost(ctx, a, b, top)
        vals[1] = 1 << (n - 1 - pos[lo])
        vals[2 + pos[lo]] = n - pos[hi]
        return layout.pack(vals)

    mate = _perfect(ctx, members, weight=weight)
    if mate is None:
        raise SelfCheckError("the bracket has no legal pairing (checked when its upfloaters were chosen)")
    return sorted(((a, b) for a, b in mate.items() if pos[a] < pos[b]), key=lambda ab: pos[ab[0]])


# ========================================================================================
# the round


@dataclass
class Bracket:
    """One bracket as paired: its residents' score, residents, upfloaters and pairs
    (indices into ``Ctx.P``)."""

    score: Fraction
    residents: list[int]
    upfloaters: tuple[int, ...]
    pairs: list[tuple[int, int]]


def _pair(ctx: Ctx, method: str) -> tuple[list[Bracket], int | None]:
    """Art. 3.3: the PAB, then bracket after bracket from the top scoregroup."""
    P = ctx.P
    bye = A3_4_pab(ctx, method)
    remaining = set(range(ctx.n)) - ({bye} if bye is not None else set())
    if _perfect(ctx, remaining) is None:
        raise NoPairingError("the players cannot all be paired without meeting again (C.04.5 [C1], [C3])")
    brackets = []
    choose = _set_literal if method == "literal" else _set_optimised
    pair = _pair_literal if method == "literal" else _pair_optimised
    groups = sorted({P[i].score for i in remaining}, reverse=True)  # the progress line counts scoregroups
    while remaining:
        top = max(P[i].score for i in remaining)
        progress.step(groups.index(top) + 1, len(groups), "scoregroup")
        residents = sorted((i for i in remaining if P[i].score == top), key=lambda i: P[i].tpn)
        lower = sorted((i for i in remaining if P[i].score < top), key=lambda i: (-P[i].score, P[i].tpn))
        ups = choose(ctx, residents, lower, remaining)
        pairs = pair(ctx, residents + list(ups), top)
        brackets.append(Bracket(top, residents, ups, pairs))
        remaining -= set(residents) | set(ups)
    return brackets, bye


# ========================================================================================
# Art. 4: colours


def higher_ranked(a: Entrant, b: Entrant) -> Entrant:
    """Art. 4.2: the higher-ranked player: the higher score, else the smaller TPN."""
    return a if (-a.score, a.tpn) <= (-b.score, b.tpn) else b


def A4_colour(a: Entrant, b: Entrant, initial: str) -> tuple[str, str]:
    """Art. 4.3: the colour of ``a`` in game 1 against ``b``, and the article deciding it
    (the first that applies; Art. 4.4: game 2 reverses it):

    4.3.1 neither has a colour yet: the higher-ranked player gets the initial colour
          (4.1, drawn by lot) if its TPN is odd, the other colour if even;
    4.3.2 White to the one with fewer Whites;
    4.3.3 alternate to the most recent match in which their colours differed (played
          colours only, right-aligned, C.04.2 3.4);
    4.3.4 alternate the higher-ranked player's last colour;
    4.3.5 alternate the other player's last colour."""
    hrp = higher_ranked(a, b)
    other = b if hrp is a else a

    def of_a(colour_of_hrp: str) -> str:
        return colour_of_hrp if hrp is a else opposite(colour_of_hrp)

    if not a.colours and not b.colours:
        return of_a(initial if hrp.tpn % 2 == 1 else opposite(initial)), "4.3.1"
    if a.whites != b.whites:
        return (WHITE if a.whites < b.whites else BLACK), "4.3.2"
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return opposite(ca), "4.3.3"
    if hrp.colours:
        return of_a(opposite(hrp.colours[-1])), "4.3.4"
    return of_a(other.colours[-1]), "4.3.5"


# ========================================================================================
# the published round


@dataclass(frozen=True)
class MatchPairing(Pairing):
    """Game 1 of a match round: ``pairs`` are (White in game 1, Black in game 1).
    ``second_game`` is game 2 (the same pairs, colours reversed; the PAB's ``H``), which
    :func:`tabellone.api.add_round` enters with it."""

    second_game: Pairing | None = None


@dataclass(frozen=True)
class SecondGame(Pairing):
    """Game 2 of a match round (Art. 4.4): game 1 reversed. ``half_byes`` are the cells
    written ``H``: the second half of the PAB (Art. 1.4)."""

    half_byes: tuple[int, ...] = ()


def _finish(ctx: Ctx, brackets: list[Bracket], bye: int | None) -> MatchPairing:
    P = ctx.P
    coloured = []
    for br in brackets:
        for a, b in br.pairs:
            colour, _ = A4_colour(P[a], P[b], ctx.initial)
            coloured.append((P[a], P[b]) if colour == WHITE else (P[b], P[a]))
    ordered = board_order(coloured)
    pairs = [(w.id, b.id) for w, b in ordered]
    bye_id = P[bye].id if bye is not None else None
    second = SecondGame(
        round=ctx.round + 1,
        pairs=[(b, w) for w, b in pairs],
        bye=None,
        half_byes=(bye_id,) if bye_id is not None else (),
    )
    return MatchPairing(round=ctx.round, pairs=pairs, bye=bye_id, solves=ctx.solves, second_game=second)


def second_game(t: Tournament, round_number: int) -> SecondGame:
    """Game 2 of the match whose game 1 is round ``round_number - 1`` of ``t``."""
    from tabellone.core.model import pab_receivers, pairs_of_round

    pairs, _ = pairs_of_round(t, round_number - 1)
    pab = pab_receivers(t, round_number - 1)
    return SecondGame(round=round_number, pairs=[(b, w) for w, b in pairs], bye=None, half_byes=tuple(pab))


def pair_round(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    method: str = "literal",
    no_bye: frozenset[int] = frozenset(),
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Double-Swiss system.

    An odd round column is game 1 of a match: the pairing is made by ``method``
    (``"literal"``, the default, or ``"optimised"``) and returned as a
    :class:`MatchPairing` carrying game 2. An even column is game 2: the pairs of game 1
    reversed (Art. 4.4). ``no_bye`` bars players from the PAB besides [C2] (``tabellone
    explain --bye`` prices a pairing without a given bye). The pairing is checked by
    :func:`check_absolute`."""
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}", field="--method")
    r = t.next_round if round_number is None else round_number
    if r % 2 == 0:
        pairing: Pairing = second_game(t, r)
    else:
        ctx = replace(_prepare(t, r), no_bye=frozenset(no_bye))
        with progress.task(f"Double-Swiss {edition}, match {ctx.match}, {ctx.n} players"):
            brackets, bye = _pair(ctx, method)
        pairing = _finish(ctx, brackets, bye)
    problems = check_absolute(t, pairing, edition)
    if problems:
        raise SelfCheckError("the Double-Swiss engine produced an illegal pairing: " + "; ".join(problems))
    return pairing


def check_absolute(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[str]:
    """:func:`violations` as sentences."""
    return [v.text for v in violations(t, pairing, edition)]


def violations(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[Violation]:
    """Every absolute rule a proposed round breaks (empty: legal), checked from the file
    and the text alone. Game 1 (an odd column): everyone to pair appears once and nobody
    else (C.04.1), [C1] (no second meeting, a forfeited match excepted) and [C2] (the
    PAB). Game 2: the same pairs as game 1 with colours reversed, and nobody else."""
    r = pairing.round
    if r % 2 == 0:
        want = second_game(t, r)
        problems = []
        if sorted(pairing.pairs) != sorted(want.pairs):
            extra = sorted(set(pairing.pairs) - set(want.pairs))
            missing = sorted(set(want.pairs) - set(pairing.pairs))
            body = (
                "game 2 of a match repeats game 1 with colours reversed; "
                f"unexpected {_pairs_named(t, extra)}, missing {_pairs_named(t, missing)}"
            )
            involved = tuple(sorted({pid for pair in extra + missing for pid in pair}))
            problems.append(Violation.headed("Preface/4.4", body, players=involved, round=r))
        if pairing.bye is not None and pairing.bye not in want.half_byes:
            body = f"{named(t, pairing.bye)} has a bye in game 2 only; a bye covers the whole match"
            problems.append(Violation.headed("Preface", body, players=(pairing.bye,), round=r))
        return problems
    ctx = _prepare(t, r)
    by_id = {e.id: e for e in ctx.P}
    problems, _ = attendance_violations(pairing, set(by_id), set(t.by_id), t)
    for w, b in pairing.pairs:
        if w == b or w not in by_id or b not in by_id:
            continue
        if not C1_may_meet(by_id[w], by_id[b], ctx.prohibited):
            why = "are a prohibited pair" if b not in by_id[w].met else "have already met in a match not forfeited"
            problems.append(pair_violation("C1", t, w, b, why, r))
    if pairing.bye in by_id and not C2_may_get_pab(by_id[pairing.bye]):
        bar = C2_pab_bar(matches_of(t, pairing.bye, (r + 1) // 2 - 1), t)
        had = f"who had {bar[1]} in match {bar[0]}" if bar else "who may not have it"
        body = f"the pairing-allocated bye goes to {named(t, pairing.bye)}, {had}"
        problems.append(Violation.headed("C2", body, players=(pairing.bye,), round=r))
    return problems


# ========================================================================================
# objective vectors: check, explain and compare


#: The criteria of a bracket in priority order: (article, what is minimised).
BRACKET_CRITERIA = [
    ("C4", "number of upfloaters"),
    ("C5", "score differences of the upfloaters, largest first"),
    ("C6", "upfloaters the following scoregroup will need in its own bracket (2.3.3)"),
    ("C7", "upfloaters who floated in the previous round"),
    ("3.5.4", "the set of upfloaters in the order of 3.5.3-3.5.4 (TPNs)"),
    ("C8", "upfloaters' opponents who floated in the previous round"),
    ("3.6", "the pairing identifier of 3.6.2"),
]


def _values(ctx: Ctx, br: Bracket, remaining: set[int]) -> dict[str, object]:
    P = ctx.P
    return {
        "C4": len(br.upfloaters),
        "C5": tuple(sorted((br.score - P[u].score for u in br.upfloaters), reverse=True)),
        "C6": C6_need(ctx, br.residents, br.upfloaters, remaining),
        "C7": C7_count(ctx, br.upfloaters),
        "3.5.4": tuple(P[u].tpn for u in br.upfloaters),
        "C8": sum(C8_cost(ctx, a, b, br.score) for a, b in br.pairs),
        "3.6": A3_6_identifier(ctx, br.pairs),
    }


def _brackets_of(ctx: Ctx, pairing: Pairing) -> tuple[list[Bracket], int | None]:
    """Replay Art. 3.3 on a finished pairing: the top scoregroup of the players still to
    pair, with its residents' opponents from below as its upfloaters."""
    P = ctx.P
    idx = {e.id: k for k, e in enumerate(P)}
    mate: dict[int, int] = {}
    for w, b in pairing.pairs:
        if w in idx and b in idx:
            mate[idx[w]], mate[idx[b]] = idx[b], idx[w]
    bye = idx.get(pairing.bye) if pairing.bye is not None else None
    remaining = set(mate)
    out = []
    while remaining:
        top = max(P[i].score for i in remaining)
        residents = sorted((i for i in remaining if P[i].score == top), key=lambda i: P[i].tpn)
        ups = [mate[r] for r in residents if P[mate[r]].score < top]
        ups = tuple(sorted(set(ups), key=lambda i: (-P[i].score, P[i].tpn)))
        members = set(residents) | set(ups)
        pairs = sorted({(min(a, mate[a]), max(a, mate[a])) for a in members})
        out.append(Bracket(top, residents, ups, pairs))
        remaining -= members
    return out, bye


def evaluate(t: Tournament, pairing: Pairing, edition: str = "2026") -> tuple[dict[str, object], list[BracketValues]]:
    """Every criterion of ``pairing`` (a legal game-1 round of ``t``): the PAB first
    (3.4: score, matches played negated, TPN negated: all minimised), then one
    :class:`BracketValues` per bracket in the order of Art. 3.3. Game 2 has none."""
    if pairing.round % 2 == 0:
        return {}, []
    ctx = _prepare(t, pairing.round)
    brackets, bye = _brackets_of(ctx, pairing)
    round_level: dict[str, object] = {}
    if bye is not None:
        e = ctx.P[bye]
        round_level["3.4"] = (e.score, -e.matches_played, -e.tpn)
    remaining = set(range(ctx.n)) - ({bye} if bye is not None else set())
    out = []
    for br in brackets:
        out.append(
            BracketValues(
                br.score, [ctx.P[i].id for i in br.residents + list(br.upfloaters)], _values(ctx, br, remaining)
            )
        )
        remaining -= set(br.residents) | set(br.upfloaters)
    return round_level, out


def quality_criteria(edition: str = "2026") -> list[tuple[str, str]]:
    """Every criterion :func:`evaluate` values, in priority order."""
    return [("3.4", "the PAB assignee: (score, -matches played, -TPN)")] + BRACKET_CRITERIA


def generation_article(edition: str = "2026") -> str:
    return "3.5.4 and 3.6.3 (lexicographic order)"


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who has White in game 1 of the match of ``white`` and ``black``, and the article of
    Art. 4.3 that decides it (game 2: the other player, Art. 4.4)."""
    r = round_number if round_number % 2 else round_number - 1
    ctx = _prepare(t, r)
    by_id = {e.id: e for e in ctx.P}
    colour, article = A4_colour(by_id[white], by_id[black], ctx.initial)
    w = white if colour == WHITE else black
    if round_number % 2 == 0:
        w = black if w == white else white
        article = "4.4 (game 2 reverses game 1), " + article
    return w, article


def objective_vector(t: Tournament, pairing: Pairing) -> list[tuple[str, str, object]]:
    """The round's criteria as a flat list ``(bracket, article, value)``, for reports."""
    round_level, brackets = evaluate(t, pairing)
    return vector_of(round_level, brackets, [a for a, _ in BRACKET_CRITERIA], group=str)


def compare(t: Tournament, edition: str = "2026", round_number: int | None = None) -> Comparison:
    """Pair a game-1 round both ways (literal, optimised) and compare the pairings by their
    objective vectors (:func:`objective_vector`)."""
    r = t.next_round if round_number is None else round_number
    if r % 2 == 0:  # game 2 repeats game 1: nothing to decide
        g = second_game(t, r)
        return Comparison(r, edition, g, g, [], [], True, None, "equal")
    lit = pair_round(t, edition, r, "literal")
    opt = pair_round(t, edition, r, "optimised")
    return Comparison.of(edition, lit, opt, objective_vector(t, lit), objective_vector(t, opt))


# ========================================================================================
# standings


def standings_view(t: Tournament) -> Tournament:
    """``t`` as the standings and tie-breaks read it (Preface): in a match not forfeited,
    a single forfeited game is treated as played, so ``+`` becomes ``1`` and ``-``
    becomes ``0`` (a double forfeit, ``-`` against ``-``, becomes a lost game for both).
    A match forfeited in both games stays unplayed. The C.07 tie-breaks then run on the
    game columns: each game is a round, so a match counts its opponent twice."""
    matches = (max((len(p.rounds) for p in t.players), default=0) + 1) // 2
    players = []
    for p in t.players:
        rounds = list(p.rounds)
        for k in range(1, matches + 1):
            if len(rounds) < 2 * k:
                break
            try:
                m = matches_of(t, p.id, k)[-1]
            except InputError:
                continue
            if m.opponent is None or m.forfeited:
                continue
            for c in (2 * k - 2, 2 * k - 1):
                e = rounds[c]
                if e.result in "+-":
                    rounds[c] = RoundEntry(e.opponent, e.colour, "1" if e.result == "+" else "0")
        players.append(replace(p, rounds=tuple(rounds)))
    return replace(t, players=tuple(players))


# ========================================================================================
# a generated event, match by match


def generate_event(
    settings, pairer: Callable[[Tournament], Pairing], *, total_matches: int | None = None
) -> Tournament:
    """A random Double-Swiss event of ``settings.rounds`` matches, paired by ``pairer``
    (given the event before each match, it returns game 1's :class:`Pairing`).

    Results come from :func:`tabellone.generate.tournament.draw_game`, one draw per game: game 1 with
    the pairing's colours, game 2 reversed (a forfeit is drawn per game, so a match is
    forfeited only when the same side forfeits both). Byes are drawn per match, one
    number per player in id order: an absence ``Z Z``, a requested bye ``H H`` (a drawn
    match). The PAB is ``U H`` (Art. 1.4). ``142`` counts columns: twice the matches."""
    from tabellone.generate.tournament import _draw_byes, _draw_players, draw_game

    settings.validate()
    matches = settings.rounds
    total = 2 * (total_matches or matches)
    rng = random.Random(settings.seed)
    players = _draw_players(settings, rng)
    initial = settings.initial_colour or (WHITE if rng.random() < 0.5 else BLACK)
    base = Tournament(
        players=tuple(players),
        total_rounds=total,
        initial_colour=initial,
        scoring=settings.scoring,
        system=settings.system or "FIDE_DOUBLESWISS_2026",
        headers=(HeaderRecord("012", f"Tabellone random Double-Swiss tournament, seed {settings.seed}"),),
    )
    ids = [p.id for p in players]
    rating = {p.id: p.rating for p in players}
    cells: dict[int, list[RoundEntry]] = {pid: [] for pid in ids}

    def snapshot() -> Tournament:
        t = replace(base, players=tuple(replace(p, rounds=tuple(cells[p.id])) for p in players))
        return t.with_derived_points()

    for k in range(1, matches + 1):
        byes = _draw_byes(settings, rng, ids)
        for pid, code in byes.items():
            cells[pid].append(RoundEntry(None, None, code))
        pairing = pairer(snapshot())
        if pairing.round != 2 * k - 1:
            raise SelfCheckError(f"pairer answered round {pairing.round} for match {k}")
        second: list[tuple[int, RoundEntry]] = []
        for w, b in pairing.pairs:
            c1 = draw_game(
                rng,
                rating[w],
                rating[b],
                params=settings.params,
                draw_rate=settings.draw_rate,
                forfeit_rate=settings.forfeit_rate,
                model=settings.model,
            )
            c2 = draw_game(
                rng,
                rating[b],
                rating[w],
                params=settings.params,
                draw_rate=settings.draw_rate,
                forfeit_rate=settings.forfeit_rate,
                model=settings.model,
            )
            cells[w].append(RoundEntry(b, WHITE, c1[0]))
            cells[b].append(RoundEntry(w, BLACK, c1[1]))
            second += [(b, RoundEntry(w, WHITE, c2[0])), (w, RoundEntry(b, BLACK, c2[1]))]
        if pairing.bye is not None:
            cells[pairing.bye].append(RoundEntry(None, None, PAB_CODES[0]))
            second.append((pairing.bye, RoundEntry(None, None, PAB_CODES[1])))
        for pid, code in byes.items():
            second.append((pid, RoundEntry(None, None, code)))
        for pid, e in second:
            cells[pid].append(e)
    return snapshot()


__all__ = [
    "violations",
    "A3_4_pab",
    "A3_5_profiles",
    "A3_5_sets",
    "A3_6_identifier",
    "A4_colour",
    "C1_may_meet",
    "C2_may_get_pab",
    "C6_need",
    "C7_count",
    "C8_cost",
    "EDITIONS",
    "METHODS",
    "MatchPairing",
    "SecondGame",
    "check_absolute",
    "compare",
    "evaluate",
    "generate_event",
    "match_virtual_points",
    "matches_of",
    "pair_round",
    "quality_criteria",
    "round_name",
]
