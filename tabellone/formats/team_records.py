"""TRF26 records ``300`` (a team's line-up out of its default order) and ``801`` (a
team's results board by board): reading them, checking them against the rest of the
file, writing them back.

TRF26 (FIDE Council 12/05/2025, applied from 1/9/2025), the team section:

``300`` *Out-of-(default)-order* -- "required when a team plays in a different board
order than defined in record 310, or plays with an unoccupied board"::

    300  5-7 round   9-11 team (TPN)   13-15 its scheduled opponent
         17-20, 22-25, ... the player (start rank, 001) on board 1, 2, ...; 0000 an empty board

A team without a ``300`` record for a round plays its *default order*: the players of
its roster (``310``) who played that round, in roster order (a reserve moves up), as
the example file of the TRF26 text shows (a team whose 801 line-up is ``1235`` has no
``300`` record; ``1534`` has one).

``801`` *informative record* (the long form of ``802``): the team's number, nickname,
match points, game points, then for each round its opponent, its colour on board 1,
the result of each board from the team's side (``1 = 0 + - W D L``, one character per
board) and the line-up (one character per board: the player's place in the team's
``310`` roster in base 36, ``1``-``9`` then ``A``-``Z``, ``0`` an empty board); a bye
round has the bye's letter once per board (``UUUU`` pairing-allocated, ``FFFF``,
``HHHH``, ``ZZZZ``) in the results' place. Its widths follow the event (team numbers,
boards, points), so it is read by its words, not fixed columns: a round is either a
bye word or ``OPPONENT COLOUR RESULTS [LINE-UP]`` (a forfeited match may have no
line-up), and which round a word group is comes from the column where its results
stand (file-wide: the first round's column and the rounds' common spacing), so a
round left blank in the middle of a line keeps the later rounds in place.

What the records say is checked against the match level (``802`` or the players'
``001`` records), the roster and the players' games; any contradiction is one
:class:`~tabellone.core.errors.InputError` naming the file, the line and the field. A file
whose only round records are its ``801`` lines (no ``802``, no rounds in ``001``) has
its match level read from them (:func:`matches_from_801`), and they are written back
as read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from math import gcd

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, EMPTY_ENTRY, WHITE, RoundEntry, Tournament
from tabellone.core.scoring import Scoring, format_points

# The records' data and what they mean belong to the team model (the core); they are
# named here too, where a reader of the format looks for them.
from tabellone.core.team import (
    Lineup,
    Round801,
    TeamTournament,
    board_count,
    default_lineup,
    lineup_of,
    match_result,
)
from tabellone.formats.text import NUMBER

__all__ = [
    "BOARD_RESULTS",
    "BYE_LETTERS",
    "Lineup",
    "Round801",
    "Row801",
    "board_count",
    "board_one_colour",
    "board_results",
    "check_801",
    "check_lineups",
    "default_lineup",
    "format_300",
    "format_801",
    "has_board_records",
    "lineup_of",
    "matches_from_801",
    "parse_300",
    "parse_801",
    "place_801",
    "to_base36",
]

_BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Bye letters of an 801 round (once per board) and the match-level codes they stand for.
BYE_LETTERS = {"U": "U", "F": "F", "H": "H", "Z": "Z"}
#: Result characters of one board in an 801 round, from the team's side.
BOARD_RESULTS = frozenset("10=+-WDL")


# ---- 300 ---------------------------------------------------------------------------


def parse_300(line: str, n: int, source: str) -> Lineup:
    """One ``300`` line (columns as the module text gives them)."""

    def whole(text: str, field: str) -> int:
        t = text.strip()
        if not t.isdigit():
            raise InputError(f"found {t!r}, expected a whole number", source=source, line=n, field=field)
        return int(t)

    p = line.rstrip().ljust(15)
    r = whole(p[4:7], "300 round, columns 5-7")
    tpn = whole(p[8:11], "300 team, columns 9-11")
    opp = whole(p[12:15], "300 scheduled opponent, columns 13-15")
    if r == 0:
        raise InputError("found round 0, expected 1 or more", source=source, line=n, field="300 round, columns 5-7")
    players = []
    for k in range(16, len(p), 5):
        chunk = p[k : k + 4]
        if not chunk.strip():
            players.append(0)
            continue
        players.append(whole(chunk, f"300 board {len(players) + 1}, columns {k + 1}-{k + 4}"))
    if not any(players):
        raise InputError("no player on any board", source=source, line=n, field="300 players, columns 17-")
    return Lineup(r, tpn, opp, tuple(players))


def format_300(lineup: Lineup) -> str:
    return (
        f"300 {lineup.round:3d} {lineup.tpn:3d} {lineup.opponent:3d} " + " ".join(f"{pid:4d}" for pid in lineup.players)
    ).rstrip()


# ---- 801 ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Row801:
    line: int
    tpn: int
    nickname: str
    mp: Fraction
    gp: Fraction
    words: tuple[Round801, ...]
    rounds: Mapping[int, Round801] | None = None


def _words(line: str) -> list[tuple[int, str]]:
    out, k = [], 0
    while k < len(line):
        if line[k] == " ":
            k += 1
            continue
        start = k
        while k < len(line) and line[k] != " ":
            k += 1
        out.append((start + 1, line[start:k]))
    return out


def _is_bye(word: str) -> bool:
    return len(set(word.upper())) == 1 and word[0].upper() in BYE_LETTERS and not word.isdigit()


def parse_801(line: str, n: int, source: str) -> Row801:
    """The words of one ``801`` line; the rounds are placed by :func:`place_801`."""

    def err(message: str, field: str) -> InputError:
        return InputError(message, source=source, line=n, field=field)

    words = _words(line.rstrip()[4:])
    words = [(c + 4, w) for c, w in words]
    if len(words) >= 2 and words[1][0] > words[0][0] + len(words[0][1]) + 1:
        words.insert(1, (0, ""))  # no nickname: its field (one blank after the number) is empty
    if len(words) < 4:
        raise err(f"found {line[4:].strip()!r}, expected team number, nickname, match points and game points", "801")
    (_, tpn), (_, nick), (_, mp), (_, gp) = words[:4]
    if not tpn.isdigit():
        raise err(f"found {tpn!r}, expected the team pairing number", "801 team pairing number")
    values = []
    for text, what in ((mp, "match points"), (gp, "game points")):
        t = text.replace(",", ".")
        if not NUMBER.match(t):
            raise err(f"found {text!r}, expected a number such as 4 or 2.5", f"801 {what}")
        values.append(Fraction(t))
    rounds: list[Round801] = []
    rest = words[4:]
    k = 0
    while k < len(rest):
        col, word = rest[k]
        if _is_bye(word):
            rounds.append(Round801(None, None, word.upper(), "", word[0].upper(), col))
            k += 1
            continue
        where = f"801 round at column {col}"
        if not word.isdigit():
            raise err(f"found {word!r}, expected an opponent team number or a bye (UUUU, FFFF, HHHH, ZZZZ)", where)
        if k + 2 >= len(rest):
            raise err(f"the round of opponent {word} is cut short: expected OPPONENT COLOUR RESULTS [LINE-UP]", where)
        colour, (rcol, results) = rest[k + 1][1], rest[k + 2]
        if colour.lower() not in (WHITE, BLACK):
            raise err(f"found colour {colour!r}, expected w or b", f"801 round at column {rest[k + 1][0]}")
        bad = sorted(set(results.upper()) - BOARD_RESULTS)
        if bad:
            raise err(
                f"found board result(s) {''.join(bad)!r} in {results!r}, expected 1 = 0 + - W D L",
                f"801 results at column {rcol}",
            )
        k += 3
        lineup = ""
        # a line-up is the next word unless that word opens the next round (a colour follows it)
        if (
            k < len(rest)
            and not _is_bye(rest[k][1])
            and not (k + 1 < len(rest) and rest[k + 1][1].lower() in (WHITE, BLACK))
        ):
            lineup = rest[k][1].upper()
            if set(lineup) - set(_BASE36):
                raise err(
                    f"found line-up {rest[k][1]!r}, expected one character per board (1-9, A-Z, 0 an empty board)",
                    f"801 line-up at column {rest[k][0]}",
                )
            k += 1
        rounds.append(Round801(int(word), colour.lower(), results.upper(), lineup, None, rcol))
    return Row801(n, int(tpn), nick, values[0], values[1], tuple(rounds))


def place_801(rows: list[Row801], source: str) -> list[Row801]:
    """Number the rounds of every ``801`` line by the column of their results: the
    file's first-round column and the rounds' spacing (the greatest common divisor of
    the gaps between neighbouring rounds on all lines)."""
    columns = [w.column for row in rows for w in row.words]
    if not columns:
        return [replace(row, rounds={}) for row in rows]
    first = min(columns)
    step = 0
    for row in rows:
        for a, b in zip(row.words, row.words[1:]):
            step = gcd(step, b.column - a.column)
    out = []
    for row in rows:
        placed: dict[int, Round801] = {}
        for w in row.words:
            offset = w.column - first
            if step == 0:
                r = 1
            elif offset % step:
                raise InputError(
                    f"the round at column {w.column} is out of line with the other rounds (first at column {first}, "
                    f"every {step} columns)",
                    source=source,
                    line=row.line,
                    field="801 rounds",
                )
            else:
                r = offset // step + 1
            placed[r] = w
        out.append(replace(row, rounds=placed))
    return out


def to_base36(index: int) -> str:
    return _BASE36[index]


# ---- what the records mean -----------------------------------------------------------


def board_one_colour(boards: Tournament, players: tuple[int, ...], round_number: int, board_colours: str) -> str | None:
    """The colour a team had on board 1 in a match: that of its first paired board,
    turned by ``352`` when that board's colour differs from board 1's."""
    for k, pid in enumerate(players):
        if not pid or pid not in boards.by_id:
            continue
        c = boards.player(pid).entry(round_number).colour
        if c in (WHITE, BLACK) and boards.player(pid).entry(round_number).opponent is not None:
            same = not board_colours or k >= len(board_colours) or board_colours[k] == board_colours[0]
            return c if same else (BLACK if c == WHITE else WHITE)
    return None


def check_lineups(
    t: TeamTournament, source: str, lines_300: Mapping[tuple[int, int], int], player_line: Callable[[int], int | None]
) -> None:
    """Every ``300`` record names a round the team played against that opponent and
    players of its roster; and in every match the players on board k of the two teams
    (300 or default order) met each other in their ``001`` records, with the colours of
    ``352``."""
    for lu in sorted(t.lineups.values(), key=lambda x: (x.round, x.tpn)):
        _check_300(t, lu, source, lines_300.get((lu.round, lu.tpn)))
    boards = t.boards
    if boards is None:
        return
    colours = t.board_colours
    for p in t.players:
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is None or e.colour != WHITE:
                continue
            mine, theirs = lineup_of(t, p.id, r), lineup_of(t, e.opponent, r)
            for k in range(max(len(mine), len(theirs))):
                a = mine[k] if k < len(mine) else 0
                b = theirs[k] if k < len(theirs) else 0
                for me, other, team, colour_side in ((a, b, p.id, WHITE), (b, a, e.opponent, BLACK)):
                    if not me:
                        continue
                    ge = boards.player(me).entry(r)
                    if other and ge.opponent is not None and ge.opponent != other:
                        raise InputError(
                            f"round {r}, board {k + 1} of {p.id}-{e.opponent}: player {me} (team {team}) meets player {ge.opponent}, "
                            f"but the line-up (300 or the roster's order) puts player {other} on that board",
                            source=source,
                            line=player_line(me),
                            field=f"round {r}",
                        )
                    if colours and ge.colour in (WHITE, BLACK) and k < len(colours):
                        want = colours[k].lower() if colour_side == WHITE else (BLACK if colours[k] == "W" else WHITE)
                        if ge.colour != want:
                            raise InputError(
                                f"round {r}, board {k + 1}: player {me} (team {team}) has colour {ge.colour!r}; the 352 board colours "
                                f"{colours} give {want!r} to board {k + 1} of the team {'with' if colour_side == WHITE else 'without'} White on board 1",
                                source=source,
                                line=player_line(me),
                                field=f"round {r}",
                            )


def _check_300(t: TeamTournament, lu: Lineup, source: str, n: int | None) -> None:
    def err(message: str, field: str) -> InputError:
        return InputError(message, source=source, line=n, field=field)

    by_tpn = t.team_by_tpn
    if lu.tpn not in by_tpn:
        raise err(f"team {lu.tpn} has no team record (310)", "300 team, columns 9-11")
    if lu.opponent not in by_tpn:
        raise err(f"team {lu.opponent} has no team record (310)", "300 scheduled opponent, columns 13-15")
    e = t.player(lu.tpn).entry(lu.round)
    if e.opponent != lu.opponent:
        met = f"meets team {e.opponent}" if e.opponent is not None else "has no match"
        raise err(
            f"team {lu.tpn} {met} in round {lu.round}, not team {lu.opponent}", "300 scheduled opponent, columns 13-15"
        )
    roster = by_tpn[lu.tpn].roster
    seen: set[int] = set()
    for k, pid in enumerate(lu.players):
        c = 17 + 5 * k
        if not pid:
            continue
        if pid not in roster:
            raise err(f"player {pid} is not in team {lu.tpn}'s roster (310)", f"300 board {k + 1}, columns {c}-{c + 3}")
        if pid in seen:
            raise err(f"player {pid} is on two boards", f"300 board {k + 1}, columns {c}-{c + 3}")
        seen.add(pid)
    b = t.boards_per_match
    if len(lu.players) > b:
        raise err(f"{len(lu.players)} boards, the event has {b}", "300 players")


def has_board_records(boards: Tournament | None, roster: tuple[int, ...], round_number: int) -> bool:
    """Whether the players' ``001`` records say anything about this team in this round."""
    return boards is not None and any(
        pid in boards.by_id and not boards.player(pid).entry(round_number).is_empty for pid in roster
    )


def board_results(t: TeamTournament, tpn: int, round_number: int) -> tuple[tuple[int, ...], str]:
    """(line-up, one result character per board) of team ``tpn`` in a match of
    ``round_number``, from its players' ``001`` records: ``-`` for an empty board."""
    players = lineup_of(t, tpn, round_number)
    b = max(t.boards_per_match, len(players))
    players = tuple(players) + (0,) * (b - len(players))
    chars = []
    for pid in players:
        code = t.boards.player(pid).entry(round_number).result if pid else "-"  # type: ignore[union-attr]  # called with board records
        chars.append(code.upper() if code != " " else "?")
    return players, "".join(chars)


def check_801(t: TeamTournament, rows: list[Row801], source: str) -> None:
    """Every ``801`` line agrees with the event: its team exists, its totals are the
    event's, and each round its opponent, colour, bye, line-up (300 or default order,
    as roster places) and board results (the players' ``001`` results) are the
    event's."""
    by_tpn = t.team_by_tpn
    seen: dict[int, int] = {}
    rounds = max((len(p.rounds) for p in t.players), default=0)
    scoring = t.boards.scoring if t.boards is not None else Scoring()
    for row in rows:

        def err(message: str, field: str) -> InputError:
            return InputError(message, source=source, line=row.line, field=field)

        if row.tpn not in by_tpn:
            raise err(f"team {row.tpn} has no team record (310)", "801 team pairing number")
        if row.tpn in seen:
            raise err(f"team {row.tpn} has two 801 lines (also line {seen[row.tpn]})", "801 team pairing number")
        seen[row.tpn] = row.line
        p = t.player(row.tpn)
        mp, gp = t.score_after(p, rounds), t.game_points_before(row.tpn, rounds + 1)
        if row.mp != mp:
            raise err(f"{format_points(row.mp)} match points, the results give {format_points(mp)}", "801 match points")
        if row.gp != gp:
            raise err(f"{format_points(row.gp)} game points, the results give {format_points(gp)}", "801 game points")
        roster = by_tpn[row.tpn].roster
        for r, w in sorted(row.rounds.items()):  # type: ignore[union-attr]  # placed rows (place_801)
            where = f"801 round {r}"
            e = p.entry(r)
            if w.bye is not None:
                code = e.result if e.opponent is None else None
                if code == " ":
                    code = "Z"
                if code != BYE_LETTERS[w.bye]:
                    has = f"meets team {e.opponent}" if e.opponent is not None else f"has bye code {e.result!r}"
                    raise err(f"bye {w.results} in round {r}, but team {row.tpn} {has}", where)
                continue
            if e.opponent != w.opponent or e.colour != w.colour:
                has = f"meets team {e.opponent} with colour {e.colour!r}" if e.opponent is not None else "has no match"
                raise err(
                    f"team {row.tpn} meets {w.opponent} with {w.colour!r} in round {r}, but the match records say it {has}",
                    where,
                )
            if not has_board_records(t.boards, roster, r) and not has_board_records(
                t.boards, by_tpn[w.opponent].roster, r
            ):
                got = sum((scoring.points(c, None) for c in w.results), Fraction(0))
                if got != t.game_points_in(row.tpn, r):
                    raise err(
                        f"the board results {w.results} make {format_points(got)} game points, "
                        f"the match records {format_points(t.game_points_in(row.tpn, r))}",
                        where,
                    )
                continue
            players, chars = board_results(t, row.tpn, r)
            if len(w.results) != len(chars):
                raise err(
                    f"board results {w.results} have {len(w.results)} boards, the event has {len(chars)}",
                    where + " (results)",
                )
            if w.lineup:
                if len(w.lineup) != len(players):
                    raise err(
                        f"line-up {w.lineup} has {len(w.lineup)} places, the event has {len(players)} boards",
                        where + " (line-up)",
                    )
                named = []
                for c in w.lineup:
                    k = _BASE36.index(c)
                    if k > len(roster):
                        raise err(
                            f"line-up {w.lineup}: place {c} is beyond team {row.tpn}'s roster of {len(roster)}",
                            where + " (line-up)",
                        )
                    named.append(roster[k - 1] if k else 0)
                if tuple(named) != players[: len(named)] or any(players[len(named) :]):
                    raise err(
                        f"line-up {w.lineup} puts players {' '.join(map(str, named))} on the boards; the players' records "
                        f"{'and 300 ' if (r, row.tpn) in t.lineups else ''}give {' '.join(map(str, players))}",
                        where + " (line-up)",
                    )
            if len(w.results) != len(chars) or any(a != b for a, b in zip(w.results, chars) if b != "?"):
                raise err(
                    f"board results {w.results}, the players' records give {chars.replace('?', '.')}",
                    where + " (results)",
                )


def matches_from_801(
    rows: list[Row801], scoring: Scoring, pab_gp: Fraction, source: str
) -> tuple[dict[int, list[RoundEntry]], dict[int, tuple[Fraction | None, ...]]]:
    """The match level of a file whose only round records are its ``801`` lines (no
    ``802``, no rounds in the players' ``001`` records): ``({tpn: [RoundEntry]},
    {tpn: (game points per round)})``. A match's game points are its boards' points
    (``162``), its result the comparison with the opponent's line; a match forfeited on
    every board is a forfeited match; a bye letter is that bye (``U`` worth ``320``'s
    game points). The opponent's line must name this team in that round."""
    by_tpn = {row.tpn: row for row in rows}
    entries: dict[int, list[RoundEntry]] = {}
    gps: dict[int, list[Fraction | None]] = {}
    for row in rows:
        last = max(row.rounds, default=0)  # type: ignore[arg-type]  # placed rows (place_801)
        entries[row.tpn] = [EMPTY_ENTRY] * last
        gps[row.tpn] = [None] * last
        for r, w in row.rounds.items():  # type: ignore[union-attr]
            if w.bye is not None:
                entries[row.tpn][r - 1] = RoundEntry(None, None, w.bye)
                gps[row.tpn][r - 1] = (
                    pab_gp if w.bye == "U" else sum((scoring.points(w.bye, None) for _ in w.results), Fraction(0))
                )
                continue
            other = by_tpn.get(w.opponent)  # type: ignore[arg-type]  # a match: an opponent
            theirs = other.rounds.get(r) if other is not None else None  # type: ignore[union-attr]
            if theirs is None or theirs.opponent != row.tpn or theirs.colour == w.colour:
                raise InputError(
                    f"team {row.tpn} meets {w.opponent} with {w.colour!r} in round {r}, but team {w.opponent}'s 801 line "
                    "does not name it with the other colour",
                    source=source,
                    line=row.line,
                    field=f"801 round {r}",
                )
            mine = sum((scoring.points(c, None) for c in w.results), Fraction(0))
            other_points = sum((scoring.points(c, None) for c in theirs.results), Fraction(0))
            forfeited = all(c in "+-" for c in w.results + theirs.results)
            code = ("+" if mine > other_points else "-") if forfeited else match_result(mine, other_points)
            entries[row.tpn][r - 1] = RoundEntry(w.opponent, w.colour, code)
            gps[row.tpn][r - 1] = mine
    return entries, {tpn: tuple(v) for tpn, v in gps.items()}


def format_801(t: TeamTournament) -> list[str]:
    """The ``801`` lines of a team event with board records (module text): widths from
    the event, a round left blank while its match has no result yet."""
    if not t.teams or (t.boards is None and not t.rounds_801):
        return []
    rounds = max((len(p.rounds) for p in t.players), default=0)
    b = t.boards_per_match
    wt = max(2, len(str(max(team.tpn for team in t.teams))))
    totals = {
        team.tpn: (
            format_points(t.score_after(t.player(team.tpn), rounds)),
            format_points(t.game_points_before(team.tpn, rounds + 1)),
        )
        for team in t.teams
    }
    wm = max(4, max(len(m) for m, _ in totals.values()))
    wg = max(4, max(len(g) for _, g in totals.values()))
    lines = []
    for team in t.teams:
        p = t.player(team.tpn)
        mp, gp = totals[team.tpn]
        text = f"801 {team.tpn:>{wt}} {team.nickname[:5]:<5} {mp:>{wm}} {gp:>{wg}}"
        width = 2 + wt + 3 + 2 * b + 1
        for r in range(1, rounds + 1):
            e = p.entry(r)
            if e.opponent is None and e.result in "UFHZ" and e.result != " ":
                block = " " * (2 + wt + 3) + e.result * b + " " * (1 + b)
            elif e.opponent is None or e.pending:
                block = " " * width
            elif (r, team.tpn) in t.rounds_801 and not has_board_records(t.boards, team.roster, r):
                given = t.rounds_801[(r, team.tpn)]  # the file's own 801 round: no board records to rebuild it from
                block = f"  {e.opponent:>{wt}} {e.colour} {given.results} {given.lineup:<{b}}"
            else:
                players, chars = board_results(t, team.tpn, r)
                roster = team.roster
                places = "".join(to_base36(roster.index(pid) + 1) if pid else "0" for pid in players)
                if "?" in chars:
                    block = " " * width
                else:
                    block = f"  {e.opponent:>{wt}} {e.colour} {chars} {places:<{b}}"
            text += block.ljust(width)
        lines.append(text.rstrip())
    return lines
