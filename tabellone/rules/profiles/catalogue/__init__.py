"""The criteria each system's text defines, by (system, edition): one module per system
(:mod:`.dutch`, :mod:`.dubov`, :mod:`.burstein`, :mod:`.lim`). A profile lists, orders
and weights these; it cannot invent others."""

from __future__ import annotations

from tabellone.rules.profiles.catalogue.burstein import BURSTEIN_2025, BURSTEIN_2026, BURSTEIN_LEGACY
from tabellone.rules.profiles.catalogue.dubov import DUBOV_2026
from tabellone.rules.profiles.catalogue.dutch import DUTCH_2017, DUTCH_2026
from tabellone.rules.profiles.catalogue.known import Known
from tabellone.rules.profiles.catalogue.lim import LIM_2026

#: The criteria each (system, edition) defines, by id.
CATALOGUE: dict[tuple[str, str], dict[str, Known]] = {
    ("dutch", "2026"): DUTCH_2026,
    ("dutch", "2017"): DUTCH_2017,
    ("burstein", "legacy"): BURSTEIN_LEGACY,
    ("burstein", "2026"): BURSTEIN_2026,
    ("burstein", "2025"): BURSTEIN_2025,
    ("lim", "2026"): LIM_2026,
    ("dubov", "2026"): DUBOV_2026,
}

__all__ = ["CATALOGUE", "Known"]
