"""An independent recomputation of what ``tabellone simulate`` reports.

``tabellone simulate ... -o TABLE.csv --summary-json S.json`` writes one row of
metrics per event and arm, and their means with 95 % intervals. This script checks
both without the simulator's own metric code (:mod:`tabellone.simulate.metrics`):

1. **The summary from the table.** Every mean and 95 % half-width of S.json is
   recomputed from the CSV rows with plain Python (NaN rows left out, the sample
   standard deviation, t(0.975, n - 1) s / sqrt n over the n events an arm finished,
   the t quantile from scipy when installed).
2. **The table from the standings.** A sample of the events is played again through
   the public simulation API (every event is a pure function of the seed and its
   index, so the replay is the same tournament), written as a FIDE TRF-16 file, and
   read back by the small parser below, which knows nothing of the engine's model.
   From that final table alone it recomputes, in its own words:

   * ``kendall_half``: over the pairs of players of different true strength (the
     rating column: the simulation must run with ``--seed-noise 0``), the pairs where
     the stronger finished with fewer points plus half the pairs on equal points,
     divided by the number of such pairs;
   * ``spearman``: the Pearson correlation of the mid-ranks of points and strength;
   * the strongest player alone first / sharing first;
   * the shares of |CD| = 0, 1, >= 2 over played games, repeated colours and three in
     a row;
   * floats per round and the mean score difference of the paired players (scores
     before the round, rebuilt from the results), PAB receivers and their strength rank;

   and compares every number with the table's row (to 1e-9).
3. **The results against the model.** Over the games of the replayed events, the
   numbers of White wins, draws and Black wins against what the result model, written
   out again below from its source's formulas (Milvang 2015, bbpPairings, Gacrux 2025),
   expects for those very pairings and colours: a z-score per outcome (|z| > 4 fails).
   A swap of White and Black, or of the two players' strengths, shows here.

Run it on the output of the 300-event command of issue 11::

    tabellone simulate --system dutch --players 100 --rounds 9 --events 300 \\
        --ratings 1400-2400 --model milvang2015 --workers 2 --summary-json s.json -o s.csv
    python benchmarks/simulate_crosscheck.py --table s.csv --summary s.json \\
        --system dutch --players 100 --rounds 9 --ratings 1400-2400 --model milvang2015 --replay 12

It prints one line per check and exits 1 on the first disagreement it lists.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from itertools import combinations

TOLERANCE = 1e-9
POINTS = {"1": 1.0, "+": 1.0, "W": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "D": 0.5, "H": 0.5}
PLAYED = {"1", "0", "=", "W", "D", "L"}


# --- the summary, from the table ---------------------------------------------------------


def read_table(path: str) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def t_975(df: int) -> float:
    """The 0.975 quantile of Student's t: scipy's when installed (independent of
    tabellone's own), else tabellone's (stated in the output)."""
    try:
        from scipy.stats import t

        return float(t.ppf(0.975, df))
    except ImportError:  # pragma: no cover - the research extra has scipy
        from tabellone.simulate.stats import t_quantile

        return t_quantile(0.975, df)


def mean_and_half_width(values: list[float]) -> tuple[float | None, float | None, int, float | None]:
    xs = [v for v in values if not math.isnan(v)]
    if not xs:
        return None, None, 0, None
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, None, 1, None
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, t_975(len(xs) - 1) * sd / math.sqrt(len(xs)), len(xs), sd


def same(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return abs(a - b) <= TOLERANCE * max(1.0, abs(a), abs(b))


def check_summary(rows: list[dict[str, str]], summary: dict) -> list[str]:
    problems = []
    for arm, metrics in summary.items():
        mine = [r for r in rows if r["arm"] == arm]
        if not mine:
            problems.append(f"summary arm {arm}: no rows in the table")
            continue
        ok = [r for r in mine if r.get("status", "ok") == "ok"]
        events = metrics.get("events", {})
        if events and (events["total"], events["ok"]) != (len(mine), len(ok)):
            problems.append(f"summary {arm}: events {events} != table {len(mine)} rows, {len(ok)} ok")
        for name, stats in metrics.items():
            if name in ("events", "difference"):
                continue
            m, h, n, sd = mean_and_half_width([float(r[name]) for r in ok])
            if not (same(m, stats["mean"]) and same(h, stats["ci95"]) and n == stats.get("n", n)):
                problems.append(f"summary {arm} {name}: json {stats} != table {m}, {h}, n={n}")
            if "sd" in stats and not same(sd, stats["sd"]):
                problems.append(f"summary {arm} {name}: json sd {stats['sd']} != table {sd}")
    return problems


# --- the table, from the final standings ---------------------------------------------------


def parse_players(trf: str, rounds: int) -> list[dict]:
    """The ``001`` records of a TRF-16 text: start rank, rating, and per round
    (opponent or None, colour, result), by the columns of the FIDE format."""
    players = []
    for line in trf.splitlines():
        if not line.startswith("001"):
            continue
        line = line.ljust(91 + 10 * rounds)
        games = []
        for k in range(rounds):
            base = 91 + 10 * k  # column 92 + 10k: the opponent's start rank
            opp = line[base : base + 4].strip()
            games.append((int(opp) if opp and int(opp) else None, line[base + 5], line[base + 7]))
        players.append(
            {"id": int(line[4:8]), "rating": int(line[48:52] or 0), "points": float(line[80:84]), "games": games}
        )
    return players


def mid_ranks(values: list[float]) -> list[float]:
    """Rank 1 for the smallest; equal values share the mean of their ranks."""
    out = []
    for v in values:
        below = sum(1 for w in values if w < v)
        equal = sum(1 for w in values if w == v)
        out.append(below + (equal + 1) / 2)
    return out


def recompute(players: list[dict], rounds: int) -> dict[str, float]:
    n = len(players)
    by_id = {p["id"]: p for p in players}
    strength = {p["id"]: p["rating"] for p in players}
    # scores before every round, rebuilt from the results alone
    score = dict.fromkeys(by_id, 0.0)
    floats = 0
    gaps = []
    pab = []
    for k in range(rounds):
        for pid, p in by_id.items():
            opp, colour, result = p["games"][k]
            if opp is not None and pid < opp:  # each game once
                gaps.append(abs(score[pid] - score[opp]))
                floats += score[pid] != score[opp]
            if opp is None and result == "U":
                pab.append(pid)
        for pid, p in by_id.items():
            score[pid] += POINTS.get(p["games"][k][2], 0.0)
    for pid, p in by_id.items():
        if abs(score[pid] - p["points"]) > 1e-9:
            raise SystemExit(f"player {pid}: the results add up to {score[pid]}, the points column says {p['points']}")
    ids = sorted(by_id)
    # kendall_half, word by word
    wrong, pairs = 0.0, 0
    for a, b in combinations(ids, 2):
        if strength[a] == strength[b]:
            continue
        pairs += 1
        stronger, weaker = (a, b) if strength[a] > strength[b] else (b, a)
        if score[stronger] < score[weaker]:
            wrong += 1
        elif score[stronger] == score[weaker]:
            wrong += 0.5
    # spearman: Pearson of the mid-ranks
    rp = mid_ranks([score[i] for i in ids])
    rs = mid_ranks([float(strength[i]) for i in ids])
    mp, ms = sum(rp) / n, sum(rs) / n
    cov = sum((x - mp) * (y - ms) for x, y in zip(rp, rs))
    vp = sum((x - mp) ** 2 for x in rp)
    vs = sum((y - ms) ** 2 for y in rs)
    rho = cov / math.sqrt(vp * vs) if vp and vs else math.nan
    # the strongest player
    top_strength = max(strength.values())
    top_points = max(score.values())
    strongest_on_top = any(score[i] == top_points for i in ids if strength[i] == top_strength)
    leaders = sum(1 for i in ids if score[i] == top_points)
    # colours over played games
    colours = {i: "".join(c for (o, c, r) in by_id[i]["games"] if o is not None and r in PLAYED) for i in ids}
    cd = [h.count("w") - h.count("b") for h in colours.values()]
    consecutive = sum(max(0, len(h) - 1) for h in colours.values())
    repeats = sum(sum(1 for x, y in zip(h, h[1:]) if x == y) for h in colours.values())
    three = sum(1 for h in colours.values() if "www" in h or "bbb" in h)
    # PAB receivers: rank 0 the strongest (equal strengths in start-rank order)
    order = sorted(ids, key=lambda i: (-strength[i], i))
    return {
        "kendall_half": wrong / pairs if pairs else math.nan,
        "spearman": rho,
        "strongest_alone_first": float(strongest_on_top and leaders == 1),
        "strongest_shares_first": float(strongest_on_top and leaders > 1),
        "cd0_share": sum(1 for c in cd if c == 0) / n,
        "cd1_share": sum(1 for c in cd if abs(c) == 1) / n,
        "cd2plus_share": sum(1 for c in cd if abs(c) >= 2) / n,
        "repeat2_rate": repeats / consecutive if consecutive else math.nan,
        "three_in_row_share": three / n,
        "floats_per_round": floats / rounds,
        "mean_score_difference": sum(gaps) / len(gaps) if gaps else math.nan,
        "pab_count": float(len(pab)),
        "pab_receiver_rank": (sum(order.index(i) for i in pab) / len(pab) / max(1, n - 1)) if pab else math.nan,
    }


def milvang2015(rw: float, rb: float) -> tuple[float, float, float]:
    """Milvang (2015): two quadratic arcs per side, read directly off his table."""
    rm, rd = (rw + rb) / 2, rw - rb
    q2 = ((rm - 1200) / 1200) ** 2 if rm > 1200 else 0.0
    wcv, wll, wul = 0.45 - 0.10 * q2, -1492 + 0.391 * rm, 1691 - 0.428 * rm
    bcv, bll, bul = 0.46 - 0.13 * q2, -1753 + 0.416 * rm, 1428 - 0.388 * rm
    if rd <= wll:
        pw = 0.0
    elif rd <= 40:
        pw = wcv * ((rd - wll) / (40 - wll)) ** 2
    elif rd <= wul:
        pw = 1 - (1 - wcv) * ((rd - wul) / (40 - wul)) ** 2
    else:
        pw = 1.0
    if rd <= bll:
        pb = 1.0
    elif rd <= -80:
        pb = 1 - (1 - bcv) * ((rd - bll) / (-80 - bll)) ** 2
    elif rd <= bul:
        pb = bcv * ((rd - bul) / (-80 - bul)) ** 2
    else:
        pb = 0.0
    return pw, 1 - pw - pb, pb


def bbp(rw: float, rb: float, draw: float = 0.30) -> tuple[float, float, float]:
    """bbpPairings' generator: the stronger scores Phi(D * 7 / 2000); draws min(p, 2 - 2E)."""
    e = 0.5 * math.erfc(-abs(rw - rb) * 7 / 2000 / math.sqrt(2))
    d = min(draw, 2 - 2 * e)
    strong, weak = e - d / 2, 1 - e - d / 2
    return (strong, d, weak) if rw >= rb else (weak, d, strong)


def gacrux2025(rw: float, rb: float) -> tuple[float, float, float]:
    """Gacrux (2025): two base-10 logistic curves of scale 370, centres moving with the mean."""
    rm = (rw + rb) / 2
    pw = 1 / (1 + 10 ** ((rb - rw + 96 + 0.0986 * (rm - 2000)) / 370))
    pb = 1 / (1 + 10 ** ((rw - rb + 150 + 0.157 * (rm - 2000)) / 370))
    return pw, 1 - pw - pb, pb


MODELS = {"milvang2015": milvang2015, "bbp": bbp, "gacrux2025": gacrux2025}


def tally_results(players: list[dict], rounds: int, model, tally: dict) -> None:
    """Add the observed outcome and the model's probabilities of every game (from White's
    side) to ``tally``: {outcome: [observed, expected, variance]}."""
    rating = {p["id"]: p["rating"] for p in players}
    for p in players:
        for opp, colour, result in p["games"]:
            if opp is None or colour != "w" or result not in PLAYED:
                continue
            probs = model(rating[p["id"]], rating[opp])
            seen = {"1": 0, "W": 0, "=": 1, "D": 1, "0": 2, "L": 2}[result]
            for k, name in enumerate(("white wins", "draws", "black wins")):
                cell = tally.setdefault(name, [0, 0.0, 0.0])
                cell[0] += seen == k
                cell[1] += probs[k]
                cell[2] += probs[k] * (1 - probs[k])


def replay_trf(args, event: int, arm_label: str) -> str:
    """The final table of ``event`` under the arm ``arm_label``, as TRF-16 text, played
    again through the public simulation API."""
    from tabellone.formats.trf import format_trf
    from tabellone.simulate import Simulation, parse_arms
    from tabellone.simulate.events import draw_field, play_arm

    low, high = (int(x) for x in args.ratings.split("-"))
    sim = Simulation(
        arms=parse_arms(args.system, None, args.profile),
        players=args.players,
        rounds=args.rounds,
        events=max(event + 1, 1),
        seed=args.seed,
        rating_low=low,
        rating_high=high,
        model=args.model,
    )
    arm = next(a for a in sim.arms if a.label == arm_label)
    players, strength = draw_field(sim, event)
    if any(p.rating != strength[p.id] for p in players):
        raise SystemExit("the rating column must be the true strength: run the simulation with --seed-noise 0")
    t, _ = play_arm(sim, event, arm, players, strength)
    return format_trf(t)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", required=True, help="the CSV table of tabellone simulate -o")
    ap.add_argument("--summary", help="the JSON of --summary-json")
    ap.add_argument("--system", action="append", required=True)
    ap.add_argument("--profile", action="append", default=[])
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--rounds", type=int, required=True)
    ap.add_argument("--ratings", default="1400-2600")
    ap.add_argument("--model", default="milvang2015")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--draw-rate", type=float, default=0.30, help="bbp's draw share, as given to simulate (default 0.30)"
    )
    ap.add_argument("--replay", type=int, default=10, help="how many events to play again (spread over the run)")
    args = ap.parse_args(argv)

    rows = read_table(args.table)
    problems: list[str] = []
    if args.summary:
        with open(args.summary, encoding="utf-8") as fh:
            summary = json.load(fh)
        found = check_summary(rows, summary)
        problems += found
        checked = sum(len([k for k in m if k not in ("events", "difference")]) for m in summary.values())
        print(
            f"summary: {checked} means and intervals recomputed from {len(rows)} rows: "
            + ("all equal" if not found else f"{len(found)} differ")
        )
    events = sorted({int(r["event"]) for r in rows})
    step = max(1, len(events) // max(1, args.replay))
    sample = events[::step][: args.replay]
    compared = 0
    tally: dict = {}
    for event in sample:
        for row in (r for r in rows if int(r["event"]) == event and r.get("status", "ok") == "ok"):
            players = parse_players(replay_trf(args, event, row["arm"]), args.rounds)
            if args.model in MODELS:
                model = (lambda w, b: bbp(w, b, args.draw_rate)) if args.model == "bbp" else MODELS[args.model]
                tally_results(players, args.rounds, model, tally)
            mine = recompute(players, args.rounds)
            bad = [f"{k}: table {row[k]} != standings {v!r}" for k, v in mine.items() if not same(float(row[k]), v)]
            compared += len(mine)
            print(
                f"event {event:4d} {row['arm']}: kendall_half {mine['kendall_half']:.6f} (table {float(row['kendall_half']):.6f}), "
                f"{len(mine)} metrics " + ("equal" if not bad else "DIFFER")
            )
            problems += [f"event {event} {row['arm']} {b}" for b in bad]
    print(
        f"standings: {compared} numbers of {len(sample)} replayed events recomputed from their TRF tables: "
        + ("all equal" if not problems else f"{len(problems)} problems")
    )
    for name, (seen, expected, variance) in tally.items():
        z = (seen - expected) / math.sqrt(variance) if variance else 0.0
        print(f"results: {name:10} observed {seen:6d}, the {args.model} model expects {expected:9.1f}: z = {z:+.2f}")
        if abs(z) > 4:
            problems.append(f"{name}: observed {seen}, expected {expected:.1f} (z = {z:+.2f})")
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
