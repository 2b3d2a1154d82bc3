"""A plain CSV tournament sheet for clubs without TRF tools (Italian draughts, 2-1-0).

One line per player: draw number, name, then one cell per round. The header line names
the columns; the number of round columns is the number of rounds of the event. Lines
starting with ``#`` and blank lines are ignored. The separator is ``;`` (what a
spreadsheet writes where the comma is the decimal mark), ``,`` or a tab, whichever the
header uses. Names may be quoted. Example::

    # Torneo sociale, 5 turni
    numero;nome;T1;T2;T3;T4;T5
    1;Rossi Mario;2B2;6N0;;;
    2;"Bianchi, Luca";1N0;5B1;;;
    7;Verdi Anna;F;R;;;

A round cell is one of:

=============  ============================================  =============
cell           meaning                                       TRF
=============  ============================================  =============
``12N2``       against no. 12 with Black (Nero), won: 2      ``  12 b 1``
``12B1``       against no. 12 with White (Bianco), drawn: 1  ``  12 w =``
``12B0``       lost: 0                                       ``  12 w 0``
``12N+``       won by forfeit (the opponent did not play)    ``  12 b +``
``12B-``       lost by forfeit                               ``  12 w -``
``12B?``       suspended, not finished yet (also ``S``)      ``  12 w  ``
``F``          forfeit points for the odd player (2)         `` 0000 - U``
``R``          rest, absent or withdrawn (0)                 `` 0000 - Z``
(empty)        not played yet                                (blank)
=============  ============================================  =============

Blanks inside a cell are allowed (``12 N 2``); letters may be lower case. Colours are
Italian: **B = Bianco (White), N = Nero (Black)**; ``W`` is refused because English
sheets write B for Black.

Every error names the file, the line, the column (number and header) and what was
expected. The tournament has :meth:`Scoring.draughts` points and the number of rounds of
the header.
"""

from __future__ import annotations

import csv
import io
import re

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, WHITE, Player, RoundEntry, Tournament
from tabellone.core.scoring import Scoring
from tabellone.formats.text import decode, read_bytes

_GAME = re.compile(r"^(\d+)\s*([BN])\s*([012+\-?S])$")
#: Result cell -> TRF code, and the code the opponent's cell must hold.
_RESULTS = {
    "2": ("1", "0"),
    "1": ("=", "="),
    "0": ("0", "1"),
    "+": ("+", "-"),
    "-": ("-", "+"),
    "?": (" ", " "),
    "S": (" ", " "),
}
_CELL_OF_CODE = {"1": "2", "=": "1", "0": "0", "+": "+", "-": "-", " ": "?"}


def _delimiter(line: str) -> str:
    for d in (";", "\t", ","):
        if d in line:
            return d
    return ","


def parse_csv(text: str | bytes, source: str = "<input>") -> Tournament:
    """Read a CSV tournament sheet (see the module docstring)."""
    if isinstance(text, bytes):
        text = decode(text)[0]
    raw_lines = text.splitlines()
    rows: list[tuple[int, list[str]]] = []
    header: list[str] | None = None
    header_line = 0
    delim = ","
    for n, raw in enumerate(raw_lines, start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if header is None:
            delim = _delimiter(raw)
            header = [c.strip() for c in next(csv.reader([raw], delimiter=delim))]
            header_line = n
            continue
        try:
            cells = next(csv.reader([raw], delimiter=delim, strict=True))
        except csv.Error as exc:
            raise InputError(f"cannot read the line as CSV ({exc})", source=source, line=n) from None
        rows.append((n, cells))
    if header is None:
        raise InputError("the file is empty: expected a header line such as 'numero;nome;T1;T2;...'", source=source)
    if len(header) < 3:
        raise InputError(
            f"found {len(header)} column(s) in the header, expected the draw number, the name and at least one round",
            source=source,
            line=header_line,
        )
    if not rows:
        raise InputError("no player lines after the header", source=source, line=header_line)
    total_rounds = len(header) - 2

    def col(i: int) -> str:
        name = header[i] if i < len(header) and header[i] else ""
        return f"column {i + 1}" + (f" ({name})" if name else "")

    def err(line: int, i: int | None, message: str) -> InputError:
        return InputError(message, source=source, line=line, field=col(i) if i is not None else None)

    cells_of: dict[int, tuple[int, list[str]]] = {}
    names: dict[int, str] = {}
    for n, cells in rows:
        if len(cells) > len(header) and any(c.strip() for c in cells[len(header) :]):
            raise err(n, len(header), f"found {len(cells)} cells, the header has {len(header)} columns")
        number = cells[0].strip() if cells else ""
        if not (number.isascii() and number.isdigit()) or int(number) == 0:
            raise err(n, 0, f"found {number!r}, expected a draw number (a whole number from 1)")
        pid = int(number)
        if pid in cells_of:
            raise err(n, 0, f"draw number {pid} is already used on line {cells_of[pid][0]}")
        name = cells[1].strip() if len(cells) > 1 else ""
        if not name:
            raise err(n, 1, "the name is empty")
        cells_of[pid] = (n, [c.strip() for c in cells[2 : len(header)]] + [""] * (len(header) - len(cells)))
        names[pid] = name

    # first pass: parse every cell
    entries: dict[int, list[RoundEntry]] = {}
    for pid, (n, cells) in cells_of.items():
        out: list[RoundEntry] = []
        for k, cell in enumerate(cells[:total_rounds]):
            i = k + 2
            c = re.sub(r"\s+", "", cell).upper()
            if not c:
                out.append(RoundEntry(None, None, " "))
            elif c == "F":
                out.append(RoundEntry(None, None, "U"))
            elif c == "R":
                out.append(RoundEntry(None, None, "Z"))
            else:
                m = _GAME.match(c)
                if not m:
                    if re.match(r"^\d+\s*W", c):
                        raise err(n, i, f"found {cell!r}: colours are B (Bianco, White) and N (Nero, Black)")
                    raise err(
                        n,
                        i,
                        f"found {cell!r}, expected opponent, colour (B/N) and result (2, 1, 0, +, -, ?) such as '12N2', or F, R or nothing",
                    )
                opp = int(m.group(1))
                if opp == pid:
                    raise err(n, i, f"player {pid} is paired with himself")
                if opp not in cells_of:
                    raise err(n, i, f"opponent {opp} has no line in the file")
                out.append(RoundEntry(opp, WHITE if m.group(2) == "B" else BLACK, _RESULTS[m.group(3)][0]))
        entries[pid] = out

    # second pass: both sides of every game must agree
    for pid, out in entries.items():
        n = cells_of[pid][0]
        for k, e in enumerate(out):
            if e.opponent is None:
                continue
            i = k + 2
            back = entries[e.opponent][k]
            other_line = cells_of[e.opponent][0]
            if back.opponent != pid:
                found = "nothing" if back.opponent is None else f"opponent {back.opponent}"
                raise err(
                    n,
                    i,
                    f"player {pid} meets {e.opponent} in round {k + 1}, but line {other_line} gives {e.opponent} {found}",
                )
            if back.colour == e.colour:
                colour = "B" if e.colour == WHITE else "N"
                raise err(
                    n,
                    i,
                    f"players {pid} and {e.opponent} both have colour {colour} in round {k + 1} (line {other_line})",
                )
            expected = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", " ": " "}[e.result]
            if back.result != expected:
                raise err(
                    n,
                    i,
                    f"round {k + 1}: player {pid} scores {_CELL_OF_CODE[e.result]!r} against {e.opponent}, "
                    f"but line {other_line} gives {e.opponent} {_CELL_OF_CODE[back.result]!r} (expected {_CELL_OF_CODE[expected]!r})",
                )
    players = []
    for pid in sorted(entries):
        rounds = list(entries[pid])
        while rounds and rounds[-1].is_empty:
            rounds.pop()
        players.append(Player(id=pid, name=names[pid], rounds=tuple(rounds)))
    return Tournament(players=tuple(players), total_rounds=total_rounds, scoring=Scoring.draughts())


def read_csv(path: str) -> Tournament:
    """Read a CSV sheet from ``path``."""
    return parse_csv(read_bytes(path), source=str(path))


def dropped_by_csv(t: Tournament) -> list[str]:
    """What the CSV sheet cannot say about ``t``, one phrase each (empty: nothing)."""
    lost = []
    if t.scoring != Scoring.draughts():
        lost.append(f"the point system (a win here is worth {t.scoring.win}, the sheet counts 2-1-0)")
    if any(p.rating for p in t.players):
        lost.append("the ratings")
    byes = sorted({e.result for p in t.players for e in p.rounds if e.opponent is None and e.result in "HF=D1W"})
    if byes or any(b.kind.value in "HF" for b in t.byes):
        lost.append("the half- and full-point byes (" + (", ".join(byes) or "240 records") + ")")
    if t.prohibited:
        lost.append("the prohibited pairs")
    if t.virtual_points:
        lost.append("the virtual points")
    return lost


def format_csv(t: Tournament, delimiter: str = ";") -> str:
    """The sheet of a tournament (draw number = TRF start rank). Only what the sheet can
    say is written: games, forfeit points (``U``) and rests or absences (``Z``, blank).

    A tournament the sheet cannot hold without loss (another point system, ratings,
    half- or full-point byes, prohibited pairs, virtual points) is refused, naming what
    would be dropped: a chess event belongs in TRF or JSON."""
    lost = dropped_by_csv(t)
    if lost:
        raise InputError(
            "the CSV sheet is the draughts clubs' format and would drop "
            + "; ".join(lost)
            + ": convert to trf16, trf26 or json instead",
            field="--to csv",
        )
    rounds = max(t.total_rounds or 0, t.rounds_recorded)
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delimiter, lineterminator="\n")
    w.writerow(["numero", "nome"] + [f"T{k}" for k in range(1, rounds + 1)])
    for p in t.players:
        cells = []
        for k in range(1, rounds + 1):
            e = p.entry(k)
            if e.opponent is not None:
                if e.result not in _CELL_OF_CODE:
                    raise InputError(
                        f"player {p.id}, round {k}: result {e.result!r} has no CSV form", field=f"round {k}"
                    )
                cells.append(f"{e.opponent}{'B' if e.colour == WHITE else 'N'}{_CELL_OF_CODE[e.result]}")
            elif e.result in ("U", "+", "F"):
                cells.append("F")
            elif e.is_empty and k > t.rounds_recorded:
                cells.append("")
            else:
                cells.append("R")
        w.writerow([p.id, p.name] + cells)
    return buf.getvalue()
