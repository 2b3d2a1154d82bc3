"""A criterion a system's text defines (:class:`Known`), and :func:`table`, which builds
a text's criteria from the short rows the system modules write."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Known:
    """A criterion a system's text defines: its id, what it asks, its official kind,
    how its value is shaped (``count``: one number per pair; ``scores``: compared score
    by score, highest first; ``completion``: part of the completion field), which
    procedures it makes sense in, and whether a profile may make it a quality one."""

    id: str
    text: str
    kind: str
    shape: str = "count"
    procedures: tuple[str, ...] = ("brackets",)
    relaxable: bool = False
    droppable: bool = True


BOTH = ("brackets", "global")
G = ("global",)
B = ("brackets",)

Row = tuple[str, str, str, str, tuple[str, ...], str]


def table(rows: tuple[Row, ...]) -> dict[str, Known]:
    """The criteria of one text by id, from rows in the text's order: id, what it asks
    (what a quality criterion minimises), official kind, shape, procedures, flags (``r``:
    a profile may make it a quality criterion; ``k``: it cannot be dropped)."""
    return {
        cid: Known(cid, text, kind, shape, procs, "r" in flags, "k" not in flags)
        for cid, text, kind, shape, procs, flags in rows
    }
