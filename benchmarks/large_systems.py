#!/usr/bin/env python3
"""The systems other than Dutch on one round of a 4,000-player event, before and after a
change, in one run (issue 26: each round under 10 s and 500 MB), with the reference
engine beside Burstein ``legacy``.

    python benchmarks/large_systems.py [--before DIR] [--event FILE.trf ...]
        [--cases dubov-2026-r9:literal,...] [--timeout S] [--reference PATH]

The event defaults to ``../shared/corpus/dutch-large/large-4000-r8of9-burstein-history-s900005.trf``
(eight rounds played: ``r9`` pairs the ninth from them); several events may be given
(e.g. ones written by ``tabellone generate --system burstein``), each gets its table.
Each case is ``SYSTEM-EDITION-rROUND:METHOD`` and runs in a process of its own
(:func:`other_systems_speed.run`): ``cpu s`` is the pairing's CPU time, ``peak MB`` the
process's maximum resident set. ``--before DIR`` runs the same case on another copy of
the code (a checkout of the commit before a change, e.g. ``git worktree add``; ``DIR``
holds the ``tabellone`` package, with its compiled core built) and prints both, their
ratio and whether the two pairings are identical (boards, colours and the bye). A case
over ``--timeout`` seconds prints that instead of a time.

``--reference PATH``: bbpPairings 5.0.1 (built outside the project), whose Burstein is
the reading the edition ``legacy`` follows, pairs the same round of every
``burstein-legacy`` case (``PATH --burstein IN.trf -p OUT``, the event cut before the
round); its CPU time (user + system) and peak memory are printed under ``ref``, with
Tabellone's CPU time over it and whether the two rounds are identical (games with
colours, and the bye).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from dutch_speed import run_child
from other_systems_speed import run

ROOT = Path(__file__).resolve().parents[1]
EVENT = ROOT.parent / "shared" / "corpus" / "dutch-large" / "large-4000-r8of9-burstein-history-s900005.trf"
CASES = (
    "dubov-2026-r9:literal",
    "dubov-2026-r9:optimised",
    "dubov-1997-r9:literal",
    "burstein-2026-r9:optimised",
    "burstein-2025-r9:optimised",
    "burstein-legacy-r9:optimised",
)


def _cell(got: dict | None) -> str:
    if got is None:
        return f"{'-':>8} {'-':>8}"
    if "error" in got:
        return f"{got['error'][:17]:>17}"
    return f"{got['cpu']:>8.1f} {got['peak_mb']:>8.0f}"


def reference(engine: str, event: Path, rnd: int, timeout: float) -> dict:
    """bbpPairings' Burstein on round ``rnd`` of ``event``: {cpu, peak_mb, pairs, bye}
    (pairs as [white, black]), or {error}."""
    sys.path.insert(0, str(ROOT))
    from tabellone.core.history import cut_before
    from tabellone.formats.trf import format_trf, read_trf

    with tempfile.TemporaryDirectory() as folder:
        trf, out = Path(folder) / "in.trf", Path(folder) / "out.txt"
        trf.write_text(format_trf(cut_before(read_trf(event), rnd)))
        got = run_child([engine, "--burstein", str(trf), "-p", str(out)], timeout)
        if isinstance(got, str):
            return {"error": got}
        words = [int(x) for x in out.read_text().split()]
    pairs, bye = [], None
    for k in range(words[0]):
        white, black = words[1 + 2 * k], words[2 + 2 * k]
        if black == 0:
            bye = white
        else:
            pairs.append([white, black])
    return {**got[1], "pairs": pairs, "bye": bye}


def _same(a: dict, b: dict) -> bool:
    """The same games with the same colours, and the same bye."""
    return (sorted(map(tuple, a["pairs"])), a["bye"]) == (sorted(map(tuple, b["pairs"])), b["bye"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--event", type=Path, nargs="+", default=[EVENT])
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--before", type=Path, help="another copy of the code (the commit before a change)")
    ap.add_argument("--reference", help="bbpPairings 5.0.1's executable: beside every burstein-legacy case")
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args(argv)
    differ = False
    for event in args.event:
        if not event.exists():
            print(f"{event}: not found (the shared corpus is needed, or give --event)", file=sys.stderr)
            return 5
        print(f"event: {event.name}")
        print(
            f"{'system':<9} {'edition':<8} {'round':>5} {'method':<10} {'before s':>8} {'MB':>8} "
            f"{'after s':>8} {'MB':>8} {'ratio':>6}  identical"
            + (f"  {'ref s':>8} {'MB':>8} {'ratio':>6}  identical" if args.reference else "")
        )
        for spec in args.cases.split(","):
            case, _, method = spec.partition(":")
            method = method or "literal"
            system, edition, rnd = case.split("-")
            before = run(event, case, method, args.timeout, args.before) if args.before else None
            after = run(event, case, method, args.timeout)
            ratio, same = "-", "-"
            if before is not None and "error" not in before and "error" not in after:
                ratio = f"{after['cpu'] / max(before['cpu'], 1e-9):.2f}"
                same = "yes" if (before["pairs"], before["bye"]) == (after["pairs"], after["bye"]) else "NO"
                differ |= same == "NO"
            line = f"{system:<9} {edition:<8} {rnd[1:]:>5} {method:<10} {_cell(before)} {_cell(after)} {ratio:>6}  {same:<9}"
            if args.reference and (system, edition) == ("burstein", "legacy"):
                ref = reference(args.reference, event, int(rnd[1:]), args.timeout)
                r_ratio, r_same = "-", "-"
                if "error" not in ref and "error" not in after:
                    r_ratio = f"{after['cpu'] / max(ref['cpu'], 1e-9):.3f}"
                    r_same = "yes" if _same(ref, after) else "NO"
                line += f"  {_cell(ref)} {r_ratio:>6}  {r_same}"
            print(line.rstrip(), flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
