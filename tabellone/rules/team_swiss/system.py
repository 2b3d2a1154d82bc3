"""The FIDE Swiss Team Pairing System (C.04.6) as a :class:`~tabellone.rules.base.PairingSystem`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing, Violation
from tabellone.rules import team_swiss
from tabellone.rules.base import BracketValues, Options, PairingSystem
from tabellone.rules.comparison import Comparison


@dataclass(frozen=True)
class TeamSwissOptions(Options):
    """``method``: ``"literal"`` (the default) or ``"optimised"``."""

    method: str | None = None


class TeamSwiss(PairingSystem[TeamSwissOptions]):
    """The FIDE Swiss Team Pairing System (2026): pairs teams of a team event."""

    name = "team-swiss"
    title = "FIDE Swiss Team Pairing System"
    editions = team_swiss.EDITIONS
    methods = team_swiss.METHODS
    comparable = True
    pairs_teams = True
    team_system = True
    methods_agree = True
    Options = TeamSwissOptions

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
        return team_swiss.pair_round(t, edition, round_number, no_bye=frozenset(no_bye), **o.given("method"))

    def violations(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> list[Violation]:
        return team_swiss.violations(t, pairing, edition)

    def quality_criteria(self, edition: str, options: Options | None = None) -> list[tuple[str, str]]:
        return team_swiss.quality_criteria(edition)

    def evaluate(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> tuple[dict[str, object], list[BracketValues]]:
        return team_swiss.evaluate(t, pairing, edition)

    def colour_article(
        self, t: Tournament, round_number: int, white: int, black: int, edition: str, options: Options | None = None
    ) -> tuple[int, str]:
        return team_swiss.colour_article(t, round_number, white, black, edition=edition)

    def generation_article(self, edition: str) -> str:
        return team_swiss.generation_article(edition)

    def compare(
        self, t: Tournament, edition: str, round_number: int | None = None, options: Options | None = None
    ) -> Comparison:
        return team_swiss.compare(t, edition, round_number)

    def standings(
        self, t: Tournament, edition: str | None, options: Options | None = None, tiebreaks: Any = None
    ) -> list:
        """The team standings: primary score, secondary score, the C.07 tie-breaks
        ``tiebreaks`` (default the file's, else :data:`~tabellone.rules.team_swiss.TEAM_TIEBREAKS`);
        ``edition`` is the C.07 edition the tie-breaks follow."""
        return team_swiss.standings(t, tiebreaks, edition or "2026")
