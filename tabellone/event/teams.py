"""Running a team event from its file: pair the next round and record it, enter board
results; every step written back safely by :func:`tabellone.event.save_event`. (Byes
asked for and withdrawals are team-level ``240`` records, made by the same functions as
for players: :func:`tabellone.event.request_bye`, :func:`tabellone.event.withdraw`.)

A team event keeps two levels (:mod:`tabellone.core.team`): the matches of the teams
and the games of their players (``001``). Both are written, so each step changes both:

* **recording a round** (``pair EVENT --write``): each match of the pairing becomes, for
  the two teams, an entry without a result (opponent and colour on board 1), and on
  each board k the k-th player of each team's default order (its ``310`` roster) meets
  the other's, the colours of the boards following ``352`` (C.04.6 Art. 1.6.1: the
  team named first has White on board 1; without ``352`` the boards alternate, White on
  board 1). A board a team cannot fill (its roster is shorter) is an empty board: the
  other team's player wins it by forfeit, written ``0000 - +`` (TRF26, forfeited
  matches). The pairing-allocated bye is the team's ``U`` (its ``320`` points); a bye
  the event recorded for the round (``240 F/H/Z``) is written into the team's and its
  players' columns, and a team neither paired nor excused gets a zero-point bye;
* **a line-up** (``lineup EVENT TEAM P1 P2 ...``, :func:`set_lineup`): before the
  games of a paired round, a team seats other players of its roster, or in another
  order, or leaves a board empty; the match's boards are seated again and a line-up
  out of the default order is a ``300`` record;
* **entering results** (``result EVENT WHITE BLACK 1-0 ...``): WHITE and BLACK are the
  players' start ranks, as in an individual event; once every board of a match has its
  result, the match gets its game points and its result (won, drawn or lost over the
  board; a match whose boards were all forfeited is a forfeited match, ``+`` / ``-``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, EMPTY_ENTRY, WHITE, RoundEntry
from tabellone.core.pairing import Pairing
from tabellone.core.scoring import PLAYED_CODES
from tabellone.core.team import Lineup, TeamTournament, default_lineup, lineup_of, match_result
from tabellone.event.record import missing_results, record_player_results
from tabellone.rules import team_system
from tabellone.rules.dispatch import pair


def _set(rounds: tuple[RoundEntry, ...], r: int, entry: RoundEntry) -> tuple[RoundEntry, ...]:
    row = list(rounds) + [EMPTY_ENTRY] * (r - len(rounds))
    row[r - 1] = entry
    return tuple(row)


def board_colours(t: TeamTournament, boards: int) -> str:
    """The colours of the boards of the team with White on board 1: ``352``, else
    alternating from White."""
    return t.board_colours or "".join("WB"[k % 2] for k in range(boards))


def seat_match(player_entry, white: Sequence[int], black: Sequence[int], colours: str) -> None:
    """The boards of one match: on board k the k-th player of the team with White on
    board 1 meets the other's k-th, with the colours of ``colours`` (0 or a missing
    place: an empty board, won by forfeit by the player present, ``0000 - +``)."""
    for k in range(len(colours)):
        a = white[k] if k < len(white) else 0
        o = black[k] if k < len(black) else 0
        ca = WHITE if colours[k] == "W" else BLACK
        co = BLACK if ca == WHITE else WHITE
        if a and o:
            player_entry(a, RoundEntry(o, ca, " "))
            player_entry(o, RoundEntry(a, co, " "))
        elif a or o:
            player_entry(a or o, RoundEntry(None, None, "+"))


def set_lineup(t: TeamTournament, tpn: int, r: int, players: Sequence[int]) -> TeamTournament:
    """Team ``tpn`` plays round ``r`` with ``players`` on boards 1, 2, ... (0: an empty
    board): its match's boards are seated again, before any of them has a result; a
    line-up out of the default order is kept as a ``300`` record."""
    if tpn not in t.team_by_tpn:
        raise InputError(f"no team has pairing number {tpn}", field="TEAM")
    e = t.player(tpn).entry(r)
    if e.opponent is None:
        raise InputError(f"team {tpn} has no match in round {r}", field="--round")
    b = t.boards_per_match
    roster = t.team_by_tpn[tpn].roster
    if len(players) != b:
        raise InputError(
            f"{len(players)} players for {b} boards; give one per board (0 an empty board)", field="PLAYERS"
        )
    for pid in players:
        if pid and pid not in roster:
            raise InputError(
                f"player {pid} is not in team {tpn}'s roster (310: {' '.join(map(str, roster))})", field="PLAYERS"
            )
    if len([p for p in players if p]) != len({p for p in players if p}):
        raise InputError("a player is on two boards", field="PLAYERS")
    if not any(players):
        raise InputError(
            "no player on any board; a team that does not come loses its match by forfeit (result +- on every board)",
            field="PLAYERS",
        )
    opp = e.opponent
    seated = [
        pid
        for team in (tpn, opp)
        for pid in t.team_by_tpn[team].roster
        if pid in t.boards.by_id and not t.boards.player(pid).entry(r).is_empty
    ]
    if any(
        t.boards.player(pid).entry(r).result not in (" ", "+")
        or t.boards.player(pid).entry(r).opponent is None
        and t.boards.player(pid).entry(r).result != "+"
        for pid in seated
    ):
        raise InputError(
            f"round {r}: the match {tpn}-{opp} has board results already; a line-up is set before its games",
            field="--round",
        )
    theirs = lineup_of(t, opp, r)
    theirs = tuple(theirs) + (0,) * (b - len(theirs))
    players_by_id = {p.id: p for p in t.boards.players}

    def player_entry(pid: int, entry: RoundEntry) -> None:
        players_by_id[pid] = replace(players_by_id[pid], rounds=_set(players_by_id[pid].rounds, r, entry))

    for pid in t.team_by_tpn[tpn].roster + t.team_by_tpn[opp].roster:
        if pid in players_by_id and len(players_by_id[pid].rounds) >= r:
            player_entry(pid, EMPTY_ENTRY)
    white, black = (tuple(players), theirs) if e.colour == WHITE else (theirs, tuple(players))
    seat_match(player_entry, white, black, board_colours(t, b))
    boards = replace(t.boards, players=tuple(players_by_id[p.id] for p in t.boards.players)).with_derived_points()
    lineups = dict(t.lineups)
    for team, mine in ((tpn, tuple(players)), (opp, theirs)):
        lineups.pop((r, team), None)
        if default_lineup(boards, t.team_by_tpn[team].roster, r) != mine:
            lineups[(r, team)] = Lineup(r, team, tpn if team == opp else opp, mine)
    return replace(t, boards=boards, lineups=dict(sorted(lineups.items())))


def record_team_round(t: TeamTournament, pairing: Pairing) -> TeamTournament:
    """``t`` with the round of ``pairing`` recorded at both levels (module text)."""
    r = pairing.round
    if t.boards is None:
        raise InputError("the event has no player records (001): the boards of a match cannot be recorded", field="001")
    b = t.boards_per_match
    if b == 0:
        raise InputError("the teams have no players in their rosters (310)", field="310")
    colours = board_colours(t, b)
    teams = {p.id: p for p in t.players}
    players = {p.id: p for p in t.boards.players}
    gps = {tpn: list(row) for tpn, row in t.game_points.items()}
    by_tpn = t.team_by_tpn
    requested = {x.player: x.kind.value for x in t.byes if x.round == r}

    def team_entry(tpn: int, entry: RoundEntry, gp: Fraction | None) -> None:
        teams[tpn] = replace(teams[tpn], rounds=_set(teams[tpn].rounds, r, entry))
        row = gps.setdefault(tpn, [])
        row.extend([None] * (r - len(row)))
        row[r - 1] = gp

    def player_entry(pid: int, entry: RoundEntry) -> None:
        players[pid] = replace(players[pid], rounds=_set(players[pid].rounds, r, entry))

    for white, black in pairing.pairs:
        team_entry(white, RoundEntry(black, WHITE, " "), None)
        team_entry(black, RoundEntry(white, BLACK, " "), None)
        seat_match(player_entry, by_tpn[white].roster[:b], by_tpn[black].roster[:b], colours)
    scoring = t.boards.scoring
    for p in t.players:
        if p.id in {x for pair_ in pairing.pairs for x in pair_}:
            continue
        roster = by_tpn[p.id].roster[:b]
        if p.id == pairing.bye:
            team_entry(p.id, RoundEntry(None, None, "U"), t.pab_points[1])
            continue
        code = requested.get(p.id, "Z")
        for pid in roster:
            player_entry(pid, RoundEntry(None, None, code))
        team_entry(p.id, RoundEntry(None, None, code), sum((scoring.points(code, None) for _ in roster), Fraction(0)))
    for pid, p in players.items():  # the reserves keep their columns aligned
        if len(p.rounds) < r:
            players[pid] = replace(p, rounds=_set(p.rounds, r, EMPTY_ENTRY))
    boards = replace(t.boards, players=tuple(players[p.id] for p in t.boards.players)).with_derived_points()
    return replace(
        t,
        players=tuple(teams[p.id] for p in t.players),
        boards=boards,
        game_points={tpn: tuple(row) for tpn, row in gps.items()},
        byes=tuple(x for x in t.byes if x.round != r),
    ).with_derived_points()


def pair_and_record_team(
    t: TeamTournament, system: str | None, edition: str | None, **options
) -> tuple[TeamTournament, Pairing]:
    """Pair the next round of a team event and record it (``pair EVENT --write``)."""
    system = system or team_system().name
    if t.total_rounds is not None and t.next_round > t.total_rounds:
        raise InputError(f"all {t.total_rounds} rounds are paired", field="EVENT")
    if len(t.players) < 2:
        raise InputError(f"{len(t.players)} teams registered; at least two are needed to pair", field="EVENT")
    if any(p.entry(r).pending for p in t.players for r in range(1, t.rounds_paired + 1)):
        r = next(r for r in range(1, t.rounds_paired + 1) if any(p.entry(r).pending for p in t.players))
        raise InputError(
            f"round {r} has matches without results; enter them before pairing round {t.next_round}", field="EVENT"
        )
    pairing = pair(t, system, edition, **{k: v for k, v in options.items() if v is not None})
    return record_team_round(t, pairing), pairing


def rederive_round(t: TeamTournament, r: int) -> TeamTournament:
    """Each match of round ``r`` read again from its boards: complete, it gets its game
    points and its result; otherwise it stays without a result."""
    boards = t.boards
    teams = {p.id: p for p in t.players}
    gps = {tpn: list(row) for tpn, row in t.game_points.items()}
    for p in t.players:
        e = p.entry(r)
        if e.opponent is None:
            continue
        board_players = [pid for pid in lineup_of(t, p.id, r) if pid]
        games = [boards.player(pid).entry(r) for pid in board_players]
        row = gps.setdefault(p.id, [])
        row.extend([None] * (r - len(row)))
        if any(g.result == " " for g in games):
            teams[p.id] = replace(p, rounds=_set(p.rounds, r, RoundEntry(e.opponent, e.colour, " ")))
            row[r - 1] = None
            continue
        row[r - 1] = sum((boards.points_in_round(boards.player(pid), r) for pid in board_players), Fraction(0))
    for p in t.players:
        e = p.entry(r)
        if e.opponent is None or gps[p.id][r - 1] is None or gps[e.opponent][r - 1] is None:
            continue
        mine, theirs = gps[p.id][r - 1], gps[e.opponent][r - 1]
        played = any(
            boards.player(pid).entry(r).result in PLAYED_CODES
            for tpn in (p.id, e.opponent)
            for pid in lineup_of(t, tpn, r)
            if pid
        )
        code = match_result(mine, theirs) if played else ("+" if mine > theirs else "-")
        teams[p.id] = replace(teams[p.id], rounds=_set(teams[p.id].rounds, r, RoundEntry(e.opponent, e.colour, code)))
    for p in t.players:  # a match whose other side is still open stays open on both sides
        e = teams[p.id].entry(r)
        if e.opponent is not None and not e.pending and teams[e.opponent].entry(r).pending:
            teams[p.id] = replace(
                teams[p.id], rounds=_set(teams[p.id].rounds, r, RoundEntry(e.opponent, e.colour, " "))
            )
            gps[p.id][r - 1] = None
    return replace(
        t, players=tuple(teams[p.id] for p in t.players), game_points={tpn: tuple(row) for tpn, row in gps.items()}
    ).with_derived_points()


def record_board_results(t: TeamTournament, r: int, triples: Sequence[tuple[int, int, str]]) -> TeamTournament:
    """Enter board results of round ``r`` (players' start ranks, as ``result`` takes
    them) and update the matches they belong to."""
    if t.boards is None:
        raise InputError("the event has no player records (001) to enter board results in", field="001")
    if r < 1 or r > t.rounds_paired:
        raise InputError(f"round {r} is not paired (rounds 1-{t.rounds_paired} are)", field="--round")
    boards = record_player_results(t.boards, r, triples).with_derived_points()
    return rederive_round(replace(t, boards=boards), r)


def missing_board_results(t: TeamTournament, r: int) -> list[tuple[int, int]]:
    """Boards of round ``r`` still without a result, as (white player, black player)."""
    return missing_results(t.boards, r) if t.boards is not None else []


__all__ = [
    "board_colours",
    "missing_board_results",
    "pair_and_record_team",
    "record_board_results",
    "record_team_round",
    "rederive_round",
    "seat_match",
    "set_lineup",
]
