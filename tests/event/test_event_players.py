"""Players (issue #23, Build 3): duplicates and names not in 'Surname, Forename' form,
dates checked and converted, edit and remove, late entries with the half-point byes an
event's rules may give for the rounds missed (C.04.2 Art. 2.4)."""

from __future__ import annotations

import datetime
from fractions import Fraction
from pathlib import Path

import pytest
from event_cli import cli, run

import tabellone
from tabellone.core.errors import InputError
from tabellone.event import birth_date


def event(tmp_path: Path, *extra: str) -> Path:
    path = tmp_path / "ev.trf"
    assert run("new", path, "--name", "Open", "--rounds", "5", "--initial-colour", "white", *extra) == 0
    return path


def test_a_second_player_with_the_same_name_and_nothing_to_tell_apart_is_refused(tmp_path, capsys):
    path = event(tmp_path)
    cli(capsys, "player", "add", path, "--name", "Sanna, Andrea", "--rating", "1800")
    before = path.read_bytes()
    _, err = cli(capsys, "player", "add", path, "--name", "Sanna,  Andrea", code=3)
    assert "registered twice?" in err and "--same-name-ok" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before
    _, err = cli(capsys, "player", "add", path, "--name", "Sanna, Andrea", "--same-name-ok")
    assert "same name as player 1" in err
    # a different FIDE id or birth date tells them apart
    cli(capsys, "player", "add", path, "--name", "Rossi, Mario", "--fide-id", "111")
    cli(capsys, "player", "add", path, "--name", "Rossi, Mario", "--fide-id", "222")
    assert len(tabellone.read(path).players) == 4


def test_a_name_without_a_comma_is_accepted_with_a_warning(tmp_path, capsys):
    path = event(tmp_path)
    _, err = cli(capsys, "player", "add", path, "--name", "Rossi Mario")
    assert "'Surname, Forename'" in err
    _, err = cli(capsys, "player", "add", path, "--name", "Bianchi, Luca")
    assert err == ""


def test_birth_dates_are_checked_and_converted(tmp_path, capsys):
    path = event(tmp_path)
    _, err = cli(capsys, "player", "add", path, "--name", "Verdi, Anna", "--birth", "17/05/1990")
    assert "1990/05/17" in err and "day/month/year" in err
    assert tabellone.read(path).player(1).birth_date == "1990/05/17"
    for bad, message in (("31/02/1990", "no such day"), ("1990-13-01", "no such day"), ("yesterday", "YYYY/MM/DD")):
        _, err = cli(capsys, "player", "add", path, "--name", "Neri, Ugo", "--birth", bad, code=3)
        assert message in err
    today = datetime.date(2026, 6, 1)
    assert birth_date("1990/5/7", today) == (
        "1990/05/07",
        "birth date 1990/5/7 written as 1990/05/07 (TRF: YYYY/MM/DD)",
    )
    with pytest.raises(InputError, match="future"):
        birth_date("2027/01/01", today)


def test_edit_before_round_one_renumbers_and_after_keeps_the_number(tmp_path, capsys):
    path = event(tmp_path)
    for name, rating in (("Alfa, A", 2000), ("Beta, B", 1900), ("Gamma, C", 1800), ("Delta, D", 1700)):
        cli(capsys, "player", "add", path, "--name", name, "--rating", rating)
    out, _ = cli(capsys, "player", "edit", path, "4", "--rating", "2100", "--federation", "ita")
    assert "rating 1700 -> 2100" in out and "now number 1" in out
    t = tabellone.read(path)
    assert [p.name for p in t.players] == ["Delta, D", "Alfa, A", "Beta, B", "Gamma, C"]
    assert t.player(1).federation == "ITA"
    assert run("pair", path, "--write") == 0
    _, err = cli(capsys, "player", "edit", path, "4", "--rating", "2500")
    assert "pairing numbers stay" in err
    assert tabellone.read(path).player(4).rating == 2500 and tabellone.read(path).player(4).name == "Gamma, C"
    cli(capsys, "player", "edit", path, "4", code=3)  # nothing to change


def test_remove_before_the_first_pairing_only(tmp_path, capsys):
    path = event(tmp_path)
    for name, rating in (("Alfa, A", 2000), ("Beta, B", 1900), ("Gamma, C", 1800), ("Delta, D", 1700)):
        cli(capsys, "player", "add", path, "--name", name, "--rating", rating)
    assert run("bye", path, 4, "--round", 2, "--half") == 0
    out, _ = cli(capsys, "player", "remove", path, "2")
    assert "removed player 2 Beta, B" in out
    t = tabellone.read(path)
    assert [(p.id, p.name) for p in t.players] == [(1, "Alfa, A"), (2, "Gamma, C"), (3, "Delta, D")]
    assert [(b.player, b.round) for b in t.byes] == [(3, 2)]  # the bye followed its player
    assert run("pair", path, "--write") == 0
    _, err = cli(capsys, "player", "remove", path, "1", code=3)
    assert "withdraw" in err


def paired_rounds(path: Path, n: int) -> None:
    for r in range(1, n + 1):
        assert run("pair", path, "--write") == 0
        t = tabellone.read(path)
        words = [str(x) for p in t.players if p.entry(r).colour == "w" for x in (p.id, p.entry(r).opponent, "1-0")]
        assert run("result", path, "--round", r, *words) == 0


def test_a_late_entry_may_take_half_point_byes_for_the_rounds_missed(tmp_path, capsys):
    path = event(tmp_path)
    for k in range(6):
        cli(capsys, "player", "add", path, "--name", f"Early, {k}", "--rating", 2000 - 10 * k)
    paired_rounds(path, 2)
    _, err = cli(capsys, "player", "add", path, "--name", "Late, Zero")
    t = tabellone.read(path)
    assert [t.player(7).entry(r).result for r in (1, 2)] == ["Z", "Z"] and t.player(7).points == 0  # Art. 2.4
    _, err = cli(capsys, "player", "add", path, "--name", "Late, Half", "--missed", "half")
    assert "half-point byes" in err and "C.04.2 Art. 2.4" in err
    t = tabellone.read(path)
    assert [t.player(8).entry(r).result for r in (1, 2)] == ["H", "H"] and t.player(8).points == Fraction(1)
    assert run("pair", path, "--write") == 0  # both paired from round 3 on
    assert not tabellone.read(path).player(8).entry(3).is_empty


def test_the_event_rule_for_late_entries_is_set_once_at_new(tmp_path, capsys):
    path = event(tmp_path, "--late-entry-rounds", "half")
    for k in range(4):
        cli(capsys, "player", "add", path, "--name", f"Early, {k}", "--rating", 2000 - 10 * k)
    paired_rounds(path, 1)
    cli(capsys, "player", "add", path, "--name", "Late, Comer")
    assert tabellone.read(path).player(5).entry(1).result == "H"


def test_player_list_alphabetical_with_words_for_headers(tmp_path, capsys):
    path = event(tmp_path)
    for name, rating in (("Zeta, A", 2000), ("Alfa, B", 1900)):
        cli(capsys, "player", "add", path, "--name", name, "--rating", rating, "--title", "FM")
    out, _ = cli(capsys, "player", "list", path, "--alphabetical")
    assert out.index("Alfa, B") < out.index("Zeta, A") and "Rating" in out and "start_rank" not in out
