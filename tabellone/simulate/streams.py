"""What every simulated event draws on, individual or team: the seeds of its random
streams, one per event, field and game, the same on every machine and Python run; and
the pairer that times each round it pairs.
"""

from __future__ import annotations

import hashlib
import random
import time

from tabellone.core.model import Tournament
from tabellone.rules.dispatch import pair
from tabellone.simulate.arms import Arm

__all__ = ["TimedPairer", "derived_seed", "game_streams"]


def _seed_text(*parts: object) -> str:
    return "tabellone simulate " + " ".join(map(str, parts))


def _seed_of(digest: bytes) -> int:
    return int.from_bytes(digest[:8], "big")


def derived_seed(*parts: object) -> int:
    """A 64-bit seed from ``parts``, the same on every machine and Python run."""
    return _seed_of(hashlib.sha256(_seed_text(*parts).encode()).digest())


class TimedPairer:
    """Pairs each round of one event under one arm through :func:`tabellone.pair`,
    adding up the seconds spent pairing. ``sim`` is the
    :class:`~tabellone.simulate.events.Simulation` (its ``event_seed``)."""

    def __init__(self, sim, event: int, arm: Arm, what: str = "simulated event") -> None:
        self.arm, self.source = arm, f"{what} {event}"
        self.options = arm.pair_options(sim.event_seed(event))
        self.seconds = 0.0

    def __call__(self, t: Tournament):
        start = time.perf_counter()
        pairing = pair(t, self.arm.system, self.arm.edition, source=self.source, **self.options)
        self.seconds += time.perf_counter() - start
        return pairing.pairs, pairing.bye


def game_streams(sim, event: int):
    """``game_stream(low, high, meeting)``: the stream of one game of event ``event``,
    named after its two players and which meeting of theirs it is."""

    # derived_seed(sim.seed, "event", event, "game", low, high, meeting): the text's
    # common beginning hashed once per event, each game's hash continued from a copy
    start = hashlib.sha256((_seed_text(sim.seed, "event", event, "game") + " ").encode())

    def game_stream(low: int, high: int, meeting: int) -> random.Random:
        h = start.copy()
        h.update(f"{low} {high} {meeting}".encode())
        return random.Random(_seed_of(h.digest()))

    return game_stream
