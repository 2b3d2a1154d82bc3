"""TRF26 team records: reading a team event into a :class:`~tabellone.core.team.TeamTournament`
and writing it back.

Records read (1-based columns, as TRF26's tables give them; approved by the FIDE
Council on 12/05/2025, applied from 1/9/2025)::

    310  5-7 TPN   9-40 name   42-46 nickname   48-53 strength   55-60 match points
         62-67 game points   69-71 rank   74-77, 79-82, ... the players (start ranks)
    013  5-36 name   37-40, 42-45, ... the players (the older record: TPN = its order)
    320  5-8 match points of the pairing-allocated bye   10-13 its game points
         15-17, 19-21, ... the team that had it in round 1, 2, ... (000: none)
    330  5-6 +- / -+ / -- (forfeited match)   8-10 round   12-14 White team  16-18 Black team
    352  the colour of each board of the team with White on board 1 (``WBWB``)
    362  TW / TD / TL match points of a match won, drawn, lost (default 2 / 1 / 0)
    802  5-7 TPN   9-13 nickname   15-20 match points   22-27 game points; then for
         round r, from column c = 29 + 13 (r - 1): c..c+2 opponent or bye (PAB FPB HPB
         ZPB), c+4 colour, c+6..c+9 game points, c+10 forfeit mark (f / F)
    240, 250, 260  byes, virtual points and prohibited pairs, by team pairing number
    300, 801       line-ups out of default order, results board by board: read, checked
                   against the rest of the file and written (:mod:`tabellone.formats.team_records`)

The match level comes from the ``802`` lines when the file has them; otherwise it is
derived from the players' ``001`` records (:func:`derive_matches`): a team's opponent in
a round is the team of its players' opponents, its game points the sum of its boards'
points (``162``), its colour the scheduled colour of the first player of its roster who
was paired (C.04.6 Art. 1.6.1), the match played when one of its games was played, won
by forfeit otherwise (and as a ``330`` record says). Every fault names file, line and
columns (:class:`~tabellone.core.errors.InputError`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import (
    BLACK,
    EMPTY_ENTRY,
    WHITE,
    Player,
    RoundEntry,
    Tournament,
    VirtualPoints,
)
from tabellone.core.scoring import PLAYED_CODES, Scoring, format_points
from tabellone.core.team import Team, TeamTournament, match_result
from tabellone.formats.sniff import is_team_file as is_team_file  # where it lives now
from tabellone.formats.team_records import (
    Lineup,
    Row801,
    board_one_colour,
    check_801,
    check_lineups,
    default_lineup,
    format_300,
    format_801,
    has_board_records,
    matches_from_801,
    parse_300,
    parse_801,
    place_801,
)
from tabellone.formats.text import NUMBER
from tabellone.formats.trf import (
    _line_260,
    _Reader,
    _scoring_lines,
    format_player,
    lines_240,
    parse_trf,
    record_lines,
)

#: First lines' codes that mark a team event.
TEAM_RECORDS = ("310", "013")
BYE_NAMES = {"PAB": "U", "FPB": "F", "HPB": "H", "ZPB": "Z"}
BYE_CODES = {v: k for k, v in BYE_NAMES.items()}
#: Codes handled here rather than by the player-file reader.
_TEAM_CODES = {"310", "013", "320", "330", "352", "362", "802", "801", "300", "240", "250", "260"}


def team_options(system: str | None) -> tuple[str, str, bool, bool]:
    """(preferences, primary score, secondary score used for colours, Baku) of a TRF26
    ``192`` code of the team family: ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]``
    (``FIDE_TEAM`` alone: Type A, match points primary, game points for colours; a code
    without a type uses no colour preferences). Other codes give the defaults."""
    code = (system or "").upper()
    if not code.startswith("FIDE_TEAM"):
        return "A", "MP", True, False
    parts = code.split("_")[2:]
    baku = "BAKU" in parts
    parts = [p for p in parts if p != "BAKU"]
    if not parts:
        return "A", "MP", True, baku
    preferences = "none"
    if parts and parts[0] in ("TYPEA", "TYPEB"):
        preferences = parts.pop(0)[-1]
    scores = [p for p in parts if p in ("MP", "GP")]
    primary = scores[0] if scores else "MP"
    return preferences, primary, len(scores) != 1, baku


class _TeamReader:
    _board_line: dict[int, int]  # player -> line of its 001 record, set by parse_team_trf

    def __init__(self, source: str) -> None:
        self.source = source
        self.board_lines: list[tuple[int, str]] = []
        self.header_lines: list[tuple[int, str]] = []
        self.teams: list[Team] = []
        self.team_lines: dict[int, int] = {}
        self.legacy = 0
        self.legacy_teams: list[tuple[Team, int]] = []  # 013: used when the file has no 310
        self.pab: tuple[Fraction, Fraction] | None = None
        self.pab_rounds: dict[int, tuple[int, int]] = {}  # round -> (tpn, line)
        self.forfeits: dict[
            tuple[int, int], tuple[str, str, int, int]
        ] = {}  # (round, tpn) -> (colour, code, opponent, line)
        self.board_colours = ""
        self.mp_values = {"TW": Fraction(2), "TD": Fraction(1), "TL": Fraction(0)}
        self.mp_given = False
        self.rows_802: dict[int, tuple[int, list[tuple[str | int | None, str | None, Fraction | None, bool]]]] = {}
        self.lineups: dict[tuple[int, int], Lineup] = {}
        self.lines_300: dict[tuple[int, int], int] = {}
        self.rows_801: list[Row801] = []
        self.virtual: list[tuple[int, Fraction, Fraction, int, int, int, int]] = []

    def error(self, line: int, message: str, field: str) -> InputError:
        return InputError(message, source=self.source, line=line, field=field)

    def number(self, text: str, n: int, field: str, blank: Fraction | None = None) -> Fraction:
        t = text.strip().replace(",", ".")
        if not t and blank is not None:
            return blank
        if not NUMBER.match(t):
            raise self.error(n, f"found {t!r}, expected a number such as 1.0 or 2.5", field)
        return Fraction(t)

    def integer(self, text: str, n: int, field: str) -> int:
        t = text.strip()
        if not t.isdigit():
            raise self.error(n, f"found {t!r}, expected a whole number", field)
        return int(t)

    def ids(self, text: str, n: int, field: str, width: int, start_col: int) -> tuple[int, ...]:
        out = []
        for k in range(0, len(text), width):
            chunk = text[k : k + width].strip()
            if chunk:
                if not chunk.isdigit():
                    c = start_col + k
                    raise self.error(
                        n, f"found {chunk!r}, expected a start rank", f"{field}, columns {c}-{c + width - 2}"
                    )
                if int(chunk):
                    out.append(int(chunk))
        return tuple(out)

    # ---- records --------------------------------------------------------------------

    def record(self, raw: str, n: int) -> None:
        code = raw[:3]
        line = raw.rstrip()
        if code == "310":
            p = line.ljust(73)
            tpn = self.integer(p[4:7], n, "310 team pairing number, columns 5-7")
            mp = self.number(p[54:60], n, "310 match points, columns 55-60") if p[54:60].strip() else None
            gp = self.number(p[61:67], n, "310 game points, columns 62-67") if p[61:67].strip() else None
            rank = self.integer(p[68:71], n, "310 rank, columns 69-71") if p[68:71].strip() else None
            roster = self.ids(p[73:], n, "310 players", 5, 74)
            self.add_team(Team(tpn, p[8:40].strip(), p[41:46].strip(), p[47:53].strip(), roster, mp, gp, rank), n)
        elif code == "013":
            p = line.ljust(40)
            self.legacy += 1
            roster = self.ids(p[36:], n, "013 players", 5, 37)
            self.legacy_teams.append((Team(self.legacy, p[4:36].strip(), roster=roster), n))
        elif code == "320":
            p = line.ljust(13)
            mp = self.number(p[4:8], n, "320 PAB match points, columns 5-8")
            gp = self.number(p[9:13], n, "320 PAB game points, columns 10-13")
            self.pab = (mp, gp)
            for r, k in enumerate(range(14, len(line), 4), start=1):
                chunk = line[k : k + 3].strip()
                if chunk:
                    tpn = self.integer(chunk, n, f"320 PAB team of round {r}, columns {k + 1}-{k + 3}")
                    if tpn:
                        self.pab_rounds[r] = (tpn, n)
        elif code == "330":
            p = line.ljust(18)
            kind = p[4:6]
            if kind not in ("+-", "-+", "--"):
                raise self.error(n, f"found {kind!r}, expected +-, -+ or --", "330 type of forfeit, columns 5-6")
            r = self.integer(p[7:10], n, "330 round, columns 8-10")
            white = self.integer(p[11:14], n, "330 White team, columns 12-14")
            black = self.integer(p[15:18], n, "330 Black team, columns 16-18")
            self.forfeits[(r, white)] = (WHITE, "+" if kind == "+-" else "-", black, n)
            self.forfeits[(r, black)] = (BLACK, "+" if kind == "-+" else "-", white, n)
        elif code == "352":
            colours = line[4:].strip().upper()
            if not colours or set(colours) - {"W", "B"}:
                raise self.error(n, f"found {colours!r}, expected W and B, one per board", "352 board colours")
            self.board_colours = colours
        elif code == "362":
            tokens = line[4:].split()
            if len(tokens) % 2 or not tokens:
                raise self.error(
                    n, f"found {line[4:].strip()!r}, expected pairs such as 'TW 2 TD 1 TL 0'", "362 match points"
                )
            for sym, value in zip(tokens[0::2], tokens[1::2]):
                if sym.upper() not in self.mp_values:
                    raise self.error(n, f"found symbol {sym!r}, expected TW, TD or TL", "362 match points")
                self.mp_values[sym.upper()] = self.number(value, n, f"362 {sym.upper()}")
            self.mp_given = True
        elif code == "802":
            self.row_802(line, n)
        elif code == "250":
            p = line.ljust(31)
            mp = self.number(p[4:8], n, "250 fictitious match points, columns 5-8", Fraction(0))
            gp = self.number(p[9:13], n, "250 fictitious game points, columns 10-13", Fraction(0))
            tokens = p[14:].split()
            if len(tokens) != 4:
                raise self.error(
                    n,
                    f"found {p[14:].strip()!r}, expected first and last round, first and last team",
                    "250 (virtual points)",
                )
            r1, r2, t1, t2 = (self.integer(t, n, "250 (virtual points)") for t in tokens)
            self.virtual.append((n, mp, gp, r1, r2, t1, t2))
        elif code == "300":
            lu = parse_300(line, n, self.source)
            key = (lu.round, lu.tpn)
            if key in self.lineups:
                raise self.error(
                    n,
                    f"team {lu.tpn} has two 300 line-ups for round {lu.round} (also line {self.lines_300[key]})",
                    "300 team, columns 9-11",
                )
            self.lineups[key] = lu
            self.lines_300[key] = n
        elif code == "801":
            self.rows_801.append(parse_801(line, n, self.source))
        else:  # 240, 260 and every other header: read by the player-file reader at team level
            self.header_lines.append((n, raw))

    def add_team(self, team: Team, n: int) -> None:
        if team.tpn in self.team_lines:
            raise self.error(
                n,
                f"team {team.tpn} is registered twice (also line {self.team_lines[team.tpn]})",
                f"{n} team pairing number",
            )
        if team.tpn == 0:
            raise self.error(
                n, "found team pairing number 0, expected 1 to 999", "310 team pairing number, columns 5-7"
            )
        self.teams.append(team)
        self.team_lines[team.tpn] = n

    def row_802(self, line: str, n: int) -> None:
        p = line.ljust(27)
        tpn = self.integer(p[4:7], n, "802 team pairing number, columns 5-7")
        rounds: list[tuple[str | int | None, str | None, Fraction | None, bool]] = []
        start = 28
        r = 1
        while start < len(line):
            block = line[start : start + 13].ljust(11)
            opp, colour, points, mark = block[0:3].strip(), block[4].strip(), block[6:10].strip(), block[10].strip()
            where = f"802 round {r}, columns {start + 1}-{start + 11}"
            if not opp and not points:
                rounds.append((None, None, None, False))
            elif opp.upper() in BYE_NAMES:
                rounds.append((BYE_NAMES[opp.upper()], None, self.number(points, n, where + " (game points)"), False))
            else:
                if not opp.isdigit():
                    raise self.error(n, f"found {opp!r}, expected an opponent team or PAB, FPB, HPB, ZPB", where)
                if int(opp) == 0:
                    rounds.append(("Z", None, self.number(points, n, where, Fraction(0)), False))
                else:
                    if colour.lower() not in (WHITE, BLACK):
                        raise self.error(n, f"found colour {colour!r}, expected w or b", where)
                    if mark and mark not in "fF":
                        raise self.error(n, f"found forfeit mark {mark!r}, expected f, F or blank", where)
                    gp = self.number(points, n, where + " (game points)") if points else None
                    rounds.append((int(opp), colour.lower(), gp, bool(mark)))
            start += 13
            r += 1
        if tpn in self.rows_802:
            raise self.error(n, f"team {tpn} has two 802 lines", "802 team pairing number, columns 5-7")
        self.rows_802[tpn] = (n, rounds)

    # ---- the event --------------------------------------------------------------------

    def finish(self) -> TeamTournament:
        # blank lines stand in for the other records, so the board reader's line numbers
        # are the file's
        numbered = dict(self.board_lines)
        board_text = "\n".join(numbered.get(n, "") for n in range(1, max(numbered, default=0) + 1))
        boards = parse_trf(board_text, source=self.source, allow_empty=True) if self.board_lines else None
        if not self.teams:  # TRF26: 013 is "to be phased out"; a file with 310 records is read by them
            for team, n in self.legacy_teams:
                self.add_team(team, n)
        by_tpn = {t.tpn: t for t in self.teams}
        if not self.teams:
            raise InputError("no team records (310 or 013)", source=self.source)
        rows_801 = place_801(self.rows_801, self.source)
        from_801 = not self.rows_802 and bool(rows_801) and (boards is None or boards.rounds_recorded == 0)
        if self.rows_802:
            entries, game_points = self.from_802(by_tpn)
        elif from_801:  # the 801 lines are the only round records
            entries, game_points = matches_from_801(
                rows_801, boards.scoring if boards is not None else Scoring(), self.pab_gp(boards), self.source
            )
        else:
            entries, game_points = self.derived(boards)
        header = _Reader(self.source)
        for n, raw in self.header_lines:
            header.other(raw, n)
        header.players = [
            Player(t.tpn, t.name, tuple(entries.get(t.tpn, ())), points=t.mp, rank=t.rank) for t in self.teams
        ]
        header.player_lines = dict(self.team_lines)
        t = header.finish()
        for r, (tpn, n) in self.pab_rounds.items():
            if tpn not in by_tpn:
                raise self.error(n, f"team {tpn} has no team record (310)", f"320 PAB team of round {r}")
        for key, (_, _, opp, n) in self.forfeits.items():
            for tpn in (key[1], opp):
                if tpn not in by_tpn:
                    raise self.error(n, f"team {tpn} has no team record (310)", "330 teams")
        for tpn in self.rows_802:
            if tpn not in by_tpn:
                raise self.error(
                    self.rows_802[tpn][0],
                    f"team {tpn} has no team record (310)",
                    "802 team pairing number, columns 5-7",
                )
        preferences, primary, secondary, _ = team_options(t.system)
        virtual = []
        for n, mp, gp, r1, r2, t1, t2 in self.virtual:
            for tpn in (t1, t2):
                if tpn not in by_tpn:
                    raise self.error(n, f"team {tpn} has no team record (310)", "250 teams")
            points = mp if primary == "MP" else gp
            virtual += [
                VirtualPoints(r, tpn, points)
                for r in range(r1, r2 + 1)
                for tpn in range(t1, t2 + 1)
                if tpn in by_tpn and points
            ]
        pab = self.pab or (self.mp_values["TD"], self.pab_gp(boards))
        scoring = Scoring(
            win=self.mp_values["TW"],
            draw=self.mp_values["TD"],
            loss=self.mp_values["TL"],
            forfeit_win=self.mp_values["TW"],
            forfeit_loss=self.mp_values["TL"],
            pab=pab[0],
            full_bye=self.mp_values["TW"],
            half_bye=self.mp_values["TD"],
        )
        event = TeamTournament(
            **{
                f: getattr(t, f)
                for f in ("players", "total_rounds", "initial_colour", "system", "byes", "prohibited", "headers")
            },
            scoring=scoring,
            virtual_points=tuple(sorted(virtual)) or t.virtual_points,
            teams=tuple(sorted(self.teams, key=lambda x: x.tpn)),
            boards=boards,
            game_points=game_points,
            pab_points=pab,
            board_colours=self.board_colours,
            primary=primary,
            secondary_for_colour=secondary,
            preferences=preferences,
            lineups=dict(sorted(self.lineups.items())),
            rounds_801={
                (r, row.tpn): w
                for row in rows_801
                for r, w in row.rounds.items()  # type: ignore[union-attr]
                if row.tpn in by_tpn and w.bye is None and not has_board_records(boards, by_tpn[row.tpn].roster, r)
            },
        )
        check_lineups(event, self.source, self.lines_300, self.board_line_of)
        if self.rows_802 and boards is not None:
            self.agree_802_with_players(event, boards)
        check_801(event, rows_801, self.source)
        return event

    def agree_802_with_players(self, event: TeamTournament, boards: Tournament) -> None:
        """When a file has both, its ``802`` lines and its players' ``001`` records tell
        one story: each match's opponent, colour, result and game points (a round the
        players' records leave blank, such as a bye without a ``320``, is not compared)."""
        entries, gps = self.derived(boards)
        for tpn, (n, rounds) in sorted(self.rows_802.items()):
            p = event.player(tpn)
            mine = entries.get(tpn, [])
            for r in range(1, len(rounds) + 1):
                said, derived = p.entry(r), (mine[r - 1] if r <= len(mine) else EMPTY_ENTRY)
                if derived.opponent is None and (said.opponent is None or derived.result == said.result):
                    continue  # a bye, or a forfeit whose opponent only the 802 line names
                if derived.is_empty or derived.pending or said.pending:
                    if (derived.opponent, derived.colour) == (said.opponent, said.colour) or derived.is_empty:
                        continue
                where = f"802 round {r}"
                if (said.opponent, said.colour, said.result) != (derived.opponent, derived.colour, derived.result):

                    def show(e: RoundEntry) -> str:
                        return (
                            f"meets {e.opponent} with {e.colour!r}, result {e.result!r}"
                            if e.opponent is not None
                            else f"has bye code {e.result!r}"
                        )

                    raise self.error(
                        n, f"team {tpn} {show(said)}; its players' records (001) say it {show(derived)}", where
                    )
                g_said, g_derived = event.game_points_in(tpn, r), gps[tpn][r - 1] if r <= len(gps[tpn]) else None
                if g_derived is not None and not said.pending and g_said != g_derived:
                    raise self.error(
                        n,
                        f"team {tpn} scored {format_points(g_said)} game points; its players' records (001) "
                        f"give {format_points(g_derived)}",
                        where,
                    )

    def board_line_of(self, pid: int) -> int | None:
        return self._board_line.get(pid)

    def derived(
        self, boards: Tournament | None
    ) -> tuple[dict[int, list[RoundEntry]], dict[int, tuple[Fraction | None, ...]]]:
        """The matches this file's players' records give (:func:`derive_matches`)."""
        return derive_matches(
            boards,
            self.teams,
            self.pab_rounds,
            self.forfeits,
            self.source,
            self.team_lines,
            self.board_line_of,
            self.pab_gp(boards),
            self.lineups,
            self.board_colours,
        )

    def pab_gp(self, boards: Tournament | None) -> Fraction:
        """Game points of the bye when no ``320`` says: those of a drawn match (C.04.6
        Art. 1.4), half the boards' points."""
        if self.pab is not None:
            return self.pab[1]
        n = len(self.board_colours) or max((len(t.roster) for t in self.teams), default=0)
        draw = boards.scoring.draw if boards is not None else Fraction(1, 2)
        return draw * n

    def from_802(
        self, by_tpn: dict[int, Team]
    ) -> tuple[dict[int, list[RoundEntry]], dict[int, tuple[Fraction | None, ...]]]:
        entries: dict[int, list[RoundEntry]] = {}
        gps: dict[int, tuple[Fraction | None, ...]] = {}
        for tpn, (n, rounds) in self.rows_802.items():
            row = []
            for r, (opp, colour, gp, forfeit) in enumerate(rounds, start=1):
                where = f"802 round {r}"
                if opp is None:
                    row.append(EMPTY_ENTRY)
                elif isinstance(opp, str):
                    row.append(RoundEntry(None, None, opp))
                else:
                    if opp not in by_tpn:
                        raise self.error(n, f"opponent team {opp} has no team record (310)", where)
                    other = self.rows_802.get(opp)
                    theirs = other[1][r - 1] if other and len(other[1]) >= r else None
                    if theirs is None or theirs[0] != tpn:
                        raise self.error(
                            n,
                            f"team {tpn} meets {opp} in round {r}, but team {opp}'s 802 line does not name {tpn}",
                            where,
                        )
                    if theirs[1] == colour:
                        raise self.error(n, f"teams {tpn} and {opp} both have colour {colour!r} in round {r}", where)
                    if gp is None or theirs[2] is None:
                        row.append(RoundEntry(opp, colour, " "))
                    elif forfeit:
                        row.append(RoundEntry(opp, colour, "+" if gp > theirs[2] else "-"))
                    else:
                        row.append(RoundEntry(opp, colour, match_result(gp, theirs[2])))
            entries[tpn] = row
            gps[tpn] = tuple(gp for _, _, gp, _ in rounds)
        return entries, gps


def derive_matches(
    boards: Tournament | None,
    teams: list[Team],
    pab_rounds: Mapping[int, tuple[int, int]],
    forfeits: Mapping[tuple[int, int], tuple[str, str, int, int]],
    source: str,
    team_lines: Mapping[int, int],
    board_line_of: Callable[[int], int | None],
    pab_gp: Fraction,
    lineups: Mapping[tuple[int, int], Lineup] | None = None,
    board_colours: str = "",
) -> tuple[dict[int, list[RoundEntry]], dict[int, tuple[Fraction | None, ...]]]:
    """The match level of a team event from its players' records (see the module's
    text): ``{tpn: [RoundEntry per round]}`` and ``{tpn: (game points per round)}``.
    ``lineups`` (the ``300`` records by (round, TPN)) say who sat on board 1 when a team
    played out of its default order; with ``board_colours`` (``352``) the team's colour
    on board 1 is read from its first occupied board."""
    lineups = lineups or {}
    team_of: dict[int, int] = {}
    for team in teams:
        for pid in team.roster:
            if pid in team_of:
                raise InputError(
                    f"player {pid} is in the roster of teams {team_of[pid]} and {team.tpn}",
                    source=source,
                    line=team_lines[team.tpn],
                    field="310 players",
                )
            if boards is None or pid not in boards.by_id:
                raise InputError(
                    f"player {pid} of team {team.tpn} has no player record (001 line)",
                    source=source,
                    line=team_lines[team.tpn],
                    field="310 players",
                )
            team_of[pid] = team.tpn
    n_rounds = max([boards.rounds_recorded if boards else 0] + list(pab_rounds) + [r for r, _ in forfeits])
    entries: dict[int, list[RoundEntry]] = {}
    gps: dict[int, list[Fraction | None]] = {}
    for team in teams:
        row: list[RoundEntry] = []
        points: list[Fraction | None] = []
        for r in range(1, n_rounds + 1):
            games = [(pid, boards.player(pid).entry(r)) for pid in team.roster]  # type: ignore[union-attr]
            paired = [(pid, e) for pid, e in games if e.opponent is not None]
            if (r, team.tpn) in forfeits:
                colour, code, opp, _ = forfeits[(r, team.tpn)]
                row.append(RoundEntry(opp, colour, code))
                counted = paired + [(pid, e) for pid, e in games if e.opponent is None and e.result in "+-"]
                points.append(
                    sum((boards.points_in_round(boards.player(pid), r) for pid, _ in counted), Fraction(0))
                    if boards
                    else Fraction(0)
                )
                continue
            if r in pab_rounds and pab_rounds[r][0] == team.tpn:
                row.append(RoundEntry(None, None, "U"))
                points.append(pab_gp)
                continue
            if not paired:
                byes = {e.result for _, e in games if not e.is_empty}
                code = "F" if "F" in byes else "H" if "H" in byes else "Z" if byes else " "
                if byes and byes <= {"+", "-", "Z"} and byes & {"+", "-"}:
                    # a match forfeited against a team the players' records do not name
                    # ("0000 - +", with no 330 record): won if a board was won
                    code = "+" if "+" in byes else "-"
                row.append(RoundEntry(None, None, code) if code != " " else EMPTY_ENTRY)
                points.append(
                    sum((boards.points_in_round(boards.player(pid), r) for pid, _ in games), Fraction(0))  # type: ignore[union-attr]
                    if code != " "
                    else None
                )
                continue
            for pid, e in paired:
                if e.opponent not in team_of:
                    raise InputError(
                        f"player {pid} of team {team.tpn} meets player {e.opponent}, who is in no team's roster",
                        source=source,
                        line=board_line_of(pid),
                        field=f"round {r}",
                    )
            opponents = {team_of[e.opponent] for _, e in paired}  # type: ignore[index]
            if len(opponents) != 1:
                pid = paired[-1][0]
                raise InputError(
                    f"the players of team {team.tpn} meet players of teams {', '.join(map(str, sorted(opponents)))}; "
                    "a team meets one team",
                    source=source,
                    line=board_line_of(pid),
                    field=f"round {r}",
                )
            opp = opponents.pop()
            lu = lineups.get((r, team.tpn))
            board_players = lu.players if lu is not None else default_lineup(boards, team.roster, r)  # type: ignore[arg-type]
            colour = board_one_colour(boards, board_players, r, board_colours) or paired[0][1].colour  # type: ignore[arg-type, assignment]
            if any(e.pending for _, e in paired):
                row.append(RoundEntry(opp, colour, " "))
                points.append(None)
                continue
            # a board won by forfeit against an empty board is written "0000 - +" (TRF26,
            # forfeited matches): no opponent, but its point is the team's
            counted = paired + [(pid, e) for pid, e in games if e.opponent is None and e.result in "+-"]
            mine = sum((boards.points_in_round(boards.player(pid), r) for pid, _ in counted), Fraction(0))  # type: ignore[union-attr]
            points.append(mine)
            row.append(RoundEntry(opp, colour, "?"))  # the result needs the opponent's points
        entries[team.tpn] = row
        gps[team.tpn] = points
    for tpn, row in entries.items():
        for r, e in enumerate(row, start=1):
            if e.result != "?":
                continue
            mine, theirs = gps[tpn][r - 1], gps[e.opponent][r - 1]  # type: ignore[index]
            played = any(
                boards.player(pid).entry(r).result in PLAYED_CODES  # type: ignore[union-attr]
                for pid in next(t for t in teams if t.tpn == tpn).roster
            )
            code = match_result(mine, theirs) if played else ("+" if mine > theirs else "-")  # type: ignore[arg-type, operator]
            row[r - 1] = RoundEntry(e.opponent, e.colour, code)
    for row in entries.values():
        while row and row[-1].is_empty:
            row.pop()
    return entries, {tpn: tuple(v) for tpn, v in gps.items()}


def parse_team_trf(text: str, source: str = "<input>") -> TeamTournament:
    """Read a TRF26 team event (see the module's text)."""
    reader = _TeamReader(source)
    reader._board_line = {}
    board_header_codes = {"162"}
    for n, raw in record_lines(text, reader.error):
        code = raw[:3]
        if code == "001":
            reader.board_lines.append((n, raw))
            pid = raw[4:8].strip()
            if pid.isdigit():
                reader._board_line[int(pid)] = n
        elif code in board_header_codes:
            reader.board_lines.append((n, raw))
        elif code == "142":
            reader.header_lines.append((n, raw))
            reader.board_lines.append((n, raw))
        else:
            reader.record(raw, n)
    return reader.finish()


# ------------------------------------------------------------------------------------------
# writing


def _pts(value: Fraction | None, width: int) -> str:
    return (format_points(value) if value is not None else "").rjust(width)


def format_team_trf(t: TeamTournament) -> str:
    """The TRF26 text of a team event: headers, ``142``/``152``/``162``/``192``/``352``/
    ``362``, ``240``/``250``/``260`` by team, the players' ``001`` records, then ``310``,
    ``320``, ``330``, the ``300`` line-ups, and per team one ``801`` line (when the event has
    board records) and one ``802`` line."""
    lines = [h.line for h in t.headers]
    if t.total_rounds is not None:
        lines.append(f"142 {t.total_rounds}")
    if t.initial_colour is not None:
        lines.append(f"152 {'W' if t.initial_colour == WHITE else 'B'}")
    if t.boards is not None:
        lines.extend(_scoring_lines(t.boards.scoring, "trf26"))
    if t.system is not None:
        lines.append(f"192 {t.system}")
    if t.board_colours:
        lines.append(f"352 {t.board_colours}")
    s = t.scoring
    if (s.win, s.draw, s.loss) != (2, 1, 0):  # type: ignore[comparison-overlap]  # Fraction == int
        lines.append(f"362 TW {format_points(s.win)} TD {format_points(s.draw)} TL {format_points(s.loss)}")
    lines.extend(lines_240(t.byes))
    field = "GG" if t.primary == "GP" else "MM"
    for v in sorted(t.virtual_points):
        mp, gp = (v.points, Fraction(0)) if field == "MM" else (Fraction(0), v.points)
        lines.append(f"250 {_pts(mp, 4)} {_pts(gp, 4)} {v.round:03d} {v.round:03d} {v.player:04d} {v.player:04d}")
    for rec in t.prohibited:
        lines.append(_line_260(rec))
    if t.boards is not None:
        lines.extend(format_player(p) for p in t.boards.players)
    rounds = max((len(p.rounds) for p in t.players), default=0)
    for team in t.teams:
        p = t.player(team.tpn)
        mp = t.score_after(p, rounds)
        gp = t.game_points_before(team.tpn, rounds + 1)
        head = f"310 {team.tpn:3d} {team.name[:32]:<32} {team.nickname[:5]:<5} {team.strength[:6]:>6} {_pts(mp, 6)} {_pts(gp, 6)} {(team.rank or 0) or '':>3}  "
        lines.append((head + " ".join(f"{pid:4d}" for pid in team.roster)).rstrip())
    pabs = [next((p.id for p in t.players if p.entry(r).result == "U"), 0) for r in range(1, rounds + 1)]
    if t.teams:
        lines.append(
            (
                f"320 {_pts(t.pab_points[0], 4)} {_pts(t.pab_points[1], 4)} " + " ".join(f"{x:03d}" for x in pabs)
            ).rstrip()
        )
    for r in range(1, rounds + 1):
        for p in t.players:
            e = p.entry(r)
            if e.result in "+-" and e.opponent is not None and e.colour == WHITE:
                other = t.player(e.opponent).entry(r).result
                kind = "+-" if e.result == "+" else "-+" if other == "+" else "--"
                lines.append(f"330 {kind} {r:03d} {p.id:03d} {e.opponent:03d}")
    lines.extend(format_300(lu) for lu in sorted(t.lineups.values(), key=lambda x: (x.round, x.tpn)))
    lines.extend(format_801(t))
    for team in t.teams:
        p = t.player(team.tpn)
        mp = t.score_after(p, rounds)
        gp = t.game_points_before(team.tpn, rounds + 1)
        text = f"802 {team.tpn:3d} {team.nickname[:5]:<5} {_pts(mp, 6)} {_pts(gp, 6)} "
        for r in range(1, rounds + 1):
            e = p.entry(r)
            row = t.game_points.get(team.tpn, ())
            g = row[r - 1] if r <= len(row) else None
            if e.is_empty:
                block = " " * 11
            elif e.opponent is None:
                block = f"{BYE_CODES.get(e.result, 'ZPB')}   {_pts(g if g is not None else Fraction(0), 4)} "
            else:
                mark = "f" if e.result in "+-" else " "
                block = f"{e.opponent:3d} {e.colour} {_pts(g, 4)}{mark}"
            text += block + "  "
        lines.append(text.rstrip())
    return "\n".join(lines) + "\n"
