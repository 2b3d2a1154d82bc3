"""``tabellone simulate``: many random events under several systems or profiles."""

from __future__ import annotations

import argparse
import json
import os
import sys

from tabellone.core.errors import (
    EXIT_OK,
    InputError,
)
from tabellone.formats.files import load, safe_output, write_text


def _ratings_range(text: str) -> tuple[int, int]:
    import re

    m = re.fullmatch(r"\s*(\d{1,4})\s*-\s*(\d{1,4})\s*", text or "")
    if not m:
        raise InputError(f"expected LO-HI, two whole numbers up to 9999 (1400-2400), got {text!r}", field="--ratings")
    low, high = int(m.group(1)), int(m.group(2))
    if low > high:
        raise InputError(f"the lowest rating {low} is above the highest {high}", field="--ratings")
    return low, high


def _ratings_pool(path: str) -> tuple[int, ...]:
    pool = tuple(p.rating for p in load(path).players if p.rating > 0)
    if len(pool) < 2:
        raise InputError("the file has fewer than two rated players", source=path, field="--ratings-from")
    return pool


def _simulate_outputs(args: argparse.Namespace) -> list[str]:
    """Check the output paths before the run, not after it."""
    from pathlib import Path

    outputs = []
    if args.output:
        if not args.output.lower().endswith((".parquet", ".csv")):
            raise InputError(f"{args.output}: the table is written as .parquet or .csv; name it so", field="-o")
        outputs.append(args.output)
    if args.summary_json:
        outputs.append(args.summary_json)
    if len(set(outputs)) < len(outputs):
        raise InputError("-o and --summary-json name the same file", field="-o")
    inputs = [args.ratings_from] if args.ratings_from else []
    for out in outputs:
        target = safe_output(out, inputs, args.force)
        folder = target.parent if str(target.parent) else Path(".")
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            from tabellone.core.errors import FileAccessError

            raise FileAccessError(f"{out}: cannot write there (no such folder, or not writable)")
    return outputs


def cmd_simulate(args: argparse.Namespace) -> int:
    from tabellone.simulate import Simulation, parse_arms, run, summarise, write_table

    if args.ratings_from:
        low, high, pool = 0, 0, _ratings_pool(args.ratings_from)
    else:
        (low, high), pool = _ratings_range(args.ratings), ()
    if args.players is None and args.teams is None:
        raise InputError("give --players (individual events) or --teams (team events)", field="--players")
    sim = Simulation(
        arms=parse_arms(args.system, args.edition, args.profile),
        teams=args.teams or 0,
        boards=args.boards,
        players=args.players or 0,
        rounds=args.rounds,
        events=args.events,
        seed=args.seed,
        rating_low=low,
        rating_high=high,
        ratings_pool=pool,
        seed_noise=args.seed_noise,
        model=args.model,
        draw_rate=args.draw_rate,
        absence_rate=args.absence_rate,
    )
    sim.validate()
    if args.workers is not None and args.workers < 1:
        raise InputError(f"must be at least 1, got {args.workers}", field="--workers")
    # local processes: 1 unless told; a local Dask cluster: one worker per CPU
    workers = args.workers or ((os.cpu_count() or 1) if args.dask == "local" else 1)
    _simulate_outputs(args)
    if args.output and args.output.lower().endswith(".parquet"):
        from tabellone.simulate.runner import need

        need("pyarrow", "writing Parquet")
    show = not args.quiet and sys.stderr.isatty()
    rows = run(sim, workers=workers, dask=args.dask, progress=show)
    labels = [arm.label for arm in sim.arms]
    summary = summarise(rows, labels)
    if args.output:
        write_table(rows, args.output)
    if args.summary_json:
        write_text(safe_output(args.summary_json, [], True), json.dumps(summary, indent=1) + "\n")
    sys.stdout.write(_summary_text(summary, sim))
    return EXIT_OK


#: The columns of the summary printed on stdout: (metric, header, format).
_SUMMARY_COLUMNS = (
    ("kendall_half", "kendall_half", "{:.4f}"),
    ("spearman", "spearman", "{:.4f}"),
    ("strongest_alone_first", "top alone", "{:.3f}"),
    ("strongest_shares_first", "top shared", "{:.3f}"),
    ("cd2plus_share", "|CD|>=2", "{:.3f}"),
    ("three_in_row_share", "3 in row", "{:.3f}"),
    ("floats_per_round", "floats/rd", "{:.2f}"),
    ("seconds_per_round", "s/round", "{:.3f}"),
)


def _summary_text(summary: dict, sim) -> str:
    from tabellone.simulate.teams import NOT_FOR_TEAMS

    field = (
        f"{sim.teams} teams of {sim.boards} boards (ranked by match points, then game points)"
        if sim.teams
        else f"{sim.players} players"
    )
    lines = [f"{sim.events} events, {field}, {sim.rounds} rounds, results by {sim.model}; mean +- 95% CI"]
    width = max(len(label) for label in summary)
    lines.append(f"{'':<{width}}  " + "  ".join(f"{head:>17}" for _, head, _ in _SUMMARY_COLUMNS))
    for label, metrics in summary.items():
        cells = []
        for name, _, fmt in _SUMMARY_COLUMNS:
            m = metrics[name]
            if m["mean"] is None:
                cells.append(f"{'-':>17}")
            else:
                half = "" if m["ci95"] is None else " +-" + fmt.format(m["ci95"])
                cells.append(f"{fmt.format(m['mean']) + half:>17}")
        lines.append(f"{label:<{width}}  " + "  ".join(cells))
    if sim.teams:
        lines += [f"{name}: not measured for teams ({why})" for name, why in NOT_FOR_TEAMS.items()]
    return "\n".join(lines) + "\n"
