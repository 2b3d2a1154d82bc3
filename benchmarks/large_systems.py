#!/usr/bin/env python3
"""The systems other than Dutch on one round of a 4,000-player event, before and after a
change, in one run (issue 26: each round under 10 s and 500 MB).

    python benchmarks/large_systems.py [--before DIR] [--event FILE.trf]
        [--cases dubov-2026-r9:literal,...] [--timeout S]

The event defaults to ``../shared/corpus/dutch-large/large-4000-r8of9-burstein-history-s900005.trf``
(eight rounds played: ``r9`` pairs the ninth from them). Each case is
``SYSTEM-EDITION-rROUND:METHOD`` and runs in a process of its own
(:func:`other_systems_speed.run`): ``cpu s`` is the pairing's CPU time, ``peak MB`` the
process's maximum resident set. ``--before DIR`` runs the same case on another copy of
the code (a checkout of the commit before a change, e.g. ``git worktree add``; ``DIR``
holds the ``tabellone`` package, with its compiled core built) and prints both, their
ratio and whether the two pairings are identical (boards, colours and the bye). A case
over ``--timeout`` seconds prints that instead of a time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from other_systems_speed import run

ROOT = Path(__file__).resolve().parents[1]
EVENT = ROOT.parent / "shared" / "corpus" / "dutch-large" / "large-4000-r8of9-burstein-history-s900005.trf"
CASES = ("dubov-2026-r9:literal", "dubov-2026-r9:optimised", "dubov-1997-r9:literal")


def _cell(got: dict | None) -> str:
    if got is None:
        return f"{'-':>8} {'-':>8}"
    if "error" in got:
        return f"{got['error'][:17]:>17}"
    return f"{got['cpu']:>8.1f} {got['peak_mb']:>8.0f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--event", type=Path, default=EVENT)
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--before", type=Path, help="another copy of the code (the commit before a change)")
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args(argv)
    if not args.event.exists():
        print(f"{args.event}: not found (the shared corpus is needed, or give --event)", file=sys.stderr)
        return 5
    print(f"event: {args.event.name}")
    print(
        f"{'system':<9} {'edition':<8} {'round':>5} {'method':<10} {'before s':>8} {'MB':>8} "
        f"{'after s':>8} {'MB':>8} {'ratio':>6}  identical"
    )
    differ = False
    for spec in args.cases.split(","):
        case, _, method = spec.partition(":")
        method = method or "literal"
        system, edition, rnd = case.split("-")
        before = run(args.event, case, method, args.timeout, args.before) if args.before else None
        after = run(args.event, case, method, args.timeout)
        ratio, same = "-", "-"
        if before is not None and "error" not in before and "error" not in after:
            ratio = f"{after['cpu'] / max(before['cpu'], 1e-9):.2f}"
            same = "yes" if (before["pairs"], before["bye"]) == (after["pairs"], after["bye"]) else "NO"
            differ |= same == "NO"
        print(
            f"{system:<9} {edition:<8} {rnd[1:]:>5} {method:<10} {_cell(before)} {_cell(after)} {ratio:>6}  {same}",
            flush=True,
        )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
