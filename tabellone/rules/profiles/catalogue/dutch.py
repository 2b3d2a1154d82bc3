"""The criteria of the FIDE Dutch system (C.04.3): the 2026 text (C1-C21, and ``SD`` of
the global procedure) and the 2017 text (C.1-C.19)."""

from __future__ import annotations

from tabellone.rules.profiles.catalogue.known import BOTH, B, G, table

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

DUTCH_2026 = table(_DUTCH_2026)
DUTCH_2017 = table(_DUTCH_2017)
