"""Item 9 of the arbiter's checker: input edges, each refused or read with one clear
line (file, line, field) and the exit code of bad input, never a traceback."""

from __future__ import annotations

from dataclasses import replace

import pytest

import tabellone
from conftest import fixture_path, trf_player_line

from tabellone.cli import main
from tabellone.solver.errors import InputError
from tabellone.solver.trf import format_trf, parse_trf

SIX = fixture_path("checker/six_after_r1.trf")


def test_check_pairing_without_the_count_line(tmp_path, capsys):
    """The rules' round 2 of the six (2-1 4-3 6-5, see test_checker_first_difference),
    typed as plain 'white black' lines."""
    plain = tmp_path / "plain.txt"
    plain.write_text("2 1\n4 3\n6 5\n")
    assert main(["check", str(SIX), "--round", "2", "--pairing", str(plain)]) == 0
    assert "round 2: as the rules pair it" in capsys.readouterr().out
    plain.write_text("2 1\n4 3\n6 x\n")
    assert main(["check", str(SIX), "--round", "2", "--pairing", str(plain)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "plain.txt:3: found '6 x', expected two pairing numbers" in err


@pytest.mark.parametrize("record", ["XXR 999999999999", "142 1000"])
def test_an_absurd_number_of_rounds_is_refused(tmp_path, capsys, record):
    path = tmp_path / "many.trf"
    path.write_text(SIX.read_text().replace("XXR 5", record))
    assert main(["convert", str(path), "--to", "csv"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "expected at most 999" in err and "many.trf:2" in err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_files_are_read(tmp_path, encoding):
    text = SIX.read_text().replace("Player 1", "Zoë Ånge")
    path = tmp_path / "u16.trf"
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    path.write_bytes(data)
    t = tabellone.read(path)
    assert t.player(1).name == "Zoë Ånge" and len(t.players) == 6


def test_a_five_digit_rating_is_an_error(tmp_path, capsys):
    line = trf_player_line(1, ["   2 w 1"], rating="2400")
    bad = line[:48] + "12345" + line[53:]
    path = tmp_path / "r.trf"
    path.write_text("XXR 3\n" + bad + "\n" + trf_player_line(2, ["   1 b 0"]) + "\n")
    assert main(["info", str(path)]) == 3
    err = capsys.readouterr().err
    assert "r.trf:2" in err and "five digits" in err and "columns 49-52 (rating)" in err


def test_a_10000th_player_does_not_fit_trf16():
    t = parse_trf(SIX.read_text())
    big = replace(t, players=t.players + (replace(t.players[-1], id=10000, rounds=()),))
    with pytest.raises(InputError, match="TRF holds start ranks up to 9,999"):
        format_trf(big)


def test_running_out_of_memory_says_so(monkeypatch, capsys):
    import tabellone.cli as cli

    def explode(args):
        raise MemoryError

    monkeypatch.setitem(cli.COMMANDS, "info", explode)
    assert main(["info", str(SIX)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tabellone: out of memory")


def test_convert_to_csv_refuses_what_the_draughts_sheet_would_drop(tmp_path, capsys):
    """The CSV sheet is the draughts clubs' (2-1-0, no ratings, no half-point byes): a
    chess file is refused in one line naming what would be lost, and nothing is written."""
    out = tmp_path / "out.csv"
    assert main(["convert", str(SIX), "--to", "csv", "-o", str(out)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the point system" in err and "the ratings" in err
    assert not out.exists()
    half = fixture_path("checker/half_point_pab.trf")
    assert main(["convert", str(half), "--to", "csv"]) == 3
    assert "the point system" in capsys.readouterr().err
    worked = fixture_path("italo/worked-10.trf")
    assert main(["convert", str(worked), "--to", "csv"]) == 0
    assert capsys.readouterr().out.startswith("numero;nome;T1;T2;T3;T4")


def test_compare_and_standings_follow_the_file_not_draughts(tmp_path, capsys):
    """A chess file without 192 is not read as draughts: compare asks for the system in
    one line, standings gives the chess table (FIDE C.07 tie-breaks, whatever the pairing
    system). A draughts file (2-1-0) still defaults to italo-svizzero, and a 192
    FIDE_DUBOV file compares by Dubov."""
    assert main(["compare", str(SIX)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "chess event" in err and "name the system with --system" in err
    assert main(["standings", str(SIX)]) == 0
    assert "FIDE C.07" in capsys.readouterr().out
    worked = fixture_path("italo/worked-10.trf")
    assert main(["standings", str(worked)]) == 0
    assert "italo-svizzero" in capsys.readouterr().out
    dubov = tmp_path / "dubov.trf"
    dubov.write_text(SIX.read_text().replace("XXC white1", "XXC white1\n192 FIDE_DUBOV"))
    assert main(["compare", str(dubov), "--json"]) == 0
    import json

    assert json.loads(capsys.readouterr().out)["system"] == "dubov"
