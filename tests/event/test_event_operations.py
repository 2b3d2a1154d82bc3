"""The event's operations know nothing of where the event is kept: the same functions
run under the file store of the command line and under a database store (here a small
SQLite store written to the :class:`tabellone.event.EventStore` contract, as the desk
keeps its events), and give the same tournament; the database store, too, loses no
change when processes write at once."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from tabellone.core.errors import FileAccessError, InputError
from tabellone.core.model import ByeKind
from tabellone.event import (
    Applied,
    EventStore,
    FileStore,
    LogEntry,
    Operation,
    Outcome,
    Snapshot,
    boards,
    bye,
    edit_player,
    enter,
    make_player,
    new_event,
    pair_next,
    register,
    set_event,
    with_ranks,
    withdrawal,
)
from tabellone.event.header import with_counts
from tabellone.formats.jsonio import format_json, parse_json

FORK = multiprocessing.get_context("fork")


class SqliteStore:
    """An event in one SQLite row, its changes in a log table (the state before each)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with self._connect() as db:
            db.execute("CREATE TABLE IF NOT EXISTS event (id INTEGER PRIMARY KEY, version INTEGER, doc TEXT)")
            db.execute(
                "CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, what TEXT, before TEXT, "
                "before_version INTEGER, after_version INTEGER, undoes INTEGER)"
            )

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=5, isolation_level=None)

    def create(self, t) -> None:
        with self._connect() as db:
            db.execute("INSERT INTO event VALUES (1, 1, ?)", (format_json(t),))

    def read(self) -> Snapshot:
        with self._connect() as db:
            version, doc = db.execute("SELECT version, doc FROM event WHERE id = 1").fetchone()
        return Snapshot(parse_json(doc), str(version))

    def _write(self, db, what: str, doc: str, version: int, t, undoes: int | None = None) -> str:
        db.execute("UPDATE event SET version = ?, doc = ? WHERE id = 1", (version + 1, format_json(t)))
        db.execute(
            "INSERT INTO log (what, before, before_version, after_version, undoes) VALUES (?, ?, ?, ?, ?)",
            (what, doc, version, version + 1, undoes),
        )
        return str(version + 1)

    def _exclusively(self, work):
        """``work(db, version, doc)`` in one transaction that excludes other writers."""
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            version, doc = db.execute("SELECT version, doc FROM event WHERE id = 1").fetchone()
            out = work(db, version, doc)
            db.execute("COMMIT")
            return out
        except BaseException:
            db.execute("ROLLBACK")
            raise
        finally:
            db.close()

    def apply(self, operation: Operation, expected: str | None = None) -> Applied:
        def work(db, version, doc):
            if expected is not None and expected != str(version):
                raise FileAccessError("the event changed since you read it; nothing done")
            outcome = operation(parse_json(doc))
            return Applied(outcome, self._write(db, outcome.message, doc, version, outcome.tournament))

        return self._exclusively(work)

    def undo(self) -> Applied:
        def work(db, version, doc):
            taken = {row[0] for row in db.execute("SELECT undoes FROM log WHERE undoes IS NOT NULL")}
            rows = db.execute("SELECT seq, what, before FROM log WHERE undoes IS NULL ORDER BY seq DESC").fetchall()
            seq, what, before = next((r for r in rows if r[0] not in taken), (None, None, None))
            if seq is None:
                raise InputError("nothing to undo")
            restored = parse_json(before)
            now = self._write(db, f"undone: {what}", doc, version, restored, undoes=seq)
            return Applied(Outcome(restored, f"undone: {what}"), now)

        return self._exclusively(work)

    def history(self) -> list[LogEntry]:
        with self._connect() as db:
            rows = db.execute("SELECT seq, what, before_version, after_version, undoes FROM log ORDER BY seq")
            return [LogEntry(seq, "", what, str(b), str(a), None, u) for seq, what, b, a, u in rows]


PEOPLE = [("Alfa, Anna", 2210), ("Bruno, Bea", 2150), ("Conti, Carlo", 2100), ("Dessi, Dario", 2050)]
PEOPLE += [("Esu, Elisa", 1990), ("Frau, Franco", 1930), ("Gallus, Gina", 1880), ("Ibba, Ivo", 1800)]


def script(store: EventStore) -> None:
    """An organiser's first rounds, as operations on whatever store holds the event."""
    store.apply(lambda t: register(t, [make_player(n, r) for n, r in PEOPLE]))
    store.apply(lambda t: edit_player(t, 8, {"rating": "2300"}))  # a typo: renumbered
    store.apply(lambda t: set_event(t, {"022": "Nuoro", "102": "IA Pes, Ugo"}))
    store.apply(lambda t: bye(t, 3, 2, ByeKind.HALF))
    store.apply(lambda t: pair_next(t))
    t = store.read().tournament
    store.apply(lambda t: enter(t, 1, [(b.white, b.black, "1-0") for b in boards(t, 1)]))
    w, b = boards(t, 1)[0].white, boards(t, 1)[0].black
    store.apply(lambda t: enter(t, 1, [(w, b, "-+")]))  # a correction
    store.apply(lambda t: withdrawal(t, 7))
    store.apply(lambda t: pair_next(t))
    store.apply(lambda t: enter(t, 2, [(bd.white, bd.black, "=") for bd in boards(t, 2)]))
    store.undo()  # the last results taken back


def test_the_same_operations_on_a_file_and_on_a_database_give_the_same_event(tmp_path):
    t0 = new_event("Operazioni", 5, initial_colour="white")
    files = FileStore(tmp_path / "ops.json")
    files.create(t0, "json", "new")
    database = SqliteStore(tmp_path / "ops.sqlite")
    database.create(t0)
    script(files)
    script(database)
    # the file keeps what it derives on every write (points, ranks, player counts); so be it
    a, b = (with_counts(with_ranks(s.read().tournament.with_derived_points())) for s in (files, database))
    assert a.players == b.players and a.headers == b.headers and a.byes == b.byes
    assert a.rounds_paired == 2 and all(p.entry(2).pending for p in a.players if p.entry(2).opponent)
    assert [e.what for e in database.history()][-1] == "undone: " + [e.what for e in database.history()][-2]


def test_a_stale_version_is_refused_by_the_database_store_too(tmp_path):
    database = SqliteStore(tmp_path / "v.sqlite")
    database.create(new_event("V", 3))
    seen = database.read()
    database.apply(lambda t: register(t, [make_player("Uno, Ugo", 1500)]))
    with pytest.raises(FileAccessError):
        database.apply(lambda t: register(t, [make_player("Due, Dora", 1400)]), expected=seen.version)
    assert [p.name for p in database.read().tournament.players] == ["Uno, Ugo"]


def _enter_one(path: str, white: int, black: int, start) -> None:
    start.wait()
    SqliteStore(Path(path)).apply(lambda t: enter(t, 1, [(white, black, "0-1")]))


def test_concurrent_writers_on_the_database_store_lose_nothing(tmp_path):
    database = SqliteStore(tmp_path / "c.sqlite")
    database.create(new_event("C", 3, initial_colour="white"))
    database.apply(lambda t: register(t, [make_player(f"Gioc, {k:02d}", 2000 - 9 * k) for k in range(24)]))
    database.apply(lambda t: pair_next(t))
    listed = boards(database.read().tournament, 1)
    start = FORK.Event()
    procs = [FORK.Process(target=_enter_one, args=(str(database.path), b.white, b.black, start)) for b in listed]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join(timeout=60)
    assert [p.exitcode for p in procs] == [0] * len(listed)
    t = database.read().tournament
    assert all(t.player(b.black).entry(1).result == "1" for b in listed)
