"""The criteria of the FIDE Dubov system (C.04.4.1), 2026 text."""

from __future__ import annotations

from tabellone.rules.profiles.catalogue.known import B, table

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

DUBOV_2026 = table(_DUBOV_2026)
