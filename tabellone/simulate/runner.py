"""Running the events: in this process, on local processes, or on a Dask cluster.

Every event is a pure function of the simulation and its index
(:func:`.events.play_event`), so where it runs changes nothing: the rows are gathered,
sorted by event and arm, and are the same with 1 worker, 8 workers or a Dask cluster
(except the timing columns, which measure the machine).

* ``workers=1``: events run one after another in this process.
* ``workers=W``: a pool of ``W`` local processes (:mod:`concurrent.futures`).
* ``dask=ADDR``: the events go to the Dask distributed scheduler at ``ADDR``
  (``tcp://host:8786``), whose workers must have the same tabellone installed;
  ``dask="local"`` starts a :class:`dask.distributed.LocalCluster` on this machine.

A progress bar (tqdm) goes to stderr when it is a terminal.
"""

from __future__ import annotations

import csv
import importlib
import io
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from tabellone.core.errors import InputError
from tabellone.formats.files import write_text, write_via_temporary
from tabellone.simulate.events import TIMING_COLUMNS, Simulation, play_event
from tabellone.simulate.metrics import METRICS, mean_ci95

RESEARCH_EXTRA = "pip install 'tabellone[research]'"


def need(module: str, purpose: str):
    """Import ``module`` for ``purpose``, or say which extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise InputError(
            f"{purpose} needs {module.split('.')[0]}, part of the research extra: {RESEARCH_EXTRA}"
        ) from None


def _progress(total: int, show: bool):
    """A tqdm bar on stderr, or a silent stand-in."""
    if not show:
        return _Silent()
    tqdm = need("tqdm", "the progress bar (or pass -q)")
    return tqdm.tqdm(total=total, unit="event", file=sys.stderr, dynamic_ncols=True)


class _Silent:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _local(sim: Simulation, workers: int, tick: Callable[[], None]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    if workers == 1:
        for k in range(sim.events):
            rows.extend(play_event(sim, k))
            tick()
        return rows
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_event, sim, k) for k in range(sim.events)]
        try:
            for fut in as_completed(futures):
                rows.extend(fut.result())
                tick()
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise
    return rows


def _dask(
    sim: Simulation, address: str, workers: int | None, tick: Callable[[], None], processes: bool
) -> list[dict[str, Any]]:
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
            futures = client.map(play_event, [sim] * sim.events, range(sim.events), pure=False)
            rows: list[dict[str, Any]] = []
            for fut in distributed.as_completed(futures):
                rows.extend(fut.result())
                tick()
            return rows
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


def run(
    sim: Simulation,
    *,
    workers: int = 1,
    dask: str | None = None,
    progress: bool = False,
    dask_processes: bool = True,
) -> list[dict[str, Any]]:
    """Play every event of ``sim`` under every arm; the rows sorted by event, then in
    the arms' order. ``progress`` shows a bar on stderr. ``dask_processes=False`` runs
    a local Dask cluster's workers as threads (quick to start, for tests)."""
    sim.validate()
    if dask is None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise InputError(f"must be a whole number of at least 1, got {workers!r}", field="--workers")
    bar = _progress(sim.events, progress)
    try:
        tick = lambda: bar.update(1)  # noqa: E731
        rows = _local(sim, workers, tick) if dask is None else _dask(sim, dask, workers, tick, dask_processes)
    finally:
        bar.close()
    order = {arm.label: k for k, arm in enumerate(sim.arms)}
    rows.sort(key=lambda row: (row["event"], order[row["arm"]]))
    return rows


def summarise(
    rows: Sequence[dict[str, Any]], labels: Iterable[str], *, timings: bool = True
) -> dict[str, dict[str, dict[str, float | None]]]:
    """``{arm: {metric: {"mean": m, "ci95": h}}}`` over the events
    (:func:`.metrics.mean_ci95`); the timing metrics too unless ``timings=False``."""
    names = list(METRICS) + (list(TIMING_COLUMNS) if timings else [])
    out: dict[str, dict[str, dict[str, float | None]]] = {}
    for label in labels:
        mine = [row for row in rows if row["arm"] == label]
        out[label] = {name: mean_ci95([row[name] for row in mine]) for name in names}
    return out


def columns() -> list[str]:
    """The table's columns, in order."""
    return ["event", "arm", *METRICS, *TIMING_COLUMNS]


def write_table(rows: Sequence[dict[str, Any]], path: str) -> None:
    """The per-event table to ``path``: Parquet (``.parquet``, pyarrow) or CSV
    (``.csv``), written through a temporary file."""
    target = Path(path)
    names = columns()
    if not path.lower().endswith(".parquet"):
        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(names)
        for row in rows:
            writer.writerow([repr(row[n]) if isinstance(row[n], float) else row[n] for n in names])
        write_text(target, buf.getvalue())  # through a temporary file, one error line
        return
    pa = need("pyarrow", "writing Parquet")
    pq = need("pyarrow.parquet", "writing Parquet")
    table = pa.table({name: [row[name] for row in rows] for name in names})
    write_via_temporary(target, lambda tmp: pq.write_table(table, str(tmp)))


def to_dataframe(rows: Sequence[dict[str, Any]]):
    """The rows as a pandas DataFrame (for notebooks)."""
    pd = need("pandas", "a DataFrame")
    return pd.DataFrame(list(rows), columns=columns())


__all__ = ["RESEARCH_EXTRA", "columns", "need", "run", "summarise", "to_dataframe", "write_table"]
