#!/usr/bin/env python3
"""The systems other than Dutch on one round of a 4,000-player event, before and after a
change, in one run (issue 26: each round under 10 s and 500 MB), with the reference
engine beside Burstein ``legacy``.

    python benchmarks/large_systems.py [--before DIR] [--event FILE.trf ...] [--events DIR]
        [--cases dubov-2026-r9:literal,...] [--timeout S] [--reference PATH]

The event defaults to ``../shared/corpus/dutch-large/large-4000-r8of9-burstein-history-s900005.trf``
(eight rounds played: ``r9`` pairs the ninth from them); several events may be given
(e.g. ones written by ``tabellone generate --system burstein``), each gets its table.
The systems that file does not
fit are paired on events of their own, generated once into ``--events DIR`` by this
checkout's ``tabellone generate`` (:data:`GENERATED`, seed 26): Double-Swiss (``ds``) on
4,000 players and 5 matches (round columns 1-10: ``r7`` pairs match 4, ``r9`` match
5, the last), Swiss Team (``team``) on 999 teams of 4 boards and 9 rounds (TRF26's team
number has three digits, so 999 is the largest event a file holds, the issue's 1,000
teams less one). Each case is ``SYSTEM-EDITION-rROUND:METHOD`` (``italo``: the
italo-svizzero) and runs in a process of its own
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
import os
import subprocess
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
    "dubov-1997-r9:optimised",
    "italo-capo5-r9:literal",
    "italo-capo5-r9:optimised",
    "ds-2026-r7:literal",
    "ds-2026-r9:literal",
    "ds-2026-r9:optimised",
    "team-2026-r9:literal",
    "team-2026-r9:optimised",
    "burstein-2026-r9:optimised",
    "burstein-2025-r9:optimised",
    "burstein-legacy-r9:optimised",
)
#: The events generated for the systems the corpus file does not fit: file name and the
#: arguments of ``tabellone generate``.
GENERATED = {
    "ds": ("double-swiss-4000-m5-s26.trf", ["--system", "double-swiss", "--players", "4000", "--rounds", "5"]),
    "team": ("team-swiss-999-r9-s26.trf", ["--system", "team-swiss", "--teams", "999", "--rounds", "9"]),
}


def event_for(system: str, default: Path, events: Path) -> Path:
    """The event a case of ``system`` pairs: the corpus file, or its generated event
    (made by this checkout when it is not in ``events`` yet)."""
    if system not in GENERATED:
        return default
    name, args = GENERATED[system]
    path = events / name
    if not path.exists():
        events.mkdir(parents=True, exist_ok=True)
        print(f"generating {path} ...", flush=True)
        cmd = [sys.executable, "-m", "tabellone", "generate", *args, "--seed", "26", "-o", str(path), "-q"]
        subprocess.run(cmd, check=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return path


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
    ap.add_argument(
        "--events", type=Path, default=Path("/tmp/tabellone-large-events"), help="where generated events are kept"
    )
    args = ap.parse_args(argv)
    differ = False
    for default in args.event:
        if not default.exists():
            print(f"{default}: not found (the shared corpus is needed, or give --event)", file=sys.stderr)
            return 5
        print(f"event: {default.name}; ds, team: events generated into {args.events}")
        print(
            f"{'system':<9} {'edition':<8} {'round':>5} {'method':<10} {'before s':>8} {'MB':>8} "
            f"{'after s':>8} {'MB':>8} {'ratio':>6}  identical"
            + (f"  {'ref s':>8} {'MB':>8} {'ratio':>6}  identical" if args.reference else "")
        )
        for spec in args.cases.split(","):
            case, _, method = spec.partition(":")
            method = method or "literal"
            system, edition, rnd = case.split("-")
            event = event_for(system, default, args.events)
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
