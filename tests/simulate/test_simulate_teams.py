"""The simulator on team events (tabellone.simulate.teams): invariants of every simulated
event, the same field and luck for every arm, the team metrics on a hand-worked case,
and the command line."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from testkit import FIXTURES, run_tabellone

import tabellone
from tabellone.core.errors import InputError
from tabellone.simulate import Simulation, parse_arms, run
from tabellone.simulate.teams import draw_team_field, play_team_arm, standings_score, team_metrics

FIXTURE = FIXTURES / "team-swiss-5x2.trf"


def sim(**kw) -> Simulation:
    base = dict(arms=parse_arms(["team-swiss", "random"]), players=0, teams=9, boards=3, rounds=5, events=2, seed=11)
    base.update(kw)
    return Simulation(**base)


@pytest.mark.parametrize("absence", [0.0, 0.15])
def test_every_simulated_event_keeps_the_invariants(absence):
    s = sim(absence_rate=absence, events=3)
    for event in range(s.events):
        teams, players, strength, _ = draw_team_field(s, event)
        for arm in s.arms:
            t, _ = play_team_arm(s, event, arm, (teams, players), strength)
            met: set[frozenset[int]] = set()
            for r in range(1, s.rounds + 1):
                entries = {p.id: p.entry(r) for p in t.players}
                pab = [tpn for tpn, e in entries.items() if e.result == "U"]
                assert len(pab) <= 1
                mp_total, matches = Fraction(0), 0
                for tpn, e in entries.items():
                    # every team plays, has the bye, or is absent (a zero-point bye)
                    assert e.opponent is not None or e.result in ("U", "Z"), (arm.label, r, tpn, e)
                    if e.opponent is not None:
                        assert entries[e.opponent].opponent == tpn and entries[e.opponent].colour != e.colour
                        if tpn < e.opponent:
                            matches += 1
                            pair = frozenset((tpn, e.opponent))
                            assert pair not in met, (arm.label, r, pair)  # no repeat pairing
                            met.add(pair)
                            # the boards' game points add up to the number of boards
                            assert t.game_points_in(tpn, r) + t.game_points_in(e.opponent, r) == s.boards
                    mp_total += t.points_in_round(t.player(tpn), r)
                # match points: 2 a match (won and lost, or drawn), 1 the pairing-allocated bye
                assert mp_total == 2 * matches + len(pab)
                absent = sum(1 for e in entries.values() if e.result == "Z")
                assert 2 * matches + len(pab) + absent == s.teams
                if absence == 0:
                    assert absent == 0


def test_every_arm_plays_the_same_field_and_absences():
    s = sim(absence_rate=0.2, events=1)
    teams, players, strength, team_strength = draw_team_field(s, 0)
    # teams numbered by their players' mean seen rating, highest first; boards by rating
    means = [sum(p.rating for p in players if p.id in team.roster) for team in teams]
    assert means == sorted(means, reverse=True)
    by_id = {p.id: p for p in players}
    for team in teams:
        ratings = [by_id[pid].rating for pid in team.roster]
        assert ratings == sorted(ratings, reverse=True)
        assert team_strength[team.tpn] == pytest.approx(sum(strength[pid] for pid in team.roster) / s.boards)
    played = [play_team_arm(s, 0, arm, (teams, players), strength)[0] for arm in s.arms]
    absences = [
        [(r, p.id) for p in t.players for r in range(1, s.rounds + 1) if p.entry(r).result == "Z"] for t in played
    ]
    assert absences[0] == absences[1] and absences[0]
    # round 1 under the same arm twice: the same results (everything is seeded)
    again = play_team_arm(s, 0, s.arms[0], (teams, players), strength)[0]
    assert again.players == played[0].players and dict(again.game_points) == dict(played[0].game_points)


def test_team_metrics_worked_by_hand():
    # the fixture's standings: match points 4, 1, 1, 2, 2 and game points 3, 1.5, 1.5, 2, 2:
    # team 1 first, 4 and 5 level, 2 and 3 level. True strengths 5 > 4 > 3 > 2 > 1 by TPN:
    # of the 10 pairs, 1 against anyone is right (0), 2-3 and 4-5 are level (1/2 each),
    # 2 and 3 below 4 and 5 are wrong (4 x 1): 5 / 10
    t = tabellone.read(FIXTURE)
    score = standings_score(t, 2)
    assert score[1] > score[4] == score[5] > score[2] == score[3]
    row = team_metrics(t, {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}, 2)
    assert row["kendall_half"] == 0.5
    assert row["strongest_alone_first"] == 1.0 and row["strongest_shares_first"] == 0.0
    assert math.isnan(row["aro_spread"])
    assert row["pab_count"] == 2.0
    # game points break the tie in match points: give team 2 one more game point
    t2 = tabellone.read(FIXTURE)
    from dataclasses import replace

    t2 = replace(t2, game_points={**t2.game_points, 2: (Fraction(2), Fraction(1, 2))})
    assert standings_score(t2, 2)[2] > standings_score(t2, 2)[3]


def test_run_is_deterministic_and_rows_are_complete():
    rows = run(sim())
    again = run(sim())
    strip = lambda rs: [{k: v for k, v in r.items() if not k.startswith("seconds")} for r in rs]  # noqa: E731
    assert repr(strip(rows)) == repr(strip(again))
    assert [(r["event"], r["arm"]) for r in rows] == [
        (0, "team-swiss-2026"),
        (0, "random"),
        (1, "team-swiss-2026"),
        (1, "random"),
    ]
    assert all(0 <= r["kendall_half"] <= 1 and math.isnan(r["aro_spread"]) for r in rows)


@pytest.mark.parametrize(
    "kw,field",
    [
        (dict(arms=parse_arms(["dutch"])), "--system"),
        (dict(players=10), "--players"),
        (dict(rounds=9), "--rounds"),
        (dict(boards=15), "--boards"),
    ],
)
def test_bad_team_simulations(kw, field):
    with pytest.raises(InputError) as err:
        sim(**kw).validate()
    assert err.value.field == field


def test_cli_simulate_teams():
    r = run_tabellone(
        "simulate",
        "--system",
        "team-swiss",
        "--system",
        "random",
        "--teams",
        "8",
        "--boards",
        "2",
        "--rounds",
        "3",
        "--events",
        "3",
        "-q",
    )
    assert r.returncode == 0, r.stderr
    assert "8 teams of 2 boards" in r.stdout and "aro_spread: not measured for teams" in r.stdout
    assert "team-swiss-2026" in r.stdout and "random" in r.stdout
    r = run_tabellone(
        "simulate",
        "--system",
        "team-swiss",
        "--players",
        "8",
        "--rounds",
        "3",
        "--events",
        "1",
        "-q",
    )
    assert r.returncode == 3 and r.stderr.count("\n") == 1 and "--teams" in r.stderr
