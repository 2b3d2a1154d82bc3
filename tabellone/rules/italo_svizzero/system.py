"""The FID italo-svizzero a rotazione continua as a
:class:`~tabellone.rules.base.PairingSystem`: Italian draughts, 2-1-0 points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament
from tabellone.core.scoring import Scoring
from tabellone.rules import italo_svizzero as italo
from tabellone.rules.base import Options, PackageSystem
from tabellone.rules.italo_svizzero.verifier import AWARD_ARTICLE


@dataclass(frozen=True)
class ItaloOptions(Options):
    """``game``: ``"italiana"`` (the default) or ``"internazionale"`` (which colour
    a forfeit gives); ``method``: ``"literal"`` (the default, the rotation) or
    ``"optimised"``; ``odd``: how an odd field is completed, ``"forfeit"`` (forfeit
    points) or ``"rest"`` (Art. 9), read from the file when ``None``; ``start``: the
    player the rotation starts from (read from the rounds before when ``None``)."""

    game: str | None = None
    method: str | None = None
    odd: str | None = None
    start: int | None = None

    def __post_init__(self) -> None:
        if self.game is not None and self.game not in italo.GAMES:
            raise InputError(f"unknown game {self.game!r}; expected one of {', '.join(italo.GAMES)}", field="--game")
        if self.odd is not None and self.odd not in italo.ODD_METHODS:
            raise InputError(
                f"unknown odd-field method {self.odd!r}; expected one of {', '.join(italo.ODD_METHODS)}",
                field="--odd",
            )


class ItaloSvizzero(PackageSystem[ItaloOptions]):
    """The FID italo-svizzero: the text of Capo V and that of seed 002 (2.2)."""

    name = "italo-svizzero"
    title = "FID italo-svizzero a rotazione continua"
    editions = italo.EDITIONS
    methods = italo.METHODS
    comparable = True
    options_type = ItaloOptions
    package = italo
    keywords = {
        "pair_round": ("game", "method", "odd", "start"),
        "violations": ("game", "odd"),
        "evaluate": ("game", "odd"),
        "colour_article": ("game", "odd"),
        "compare": ("game", "odd", "start"),
    }

    def pab_article(self, edition: str) -> str:
        """Who takes the forfeit points (Art. 8; seed 002: Art. 2.43)."""
        return AWARD_ARTICLE[edition]

    def score_suspended(
        self, t: Tournament, edition: str, round_number: int | None = None
    ) -> tuple[Tournament, str | None]:
        return italo.score_suspended(t, edition, round_number)

    def explain_steps(
        self,
        t: Tournament,
        round_number: int,
        edition: str,
        options: Options | None = None,
        pair: tuple[int, int] | None = None,
        bye: int | None = None,
    ) -> list[str]:
        o = self.options(options)
        return italo.explain_steps(t, round_number, edition, pair=pair, bye=bye, **o.given("game", "odd"))

    def standings(
        self, t: Tournament, edition: str | None, options: Options | None = None, tiebreaks: Any = None
    ) -> list:
        """The FID Buchholz procedure; C.07 tie-breaks do not apply."""
        if tiebreaks:
            raise InputError(
                "the italo-svizzero standings follow the FID Buchholz procedure; --tiebreaks is for chess",
                field="--tiebreaks",
            )
        return italo.standings(t, self.edition(edition), **self.options(options).given("game"))

    def scoring(self) -> Scoring:
        """Italian draughts: a win 2 points, a draw 1."""
        return Scoring.draughts()

    def format_standings(self, t: Tournament, rows: list, edition: str | None) -> str:
        return italo.format_standings(t, rows, edition or self.editions[0])
