"""The event's operations know nothing of where the event is kept: the same functions
run under the file store of the command line (:class:`tabellone.event.FileStore`) and
under the desk's SQLite store (:class:`tabellone.desk.store.SqliteEventStore`, the store the
browser pages write through), and give the same tournament; each store refuses a change
prepared on an older version and loses no change when processes write at once. Tests of
the desk's store skip, saying why, where the ``desk`` extra is not installed."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from tabellone.core.errors import InputError, TabelloneError
from tabellone.core.model import ByeKind
from tabellone.core.pairing import Pairing
from tabellone.desk import missing
from tabellone.event import (
    EventStore,
    FileStore,
    allow,
    boards,
    bye,
    cancel_bye,
    edit_player,
    enter,
    make_player,
    new_event,
    pair_next,
    pair_round,
    prohibit,
    record_next,
    register,
    set_event,
    set_tiebreaks,
    with_ranks,
    withdrawal,
)
from tabellone.event.header import with_counts
from tabellone.formats.trf import parse_trf

FORK = multiprocessing.get_context("fork")
NO_DESK = missing()
DESK = pytest.mark.skipif(
    bool(NO_DESK), reason=f"the desk's store needs the desk extra ({', '.join(NO_DESK)} not installed)"
)
STORES = [pytest.param("file", id="file"), pytest.param("desk", id="desk-sqlite", marks=DESK)]


def make_store(kind: str, folder: Path, t0, fmt: str = "json") -> EventStore:
    """A new event holding ``t0`` in a store of ``kind``."""
    if kind == "file":
        store = FileStore(folder / f"ops.{'json' if fmt == 'json' else 'trf'}")
        store.create(t0, fmt, "new")
        return store
    from tabellone.desk.store import SUFFIX, SqliteEventStore, State

    return SqliteEventStore.create(folder / f"ops{SUFFIX}", State(t0), "test", "new")


def reopen(store: EventStore) -> EventStore:
    """The same event opened again (in another process)."""
    if isinstance(store, FileStore):
        return FileStore(store.path)
    from tabellone.desk.store import SqliteEventStore

    return SqliteEventStore(store.path)  # type: ignore[attr-defined]


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
    corrected = store.apply(lambda t: enter(t, 1, [(w, b, "-+")]))  # a correction
    assert "changed from 1-0 to -+" in corrected.outcome.message
    store.apply(lambda t: withdrawal(t, 7))
    store.apply(lambda t: pair_next(t))
    store.apply(lambda t: enter(t, 2, [(bd.white, bd.black, "=") for bd in boards(t, 2)]))
    store.undo()  # the last results taken back


def comparable(store: EventStore):
    # a file keeps what it derives on every write (points, ranks, player counts); so be it
    return with_counts(with_ranks(store.read().tournament.with_derived_points()))


@pytest.mark.parametrize("kind", STORES)
def test_an_organisers_first_rounds_and_undo(tmp_path, kind):
    store = make_store(kind, tmp_path, new_event("Operazioni", 5, initial_colour="white"))
    script(store)
    t = store.read().tournament
    assert t.rounds_paired == 2 and all(p.entry(2).pending for p in t.players if p.entry(2).opponent)
    assert t.player(1).name == "Ibba, Ivo", "the rating corrected to 2300 renumbered him first"
    assert t.player(7).entry(2).opponent is None and t.player(7).entry(2).result == "Z", "withdrawn"
    history = store.history()
    assert len(history) == 12 and history[0].before is None
    assert history[-1].what == "undone: " + history[-2].what and history[-1].undoes == history[-2].seq
    assert [e.after for e in history[:-1]] == [e.before for e in history[1:]], "each change starts where one ended"
    assert history[-1].after == store.read().version


@DESK
def test_the_same_operations_on_a_file_and_on_the_desks_database_give_the_same_event(tmp_path):
    t0 = new_event("Operazioni", 5, initial_colour="white")
    (tmp_path / "f").mkdir()
    (tmp_path / "d").mkdir()
    files, database = make_store("file", tmp_path / "f", t0), make_store("desk", tmp_path / "d", t0)
    script(files)
    script(database)
    a, b = comparable(files), comparable(database)
    assert a.players == b.players and a.headers == b.headers and a.byes == b.byes
    assert [e.what for e in files.history()] == [e.what for e in database.history()]


@pytest.mark.parametrize("kind", STORES)
def test_a_stale_version_is_refused(tmp_path, kind):
    store = make_store(kind, tmp_path, new_event("V", 3))
    seen = store.read()
    store.apply(lambda t: register(t, [make_player("Uno, Ugo", 1500)]))
    with pytest.raises(TabelloneError, match="changed since"):
        store.apply(lambda t: register(t, [make_player("Due, Dora", 1400)]), expected=seen.version)
    assert [p.name for p in store.read().tournament.players] == ["Uno, Ugo"]
    now = store.read()
    store.apply(lambda t: register(t, [make_player("Due, Dora", 1400)]), expected=now.version)
    assert len(store.read().tournament.players) == 2


@pytest.mark.parametrize("kind", STORES)
def test_a_failing_operation_stores_nothing(tmp_path, kind):
    store = make_store(kind, tmp_path, new_event("F", 3))
    store.apply(lambda t: register(t, [make_player("Uno, Ugo", 1500)]))
    before = store.read()
    with pytest.raises(InputError, match="registered twice"):
        store.apply(lambda t: register(t, [make_player("Uno, Ugo", 1500)]))
    assert store.read() == before and len(store.history()) == 2


@pytest.mark.parametrize("kind", STORES)
def test_players_kept_apart_a_bye_taken_back_and_an_edited_pairing_recorded(tmp_path, kind):
    """The operations the desk brought to the event layer, through either store: a group
    that must not meet (TRF26 260) is honoured by the engine and survives the file; a
    requested bye taken back; a pairing edited by hand recorded as it was given."""
    store = make_store(kind, tmp_path, new_event("Apart", 4, initial_colour="white"), fmt="trf26")
    store.apply(lambda t: register(t, [make_player(n, r) for n, r in PEOPLE]))
    first = pair_round(store.read().tournament)
    w, b = first.pairs[0]
    done = store.apply(lambda t: prohibit(t, [b, w], 1, 4))
    assert done.outcome.message == f"players {min(w, b)}, {max(w, b)} may not meet in rounds 1-4"
    if isinstance(store, FileStore):
        text = store.path.read_text()
        lines = [line.split() for line in text.splitlines() if line.startswith("260 ")]
        assert [[int(x) for x in line[1:]] for line in lines] == [[1, 4, min(w, b), max(w, b)]]
        assert parse_trf(text).prohibited == store.read().tournament.prohibited
    with pytest.raises(InputError, match="already may not meet"):
        store.apply(lambda t: prohibit(t, [w, b], 1, 4))
    apart = pair_round(store.read().tournament)
    assert {w, b} not in [set(p) for p in apart.pairs], "the engine keeps them apart"
    store.apply(lambda t: allow(t, 1))
    assert store.read().tournament.prohibited == ()
    with pytest.raises(InputError, match="no group 1"):
        store.apply(lambda t: allow(t, 1))

    store.apply(lambda t: bye(t, 5, 1, ByeKind.HALF))
    said = store.apply(lambda t: cancel_bye(t, 5, 1)).outcome.message
    assert said.startswith("player 5 ") and "plays in round 1" in said
    assert store.read().tournament.byes == ()
    with pytest.raises(InputError, match="has no bye in round 1"):
        store.apply(lambda t: cancel_bye(t, 5, 1))

    # the arbiter swaps the colours of board 1 and exchanges two Black players
    pairs = list(first.pairs)
    pairs[0] = pairs[0][::-1]
    (w2, b2), (w3, b3) = pairs[1], pairs[2]
    pairs[1], pairs[2] = (w2, b3), (w3, b2)
    edited = Pairing(round=1, pairs=pairs, bye=first.bye)
    done = store.apply(lambda t: record_next(t, edited, edits=2))
    assert "round 1 recorded after 2 manual edits: 4 boards" in done.outcome.message
    t = store.read().tournament
    for white, black in pairs:
        assert (t.player(white).entry(1).opponent, t.player(white).entry(1).colour) == (black, "w")
        assert (t.player(black).entry(1).opponent, t.player(black).entry(1).colour) == (white, "b")
    with pytest.raises(InputError, match="the next round is 2"):
        store.apply(lambda t: record_next(t, edited))


@pytest.mark.parametrize("kind", STORES)
def test_tiebreaks_set_and_removed(tmp_path, kind):
    store = make_store(kind, tmp_path, new_event("TB", 5, tiebreaks=["BH"]), fmt="trf26")
    done = store.apply(lambda t: set_tiebreaks(t, ["BH/C1", "SB", "DE"]))
    assert done.outcome.message == "event: tie-breaks BH/C1 SB DE"
    assert [h.text for h in store.read().tournament.headers if h.code == "202"] == ["BH/C1 SB DE"]
    with pytest.raises(InputError, match="already BH/C1 SB DE"):
        store.apply(lambda t: set_tiebreaks(t, ["BH/C1", "SB", "DE"]))
    with pytest.raises(InputError):
        store.apply(lambda t: set_tiebreaks(t, ["XYZ"]))
    store.apply(lambda t: set_tiebreaks(t, []))
    assert not [h for h in store.read().tournament.headers if h.code == "202"]


def _enter_one(path: str, kind: str, white: int, black: int, start) -> None:
    start.wait()
    store = FileStore(Path(path)) if kind == "file" else reopen_desk(path)
    store.apply(lambda t: enter(t, 1, [(white, black, "0-1")]))


def reopen_desk(path: str):
    from tabellone.desk.store import SqliteEventStore

    return SqliteEventStore(path)


@pytest.mark.parametrize("kind", STORES)
def test_concurrent_writers_lose_nothing(tmp_path, kind):
    store = make_store(kind, tmp_path, new_event("C", 3, initial_colour="white"))
    store.apply(lambda t: register(t, [make_player(f"Gioc, {k:02d}", 2000 - 9 * k) for k in range(24)]))
    store.apply(lambda t: pair_next(t))
    listed = boards(store.read().tournament, 1)
    start = FORK.Event()
    path = str(store.path)  # type: ignore[attr-defined]
    procs = [FORK.Process(target=_enter_one, args=(path, kind, b.white, b.black, start)) for b in listed]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join(timeout=60)
    assert [p.exitcode for p in procs] == [0] * len(listed)
    t = reopen(store).read().tournament
    assert all(t.player(b.black).entry(1).result == "1" for b in listed)
    assert len(store.history()) == 3 + len(listed)
