"""A recorded run: ``tabellone simulate --out DIR`` (and ``--resume``).

The folder holds everything needed to publish or continue a run::

    DIR/run.json             how the run was made: tabellone and Python versions, the
                             command line, every setting (seed, field, rounds, events,
                             result and noise models with their parameters, each arm
                             with its profile's SHA-256), each profile's full text,
                             and, once finished, the counts of events and failures
    DIR/chunks/part-NNNNN.csv  the per-event rows, written as events finish (every
                             ``chunk_events`` events or ``chunk_seconds`` seconds, and
                             when the run is interrupted), each file complete or absent
    DIR/table.parquet        the whole table, sorted by event and arm, with run.json in
      (or table.csv)         its metadata (``tabellone``); CSV without pyarrow
    DIR/summary.json         the summary (:func:`.runner.summarise`), the same shape as
                             ``--summary-json``

``--resume`` reads the chunks, plays only the events they lack, and ends with the table
and summary an uninterrupted run gives: every event is a pure function of the settings
and its number, and floats are written by ``repr``, which reads back exactly. Only the
timing columns differ, as they do between any two runs. The settings of the resumed
command must equal the recorded ones (the first difference is named), and so must the
tabellone version, which could pair differently.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

from tabellone.core.errors import FileAccessError, InputError
from tabellone.core.version import VERSION
from tabellone.formats.files import write_text
from tabellone.simulate.events import Simulation
from tabellone.simulate.runner import rows_from_csv, table_csv, write_table

RUN_FILE = "run.json"
SUMMARY_FILE = "summary.json"
CHUNKS = "chunks"


def package_version() -> str:
    """This tabellone's version (``tabellone.__version__``)."""
    return VERSION


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def metadata(sim: Simulation, command: list[str] | None = None, options: dict[str, Any] | None = None) -> dict:
    """What a run records of itself (see the module text)."""
    return {
        "tabellone": package_version(),
        "python": platform.python_version(),
        "command": list(sys.argv if command is None else command),
        "created": _now(),
        "seed": sim.seed,
        "settings": json.loads(json.dumps(sim.describe())),
        "profiles": {
            arm.label: {"given": arm.profile, "sha256": arm.profile_sha256, "text": arm.profile_text}
            for arm in sim.arms
            if arm.profile_text is not None
        },
        "options": json.loads(json.dumps(options or {}, default=str)),
    }


def _first_difference(old: Any, new: Any, where: str = "") -> str | None:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in list(old) + [k for k in new if k not in old]:
            found = _first_difference(old.get(key), new.get(key), f"{where}.{key}" if where else str(key))
            if found:
                return found
        return None
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for k, (a, b) in enumerate(zip(old, new)):
            found = _first_difference(a, b, f"{where}[{k}]")
            if found:
                return found
        return None
    return None if old == new else f"{where}: recorded {json.dumps(old)}, this command {json.dumps(new)}"


class RunFolder:
    """The folder of a recorded run, written as events finish."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        record: dict[str, Any],
        *,
        resume: bool = False,
        force: bool = False,
        chunk_events: int = 100,
        chunk_seconds: float = 30.0,
    ) -> None:
        self.path = Path(path)
        self.record = record
        self.chunk_events, self.chunk_seconds = chunk_events, chunk_seconds
        self.buffer: list[dict[str, Any]] = []
        self.last_flush = time.monotonic()
        self.rows: list[dict[str, Any]] = []
        run_file = self.path / RUN_FILE
        if self.path.exists() and not self.path.is_dir():
            raise FileAccessError(f"{self.path}: is a file, not a folder (--out names a folder)")
        if resume:
            if not run_file.is_file():
                raise InputError(f"{self.path}: no recorded run to resume (no {RUN_FILE})", field="--resume")
            old = self._read_json(run_file)
            if old.get("tabellone") != record["tabellone"]:
                raise InputError(
                    f"{self.path}: the run was made with tabellone {old.get('tabellone')}, this is "
                    f"{record['tabellone']}, which may pair differently; start a new run",
                    field="--resume",
                )
            diff = _first_difference(old.get("settings"), record["settings"])
            if diff:
                raise InputError(f"{self.path}: not the same run ({diff}); give the same settings", field="--resume")
            self.record = {**old, "resumed": [*old.get("resumed", []), _now()], "options": record["options"]}
            self.rows = self._read_chunks()
        else:
            if self.path.is_dir() and any(self.path.iterdir()) and not force:
                raise InputError(
                    f"{self.path}: the folder is not empty; --resume to continue the run there, "
                    "--force to start again in it, or name a new folder",
                    field="--out",
                )
            try:
                (self.path / CHUNKS).mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise FileAccessError(f"{self.path}: cannot make the folder ({exc.strerror})") from None
            if force:
                for old_chunk in (self.path / CHUNKS).glob("part-*.csv"):
                    old_chunk.unlink()
                for name in (SUMMARY_FILE, "table.csv", "table.parquet"):
                    (self.path / name).unlink(missing_ok=True)
        self._write_json(run_file, self.record)

    # ---- reading --------------------------------------------------------------------------

    def _read_json(self, path: Path) -> dict[str, Any]:
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise InputError(f"cannot read the recorded run ({exc})", source=str(path)) from None

    def _read_chunks(self) -> list[dict[str, Any]]:
        by_event: dict[int, list[dict[str, Any]]] = {}
        for chunk in sorted((self.path / CHUNKS).glob("part-*.csv")):
            for row in rows_from_csv(chunk.read_text(encoding="utf-8"), str(chunk)):
                by_event.setdefault(row["event"], [])
                if not any(r["arm"] == row["arm"] for r in by_event[row["event"]]):
                    by_event[row["event"]].append(row)
        labels = [arm["label"] for arm in self.record["settings"]["arms"]]
        # an event counts as recorded only with a row for every arm
        return [row for rows in by_event.values() if len(rows) == len(labels) for row in rows]

    def done_events(self) -> set[int]:
        """The events already recorded."""
        return {row["event"] for row in self.rows}

    # ---- writing --------------------------------------------------------------------------

    def _write_json(self, path: Path, doc: Any) -> None:
        write_text(path, json.dumps(doc, indent=1) + "\n")

    def add(self, result: dict[str, Any]) -> None:
        """One finished event (a task result of :func:`.runner.event_task`)."""
        self.buffer.extend(result["rows"])
        events = len({row["event"] for row in self.buffer})
        if events >= self.chunk_events or time.monotonic() - self.last_flush >= self.chunk_seconds:
            self.flush()

    def flush(self) -> None:
        """Write the buffered rows as the next chunk file (complete or not at all)."""
        self.last_flush = time.monotonic()
        if not self.buffer:
            return
        chunks = self.path / CHUNKS
        number = 1 + max((int(p.stem.split("-")[1]) for p in chunks.glob("part-*.csv")), default=0)
        write_text(chunks / f"part-{number:05d}.csv", table_csv(self.buffer))
        self.rows.extend(self.buffer)
        self.buffer = []

    def finish(self, rows: list[dict[str, Any]], summary: dict[str, Any], table_format: str) -> Path:
        """The whole table, the summary and the finished record; the table's path."""
        self.flush()
        events = len({row["event"] for row in rows})
        failed: dict[str, int] = {}
        for row in rows:
            if row.get("status") != "ok":
                failed[row["arm"]] = failed.get(row["arm"], 0) + 1
        self.record.update(finished=_now(), events_recorded=events, failed=failed)
        table = self.path / f"table.{table_format}"
        write_table(rows, str(table), metadata=self.record)
        self._write_json(self.path / SUMMARY_FILE, summary)
        self._write_json(self.path / RUN_FILE, self.record)
        return table


__all__ = ["RUN_FILE", "RunFolder", "SUMMARY_FILE", "metadata"]
