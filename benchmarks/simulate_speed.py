#!/usr/bin/env python3
"""Time ``tabellone simulate`` on 1 and on 2 local workers, and the share spent pairing.

    python benchmarks/simulate_speed.py [--events 1000] [--players 100] [--rounds 9]
                                        [--workers 1,2] [--system dutch] [--seed 1]

The issue's set-up (issue 11, part 5): 1,000 events of 100 players x 9 rounds, FIDE
Dutch 2026, results by Milvang's model, ratings 1400-2400. Every worker count runs the
same events, so the table also checks that their results agree (timings aside).

Prints one line per worker count: wall seconds, events per second, speed-up against the
first count, and the share of the worker time spent inside ``tabellone.pair`` (the
rest is the generator, the results and the metrics). The machine's other load counts
too: on a shared machine run it when it is quiet, or read the speed-up with care.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabellone.simulate import Simulation, parse_arms, run
from tabellone.simulate.events import TIMING_COLUMNS


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=1000)
    ap.add_argument("--players", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--workers", default="1,2", help="worker counts to time, comma-separated")
    ap.add_argument("--system", default="dutch")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    sim = Simulation(
        arms=parse_arms([args.system]),
        players=args.players,
        rounds=args.rounds,
        events=args.events,
        seed=args.seed,
        rating_low=1400,
        rating_high=2400,
    )
    print(
        f"{args.events} events, {args.players} players x {args.rounds} rounds, {sim.arms[0].label}; "
        f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}"
    )
    print(f"{'workers':>7} {'wall s':>9} {'events/s':>9} {'speed-up':>9} {'pairing':>8} {'s/event':>8}")
    first = None
    reference = None
    for w in counts:
        start = time.perf_counter()
        rows = run(sim, workers=w)
        wall = time.perf_counter() - start
        pairing = sum(row["seconds_per_round"] * args.rounds for row in rows)
        busy = sum(row["seconds_total"] for row in rows)
        first = first or wall
        print(
            f"{w:>7} {wall:>9.1f} {args.events / wall:>9.2f} {first / wall:>8.2f}x {pairing / busy:>7.0%} {busy / args.events:>8.2f}"
        )
        same = [{k: v for k, v in row.items() if k not in TIMING_COLUMNS} for row in rows]
        if reference is None:
            reference = same
        elif repr(same) != repr(reference):
            print(f"  {w} workers: results DIFFER from {counts[0]} worker(s)")
            return 1
    if len(counts) > 1:
        print("results identical across worker counts (timings aside)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
