"""``tabellone simulate``: many random events under several systems or profiles."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

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


def _simulation(args: argparse.Namespace):
    from tabellone.generate.result_models import NOISE_MODELS
    from tabellone.simulate import Simulation, parse_arms

    if args.ratings_from:
        low, high, pool = 0, 0, _ratings_pool(args.ratings_from)
    else:
        (low, high), pool = _ratings_range(args.ratings), ()
    if args.players is None and args.teams is None:
        raise InputError("give --players (individual events) or --teams (team events)", field="--players")
    noise = None
    if args.noise_model != "gaussian" and args.seed_noise > 0:
        noise = NOISE_MODELS[args.noise_model](args.seed_noise)
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
        noise=noise,
        model=args.model,
        draw_rate=args.draw_rate,
        absence_rate=args.absence_rate,
    )
    sim.validate()
    return sim


def _workers(args: argparse.Namespace) -> int:
    if args.workers is not None and args.workers < 1:
        raise InputError(f"must be at least 1, got {args.workers}", field="--workers")
    if args.dask not in (None, "local") and args.workers is not None:
        raise InputError(
            "--workers sizes local processes or --dask local; a remote Dask cluster has its own workers",
            field="--workers",
        )
    # local processes: 1 unless told; a local Dask cluster: one worker per CPU unless told
    return args.workers or ((os.cpu_count() or 1) if args.dask == "local" else 1)


def _check_new_options(args: argparse.Namespace, labels: list[str]) -> None:
    if args.resume and not args.out:
        raise InputError("--resume continues the run recorded in --out DIR: give --out", field="--resume")
    if args.reference is not None and args.reference not in labels:
        raise InputError(
            f"{args.reference!r} is not an arm of this run; arms: {', '.join(labels)}", field="--reference"
        )
    if args.every < 1:
        raise InputError(f"must be at least 1, got {args.every}", field="--every")
    if args.export_trf:
        if args.teams:
            raise InputError(
                "team events are not written as individual TRF; leave out --export-trf", field="--export-trf"
            )
        folder = Path(args.export_trf)
        if folder.exists() and not folder.is_dir():
            from tabellone.core.errors import FileAccessError

            raise FileAccessError(f"{args.export_trf}: is a file, not a folder")
    if args.progress_every < 0:
        raise InputError(f"must be 0 or more, got {args.progress_every}", field="--progress-every")


def cmd_simulate(args: argparse.Namespace) -> int:
    from tabellone.simulate import run, summarise, write_table

    sim = _simulation(args)
    workers = _workers(args)
    labels = [arm.label for arm in sim.arms]
    _check_new_options(args, labels)
    _simulate_outputs(args)
    if args.output and args.output.lower().endswith(".parquet"):
        from tabellone.simulate.runner import need

        need("pyarrow", "writing Parquet")
    terminal = sys.stderr.isatty()
    show = not args.quiet and terminal
    every = None if (args.quiet or terminal or args.progress_every == 0) else args.progress_every
    folder = None
    done: set[int] = set()
    if args.out:
        from tabellone.simulate.record import RunFolder, metadata

        folder = RunFolder(args.out, metadata(sim, options=_options(args)), resume=args.resume, force=args.force)
        done = folder.done_events()
    trf_dir = None
    if args.export_trf:
        trf_dir = Path(args.export_trf)
        try:
            trf_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            from tabellone.core.errors import FileAccessError

            raise FileAccessError(f"{args.export_trf}: cannot make the folder ({exc.strerror})") from None
    writer = _EventWriter(folder, trf_dir, args.force)
    todo = [k for k in range(sim.events) if k not in done]
    try:
        rows = run(
            sim,
            workers=workers,
            dask=args.dask,
            progress=show,
            fail_fast=args.fail_fast,
            events=todo,
            on_event=writer,
            export_every=args.every if trf_dir is not None else 0,
            progress_every=every,
            done=len(done),
        )
    except KeyboardInterrupt:
        if folder is None:
            raise
        folder.flush()
        recorded = len(folder.done_events())
        sys.stderr.write(
            f"tabellone: interrupted; {recorded} of {sim.events} events are recorded in {args.out}: "
            "run the same command with --resume to finish\n"
        )
        return 130
    if folder is not None:
        order = {label: k for k, label in enumerate(labels)}
        rows = sorted(folder.rows + rows, key=lambda row: (row["event"], order[row["arm"]]))
        rows = _unique(rows)
    summary = summarise(rows, labels, reference=args.reference)
    if folder is not None:
        from tabellone.simulate.runner import have

        folder.finish(rows, summary, "parquet" if have("pyarrow") else "csv")
    if args.output:
        if folder is not None:
            record = folder.record
        else:
            from tabellone.simulate.record import metadata

            record = metadata(sim, options=_options(args))
        write_table(rows, args.output, metadata=record)
    if args.summary_json:
        write_text(safe_output(args.summary_json, [], True), json.dumps(summary, indent=1) + "\n")
    sys.stdout.write(_summary_text(summary, sim))
    return EXIT_OK


def _options(args: argparse.Namespace) -> dict:
    """The command's options as parsed, for the run's record."""
    return {k: v for k, v in vars(args).items() if k not in ("func", "command")}


def _unique(rows: list[dict]) -> list[dict]:
    """One row per (event, arm): a resumed run's chunks and its new rows never overlap,
    but an event recorded twice (a chunk written just as the run was killed) counts once."""
    seen: set[tuple[int, str]] = set()
    out = []
    for row in rows:
        key = (row["event"], row["arm"])
        if key not in seen:
            seen.add(key)
            out.append(row)
    return out


class _EventWriter:
    """What happens to each finished event: its rows into the run folder, its TRF files
    into the export folder."""

    def __init__(self, folder, trf_dir: Path | None, force: bool) -> None:
        self.folder, self.trf_dir, self.force = folder, trf_dir, force

    def __call__(self, result: dict) -> None:
        if self.trf_dir is not None:
            for label, text in result.get("trf", {}).items():
                target = self.trf_dir / f"event-{result['event']:06d}-{label}.trf"
                write_text(safe_output(target, [], self.force or self.folder is not None), text)
        if self.folder is not None:
            self.folder.add(result)


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


def _cell(m: dict | None, fmt: str) -> str:
    if m is None or m["mean"] is None:
        return f"{'-':>17}"
    half = "" if m["ci95"] is None else " +-" + fmt.format(m["ci95"])
    return f"{fmt.format(m['mean']) + half:>17}"


def _summary_text(summary: dict, sim) -> str:
    from tabellone.simulate.teams import NOT_FOR_TEAMS

    field = (
        f"{sim.teams} teams of {sim.boards} boards (ranked by match points, then game points)"
        if sim.teams
        else f"{sim.players} players"
    )
    lines = [
        f"{sim.events} events, {field}, {sim.rounds} rounds, results by {sim.model_name}; "
        "mean +- 95% CI (Student t over the events each arm finished)"
    ]
    width = max(len(label) for label in summary)
    lines.append(f"{'':<{width}}  " + "  ".join(f"{head:>17}" for _, head, _ in _SUMMARY_COLUMNS))
    for label, metrics in summary.items():
        cells = [_cell(metrics[name], fmt) for name, _, fmt in _SUMMARY_COLUMNS]
        lines.append(f"{label:<{width}}  " + "  ".join(cells))
    differences = [(label, m["difference"]) for label, m in summary.items() if "difference" in m]
    if differences:
        reference = differences[0][1]["reference"]
        lines.append(f"minus {reference}, paired by event (mean +- 95% CI over the events both finished)")
        for label, diff in differences:
            cells = [_cell(diff.get(name), fmt) for name, _, fmt in _SUMMARY_COLUMNS]
            lines.append(f"{label:<{width}}  " + "  ".join(cells))
    for label, metrics in summary.items():
        events = metrics["events"]
        if events["failed"]:
            first = next(iter(events["reasons"]))
            lines.append(
                f"{label}: {events['failed']} of {events['total']} events failed (means over the {events['ok']} "
                f"it finished); the first: {first}"
            )
    if sim.teams:
        lines += [f"{name}: not measured for teams ({why})" for name, why in NOT_FOR_TEAMS.items()]
    return "\n".join(lines) + "\n"
