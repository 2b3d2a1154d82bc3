"""ARO, the average rating of the opponents (1997 art. 1, 2026 Art. 1.7), and the
ARO-balance objective both optimisers minimise inside a score group (:func:`aro_cost`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabellone.rules.dubov.players import DP


def R1_aro(opponent_ratings: Sequence[int]) -> Fraction:
    """Art. 1 (1997): the average rating of the opponents met over the board, exact.
    Reading (art. 1): the 1997 text does not round; the example of 6.2 shows one decimal
    (2318.4), so the exact mean is kept and printed with one decimal. No game: 0 (2026
    Art. 1.7.3)."""
    if not opponent_ratings:
        return Fraction(0)
    return Fraction(sum(opponent_ratings), len(opponent_ratings))


def A1_7_aro(opponent_ratings: Sequence[int]) -> Fraction:
    """Art. 1.7 (2026): the mean rating of the opponents met over the board, rounded to
    the nearest integer, .5 upwards; 0 before the first game."""
    n = len(opponent_ratings)
    if not n:
        return Fraction(0)
    return Fraction((2 * sum(opponent_ratings) + n) // (2 * n))


def aro_cost(white_side: DP, black_side: DP, scale: int) -> int:
    """The ARO-balance objective of one pair, to be minimised over a score group: the ARO
    of the player on the ARO side (the row of 6.2 / S1) times the rating of his opponent
    (the column, the "tool" of the 2026 rationale). Summed over the group, its minimum
    for fixed rows and columns is the pairing of the lowest ARO with the highest rating,
    the second with the second, and so on (rearrangement inequality): 6.2 / 3.2.6
    without conflicts. ``scale`` makes exact AROs integral (a multiple of every ARO's
    denominator: the product is whole, computed on the numerator without a Fraction)."""
    return aro_factor(white_side, scale) * black_side.rating


def aro_factor(white_side: DP, scale: int) -> int:
    """The ARO side's factor of :func:`aro_cost`: his ARO times ``scale``, whole."""
    aro = white_side.aro
    return aro.numerator * scale // aro.denominator


def _aro_scale(P: list[DP]) -> int:
    from math import lcm

    s = 1
    for p in P:
        s = lcm(s, p.aro.denominator)
    return s
