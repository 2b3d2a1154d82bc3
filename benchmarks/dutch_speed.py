#!/usr/bin/env python3
"""Time the Dutch pairing of the last round of large events, and check it.

    python benchmarks/dutch_speed.py [--edition 2026] [--sizes 250,500,1000,2000] [--timeout S]

Each case runs in its own process (peak memory is that process's maximum resident set).
Events come from ../shared/corpus/: dutch-large/ (1,000 and 2,000 players) and the dev
corpus (the event closest to 250 and 500 players). The reference engine's time on these
machines (corpus README): 37-39 s at 1,000 players, 285-366 s at 2,000.
Prints: players, file, round, seconds, peak MB, and whether the pairing equals the
reference round.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, {root!r})
from tabellone.solver.trf import read_trf
from tabellone.solver.history import cut_before
from tabellone.solver.model import pairs_of_round
from tabellone.rules.dutch import pair_round
t = read_trf({path!r})
r = t.rounds_paired
cut = cut_before(t, r)
start = time.perf_counter()
p = pair_round(cut, {edition!r})
seconds = time.perf_counter() - start
ref, pab = pairs_of_round(t, r)
same = sorted(p.pairs) == sorted(ref) and p.bye == (pab[0] if pab else None)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({{"players": len(t.players), "round": r, "seconds": seconds, "peak_mb": peak, "identical": same, "solves": p.solves}}))
"""


def pick(size: int, edition: str) -> Path | None:
    large = sorted((SHARED / "corpus" / "dutch-large").glob(f"large-{size}-*.trf"))
    large = [p for p in large if "burstein" not in p.name]
    if large:
        return large[0]
    folder = SHARED / "corpus" / ("dutch-2026-dev" if edition == "2026" else "dutch-2017-dev")
    best = None
    for line in (folder / "manifest.tsv").read_text().splitlines()[1:]:
        cols = line.split("\t")
        n = int(cols[4])
        if best is None or abs(n - size) < abs(best[0] - size):
            best = (n, folder / cols[0])
    return best[1] if best else None


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--edition", default="2026")
    ap.add_argument("--sizes", default="250,500,1000,2000")
    ap.add_argument("--timeout", type=float, default=1800)
    args = ap.parse_args()
    if not SHARED.is_dir():
        print(f"no shared corpus at {SHARED}", file=sys.stderr)
        return 3
    print(f"{'players':>8} {'file':<34} {'round':>5} {'seconds':>9} {'peak MB':>8} {'solves':>7} identical")
    for size in [int(s) for s in args.sizes.split(",")]:
        path = pick(size, args.edition)
        if path is None:
            continue
        code = CHILD.format(root=str(ROOT), path=str(path), edition=args.edition)
        try:
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print(f"{size:>8} {path.name:<34} {'':>5} {'>' + str(int(args.timeout)):>9}")
            continue
        if out.returncode != 0:
            print(f"{size:>8} {path.name:<34} failed: {out.stderr.strip().splitlines()[-1] if out.stderr else out.returncode}")
            continue
        d = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"{d['players']:>8} {path.name:<34} {d['round']:>5} {d['seconds']:>9.2f} {d['peak_mb']:>8.0f} {d['solves']:>7} {d['identical']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
