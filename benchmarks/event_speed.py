#!/usr/bin/env python3
"""Time a whole generated Dutch event phase by phase, and round 1 of large fields.

    python benchmarks/event_speed.py [--players 1000] [--rounds 9] [--seed 1]
                                     [--edition 2026] [--sizes 1000,5000,9999]
                                     [--reference PATH] [--reference-sizes 1000]
                                     [--timeout S] [--skip-event] [--skip-round1]

Part 1, the event: what ``tabellone generate --players N --rounds R --seed S`` does
(:func:`tabellone.generate.tournament.generate` paired by :func:`tabellone.api.pair`, then the
TRF written), timed round by round in CPU seconds, split into

- ``other``: the generator's work before the round (byes drawn, the tournament as it
  stands built, points) and the results of the round before;
- ``set-up``: the round's pairing minus the matcher: the players' state (scores,
  colours, floats), the entrants, the rules' per-round data;
- ``matcher``: the Dutch engine's bracket-by-bracket optimisation (``engine.pair``);
- ``verify``: the absolute-criteria self-check of the round (``violations``);

and at the end the TRF written (``write``). It runs in a child process so that its peak
memory is its own, and is followed by the same event through the command line
(``tabellone generate``, as a user runs it) for the total CPU time and peak memory.

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
# part 1: the event, phase by phase (run in a child: python event_speed.py --child ...)


def _timed_event(players: int, rounds: int, seed: int, edition: str) -> dict:
    """Generate the event with the phases timed; what the child prints as JSON."""
    from tabellone import api
    from tabellone.formats.files import dumps
    from tabellone.generate.tournament import GeneratorSettings, generate
    from tabellone.rules import dutch

    clock = time.process_time
    rows: list[dict] = []
    current: dict = {}
    # the engine's bracket-by-bracket optimisation, whichever edition's class runs it
    engines = [cls for cls in (getattr(dutch, "Dutch2026", None), getattr(dutch, "Dutch2017", None)) if cls]

    def timed_method(cls, name, key):
        inner = getattr(cls, name)

        def wrapper(*args, **kwargs):
            start = clock()
            try:
                return inner(*args, **kwargs)
            finally:
                current[key] = current.get(key, 0.0) + clock() - start

        setattr(cls, name, wrapper)

    for cls in engines:
        timed_method(cls, "pair", "matcher")
    timed_method(dutch, "violations", "verify")

    settings = GeneratorSettings(players=players, rounds=rounds, seed=seed)
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
            }
        )
        last[0] = end
        return p.pairs, p.bye

    begin = clock()
    t = generate(settings, pairer)
    after = clock()
    tail = after - last[0]  # the last round's results and the final snapshot
    text = dumps(t, "trf16")
    written = clock() - after
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "rows": rows,
        "tail": tail,
        "write": written,
        "total": clock() - begin,
        "peak_mb": usage.ru_maxrss / 1024,
        "bytes": len(text),
    }


def event_table(args: argparse.Namespace) -> None:
    code = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        str(args.players),
        str(args.rounds),
        str(args.seed),
        args.edition,
    ]
    got = run_child(code, args.timeout)
    print(
        f"\nWhole event: {args.players} players, {args.rounds} rounds, seed {args.seed}, "
        f"Dutch {args.edition} (CPU seconds)"
    )
    if isinstance(got, str):
        print(f"  {got}")
        return
    d = json.loads(got[0].strip().splitlines()[-1])
    print(f"{'round':>5} {'other':>7} {'set-up':>7} {'matcher':>8} {'verify':>7} {'total':>7} {'solves':>7}")
    sums = {"other": 0.0, "setup": 0.0, "matcher": 0.0, "verify": 0.0}
    for row in d["rows"]:
        total = sum(row[k] for k in sums)
        for k in sums:
            sums[k] += row[k]
        print(
            f"{row['round']:>5} {row['other']:>7.2f} {row['setup']:>7.2f} {row['matcher']:>8.2f}"
            f" {row['verify']:>7.2f} {total:>7.2f} {row['solves']:>7}"
        )
    sums["other"] += d["tail"]
    print(
        f"{'all':>5} {sums['other']:>7.2f} {sums['setup']:>7.2f} {sums['matcher']:>8.2f} {sums['verify']:>7.2f}"
        f" {sum(sums.values()):>7.2f}   (+ last results {d['tail']:.2f})"
    )
    print(
        f"write TRF {d['write']:.2f}; event total {d['total']:.2f} CPU-s; peak {d['peak_mb']:.0f} MB;"
        f" matcher {100 * sums['matcher'] / max(d['total'], 1e-9):.0f} % of the total"
    )
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "event.trf"
        cli = run_child(
            [
                sys.executable,
                "-m",
                "tabellone.cli",
                "generate",
                "--players",
                str(args.players),
                "--rounds",
                str(args.rounds),
                "--seed",
                str(args.seed),
                "--edition",
                args.edition,
                "-o",
                str(out),
                "-q",
            ],
            args.timeout,
        )
        if isinstance(cli, str):
            print(f"tabellone generate: {cli}")
        else:
            print(
                f"tabellone generate (command line): {cli[1]['cpu']:.2f} CPU-s, {cli[1]['wall']:.2f} s wall,"
                f" peak {cli[1]['peak_mb']:.0f} MB"
            )


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
                    "tabellone.cli",
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
        players, rounds, seed, edition = sys.argv[2:6]
        print(json.dumps(_timed_event(int(players), int(rounds), int(seed), edition)))
        return 0
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    common_options(ap)
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="1000,5000,9999", help="round-1 field sizes")
    ap.add_argument(
        "--reference-sizes",
        default="1000",
        help="round-1 sizes the reference engine also pairs (it grows about as n^3)",
    )
    ap.add_argument("--skip-event", action="store_true")
    ap.add_argument("--skip-round1", action="store_true")
    args = ap.parse_args()
    if not args.skip_event:
        event_table(args)
    if not args.skip_round1:
        round1_table(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
