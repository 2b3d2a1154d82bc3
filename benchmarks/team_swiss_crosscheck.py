#!/usr/bin/env python3
"""Swiss Team Pairing System (tabellone/rules/team_swiss/): literal procedure against optimiser
on generated rounds.

    python benchmarks/team_swiss_crosscheck.py [--rounds 2000] [--min-teams 4]
                                               [--max-teams 60] [--seed 1]

Random team events (tabellone.generate.teams: 4 boards, Milvang's result model for every
game; 4-60 teams, log-uniform; 4-9 rounds, at most teams - 1; colour preferences of
Type A, Type B or none in turn; 3 % whole-match forfeits, 2 % absent teams) are paired
round by round by the literal procedure until ``--rounds`` rounds are reached. For every
round:

* both methods pair the same position (tabellone.rules.team_swiss.compare); each pairing is
  checked by tabellone.rules.team_swiss.violations (inside pair_round) and both again by an
  independent checker written from the raw round entries
  (tests/rules/team_swiss/test_team_swiss.py, independent_violations);
* the round agrees when both give the same pairs, colours and bye; otherwise the first
  component of the objective vectors (tabellone.rules.team_swiss.objective_vector) where they
  differ is printed with both vectors. A literal bracket search over its node budget is
  counted apart (``budget``), not as an agreement. ``C8-C10`` counts the rounds where a
  bracket could not meet every colour preference and float criterion (the cases where
  the literal search and the matching weights are really put to work).

Prints a table by size class, then every disagreement.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "rules" / "team_swiss"))

from test_team_swiss import independent_violations  # noqa: E402

from tabellone.core.errors import NoPairingError  # noqa: E402
from tabellone.core.history import cut_before  # noqa: E402
from tabellone.generate.teams import TeamSettings, generate_team_event  # noqa: E402
from tabellone.rules import team_swiss  # noqa: E402

CLASSES = [(4, 9), (10, 19), (20, 39), (40, 60)]


def settings(k: int, base_seed: int, lo: int, hi: int) -> TeamSettings:
    rng = random.Random(base_seed * 100003 + k)
    teams = int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))
    rounds = min(rng.randint(4, 9), teams - 1)
    return TeamSettings(
        teams=teams,
        rounds=rounds,
        seed=base_seed * 1000 + k,
        boards=4,
        preferences=("A", "B", "none")[k % 3],
        match_forfeit_rate=0.03,
        absence_rate=0.02,
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=2000)
    ap.add_argument("--min-teams", type=int, default=4)
    ap.add_argument("--max-teams", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rows = {
        c: {"events": 0, "rounds": 0, "same": 0, "differ": 0, "budget": 0, "faults": 0, "t_lit": 0.0, "t_opt": 0.0}
        for c in CLASSES
    }
    differences = []
    done, k = 0, 0
    while done < args.rounds:
        k += 1
        s = settings(k, args.seed, args.min_teams, args.max_teams)
        cls = next(c for c in CLASSES if c[0] <= s.teams <= c[1])
        stats = rows[cls]
        stats["events"] += 1
        budget_hit = []

        def pairer(t):
            try:
                p = team_swiss.pair_round(t, "2026", None, "literal")
            except NoPairingError:
                return None
            except team_swiss.BudgetExceeded:
                p = team_swiss.pair_round(t, "2026", None, "optimised")
                budget_hit.append(t.next_round)
            return p.pairs, p.bye

        t = generate_team_event(s, pairer)
        for r in range(1, t.rounds_paired + 1):
            before = cut_before(t, r)
            t0 = time.perf_counter()
            try:
                lit = team_swiss.pair_round(before, "2026", r, "literal")
            except team_swiss.BudgetExceeded:
                stats["budget"] += 1
                stats["rounds"] += 1
                done += 1
                continue
            t1 = time.perf_counter()
            opt = team_swiss.pair_round(before, "2026", r, "optimised")
            t2 = time.perf_counter()
            stats["t_lit"] += t1 - t0
            stats["t_opt"] += t2 - t1
            for p in (lit, opt):
                bad = independent_violations(before, p)
                if bad:
                    raise SystemExit(f"event {k} round {r}: illegal pairing {p.pairs} bye {p.bye}: {bad}")
            stats["rounds"] += 1
            done += 1
            # rounds where [C8]-[C10] could not all be met: the criteria the two methods
            # reach by different means (enumeration against matching weights)
            if any(art in ("C8", "C9", "C10") and v for _, art, v in team_swiss.objective_vector(before, lit)):
                stats["faults"] += 1
            if sorted(lit.pairs) == sorted(opt.pairs) and lit.bye == opt.bye:
                stats["same"] += 1
                continue
            stats["differ"] += 1
            lv = team_swiss.objective_vector(before, lit)
            ov = team_swiss.objective_vector(before, opt)
            first = next(((a, b) for a, b in zip(lv, ov) if a != b), None)
            differences.append((k, s, r, lit, opt, first, lv, ov))
    print(f"Swiss Team Pairing System, literal vs optimised: {done} rounds, {k} events, seed {args.seed}")
    print(
        f"{'teams':>8} {'events':>7} {'rounds':>7} {'same':>7} {'differ':>7} {'budget':>7} {'C8-C10':>7} {'ms lit':>8} {'ms opt':>8}"
    )
    total = {"events": 0, "rounds": 0, "same": 0, "differ": 0, "budget": 0, "faults": 0, "t_lit": 0.0, "t_opt": 0.0}
    for c, st in rows.items():
        for key in total:
            total[key] += st[key]
        n = max(1, st["rounds"] - st["budget"])
        print(
            f"{c[0]:>3}-{c[1]:<4} {st['events']:>7} {st['rounds']:>7} {st['same']:>7} {st['differ']:>7} {st['budget']:>7} {st['faults']:>7} "
            f"{1000 * st['t_lit'] / n:>8.1f} {1000 * st['t_opt'] / n:>8.1f}"
        )
    n = max(1, total["rounds"] - total["budget"])
    print(
        f"{'all':>8} {total['events']:>7} {total['rounds']:>7} {total['same']:>7} {total['differ']:>7} {total['budget']:>7} {total['faults']:>7} "
        f"{1000 * total['t_lit'] / n:>8.1f} {1000 * total['t_opt'] / n:>8.1f}"
    )
    for k, s, r, lit, opt, first, lv, ov in differences:
        print(f"\nevent {k} ({s.teams} teams, preferences {s.preferences}, seed {s.seed}) round {r}")
        print(f"  literal   {lit.pairs} bye {lit.bye}")
        print(f"  optimised {opt.pairs} bye {opt.bye}")
        print(f"  first difference: {first}")
        print(f"  literal vector:   {lv}")
        print(f"  optimised vector: {ov}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
