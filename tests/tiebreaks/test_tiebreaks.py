"""FIDE C.07 tie-breaks on a small event worked out by hand.

Six players, three rounds (W = White, B = Black)::

    no rating  round 1        round 2              round 3        points
    1  2000    4  W  1        6  B  1              2  W  =        2.5
    2  1900    5  W  =        4  B  1              1  B  =        2.0
    3  1800    6  W  0        5  B  -  (forfeit)   half-point bye 0.5
    4  1700    1  B  0        2  W  0              6  W  1        1.0
    5  1600    2  B  =        3  W  +  (forfeit)   absent (Z)     1.5
    6  unrated 3  B  1        1  W  0              4  B  0        1.0

Adjusted scores as opponents (Art. 16.3; unplayed rounds without opponent after the last
round played or won count as draws): 1: 2.5, 2: 2.0, 3: 0.5 (round 3 half bye counted as
a draw: 0.5), 4: 1.0, 5: 1.5 - 0 + 0.5 = 2.0 (the absence of round 3 counts as a draw),
6: 1.0.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from testkit import FIXTURES

from tabellone.core.errors import InputError
from tabellone.core.model import Player, RoundEntry, Tournament
from tabellone.tiebreaks import compute, dp, parse_code, parse_codes, ranking

E = RoundEntry


def hand_event() -> Tournament:
    rounds = {
        1: (E(4, "w", "1"), E(6, "b", "1"), E(2, "w", "=")),
        2: (E(5, "w", "="), E(4, "b", "1"), E(1, "b", "=")),
        3: (E(6, "w", "0"), E(5, "b", "-"), E(None, None, "H")),
        4: (E(1, "b", "0"), E(2, "w", "0"), E(6, "w", "1")),
        5: (E(2, "b", "="), E(3, "w", "+"), E(None, None, "Z")),
        6: (E(3, "b", "1"), E(1, "w", "0"), E(4, "b", "0")),
    }
    ratings = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 0}
    players = tuple(Player(id=i, name=f"P{i}", rating=ratings[i], rounds=rounds[i]) for i in range(1, 7))
    return Tournament(players=players, total_rounds=3)


ALL = parse_codes(["BH,BH/C1,BH/M1,SB,SB/C1,WIN,WON,BPG,BWG,PS,PS/C1,ARO,ARO/C1,TPR,APRO"])


def values(edition: str) -> dict[int, dict[str, object]]:
    parts = compute(hand_event(), ALL, edition)
    return {pid: part.values for pid, part in parts.items()}


def test_points_and_counts():
    v = values("2026")
    parts = compute(hand_event(), ALL, "2026")
    assert [parts[i].points for i in range(1, 7)] == [F(5, 2), 2, F(1, 2), 1, F(3, 2), 1]
    # WIN counts the forfeit win of 5; WON only games won over the board (Art. 7.1, 7.2)
    assert [v[i]["WIN"] for i in range(1, 7)] == [2, 1, 0, 1, 1, 1]
    assert [v[i]["WON"] for i in range(1, 7)] == [2, 1, 0, 1, 0, 1]
    # games played with Black; the forfeit of round 2 is not a game (Art. 7.3, 7.4)
    assert [v[i]["BPG"] for i in range(1, 7)] == [1, 2, 0, 1, 1, 2]
    assert [v[i]["BWG"] for i in range(1, 7)] == [1, 1, 0, 0, 0, 1]
    # progressive score: 1: 1 + 2 + 2.5; 2: 0.5 + 1.5 + 2; 5: 0.5 + 1.5 + 1.5 (Art. 7.5)
    assert [v[i]["PS"] for i in range(1, 7)] == [F(11, 2), 4, F(1, 2), 1, F(7, 2), 3]
    assert v[1]["PS/C1"] == F(9, 2)  # the first round's running score (1) left out


def test_buchholz_2026_dummy_opponent_capped():
    v = values("2026")
    # 1: opponents 4, 6, 2 -> 1 + 1 + 2 = 4; cut 1 drops 1.0
    assert (v[1]["BH"], v[1]["BH/C1"]) == (4, 3)
    # 2: opponents 5 (adjusted 2.0), 4, 1 -> 2 + 1 + 2.5 = 5.5; cut 1 -> 4.5
    assert (v[2]["BH"], v[2]["BH/C1"]) == (F(11, 2), F(9, 2))
    # 3: 6 played (1.0); forfeit loss: dummy = own 0.5 (cap: 5's 2.0); half bye: dummy 0.5
    # (cap 1.5) -> 2.0; cut 1 drops a voluntary unplayed round first (0.5) -> 1.5;
    # median 1 drops that 0.5 and the highest (1.0) -> 0.5
    assert (v[3]["BH"], v[3]["BH/C1"], v[3]["BH/M1"]) == (2, F(3, 2), F(1, 2))
    # 5: 2 played (2.0); forfeit win: dummy own 1.5 capped by 3's 0.5 (16.4.1) -> 0.5;
    # absence: dummy 1.5, cap half the maximum 1.5 (16.4.2) -> 1.5; total 4.0;
    # cut 1 drops the absence first -> 2.5
    assert (v[5]["BH"], v[5]["BH/C1"]) == (4, F(5, 2))
    assert (v[6]["BH"], v[6]["BH/C1"]) == (4, F(7, 2))  # 0.5 + 2.5 + 1.0


def test_buchholz_2024_dummy_opponent_uncapped():
    v = values("2024")
    # 5: 2.0 + 1.5 (forfeit win: dummy with his own 1.5) + 1.5 = 5.0; cut 1 -> 3.5
    assert (v[5]["BH"], v[5]["BH/C1"]) == (5, F(7, 2))
    assert v[5]["SB"] == F(5, 2)  # 2.0 x 0.5 + 1.5 x 1 + 1.5 x 0
    assert v[1]["BH"] == 4  # nothing unplayed: both editions agree


def test_sonneborn_berger_2026():
    v = values("2026")
    # 1: 1.0 x 1 + 1.0 x 1 + 2.0 x 0.5 = 3; 2: 2.0 x .5 + 1.0 x 1 + 2.5 x .5 = 3.25
    # 3: 1.0 x 0 + 0.5 x 0 + 0.5 x 0.5 = 0.25; 5: 2.0 x .5 + 0.5 x 1 + 1.5 x 0 = 1.5
    assert [v[i]["SB"] for i in range(1, 7)] == [3, F(13, 4), F(1, 4), 1, F(3, 2), F(1, 2)]


def test_cut_takes_a_vur_only_when_it_is_worth_no_less():
    """Art. 16.5.1: a low cut removes a voluntary unplayed round instead of the least
    significant value only when the VUR's contribution is not lower."""
    v26, v24 = values("2026"), values("2024")
    # 5 (2026), SB items: 2 drawn (score 2.0, 1.0), forfeit win (dummy 0.5, 0.5), the
    # absence (VUR, dummy 1.5, x 0 = 0). The least significant value is the forfeit
    # win's (lowest score); the VUR is worth less (0 < 0.5), so the cut takes the
    # forfeit win: 1.5 - 0.5 = 1.0
    assert (v26[5]["SB"], v26[5]["SB/C1"]) == (F(3, 2), 1)
    # in Buchholz the VUR (1.5) is worth more than the least (0.5): it is cut
    assert v26[5]["BH/C1"] == F(5, 2)
    # 2024: the forfeit win's dummy is 5's own 1.5 (no cap), so the absence (score 1.5,
    # value 0) is itself the least significant value: 2.5 - 0 = 2.5
    assert (v24[5]["SB"], v24[5]["SB/C1"]) == (F(5, 2), F(5, 2))


def test_rating_based_dropped_with_an_unrated_player():
    """C.07 Art. 10: 6 is unrated and the event gives unrated players no rating, so
    ARO, TPR and APRO are dropped: no participant has a value."""
    v = values("2026")
    assert all(v[i][c] is None for i in range(1, 7) for c in ("ARO", "ARO/C1", "TPR", "APRO"))


def test_rating_based():
    # the event's rules count an unrated player as 1500 (Art. 10)
    parts = compute(hand_event(), ALL, "2026", unrated=1500)
    v = {pid: part.values for pid, part in parts.items()}
    # ARO over the games played: 1: (1700 + 1500 + 1900) / 3 = 1700; 2: 5300 / 3 =
    # 1766.7 -> 1767; 3 played only 6; 5's forfeit is no game
    assert [v[i]["ARO"] for i in range(1, 7)] == [1700, 1767, 1500, 1800, 1900, 1833]
    # ARO/C1 drops the lowest-rated opponent: 1 drops 1500, 2 drops 1600
    assert (v[1]["ARO/C1"], v[2]["ARO/C1"]) == (1800, 1850)
    # TPR = ARO + dp(p): 1: 2.5/3 = 83% -> +273; 2: 67% -> +125; 3: 0% -> -800;
    # 4: 33% -> -125; 5: 50% -> 0; 6: 33% -> -125
    assert [v[i]["TPR"] for i in range(1, 7)] == [1973, 1892, 700, 1675, 1900, 1708]
    # APRO: 1: (1675 + 1708 + 1892) / 3 = 1758.3; 6: (700 + 1973 + 1675) / 3 = 1449.3
    assert (v[1]["APRO"], v[6]["APRO"]) == (1758, 1449)


def test_dp_table_endpoints_and_symmetry():
    assert (dp(100), dp(50), dp(0), dp(75), dp(25)) == (800, 0, -800, 193, -193)


def test_ranking_and_direct_encounter():
    t = hand_event()
    rows = ranking(t, parse_codes(["DE,BH"]), "2026")
    # 4 and 6 are level on 1.0; 4 beat 6 in round 3: DE puts 4 first (Art. 6)
    assert [r.participant.player.id for r in rows] == [1, 2, 5, 4, 6, 3]
    assert rows[3].participant.values["DE"] == 1 and rows[4].participant.values["DE"] == 0
    # with BH first instead, 4 (5.5) is still above 6 (4.0)
    rows = ranking(t, parse_codes(["BH"]), "2026")
    assert [r.participant.player.id for r in rows][3:5] == [4, 6]
    # players level on everything share the place
    rows = ranking(t, [], "2026")
    assert [(r.place, r.shared) for r in rows][3:5] == [(4, True), (4, True)]


@pytest.mark.parametrize("bad", ["XY", "BH/C3", "WIN/C1", "PS/M1", "BH-C1"])
def test_unknown_codes_are_input_errors(bad):
    with pytest.raises(InputError):
        parse_code(bad)


def _group_event(games: list[tuple[int, int, str]], others: int = 0) -> Tournament:
    """Players 1-3 (plus ``others``), one round per game listed (white, black, code)."""
    n = 3 + others
    rounds: dict[int, list[RoundEntry]] = {i: [] for i in range(1, n + 1)}
    for w, b, res in games:
        back = {"1": "0", "0": "1", "=": "="}[res]
        for i in rounds:
            rounds[i].append(E(None, None, "Z"))
        rounds[w][-1] = E(b, "w", res)
        rounds[b][-1] = E(w, "b", back)
    return Tournament(players=tuple(Player(id=i, name=f"P{i}", rounds=tuple(rounds[i])) for i in range(1, n + 1)))


def test_direct_encounter_when_not_all_met():
    """Art. 6 in a Swiss event. 1 beat 2 and 3; 2 and 3 did not meet; all three have 2
    points (wins over 4 and 5 make up the scores). 1 scored 2 among them, more than 2 or 3
    could reach (0 + 1 for the missing game): 1 is first; 2 and 3 stay level."""
    games = [(1, 2, "1"), (3, 1, "0"), (2, 4, "1"), (2, 5, "1"), (3, 4, "1"), (5, 3, "0")]
    t = _group_event(games, others=2)
    rows = ranking(t, parse_codes(["DE"]))
    assert [r.participant.points for r in rows[:3]] == [2, 2, 2]
    assert [r.participant.player.id for r in rows[:3]] == [1, 2, 3]
    assert [(r.place, r.shared) for r in rows[:3]] == [(1, False), (2, True), (2, True)]


def test_direct_encounter_separates_no_one_when_a_missing_game_could_change_it():
    """1 beat 2 (1 point among them); 3 met neither and could still reach 2 by winning
    both missing games: no split (1, 2 and 3 all have 2 points)."""
    games = [(1, 2, "1"), (5, 1, "0"), (2, 4, "1"), (5, 2, "0"), (3, 4, "1"), (3, 5, "1")]
    t = _group_event(games, others=2)
    rows = ranking(t, parse_codes(["DE"]))
    assert [r.participant.points for r in rows[:3]] == [2, 2, 2]
    assert [r.place for r in rows[:3]] == [1, 1, 1]


# --- team events -------------------------------------------------------------------------
#
# tests/fixtures/team-swiss-5x2.trf, two boards, two rounds, worked out by hand (match
# points 2-1-0; the PAB gives 1 match point and 1 game point, team 5 in round 1, team 4
# in round 2):
#
#   round 1: 1-3 1.5-0.5 (board 1 won, board 2 drawn), 2-4 1-1 (2 lost board 1, won 2)
#   round 2: 1-2 1.5-0.5 (board 1 drawn, board 2 won), 3-5 1-1 (3 won board 1 by
#            forfeit, lost board 2: a match played over the board)
#
#   team  MP  GP   opponents (MP, GP)
#   1     4   3    3 (1, 1.5), 2 (1, 1.5)
#   2     1   1.5  4 (2, 2),   1 (4, 3)
#   3     1   1.5  1 (4, 3),   5 (2, 2)
#   4     2   2    2 (1, 1.5), PAB
#   5     2   2    PAB,        3 (1, 1.5)


def team_fixture():

    from tabellone.api import read

    return read(FIXTURES / "team-swiss-5x2.trf")


TEAM_CODES = parse_codes(["BH:MP BH:GP SB:MP SB:GP EMGSB EGMSB ESB:MP BC PS:GP GPTS BH:GP/C1"])


def test_team_buchholz_and_sonneborn_berger_on_either_score():
    parts = compute(team_fixture(), TEAM_CODES, "2026")
    v = {tpn: p.values for tpn, p in parts.items()}
    # BH on match points: 1 + 1; on game points: 1.5 + 1.5
    assert (v[1]["BH:MP"], v[1]["BH:GP"]) == (2, 3)
    # 4's PAB counts as a dummy opponent with 4's own score, capped (16.4.2) at a draw
    # in every round: game points 2 (cap 2 x 1 = 2) -> 1.5 + 2; match points 2 (cap 2)
    assert (v[4]["BH:GP"], v[4]["BH:MP"]) == (F(7, 2), 3)
    # SB: the opponent's score times what the team made against it, in the same system:
    # 1 won both matches (2 MP) by 1.5 GP each
    assert (v[1]["SB:MP"], v[1]["SB:GP"]) == (4, F(9, 2))
    # extended SB: EMGSB the opponent's match points times the game points made
    # against it (1 x 1.5 + 1 x 1.5); EGMSB the opponent's game points times the match
    # points (1.5 x 2 + 1.5 x 2); ESB:MP is EMGSB under the calculator's name
    assert (v[1]["EMGSB"], v[1]["EGMSB"], v[1]["ESB:MP"]) == (3, 6, 3)
    # 2: drew 4 (1 MP, 1 GP), lost to 1 (0 MP, 0.5 GP): EMGSB 2 x 1 + 4 x 0.5 = 4
    assert v[2]["EMGSB"] == 4
    assert [v[k]["GPTS"] for k in range(1, 6)] == [3, F(3, 2), F(3, 2), 2, 2]
    assert v[1]["PS:GP"] == F(9, 2)  # 1.5, then 3
    # cut 1 on game points: 4 drops 2's 1.5 (its PAB's dummy, 2, is no VUR)
    assert v[4]["BH:GP/C1"] == 2


def test_team_board_count():
    v = {tpn: p.values["BC"] for tpn, p in compute(team_fixture(), TEAM_CODES, "2026").items()}
    # 1: board 1 scored 1 + 0.5, board 2 0.5 + 1: 1 x 1.5 + 2 x 1.5
    # 3: board 1 0 + 1 (the forfeit win of a match played), board 2 0.5 + 0: 1 + 1
    # 4: board 1 1, board 2 0, and the PAB, both boards won whatever its game points
    # (1 x 1 + 1 x 2 = 3): 4; 5: board 2 won in round 2 (2) and the PAB (3): 5
    assert [v[k] for k in range(1, 6)] == [F(9, 2), F(5, 2), 2, 4, 5]


def test_team_standings_order():
    from tabellone.rules.team_swiss import standings

    rows = standings(team_fixture(), parse_codes(["EDE", "BH:GP", "BC"]))
    # 4 and 5 level on MP, GP, EDE (they did not meet) and BH:GP (3.5 each); board count
    # puts 4 (4) above 5 (5): the lower ranks higher. 2 and 3 likewise: 2.5 against 2
    assert [(r.place, r.tpn) for r in rows] == [(1, 1), (2, 4), (3, 5), (4, 3), (5, 2)]
    assert rows[1].values["BH:GP"] == rows[2].values["BH:GP"] == F(7, 2)


@pytest.mark.parametrize("bad", ["BH:XP", "WIN:GP", "EMGSB:MP", "ARO:MP"])
def test_team_point_system_errors(bad):
    with pytest.raises(InputError):
        parse_code(bad)


def test_team_only_codes_refused_on_individual_events():
    with pytest.raises(InputError):
        compute(hand_event(), parse_codes(["BC"]), "2026")
    with pytest.raises(InputError):
        compute(hand_event(), parse_codes(["BH:GP"]), "2026")


# --- Double-Swiss: a round is a match of two games ------------------------------------------
#
#   match 1: 1-2 game 1 1-0, game 2 =  (1: 1.5, 2: 0.5)
#            3-4 game 1 +/- (a single forfeited game: played, C.04.5 Preface), game 2 1-0
#   match 2: 1-3 0-1, 0-1 (3: 2); 2 a requested bye H H (1.0, a VUR); 4 absent Z Z (VUR)
#
#   points 1: 1.5, 2: 1.5, 3: 4, 4: 0. Adjusted (16.3): 4's absence after its last match
#   counts as a drawn match (1.0): 1.0; 2's bye is worth a draw anyway: 1.5.


def double_swiss_event() -> Tournament:
    rounds = {
        1: (E(2, "w", "1"), E(2, "b", "="), E(3, "w", "0"), E(3, "b", "0")),
        2: (E(1, "b", "0"), E(1, "w", "="), E(None, None, "H"), E(None, None, "H")),
        3: (E(4, "w", "+"), E(4, "b", "1"), E(1, "b", "1"), E(1, "w", "1")),
        4: (E(3, "b", "-"), E(3, "w", "0"), E(None, None, "Z"), E(None, None, "Z")),
    }
    players = tuple(Player(id=i, name=f"P{i}", rating=2000 - 100 * i, rounds=rounds[i]) for i in range(1, 5))
    return Tournament(players=players, total_rounds=4)


def test_double_swiss_counts_each_match_once():
    from tabellone.rules import double_swiss

    t = double_swiss.standings_view(double_swiss_event())
    codes = parse_codes(["BH BH/C1 SB PS WIN WON BPG BWG ARO TPR"])
    v = {pid: p.values for pid, p in compute(t, codes, "2026", games_per_round=2).items()}
    # BH, one value a match: 1: 2's 1.5 + 3's 4; 3: 4's adjusted 1.0 + 1's 1.5; 2: 1's 1.5
    # + the bye's dummy (own 1.5, under the cap of a drawn match in each of 2 rounds, 2)
    assert [v[k]["BH"] for k in range(1, 5)] == [F(11, 2), 3, F(5, 2), 4]
    # cut 1 of 2: the least significant value is 1's (1.5); the VUR is worth no less
    assert v[2]["BH/C1"] == F(3, 2)
    # SB: the opponent's score times the match's points: 1: 1.5 x 1.5 + 4 x 0
    assert [v[k]["SB"] for k in (1, 2, 3)] == [F(9, 4), F(9, 4), 5]
    assert [v[k]["PS"] for k in range(1, 5)] == [3, 2, 6, 0]  # 1.5 + 1.5; 0.5 + 1.5; 2 + 4
    # WIN counts matches won (more than a drawn match's 1 point); WON games won over the
    # board, the forfeited game of 3 included (Preface); BPG, BWG games with Black
    assert [v[k]["WIN"] for k in range(1, 5)] == [1, 0, 2, 0]
    assert [v[k]["WON"] for k in range(1, 5)] == [1, 0, 4, 0]
    assert [(v[k]["BPG"], v[k]["BWG"]) for k in (1, 3)] == [(2, 0), (2, 2)]
    # ARO: each opponent once (the same average as per game); TPR over the 4 games of 1:
    # 1.5 / 4 = 38% -> dp -87 (B.02 table): (1800 + 1700) / 2 = 1750 - 87
    assert (v[1]["ARO"], v[1]["TPR"]) == (1750, 1663)


def test_double_swiss_direct_encounter_reads_the_match():
    from tabellone.rules import double_swiss

    t = double_swiss.standings_view(double_swiss_event())
    rows = ranking(t, parse_codes(["DE"]), "2026", games_per_round=2)
    # 1 and 2 are level on 1.5; 1 won their match 1.5-0.5
    assert [r.participant.player.id for r in rows] == [3, 1, 2, 4]
    assert rows[1].participant.values["DE"] == F(3, 2)


def test_double_swiss_standings_on_the_command_line(tmp_path, capsys):
    """`standings` on a Double-Swiss file reads a match as one round: with every match
    played, a player's Buchholz is the sum of his opponents' points, each counted once."""
    import csv
    import io

    from tabellone.api import read
    from tabellone.cli import main

    out = tmp_path / "ds.trf"
    assert (
        main(
            [
                "generate",
                "--system",
                "double-swiss",
                "--players",
                "8",
                "--rounds",
                "3",
                "--seed",
                "2",
                "--forfeit-rate",
                "0",
                "--absence-rate",
                "0",
                "--half-bye-rate",
                "0",
                "--format",
                "trf26",
                "-o",
                str(out),
                "-q",
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert main(["standings", str(out), "--tiebreaks", "BH", "--format", "csv"]) == 0
    rows = {int(r["start_rank"]): r for r in csv.DictReader(io.StringIO(capsys.readouterr().out))}
    t = read(out)
    points = {p.id: t.score_after(p, 6) for p in t.players}
    for p in t.players:
        opponents = [p.entry(c).opponent for c in (1, 3, 5)]
        assert all(o is not None for o in opponents)
        assert F(rows[p.id]["BH"]) == sum(points[o] for o in opponents)
