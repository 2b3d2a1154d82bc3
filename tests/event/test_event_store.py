"""The event store never loses an update: concurrent writers (processes) on one file,
every acknowledged change present; a writer that cannot get the lock refuses in one
line; undo walks the log back; the file's encoding and line endings survive a write.

Issue #23: 'tabellone result c.trf 1 10 1-0 & tabellone result c.trf 2 33 0-1 & wait'
lost one of the two results now and then, both commands saying "1 result entered"."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from event_cli import run
from testkit import REPO

import tabellone
from tabellone.cli import main
from tabellone.core.errors import FileAccessError
from tabellone.event import FileStore, Outcome, add_players, exclusive, make_player

REPO = REPO
FORK = multiprocessing.get_context("fork")


def paired_event(tmp_path: Path, players: int, name: str = "c.trf") -> Path:
    """An event of ``players`` players with round 1 paired and no result yet."""
    path = tmp_path / name
    assert run("new", path, "--name", "Club", "--rounds", "5", "--initial-colour", "white") == 0
    store = FileStore(path)
    store.apply(
        lambda t: Outcome(
            add_players(t, [make_player(f"Player, {k:03d}", 2400 - 7 * k) for k in range(players)])[0], "players"
        )
    )
    assert run("pair", path, "--write") == 0
    return path


def white_boards(path: Path, r: int = 1) -> list[tuple[int, int]]:
    t = tabellone.read(path)
    return [(p.id, p.entry(r).opponent) for p in t.players if p.entry(r).colour == "w"]


def _writer(path: str, argv: list[str], start, codes) -> None:
    start.wait()
    with open(os.devnull, "w") as null:
        sys.stdout = sys.stderr = null
        codes.put((argv, main(argv)))


def run_at_once(path: Path, commands: list[list[str]]) -> list[tuple[list[str], int]]:
    """Every command in its own process, all released at the same moment."""
    start = FORK.Event()
    codes = FORK.Queue()
    procs = [FORK.Process(target=_writer, args=(str(path), argv, start, codes)) for argv in commands]
    for p in procs:
        p.start()
    start.set()
    out = [codes.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    return out


RESULTS = ("1-0", "0-1", "=", "+-", "-+")
CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "=": ("=", "="), "+-": ("+", "-"), "-+": ("-", "+")}


def test_many_concurrent_writers_every_acknowledged_change_is_present(tmp_path):
    """20 processes each enter one board's result of a 40-player round at the same
    moment: each is acknowledged (exit 0) and each is in the file."""
    path = paired_event(tmp_path, 40)
    boards = white_boards(path)
    assert len(boards) == 20
    wanted = {(w, b): RESULTS[k % len(RESULTS)] for k, (w, b) in enumerate(boards)}
    done = run_at_once(path, [["result", str(path), "--round", "1", str(w), str(b), r] for (w, b), r in wanted.items()])
    assert [code for _, code in done] == [0] * 20
    t = tabellone.read(path)
    for (w, b), res in wanted.items():
        assert (t.player(w).entry(1).result, t.player(b).entry(1).result) == CODES[res]
    assert not t.score_mismatches()
    # one log line and one backup per acknowledged change
    assert len(FileStore(path).history()) == 1 + 1 + 1 + 20  # new, players, pair, 20 results
    assert len(list(tmp_path.glob("c.trf.~*~"))) == 22


def test_concurrent_registrations_all_kept_and_numbered_once(tmp_path):
    path = tmp_path / "reg.trf"
    assert run("new", path, "--name", "Reg", "--rounds", "5") == 0
    commands = [
        ["player", "add", str(path), "--name", f"Entrant, {k:02d}", "--rating", str(1500 + k)] for k in range(12)
    ]
    done = run_at_once(path, commands)
    assert [code for _, code in done] == [0] * 12
    t = tabellone.read(path)
    assert sorted(p.name for p in t.players) == [f"Entrant, {k:02d}" for k in range(12)]
    assert [p.id for p in t.players] == list(range(1, 13))
    assert [p.rating for p in t.players] == sorted((p.rating for p in t.players), reverse=True)


def test_different_changes_at_once_are_all_kept(tmp_path):
    """Results, bye requests, a withdrawal, player corrections and header records, each
    from its own process at the same moment: every one acknowledged and in the file."""
    path = paired_event(tmp_path, 12)
    boards = white_boards(path)
    commands = [["result", str(path), str(w), str(b), "1-0"] for w, b in boards[:3]]
    commands += [["bye", str(path), str(pid), "--round", "2", "--half"] for pid in (1, 2)]
    commands += [["withdraw", str(path), "12"]]
    commands += [["player", "edit", str(path), str(pid), "--federation", "ITA"] for pid in (3, 4, 5)]
    commands += [["event", "set", str(path), "--city", "Oristano"]]
    done = run_at_once(path, commands)
    assert [code for _, code in done] == [0] * len(commands)
    t = tabellone.read(path)
    assert all(t.player(w).entry(1).result == "1" for w, _ in boards[:3])
    assert {(b.player, b.round, b.kind.value) for b in t.byes} >= {(1, 2, "H"), (2, 2, "H"), (12, 2, "Z")}
    assert [t.player(pid).federation for pid in (3, 4, 5)] == ["ITA"] * 3
    assert any(h.code == "022" and h.text == "Oristano" for h in t.headers)


def test_three_result_commands_at_once_forty_tries_lose_nothing(tmp_path):
    """The issue's check: three 'result' commands at once on one file, 40 tries."""
    pristine = paired_event(tmp_path, 6, "pristine.trf")
    boards = white_boards(pristine)
    assert len(boards) == 3
    for attempt in range(40):
        path = tmp_path / f"try{attempt}.trf"
        shutil.copy(pristine, path)
        res = [RESULTS[(attempt + k) % 3] for k in range(3)]
        done = run_at_once(path, [["result", str(path), str(w), str(b), r] for (w, b), r in zip(boards, res)])
        assert [code for _, code in done] == [0, 0, 0], attempt
        t = tabellone.read(path)
        for (w, b), r in zip(boards, res):
            assert (t.player(w).entry(1).result, t.player(b).entry(1).result) == CODES[r], attempt


def test_three_tabellone_commands_at_once_as_a_shell_runs_them(tmp_path):
    """The same with the real command line (separate interpreters), a few tries."""
    pristine = paired_event(tmp_path, 6, "pristine.trf")
    boards = white_boards(pristine)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for attempt in range(4):
        path = tmp_path / f"shell{attempt}.trf"
        shutil.copy(pristine, path)
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "tabellone", "result", str(path), str(w), str(b), "1-0"],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for w, b in boards
        ]
        outs = [p.communicate(timeout=60) for p in procs]
        assert [p.returncode for p in procs] == [0, 0, 0], outs
        t = tabellone.read(path)
        assert all(t.player(w).entry(1).result == "1" for w, _ in boards), attempt


def test_a_writer_that_cannot_get_the_lock_refuses_in_one_line(tmp_path):
    path = paired_event(tmp_path, 4)
    (w, b) = white_boards(path)[0]
    before = path.read_bytes()
    env = {**os.environ, "PYTHONPATH": str(REPO), "TABELLONE_LOCK_TIMEOUT": "0.3"}
    with exclusive(path):
        r = subprocess.run(
            [sys.executable, "-m", "tabellone", "result", str(path), str(w), str(b), "1-0"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert r.returncode == 5, r.stderr
    assert "another command is changing this event" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr
    assert path.read_bytes() == before
    assert run("result", path, w, b, "1-0") == 0  # free again


def test_the_lock_is_released_when_its_holder_is_killed(tmp_path):
    path = paired_event(tmp_path, 4)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\nfrom tabellone.event import exclusive\n"
            "with exclusive(sys.argv[1]):\n    print('held', flush=True)\n    time.sleep(60)\n",
            str(path),
        ],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "held"
    holder.kill()
    holder.wait()
    (w, b) = white_boards(path)[0]
    assert run("result", path, w, b, "=") == 0


def test_an_operation_that_fails_stores_nothing_and_a_stale_version_is_refused(tmp_path):
    path = paired_event(tmp_path, 4)
    store = FileStore(path)
    before = path.read_bytes()
    snapshot = store.read()

    def broken(t):
        raise ValueError("boom")

    with pytest.raises(ValueError):
        store.apply(broken)
    assert path.read_bytes() == before
    (w, b) = white_boards(path)[0]
    assert run("result", path, w, b, "1-0") == 0
    with pytest.raises(FileAccessError, match="changed since you read it"):
        store.apply(lambda t: Outcome(t, "nothing"), expected=snapshot.version)


# --- undo -----------------------------------------------------------------------------------


def test_undo_takes_back_the_last_changes_one_at_a_time(tmp_path, capsys):
    path = paired_event(tmp_path, 6)
    after_pairing = path.read_bytes()
    (w1, b1), (w2, b2), _ = white_boards(path)
    assert run("result", path, w1, b1, "1-0") == 0
    after_first = path.read_bytes()
    assert run("result", path, w2, b2, "0-1") == 0
    capsys.readouterr()
    assert run("undo", path) == 0
    assert "undone: round 1: 1 result entered" in capsys.readouterr().out
    assert path.read_bytes() == after_first
    assert run("undo", path) == 0
    assert path.read_bytes() == after_pairing
    assert run("undo", path) == 0  # the pairing itself
    assert tabellone.read(path).rounds_paired == 0
    capsys.readouterr()
    assert run("undo", path, "--list") == 0
    listing = capsys.readouterr().out
    assert listing.count("(undone)") == 3


def test_undo_refuses_over_a_file_edited_by_another_program(tmp_path, capsys):
    path = paired_event(tmp_path, 4)
    path.write_text(path.read_text() + "### typed by hand\n")
    edited = path.read_bytes()
    capsys.readouterr()
    assert run("undo", path) == 5
    err = capsys.readouterr().err
    assert "another program edited it" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == edited


def test_undo_does_not_delete_the_event(tmp_path, capsys):
    path = tmp_path / "e.trf"
    assert run("new", path, "--name", "E", "--rounds", "3") == 0
    capsys.readouterr()
    assert run("undo", path) == 3
    assert "undo does not delete it" in capsys.readouterr().err
    assert path.exists()


# --- the file's own encoding and line endings ------------------------------------------------


def windows_file(tmp_path: Path) -> Path:
    """A TRF saved by a Windows program: UTF-8 byte-order mark, Windows-1252 text, CRLF."""
    text = (
        "012 Torneo di Prova\r\n142 5\r\n152 W\r\n"
        "001    1      Müller, Jürgen                    2100 GER                         0.0\r\n"
        "001    2      Çelik, Ayşe                       2000 TUR                         0.0\r\n"
    )
    path = tmp_path / "win.trf"
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("ş", "s").encode("cp1252"))
    return path


def test_a_write_keeps_the_encoding_mark_and_line_endings(tmp_path):
    path = windows_file(tmp_path)
    assert run("player", "add", path, "--name", "Öztürk, Emre", "--rating", "1900") == 0
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    body = data[3:].decode("cp1252")  # still Windows-1252: every byte reads
    assert "Müller, Jürgen" in body and "Öztürk, Emre" in body
    assert "Ã" not in body  # not UTF-8 read as Windows-1252


def test_a_name_the_encoding_cannot_hold_turns_the_file_to_utf8_and_says_so(tmp_path, capsys):
    path = windows_file(tmp_path)
    capsys.readouterr()
    assert run("player", "add", path, "--name", "Wójcik, Łukasz", "--rating", "1950") == 0
    err = capsys.readouterr().err
    assert "converted from Windows-1252 to UTF-8" in err and len(err.strip().splitlines()) == 1
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    assert "Wójcik, Łukasz" in data[3:].decode("utf-8") and "Müller" in data[3:].decode("utf-8")
