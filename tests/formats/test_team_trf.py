"""TRF26 team records (310, 013, 320, 330, 352, 362, 802): reading a team event, the
match level derived from the players' records, writing it back, one-line errors; and the
command line on a team event. The fixture tests/fixtures/team-swiss-5x2.trf is made by
hand: five teams of two boards, two rounds, the bye to team 5 then team 4, one game won
by forfeit inside a played match (round 2, board 1 of 3-5)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from testkit import FIXTURES
from testkit import run_tabellone as run

import tabellone
from tabellone.core.errors import InputError
from tabellone.core.model import RoundEntry
from tabellone.core.team import TeamTournament
from tabellone.formats.team_trf import format_team_trf, parse_team_trf, team_options

FIXTURE = FIXTURES / "team-swiss-5x2.trf"
H = Fraction(1, 2)


def fixture_text() -> str:
    return FIXTURE.read_text()


def test_reads_the_match_level_from_the_players_records():
    t = tabellone.read(FIXTURE)
    assert isinstance(t, TeamTournament)
    assert [team.roster for team in t.teams] == [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]
    assert t.board_colours == "WB" and t.preferences == "A" and t.primary == "MP"
    e = {p.id: p.rounds for p in t.players}
    assert e[1] == (RoundEntry(3, "w", "1"), RoundEntry(2, "b", "1"))
    assert e[2] == (RoundEntry(4, "w", "="), RoundEntry(1, "w", "0"))
    # round 2: 3-5 drawn 1-1, a forfeit on board 1 and a game on board 2: a played match
    assert e[3] == (RoundEntry(1, "b", "0"), RoundEntry(5, "w", "="))
    assert e[4] == (RoundEntry(2, "b", "="), RoundEntry(None, None, "U"))
    assert e[5] == (RoundEntry(None, None, "U"), RoundEntry(3, "b", "="))
    assert [t.match_points_before(k, 3) for k in range(1, 6)] == [4, 1, 1, 2, 2]
    assert [t.game_points_before(k, 3) for k in range(1, 6)] == [3, Fraction(3, 2), Fraction(3, 2), 2, 2]
    assert t.pab_points == (1, 1)


def test_round_trip_and_the_802_lines_agree_with_the_players():
    t = tabellone.read(FIXTURE)
    text = format_team_trf(t)
    again = parse_team_trf(text, "written")
    assert format_team_trf(again) == text
    assert again.players == t.players and dict(again.game_points) == dict(t.game_points) and again.teams == t.teams
    # without its 802 lines the written file derives the same match level from the 001s
    derived = parse_team_trf("\n".join(line for line in text.splitlines() if not line.startswith("802")), "no 802")
    assert derived.players == t.players and dict(derived.game_points) == dict(t.game_points)
    # columns 29-31 opponent, 33 colour, 35-38 game points, 39 forfeit mark; every 13 columns
    assert "802   1 ALFA     4.0    3.0   3 w  1.5     2 b  1.5" in text


def test_pairs_round_3_as_worked_by_hand():
    # 3.4: teams 4 and 5 had the bye ([C2]); 2 and 3 have the lowest score and two
    # matches each: the larger TPN, 3. Top-scoregroup {1}: of {4, 5}, 3.5.4 takes 4 ([C6]
    # holds: 5 can meet 2). 4.3.5: 1 (CD 0) and 4 (CD -1): 4 White. 5-2: only 2 has a
    # preference (Black: CD +2), 4.3.2.
    p = tabellone.pair(tabellone.read(FIXTURE), "team-swiss")
    assert p.round == 3 and p.pairs == [(4, 1), (5, 2)] and p.bye == 3
    assert tabellone.pair(tabellone.read(FIXTURE), "team-swiss", method="optimised").pairs == p.pairs


def test_192_codes_of_the_team_family():
    assert team_options("FIDE_TEAM") == ("A", "MP", True, False)
    assert team_options("FIDE_TEAM_TYPEB_GP_MP") == ("B", "GP", True, False)
    assert team_options("FIDE_TEAM_MP_BAKU") == ("none", "MP", False, True)
    assert team_options("FIDE_TEAM_TYPEA_GP") == ("A", "GP", False, False)


def test_013_records_number_the_teams_in_their_order():
    # the older record: name in columns 5-36, players from 37; the TPN is its place
    lines = []
    for line in fixture_text().splitlines():
        if line.startswith("310"):
            roster = line[73:].split()
            line = f"013 {line[8:40]}" + " ".join(f"{int(p):4d}" for p in roster)
        lines.append(line)
    legacy = parse_team_trf("\n".join(lines) + "\n", "legacy.trf")
    t = tabellone.read(FIXTURE)
    # (013 declares no points: only the rounds are compared)
    assert [p.rounds for p in legacy.players] == [p.rounds for p in t.players]
    assert [x.roster for x in legacy.teams] == [x.roster for x in t.teams]
    assert legacy.teams[0].name == "Circolo Scacchi Alfa"
    # a player in no team's roster
    lines = [line for line in lines if not line.startswith("013 Epsilon")]
    with pytest.raises(InputError, match="in no team's roster") as err:
        parse_team_trf("\n".join(lines) + "\n", "legacy.trf")
    assert err.value.field == "round 2"


@pytest.mark.parametrize(
    "old,new,message,field",
    [
        (
            "310   2 Societa Beta",
            "310  x2 Societa Beta",
            "expected a whole number",
            "310 team pairing number, columns 5-7",
        ),
        ("320  1.0  1.0 005 004", "320  1.0  1.0 009 004", "team 9 has no team record", "320 PAB team of round 1"),
        ("320  1.0  1.0 005 004", "320  1.x  1.0 005 004", "expected a number", "320 PAB match points, columns 5-8"),
        ("352 WB", "352 WX", "expected W and B", "352 board colours"),
        ("        3    4\n", "        3   11\n", "player 11 of team 2 has no player record", "310 players"),
    ],
)
def test_bad_team_records_are_one_clear_line(old, new, message, field):
    text = fixture_text()
    assert old in text
    with pytest.raises(InputError, match=message) as err:
        parse_team_trf(text.replace(old, new, 1), "bad.trf")
    assert err.value.field == field and err.value.source == "bad.trf" and err.value.line is not None


def test_a_tab_character_is_one_line_naming_its_column():
    # TRF columns are padded with blanks: a tab would shift every column after it
    text = fixture_text()
    line = text.splitlines().index("352 WB") + 1
    with pytest.raises(InputError, match="found a tab character") as err:
        parse_team_trf(text.replace("352 WB", "352\tWB", 1), "tab.trf")
    assert (err.value.source, err.value.line, err.value.field) == ("tab.trf", line, "column 4")


def test_players_of_one_team_meeting_two_teams():
    # round 1 swapped to 2-8 and 4-6: team 1's players meet teams 3 and 4
    text = fixture_text()
    for old, new in (
        ("6 b =     4 w 1", "8 b =     4 w 1"),
        ("4 w 0\n", "2 w =\n"),
        ("8 b 1     2 b 0", "6 b 1     2 b 0"),
        ("2 w =    10 b 0", "4 w 0    10 b 0"),
    ):
        assert old in text
        text = text.replace(old, new, 1)
    with pytest.raises(InputError, match="a team meets one team") as err:
        parse_team_trf(text, "two.trf")
    assert err.value.line == 8 and err.value.field == "round 1"


def test_802_that_does_not_point_back():
    t = tabellone.read(FIXTURE)
    text = format_team_trf(t)
    assert "802   2 BETA     1.0    1.5   4 w" in text
    text = text.replace("802   2 BETA     1.0    1.5   4 w", "802   2 BETA     1.0    1.5   5 w", 1)
    with pytest.raises(InputError, match="does not name") as err:
        parse_team_trf(text, "x.trf")
    assert err.value.field == "802 round 1"


def test_cli_pair_check_explain_standings(tmp_path):
    r = run("pair", str(FIXTURE))
    assert r.returncode == 0, r.stderr
    assert "Swiss Team Pairing System" in r.stdout
    r = run("pair", "--system", "team-swiss", str(FIXTURE), "--format", "bbp")
    assert r.stdout.split() == ["3", "4", "1", "5", "2", "3", "0"]
    # the fixture's rounds were paired by hand, not by the rules: round 1 gave team 2
    # White against 4, where 4.3.1 (first-team 2, even TPN, initial colour White) gives
    # 4 White; round 2 gave the bye to 4 (1 match point) instead of 3 (none, 3.4.2)
    r = run("check", "--system", "team-swiss", str(FIXTURE))
    assert r.returncode == 1
    assert (
        "Art. 4.3.1 gives White to 4" in r.stdout
        and "bye given to 4 (Delta Scacchi), the rules give it to 3 (Club Gamma)" in r.stdout
    )
    r = run("explain", str(FIXTURE), "--pair", "1", "5")
    assert (
        r.returncode == 0
        and "the rules do not pair them: 1 meets 4 (Delta Scacchi), 5 meets 2 (Societa Beta)" in r.stdout
    )
    r = run("standings", str(FIXTURE))
    rows = [line.split() for line in r.stdout.splitlines()[4:]]
    # match points, then game points; 4 and 5 level on both and on BH; 2 and 3 likewise
    assert [(row[0], row[1]) for row in rows] == [("1", "1"), ("2=", "4"), ("2=", "5"), ("4=", "2"), ("4=", "3")]
    # BH of team 1: its opponents 3 and 2 have one match point each
    assert rows[0][-3:-1] == ["1.0", "2.0"]


def test_cli_generate_teams(tmp_path):
    out = tmp_path / "g.trf"
    r = run(
        "generate",
        "--system",
        "team-swiss",
        "--teams",
        "11",
        "--boards",
        "3",
        "--rounds",
        "4",
        "--seed",
        "5",
        "-o",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    t = tabellone.read(out)
    assert len(t.teams) == 11 and all(len(team.roster) == 3 for team in t.teams) and t.rounds_paired == 4
    assert tabellone.check(t, "team-swiss").ok
    r = run("generate", "--teams", "0", "--rounds", "4", "--seed", "5", "-o", str(tmp_path / "h.trf"))
    assert r.returncode == 3 and r.stderr.count("\n") == 1 and "--teams" in r.stderr


def test_cli_bad_team_file_exit_3(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text(fixture_text().replace("320  1.0  1.0 005 004", "320  1.0  1.0 009 004"))
    r = run("pair", str(bad))
    assert r.returncode == 3 and r.stderr.count("\n") == 1 and "bad.trf" in r.stderr and "320" in r.stderr


def test_013_naming_some_players_leaves_an_individual_event():
    # TRF16's 013 lists teams for prizes in individual events too (JaVaFo's manual's
    # example names two players of fifty): only rosters holding every player, a
    # TRF26 team-event record or a FIDE_TEAM code make a team event
    from tabellone.formats.team_trf import is_team_file

    individual = (FIXTURES / "team-swiss-5x2.trf").read_text()
    players = [line for line in individual.splitlines() if line.startswith("001")]
    head = "012 Individual open\n" + "\n".join(players) + "\n"
    assert not is_team_file(head + "013 Club                             1    2\n")
    everyone = " ".join(f"{int(line[4:8]):4d}" for line in players)
    assert is_team_file(head + f"013 Club                            {everyone}\n")
    assert is_team_file(head + "192 FIDE_TEAM_TYPEB\n013 Club                             1    2\n")
    assert is_team_file(individual)
