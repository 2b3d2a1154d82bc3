"""The FIDE Dutch system (C.04.3) as a :class:`~tabellone.rules.base.PairingSystem`: the
package's public functions behind the one interface."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabellone.core.model import Tournament
from tabellone.rules import dutch
from tabellone.rules.base import BracketSide, CandidatePlaces, Options, PackageSystem
from tabellone.rules.dutch.candidate_order import candidate_places
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


class Dutch(PackageSystem[DutchOptions]):
    """FIDE Dutch: 2026 (C.04.3 as in force from February 2026), 2017 and the 1992
    rating-based text (literal only). Criteria: :func:`tabellone.rules.dutch.quality_criteria`."""

    name = "dutch"
    title = "FIDE Dutch"
    editions = dutch.EDITIONS
    methods = ("optimised", "literal")
    literal_only = dutch.LITERAL_ONLY
    methods_agree = True
    bbp_compatible = True
    lookahead = dutch.LOOKAHEAD
    options_type = DutchOptions
    package = dutch
    reads_bye = True
    keywords = {
        "pair_round": ("method", "profile", "solve"),
        "violations": ("profile",),
        "quality_criteria": ("profile",),
        "evaluate": ("profile",),
    }

    def generation_article(self, edition: str) -> str:
        return dutch.generation_article(edition)

    def candidate_places(
        self, t: Tournament, edition: str, round_number: int, given: BracketSide, rules: BracketSide, yours: str
    ) -> CandidatePlaces | None:
        return candidate_places(t, edition, round_number, given, rules, yours)

    def pab_article(self, edition: str) -> str:
        return "C5"  # 2026, and every profile-driven (global) pairing
