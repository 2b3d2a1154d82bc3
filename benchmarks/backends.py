#!/usr/bin/env python3
"""The Dutch engine on its two matching back ends: blossom (default) and CP-SAT.

    python benchmarks/backends.py [--edition 2026|2017] [--max-players 40] [--events 60]
                                  [--corpus DIR]

For every round of the first ``--events`` reference tournaments of the corpus with at most
``--max-players`` players: pair the round with each back end, compare both with the
recorded round (pairs, colours, bye), and time them. Prints a table per edition: rounds,
rounds where the back ends agree, rounds equal to the reference per back end, total
seconds and the CP-SAT / blossom time ratio; rounds where a CP-SAT level stayed unproven
within its time limit are counted (and listed), not compared (machines here are noisy: read the ratio).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabellone.core.history import cut_before  # noqa: E402
from tabellone.core.model import pairs_of_round  # noqa: E402
from tabellone.formats.trf import read_trf  # noqa: E402
from tabellone.matching.cpsat import CpSatMatching  # noqa: E402
from tabellone.rules import dutch  # noqa: E402

FOLDERS = {"2026": "dutch-2026-dev", "2017": "dutch-2017-dev"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--edition", action="append", choices=sorted(FOLDERS))
    ap.add_argument("--max-players", type=int, default=40)
    ap.add_argument("--events", type=int, default=60)
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    args = ap.parse_args()
    rows = []
    for edition in args.edition or ["2026", "2017"]:
        folder = Path(args.corpus) / FOLDERS[edition]
        if not folder.is_dir():
            print(f"no corpus at {folder}", file=sys.stderr)
            return 3
        files = sorted(folder.glob("*.trf"), key=lambda p: int("".join(ch for ch in p.stem if ch.isdigit()) or 0))
        rounds = agree = ref_blossom = ref_cpsat = events = 0
        t_blossom = t_cpsat = 0.0
        disagreements = []
        failures = []
        for path in files:
            t = read_trf(path)
            if len(t.players) > args.max_players:
                continue
            events += 1
            for r in range(1, t.rounds_paired + 1):
                cut = cut_before(t, r)
                recorded, pab = pairs_of_round(t, r)
                reference = (sorted(recorded), pab[0] if pab else None)
                start = time.perf_counter()
                a = dutch.pair_round(cut, edition, r)
                mid = time.perf_counter()
                try:
                    b = dutch.pair_round(cut, edition, r, solve=CpSatMatching())
                except RuntimeError as exc:  # a level CP-SAT did not prove in its time limit
                    failures.append(f"{path.name} round {r}: {exc}")
                    continue
                end = time.perf_counter()
                t_blossom += mid - start
                t_cpsat += end - mid
                got_a, got_b = (sorted(a.pairs), a.bye), (sorted(b.pairs), b.bye)
                rounds += 1
                agree += got_a == got_b
                ref_blossom += got_a == reference
                ref_cpsat += got_b == reference
                if got_a != got_b:
                    disagreements.append(f"{path.name} round {r}")
            print(
                f"{edition} {path.name}: {len(t.players)} players, {t.rounds_paired} rounds; so far {agree}/{rounds} agree, "
                f"{len(failures)} unproven, blossom {t_blossom:.1f} s, CP-SAT {t_cpsat:.1f} s",
                flush=True,
            )
            if events >= args.events:
                break
        rows.append((edition, events, rounds, agree, ref_blossom, ref_cpsat, t_blossom, t_cpsat, len(failures)))
        for d in disagreements:
            print(f"{edition}: back ends differ: {d}")
        for f in failures:
            print(f"{edition}: CP-SAT unproven: {f}")
    print(f"Dutch engine, blossom vs CP-SAT, corpus events with at most {args.max_players} players\n")
    print(
        "| edition | events | rounds | CP-SAT unproven | back ends agree | = reference (blossom) | = reference (CP-SAT) | blossom s | CP-SAT s | ratio |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for edition, events, rounds, agree, rb, rc, tb, tc, failed in rows:
        print(
            f"| {edition} | {events} | {rounds} | {failed} | {agree} | {rb} | {rc} | {tb:.1f} | {tc:.1f} | {tc / max(tb, 1e-9):.0f}x |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
