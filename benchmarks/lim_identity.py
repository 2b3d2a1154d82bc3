#!/usr/bin/env python3
"""Lim before and after a change: every pairing must stay the same (issue 26).

    python benchmarks/lim_identity.py --before DIR [--seeds 1,2,3,4,5,6] [--players 300,301]
        [--rounds 9] [--methods literal,optimised] [--corpus N]

A speed change to the Lim system (tabellone/rules/lim/) must not change a single
pairing. This script runs the same work on two copies of the code, each in its own
process (``--before DIR``: a checkout of the commit before the change, e.g. ``git
worktree add --detach DIR main``, its compiled core built; the other is this checkout),
and compares every pairing, boards in order with colours and the bye:

* generated events: for each seed, each number of players and each method, a whole
  event is generated round by round, each round paired by that method
  (tabellone.generate.tournament: Milvang's result model, with absences, half-point byes
  and forfeits, so rounds have byes, players missing and games not played); an odd
  number of players gives a pairing-allocated bye every round. A difference in any
  round is a difference in that event (and changes the histories after it);
* corpus events (``--corpus N``: N events of ``../shared/corpus/dutch-2026-dev``, 20-300
  players, sizes spread): every round paired by each method from the history the file
  records, so each round is compared on the same history.

A round where the engine raises (no legal pairing) is compared by its error message.
Prints one line per event and method (rounds, CPU seconds before and after, rounds
that differ) and exits 1 when anything differs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "dutch-2026-dev"

CHILD = r"""
import json, sys, time
sys.path.insert(0, {root!r})
from tabellone import api
from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import lim

def emit(case, method, r, p, cpu):
    print(json.dumps({{"case": case, "method": method, "round": r, "pairs": [list(x) for x in p.pairs],
                      "bye": p.bye, "cpu": cpu}}), flush=True)

def fail(case, method, r, exc):  # the same error before and after is the same answer
    print(json.dumps({{"case": case, "method": method, "round": r, "pairs": type(exc).__name__ + ": " + str(exc),
                      "bye": None, "cpu": 0.0}}), flush=True)

for seed, players, rounds, method in {generated!r}:
    case = f"generated {{players}}x{{rounds}} seed {{seed}}"
    settings = GeneratorSettings(players=players, rounds=rounds, seed=seed, absence_rate=0.03,
                                 half_bye_rate=0.03, forfeit_rate=0.02, system="lim")

    def pairer(t, case=case, method=method):
        start = time.process_time()
        try:
            p = lim.pair_round(t, "2026", t.next_round, method)
        except Exception as exc:
            fail(case, method, t.next_round, exc)
            raise
        emit(case, method, t.next_round, p, time.process_time() - start)
        return p.pairs, p.bye

    try:
        generate(settings, pairer)
    except Exception:
        pass  # recorded by the pairer: the event ends there

for path in {corpus!r}:
    t = api.read(path)
    for r in range(1, t.rounds_paired + 1):
        tr = cut_before(t, r)
        for method in {methods!r}:
            start = time.process_time()
            try:
                p = lim.pair_round(tr, "2026", r, method)
            except Exception as exc:
                fail(path.rsplit("/", 1)[-1], method, r, exc)
                continue
            emit(path.rsplit("/", 1)[-1], method, r, p, time.process_time() - start)
"""


def corpus_events(count: int, low: int = 20, high: int = 300) -> list[str]:
    """``count`` corpus events of ``low`` to ``high`` players, spread over the sizes."""
    if count <= 0 or not CORPUS.exists():
        return []
    sized = []
    for f in sorted(CORPUS.glob("*.trf")):
        n = sum(1 for line in f.read_text(errors="replace").replace("\r", "\n").splitlines() if line.startswith("001"))
        if low <= n <= high:
            sized.append((n, f.name, str(f)))
    sized.sort()
    step = max(1, len(sized) / count)
    return [sized[int(k * step)][2] for k in range(min(count, len(sized)))]


def run(root: Path, generated: list, corpus: list[str], methods: list[str]) -> dict:
    """The pairings of one copy of the code: (case, method, round) -> row."""
    code = CHILD.format(root=str(root), generated=generated, corpus=corpus, methods=methods)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root)
    if out.returncode:
        raise SystemExit(f"{root}: the child failed:\n{out.stderr.strip()[-2000:]}")
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    return {(r["case"], r["method"], r["round"]): r for r in rows}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", type=Path, required=True, help="another copy of the code (the commit before a change)")
    ap.add_argument("--seeds", default="1,2,3,4,5,6")
    ap.add_argument("--players", default="300,301")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--methods", default="literal,optimised")
    ap.add_argument("--corpus", type=int, default=0, help="corpus events to pair round by round as well")
    args = ap.parse_args(argv)
    methods = args.methods.split(",")
    generated = [
        (int(s), int(n), args.rounds, m)
        for s in args.seeds.split(",")
        for n in args.players.split(",")
        for m in methods
    ]
    corpus = corpus_events(args.corpus)
    before = run(args.before.resolve(), generated, corpus, methods)
    after = run(ROOT, generated, corpus, methods)
    cases: dict[tuple[str, str], list] = {}
    for key in sorted(set(before) | set(after), key=lambda k: (k[0], k[1], k[2])):
        row = cases.setdefault(key[:2], [0, 0.0, 0.0, []])
        b, a = before.get(key), after.get(key)
        row[0] += 1
        row[1] += b["cpu"] if b else 0
        row[2] += a["cpu"] if a else 0
        if b is None or a is None or (b["pairs"], b["bye"]) != (a["pairs"], a["bye"]):
            row[3].append(key[2])
    print(f"{'event':<34} {'method':<10} {'rounds':>6} {'before s':>9} {'after s':>8}  differing rounds")
    differ = False
    for (case, method), (rounds, cb, ca, bad) in cases.items():
        differ |= bool(bad)
        print(f"{case:<34} {method:<10} {rounds:>6} {cb:>9.2f} {ca:>8.2f}  {','.join(map(str, bad)) or 'none'}")
    print("identical" if not differ else "DIFFERENT")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
