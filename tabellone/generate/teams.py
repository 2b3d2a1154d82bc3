"""Random team events, paired round by round: the test bed of team pairing systems.

Each team has ``boards`` players; ratings are drawn per player (:mod:`tabellone.generate.tournament`'s
range), teams are numbered by their mean rating, strongest first (the team order the
event defines, C.04.6 Art. 1.1.2: here "by mean rating"). Every round, the caller's
``pairer`` pairs the teams; each match is played board against board, the team with
White on the first board having the colours of :attr:`TeamSettings.board_colours`
(TRF26 ``352``), every game drawn from Milvang's result model (:func:`tabellone.generate.tournament.draw_game`).
A whole match is forfeited with probability ``match_forfeit_rate`` (one team, drawn at
random, does not come: every board ``+``/``-``); a team is absent from a round with
probability ``absence_rate`` (a zero-point bye entered before pairing).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, EMPTY_ENTRY, WHITE, ByeKind, Player, PreassignedBye, RoundEntry, Tournament
from tabellone.core.scoring import Scoring
from tabellone.core.team import Team, TeamTournament, match_result
from tabellone.generate.tournament import GameStream, draw_game

#: Pairs a round: (pairs as (White team, Black team), bye team or None); None ends the event.
Pairer = Callable[[TeamTournament], tuple[list[tuple[int, int]], int | None] | None]


@dataclass(frozen=True)
class TeamSettings:
    teams: int
    rounds: int
    seed: int
    boards: int = 4
    draw_rate: float | None = None
    match_forfeit_rate: float = 0.0
    absence_rate: float = 0.0
    rating_high: int = 2600
    rating_low: int = 1400
    preferences: str = "A"
    initial_colour: str | None = None
    board_colours: str = ""
    model: object | None = None  # a result model (tabellone.generate.result_models); None: Milvang 2015

    def validate(self) -> None:
        if not 2 <= self.teams <= 999:
            raise InputError(f"found {self.teams} teams, expected 2 to 999", field="--teams")
        if not 1 <= self.boards <= 14:
            raise InputError(
                f"found {self.boards} boards, expected 1 to 14 (TRF26 310 lists up to 14 players)", field="--boards"
            )
        if not 1 <= self.rounds <= 99:
            raise InputError(f"found {self.rounds} rounds, expected 1 to 99", field="--rounds")
        for name in ("match_forfeit_rate", "absence_rate"):
            v = getattr(self, name)
            if not 0 <= v <= 1:
                raise InputError(
                    f"found {name} {v}, expected a probability from 0 to 1", field=f"--{name.replace('_', '-')}"
                )
        if self.preferences not in ("A", "B", "none"):
            raise InputError(
                f"found colour preferences {self.preferences!r}, expected A, B or none", field="--preferences"
            )

    @property
    def colours(self) -> str:
        return self.board_colours or "".join("WB"[k % 2] for k in range(self.boards))

    @property
    def system_code(self) -> str:
        """The TRF26 ``192`` code: ``FIDE_TEAM_TYPEA_MP_GP`` and its siblings."""
        kind = {"A": "_TYPEA", "B": "_TYPEB", "none": ""}[self.preferences]
        return f"FIDE_TEAM{kind}_MP_GP"


def generate_team_event(
    settings: TeamSettings,
    pairer: Pairer,
    *,
    field: tuple[Sequence[Team], Sequence[Player]] | None = None,
    strength: Mapping[int, float] | None = None,
    game_stream: GameStream | None = None,
) -> TeamTournament:
    """A team event of ``settings.rounds`` rounds, each paired by ``pairer`` and played.

    For a simulation (:mod:`tabellone.simulate`): ``field`` gives the teams (numbered
    1..N, rosters of ``settings.boards`` players) and their players instead of drawing
    them; ``strength`` the players' true strengths, from which results are drawn (the
    ratings are what the pairing sees); ``game_stream(low, high, meeting)`` the stream of
    each game, read from the lower player number's side, so that the same two players
    meeting under two pairing systems end alike as often as the result model allows
    (as :func:`tabellone.generate.tournament.generate` does for players)."""
    settings.validate()
    rng = random.Random(settings.seed)
    n, b = settings.teams, settings.boards
    players: dict[int, Player] = {}
    teams = []
    if field is None:
        drawn = [
            sorted((rng.randint(settings.rating_low, settings.rating_high) for _ in range(b)), reverse=True)
            for _ in range(n)
        ]
        drawn.sort(key=lambda rs: -sum(rs))
        for k, ratings in enumerate(drawn, start=1):
            roster = tuple(range((k - 1) * b + 1, k * b + 1))
            for pid, rating in zip(roster, ratings):
                players[pid] = Player(pid, f"Player {pid:04d}", rating=rating)
            teams.append(Team(k, f"Team {k:03d}", f"T{k:03d}", roster=roster))
    else:
        teams = list(field[0])
        players = {p.id: p for p in field[1]}
        if [t.tpn for t in teams] != list(range(1, n + 1)) or any(len(t.roster) != b for t in teams):
            raise InputError(f"the field must be teams 1-{n} of {b} players each", field="field")
    rating = {pid: (p.rating if strength is None else strength[pid]) for pid, p in players.items()}
    meetings: dict[tuple[int, int], int] = {}
    initial = settings.initial_colour or rng.choice((WHITE, BLACK))
    colours = settings.colours
    scoring = Scoring(
        win=Fraction(2),
        draw=Fraction(1),
        loss=Fraction(0),
        forfeit_win=Fraction(2),
        forfeit_loss=Fraction(0),
        pab=Fraction(1),
        full_bye=Fraction(2),
        half_bye=Fraction(1),
    )
    pab_points = (Fraction(1), Fraction(b, 2))
    entries: dict[int, list[RoundEntry]] = {t.tpn: [] for t in teams}
    board_rows: dict[int, list[RoundEntry]] = {pid: [] for pid in players}
    gps: dict[int, list] = {t.tpn: [] for t in teams}
    byes: list[PreassignedBye] = []

    def event() -> TeamTournament:
        boards = Tournament(
            players=tuple(Player(p.id, p.name, tuple(board_rows[p.id]), rating=p.rating) for p in players.values()),
            total_rounds=settings.rounds,
            initial_colour=initial,
        ).with_derived_points()
        return TeamTournament(
            players=tuple(Player(t.tpn, t.name, tuple(entries[t.tpn])) for t in teams),
            total_rounds=settings.rounds,
            initial_colour=initial,
            scoring=scoring,
            system=settings.system_code,
            byes=tuple(byes),
            teams=tuple(teams),
            boards=boards,
            game_points={k: tuple(v) for k, v in gps.items()},
            pab_points=pab_points,
            board_colours=colours,
            primary="MP",
            secondary_for_colour=True,
            preferences=settings.preferences,
        ).with_derived_points()

    t: TeamTournament | None = None
    for r in range(1, settings.rounds + 1):
        absent = [team.tpn for team in teams if rng.random() < settings.absence_rate]
        if len(absent) >= n - 1:
            absent = []
        byes += [PreassignedBye(r, tpn, ByeKind.ZERO) for tpn in absent]
        # the state before the round carried forward from the last round's
        t = event() if t is None else event().continues(t)
        paired = pairer(t)
        if paired is None:  # the pairer found no legal pairing: the event ends here
            byes = [x for x in byes if x.round < r]
            return event()
        pairs, bye = paired
        for tpn in absent:
            entries[tpn].append(RoundEntry(None, None, "Z"))
            gps[tpn].append(Fraction(0))
            for pid in teams[tpn - 1].roster:
                board_rows[pid].append(RoundEntry(None, None, "Z"))
        if bye is not None:
            entries[bye].append(RoundEntry(None, None, "U"))
            gps[bye].append(pab_points[1])
            for pid in teams[bye - 1].roster:
                board_rows[pid].append(EMPTY_ENTRY)
        for white, black in pairs:
            forfeit = rng.random() < settings.match_forfeit_rate
            absent_side = rng.choice((WHITE, BLACK))
            got = {white: Fraction(0), black: Fraction(0)}
            for k in range(b):
                pw, pb = teams[white - 1].roster[k], teams[black - 1].roster[k]
                if colours[k] == "B":
                    pw, pb = pb, pw
                if forfeit:
                    lost = pb if (absent_side == BLACK) == (colours[k] == "W") else pw
                    res = ("-", "+") if lost == pw else ("+", "-")
                else:
                    game_rng, low_side = rng, WHITE
                    if game_stream is not None:
                        key = (min(pw, pb), max(pw, pb))
                        meetings[key] = meetings.get(key, 0) + 1
                        game_rng, low_side = game_stream(key[0], key[1], meetings[key]), (WHITE if pw < pb else BLACK)
                    res = draw_game(
                        game_rng,
                        rating[pw],
                        rating[pb],
                        draw_rate=settings.draw_rate,
                        model=settings.model,
                        low_side=low_side,
                    )
                board_rows[pw].append(RoundEntry(pb, WHITE, res[0]))
                board_rows[pb].append(RoundEntry(pw, BLACK, res[1]))
                for pid, code in ((pw, res[0]), (pb, res[1])):
                    team = white if pid in teams[white - 1].roster else black
                    got[team] += {"1": Fraction(1), "=": Fraction(1, 2), "+": Fraction(1)}.get(code, Fraction(0))
            for me, other, colour in ((white, black, WHITE), (black, white, BLACK)):
                code = match_result(got[me], got[other])
                if forfeit:
                    code = "+" if got[me] > got[other] else "-"
                entries[me].append(RoundEntry(other, colour, code))
                gps[me].append(got[me])
        for tpn in entries:  # teams not paired (none in a generated event) keep the columns aligned
            while len(entries[tpn]) < r:
                entries[tpn].append(EMPTY_ENTRY)
                gps[tpn].append(None)
        for pid in board_rows:
            while len(board_rows[pid]) < r:
                board_rows[pid].append(EMPTY_ENTRY)
    return event()
