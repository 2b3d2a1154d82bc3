"""Running the events: in this process, on local processes, or on a Dask cluster.

Every event is a pure function of the simulation and its index
(:func:`.events.play_event`), so where it runs changes nothing: the rows are gathered,
sorted by event and arm, and are the same with 1 worker, 8 workers or a Dask cluster
(except the timing columns, which measure the machine).

* ``workers=1``: events run one after another in this process.
* ``workers=W``: a pool of ``W`` local processes (:mod:`concurrent.futures`).
* ``dask=ADDR``: the events go to the Dask distributed scheduler at ``ADDR``
  (``tcp://host:8786``), whose workers must have the same tabellone installed;
  ``dask="local"`` starts a :class:`dask.distributed.LocalCluster` of ``workers``
  processes on this machine. Everything a worker needs travels with the task: the
  settings, each profile's text, the result model object; no worker reads a file.

An arm that cannot pair an event is a row with ``status = failed`` and the reason, and
the run goes on (``fail_fast`` stops at the first). Each finished event is handed to
``on_event`` as it arrives (``--out`` writes it to disk there). A progress bar (tqdm)
goes to stderr when it is a terminal; otherwise, with ``progress_every``, a line every
that many seconds, for batch logs.
"""

from __future__ import annotations

import csv
import importlib
import importlib.util
import io
import json
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from tabellone.core.errors import InputError
from tabellone.formats.files import write_text, write_via_temporary
from tabellone.formats.trf import format_trf
from tabellone.simulate.events import STATUS_COLUMNS, TIMING_COLUMNS, Simulation, play_event_full
from tabellone.simulate.metrics import METRICS
from tabellone.simulate.stats import describe, paired

RESEARCH_EXTRA = "pip install 'tabellone[research]'"


def need(module: str, purpose: str):
    """Import ``module`` for ``purpose``, or say which extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise InputError(
            f"{purpose} needs {module.split('.')[0]}, part of the research extra: {RESEARCH_EXTRA}"
        ) from None


def have(module: str) -> bool:
    """Whether ``module`` can be imported (an optional part of the research extra)."""
    return importlib.util.find_spec(module) is not None


def event_task(sim: Simulation, event: int, fail_fast: bool = False, export: bool = False) -> dict[str, Any]:
    """What a worker sends back for one event: its rows and, when ``export``, each
    finished arm's tournament as TRF text (the process that asked writes the files)."""
    rows, finished = play_event_full(sim, event, fail_fast=fail_fast)
    trf: dict[str, str] = {}
    if export and not sim.teams:
        trf = {label: format_trf(t) for label, t in finished.items()}
    return {"event": event, "rows": rows, "trf": trf}


class Progress:
    """How far a run is: a tqdm bar on a terminal, or (``every`` seconds) a plain line
    on stderr for batch logs, or nothing."""

    def __init__(self, total: int, done: int, *, bar: bool, every: float | None) -> None:
        self.total, self.done, self.failed = total, done, 0
        self.start = self.last = time.monotonic()
        self.first_done = done
        self.every = every
        self.bar = None
        if bar:
            tqdm = need("tqdm", "the progress bar (or pass -q)")
            self.bar = tqdm.tqdm(total=total, initial=done, unit="event", file=sys.stderr, dynamic_ncols=True)

    def update(self, rows: Sequence[dict[str, Any]]) -> None:
        self.done += 1
        self.failed += sum(1 for row in rows if row.get("status") == "failed")
        if self.bar is not None:
            self.bar.update(1)
        elif self.every is not None and time.monotonic() - self.last >= self.every:
            self.last = time.monotonic()
            sys.stderr.write(self.line() + "\n")
            sys.stderr.flush()

    def line(self) -> str:
        elapsed = time.monotonic() - self.start
        made = self.done - self.first_done
        left = (self.total - self.done) * elapsed / made if made else float("nan")
        return (
            f"simulate: {self.done}/{self.total} events ({self.done / self.total:.0%}), "
            f"{self.failed} failed arm-events, {elapsed:.0f} s, about {left:.0f} s to go"
        )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _ignore_sigint() -> None:
    # the pool's processes leave Ctrl-C to the process that owns the run, which
    # records what finished before it stops
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local(
    sim: Simulation, todo: Sequence[int], workers: int, fail_fast: bool, export
) -> Generator[dict[str, Any], None, None]:
    if workers == 1:
        for k in todo:
            yield event_task(sim, k, fail_fast, export(k))
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    try:
        # a bounded window of submitted events, so that an interrupted run has little in flight
        pending: set = set()
        queue = iter(todo)
        for k in queue:
            pending.add(pool.submit(event_task, sim, k, fail_fast, export(k)))
            if len(pending) >= 2 * workers:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()
                nxt = next(queue, None)
                if nxt is not None:
                    pending.add(pool.submit(event_task, sim, nxt, fail_fast, export(nxt)))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _dask(
    sim: Simulation,
    todo: Sequence[int],
    address: str,
    workers: int | None,
    processes: bool,
    fail_fast: bool,
    export,
) -> Generator[dict[str, Any], None, None]:
    distributed = need("dask.distributed", "--dask")
    cluster = None
    try:
        if address == "local":
            cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=processes, dashboard_address=None
            )
            client = distributed.Client(cluster)
        else:
            try:
                client = distributed.Client(address, timeout="20s")
            except (OSError, TimeoutError) as exc:
                raise InputError(f"no Dask scheduler answers at {address} ({exc})", field="--dask") from None
        try:
            futures = client.map(
                event_task,
                [sim] * len(todo),
                list(todo),
                [fail_fast] * len(todo),
                [export(k) for k in todo],
                pure=False,
            )
            try:
                for fut in distributed.as_completed(futures):
                    yield fut.result()
            finally:
                client.cancel(futures)
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


def check_workers(workers: object, dask: str | None) -> None:
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InputError(f"must be a whole number of at least 1, got {workers!r}", field="--workers")


def run(
    sim: Simulation,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: bool = False,
    dask_processes: bool = True,
    fail_fast: bool = False,
    events: Iterable[int] | None = None,
    on_event: Callable[[dict[str, Any]], None] | None = None,
    export_every: int = 0,
    progress_every: float | None = None,
    done: int = 0,
) -> list[dict[str, Any]]:
    """Play every event of ``sim`` (or only ``events``) under every arm; the rows
    sorted by event, then in the arms' order.

    ``progress`` shows a bar on stderr; ``progress_every`` instead writes a line every
    that many seconds. ``fail_fast`` raises the first failure instead of recording it.
    ``on_event`` gets each finished event's task result (``event``, ``rows``, ``trf``:
    the TRF text of its tournaments when ``export_every`` divides the event number).
    ``dask_processes=False`` runs a local Dask cluster's workers as threads (quick to
    start, for tests). ``done`` events already recorded elsewhere count towards the
    progress shown (a resumed run)."""
    sim.validate()
    if dask is None or dask == "local":
        check_workers(workers, dask)
    todo = list(range(sim.events)) if events is None else list(events)

    def export(k: int) -> bool:
        return bool(export_every) and k % export_every == 0

    meter = Progress(sim.events, done, bar=progress, every=progress_every)
    rows: list[dict[str, Any]] = []
    try:
        if dask is None:
            results = _local(sim, todo, workers, fail_fast, export)
        else:
            results = _dask(sim, todo, dask, workers, dask_processes, fail_fast, export)
        try:
            for result in results:
                rows.extend(result["rows"])
                if on_event is not None:
                    on_event(result)
                meter.update(result["rows"])
        finally:
            results.close()
    finally:
        meter.close()
    order = {arm.label: k for k, arm in enumerate(sim.arms)}
    rows.sort(key=lambda row: (row["event"], order[row["arm"]]))
    return rows


def tournaments(sim: Simulation, events: Iterable[int] | None = None) -> Iterator[tuple[int, str, Any]]:
    """``(event, arm label, finished tournament)`` for every event (or only
    ``events``) and arm, played in this process: the very tournaments the rows
    measure, to look at, write (:func:`tabellone.write`) or check with another engine.
    An arm that could not pair an event gives ``None``."""
    sim.validate()
    for k in range(sim.events) if events is None else events:
        rows, finished = play_event_full(sim, k)
        for row in rows:
            yield k, row["arm"], finished.get(row["arm"])


def _ok(row: dict[str, Any]) -> bool:
    return row.get("status", "ok") == "ok"


def summarise(
    rows: Sequence[dict[str, Any]],
    labels: Iterable[str],
    *,
    timings: bool = True,
    reference: str | None = None,
) -> dict[str, dict[str, Any]]:
    """``{arm: {metric: {"mean", "ci95", "n", "sd"}, ..., "events": {...}}}``.

    Every metric is described over the events the arm finished
    (:func:`.stats.describe`: the mean, the half-width of its 95 % t interval, how many
    values and their standard deviation; the timing metrics too unless
    ``timings=False``). ``events`` counts the arm's events: ``total``, ``ok``,
    ``failed`` and the ``reasons`` of the failures with how often each came.
    With ``reference`` (an arm's label) every other arm also gets
    ``"difference": {"reference": label, metric: paired stats}``: the mean over events
    of (arm - reference), over the events both finished, with its t interval."""
    labels = list(labels)
    names = list(METRICS) + (list(TIMING_COLUMNS) if timings else [])
    by_arm: dict[str, dict[int, dict[str, Any]]] = {label: {} for label in labels}
    for row in sorted(rows, key=lambda r: r["event"]):
        if row["arm"] in by_arm:
            by_arm[row["arm"]][row["event"]] = row
    if reference is not None and reference not in by_arm:
        raise InputError(f"{reference!r} is not an arm of this run; arms: {', '.join(labels)}", field="--reference")
    out: dict[str, dict[str, Any]] = {}
    for label in labels:
        mine = list(by_arm[label].values())
        ok = [row for row in mine if _ok(row)]
        reasons: dict[str, int] = {}
        for row in mine:
            if not _ok(row):
                reasons[row.get("reason", "")] = reasons.get(row.get("reason", ""), 0) + 1
        entry: dict[str, Any] = {name: describe([row[name] for row in ok]) for name in names}
        entry["events"] = {"total": len(mine), "ok": len(ok), "failed": len(mine) - len(ok), "reasons": reasons}
        if reference is not None and label != reference:
            ref = by_arm[reference]
            both = [k for k, row in by_arm[label].items() if _ok(row) and k in ref and _ok(ref[k])]
            diff: dict[str, Any] = {"reference": reference}
            for name in METRICS:
                diff[name] = paired([by_arm[label][k][name] for k in both], [ref[k][name] for k in both])
            entry["difference"] = diff
        out[label] = entry
    return out


def metric_items(arm_summary: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The (metric, stats) items of one arm's summary, without ``events`` and
    ``difference``."""
    for name, value in arm_summary.items():
        if name not in ("events", "difference"):
            yield name, value


def columns() -> list[str]:
    """The table's columns, in order."""
    return ["event", "arm", *METRICS, *TIMING_COLUMNS, *STATUS_COLUMNS]


def table_csv(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as CSV text, one line per row in :func:`columns` order; floats by
    ``repr``, so that reading them back gives the very same numbers."""
    names = columns()
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(names)
    for row in rows:
        writer.writerow([repr(row[n]) if isinstance(row[n], float) else row[n] for n in names])
    return buf.getvalue()


def rows_from_csv(text: str, source: str = "<table>") -> list[dict[str, Any]]:
    """The rows of a table written by :func:`table_csv` (or ``-o TABLE.csv``), typed
    back: ``event`` a whole number, ``arm``, ``status`` and ``reason`` text, the rest
    floats. A table written before the status columns existed reads as all ``ok``."""
    reader = csv.DictReader(io.StringIO(text))
    text_columns = {"arm", *STATUS_COLUMNS}
    rows = []
    for line, raw in enumerate(reader, start=2):
        try:
            row: dict[str, Any] = {}
            for name in columns():
                value = raw.get(name)
                if name == "event":
                    row[name] = int(value)
                elif name in text_columns:
                    row[name] = value if value is not None else ("ok" if name == "status" else "")
                else:
                    row[name] = float(value)
        except (TypeError, ValueError):
            raise InputError(f"not a simulation table row ({raw})", source=source, line=line) from None
        rows.append(row)
    return rows


def write_table(rows: Sequence[dict[str, Any]], path: str, metadata: dict[str, Any] | None = None) -> None:
    """The per-event table to ``path``: Parquet (``.parquet``, pyarrow; ``metadata``,
    the run's record, goes into the file's metadata under ``tabellone``) or CSV
    (``.csv``), written through a temporary file."""
    target = Path(path)
    names = columns()
    if not path.lower().endswith(".parquet"):
        write_text(target, table_csv(rows))  # through a temporary file, one error line
        return
    pa = need("pyarrow", "writing Parquet")
    pq = need("pyarrow.parquet", "writing Parquet")
    table = pa.table({name: [row[name] for row in rows] for name in names})
    if metadata is not None:
        table = table.replace_schema_metadata({"tabellone": json.dumps(metadata)})
    write_via_temporary(target, lambda tmp: pq.write_table(table, str(tmp)))


def to_dataframe(rows: Sequence[dict[str, Any]]):
    """The rows as a pandas DataFrame (for notebooks)."""
    pd = need("pandas", "a DataFrame")
    return pd.DataFrame(list(rows), columns=columns())


__all__ = [
    "RESEARCH_EXTRA",
    "Progress",
    "columns",
    "event_task",
    "metric_items",
    "need",
    "rows_from_csv",
    "run",
    "summarise",
    "table_csv",
    "to_dataframe",
    "tournaments",
    "write_table",
]
