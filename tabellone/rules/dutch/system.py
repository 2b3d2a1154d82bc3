"""The FIDE Dutch system (C.04.3) as a :class:`~tabellone.rules.base.PairingSystem`: the
package's public functions behind the one interface."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing, Violation
from tabellone.rules import dutch
from tabellone.rules.base import BracketValues, Options, PairingSystem
from tabellone.rules.profiles import Profile


@dataclass(frozen=True)
class DutchOptions(Options):
    """``method``: ``"optimised"`` (the default) or ``"literal"`` (the 1992 edition has
    only the latter); ``profile``: the criteria as data (a shipped name such as
    ``"global"``, a TOML path or a :class:`~tabellone.rules.profiles.Profile`, read by
    :meth:`~tabellone.rules.base.PairingSystem.configure`); ``solve``: the matching back
    end (:class:`tabellone.matching.cpsat.CpSatMatching` for ``--backend cpsat``)."""

    method: str | None = None
    profile: Profile | None = None
    solve: Callable[..., Any] | None = None


class Dutch(PairingSystem[DutchOptions]):
    """FIDE Dutch: 2026 (C.04.3 as in force from February 2026), 2017 and the 1992
    rating-based text (literal only). Criteria: :func:`tabellone.rules.dutch.quality_criteria`."""

    name = "dutch"
    title = "FIDE Dutch"
    editions = dutch.EDITIONS
    methods = ("optimised", "literal")
    bbp_compatible = True
    lookahead = dutch.LOOKAHEAD
    methods_agree = True
    Options = DutchOptions

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
        return dutch.pair_round(
            t, edition, round_number, no_bye=frozenset(no_bye), **o.given("method", "profile", "solve")
        )

    def violations(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> list[Violation]:
        return dutch.violations(t, pairing, edition, self.options(options).profile)

    def quality_criteria(self, edition: str, options: Options | None = None) -> list[tuple[str, str]]:
        return dutch.quality_criteria(edition, self.options(options).profile)

    def evaluate(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> tuple[dict[str, object], list[BracketValues]]:
        return dutch.evaluate(t, pairing, edition, self.options(options).profile)

    def colour_article(
        self, t: Tournament, round_number: int, white: int, black: int, edition: str, options: Options | None = None
    ) -> tuple[int, str]:
        return dutch.colour_article(t, round_number, white, black, edition=edition)

    def pab_article(self, edition: str) -> str:
        return "C5"  # 2026, and every profile-driven (global) pairing

    def generation_article(self, edition: str) -> str:
        return dutch.generation_article(edition)

    def bye_reading(self, t: Tournament, round_number: int, player: int, edition: str) -> tuple[bool, str]:
        return dutch.C2_bye_reading(t, round_number, player, edition)
