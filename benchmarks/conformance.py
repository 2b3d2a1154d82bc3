#!/usr/bin/env python3
"""Conformance of the engine with the reference corpus (bbpPairings output).

    python benchmarks/conformance.py [--system dutch|burstein] [--edition 2026|2017|legacy]
                                     [--max-players N] [--limit K] [--profile FILE|NAME]
                                     [--jobs 2] [FILES or FOLDERS...]

With no files, runs the whole corpus of the system and edition from ../shared/corpus/
(dutch-2026-dev, dutch-2017-dev, burstein-dev); ``--limit K`` takes an evenly spread sample
of K events. The engine pairs through ``--profile`` (default: the edition's official
profile, tabellone/rules/profiles/SYSTEM-EDITION.toml). Prints one line per differing round, then a table:
rounds identical / total, by event size, and the time per round. A folder given stands for
its ``*.trf`` files (e.g. a held-out set made with the reference engine's generator).
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabellone.formats.trf import read_trf  # noqa: E402
from tabellone.verify.conformance import check_file  # noqa: E402

CORPUS = {
    ("dutch", "2026"): "dutch-2026-dev",
    ("dutch", "2017"): "dutch-2017-dev",
    ("burstein", "legacy"): "burstein-dev",
}
DEFAULT_EDITION = {"dutch": "2026", "burstein": "legacy"}


def _run(args):
    path, system, edition, profile = args
    return check_file(path, edition, profile=profile, system=system)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*")
    ap.add_argument("--system", default="dutch", choices=sorted(DEFAULT_EDITION))
    ap.add_argument("--edition", default=None, choices=sorted({e for _, e in CORPUS}))
    ap.add_argument("--max-players", type=int, default=None)
    ap.add_argument("--limit", type=int, default=None, help="an evenly spread sample of this many events")
    ap.add_argument("--profile", default=None, help="a profile (TOML file or shipped name); default: the official one")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    args = ap.parse_args()
    args.edition = args.edition or DEFAULT_EDITION[args.system]
    if (args.system, args.edition) not in CORPUS:
        print(f"no corpus for {args.system} {args.edition}", file=sys.stderr)
        return 3
    files = []
    for f in map(Path, args.files):
        if f.is_dir():
            files += sorted(f.glob("*.trf"), key=lambda p: (len(read_trf(p).players), p.name))
        else:
            files.append(f)
    if not files and args.files:
        print(f"no .trf files in {' '.join(args.files)}", file=sys.stderr)
        return 3
    if not files:
        folder = Path(args.shared) / "corpus" / CORPUS[(args.system, args.edition)]
        if not folder.is_dir():
            print(f"no corpus at {folder}: pass files or --shared", file=sys.stderr)
            return 3
        files = sorted(folder.glob("*.trf"), key=lambda p: (len(read_trf(p).players), p.name))
    if args.max_players:
        files = [f for f in files if len(read_trf(f).players) <= args.max_players]
    if args.limit and len(files) > args.limit:
        step = len(files) / args.limit
        files = [files[int(k * step)] for k in range(args.limit)]
    profile = args.profile or f"{args.system}-{args.edition}"  # the official profile
    buckets = [(0, 50), (51, 100), (101, 200), (201, 400), (401, 10**6)]
    stats = {b: [0, 0, 0.0] for b in buckets}
    total = same = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(_run, [(str(f), args.system, args.edition, profile) for f in files]):
            for r in result.rounds:
                total += 1
                same += r.identical
                for b in buckets:
                    if b[0] <= r.players <= b[1]:
                        stats[b][0] += 1
                        stats[b][1] += r.identical
                        stats[b][2] += r.seconds
                if not r.identical:
                    print(f"DIFF {r.file} round {r.round} ({r.players} players): {r.detail}", flush=True)
    print()
    print(
        f"FIDE {args.system.capitalize()} {args.edition}"
        + (f", profile {profile}" if profile else "")
        + f": {len(files)} events"
    )
    print(f"{'players':>10} {'rounds':>7} {'identical':>10} {'rate':>8} {'s/round':>8}")
    for b in buckets:
        n, ok, secs = stats[b]
        if n:
            label = f"{b[0]}-{b[1]}" if b[1] < 10**6 else f"{b[0]}+"
            print(f"{label:>10} {n:>7} {ok:>10} {100 * ok / n:>7.2f}% {secs / n:>8.3f}")
    if total:
        print(f"{'all':>10} {total:>7} {same:>10} {100 * same / total:>7.2f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
