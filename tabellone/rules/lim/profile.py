"""The Lim criteria as a profile (``lim-2026.toml``, docs/profiles.md): which orders and
weights the optimiser's three stages accept."""

from __future__ import annotations

from tabellone.core.errors import InputError
from tabellone.rules.lim.context import STAGES
from tabellone.rules.profiles import Profile, official, resolve_for


def profile_of(profile: Profile | str | None, edition: str = "2026") -> Profile:
    """The profile to pair with (default: the official ``lim-2026``), checked against
    the stages of the optimiser: a profile may reorder, weight or drop criteria within a
    stage, not move one across stages nor weight criteria of two stages together."""
    p = resolve_for(profile, "lim", edition)
    if p is None:
        return official("lim", edition)
    where = dict(source=p.source or None, field="--profile")
    last = 0
    for lv in p.levels:
        stages = {STAGES[cid] for cid, _ in lv.members if cid != "4.4"}
        if len(stages) > 1:
            raise InputError(
                f"profile {p.name}: level {lv.name!r} weighs criteria of different stages of the Lim "
                "optimiser together (3.9, 3.8: floaters arriving; 3.2-3.4: residents who float; 5.2: colours)",
                **where,
            )
        if stages and min(stages) < last:
            raise InputError(
                f"profile {p.name}: {lv.name} is placed after a criterion of a later stage; the Lim optimiser "
                "settles the floaters arriving (3.9, 4.4, 3.8), then the residents who float (3.2-3.4), "
                "then the colours (5.2): reorder within a stage only",
                **where,
            )
        last = max(stages) if stages else last
    return p
