"""Dubov's criteria as a profile (:mod:`tabellone.rules.profiles`, ``dubov-2026.toml``): which
fields the matchings of a 2026 bracket hold, in which order and with which weights.

A 2026 bracket is paired by two lexicographic matchings (:mod:`.procedure_2026`): the
*upfloater* matching chooses the upfloaters ([C5]-[C10], Art. 3.2.1-3.2.2), the
*bracket* matching pairs the closed bracket (the shifts of Art. 3.2.4, then S1 against
T2, Art. 3.2.5-3.2.6, stated by the optimised method as the ARO objective). Each
computes an edge's values in the text's own terms (a fixed list, :data:`UPFLOATER_TERMS`
and :data:`BRACKET_TERMS`); a :class:`Plan` built from the profile orders them by the
profile's levels, adds up the members of a weighted level and leaves out what the
profile drops. Every value is maximised (the matchings maximise; a criterion the text
minimises enters as its complement). The official profile's plan is the text's order,
so the official rules and every variant run through the same code.

Where the text's procedure fixes the place of a step, a profile does not move it: the
shifts of Art. 3.2.4 come after the criteria ranked above ``ARO`` and before ``ARO`` and
everything ranked below it (the text chooses the shifters before it balances ARO by S1
and T2); ``ARO`` never steers the choice of upfloaters (rows and columns exist only in
the closed bracket). The generation-order tie-breaks (the set order of Art. 4.2, the
shifters' sequence numbers of Art. 4.3, the S1/T2 positions of 3.2.5-3.2.6) follow
every criterion, and ``generation_order = false`` leaves them out: any optimum is taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabellone.rules.profiles import Profile, official, resolve_for

#: Criteria of the upfloater matching, each with its fields (C6 has one per score level
#: below the bracket, added by :func:`upfloater_plan`).
UPFLOATER_TERMS = ("C1", "C3", "C5", "C7", "C8", "C9", "C10")
#: Criteria of the bracket matching.
BRACKET_TERMS = ("C1", "C3", "C7", "ARO")


def profile_of(profile: Profile | str | None, edition: str) -> Profile | None:
    """The profile to pair with: the one given (a Profile, a shipped name or a TOML
    path), else the official one of ``edition`` (None for 1997: its optimiser states the
    text's procedure, it has no profile). A profile of another system or edition is an
    input error."""
    p = resolve_for(profile, "dubov", edition)
    if p is None:
        return official("dubov", edition) if edition == "2026" else None
    return p


@dataclass(frozen=True)
class Plan:
    """The fields of one matching, in the profile's order: each a weighted sum of the
    text's terms (``fields[k]``: [(term index, weight)]), ``maxima`` the largest value
    of each on one edge. ``split`` is the first field from the ``ARO`` level on (the
    shifts of 3.2.4 go in there)."""

    fields: tuple[tuple[tuple[int, int], ...], ...]
    maxima: tuple[int, ...]
    split: int
    gather: tuple[int, ...] | None

    def values(self, terms: list[int]) -> list[int]:
        """One edge's fields from its terms (in the order the plan was built with)."""
        if self.gather is not None:
            return [terms[i] for i in self.gather]
        return [sum(terms[i] * w for i, w in f) for f in self.fields]


def build_plan(profile: Profile, blocks: list[tuple[str, list[int]]]) -> Plan:
    """The plan of a matching whose terms are ``blocks``: (criterion, per-edge maxima of
    its terms), in the order the matching lists its terms. Criteria the matching does
    not have, or the profile drops or keeps absolute, give no field."""
    index: dict[str, list[tuple[int, int]]] = {}
    k = 0
    for cid, maxima in blocks:
        index[cid] = [(k + j, m) for j, m in enumerate(maxima)]
        k += len(maxima)
    fields: list[tuple[tuple[int, int], ...]] = []
    maxima: list[int] = []
    split = None
    for lv in profile.levels:
        ids = [cid for cid, _ in lv.members]
        if "ARO" in ids and split is None:
            split = len(fields)
        present = [(cid, w) for cid, w in lv.members if cid in index and _counted(profile, cid)]
        if not present:
            continue
        if not lv.weighted:
            for term, mx in index[present[0][0]]:
                fields.append(((term, 1),))
                maxima.append(mx)
        else:
            fields.append(tuple((term, w) for cid, w in present for term, _ in index[cid]))
            maxima.append(sum(w * mx for cid, w in present for _, mx in index[cid]))
    if split is None:
        split = len(fields)
    simple = all(len(f) == 1 and f[0][1] == 1 for f in fields)
    gather = tuple(f[0][0] for f in fields) if simple else None
    return Plan(tuple(fields), tuple(maxima), split, gather)


def _counted(profile: Profile, cid: str) -> bool:
    """A criterion enters the objective: a quality one, or an absolute one the profile
    counts as quality (C1, C3)."""
    return profile.kind(cid) == "quality"
