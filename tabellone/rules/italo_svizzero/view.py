"""The round as the italo-svizzero system reads it: the options (editions, games,
odd-field methods), the state before a round (:class:`RoundView`: the ring of draw
numbers, scores for pairing, colours, who met whom, who had forfeit points), and what a
round gives (:class:`ItaloPairing`, the pairs in formation order with the trace of the
rotation).

Capo V Art. 2, 6, 12-14, 16; seed 002 Art. 1.3, 2.41, 2.6.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import lcm

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, EMPTY_ENTRY, WHITE, RoundEntry, Tournament
from tabellone.core.pairing import Pairing

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


def check_options(edition: str, game: str, method: str | None = None) -> None:
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
    check_options(edition, game)
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


def score_units(view: RoundView, players: Iterable[int]) -> int:
    return lcm(*[view.score[p].denominator for p in players] or [1])


def with_entries(t: Tournament, r: int, entries: dict[int, RoundEntry]) -> Tournament:
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
