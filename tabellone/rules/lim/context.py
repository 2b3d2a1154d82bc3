"""The round the Lim system pairs (C.04.4.3): its players in pairing order, the
compatibility of every pair (Art. 2.1), the median score (Art. 2.2) and the editions,
methods and optimiser stages the package offers."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from tabellone.core.model import RoundState, Tournament
from tabellone.rules.fide_common import Entrant
from tabellone.rules.profiles import Objective, Profile, official

if TYPE_CHECKING:
    from tabellone.matching.completion import CompletionOracle
    from tabellone.rules.lim.compatibility import Compatibility

EDITIONS = ("2026",)


METHODS = ("literal", "optimised")


#: The stage of the optimiser that settles each quality criterion of a profile
#: (``lim-2026.toml``): 1 the floaters arriving, 2 the residents who float, 3 the colours
#: of the rest. 4.4 (the most pairs) is weighed in stages 1 and 2.
STAGES = {"3.9": 1, "4.4": 1, "3.8": 1, "3.2-3.4": 2, "5.2": 3}


DOWN, UP = "down", "up"


@dataclass
class Ctx:
    """One round to pair: players in pairing order (score, then rank), compatibility
    (:class:`~tabellone.rules.lim.compatibility.Compatibility`), and the completion oracle
    that asks whether a set of them can all be paired (kept for its warm witness)."""

    t: Tournament
    state: RoundState
    P: list[Entrant]
    initial: str
    last_round: bool
    median: Fraction
    no_bye: frozenset[int] = frozenset()
    compat: Compatibility = field(init=False)
    completion: CompletionOracle = field(init=False)
    solves: int = 0
    profile: Profile | None = None

    @property
    def objective(self) -> Objective:
        """The optimiser's quality fields in the order of the profile (:mod:`tabellone.rules.profiles`)."""
        return Objective(self.profile or official("lim", "2026"), {c: c for c in STAGES})

    @property
    def n(self) -> int:
        return len(self.P)
