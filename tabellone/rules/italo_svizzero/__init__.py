"""FID "sistema italo-svizzero a rotazione continua" (Italian draughts), literal and optimised.

The Italian draughts federation (FID) pairs its opens by *continuous rotation*: the players
sit on a circle in the order of their draw numbers, and every pair of every round is
found by reading that circle forward, never going back, from where the previous pair
left off. This module follows two texts:

* **Capo V** of the FID technical regulations (seed ``003``; the FID page ``capo51``),
  Art. 1-18, the Buchholz procedure and the technical classification;
* **seed 002**, Art. 1.0-2.6, an older text of the same system (the one the Italian chess
  federation also printed), which differs from Capo V on three points.

Editions (:data:`EDITIONS`, the default first)
-----------------------------------------------

``capo5``  (Capo V, Art. 4, 14, 16)
    Round ``r+1`` starts from the last player paired in round ``r`` who played with
    **Black** (Art. 4). A suspended game counts as a **draw** for pairing (Art. 16). A
    forfeit win counts as played with Black in Italian draughts and with White in
    international draughts (Art. 14).

``2.2``  (seed 002, Art. 2.2, 2.41, 2.6)
    Round ``r+1`` starts from the player who had **White** in the last pair of round
    ``r``, "anche se ha vinto a forfait" (Art. 2.2). A suspended game counts as **won by
    both** players for pairing (2.41). A forfeit win counts as played with White (2.6).
    Where seed 002 is cut or silent (the procedure of 2.42, the colour rules of 2.52, odd
    fields after round 1, withdrawals during the event) the Capo V article is used: Art. 15
    for 2.42, Art. 17 for 2.52, Art. 8 and 10 for 2.43/2.45. Seed 002 has no staggered-rest
    scheme: Art. 9 is refused with this edition.

Articles and where they are implemented
----------------------------------------

=========  ==============================================================  ============================
article    rule                                                            implemented by
=========  ==============================================================  ============================
2 / 1.3    draw numbers fixed once: the TRF start rank (or CSV number)     :func:`round_view` (``ring``)
3 / 2.1    round 1: 1-2, 3-4, ... (the rotation from no. 1)                 :func:`_literal`
4 / 2.2    later rounds start from the last pair's Black (White in 2.2)    :func:`restart_player`
4          first player: the first highest score met from the start        :meth:`_Rotation.first_player`
5 / 2.3    opponent: same score X, then the next lower score Y from the    :meth:`_Rotation.opponent`
           first Y after the last X considered, then Z, ...
6          no rematch (forfeited pairings and TRF prohibited pairs too)    :func:`art6_may_meet`
7-8        odd field at the start: forfeit points to the last listed,      :func:`_literal`, :func:`_odd_rotation`
           later to the last in the standings (tie: the one the rotation
           leaves free)
9          odd field, odd number of rounds: staggered rests; 9.4 colours   :func:`art9_rests`, :func:`art17_colours`
10         odd after a withdrawal: forfeit points to the last player who   :func:`_award_levels`
           has not met the withdrawn player, else the last but one, ...
11         forfeit points at most once per player                         :func:`_award_levels`, :func:`check_absolute`
12-13      withdrawn players leave the rotation, keep their points         :func:`round_view`, :func:`standings`
14 / 2.6   forfeit wins count as Black (Italian) / White (international)   :func:`round_view` (colours)
15 / 2.42  unpairable last pair: un-pair the previous pairs, regroup       :func:`_art15_regroup`
16 / 2.41  suspended games: draw (Art. 16) / won by both (2.41)            :func:`round_view` (scores)
17         colours: fewer Whites, then alternation, then score and draw    :func:`art17_colours`
           number (opposite tie-breaks for international draughts)
Buchholz   opponents' points, direct encounter, wins, common opponents     :func:`standings`
=========  ==============================================================  ============================

Reading choices (see also ``docs/italo-svizzero.md`` and the shared readings note)
--------------------------------------------------------------------------------

1. *Formation order is state.* A TRF does not record the order in which pairs were
   formed, yet the next round starts from the last one. :func:`rotation_trace` replays
   the literal procedure from round 1: when a recorded round equals the literal pairing,
   its last formed pair is known; when it differs (paired by hand, by the optimiser, or
   while a game was suspended: a finished game no longer shows it), the recorded pairs
   are put in the order the rotation forms pairs (higher score first, then the place of
   the pair's nearer player on the circle from the round's start) and the last of them
   is taken.
2. The start player is included in the first search (Art. 4 "sarà questi il primo").
3. Every later search starts after the *second* player of the last pair formed.
4. "Immediately lower score" (Art. 5) is the next score present among the free players.
5. A player for whom no free player is a legal opponent is set aside and the rotation goes
   on; at the end the players left over are the "last pair" of Art. 15. Art. 15 is then
   applied as written: un-pair the last pair formed, try every regrouping of the players
   concerned, un-pair one more if none works. Of the regroupings that work, the first in
   draw-number order is taken (the lowest number with the lowest legal partner, and so
   on); those pairs come last in the formation order.
6. Forfeit points (Art. 8, 10, 11): "last in the standings" is by pairing score only,
   among players who never had forfeit points and (Art. 10) have not met a player who
   took part earlier and is absent now. With several such players on the lowest score the
   rotation is run with everybody; if it leaves exactly one of them free, he gets the
   points and that rotation is the pairing. Otherwise (rare: the player left free is not
   one of them) the tied players are tried in the reverse of the order in which the
   rotation from the start reaches them. If nobody on the lowest score can be given the
   points with a legal pairing of the rest, the next score is tried ("il penultimo ...
   il terzultimo", Art. 10); the Art. 10 condition is dropped only if no player at all
   qualifies with it.
7. The player given forfeit points is the last "pair" of the round. With Capo V he counts
   with the colour Art. 14 gives him: in Italian draughts (Black) the next round starts
   from him; in international draughts (White) it starts from the Black player of the last
   pair. With seed 002 (2.2 "anche se ha vinto a forfait") it always starts from him.
8. Art. 9 rests: a rest scores nothing and is written ``0000 - Z``. A round-1 player
   "has rested" once he has had a round without a game or forfeit points. The player due
   to rest may already be marked absent for the round: his absence is his rest (and he
   is not a withdrawn player for Art. 10).
9. Colours, Art. 17.2: "chi per ultimo ha giocato con il Nero" compares each player's own
   games (forfeit wins with their Art. 14 colour), latest first, until they differ: the
   same as going back round by round whenever both played the same rounds.
10. Round 1 colours, Art. 17: White to the odd draw number of each pair (2.52: the first
    player of the pair, which is the same unless an absence shifts the pairs).
11. A pairing that was forfeited counts as a meeting for Art. 6 (seed 002 says "accoppiati",
    paired; Art. 14 treats forfeit wins as games).

Output conventions
------------------

``pair_round`` returns an :class:`ItaloPairing` (a :class:`tabellone.core.pairing.Pairing`): boards
in formation order, ``bye`` = the player given forfeit points (TRF result ``U``: the
pairing-allocated bye, worth a win = 2 points under ``162 W 2.0``), ``rests`` = Art. 9
rests (TRF ``0000 - Z``), and the trace of the rotation (``steps``, ``start``).

For ``tabellone check`` and ``explain`` (:mod:`tabellone.verify.checker`) the module offers
:func:`evaluate`, :func:`quality_criteria` and :func:`colour_article`: the optimiser's
objectives, named by their articles, score group by score group, measured on any round.
The rule a round is checked against is the literal rotation; :func:`explain_steps` tells
the step of the rotation that forms a pair, and :func:`score_suspended` gives the
tournament with suspended games scored as Art. 16 / 2.41 count them, for outputs that
need every result.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import lcm

from tabellone.core import progress
from tabellone.core.errors import InputError, NoPairingError, SelfCheckError
from tabellone.core.model import BLACK, EMPTY_ENTRY, WHITE, Player, RoundEntry, Tournament
from tabellone.core.pairing import Pairing, Violation
from tabellone.core.scoring import Scoring
from tabellone.matching.backends import max_weight_matching
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.comparison import BracketValues, vector_difference

EDITIONS = ("capo5", "2.2")
GAMES = ("italiana", "internazionale")
METHODS = ("literal", "optimised")
ODD_METHODS = ("forfeit", "rest")

#: Which text each edition follows, for reports.
EDITION_TEXTS = {
    "capo5": "FID Capo V, Art. 1-18 (start from the last Black; suspended = draw; forfeit win = Black / White by game)",
    "2.2": "seed 002, Art. 1.0-2.6 (start from the last White; suspended = won by both; forfeit win = White)",
}

OBJECTIVES = ("score difference", "rotation distance", "colour balance")


# ----------------------------------------------------------------------------------------
# results of a round


@dataclass(frozen=True)
class Step:
    """One step of the rotation, for the trace: ``kind`` is ``'pair'`` (first, second),
    ``'defer'`` (a player with no legal opponent left, set aside), ``'unpair'`` (Art. 15:
    a pair undone), ``'regroup'`` (Art. 15: a pair formed by regrouping), ``'award'``
    (forfeit points) or ``'rest'`` (Art. 9)."""

    kind: str
    players: tuple[int, ...]


@dataclass(frozen=True)
class ItaloPairing(Pairing):
    """A round paired by this system.

    ``pairs`` are (white, black) in formation order (board 1 = the first pair formed);
    ``bye`` is the player given forfeit points (Art. 8, 10); ``rests`` are the players
    resting under Art. 9; ``order`` the pairs as (first player, second player);
    ``start`` the player the rotation started from; ``regrouped`` the number of pairs
    formed by Art. 15; ``steps`` the whole trace."""

    rests: tuple[int, ...] = ()
    order: tuple[tuple[int, int], ...] = ()
    start: int | None = None
    regrouped: int = 0
    steps: tuple[Step, ...] = ()
    method: str = "literal"
    edition: str = "capo5"
    game: str = "italiana"
    notes: tuple[str, ...] = ()


# ----------------------------------------------------------------------------------------
# the state before a round, as this system reads it


@dataclass
class RoundView:
    """What the rules read before round ``round``.

    ``ring`` is every player in draw-number order (the circle of Art. 4; players not to be
    paired are skipped, which is Art. 12's striking off); ``to_pair`` the players present
    (no bye or absence entered for the round), in draw order, before Art. 9 rests and
    forfeit points are decided.
    """

    round: int
    edition: str
    game: str
    ring: list[int]
    to_pair: list[int]
    score: dict[int, Fraction]
    opponents: dict[int, set[int]]  # Art. 6: every earlier pairing, forfeited or not
    prohibited: frozenset[frozenset[int]]
    whites: dict[int, int]
    colours: dict[int, str]  # own games, oldest first, Art. 14 colours for forfeit wins
    awarded: set[int]  # had forfeit points (Art. 11)
    rested: set[int]  # a round without a game or forfeit points (Art. 9)
    round1_players: set[int]  # played a game in round 1 (Art. 9)
    absent: set[int]  # a bye or absence entered for this round
    departed: set[int]  # absent now, took part before (Art. 10)
    pending: int  # suspended games counted by Art. 16 / 2.41
    total_rounds: int | None
    forfeit_marks: dict[int, str] = field(default_factory=dict)  # per entry of colours: 'f' = an Art. 14 colour

    def may_meet(self, a: int, b: int) -> bool:
        return art6_may_meet(self, a, b)


def art6_may_meet(view: RoundView, a: int, b: int) -> bool:
    """Art. 6 / 2.2: two players are never paired twice (any earlier pairing, played or
    forfeited, counts; so do TRF prohibited pairs)."""
    return a != b and b not in view.opponents[a] and frozenset((a, b)) not in view.prohibited


def forfeit_colour(edition: str, game: str) -> str:
    """Art. 14 (Capo V): a forfeit win counts as Black in Italian draughts, White in
    international draughts; 2.6 (seed 002): as White."""
    if edition == "2.2":
        return WHITE
    return BLACK if game == "italiana" else WHITE


def _check_options(edition: str, game: str, method: str | None = None) -> None:
    if edition not in EDITIONS:
        raise InputError(
            f"unknown italo-svizzero edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition"
        )
    if game not in GAMES:
        raise InputError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}", field="--game")
    if method is not None and method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}", field="--method")


def round_view(t: Tournament, round_number: int, edition: str = "capo5", game: str = "italiana") -> RoundView:
    """The state before ``round_number`` from rounds ``1 .. round_number - 1``.

    Suspended games (a pairing with no result yet) count as draws (Art. 16) or as wins
    for both (2.41) for the pairing score only.
    """
    _check_options(edition, game)
    r = round_number
    if r < 1:
        raise InputError(f"round must be 1 or more, got {r}", field="round")
    scoring = t.scoring
    suspended_points = scoring.draw if edition == "capo5" else scoring.win
    fcol = forfeit_colour(edition, game)
    byes = t.byes_for(r)
    ring = [p.id for p in t.players]
    score: dict[int, Fraction] = {}
    opponents: dict[int, set[int]] = {}
    whites: dict[int, int] = {}
    colours: dict[int, str] = {}
    forfeit_marks: dict[int, str] = {}
    awarded: set[int] = set()
    rested: set[int] = set()
    round1: set[int] = set()
    took_part: set[int] = set()
    pending = 0
    # points are summed as whole multiples of 1/D (Fraction arithmetic is slow)
    values = [getattr(scoring, f) for f in scoring.__dataclass_fields__]
    D = lcm(*(v.denominator for v in values if isinstance(v, Fraction)), suspended_points.denominator)
    suspended_units = int(suspended_points * D)
    points_cache: dict[tuple[str, str | None], int] = {}

    def points(e: RoundEntry) -> int:
        key = (e.result, e.colour)
        v = points_cache.get(key)
        if v is None:
            v = points_cache[key] = int(scoring.points(e.result, e.colour) * D)
        return v

    for p in t.players:
        s = 0
        opp: set[int] = set()
        seq: list[str] = []
        marks: list[str] = []
        for k in range(1, r):
            e = p.entry(k)
            if e.pending:
                s += suspended_units
                pending += 1
            else:
                s += points(e)
            if e.is_game or e.pending:
                took_part.add(p.id)
                opp.add(e.opponent)
                if k == 1:
                    round1.add(p.id)
                if e.played or e.pending:
                    if e.colour in (WHITE, BLACK):
                        seq.append(e.colour)
                        marks.append(".")
                elif e.result == "+":
                    seq.append(fcol)
                    marks.append("f")
            elif e.result == "U":
                took_part.add(p.id)
                awarded.add(p.id)
                seq.append(fcol)
                marks.append("f")
            elif e.result == "+":  # a forfeit win recorded without an opponent
                took_part.add(p.id)
                seq.append(fcol)
                marks.append("f")
            else:
                rested.add(p.id)
        score[p.id] = Fraction(s, D)
        opponents[p.id] = opp
        colours[p.id] = "".join(seq)
        forfeit_marks[p.id] = "".join(marks)
        whites[p.id] = seq.count(WHITE)
    absent = set(byes)
    to_pair = [pid for pid in ring if pid not in absent]
    departed = {pid for pid in absent if pid in took_part}
    return RoundView(
        round=r,
        edition=edition,
        game=game,
        ring=ring,
        to_pair=to_pair,
        score=score,
        opponents=opponents,
        prohibited=t.prohibited_in(r),
        whites=whites,
        colours=colours,
        awarded=awarded,
        rested=rested,
        round1_players=round1,
        absent=absent,
        departed=departed,
        pending=pending,
        total_rounds=t.total_rounds,
        forfeit_marks=forfeit_marks,
    )


# ----------------------------------------------------------------------------------------
# colours (Art. 17, 9.4, 14)


def art17_colours(view: RoundView, a: int, b: int, odd: str = "forfeit") -> tuple[int, int]:
    """``(white, black)`` for a pair of round ``view.round`` (Art. 17; Art. 9.4 at the
    entry of the players who rested in round 1)."""
    white, black, _ = art17_decision(view, a, b, odd)
    return white, black


def art17_decision(view: RoundView, a: int, b: int, odd: str = "forfeit") -> tuple[int, int, str]:
    """``(white, black, article)``: the colours of a pair and the step that decides them:
    ``'17'`` (round 1, odd draw numbers; ``'2.52'`` with seed 002: the first of the pair),
    ``'9.4'``, ``'17.1'`` (fewer Whites), ``'17.2'`` (Black last), ``'17.3'`` (score, then
    draw number)."""
    r = view.round
    lo, hi = (a, b) if a < b else (b, a)
    if r == 1:
        # Art. 17: White to the odd positions of the draw; 2.52: to the first of the pair.
        if view.edition == "capo5" and (lo % 2) != (hi % 2):
            return (lo, hi, "17") if lo % 2 == 1 else (hi, lo, "17")
        return lo, hi, ("17" if view.edition == "capo5" else "2.52")
    if odd == "rest" and r == 2:
        # Art. 9.4: the entering player takes the colour his opponent had in round 1;
        # two entering players: White to the higher on the list (lower draw number).
        a_in = a not in view.round1_players
        b_in = b not in view.round1_players
        if a_in and b_in:
            return lo, hi, "9.4"
        if a_in != b_in:
            entering, other = (a, b) if a_in else (b, a)
            previous = view.colours[other][-1:] or None
            if previous == WHITE:
                return entering, other, "9.4"
            if previous == BLACK:
                return other, entering, "9.4"
    # 17.1: fewer Whites
    if view.whites[a] != view.whites[b]:
        return (a, b, "17.1") if view.whites[a] < view.whites[b] else (b, a, "17.1")
    # 17.2: who played Black last, going back until the colours differ
    ca, cb = view.colours[a], view.colours[b]
    for i in range(1, min(len(ca), len(cb)) + 1):
        if ca[-i] != cb[-i]:
            return (a, b, "17.2") if ca[-i] == BLACK else (b, a, "17.2")
    # 17.3: score (higher for Italian, lower for international), then draw number
    sa, sb = view.score[a], view.score[b]
    if sa != sb:
        higher_white = view.game == "italiana"
        return (a, b, "17.3") if (sa > sb) == higher_white else (b, a, "17.3")
    return (lo, hi, "17.3") if view.game == "italiana" else (hi, lo, "17.3")


def _without_forfeit_colours(view: RoundView, players: Iterable[int]) -> RoundView:
    """``view`` with the Art. 14 / 2.6 colours of forfeit wins left out for ``players``
    (to tell whether that rule decided a colour)."""
    colours = dict(view.colours)
    whites = dict(view.whites)
    for p in players:
        marks = view.forfeit_marks.get(p, "")
        seq = "".join(c for c, m in zip(view.colours[p], marks) if m != "f") if marks else view.colours[p]
        colours[p] = seq
        whites[p] = seq.count(WHITE)
    return replace(view, colours=colours, whites=whites)


# ----------------------------------------------------------------------------------------
# Art. 9 rests and the forfeit-point candidates (Art. 8, 10, 11)


def detect_odd_method(t: Tournament) -> str:
    """``'rest'`` when round 1 is recorded as Art. 9 pairs it: an odd field, an odd number
    of rounds ``R``, exactly ``R - 1`` players with a game in round 1 and no forfeit
    points; else ``'forfeit'`` (Art. 8; Art. 7 allows either, so before round 1 is played
    the choice must be given)."""
    R = t.total_rounds
    if t.rounds_recorded < 1 or R is None or R % 2 == 0 or len(t.players) % 2 == 0:
        return "forfeit"
    playing = 0
    for p in t.players:
        e = p.entry(1)
        if e.result == "U" or (e.opponent is None and e.result == "+"):
            return "forfeit"
        if e.is_game or e.pending:
            playing += 1
    return "rest" if playing == R - 1 and playing < len(t.players) - 1 else "forfeit"


def art9_designated(view: RoundView, odd: str) -> int | None:
    """Art. 9, rounds after the first: the round-1 player who has not rested yet with the
    highest score (ties: the lower draw number), present or not; ``None`` when nobody is
    due or the event does not use Art. 9."""
    if odd != "rest" or view.round == 1:
        return None
    due = [p for p in view.ring if p in view.round1_players and p not in view.rested]
    if not due:
        return None
    return min(due, key=lambda p: (-view.score[p], p))


def art9_rests(view: RoundView, odd: str) -> list[int]:
    """Art. 9: who rests this round. Round 1: everybody beyond the first ``R - 1`` players
    present. Later: :func:`art9_designated`; if he is marked absent for the round, his
    absence is his rest and nobody else rests."""
    if odd != "rest":
        return []
    if view.edition == "2.2":
        raise InputError("seed 002 (edition 2.2) has no staggered-rest scheme: Art. 9 belongs to Capo V", field="--odd")
    R = view.total_rounds
    if R is None:
        raise InputError("Art. 9 needs the number of rounds (XXR n or 142 n)", field="XXR / 142")
    if R % 2 == 0:
        raise InputError(f"Art. 9 needs an odd number of rounds, the file declares {R}", field="XXR / 142")
    if view.round == 1:
        if len(view.to_pair) < R - 1:
            raise InputError(
                f"Art. 9: round 1 needs {R - 1} players, only {len(view.to_pair)} are present", field="players"
            )
        return view.to_pair[R - 1 :]
    best = art9_designated(view, odd)
    return [best] if best is not None and best not in view.absent else []


def _award_levels(view: RoundView, players: list[int], with_art10: bool, odd: str = "forfeit") -> list[list[int]]:
    """Players who may receive forfeit points, grouped by score, lowest first (Art. 8:
    the last in the standings; Art. 11: never twice; Art. 10: not a player who met the
    withdrawn one; a player absent for his Art. 9 rest has not withdrawn)."""
    departed = view.departed - {art9_designated(view, odd)}
    ok = []
    for p in players:
        if p in view.awarded:
            continue
        if with_art10 and view.opponents[p] & departed:
            continue
        ok.append(p)
    levels: dict[Fraction, list[int]] = {}
    for p in ok:
        levels.setdefault(view.score[p], []).append(p)
    return [levels[s] for s in sorted(levels)]


# ----------------------------------------------------------------------------------------
# the rotation (Art. 4, 5, 15)


class _Rotation:
    """The literal reading of the circle for one round."""

    def __init__(self, view: RoundView, players: Sequence[int]):
        self.view = view
        self.ring = view.ring
        self.pos = {p: i for i, p in enumerate(self.ring)}
        self.players = list(players)
        unit = _units(view, self.players)
        self.score = {p: int(view.score[p] * unit) for p in self.players}

    def scan(self, origin: int, inclusive: bool) -> Iterable[int]:
        """The circle read forward from ``origin`` (``origin`` first if ``inclusive``),
        each player once."""
        ring, n = self.ring, len(self.ring)
        i = self.pos[origin]
        if inclusive:
            for k in range(n):
                yield ring[(i + k) % n]
        else:
            for k in range(1, n):
                yield ring[(i + k) % n]

    def first_player(self, free: set[int], origin: int, inclusive: bool) -> int:
        """Art. 4: from the origin, rotating, the first player with the highest score."""
        top = max(self.score[p] for p in free)
        for p in self.scan(origin, inclusive):
            if p in free and self.score[p] == top:
                return p
        raise AssertionError("no free player")  # pragma: no cover

    def opponent(self, first: int, free: set[int]) -> int | None:
        """Art. 5 / 2.3: the first player after ``first`` with the same score who has not
        met him; failing that, the next lower score present, from the first such player
        after the last one of the previous score considered; and so on."""
        view = self.view
        others = free - {first}
        scores = sorted({self.score[q] for q in others}, reverse=True)
        anchor = first
        for s in scores:
            last = None
            for q in self.scan(anchor, False):
                if q in others and self.score[q] == s:
                    last = q
                    if art6_may_meet(view, first, q):
                        return q
            if last is not None:
                anchor = last
        return None

    def run(self, start: int, inclusive: bool = True) -> tuple[list[tuple[int, int]], list[int], list[Step]]:
        """Pairs in formation order (first, second), the players left over (set aside
        for want of a legal opponent, then whoever is left), and the steps."""
        free = set(self.players)
        pairs: list[tuple[int, int]] = []
        deferred: list[int] = []
        steps: list[Step] = []
        origin, inclusive_now = start, inclusive
        while len(free) >= 2:
            first = self.first_player(free, origin, inclusive_now)
            second = self.opponent(first, free)
            if second is None:
                free.discard(first)
                deferred.append(first)
                steps.append(Step("defer", (first,)))
                continue
            free.discard(first)
            free.discard(second)
            pairs.append((first, second))
            steps.append(Step("pair", (first, second)))
            origin, inclusive_now = second, False
        leftover = deferred + sorted(free)
        return pairs, leftover, steps


def _perfect(view: RoundView, players: Sequence[int]) -> bool:
    """Whether ``players`` can all be paired without a rematch."""
    m = len(players)
    if m % 2:
        return False
    if m == 0:
        return True
    if m == 2:
        return art6_may_meet(view, players[0], players[1])
    edges = [(i, j, 1) for i in range(m) for j in range(i + 1, m) if art6_may_meet(view, players[i], players[j])]
    mate = max_weight_matching(m, edges, max_cardinality=True)
    return len(mate) == m


def _first_regrouping(view: RoundView, players: Sequence[int]) -> list[tuple[int, int]] | None:
    """Art. 15 / reading 7: of the regroupings in which nobody meets an earlier opponent,
    the first in draw-number order (the lowest number with the lowest legal partner)."""
    rest = sorted(players)
    if not _perfect(view, rest):
        return None
    out = []
    while rest:
        a = rest[0]
        for b in rest[1:]:
            if art6_may_meet(view, a, b):
                remaining = [x for x in rest if x not in (a, b)]
                if _perfect(view, remaining):
                    out.append((a, b))
                    rest = remaining
                    break
        else:  # pragma: no cover - excluded by the perfect() check
            return None
    return out


def _art15_regroup(
    view: RoundView, pairs: list[tuple[int, int]], leftover: list[int], steps: list[Step]
) -> tuple[list[tuple[int, int]], int]:
    """Art. 15 / 2.42: the players left over cannot form the last pair(s): un-pair the
    last pair formed and try every regrouping; then the one before; and so on."""
    if not leftover:
        return pairs, 0
    pool = list(leftover)
    kept = list(pairs)
    while True:
        regroup = _first_regrouping(view, pool)
        if regroup is not None:
            for pr in regroup:
                steps.append(Step("regroup", pr))
            return kept + regroup, len(regroup)
        if not kept:
            raise NoPairingError(
                f"round {view.round}: no pairing without a rematch exists for players {', '.join(map(str, sorted(pool)))}"
            )
        undone = kept.pop()
        steps.append(Step("unpair", undone))
        pool.extend(undone)


def _rotate_even(
    view: RoundView, players: list[int], start: int, inclusive: bool
) -> tuple[list[tuple[int, int]], int, list[Step]]:
    rot = _Rotation(view, players)
    pairs, leftover, steps = rot.run(start, inclusive)
    pairs, regrouped = _art15_regroup(view, pairs, leftover, steps)
    return pairs, regrouped, steps


def _start_origin(view: RoundView, start: int | None) -> tuple[int, bool]:
    if start is None or start not in set(view.ring):
        return view.ring[0], True
    return start, True


# ----------------------------------------------------------------------------------------
# the literal procedure


def _literal(view: RoundView, start: int | None, odd: str) -> ItaloPairing:
    r = view.round
    rests = art9_rests(view, odd)
    steps: list[Step] = [Step("rest", (p,)) for p in rests]
    players = [p for p in view.to_pair if p not in set(rests)]
    notes: list[str] = []
    if r == 1:
        # Art. 3 / 2.1: the rotation from no. 1 pairs 1-2, 3-4, ...; Art. 8 / 2.43: an
        # odd field gives forfeit points to the last listed player.
        origin, inclusive = (players[0] if players else view.ring[0]), True
    else:
        origin, inclusive = _start_origin(view, start)
    award = None
    regrouped = 0
    if len(players) % 2 == 0:
        pairs, regrouped, more = _rotate_even(view, players, origin, inclusive)
        steps += more
    elif r == 1:
        award = _round1_receiver(view, players)
        steps.append(Step("award", (award,)))
        pairs, regrouped, more = _rotate_even(view, players[:-1], origin, inclusive)
        steps += more
    else:
        award, pairs, regrouped, more, note = _odd_rotation(view, players, origin, inclusive, odd)
        steps += more
        if note:
            notes.append(note)
    return _finish(view, pairs, award, rests, origin, regrouped, steps, "literal", odd, notes)


def _round1_receiver(view: RoundView, players: list[int]) -> int:
    """Art. 8 / 2.43: in round 1 the forfeit points go to the last player listed."""
    if players[-1] in view.awarded:
        raise NoPairingError(
            f"round 1: Art. 8 gives the forfeit points to the last player listed, {players[-1]}, and nobody else"
        )
    return players[-1]


def _odd_rotation(view: RoundView, players: list[int], origin: int, inclusive: bool, odd: str):
    """Forfeit points and the rotation of the rest (Art. 8, 10, 11; reading 6)."""
    rot = _Rotation(view, players)
    pos = rot.pos
    n = len(view.ring)

    def reach(p: int) -> int:  # how far the rotation from the start must go to reach p
        return (pos[p] - pos[origin]) % n

    for with_art10 in (True, False):
        levels = _award_levels(view, players, with_art10, odd)
        if not levels:
            continue
        for level in levels:
            if len(level) > 1:
                pairs, leftover, steps = rot.run(origin, inclusive)
                if len(leftover) == 1 and leftover[0] in level:
                    award = leftover[0]
                    return award, pairs, 0, steps + [Step("award", (award,))], None
                order = sorted(level, key=reach, reverse=True)
            else:
                order = level
            for cand in order:
                rest = [p for p in players if p != cand]
                if not _perfect(view, rest):
                    continue
                pairs, regrouped, steps = _rotate_even(view, rest, origin, inclusive)
                note = None
                if level is not levels[0] or not with_art10:
                    note = f"forfeit points to {cand}: no player with a lower score could take them with a legal pairing of the rest"
                return cand, pairs, regrouped, [Step("award", (cand,))] + steps, note
    raise NoPairingError(
        f"round {view.round}: no player can take the forfeit points with a legal pairing of the others"
    )


def _finish(
    view: RoundView,
    order: list[tuple[int, int]],
    award: int | None,
    rests: list[int],
    start: int,
    regrouped: int,
    steps: list[Step],
    method: str,
    odd: str,
    notes: list[str],
) -> ItaloPairing:
    boards = [art17_colours(view, a, b, odd) for a, b in order]
    return ItaloPairing(
        round=view.round,
        pairs=boards,
        bye=award,
        rests=tuple(rests),
        order=tuple(order),
        start=start,
        regrouped=regrouped,
        steps=tuple(steps),
        method=method,
        edition=view.edition,
        game=view.game,
        notes=tuple(notes),
    )


# ----------------------------------------------------------------------------------------
# where the rotation starts: replaying the rounds before


def restart_player(edition: str, game: str, last_pair: tuple[int, int] | None, award: int | None) -> int | None:
    """The player round ``r+1`` starts from, given round ``r``'s last pair formed as
    ``(white, black)`` and its forfeit-point receiver.

    Capo V Art. 4: the last player paired who played with Black; the receiver of forfeit
    points comes last, with his Art. 14 colour (Black in Italian draughts). Seed 002 Art.
    2.2: the White of the last pair, "anche se ha vinto a forfait": the receiver if any.
    """
    if edition == "2.2":
        if award is not None:
            return award
        return last_pair[0] if last_pair else None
    if award is not None and forfeit_colour(edition, game) == BLACK:
        return award
    if last_pair:
        return last_pair[1]
    return award


@dataclass(frozen=True)
class RoundTrace:
    """How a recorded round ended for the rotation: its start, its last pair formed
    (white, black), its forfeit-point receiver, and whether the file's pairing is the
    literal one (else the last pair was inferred, reading 1)."""

    round: int
    start: int | None
    last_pair: tuple[int, int] | None
    award: int | None
    literal: bool
    next_start: int | None


def _recorded_round(t: Tournament, r: int) -> tuple[list[tuple[int, int]], int | None]:
    pairs = []
    award = None
    for p in t.players:
        e = p.entry(r)
        if e.opponent is not None and (e.is_game or e.pending) and p.id < e.opponent:
            other = t.player(e.opponent).entry(r)
            if e.colour == BLACK or other.colour == WHITE:
                pairs.append((e.opponent, p.id))
            else:
                pairs.append((p.id, e.opponent))
        elif e.opponent is None and e.result in ("U", "+"):
            award = p.id
    return pairs, award


def _inferred_last(view: RoundView, pairs: list[tuple[int, int]], start: int) -> tuple[int, int] | None:
    """Reading 1: the recorded pairs in the order the rotation forms pairs (higher score
    first, then the place on the circle, from the start, of the pair's nearer player);
    the last of them."""
    if not pairs:
        return None
    pos = {p: i for i, p in enumerate(view.ring)}
    n = len(view.ring)
    s0 = pos.get(start, 0)

    def key(pr: tuple[int, int]):
        hi = max(view.score[pr[0]], view.score[pr[1]])
        near = min((pos[pr[0]] - s0) % n, (pos[pr[1]] - s0) % n)
        return (-hi, near)

    return sorted(pairs, key=key)[-1]


def rotation_trace(
    t: Tournament, edition: str = "capo5", game: str = "italiana", odd: str | None = None, upto: int | None = None
) -> list[RoundTrace]:
    """Replay the literal procedure over recorded rounds ``1 .. upto`` (default: all
    paired rounds) and say, round by round, where the next round starts."""
    _check_options(edition, game)
    odd = odd or detect_odd_method(t)
    last = t.rounds_paired if upto is None else upto
    out: list[RoundTrace] = []
    start: int | None = None
    for r in range(1, last + 1):
        progress.step(r, last, "earlier round replayed")
        view = round_view(t, r, edition, game)
        recorded, award = _recorded_round(t, r)
        try:
            lit = _literal(view, start, odd)
            same = {frozenset(p) for p in lit.pairs} == {frozenset(p) for p in recorded} and lit.bye == award
        except (NoPairingError, InputError):
            lit, same = None, False
        if same and lit is not None:
            colour = {frozenset(p): p for p in recorded}
            lp = colour[frozenset(lit.order[-1])] if lit.order else None
            used_start = lit.start
        else:
            used_start = start if start is not None else (view.ring[0] if view.ring else None)
            lp = _inferred_last(view, recorded, used_start) if used_start is not None else None
        nxt = restart_player(edition, game, lp, award)
        out.append(RoundTrace(r, used_start, lp, award, same, nxt if nxt is not None else start))
        start = out[-1].next_start
    return out


# ----------------------------------------------------------------------------------------
# the optimisation model


def _units(view: RoundView, players: Iterable[int]) -> int:
    return lcm(*[view.score[p].denominator for p in players] or [1])


def colour_cost(view: RoundView, white: int, black: int) -> int:
    """Colour balance of one board: for each player, 2 if the colour he gets widens an
    imbalance of Whites and Blacks, 1 if he is balanced and gets the colour of his last
    game (no alternation), else 0."""
    cost = 0
    for p, gets in ((white, WHITE), (black, BLACK)):
        seq = view.colours[p]
        diff = seq.count(WHITE) - seq.count(BLACK)
        if (diff > 0 and gets == WHITE) or (diff < 0 and gets == BLACK):
            cost += 2
        elif diff == 0 and seq and seq[-1] == gets:
            cost += 1
    return cost


def reading_order(view: RoundView, players: Sequence[int], start: int) -> dict[int, int]:
    """Each player's place in the *reading order* of the rotation: the highest score
    group read round the circle from the start player (included), then each lower group
    read from the last player of the group above, as Art. 4-5 read the circle when no
    rematch interferes. Two players adjacent in this order are what the literal rotation
    pairs; a floater is adjacent to the first player of the group below."""
    pos = {p: i for i, p in enumerate(view.ring)}
    n = len(view.ring)
    groups: dict[Fraction, list[int]] = {}
    for p in players:
        groups.setdefault(view.score[p], []).append(p)
    cut = pos.get(start, 0)
    order: list[int] = []
    for s in sorted(groups, reverse=True):
        members = sorted(groups[s], key=lambda p: (pos[p] - cut) % n)
        order += members
        cut = pos[members[-1]]
    return {p: i for i, p in enumerate(order)}


def objective_vector(
    view: RoundView,
    pairs: Sequence[tuple[int, int]],
    award: int | None,
    start: int,
    players: Sequence[int] | None = None,
    odd: str = "forfeit",
) -> tuple[int, int, int]:
    """(score difference, rotation distance, colour balance) of a round, smaller better.

    * score difference: the sum over boards of the score gap, plus, for forfeit points,
      the receiver's score above the lowest score of the round (in the smallest unit of
      the scores);
    * rotation distance: the sum over boards of how far apart the two players are in the
      reading order of the rotation (:func:`reading_order`);
    * colour balance: :func:`colour_cost` of each board with Art. 17 colours.
    """
    everyone = list(players) if players is not None else [p for pr in pairs for p in pr] + ([award] if award else [])
    unit = _units(view, everyone)
    rank = reading_order(view, everyone, start)
    low = min((view.score[p] for p in everyone), default=Fraction(0))
    s = rot = col = 0
    for a, b in pairs:
        ds, dr, dc = _board_terms(view, rank, unit, a, b, odd)
        s, rot, col = s + ds, rot + dr, col + dc
    if award is not None:
        s += _award_term(view, unit, low, award)
    return s, rot, col


def _gap_units(x: Fraction, y: Fraction, unit: int) -> int:
    """The score-difference objective between two scores, in the smallest unit of the
    round's scores (Art. 5: the same score, else the immediately lower one)."""
    return int(abs(x - y) * unit)


def _board_terms(view: RoundView, rank: dict[int, int], unit: int, a: int, b: int, odd: str) -> tuple[int, int, int]:
    """The three objectives of one board: score gap, distance in the reading order
    (``rank``, :func:`reading_order`), and :func:`colour_cost` with Art. 17 colours."""
    w, bl = art17_colours(view, a, b, odd)
    return _gap_units(view.score[a], view.score[b], unit), abs(rank[a] - rank[b]), colour_cost(view, w, bl)


def _board_terms_table(
    view: RoundView, players: Sequence[int], rank: dict[int, int], unit: int, odd: str
) -> Callable[[int, int], tuple[int, int, int] | None]:
    """Speed only: :func:`_board_terms` of a pair who may meet (Art. 6), None for a pair
    who may not, with what depends on one player computed once: the score in units, the
    colour cost of either colour (:func:`colour_cost` is a sum over the two players),
    and the Art. 17 colours from the counts and sequences (rounds where 9.4 or the
    first-round rule decides go through :func:`art17_colours`). The same values as
    :func:`_board_terms`, for the n^2 / 2 edges of the optimiser."""
    units = {p: int(view.score[p] * unit) for p in players}
    as_white: dict[int, int] = {}
    as_black: dict[int, int] = {}
    for p in players:
        seq = view.colours[p]
        diff = seq.count(WHITE) - seq.count(BLACK)
        last = seq[-1] if seq else None
        as_white[p] = 2 if diff > 0 else (1 if diff == 0 and last == WHITE else 0)
        as_black[p] = 2 if diff < 0 else (1 if diff == 0 and last == BLACK else 0)
    opponents, prohibited = view.opponents, view.prohibited
    whites, colours = view.whites, view.colours
    general = view.round > 1 and not (odd == "rest" and view.round == 2)
    italiana = view.game == "italiana"
    first_round, capo5 = view.round == 1, view.edition == "capo5"

    def white_of(a: int, b: int) -> int:  # art17_decision, from 17.1 on
        wa, wb = whites[a], whites[b]
        if wa != wb:
            return a if wa < wb else b
        ca, cb = colours[a], colours[b]
        for i in range(1, min(len(ca), len(cb)) + 1):
            if ca[-i] != cb[-i]:
                return a if ca[-i] == BLACK else b
        sa, sb = units[a], units[b]
        if sa != sb:
            return a if (sa > sb) == italiana else b
        lo, hi = (a, b) if a < b else (b, a)
        return lo if italiana else hi

    def terms(a: int, b: int) -> tuple[int, int, int] | None:
        if a == b or b in opponents[a] or (prohibited and frozenset((a, b)) in prohibited):
            return None
        if general:
            w = white_of(a, b)
            bl = b if w == a else a
        elif first_round:  # art17_decision in round 1: odd draw numbers (capo5), else the first
            lo, hi = (a, b) if a < b else (b, a)
            w, bl = (hi, lo) if capo5 and lo % 2 == 0 and hi % 2 == 1 else (lo, hi)
        else:
            w, bl = art17_colours(view, a, b, odd)
        ra, rb = rank[a], rank[b]
        return abs(units[a] - units[b]), (ra - rb if ra > rb else rb - ra), as_white[w] + as_black[bl]

    return terms


def _banded_matching(
    n: int, m: int, raw: list, edges: list, rank: list[int], units: list[int], low: int, band: int = 24
) -> dict[int, int] | None:
    """Speed only: the optimiser's whole-field matching, found on the pairs at most
    ``band`` places apart in the reading order (and the forfeit-point edges, to vertex
    ``m``), when a proof says the whole field has the same single best matching; else
    None (the caller solves the whole field, and the pairing is the same either way).

    Put the players on a line in reading order (score descending), the forfeit points as
    one more point after the last. A pair's score gap is the sum of the score steps it
    spans, its rotation distance the number of places. Between places i and i + 1 the
    number of pairs spanning the step has the parity of the points before it, so the
    score objective is at least S0 (each step of odd parity spanned once), and the
    rotation objective at least R0 (the same count without the forfeit-point edge,
    least over where it may start). A pair d > ``band`` places apart spans at least
    (d - 1) / 2 steps of even parity, each then spanned at least twice: rotation at least
    R0 + 2 [band / 2]. So when the banded optimum M scores S0 and a rotation below that,
    every best whole-field matching lies in the band; and when a second banded solve
    that prefers any edge outside M on ties still returns M, M is the only best one,
    which every exact solver of the whole field returns."""
    order = sorted(range(m), key=lambda i: rank[i])
    u = [units[i] for i in order] + ([low] if n > m else [])
    score_floor = sum(u[i - 1] - u[i] for i in range(1, len(u), 2))
    if n > m:  # the forfeit points start from place x: steps after it shift parity
        odd_before = [0] * (m + 1)
        for i in range(1, m):
            odd_before[i + 1] = odd_before[i] + (i % 2)
        total_odd = odd_before[m]
        rot_floor = min(odd_before[x + 1] + ((m - 1 - x) - (total_odd - odd_before[x + 1])) for x in range(m))
    else:
        rot_floor = m // 2
    place = [0] * m
    for k, i in enumerate(order):
        place[i] = k
    near = [k for k, (i, j, _) in enumerate(raw) if j == m or abs(place[i] - place[j]) <= band]
    sub = [edges[k] for k in near]
    best = max_weight_matching(n, sub, max_cardinality=True)
    if len(best) != n:
        return None
    values = {(raw[k][0], raw[k][1]): raw[k][2] for k in near}
    chosen = [values[(i, j)] for i, j in best.items() if i < j]
    if sum(v[0] for v in chosen) != score_floor or sum(v[1] for v in chosen) >= rot_floor + 2 * (band // 2):
        return None
    again = max_weight_matching(
        n, [(i, j, w * (n + 1) + int(best.get(i) != j)) for i, j, w in sub], max_cardinality=True
    )
    return best if again == best else None


def _award_term(view: RoundView, unit: int, low: Fraction, award: int) -> int:
    """The score objective of forfeit points (Art. 8: to the last in the standings): the
    receiver's score above the lowest score of the round."""
    return _gap_units(view.score[award], low, unit)


def _optimised(view: RoundView, start: int | None, odd: str) -> ItaloPairing:
    r = view.round
    rests = art9_rests(view, odd)
    players = [p for p in view.to_pair if p not in set(rests)]
    origin = players[0] if (r == 1 and players) else _start_origin(view, start)[0]
    notes: list[str] = []
    odd_count = len(players) % 2 == 1
    candidates_sets: list[set[int] | None]
    if not odd_count:
        candidates_sets = [None]
    elif r == 1:
        candidates_sets = [{_round1_receiver(view, players)}]
    else:
        strict = {p for lvl in _award_levels(view, players, True, odd) for p in lvl}
        loose = {p for lvl in _award_levels(view, players, False, odd) for p in lvl}
        candidates_sets = [c for c in (strict, loose) if c]
        if not candidates_sets:
            raise NoPairingError(f"round {r}: every player has had forfeit points already (Art. 11)")
    unit = _units(view, players)
    rank = reading_order(view, players, origin)
    low = min((view.score[p] for p in players), default=Fraction(0))
    m = len(players)
    board_terms = _board_terms_table(view, players, rank, unit, odd)
    for k, cands in enumerate(candidates_sets):
        progress.step(k + 1, len(candidates_sets), "matching")
        n = m + (1 if cands is not None else 0)
        raw: list[tuple[int, int, tuple[int, int, int]]] = []
        for i in range(m):
            a = players[i]
            for j in range(i + 1, m):
                b = players[j]
                terms = board_terms(a, b)
                if terms is not None:
                    raw.append((i, j, terms))
            if cands is not None and a in cands:
                raw.append((i, m, (_award_term(view, unit, low, a), 0, 0)))
        if not raw:
            continue
        t0, t1, t2 = (max(v[k] for _, _, v in raw) for k in range(3))
        k_edges = n // 2
        layout = fit_layout(["score", "rotation", "colour", "one"], [t0 * k_edges, t1 * k_edges, t2 * k_edges, k_edges])
        s0, s1, s2, s3 = layout.shifts  # layout.pack, inlined for the n^2 / 2 edges
        one = 1 << s3
        edges = [(i, j, ((t0 - v0) << s0) + ((t1 - v1) << s1) + ((t2 - v2) << s2) + one) for i, j, (v0, v1, v2) in raw]
        mate = _banded_matching(
            n, m, raw, edges, [rank[p] for p in players], [int(view.score[p] * unit) for p in players], int(low * unit)
        )
        if mate is None:
            mate = max_weight_matching(n, edges, max_cardinality=True)
        if len(mate) != n:
            continue
        pairs = []
        award = None
        for i in range(m):
            j = mate[i]
            if j == m:
                award = players[i]
            elif i < j:
                pairs.append((players[i], players[j]))
        # board order: higher score first, then the rotation order of the nearer player
        pairs.sort(key=lambda pr: (-max(view.score[pr[0]], view.score[pr[1]]), min(rank[pr[0]], rank[pr[1]])))
        order = [tuple(sorted(pr, key=lambda p: rank[p])) for pr in pairs]
        if cands is not candidates_sets[0]:
            notes.append("forfeit points given without the Art. 10 condition: no legal pairing satisfied it")
        steps = [Step("rest", (p,)) for p in rests] + ([Step("award", (award,))] if award is not None else [])
        return _finish(view, order, award, rests, origin, 0, steps, "optimised", odd, notes)
    raise NoPairingError(f"round {r}: no pairing without a rematch exists")


# ----------------------------------------------------------------------------------------
# entry points


def _round_and_view(t: Tournament, round_number: int | None, edition: str, game: str) -> RoundView:
    r = t.next_round if round_number is None else round_number
    if t.total_rounds is not None and r > t.total_rounds:
        raise InputError(f"round {r} is beyond the {t.total_rounds} rounds the file declares", field="XXR / 142")
    if r > t.rounds_paired + 1:
        raise InputError(f"round {r} cannot be paired: the file has rounds 1-{t.rounds_paired} paired", field="round")
    return round_view(t, r, edition, game)


def _start_before(t: Tournament, edition: str, game: str, odd: str, round_number: int) -> int | None:
    """The player round ``round_number`` starts from (Art. 4 / 2.2), by replaying the
    rounds before it (:func:`rotation_trace`); ``None`` for round 1."""
    if round_number <= 1:
        return None
    trace = rotation_trace(t, edition, game, odd, upto=round_number - 1)
    return trace[-1].next_start if trace else None


def pair_round(
    t: Tournament,
    edition: str = "capo5",
    round_number: int | None = None,
    game: str = "italiana",
    method: str = "literal",
    odd: str | None = None,
    start: int | None = None,
    check: bool = True,
    no_bye: Iterable[int] = (),
) -> ItaloPairing:
    """Pair the next round (or ``round_number``) of ``t``.

    ``game``: ``'italiana'`` or ``'internazionale'`` (Art. 14, 17.3). ``method``:
    ``'literal'`` (the rotation as written) or ``'optimised'`` (the lexicographic model).
    ``odd``: ``'forfeit'`` (Art. 8) or ``'rest'`` (Art. 9); by default read from round 1
    of the file (:func:`detect_odd_method`). ``start``: the player the rotation starts
    from; by default found by replaying the rounds before (:func:`rotation_trace`).
    ``no_bye``: players who may not take the forfeit points this round (as if Art. 11
    excluded them; ``tabellone explain --bye`` asks what the round would be without
    them).

    The pairing is checked against :func:`check_absolute` before it is returned; a
    violation raises :class:`~tabellone.core.errors.SelfCheckError` (an engine bug).
    """
    _check_options(edition, game, method)
    odd = odd or detect_odd_method(t)
    if odd not in ODD_METHODS:
        raise InputError(f"unknown odd-field method {odd!r}; expected one of {', '.join(ODD_METHODS)}", field="--odd")
    view = _round_and_view(t, round_number, edition, game)
    with progress.task(f"italo-svizzero {edition}, round {view.round}, {len(view.to_pair)} players"):
        if start is None:
            start = _start_before(t, edition, game, odd, view.round)
        if no_bye:
            view = replace(view, awarded=view.awarded | set(no_bye))
        if not view.to_pair:
            raise InputError(f"round {view.round}: nobody is to be paired (every player is absent)", field="round")
        pairing = _literal(view, start, odd) if method == "literal" else _optimised(view, start, odd)
    if check:
        problems = check_absolute(t, pairing, edition, game=game, odd=odd)
        if problems:
            raise SelfCheckError(f"round {view.round}: the {method} pairing breaks the rules: {'; '.join(problems)}")
    return pairing


def check_absolute(
    t: Tournament, pairing: Pairing, edition: str = "capo5", game: str = "italiana", odd: str | None = None
) -> list[str]:
    """:func:`violations` as sentences."""
    return [v.text for v in violations(t, pairing, edition, game, odd)]


def violations(
    t: Tournament, pairing: Pairing, edition: str = "capo5", game: str = "italiana", odd: str | None = None
) -> list[Violation]:
    """Every absolute rule a proposed round breaks, one violation each (empty: legal).

    Checked: each player to be paired appears once (on a board, as the receiver of
    forfeit points, or resting under Art. 9) and nobody else does; Art. 6 no rematch;
    forfeit points only to complete an odd number of players and never twice (Art. 11);
    Art. 9 rests as the article assigns them.
    """
    _check_options(edition, game)
    odd = odd or detect_odd_method(t)
    view = round_view(t, pairing.round, edition, game)
    expected_rests = art9_rests(view, odd)
    rests = list(getattr(pairing, "rests", expected_rests))
    r = pairing.round
    problems: list[Violation] = []
    if sorted(rests) != sorted(expected_rests):
        body = f"resting {sorted(rests) or 'nobody'}, the article has {sorted(expected_rests) or 'nobody'} rest"
        involved = tuple(sorted(set(rests) ^ set(expected_rests)))
        problems.append(Violation.headed("Art. 9", body, players=involved, round=r))
    to_pair = set(view.to_pair)
    known = set(view.ring)
    seen: dict[int, str] = {}

    def fault(text: str, players: tuple[int, ...], board: int | None = None) -> None:
        problems.append(Violation("attendance", players, r, text, board))

    def take(pid: int, where: str, board: int | None = None) -> None:
        if pid not in known:
            fault(f"{where}: player {pid} is not in the tournament", (pid,), board)
        elif pid not in to_pair:
            fault(f"{where}: player {pid} is not to be paired this round (absent or withdrawn)", (pid,), board)
        elif pid in seen:
            fault(f"{where}: player {pid} is already on {seen[pid]}", (pid,), board)
        seen[pid] = where

    for p in rests:
        take(p, "rest")
    for board, (w, b) in enumerate(pairing.pairs, start=1):
        take(w, f"board {board}", board)
        take(b, f"board {board}", board)
        if w == b:
            fault(f"board {board}: player {w} paired with itself", (w,), board)
        elif w in known and b in known and not art6_may_meet(view, w, b):
            why = "are a prohibited pair" if b not in view.opponents[w] else "have already been paired"
            problems.append(Violation("Art. 6", (w, b), r, f"Art. 6: {w} and {b} {why}", board))
    if pairing.bye is not None:
        pid = pairing.bye
        take(pid, "forfeit points")
        if pid in view.awarded:
            problems.append(Violation.headed("Art. 11", f"{pid} already had forfeit points", players=(pid,), round=r))
    missing = sorted(to_pair - set(seen))
    if missing:
        fault(f"not paired: {', '.join(map(str, missing))}", tuple(missing))
    playing = len(to_pair) - len(set(rests) & to_pair)
    if pairing.bye is not None and playing % 2 == 0:
        fault("forfeit points with an even number of players", ())
    return problems


# ----------------------------------------------------------------------------------------
# literal against optimised


@dataclass(frozen=True)
class Comparison:
    """The literal and the optimised pairing of one round, their objective vectors and,
    per objective, which is better (``'literal'``, ``'optimised'`` or ``'tie'``)."""

    round: int
    literal: ItaloPairing
    optimised: ItaloPairing
    literal_vector: tuple[int, int, int]
    optimised_vector: tuple[int, int, int]
    agree: bool
    winners: tuple[str, ...]

    @property
    def deciding(self) -> str | None:
        """The first objective on which the two differ (the one the optimum wins on)."""
        for name, a, b in zip(OBJECTIVES, self.literal_vector, self.optimised_vector):
            if a != b:
                return name
        return None

    # the names every rules module's comparison offers (``tabellone compare``)

    @property
    def same_pairs(self) -> bool:
        return self.agree

    def _difference(self) -> tuple[tuple | None, str]:
        # the objectives are round totals: group None (tabellone.rules.comparison)
        return vector_difference(
            [(None, name, v) for name, v in zip(OBJECTIVES, self.literal_vector)],
            [(None, name, v) for name, v in zip(OBJECTIVES, self.optimised_vector)],
        )

    @property
    def first_difference(self) -> tuple | None:
        """``(group, objective, literal value, optimised value)`` of the first objective
        on which the two differ (the objectives are round totals: group ``None``)."""
        return self._difference()[0]

    @property
    def better(self) -> str:
        """``'equal'``, ``'optimised'`` or ``'literal'``: which vector is smaller."""
        return self._difference()[1]

    def describe(self) -> str:
        if self.agree:
            return f"round {self.round}: same pairing"
        first = self.first_difference
        if first is None:
            return f"round {self.round}: different pairings, equal objective vectors"
        _, name, lv, ov = first
        return f"round {self.round}: differ first on {name}: literal {lv}, optimised {ov} ({self.better} better)"


def compare(
    t: Tournament,
    edition: str = "capo5",
    round_number: int | None = None,
    game: str = "italiana",
    odd: str | None = None,
    start: int | None = None,
) -> Comparison:
    """Pair a round both ways and compare them objective by objective."""
    odd = odd or detect_odd_method(t)
    view = _round_and_view(t, round_number, edition, game)
    if start is None:
        start = _start_before(t, edition, game, odd, view.round)
    lit = pair_round(t, edition, view.round, game, "literal", odd, start)
    opt = pair_round(t, edition, view.round, game, "optimised", odd, start)
    return _compare(view, lit, opt, odd)


def _compare(view: RoundView, lit: ItaloPairing, opt: ItaloPairing, odd: str) -> Comparison:
    players = [p for p in view.to_pair if p not in set(lit.rests)]
    origin = lit.start if lit.start is not None else players[0]
    lv = objective_vector(view, lit.pairs, lit.bye, origin, players, odd)
    ov = objective_vector(view, opt.pairs, opt.bye, origin, players, odd)
    agree = {frozenset(p) for p in lit.pairs} == {frozenset(p) for p in opt.pairs} and lit.bye == opt.bye
    winners = tuple("tie" if a == b else ("literal" if a < b else "optimised") for a, b in zip(lv, ov))
    return Comparison(view.round, lit, opt, lv, ov, agree, winners)


# ----------------------------------------------------------------------------------------
# the verifier's interface (tabellone.verify.checker: tabellone check / explain)

#: The objectives (:data:`OBJECTIVES`, in priority order) named by the article of each
#: text they stand for, with what is minimised.
_CRITERIA = {
    "capo5": ("Art. 5", "Art. 4", "Art. 17"),
    "2.2": ("Art. 2.3", "Art. 2.2", "Art. 2.51"),
}
_CRITERIA_WHAT = (
    "score difference (points carried down to a lower score)",
    "rotation distance (of the two players of each board in the reading order)",
    "colour balance (Art. 17 colours that unbalance or do not alternate)",
)
#: The round-level criterion: who takes the forfeit points (Art. 8 / 2.43).
AWARD_ARTICLE = {"capo5": "Art. 8", "2.2": "Art. 2.43"}


ScoreGroupValues = BracketValues  # the one definition: tabellone.rules.comparison


def quality_criteria(edition: str) -> list[tuple[str, str]]:
    """The optimisation model's objectives in priority order, as ``(article, what is
    minimised)``: score difference (Art. 5 / 2.3), rotation distance (Art. 4 / 2.2),
    colour balance (Art. 17 / 2.51)."""
    _check_options(edition, "italiana")
    return list(zip(_CRITERIA[edition], _CRITERIA_WHAT))


def evaluate(
    t: Tournament, pairing: Pairing, edition: str = "capo5", game: str = "italiana", odd: str | None = None
) -> tuple[dict[str, object], list[ScoreGroupValues]]:
    """The criteria of a round of ``t`` (which holds the rounds before it), every value
    minimised: round level, the score of the player given the forfeit points (Art. 8 /
    2.43); then score group by score group from the top:

    * score difference: the players who leave the group for a lower score (paired further
      down), times the step to the next score; summed over the groups this is the board
      score gaps of :func:`objective_vector`;
    * rotation distance and colour balance of the boards completed in the group (whose
      lower player is on its score), as :func:`objective_vector` counts them.

    The rotation's reading order starts where the rules start the round
    (:func:`rotation_trace`)."""
    _check_options(edition, game)
    odd = odd or detect_odd_method(t)
    view = round_view(t, pairing.round, edition, game)
    mate: dict[int, int] = {}
    for w, b in pairing.pairs:
        mate[w], mate[b] = b, w
    players = [p for p in view.ring if p in mate or p == pairing.bye]
    if not players:
        return {}, []
    if view.round == 1:
        origin = players[0]
    else:
        origin = _start_origin(view, _start_before(t, edition, game, odd, view.round))[0]
    unit = _units(view, players)
    rank = reading_order(view, players, origin)
    score = view.score
    names = _CRITERIA[edition]
    round_level: dict[str, object] = {}
    if pairing.bye is not None:
        round_level[AWARD_ARTICLE[edition]] = score[pairing.bye]
    scores = sorted({score[p] for p in players}, reverse=True)
    floor = {p: min(score[p], score[mate[p]]) for p in mate}  # the score group his board is completed in
    place = {p: i for i, p in enumerate(view.ring)}
    out: list[ScoreGroupValues] = []
    for k, s in enumerate(scores):
        members = sorted((p for p in mate if score[p] >= s >= floor[p]), key=lambda p: (-score[p], place[p]))
        leaving = [p for p in members if floor[p] < s]
        carried = len(leaving) * _gap_units(s, scores[k + 1], unit) if leaving else 0
        rot = col = 0
        for w, b in pairing.pairs:
            if floor[w] == s:
                _, dr, dc = _board_terms(view, rank, unit, w, b, odd)
                rot, col = rot + dr, col + dc
        out.append(ScoreGroupValues(s, members, {names[0]: Fraction(carried, unit), names[1]: rot, names[2]: col}))
    return round_level, out


def colour_article(
    t: Tournament,
    round_number: int,
    white: int,
    black: int,
    edition: str = "capo5",
    game: str = "italiana",
    odd: str | None = None,
) -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet in ``round_number`` of ``t``, and
    the step of Art. 17 (9.4 at the entry of round-1 resters; 2.52 in round 1 with seed
    002) that decides it; when counting forfeit wins with their Art. 14 (2.6) colour
    changes the outcome, the article says so."""
    _check_options(edition, game)
    odd = odd or detect_odd_method(t)
    view = round_view(t, round_number, edition, game)
    w, _, article = art17_decision(view, white, black, odd)
    if round_number > 1:
        plain = _without_forfeit_colours(view, (white, black))
        if art17_decision(plain, white, black, odd)[0] != w:
            rule = "2.6" if edition == "2.2" else "14"
            colour = "White" if forfeit_colour(edition, game) == WHITE else "Black"
            article += f" (with Art. {rule}: a forfeit win counts as {colour})"
    return w, article


def explain_steps(
    t: Tournament,
    round_number: int,
    edition: str = "capo5",
    pair: tuple[int, int] | None = None,
    bye: int | None = None,
    game: str = "italiana",
    odd: str | None = None,
) -> list[str]:
    """How the literal procedure forms ``pair`` (or gives ``bye`` the forfeit points) in
    round ``round_number`` of ``t``: the step of the rotation and its article, read from
    the trace of :func:`pair_round`. Empty when the rules do not pair them so."""
    from tabellone.core.scoring import format_points

    p = pair_round(t, edition, round_number, game, "literal", odd)
    view = round_view(t, round_number, edition, game)

    def pts(x: int) -> str:
        return format_points(view.score[x])

    a5 = _CRITERIA[edition][0]
    lines: list[str] = []
    if pair is not None:
        target = frozenset(pair)
        origin, first_step = p.start, True
        undone: list[tuple[int, ...]] = []
        for step in p.steps:
            if step.kind == "pair":
                first, second = step.players
                if frozenset(step.players) == target and step.players not in undone:
                    if view.round == 1:
                        return [
                            f"the rotation of round 1 pairs the players in draw order, 1-2, 3-4, ... ({'Art. 3' if edition == 'capo5' else 'Art. 2.1'})"
                        ]
                    where = f"reading the circle from {origin}" + (
                        " (the start of the round)" if first_step else ", the last player paired"
                    )
                    a4 = "Art. 4" if edition == "capo5" else "Art. 2.2"
                    lines.append(
                        f"{a4}: {where}, {first} is the first player on the highest free score ({pts(first)} points)"
                    )
                    if view.score[second] == view.score[first]:
                        lines.append(
                            f"{a5}: {second} is the first free player after {first} on the same score whom he has not met"
                        )
                    else:
                        lines.append(
                            f"{a5}: no free player on {pts(first)} points is left whom {first} has not met; {second} is the first"
                            f" such player on the next score that has one ({pts(second)} points), reading on from the last player considered"
                        )
                    return lines
                origin, first_step = second, False
            elif step.kind == "unpair":
                undone.append(step.players)
            elif step.kind == "regroup" and frozenset(step.players) == target:
                gone = ", ".join("-".join(map(str, u)) for u in undone) or "none"
                art = "Art. 15" if edition == "capo5" else "Art. 2.42 (Art. 15)"
                return [
                    f"{art}: the last players could not be paired without a rematch; the pairs undone ({gone}) and the "
                    f"players left over were regrouped, and {pair[0]}-{pair[1]} is in the first regrouping in draw-number order"
                ]
        return []
    if bye is None or p.bye != bye:
        return []
    art = AWARD_ARTICLE[edition]
    if view.round == 1:
        return [f"{art}: with an odd field the last player listed, {bye}, takes the forfeit points in round 1"]
    who = "never had them, Art. 11" + (
        "; has not met a withdrawn player, Art. 10" if view.departed and not p.notes else ""
    )
    lines.append(
        f"{art}: {bye} ({pts(bye)} points) is last in the standings of the players who may take the forfeit points ({who})"
    )
    if p.steps and p.steps[-1].kind == "award":
        lines.append(f"{art}: several were level on that score; the rotation of the others left {bye} free")
    lines += list(p.notes)
    return lines


def score_suspended(
    t: Tournament, edition: str = "capo5", round_number: int | None = None
) -> tuple[Tournament, str | None]:
    """``t`` with every game still without a result in the rounds before ``round_number``
    (default: the next round) entered as the text counts it for pairing: a draw (Art.
    16) or won by both (2.41, a played win ``W`` for each); and a note naming them
    (``None`` when there are none). For outputs that read the general tournament state,
    which refuses games without results; the pairing is the same either way."""
    _check_options(edition, "italiana")
    r = t.next_round if round_number is None else round_number
    code = "=" if edition == "capo5" else "W"
    changed: dict[int, dict[int, RoundEntry]] = {}
    games = []
    for p in t.players:
        for k in range(1, min(r, len(p.rounds) + 1)):
            e = p.rounds[k - 1]
            if e.pending:
                changed.setdefault(k, {})[p.id] = RoundEntry(e.opponent, e.colour, code)
                if p.id < e.opponent:
                    games.append(f"{p.id}-{e.opponent} (round {k})")
    if not changed:
        return t, None
    for k, entries in changed.items():
        t = _with_entries(t, k, entries)
    how = "draws (Art. 16)" if edition == "capo5" else "won by both (2.41)"
    return t, f"suspended games counted as {how} for pairing: {', '.join(games)}"


def verify(t: Tournament, edition: str = "capo5", game: str = "italiana", odd: str | None = None) -> list[dict]:
    """Re-pair every recorded round from the rounds before it, by the literal rotation and
    by the optimiser; one report per round: whether the file follows the rotation, and
    where (and on which objective) the optimiser and the rotation differ."""
    odd = odd or detect_odd_method(t)
    trace = rotation_trace(t, edition, game, odd)
    out = []
    for tr in trace:
        view = round_view(t, tr.round, edition, game)
        start = trace[tr.round - 2].next_start if tr.round > 1 else None
        lit = _literal(view, start, odd)
        opt = _optimised(view, start, odd)
        c = _compare(view, lit, opt, odd)
        out.append(
            {
                "round": tr.round,
                "file_follows_rotation": tr.literal,
                "agree": c.agree,
                "literal_vector": c.literal_vector,
                "optimised_vector": c.optimised_vector,
                "winners": dict(zip(OBJECTIVES, c.winners)),
                "only_literal": sorted(
                    tuple(p) for p in lit.pairs if frozenset(p) not in {frozenset(q) for q in opt.pairs}
                ),
                "only_optimised": sorted(
                    tuple(p) for p in opt.pairs if frozenset(p) not in {frozenset(q) for q in lit.pairs}
                ),
            }
        )
    return out


# ----------------------------------------------------------------------------------------
# standings: the Buchholz procedure and the technical classification


@dataclass(frozen=True)
class StandingRow:
    """One line of the final classification.

    ``place`` is the order after the whole Buchholz procedure (step a, then b.1-b.3);
    ``technical_place`` is shared by players level on points and on step a (the technical
    classification, point 2); ``decided_by`` names the criterion that put the player
    below the one before him.
    """

    place: int
    technical_place: int
    id: int
    name: str
    points: Fraction
    buchholz: Fraction  # points of the opponents played (step a)
    buchholz_total: Fraction  # own points + opponents' points, as the text adds them
    wins: int
    games: int
    withdrawn: bool
    decided_by: str


def _final_points(t: Tournament) -> dict[int, Fraction]:
    out = {}
    for p in t.players:
        s = Fraction(0)
        for e in p.rounds:
            if not e.pending:
                s += t.scoring.points(e.result, e.colour)
        out[p.id] = s
    return out


def _result_points(t: Tournament, e: RoundEntry) -> Fraction:
    return t.scoring.points(e.result, e.colour)


def standings(t: Tournament, edition: str = "capo5", game: str = "italiana") -> list[StandingRow]:
    """The final classification by the FID Buchholz procedure.

    a. points plus the points of every opponent played with (forfeits do not count as
       games played); b. still level: 1. the direct encounter (applied when every tied
    player met every other; points scored among them), 2. more wins (over the board and
    by forfeit), 3. the results against the opponents all the tied players met, taken in
    order of merit (the opponent placed highest first). A group split by a later step is
    examined again from step b.1. Players still level share the place.
    """
    _check_options(edition, game)
    pts = _final_points(t)
    played: dict[int, dict[int, Fraction]] = {}
    wins: dict[int, int] = {}
    for p in t.players:
        played[p.id] = {}
        w = 0
        for e in p.rounds:
            if e.played:
                played[p.id][e.opponent] = _result_points(t, e)
            if e.opponent is not None and e.result in ("1", "W", "+"):
                w += 1
        wins[p.id] = w
    buch = {pid: sum((pts[o] for o in opp), Fraction(0)) for pid, opp in played.items()}
    merit = sorted(pts, key=lambda pid: (-pts[pid], -buch[pid], pid))
    merit_rank = {pid: i for i, pid in enumerate(merit)}
    # "(rit.)": no game in the trailing paired rounds (two of them when rests exist,
    # Art. 9); a bye entered for a round not paired yet is not a withdrawal
    rests_exist = detect_odd_method(t) == "rest"
    withdrawn = set()
    for p in t.players:
        trailing = 0
        for k in range(t.rounds_paired, 0, -1):
            e = p.entry(k)
            if e.is_game or e.pending or e.result in "U+":
                break
            trailing += 1
        if any(e.is_game for e in p.rounds) and trailing >= (2 if rests_exist else 1):
            withdrawn.add(p.id)

    def direct(group: list[int]) -> dict[int, object] | None:
        gs = set(group)
        for a in group:
            if not (gs - {a}) <= set(played[a]):
                return None
        return {a: sum((played[a][b] for b in group if b != a), Fraction(0)) for a in group}

    def common(group: list[int]) -> dict[int, object]:
        shared = set.intersection(*(set(played[a]) for a in group)) - set(group)
        order = sorted(shared, key=lambda o: merit_rank[o])
        return {a: tuple(played[a][o] for o in order) for a in group}

    criteria = [
        ("direct encounter", direct),
        ("wins", lambda g: {a: wins[a] for a in g}),
        ("common opponents", common),
    ]

    def refine(group: list[int], i: int) -> list[tuple[list[int], str | None]]:
        """Ordered sub-groups of a level group; each after the first carries the
        criterion that put it below the previous one."""
        if len(group) == 1:
            return [(group, None)]
        if i == len(criteria):
            return [(sorted(group), None)]
        name, fn = criteria[i]
        values = fn(group)
        if values is None:
            return refine(group, i + 1)
        buckets: dict[object, list[int]] = {}
        for a in group:
            buckets.setdefault(values[a], []).append(a)
        if len(buckets) == 1:
            return refine(group, i + 1)
        out: list[tuple[list[int], str | None]] = []
        for k, v in enumerate(sorted(buckets, reverse=True)):
            sub = refine(sorted(buckets[v]), 0)
            if k > 0:
                sub[0] = (sub[0][0], name)
            out += sub
        return out

    primary = sorted(pts, key=lambda pid: (-pts[pid], -buch[pid], pid))
    blocks: list[tuple[list[int], str]] = []
    for pid in primary:
        if blocks and (pts[blocks[-1][0][0]], buch[blocks[-1][0][0]]) == (pts[pid], buch[pid]):
            blocks[-1][0].append(pid)
        else:
            if blocks:
                prev = blocks[-1][0][0]
                why = "points" if pts[prev] != pts[pid] else "Buchholz"
            else:
                why = "first"
            blocks.append(([pid], why))
    rows: list[StandingRow] = []
    for block, block_reason in blocks:
        technical = len(rows) + 1
        for k, (part, reason) in enumerate(refine(block, 0)):
            place = len(rows) + 1
            for j, pid in enumerate(part):
                p = t.player(pid)
                if j > 0:
                    why = "level"
                elif k == 0:
                    why = block_reason
                else:
                    why = reason or "level"
                rows.append(
                    StandingRow(
                        place=place,
                        technical_place=technical,
                        id=pid,
                        name=p.name,
                        points=pts[pid],
                        buchholz=buch[pid],
                        buchholz_total=pts[pid] + buch[pid],
                        wins=wins[pid],
                        games=len(played[pid]),
                        withdrawn=pid in withdrawn,
                        decided_by=why,
                    )
                )
    return rows


def format_standings(t: Tournament, rows: Sequence[StandingRow] | None = None, edition: str = "capo5") -> str:
    """The classification as a text table (``tabellone standings FILE --system italo-svizzero``)."""
    from tabellone.core.scoring import format_points

    rows = standings(t, edition) if rows is None else rows
    title = next((h.text for h in t.headers if h.code == "012"), "")
    lines = []
    if title:
        lines.append(title)
    lines.append("Classifica (sistema italo-svizzero, procedura Buchholz); tec = classifica tecnica")
    head = f"{'pos':>4} {'tec':>4} {'no':>4}  {'name':<28} {'pts':>5} {'buch':>6} {'tot':>6} {'wins':>4} {'games':>5}  decided by"
    lines.append(head)
    lines.append("-" * len(head))
    for r in rows:
        name = (r.name + (" (rit.)" if r.withdrawn else ""))[:28]
        lines.append(
            f"{r.place:>4} {r.technical_place:>4} {r.id:>4}  {name:<28} {format_points(r.points):>5} "
            f"{format_points(r.buchholz):>6} {format_points(r.buchholz_total):>6} {r.wins:>4} {r.games:>5}  {r.decided_by}"
        )
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------------------
# generated events (tests and the benchmark)


@dataclass(frozen=True)
class SimSettings:
    """A random event: ``players`` entrants, ``rounds`` rounds, results from Milvang's
    model (:func:`tabellone.generate.tournament.draw_game`), optional withdrawals (a player leaves after
    a round and is absent, ``Z``, from then on), forfeits and suspended games (left
    without a result while the next round is paired, Art. 16 / 2.41)."""

    players: int
    rounds: int
    seed: int
    edition: str = "capo5"
    game: str = "italiana"
    odd: str = "forfeit"
    method: str = "literal"
    withdrawals: int = 0
    forfeit_rate: float = 0.0
    suspended_rate: float = 0.0
    draw_rate: float | None = 0.35


@dataclass
class SimResult:
    tournament: Tournament
    pairings: list[ItaloPairing]
    views: list[RoundView]
    comparisons: list[Comparison] = field(default_factory=list)


def _with_entries(t: Tournament, r: int, entries: dict[int, RoundEntry]) -> Tournament:
    """``t`` with the round-``r`` entries of some players replaced (other rounds kept)."""
    if not entries:
        return t
    players = []
    for p in t.players:
        if p.id not in entries:
            players.append(p)
            continue
        rounds = list(p.rounds)
        while len(rounds) < r:
            rounds.append(EMPTY_ENTRY)
        rounds[r - 1] = entries[p.id]
        while rounds and rounds[-1].is_empty:
            rounds.pop()
        players.append(replace(p, rounds=tuple(rounds)))
    return replace(t, players=tuple(players))


def simulate(s: SimSettings, compare_methods: bool = False) -> SimResult:
    """Play a random event round by round with :func:`pair_round`, keeping the rotation
    start from each round's own trace (no replay). Every pairing is checked by
    :func:`check_absolute` before its results are drawn."""
    from tabellone.generate.tournament import draw_game

    rng = random.Random(s.seed)
    ratings = sorted((rng.randint(1200, 2400) for _ in range(s.players)), reverse=True)
    order = list(range(s.players))
    rng.shuffle(order)  # the draw: draw numbers are not rating order
    players = tuple(Player(i + 1, f"Giocatore {i + 1:03d}", (), rating=ratings[order[i]]) for i in range(s.players))
    t = Tournament(players=players, total_rounds=s.rounds, scoring=Scoring.draughts(), system="CUSTOM_SWISS")
    leave_after: dict[int, int] = {}
    if s.withdrawals:
        for pid in rng.sample(range(1, s.players + 1), min(s.withdrawals, s.players - 2)):
            leave_after[pid] = rng.randint(1, max(1, s.rounds - 1))
    rating = {p.id: p.rating for p in players}
    pairings: list[ItaloPairing] = []
    views: list[RoundView] = []
    comparisons: list[Comparison] = []
    start: int | None = None
    suspended: list[tuple[int, int, str, str]] = []
    for r in range(1, s.rounds + 1):
        absent = {pid: RoundEntry(None, None, "Z") for pid, k in leave_after.items() if k < r}
        if absent:
            t = _with_entries(t, r, absent)
        view = round_view(t, r, s.edition, s.game)
        if s.method == "literal":
            pairing = _literal(view, start, s.odd)
        else:
            pairing = _optimised(view, start, s.odd)
        problems = check_absolute(t, pairing, s.edition, s.game, s.odd)
        if problems:
            raise SelfCheckError(f"seed {s.seed}, round {r}: {'; '.join(problems)}")
        if compare_methods:
            other = _optimised(view, start, s.odd) if s.method == "literal" else _literal(view, start, s.odd)
            lit, opt = (pairing, other) if s.method == "literal" else (other, pairing)
            comparisons.append(_compare(view, lit, opt, s.odd))
        pairings.append(pairing)
        views.append(view)
        # suspended games of the previous round are finished now
        entries: dict[int, RoundEntry] = {}
        if suspended:
            fix: dict[int, list[RoundEntry]] = {}
            for w, b, wc, bc in suspended:
                fix[w] = RoundEntry(b, WHITE, wc)
                fix[b] = RoundEntry(w, BLACK, bc)
            t = _with_entries(t, r - 1, fix)
            suspended = []
        for w, b in pairing.pairs:
            wc, bc = draw_game(rng, rating[w], rating[b], draw_rate=s.draw_rate, forfeit_rate=s.forfeit_rate)
            if s.suspended_rate and rng.random() < s.suspended_rate and r < s.rounds:
                suspended.append((w, b, wc, bc))
                wc = bc = " "
            entries[w] = RoundEntry(b, WHITE, wc)
            entries[b] = RoundEntry(w, BLACK, bc)
        if pairing.bye is not None:
            entries[pairing.bye] = RoundEntry(None, None, "U")
        for p in pairing.rests:
            entries[p] = RoundEntry(None, None, "Z")
        t = _with_entries(t, r, entries)
        colours = {frozenset(pr): pr for pr in pairing.pairs}
        last = colours[frozenset(pairing.order[-1])] if pairing.order else None
        nxt = restart_player(s.edition, s.game, last, pairing.bye)
        start = nxt if nxt is not None else start
    return SimResult(t, pairings, views, comparisons)


__all__ = [
    "violations",
    "EDITIONS",
    "EDITION_TEXTS",
    "GAMES",
    "METHODS",
    "ODD_METHODS",
    "OBJECTIVES",
    "Comparison",
    "ItaloPairing",
    "RoundTrace",
    "RoundView",
    "SimResult",
    "SimSettings",
    "StandingRow",
    "Step",
    "ScoreGroupValues",
    "art17_colours",
    "art17_decision",
    "colour_article",
    "evaluate",
    "explain_steps",
    "quality_criteria",
    "score_suspended",
    "art6_may_meet",
    "art9_designated",
    "art9_rests",
    "colour_cost",
    "check_absolute",
    "compare",
    "detect_odd_method",
    "format_standings",
    "objective_vector",
    "pair_round",
    "reading_order",
    "restart_player",
    "round_view",
    "rotation_trace",
    "simulate",
    "standings",
    "verify",
]
