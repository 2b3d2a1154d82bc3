#!/usr/bin/env python3
"""Time whole generated Dutch events phase by phase, and round 1 of large fields.

    python benchmarks/event_speed.py [--players 1000[,2000,...]] [--rounds 9] [--seed 1]
                                     [--edition 2026 | --editions 2026,2017]
                                     [--case d10k] [--check] [--cli] [--keep DIR]
                                     [--sizes 1000,5000,9999]
                                     [--reference PATH] [--reference-sizes 1000]
                                     [--timeout S] [--skip-event] [--skip-round1]

Part 1, the events: what ``tabellone generate --players N --rounds R --seed S`` does
(:func:`tabellone.generate.tournament.generate` paired by :func:`tabellone.api.pair`, then the
TRF written), for each size of ``--players`` and each edition, timed round by round in
CPU seconds, split into

- ``other``: the generator's work before the round (byes drawn, the tournament as it
  stands built, points) and the results of the round before;
- ``set-up``: the round's pairing minus the matcher and the self-check: the players'
  state (scores, colours, floats), the entrants, the rules' per-round data;
- ``matcher``: the Dutch engine's bracket-by-bracket optimisation (``engine.pair``);
- ``verify``: the absolute-criteria self-check of the round (``violations``, run once
  on every pairing by :func:`tabellone.api.pair`);

with ``peak MB``, the process's peak resident memory once the round is paired (so the
round where it grows shows), and at the end the TRF written (``write``). Each event runs
in a child process so that its peak memory is its own. A summary table follows: per
size and edition the event's CPU time, its slowest round, its peak memory, and whether
issue 26's goals hold (every round under 30 s, the event under 300 s, under 1 GB).

``--case d10k`` is issue 26's event: 9,999 players (TRF16's limit), 11 rounds, both
editions (about 50 CPU-minutes per edition on the code of 0.2.0: run it alone, in the
background). ``--check`` then runs ``tabellone check`` on the event's file (every round
paired again and compared: the checker's time on the same rounds) and ``--cli``
``tabellone generate`` itself, as a user runs it; both in child processes, with CPU time
and peak memory. ``--keep DIR`` keeps each event's TRF as ``DIR/event-N-EDITION.trf``
(to compare two checkouts' events byte for byte).

Part 2, round 1: a field of N players before any game (TRF16 ``001`` records only),
paired through the command line (``tabellone pair``: reading, pairing, self-check,
writing) in a child process, with its CPU time and peak memory; with ``--reference`` (or
``TABELLONE_REFERENCE_ENGINE``) the reference engine (bbpPairings, built outside the
project) pairs the same file, ``ENGINE --dutch IN.trf -p OUT``, and ``ratio`` is ours
over its CPU time in this run. ``same`` says whether the two pairings agree.

Measured on a shared machine: compare CPU times and ratios from one run, not wall
clock across runs.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from dutch_speed import common_options, players_only, read_bbp_pairs, run_child  # noqa: E402  (same folder)

# --------------------------------------------------------------------------------------
# part 1: the events, phase by phase (each run in a child: python event_speed.py --child ...)

#: issue 26's goals for a 9,999-player event: CPU seconds per round, per event, peak MB
ROUND_GOAL, EVENT_GOAL, MEMORY_GOAL = 30.0, 300.0, 1024.0


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _timed_event(players: int, rounds: int, seed: int, edition: str, out: str) -> dict:
    """Generate the event with the phases timed, write its TRF to ``out``; what the
    child prints as JSON."""
    from tabellone import api
    from tabellone.formats.files import dumps
    from tabellone.generate.tournament import GeneratorSettings, generate
    from tabellone.rules import dutch

    clock = time.process_time
    rows: list[dict] = []
    current: dict = {}
    # the engine's bracket-by-bracket optimisation, whichever edition's class runs it
    engines = [cls for cls in (getattr(dutch, "Dutch2026", None), getattr(dutch, "Dutch2017", None)) if cls]

    def timed(owner, name, key):
        inner = getattr(owner, name)

        def wrapper(*args, **kwargs):
            start = clock()
            try:
                return inner(*args, **kwargs)
            finally:
                current[key] = current.get(key, 0.0) + clock() - start

        setattr(owner, name, wrapper)

    for cls in engines:
        timed(cls, "pair", "matcher")
    # the self-check: the system calls its package's ``violations`` (looked up at each call)
    timed(dutch, "violations", "verify")

    settings = GeneratorSettings(players=players, rounds=rounds, seed=seed)
    Path(out + ".rounds.jsonl").unlink(missing_ok=True)
    last = [clock()]

    def pairer(t):
        start = clock()
        current.clear()
        current["other"] = start - last[0]
        p = api.pair(t, "dutch", edition, source="generated tournament")
        end = clock()
        matcher, verify = current.get("matcher", 0.0), current.get("verify", 0.0)
        rows.append(
            {
                "round": t.next_round,
                "other": current["other"],
                "setup": end - start - matcher - verify,
                "matcher": matcher,
                "verify": verify,
                "solves": p.solves,
                "peak_mb": _peak_mb(),
            }
        )
        last[0] = end
        with open(out + ".rounds.jsonl", "a") as progress:  # what a parent killed at its timeout still reads
            progress.write(json.dumps(rows[-1]) + "\n")
        return p.pairs, p.bye

    begin = clock()
    t = generate(settings, pairer)
    after = clock()
    tail = after - last[0]  # the last round's results and the final snapshot
    text = dumps(t, "trf16")
    Path(out).write_text(text)
    written = clock() - after
    return {
        "rows": rows,
        "tail": tail,
        "write": written,
        "total": clock() - begin,
        "peak_mb": _peak_mb(),
        "bytes": len(text),
    }


def _cli(args: list[str], timeout: float) -> tuple[str, dict] | str:
    return run_child([sys.executable, "-m", "tabellone", *args], timeout)


def event_table(args: argparse.Namespace, players: int, edition: str, keep: Path) -> dict | None:
    """One event's per-round table; returns its summary row (None when it did not finish)."""
    trf = keep / f"event-{players}-{edition}.trf"
    code = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        str(players),
        str(args.rounds),
        str(args.seed),
        edition,
        str(trf),
    ]
    got = run_child(code, args.timeout)
    print(
        f"\nWhole event: {players} players, {args.rounds} rounds, seed {args.seed}, Dutch {edition} (CPU seconds)",
        flush=True,
    )
    partial = trf.with_name(trf.name + ".rounds.jsonl")
    if isinstance(got, str):
        print(f"  {got}; the rounds paired before:", flush=True)
        if partial.exists():
            for line in partial.read_text().splitlines():
                row = json.loads(line)
                total = row["other"] + row["setup"] + row["matcher"] + row["verify"]
                print(f"  round {row['round']}: {total:.2f} CPU-s, peak {row['peak_mb']:.0f} MB", flush=True)
        return None
    d = json.loads(got[0].strip().splitlines()[-1])
    print(
        f"{'round':>5} {'other':>7} {'set-up':>7} {'matcher':>8} {'verify':>7} {'total':>7} {'solves':>7} {'peak MB':>8}"
    )
    sums = {"other": 0.0, "setup": 0.0, "matcher": 0.0, "verify": 0.0}
    worst = (0.0, 0)
    for row in d["rows"]:
        total = sum(row[k] for k in sums)
        worst = max(worst, (total, row["round"]))
        for k in sums:
            sums[k] += row[k]
        print(
            f"{row['round']:>5} {row['other']:>7.2f} {row['setup']:>7.2f} {row['matcher']:>8.2f}"
            f" {row['verify']:>7.2f} {total:>7.2f} {row['solves']:>7} {row['peak_mb']:>8.0f}"
        )
    sums["other"] += d["tail"]
    print(
        f"{'all':>5} {sums['other']:>7.2f} {sums['setup']:>7.2f} {sums['matcher']:>8.2f} {sums['verify']:>7.2f}"
        f" {sum(sums.values()):>7.2f}   (+ last results {d['tail']:.2f})"
    )
    print(
        f"write TRF {d['write']:.2f}; event total {d['total']:.2f} CPU-s; peak {d['peak_mb']:.0f} MB;"
        f" matcher {100 * sums['matcher'] / max(d['total'], 1e-9):.0f} % of the total",
        flush=True,
    )
    summary = {
        "players": players,
        "edition": edition,
        "total": d["total"],
        "worst": worst,
        "peak_mb": d["peak_mb"],
        "check": None,
    }
    if args.check:
        checked = _cli(["check", str(trf), "--edition", edition, "-q"], args.timeout)
        if isinstance(checked, str):
            print(f"tabellone check: {checked}")
            summary["check"] = checked
        else:
            u = checked[1]
            print(f"tabellone check (every round): {u['cpu']:.2f} CPU-s, peak {u['peak_mb']:.0f} MB")
            summary["check"] = f"{u['cpu']:.1f} s / {u['peak_mb']:.0f} MB"
    if args.cli:
        out = keep / f"cli-{players}-{edition}.trf"
        cli = _cli(
            [
                "generate",
                "--players",
                str(players),
                "--rounds",
                str(args.rounds),
                "--seed",
                str(args.seed),
                "--edition",
                edition,
                "-o",
                str(out),
                "-q",
                "--force",
            ],
            args.timeout,
        )
        if isinstance(cli, str):
            print(f"tabellone generate: {cli}")
        else:
            # the command line names the system in a 192 record; the rest is the same event
            same = _records(out.read_text()) == _records(trf.read_text())
            print(
                f"tabellone generate (command line): {cli[1]['cpu']:.2f} CPU-s, {cli[1]['wall']:.2f} s wall,"
                f" peak {cli[1]['peak_mb']:.0f} MB; same file as above: {same}"
            )
    return summary


def _records(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith("192 ")]


def summary_table(rows: list[dict], rounds: int) -> None:
    print(f"\nSummary ({rounds} rounds; goals: every round < {ROUND_GOAL:.0f} s, event < {EVENT_GOAL:.0f} s, < 1 GB)")
    print(f"{'players':>7} {'edition':>7} {'event s':>8} {'worst round':>14} {'peak MB':>8} {'goals':>6}  check")
    for r in rows:
        met = r["worst"][0] < ROUND_GOAL and r["total"] < EVENT_GOAL and r["peak_mb"] < MEMORY_GOAL
        worst = f"{r['worst'][0]:.1f} (r{r['worst'][1]})"
        print(
            f"{r['players']:>7} {r['edition']:>7} {r['total']:>8.1f} {worst:>14} {r['peak_mb']:>8.0f}"
            f" {'met' if met else 'no':>6}  {r['check'] or '-'}"
        )


def events(args: argparse.Namespace) -> None:
    sizes = [int(x) for x in str(args.players).split(",") if x]
    editions = args.editions.split(",") if args.editions else [args.edition]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        keep = Path(args.keep) if args.keep else Path(tmp)
        keep.mkdir(parents=True, exist_ok=True)
        for n in sizes:
            for edition in editions:
                row = event_table(args, n, edition, keep)
                if row is not None:
                    rows.append(row)
    if rows:
        summary_table(rows, args.rounds)


# --------------------------------------------------------------------------------------
# part 2: round 1 of large fields


def round1_table(args: argparse.Namespace) -> None:
    ref_sizes = {int(s) for s in args.reference_sizes.split(",") if s} if args.reference else set()
    print(
        f"\nRound 1 (players only), Dutch {args.edition}, through `tabellone pair`;"
        f" reference engine: {args.reference or 'none'}"
    )
    print(
        f"{'players':>7} {'cpu s':>7} {'wall s':>7} {'MB':>6} | {'ref cpu':>8} {'ref MB':>7} {'ratio':>7}"
        f" {'MB ratio':>8} {'same':>5}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            path = Path(tmp) / f"r1-{n}.trf"
            path.write_text(players_only(n))
            out = Path(tmp) / f"r1-{n}.ours.txt"
            ours = run_child(
                [
                    sys.executable,
                    "-m",
                    "tabellone",
                    "pair",
                    str(path),
                    "--edition",
                    args.edition,
                    "--format",
                    "bbp",
                    "-o",
                    str(out),
                    "-q",
                ],
                args.timeout,
            )
            if isinstance(ours, str):
                print(f"{n:>7} {ours}", flush=True)
                continue
            u = ours[1]
            line = f"{n:>7} {u['cpu']:>7.2f} {u['wall']:>7.2f} {u['peak_mb']:>6.0f} |"
            if n in ref_sizes and args.edition == "2026":
                ref_out = Path(tmp) / f"r1-{n}.ref.txt"
                ref = run_child([args.reference, "--dutch", str(path), "-p", str(ref_out)], args.timeout)
                if isinstance(ref, str):
                    line += f" {ref}"
                else:
                    r = ref[1]
                    same = read_bbp_pairs(out) == read_bbp_pairs(ref_out)
                    line += (
                        f" {r['cpu']:>8.2f} {r['peak_mb']:>7.0f} {u['cpu'] / max(r['cpu'], 1e-9):>7.3f}"
                        f" {u['peak_mb'] / max(r['peak_mb'], 1e-9):>8.2f} {str(same):>5}"
                    )
            print(line, flush=True)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        players, rounds, seed, edition, out = sys.argv[2:7]
        print(json.dumps(_timed_event(int(players), int(rounds), int(seed), edition, out)))
        return 0
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    common_options(ap)
    ap.add_argument("--players", default="1000", help="event sizes, comma-separated (e.g. 1000,2000,4000)")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--editions", default=None, help="editions, comma-separated (default: --edition)")
    ap.add_argument(
        "--case",
        choices=("d10k",),
        help="d10k: issue 26's event, 9,999 players x 11 rounds, both editions, with --check (part 1 only)",
    )
    ap.add_argument("--check", action="store_true", help="run `tabellone check` on each event's file")
    ap.add_argument("--cli", action="store_true", help="run `tabellone generate` itself too")
    ap.add_argument("--keep", default=None, help="a folder to keep each event's TRF in")
    ap.add_argument("--sizes", default="1000,5000,9999", help="round-1 field sizes")
    ap.add_argument(
        "--reference-sizes",
        default="1000",
        help="round-1 sizes the reference engine also pairs (it grows about as n^3)",
    )
    ap.add_argument("--skip-event", action="store_true")
    ap.add_argument("--skip-round1", action="store_true")
    args = ap.parse_args()
    if args.case == "d10k":
        args.players, args.rounds, args.editions, args.check, args.skip_round1 = "9999", 11, "2026,2017", True, True
    if not args.skip_event:
        events(args)
    if not args.skip_round1:
        round1_table(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
