#!/usr/bin/env python3
"""Dubov system on generated events: legality, literal against optimised, ARO spread.

    python benchmarks/dubov.py [--events 500] [--editions 2026,1997] [--min-players 8]
                               [--max-players 200] [--spread-events 60] [--seed 1] [--jobs 2]

For each edition, ``--events`` random tournaments (tabellone.generate.tournament, Milvang's result
model; 8-200 players, log-uniform; 5-11 rounds, at most players - 1; 2 % absences, 2 %
half-point byes, 1 % forfeits) are paired round by round by the literal procedure. For
every round:

* both methods pair the same position (tabellone.rules.dubov.compare); each pairing is checked by
  tabellone.rules.dubov.violations (inside pair_round) and the finished event again by an
  independent checker written from the raw entries (tests/rules/dubov/test_dubov.py);
* the round counts as agreeing when both give the same pairs and bye; otherwise the
  first objective where they differ and both values are listed.

An event is "unpairable" when the engine raises NoPairingError at some round (it claims
that no pairing keeps the absolute restrictions). Each such claim is checked by an
independent exact method written from the rule texts (tests/rules/dubov/test_dubov.py,
independent_feasibility: perfect matching on the compatibility graph, with a Tutte-set
certificate when there is none); "unpairable confirmed" counts the claims it confirms,
and any claim it refutes is listed with the round and a legal pairing.

Then, on the first ``--spread-events`` events, the same positions are also paired by the
Dutch system (2026) and the spread of ARO inside each score group after the round
(standard deviation and range of the exact ARO, groups of two or more players who have
played) is averaged per method.

Prints tables; ``--out FILE`` also writes the raw per-round records as JSON lines.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "rules" / "dubov"))

from tabellone.core.errors import NoPairingError  # noqa: E402
from tabellone.core.history import cut_before  # noqa: E402
from tabellone.generate.tournament import GeneratorSettings, generate  # noqa: E402
from tabellone.rules import dubov  # noqa: E402


def independent_violations(t, edition):
    from test_dubov import independent_violations as check

    return check(t, edition)


def independent_feasibility(t, edition):
    from test_dubov import independent_feasibility as check

    return check(t, edition, with_2_5=True)


def event_settings(k: int, base_seed: int, lo: int, hi: int) -> GeneratorSettings:
    rng = random.Random(base_seed * 100003 + k)
    players = int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))
    rounds = min(rng.randint(5, 11), players - 1)
    return GeneratorSettings(
        players=players,
        rounds=rounds,
        seed=base_seed * 1000 + k,
        absence_rate=0.02,
        half_bye_rate=0.02,
        forfeit_rate=0.01,
    )


def pairer_for(edition, seen=None):
    """The literal pairer; ``seen`` (a dict), if given, keeps the last position paired
    under "t", so that a round the engine cannot pair can be checked afterwards."""

    def pairer(t):
        if seen is not None:
            seen["t"] = t
        p = dubov.pair_round(t, edition, method="literal")
        return p.pairs, p.bye

    return pairer


def aro_after(t, pairs, state, ratings):
    """Exact ARO of every paired player after the round's games (played opponents so
    far plus the new one), grouped by the score before the round."""
    opp: dict[int, list[int]] = {}
    for p in t.players:
        opp[p.id] = [ratings[e.opponent] for e in p.rounds[: state.round - 1] if e.played]
    for w, b in pairs:
        opp[w].append(ratings[b])
        opp[b].append(ratings[w])
    groups = defaultdict(list)
    for w, b in pairs:
        for x in (w, b):
            groups[state[x].pairing_score].append(Fraction(sum(opp[x]), len(opp[x])))
    return groups


def spread(groups):
    sds, ranges = [], []
    for vals in groups.values():
        if len(vals) >= 2:
            f = [float(v) for v in vals]
            sds.append(statistics.pstdev(f))
            ranges.append(max(f) - min(f))
    return sds, ranges


def run_event(args):
    k, edition, base_seed, lo, hi, do_spread = args
    s = event_settings(k, base_seed, lo, hi)
    out = {
        "event": k,
        "edition": edition,
        "players": s.players,
        "rounds": s.rounds,
        "records": [],
        "violations": [],
        "unpairable": None,
        "spread": defaultdict(lambda: [[], []]),
    }
    t0 = time.perf_counter()
    seen = {}
    try:
        t = generate(s, pairer_for(edition, seen))
    except NoPairingError as exc:
        out["unpairable"] = str(exc)
        # the engine's claim, checked independently on the position it could not pair
        f = independent_feasibility(seen["t"], edition)
        out["unpairable_round"] = f.round
        out["unpairable_confirmed"] = not f.feasible
        out["unpairable_check"] = f.describe()
        if edition == "1997" and f.feasible:
            out["unpairable_check"] += (
                " (it also keeps 2.5)" if f.feasible_2_5 else " (it breaks 2.5, which the engine waives)"
            )
        out["seconds"] = time.perf_counter() - t0
        out["spread"] = {}
        return out
    out["violations"] = independent_violations(t, edition)
    ratings = {p.id: p.rating for p in t.players}
    for r in range(1, t.rounds_paired + 1):
        cut = cut_before(t, r)
        c = dubov.compare(cut, edition, r)
        rec = {"round": r, "same": c.same_pairs, "better": c.better, "first": None}
        if c.first_difference is not None:
            g, name, lv, ov = c.first_difference
            rec["first"] = [
                dubov.fmt_value(g) if not isinstance(g, str) else g,
                name,
                dubov.fmt_value(lv),
                dubov.fmt_value(ov),
            ]
        out["records"].append(rec)
        if do_spread and r > 1:
            state = cut.state_before(r)
            methods = {"literal": c.literal.pairs, "optimised": c.optimised.pairs}
            if edition == "2026":
                from tabellone.rules import dutch

                methods["dutch-2026"] = dutch.pair_round(cut, "2026", r).pairs
            for m, pairs in methods.items():
                sds, rngs = spread(aro_after(cut, pairs, state, ratings))
                out["spread"][m][0].extend(sds)
                out["spread"][m][1].extend(rngs)
    out["spread"] = dict(out["spread"].items())
    out["seconds"] = time.perf_counter() - t0
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=500)
    ap.add_argument("--editions", default="2026,1997")
    ap.add_argument("--min-players", type=int, default=8)
    ap.add_argument("--max-players", type=int, default=200)
    ap.add_argument("--spread-events", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="write each event's record as a JSON line, as it finishes")
    ap.add_argument("--report", help="only print the tables of a JSON-lines file written by --out")
    a = ap.parse_args(argv)
    editions = a.editions.split(",")
    results = []
    start = time.perf_counter()
    if a.report:
        with open(a.report) as fh:
            results = [json.loads(line) for line in fh if line.strip()]
        editions = [ed for ed in editions if any(x["edition"] == ed for x in results)]
        a.events = max(Counter(x["edition"] for x in results).values())
    else:
        tasks = [
            (k, ed, a.seed, a.min_players, a.max_players, k < a.spread_events)
            for k in range(a.events)
            for ed in editions
        ]
        fh = open(a.out, "w") if a.out else None
        with ProcessPoolExecutor(max_workers=a.jobs) as pool:
            for res in pool.map(run_event, tasks, chunksize=2):
                results.append(res)
                if fh:
                    fh.write(json.dumps(res, default=str) + "\n")
                    fh.flush()
        if fh:
            fh.close()
    wall = time.perf_counter() - start

    print(
        f"Dubov benchmark: up to {a.events} generated events per edition, {a.min_players}-{a.max_players} players, seed {a.seed}, {wall:.0f} s"
    )
    print()
    print(
        "| edition | events | unpairable | unpairable confirmed | rounds | illegal (self-check + independent) | same pairing | optimised better | literal better | equal vectors, other pairs |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for ed in editions:
        rs = [x for x in results if x["edition"] == ed]
        recs = [rec for x in rs for rec in x["records"]]
        n = len(recs)
        same = sum(1 for r in recs if r["same"])
        opt = sum(1 for r in recs if r["better"] == "optimised")
        lit = sum(1 for r in recs if r["better"] == "literal")
        tie = sum(1 for r in recs if not r["same"] and r["better"] == "equal")
        bad = sum(len(x["violations"]) for x in rs)
        unp = sum(1 for x in rs if x["unpairable"])
        conf = sum(1 for x in rs if x["unpairable"] and x.get("unpairable_confirmed"))
        print(
            f"| {ed} | {len(rs)} | {unp} | {conf} | {n} | {bad} | {same} ({100 * same / max(n, 1):.1f} %) | {opt} | {lit} | {tie} |"
        )
    refuted = [x for x in results if x["unpairable"] and x.get("unpairable_confirmed") is False]
    unchecked = [x for x in results if x["unpairable"] and "unpairable_confirmed" not in x]  # older --out files
    print()
    if refuted:
        print("Unpairable claims the independent check REFUTES (a legal pairing exists):")
        print()
        print("| edition | event | players | round | engine | independent check |")
        print("|---|---|---|---|---|---|")
        for x in refuted:
            print(
                f"| {x['edition']} | {x['event']} | {x['players']} | {x['unpairable_round']} | {x['unpairable']} | {x['unpairable_check']} |"
            )
    if unchecked:
        print(f"{len(unchecked)} unpairable claims carry no independent check (records written before it existed).")
    if not refuted and not unchecked:
        print("Every unpairable claim is confirmed: the independent check finds no legal pairing of that round.")
    unp_rows = [x for x in results if x["unpairable"]]
    if unp_rows:
        print()
        print("| edition | event | players | round | independent check |")
        print("|---|---|---|---|---|")
        for x in sorted(unp_rows, key=lambda x: (x["edition"], x["event"])):
            print(
                f"| {x['edition']} | {x['event']} | {x['players']} | {x.get('unpairable_round', '-')} | {x.get('unpairable_check', 'not checked')} |"
            )
    print()
    print("Agreement per round number (share of rounds with the same pairing):")
    print()
    maxr = max((len(x["records"]) for x in results), default=0)
    print("| edition | " + " | ".join(f"r{r}" for r in range(1, maxr + 1)) + " |")
    print("|---|" + "---|" * maxr)
    for ed in editions:
        cells = []
        for r in range(1, maxr + 1):
            recs = [rec for x in results if x["edition"] == ed for rec in x["records"] if rec["round"] == r]
            cells.append(f"{100 * sum(rec['same'] for rec in recs) / len(recs):.0f} %" if recs else "-")
        print(f"| {ed} | " + " | ".join(cells) + " |")
    print()
    print("Where they differ: the first objective that differs (count), and the first few cases")
    print("with both values (group score, objective, literal value, optimised value):")
    for ed in editions:
        diffs = [
            (x["event"], x["players"], rec)
            for x in results
            if x["edition"] == ed
            for rec in x["records"]
            if not rec["same"]
        ]
        by = Counter((rec["first"][1] if rec["first"] else "(tie)") for _, _, rec in diffs)
        print()
        print(f"{ed}: " + ", ".join(f"{k} {v}" for k, v in by.most_common()))
        print()
        print("| event | players | round | group | objective | literal | optimised |")
        print("|---|---|---|---|---|---|---|")
        for ev, pl, rec in diffs[:12]:
            f = rec["first"] or ["-", "(tie)", "-", "-"]
            print(f"| {ev} | {pl} | {rec['round']} | {f[0]} | {f[1]} | {f[2]} | {f[3]} |")
    print()
    print("ARO spread inside score groups after the round (exact ARO; rounds 2 on; groups of 2 or more):")
    print()
    print("| edition | method | groups | mean std. dev. | mean range |")
    print("|---|---|---|---|---|")
    for ed in editions:
        agg = defaultdict(lambda: [[], []])
        for x in results:
            if x["edition"] != ed:
                continue
            for m, (sds, rngs) in x["spread"].items():
                agg[m][0].extend(sds)
                agg[m][1].extend(rngs)
        for m, (sds, rngs) in agg.items():
            if sds:
                print(f"| {ed} | {m} | {len(sds)} | {statistics.mean(sds):.1f} | {statistics.mean(rngs):.1f} |")
    secs = [x["seconds"] for x in results]
    print()
    print(f"time per event: mean {statistics.mean(secs):.2f} s, max {max(secs):.2f} s")
    return 0 if all(not x["violations"] for x in results) and not refuted else 1


if __name__ == "__main__":
    sys.exit(main())
