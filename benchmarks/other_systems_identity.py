#!/usr/bin/env python3
"""Before/after identity check for Dubov (2026, 1997), the italo-svizzero and Lim (issues 12, 26).

    python benchmarks/other_systems_identity.py --save FILE [--root DIR] [--events N] [--systems dubov,...]
    python benchmarks/other_systems_identity.py --against FILE [--systems dubov,...]

A speed change must leave every pairing as it was. This script pairs every round of
many events (``../shared/corpus/dutch-2026-dev``, 20-300 players, forfeits, absences and
half-point byes included: each round is paired from the history the file records) by
every method of both Dubov editions, of the italo-svizzero and of Lim, and writes one line per
(event, round, system, method): the boards in order and the bye, or the error raised.
``--root DIR`` runs another checkout of the code (``DIR/tabellone``: the code before a
change; it must have the current layout and the systems' interface, which the child
imports); ``--against FILE`` compares with a
saved run and prints the counts (same / different, per system and method) and every
difference. ``--systems`` pairs only those systems (all by default). The exit code is 1
when anything differs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "dutch-2026-dev"
CONFIGS = (
    ("dubov", "2026", "literal"),
    ("dubov", "2026", "optimised"),
    ("dubov", "1997", "literal"),
    ("dubov", "1997", "optimised"),
    ("italo-svizzero", "capo5", "literal"),
    ("italo-svizzero", "capo5", "optimised"),
    ("lim", "2026", "literal"),
    ("lim", "2026", "optimised"),
)

CHILD = r"""
import json, sys
sys.path.insert(0, {root!r})
{site}
from tabellone import api
from tabellone.rules import get_system
from tabellone.core.history import cut_before
for path in {paths!r}:
    t = api.read(path)
    for r in range(1, t.rounds_paired + 1):
        tr = cut_before(t, r)
        for system, edition, method in {configs!r}:
            try:
                rules = get_system(system)
                p = rules.pair(tr, edition, r, rules.configure(edition, method=method)[1])
                got = {{"pairs": [list(x) for x in p.pairs], "bye": p.bye}}
            except Exception as exc:
                got = {{"error": type(exc).__name__ + ": " + str(exc)[:200]}}
            print(json.dumps({{"event": path.rsplit("/", 1)[-1], "round": r, "system": system, "edition": edition,
                              "method": method, **got}}), flush=True)
"""


def events(count: int, low: int = 20, high: int = 300) -> list[Path]:
    """``count`` corpus events of ``low`` to ``high`` players, spread over the sizes."""
    sized = []
    for f in sorted(CORPUS.glob("*.trf")):
        n = sum(1 for line in f.read_text(errors="replace").replace("\r", "\n").splitlines() if line.startswith("001"))
        if low <= n <= high:
            sized.append((n, f.name, f))
    sized.sort()
    if len(sized) <= count:
        return [f for _, _, f in sized]
    step = len(sized) / count
    return [sized[int(k * step)][2] for k in range(count)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=64)
    ap.add_argument("--root", type=Path, help="another checkout of the code (the code before a change)")
    ap.add_argument("--save", type=Path)
    ap.add_argument("--against", type=Path)
    ap.add_argument("--systems", help="comma-separated: only these systems (default: every one)")
    args = ap.parse_args(argv)
    configs = CONFIGS
    if args.systems:
        wanted = set(args.systems.split(","))
        configs = tuple(c for c in CONFIGS if c[0] in wanted)
    if not CORPUS.exists():
        print(f"{CORPUS}: not found (the shared corpus is needed)", file=sys.stderr)
        return 5
    paths = [str(p) for p in events(args.events)]
    site = ""
    flags: list[str] = []
    if args.root is not None:
        import networkx

        site = f"sys.path.append({str(Path(networkx.__file__).resolve().parents[1])!r})"
        flags = ["-S"]
    code = CHILD.format(root=str(args.root or ROOT), site=site, paths=paths, configs=configs)
    start = time.process_time()
    out = subprocess.run([sys.executable, *flags, "-c", code], capture_output=True, text=True)
    if out.returncode:
        print(out.stderr.strip()[-2000:], file=sys.stderr)
        return 2
    usage = __import__("resource").getrusage(__import__("resource").RUSAGE_CHILDREN)
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    print(
        f"{len(paths)} events, {len(rows)} pairings, {usage.ru_utime + usage.ru_stime:.0f} CPU s ({time.process_time() - start:.0f} here)"
    )
    if args.save:
        args.save.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    if args.against:
        before = {}
        for line in args.against.read_text().splitlines():
            r = json.loads(line)
            before[(r["event"], r["round"], r["system"], r["edition"], r["method"])] = r
        same: dict[tuple, list[int]] = {}
        bad = 0
        for r in rows:
            key = (r["event"], r["round"], r["system"], r["edition"], r["method"])
            old = before.get(key)
            tally = same.setdefault(key[2:], [0, 0])
            if old is not None and dict(old.items()) == r:
                tally[0] += 1
            else:
                tally[1] += 1
                bad += 1
                print(f"DIFFERENT {key}: before {json.dumps(old)[:300]} now {json.dumps(r)[:300]}")
        print(f"{'system':<16} {'edition':<8} {'method':<10} {'same':>6} {'different':>9}")
        for (system, edition, method), (s, d) in same.items():
            print(f"{system:<16} {edition:<8} {method:<10} {s:>6} {d:>9}")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
