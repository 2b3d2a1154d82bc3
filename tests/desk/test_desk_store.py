"""The desk's SQLite store, on real files: one transaction per change, the append-only
log, per-board versions (two writers, one board: one is refused), undo and snapshots,
and writers in separate processes."""

from __future__ import annotations

import multiprocessing
import random
import sqlite3
from dataclasses import replace

import pytest

from tabellone.core.errors import InputError
from tabellone.desk import actions
from tabellone.desk.store import SUFFIX, Change, Conflict, SqliteEventStore, State
from tabellone.event import add_players, make_player


def event_state(players: int = 12, rounds: int = 5) -> State:
    state, _ = actions.create_event({"name": "Store Open", "rounds": str(rounds), "initial_colour": "white"})
    rng = random.Random(5)
    t, _ = add_players(state.tournament, [make_player(f"P{k:02d}", rng.randint(1400, 2400)) for k in range(players)])
    return replace(state, tournament=t.with_derived_points())


@pytest.fixture
def store(tmp_path) -> SqliteEventStore:
    return SqliteEventStore.create(tmp_path / f"open{SUFFIX}", event_state(), "admin", "created")


def published_round(store: SqliteEventStore) -> State:
    store.change("admin", "pair", actions.pair_draft)
    store.change("admin", "publish", actions.publish)
    return store.load()[1]


def log_rows(store: SqliteEventStore) -> int:
    with sqlite3.connect(store.path) as conn:
        return conn.execute("SELECT COUNT(*) FROM log").fetchone()[0]


def test_the_file_is_wal_and_the_state_reads_back(store):
    with sqlite3.connect(store.path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    version, state = store.load()
    assert version == 1
    fresh = SqliteEventStore(store.path).load()[1]  # parsed from the file, not the cache
    assert fresh.tournament == state.tournament.with_derived_points()
    assert [p.name for p in fresh.tournament.players] == [p.name for p in event_state().tournament.players]


def test_every_change_is_one_transaction_with_a_log_row(store):
    store.change("admin", "player", lambda s: actions.add_player(s, {"name": "Late, Lou", "rating": "2000"}))
    assert store.version() == 2
    entry = store.log()[0]
    assert (entry.who, entry.action) == ("admin", "player")
    assert "Late, Lou" in entry.detail

    def broken(state: State) -> Change:
        actions.add_player(state, {"name": "Half, Done"})
        raise RuntimeError("power cut")

    with pytest.raises(RuntimeError):
        store.change("admin", "player", broken)
    assert store.version() == 2 and log_rows(store) == 2
    assert "Half, Done" not in [p.name for p in SqliteEventStore(store.path).load()[1].tournament.players]


def test_the_log_is_append_only(store):
    with sqlite3.connect(store.path) as conn:
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("UPDATE log SET who = 'someone else'")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("DELETE FROM log")


def test_a_stale_board_version_is_refused_and_nothing_is_written(store):
    state = published_round(store)
    (version, _code) = store.board_versions(1)[1]
    store.change("tablet", "result", lambda s: actions.enter_result(s, 1, 1, "1"), expect=(1, 1, version))
    with pytest.raises(Conflict) as caught:
        store.change("phone", "result", lambda s: actions.enter_result(s, 1, 1, "0"), expect=(1, 1, version))
    assert (caught.value.seen, caught.value.current) == (version, version + 1)
    w, _b = state.boards[1][0]
    assert actions.result_of(store.load()[1].tournament, 1, w) == "1-0"
    # another board is not touched by the first board's version
    assert store.board_versions(1)[2][0] == 1


def _enter(path: str, boards: list[int], key: str, start, out) -> None:
    store = SqliteEventStore(path)
    start.wait()
    done = []
    for n in boards:
        seen = store.board_versions(1)[n][0]
        try:
            store.change(
                f"writer {key}", "result", lambda s, n=n: actions.enter_result(s, 1, n, key), expect=(1, n, seen)
            )
            done.append(n)
        except Conflict:
            pass
    out.put((key, done))


def test_writers_in_separate_processes_lose_nothing(tmp_path):
    store = SqliteEventStore.create(tmp_path / f"big{SUFFIX}", event_state(players=40), "admin", "created")
    state = published_round(store)
    boards = list(range(1, len(state.boards[1]) + 1))
    ctx = multiprocessing.get_context("fork")
    start, out = ctx.Event(), ctx.Queue()
    # two writers on the odd and even boards, and two more racing for board 1
    jobs = [
        ctx.Process(target=_enter, args=(str(store.path), boards[0::2], "1", start, out)),
        ctx.Process(target=_enter, args=(str(store.path), boards[1::2], "0", start, out)),
        ctx.Process(target=_enter, args=(str(store.path), [1], "=", start, out)),
    ]
    for job in jobs:
        job.start()
    start.set()
    results = dict(out.get(timeout=60) for _ in jobs)
    for job in jobs:
        job.join(timeout=60)
    final = SqliteEventStore(store.path).load()[1].tournament
    shown = {n: actions.result_of(final, 1, w) for n, (w, _b) in enumerate(state.boards[1], start=1)}
    assert all(shown.values()), "every board has its result"
    for n in boards[1::2]:
        assert shown[n] == "0-1" and n in results["0"]
    for n in boards[2::2]:
        assert shown[n] == "1-0" and n in results["1"]
    # board 1: whoever came second saw the first one's version move on and wrote nothing
    assert (1 in results["1"]) != (1 in results["="])
    assert shown[1] == ("1-0" if 1 in results["1"] else "½-½")
    logged = [e.detail for e in SqliteEventStore(store.path).log(500) if e.action == "result"]
    assert len(logged) == len(boards)


def test_undo_puts_back_the_state_before_and_is_logged(store):
    before = store.load()[1]
    store.change("admin", "player", lambda s: actions.add_player(s, {"name": "Late, Lou", "rating": "2000"}))
    store.change("admin", "event", lambda s: actions.edit_settings(s, {"name": "Renamed Open"}))
    undone = store.undo("admin")
    assert undone.outcome.value.action == "event" and undone.outcome.message.startswith("undone: event: name")
    assert undone.version == str(store.version()) and undone.outcome.tournament == store.read().tournament
    assert actions.header(store.load()[1].tournament, "012") == "Store Open"
    store.undo("admin")  # and the change before it
    assert store.load()[1].tournament == before.tournament.with_derived_points()
    entries = store.log()
    assert [e.action for e in entries[:2]] == ["undo", "undo"]
    assert all(e.undone for e in entries if e.action in ("player", "event"))
    # the creation has no state before it
    with pytest.raises(InputError, match="nothing to undo"):
        store.undo("admin")


def test_undo_moves_every_board_version_on(store):
    published_round(store)
    seen = store.board_versions(1)[3][0]
    store.change("admin", "result", lambda s: actions.enter_result(s, 1, 3, "="), expect=(1, 3, seen))
    store.undo("admin")
    with pytest.raises(Conflict):  # a device showing the undone result cannot write over it
        store.change("tablet", "result", lambda s: actions.enter_result(s, 1, 3, "1"), expect=(1, 3, seen + 1))


def test_snapshot_files_and_restore(store, tmp_path):
    state = published_round(store)
    trf, backup = store.snapshot(tmp_path / "snapshots", 1, "round 1 published")
    assert trf.read_text().startswith("012 Store Open")
    copy = SqliteEventStore(backup.rename(backup.with_name(f"copy{SUFFIX}")))
    assert copy.load()[1].tournament == store.load()[1].tournament
    store.change("admin", "result", lambda s: actions.enter_result(s, 1, 1, "1"))
    sid = store.snapshots()[0]["id"]
    store.restore(sid, "admin")
    w, _ = state.boards[1][0]
    assert actions.result_of(store.load()[1].tournament, 1, w) == ""
    assert store.log()[0].action == "restore"


def test_operations_of_the_event_layer_keep_the_desk_in_step(store):
    """An operation applied through the event layer's protocol (as the command line
    would) is logged with who did it, gives a recorded round its boards in the order
    ``result --board`` reads, and moves on the version of the board it changed only, so
    a device showing the old result cannot write over it."""
    from tabellone.event import boards, enter, pair_next

    applied = store.apply(pair_next, who="cli")
    assert applied.version == str(store.version()) and applied.outcome.message.startswith("round 1 paired")
    state = store.load()[1]
    listed = boards(state.tournament, 1)
    assert state.boards[1] == tuple((b.white, b.black) for b in listed)
    versions = store.board_versions(1)
    assert sorted(versions) == [b.number for b in listed] and all(v == 1 for v, _ in versions.values())
    third = listed[2]
    store.apply(lambda t: enter(t, 1, [(third.white, third.black, "1-0")]), who="cli", action="result")
    after = store.board_versions(1)
    assert after[3][0] == 2 and all(after[n][0] == 1 for n in after if n != 3)
    with pytest.raises(Conflict):
        store.change("tablet", "result", lambda s: actions.enter_result(s, 1, 3, "0"), expect=(1, 3, 1))
    assert actions.result_of(store.load()[1].tournament, 1, third.white) == "1-0"
    entry = store.log()[0]
    assert (entry.who, entry.action) == ("cli", "result") and "1 result entered" in entry.detail
    history = store.history()
    assert [h.what for h in history[-2:]] == [e.detail for e in store.log(2)][::-1]
    assert history[0].before is None and history[-1].after == store.read().version


def test_a_drafted_round_recorded_from_outside_drops_the_draft(store):
    from tabellone.event import pair_next

    store.change("admin", "pair", actions.pair_draft)
    assert store.load()[1].draft is not None
    store.apply(pair_next)
    state = store.load()[1]
    assert state.draft is None and 1 in state.boards


def test_an_operation_from_outside_unpairs_a_draft_it_invalidates(store):
    """A player registered while round 1 is drafted (through the protocol, as the
    command line would; the pages refuse it) unpairs the draft and says so; a change
    that leaves what the draft was paired on alone keeps it."""
    from tabellone.event import make_player, register, set_event

    store.change("admin", "pair", actions.pair_draft)
    kept = store.apply(lambda t: set_event(t, {"022": "Cagliari"}))
    assert store.load()[1].draft is not None and "unpaired" not in kept.outcome.message
    done = store.apply(lambda t: register(t, [make_player("Late, Lou", 2000)]))
    assert store.load()[1].draft is None
    assert done.outcome.message.endswith(
        "the draft of round 1 is unpaired (what it was paired on changed): pair it again"
    )
    assert store.log()[0].detail == done.outcome.message
