#!/usr/bin/env python3
"""The literal italo-svizzero rotation against the optimisation model, on generated events.

    python benchmarks/italo_svizzero.py [--events 300] [--edition capo5|2.2]
        [--game italiana|internazionale] [--max-rounds R] [--jobs J] [--summary-only]
        [--report FILE.tsv]

Each event (8-120 players, even and odd, seeded) is played round by round with the
literal procedure of ``tabellone/rules/italo_svizzero/__init__.py`` (results from Milvang's model, draws 35%;
some events have withdrawals, forfeits or Art. 9 staggered rests). Before every round
the optimiser pairs the same state, and the two pairings are compared on the objective
vector (score difference, rotation distance, colour balance; smaller is better).

Prints a table per size band: rounds compared, how many the two pair identically (the
agreement rate), and, for the rounds where they differ, the objective on which the
optimiser wins first (it is never worse lexicographically) and how often the literal
rotation is better on a later objective. Then every disagreement with both vectors,
unless ``--summary-only`` (``--report`` writes them as TSV as well).

Rounds per event follow Art. 1 (at least a third of the players), capped by
``--max-rounds`` (default 25). Events run in parallel processes (``--jobs``, default
the number of CPUs).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabellone.rules.italo_svizzero import OBJECTIVES, SimSettings, simulate

BANDS = [(8, 20), (21, 40), (41, 60), (61, 80), (81, 100), (101, 120)]


def settings_for(seed: int, edition: str, game: str, max_rounds: int) -> SimSettings:
    n = 8 + (seed * 37) % 113
    odd = "rest" if (n % 2 == 1 and seed % 3 == 0 and edition == "capo5") else "forfeit"
    rounds = min(max(3, -(-n // 3)), max_rounds)
    if odd == "rest" and rounds % 2 == 0:
        rounds += 1
    return SimSettings(
        players=n,
        rounds=rounds,
        seed=seed,
        edition=edition,
        game=game,
        odd=odd,
        withdrawals=(seed % 7 == 1) * (1 + seed % 3),
        forfeit_rate=0.04 if seed % 6 == 5 else 0.0,
    )


def run_event(s: SimSettings) -> dict:
    start = time.perf_counter()
    res = simulate(s, compare_methods=True)
    rows = []
    for c in res.comparisons:
        rows.append(
            {
                "round": c.round,
                "agree": c.agree,
                "literal": c.literal_vector,
                "optimised": c.optimised_vector,
                "deciding": c.deciding,
                "winners": c.winners,
                "boards_differ": len(
                    {frozenset(p) for p in c.literal.pairs} ^ {frozenset(p) for p in c.optimised.pairs}
                )
                // 2,
            }
        )
    return {
        "seed": s.seed,
        "players": s.players,
        "rounds": s.rounds,
        "odd": s.odd,
        "rows": rows,
        "seconds": time.perf_counter() - start,
    }


def band(n: int) -> str:
    for lo, hi in BANDS:
        if lo <= n <= hi:
            return f"{lo}-{hi}"
    return "other"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=300)
    ap.add_argument("--edition", default="capo5", choices=("capo5", "2.2"))
    ap.add_argument("--game", default="italiana", choices=("italiana", "internazionale"))
    ap.add_argument("--max-rounds", type=int, default=25)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--summary-only", action="store_true")
    ap.add_argument("--report", help="write every compared round as TSV here")
    args = ap.parse_args()

    settings = [settings_for(seed, args.edition, args.game, args.max_rounds) for seed in range(args.events)]
    t0 = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(run_event, settings, chunksize=4))
    else:
        results = [run_event(s) for s in settings]
    wall = time.perf_counter() - t0

    table: dict[str, dict] = {}
    for ev in results:
        for key in (band(ev["players"]), "all"):
            b = table.setdefault(
                key,
                {
                    "events": 0,
                    "rounds": 0,
                    "agree": 0,
                    "deciding": dict.fromkeys(OBJECTIVES, 0),
                    "lit_later": 0,
                    "gap": [0, 0, 0],
                    "odd": 0,
                },
            )
            b["events"] += 1
            b["odd"] += ev["players"] % 2
            for r in ev["rows"]:
                b["rounds"] += 1
                if r["agree"]:
                    b["agree"] += 1
                    continue
                if r["deciding"]:
                    b["deciding"][r["deciding"]] += 1
                    k = OBJECTIVES.index(r["deciding"])
                    if "literal" in r["winners"][k + 1 :]:
                        b["lit_later"] += 1
                for i in range(3):
                    b["gap"][i] += r["literal"][i] - r["optimised"][i]

    print(
        f"italo-svizzero, edition {args.edition}, {args.game}: {len(results)} events, "
        f"{sum(len(e['rows']) for e in results)} rounds compared, {wall:.1f} s"
    )
    print("objectives (smaller is better): score difference > rotation distance > colour balance")
    print()
    head = (
        f"{'players':>8} {'events':>6} {'odd':>4} {'rounds':>6} {'agree':>6} {'rate':>6}  "
        f"{'opt wins on: score':>18} {'rotation':>8} {'colour':>6}  {'lit better later':>16}  "
        f"{'mean gap (score, rot, col) when differing':>41}"
    )
    print(head)
    print("-" * len(head))
    for key in [f"{lo}-{hi}" for lo, hi in BANDS] + ["all"]:
        b = table.get(key)
        if not b:
            continue
        differ = b["rounds"] - b["agree"]
        rate = 100.0 * b["agree"] / b["rounds"] if b["rounds"] else 0.0
        gap = ", ".join(f"{g / differ:.2f}" if differ else "-" for g in b["gap"])
        print(
            f"{key:>8} {b['events']:>6} {b['odd']:>4} {b['rounds']:>6} {b['agree']:>6} {rate:>5.1f}%  "
            f"{b['deciding']['score difference']:>18} {b['deciding']['rotation distance']:>8} "
            f"{b['deciding']['colour balance']:>6}  {b['lit_later']:>16}  {gap:>41}"
        )
    lines = []
    for ev in results:
        for r in ev["rows"]:
            if not r["agree"]:
                lines.append((ev["seed"], ev["players"], ev["odd"], r))
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            f.write("seed\tplayers\todd\tround\tagree\tliteral\toptimised\tdeciding\twinners\tboards_differ\n")
            for ev in results:
                for r in ev["rows"]:
                    f.write(
                        f"{ev['seed']}\t{ev['players']}\t{ev['odd']}\t{r['round']}\t{r['agree']}\t"
                        f"{r['literal']}\t{r['optimised']}\t{r['deciding']}\t{','.join(r['winners'])}\t{r['boards_differ']}\n"
                    )
    if not args.summary_only:
        print()
        print(
            f"every disagreement ({len(lines)}): seed players round | literal vector | optimised vector | "
            "first objective where they differ | winner per objective | boards that differ"
        )
        for seed, n, odd, r in lines:
            print(
                f"{seed:>4} {n:>4}{'r' if odd == 'rest' else ' '} {r['round']:>3} | {str(r['literal']):>15} | "
                f"{str(r['optimised']):>15} | {r['deciding'] or '-':<17} | {'/'.join(r['winners']):<26} | {r['boards_differ']}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
