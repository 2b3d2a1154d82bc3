"""Literal procedure against optimiser, for the systems that have both (Dubov, Lim,
Burstein): one round's two pairings, their objective vectors, and the first component
where they differ (``tabellone compare``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tabellone.core.pairing import Pairing


@dataclass
class Comparison:
    """Literal against optimised for one round: both pairings, both objective vectors,
    and the first component in which they differ (None when the vectors are equal)."""

    round: int
    edition: str
    literal: Pairing
    optimised: Pairing
    literal_vector: list
    optimised_vector: list
    same_pairs: bool
    first_difference: tuple | None  # (group, name, literal value, optimised value)
    better: str  # 'equal', 'optimised', 'literal' (or 'groups differ')

    def describe(self) -> str:
        if self.same_pairs:
            return f"round {self.round}: same pairing"
        if self.first_difference is None:
            return f"round {self.round}: different pairings, equal objective vectors (a tie broken differently)"
        g, name, lv, ov = self.first_difference
        return f"round {self.round}: differ first in group {g} on {name}: literal {fmt_value(lv)}, optimised {fmt_value(ov)} ({self.better} better)"


def fmt_value(v: object) -> str:
    """An objective value for reports: numbers as decimals, tuples in brackets."""
    if isinstance(v, tuple):
        return "(" + ", ".join(fmt_value(x) for x in v) + ")"
    if isinstance(v, Fraction):
        return str(v.numerator) if v.denominator == 1 else f"{float(v):g}"
    return str(v)
