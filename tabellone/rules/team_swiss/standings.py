"""The team standings: primary score, secondary score, then the C.07 tie-breaks."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.team import TeamTournament

#: Tie-breaks after the two team scores when the file names none (FIDE C.07 codes; a
#: team's Buchholz and Sonneborn-Berger read match points unless written ``:GP``).
TEAM_TIEBREAKS = ("BH/C1", "BH", "SB")


@dataclass
class TeamRow:
    place: int
    shared: bool
    tpn: int
    name: str
    primary: Fraction
    secondary: Fraction
    values: dict[str, object]


def standings(t: TeamTournament, tiebreaks=None, edition: str = "2026") -> list[TeamRow]:
    """Team standings (C.04.6 Art. 1.2; FIDE C.07 for the tie-breaks): the primary score,
    then the secondary score, then the C.07 tie-breaks ``tiebreaks`` (default
    :data:`TEAM_TIEBREAKS`, or the file's ``202``), each reading match points or game
    points as written (``BH:GP``, ``SB:MP``, ``EMGSB`` ..., see
    :mod:`tabellone.tiebreaks`). Teams level on everything share the place and are listed
    by TPN."""
    from tabellone.tiebreaks import codes_from_file, parse_code, parse_codes, ranking, rounds_complete

    if not isinstance(t, TeamTournament):
        raise InputError("team standings need a team event (310 or 013 records)", field="--system")
    tbs = list(tiebreaks) if tiebreaks else (codes_from_file(t) or parse_codes(TEAM_TIEBREAKS))
    tbs = [tb for tb in tbs if tb.code not in ("MPTS", "GPTS") or tb.code[:2] != t.primary]
    second = parse_code("GPTS" if t.primary == "MP" else "MPTS")
    order = [second] + [tb for tb in tbs if tb.code != second.code]
    n = rounds_complete(t)
    rows_in = ranking(t, order, edition, rounds=n, primary=t.primary)
    mp = {tpn: t.match_points_before(tpn, n + 1) for tpn in t.team_by_tpn}
    gp = {tpn: t.game_points_before(tpn, n + 1) for tpn in t.team_by_tpn}
    primary, secondary = (mp, gp) if t.primary == "MP" else (gp, mp)
    return [
        TeamRow(
            r.place,
            r.shared,
            r.participant.player.id,
            r.participant.player.name,
            primary[r.participant.player.id],
            secondary[r.participant.player.id],
            {tb.text: r.participant.values.get(tb.text) for tb in order[1:]},
        )
        for r in rows_in
    ]
