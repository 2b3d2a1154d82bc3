"""Editing a team event in place: ``pair EVENT --write`` records the round at both levels
(the teams' matches and the players' boards), ``result`` enters board results and the
matches follow; every write keeps the previous file as a numbered backup.

Expectations worked by hand on tests/fixtures/team-swiss-5x2.trf (five teams of two,
352 WB): round 3 pairs 4-1 and 5-2 with the bye to 3 (worked in test_team_trf.py). So
on board 1 of 4-1 player 7 (team 4) has White against 1, on board 2 player 2 (team 1)
has White against 8; in 5-2 player 9 has White against 3 and 4 White against 10."""

from __future__ import annotations

import shutil
from fractions import Fraction

import pytest
from testkit import FIXTURES
from testkit import run_tabellone as run

import tabellone
from tabellone.core.errors import InputError
from tabellone.core.model import RoundEntry
from tabellone.event import pair_and_record, read_event, record_results

FIXTURE = FIXTURES / "team-swiss-5x2.trf"
H = Fraction(1, 2)


@pytest.fixture
def event(tmp_path):
    path = tmp_path / "event.trf"
    shutil.copy(FIXTURE, path)
    return path


def test_pair_write_records_matches_and_boards(event):
    r = run("pair", str(event), "--write")
    assert r.returncode == 0, r.stderr
    assert (event.parent / "event.trf.~1~").read_text() == FIXTURE.read_text()
    t = tabellone.read(event)
    e = {p.id: p.entry(3) for p in t.players}
    assert e[4] == RoundEntry(1, "w", " ") and e[1] == RoundEntry(4, "b", " ")
    assert e[5] == RoundEntry(2, "w", " ") and e[3] == RoundEntry(None, None, "U")
    b = {p.id: p.entry(3) for p in t.boards.players}
    assert b[7] == RoundEntry(1, "w", " ") and b[1] == RoundEntry(7, "b", " ")
    assert b[2] == RoundEntry(8, "w", " ") and b[8] == RoundEntry(2, "b", " ")
    assert b[9] == RoundEntry(3, "w", " ") and b[4] == RoundEntry(10, "w", " ")
    assert b[5].is_empty and b[6].is_empty  # the bye team's players have no game
    assert "320  1.0  1.0 005 004 003" in event.read_text()
    # the next round waits for the results
    r = run("pair", str(event), "--write")
    assert r.returncode == 3 and r.stderr.count("\n") == 1 and "round 3 has matches without results" in r.stderr


def test_results_complete_the_matches(event):
    assert run("pair", str(event), "--write").returncode == 0
    r = run("result", str(event), "7", "1", "1-0")
    assert r.returncode == 0 and "3 boards still without a result" in r.stdout
    t = tabellone.read(event)
    assert t.player(4).entry(3).pending and t.game_points_in(4, 3) == 0
    # the boards the other way round (BLACK WHITE) are turned round, as for players
    r = run("result", str(event), "8", "2", "=", "3", "9", "1-0", "4", "10", "1-0")
    assert r.returncode == 0 and "the round is complete" in r.stdout
    t = tabellone.read(event)
    # 4-1: 7 beat 1, 2-8 drawn: 1.5-0.5; 5-2: 3 and 4 won: 0-2
    assert t.player(4).entry(3) == RoundEntry(1, "w", "1") and t.player(1).entry(3) == RoundEntry(4, "b", "0")
    assert t.player(2).entry(3) == RoundEntry(5, "b", "1")
    assert [t.game_points_in(k, 3) for k in (1, 2, 3, 4, 5)] == [H, 2, 1, Fraction(3, 2), 0]
    assert [t.match_points_before(k, 4) for k in (1, 2, 3, 4, 5)] == [4, 3, 2, 4, 2]
    # what was written reads back the same (its 801/802 lines agree with the boards)
    assert "801  4 DELTA  4.0  3.5   2 b 10 12       UU      1 w 1= 12" in event.read_text()


def test_a_match_forfeited_on_every_board(event):
    t, _ = pair_and_record(read_event(event, teams=True).tournament)
    t = record_results(t, 3, [(7, 1, "+-"), (2, 8, "-+"), (9, 3, "1-0"), (4, 10, "=")])
    assert t.player(4).entry(3) == RoundEntry(1, "w", "+") and t.player(1).entry(3) == RoundEntry(4, "b", "-")
    assert t.game_points_in(4, 3) == 2 and t.match_points_before(4, 4) == 4
    from tabellone.formats.team_trf import format_team_trf

    assert "   1 w  2.0f" in format_team_trf(t)


def test_an_empty_board_is_won_by_forfeit(tmp_path):
    # team 2 has one player for two boards: its board 2 is empty
    path = tmp_path / "small.trf"
    path.write_text(
        "012 Two teams\n142 1\n152 W\n192 FIDE_TEAM\n352 WB\n"
        "001    1      Uno, Anna                         2200\n"
        "001    2      Due, Bea                          2100\n"
        "001    3      Tre, Carlo                        2150\n"
        + f"{'310   1 Prima':<41}PRI".ljust(73)
        + "   1    2\n"
        + f"{'310   2 Seconda':<41}SEC".ljust(73)
        + "   3\n"
    )
    assert run("pair", str(path), "--write").returncode == 0
    t = tabellone.read(path)
    assert t.boards.player(2).entry(1) == RoundEntry(None, None, "+")
    white = 1 if t.player(1).entry(1).colour == "w" else 3
    r = run("result", str(path), str(white), str(4 - white), "=")
    assert r.returncode == 0, r.stderr
    t = tabellone.read(path)
    assert t.game_points_in(1, 1) == Fraction(3, 2) and t.game_points_in(2, 1) == H
    assert t.player(1).entry(1).result == "1" and t.player(2).entry(1).result == "0"


def test_player_registration_refuses_team_events(event):
    r = run("player", "add", str(event), "--name", "Nuovo, Nino")
    assert r.returncode == 3 and r.stderr.count("\n") == 1 and "does not edit team events" in r.stderr
    assert event.read_text() == FIXTURE.read_text()


def test_team_byes_and_withdrawals(event):
    # a half-point bye for team 3 in round 3 (240 H): not paired, 1 match point (a drawn
    # match, 362) and half the boards' points; team 5 leaves from round 4 (240 Z)
    r = run("bye", str(event), "3", "--round", "3", "--half")
    assert r.returncode == 0 and "team 3 Club Gamma: half-point bye in round 3" in r.stdout
    assert run("withdraw", str(event), "5", "--from-round", "4").returncode == 0
    assert "240 H 003    3" in event.read_text() and "240 Z 004    5" in event.read_text()
    assert run("pair", str(event), "--write").returncode == 0
    t = tabellone.read(event)
    assert t.player(3).entry(3) == RoundEntry(None, None, "H") and all(p.entry(3).result != "U" for p in t.players)
    assert t.match_points_before(3, 4) == 2 and t.game_points_in(3, 3) == 1
    assert [t.boards.player(pid).entry(3) for pid in (5, 6)] == [RoundEntry(None, None, "H")] * 2
    assert "240 H" not in event.read_text() and "240 Z 004    5" in event.read_text()


def test_unknown_board_is_one_line(event):
    assert run("pair", str(event), "--write").returncode == 0
    before = event.read_text()
    r = run("result", str(event), "1", "2", "1-0")
    assert r.returncode == 3 and r.stderr.count("\n") == 1 and "do not play each other in round 3" in r.stderr
    assert event.read_text() == before
    with pytest.raises(InputError, match="round 4 is not paired"):
        record_results(read_event(event, teams=True).tournament, 4, [(7, 1, "1-0")])


RECORDS = FIXTURES / "team-records-4x2.trf"


def test_lineup_seats_the_match_again(tmp_path):
    # tests/fixtures/team-records-4x2.trf: round 3 pairs 1-4 (team 1 White on board 1,
    # 352 WB); team 1 then lines up its reserve 3 on board 1 and 1 on board 2
    path = tmp_path / "records.trf"
    shutil.copy(RECORDS, path)
    r = run("pair", str(path), "--write")
    assert r.returncode == 0, r.stderr
    t = tabellone.read(path)
    assert t.player(1).entry(3) == RoundEntry(4, "w", " ")
    r = run("lineup", str(path), "1", "3", "1")
    assert r.returncode == 0, r.stderr
    t = tabellone.read(path)
    b = {p.id: p.entry(3) for p in t.boards.players}
    assert b[3] == RoundEntry(10, "w", " ") and b[10] == RoundEntry(3, "b", " ")
    assert b[1] == RoundEntry(11, "b", " ") and b[11] == RoundEntry(1, "w", " ") and b[2].is_empty
    assert "300   3   1   4    3    1" in path.read_text()
    # back to the roster's order: no 300 record needed any more
    assert run("lineup", str(path), "1", "1", "2").returncode == 0
    assert "300   3" not in path.read_text()
    assert tabellone.read(path).boards.player(2).entry(3) == RoundEntry(11, "b", " ")  # board 2: Black for team 1
    # bad line-ups, and a line-up after the games began: one line, file unchanged
    before = path.read_text()
    for args, message in (
        ((path, "1", "3", "7"), "player 7 is not in team 1's roster"),
        ((path, "1", "3"), "1 players for 2 boards"),
        ((path, "1", "3", "3"), "a player is on two boards"),
        ((path, "9", "1", "2"), "no team has pairing number 9"),
    ):
        r = run("lineup", *map(str, args))
        assert r.returncode == 3 and r.stderr.count("\n") == 1 and message in r.stderr, (args, r.stderr)
    assert path.read_text() == before
    assert run("result", str(path), "10", "1", "1-0").returncode == 0
    r = run("lineup", str(path), "1", "3", "1")
    assert r.returncode == 3 and "has board results already" in r.stderr
