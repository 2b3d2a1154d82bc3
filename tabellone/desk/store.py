# mypy: enable-error-code="return-value"
"""The desk's store: one SQLite file per event, every change one transaction, an
append-only log of every change (who, when, what, and the state before it).

The event itself is a :class:`State`: the tournament as published (kept as TRF26 text,
which holds every record the pairing rules read), the draft of the next round if one
is open, the board order of every published round (a TRF file does not keep it), and
the desk's settings. A change is a function from the state to a new state; the store
runs it inside ``BEGIN IMMEDIATE`` so two changes never interleave, writes the new state
with the next version number, and appends a log row holding the state it replaced. That
row is what :meth:`SqliteEventStore.undo` restores; the log itself is never updated or
deleted (triggers refuse it).

Every board of a published round has a version. A result is entered against the
version the device saw: when another device changed the board meanwhile the store
raises :class:`Conflict` and writes nothing, so the second device is shown the
result already there instead of overwriting it.

The store is also an :class:`tabellone.event.EventStore`, the protocol the command
line's :class:`~tabellone.event.FileStore` implements: :meth:`SqliteEventStore.read`,
:meth:`SqliteEventStore.apply` (an operation of the event layer, a function from the
tournament to an :class:`~tabellone.event.Outcome`), :meth:`SqliteEventStore.undo` and
:meth:`SqliteEventStore.history`; its versions are the state's numbers, as text. Whatever
changes the tournament, an operation applied from outside or a desk action, the store
keeps the rest of the state in step: a round recorded gets its boards in the C.04.2
board order (:func:`tabellone.event.boards`, the numbers ``result --board`` reads), a
draft of a round now recorded is dropped, and every board whose result changed goes one
version up.

The desk's own interface: :meth:`SqliteEventStore.create`, :meth:`SqliteEventStore.load`,
:meth:`SqliteEventStore.change` (a function of the whole state, with who did it, the board
version or event version the device saw), :meth:`SqliteEventStore.board_versions`,
:meth:`SqliteEventStore.log`, :meth:`SqliteEventStore.undo`, :meth:`SqliteEventStore.snapshot`,
:meth:`SqliteEventStore.restore`. The command line's :class:`~tabellone.event.FileStore` is the
other implementation of the protocol (over an event file); what the two share is the
operations of :mod:`tabellone.event`, which the desk's changes (:mod:`tabellone.desk.actions`) call.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament
from tabellone.event import Applied, EventStore, Operation, Outcome, Snapshot, boards
from tabellone.event import LogEntry as History
from tabellone.formats.trf import format_trf, parse_trf
from tabellone.rules import DEFAULT_SYSTEM

SCHEMA_VERSION = 1
#: The file name of an event's store: ``FOLDER/<slug>.event.sqlite``.
SUFFIX = ".event.sqlite"
#: Board codes: short, unambiguous when read aloud or typed on a phone.
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS state (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    who TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL,
    version INTEGER NOT NULL,
    before BLOB,
    undoes INTEGER
);
CREATE TRIGGER IF NOT EXISTS log_no_update BEFORE UPDATE ON log
    BEGIN SELECT RAISE(ABORT, 'the log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS log_no_delete BEFORE DELETE ON log
    BEGIN SELECT RAISE(ABORT, 'the log is append-only'); END;
CREATE TABLE IF NOT EXISTS boards (
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    version INTEGER NOT NULL,
    code TEXT NOT NULL UNIQUE,
    PRIMARY KEY (round, board)
);
CREATE TABLE IF NOT EXISTS snapshots (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    round INTEGER NOT NULL,
    label TEXT NOT NULL,
    doc BLOB NOT NULL,
    files TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class Draft:
    """A round paired but not published: its boards in order, the pairing-allocated
    bye, the players an edit left without a board, and the edits made."""

    round: int
    pairs: tuple[tuple[int, int], ...]
    bye: int | None = None
    unpaired: tuple[int, ...] = ()
    edits: tuple[str, ...] = ()
    system: str = DEFAULT_SYSTEM
    edition: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "pairs": [list(p) for p in self.pairs],
            "bye": self.bye,
            "unpaired": list(self.unpaired),
            "edits": list(self.edits),
            "system": self.system,
            "edition": self.edition,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Draft:
        return cls(
            d["round"],
            tuple((w, b) for w, b in d["pairs"]),
            d.get("bye"),
            tuple(d.get("unpaired", ())),
            tuple(d.get("edits", ())),
            d.get("system", DEFAULT_SYSTEM),
            d.get("edition"),
        )


@dataclass(frozen=True)
class State:
    """An event as the desk keeps it (see the module text). Its tournament's points are
    the ones its results give (every action keeps them so: the TRF text is written as is)."""

    tournament: Tournament
    draft: Draft | None = None
    #: published round -> its boards in order, (white, black)
    boards: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)

    def to_doc(self) -> str:
        return json.dumps(
            {
                "schema": SCHEMA_VERSION,
                "trf": format_trf(self.tournament, "trf26"),
                "draft": self.draft.as_dict() if self.draft else None,
                "boards": {str(r): [list(p) for p in pairs] for r, pairs in sorted(self.boards.items())},
                "settings": self.settings,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_doc(cls, doc: str, source: str = "event") -> State:
        d = json.loads(doc)
        return cls(
            parse_trf(d["trf"], source=source, allow_empty=True),
            Draft.from_dict(d["draft"]) if d.get("draft") else None,
            {int(r): tuple((w, b) for w, b in pairs) for r, pairs in d.get("boards", {}).items()},
            dict(d.get("settings", {})),
        )


@dataclass(frozen=True)
class Change:
    """What a change function returns: the new state, one line for the log, the boards
    whose result it changed (their versions go up), anything for the caller, and the
    warnings the user must read (the event layer's: a result changed, later rounds
    paired on the old one)."""

    state: State
    detail: str
    boards: tuple[tuple[int, int], ...] = ()
    value: Any = None
    warnings: tuple[str, ...] = ()


def with_tournament(state: State, outcome: Outcome, boards_touched: tuple[tuple[int, int], ...] = ()) -> Change:
    """The change an operation of the event layer makes to a desk state: its tournament,
    its message for the log, its warnings and value (the rest of the state is kept in
    step by :meth:`SqliteEventStore.change`)."""
    return Change(
        replace(state, tournament=outcome.tournament), outcome.message, boards_touched, outcome.value, outcome.warnings
    )


def _who_may_meet(t: Tournament) -> tuple:
    """What a pairing is made of besides the results: the players' records but their
    rounds, requested byes, groups kept apart, the system, virtual points."""
    return (
        tuple(replace(p, rounds=(), points=None, rank=None) for p in t.players),
        t.byes,
        t.prohibited,
        t.system,
        t.virtual_points,
    )


def _operated(state: State, operation: Operation) -> Change:
    """An operation applied from outside the desk's pages: a draft of the next round is
    unpaired, and the log says so, when the operation changed what it was paired on
    (the desk's own actions refuse such a change while a round is drafted)."""
    done = with_tournament(state, operation(state.tournament))
    d = state.draft
    t = done.state.tournament
    if d is None or d.round <= t.rounds_paired or _who_may_meet(state.tournament) == _who_may_meet(t):
        return done
    note = f"the draft of round {d.round} is unpaired (what it was paired on changed): pair it again"
    return replace(
        done, state=replace(done.state, draft=None), detail=f"{done.detail}; {note}", warnings=done.warnings + (note,)
    )


def in_step(before: State, after: State) -> tuple[State, tuple[tuple[int, int], ...]]:
    """``after`` with its boards and draft agreeing with its tournament, and the boards
    whose result differs from ``before``: rounds recorded without boards get them in the
    C.04.2 order, boards of rounds no longer recorded go, a draft of a recorded round is
    dropped."""
    t = after.tournament
    paired = t.rounds_paired
    kept = {r: pairs for r, pairs in after.boards.items() if r <= paired}
    for r in range(1, paired + 1):
        if r not in kept:
            kept[r] = tuple((b.white, b.black) for b in boards(t, r))
    draft = after.draft if after.draft is None or after.draft.round > paired else None
    old = before.tournament
    touched = []
    for r, pairs in kept.items():
        if before.boards.get(r) != pairs:
            continue  # new boards start at version 1
        for n, (w, b) in enumerate(pairs, start=1):
            if not all(x in old.by_id and x in t.by_id for x in (w, b)):
                continue
            if old.player(w).entry(r) != t.player(w).entry(r) or old.player(b).entry(r) != t.player(b).entry(r):
                touched.append((r, n))
    if kept != after.boards or draft is not after.draft:
        after = replace(after, boards=kept, draft=draft)
    return after, tuple(touched)


@dataclass(frozen=True)
class LogEntry:
    id: int
    at: str
    who: str
    action: str
    detail: str
    version: int
    undoes: int | None
    undone: bool = False


class Conflict(Exception):
    """The board changed since the device read it: nothing written."""

    def __init__(self, round: int, board: int, seen: int, current: int):
        super().__init__(f"board {board} of round {round} changed (version {seen} seen, {current} now)")
        self.round, self.board, self.seen, self.current = round, board, seen, current


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _pack(doc: str) -> bytes:
    return zlib.compress(doc.encode("utf-8"), 1)


def _unpack(blob: bytes) -> str:
    return zlib.decompress(blob).decode("utf-8")


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), WAL, waiting for a
    writer rather than failing."""
    conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA busy_timeout = 30000")
    conn.execute("PRAGMA synchronous = FULL")
    return conn


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction, taken at once (``BEGIN IMMEDIATE``): all or nothing."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


class SqliteEventStore:
    """One event in one SQLite file (see the module text)."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self.slug = self.path.name.removesuffix(SUFFIX)
        self._lock = threading.Lock()
        self._local = threading.local()  # one connection per thread, kept open
        self._cached: tuple[int, State, str] | None = None  # version, state, its text

    # --- creating and reading -----------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike[str], state: State, who: str, detail: str) -> SqliteEventStore:
        """A new event file holding ``state``; an existing file is never overwritten."""
        p = Path(path)
        if p.exists():
            raise InputError(f"{p.name} exists: choose another name", field="name")
        state, _ = in_step(state, state)
        conn = sqlite3.connect(p, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.executescript(_SCHEMA)
            with transaction(conn):
                conn.execute("INSERT INTO meta VALUES ('schema', ?), ('created', ?)", (str(SCHEMA_VERSION), now()))
                conn.execute("INSERT INTO state VALUES (1, 1, ?)", (state.to_doc(),))
                conn.execute(
                    "INSERT INTO log (at, who, action, detail, version) VALUES (?, ?, 'create', ?, 1)",
                    (now(), who, detail),
                )
        finally:
            conn.close()
        store = cls(p)
        store._ensure_boards(state)
        return store

    @contextmanager
    def _conn(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection: kept open, so that closing it does not checkpoint
        the WAL after every change (SQLite does that when the last connection closes)."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            if not self.path.exists():
                raise InputError(f"no event {self.slug!r}", field="event")
            conn = self._local.conn = connect(self.path)
        yield conn

    def _state(self, conn: sqlite3.Connection) -> tuple[int, State, str]:
        """The version, the state and its text, parsed once per version."""
        version = conn.execute("SELECT version FROM state WHERE id = 1").fetchone()[0]
        with self._lock:
            if self._cached is not None and self._cached[0] == version:
                return self._cached
        doc = conn.execute("SELECT doc FROM state WHERE id = 1").fetchone()[0]
        state = State.from_doc(doc, source=self.path.name)
        with self._lock:
            self._cached = (version, state, doc)
        return version, state, doc

    def load(self) -> tuple[int, State]:
        """The current version and state."""
        with self._conn() as conn:
            version, state, _ = self._state(conn)
        return version, state

    def version(self) -> int:
        with self._conn() as conn:
            return conn.execute("SELECT version FROM state WHERE id = 1").fetchone()[0]

    # --- changing -------------------------------------------------------------------------

    def change(
        self,
        who: str,
        action: str,
        fn: Callable[[State], Change],
        *,
        expect: tuple[int, int, int] | None = None,
        seen: int | None = None,
    ) -> Change:
        """Run ``fn`` on the current state in one transaction and keep what it returns.
        ``expect`` is ``(round, board, version)``: the board must still be at that
        version, else :class:`Conflict` and nothing is written. ``seen`` is the version
        of the whole event the change was asked on: a later one refuses it (an
        :class:`~tabellone.InputError` saying so) and nothing is written."""
        return self._change(who, action, fn, expect, seen)[0]

    def _change(
        self,
        who: str,
        action: str,
        fn: Callable[[State], Change],
        expect: tuple[int, int, int] | None,
        seen: int | None,
    ) -> tuple[Change, int]:
        with self._conn() as conn, transaction(conn):
            version, state, doc = self._state(conn)
            if seen is not None and seen != version:
                raise InputError(
                    "the event changed since this page showed it (another window or device): "
                    "nothing was done; here it is as it stands now",
                    field="version",
                )
            if expect is not None:
                r, b, seen = expect
                row = conn.execute("SELECT version FROM boards WHERE round = ? AND board = ?", (r, b)).fetchone()
                if row is None:
                    raise InputError(f"round {r} has no board {b}", field="board")
                if row[0] != seen:
                    raise Conflict(r, b, seen, row[0])
            done = fn(state)
            kept, touched = in_step(state, done.state)
            if kept is not done.state:
                done = replace(done, state=kept)
            self._write(conn, version, doc, done.state, who, action, done.detail)
            self._bump(conn, done.state, tuple(dict.fromkeys(done.boards + touched)))
        return done, version + 1

    # --- the event layer's protocol (tabellone.event.EventStore) -------------------------

    def read(self) -> Snapshot:
        """The tournament as stored, and its version (as text)."""
        version, state = self.load()
        return Snapshot(state.tournament, str(version))

    def apply(
        self, operation: Operation, expected: str | None = None, *, who: str = "command line", action: str = "change"
    ) -> Applied:
        """Run an operation of the event layer on the stored tournament, as one change
        (see :meth:`change`); ``expected``: the version the operation was prepared on."""
        seen = None
        if expected is not None:
            if not expected.isdigit():
                raise InputError(f"found version {expected!r}, expected a number", field="version")
            seen = int(expected)
        done, version = self._change(who, action, lambda s: _operated(s, operation), expect=None, seen=seen)
        outcome = Outcome(done.state.tournament, done.detail, done.warnings, done.value)
        return Applied(outcome, str(version))

    def history(self) -> list[History]:
        """The changes, oldest first, as the event layer writes them."""
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT id, at, who, detail, version, undoes, before IS NULL FROM log ORDER BY id"
            ).fetchall()
        return [
            History(i, at, detail, None if created else str(v - 1), str(v), None, undoes)
            for i, at, _who, detail, v, undoes, created in rows
        ]

    def _write(
        self,
        conn: sqlite3.Connection,
        version: int,
        before: str,
        after: State,
        who: str,
        action: str,
        detail: str,
        undoes: int | None = None,
    ) -> None:
        new_version = version + 1
        doc = after.to_doc()
        conn.execute("UPDATE state SET version = ?, doc = ? WHERE id = 1", (new_version, doc))
        conn.execute(
            "INSERT INTO log (at, who, action, detail, version, before, undoes) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (now(), who, action, detail, new_version, _pack(before), undoes),
        )
        with self._lock:
            self._cached = (new_version, after, doc)

    def _bump(self, conn: sqlite3.Connection, state: State, touched: tuple[tuple[int, int], ...]) -> None:
        """New boards get a version and a code; touched boards go one version up."""
        self._add_boards(conn, state)
        for r, b in touched:
            conn.execute("UPDATE boards SET version = version + 1 WHERE round = ? AND board = ?", (r, b))

    def _add_boards(self, conn: sqlite3.Connection, state: State) -> None:
        known = {(r, b) for r, b in conn.execute("SELECT round, board FROM boards")}
        codes = {c for (c,) in conn.execute("SELECT code FROM boards")}
        for r, pairs in state.boards.items():
            for b in range(1, len(pairs) + 1):
                if (r, b) in known:
                    continue
                code = ""
                while not code or code in codes:
                    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(4))
                codes.add(code)
                conn.execute("INSERT INTO boards VALUES (?, ?, 1, ?)", (r, b, code))

    def _ensure_boards(self, state: State) -> None:
        with self._conn() as conn, transaction(conn):
            self._add_boards(conn, state)

    def board_versions(self, round: int) -> dict[int, tuple[int, str]]:
        """Board -> (version, code) for a published round."""
        with self._conn() as conn:
            rows = conn.execute("SELECT board, version, code FROM boards WHERE round = ?", (round,)).fetchall()
        return {b: (v, c) for b, v, c in rows}

    def board_by_code(self, code: str) -> tuple[int, int] | None:
        with self._conn() as conn:
            row = conn.execute("SELECT round, board FROM boards WHERE code = ?", (code.strip().upper(),)).fetchone()
        return (row[0], row[1]) if row else None

    # --- the log, undo, snapshots --------------------------------------------------------

    def log(self, limit: int = 200) -> list[LogEntry]:
        """The latest entries, newest first; ``undone`` marks those an undo reversed."""
        with self._conn() as conn:
            undone = {u for (u,) in conn.execute("SELECT undoes FROM log WHERE undoes IS NOT NULL")}
            rows = conn.execute(
                "SELECT id, at, who, action, detail, version, undoes FROM log ORDER BY id DESC LIMIT ?", (limit,)
            ).fetchall()
        return [LogEntry(*row, undone=row[0] in undone) for row in rows]

    def undo(self, who: str = "command line") -> Applied:
        """Put back the state before the latest change not yet undone (an undo is itself
        logged: undo again and the change before it is undone). Every board's version
        goes up, so a device showing the old state cannot write over the new one. The
        outcome's value is the log entry of the change taken back."""
        with self._conn() as conn, transaction(conn):
            undone = {u for (u,) in conn.execute("SELECT undoes FROM log WHERE undoes IS NOT NULL")}
            target = None
            for row in conn.execute(
                "SELECT id, at, who, action, detail, version, undoes, before FROM log "
                "WHERE undoes IS NULL AND before IS NOT NULL ORDER BY id DESC"
            ):
                if row[0] not in undone:
                    target = row
                    break
            if target is None:
                raise InputError("nothing to undo", field="undo")
            version, _, doc = self._state(conn)
            restored = State.from_doc(_unpack(target[7]), source=self.path.name)
            message = f"undone: {target[4]}"
            self._write(conn, version, doc, restored, who, "undo", message, target[0])
            conn.execute("UPDATE boards SET version = version + 1")
            self._add_boards(conn, restored)
        return Applied(Outcome(restored.tournament, message, (), LogEntry(*target[:7])), str(version + 1))

    def snapshot(self, folder: Path, round: int, label: str) -> list[Path]:
        """TRF26 of the published state and a SQLite backup of the whole file, written to
        ``folder``, and the state kept in the file to restore from."""
        version, state = self.load()
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
        base = folder / f"{self.slug}-r{round}-{stamp}-v{version}"
        trf = base.with_suffix(".trf")
        trf.write_text(format_trf(state.tournament.with_derived_points(), "trf26"), encoding="utf-8")
        backup = base.with_suffix(".sqlite")
        with self._conn() as conn:
            target = sqlite3.connect(backup)
            try:
                conn.backup(target)
            finally:
                target.close()
            with transaction(conn):
                conn.execute(
                    "INSERT INTO snapshots (at, round, label, doc, files) VALUES (?, ?, ?, ?, ?)",
                    (now(), round, label, _pack(state.to_doc()), json.dumps([trf.name, backup.name])),
                )
        return [trf, backup]

    def snapshots(self) -> list[dict[str, Any]]:
        with self._conn() as conn:
            rows = conn.execute("SELECT id, at, round, label, files FROM snapshots ORDER BY id DESC").fetchall()
        return [dict(id=i, at=a, round=r, label=lb, files=json.loads(f)) for i, a, r, lb, f in rows]

    def restore(self, snapshot_id: int, who: str) -> None:
        """Put back the state of a snapshot (logged, so it can itself be undone)."""
        with self._conn() as conn, transaction(conn):
            row = conn.execute("SELECT doc, label FROM snapshots WHERE id = ?", (snapshot_id,)).fetchone()
            if row is None:
                raise InputError(f"no snapshot {snapshot_id}", field="snapshot")
            version, _, doc = self._state(conn)
            restored = State.from_doc(_unpack(row[0]), source=self.path.name)
            self._write(conn, version, doc, restored, who, "restore", f"restored snapshot #{snapshot_id}: {row[1]}")
            conn.execute("UPDATE boards SET version = version + 1")
            self._add_boards(conn, restored)


def event_stores(folder: Path) -> list[SqliteEventStore]:
    """Every event in ``folder``, by name."""
    return [SqliteEventStore(p) for p in sorted(folder.glob("*" + SUFFIX))]


if TYPE_CHECKING:  # the desk's store is one of the event layer's stores (checked by mypy)

    def _is_an_event_store(store: SqliteEventStore) -> EventStore:
        return store
