"""Lexicographic objectives packed into one integer weight per edge.

A ruleset's quality criteria are ordered: the first matters infinitely more than the
second, and so on. For a maximum-weight matching this is exact when each criterion is a
*field* of bits in the edge weight, the most important field in the most significant
bits, and every field is wide enough that its sum over any matching cannot carry into
the field above (the classic construction; see e.g. Olafsson, "Weighted matching in
chess tournaments", J. Oper. Res. Soc. 41, 1990).

:class:`Layout` computes those widths from the values actually present, so that the
weight is as narrow as the instance allows: a field that no edge uses takes no bits, and
a field whose values can sum to at most ``m`` over a matching takes ``m.bit_length()``
bits. Narrow weights let the fast 128-bit matching back end take more instances.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Layout:
    """Bit offsets of named fields, most significant first."""

    names: tuple[str, ...]
    shifts: tuple[int, ...]
    widths: tuple[int, ...]

    @property
    def total_bits(self) -> int:
        return (self.shifts[0] + self.widths[0]) if self.names else 0

    @property
    def fields(self) -> list[tuple[int, int]]:
        """``(shift, width)`` of every field, most significant first (for back ends that
        solve field by field, such as :mod:`tabellone.matching.cpsat`)."""
        return list(zip(self.shifts, self.widths))

    def shift(self, name: str) -> int:
        return self.shifts[self.names.index(name)]

    def pack(self, values: Sequence[int]) -> int:
        """One weight from field values given in the layout's order."""
        w = 0
        for v, s in zip(values, self.shifts):
            if v:
                w += v << s
        return w


def fit_layout(names: Sequence[str], maxima: Sequence[int], top_width: int | None = None) -> Layout:
    """A layout in which field ``i`` can hold a sum up to ``maxima[i]`` without carrying.

    ``maxima`` are the largest sums each field can reach over one matching (the largest
    per-edge value times the most edges that can carry it). The first field is the most
    significant; ``top_width`` overrides its width (nothing lies above it to carry into).
    """
    widths = [int(m).bit_length() for m in maxima]
    if top_width is not None and widths:
        widths[0] = max(widths[0], top_width)
    shifts = [0] * len(widths)
    acc = 0
    for i in range(len(widths) - 1, -1, -1):
        shifts[i] = acc
        acc += widths[i]
    return Layout(tuple(names), tuple(shifts), tuple(widths))
