"""Results as arbiters type them (issue #23, Build 2): forfeits as ordinary words,
entry by board, a pair given in the wrong colour order refused, corrections said,
later rounds touched by a correction named, and the round reprinted with its results.
Also: options given at ``new`` (Baku acceleration) honoured by ``pair --write``."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from event_cli import cli, run

import tabellone


def event(tmp_path: Path, players: int = 8, *extra: str) -> Path:
    path = tmp_path / "ev.trf"
    assert run("new", path, "--name", "Open", "--rounds", "5", "--initial-colour", "white", *extra) == 0
    for k in range(players):
        name = f"Surname{k:02d}, Name"
        assert run("player", "add", path, "--name", name, "--rating", 2300 - 40 * k, "--federation", "ITA") == 0
    return path


def boards(path: Path, r: int) -> list[tuple[int, int]]:
    t = tabellone.read(path)
    return [(p.id, p.entry(r).opponent) for p in t.players if p.entry(r).colour == "w"]


def codes(path: Path, r: int, w: int, b: int) -> tuple[str, str]:
    t = tabellone.read(path)
    return t.player(w).entry(r).result, t.player(b).entry(r).result


def test_forfeits_are_ordinary_words_anywhere_on_the_line(tmp_path, capsys):
    """'result open.trf --round 1 1 31 1-0 32 2 -+' said 'unrecognized arguments: -+';
    '17 47 --' said 'results come in threes'."""
    path = event(tmp_path)
    assert run("pair", path, "--write") == 0
    (w1, b1), (w2, b2), (w3, b3), (w4, b4) = boards(path, 1)
    cli(capsys, "result", path, "--round", "1", w1, b1, "1-0", w2, b2, "-+")
    assert codes(path, 1, w1, b1) == ("1", "0") and codes(path, 1, w2, b2) == ("-", "+")
    cli(capsys, "result", path, w3, b3, "--", "--round", "1")  # options after the words too
    assert codes(path, 1, w3, b3) == ("-", "-")
    cli(capsys, "result", path, w4, b4, "+-")
    assert codes(path, 1, w4, b4) == ("+", "-")


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("1-0", ("1", "0")),
        ("0-1", ("0", "1")),
        ("=", ("=", "=")),
        ("1/2", ("=", "=")),
        ("½-½", ("=", "=")),
        ("1:0", ("1", "0")),
        ("+-", ("+", "-")),
        ("-+", ("-", "+")),
        ("--", ("-", "-")),
    ],
)
def test_every_score_sheet_form(tmp_path, capsys, typed, expected):
    path = event(tmp_path, 4)
    assert run("pair", path, "--write") == 0
    w, b = boards(path, 1)[0]
    cli(capsys, "result", path, w, b, typed)
    assert codes(path, 1, w, b) == expected


def test_a_pair_given_black_first_is_refused_in_one_line(tmp_path, capsys):
    """On a board where 1 is White against 3, 'result ev.trf 3 1 1-0' recorded 3 as the
    winner and said only '1 result entered'."""
    path = event(tmp_path, 4)
    assert run("pair", path, "--write") == 0
    w, b = boards(path, 1)[0]
    before = path.read_bytes()
    _, err = cli(capsys, "result", path, b, w, "1-0", code=3)
    assert len(err.strip().splitlines()) == 1
    assert f"{w} has White against {b}" in err and f"'{w} {b} 0-1'" in err
    assert path.read_bytes() == before


def test_entry_by_board_number_of_the_printed_list(tmp_path, capsys):
    path = event(tmp_path)
    out, _ = cli(capsys, "pair", path, "--write")
    listed = [row for row in map(str.split, out.splitlines()) if len(row) > 2 and row[0].isdigit() and row[1].isdigit()]
    board3 = listed[2]
    white, black = int(board3[1]), int(board3[-1])  # 'Bd No. ... No.'
    cli(capsys, "result", path, "--round", "1", "--board", "3", "0-1")
    assert codes(path, 1, white, black) == ("0", "1")
    _, err = cli(capsys, "result", path, "--board", "9", "1-0", code=3)
    assert "round 1 has boards 1-4" in err


def test_a_result_over_another_says_changed_from_x_to_y(tmp_path, capsys):
    path = event(tmp_path, 4)
    assert run("pair", path, "--write") == 0
    w, b = boards(path, 1)[0]
    cli(capsys, "result", path, w, b, "1-0")
    out, _ = cli(capsys, "result", path, w, b, "0-1")
    assert f"board 1 {w}-{b}: changed from 1-0 to 0-1" in out
    out, _ = cli(capsys, "result", path, w, b, "0-1")
    assert "unchanged" in out
    assert codes(path, 1, w, b) == ("0", "1")


def test_a_correction_after_later_rounds_were_paired_names_them(tmp_path, capsys):
    path = event(tmp_path)
    for r in (1, 2, 3, 4):
        assert run("pair", path, "--write") == 0
        words = [str(x) for w, b in boards(path, r) for x in (w, b, "1-0")]
        assert run("result", path, "--round", r, *words) == 0
    w, b = boards(path, 2)[0]
    _, err = cli(capsys, "result", path, "--round", "2", w, b, "=")
    assert "rounds 3-4" in err and "paired on the old result" in err
    # a correction of the last paired round touches nothing
    w, b = boards(path, 4)[0]
    _, err = cli(capsys, "result", path, "--round", "4", w, b, "=")
    assert "paired on the old result" not in err


def test_round_show_prints_what_was_recorded(tmp_path, capsys):
    path = event(tmp_path, 8)  # one on a half-point bye: seven to pair, a pairing-allocated bye
    assert run("bye", path, 8, "--round", 1, "--half") == 0
    assert run("pair", path, "--write") == 0
    w, b = boards(path, 1)[0]
    assert run("result", path, w, b, "=") == 0
    t = tabellone.read(path)
    out, _ = cli(capsys, "round", "show", path, "1")
    assert "½-½" in out and t.player(w).name in out and "2300" in out and "ITA" in out
    assert f"{t.player(8).name}" in out and "half-point bye" in out
    assert "bye (pairing-allocated)" in out
    assert "white_no" not in out and "Bd" in out and "Result" in out  # headers in words
    # the alphabetical list: one line per player, by name
    out, _ = cli(capsys, "round", "show", path, "1", "--alphabetical")
    names = [line.split(",")[0] for line in out.splitlines() if line.startswith("Surname")]
    assert names == sorted(names) and len(names) == 8
    # CSV and HTML carry the result too
    out, _ = cli(capsys, "round", "show", path, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows[0]["Result"] == "½-½"
    out, _ = cli(capsys, "round", "show", path, "--format", "html")
    assert "½-½" in out and "@media print" in out


def test_pair_write_honours_baku_given_on_the_command_line(tmp_path, capsys):
    """'pair --write --baku' ignored --baku without a word ('pair --baku' honoured it)."""
    path = event(tmp_path, 8)
    out, _ = cli(capsys, "pair", path, "--baku", "--format", "bbp")
    expected = out.split("\n", 1)[1]
    _, err = cli(capsys, "pair", path, "--write", "--baku", "--format", "bbp")
    assert "Baku acceleration" in err
    t = tabellone.read(path)
    got = "".join(f"{w} {b}\n" for w, b in sorted(boards(path, 1), key=lambda wb: min(wb)))
    assert sorted(expected.split("\n")) == sorted(got.split("\n"))
    assert t.system.endswith("_BAKU")  # declared for every later round


def test_baku_given_once_at_new_is_honoured_by_pair_write(tmp_path, capsys):
    path = event(tmp_path, 8, "--baku")
    out, _ = cli(capsys, "pair", path, "--baku", "--format", "bbp")
    expected = sorted(out.strip().split("\n")[1:])
    out, _ = cli(capsys, "pair", path, "--write", "--format", "bbp")
    assert sorted(out.strip().split("\n")[1:]) == expected
    # round 1 of Baku pairs group A (the top four) among themselves: 1-3, 2-4
    assert {frozenset(wb) for wb in boards(path, 1)} >= {frozenset((1, 3)), frozenset((2, 4))}
    cli(capsys, "check", path)  # the checker reads the same acceleration from 192


def test_the_pairing_method_given_at_new_holds_for_later_commands(tmp_path, capsys):
    path = event(tmp_path, 6, "--method", "literal")
    assert "method=literal" in path.read_text()
    assert run("pair", path, "--write") == 0
    assert "method=literal" in path.read_text()
    # another method, or another system, for one round: used, and said
    t = tabellone.read(path)
    words = [str(x) for p in t.players if p.entry(1).colour == "w" for x in (p.id, p.entry(1).opponent, "1-0")]
    assert run("result", path, *words) == 0
    _, err = cli(capsys, "pair", path, "--write", "--method", "optimised")
    assert "the event's method is literal; this round uses optimised" in err
