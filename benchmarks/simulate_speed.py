#!/usr/bin/env python3
"""Events per CPU-second of ``tabellone simulate``, where each event's time goes, and the
wall time of a large study projected from both.

    python benchmarks/simulate_speed.py [--events 20] [--players 100] [--rounds 9]
        [--systems dutch,dubov,burstein,lim,random] [--workers 1,2] [--cluster 2]
        [--phases 4] [--study 100000] [--seed 1] [--before DIR [--repeat 3] [--instructions]]

Three tables:

1. **Per system, one worker**: CPU-seconds per event (this process's CPU time, so the
   machine's other load does not count), events per CPU-second, and the wall time.
2. **Where an event's time goes** (``--phases`` events per system, timed by wrapping
   the functions, not by a profiler, whose overhead would distort the shares): set-up
   (the field), pairing (``tabellone.pair``; of which the state of the tournament before
   the round, ``Tournament.state_before``), the generator's tournament snapshots,
   result draws, and metrics.
3. **Parallel**: every system's events on 1 and 2 local worker processes and on a Dask
   cluster of separate processes (a ``dask scheduler`` and ``dask worker`` processes
   started by this script in a temporary folder: ``--cluster`` workers, one thread
   each): wall seconds, events per wall second, the speed-up, the start-up seconds
   (the pool's or the cluster's), and whether the rows are identical to one worker's
   (timings aside). The CPU time of the workers is read with psutil.

``--before DIR`` prints instead one table, before and after a change: every system's
events 1..``--events`` (after event 0, the warm-up) played in a process of its own for
each copy of the code (``DIR`` holds the ``tabellone`` package of the commit before the
change, its compiled core built, e.g. ``git worktree add --detach DIR main``), the two
copies interleaved ``--repeat`` times: the least CPU-seconds per event of each, their
ratio, and whether the two copies' rows are identical (same seed, same arms; timings
aside). It exits 1 when they differ. With ``--instructions`` each copy's events also run
once under Valgrind (``valgrind --tool=cachegrind --cache-sim=no``, which must be on
the PATH), and again with no event after the warm-up: the difference, over the events,
is the machine instructions per event, which other work on the machine does not change
(the CPU-seconds of a loaded machine vary by tens of per cent).

Then the projection: a study of ``--study`` events per system (all the systems above,
as one run) on this machine and on N machines like it, from the CPU-seconds per event of
table 1 and the parallel efficiency of table 3. On a shared machine the wall times and
the speed-up depend on the others' load (printed at the top); the CPU-seconds do not.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabellone.simulate import Simulation, parse_arms, run  # noqa: E402
from tabellone.simulate.events import TIMING_COLUMNS  # noqa: E402


def simulation(system: str, args, events: int) -> Simulation:
    return Simulation(
        arms=parse_arms([system]),
        players=args.players,
        rounds=args.rounds,
        events=events,
        seed=args.seed,
        rating_low=1400,
        rating_high=2400,
    )


def one_worker(system: str, args) -> tuple[float, float]:
    """(CPU-seconds per event, wall seconds per event) on one worker, after a warm-up
    event (imports, caches)."""
    from tabellone.simulate.events import play_event

    sim = simulation(system, args, args.events + 1)
    play_event(sim, 0)
    cpu, wall = time.process_time(), time.perf_counter()
    for k in range(1, args.events + 1):
        play_event(sim, k)
    return (time.process_time() - cpu) / args.events, (time.perf_counter() - wall) / args.events


def phases(system: str, args) -> dict[str, float]:
    """Seconds per event in each phase (see the module text), and the total."""
    import tabellone.core.model as model
    import tabellone.generate.tournament as gen
    import tabellone.simulate.events as ev
    import tabellone.simulate.streams as streams

    spent: dict[str, float] = defaultdict(float)
    undo = []

    def wrap(owner, name: str, key: str) -> None:
        original = getattr(owner, name)

        @functools.wraps(original)
        def timed(*a, **k):
            start = time.perf_counter()
            try:
                return original(*a, **k)
            finally:
                spent[key] += time.perf_counter() - start

        setattr(owner, name, timed)
        undo.append((owner, name, original))

    wrap(ev, "draw_field", "set-up (field)")
    wrap(streams, "pair", "pairing (tabellone.pair)")  # the name the simulation's pairer calls
    wrap(model.Tournament, "state_before", "  of which: state before the round")
    wrap(gen, "_snapshot", "generator snapshots")
    wrap(gen, "draw_game", "result draws")
    wrap(ev, "tournament_metrics", "metrics")
    try:
        sim = simulation(system, args, args.phases + 1)
        ev.play_event(sim, 0)
        spent.clear()
        start = time.perf_counter()
        for k in range(1, args.phases + 1):
            ev.play_event(sim, k)
        total = time.perf_counter() - start
    finally:
        for owner, name, original in reversed(undo):
            setattr(owner, name, original)
    out = {k: v / args.phases for k, v in spent.items()}
    out["total"] = total / args.phases
    return out


#: One copy's events in a process of its own (see ``--before``): prints the CPU-seconds
#: per event and a digest of the rows without their timings.
_CHILD = r"""
import hashlib, json, sys, time
from tabellone.simulate import Simulation, parse_arms
from tabellone.simulate.events import TIMING_COLUMNS, play_event
system, players, rounds, events, seed = sys.argv[1], *map(int, sys.argv[2:6])
sim = Simulation(arms=parse_arms([system]), players=players, rounds=rounds, events=events + 1, seed=seed,
                 rating_low=1400, rating_high=2400)
play_event(sim, 0)
rows = []
start = time.process_time()
for k in range(1, events + 1):
    rows += play_event(sim, k)
cpu = (time.process_time() - start) / max(events, 1)
kept = repr([{k: v for k, v in row.items() if k not in TIMING_COLUMNS} for row in rows])
print(json.dumps([cpu, hashlib.sha256(kept.encode()).hexdigest()]))
"""


def before_after(args, systems: list[str]) -> int:
    """The ``--before`` table (see the module text)."""
    trees = [args.before.resolve(), ROOT]
    best: dict[tuple[str, Path], float] = {}
    digests: dict[tuple[str, Path], set[str]] = defaultdict(set)
    for _ in range(args.repeat):
        for system in systems:
            for tree in trees:
                cmd = [sys.executable, "-c", _CHILD, system, str(args.players), str(args.rounds), str(args.events)]
                cmd.append(str(args.seed))
                env = {**os.environ, "PYTHONPATH": str(tree)}
                done = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
                if done.returncode:
                    raise SystemExit(f"{tree}: {system}: {done.stderr.strip()[-500:]}")
                cpu, digest = json.loads(done.stdout.strip().splitlines()[-1])
                best[system, tree] = min(best.get((system, tree), float("inf")), cpu)
                digests[system, tree].add(digest)
    print(f"0. before and after: events 1-{args.events}, seed {args.seed}, least of {args.repeat} runs")
    print(f"{'system':>10} {'before CPU-s/ev':>16} {'after CPU-s/ev':>15} {'ratio':>6}  rows")
    differ = False
    for system in systems:
        old, new = (best[system, tree] for tree in trees)
        same = len(digests[system, trees[0]] | digests[system, trees[1]]) == 1
        differ = differ or not same
        print(f"{system:>10} {old:>16.3f} {new:>15.3f} {new / old:>6.2f}  {'identical' if same else 'DIFFER'}")
    if args.instructions:
        print(f"\n   machine instructions per event (Valgrind), events 1-{args.events}")
        print(f"{'system':>10} {'before M/ev':>12} {'after M/ev':>11} {'ratio':>6}")
        for system in systems:
            old, new = (instructions(args, system, tree) for tree in trees)
            print(f"{system:>10} {old / 1e6:>12.1f} {new / 1e6:>11.1f} {new / old:>6.3f}")
    return 1 if differ else 0


def instructions(args, system: str, tree: Path) -> float:
    """Machine instructions per event of ``tree``'s copy: its events under Valgrind,
    less a run of the warm-up event alone (start-up, imports), over the events."""
    counts = []
    for events in (args.events, 0):
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
        cmd += [sys.executable, "-c", _CHILD, system, str(args.players), str(args.rounds), str(events), str(args.seed)]
        env = {**os.environ, "PYTHONPATH": str(tree)}
        done = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
        refs = [line for line in done.stderr.splitlines() if "I refs:" in line or "I   refs:" in line]
        if done.returncode or not refs:
            raise SystemExit(f"{tree}: {system} under valgrind: {done.stderr.strip()[-500:]}")
        counts.append(int(refs[-1].split(":")[1].strip().replace(",", "")))
    return (counts[0] - counts[1]) / args.events


def _without_timings(rows):
    return repr([{k: v for k, v in row.items() if k not in TIMING_COLUMNS} for row in rows])


def start_cluster(workers: int, folder: Path) -> tuple[str, list[subprocess.Popen], float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    info = folder / "scheduler.json"
    start = time.perf_counter()
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_scheduler", "--scheduler-file", str(info)]
            + ["--no-dashboard", "--host", "127.0.0.1", "--port", "0"],
            cwd=folder,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    while not info.exists():
        time.sleep(0.1)
    address = json.loads(info.read_text())["address"]
    procs.append(
        subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nworkers", str(workers)]
            + ["--nthreads", "1", "--no-dashboard", "--local-directory", str(folder)],
            cwd=folder,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    )
    from distributed import Client

    with Client(address, timeout="60s") as client:
        client.wait_for_workers(workers, timeout=120)
    return address, procs, time.perf_counter() - start


def tree_cpu(procs) -> float:
    import psutil

    total = 0.0
    for p in procs:
        try:
            root = psutil.Process(p.pid)
            for q in [root, *root.children(recursive=True)]:
                t = q.cpu_times()
                total += t.user + t.system
        except psutil.Error:
            pass
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=20, help="events per system and way of running (default 20)")
    ap.add_argument("--players", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--systems", default="dutch,dubov,burstein,lim,random")
    ap.add_argument("--workers", default="1,2", help="local worker counts, comma-separated")
    ap.add_argument("--cluster", type=int, default=2, help="dask worker processes (0: no cluster)")
    ap.add_argument("--phases", type=int, default=4, help="events per system timed phase by phase")
    ap.add_argument("--study", type=int, default=100_000, help="events per system of the projected study")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--before", type=Path, help="another copy of the code: before and after a change (see above)")
    ap.add_argument("--repeat", type=int, default=3, help="with --before: runs of each copy (the least counts)")
    ap.add_argument(
        "--instructions", action="store_true", help="with --before: also machine instructions per event (Valgrind)"
    )
    args = ap.parse_args()
    systems = args.systems.split(",")
    if args.before:
        return before_after(args, systems)
    counts = [int(w) for w in args.workers.split(",")]
    print(
        f"{args.players} players x {args.rounds} rounds, Milvang 2015, ratings 1400-2400; "
        f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}\n"
    )

    print("1. one worker")
    print(f"{'system':>10} {'CPU-s/event':>12} {'events/CPU-s':>13} {'wall s/event':>13}")
    cpu_per_event = {}
    for system in systems:
        cpu, wall = one_worker(system, args)
        cpu_per_event[system] = cpu
        print(f"{system:>10} {cpu:>12.3f} {1 / cpu:>13.2f} {wall:>13.3f}")

    if args.phases:
        print("\n2. where an event's time goes (wall seconds per event, share of the event)")
        for system in systems:
            spent = phases(system, args)
            total = spent.pop("total")
            order = [
                "set-up (field)",
                "pairing (tabellone.pair)",
                "  of which: state before the round",
                "generator snapshots",
                "result draws",
                "metrics",
            ]
            cells = ", ".join(f"{k.strip()} {spent.get(k, 0.0):.4f} s ({spent.get(k, 0.0) / total:.0%})" for k in order)
            rest = total - sum(v for k, v in spent.items() if not k.startswith(" "))
            cells += f", the rest {rest:.4f} s ({rest / total:.0%})"
            print(f"{system:>10} {total:.3f} s: {cells}")

    print("\n3. parallel (every system's events as one run)")
    arms = parse_arms(systems)
    sim = Simulation(
        arms=arms,
        players=args.players,
        rounds=args.rounds,
        events=args.events,
        seed=args.seed,
        rating_low=1400,
        rating_high=2400,
    )
    print(f"{'where':>16} {'wall s':>8} {'events/s':>9} {'speed-up':>9} {'start s':>8} {'CPU-s/ev':>9}  rows")
    reference = None
    first = None
    efficiency = {}
    for w in counts:
        import resource

        before = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        if w > 1:  # the pool's start-up: processes up and tabellone imported
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=w) as pool:
                list(pool.map(int, range(w)))
            started = time.perf_counter() - start
        else:
            started = 0.0
        rows = run(sim, workers=w)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = sum(a.ru_utime + a.ru_stime - b.ru_utime - b.ru_stime for a, b in zip(after, before))
        first = first or wall
        same = _without_timings(rows)
        reference = reference or same
        efficiency[w] = first / wall / w
        print(
            f"{f'{w} local':>16} {wall:>8.1f} {args.events / wall:>9.2f} {first / wall:>8.2f}x {started:>8.2f} "
            f"{cpu / args.events:>9.3f}  {'identical' if same == reference else 'DIFFER'}"
        )
        if same != reference:
            return 1
    if args.cluster:
        with tempfile.TemporaryDirectory(prefix="tabellone-cluster-") as folder:
            address, procs, started = start_cluster(args.cluster, Path(folder))
            try:
                cpu0 = tree_cpu(procs)
                start = time.perf_counter()
                rows = run(sim, dask=address)
                wall = time.perf_counter() - start
                cpu = tree_cpu(procs) - cpu0
            finally:
                for p in reversed(procs):
                    p.terminate()
                for p in procs:
                    p.wait(timeout=60)
        same = _without_timings(rows)
        efficiency["cluster"] = first / wall / args.cluster
        print(
            f"{f'dask {args.cluster} procs':>16} {wall:>8.1f} {args.events / wall:>9.2f} {first / wall:>8.2f}x "
            f"{started:>8.2f} {cpu / args.events:>9.3f}  {'identical' if same == reference else 'DIFFER'}"
        )
        if same != reference:
            return 1

    total_cpu = sum(cpu_per_event.values()) * args.study
    cores = os.cpu_count() or 1
    # the parallel efficiency measured with the most local workers (1.0 with one worker)
    best = efficiency[max(counts)] if max(counts) > 1 else 1.0
    print(
        f"\nprojection: {args.study:,} events of each of {len(systems)} systems = {total_cpu:,.0f} CPU-s "
        f"({total_cpu / 3600:.1f} CPU-hours)"
    )
    for machines in (1, 4, 16):
        hours = total_cpu / (machines * cores * best) / 3600
        print(f"  {machines:>2} machine(s) of {cores} cores at {best:.0%} parallel efficiency: {hours:6.1f} h wall")
    ideal = total_cpu / cores / 3600
    print(f"  (at 100% efficiency, a quiet machine: {ideal:.1f} h on one machine, {ideal / 16:.2f} h on 16)")
    for system, cpu in cpu_per_event.items():
        hours = cpu * args.study / (cores * best) / 3600
        print(f"  {system:>10} alone on this machine: {hours:5.1f} h wall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
