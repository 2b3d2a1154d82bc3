"""Item 9 of the arbiter's checker: input edges, each refused or read with one clear
line (file, line, field) and the exit code of bad input, never a traceback."""

from __future__ import annotations

from dataclasses import replace

import pytest
from testkit import fixture_path, trf_player_line

import tabellone
from tabellone.cli import main
from tabellone.core.errors import InputError
from tabellone.formats.trf import format_trf, parse_trf

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


def test_check_pairing_names_an_unknown_player_or_an_empty_file(tmp_path, capsys):
    """A pairing number the event does not hold is bad input (exit 3), named by its
    line, blank lines counted; so is an empty file."""
    plain = tmp_path / "plain.txt"
    plain.write_text("2 1\n\n4 3\n6 5\n7 8\n")
    assert main(["check", str(SIX), "--round", "2", "--pairing", str(plain)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "plain.txt:5: found '7 8': player 7 is not in the tournament" in err
    plain.write_text("\n")
    assert main(["check", str(SIX), "--round", "2", "--pairing", str(plain)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "plain.txt: the file is empty" in err


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


def test_a_five_digit_start_rank_in_a_file_is_refused_not_truncated(tmp_path, capsys):
    """'001 10000' would be read as player 1000 with a stray digit in column 9."""
    path = tmp_path / "big.trf"
    path.write_text(SIX.read_text() + "001 10000     Player X                          1800\n")
    assert main(["info", str(path)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "big.trf:10" in err and "found start rank '10000'" in err and "9,999" in err


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


NO_GAMES = fixture_path("checker/no_games_rounds.trf")


def test_a_round_without_games_is_not_a_paired_round(capsys):
    """Hand-made: six players; round 1 played; round 2 nobody played (6 has a
    zero-point bye, the other cells are empty); round 3 played; round 4 holds only 2's
    half-point bye, entered before pairing. Round 4 is not paired: the next round to
    pair is 4 (bbpPairings pairs it too: 1-3 4-6, bye 5), and check says which rounds
    had no games instead of calling them paired as the rules pair them."""
    t = tabellone.read(NO_GAMES)
    assert (t.rounds_paired, t.next_round) == (3, 4)
    report = tabellone.check(t)
    by_round = {r.round: r for r in report.rounds}
    assert sorted(by_round) == [1, 2, 3, 4]
    assert by_round[2].status == "no games" and not by_round[2].next_to_pair
    assert by_round[2].no_games == {"Z": [6], " ": [1, 2, 3, 4, 5]}
    assert by_round[4].status == "no games" and by_round[4].next_to_pair
    assert by_round[4].as_dict()["entered"] == {"H": [2], "empty": [1, 3, 4, 5, 6]}
    assert by_round[3].no_games is None
    assert main(["check", str(NO_GAMES)]) == 0
    out = capsys.readouterr().out
    assert "round 2: NO GAMES: nobody played this round" in out
    assert "round 4: NO GAMES YET: the next round to pair" in out and "half-point bye: 2" in out
    assert out.endswith("2 of 2 rounds as the rules pair them; no games in rounds 2, 4\n")
    pairing = tabellone.pair(t)
    assert pairing.round == 4 and pairing.bye == 5
    assert {frozenset(p) for p in pairing.pairs} == {frozenset((1, 3)), frozenset((4, 6))}


def test_a_trailing_round_of_byes_only_is_the_round_to_pair(tmp_path, capsys):
    """Every way a cell can say 'no game' (empty, '0000 - Z', '       -', '0000 - H',
    '0000 - F') in the last column after the last round with a game: that round is the
    next to pair, not a paired one."""
    lines = NO_GAMES.read_text().splitlines()
    for cell in ("0000 - Z", "       -", "0000 - H", "0000 - F", ""):
        body = [
            line[: 91 + 10 * 3].rstrip() + ("  " + cell if line.startswith("001") and cell else "")
            if line.startswith("001")
            else line
            for line in lines
        ]
        path = tmp_path / "trail.trf"
        path.write_text("\n".join(body) + "\n")
        t = tabellone.read(path)
        assert t.next_round == 4, cell
        last = tabellone.check(t).rounds[-1]
        assert (last.round, last.status, last.next_to_pair) == ((4, "no games", True) if cell else (3, "ok", False)), (
            cell
        )


def test_gacrux_cut_before_round_30_pairs_round_29(tmp_path, capsys):
    """The Gacrux stress file (peers/SOURCES.md) has a round nobody played (29: three
    zero-point byes, 47 empty cells). Cut before round 30, round 29 is the next round to
    pair, not a paired one; check says it had no games."""
    from testkit import shared_path

    src = shared_path("peers/caissify_pairings/gacrux_generated/stress_50p31r_manybyes.trf")
    cut = tmp_path / "cut.trf"
    cut.write_text(
        "\n".join(
            line[: 91 + 10 * 29].rstrip() if line.startswith("001") else line for line in src.read_text().splitlines()
        )
        + "\n"
    )
    t = tabellone.read(cut)
    assert t.next_round == 29
    last = tabellone.check(t, round=29).rounds[0]
    assert last.status == "no games" and last.next_to_pair and len(last.no_games["Z"]) == 3
    full = tabellone.check(tabellone.read(src), round=29).rounds[0]
    assert full.status == "no games" and not full.next_to_pair
