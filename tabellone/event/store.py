"""Where an event lives, and the one way it is changed.

Every change to an event is an *operation*: a function from the tournament as it is to
an :class:`Outcome` (the tournament as it becomes, one line saying what was done, and
warnings). The operations are the functions of :mod:`tabellone.event.players`,
:mod:`~tabellone.event.results`, :mod:`~tabellone.event.rounds` and
:mod:`~tabellone.event.header`; they know nothing of files or databases.

An :class:`EventStore` runs them: :meth:`~EventStore.apply` reads the tournament, runs the
operation and stores its result as one atomic step under an exclusive lock, so two
commands never lose each other's change; it keeps a log of the changes, which
:meth:`~EventStore.undo` walks back one at a time. The command line uses
:class:`FileStore` (a TRF or JSON file, its lock file, numbered backups and a log next
to it). The desk's SQLite store (:class:`tabellone.desk.store.SqliteEventStore`)
implements it too; the desk's pages themselves run the same operations inside the
store's own change functions, with per-board versions for two devices entering one
result.

A database store written to this protocol follows the same contract (the tests hold
one, ``tests/event/test_event_operations.py``): ``apply`` runs the read, the operation and
the write in one transaction that excludes other writers from its start (SQLite: ``BEGIN
IMMEDIATE``, with a busy timeout of a few seconds and then one clear refusal), the
version is a counter or hash stored with the event, the log a table of the changes with
the state before each (for ``undo``), and ``expected`` refuses a change prepared on an
older version (two browsers on one event).

The log of a file event is ``EVENT.log`` beside it, one JSON object a line: the change's
number, time, what it did, the SHA-256 of the file before and after, and the backup that
holds the version before. Undo puts that backup back (itself a change, logged and
backed up) if the file is still the one the change wrote; a file edited by another
program meanwhile is not undone over.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from tabellone.core.errors import FileAccessError, InputError
from tabellone.core.model import Tournament
from tabellone.event.eventfile import Event, read_event, write_bytes_safely, write_event
from tabellone.event.lock import exclusive
from tabellone.event.outcome import Operation, Outcome


@dataclass(frozen=True)
class Snapshot:
    """The tournament as stored, and the version it is (changes with every write)."""

    tournament: Tournament
    version: str


@dataclass(frozen=True)
class Applied:
    """A stored change: the operation's outcome, the version now stored, and notes on
    the storing (the backup kept, an encoding changed)."""

    outcome: Outcome
    version: str
    notes: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class LogEntry:
    seq: int
    time: str
    what: str
    before: str | None  # version before (None: the event was created)
    after: str
    backup: str | None = None  # where the version before is kept
    undoes: int | None = None  # an undo: the change it took back


class EventStore(Protocol):
    """An event's storage, as the command line uses it (see the module text)."""

    def read(self) -> Snapshot:
        """The tournament now stored, and its version."""
        ...

    def apply(self, operation: Operation, expected: str | None = None) -> Applied:
        """Run ``operation`` on the stored tournament and store its result, as one step
        under an exclusive lock; ``expected``: refuse when the stored version is not
        this one (a form filled in on an older version). Nothing is stored when the
        operation raises."""
        ...

    def undo(self) -> Applied:
        """Take back the last change not yet taken back."""
        ...

    def history(self) -> list[LogEntry]:
        """The changes, oldest first."""
        ...


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class FileStore:
    """An event in a file (TRF16, TRF26 or JSON): see the module text."""

    def __init__(self, path: str | os.PathLike[str], teams: bool = False) -> None:
        self.path = Path(path)
        self.teams = teams

    @property
    def log_path(self) -> Path:
        return self.path.with_name(self.path.name + ".log")

    # --- reading --------------------------------------------------------------------

    def _event(self) -> Event:
        return read_event(self.path, teams=self.teams)

    def read(self) -> Snapshot:
        event = self._event()
        return Snapshot(event.tournament, event.fingerprint.sha256 if event.fingerprint else "")

    def history(self) -> list[LogEntry]:
        try:
            text = self.log_path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise FileAccessError(f"{self.log_path}: cannot read ({exc.strerror})") from None
        out = []
        for n, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                out.append(LogEntry(**json.loads(line)))
            except (ValueError, TypeError):
                raise InputError(f"line {n} is not a log entry", source=str(self.log_path)) from None
        return out

    def _log(self, what: str, before: str | None, after: str, backup: Path | None, undoes: int | None = None) -> None:
        entries = self.history()
        entry = LogEntry(
            seq=(entries[-1].seq + 1) if entries else 1,
            time=time.strftime("%Y-%m-%d %H:%M:%S"),
            what=what,
            before=before,
            after=after,
            backup=backup.name if backup else None,
            undoes=undoes,
        )
        line = json.dumps(entry.__dict__, ensure_ascii=False) + "\n"
        try:
            with open(self.log_path, "a", encoding="utf-8") as f:
                f.write(line)
                f.flush()
                os.fsync(f.fileno())
        except OSError as exc:
            # the change is stored; only its log line is missing (undo will refuse it)
            raise FileAccessError(
                f"{self.log_path}: the change was written but not logged ({exc.strerror}); 'undo' cannot take it back"
            ) from None

    # --- writing --------------------------------------------------------------------

    def create(self, t: Tournament, fmt: str, message: str) -> Applied:
        """Write a new event file; refuses an existing one."""
        with exclusive(self.path):
            written = write_event(Event(self.path, t, fmt, None), t)
            self._log(message, None, written.sha256, None)
        return Applied(Outcome(t, message), written.sha256, written.notes)

    def apply(self, operation: Operation, expected: str | None = None) -> Applied:
        with exclusive(self.path):
            event = self._event()
            before = event.fingerprint.sha256 if event.fingerprint else None
            if expected is not None and expected != before:
                raise FileAccessError(
                    f"{self.path}: the event changed since you read it; nothing done: look at it again"
                )
            outcome = operation(event.tournament)
            written = write_event(event, outcome.tournament)
            self._log(outcome.message, before, written.sha256, written.backup)
        notes = written.notes + ((f"previous version kept as {written.backup.name}",) if written.backup else ())
        return Applied(outcome, written.sha256, notes)

    def undo(self) -> Applied:
        with exclusive(self.path):
            entries = self.history()
            undone = {e.undoes for e in entries if e.undoes is not None}
            undone |= {e.seq for e in entries if e.undoes is not None}  # an undo is not undone itself
            live = [e for e in entries if e.seq not in undone]
            if not live:
                raise InputError("nothing to undo: the log of this event has no change left to take back", field="undo")
            last = live[-1]
            event = self._event()
            now = event.fingerprint.sha256 if event.fingerprint else None
            if now != last.after:
                raise FileAccessError(
                    f"{self.path}: the file is not the one the last change ('{last.what}') wrote (another program "
                    "edited it); nothing undone: restore a numbered backup by hand if needed"
                )
            if last.before is None or last.backup is None:
                raise InputError(
                    f"the last change created the event ('{last.what}'); undo does not delete it: remove the file",
                    field="undo",
                )
            backup = self.path.with_name(last.backup)
            try:
                data = backup.read_bytes()
            except OSError as exc:
                raise FileAccessError(f"{backup}: cannot read the version to restore ({exc.strerror})") from None
            if _sha(data) != last.before:
                raise FileAccessError(f"{backup}: it is not the version before '{last.what}' any more; nothing undone")
            new_backup = write_bytes_safely(event, data)
            message = f"undone: {last.what}"
            self._log(message, now, last.before, new_backup, undoes=last.seq)
        restored = read_event(self.path, teams=self.teams).tournament
        notes = (f"the version undone is kept as {new_backup.name}",) if new_backup else ()
        return Applied(Outcome(restored, message), last.before, notes)
