"""Result models: how likely White wins, draws or loses one game, from the two ratings.

A random tournament generator (:mod:`tabellone.generate.tournament`) draws every game's result from a
*result model*: an object with a ``name`` and a method
``probabilities(white_rating, black_rating) -> (p_white_win, p_draw, p_black_win)``.
Three are offered, the ones the public random tournament generators use:

``milvang2015`` (:class:`Milvang2015`)
    Otto Milvang's 2015 fit on 3.9 million FIDE-rated games: two quadratic arcs per
    side, a draw share that depends on the mean rating, and a White advantage. The
    formulas live with the generator (:func:`tabellone.generate.tournament.result_probabilities`).

``bbp`` (:class:`BbpModel`)
    The model of bbpPairings' random tournament generator (``--model`` / ``-g``;
    ``src/tournament/generator.cpp`` of BieremaBoyzProgramming/bbpPairings, read at
    v6): colour-blind, a normal expected score and a fixed draw percentage. For a
    rating difference ``D >= 0`` between the stronger and the weaker player, the
    stronger player's expected score is ``E = Phi(D * 7 / 2000) = Phi(D / 285.7)``
    (bbp writes it ``erfc(-D * 7 / (2000 sqrt 2)) / 2``), the draw probability is
    ``d = min(p, 2 - 2E)`` for the configured draw share ``p``, the stronger player
    wins with probability ``E - d/2`` and loses with ``1 - E - d/2``, so that the
    expected score is exactly ``E``. On equal ratings bbp counts White as the
    stronger, which changes nothing: the model is symmetric. bbp's generator takes the
    draw percentage from its configuration and, when none is given, draws it
    uniformly from 10-50 %; here it is a parameter, 30 % (the middle of that range)
    unless set.

``gacrux2025`` (:class:`Gacrux2025`)
    The model of FIDE's Gacrux tournament generator by Otto Milvang (2025; the
    ``drawresult`` module of OttoMilvang/TieBreakServer, ``gacrux/drawresult.py``):
    two logistic curves in base 10 with scale 370, whose centres move with the mean
    rating ``Rm = (Rw + Rb) / 2``::

        w  =   96   + 0.0986 (Rm - 2000)        White's handicap
        b  = -150   - 0.157  (Rm - 2000)        Black's handicap
        Pw = 1 / (1 + 10 ** ((Rb - Rw + w) / 370))
        Pb = 1 / (1 + 10 ** ((Rw - Rb - b) / 370))
        Pd = 1 - Pw - Pb

    At equal ratings of 2000: White wins 0.355, Black 0.282, a draw 0.363. The draw
    share grows with the mean rating. Below a mean rating of about 1038 the two curves
    overlap (``Pw + Pb > 1``); the source does not guard it, here the two wins are then
    scaled to sum to 1 (no draw) by :func:`tabellone.generate.tournament.as_distribution`.

All three return exact floats; none draws a number: drawing is the generator's job
(:func:`tabellone.generate.tournament.draw_game`).

The protocol
------------
A result model is any object with

``name``
    a short name, recorded with a simulation's results;
``outcome(white, black, round) -> (p_white_win, p_draw, p_black_win)``
    the three probabilities of one game, summing to 1, from the two players
    (:class:`~tabellone.generate.tournament.Contestant`: ``id``, ``rating`` the pairing
    saw, ``strength`` the results follow) and the round (1 for the first).

The three models above follow the strengths alone (:class:`ByStrength`:
``outcome`` is ``probabilities(white.strength, black.strength)``), but a model may read
the round (tiredness, a last-round draw rate), the ids (a player who never draws) or
the rating seen. Pass one as ``Simulation(model=...)`` or ``GeneratorSettings(model=...)``;
to run on other processes or a Dask cluster it must be picklable (a module-level class,
a frozen dataclass is best), and its parameters are recorded from its dataclass fields
(:func:`describe_model`). An older model with only ``probabilities(white_rating,
black_rating)`` still works: the generator then hands it the two strengths.

Rating noise
------------
The rating a simulation's pairing sees may differ from the strength results follow: a
*noise model* has a ``name`` and ``offset(strength, rng) -> int``, the difference seen
minus true for one player, drawn from ``rng`` (a :class:`random.Random`).
:class:`GaussianNoise` (``N(0, sigma)``, rounded: ``--seed-noise SIGMA``) and
:class:`UniformNoise` (uniform in ``-width .. width``) are offered.
"""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass

from tabellone.core.errors import InputError
from tabellone.generate.tournament import (
    MILVANG_2015,
    Contestant,
    MilvangParameters,
    as_distribution,
    result_probabilities,
)


class ByStrength:
    """A model that reads only the two strengths: ``outcome`` is ``probabilities``
    of the two players' strengths, whatever the round."""

    def probabilities(self, white_rating: float, black_rating: float) -> tuple[float, float, float]:
        """(White wins, draw, Black wins) for these two strengths: each model's own."""
        raise NotImplementedError

    def outcome(self, white: Contestant, black: Contestant, round_number: int) -> tuple[float, float, float]:
        return self.probabilities(white.strength, black.strength)


@dataclass(frozen=True)
class Milvang2015(ByStrength):
    """Milvang's 2015 model (see :mod:`tabellone.generate.tournament`).

    >>> [round(p, 3) for p in Milvang2015().probabilities(2467, 2344)]
    [0.511, 0.351, 0.138]
    """

    params: MilvangParameters = MILVANG_2015
    name: str = "milvang2015"

    def probabilities(self, white_rating: float, black_rating: float) -> tuple[float, float, float]:
        return result_probabilities(white_rating, black_rating, params=self.params)


#: bbpPairings' scale: the expected score is Phi(D * 7 / 2000), i.e. Phi(D / 285.714...).
BBP_SCALE = 2000.0 / 7.0


def normal_cdf(x: float) -> float:
    """The standard normal distribution function, Phi(x) = erfc(-x / sqrt 2) / 2."""
    return math.erfc(-x / math.sqrt(2.0)) / 2.0


@dataclass(frozen=True)
class BbpModel(ByStrength):
    """bbpPairings' generator model (see the module docstring); ``draw_share`` is its
    draw percentage as a fraction.

    >>> [round(p, 4) for p in BbpModel(draw_share=0.3).probabilities(2000, 2000)]
    [0.35, 0.3, 0.35]
    """

    draw_share: float = 0.30
    name: str = "bbp"

    def __post_init__(self) -> None:
        d = self.draw_share
        if isinstance(d, bool) or not isinstance(d, (int, float)) or math.isnan(d) or not 0.0 <= d <= 1.0:
            raise InputError(f"must be a number from 0 to 1, got {d!r}", field="draw_share")

    def expected_score(self, stronger: float, weaker: float) -> float:
        """The stronger player's expected score, Phi((stronger - weaker) / 285.7)."""
        return normal_cdf((stronger - weaker) / BBP_SCALE)

    def probabilities(self, white_rating: float, black_rating: float) -> tuple[float, float, float]:
        white_stronger = white_rating >= black_rating
        e = self.expected_score(max(white_rating, black_rating), min(white_rating, black_rating))
        draw = min(self.draw_share, 2.0 - 2.0 * e)
        stronger_wins = e - draw / 2.0
        weaker_wins = max(0.0, 1.0 - e - draw / 2.0)
        if white_stronger:
            return stronger_wins, draw, weaker_wins
        return weaker_wins, draw, stronger_wins


@dataclass(frozen=True)
class Gacrux2025(ByStrength):
    """The Gacrux generator's model (see the module docstring).

    >>> [round(p, 3) for p in Gacrux2025().probabilities(2000, 2000)]
    [0.355, 0.363, 0.282]
    """

    name: str = "gacrux2025"
    scale: float = 370.0
    white_base: float = 96.0
    white_slope: float = 0.0986
    black_base: float = -150.0
    black_slope: float = -0.157
    centre: float = 2000.0

    def probabilities(self, white_rating: float, black_rating: float) -> tuple[float, float, float]:
        mean = (white_rating + black_rating) / 2.0
        white_handicap = self.white_base + self.white_slope * (mean - self.centre)
        black_handicap = self.black_base + self.black_slope * (mean - self.centre)
        p_white = 1.0 / (1.0 + 10.0 ** ((black_rating - white_rating + white_handicap) / self.scale))
        p_black = 1.0 / (1.0 + 10.0 ** ((white_rating - black_rating - black_handicap) / self.scale))
        return as_distribution(p_white, p_black)


def describe_model(model) -> dict:
    """What a run records of a result or noise model: its name, class, and parameters
    (its dataclass fields; otherwise its ``repr``)."""
    out = {
        "name": getattr(model, "name", type(model).__name__),
        "class": f"{type(model).__module__}.{type(model).__qualname__}",
    }
    if dataclasses.is_dataclass(model) and not isinstance(model, type):
        out["parameters"] = {k: v for k, v in dataclasses.asdict(model).items() if k != "name"}
    else:
        out["repr"] = repr(model)
    return out


def check_model(model, field: str = "--model") -> None:
    """Refuse, in one line, an object that is not a result model."""
    if not (callable(getattr(model, "outcome", None)) or callable(getattr(model, "probabilities", None))):
        raise InputError(
            f"a result model needs outcome(white, black, round) (or probabilities(white, black)), got {model!r}",
            field=field,
        )


@dataclass(frozen=True)
class GaussianNoise:
    """The rating seen is the strength plus ``N(0, sigma)``, rounded.

    >>> GaussianNoise(0.0).offset(2000, random.Random(1))
    0
    """

    sigma: float
    name: str = "gaussian"

    def offset(self, strength: float, rng: random.Random) -> int:
        return round(rng.gauss(0.0, self.sigma))


@dataclass(frozen=True)
class UniformNoise:
    """The rating seen is the strength plus a whole number uniform in ``-width .. width``.

    >>> all(-50 <= UniformNoise(50).offset(2000, random.Random(k)) <= 50 for k in range(100))
    True
    """

    width: int
    name: str = "uniform"

    def offset(self, strength: float, rng: random.Random) -> int:
        return rng.randint(-self.width, self.width)


#: Noise models by command-line name, from their one parameter.
NOISE_MODELS = {"gaussian": GaussianNoise, "uniform": lambda size: UniformNoise(round(size))}


#: Result models by command-line name.
MODELS = ("milvang2015", "bbp", "gacrux2025")


def result_model(name: str, draw_rate: float | None = None):
    """The result model called ``name`` (see :data:`MODELS`). ``draw_rate`` is bbp's
    draw percentage (as a fraction) for ``bbp``; the other models keep their own draw
    share and take ``draw_rate`` through :class:`tabellone.generate.tournament.GeneratorSettings`."""
    if name == "milvang2015":
        return Milvang2015()
    if name == "bbp":
        return BbpModel() if draw_rate is None else BbpModel(draw_share=draw_rate)
    if name == "gacrux2025":
        return Gacrux2025()
    raise InputError(f"unknown result model {name!r}; expected one of {', '.join(MODELS)}", field="--model")


__all__ = [
    "BBP_SCALE",
    "BbpModel",
    "ByStrength",
    "Contestant",
    "Gacrux2025",
    "GaussianNoise",
    "MODELS",
    "Milvang2015",
    "NOISE_MODELS",
    "UniformNoise",
    "check_model",
    "describe_model",
    "normal_cdf",
    "result_model",
]
