"""TRF26 team records 300 (line-ups out of the default order) and 801 (results board by
board): read, used, checked against the 802 lines and the players' 001 records, and
written back.

The fixture tests/fixtures/team-records-4x2.trf is made by hand: four teams of three
players (the third a reserve) on two boards (352 WB), two rounds. Round 1 plays in
roster order. Round 2: team 2 puts its reserve 6 on board 1 and 4 on board 2 (a 300
record), team 4 plays with board 2 empty (a 300 record with 0000), so player 8 of
team 3 wins that board by forfeit, written 0000 - + (TRF26, forfeited matches).
Worked by hand: round 1 1-3 1.5-0.5 (1 beats 7, 2-8 drawn), 4-2 0.5-1.5 (4 beats 10,
5-11 drawn); round 2 2-1 0.5-1.5 (6-1 drawn, 2 beats 4), 3-4 1-1 (10 beats 7, 8 wins by
forfeit). Match points 4, 2, 1, 1; game points 3, 2, 1.5, 1.5."""

from __future__ import annotations

from fractions import Fraction

import pytest
from testkit import FIXTURES, run_tabellone

import tabellone
from tabellone.core.errors import InputError
from tabellone.core.model import RoundEntry
from tabellone.formats.team_records import Lineup, parse_801, place_801
from tabellone.formats.team_trf import format_team_trf, parse_team_trf

FIXTURE = FIXTURES / "team-records-4x2.trf"
H = Fraction(1, 2)


def text() -> str:
    return FIXTURE.read_text()


def test_reads_the_line_ups_and_the_match_level():
    t = tabellone.read(FIXTURE)
    assert t.lineups == {(2, 2): Lineup(2, 2, 1, (6, 4)), (2, 4): Lineup(2, 4, 3, (10, 0))}
    e = {p.id: p.rounds for p in t.players}
    assert e[1] == (RoundEntry(3, "w", "1"), RoundEntry(2, "b", "1"))
    # round 2: team 2's first roster player (4) sat on board 2 with Black; the 300 line-up
    # puts 6 (White) on board 1, so team 2 had White
    assert e[2] == (RoundEntry(4, "b", "1"), RoundEntry(1, "w", "0"))
    assert e[3][1] == RoundEntry(4, "w", "=") and e[4][1] == RoundEntry(3, "b", "=")
    assert [t.match_points_before(k, 3) for k in (1, 2, 3, 4)] == [4, 2, 1, 1]
    assert [t.game_points_before(k, 3) for k in (1, 2, 3, 4)] == [3, 2, Fraction(3, 2), Fraction(3, 2)]


def test_without_802_the_players_records_give_the_same_match_level():
    # the forfeit win against an empty board (0000 - +) counts for team 3's game points,
    # and the 300 line-up gives team 2 its board-1 colour
    t = tabellone.read(FIXTURE)
    bare = parse_team_trf(
        "".join(line for line in text().splitlines(True) if not line.startswith(("802", "801"))), "bare.trf"
    )
    assert bare.players == t.players and dict(bare.game_points) == dict(t.game_points)
    assert bare.game_points[3] == (H, Fraction(1))


def test_round_trip_writes_the_same_300_and_801_lines():
    t = tabellone.read(FIXTURE)
    written = format_team_trf(t)
    for code in ("300", "801", "802", "310"):
        mine = [line for line in text().splitlines() if line.startswith(code)]
        assert [line for line in written.splitlines() if line.startswith(code)] == mine, code
    again = parse_team_trf(written, "again.trf")
    assert format_team_trf(again) == written and again.lineups == t.lineups


def test_801_words_and_rounds_by_column():
    # a bye word in the results' place; a forfeited match without a line-up; a round left
    # blank in the middle keeps round 3 in place
    # 16 columns a round (two-digit team numbers, four boards), as the TRF26 example file
    a = parse_801("801  7 USA    9   17.5" + "  19 w ===0 1234" + "       HHHH     " + " " * 16 + "  25 b ----", 1, "x")
    b = parse_801("801  8 GER   19   35.0" + "  20 b 10=1 1234" + "  19 b 010= 1235" + "       FFFF", 2, "x")
    rows = place_801([a, b], "x")
    assert sorted(rows[0].rounds) == [1, 2, 4] and rows[0].rounds[2].bye == "H"
    assert rows[0].rounds[4].opponent == 25 and rows[0].rounds[4].lineup == "" and rows[0].rounds[4].results == "----"
    assert [rows[1].rounds[r].lineup for r in (1, 2)] == ["1234", "1235"] and rows[1].rounds[3].bye == "F"


@pytest.mark.parametrize(
    "old,new,message,field",
    [
        # a board result the players' records contradict (board 2 of team 1 in round 1 was drawn)
        (
            "801  1 ALFA   4.0  3.0   3 w 1= 12",
            "801  1 ALFA   4.0  3.0   3 w 11 12",
            "board results 11, the players' records give 1=",
            "801 round 1 (results)",
        ),
        # the line-up: team 2 put its reserve (place 3) on board 1 in round 2, not player 5
        ("1 w =0 31", "1 w =0 21", "line-up 21 puts players 5 4", "801 round 2 (line-up)"),
        (
            "801  3 GAMMA  1.0  1.5",
            "801  3 GAMMA  2.0  1.5",
            "2.0 match points, the results give 1.0",
            "801 match points",
        ),
        (
            "801  4 DELTA  1.0  1.5   2 w 0= 12   3 b 1- 10",
            "801  4 DELTA  1.0  1.5   2 w 0= 12       ZZ",
            "bye ZZ in round 2",
            "801 round 2",
        ),
        ("801  4 DELTA  1.0  1.5   2 w", "801  4 DELTA  1.0  1.5   1 w", "meets 1 with 'w' in round 1", "801 round 1"),
        ("801  2 BETA ", "801  9 BETA ", "team 9 has no team record", "801 team pairing number"),
        (
            "   2 w 0= 12   3 b 1- 10",
            "   2 w 0= 12   3 b 1- 1?",
            "expected one character per board",
            "801 line-up at column 45",
        ),
        (
            "   2 w 0= 12   3 b 1- 10",
            "   2 w 0= 12   3 b 1- 103",
            "line-up 103 has 3 places, the event has 2 boards",
            "801 round 2 (line-up)",
        ),
        # 300: a player of another team; the wrong opponent; a line-up the games contradict
        (
            "300   2   2   1    6    4",
            "300   2   2   1    6    7",
            "player 7 is not in team 2's roster",
            "300 board 2, columns 22-25",
        ),
        (
            "300   2   2   1    6    4",
            "300   2   2   3    6    4",
            "team 2 meets team 1 in round 2, not team 3",
            "300 scheduled opponent, columns 13-15",
        ),
        ("300   2   2   1    6    4", "300   2   2   1    4    6", "player 1 on that board", "round 2"),
        (
            "300   2   2   1    6    4",
            "300   2   2   1    6    6",
            "player 6 is on two boards",
            "300 board 2, columns 22-25",
        ),
        # 802 against the players' records
        ("802   4 DELTA    1.0    1.5   2 w  0.5", "802   4 DELTA    1.0    1.5   2 w  1.0", None, None),
    ],
)
def test_contradictions_are_one_clear_line(old, new, message, field):
    src = text()
    assert old in src
    bad = src.replace(old, new, 1)
    with pytest.raises(InputError) as err:
        parse_team_trf(bad, "bad.trf")
    assert err.value.source == "bad.trf" and err.value.line is not None
    if message is not None:
        assert message in str(err.value) and err.value.field == field
    else:  # 802 says team 4 drew 1-1 in round 1 where team 2's 802 line and the 001s say 0.5-1.5
        assert err.value.field.startswith("802 round 1")


def test_802_and_the_players_records_must_agree():
    # the two 802 lines of the 4-2 match agree with each other (4 lost 0.5-1.5) but the
    # players' records say board 1 was a win for 10 (so 1.5-0.5 for team 4)
    src = (
        text()
        .replace("   4 w 0     7 b 1", "   4 w 1     7 b 1", 1)
        .replace("  10 b 1     2 b 0", "  10 b 0     2 b 0", 1)
    )
    with pytest.raises(InputError, match="its players' records") as err:
        parse_team_trf(src, "x.trf")
    assert err.value.field == "802 round 1"


def test_013_is_ignored_when_310_records_exist():
    src = text() + "013 Old Name                          1    2    3\n"
    t = parse_team_trf(src, "both.trf")
    assert [team.name for team in t.teams][0] == "Circolo Alfa"


def test_cli_reads_and_checks(tmp_path):
    r = run_tabellone("standings", FIXTURE)
    assert r.returncode == 0, r.stderr
    bad = tmp_path / "bad.trf"
    bad.write_text(text().replace("1 w =0 31", "1 w =0 21", 1))
    r = run_tabellone("standings", bad)
    assert r.returncode == 3 and r.stderr.count("\n") == 1 and "bad.trf" in r.stderr and "801 round 2" in r.stderr


def only_801() -> str:
    """The fixture with no 802 and no 300 lines and the players' rounds cut off: its 801
    lines are its only round records."""
    out = []
    for line in text().splitlines():
        if line.startswith(("802", "300")):
            continue
        out.append(line[:90].rstrip() if line.startswith("001") else line)
    return "\n".join(out) + "\n"


def test_801_lines_alone_give_the_match_level():
    full = tabellone.read(FIXTURE)
    t = parse_team_trf(only_801(), "only801.trf")
    assert t.players == full.players and dict(t.game_points) == dict(full.game_points)
    written = format_team_trf(t)
    # the 801 lines are written back as read (no board records to rebuild them from)
    assert [x for x in written.splitlines() if x.startswith("801")] == [
        x for x in text().splitlines() if x.startswith("801")
    ]
    assert format_team_trf(parse_team_trf(written, "again.trf")) == written


def test_801_lines_alone_must_name_each_other():
    bad = only_801().replace("801  4 DELTA  1.0  1.5   2 w", "801  4 DELTA  1.0  1.5   1 w", 1)
    # team 2's line (read first) names 4, whose line now names 1
    with pytest.raises(
        InputError, match="team 2 meets 4 with 'b' in round 1, but team 4's 801 line does not name it"
    ) as err:
        parse_team_trf(bad, "x.trf")
    assert err.value.field == "801 round 1" and err.value.line is not None


def test_a_forfeited_match_whose_opponent_only_802_names():
    # round 2, 3-4 forfeited by team 4: its players have no entry, team 3's players are
    # written 0000 - + (TRF26, forfeited matches) and there is no 330 record
    src = "".join(line for line in text().splitlines(True) if not line.startswith(("801", "300   2   4")))
    for old, new in (
        ("  10 w 0", "0000 - +"),
        ("   7 b 1", "        "),
        ("802   3 GAMMA    1.0    1.5   1 b  0.5     4 w  1.0", "802   3 GAMMA    2.0    2.5   1 b  0.5     4 w  2.0f"),
        ("802   4 DELTA    1.0    1.5   2 w  0.5     3 b  1.0", "802   4 DELTA    0.0    0.5   2 w  0.5     3 b  0.0f"),
    ):
        assert old in src
        src = src.replace(old, new, 1)
    t = parse_team_trf(src, "forfeit.trf")
    assert t.player(3).entry(2) == RoundEntry(4, "w", "+") and t.player(4).entry(2) == RoundEntry(3, "b", "-")
    assert t.match_points_before(3, 3) == 2 and t.game_points_in(3, 2) == 2
    # without the 802 lines the players' records still give team 3 its forfeit win
    bare = parse_team_trf("".join(line for line in src.splitlines(True) if not line.startswith("802")), "bare.trf")
    assert bare.player(3).entry(2) == RoundEntry(None, None, "+") and bare.match_points_before(3, 3) == 2


def test_801_of_teams_without_a_nickname():
    # the nickname field (columns 42-46 of 310) is empty: the 801 line keeps its place blank
    src = "".join(
        (line[:41] + "     " + line[46:]) if line.startswith("310") else line
        for line in text().splitlines(True)
        if not line.startswith(("801", "802"))
    )
    t = parse_team_trf(src, "nonick.trf")
    written = format_team_trf(t)
    assert "801  2        2.0  2.0   4 b 1= 12   1 w =0 31" in written
    again = parse_team_trf(written, "again.trf")
    assert again.players == t.players and format_team_trf(again) == written
