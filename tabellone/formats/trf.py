"""Reading and writing FIDE Tournament Report Files: TRF16, TRF26 and engine extensions.

The reader turns a file into a :class:`~tabellone.core.model.Tournament`; the writer turns it
back into text in either format. Reading what was written gives the same tournament
(every fact survives ``read -> write -> read``, in either direction between formats).

Layout of a player record (``001``), 1-based columns (FIDE TRF16 / TRF26)::

    1-3  '001'        5-8   start rank     10   sex      11-13 title
    15-47 name        49-52 rating         54-56 federation
    58-68 FIDE id     70-79 birth date     81-84 points  86-89 rank
    then per round r, from column c = 92 + 10 (r - 1):
    c..c+3 opponent (0000 or blank: none)  c+5 colour w/b/-   c+7 result code

Records with pairing meaning, in each format:

===============================  ==============  ===============================
fact                              TRF26           TRF16 + engine extensions
===============================  ==============  ===============================
number of rounds                  ``142``         ``XXR n`` (JaVaFo, bbpPairings)
initial colour                    ``152 W|B``     ``XXC white1|black1``
point system                      ``162``         ``BBW BBD BBL BBZ BBF BBU``, ``XXS``
system code                       ``192``         (kept as a header)
byes entered before pairing       ``240``         ``XXZ`` (absent next round)
virtual points (acceleration)     ``250``         ``XXA``
prohibited pairs                  ``260``         ``XXP``
===============================  ==============  ===============================

Everything else (event name, dates, arbiters, tie-breaks, team records, ``###``
comments) is kept as text and written back unchanged.

The reader never rejects a file because a past round broke a pairing rule (a second
bye, a rematch): a file is a record of what happened, and judging it is the verifier's
job. It does reject what cannot be read: a field that is not what its columns must
hold, an opponent who does not exist or does not point back. The error names the file,
line and columns, what was found and what was expected.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

from tabellone.core.errors import InputError
from tabellone.core.model import (
    BLACK,
    WHITE,
    ByeKind,
    HeaderRecord,
    Player,
    PreassignedBye,
    ProhibitedPairs,
    RoundEntry,
    Tournament,
    VirtualPoints,
)
from tabellone.core.scoring import RESULT_KINDS, Scoring, format_points
from tabellone.core.validate import check_consistency
from tabellone.formats.text import NUMBER, decode, read_bytes, split_lines

ROUND_START = 91  # 0-based column of round 1's opponent field
ROUND_WIDTH = 10
ALL_ROUNDS = 999  # last round of a JaVaFo XXP record, which holds in every round
MAX_ROUNDS = 999  # the most rounds an event may declare (XXR / 142); also the XXA limit


def _digits(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also accepts superscripts such as '²')."""
    return text.isascii() and text.isdigit()


#: bbpPairings point records and the Scoring field each sets.
BBP_FIELDS = {
    "BBW": "win",
    "BBD": "draw",
    "BBL": "loss",
    "BBZ": "zero_bye",
    "BBF": "forfeit_loss",
    "BBU": "pab",
}

#: JaVaFo XXS codes and the Scoring field each sets.
XXS_FIELDS = {
    "WW": "white_win",
    "BW": "black_win",
    "WD": "white_draw",
    "BD": "black_draw",
    "WL": "white_loss",
    "BL": "black_loss",
    "ZPB": "zero_bye",
    "HPB": "half_bye",
    "FPB": "full_bye",
    "PAB": "pab",
    "FW": "forfeit_win",
    "FL": "forfeit_loss",
}

#: JaVaFo XXS shortcuts: the field set, then the fields it resets to follow it.
XXS_SHORTCUTS = {
    "W": ("win", "white_win", "black_win", "forfeit_win", "full_bye"),
    "D": ("draw", "white_draw", "black_draw", "half_bye"),
}

#: TRF26 162 symbols and the Scoring fields each sets. W covers wins, forfeit wins and
#: full-point byes; D draws and half-point byes; A absences and forfeit losses; P the
#: pairing-allocated bye; X an unknown result (an adjourned game).
T162_FIELDS = {
    "W": ("win",),
    "D": ("draw",),
    "L": ("loss",),
    "A": ("zero_bye", "forfeit_loss"),
    "P": ("pab",),
    "X": ("unknown",),
}


# --------------------------------------------------------------------------------------
# reading


def read_trf(path: str | os.PathLike[str]) -> Tournament:
    """Read a TRF file (TRF16 or TRF26, with JaVaFo/bbp extensions) from ``path``."""
    return parse_trf(read_bytes(path), source=str(path))


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.players: list[Player] = []
        self.player_lines: dict[int, int] = {}
        self.headers: list[HeaderRecord] = []
        self.total_rounds: int | None = None
        self.initial_colour: str | None = None
        self.colour_by_rank = False
        self.scoring_values: dict[str, Fraction] = {}
        self.system: str | None = None
        self.absent_next: list[tuple[int, int]] = []  # (line, id) from XXZ
        self.bye_records: list[tuple[int, ByeKind, int, int, list[int]]] = []
        self.virtual_records: list[tuple[str, int, Any, Any]] = []  # in file order: later records overwrite
        self.prohibited_records: list[tuple[int, int, int, list[int]]] = []

    def error(self, line: int, message: str, field: str | None = None) -> InputError:
        return InputError(message, source=self.source, line=line, field=field)

    # ---- small field parsers -----------------------------------------------------

    def integer(self, text: str, line: int, field: str, *, blank: int | None = None) -> int | None:
        t = text.strip()
        if not t:
            return blank
        if not _digits(t):
            raise self.error(line, f"found {t!r}, expected a whole number", field)
        return int(t)

    def number(self, text: str, line: int, field: str) -> Fraction:
        t = text.strip().replace(",", ".")
        if not NUMBER.match(t):
            raise self.error(line, f"found {t!r}, expected a number such as 1.0 or 0.5", field)
        return Fraction(t)

    # ---- records -----------------------------------------------------------------

    def player(self, raw: str, n: int) -> None:
        line = raw.rstrip()
        if len(line) < 8:
            raise self.error(
                n, f"found {line!r}, a player record needs at least the start rank", "columns 5-8 (start rank)"
            )

        def col(a: int, b: int) -> str:
            return line[a - 1 : b]

        if _digits(col(5, 9)):  # column 9 is blank: a 10,000th player does not fit
            raise self.error(
                n,
                f"found start rank {col(5, 9)!r}: TRF holds start ranks up to 9,999 in its four columns 5-8",
                "columns 5-8 (start rank)",
            )
        pid = self.integer(col(5, 8), n, "columns 5-8 (start rank)")
        if pid is None or pid == 0:
            raise self.error(n, f"found {col(5, 8)!r}, expected a start rank of 1 or more", "columns 5-8 (start rank)")
        if pid in self.player_lines:
            raise self.error(
                n, f"start rank {pid} is already used on line {self.player_lines[pid]}", "columns 5-8 (start rank)"
            )
        rating = self.integer(col(49, 52), n, "columns 49-52 (rating)", blank=0)
        if col(52, 53).isdigit() and len(col(52, 53)) == 2:
            raise self.error(
                n,
                f"found rating {col(49, 53).strip()!r}, five digits: TRF holds a rating in the four columns 49-52",
                "columns 49-52 (rating)",
            )
        points_text = col(81, 84).strip()
        points = self.number(points_text, n, "columns 81-84 (points)") if points_text else None
        rank = self.integer(col(86, 89), n, "columns 86-89 (rank)")
        rounds: list[RoundEntry] = []
        k = 0
        while ROUND_START + ROUND_WIDTH * k < len(line):
            c = ROUND_START + ROUND_WIDTH * k
            cell = line[c : c + 8].ljust(8)
            r = k + 1
            cols = f"columns {c + 1}-{c + 8} (round {r})"
            if line[c + 8 : c + 10].strip():
                raise self.error(
                    n,
                    f"found {line[c : c + 10]!r}, expected 'OOOO C R' (opponent, colour, result) followed by blanks",
                    cols,
                )
            opp_text = cell[0:4].strip()
            if opp_text and not _digits(opp_text):
                raise self.error(n, f"found opponent {cell[0:4]!r}, expected a start rank or 0000", cols)
            opponent = int(opp_text) if opp_text else 0
            colour = cell[5].lower()
            if cell[4] != " " or cell[6] != " ":
                raise self.error(
                    n, f"found {cell!r}, expected opponent, colour and result separated by single blanks", cols
                )
            if colour not in "wb- ":
                raise self.error(n, f"found colour {cell[5]!r}, expected w, b or -", cols)
            result = cell[7].upper()
            if result not in RESULT_KINDS:
                raise self.error(n, f"found result {result!r}, expected one of 1 = 0 + - W D L H F U Z", cols)
            if opponent == pid:
                raise self.error(n, f"player {pid} is paired with itself", cols)
            if opponent and result in "HFUZ":
                raise self.error(n, f"found result {result!r} against opponent {opponent}: a bye has no opponent", cols)
            if opponent and colour not in "wb":
                if result in "1=0WDL ":
                    raise self.error(n, f"a game against {opponent} needs colour w or b, found {cell[5]!r}", cols)
            rounds.append(RoundEntry(opponent or None, colour if colour in "wb" else None, result))
            k += 1
        while rounds and rounds[-1].is_empty:
            rounds.pop()
        self.player_lines[pid] = n
        self.players.append(
            Player(
                id=pid,
                name=col(15, 47).strip(),
                rounds=tuple(rounds),
                sex=col(10, 10).strip(),
                title=col(11, 13).strip(),
                rating=rating or 0,
                federation=col(54, 56).strip(),
                fide_id=col(58, 68).strip(),
                birth_date=col(70, 79).strip(),
                points=points,
                rank=rank,
            )
        )

    def ids(self, tokens: list[str], n: int, field: str) -> list[int]:
        out = []
        for tok in tokens:
            if not _digits(tok) or int(tok) == 0:
                raise self.error(n, f"found {tok!r}, expected a start rank", field)
            out.append(int(tok))
        return out

    def round_range(self, tok: str, n: int, field: str) -> tuple[int, int]:
        m = re.fullmatch(r"(\d{1,3})(?:-(\d{1,3}))?", tok, re.ASCII)
        if not m:
            raise self.error(n, f"found {tok!r}, expected a round or a range such as 1-4", field)
        a = int(m.group(1))
        b = int(m.group(2) or a)
        if a < 1 or b < a:
            raise self.error(n, f"found {tok!r}, expected rounds from 1 upward, first <= last", field)
        return a, b

    def other(self, raw: str, n: int) -> None:
        # trailing blanks are padding, not text: cut them first, so that the record written
        # back ('code' + 'sep' + 'text', blanks cut) is the line read
        raw = raw.rstrip(" ")
        code = raw[:3]
        rest = raw[4:] if len(raw) > 3 else ""
        sep = raw[3:4] or " "
        tokens = rest.split()
        upper = code.upper()
        if upper == "XXR" or code == "142":
            field = "XXR (number of rounds)" if upper == "XXR" else "142 (number of rounds)"
            if len(tokens) != 1 or not _digits(tokens[0]) or int(tokens[0]) == 0:
                raise self.error(n, f"found {rest.strip()!r}, expected the number of rounds", field)
            if int(tokens[0]) > MAX_ROUNDS:
                raise self.error(n, f"found {int(tokens[0])} rounds, expected at most {MAX_ROUNDS}", field)
            self.total_rounds = int(tokens[0])
        elif upper == "XXC":
            colour = None
            for tok in tokens:
                low = tok.lower()
                if low == "white1":
                    colour = WHITE
                elif low == "black1":
                    colour = BLACK
                elif low == "rank":
                    self.colour_by_rank = True
                else:
                    raise self.error(n, f"found {tok!r}, expected white1, black1 or rank", "XXC (initial colour)")
            if colour is not None:
                self.initial_colour = colour
        elif code == "152":
            if len(tokens) != 1 or tokens[0].upper() not in ("W", "B"):
                raise self.error(n, f"found {rest.strip()!r}, expected W or B", "152 (initial colour)")
            self.initial_colour = WHITE if tokens[0].upper() == "W" else BLACK
        elif upper in BBP_FIELDS:
            if len(tokens) != 1:
                raise self.error(n, f"found {rest.strip()!r}, expected one number of points", f"{upper} (points)")
            self.scoring_values[BBP_FIELDS[upper]] = self.number(tokens[0], n, f"{upper} (points)")
        elif upper == "XXS":
            for tok in tokens:
                key, _, value = tok.partition("=")
                key = key.upper()
                if (key not in XXS_FIELDS and key not in XXS_SHORTCUTS) or not value:
                    raise self.error(
                        n,
                        f"found {tok!r}, expected CODE=points with CODE one of W D {' '.join(XXS_FIELDS)}",
                        "XXS (scoring)",
                    )
                points = self.number(value, n, f"XXS {key}")
                if key in XXS_SHORTCUTS:
                    # W sets every kind of win (WW BW FW FPB) but not the PAB, which
                    # keeps its own value (JaVaFo manual); D every draw (WD BD HPB)
                    if key == "W" and "pab" not in self.scoring_values:
                        self.scoring_values["pab"] = (
                            Scoring().value("pab") if "win" not in self.scoring_values else self.scoring_values["win"]
                        )
                    main, *covered = XXS_SHORTCUTS[key]
                    self.scoring_values[main] = points
                    for name in covered:
                        self.scoring_values.pop(name, None)
                else:
                    self.scoring_values[XXS_FIELDS[key]] = points
        elif code == "162":
            self.scoring_162(raw.rstrip(), n)
        elif code == "192":
            self.system = rest.strip()
        elif upper == "XXZ":
            for pid in self.ids(tokens, n, "XXZ (absent players)"):
                self.absent_next.append((n, pid))
        elif code == "240":
            # 240 T RRR IIII IIII ...: kind at column 5, round at 7-9, ids every 5 columns
            if len(tokens) < 3 or tokens[0].upper() not in ("H", "F", "Z"):
                raise self.error(
                    n, f"found {rest.strip()!r}, expected a bye kind (H, F or Z), a round and start ranks", "240 (byes)"
                )
            first, last = self.round_range(tokens[1], n, "240 (byes) round, columns 7-9")
            ids = self.ids(tokens[2:], n, "240 (byes) start ranks, columns 11-14, 16-19, ...")
            self.bye_records.append((n, ByeKind(tokens[0].upper()), first, last, ids))
        elif code == "250":
            self.virtual_250(raw.rstrip(), n)
        elif upper == "XXA":
            if not tokens:
                raise self.error(n, "found nothing, expected a start rank and points per round", "XXA (acceleration)")
            pid = self.ids(tokens[:1], n, "XXA (acceleration) player")[0]
            values = [self.number(t, n, f"XXA round {i + 1}") for i, t in enumerate(tokens[1:])]
            if len(values) > 999:
                raise self.error(
                    n, f"found {len(values)} rounds of virtual points, expected at most 999", "XXA (acceleration)"
                )
            self.virtual_records.append(("XXA", n, pid, values))
        elif code == "260":
            # 260 RRF RRL PPPP PPPP ...: first and last round, then start ranks
            if len(tokens) < 4:
                raise self.error(
                    n,
                    f"found {rest.strip()!r}, expected first round, last round and at least two start ranks",
                    "260 (prohibited pairs)",
                )
            first = self.integer(tokens[0], n, "260 (prohibited pairs) first round, columns 5-7")  # type: ignore[assignment]
            last = self.integer(tokens[1], n, "260 (prohibited pairs) last round, columns 9-11")  # type: ignore[assignment]
            if not first or not last or last < first:
                raise self.error(
                    n, f"found rounds {tokens[0]} to {tokens[1]}, expected 1 <= first <= last", "260 (prohibited pairs)"
                )
            ids = self.ids(tokens[2:], n, "260 (prohibited pairs) start ranks")
            self.prohibited_records.append((n, first, last, ids))
        elif upper == "XXP":
            ids = self.ids(tokens, n, "XXP (prohibited pairs)")
            if len(ids) < 2:
                raise self.error(n, "expected at least two start ranks", "XXP (prohibited pairs)")
            self.prohibited_records.append((n, 1, ALL_ROUNDS, ids))
        else:
            self.headers.append(HeaderRecord(code, rest, sep))

    def scoring_162(self, line: str, n: int) -> None:
        """``162  W 3.0    D 1.0``: a symbol at column 6, its points at 7-10, every 9
        columns. Tolerates other spacing as long as symbols and numbers alternate."""
        field = "162 (scoring)"
        tokens = re.findall(r"[A-Za-z]+|[-+]?\d*\.?\d+", line[3:])
        if not tokens or len(tokens) % 2:
            raise self.error(
                n, f"found {line[3:].strip()!r}, expected pairs of symbol and points such as 'W 3.0 D 1.0'", field
            )
        for sym, value in zip(tokens[0::2], tokens[1::2]):
            key = sym.upper()
            if key not in T162_FIELDS:
                raise self.error(n, f"found symbol {sym!r}, expected one of {' '.join(T162_FIELDS)}", field)
            points = self.number(value, n, f"162 {key}")
            for name in T162_FIELDS[key]:
                self.scoring_values[name] = points

    def virtual_250(self, line: str, n: int) -> None:
        """``250 MMMM GGGG RRF RRL IIII IIII``: match points (teams, empty here), game
        points, first and last round, first and last start rank."""
        field = "250 (virtual points)"
        padded = line.ljust(31)
        match_points = padded[4:8].strip()
        if match_points and self.number(match_points, n, field + " match points, columns 5-8") != 0:
            raise self.error(n, f"found match points {match_points!r}: team events are not supported", field)
        tokens = padded[9:].split()
        if len(tokens) != 5:
            raise self.error(
                n,
                f"found {line[4:].strip()!r}, expected game points, first and last round, first and last start rank",
                field,
            )
        points = self.number(tokens[0], n, field + " game points, columns 10-13")
        if points == 0:
            raise self.error(
                n, "found game points 0, expected the points to add (a record of nothing is an error)", field
            )
        r1, r2, p1, p2 = (self.integer(t, n, field) for t in tokens[1:])
        if not (r1 and r2 and p1 and p2) or r2 < r1 or p2 < p1:
            raise self.error(
                n,
                f"found rounds {tokens[1]}-{tokens[2]} and players {tokens[3]}-{tokens[4]}, expected ranges from 1 with first <= last",
                field,
            )
        self.virtual_records.append(("250", n, (r1, r2, p1, p2), points))

    # ---- whole file ----------------------------------------------------------------

    def finish(self) -> Tournament:
        players = tuple(sorted(self.players, key=lambda p: p.id))
        t = Tournament(players=players)
        scoring = Scoring().with_values(**self.scoring_values) if self.scoring_values else Scoring()
        by_id = {p.id for p in players}
        next_round = t.rounds_paired + 1
        last_round = max(self.total_rounds or 0, t.rounds_recorded, next_round)

        def known(pid: int, n: int, what: str) -> None:
            if pid not in by_id:
                raise self.error(n, f"player {pid} has no player record (001 line)", what)

        def in_event(r: int, n: int, what: str) -> None:
            if r > last_round:
                raise self.error(n, f"round {r} is beyond the event's {last_round} rounds", what)

        byes: list[PreassignedBye] = []
        for n, kind, first, last, ids in self.bye_records:
            in_event(last, n, "240 (byes) round")
            for pid in ids:
                known(pid, n, "240 (byes)")
                byes.extend(PreassignedBye(r, pid, kind) for r in range(first, last + 1))
        for n, pid in self.absent_next:
            known(pid, n, "XXZ (absent players)")
            byes.append(PreassignedBye(next_round, pid, ByeKind.ZERO))
        cells: dict[tuple[int, int], Fraction] = {}
        for record in self.virtual_records:
            if record[0] == "250":
                _, n, (r1, r2, p1, p2), points = record
                in_event(r2, n, "250 (virtual points) rounds")
                for pid in (p1, p2):
                    known(pid, n, "250 (virtual points) players")
                for r in range(r1, r2 + 1):
                    for pid in range(p1, p2 + 1):
                        if pid in by_id:
                            cells[(r, pid)] = points
            else:
                _, n, pid, values = record
                known(pid, n, "XXA (acceleration)")
                in_event(len(values), n, "XXA (acceleration) rounds")
                for r, v in enumerate(values, start=1):
                    if v:
                        cells[(r, pid)] = v
                    else:
                        cells.pop((r, pid), None)
        virtual = [VirtualPoints(r, pid, v) for (r, pid), v in cells.items()]
        for n, _first, _last, ids in self.prohibited_records:
            for pid in ids:
                known(pid, n, "260 / XXP (prohibited pairs)")
        prohibited = [ProhibitedPairs(first, last, tuple(ids)) for n, first, last, ids in self.prohibited_records]
        t = replace(
            t,
            total_rounds=self.total_rounds,
            initial_colour=self.initial_colour,
            initial_colour_by_rank=self.colour_by_rank,
            pairing_order=tuple(p.id for p in self.players) if self.colour_by_rank else (),
            scoring=scoring,
            system=self.system,
            byes=tuple(sorted(set(byes))),
            virtual_points=tuple(sorted(virtual)),
            prohibited=tuple(prohibited),
            headers=tuple(self.headers),
        )
        check_consistency(t, self.source, self.locate)
        return t

    def locate(self, pid: int, rnd: int) -> tuple[int | None, str | None]:
        if not rnd:
            return self.player_lines.get(pid), None
        c = ROUND_START + ROUND_WIDTH * (rnd - 1)
        return self.player_lines.get(pid), f"columns {c + 1}-{c + 8} (round {rnd})"


def record_lines(text: str, error: Callable[[int, str, str], InputError]) -> Iterator[tuple[int, str]]:
    """The lines of a TRF text that are not blank, with their numbers from 1; a line with a
    tab character raises ``error(line, message, field)`` (TRF columns are padded with
    blanks, so a tab shifts every column after it)."""
    for n, raw in enumerate(split_lines(text), start=1):
        if not raw.strip():
            continue
        if "\t" in raw:
            raise error(
                n, "found a tab character; TRF columns must be padded with blanks", f"column {raw.index(chr(9)) + 1}"
            )
        yield n, raw


def parse_trf(data: bytes | str, source: str = "<input>", *, allow_empty: bool = False) -> Tournament:
    """Parse TRF text (bytes are decoded as :func:`decode` says). A file without player
    records is an error unless ``allow_empty`` (an event just created)."""
    text = decode(data)[0] if isinstance(data, bytes) else data
    reader = _Reader(source)
    for n, raw in record_lines(text, reader.error):
        if raw.startswith("001"):
            reader.player(raw, n)
        else:
            reader.other(raw, n)
    if not reader.players and not allow_empty:
        raise InputError("no player records (lines starting with 001): is this a TRF file?", source=source)
    return reader.finish()


# --------------------------------------------------------------------------------------
# writing


def format_player(p: Player) -> str:
    """A ``001`` record with every field in its FIDE columns."""

    def fit(text: str, width: int, field: str, right: bool = False) -> str:
        if field == "start rank" and len(text) > width:
            raise InputError(f"player {p.id}: TRF holds start ranks up to 9,999 in its four columns 5-8")
        if len(text) > width:
            raise InputError(f"player {p.id}: {field} {text!r} is longer than its {width} columns")
        return text.rjust(width) if right else text.ljust(width)

    head = (
        "001 "
        + fit(str(p.id), 4, "start rank", right=True)
        + " "
        + fit(p.sex, 1, "sex")
        + fit(p.title, 3, "title", right=True)
        + " "
        + fit(p.name, 33, "name")
        + " "
        + fit(str(p.rating) if p.rating else "", 4, "rating", right=True)
        + " "
        + fit(p.federation, 3, "federation")
        + " "
        + fit(p.fide_id, 11, "FIDE id", right=True)
        + " "
        + fit(p.birth_date, 10, "birth date")
        + " "
        + fit(_points_field(p.points), 4, "points", right=True)
        + " "
        + fit(str(p.rank) if p.rank is not None else "", 4, "rank", right=True)
    )
    cells = []
    for e in p.rounds:
        opp = f"{e.opponent:4d}" if e.opponent else ("0000" if not e.is_empty else "    ")
        colour = e.colour or ("-" if not e.is_empty else " ")
        cells.append(f"  {opp} {colour} {e.result}")
    return (head + "".join(cells)).rstrip()


def _points_field(value: Fraction | None) -> str:
    """Points for columns 81-84: '11.5', or '100' when one decimal does not fit."""
    if value is None:
        return ""
    text = format_points(value)
    if len(text) > 4 and value.denominator == 1:
        text = str(value.numerator)
    return text


def _scoring_lines(scoring: Scoring, fmt: str) -> list[str]:
    """Records for a point system: TRF26 ``162`` or bbp ``BB?`` for what they can say,
    JaVaFo ``XXS`` for the rest (colour-specific values, a forfeit win or a bye worth
    something other than a win or a draw)."""
    values = scoring.explicit_values()
    if not values:
        return []
    lines = []
    rest = dict(values)
    if fmt == "trf26":
        chunks = []
        for sym, names in T162_FIELDS.items():
            if (
                any(n in rest for n in names)
                and len({scoring.value(n) if n != "unknown" else scoring.unknown for n in names}) == 1
            ):
                v = scoring.unknown if sym == "X" else scoring.value(names[0])
                chunks.append(f" {sym}{format_points(v):>4}   ")  # type: ignore[arg-type]  # a value is given
                for n in names:
                    rest.pop(n, None)
        if chunks:
            lines.append(("162 " + "".join(chunks)).rstrip())
    else:
        for code, name in BBP_FIELDS.items():
            if name in rest:
                lines.append(f"{code} {format_points(scoring.value(name)):>4}")
                rest.pop(name)
    xxs_inverse = {name: code for code, name in XXS_FIELDS.items()}
    xxs = [f"{xxs_inverse[name]}={format_points(v)}" for name, v in rest.items() if name in xxs_inverse]
    if xxs:
        lines.append("XXS " + " ".join(xxs))
    if "unknown" in rest:
        lines.append(f"162  X{format_points(rest['unknown']):>4}")
    return lines


def _ranges(values: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if out and v == out[-1][1] + 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return out


def format_trf(t: Tournament, fmt: str = "trf16") -> str:
    """The text of a TRF file for ``t``: ``fmt`` is ``'trf16'`` (with JaVaFo/bbp
    extension records) or ``'trf26'``. Lines end with LF, which every engine reads
    (the FIDE text says CR, which the reader accepts too)."""
    if fmt not in ("trf16", "trf26"):
        raise ValueError(f"unknown TRF format {fmt!r}")
    lines: list[str] = []
    for h in t.headers:
        lines.append(h.line)
    if fmt == "trf26":
        if t.total_rounds is not None:
            lines.append(f"142 {t.total_rounds}")
        if t.initial_colour is not None:
            lines.append(f"152 {'W' if t.initial_colour == WHITE else 'B'}")
        if t.initial_colour_by_rank:
            lines.append("XXC rank")  # JaVaFo's flag has no TRF26 equivalent
        lines.extend(_scoring_lines(t.scoring, fmt))
        if t.system is not None:
            lines.append(f"192 {t.system}")
        lines.extend(lines_240(t.byes))
        lines.extend(_virtual_250(t))
        for rec in t.prohibited:
            lines.append(_line_260(rec))
    else:
        if t.total_rounds is not None:
            lines.append(f"XXR {t.total_rounds}")
        if t.initial_colour is not None or t.initial_colour_by_rank:
            tokens = (["rank"] if t.initial_colour_by_rank else []) + (
                ["white1" if t.initial_colour == WHITE else "black1"] if t.initial_colour else []
            )
            lines.append("XXC " + " ".join(tokens))
        lines.extend(_scoring_lines(t.scoring, fmt))
        if t.system is not None:
            lines.append(f"192 {t.system}")
        lines.extend(_byes_trf16(t))
        lines.extend(_virtual_xxa(t))
        for rec in t.prohibited:
            if (rec.first_round, rec.last_round) == (1, ALL_ROUNDS):
                lines.append("XXP " + " ".join(map(str, rec.players)))
            else:
                lines.append(_line_260(rec))
    for p in t.in_pairing_order:  # XXC rank: the records' order is the pairing order
        lines.append(format_player(p))
    return "\n".join(lines) + "\n"


def _byes_trf16(t: Tournament) -> list[str]:
    """XXZ for zero-point byes of the next round; anything else needs a 240 record,
    which bbpPairings reads in TRF16 files too."""
    nxt = t.next_round
    lines = []
    xxz = sorted(b.player for b in t.byes if b.round == nxt and b.kind is ByeKind.ZERO)
    if xxz:
        lines.append("XXZ " + " ".join(map(str, xxz)))
    rest: dict[tuple[str, int], list[int]] = {}
    for b in t.byes:
        if not (b.round == nxt and b.kind is ByeKind.ZERO):
            rest.setdefault((b.kind.value, b.round), []).append(b.player)
    for (kind, r), ids in sorted(rest.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        lines.append(_line_240(kind, r, ids))
    return lines


def lines_240(byes: Iterable[PreassignedBye]) -> list[str]:
    """TRF26 ``240`` records for byes entered before pairing: one per kind and round."""
    by_kind_round: dict[tuple[str, int], list[int]] = {}
    for b in byes:
        by_kind_round.setdefault((b.kind.value, b.round), []).append(b.player)
    return [
        _line_240(kind, r, ids) for (kind, r), ids in sorted(by_kind_round.items(), key=lambda kv: (kv[0][1], kv[0][0]))
    ]


def _line_240(kind: str, round_number: int, ids: list[int]) -> str:
    return f"240 {kind} {round_number:03d}" + "".join(f" {i:4d}" for i in sorted(ids))


def _line_260(rec: ProhibitedPairs) -> str:
    return f"260 {rec.first_round:03d} {rec.last_round:03d}" + "".join(f" {i:4d}" for i in rec.players)


def _virtual_250(t: Tournament) -> list[str]:
    groups: dict[tuple[int, Fraction], list[int]] = {}
    for v in t.virtual_points:
        groups.setdefault((v.round, v.points), []).append(v.player)
    lines = []
    for (r, pts), ids in sorted(groups.items()):
        for a, b in _ranges(ids):
            lines.append(f"250      {format_points(pts):>4} {r:03d} {r:03d} {a:04d} {b:04d}")
    return lines


def _virtual_xxa(t: Tournament) -> list[str]:
    per_player: dict[int, dict[int, Fraction]] = {}
    for v in t.virtual_points:
        per_player.setdefault(v.player, {})[v.round] = per_player.get(v.player, {}).get(v.round, Fraction(0)) + v.points
    lines = []
    for pid in sorted(per_player):
        rounds = per_player[pid]
        last = max(rounds)
        values = "".join(f" {format_points(rounds.get(r, Fraction(0))):>4}" for r in range(1, last + 1))
        lines.append(f"XXA {pid:4d}{values}")
    return lines
