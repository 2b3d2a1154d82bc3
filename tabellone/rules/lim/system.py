"""The FIDE Lim system (C.04.4.3) as a :class:`~tabellone.rules.base.PairingSystem`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing, Violation
from tabellone.rules import lim
from tabellone.rules.base import BracketValues, Options, PairingSystem
from tabellone.rules.comparison import Comparison
from tabellone.rules.profiles import Profile


@dataclass(frozen=True)
class LimOptions(Options):
    """``method``: ``"literal"`` (the default, the text's exchanges) or ``"optimised"``;
    ``profile``: the criteria as data."""

    method: str | None = None
    profile: Profile | None = None


class Lim(PairingSystem[LimOptions]):
    """FIDE Lim (2026): groups paired from the top and the bottom towards the median."""

    name = "lim"
    title = "FIDE Lim"
    editions = lim.EDITIONS
    methods = lim.METHODS
    comparable = True
    Options = LimOptions

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
        return lim.pair_round(t, edition, round_number, no_bye=frozenset(no_bye), **o.given("method", "profile"))

    def violations(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> list[Violation]:
        return lim.violations(t, pairing, edition, self.options(options).profile)

    def quality_criteria(self, edition: str, options: Options | None = None) -> list[tuple[str, str]]:
        return lim.quality_criteria(edition, self.options(options).profile)

    def evaluate(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> tuple[dict[str, object], list[BracketValues]]:
        return lim.evaluate(t, pairing, edition, self.options(options).profile)

    def colour_article(
        self, t: Tournament, round_number: int, white: int, black: int, edition: str, options: Options | None = None
    ) -> tuple[int, str]:
        return lim.colour_article(t, round_number, white, black, edition=edition)

    def compare(
        self, t: Tournament, edition: str, round_number: int | None = None, options: Options | None = None
    ) -> Comparison:
        return lim.compare(t, edition, round_number)
