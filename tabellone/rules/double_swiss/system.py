"""The FIDE Double-Swiss system (C.04.5) as a :class:`~tabellone.rules.base.PairingSystem`:
a round is a match of two games, each in its own round column."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules import double_swiss
from tabellone.rules.base import Options, PackageSystem


@dataclass(frozen=True)
class DoubleSwissOptions(Options):
    """``method``: ``"literal"`` (the default) or ``"optimised"``."""

    method: str | None = None


class DoubleSwiss(PackageSystem[DoubleSwissOptions]):
    """FIDE Double-Swiss (2026)."""

    name = "double-swiss"
    title = "FIDE Double-Swiss"
    editions = double_swiss.EDITIONS
    methods = double_swiss.METHODS
    comparable = True
    games_per_round = double_swiss.GAMES_PER_ROUND
    methods_agree = True
    options_type = DoubleSwissOptions
    package = double_swiss
    reads_bye = True
    checks_own_pairing = True  # pair_round runs violations() before it returns
    keywords = {"pair_round": ("method",)}

    def generation_article(self, edition: str) -> str:
        return double_swiss.generation_article(edition)

    def round_name(self, round_number: int) -> str:
        return double_swiss.round_name(round_number)

    def generate(self, settings: Any, pairer: Callable[[Tournament], Pairing]) -> Tournament:
        """A match per round: two TRF columns, byes per match (:func:`~tabellone.rules.double_swiss.generate_event`)."""
        return double_swiss.generate_event(settings, pairer)

    def standings_view(self, t: Tournament) -> Tournament:
        return double_swiss.standings_view(t)
