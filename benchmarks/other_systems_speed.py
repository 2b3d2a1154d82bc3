#!/usr/bin/env python3
"""Time Dubov (2026, 1997) and the italo-svizzero on 1,000-player rounds (issue 12).

    python benchmarks/other_systems_speed.py [--event FILE.trf] [--cases dubov-2026-r1,...]
        [--methods literal,optimised] [--timeout S] [--save DIR] [--against DIR]

The event is a 1,000-player, 9-round event of ``../shared/corpus/dutch-large/`` (paired
by the Dutch system; its players, ratings and results are re-read here, each round
paired by the system being timed): ``r1`` pairs round 1 (the players before any game),
``r9`` the last round from the eight rounds before it. Any other TRF works the same
(``tabellone generate --players 1000 --rounds 9`` writes one).

Cases are ``SYSTEM-EDITION-rROUND`` for Dubov (``dubov-2026-r9``) and
``italo-EDITION-rROUND`` for the italo-svizzero (``italo-capo5-r1``); each is run with
every method of ``--methods``. Each run is its own process: ``cpu`` is its user +
system time (steadier than wall-clock on a shared machine), ``peak MB`` its maximum
resident set; ``solves`` the matchings the engine solved, where it counts them.

The table also shows :data:`BEFORE`, the same cases measured the same way on the code
before the speed work of issue 12 (commit be555ac, 2026-12-01, this machine under load),
and the ratio after / before.

``--save DIR`` writes each pairing as JSON (boards in order, the bye); ``--against
DIR`` compares each pairing with the one saved there (``same``: identical boards and
colours), so a change can be shown to leave every output as it was. ``--root DIR`` times
another checkout of the code (``DIR/tabellone``, an earlier commit with the current
layout: the child imports ``tabellone.core.history``; its systems may be objects of the
interface or, before it, modules), run without this checkout's installed package. :data:`BEFORE` was measured on the layout of its day, by
this script as it was then.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EVENT = ROOT.parent / "shared" / "corpus" / "dutch-large" / "large-1000-r9-s900001.trf"
CASES = ("dubov-2026-r1", "dubov-2026-r9", "dubov-1997-r1", "dubov-1997-r9", "italo-capo5-r1", "italo-capo5-r9")

#: Short names of the systems in case names (a case is split at its hyphens).
ALIASES = {"italo": "italo-svizzero", "ds": "double-swiss", "team": "team-swiss"}

#: (case, method) -> (CPU s, peak MB) before the speed work (commit be555ac), measured by
#: this script with ``--root`` on a copy of that commit, on the default event.
BEFORE = {
    ("dubov-2026-r1", "literal"): (2.4, 133),
    ("dubov-2026-r1", "optimised"): (276.9, 523),
    ("dubov-2026-r9", "literal"): (26.6, 241),
    ("dubov-2026-r9", "optimised"): (46.0, 241),
    ("dubov-1997-r1", "literal"): (4.9, 142),
    ("dubov-1997-r1", "optimised"): (4.4, 142),
    ("dubov-1997-r9", "literal"): (9.5, 148),
    ("dubov-1997-r9", "optimised"): (68.4, 244),
    ("italo-capo5-r1", "literal"): (0.1, 39),
    ("italo-capo5-r1", "optimised"): (5.7, 193),
    ("italo-capo5-r9", "literal"): (2.0, 113),
    ("italo-capo5-r9", "optimised"): (21.9, 219),
}

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, {root!r})
sys.path.append({site!r})
from tabellone import api
from tabellone.rules import get_system
from tabellone.core.history import cut_before
t = api.read({path!r})
t = cut_before(t, {round!r})
rules = get_system({system!r})
if hasattr(rules, "configure"):  # the system interface (older code has modules)
    options = rules.configure({edition!r}, method={method!r})[1]
    pair = lambda: rules.pair(t, {edition!r}, {round!r}, options)
else:
    pair = lambda: rules.pair_round(t, {edition!r}, {round!r}, method={method!r})
start = time.process_time()
p = pair()
cpu = time.process_time() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"cpu": cpu, "peak_mb": usage.ru_maxrss / 1024, "pairs": [list(x) for x in p.pairs],
                  "bye": p.bye, "solves": getattr(p, "solves", None)}}))
"""


def run(event: Path, case: str, method: str, timeout: float, root: Path | None = None) -> dict:
    """One case in a process of its own; ``root``: another checkout of the code to time."""
    system, edition, rnd = case.split("-")
    system = ALIASES.get(system, system)
    site = str(Path(json.__file__).parent) if root is None else _site_packages()
    code = CHILD.format(
        root=str(root or ROOT),
        site=site,
        path=str(event),
        round=int(rnd[1:]),
        system=system,
        edition=edition,
        method=method,
    )
    flags = [] if root is None else ["-S"]  # -S: not this checkout's installed package
    try:
        out = subprocess.run([sys.executable, *flags, "-c", code], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"over {timeout:.0f} s"}
    if out.returncode:
        return {"error": (out.stderr.strip().splitlines() or ["failed"])[-1][:80]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def _site_packages() -> str:
    import networkx

    return str(Path(networkx.__file__).resolve().parents[1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--event", type=Path, default=EVENT)
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--methods", default="literal,optimised")
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--save", type=Path)
    ap.add_argument("--against", type=Path)
    ap.add_argument("--root", type=Path, help="time another checkout of the code (before/after comparisons)")
    args = ap.parse_args(argv)
    if not args.event.exists():
        print(f"{args.event}: not found (the shared corpus is needed, or give --event)", file=sys.stderr)
        return 5
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    print(f"event: {args.event.name}")
    print(
        f"{'case':<16} {'method':<10} {'cpu s':>8} {'peak MB':>8} {'solves':>7}  {'before s':>8} {'before MB':>9} {'ratio':>6}  same"
    )
    for case in args.cases.split(","):
        for method in args.methods.split(","):
            got = run(args.event, case, method, args.timeout, args.root)
            if "error" in got:
                print(f"{case:<16} {method:<10} {got['error']}", flush=True)
                continue
            name = f"{case}-{method}.json"
            record = {"pairs": got["pairs"], "bye": got["bye"]}
            if args.save:
                (args.save / name).write_text(json.dumps(record))
            same = "-"
            if args.against and (args.against / name).exists():
                same = "yes" if json.loads((args.against / name).read_text()) == record else "NO"
            solves = "-" if got["solves"] is None else str(got["solves"])
            was = BEFORE.get((case, method)) if args.event == EVENT and args.root is None else None
            before = (
                f"{was[0]:>8.1f} {was[1]:>9.0f} {got['cpu'] / was[0]:>6.2f}" if was else f"{'-':>8} {'-':>9} {'-':>6}"
            )
            print(
                f"{case:<16} {method:<10} {got['cpu']:>8.1f} {got['peak_mb']:>8.0f} {solves:>7}  {before}  {same}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
