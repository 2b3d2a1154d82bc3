"""One simulated event, played under every arm with the same players and the same luck.

For event ``k`` of a simulation with seed ``X`` everything random comes from streams
named after ``(X, k)`` and nothing else, so an event gives the same rows on any worker,
in any order, on any machine:

* **the field**: ``N`` true strengths, uniform whole numbers in ``LO-HI`` (or drawn
  without replacement from the ratings of a real field, ``--ratings-from``), sorted.
  The rating the pairing sees is the true strength plus ``N(0, SIGMA)`` noise, rounded
  (``--seed-noise``; Gacrux's generator adds the same kind of noise, its ``sigma``),
  and players are numbered by that rating, highest first, as a pairing program
  numbers them. With ``SIGMA = 0`` the two orders agree.
* **absences**: before each round, each player draws one number in id order
  (``--absence-rate``: a zero-point bye entered before the round), from the event's
  main stream (:func:`tabellone.generate.tournament.generate`). The same for every arm,
  since that stream holds nothing else but the initial colour.
* **results**: every game draws from a stream of its own, named after the two
  players and which meeting of theirs it is, and the number is read from the lower
  id's side. Two arms that pair the same two players get the same result as often as
  the model allows given the colours: a paired comparison with common random numbers.

Results follow the true strengths through the chosen result model
(:mod:`tabellone.generate.result_models`).
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from dataclasses import dataclass, replace
from typing import Any

from tabellone.core.errors import InputError, TabelloneError
from tabellone.core.model import Player, Tournament
from tabellone.generate.result_models import MODELS, GaussianNoise, check_model, describe_model, result_model
from tabellone.generate.tournament import MAX_PLAYERS, MAX_RATING, GeneratorSettings, generate
from tabellone.rules import SYSTEMS, games_per_round, get_system
from tabellone.simulate.arms import Arm
from tabellone.simulate.metrics import METRICS, tournament_metrics
from tabellone.simulate.streams import TimedPairer, derived_seed, game_streams
from tabellone.simulate.teams import draw_team_field, play_team_arm, team_metrics


@dataclass(frozen=True)
class Simulation:
    """What to simulate: the arms, the field, the result model, and how many events.

    ``ratings_pool`` (the ratings of a real field) replaces the uniform draw from
    ``rating_low .. rating_high`` when it is not empty. ``teams`` > 0 makes the events
    team events of ``teams`` teams of ``boards`` players (:mod:`.teams`; ``players``
    is then 0).

    ``model`` is a result model's name (:data:`~tabellone.generate.result_models.MODELS`)
    or a result model object (the protocol of :mod:`tabellone.generate.result_models`:
    ``outcome(white, black, round)``). ``noise`` is a rating-noise model
    (``offset(strength, rng)``); ``None`` with ``seed_noise > 0`` is
    :class:`~tabellone.generate.result_models.GaussianNoise` of that sigma.
    """

    arms: tuple[Arm, ...]
    players: int
    rounds: int
    events: int
    seed: int
    rating_low: int = 1400
    rating_high: int = 2600
    ratings_pool: tuple[int, ...] = ()
    seed_noise: float = 0.0
    model: Any = "milvang2015"
    draw_rate: float | None = None
    absence_rate: float = 0.0
    teams: int = 0
    boards: int = 4
    noise: Any = None

    def validate(self) -> None:
        """Raise :class:`~tabellone.InputError` naming the first bad option."""

        def whole(name: str, value: object, low: int, high: int) -> None:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise InputError(f"must be a whole number from {low} to {high}, got {value!r}", field=name)

        if not self.arms:
            raise InputError("give at least one --system", field="--system")
        if self.teams:
            if self.players:
                raise InputError(
                    "give --players (individual events) or --teams (team events), not both", field="--players"
                )
            whole("--teams", self.teams, 2, 999)
            whole("--boards", self.boards, 1, 14)
            whole("--rounds", self.rounds, 1, self.teams - 1)
            for arm in self.arms:
                if not get_system(arm.system).pairs_teams or arm.profile is not None:
                    teams = [name for name, s in SYSTEMS.items() if s.pairs_teams]
                    teams.sort(key=lambda name: not SYSTEMS[name].team_system)  # the team system first
                    raise InputError(
                        f"{arm.label} pairs players; a team simulation compares {' and '.join(teams)}",
                        field="--system",
                    )
        else:
            for arm in self.arms:
                if get_system(arm.system).team_system:
                    raise InputError(
                        f"{arm.system} pairs teams: give --teams N (and --boards B) instead of --players",
                        field="--system",
                    )
            whole("--players", self.players, 2, MAX_PLAYERS)
            whole("--rounds", self.rounds, 1, self.players - 1)
        whole("--events", self.events, 1, 10**9)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise InputError(f"must be a whole number, got {self.seed!r}", field="--seed")
        if self.ratings_pool:
            need = self.teams * self.boards if self.teams else self.players
            if len(self.ratings_pool) < need:
                what = (
                    f"--teams x --boards must be at most that, got {need}"
                    if self.teams
                    else f"--players must be at most that, got {need}"
                )
                raise InputError(
                    f"the field has {len(self.ratings_pool)} rated players; {what}", field="--ratings-from"
                )
        else:
            whole("--ratings (low)", self.rating_low, 0, MAX_RATING)
            whole("--ratings (high)", self.rating_high, 0, MAX_RATING)
            if self.rating_low > self.rating_high:
                raise InputError(
                    f"the lowest rating {self.rating_low} is above the highest {self.rating_high}", field="--ratings"
                )
        sigma = self.seed_noise
        if (
            isinstance(sigma, bool)
            or not isinstance(sigma, (int, float))
            or math.isnan(sigma)
            or not 0 <= sigma <= 2000
        ):
            raise InputError(f"must be a number from 0 to 2000, got {sigma!r}", field="--seed-noise")
        for name, rate in (("--draw-rate", self.draw_rate), ("--absence-rate", self.absence_rate)):
            if rate is not None and (
                isinstance(rate, bool) or not isinstance(rate, (int, float)) or math.isnan(rate) or not 0 <= rate <= 1
            ):
                raise InputError(f"must be a number from 0 to 1, got {rate!r}", field=name)
        if isinstance(self.model, str):
            if self.model not in MODELS:
                raise InputError(
                    f"unknown result model {self.model!r}; expected one of {', '.join(MODELS)}", field="--model"
                )
        else:
            check_model(self.model)
            if self.teams and not callable(getattr(self.model, "probabilities", None)):
                raise InputError(
                    "a team simulation draws boards from two ratings: its model needs probabilities(white, black)",
                    field="--model",
                )
        if self.noise is not None and not callable(getattr(self.noise, "offset", None)):
            raise InputError(f"a noise model needs offset(strength, rng), got {self.noise!r}", field="--noise")
        if not self.teams:
            self.settings(0).validate()

    def event_seed(self, event: int) -> int:
        """The seed of event ``event`` (0-based)."""
        return derived_seed(self.seed, "event", event)

    @property
    def model_name(self) -> str:
        """The result model's name, as the summary prints it."""
        return self.model if isinstance(self.model, str) else getattr(self.model, "name", type(self.model).__name__)

    def result_model(self):
        """The result model object the games are drawn with."""
        return result_model(self.model, self.draw_rate) if isinstance(self.model, str) else self.model

    def noise_model(self):
        """The rating-noise model, or None when the pairing sees the true strengths."""
        if self.noise is not None:
            return self.noise
        return GaussianNoise(self.seed_noise) if self.seed_noise > 0 else None

    def describe(self) -> dict[str, Any]:
        """Every setting that decides the rows, as JSON data: what a run records and
        what ``--resume`` checks (each profile by its text's SHA-256)."""
        noise = self.noise_model()
        pool = ",".join(map(str, self.ratings_pool))
        return {
            "arms": [arm.describe() for arm in self.arms],
            "players": self.players,
            "teams": self.teams,
            "boards": self.boards if self.teams else None,
            "rounds": self.rounds,
            "events": self.events,
            "seed": self.seed,
            "ratings": None if self.ratings_pool else [self.rating_low, self.rating_high],
            "ratings_pool_sha256": hashlib.sha256(pool.encode()).hexdigest() if self.ratings_pool else None,
            "noise": None if noise is None else describe_model(noise),
            "model": describe_model(self.result_model()),
            "draw_rate": self.draw_rate,
            "absence_rate": self.absence_rate,
        }

    def settings(self, event: int) -> GeneratorSettings:
        """The generator's settings for one event (its main stream: colour, absences)."""
        return GeneratorSettings(
            players=self.players,
            rounds=self.rounds,
            seed=self.event_seed(event),
            draw_rate=None if self.model == "bbp" else self.draw_rate,
            absence_rate=self.absence_rate,
            rating_low=self.rating_low,
            rating_high=self.rating_high,
            model=self.result_model(),
        )


def draw_field(sim: Simulation, event: int) -> tuple[list[Player], dict[int, int]]:
    """The players of event ``event`` (numbered by the rating the pairing sees) and
    their true strengths by id."""
    rng = random.Random(derived_seed(sim.seed, "event", event, "field"))
    if sim.ratings_pool:
        true = rng.sample(list(sim.ratings_pool), sim.players)
    else:
        true = [rng.randint(sim.rating_low, sim.rating_high) for _ in range(sim.players)]
    true.sort(reverse=True)
    noise = sim.noise_model()
    seen = [min(MAX_RATING, max(0, s + noise.offset(s, rng))) if noise is not None else s for s in true]
    order = sorted(range(sim.players), key=lambda k: (-seen[k], k))
    players = [Player(id=i, name=f"Player {k + 1:04d}", rating=seen[k]) for i, k in enumerate(order, start=1)]
    strength = {i: true[k] for i, k in enumerate(order, start=1)}
    return players, strength


def play_arm(
    sim: Simulation, event: int, arm: Arm, players: list[Player], strength: dict[int, int]
) -> tuple[Tournament, float]:
    """Play event ``event`` under ``arm``; the finished tournament and the seconds spent
    pairing."""
    pairer = TimedPairer(sim, event, arm)
    settings = replace(sim.settings(event), rounds=columns(sim, arm))
    t = generate(settings, pairer, field=players, strength=strength, game_stream=game_streams(sim, event))
    return t, pairer.seconds


def columns(sim: Simulation, arm: Arm) -> int:
    """The round columns an event under ``arm`` fills: ``--rounds`` counts pairings, so a
    Double-Swiss arm plays ``rounds`` matches of two games, two columns each."""
    return sim.rounds * games_per_round(arm.system)


def play_event(sim: Simulation, event: int, *, fail_fast: bool = False) -> list[dict[str, Any]]:
    """The rows of event ``event``: one per arm, in the arms' order (see
    :func:`play_event_full`)."""
    return play_event_full(sim, event, fail_fast=fail_fast)[0]


def play_event_full(
    sim: Simulation, event: int, *, fail_fast: bool = False
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The rows of event ``event`` and its finished tournaments by arm label.

    One row per arm, in the arms' order, each with the metrics (:mod:`.metrics`; for
    team events :func:`.teams.team_metrics`), the timings ``seconds_per_round``
    (pairing only) and ``seconds_total`` (the whole event under that arm: pairing,
    results, metrics), and ``status``: ``ok``, or ``failed`` when the arm could not
    pair a round (``reason`` says why; every metric is then NaN and the arm has no
    tournament). With ``fail_fast`` the first failure is raised instead."""
    if sim.teams:
        teams, team_players, team_player_strength, team_strength = draw_team_field(sim, event)
        play = lambda arm: play_team_arm(sim, event, arm, (teams, team_players), team_player_strength)  # noqa: E731
        measure = lambda t, arm: team_metrics(t, team_strength, sim.rounds)  # noqa: E731
    else:
        players, strength = draw_field(sim, event)
        play = lambda arm: play_arm(sim, event, arm, players, strength)  # noqa: E731
        measure = lambda t, arm: tournament_metrics(t, strength, columns(sim, arm))  # noqa: E731
    rows = []
    finished: dict[str, Any] = {}
    for arm in sim.arms:
        start = time.perf_counter()
        row: dict[str, Any] = {"event": event, "arm": arm.label}
        try:
            t, pairing_seconds = play(arm)
        except TabelloneError as exc:
            if fail_fast:
                raise type(exc)(f"event {event} (seed {sim.seed}), {arm.label}: {exc}") from None
            row.update(dict.fromkeys(METRICS, math.nan))
            row["seconds_per_round"] = math.nan
            row["seconds_total"] = time.perf_counter() - start
            row["status"], row["reason"] = "failed", str(exc)
        else:
            row.update(measure(t, arm))
            row["seconds_per_round"] = pairing_seconds / sim.rounds
            row["seconds_total"] = time.perf_counter() - start
            row["status"], row["reason"] = "ok", ""
            finished[arm.label] = t
        rows.append(row)
    return rows, finished


#: Columns that measure the machine, not the pairing: they differ from run to run.
TIMING_COLUMNS = ("seconds_per_round", "seconds_total")
#: Columns that say whether an arm finished an event, and if not why.
STATUS_COLUMNS = ("status", "reason")

__all__ = [
    "Simulation",
    "STATUS_COLUMNS",
    "TIMING_COLUMNS",
    "TimedPairer",
    "derived_seed",
    "draw_field",
    "game_streams",
    "play_arm",
    "play_event",
    "play_event_full",
]
