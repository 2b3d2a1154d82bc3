"""The objective of an engine, built from a profile: the quality fields in the profile's
order, and how one pair's values fold onto them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tabellone.rules.profiles.model import Level, Profile


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
    #: the profile's levels (:attr:`Profile.levels`), listed once: every bracket's layout reads them
    levels: tuple[Level, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        p = self.profile
        self.levels = p.levels
        route: dict[str, tuple[str | tuple, int] | None] = {}
        for cid in set(self.owner.values()):
            route[cid] = None
        for lv in self.levels:
            for cid, w in lv.members:
                route[cid] = (("L", lv.name), w) if lv.weighted else (cid, 1)
        self.route = route
        order = [cid for lv in self.levels for cid, _ in lv.members]
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
        for lv in self.levels:
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
