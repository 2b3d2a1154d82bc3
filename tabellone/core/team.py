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
from typing import TYPE_CHECKING

from tabellone.core.model import Tournament

if TYPE_CHECKING:
    from tabellone.formats.team_records import Lineup, Round801

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
        """Boards of a match (:func:`tabellone.formats.team_records.board_count`)."""
        from tabellone.formats.team_records import board_count

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
