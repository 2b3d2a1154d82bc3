#!/usr/bin/env python3
"""Cross-check the literal Burstein procedure against the optimiser.

    python benchmarks/burstein_crosscheck.py [--events 200] [--players 6 20] [--rounds 4 9]
                                             [--edition legacy|2026|2025] [--corpus MAXPLAYERS]

``--events`` tournaments are generated (tabellone.generate.tournament) with the optimiser
(tabellone.rules.burstein.pair_round) as pairer: alternately clean and with zero-point absences,
half-point byes and forfeits; players and rounds vary with the seed within the given
ranges (the literal procedure is an exhaustive search: at most
tabellone.rules.burstein.literal_legacy.LIMIT players). Every round is paired again from the rounds before
it by the literal procedure (tabellone.rules.burstein.literal_legacy) and compared with the optimiser's
(pairs, colours and bye).

Prints the events, rounds, rounds agreeing, disagreements and the time of each method;
then, for each disagreement, the first criterion on which the two pairings differ, with
both values (tabellone.rules.burstein.evaluate, as the verifier reports it).

With ``--corpus N`` it also re-pairs every round of the reference corpus
(../shared/corpus/burstein-dev, bbpPairings 5.0.1) with at most N players by the literal
procedure and compares with the recorded rounds.

``--edition 2026`` (or ``2025``) checks the current texts instead: the optimiser
tabellone.rules.burstein.edition_2026 against the literal procedure tabellone.rules.burstein.literal_2026 (at most
its LIMIT players); the seeding rounds (Art. 1.6, paired by the Dutch system, whose own
cross-check is benchmarks/dutch_crosscheck.py) are not counted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabellone.core.errors import NoPairingError  # noqa: E402
from tabellone.core.history import cut_before  # noqa: E402
from tabellone.formats.trf import read_trf  # noqa: E402
from tabellone.generate.tournament import GeneratorSettings, generate  # noqa: E402
from tabellone.rules import burstein  # noqa: E402
from tabellone.rules.burstein import edition_2026 as burstein_2026  # noqa: E402
from tabellone.rules.burstein import literal_2026 as burstein_2026_literal  # noqa: E402
from tabellone.rules.burstein.literal_legacy import LIMIT  # noqa: E402
from tabellone.verify.checker import first_difference  # noqa: E402
from tabellone.verify.conformance import check_file  # noqa: E402

SHARED = ROOT.parent / "shared"

EDITION = "legacy"


def optimised_pairer(t):
    p = burstein.pair_round(t, EDITION)
    return p.pairs, p.bye


def literal(t, edition="legacy", round_number=None):
    return burstein.pair_round(t, edition, round_number, method="literal")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=200)
    ap.add_argument("--players", nargs=2, type=int, default=(6, min(20, LIMIT)), metavar=("LO", "HI"))
    ap.add_argument("--rounds", nargs=2, type=int, default=(4, 9), metavar=("LO", "HI"))
    ap.add_argument(
        "--corpus",
        type=int,
        default=0,
        help=f"also the reference corpus, events of at most N players (at most {LIMIT})",
    )
    ap.add_argument("--edition", default="legacy", choices=burstein.EDITIONS)
    args = ap.parse_args()
    global EDITION
    EDITION = args.edition
    if EDITION != "legacy":
        args.players = (args.players[0], min(args.players[1], burstein_2026_literal.LIMIT))
    (plo, phi), (rlo, rhi) = args.players, args.rounds
    rounds = agree = 0
    t_opt = t_lit = 0.0
    notes = []
    skipped = 0
    for seed in range(1, args.events + 1):
        players = plo + seed % (phi - plo + 1)
        n_rounds = min(rlo + seed % (rhi - rlo + 1), players - 1)
        rough = seed % 2 == 0
        s = GeneratorSettings(
            players=players,
            rounds=n_rounds,
            seed=seed,
            absence_rate=0.08 if rough else 0.0,
            half_bye_rate=0.05 if rough else 0.0,
            forfeit_rate=0.05 if rough else 0.0,
        )
        try:
            t = generate(s, optimised_pairer)
        except NoPairingError:
            skipped += 1  # some round of the event has no legal pairing at all
            continue
        for r in range(1, t.rounds_paired + 1):
            cut = cut_before(t, r)
            if EDITION != "legacy" and burstein_2026.is_seeding_round(cut, r):
                continue
            start = time.perf_counter()
            opt = burstein.pair_round(cut, EDITION)
            t_opt += time.perf_counter() - start
            start = time.perf_counter()
            lit = literal(cut, EDITION)
            t_lit += time.perf_counter() - start
            rounds += 1
            if sorted(opt.pairs) == sorted(lit.pairs) and opt.bye == lit.bye:
                agree += 1
            else:
                why = first_difference(burstein, cut, lit, opt, EDITION, yours="literal")
                notes.append(f"seed {seed} ({players} players) round {r}: {why}")
    print(
        f"Burstein ({EDITION}) literal vs optimised: {args.events - skipped} events ({skipped} drawn without a legal pairing "
        f"in some round left out), {plo}-{phi} players, {rlo}-{rhi} rounds"
    )
    print(f"{'rounds':>7} {'agree':>7} {'differ':>7} {'optimised s':>12} {'literal s':>10}")
    print(f"{rounds:>7} {agree:>7} {rounds - agree:>7} {t_opt:>12.2f} {t_lit:>10.2f}")
    for line in notes:
        print("  " + line)
    if args.corpus:
        folder = SHARED / "corpus" / "burstein-dev"
        limit = min(args.corpus, LIMIT)
        files = [f for f in sorted(folder.glob("*.trf")) if len(read_trf(f).players) <= limit]
        total = same = 0
        for f in files:
            for res in check_file(f, "legacy", literal).rounds:
                total += 1
                same += res.identical
                if not res.identical:
                    print(f"  corpus {f.name} round {res.round}: {res.detail}")
        print(
            f"literal procedure on the reference corpus ({len(files)} events of <= {limit} players): {same} of {total} rounds identical"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
