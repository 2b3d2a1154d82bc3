"""A profile as the engines read it: :class:`Profile`, its entries (:class:`Criterion`)
and the levels of the lexicographic objective they form (:class:`Level`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from tabellone.rules.profiles.catalogue import CATALOGUE, Known

PROCEDURES = ("brackets", "global")
KINDS = ("absolute", "quality")


@dataclass(frozen=True)
class Criterion:
    """One entry of a profile: a criterion of the text, its kind, and (quality) how it
    enters the objective. ``line`` is where the entry starts in its file."""

    id: str
    article: str
    kind: str
    level: str
    weight: int = 1
    scale: int = 1
    line: int | None = None
    cost: str | tuple[int, ...] = "linear"


@dataclass(frozen=True)
class Level:
    """One level of the lexicographic objective: one criterion, or the weighted sum of
    several (``members``: (criterion id, weight))."""

    name: str
    members: tuple[tuple[str, int], ...]

    @property
    def weighted(self) -> bool:
        return len(self.members) > 1 or self.members[0][1] != 1


@dataclass(frozen=True)
class Profile:
    """A system's criteria in priority order, and the switches of its procedure."""

    name: str
    system: str
    edition: str
    procedure: str
    generation_order: bool
    criteria: tuple[Criterion, ...]
    dropped: tuple[str, ...] = ()
    title: str = ""
    source: str = ""
    official: bool = False

    # ---- what the engines read -------------------------------------------------------

    @property
    def known(self) -> dict[str, Known]:
        return CATALOGUE[(self.system, self.edition)]

    def kind(self, cid: str) -> str | None:
        """``absolute``, ``quality`` or None (dropped) for criterion ``cid``."""
        for c in self.criteria:
            if c.id == cid:
                return c.kind
        return None

    def is_absolute(self, cid: str) -> bool:
        return self.kind(cid) == "absolute"

    def is_relaxed(self, cid: str) -> bool:
        """An absolute criterion of the text that this profile counts as quality."""
        return self.known[cid].kind == "absolute" and self.kind(cid) == "quality"

    def criterion(self, cid: str) -> Criterion | None:
        return next((c for c in self.criteria if c.id == cid), None)

    @cached_property
    def levels(self) -> tuple[Level, ...]:
        """The quality levels in priority order (completion criteria excluded: they form
        the first field of every engine). Worked out on the first read and kept (a
        profile is immutable; engines read them several times a bracket)."""
        out: list[Level] = []
        index: dict[str, int] = {}
        for c in self.criteria:
            if c.kind != "quality" or self.known[c.id].shape == "completion":
                continue
            if c.level in index:
                lv = out[index[c.level]]
                out[index[c.level]] = Level(lv.name, lv.members + ((c.id, c.weight),))
            else:
                index[c.level] = len(out)
                out.append(Level(c.level, ((c.id, c.weight),)))
        return tuple(out)

    def quality_criteria(self) -> list[tuple[str, str]]:
        """The quality levels as the verifier reports them: (name, what is minimised).
        A weighted level is named after its ``level`` and described as its sum."""
        out = []
        for lv in self.levels:
            if not lv.weighted:
                cid = lv.members[0][0]
                out.append((cid, self.known[cid].text))
            else:
                terms = " + ".join(f"{w} x {cid}" for cid, w in lv.members)
                out.append((lv.name, f"weighted sum {terms}"))
        return out

    def level_values(self, values: dict[str, object]) -> dict[str, int]:
        """The value of each weighted level from its members' values (counts of what
        breaks them, or SD's score differences in points x scale)."""
        out: dict[str, int] = {}
        for lv in self.levels:
            if lv.weighted:
                out[lv.name] = sum(w * int(values.get(cid, 0)) for cid, w in lv.members)  # type: ignore[call-overload]
        return out

    def __str__(self) -> str:
        return self.name
