"""The FIDE Swiss Team Pairing System (C.04.6) as a :class:`~tabellone.rules.base.PairingSystem`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabellone.core.model import Tournament
from tabellone.rules import team_swiss
from tabellone.rules.base import Options, PackageSystem


@dataclass(frozen=True)
class TeamSwissOptions(Options):
    """``method``: ``"literal"`` (the default) or ``"optimised"``."""

    method: str | None = None


class TeamSwiss(PackageSystem[TeamSwissOptions]):
    """The FIDE Swiss Team Pairing System (2026): pairs teams of a team event."""

    name = "team-swiss"
    title = "FIDE Swiss Team Pairing System"
    editions = team_swiss.EDITIONS
    methods = team_swiss.METHODS
    comparable = True
    pairs_teams = True
    team_system = True
    methods_agree = True
    options_type = TeamSwissOptions
    package = team_swiss
    reads_bye = True
    keywords = {"pair_round": ("method",)}

    def generation_article(self, edition: str) -> str:
        return team_swiss.generation_article(edition)

    def standings(
        self, t: Tournament, edition: str | None, options: Options | None = None, tiebreaks: Any = None
    ) -> list:
        """The team standings: primary score, secondary score, the C.07 tie-breaks
        ``tiebreaks`` (default the file's, else :data:`~tabellone.rules.team_swiss.TEAM_TIEBREAKS`);
        ``edition`` is the C.07 edition the tie-breaks follow."""
        return team_swiss.standings(t, tiebreaks, edition or "2026")  # type: ignore[arg-type]  # it refuses a player event
