"""Random tournaments: players, byes and results drawn from a seed, pairings by any engine.

The generator knows no pairing system. It draws a field of rated players, and for each
round draws who is absent or takes a half-point bye, asks a *pairer* for the pairing, and
draws every game's result from the players' ratings. The same settings and the same
pairer give the same :class:`~tabellone.core.model.Tournament`, bit for bit: every draw comes
from one ``random.Random(seed)``, never from the global generator.

This is what FIDE calls a Random Tournament Generator (RTG): a tool that makes many
simulated tournaments for a pairings checker to verify (FIDE Handbook C.04.A, Annex A.5,
"Random Tournament Generator"; since 1 March 2026 C.02.03 Art. 7, which asks that
simulated results roughly follow the players' rating difference).

Result model
------------
Results follow Otto Milvang, *Probability for the outcome of a chess game based on
rating* (Oslo, 12 January 2015), fitted on 3,912,831 FIDE-rated games, as summarised in
``docs/research/random-tournament-generator.md`` of the public repository
MarkDechamps/fide-swiss-pairing-engine. With White rated ``Wr`` and Black ``Br``:

* mean rating ``Rm = (Wr + Br) / 2``, rating difference ``Rd = Wr - Br``;
* strength factor ``q = (Rm - 1200) / 1200`` when ``Rm > 1200``, else ``q = 0``.

White's win probability ``Pw`` rises with ``Rd`` along two quadratic arcs. It is 0 up to
a lower limit ``WLL``, climbs to a centre value ``WCV`` at the centre ``WCL``, then bends
up to 1 at the upper limit ``WUL``, and stays 1 beyond::

    WCL = 40            WCV = 0.45 - 0.10 q^2
    WLL = -1492 + 0.391 Rm          WUL = 1691 - 0.428 Rm

    Pw = WCV ((Rd - WLL) / (WCL - WLL))^2              for WLL <= Rd <= WCL
    Pw = 1 - (1 - WCV) ((Rd - WUL) / (WCL - WUL))^2    for WCL <= Rd <= WUL

Black's win probability ``Pb`` is the same curve seen from Black's side (``-Rd``): 1 up
to ``BLL``, down to ``BCV`` at ``BCL``, down to 0 at ``BUL``::

    BCL = -80           BCV = 0.46 - 0.13 q^2
    BLL = -1753 + 0.416 Rm          BUL = 1428 - 0.388 Rm

    Pb = 1 - (1 - BCV) ((Rd - BLL) / (BCL - BLL))^2    for BLL <= Rd <= BCL
    Pb = BCV ((Rd - BUL) / (BCL - BUL))^2              for BCL <= Rd <= BUL

and a draw takes the rest, ``Pd = 1 - Pw - Pb``. Worked example from the paper: White
2467 against Black 2344 gives ``Pw = 0.511``, ``Pd = 0.351``, ``Pb = 0.138``.

The curves are a fit: they give a valid distribution (each value in [0, 1], ``Pw`` rising
and ``Pb`` falling with ``Rd``) for mean ratings up to about 3450, far beyond real
ratings. Past that the values are clamped to [0, 1] and, if need be, the two win
probabilities scaled so that they sum to at most 1.

Other generators use other formulas: JaVaFo's RTG follows "the standard FIDE rating
curve", bbpPairings draws from a normal expected score and a fixed draw percentage, and
Milvang's own Gacrux generator (2025) uses a pair of logistic curves. A pairings checker
must accept any of them; this module follows the 2015 paper by default, and
:mod:`tabellone.generate.result_models` holds the other two as *result models*: any object with a
``probabilities(white_rating, black_rating) -> (p_white_win, p_draw, p_black_win)``
method, passed as ``GeneratorSettings.model``.

Pairers
-------
A pairer is any callable ``pairer(t) -> (pairs, pab)``. ``t`` is the tournament as it
stands before the round to pair (``t.next_round``), with that round's byes and absences
already entered in the round's column as ``RoundEntry(None, None, 'H' | 'Z')``. It
returns the games as ``(white, black)`` id pairs and the id of the player given the
pairing-allocated bye, or ``None``. Every player without a bye must be in exactly one
game or be the bye's receiver.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Protocol

from tabellone.core.errors import InputError, SelfCheckError
from tabellone.core.model import BLACK, WHITE, HeaderRecord, Player, RoundEntry, Tournament
from tabellone.core.records import builder
from tabellone.core.scoring import Scoring

#: The largest start rank and the largest rating a TRF player record has columns for.
MAX_PLAYERS = 9999
MAX_RATING = 9999


# --------------------------------------------------------------------------------------
# result model


class ResultModel(Protocol):
    """What a result model offers: the outcome probabilities of one game from the two
    ratings (see :mod:`tabellone.generate.result_models` for bbpPairings' and Gacrux's)."""

    name: str

    def probabilities(self, white_rating: float, black_rating: float) -> tuple[float, float, float]:
        """``(p_white_win, p_draw, p_black_win)``, summing to 1."""
        ...


@dataclass(frozen=True)
class Contestant:
    """One side of a game, as a result model that looks beyond two ratings sees it:
    the player's id, the rating the pairing saw, and the strength the results follow
    (the same number unless a simulation adds rating noise)."""

    id: int
    rating: float
    strength: float


class _GameAt:
    """A model with ``outcome(white, black, round)`` bound to one game, offered to
    :func:`draw_game` as a two-rating model (see :mod:`tabellone.generate.result_models`)."""

    def __init__(self, model, white: Contestant, black: Contestant, round_number: int) -> None:
        self.model, self.white, self.black, self.round = model, white, black, round_number
        self.name = model.name

    def probabilities(self, white_rating: float, black_rating: float) -> tuple[float, float, float]:
        return self.model.outcome(self.white, self.black, self.round)


@dataclass(frozen=True)
class MilvangParameters:
    """Coefficients of Milvang's 2015 result model (see the module docstring).

    Each limit is ``intercept + slope * Rm``; each centre value is
    ``base - q2 * q**2`` with ``q = (Rm - q_origin) / q_scale`` above ``q_origin``.
    """

    q_origin: float = 1200.0
    q_scale: float = 1200.0
    # White's win curve
    white_centre: float = 40.0
    white_centre_base: float = 0.45
    white_centre_q2: float = 0.10
    white_lower_intercept: float = -1492.0
    white_lower_slope: float = 0.391
    white_upper_intercept: float = 1691.0
    white_upper_slope: float = -0.428
    # Black's win curve
    black_centre: float = -80.0
    black_centre_base: float = 0.46
    black_centre_q2: float = 0.13
    black_lower_intercept: float = -1753.0
    black_lower_slope: float = 0.416
    black_upper_intercept: float = 1428.0
    black_upper_slope: float = -0.388


#: The parameters published in the 2015 paper.
MILVANG_2015 = MilvangParameters()


def _s_curve(x: float, low: float, centre: float, high: float, centre_value: float) -> float:
    """0 up to ``low``, a quadratic arc up to ``centre_value`` at ``centre``, another
    arc up to 1 at ``high``, 1 beyond."""
    if x <= low:
        return 0.0
    if x >= high:
        return 1.0
    if x <= centre:
        return centre_value * ((x - low) / (centre - low)) ** 2
    return 1.0 - (1.0 - centre_value) * ((high - x) / (high - centre)) ** 2


def _check_rate(name: str, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value) or not 0.0 <= value <= 1.0:
        raise InputError(f"must be a number from 0 to 1, got {value!r}", field=name)


def result_probabilities(
    white_rating: float,
    black_rating: float,
    *,
    params: MilvangParameters = MILVANG_2015,
    draw_rate: float | None = None,
) -> tuple[float, float, float]:
    """``(p_white_win, p_draw, p_black_win)`` for one game, by Milvang's model.

    ``draw_rate`` replaces the model's draw probability: the draw share becomes
    ``draw_rate`` and the rest is split between the two wins in the model's proportion
    (an even split when the model gives no decisive result at all).

    >>> [round(p, 3) for p in result_probabilities(2467, 2344)]
    [0.511, 0.351, 0.138]
    """
    mean = (white_rating + black_rating) / 2.0
    diff = float(white_rating - black_rating)
    q = (mean - params.q_origin) / params.q_scale if mean > params.q_origin else 0.0
    q2 = q * q
    p_white = _s_curve(
        diff,
        params.white_lower_intercept + params.white_lower_slope * mean,
        params.white_centre,
        params.white_upper_intercept + params.white_upper_slope * mean,
        params.white_centre_base - params.white_centre_q2 * q2,
    )
    # Black's curve is White's seen from the other side: mirror the difference.
    p_black = _s_curve(
        -diff,
        -(params.black_upper_intercept + params.black_upper_slope * mean),
        -params.black_centre,
        -(params.black_lower_intercept + params.black_lower_slope * mean),
        params.black_centre_base - params.black_centre_q2 * q2,
    )
    # Outside the fitted range (mean rating above about 3450) keep a distribution.
    return as_distribution(p_white, p_black, draw_rate)


def as_distribution(p_white: float, p_black: float, draw_rate: float | None = None) -> tuple[float, float, float]:
    """``(p_white, p_draw, p_black)`` from two win probabilities: each clamped to [0, 1],
    both scaled down if they sum above 1, the draw taking the rest. With ``draw_rate``
    the draw share is that number and the wins split the rest in their proportion (an
    even split when both are 0).

    >>> as_distribution(0.7, 0.5)
    (0.5833333333333334, 0.0, 0.4166666666666667)
    >>> [round(p, 3) for p in as_distribution(0.3, 0.1, draw_rate=0.6)]
    [0.3, 0.6, 0.1]
    """
    p_white = min(max(p_white, 0.0), 1.0)
    p_black = min(max(p_black, 0.0), 1.0)
    decisive = p_white + p_black
    if decisive > 1.0:
        p_white, p_black = p_white / decisive, p_black / decisive
        decisive = 1.0
    if draw_rate is not None:
        _check_rate("draw_rate", draw_rate)
        share = 1.0 - draw_rate
        if decisive > 0.0:
            p_white, p_black = share * p_white / decisive, share * p_black / decisive
        else:
            p_white = p_black = share / 2.0
        return p_white, float(draw_rate), p_black
    return p_white, 1.0 - decisive, p_black


#: Result codes of (White, Black) for each outcome.
WHITE_WINS = ("1", "0")
DRAW = ("=", "=")
BLACK_WINS = ("0", "1")
WHITE_WINS_BY_FORFEIT = ("+", "-")
BLACK_WINS_BY_FORFEIT = ("-", "+")


def game_probabilities(
    white_rating: float,
    black_rating: float,
    *,
    model: ResultModel | None = None,
    params: MilvangParameters = MILVANG_2015,
    draw_rate: float | None = None,
) -> tuple[float, float, float]:
    """``(p_white_win, p_draw, p_black_win)`` by ``model`` (Milvang 2015 with ``params``
    when ``None``), the draw share replaced by ``draw_rate`` when given."""
    if model is None:
        return result_probabilities(white_rating, black_rating, params=params, draw_rate=draw_rate)
    p_white, p_draw, p_black = model.probabilities(white_rating, black_rating)
    if draw_rate is None:
        return p_white, p_draw, p_black
    return as_distribution(p_white, p_black, draw_rate)


def draw_game(
    rng: random.Random,
    white_rating: float,
    black_rating: float,
    *,
    params: MilvangParameters = MILVANG_2015,
    draw_rate: float | None = None,
    forfeit_rate: float = 0.0,
    model: ResultModel | None = None,
    low_side: str = WHITE,
) -> tuple[str, str]:
    """Result codes ``(white, black)`` of one game drawn from ``rng``.

    Two numbers are drawn for every game, whatever the outcome, so that the rest of a
    seeded stream does not depend on which games were forfeited: the first decides a
    forfeit (probability ``forfeit_rate``), the second the result, or for a forfeit
    which side did not appear (either with probability 1/2).

    ``low_side`` is the side whose win the low values of the second number mean:
    White by default (``u < p_white``: White wins; then a draw; then Black wins);
    ``'b'`` reads the same number from Black's side. Reading a game's number from the
    side of a fixed player (say the lower id) makes two games between the same players
    end alike, whatever their colours, as often as the model allows: what a paired
    comparison of pairing systems on one stream of results needs.
    """
    forfeit_draw = rng.random()
    result_draw = rng.random()
    if forfeit_draw < forfeit_rate:
        return WHITE_WINS_BY_FORFEIT if result_draw < 0.5 else BLACK_WINS_BY_FORFEIT
    p_white, p_draw, p_black = game_probabilities(
        white_rating, black_rating, model=model, params=params, draw_rate=draw_rate
    )
    if low_side == BLACK:
        if result_draw < p_black:
            return BLACK_WINS
        return DRAW if result_draw < p_black + p_draw else WHITE_WINS
    if result_draw < p_white:
        return WHITE_WINS
    if result_draw < p_white + p_draw:
        return DRAW
    return BLACK_WINS


# --------------------------------------------------------------------------------------
# settings


@dataclass(frozen=True)
class GeneratorSettings:
    """What to generate. Rates are probabilities per player and round (byes) or per game
    (forfeits).

    * ``draw_rate``: ``None`` keeps the model's draw probability; a number replaces it
      for every game (the wins share the rest in the model's proportion).
    * ``absence_rate``: a player does not come to a round: a zero-point bye (``Z``),
      entered before the round is paired.
    * ``half_bye_rate``: a player asks for a half-point bye (``H``), entered likewise.
      Absence and half-point bye are drawn together, so their sum must not exceed 1.
    * ``forfeit_rate``: a paired game is not played; one side, drawn at random, wins by
      forfeit (``+``/``-``, colours kept).
    * ``rating_low``, ``rating_high``: ratings are drawn uniformly from these, inclusive.
    * ``scoring``: the point system written to the tournament and used for its points.
    * ``params``: the coefficients of Milvang's model.
    * ``model``: another result model (:mod:`tabellone.generate.result_models`); ``None`` is
      Milvang's with ``params``.
    * ``initial_colour``: the top player's colour in round 1, ``'w'`` or ``'b'``;
      ``None`` draws it from the seed.
    * ``system``: a TRF26 ``192`` system code to record, if any.
    """

    players: int
    rounds: int
    seed: int
    draw_rate: float | None = None
    forfeit_rate: float = 0.0
    absence_rate: float = 0.0
    half_bye_rate: float = 0.0
    rating_high: int = 2600
    rating_low: int = 1400
    scoring: Scoring = field(default_factory=Scoring)
    params: MilvangParameters = MILVANG_2015
    initial_colour: str | None = None
    system: str | None = None
    model: ResultModel | None = None

    def validate(self) -> None:
        """Raise :class:`~tabellone.core.errors.InputError` naming the first bad setting."""

        def whole(name: str, value: object, low: int, high: int) -> None:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise InputError(f"must be a whole number from {low} to {high}, got {value!r}", field=name)

        whole("players", self.players, 2, MAX_PLAYERS)
        whole("rounds", self.rounds, 1, MAX_PLAYERS)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise InputError(f"must be a whole number, got {self.seed!r}", field="seed")
        if self.draw_rate is not None:
            _check_rate("draw_rate", self.draw_rate)
        _check_rate("forfeit_rate", self.forfeit_rate)
        _check_rate("absence_rate", self.absence_rate)
        _check_rate("half_bye_rate", self.half_bye_rate)
        if self.absence_rate + self.half_bye_rate > 1.0:
            raise InputError(
                f"must not exceed 1, got {self.absence_rate} + {self.half_bye_rate}",
                field="absence_rate + half_bye_rate",
            )
        whole("rating_low", self.rating_low, 0, MAX_RATING)
        whole("rating_high", self.rating_high, 0, MAX_RATING)
        if self.rating_low > self.rating_high:
            raise InputError(
                f"must not exceed rating_high ({self.rating_high}), got {self.rating_low}", field="rating_low"
            )
        if self.initial_colour not in (None, WHITE, BLACK):
            raise InputError(f"must be 'w', 'b' or None, got {self.initial_colour!r}", field="initial_colour")
        if not isinstance(self.scoring, Scoring):
            raise InputError(f"must be a Scoring, got {self.scoring!r}", field="scoring")
        if not isinstance(self.params, MilvangParameters):
            raise InputError(f"must be MilvangParameters, got {self.params!r}", field="params")
        if self.model is not None and not (
            callable(getattr(self.model, "probabilities", None)) or callable(getattr(self.model, "outcome", None))
        ):
            raise InputError(
                f"must be a result model with an outcome or a probabilities method, got {self.model!r}", field="model"
            )


# --------------------------------------------------------------------------------------
# generation

Pairing = tuple[list[tuple[int, int]], int | None]
Pairer = Callable[[Tournament], Pairing]


def _draw_players(settings: GeneratorSettings, rng: random.Random) -> list[Player]:
    """Ratings in draw order, named 'Player 0001'...; ids by descending rating, ties by
    name."""
    drawn = [
        (rng.randint(settings.rating_low, settings.rating_high), f"Player {k:04d}")
        for k in range(1, settings.players + 1)
    ]
    drawn.sort(key=lambda rn: (-rn[0], rn[1]))
    return [Player(id=i, name=name, rating=rating) for i, (rating, name) in enumerate(drawn, start=1)]


def _draw_byes(settings: GeneratorSettings, rng: random.Random, ids: list[int]) -> dict[int, str]:
    """Who takes a bye this round: one number per player, in id order.

    If every player drew a bye, one of them (drawn at random) plays after all: a round
    with neither a game nor a pairing-allocated bye would read, in a file, as a round not
    yet paired.
    """
    byes: dict[int, str] = {}
    for pid in ids:
        u = rng.random()
        if u < settings.absence_rate:
            byes[pid] = "Z"
        elif u < settings.absence_rate + settings.half_bye_rate:
            byes[pid] = "H"
    if len(byes) == len(ids):
        del byes[ids[rng.randrange(len(ids))]]
    return byes


def _check_pairing(round_number: int, result: object, present: set[int], known: set[int]) -> Pairing:
    """The pairer's answer, checked: every present player once, nobody else."""
    where = f"pairer, round {round_number}"
    if not (isinstance(result, (tuple, list)) and len(result) == 2):
        raise SelfCheckError(f"{where}: expected (pairs, pab), got {result!r}")
    pairs_in, pab = result
    pairs: list[tuple[int, int]] = []
    seen: set[int] = set()

    def take(pid: object) -> None:
        if isinstance(pid, bool) or not isinstance(pid, int) or pid not in known:
            raise SelfCheckError(f"{where}: {pid!r} is not a player id")
        if pid not in present:
            raise SelfCheckError(f"{where}: player {pid} has a bye or is absent but was paired")
        if pid in seen:
            raise SelfCheckError(f"{where}: player {pid} is paired twice")
        seen.add(pid)

    for pair in pairs_in:
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2):
            raise SelfCheckError(f"{where}: expected a (white, black) pair, got {pair!r}")
        white, black = pair
        take(white)
        take(black)
        pairs.append((white, black))
    if pab is not None:
        take(pab)
    missing = sorted(present - seen)
    if missing:
        raise SelfCheckError(f"{where}: players {missing} are present but neither paired nor given the bye")
    return pairs, pab


#: A stream of random numbers for one game: ``game_stream(low_id, high_id, meeting)``.
GameStream = Callable[[int, int, int], random.Random]


def _check_field(settings: GeneratorSettings, field: Sequence[Player]) -> list[Player]:
    """A field given by the caller: ``settings.players`` players, ids 1..n in order."""
    players = list(field)
    if len(players) != settings.players:
        raise InputError(f"the field has {len(players)} players, the settings say {settings.players}", field="field")
    for k, p in enumerate(players, start=1):
        if not isinstance(p, Player) or p.id != k or p.rounds:
            raise InputError(
                f"player {k} of the field must be a Player with id {k} and no rounds, got {p!r}", field="field"
            )
    return players


class _RunningPoints:
    """Each player's points so far under ``scoring``, added round by round as whole
    numbers of 1/``unit`` points (``Fraction`` sums are slow; the values are exact all
    the same): ``unit`` grows to the common denominator of every value added."""

    def __init__(self, scoring: Scoring, ids: Sequence[int]) -> None:
        self.scoring = scoring
        self.unit = 1
        self.total = dict.fromkeys(ids, 0)
        self.scored: dict[tuple[str, str | None], Fraction] = {}  # points by result and colour
        self.fractions: dict[int, Fraction] = {}  # a total's Fraction, made once per value

    def add(self, pid: int, e: RoundEntry) -> None:
        key = (e.result, e.colour)
        x = self.scored.get(key)
        if x is None:
            x = self.scored[key] = self.scoring.points(e.result, e.colour)
            if self.unit % x.denominator:
                scale = x.denominator // math.gcd(self.unit, x.denominator)
                self.unit *= scale
                self.total = {k: v * scale for k, v in self.total.items()}
                self.fractions = {}
        if x:
            self.total[pid] += x.numerator * (self.unit // x.denominator)

    def points(self, pid: int) -> Fraction:
        s = self.total[pid]
        value = self.fractions.get(s)
        if value is None:
            value = self.fractions[s] = Fraction(s, self.unit)
        return value


#: A :class:`Player` from all its fields, at half the frozen ``__init__``'s cost (a
#: snapshot makes one per player and round).
_player = builder(Player)


def _snapshot(base: Tournament, entries: Mapping[int, list[RoundEntry]], running: _RunningPoints) -> Tournament:
    """The event so far: ``base`` with each player's ``entries`` and points."""
    points = running.points
    return replace(
        base,
        players=tuple(
            _player(
                id=p.id,
                name=p.name,
                rounds=tuple(entries[p.id]),
                sex=p.sex,
                title=p.title,
                rating=p.rating,
                federation=p.federation,
                fide_id=p.fide_id,
                birth_date=p.birth_date,
                points=points(p.id),
                rank=p.rank,
            )
            for p in base.players
        ),
    )


def generate(
    settings: GeneratorSettings,
    pairer: Pairer,
    *,
    total_rounds: int | None = None,
    field: Sequence[Player] | None = None,
    strength: Mapping[int, float] | None = None,
    game_stream: GameStream | None = None,
) -> Tournament:
    """Generate ``settings.rounds`` rounds of a random tournament paired by ``pairer``.

    ``total_rounds`` is the number of rounds the tournament declares (TRF ``XXR`` /
    ``142``); by default ``settings.rounds``. A larger value gives a tournament cut
    before its end, ready for the next round to be paired.

    Draws, all from ``random.Random(settings.seed)`` and in this order: the ratings, the
    initial colour (unless set), then round by round the byes (one number per player in
    id order) and the results (two numbers per game, in the pairer's order). Each
    player's ``points`` is the final score under ``settings.scoring``.

    For simulations that compare pairing systems on the same events
    (:mod:`tabellone.simulate`):

    * ``field``: the players (ids 1..n, ratings as the pairing reads them) instead of
      drawn ones; no rating is then drawn.
    * ``strength``: the rating each player's results are drawn from, by id (default:
      the player's rating): a player's true strength may differ from the rating the
      pairing sees.
    * ``game_stream``: each game's two numbers come from
      ``game_stream(low_id, high_id, meeting)`` (``meeting`` is 1 for the first game of
      the two, 2 for a rematch ...), read from the lower id's side (see
      :func:`draw_game`), not from the main stream. The main stream then holds only the
      initial colour and the byes, so it is the same whoever is paired with whom, and
      the same two players meeting under two pairing systems get the same result as
      often as their colours allow.
    """
    settings.validate()
    if total_rounds is None:
        total_rounds = settings.rounds
    elif isinstance(total_rounds, bool) or not isinstance(total_rounds, int) or total_rounds < settings.rounds:
        raise InputError(
            f"must be a whole number no smaller than rounds ({settings.rounds}), got {total_rounds!r}",
            field="total_rounds",
        )
    rng = random.Random(settings.seed)
    players = _draw_players(settings, rng) if field is None else _check_field(settings, field)
    initial_colour = settings.initial_colour or (WHITE if rng.random() < 0.5 else BLACK)
    base = Tournament(
        players=tuple(players),
        total_rounds=total_rounds,
        initial_colour=initial_colour,
        scoring=settings.scoring,
        system=settings.system,
        headers=(HeaderRecord("012", f"Tabellone random tournament, seed {settings.seed}"),),
    )
    ids = [p.id for p in players]
    known = set(ids)
    rating = {p.id: (p.rating if strength is None else strength[p.id]) for p in players}
    contestant = {p.id: Contestant(p.id, p.rating, rating[p.id]) for p in players}
    entries: dict[int, list[RoundEntry]] = {pid: [] for pid in ids}
    meetings: dict[tuple[int, int], int] = {}

    # each player's points after the rounds finished so far, kept as the rounds end
    # (one pass per round instead of re-adding every round of every player)
    running = _RunningPoints(settings.scoring, ids)

    t = base
    for r in range(1, settings.rounds + 1):
        byes = _draw_byes(settings, rng, ids)
        for pid, code in byes.items():
            entries[pid].append(RoundEntry(None, None, code))
        # Declared points: the score after the last paired round, as a file written
        # before pairing round r would give it. The state before the round is carried
        # forward from the last round's (the entries before it are the same objects).
        t = _snapshot(base, entries, running).continues(t)  # points through round r - 1
        if t.next_round != r:  # pragma: no cover - guarded by _draw_byes
            raise SelfCheckError(f"round {r}: the tournament reads as before round {t.next_round}")
        pairs, pab = _check_pairing(r, pairer(t), known - set(byes), known)
        for white, black in pairs:
            game_rng, low_side = rng, WHITE
            if game_stream is not None:
                key = (min(white, black), max(white, black))
                meetings[key] = meetings.get(key, 0) + 1
                game_rng = game_stream(key[0], key[1], meetings[key])
                low_side = WHITE if white < black else BLACK
            model = settings.model
            if model is not None and callable(getattr(model, "outcome", None)):
                model = _GameAt(model, contestant[white], contestant[black], r)
            w_code, b_code = draw_game(
                game_rng,
                rating[white],
                rating[black],
                params=settings.params,
                draw_rate=settings.draw_rate,
                forfeit_rate=settings.forfeit_rate,
                model=model,
                low_side=low_side,
            )
            entries[white].append(RoundEntry(black, WHITE, w_code))
            entries[black].append(RoundEntry(white, BLACK, b_code))
        if pab is not None:
            entries[pab].append(RoundEntry(None, None, "U"))
        for pid in ids:
            running.add(pid, entries[pid][r - 1])
    return _snapshot(base, entries, running).continues(t)


__all__ = [
    "Contestant",
    "GameStream",
    "GeneratorSettings",
    "MILVANG_2015",
    "MilvangParameters",
    "Pairer",
    "ResultModel",
    "as_distribution",
    "draw_game",
    "game_probabilities",
    "generate",
    "result_probabilities",
]
