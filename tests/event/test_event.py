"""The event file: safe writes (temporary file, fsync, rename, numbered backup, refusal
when the file changed), and the commands that edit it, with their input errors."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from testkit import REPO

import tabellone
from tabellone.cli import main
from tabellone.core.errors import FileAccessError
from tabellone.event import Event, add_players, make_player, read_event, save_event

REPO = REPO


def run(*argv: str) -> int:
    return main([str(a) for a in argv])


def small_event(tmp_path: Path, players: int = 6) -> Path:
    path = tmp_path / "club.trf"
    assert run("new", path, "--name", "Club Open", "--rounds", "5", "--initial-colour", "white") == 0
    for k in range(players):
        assert run("player", "add", path, "--name", f"Player, {chr(65 + k)}", "--rating", 2000 - 50 * k) == 0
    return path


# --- safe writing -------------------------------------------------------------------------


def test_a_failed_rename_leaves_the_file_and_no_temporary(tmp_path, monkeypatch):
    path = small_event(tmp_path)
    before = path.read_bytes()
    event = read_event(path)
    t, _ = add_players(event.tournament, [make_player("New, Player", 1500)])

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(FileAccessError, match="cannot write"):
        save_event(event, t)
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_file_changed_since_read_is_not_overwritten(tmp_path):
    path = small_event(tmp_path)
    event = read_event(path)
    t, _ = add_players(event.tournament, [make_player("New, Player", 1500)])
    path.write_text(path.read_text() + "### a note typed by hand meanwhile\n")
    changed = path.read_bytes()
    with pytest.raises(FileAccessError, match="changed since it was read"):
        save_event(event, t)
    assert path.read_bytes() == changed


def test_every_write_keeps_the_previous_version_numbered(tmp_path):
    small_event(tmp_path, players=2)
    # new (no backup), then two player adds: ~1~ holds the empty event, ~2~ one player
    backups = sorted(p.name for p in tmp_path.glob("club.trf.~*~"))
    assert backups == ["club.trf.~1~", "club.trf.~2~"]
    assert len(tabellone.read(tmp_path / "club.trf.~2~").players) == 1
    assert "001" not in (tmp_path / "club.trf.~1~").read_text()


_KILLED_WRITER = textwrap.dedent("""
    import os, sys, time
    from tabellone.event import add_players, make_player, read_event, save_event
    event = read_event(sys.argv[1])
    t, _ = add_players(event.tournament, [make_player(f"Extra, Player {k}", 1000 + k) for k in range(400)])
    real_fsync = os.fsync
    def slow_fsync(fd):
        print("written", flush=True)   # the temporary file is complete, not yet renamed
        time.sleep(60)
        real_fsync(fd)
    if sys.argv[2] == "stall":
        os.fsync = slow_fsync
    save_event(event, t)
    print("done", flush=True)
""")


def test_a_writer_killed_midway_leaves_the_event_whole(tmp_path):
    """SIGKILL while the new version is being written: the event file is the old one,
    byte for byte, and still reads."""
    path = small_event(tmp_path)
    before = path.read_bytes()
    proc = subprocess.Popen(
        [sys.executable, "-c", _KILLED_WRITER, str(path), "stall"], stdout=subprocess.PIPE, text=True, cwd=REPO
    )
    assert proc.stdout.readline().strip() == "written"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert path.read_bytes() == before
    assert len(tabellone.read(path).players) == 6


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.15, 0.3])
def test_killed_at_any_moment_the_file_is_old_or_new_never_half(tmp_path, delay):
    path = small_event(tmp_path)
    before = path.read_bytes()
    proc = subprocess.Popen(
        [sys.executable, "-c", _KILLED_WRITER, str(path), "run"], stdout=subprocess.PIPE, text=True, cwd=REPO
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    count = len(tabellone.read(path).players)
    assert count in (6, 406)
    if count == 6:
        assert path.read_bytes() == before


# --- commands ---------------------------------------------------------------------------------


def test_players_are_numbered_in_the_initial_order_then_late_entries_get_the_next_number(tmp_path):
    path = tmp_path / "e.trf"
    assert run("new", path, "--name", "E", "--rounds", "3", "--initial-colour", "black") == 0
    csv = tmp_path / "p.csv"
    csv.write_text('name,rating,title\n"Zeta, A",2100,\n"Alfa, B",2100,\n"Beta, C",2100,FM\n"Gamma, D",2300,\n')
    assert run("player", "import", path, csv) == 0
    # C.04.2: rating, then title (FM before none), then name
    assert [p.name for p in tabellone.read(path).players] == ["Gamma, D", "Beta, C", "Alfa, B", "Zeta, A"]
    assert run("pair", path, "--write") == 0
    assert run("player", "add", path, "--name", "Late, E", "--rating", "2400") == 0
    t = tabellone.read(path)
    late = t.player(5)
    assert late.name == "Late, E" and late.entry(1).result == "Z"  # absent in the paired round
    assert [p.id for p in t.players] == [1, 2, 3, 4, 5]


def test_results_byes_withdrawals_and_points(tmp_path, capsys):
    path = small_event(tmp_path)
    assert run("bye", path, "6", "--round", "1", "--half") == 0
    assert "240 H 001    6" in path.read_text()
    assert run("pair", path, "--write") == 0
    t = tabellone.read(path)
    boards = [(p.id, p.entry(1).opponent) for p in t.players if p.entry(1).colour == "w"]
    assert t.player(6).entry(1).result == "H" and "240 H" not in path.read_text()  # the request is spent
    (w1, b1), (w2, b2) = boards[0], boards[1]
    # a pair given Black first is refused (one line, nothing entered), not turned round
    before = path.read_bytes()
    assert run("result", path, "--round", "1", b1, w1, "0-1", w2, b2, "=") == 3
    assert path.read_bytes() == before
    assert run("result", path, "--round", "1", w1, b1, "1-0", w2, b2, "=") == 0
    t = tabellone.read(path)
    assert t.player(w1).entry(1).result == "1" and t.player(b1).entry(1).result == "0"
    assert t.player(w1).points == 1 and t.player(6).points == tabellone.read(path).player(6).points == 0.5
    assert not t.score_mismatches()
    assert run("withdraw", path, "5", "--from-round", "3") == 0
    t = tabellone.read(path)
    assert sorted((b.round, b.kind.value) for b in t.byes if b.player == 5) == [(3, "Z"), (4, "Z"), (5, "Z")]


def test_results_from_a_csv(tmp_path):
    path = small_event(tmp_path, players=4)
    assert run("pair", path, "--write") == 0
    t = tabellone.read(path)
    boards = [(p.id, p.entry(1).opponent) for p in t.players if p.entry(1).colour == "w"]
    csv = tmp_path / "r1.csv"
    csv.write_text(
        "board,white,black,result\n"
        + "".join(f"{k},{w},{b},{r}\n" for k, ((w, b), r) in enumerate(zip(boards, ["1-0", "+-"]), start=1))
    )
    assert run("result", path, "--round", "1", "--csv", csv) == 0
    t = tabellone.read(path)
    assert t.player(boards[1][0]).entry(1).result == "+" and t.player(boards[1][1]).entry(1).result == "-"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["result", "{f}", "--round", "1", "1", "2"], "results come in threes"),
        (["result", "{f}", "--round", "1", "1", "99", "1-0"], "no player has pairing number 99"),
        (["result", "{f}", "--round", "1", "1", "2", "2-0"], "expected one of 1-0 0-1"),
        (["result", "{f}", "--round", "4", "1", "2", "1-0"], "round 4 is not paired"),
        (["withdraw", "{f}", "42"], "no player has pairing number 42"),
        (["bye", "{f}", "1", "--round", "1", "--half"], "round 1 is already paired"),
        (["bye", "{f}", "1", "--round", "9", "--zero"], "beyond the event's 5 rounds"),
        (["player", "add", "{f}", "--name", "X", "--rating", "abc"], "expected a whole number"),
        (["player", "add", "{f}", "--name", "X", "--title", "XX"], "found title 'XX'"),
        (["new", "{f}", "--name", "Again", "--rounds", "5"], "exists"),
        (["pair", "{f}", "--write"], "has no result"),
    ],
)
def test_bad_input_is_one_line_exit_3_and_the_file_untouched(tmp_path, capsys, argv, message):
    path = small_event(tmp_path, players=4)
    assert run("pair", path, "--write") == 0
    before = path.read_bytes()
    capsys.readouterr()
    code = run(*[a.format(f=path) for a in argv])
    err = capsys.readouterr().err
    assert code == 3, err
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert path.read_bytes() == before


def test_pair_format_trf_writes_the_points_the_results_give(tmp_path, capsys):
    """The old 'pair --format trf' copied the declared points: every later command
    warned they disagreed with the results."""
    example = REPO / "examples" / "open-24-before-r6.trf"
    out = tmp_path / "r6.trf"
    assert run("pair", example, "--format", "trf", "-o", out) == 0
    t = tabellone.read(out)
    assert t.rounds_paired == 6 and not t.score_mismatches()
    # player 23 had a zero-point bye entered for round 6; player 1 has 4.0 from rounds 1-5
    assert t.player(1).points == 4


def test_italo_standings_do_not_mark_everyone_withdrawn(capsys):
    """One zero-point bye entered for the next round is not a withdrawal of the field."""
    example = REPO / "examples" / "open-24-before-r6.trf"
    assert run("standings", example, "--system", "italo-svizzero") == 0
    assert "(rit.)" not in capsys.readouterr().out


def test_new_event_with_tiebreaks_writes_a_202_record(tmp_path):
    path = tmp_path / "tb.trf"
    assert run("new", path, "--name", "T", "--rounds", "7", "--tiebreaks", "BH/C1,BH,SB") == 0
    text = path.read_text()
    assert "202 BH/C1 BH SB" in text and "142 7" in text and "192 FIDE_DUTCH_2026" in text
    assert read_event(path).format == "trf26"
    assert isinstance(read_event(path), Event)


def test_a_late_entry_inserted_in_the_initial_order_renumbers_every_record(tmp_path):
    path = small_event(tmp_path, players=4)  # ratings 2000 1950 1900 1850
    assert run("pair", path, "--write") == 0  # 1-3, 2-4 (or colours swapped)
    before = tabellone.read(path)
    assert run("player", "add", path, "--name", "Late, Strong", "--rating", "1960", "--insert") == 0
    t = tabellone.read(path)
    # 1960 goes between 2000 and 1950: number 2; the old 2, 3, 4 become 3, 4, 5
    assert [p.name for p in t.players] == ["Player, A", "Late, Strong", "Player, B", "Player, C", "Player, D"]
    old_to_new = {1: 1, 2: 3, 3: 4, 4: 5}
    for old, new in old_to_new.items():
        e_old, e_new = before.player(old).entry(1), t.player(new).entry(1)
        assert (old_to_new[e_old.opponent], e_old.colour) == (e_new.opponent, e_new.colour)
    assert t.player(2).entry(1).result == "Z"


def test_no_renumbering_after_the_fourth_round(tmp_path):
    path = small_event(tmp_path, players=10)
    for r in range(1, 5):
        assert run("pair", path, "--write") == 0
        t = tabellone.read(path)
        res = [x for p in t.players if p.entry(r).colour == "w" for x in (p.id, p.entry(r).opponent, "=")]
        assert run("result", path, "--round", r, *res) == 0
    assert run("player", "add", path, "--name", "Too, Late", "--insert") == 3
