"""The criteria of the FIDE Burstein system (C.04.4.2): the earlier text as bbpPairings
reads it, the 2025 text (``C.1``..) and the 2026 text (``C1``..)."""

from __future__ import annotations

from tabellone.rules.profiles.catalogue.known import B, Row, table

# Burstein's engine always enforces the absolute criteria ("k": a profile cannot drop
# them); a profile reorders, weights or drops the quality criteria.
# The earlier text as bbpPairings reads it (tabellone/rules/burstein/__init__.py): its
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


def _burstein_current(sep: str) -> tuple[Row, ...]:
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


BURSTEIN_LEGACY = table(_BURSTEIN_LEGACY)
BURSTEIN_2026 = table(_burstein_current(""))
BURSTEIN_2025 = table(_burstein_current("."))
