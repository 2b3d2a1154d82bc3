"""Team events: teams of players meeting board against board, the model every team
pairing rule reads.

A team event is kept at two levels:

* the **match level**, a :class:`TeamTournament`: a :class:`~tabellone.core.model.Tournament`
  whose competitors are the teams (``Player.id`` is the team pairing number, TPN). Each
  round entry is the team's match: the opponent team, the colour the team *had* in it
  (the colour of its first board), and the match result as a result code (``1`` ``=``
  ``0`` a match won, drawn, lost over the board; ``+`` ``-`` a match forfeited; ``U`` the
  pairing-allocated bye; ``F`` ``H`` ``Z`` the other byes). Its :class:`Scoring` holds the
  *match points* (a match won, drawn, lost; TRF26 ``362``; the bye's match points from
  ``320``), so every generic reader of a tournament (``state_before``, history cuts,
  checks) works on teams unchanged: scores are match points, opponents are teams met in
  a played match (a forfeited match is not a meeting, C.04.2 Art. 3.5), colours are the
  first-board colours of played matches (C.04.6 Art. 1.6.1, C.04.2 Art. 3.4);
* the **board level**, :attr:`TeamTournament.boards`: the players' own ``001`` records
  (a plain player tournament), from which the match level can be derived
  (:func:`derive_matches`), and :attr:`TeamTournament.game_points`, the game points each
  team scored in each round (the sum of its boards' points, TRF26 ``162``).

The team records of TRF26 (approved by the FIDE Council on 12/05/2025, applied from
1/9/2025; read from the format's published tables) are read and written by
:mod:`tabellone.formats.team_trf`. Nothing here names a pairing system: which score is primary,
which colour preferences apply, are fields a ruleset reads (:attr:`TeamTournament.primary`,
:attr:`TeamTournament.preferences`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from tabellone.core.model import Tournament

#: Kinds of colour preference a team event may use: simple (Type A), strong and mild
#: (Type B), or none at all.
PREFERENCE_KINDS = ("A", "B", "none")
#: The two scores of a team event.
SCORES = ("MP", "GP")


@dataclass(frozen=True, slots=True)
class Team:
    """A team as registered (TRF26 ``310``, or the older ``013``).

    ``tpn`` is the team pairing number; ``roster`` the start ranks (``001`` records) of
    its players in board order, the first the first board; ``mp``, ``gp`` and ``rank``
    are what the file declares (not derived)."""

    tpn: int
    name: str
    nickname: str = ""
    strength: str = ""
    roster: tuple[int, ...] = ()
    mp: Fraction | None = None
    gp: Fraction | None = None
    rank: int | None = None


@dataclass(frozen=True, slots=True)
class Lineup:
    """A ``300`` record: in ``round``, team ``tpn`` (against ``opponent``) put
    ``players`` on boards 1, 2, ... (0: an empty board)."""

    round: int
    tpn: int
    opponent: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Round801:
    """One round of an ``801`` line: a bye (``bye`` its letter) or a match."""

    opponent: int | None
    colour: str | None
    results: str
    lineup: str
    bye: str | None
    column: int  # 1-based column of the results (or the bye letters): which round it is


@dataclass(frozen=True)
class TeamTournament(Tournament):
    """A team event at the match level (the players of the base class are the teams),
    with its teams' registration, the board-level records and the game points.

    ``game_points[tpn][r - 1]`` is what team ``tpn`` scored in round ``r`` (``None`` when
    the round has no entry); ``pab_points`` the (match points, game points) of the
    pairing-allocated bye; ``board_colours`` the colour of each board of the team that
    has White on the first board (TRF26 ``352``, e.g. ``"WBWB"``); ``primary`` the score
    that makes the scoregroups (``"MP"`` or ``"GP"``); ``secondary_for_colour`` whether
    the other score is read when colours are allocated; ``preferences`` the kind of
    colour preference (``"A"``, ``"B"`` or ``"none"``); ``lineups`` the line-ups played
    out of the default order (TRF26 ``300``, by (round, TPN); see
    :mod:`tabellone.formats.team_records`); ``rounds_801`` the ``801`` rounds, by (round, TPN), of a
    file whose only round records they are (kept to be written back)."""

    teams: tuple[Team, ...] = ()
    boards: Tournament | None = None
    game_points: Mapping[int, tuple[Fraction | None, ...]] = field(default_factory=dict)
    pab_points: tuple[Fraction, Fraction] = (Fraction(1), Fraction(0))
    board_colours: str = ""
    primary: str = "MP"
    secondary_for_colour: bool = True
    preferences: str = "A"
    lineups: Mapping[tuple[int, int], Lineup] = field(default_factory=dict)
    rounds_801: Mapping[tuple[int, int], Round801] = field(default_factory=dict)

    def __hash__(self) -> int:  # the mappings inside are not hashable; identity will do
        return id(self)

    @cached_property
    def team_by_tpn(self) -> dict[int, Team]:
        return {team.tpn: team for team in self.teams}

    @cached_property
    def boards_per_match(self) -> int:
        """Boards of a match (:func:`board_count`)."""
        return board_count(self)

    def game_points_in(self, tpn: int, round_number: int) -> Fraction:
        """The game points team ``tpn`` scored in round ``round_number`` (0 if none)."""
        row = self.game_points.get(tpn, ())
        if 1 <= round_number <= len(row) and row[round_number - 1] is not None:
            return row[round_number - 1]  # type: ignore[return-value]  # not None, tested above
        return Fraction(0)

    def game_points_before(self, tpn: int, round_number: int) -> Fraction:
        return sum((self.game_points_in(tpn, r) for r in range(1, round_number)), Fraction(0))

    def match_points_before(self, tpn: int, round_number: int) -> Fraction:
        return self.score_after(self.player(tpn), round_number - 1)

    def scores_before(self, round_number: int) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
        """(primary, secondary) score of every team before ``round_number``."""
        mp = {p.id: self.match_points_before(p.id, round_number) for p in self.players}
        gp = {p.id: self.game_points_before(p.id, round_number) for p in self.players}
        return (mp, gp) if self.primary == "MP" else (gp, mp)


def match_result(mine: Fraction, theirs: Fraction) -> str:
    """The match result code of a match played over the board: game points compared."""
    return "1" if mine > theirs else "0" if mine < theirs else "="


# ---- what the team records (TRF26 300, 801) mean -------------------------------------


def board_count(t: TeamTournament) -> int:
    """Boards per match: the ``352`` sequence's length, else the most players a team
    fielded in one round, else the shortest roster."""
    if t.board_colours:
        return len(t.board_colours)
    boards = t.boards
    most = 0
    if boards is not None:
        rounds = max((len(p.rounds) for p in boards.players), default=0)
        for team in t.teams:
            for r in range(1, rounds + 1):
                most = max(
                    most,
                    sum(
                        1
                        for pid in team.roster
                        if boards.by_id.get(pid) and boards.player(pid).entry(r).opponent is not None
                    ),
                )
    return most or min((len(team.roster) for team in t.teams), default=0)


def lineup_of(t: TeamTournament, tpn: int, round_number: int) -> tuple[int, ...]:
    """The players of team ``tpn`` on boards 1, 2, ... in ``round_number`` (0: an empty
    board): its ``300`` record, else its default order (see :mod:`tabellone.formats.team_records`)."""
    explicit = t.lineups.get((round_number, tpn))
    if explicit is not None:
        return explicit.players
    team = t.team_by_tpn[tpn]
    boards = t.boards
    if boards is None:
        return team.roster[: t.boards_per_match]
    return default_lineup(boards, team.roster, round_number)


def default_lineup(boards: Tournament, roster: tuple[int, ...], round_number: int) -> tuple[int, ...]:
    """The players of ``roster`` who took part in a match of ``round_number``, in roster
    order: those paired, and those who won their board by forfeit against an empty board
    (written ``0000 - +``, TRF26's forfeited matches)."""
    out = []
    for pid in roster:
        if pid in boards.by_id:
            e = boards.player(pid).entry(round_number)
            if e.opponent is not None or e.result == "+":
                out.append(pid)
    return tuple(out)
