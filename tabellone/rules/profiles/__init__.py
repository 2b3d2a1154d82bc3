"""Profiles: a pairing system's criteria as data.

A profile is a TOML file (read with :mod:`tomllib`) that lists a system's criteria in
priority order, each with its article id (``C12``), the text of the article, and its
kind: ``absolute`` (a hard constraint: no pairing may break it) or ``quality`` (a term
of the objective). The engine builds its weights from the profile, so the official
rules and every variant run through one code path (:mod:`tabellone.rules.dutch`,
:mod:`tabellone.rules.dutch.global_pairing`, :mod:`tabellone.rules.dubov.profile`). The shipped profiles live next
to this module (``dutch-2026.toml``, ``dutch-2017.toml``, ``global.toml``,
``dubov-2026.toml``); the format is described in
``docs/profiles.md``.

How a quality criterion enters the objective. The objective is lexicographic: a list of
*levels*, the first infinitely more important than the second. By default each quality
criterion is a level of its own, in the order the profile lists them (a criterion that
the text compares score by score, such as C7 or C18-C21, keeps its own sub-order inside
its level). Criteria that name the same ``level`` form one level whose value is the
weighted sum ``weight x value`` of its members (only criteria that yield one number per
pair can share a level). ``scale`` turns a criterion measured in points (the score
difference ``SD`` of the global procedure) into whole numbers: points x scale, and
``cost`` says what a pair's difference ``d`` (in those units) costs: ``"linear"`` (``d``,
the default), ``"squared"`` (``d * d``: one gap of two costs more than two gaps of one)
or a table ``[c0, c1, c2, ...]`` of whole numbers by difference (:func:`sd_cost`).

What a profile may change, and what it may not:

* reorder the quality criteria, weight them into shared levels, drop them (``dropped``);
* turn C1 (no rematch) or C3 (absolute colours) into a quality criterion, which then
  counts the pairs that break it, at the place the profile gives it;
* drop C1, C2 or C3 altogether (listed in ``dropped``: never silently);
* switch off the generation-order tie-breaks of the text (``generation_order``);
* pair the whole round as one matching (``procedure = "global"``).

C4 (every player can be paired) and C5 (the PAB goes to the lowest score) are the
completion part of the objective: they stay where the text has them.

A bad profile is an :class:`~tabellone.core.errors.InputError` naming the file, the
line and the reason.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tabellone.core.errors import InputError

HERE = Path(__file__).resolve().parent

PROCEDURES = ("brackets", "global")
KINDS = ("absolute", "quality")
#: Bounds of ``weight`` and ``scale``: wide enough for any research question, narrow
#: enough that a level's weighted sum stays a modest integer.
WEIGHT_RANGE = (1, 1_000_000)
SCALE_RANGE = (1, 1000)
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

# The criteria of each text, in its order: id, what it asks (what a quality criterion
# minimises), official kind, shape, procedures, flags (r: a profile may make it a
# quality criterion; k: it cannot be dropped).
_DUTCH_2026 = (
    ("C1", "two players shall not play each other more than once", "absolute", "count", BOTH, "r"),
    (
        "C2",
        "no PAB for a player who already had one or scored a win's points without playing",
        "absolute",
        "count",
        BOTH,
        "",
    ),
    ("C3", "non-topscorers with the same absolute colour preference shall not meet", "absolute", "count", BOTH, "r"),
    ("C4", "the remaining players can be paired (completion)", "absolute", "completion", BOTH, "k"),
    ("C5", "score of the PAB assignee", "quality", "completion", BOTH, "k"),
    ("C6", "downfloaters", "quality", "count", B, ""),
    ("C7", "downfloater scores", "quality", "scores", B, ""),
    ("C8", "downfloaters chosen so the next bracket meets C1-C7", "quality", "scores", B, ""),
    ("C9", "unplayed rounds of the PAB assignee", "quality", "count", BOTH, ""),
    ("C10", "topscorers or opponents with |CD| > 2", "quality", "count", BOTH, ""),
    ("C11", "topscorers or opponents with the same colour three times running", "quality", "count", BOTH, ""),
    ("C12", "colour preferences not met", "quality", "count", BOTH, ""),
    ("C13", "strong colour preferences not met", "quality", "count", BOTH, ""),
    ("C14", "resident downfloaters who downfloated the round before", "quality", "count", B, ""),
    ("C15", "MDP opponents who upfloated the round before", "quality", "count", B, ""),
    ("C16", "resident downfloaters who downfloated two rounds before", "quality", "count", B, ""),
    ("C17", "MDP opponents who upfloated two rounds before", "quality", "count", B, ""),
    ("C18", "score differences of MDPs who downfloated the round before", "quality", "scores", B, ""),
    ("C19", "score differences of MDP opponents who upfloated the round before", "quality", "scores", B, ""),
    ("C20", "score differences of MDPs who downfloated two rounds before", "quality", "scores", B, ""),
    ("C21", "score differences of MDP opponents who upfloated two rounds before", "quality", "scores", B, ""),
    ("SD", "score differences of the pairs, x scale (Sauer, Cseh & Lenzner 2024)", "quality", "count", G, ""),
)
_DUTCH_2017 = (
    ("C.1", "two players shall not play each other more than once", "absolute", "count", B, "r"),
    ("C.2", "no PAB after a PAB or a forfeit win", "absolute", "count", B, ""),
    ("C.3", "non-topscorers with the same absolute colour preference shall not meet", "absolute", "count", B, "r"),
    ("C.4", "the remaining players can be paired (completion)", "absolute", "completion", B, "k"),
    ("C.5", "downfloaters (pairs not made)", "quality", "count", B, ""),
    ("C.6", "pairing score difference (PSD)", "quality", "scores", B, ""),
    ("C.7", "downfloaters chosen so the next bracket meets C.1-C.6", "quality", "scores", B, ""),
    ("C.8", "topscorers or opponents with |CD| > 2", "quality", "count", B, ""),
    ("C.9", "topscorers or opponents with the same colour three times running", "quality", "count", B, ""),
    ("C.10", "colour preferences not met", "quality", "count", B, ""),
    ("C.11", "strong colour preferences not met", "quality", "count", B, ""),
    ("C.12", "downfloaters who downfloated the round before", "quality", "count", B, ""),
    ("C.13", "upfloaters who upfloated the round before", "quality", "count", B, ""),
    ("C.14", "downfloaters who downfloated two rounds before", "quality", "count", B, ""),
    ("C.15", "upfloaters who upfloated two rounds before", "quality", "count", B, ""),
    ("C.16", "score differences of repeated downfloaters (round before)", "quality", "scores", B, ""),
    ("C.17", "score differences of repeated upfloaters (round before)", "quality", "scores", B, ""),
    ("C.18", "score differences of repeated downfloaters (two rounds before)", "quality", "scores", B, ""),
    ("C.19", "score differences of repeated upfloaters (two rounds before)", "quality", "scores", B, ""),
)
#: FIDE Dubov 2026 (C.04.4.1): C1-C4 absolute, C5-C10 the quality criteria of Art. 2.3;
#: ``ARO`` is the balance the optimised method states as an objective (tabellone/rules/dubov/aro.py).
_DUBOV_2026 = (
    ("C1", "two players shall not play each other more than once", "absolute", "count", B, "r"),
    ("C2", "no PAB after a PAB or a win without playing", "absolute", "count", B, ""),
    ("C3", "players with the same absolute colour preference shall not meet", "absolute", "count", B, "r"),
    ("C4", "the remaining players can be paired (completion)", "absolute", "completion", B, "k"),
    ("C5", "upfloaters", "quality", "count", B, ""),
    ("C6", "score differences in the pairs with upfloaters", "quality", "scores", B, ""),
    ("C7", "players who do not get their colour preference", "quality", "count", B, ""),
    ("C8", "upfloaters who are maximum upfloaters", "quality", "count", B, ""),
    ("C9", "times the maximum upfloaters have been upfloated", "quality", "count", B, ""),
    ("C10", "upfloaters who upfloated in the previous round", "quality", "count", B, ""),
    ("ARO", "ARO balance: sum of row ARO x column rating (optimised method)", "quality", "count", B, ""),
)

# Burstein and Lim: their engines always enforce the absolute criteria ("k": a profile
# cannot drop them); a profile reorders, weights or drops the quality criteria.
# Burstein (C.04.4.2). The earlier text as bbpPairings reads it (tabellone/rules/burstein/__init__.py): its
# criteria are named as the verifier reports them; the PAB goes to the lowest eligible
# player before the matching (a procedure, not a field).
_BURSTEIN_LEGACY = (
    ("3.1", "two players shall not play each other more than once", "absolute", "count", B, "k"),
    (
        "colours",
        "two players with an absolute preference for the same colour shall not meet",
        "absolute",
        "count",
        B,
        "k",
    ),
    ("bye", "no PAB after a PAB or a forfeit win (C.04.1)", "absolute", "count", B, "k"),
    ("pairs", "the round can be paired (completion: the most pairs)", "absolute", "completion", B, "k"),
    ("floaters", "players paired outside their score group", "quality", "count", B, ""),
    ("colour", "pairs in a score group whose due colours clash (Art. 1.3)", "quality", "count", B, ""),
)


def _burstein_current(sep: str):
    """The criteria of the 2026 text (``C1``..) or of the 2025 text (``C.1``..)."""
    return (
        (f"C{sep}1", "two players shall not play each other more than once", "absolute", "count", B, "k"),
        (
            f"C{sep}2",
            "no PAB for a player who had one or scored a win's points without playing",
            "absolute",
            "count",
            B,
            "k",
        ),
        (
            f"C{sep}3",
            "two players with the same absolute colour preference shall not meet",
            "absolute",
            "count",
            B,
            "k",
        ),
        (f"C{sep}4", "the remaining players can be paired (completion)", "absolute", "completion", B, "k"),
        (f"C{sep}5", "outgoing floaters of the bracket (the most pairs)", "quality", "count", B, ""),
        (
            f"C{sep}6",
            "scores of the outgoing floaters" if not sep else "incoming floaters paired, then their scores",
            "quality",
            "scores",
            B,
            "",
        ),
        (f"C{sep}7", "the next bracket's C5 and C6", "quality", "scores", B, ""),
        (f"C{sep}8", "players who do not get their colour preference", "quality", "count", B, ""),
    )


# Lim (C.04.4.3), as tabellone/rules/lim/ states it: its optimiser settles a group in three
# stages (floaters arriving; residents floated; colours), so a profile may reorder or
# weight criteria within a stage only (tabellone/rules/lim/profile.py checks it).
_LIM_2026 = (
    ("2.1", "compatible pairs only: no rematch, no colour three times running, |CD| <= 2", "absolute", "count", B, "k"),
    ("1.1", "the bye: lowest rank in the lowest score group, once per player", "absolute", "count", B, "k"),
    ("2.6", "the rest of the round can be paired (completion)", "absolute", "completion", B, "k"),
    ("3.9", "floaters arriving who float on", "quality", "count", B, ""),
    ("4.4", "players of the group left unpaired (the most pairs)", "quality", "count", B, "k"),
    ("3.8", "places of the floaters' opponents in the order of 3.8", "quality", "scores", B, ""),
    (
        "3.2-3.4",
        "places of the floated residents in the order of choice (3.2-3.4, 3.9, 3.10)",
        "quality",
        "scores",
        B,
        "",
    ),
    ("5.2", "colour faults: players without their due colour", "quality", "count", B, ""),
)


def _catalogue(rows) -> dict[str, Known]:
    return {
        cid: Known(cid, text, kind, shape, procs, "r" in flags, "k" not in flags)
        for cid, text, kind, shape, procs, flags in rows
    }


#: The criteria each (system, edition) defines, by id.
CATALOGUE: dict[tuple[str, str], dict[str, Known]] = {
    ("dutch", "2026"): _catalogue(_DUTCH_2026),
    ("dutch", "2017"): _catalogue(_DUTCH_2017),
    ("burstein", "legacy"): _catalogue(_BURSTEIN_LEGACY),
    ("burstein", "2026"): _catalogue(_burstein_current("")),
    ("burstein", "2025"): _catalogue(_burstein_current(".")),
    ("lim", "2026"): _catalogue(_LIM_2026),
    ("dubov", "2026"): _catalogue(_DUBOV_2026),
}


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

    @property
    def levels(self) -> tuple[Level, ...]:
        """The quality levels in priority order (completion criteria excluded: they form
        the first field of every engine)."""
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


# ----------------------------------------------------------------------------------------
# finding and reading profiles


def shipped() -> dict[str, Path]:
    """The profiles that come with Tabellone, by name."""
    return {p.stem: p for p in sorted(HERE.glob("*.toml"))}


def resolve(profile: Profile | str | os.PathLike[str] | None) -> Profile | None:
    """A :class:`Profile` from a Profile, the name of a shipped profile
    (``"dutch-2026"``, ``"global"``), or the path of a TOML file."""
    if profile is None or isinstance(profile, Profile):
        return profile
    text = os.fspath(profile)
    ships = shipped()
    if text in ships:
        return load(ships[text])
    path = Path(text)
    if not path.suffix and not path.exists():
        raise InputError(
            f"unknown profile: give a TOML file or one of {', '.join(ships)}", source=text, field="--profile"
        )
    return load(path)


def resolve_for(profile: Profile | str | os.PathLike[str] | None, system: str, edition: str) -> Profile | None:
    """:func:`resolve`, and the profile must be for ``system`` and ``edition`` (else an
    :class:`~tabellone.InputError` naming both); ``None`` when none is given (each
    system then takes its :func:`official` profile, or none)."""
    p = resolve(profile)
    if p is not None and (p.system, p.edition) != (system, edition):
        raise InputError(
            f"profile {p.name} is for {p.system} {p.edition}, not {system} {edition}",
            source=p.source or None,
            field="--profile",
        )
    return p


_OFFICIAL_CACHE: dict[tuple[str, str], Profile] = {}


def official(system: str, edition: str) -> Profile:
    """The shipped profile that states the rules as published (cached)."""
    key = (system, edition)
    if key not in _OFFICIAL_CACHE:
        _OFFICIAL_CACHE[key] = load(HERE / f"{system}-{edition}.toml")
    return _OFFICIAL_CACHE[key]


def load(path: str | os.PathLike[str]) -> Profile:
    """Read and validate the profile in ``path``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("profile file not found", source=str(path), field="--profile") from None
    except OSError as exc:
        raise InputError(f"cannot read the profile ({exc.strerror})", source=str(path), field="--profile") from None
    return parse(text, str(path))


_TOML_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def parse(text: str, source: str = "<profile>") -> Profile:
    """The profile in TOML ``text`` (``source`` names it in errors)."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        where = _TOML_WHERE.search(msg)
        line = int(where.group(1)) if where else None
        if where:
            msg = msg[: where.start()] + f" (column {where.group(2)})"
        raise InputError(f"not valid TOML: {msg}", source=source, line=line) from None
    return _Validator(text, source).profile(doc)


class _Validator:
    """Checks one profile document, each error with the line of the offending key."""

    TOP_KEYS = {
        "name",
        "title",
        "system",
        "edition",
        "procedure",
        "generation_order",
        "dropped",
        "official",
        "criteria",
    }
    ENTRY_KEYS = {"id", "article", "kind", "level", "weight", "scale", "cost"}

    def __init__(self, text: str, source: str):
        self.lines = text.splitlines()
        self.source = source

    # -- where things are --------------------------------------------------------------

    def _entry_start(self, k: int) -> int | None:
        seen = -1
        for no, ln in enumerate(self.lines, start=1):
            if re.match(r"\s*\[\[\s*criteria\s*\]\]", ln):
                seen += 1
                if seen == k:
                    return no
        return None

    def line_of(self, key: str, entry: int | None = None) -> int | None:
        """The line of ``key`` at the top of the file, or inside criteria entry ``entry``."""
        pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
        if entry is None:
            for no, ln in enumerate(self.lines, start=1):
                if re.match(r"\s*\[", ln):
                    break
                if pattern.match(ln):
                    return no
            return None
        start = self._entry_start(entry)
        if start is None:
            return None
        for no in range(start + 1, len(self.lines) + 1):
            ln = self.lines[no - 1]
            if re.match(r"\s*\[", ln):
                break
            if pattern.match(ln):
                return no
        return start

    def fail(self, reason: str, key: str | None = None, entry: int | None = None) -> InputError:
        line = (
            self.line_of(key, entry) if key is not None else (self._entry_start(entry) if entry is not None else None)
        )
        return InputError(reason, source=self.source, line=line, field="profile")

    # -- the checks ----------------------------------------------------------------------

    def _string(self, doc: dict, key: str, default: str | None = None, entry: int | None = None) -> str:
        value = doc.get(key, default)
        if not isinstance(value, str) or not value:
            raise self.fail(f"{key} must be a non-empty string", key if key in doc else None, entry)
        return value

    def profile(self, doc: dict) -> Profile:
        for key in doc:
            if key not in self.TOP_KEYS:
                raise self.fail(f"unknown key {key!r}; expected one of {', '.join(sorted(self.TOP_KEYS))}", key)
        system = self._string(doc, "system")
        editions = sorted(e for s, e in CATALOGUE if s == system)
        if not editions:
            systems = sorted({s for s, _ in CATALOGUE})
            raise self.fail(f"system {system!r} has no profile support; expected one of {', '.join(systems)}", "system")
        edition = self._string(doc, "edition")
        if (system, edition) not in CATALOGUE:
            raise self.fail(
                f"{system} has no edition {edition!r} with profiles; expected one of {', '.join(editions)}", "edition"
            )
        known = CATALOGUE[(system, edition)]
        procedure = doc.get("procedure", "brackets")
        if procedure not in PROCEDURES:
            raise self.fail(f"procedure must be one of {', '.join(PROCEDURES)}, not {procedure!r}", "procedure")
        generation_order = doc.get("generation_order", True)
        if not isinstance(generation_order, bool):
            raise self.fail("generation_order must be true or false", "generation_order")
        dropped = doc.get("dropped", [])
        if not isinstance(dropped, list) or not all(isinstance(d, str) for d in dropped):
            raise self.fail("dropped must be a list of criterion ids", "dropped")
        entries = doc.get("criteria")
        if not isinstance(entries, list) or not entries:
            raise self.fail("no [[criteria]]: a profile lists its criteria in priority order")
        criteria: list[Criterion] = []
        seen: dict[str, int] = {}
        for k, entry in enumerate(entries):
            c = self._criterion(entry, k, known, system, edition, procedure)
            if c.id in seen:
                raise self.fail(f"{c.id} is listed twice (first at line {self._entry_start(seen[c.id])})", "id", k)
            seen[c.id] = k
            criteria.append(c)
        for d in dropped:
            if d not in known:
                raise self.fail(self._unknown(d, system, edition), "dropped")
            if d in seen:
                raise self.fail(f"{d} is both listed and dropped", "dropped")
            if not known[d].droppable:
                raise self.fail(
                    f"{d} ({known[d].text}) cannot be dropped: it is part of the completion of the round", "dropped"
                )
        applicable = [c.id for c in known.values() if procedure in c.procedures]
        for pos, cid in enumerate(applicable):
            if cid not in seen and cid not in dropped:
                what = "an absolute criterion" if known[cid].kind == "absolute" else "a quality criterion"
                # the line: the dropped list, else the entry the text puts after it
                later = next((seen[c] for c in applicable[pos + 1 :] if c in seen), None)
                err = self.fail(
                    f"{cid} ({known[cid].text}) is {what} of {system} {edition} that the profile neither "
                    f"lists nor drops: list it, or name it in dropped = [...]",
                    "dropped" if "dropped" in doc else "id",
                    None if "dropped" in doc else later,
                )
                raise err
        # completion first: C4 before every quality criterion, C5 (2026) before every other quality criterion
        first_quality = next((k for k, c in enumerate(criteria) if c.kind == "quality"), None)
        for k, c in enumerate(criteria):
            if known[c.id].shape != "completion":
                continue
            if c.kind == "absolute" and first_quality is not None and k > first_quality:
                raise self.fail(f"{c.id} (completion) must come before every quality criterion", "id", k)
            if c.kind == "quality" and first_quality is not None and k != first_quality:
                raise self.fail(
                    f"{c.id} ({known[c.id].text}) must be the first quality criterion: "
                    "it is part of the completion field",
                    "id",
                    k,
                )
        name = doc.get("name", Path(self.source).stem)
        if not isinstance(name, str) or not name:
            raise self.fail("name must be a non-empty string", "name")
        title = doc.get("title", "")
        if not isinstance(title, str):
            raise self.fail("title must be a string", "title")
        official = doc.get("official", False)
        if not isinstance(official, bool):
            raise self.fail("official must be true or false", "official")
        profile = Profile(
            name,
            system,
            edition,
            procedure,
            generation_order,
            tuple(criteria),
            tuple(dropped),
            title,
            self.source,
            official,
        )
        for lv in profile.levels:
            if len(lv.members) > 1:
                for cid, _ in lv.members:
                    if known[cid].shape != "count":
                        k = seen[cid]
                        raise self.fail(
                            f"{cid} is compared score by score and cannot share level {lv.name!r} with other criteria",
                            "level",
                            k,
                        )
        return profile

    @staticmethod
    def _unknown(cid: str, system: str, edition: str) -> str:
        for (s, e), known in CATALOGUE.items():
            if (s, e) != (system, edition) and cid in known:
                return f"{cid} is a criterion of {s} {e}, not of {system} {edition}"
        return f"unknown criterion {cid!r} of {system} {edition}; known: {', '.join(CATALOGUE[(system, edition)])}"

    def _criterion(
        self, entry: object, k: int, known: dict[str, Known], system: str, edition: str, procedure: str
    ) -> Criterion:
        if not isinstance(entry, dict):
            raise self.fail("each [[criteria]] entry must be a table", entry=k)
        for key in entry:
            if key not in self.ENTRY_KEYS:
                raise self.fail(
                    f"unknown key {key!r} in a criterion; expected one of {', '.join(sorted(self.ENTRY_KEYS))}", key, k
                )
        if "id" not in entry:
            raise self.fail("a criterion without id", entry=k)
        cid = self._string(entry, "id", entry=k)
        if cid not in known:
            raise self.fail(self._unknown(cid, system, edition), "id", k)
        spec = known[cid]
        if procedure not in spec.procedures:
            raise self.fail(f"{cid} ({spec.text}) is not defined for procedure = {procedure!r}", "id", k)
        kind = entry.get("kind", spec.kind)
        if kind not in KINDS:
            raise self.fail(f"kind must be absolute or quality, not {kind!r}", "kind", k)
        if kind != spec.kind:
            if spec.kind == "quality":
                raise self.fail(f"{cid} is a quality criterion: it cannot be made absolute", "kind", k)
            if not spec.relaxable:
                raise self.fail(
                    f"{cid} ({spec.text}) must stay absolute (only {', '.join(i for i, c in known.items() if c.relaxable)} "
                    "can become quality criteria)",
                    "kind",
                    k,
                )
        article = entry.get("article", spec.text)
        if not isinstance(article, str):
            raise self.fail("article must be a string", "article", k)
        for key, (lo, hi) in (("weight", WEIGHT_RANGE), ("scale", SCALE_RANGE)):
            value = entry.get(key, 1)
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise self.fail(f"{cid}: {key} must be a whole number from {lo} to {hi}, not {value!r}", key, k)
            if key in entry and kind != "quality":
                raise self.fail(f"{cid}: {key} applies to quality criteria only", key, k)
        if ("weight" in entry or "level" in entry) and spec.shape == "completion":
            raise self.fail(
                f"{cid} is part of the completion field: it takes no weight or level",
                "weight" if "weight" in entry else "level",
                k,
            )
        if "scale" in entry and cid != "SD":
            raise self.fail(f"{cid}: scale applies to criteria measured in points (SD) only", "scale", k)
        cost = self._cost(entry, cid, k)
        level = entry.get("level", cid)
        if not isinstance(level, str) or not level:
            raise self.fail("level must be a non-empty string", "level", k)
        return Criterion(
            cid,
            article,
            kind,
            level,
            entry.get("weight", 1),
            entry.get("scale", 2 if cid == "SD" else 1),
            self._entry_start(k),
            cost,
        )

    def _cost(self, entry: dict, cid: str, k: int) -> str | tuple[int, ...]:
        """``cost`` of SD: a named function or a table of whole numbers by difference,
        starting at 0 and never falling (a larger gap never costs less)."""
        if "cost" not in entry:
            return "linear"
        if cid != "SD":
            raise self.fail(f"{cid}: cost applies to the score differences (SD) only", "cost", k)
        cost = entry["cost"]
        if isinstance(cost, str):
            if cost not in SD_COSTS:
                raise self.fail(
                    f"SD: cost must be {' or '.join(repr(c) for c in SD_COSTS)} or a table, not {cost!r}", "cost", k
                )
            return cost
        if (
            not isinstance(cost, list)
            or len(cost) < 2
            or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= COST_MAX for c in cost)
        ):
            raise self.fail(
                f"SD: a cost table is a list of at least two whole numbers from 0 to {COST_MAX}, not {cost!r}",
                "cost",
                k,
            )
        if cost[0] != 0 or any(b < a for a, b in zip(cost, cost[1:])):
            raise self.fail(f"SD: a cost table starts at 0 and never falls, not {cost!r}", "cost", k)
        return tuple(cost)


# ----------------------------------------------------------------------------------------
# writing profiles: variants built in code (a notebook's drop-one-criterion arms)


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dumps(profile: Profile) -> str:
    """The TOML text of ``profile``, in the format :func:`parse` reads
    (``docs/profiles.md``): what a program hands to ``--profile`` or to a simulation's
    worker processes, which each read the file. Only keys that differ from the
    defaults are written for a criterion besides ``id``, ``kind`` and ``article``."""
    lines = [f"name = {_toml_string(profile.name)}"]
    if profile.title:
        lines.append(f"title = {_toml_string(profile.title)}")
    lines += [
        f"system = {_toml_string(profile.system)}",
        f"edition = {_toml_string(profile.edition)}",
        f"procedure = {_toml_string(profile.procedure)}",
        f"generation_order = {'true' if profile.generation_order else 'false'}",
        f"official = {'true' if profile.official else 'false'}",
    ]
    if profile.dropped:
        lines.append("dropped = [" + ", ".join(_toml_string(d) for d in profile.dropped) + "]")
    for c in profile.criteria:
        lines += [
            "",
            "[[criteria]]",
            f"id = {_toml_string(c.id)}",
            f"kind = {_toml_string(c.kind)}",
            f"article = {_toml_string(c.article)}",
        ]
        if c.level != c.id:
            lines.append(f"level = {_toml_string(c.level)}")
        if c.weight != 1:
            lines.append(f"weight = {c.weight}")
        if c.id == "SD" and c.scale != 2:
            lines.append(f"scale = {c.scale}")
        if c.cost != "linear":
            lines.append(f"cost = {_toml_string(c.cost)}" if isinstance(c.cost, str) else f"cost = {list(c.cost)}")
    return "\n".join(lines) + "\n"


def drop(profile: Profile, *ids: str, name: str | None = None, title: str | None = None) -> Profile:
    """``profile`` with criteria ``ids`` left out and named in ``dropped``, as a
    research variant (``official = false``) called ``name`` (default: ``drop-C12``...).

    The result goes through :func:`parse`, so a variant the format refuses (C4 or C5
    dropped, an unknown id) is the same :class:`InputError` a file would give.

    >>> p = drop(official("dutch", "2026"), "C12")
    >>> p.name, p.dropped, p.kind("C12"), p.official
    ('drop-C12', ('C12',), None, False)
    """
    listed = {c.id for c in profile.criteria}
    unknown = [i for i in ids if i not in listed]
    if unknown:
        raise InputError(f"{', '.join(unknown)}: not among the criteria of profile {profile.name}", field="profile")
    name = name or "drop-" + "-".join(ids)
    variant = Profile(
        name,
        profile.system,
        profile.edition,
        profile.procedure,
        profile.generation_order,
        tuple(c for c in profile.criteria if c.id not in ids),
        profile.dropped + tuple(ids),
        title if title is not None else f"{profile.title or profile.name} without {', '.join(ids)}",
        official=False,
    )
    return parse(dumps(variant), f"<{name}>")


# ----------------------------------------------------------------------------------------
# the objective of an engine, built from a profile


@dataclass
class Objective:
    """The quality fields of one engine, in the profile's order.

    An engine computes, for each pair, a ``dict`` field -> value (a field is a name, or
    a (name, score) tuple for criteria compared score by score), and names the criterion
    that owns each field (``owner``). :meth:`layout_names` orders the fields by the
    profile's levels; :meth:`fold` maps one pair's values onto them: a dropped
    criterion's fields vanish, a weighted level's members add into one field.

    ``pair_counting`` lists criteria whose field counts the pairs that *meet* them;
    when a profile may let that count trade against the number of pairs (it does not
    keep such criteria below the criterion that counts pairs), :meth:`fold` gives every
    edge the value 1 unless it breaks the criterion, so that, the number of matched
    edges being fixed by the completion field, the field counts the pairs that break
    it, as the verifier does.
    """

    profile: Profile
    owner: dict[str, str]
    pair_counting: frozenset[str] = frozenset()
    pairs_criterion: str | None = None
    identity: bool = field(init=False)
    route: dict[str, tuple[str | tuple, int] | None] = field(init=False)
    fill: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        p = self.profile
        route: dict[str, tuple[str | tuple, int] | None] = {}
        for cid in set(self.owner.values()):
            route[cid] = None
        for lv in p.levels:
            for cid, w in lv.members:
                route[cid] = (("L", lv.name), w) if lv.weighted else (cid, 1)
        self.route = route
        order = [cid for lv in p.levels for cid, _ in lv.members]
        pairs_at = order.index(self.pairs_criterion) if self.pairs_criterion in order else -1
        self.fill = tuple(
            cid
            for cid in self.pair_counting
            if cid in order and (pairs_at < 0 or order.index(cid) < pairs_at or route[cid][0] != cid)
        )
        # the fields an engine produces for this profile: the text's quality criteria and
        # the absolute ones the profile counts as quality
        produced = {c for c in set(self.owner.values()) if p.known[c].kind == "quality" or p.is_relaxed(c)}
        self.identity = not self.fill and all(route.get(c) == (c, 1) for c in produced)

    def layout_names(self, blocks: dict[str, list[tuple[object, int]]]) -> tuple[list, list[int]]:
        """Field names and maxima in priority order, from each criterion's fields
        (``blocks``: criterion -> [(field, largest sum over a matching)])."""
        names: list = []
        maxima: list[int] = []
        for lv in self.profile.levels:
            if not lv.weighted:
                for name, mx in blocks.get(lv.members[0][0], []):
                    names.append(name)
                    maxima.append(mx)
            else:
                total = 0
                for cid, w in lv.members:
                    total += w * sum(mx for _, mx in blocks.get(cid, []))
                names.append(("L", lv.name))
                maxima.append(max(total, 1))
        return names, maxima

    def fold(self, v: dict | None) -> dict | None:
        """One pair's field values mapped onto the profile's fields."""
        if v is None or self.identity:
            return v
        for cid in self.fill:
            for name in self._fields_of(cid):
                v.setdefault(name, 1)
        out: dict = {}
        owner, route = self.owner, self.route
        for key, value in v.items():
            base = key if isinstance(key, str) else key[0]
            cid = owner.get(base)
            if cid is None:  # the completion field
                out[key] = value
                continue
            target = route.get(cid)
            if target is None:
                continue
            name, w = target
            if name == cid:
                out[key] = value
            else:
                out[name] = out.get(name, 0) + w * value
        return out

    def _fields_of(self, cid: str) -> Iterable[str]:
        return [name for name, owner in self.owner.items() if owner == cid]
