"""The criteria of the FIDE Lim system (C.04.4.3), 2026 text."""

from __future__ import annotations

from tabellone.rules.profiles.catalogue.known import B, table

# Lim's engine always enforces the absolute criteria ("k": a profile cannot drop them).
# As tabellone/rules/lim/ states it: its optimiser settles a group in three
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

LIM_2026 = table(_LIM_2026)
