"""Printable pages and tables: pairings, standings and the crosstable as HTML (valid for
a strict HTML5 parser, self-contained, with a phone layout and an A4 print stylesheet),
CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
from html.parser import HTMLParser

import html5lib
import pytest
from testkit import REPO

from tabellone.cli import main

EXAMPLE = REPO / "examples" / "open-24-before-r6.trf"
VOID = {"meta", "br", "link", "img", "input", "hr", "col"}


class Structure(HTMLParser):
    """Every element closed in order, no external resource, and the text of the cells."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.cells: list[str] = []
        self.in_cell = False
        self.external: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href") or (name == "rel"):
                self.external.append(f"{tag} {name}={value}")
        if tag in ("td", "th"):
            self.in_cell = True
            self.cells.append("")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()
        if tag in ("td", "th"):
            self.in_cell = False

    def handle_data(self, data):
        if self.in_cell:
            self.cells[-1] += data


def check_page(text: str) -> Structure:
    assert text.startswith("<!DOCTYPE html>")
    html5lib.HTMLParser(strict=True).parse(text)  # raises on any parse error
    s = Structure()
    s.feed(text)
    s.close()
    assert not s.problems and not s.stack, (s.problems, s.stack)
    assert not s.external, s.external  # one self-contained page
    assert '<meta name="viewport"' in text  # readable on a phone
    assert "@media print" in text and "size: A4" in text  # printable on A4
    return s


def run(capsys, *argv) -> str:
    capsys.readouterr()
    assert main([str(a) for a in argv]) == 0
    return capsys.readouterr().out


def test_pairings_page(capsys):
    page = check_page(run(capsys, "pair", EXAMPLE, "--format", "html"))
    # 23 players to pair (one asked for a zero-point bye): 11 boards and a bye, as the
    # api doctest pairs this file; the names are in the cells
    assert "Test0001 Player0001" in page.cells
    assert page.cells.count("bye") == 1
    assert "absent" in page.cells  # player 23, zero-point bye entered for round 6


def test_standings_page_and_tables(capsys):
    s = check_page(run(capsys, "standings", EXAMPLE, "--tiebreaks", "BH/C1,BH,SB,ARO", "--format", "html"))
    assert {"BH/C1", "BH", "SB", "ARO"} <= set(s.cells)
    text = run(capsys, "standings", EXAMPLE, "--tiebreaks", "BH/C1,BH,SB,ARO", "--format", "csv")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["start_rank", "name", "points", "BH/C1", "BH", "SB", "ARO"]
    assert len(rows) == 25
    doc = json.loads(run(capsys, "standings", EXAMPLE, "--format", "json"))
    assert doc["round"] == 5 and doc["tiebreaks"] == ["BH/C1", "BH", "SB"] and len(doc["rows"]) == 24


def test_crosstable_page(capsys):
    s = check_page(run(capsys, "crosstable", EXAMPLE, "--format", "html"))
    assert "12b+" in s.cells  # player 1, round 1: forfeit win against 12 with Black
    doc = json.loads(run(capsys, "standings", EXAMPLE, "--crosstable", "--format", "json"))
    by_number = {row["start_rank"]: row for row in doc["rows"]}
    assert by_number[1]["r1"] == "12b+" and by_number[4]["r3"] == "-Z"
    # by final rank, with a legend of the cells
    assert [row["place"] for row in doc["rows"]] == sorted(row["place"] for row in doc["rows"])
    assert any("-H half-point bye" in note for note in doc["notes"])


@pytest.mark.parametrize("name", ['Rossi <script>alert(1)</script> & "Co"'])
def test_names_are_escaped(tmp_path, capsys, name):
    path = tmp_path / "e.trf"
    assert main(["new", str(path), "--name", name, "--rounds", "3", "--initial-colour", "white"]) == 0
    for k in range(2):
        assert main(["player", "add", str(path), "--name", f"{name[:20]}{k}", "--rating", str(2000 + k)]) == 0
    pairings = run(capsys, "pair", path, "--format", "html")
    crosstable = run(capsys, "crosstable", path, "--format", "html")
    assert "<script>" not in pairings and "<script>" not in crosstable
    assert any(c.startswith("Rossi <script>") for c in check_page(pairings).cells)
    check_page(crosstable)
