"""Checking a profile document: every error an :class:`~tabellone.core.errors.InputError`
with the line of the offending key."""

from __future__ import annotations

import re
from pathlib import Path

from tabellone.core.errors import InputError
from tabellone.rules.profiles.catalogue import CATALOGUE, Known
from tabellone.rules.profiles.costs import COST_MAX, SD_COSTS
from tabellone.rules.profiles.model import KINDS, PROCEDURES, Criterion, Profile

#: Bounds of ``weight`` and ``scale``: wide enough for any research question, narrow
#: enough that a level's weighted sum stays a modest integer.
WEIGHT_RANGE = (1, 1_000_000)
SCALE_RANGE = (1, 1000)


class Validator:
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
