"""The tournament model: what happened, and what every pairing rule reads before a round.

:class:`Tournament` is the record of an event as a file gives it: players, their round
entries, and the records that steer pairing (number of rounds, initial colour, point
system, pre-assigned byes, virtual points for acceleration, prohibited pairs). It is
immutable. :meth:`Tournament.state_before` derives, for a round ``r``, the
:class:`PlayerState` of every player from rounds ``1 .. r-1``: score, pairing score,
opponents met, colour history and preference, float history, byes. Pairing rules read
only that state, so they never re-derive it and never disagree about it.

Definitions follow the FIDE Handbook, C.04.1 (basic rules) and C.04.2 (general handling
rules), 2026 edition:

* a forfeited game is not a meeting: the players may be paired again (C.04.2 3.5);
* unplayed rounds do not count in the colour history: they are moved to its front, so
  ``B W - W`` is read as ``- B W W`` (C.04.2 3.4);
* the colour difference is the number of games with White minus games with Black;
* the colour preference is *absolute* when the difference is beyond +-1 or the last two
  games had the same colour, *strong* at +-1, *mild* at 0 (alternate), none before any
  game (C.04.3 2026 Art. 1.6; 2017 A.6).
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import gcd
from typing import Self

from tabellone.core.errors import InputError
from tabellone.core.records import builder
from tabellone.core.scoring import GAME_CODES, PLAYED_CODES, RESULT_KINDS, Kind, Scoring

WHITE = "w"
BLACK = "b"


def opposite(colour: str) -> str:
    """The other colour: ``'w'`` <-> ``'b'``."""
    return BLACK if colour == WHITE else WHITE


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's entry for one round, as a TRF round column records it.

    ``opponent`` is ``None`` for a bye or an absence (``0000`` or blank in the file);
    ``colour`` is ``'w'``, ``'b'`` or ``None``; ``result`` is the one-character code
    (see :data:`tabellone.core.scoring.RESULT_KINDS`), ``' '`` for an empty column.
    """

    opponent: int | None
    colour: str | None
    result: str

    @property
    def kind(self) -> Kind:
        return RESULT_KINDS[self.result]

    @property
    def played(self) -> bool:
        """A game actually played over the board (not forfeited, not a bye)."""
        return self.opponent is not None and self.result in PLAYED_CODES

    @property
    def is_game(self) -> bool:
        """The player was paired against an opponent (played or forfeited)."""
        return self.opponent is not None and self.result in GAME_CODES

    @property
    def pending(self) -> bool:
        """A game paired but without a result yet (opponent and colour, blank result)."""
        return self.opponent is not None and self.result == " "

    @property
    def is_empty(self) -> bool:
        return self.opponent is None and self.colour is None and self.result == " "


EMPTY_ENTRY = RoundEntry(None, None, " ")


@dataclass(frozen=True, slots=True)
class Player:
    """A player as registered: the fields of a TRF ``001`` record.

    ``id`` is the starting rank (the pairing number in a rating-ordered file). The text
    fields are kept as the file gives them, without padding; ``rating`` is 0 when
    unrated. ``points`` and ``rank`` are what the file declares (columns 81-84 and
    86-89), not what the model derives: see :meth:`Tournament.score_mismatches`.
    """

    id: int
    name: str
    rounds: tuple[RoundEntry, ...] = ()
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: Fraction | None = None
    rank: int | None = None

    def entry(self, round_number: int) -> RoundEntry:
        """The entry for a 1-based round; an empty entry beyond the recorded ones."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return EMPTY_ENTRY


class ByeKind(str, enum.Enum):
    """A bye given before pairing (not the pairing-allocated bye)."""

    HALF = "H"
    FULL = "F"
    ZERO = "Z"


@dataclass(frozen=True, slots=True, order=True)
class PreassignedBye:
    """A player who will not be paired in ``round``: TRF26 ``240``, JaVaFo ``XXZ``."""

    round: int
    player: int
    kind: ByeKind = ByeKind.ZERO


@dataclass(frozen=True, slots=True, order=True)
class VirtualPoints:
    """Points added to a player's pairing score (not their score) in one round.

    Used by acceleration methods (FIDE C.04.7 Baku); TRF26 ``250``, JaVaFo ``XXA``.
    """

    round: int
    player: int
    points: Fraction


@dataclass(frozen=True, slots=True, order=True)
class ProhibitedPairs:
    """Players who may not meet each other in rounds ``first .. last`` (TRF26 ``260``,
    JaVaFo ``XXP``, which applies to every round)."""

    first_round: int
    last_round: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HeaderRecord:
    """A record kept as text: event name, dates, arbiters, tie-breaks, team records...

    ``code`` is the record's first three characters (``'012'``, ``'202'``, ``'###'``);
    ``text`` the value after the fourth column, trailing blanks removed; ``sep`` the
    fourth column itself, a blank in every well-formed file (``code + sep + text`` gives
    the line back).
    """

    code: str
    text: str
    sep: str = " "

    @property
    def line(self) -> str:
        # only blanks: NBSP and other Unicode spaces are part of the record's text
        return (self.code + self.sep + self.text).rstrip(" ")


class Strength(enum.IntEnum):
    """Strength of a colour preference, weakest first (C.04.3 2026 Art. 1.6)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class ColourPreference:
    strength: Strength
    colour: str | None  # 'w', 'b', or None when strength is NONE

    def __str__(self) -> str:
        if self.strength is Strength.NONE:
            return "-"
        letter = "W" if self.colour == WHITE else "B"
        return {Strength.MILD: letter.lower(), Strength.STRONG: letter, Strength.ABSOLUTE: letter + "!"}[self.strength]


def colour_preference(history: str) -> ColourPreference:
    """The colour preference of a player whose played games had colours ``history``.

    ``history`` holds ``'w'``/``'b'`` for played games only, oldest first. Worked
    example: ``'wbw'`` has difference +1, so a strong preference for Black; ``'bww'``
    has difference +1 and two Whites in a row: absolute for Black.
    """
    if not history:
        return ColourPreference(Strength.NONE, None)
    cd = history.count(WHITE) - history.count(BLACK)
    if cd > 1:
        return ColourPreference(Strength.ABSOLUTE, BLACK)
    if cd < -1:
        return ColourPreference(Strength.ABSOLUTE, WHITE)
    if len(history) >= 2 and history[-1] == history[-2]:
        return ColourPreference(Strength.ABSOLUTE, opposite(history[-1]))
    if cd == 1:
        return ColourPreference(Strength.STRONG, BLACK)
    if cd == -1:
        return ColourPreference(Strength.STRONG, WHITE)
    return ColourPreference(Strength.MILD, opposite(history[-1]))


class Float(str, enum.Enum):
    DOWN = "D"
    UP = "U"


# The members, read once: an enum member read from its class costs a descriptor call
# (a round's state reads one per player).
_DOWN, _UP = Float.DOWN, Float.UP


@dataclass(frozen=True, slots=True)
class PlayerState:
    """Everything a pairing rule reads about one player before a round.

    ``floats_2026[k]`` and ``floats_2017[k]`` are the float (``Float.DOWN``,
    ``Float.UP`` or ``None``) of round ``k + 1``, as each Dutch edition defines floats:

    * 2026 (Art. 1.4): in a game between players of different scores the higher
      downfloats and the lower upfloats; a PAB, or more than a loss's points without
      playing, is a downfloat; nothing else floats;
    * 2017 (A.4): the same for games; every round without a played game is a downfloat.

    Scores for floats are those before the round, virtual points included.
    """

    id: int
    score: Fraction
    pairing_score: Fraction
    opponents: frozenset[int]
    colours: str  # played games only, oldest first: 'wbw'
    preference: ColourPreference
    floats_2026: tuple[Float | None, ...]
    floats_2017: tuple[Float | None, ...]
    had_pab: bool
    won_without_playing: bool  # some unplayed round scored at least a win's points (U, F, + ...)
    won_pab_or_forfeit: bool  # a PAB or forfeit win that scored at least a win (2017 C.2 reading)
    participated: bool  # paired in some earlier round: a game (even forfeited) or a PAB
    games_played: int
    rounds_unplayed: int
    rating: int
    present: bool  # to be paired in this round (not absent, withdrawn or on a bye)
    bye: ByeKind | None  # a bye already given for this round

    @property
    def colour_difference(self) -> int:
        return self.colours.count(WHITE) - self.colours.count(BLACK)

    def float_history(self, edition: str) -> tuple[Float | None, ...]:
        return self.floats_2017 if edition == "2017" else self.floats_2026


#: A :class:`PlayerState` from its fields, at half the frozen ``__init__``'s cost: a
#: round's state makes one per player (:func:`tabellone.core.records.builder`).
_player_state = builder(PlayerState)


@dataclass(frozen=True)
class RoundState:
    """The state of every player before round ``round`` (1-based)."""

    round: int
    total_rounds: int | None
    players: Mapping[int, PlayerState]
    prohibited: frozenset[frozenset[int]]

    def __iter__(self) -> Iterator[PlayerState]:
        return iter(self.players.values())

    def __getitem__(self, player_id: int) -> PlayerState:
        return self.players[player_id]

    @property
    def to_pair(self) -> list[PlayerState]:
        """The players to be paired this round, in pairing-number order."""
        return [p for p in self.players.values() if p.present]

    def may_meet(self, a: int, b: int) -> bool:
        """False when ``a`` and ``b`` met in a played game or are a prohibited pair."""
        return b not in self.players[a].opponents and not (self.prohibited and frozenset((a, b)) in self.prohibited)


@dataclass(frozen=True)
class Tournament:
    """An event as recorded: players, rounds, and the records that steer pairing."""

    players: tuple[Player, ...]
    total_rounds: int | None = None
    initial_colour: str | None = None  # colour of the top player in round 1 ('w'/'b')
    scoring: Scoring = field(default_factory=Scoring)
    system: str | None = None  # TRF26 192 system code, e.g. FIDE_DUTCH_2026
    byes: tuple[PreassignedBye, ...] = ()
    virtual_points: tuple[VirtualPoints, ...] = ()
    prohibited: tuple[ProhibitedPairs, ...] = ()
    headers: tuple[HeaderRecord, ...] = ()
    initial_colour_by_rank: bool = False  # JaVaFo 'XXC rank ...'
    #: With ``XXC rank``: the start ranks in the order of the file's ``001`` records, which
    #: is then the pairing order (JaVaFo's manual; bbpPairings reads it so). Empty: the
    #: pairing order is the start-rank order.
    pairing_order: tuple[int, ...] = ()

    # --- lookups -------------------------------------------------------------------

    @cached_property
    def by_id(self) -> dict[int, Player]:
        return {p.id: p for p in self.players}

    def player(self, player_id: int) -> Player:
        return self.by_id[player_id]

    @property
    def in_pairing_order(self) -> tuple[Player, ...]:
        """The players in pairing order: the ``001`` records' order under ``XXC rank``
        (:attr:`pairing_order`), else by start rank."""
        if not self.pairing_order:
            return self.players
        return tuple(self.by_id[pid] for pid in self.pairing_order if pid in self.by_id)

    @cached_property
    def rounds_recorded(self) -> int:
        """Number of round columns holding any entry (games, byes or absences)."""
        last = 0
        for p in self.players:
            for i in range(len(p.rounds), last, -1):
                if not p.rounds[i - 1].is_empty:
                    last = i
                    break
        return last

    @cached_property
    def rounds_paired(self) -> int:
        """The last round with a pairing in it: a game (played, forfeited or without a
        result yet) or a PAB.

        Round columns after it may hold byes and absences entered for the next round
        before it is paired (``0000 - H``): they do not make it paired.
        """
        last = 0
        for p in self.players:
            for i in range(len(p.rounds), last, -1):
                e = p.rounds[i - 1]
                if e.is_game or e.pending or e.result == "U":
                    last = i
                    break
        return last

    @property
    def next_round(self) -> int:
        return self.rounds_paired + 1

    def points_in_round(self, player: Player, round_number: int) -> Fraction:
        e = player.entry(round_number)
        return self.scoring.points(e.result, e.colour)

    def score_after(self, player: Player, round_number: int) -> Fraction:
        return sum((self.points_in_round(player, r) for r in range(1, round_number + 1)), Fraction(0))

    def score_mismatches(self) -> list[tuple[Player, Fraction, Fraction]]:
        """Players whose declared points (columns 81-84) match no derived score.

        The declared value is accepted if it equals the score after the last paired
        round or after every recorded round (pre-entered byes included).
        """
        out = []
        for p in self.players:
            if p.points is None:
                continue
            candidates = {self.score_after(p, self.rounds_paired), self.score_after(p, self.rounds_recorded)}
            if p.points not in candidates:
                out.append((p, p.points, self.score_after(p, self.rounds_recorded)))
        return out

    def with_derived_points(self) -> Tournament:
        """This tournament with every player's declared points (columns 81-84) set to
        the score the results give over every recorded round: what a writer should put
        in the file, so that no later reader finds the points stale."""
        from dataclasses import replace

        last = self.rounds_recorded
        return replace(self, players=tuple(replace(p, points=self.score_after(p, last)) for p in self.players))

    # --- derived state ---------------------------------------------------------------

    def check_results_before(self, round_number: int) -> None:
        """Every game of rounds before ``round_number`` must have a result."""
        self._check_results(1, round_number)

    def _check_results(self, first: int, round_number: int) -> None:
        """Every game of rounds ``first .. round_number - 1`` must have a result."""
        for p in self.players:
            for k in range(first, min(round_number, len(p.rounds) + 1)):
                if p.rounds[k - 1].pending:
                    raise InputError(
                        f"round {k}: the game of players {p.id} and {p.rounds[k - 1].opponent} has no result; "
                        f"enter the results of round {k} before working on round {round_number}",
                        field=f"player {p.id}, round {k}",
                    )

    def virtual_points_for(self, round_number: int) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for v in self.virtual_points:
            if v.round == round_number:
                out[v.player] = out.get(v.player, Fraction(0)) + v.points
        return out

    def byes_for(self, round_number: int) -> dict[int, ByeKind]:
        """Players who will not be paired in ``round_number``, and their bye.

        Three sources, as the engines read them: entries already in the round's column
        without an opponent (``0000 - H``), TRF26 ``240`` records, and JaVaFo ``XXZ``
        (stored as zero-point byes for the round that was next when the file was read).
        """
        out: dict[int, ByeKind] = {}
        for b in self.byes:
            if b.round == round_number:
                out[b.player] = b.kind
        pab = set(pab_receivers(self, round_number))
        for p in self.players:
            e = p.entry(round_number)
            if e.opponent is None and not e.is_empty and p.id not in pab:
                out[p.id] = BYE_OF_RESULT[e.result]
        return out

    def prohibited_in(self, round_number: int) -> frozenset[frozenset[int]]:
        pairs = set()
        for rec in self.prohibited:
            if rec.first_round <= round_number <= rec.last_round:
                ids = rec.players
                for i, a in enumerate(ids):
                    for b in ids[i + 1 :]:
                        if a != b:
                            pairs.add(frozenset((a, b)))
        return frozenset(pairs)

    @cached_property
    def _states(self) -> dict[int, RoundState]:
        """The states already worked out, by round (see :meth:`state_before`)."""
        return {}

    @cached_property
    def _carries(self) -> dict[int, _Carry]:
        """What each state worked out leaves for the next round's, by round (never
        handed out: see :class:`_Carry`)."""
        return {}

    def state_before(self, round_number: int | None = None) -> RoundState:
        """The state of every player before ``round_number`` (default: the next round).

        Costs one pass over rounds ``1 .. round_number - 1`` for every player, once per
        tournament and round: the tournament is immutable, so the state is kept and
        handed out again (pairing a round and then checking it read the same state;
        a large open pays the pass once). A :class:`RoundState` is read-only.

        When the state before the round before is known, in this tournament or in one
        this one :meth:`continues`, the state is carried forward from it by that
        round's entries alone (one step per player instead of a pass from round 1), with
        the same values: a tournament read round after round (``check``) or grown round
        after round (``generate``, ``simulate``) pays one pass in all.
        """
        r = self.next_round if round_number is None else round_number
        known = self._states.get(r)
        if known is None:
            carry = self._carries.get(r - 1)
            if carry is not None and self._agrees(carry):
                known, after = self._carried_state(r, carry)
            else:
                known, after = self._state_before(r)
            self._states[r] = known
            self._carries[r] = after
        return known

    def continues(self, previous: Tournament) -> Self:
        """This tournament, told that it continues ``previous``: the same event with
        more of it recorded (the next round's results, byes entered for the round
        after). The state before a round of this tournament is then carried forward
        from the last state ``previous`` worked out, if it is the round before's, instead
        of rebuilt from round 1. Nothing else changes, and the values cannot: the state
        is carried only when the two agree on that state's rounds (every entry), the
        scoring and the virtual points, and rebuilt from round 1 otherwise.
        """
        if previous._carries:
            carry = previous._carries[max(previous._carries)]
            self._carries.setdefault(carry.round, carry)
        return self

    def _agrees(self, carry: _Carry) -> bool:
        """Whether ``carry`` was read from what this tournament records before its
        round: the same players in the same order, the same entries in every round
        before it, the same scoring and virtual points."""
        if len(carry.rows) != len(self.players):
            return False
        if carry.scoring is not self.scoring and carry.scoring != self.scoring:
            return False
        if carry.virtual_points != self.virtual_points:
            return False
        done = carry.round - 1
        for p, state, row in zip(self.players, carry.players, carry.rows):
            if p.id != state.id or (row is not p.rounds and row[:done] != p.rounds[:done]):
                return False
        return True

    def _state_before(self, r: int) -> tuple[RoundState, _Carry]:
        """The state before round ``r`` from round 1, and what it leaves for round
        ``r + 1``."""
        if r < 1:
            raise ValueError(f"round must be 1 or more, got {r}")
        self.check_results_before(r)
        scoring = self.scoring
        # score before each round, per player, with that round's virtual points
        vp_by_round = [self.virtual_points_for(k) for k in range(1, r + 1)]
        # per player, the entries of rounds 1 .. r-1 (empty ones beyond those recorded)
        # and the points of each, read once (a scoring gives the same points to the
        # same result and colour)
        entries: dict[int, list[RoundEntry]] = {}
        points: dict[int, list[Fraction]] = {}
        points_of: dict[tuple[str, str | None], Fraction] = {}
        for p in self.players:
            row = list(p.rounds[: r - 1])
            if len(row) < r - 1:
                row += [EMPTY_ENTRY] * (r - 1 - len(row))
            entries[p.id] = row
            points[p.id] = _points_of(row, scoring, points_of)
        # Fraction arithmetic is slow: the running scores are whole numbers of 1/unit
        # points (unit: the common denominator of every value added), exact all the same
        unit = _common_unit(1, (*points.values(), *(vp.values() for vp in vp_by_round)))
        cumulative: dict[int, list[int]] = {}  # per player, the score before each round, in 1/unit
        for p in self.players:
            s = 0
            seq = []
            for k, x in enumerate(points[p.id]):
                vp = vp_by_round[k].get(p.id)
                seq.append(s if vp is None else s + _units(vp, unit))
                if x:
                    s += _units(x, unit)
            seq.append(s)
            cumulative[p.id] = seq
        scores = [cumulative[p.id][r - 1] for p in self.players]
        histories = [_history(p, None, entries[p.id], points[p.id], cumulative, scoring) for p in self.players]
        return self._round_state(r, histories, scores, unit, vp_by_round[r - 1])

    def _carried_state(self, r: int, carry: _Carry) -> tuple[RoundState, _Carry]:
        """The state before round ``r`` from ``carry`` (the state before round ``r - 1``,
        which :meth:`_agrees` with this tournament) and the entries of round ``r - 1``."""
        q = carry.round
        entries = [p.entry(q) for p in self.players]
        if any(e.result == " " and e.opponent is not None for e in entries):
            self._check_results(q, r)  # a game of round q without result: say which
        scoring = self.scoring
        points_of: dict[tuple[str, str | None], Fraction] = {}
        got = _points_of(entries, scoring, points_of)
        vp = self.virtual_points_for(r)
        unit = _common_unit(carry.unit, (points_of.values(), vp.values()))  # points_of: got's values, once each
        scale = unit // carry.unit
        added = {key: _units(x, unit) for key, x in points_of.items()}  # the points of a result, in 1/unit
        # each player's score before round q with its virtual points, as round q's
        # floats compare them
        cumulative = {s.id: (x * scale,) for s, x in zip(carry.players, carry.pairing)}
        scores = []
        histories = []
        for p, start, e, x, s in zip(self.players, carry.players, entries, got, carry.score):
            scores.append(s * scale + added[e.result, e.colour])
            histories.append(_history(p, start, (e,), (x,), cumulative, scoring))
        return self._round_state(r, histories, scores, unit, vp)

    def _round_state(
        self, r: int, histories: list[_History], scores: list[int], unit: int, vp: dict[int, Fraction]
    ) -> tuple[RoundState, _Carry]:
        """The state before round ``r`` from each player's history and score (in
        1/``unit``) and the round's virtual points ``vp``, and what it leaves for the
        next round."""
        byes = self.byes_for(r)
        fractions: dict[int, Fraction] = {}  # a score's Fraction, made once per value
        preferences: dict[str, ColourPreference] = {}  # likewise a colour history's preference
        pairing = []
        players: dict[int, PlayerState] = {}
        for p, h, s in zip(self.players, histories, scores):
            opponents, colours, f26, f17, had_pab, won_unplayed, won_pab_forfeit, participated, played = h
            extra = vp.get(p.id)
            ps = s if extra is None else s + _units(extra, unit)
            pairing.append(ps)
            preference = preferences.get(colours)
            if preference is None:
                preference = preferences[colours] = colour_preference(colours)
            score = fractions.get(s)
            if score is None:
                score = fractions[s] = Fraction(s, unit)
            pairing_score = fractions.get(ps)
            if pairing_score is None:
                pairing_score = fractions[ps] = Fraction(ps, unit)
            bye = byes.get(p.id)
            # the first four by position, the rest by name (17 keywords would be packed
            # in a dict for the call: tabellone.core.records)
            players[p.id] = _player_state(
                p.id,
                score,
                pairing_score,
                opponents,
                colours=colours,
                preference=preference,
                floats_2026=f26,
                floats_2017=f17,
                had_pab=had_pab,
                won_without_playing=won_unplayed,
                won_pab_or_forfeit=won_pab_forfeit,
                participated=participated,
                games_played=played,
                rounds_unplayed=(r - 1) - played,
                rating=p.rating,
                present=bye is None,
                bye=bye,
            )
        carry = _Carry(
            round=r,
            players=tuple(players.values()),
            rows=tuple(p.rounds for p in self.players),
            unit=unit,
            score=tuple(scores),
            pairing=tuple(pairing),
            scoring=self.scoring,
            virtual_points=self.virtual_points,
        )
        return RoundState(r, self.total_rounds, players, self.prohibited_in(r)), carry


#: What a player's rounds so far give, scores aside: the :class:`PlayerState` fields
#: ``opponents, colours, floats_2026, floats_2017, had_pab, won_without_playing,
#: won_pab_or_forfeit, participated, games_played``.
_History = tuple[frozenset[int], str, tuple[Float | None, ...], tuple[Float | None, ...], bool, bool, bool, bool, int]


@dataclass(frozen=True, slots=True)
class _Carry:
    """What the state before round ``round`` leaves for the state before the next
    (:meth:`Tournament.state_before`). A tournament keeps it and never hands it out:
    its player states are those the round's :class:`RoundState` hands out, which are
    immutable, and its tuples are its own, so nothing a caller does with a
    :class:`RoundState` (replacing or deleting a player in its mapping) reaches a later
    round.

    ``rows`` are the players' recorded rounds it was read from (rounds
    ``1 .. round - 1`` count), ``scoring`` and ``virtual_points`` the records it was
    scored with: another tournament carries it forward only when its own agree.
    """

    round: int
    players: tuple[PlayerState, ...]  # in the tournament's order (their present and bye are the round's)
    rows: tuple[tuple[RoundEntry, ...], ...]
    unit: int  # the scores below are whole numbers of 1/unit points
    score: tuple[int, ...]  # before round ``round``
    pairing: tuple[int, ...]  # the same with round ``round``'s virtual points (what its floats compare)
    scoring: Scoring
    virtual_points: tuple[VirtualPoints, ...]


def _points_of(
    row: Iterable[RoundEntry], scoring: Scoring, memo: dict[tuple[str, str | None], Fraction]
) -> list[Fraction]:
    """The points of each entry of ``row`` (``memo``: the points by result and colour)."""
    got = []
    for e in row:
        key = (e.result, e.colour)
        value = memo.get(key)
        if value is None:
            value = memo[key] = scoring.points(e.result, e.colour)
        got.append(value)
    return got


def _common_unit(unit: int, groups: Iterable[Iterable[Fraction]]) -> int:
    """The least multiple of ``unit`` that every value of ``groups`` is a whole number of
    1/unit of."""
    for values in groups:
        for x in values:
            d = x.denominator
            if unit % d:
                unit = unit * d // gcd(unit, d)
    return unit


def _units(x: Fraction, unit: int) -> int:
    """``x`` as a whole number of 1/``unit`` (``unit`` a multiple of its denominator)."""
    return x.numerator * (unit // x.denominator)


def _history(
    p: Player,
    start: PlayerState | None,
    entries: Iterable[RoundEntry],
    got: Iterable[Fraction],
    cumulative: Mapping[int, Sequence[int]],
    scoring: Scoring,
) -> _History:
    """A player's history after ``entries``, the rounds that follow ``start`` (the
    history before the first of them; ``None`` when they start at round 1), which scored
    ``got``. ``cumulative[id][k]`` is a player's score before the round of
    ``entries[k]`` with that round's virtual points, in any common unit (a player missing
    from it: no float against them)."""
    # what the entries add, joined to the start's at the end (a carried round adds one
    # entry to histories that stay as they are)
    met: list[int] = []
    colours: list[str] = []
    f26: list[Float | None] = []
    f17: list[Float | None] = []
    if start is None:
        had_pab = won_unplayed = won_pab_forfeit = participated = False
        played = 0
    else:
        had_pab, won_unplayed = start.had_pab, start.won_without_playing
        won_pab_forfeit, participated = start.won_pab_or_forfeit, start.participated
        played = start.games_played
    win, loss = scoring.win, scoring.loss
    before = cumulative[p.id]
    for k, (e, pts) in enumerate(zip(entries, got)):
        # RoundEntry's is_game, played and kind, read here without the calls
        opponent, result = e.opponent, e.result
        if (opponent is not None and result in GAME_CODES) or result in "U+":
            participated = True
        if opponent is not None and result in PLAYED_CODES:
            played += 1
            met.append(opponent)
            if e.colour in (WHITE, BLACK):
                colours.append(e.colour)
            mine = before[k]
            theirs = cumulative.get(opponent, before)[k]
            fl = _DOWN if mine > theirs else _UP if mine < theirs else None
            f26.append(fl)
            f17.append(fl)
            continue
        if result == "U":
            had_pab = True
        if pts >= win and RESULT_KINDS[result] is not Kind.ZERO_BYE:
            won_unplayed = True
            if result in "U+":
                won_pab_forfeit = True
        f26.append(_DOWN if result == "U" or pts > loss else None)
        f17.append(_DOWN)
    if start is None:
        opponents, colour_history = frozenset(met), "".join(colours)
        floats_2026, floats_2017 = tuple(f26), tuple(f17)
    else:
        opponents = start.opponents.union(met) if met else start.opponents
        colour_history = start.colours + "".join(colours) if colours else start.colours
        floats_2026, floats_2017 = start.floats_2026 + tuple(f26), start.floats_2017 + tuple(f17)
    return (
        opponents,
        colour_history,
        floats_2026,
        floats_2017,
        had_pab,
        won_unplayed,
        won_pab_forfeit,
        participated,
        played,
    )


#: The bye an entry without opponent stands for. Besides the TRF codes H, F, Z, some
#: programs (SwissMaster) write '0000 - =' for a half-point bye, '0000 - +' for a
#: full-point one and '0000 - -' for an absence.
BYE_OF_RESULT = {
    "H": ByeKind.HALF,
    "=": ByeKind.HALF,
    "D": ByeKind.HALF,
    "F": ByeKind.FULL,
    "+": ByeKind.FULL,
    "1": ByeKind.FULL,
    "W": ByeKind.FULL,
    "U": ByeKind.FULL,
    "Z": ByeKind.ZERO,
    "-": ByeKind.ZERO,
    "0": ByeKind.ZERO,
    "L": ByeKind.ZERO,
    " ": ByeKind.ZERO,
}


def is_team_event(t: object) -> bool:
    """Whether ``t`` is a team event (:class:`tabellone.core.team.TeamTournament`), asked
    without loading the team model: a team event exists only once its module is loaded,
    so a command on an individual event never pays for that module."""
    team = sys.modules.get("tabellone.core.team")
    return team is not None and isinstance(t, team.TeamTournament)


def named(t: Tournament | None, pid: int) -> str:
    """A player as every message names one: the number, then the name the file gives
    ("38 (Rossi, Mario)"), or the number alone when the file gives none (or no
    tournament is at hand, or the number is not in it).

    >>> t = Tournament(players=(Player(38, "Rossi, Mario"), Player(7, "")))
    >>> named(t, 38), named(t, 7), named(t, 99), named(None, 38)
    ('38 (Rossi, Mario)', '7', '99', '38')
    """
    try:
        name = t.player(pid).name.strip() if t is not None else ""
    except (KeyError, IndexError, AttributeError):
        return str(pid)
    return f"{pid} ({name})" if name else str(pid)


def named_list(t: Tournament | None, pids: Iterable[int]) -> str:
    """Players as messages list them, named (:func:`named`), joined by commas."""
    return ", ".join(named(t, p) for p in pids)


def pab_receivers(t: Tournament, round_number: int) -> list[int]:
    """Who had the pairing-allocated bye in a round: the 'U' entries; failing any, a
    single '0000 - +' entry in a round that left one player unpaired (the way some
    programs write the PAB: bbpPairings scores it as one)."""
    entries = [(p.id, p.entry(round_number)) for p in t.players]
    u = [pid for pid, e in entries if e.result == "U" and e.opponent is None]
    if u:
        return u
    plus = [pid for pid, e in entries if e.opponent is None and e.result == "+"]
    if len(plus) == 1:
        in_games = sum(1 for _, e in entries if e.is_game or e.pending)
        free = [pid for pid, e in entries if e.is_empty]
        if not free and in_games % 2 == 0:
            return plus
    return []


def pairs_of_round(t: Tournament, round_number: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The games of a recorded round as ``(white, black)`` pairs, and PAB receivers.

    Forfeited games and games still without a result are included (they were paired).
    Pairs are listed in the order of the lower player id. A game with no colour recorded
    is given as (lower, higher).
    """
    pairs = []
    pab = pab_receivers(t, round_number)
    for p in t.players:
        e = p.entry(round_number)
        if not (e.is_game or e.pending) or e.opponent is None:
            continue
        if e.colour == WHITE or (e.colour != BLACK and p.id < e.opponent):
            pairs.append((p.id, e.opponent))
    pairs.sort(key=lambda wb: min(wb))
    return pairs, pab
