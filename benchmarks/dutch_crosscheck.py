#!/usr/bin/env python3
"""Cross-check the literal Dutch procedure against the optimiser on generated events.

    python benchmarks/dutch_crosscheck.py [--events 300] [--editions 2026,2017]
        [--players 6-40] [--rounds 5-11] [--budget 200000] [--corpus MAXPLAYERS]

For each edition, ``--events`` tournaments are generated (tabellone.generate.tournament) with the
optimiser (tabellone.rules.dutch.pair_round) as pairer: half of them clean, half with zero-point
absences, half-point byes and forfeits; players and rounds vary with the seed within the
given ranges. Every round is then paired again from the rounds before it by the literal
procedure (tabellone.rules.dutch.literal.pair_round_literal) and compared with the optimiser's:
pairs, colours, board order and bye.

Prints one line per edition: events, rounds, rounds agreeing, disagreements, rounds
beyond the literal procedure's budget, and time; then, for each disagreement, the first
bracket whose pairs differ and the first criterion on which the two pairings differ
(tabellone.rules.dutch.evaluate, as the verifier reports it).

With ``--corpus N`` it also re-pairs every round of the reference corpus
(../shared/corpus, bbpPairings 6.0.0 for 2026 and 5.0.1 for 2017) with at most N players
by the literal procedure and compares with the recorded rounds.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabellone.core.errors import NoPairingError  # noqa: E402
from tabellone.core.history import cut_before  # noqa: E402
from tabellone.generate.tournament import GeneratorSettings, generate  # noqa: E402
from tabellone.rules import dutch  # noqa: E402
from tabellone.rules.dutch import literal as dutch_literal  # noqa: E402
from tabellone.rules.dutch import pair_round  # noqa: E402
from tabellone.rules.dutch.literal import LiteralBudgetExceeded, pair_round_literal  # noqa: E402
from tabellone.rules.fide_common import entrants  # noqa: E402
from tabellone.verify.checker import first_difference  # noqa: E402

SHARED = ROOT.parent / "shared"


def span(text: str) -> tuple[int, int]:
    lo, _, hi = text.partition("-")
    return int(lo), int(hi or lo)


def first_differing_bracket(t, r: int, a, b) -> str:
    """The first bracket, top down, whose pairs differ between pairings ``a`` and ``b``
    (each pairing's own downfloaters carried down as MDPs)."""
    state = t.state_before(r)
    players = entrants(t, state)
    groups: list[list] = []
    for e in players:
        if groups and groups[-1][0].score == e.score:
            groups[-1].append(e)
        else:
            groups.append([e])

    def walk(p):
        mate = {}
        for w, k in p.pairs:
            mate[w], mate[k] = k, w
        out, mdps = [], []
        for g in groups:
            ids = {e.id for e in mdps + g}
            pairs = {frozenset((x, mate[x])) for x in ids if mate.get(x) in ids}
            out.append((g[0].score, sorted(ids), pairs))
            mdps = [e for e in mdps + g if e.id not in {y for q in pairs for y in q}]
        return out

    for (score, ids_a, pa), (_, ids_b, pb) in zip(walk(a), walk(b)):
        if ids_a != ids_b or pa != pb:
            pts = str(score) if isinstance(score, Fraction) and score.denominator != 1 else str(int(score))
            only_a = " ".join("-".join(map(str, sorted(q))) for q in sorted(pa - pb, key=sorted))
            only_b = " ".join("-".join(map(str, sorted(q))) for q in sorted(pb - pa, key=sorted))
            who = " ".join(map(str, ids_a))
            return f"{pts}-point bracket (players {who}): literal {only_a or '-'}; optimiser {only_b or '-'}"
    return "same pairs in every bracket (colours, boards or bye differ)"


def crosscheck(
    edition: str, events: int, players: tuple[int, int], rounds: tuple[int, int], budget: int, first_seed: int
):
    rows = {"events": 0, "rounds": 0, "agree": 0, "differ": 0, "budget": 0}
    notes: list[str] = []

    def pairer(t):
        p = pair_round(t, edition)
        return p.pairs, p.bye

    start = time.perf_counter()
    seed = first_seed
    made = 0
    while made < events:
        seed += 1
        n = players[0] + (seed * 7) % (players[1] - players[0] + 1)
        nr = rounds[0] + seed % (rounds[1] - rounds[0] + 1)
        rates = {} if seed % 2 == 0 else {"absence_rate": 0.04, "half_bye_rate": 0.03, "forfeit_rate": 0.03}
        try:
            t = generate(GeneratorSettings(players=n, rounds=nr, seed=seed, **rates), pairer)
        except NoPairingError:
            continue  # few players, many rounds: the event ran out of legal pairings
        made += 1
        rows["events"] += 1
        for r in range(1, nr + 1):
            cut = cut_before(t, r)
            opt = pair_round(cut, edition, r)
            rows["rounds"] += 1
            try:
                lit = pair_round_literal(cut, edition, r, budget=budget)
            except LiteralBudgetExceeded as exc:
                rows["budget"] += 1
                notes.append(f"  {edition} seed {seed} ({n} players) round {r}: beyond the budget: {exc}")
                continue
            if lit.pairs == opt.pairs and lit.bye == opt.bye:
                rows["agree"] += 1
                continue
            rows["differ"] += 1
            where = first_differing_bracket(cut, r, lit, opt)
            try:
                crit = first_difference(dutch, cut, lit, opt, edition)
            except Exception as exc:  # the report must not hide the disagreement itself
                crit = f"(no criterion report: {exc!r})"
            notes.append(f"  {edition} seed {seed} ({n} players) round {r}: {where}; {crit}")
    rows["seconds"] = time.perf_counter() - start
    return rows, notes


def corpus(edition: str, max_players: int):
    from tabellone.verify.conformance import check_file

    folder = SHARED / "corpus" / ("dutch-2026-dev" if edition == "2026" else "dutch-2017-dev")
    if not (folder / "manifest.tsv").is_file():
        return None, [f"  corpus {folder} absent"]
    rows = {"events": 0, "rounds": 0, "agree": 0, "differ": 0, "budget": 0}
    notes = []
    start = time.perf_counter()
    with open(folder / "manifest.tsv", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            if int(row["PlayersNumber"]) > max_players:
                continue
            rows["events"] += 1
            res = check_file(folder / row["file"], edition, pair_round=lambda t, e: pair_round_literal(t, e))
            for rr in res.rounds:
                rows["rounds"] += 1
                if rr.identical:
                    rows["agree"] += 1
                else:
                    rows["differ"] += 1
                    notes.append(f"  corpus {row['file']} round {rr.round}: {rr.detail}")
    rows["seconds"] = time.perf_counter() - start
    return rows, notes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=300, help="generated events per edition (default 300)")
    ap.add_argument("--editions", default="2026,2017")
    ap.add_argument("--players", default="6-40", help="range of players (default 6-40)")
    ap.add_argument("--rounds", default="5-11", help="range of rounds (default 5-11)")
    ap.add_argument("--budget", type=int, default=200_000, help="literal procedure: candidates per bracket")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument(
        "--corpus",
        type=int,
        default=0,
        metavar="MAXPLAYERS",
        help="also compare with the reference corpus, events of at most MAXPLAYERS players",
    )
    args = ap.parse_args()
    header = f"{'edition':<8} {'source':<10} {'events':>6} {'rounds':>7} {'agreeing':>9} {'differing':>9} {'budget':>7} {'seconds':>8}"

    def line(edition: str, source: str, rows: dict) -> str:
        return (
            f"{edition:<8} {source:<10} {rows['events']:>6} {rows['rounds']:>7} {rows['agree']:>9} "
            f"{rows['differ']:>9} {rows['budget']:>7} {rows['seconds']:>8.1f}"
        )

    print(header)
    print("-" * len(header))
    all_notes: list[str] = []
    failed = False
    for edition in args.editions.split(","):
        rows, notes = crosscheck(
            edition, args.events, span(args.players), span(args.rounds), args.budget, args.first_seed
        )
        print(line(edition, "generated", rows), flush=True)
        all_notes += notes
        failed |= rows["differ"] > 0
        if args.corpus:
            rows, notes = corpus(edition, args.corpus)
            if rows is not None:
                print(line(edition, "bbp corpus", rows), flush=True)
                failed |= rows["differ"] > 0
            all_notes += notes
    most = dutch_literal.STATS.get("most work in one bracket", 0)
    print(f"\nmost candidates and search nodes in one bracket: {most:,} (budget {args.budget:,})")
    if all_notes:
        print()
        print("disagreements (first differing bracket; first differing criterion) and budget overruns:")
        print("\n".join(all_notes))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
