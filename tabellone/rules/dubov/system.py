"""The FIDE Dubov system (C.04.4.1) as a :class:`~tabellone.rules.base.PairingSystem`."""

from __future__ import annotations

import json
from dataclasses import dataclass

from tabellone.core.model import Tournament
from tabellone.rules import dubov
from tabellone.rules.base import Options, PackageSystem
from tabellone.rules.profiles import Profile


@dataclass(frozen=True)
class DubovOptions(Options):
    """``method``: ``"literal"`` (the text's procedure) or ``"optimised"``; ``ratings``:
    player id -> rating for the ARO, when not the file's; ``profile`` (2026): the
    criteria as data."""

    method: str | None = None
    ratings: dict[int, int] | None = None
    profile: Profile | None = None


class Dubov(PackageSystem[DubovOptions]):
    """FIDE Dubov, the 2026 text and the 1997 one."""

    name = "dubov"
    title = "FIDE Dubov"
    editions = dubov.EDITIONS
    methods = dubov.METHODS
    comparable = True
    bbp_compatible = True
    options_type = DubovOptions
    package = dubov
    reads_bye = True
    checks_own_pairing = True  # pair_round runs violations() before it returns
    keywords = {
        "pair_round": ("method", "ratings", "profile"),
        "violations": ("ratings", "profile"),
        "quality_criteria": ("profile",),
        "evaluate": ("profile",),
        "compare": ("ratings",),
    }

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
