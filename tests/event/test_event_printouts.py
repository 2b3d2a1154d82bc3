"""Printouts people read (issue #23, Build 5): headers in words; pairing lists with
rating, title, federation and points, byes and absences by name; results filled in;
the crosstable by final rank with a legend; text, CSV and HTML (printable on A4).
And Ctrl-C at any moment: one line, exit 130, no traceback."""

from __future__ import annotations

import csv
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from event_cli import cli, run
from testkit import REPO

import tabellone

REPO = REPO
EXAMPLE = REPO / "examples" / "open-24-before-r6.trf"


def small_open(tmp_path: Path) -> Path:
    path = tmp_path / "open.trf"
    assert run("new", path, "--name", "Club Open", "--rounds", "3", "--initial-colour", "white") == 0
    people = [
        ("Moretti, Elena", 2310, "WIM", "ITA"),
        ("Kovacs, Peter", 2250, "FM", "HUN"),
        ("Ferri, Marco", 2105, "", "ITA"),
        ("Dupont, Luc", 1990, "", "FRA"),
        ("Lindqvist, Eva", 1875, "", "SWE"),
        ("Porcu, Gavino", 1760, "", "ITA"),
        ("Absent, Always", 1500, "", "ITA"),
    ]
    for name, rating, title, fed in people:
        args = ["player", "add", path, "--name", name, "--rating", rating, "--federation", fed]
        assert run(*args, *(["--title", title] if title else [])) == 0
    assert run("bye", path, 7, "--round", 1, "--zero") == 0
    assert run("bye", path, 6, "--round", 1, "--half") == 0
    return path


def test_the_pairing_list_names_ratings_titles_federations_byes_and_absences(tmp_path, capsys):
    path = small_open(tmp_path)
    out, _ = cli(capsys, "pair", path, "--write")
    assert "white_no" not in out and "start_rank" not in out
    for word in ("Bd", "White", "Black", "Rtg", "Fed", "Pts", "Result"):
        assert word in out
    assert "WIM" in out and "2310" in out and "HUN" in out
    assert "Porcu, Gavino" in out and "half-point bye" in out  # by name, with what they have
    assert "Absent, Always" in out and "absent" in out
    # the same list as CSV and HTML, the result column filled once entered
    t = tabellone.read(path)
    w = next(p for p in t.players if p.entry(1).colour == "w")
    assert run("result", path, w.id, w.entry(1).opponent, "1-0") == 0
    out, _ = cli(capsys, "round", "show", path, "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:4] == ["Bd", "No.", "Tit", "White"] and "Result" in rows[0]
    assert [r[rows[0].index("Result")] for r in rows[1:] if r[0] == "1"] == ["1-0"]
    html, _ = cli(capsys, "round", "show", path, "--format", "html")
    assert "<th" in html and "1-0" in html and "Porcu, Gavino" in html and "size: A4" in html


def test_pair_without_write_prints_the_list_with_ratings_too(capsys):
    out, _ = cli(capsys, "pair", EXAMPLE, "--format", "csv")
    header = next(csv.reader(io.StringIO(out)))
    assert header == [
        "Bd",
        "No.",
        "Tit",
        "White",
        "Rtg",
        "Fed",
        "Pts",
        "Result",
        "Pts",
        "Tit",
        "Black",
        "Rtg",
        "Fed",
        "No.",
    ]


def test_the_crosstable_is_by_final_rank_with_a_legend(tmp_path, capsys):
    path = small_open(tmp_path)
    for r in (1, 2, 3):
        assert run("pair", path, "--write") == 0
        t = tabellone.read(path)
        words = [str(x) for p in t.players if p.entry(r).colour == "w" for x in (p.id, p.entry(r).opponent, "0-1")]
        assert run("result", path, "--round", r, *words) == 0
    out, _ = cli(capsys, "standings", path, "--format", "json")
    import json

    winner = json.loads(out)["rows"][0]["start_rank"]
    out, _ = cli(capsys, "crosstable", path)
    assert "Rk" in out and "start_rank" not in out
    assert "-H half-point bye" in out and "-Z absent" in out  # the legend
    out, _ = cli(capsys, "crosstable", path, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows[0]["Rk"] == "1" and int(rows[0]["No."]) == winner
    assert [int(r["Rk"]) for r in rows] == sorted(int(r["Rk"]) for r in rows)
    html, _ = cli(capsys, "crosstable", path, "--format", "html")
    assert "-H half-point bye" in html


def test_a_wide_crosstable_prints_on_a_landscape_page(capsys):
    from tabellone.reports.html import WIDE, page

    text = page("t", [], [f"c{k}" for k in range(WIDE + 1)], [])
    assert '<table class="wide">' in text and "size: A4 landscape" in text and "page: wide" in text
    assert '<table class="wide">' not in page("t", [], ["a", "b"], [])


def test_standings_headers_in_words_and_stable_csv(capsys):
    out, _ = cli(capsys, "standings", EXAMPLE)
    assert "Place" in out and "No." in out and "start_rank" not in out
    out, _ = cli(capsys, "standings", EXAMPLE, "--format", "csv")
    assert out.startswith("start_rank,name,points,")  # for other programs


@pytest.fixture(scope="module")
def big_event(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.trf"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    gen = [sys.executable, "-m", "tabellone", "generate", "--players", "300", "--rounds", "9", "--seed", "5"]
    subprocess.run([*gen, "-o", str(path)], env=env, check=True, capture_output=True, timeout=300)
    return path


@pytest.mark.parametrize("delay", [0.0, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.3])
def test_ctrl_c_at_any_moment_is_one_line_and_exit_130(tmp_path, big_event, delay):
    """Ctrl-C in the first 0.1 s printed a 17-line traceback: the heavy imports at
    start-up ran before the command line could catch it. Python's own start-up (its
    ``site`` module) is not the program's: a ``sitecustomize`` says when it is done,
    and the interrupt is sent from then on, ``delay`` seconds later."""
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text("import os\nos.write(2, b'python started\\n')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(hook), str(REPO)])}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabellone", "check", str(big_event)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr.readline() == "python started\n"
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    if "Traceback" in err and str(REPO / "tabellone") not in err:
        return  # still inside Python's own start-up (site, runpy): not the program's to catch
    if err.startswith("Could not import runpy module"):
        return  # the interpreter's own message: interrupted before it could start ``-m``
    assert "Traceback" not in err, err
    if proc.returncode != 0:  # interrupted (a fast machine may have finished first)
        # 130 as a shell reports it: exit(130), or the end by SIGINT itself (-2 here)
        assert proc.returncode in (130, -signal.SIGINT), (proc.returncode, err)
        assert err.strip() == "tabellone: interrupted", err
