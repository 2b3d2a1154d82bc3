"""Conformance: re-pair every round of reference tournaments and compare with the file.

For a file and a round ``r``: keep rounds ``1 .. r-1`` and the byes entered for round
``r`` (:func:`tabellone.core.history.cut_before`), pair round ``r``, and compare the pairs (with
colours) and the pairing-allocated bye with round ``r`` as recorded.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from tabellone.core.errors import TabelloneError
from tabellone.core.history import cut_before
from tabellone.core.model import pairs_of_round
from tabellone.formats.trf import read_trf
from tabellone.rules import DEFAULT_SYSTEM


@dataclass
class RoundResult:
    file: str
    round: int
    players: int
    identical: bool
    seconds: float
    detail: str = ""


@dataclass
class FileResult:
    file: str
    rounds: list[RoundResult] = field(default_factory=list)


def compare_round(t, r: int, pair_round, edition: str, name: str = "") -> RoundResult:
    cut = cut_before(t, r)
    recorded, pab = pairs_of_round(t, r)
    start = time.perf_counter()
    try:
        got = pair_round(cut, edition)
    except TabelloneError as exc:
        return RoundResult(name, r, len(t.players), False, time.perf_counter() - start, f"error: {exc}")
    seconds = time.perf_counter() - start
    expected_bye = pab[0] if pab else None
    if sorted(got.pairs) == sorted(recorded) and got.bye == expected_bye:
        return RoundResult(name, r, len(t.players), True, seconds)
    mine, theirs = set(got.pairs), set(recorded)
    detail = (
        f"reference only: {' '.join(f'{w}-{b}' for w, b in sorted(theirs - mine))}; "
        f"ours only: {' '.join(f'{w}-{b}' for w, b in sorted(mine - theirs))}; "
        f"bye reference {expected_bye} ours {got.bye}"
    )
    return RoundResult(name, r, len(t.players), False, seconds, detail)


def check_file(
    path: str | Path,
    edition: str,
    pair_round=None,
    rounds: list[int] | None = None,
    profile=None,
    system: str = DEFAULT_SYSTEM,
) -> FileResult:
    """Every round (or ``rounds``) of the reference file ``path`` re-paired by ``pair_round``
    (default: the ``system``'s, under ``profile`` for systems that have profiles: a name,
    a path or a Profile; the edition's official profile when None) and compared."""
    if pair_round is None:
        from tabellone.rules import get_system

        rules = get_system(system)
        options = rules.configure(edition, **({"profile": profile} if profile is not None else {}))[1]

        def pair_round(t, edition, round_number=None):
            return rules.pair(t, edition, round_number, options)

    t = read_trf(path)
    out = FileResult(str(path))
    for r in rounds or range(1, t.rounds_paired + 1):
        out.rounds.append(compare_round(t, r, pair_round, edition, Path(path).name))
    return out
