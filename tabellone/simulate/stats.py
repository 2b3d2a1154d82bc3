"""Means, spreads and confidence intervals of per-event values, in plain Python.

Every interval of a simulation is a Student t interval: the half-width of the 95 %
interval of a mean over ``n`` values is ``t(0.975, n - 1) s / sqrt(n)``, ``s`` the
sample standard deviation. With few events the t multiplier is far from the normal
1.96 (12.71 at n = 2, 2.26 at n = 10, 2.05 at n = 30), and only it gives intervals that
cover the true mean 95 % of the time when the per-event values are roughly normal.

The t quantile is computed here without scipy, so that the plain install reports the
same numbers as the research extra: the t distribution function is written through
the regularised incomplete beta function (Abramowitz & Stegun 26.7.1 and 26.5.8),
evaluated by its continued fraction (A&S 26.5.8, with the modified Lentz method), and
inverted by bisection to full double precision. ``tests/simulate/test_simulate_research.py``
checks it against printed tables and, where scipy is installed, against
``scipy.stats.t.ppf``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

#: The confidence level of every interval the simulation reports.
LEVEL = 0.95


def _beta_continued_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (A&S 26.5.8), evaluated
    by the modified Lentz method."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 10_000):
        # the even step d_{2m}, then the odd step d_{2m+1}
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1.0) < 1e-16:
            break
    return result


def regularized_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularised incomplete beta function, for a, b > 0, 0 <= x <= 1.

    >>> round(regularized_beta(2.0, 3.0, 0.4), 6)     # 1 - sum_{j<2} C(4,j) .4^j .6^(4-j)
    0.5248
    """
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_continued_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_continued_fraction(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom (A&S 26.7.1).

    >>> t_cdf(0.0, 5)
    0.5
    >>> round(t_cdf(1.0, 1), 6)                        # Cauchy: 1/2 + atan(1)/pi
    0.75
    """
    if t == 0.0:
        return 0.5
    tail = 0.5 * regularized_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


@lru_cache(maxsize=4096)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (0 < p < 1).

    >>> round(t_quantile(0.975, 1), 3), round(t_quantile(0.975, 2), 3), round(t_quantile(0.975, 29), 3)
    (12.706, 4.303, 2.045)
    """
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must be between 0 and 1, got {p!r}")
    if df <= 0:
        raise ValueError(f"df must be positive, got {df!r}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    high = 1.0
    while t_cdf(high, df) < p:
        high *= 2.0
    low = 0.0
    for _ in range(200):
        mid = (low + high) / 2.0
        if mid in (low, high):
            break
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2.0


def t_multiplier(n: int, level: float = LEVEL) -> float | None:
    """The multiplier of ``s / sqrt(n)`` for a two-sided ``level`` interval of a mean
    over ``n`` values; None below two values."""
    return None if n < 2 else t_quantile(0.5 + level / 2.0, n - 1)


def _finite(values: Sequence[float]) -> list[float]:
    return [float(v) for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))]


def describe(values: Sequence[float], level: float = LEVEL) -> dict[str, float | int | None]:
    """``{"mean", "ci95", "n", "sd"}`` over the values that are not NaN (or None):
    the mean, the half-width of its t interval, how many values, and their sample
    standard deviation. ``None`` where there are too few values (no mean without
    values; no spread or interval with fewer than two).

    >>> s = describe([1.0, 2.0, 3.0])                  # s = 1: t(0.975, 2) / sqrt(3)
    >>> s["mean"], round(s["ci95"], 4), s["n"], s["sd"]
    (2.0, 2.4841, 3, 1.0)
    """
    xs = _finite(values)
    n = len(xs)
    if n == 0:
        return {"mean": None, "ci95": None, "n": 0, "sd": None}
    mean = math.fsum(xs) / n
    if n < 2:
        return {"mean": mean, "ci95": None, "n": 1, "sd": None}
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1))
    return {"mean": mean, "ci95": t_multiplier(n, level) * sd / math.sqrt(n), "n": n, "sd": sd}


def paired(
    values: Sequence[float | None], reference: Sequence[float | None], level: float = LEVEL
) -> dict[str, float | int | None]:
    """:func:`describe` of the differences ``value - reference``, position by
    position, over the positions where both are numbers (the same event under two
    arms): the paired comparison, which cancels the luck the two arms share."""
    diffs = [
        float(a) - float(b)
        for a, b in zip(values, reference)
        if a is not None and b is not None and not math.isnan(a) and not math.isnan(b)
    ]
    return describe(diffs, level)


__all__ = ["LEVEL", "describe", "paired", "regularized_beta", "t_cdf", "t_multiplier", "t_quantile"]
