#!/usr/bin/env python3
"""Double-Swiss (tabellone/rules/double_swiss/): literal procedure against optimiser on generated
rounds.

    python benchmarks/double_swiss_crosscheck.py [--rounds 2000] [--min-players 6]
                                                 [--max-players 200] [--seed 1] [--out FILE]

Random Double-Swiss events (tabellone.rules.double_swiss.generate_event: Milvang's result model per
game; 6-200 players, log-uniform; 5-11 matches, at most players - 1; per match 2 %
absences and 2 % requested half-point byes; 2 % forfeits per game) are paired match by
match by the literal procedure until ``--rounds`` match rounds are reached. For every
round:

* both methods pair the same position (tabellone.rules.double_swiss.compare); each pairing is
  checked by tabellone.rules.double_swiss.violations (inside pair_round) and both again by an
  independent checker written from the raw round cells (tests/rules/double_swiss/double_swiss_independent.py);
* the round agrees when both give the same pairs and bye; otherwise the first component
  of the objective vectors (tabellone.rules.double_swiss.objective_vector) where they differ is
  printed with both values. Equal vectors with different pairs cannot happen (the vector
  ends with the 3.6.2 identifier, which fixes the pairs): that would be a bug, as would
  the optimiser beating the literal procedure or the reverse.

Prints a table by size class, then the disagreements; ``--out`` appends one JSON line per
round.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "rules" / "double_swiss"))

from double_swiss_independent import independent_unpairable, independent_violations  # noqa: E402

from tabellone.core.errors import NoPairingError  # noqa: E402
from tabellone.generate.tournament import GeneratorSettings  # noqa: E402
from tabellone.rules import double_swiss as ds  # noqa: E402
from tabellone.rules.comparison import fmt_value  # noqa: E402

CLASSES = [(6, 15), (16, 40), (41, 100), (101, 200)]


def event_settings(k: int, base_seed: int, lo: int, hi: int) -> GeneratorSettings:
    rng = random.Random(base_seed * 100003 + k)
    players = int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))
    matches = min(rng.randint(5, 11), players - 1)
    return GeneratorSettings(
        players=players,
        rounds=matches,
        seed=base_seed * 1000 + k,
        absence_rate=0.02,
        half_bye_rate=0.02,
        forfeit_rate=0.02,
    )


def size_class(n: int) -> str:
    for lo, hi in CLASSES:
        if lo <= n <= hi:
            return f"{lo}-{hi}"
    return f"{n}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2000)
    ap.add_argument("--min-players", type=int, default=6)
    ap.add_argument("--max-players", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out")
    args = ap.parse_args(argv)
    rows: dict[str, Counter] = {}
    times: dict[str, list[float]] = {}
    disagreements: list[str] = []
    done = 0
    k = 0
    out = open(args.out, "a") if args.out else None
    started = time.time()
    while done < args.rounds:
        k += 1
        settings = event_settings(k, args.seed, args.min_players, args.max_players)
        cls = size_class(settings.players)
        row = rows.setdefault(cls, Counter())
        tm = times.setdefault(cls, [0.0, 0.0])
        row["events"] += 1

        def pairer(t):
            nonlocal done
            r = t.next_round
            a = time.perf_counter()
            try:
                lit = ds.pair_round(t, round_number=r, method="literal")
            except NoPairingError:
                confirmed = independent_unpairable(t, (r + 1) // 2)
                row["unpairable, confirmed" if confirmed else "unpairable, NOT confirmed"] += 1
                raise
            b = time.perf_counter()
            opt = ds.pair_round(t, round_number=r, method="optimised")
            c = time.perf_counter()
            tm[0] += b - a
            tm[1] += c - b
            row["rounds"] += 1
            done += 1
            for name, p in (("literal", lit), ("optimised", opt)):
                bad = independent_violations(t, p.pairs, p.bye, (r + 1) // 2)
                if bad:
                    row["illegal"] += 1
                    disagreements.append(
                        f"event {k} ({settings.players} players) match {(r + 1) // 2}: {name} illegal: {bad}"
                    )
            same = {frozenset(p) for p in lit.pairs} == {frozenset(p) for p in opt.pairs} and lit.bye == opt.bye
            if same:
                row["same"] += 1
                verdict = "same"
            else:
                lv, ov = ds.objective_vector(t, lit), ds.objective_vector(t, opt)
                first = next(((g, a_, v1, v2) for (g, a_, v1), (_, _, v2) in zip(lv, ov) if v1 != v2), None)
                if first is None:
                    row["equal vectors"] += 1
                    verdict = "equal vectors"
                else:
                    g, art, v1, v2 = first
                    better = "literal" if v1 < v2 else "optimised"
                    row[f"{better} better"] += 1
                    verdict = f"{art} in bracket {g}: literal {fmt_value(v1)}, optimised {fmt_value(v2)}"
                disagreements.append(
                    f"event {k} ({settings.players} players, seed {settings.seed}) match {(r + 1) // 2}: {verdict}"
                    f"\n    literal   {lv}\n    optimised {ov}"
                )
            if out:
                out.write(json.dumps({"event": k, "players": settings.players, "round": r, "verdict": verdict}) + "\n")
            return lit

        try:
            ds.generate_event(settings, pairer)
        except NoPairingError:
            pass
    elapsed = time.time() - started
    cols = [
        "events",
        "rounds",
        "same",
        "equal vectors",
        "literal better",
        "optimised better",
        "illegal",
        "unpairable, confirmed",
        "unpairable, NOT confirmed",
    ]
    print(f"Double-Swiss literal vs optimised: {done} match rounds, seed {args.seed}, {elapsed:.0f} s")
    print(f"{'players':>9} " + " ".join(f"{c:>26}" for c in cols) + f" {'literal s/rd':>13} {'optimised s/rd':>15}")
    total = Counter()
    for cls in sorted(rows, key=lambda c: int(c.split("-")[0])):
        row = rows[cls]
        total.update(row)
        lt, ot = times[cls]
        n = max(row["rounds"], 1)
        print(f"{cls:>9} " + " ".join(f"{row[c]:>26}" for c in cols) + f" {lt / n:>13.3f} {ot / n:>15.3f}")
    print(f"{'all':>9} " + " ".join(f"{total[c]:>26}" for c in cols))
    if disagreements:
        print("\nDisagreements:")
        for d in disagreements:
            print(d)
    return 0 if not (total["illegal"] or total["unpairable, NOT confirmed"]) else 1


if __name__ == "__main__":
    sys.exit(main())
