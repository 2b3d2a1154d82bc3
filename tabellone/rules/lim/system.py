"""The FIDE Lim system (C.04.4.3) as a :class:`~tabellone.rules.base.PairingSystem`."""

from __future__ import annotations

from dataclasses import dataclass

from tabellone.rules import lim
from tabellone.rules.base import Options, PackageSystem
from tabellone.rules.profiles import Profile


@dataclass(frozen=True)
class LimOptions(Options):
    """``method``: ``"literal"`` (the default, the text's exchanges) or ``"optimised"``;
    ``profile``: the criteria as data."""

    method: str | None = None
    profile: Profile | None = None


class Lim(PackageSystem[LimOptions]):
    """FIDE Lim (2026): groups paired from the top and the bottom towards the median."""

    name = "lim"
    title = "FIDE Lim"
    editions = lim.EDITIONS
    methods = lim.METHODS
    comparable = True
    options_type = LimOptions
    package = lim
    reads_bye = True
    checks_own_pairing = True  # pair_round runs violations() before it returns
    keywords = {
        "pair_round": ("method", "profile"),
        "violations": ("profile",),
        "quality_criteria": ("profile",),
        "evaluate": ("profile",),
    }
