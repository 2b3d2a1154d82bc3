"""The FIDE Burstein system (C.04.4.2) as a :class:`~tabellone.rules.base.PairingSystem`."""

from __future__ import annotations

import json
from dataclasses import dataclass

from tabellone.core.model import Tournament
from tabellone.rules import burstein
from tabellone.rules.base import Options, PackageSystem
from tabellone.rules.profiles import Profile


@dataclass(frozen=True)
class BursteinOptions(Options):
    """``method``: ``"optimised"`` (the default) or ``"literal"``; ``profile``: the
    criteria as data (every absolute criterion stays)."""

    method: str | None = None
    profile: Profile | None = None


class Burstein(PackageSystem[BursteinOptions]):
    """FIDE Burstein: the 2026 text, the 2025 one, and the legacy text as bbpPairings reads it."""

    name = "burstein"
    title = "FIDE Burstein"
    editions = burstein.EDITIONS
    methods = burstein.METHODS
    comparable = True
    bbp_compatible = True
    lookahead = burstein.LOOKAHEAD
    methods_agree = True
    options_type = BursteinOptions
    package = burstein
    reads_bye = True
    keywords = {
        "pair_round": ("method", "profile"),
        "violations": ("profile",),
        "quality_criteria": ("profile",),
        "evaluate": ("profile",),
    }

    def pab_article(self, edition: str) -> str:
        return "C5"  # a seeding round is evaluated as the Dutch system's (Art. 1.8)

    def generation_article(self, edition: str) -> str:
        return burstein.generation_article(edition)

    def info_report(self, t: Tournament, round_number: int, edition: str | None, as_json: bool) -> str:
        """The order of the players: score, then the index (2026 Art. 1.8: Buchholz,
        Sonneborn-Berger; legacy Art. 3.2: SB, Buchholz, Median), then number."""
        edition = self.edition(edition)
        rows = burstein.index_list(t, round_number, edition)
        if as_json:
            return json.dumps(
                {"round": round_number, "edition": edition, "players": rows}, indent=1, ensure_ascii=False
            )
        values = (
            [k for k in ("Buchholz", "SB", "Median") if rows and k in rows[0]]
            if edition != "legacy"
            else ["SB", "Buchholz", "Median"]
        )
        article = "Art. 3.2" if edition == "legacy" else "Art. 1.8" if edition == "2026" else "A.7"
        lines = [
            f"Burstein {edition}: players before round {round_number} in the order of {article} "
            f"(score, {', '.join(values)}, number)",
            f"{'id':>5}  {'name':<24} {'score':>6} " + " ".join(f"{k:>9}" for k in values) + " due",
        ]
        for row in rows:
            lines.append(
                f"{row['id']:>5}  {row['name'][:24]:<24} {row['score']:>6} "
                + " ".join(f"{row[k]:>9}" for k in values)
                + f" {row['due']}"
            )
        return "\n".join(lines)
