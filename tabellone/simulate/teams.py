"""Simulated team events: the Swiss Team Pairing System (C.04.6) compared with other
team arms on the same teams and the same luck.

A simulation with ``teams > 0`` plays team events instead of individual ones:

* **the field**: ``teams x boards`` players, each with a true strength drawn as for an
  individual simulation (uniform in ``LO-HI``, or from a real field's ratings) and a
  seen rating (the strength plus ``N(0, SIGMA)`` noise). The players are dealt to the
  teams at random, each team lines them up by seen rating (board 1 the highest), and
  the teams are numbered by their players' mean seen rating, highest first (the team
  order the event defines, C.04.6 Art. 1.1.2). A team's true strength is its players'
  mean true strength;
* **absences**: before each round each team may be absent (``--absence-rate``, a
  zero-point bye), drawn from the event's main stream as in the individual case;
* **results**: every board is a game drawn by the chosen result model from the two
  players' true strengths, from a stream named after the two players and their meeting
  (:func:`tabellone.generate.teams.generate_team_event`), so two arms that pair
  the same two teams see the same board results as often as the colours allow.

The metrics (:mod:`.metrics`) are read on the teams: the final ranking is the
standings' order, match points then game points (C.04.6 Art. 1.3), against the teams'
true strengths; colours are the teams' colours on board 1 in played matches (C.04.6
Art. 1.6.1), floats the matches between teams on different match points, byes the
pairing-allocated ones. ``aro_spread`` measures the average rating of a *player's*
opponents, which has no team meaning: it is left empty (NaN) and the summary says so.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from tabellone.core.model import Player
from tabellone.core.team import Team, TeamTournament
from tabellone.generate.teams import TeamSettings, generate_team_event
from tabellone.simulate.metrics import kendall_half, spearman, strongest_first, tournament_metrics
from tabellone.simulate.streams import TimedPairer, derived_seed, game_streams

#: Metrics with no meaning for teams, and why (printed under the summary).
NOT_FOR_TEAMS = {"aro_spread": "ARO is the average rating of a player's opponents; a team event has no such rating"}


def draw_team_field(sim, event: int) -> tuple[list[Team], list[Player], dict[int, int], dict[int, float]]:
    """(teams, players, the players' true strengths, the teams' true strengths) of
    event ``event`` (module text)."""
    rng = random.Random(derived_seed(sim.seed, "event", event, "team field"))
    n = sim.teams * sim.boards
    if sim.ratings_pool:
        true = rng.sample(list(sim.ratings_pool), n)
    else:
        true = [rng.randint(sim.rating_low, sim.rating_high) for _ in range(n)]
    noise = sim.noise_model()
    seen = [max(0, s + noise.offset(s, rng)) if noise is not None else s for s in true]
    order = list(range(n))
    rng.shuffle(order)
    groups = [
        sorted(order[k * sim.boards : (k + 1) * sim.boards], key=lambda i: (-seen[i], i)) for k in range(sim.teams)
    ]
    groups.sort(key=lambda g: (-sum(seen[i] for i in g), g))
    teams, players, strength, team_strength = [], [], {}, {}
    for k, group in enumerate(groups, start=1):
        roster = tuple(range((k - 1) * sim.boards + 1, k * sim.boards + 1))
        for pid, i in zip(roster, group):
            players.append(Player(id=pid, name=f"Player {pid:04d}", rating=seen[i]))
            strength[pid] = true[i]
        teams.append(Team(k, f"Team {k:03d}", f"T{k:03d}", roster=roster))
        team_strength[k] = sum(true[i] for i in group) / sim.boards
    return teams, players, strength, team_strength


def play_team_arm(sim, event: int, arm, field, strength) -> tuple[TeamTournament, float]:
    """Play team event ``event`` under ``arm``; the finished event and the seconds spent
    pairing."""
    pairer = TimedPairer(sim, event, arm, "simulated team event")
    settings = TeamSettings(
        teams=sim.teams,
        rounds=sim.rounds,
        seed=sim.event_seed(event),
        boards=sim.boards,
        draw_rate=None if sim.model == "bbp" else sim.draw_rate,
        absence_rate=sim.absence_rate,
        model=sim.result_model(),
    )
    t = generate_team_event(settings, pairer, field=field, strength=strength, game_stream=game_streams(sim, event))
    return t, pairer.seconds


def standings_score(t: TeamTournament, rounds: int) -> dict[int, float]:
    """A number per team that orders the teams as the standings do: match points, then
    game points (C.04.6 Art. 1.3), by the event's primary score first."""
    most_gp = Fraction(len(t.board_colours) or max(len(team.roster) for team in t.teams)) * rounds + 1
    out = {}
    for p in t.players:
        mp = t.match_points_before(p.id, rounds + 1)
        gp = t.game_points_before(p.id, rounds + 1)
        first, second = (mp, gp) if t.primary == "MP" else (gp, mp)
        out[p.id] = float(first * most_gp + second)
    return out


def team_metrics(t: TeamTournament, team_strength: dict[int, float], rounds: int) -> dict[str, float]:
    """The metrics of a finished team event (module text)."""
    row = tournament_metrics(t, team_strength, rounds)
    ids = [p.id for p in t.players]
    score = standings_score(t, rounds)
    points = [score[tpn] for tpn in ids]
    strengths = [float(team_strength[tpn]) for tpn in ids]
    alone, shares = strongest_first(strengths, points)
    row.update(
        {
            "kendall_half": kendall_half(strengths, points),
            "spearman": spearman(points, strengths),
            "strongest_alone_first": float(alone),
            "strongest_shares_first": float(shares),
        }
    )
    for name in NOT_FOR_TEAMS:
        row[name] = math.nan
    return row


__all__ = ["NOT_FOR_TEAMS", "draw_team_field", "play_team_arm", "standings_score", "team_metrics"]
