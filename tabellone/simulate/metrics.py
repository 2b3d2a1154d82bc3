"""What a simulated tournament is judged by: ranking quality, colours, floats, byes.

Each function takes plain numbers and is checked on hand-worked examples in
``tests/simulate/test_simulate.py``; :func:`tournament_metrics` applies them all to one finished
tournament and returns the row of the per-event table.

Ranking quality (the player's *true strength* is the rating the results were drawn from):

``kendall_half``
    Over the pairs of players of different true strength: the share where the stronger
    finished with fewer points, plus half the share where the two finished level. 0 is a
    final ranking in strength order, 0.5 what a coin would give. This is the normalised
    Kendall tau distance with ties counted as half (Kendall, "A new measure of rank
    correlation", Biometrika 30, 1938), as issue 11 defines it. Sauer, Cseh and Lenzner
    (JQAS 2024) judge Swiss pairings by a normalised Kendall tau distance too; how they
    count ties in points is not in the parts of their paper this project could read.
    ``benchmarks/simulate_crosscheck.py`` recomputes this and every other metric from
    the final TRF standings, independently of this module.
``spearman``
    Spearman's rho between final points and true strength, tied values given their
    mean rank (Spearman, Am. J. Psychol. 15, 1904): 1 is a perfect ranking.
``strongest_alone_first``, ``strongest_shares_first``
    1 when the strongest player finished alone at the top, or level with others at the
    top; else 0 (several players of the top strength: any of them counts). The two
    exclude each other: "shares first" does not include "alone first"; their sum is the
    chance that the strongest player has the top score.

Colours (over played games only, as C.04.2 Art. 3.4 counts them):

``cd0_share``, ``cd1_share``, ``cd2plus_share``
    Shares of players whose final colour difference (whites minus blacks) is 0, +-1,
    beyond +-1.
``repeat2_rate``
    Share of a player's consecutive games with the same colour, over all players.
``three_in_row_share``
    Share of players who had the same colour three games running at least once.

Pairing shape:

``floats_per_round``
    Games per round between players on different scores before the round (each is one
    downfloat and one upfloat, as C.04.3 2026 Art. 1.4 defines floats in games). A
    pairing-allocated bye is not counted here (``pab_count`` counts it), so floating
    players per round are twice this number.
``mean_score_difference``
    Mean absolute score difference of the two players of a game, before the round.
``pab_count``, ``pab_receiver_rank``
    Pairing-allocated byes given, and the mean true-strength rank of their receivers
    scaled to 0 (strongest) .. 1 (weakest); NaN when no bye was given.
``aro_spread``
    How unequal the average rating of opponents (ARO, C.07 Art. 10.1, rounded as Dubov
    2026 Art. 1.7 rounds it: :func:`tabellone.tiebreaks.average_rating`, over the ratings
    the pairing saw; 0 before a first game) is among
    players who finished on the same score: the standard deviation inside each final
    score group of two or more players, averaged with the groups' sizes as weights.
    Dubov's system pairs to make it small.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from tabellone.core.model import WHITE, Tournament
from tabellone.simulate.stats import describe
from tabellone.tiebreaks import average_rating

#: The metrics of one event and arm, in table order (timings are added by the runner).
METRICS = (
    "kendall_half",
    "spearman",
    "strongest_alone_first",
    "strongest_shares_first",
    "cd0_share",
    "cd1_share",
    "cd2plus_share",
    "repeat2_rate",
    "three_in_row_share",
    "floats_per_round",
    "mean_score_difference",
    "pab_count",
    "pab_receiver_rank",
    "aro_spread",
)


def kendall_half(strength: Sequence[float], points: Sequence[float]) -> float:
    """(pairs where the stronger player has fewer points + half the pairs on equal
    points) / pairs of different strength. NaN when every strength is equal.

    >>> kendall_half([4, 3, 2, 1], [3, 2, 1, 0])      # strength order: perfect
    0.0
    >>> kendall_half([4, 3, 2, 1], [0, 1, 2, 3])      # reversed: every pair wrong
    1.0
    """
    if len(strength) != len(points):
        raise ValueError("strength and points must have the same length")
    # Counted, not compared pair by pair (the same number: every sum below is a whole
    # number or a half, exact as a float). The pairs of different strength are all pairs
    # but those of equal strength; those on equal points among them, all pairs on equal
    # points but those also of equal strength.
    n = len(strength)
    pairs = n * (n - 1) // 2 - _equal_pairs(strength)
    ties = _equal_pairs(points) - _equal_pairs(zip(strength, points))
    # Wrong orders: from the most points down, each player counts the players with more
    # points and less strength (``above``: their strengths, sorted).
    by_points: dict[float, list[float]] = defaultdict(list)
    for s, p in zip(strength, points):
        by_points[p].append(s)
    above: list[float] = []
    wrong = 0
    for p in sorted(by_points, reverse=True):
        level = by_points[p]
        for s in level:
            wrong += bisect_left(above, s)
        above = sorted(above + level)
    return (wrong + 0.5 * ties) / pairs if pairs else math.nan


def _equal_pairs(values: Iterable[object]) -> int:
    """How many pairs of ``values`` are equal."""
    return sum(c * (c - 1) // 2 for c in Counter(values).values())


def average_ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, smallest value first, ties given the mean of their ranks.

    >>> average_ranks([10, 20, 20, 30])
    [1.0, 2.5, 2.5, 4.0]
    """
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    k = 0
    while k < len(order):
        m = k
        while m + 1 < len(order) and values[order[m + 1]] == values[order[k]]:
            m += 1
        for idx in order[k : m + 1]:
            ranks[idx] = (k + m) / 2.0 + 1.0
        k = m + 1
    return ranks


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's rho: the Pearson correlation of the average ranks. NaN when either
    side is constant.

    >>> spearman([1, 2, 3, 4], [10, 20, 30, 40])
    1.0
    """
    rx, ry = average_ranks(x), average_ranks(y)
    n = len(rx)
    if n < 2:
        return math.nan
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return math.nan
    return sxy / math.sqrt(sxx * syy)


def strongest_first(strength: Sequence[float], points: Sequence[float]) -> tuple[int, int]:
    """(alone first, sharing first) for the strongest player: (1, 0) alone at the top,
    (0, 1) level with others at the top, (0, 0) below the top.

    >>> strongest_first([2500, 2400, 2300], [2, 2, 1])
    (0, 1)
    """
    top_strength = max(strength)
    top_points = max(points)
    leaders = sum(1 for p in points if p == top_points)
    best = [points[i] for i, s in enumerate(strength) if s == top_strength]
    if top_points not in best:
        return 0, 0
    return (1, 0) if leaders == 1 else (0, 1)


def colour_shares(histories: Sequence[str]) -> dict[str, float]:
    """Colour-difference shares and repeated colours of players' played-game colour
    histories (``'wbw'``...).

    >>> colour_shares(["wbw", "wwb", "bb", "w"])["cd2plus_share"]
    0.25
    """
    n = len(histories)
    cd = [h.count(WHITE) - (len(h) - h.count(WHITE)) for h in histories]
    pairs = sum(max(0, len(h) - 1) for h in histories)
    repeats = sum(1 for h in histories for a, b in zip(h, h[1:]) if a == b)
    three = sum(1 for h in histories if any(h[k] == h[k + 1] == h[k + 2] for k in range(len(h) - 2)))
    return {
        "cd0_share": sum(1 for c in cd if c == 0) / n,
        "cd1_share": sum(1 for c in cd if abs(c) == 1) / n,
        "cd2plus_share": sum(1 for c in cd if abs(c) >= 2) / n,
        "repeat2_rate": repeats / pairs if pairs else math.nan,
        "three_in_row_share": three / n,
    }


def group_spread(values_by_group: Mapping[object, Sequence[float]]) -> float:
    """The population standard deviation inside each group of two or more values,
    averaged with the groups' sizes as weights; NaN when no group has two values.

    >>> group_spread({1: [10, 20], 0: [5], 2: [1, 1, 1, 1]})
    1.6666666666666667
    """
    total = 0.0
    weight = 0
    for values in values_by_group.values():
        if len(values) < 2:
            continue
        mean = sum(values) / len(values)
        total += len(values) * math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        weight += len(values)
    return total / weight if weight else math.nan


def tournament_metrics(t: Tournament, strength: Mapping[int, float], rounds: int) -> dict[str, float]:
    """Every metric of :data:`METRICS` for the finished tournament ``t`` (``rounds``
    rounds played), ``strength`` the true strength by player id."""
    ids = [p.id for p in t.players]
    # each player's entries and points, read once; the running scores are whole numbers
    # of 1/unit points (unit: the common denominator of every value added), exact as
    # Fractions are, and divided by unit where a float is wanted (the same float:
    # both divisions are correctly rounded)
    scoring = t.scoring
    entries = {p.id: [p.entry(r) for r in range(1, rounds + 1)] for p in t.players}
    scored: dict[tuple[str, str | None], Fraction] = {}  # points by result and colour, read once
    for row in entries.values():
        for e in row:
            if (e.result, e.colour) not in scored:
                scored[e.result, e.colour] = scoring.points(e.result, e.colour)
    values = {pid: [scored[e.result, e.colour] for e in row] for pid, row in entries.items()}
    unit = math.lcm(*{v.denominator for row in values.values() for v in row})
    units = {pid: [v.numerator * (unit // v.denominator) for v in row] for pid, row in values.items()}
    running: dict[int, int] = dict.fromkeys(ids, 0)
    floats = 0
    score_gaps: list[float] = []
    pab: list[int] = []
    histories: dict[int, list[str]] = {pid: [] for pid in ids}
    opponents_rating: dict[int, list[int]] = {pid: [] for pid in ids}
    rating = {p.id: p.rating for p in t.players}
    for r in range(rounds):
        for pid in ids:
            e = entries[pid][r]
            if e.opponent is not None and e.colour == WHITE:
                gap = abs(running[pid] - running[e.opponent])
                score_gaps.append(gap / unit)
                floats += gap != 0
            if e.played:
                histories[pid].append(e.colour)
                opponents_rating[pid].append(rating[e.opponent])
            if e.opponent is None and e.result == "U":
                pab.append(pid)
        for pid in ids:
            running[pid] += units[pid][r]
    points = [running[pid] / unit for pid in ids]
    strengths = [float(strength[pid]) for pid in ids]
    alone, shares = strongest_first(strengths, points)
    by_strength = sorted(ids, key=lambda pid: -strength[pid])
    rank = {pid: k for k, pid in enumerate(by_strength)}
    groups: dict[int, list[float]] = defaultdict(list)
    for pid in ids:
        groups[running[pid]].append(float(average_rating(opponents_rating[pid]) or 0))
    row: dict[str, float] = {
        "kendall_half": kendall_half(strengths, points),
        "spearman": spearman(points, strengths),
        "strongest_alone_first": float(alone),
        "strongest_shares_first": float(shares),
        **colour_shares(["".join(histories[pid]) for pid in ids]),
        "floats_per_round": floats / rounds,
        "mean_score_difference": sum(score_gaps) / len(score_gaps) if score_gaps else math.nan,
        "pab_count": float(len(pab)),
        "pab_receiver_rank": (sum(rank[pid] for pid in pab) / len(pab) / max(1, len(ids) - 1) if pab else math.nan),
        "aro_spread": group_spread(groups),
    }
    return {name: row[name] for name in METRICS}


def mean_ci95(values: Sequence[float]) -> dict[str, float | int | None]:
    """``{"mean", "ci95", "n", "sd"}`` over the values that are not NaN: the mean, the
    half-width of its 95 % confidence interval from Student's t distribution,
    ``t(0.975, n - 1) s / sqrt(n)`` (``s`` the sample standard deviation), how many
    values and ``s`` (:func:`tabellone.simulate.stats.describe`). ``None`` where there
    are too few values (no mean without values, no interval with fewer than two).

    >>> s = mean_ci95([1.0, 2.0, 3.0])                 # s = 1: 4.303 / sqrt(3)
    >>> s["mean"], round(s["ci95"], 4), s["n"]
    (2.0, 2.4841, 3)
    """
    return describe(values)


__all__ = [
    "METRICS",
    "average_ranks",
    "colour_shares",
    "group_spread",
    "kendall_half",
    "mean_ci95",
    "spearman",
    "strongest_first",
    "tournament_metrics",
]
