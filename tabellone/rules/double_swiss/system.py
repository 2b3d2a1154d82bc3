"""The FIDE Double-Swiss system (C.04.5) as a :class:`~tabellone.rules.base.PairingSystem`:
a round is a match of two games, each in its own round column."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing, Violation
from tabellone.rules import double_swiss
from tabellone.rules.base import BracketValues, Options, PairingSystem
from tabellone.rules.comparison import Comparison


@dataclass(frozen=True)
class DoubleSwissOptions(Options):
    """``method``: ``"literal"`` (the default) or ``"optimised"``."""

    method: str | None = None


class DoubleSwiss(PairingSystem[DoubleSwissOptions]):
    """FIDE Double-Swiss (2026)."""

    name = "double-swiss"
    title = "FIDE Double-Swiss"
    editions = double_swiss.EDITIONS
    methods = double_swiss.METHODS
    comparable = True
    games_per_round = double_swiss.GAMES_PER_ROUND
    methods_agree = True
    Options = DoubleSwissOptions

    def pair(
        self,
        t: Tournament,
        edition: str,
        round_number: int | None = None,
        options: Options | None = None,
        *,
        no_bye: Iterable[int] = frozenset(),
    ) -> Pairing:
        o = self.options(options)
        return double_swiss.pair_round(t, edition, round_number, no_bye=frozenset(no_bye), **o.given("method"))

    def violations(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> list[Violation]:
        return double_swiss.violations(t, pairing, edition)

    def quality_criteria(self, edition: str, options: Options | None = None) -> list[tuple[str, str]]:
        return double_swiss.quality_criteria(edition)

    def evaluate(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> tuple[dict[str, object], list[BracketValues]]:
        return double_swiss.evaluate(t, pairing, edition)

    def colour_article(
        self, t: Tournament, round_number: int, white: int, black: int, edition: str, options: Options | None = None
    ) -> tuple[int, str]:
        return double_swiss.colour_article(t, round_number, white, black, edition=edition)

    def generation_article(self, edition: str) -> str:
        return double_swiss.generation_article(edition)

    def compare(
        self, t: Tournament, edition: str, round_number: int | None = None, options: Options | None = None
    ) -> Comparison:
        return double_swiss.compare(t, edition, round_number)

    def round_name(self, round_number: int) -> str:
        return double_swiss.round_name(round_number)

    def generate(self, settings: Any, pairer: Callable[[Tournament], Pairing]) -> Tournament:
        """A match per round: two TRF columns, byes per match (:func:`~tabellone.rules.double_swiss.generate_event`)."""
        return double_swiss.generate_event(settings, pairer)

    def standings_view(self, t: Tournament) -> Tournament:
        return double_swiss.standings_view(t)
