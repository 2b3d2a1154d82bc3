"""The FIDE Dubov system (C.04.4.1) as a :class:`~tabellone.rules.base.PairingSystem`."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing, Violation
from tabellone.rules import dubov
from tabellone.rules.base import BracketValues, Options, PairingSystem
from tabellone.rules.comparison import Comparison
from tabellone.rules.profiles import Profile


@dataclass(frozen=True)
class DubovOptions(Options):
    """``method``: ``"literal"`` (the text's procedure) or ``"optimised"``; ``ratings``:
    player id -> rating for the ARO, when not the file's; ``profile`` (2026): the
    criteria as data."""

    method: str | None = None
    ratings: dict[int, int] | None = None
    profile: Profile | None = None


class Dubov(PairingSystem[DubovOptions]):
    """FIDE Dubov, the 2026 text and the 1997 one."""

    name = "dubov"
    title = "FIDE Dubov"
    editions = dubov.EDITIONS
    methods = dubov.METHODS
    comparable = True
    bbp_compatible = True
    Options = DubovOptions

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
        return dubov.pair_round(
            t, edition, round_number, no_bye=frozenset(no_bye), **o.given("method", "ratings", "profile")
        )

    def violations(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> list[Violation]:
        o = self.options(options)
        return dubov.violations(t, pairing, edition, o.ratings, o.profile)

    def quality_criteria(self, edition: str, options: Options | None = None) -> list[tuple[str, str]]:
        return dubov.quality_criteria(edition, self.options(options).profile)

    def evaluate(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> tuple[dict[str, object], list[BracketValues]]:
        return dubov.evaluate(t, pairing, edition, self.options(options).profile)

    def colour_article(
        self, t: Tournament, round_number: int, white: int, black: int, edition: str, options: Options | None = None
    ) -> tuple[int, str]:
        return dubov.colour_article(t, round_number, white, black, edition=edition)

    def compare(
        self, t: Tournament, edition: str, round_number: int | None = None, options: Options | None = None
    ) -> Comparison:
        return dubov.compare(t, edition, round_number, self.options(options).ratings)

    def info_report(self, t: Tournament, round_number: int, edition: str | None, as_json: bool) -> str:
        """The list of Art. 9 (1997): ARO and due colour of every player."""
        rows = dubov.aro_list(t, round_number, edition or self.editions[0])
        if as_json:
            return json.dumps({"round": round_number, "players": rows}, indent=1, ensure_ascii=False, default=str)
        lines = [f"Dubov: ARO list before round {round_number} (Art. 9, 1997)"]
        keys = list(rows[0]) if rows else []
        lines.append("  ".join(f"{k:>8}" if k != "name" else f"{k:<24}" for k in keys))
        for row in rows:
            lines.append("  ".join(f"{str(row[k])[:24]:<24}" if k == "name" else f"{str(row[k]):>8}" for k in keys))
        return "\n".join(lines)
