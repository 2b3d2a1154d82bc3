"""FIDE-ready files (issue #23, Build 4): the header records a rating report needs,
set at ``new`` and with ``event set``; final ranks (columns 86-89) in TRF16 and TRF26;
``info`` on a finished event."""

from __future__ import annotations

import json
from pathlib import Path

from event_cli import cli, run

import tabellone
from tabellone.event import read_event

HEADER = (
    "--city",
    "Cagliari",
    "--federation",
    "ita",
    "--start",
    "2026/04/10",
    "--end",
    "12/04/2026",
    "--type",
    "Swiss system, individual",
    "--chief-arbiter",
    "IA Sanna, Paolo",
    "--deputy",
    "FA Melis, Rita",
    "--deputy",
    "AN Pinna, Ugo",
    "--time-control",
    "90 min + 30 s/move",
    "--round-dates",
    "2026/04/10,2026/04/11,2026/04/11,2026/04/12",
)


def records(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        out.setdefault(line[:3], []).append(line)
    return out


def test_new_writes_the_header_records_in_their_columns(tmp_path):
    path = tmp_path / "ev.trf"
    assert run("new", path, "--name", "Open di Cagliari", "--rounds", "4", *HEADER) == 0
    rec = records(path)
    assert rec["012"] == ["012 Open di Cagliari"] and rec["022"] == ["022 Cagliari"] and rec["032"] == ["032 ITA"]
    assert rec["042"] == ["042 2026/04/10"] and rec["052"] == ["052 2026/04/12"]  # DD/MM/YYYY converted
    assert rec["092"] == ["092 Swiss system, individual"] and rec["102"] == ["102 IA Sanna, Paolo"]
    assert rec["112"] == ["112 FA Melis, Rita", "112 AN Pinna, Ugo"]  # one line per deputy
    assert rec["122"] == ["122 90 min + 30 s/move"]
    (line,) = rec["132"]
    # round r's date, YY/MM/DD, in columns 92+10(r-1) to 99+10(r-1): above its round columns
    assert [line[91 + 10 * k : 99 + 10 * k] for k in range(4)] == ["26/04/10", "26/04/11", "26/04/11", "26/04/12"]
    assert line[3:91].strip() == ""
    assert read_event(path).tournament.total_rounds == 4  # the file reads back


def test_new_says_what_it_converted_and_writes_the_trf26_time_control_code(tmp_path, capsys):
    path = tmp_path / "ev.trf"
    _, err = cli(
        capsys, "new", path, "--name", "O", "--rounds", "4", "--end", "12/04/2026", "--time-control-code", "5400+30"
    )
    assert "read as day/month/year: 2026/04/12" in err
    rec = records(path)
    assert rec["222"] == ["222 5400+30"]
    cli(capsys, "event", "set", path, "--time-control-code", "40/6000+30:900+30")
    cli(capsys, "event", "set", path, "--time-control-code", "W300-B240")
    _, err = cli(capsys, "event", "set", path, "--time-control-code", "90 min", code=3)
    assert "TRF26 code" in err
    out, _ = cli(capsys, "export", path, "--to", "trf16")
    assert "222 " not in out and "XXR 4" in out  # TRF16 has no 222


def test_event_set_changes_records_and_event_show_says_them_in_words(tmp_path, capsys):
    path = tmp_path / "ev.trf"
    assert run("new", path, "--name", "Open", "--rounds", "3") == 0
    out, _ = cli(capsys, "event", "set", path, "--city", "Sassari", "--chief-arbiter", "IA Deiana, Marco")
    assert "city: Sassari" in out
    cli(capsys, "event", "set", path, "--city", "Nuoro", "--round-dates", "2026/05/01,,2026/05/03")
    rec = records(path)
    assert rec["022"] == ["022 Nuoro"] and rec["102"] == ["102 IA Deiana, Marco"]
    assert rec["132"][0][91:99] == "26/05/01" and rec["132"][0][101:109].strip() == ""
    out, _ = cli(capsys, "event", "show", path)
    assert "city" in out and "Nuoro" in out and "chief arbiter" in out
    _, err = cli(capsys, "event", "set", path, "--start", "2026/05/03", "--end", "2026/05/01", code=3)
    assert "ends" in err
    _, err = cli(capsys, "event", "set", path, "--round-dates", "2026/02/30", code=3)
    assert "no such day" in err


def finished_event(tmp_path: Path) -> Path:
    path = tmp_path / "fin.trf"
    assert run("new", path, "--name", "Finale", "--rounds", "3", "--initial-colour", "white", *HEADER[:16]) == 0
    for k in range(7):
        assert run("player", "add", path, "--name", f"Player, {k}", "--rating", 2200 - 25 * k) == 0
    for r in (1, 2, 3):
        assert run("pair", path, "--write") == 0
        t = tabellone.read(path)
        words = []
        for p in t.players:
            e = p.entry(r)
            if e.colour == "w":
                words += [str(p.id), str(e.opponent), "=" if (p.id + r) % 3 == 0 else "1-0"]
        assert run("result", path, "--round", r, *words) == 0
    return path


def test_final_ranks_are_written_in_trf16_and_trf26(tmp_path, capsys):
    """The final-rank field (columns 86-89) was blank in TRF16 and TRF26 output."""
    path = finished_event(tmp_path)
    out, _ = cli(capsys, "standings", path, "--format", "json")
    places = {row["start_rank"]: int(str(row["place"]).rstrip("=")) for row in json.loads(out)["rows"]}
    for fmt in ("trf26", "trf16"):
        export = tmp_path / f"out.{fmt}"
        out, err = cli(capsys, "export", path, "--to", fmt, "-o", export)
        assert "ranks included" in out
        ranks = {}
        for line in export.read_text().splitlines():
            if line.startswith("001"):
                ranks[int(line[4:8])] = int(line[85:89])
        assert ranks == places, fmt
        t = tabellone.read(export)
        assert {p.id: p.rank for p in t.players} == places
        rec = records(export)
        assert rec["062"] == ["062 7"] and rec["072"] == ["072 7"]
        assert "022" in rec and "102" in rec and "112" in rec
    assert ("XXR 3" in (tmp_path / "out.trf16").read_text()) and ("142 3" in (tmp_path / "out.trf26").read_text())


def test_export_says_which_records_a_rating_report_still_needs(tmp_path, capsys):
    path = tmp_path / "bare.trf"
    assert run("new", path, "--name", "Bare", "--rounds", "3") == 0
    _, err = cli(capsys, "export", path)
    assert "city (--city)" in err and "chief arbiter (--chief-arbiter)" in err and len(err.strip().splitlines()) == 1


def test_info_on_a_finished_event(tmp_path, capsys):
    """'info' on a finished event said 'state before round 8 of 7'."""
    path = finished_event(tmp_path)
    out, _ = cli(capsys, "info", path)
    assert "before round 4 of 3" not in out and "all 3 rounds played" in out
