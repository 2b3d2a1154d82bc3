"""What the score differences of the global procedure cost: the ``cost`` of the ``SD``
criterion, a named function or a table of whole numbers by difference."""

from __future__ import annotations

#: The named cost functions of ``SD``'s score differences (besides a table).
SD_COSTS = ("linear", "squared")
#: The largest entry of an ``SD`` cost table.
COST_MAX = 1_000_000


def sd_cost(d: int, cost: str | tuple[int, ...] = "linear") -> int:
    """What a score difference of ``d`` (points x scale, a whole number) costs under
    ``cost``: ``"linear"`` ``d``; ``"squared"`` ``d * d``; a table ``(c0, c1, ...)``
    ``c_d``, and past its end the last entry plus the table's last step for each unit
    beyond (a table ``[0, 1, 3]`` costs 5 at ``d = 4``).

    >>> [sd_cost(d) for d in range(4)], [sd_cost(d, "squared") for d in range(4)]
    ([0, 1, 2, 3], [0, 1, 4, 9])
    >>> [sd_cost(d, (0, 1, 3)) for d in range(6)]
    [0, 1, 3, 5, 7, 9]
    """
    if cost == "linear":
        return d
    if cost == "squared":
        return d * d
    if d < len(cost):
        return cost[d]
    step = cost[-1] - cost[-2] if len(cost) > 1 else 0
    return cost[-1] + step * (d - len(cost) + 1)
