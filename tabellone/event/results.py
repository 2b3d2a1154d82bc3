"""Results of a round as an organiser enters them: typed (``12 7 1-0``) or from a CSV
sheet, a pair given either way round, then entered into the players' records; and the
boards still waiting for a result.

The team event's boards (:mod:`tabellone.event.teams`) are entered here too, and the
matches then follow them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, WHITE, Player, Tournament
from tabellone.core.rounds import RESULT_CODES, enter_results
from tabellone.core.team import TeamTournament


def known_player(t: Tournament, pid: int) -> Player:
    """The player with pairing number ``pid``; an unknown number is an error."""
    if pid not in t.by_id:
        raise InputError(f"no player has pairing number {pid}", field="ID")
    return t.player(pid)


#: The result seen from the other side: ``7 12 0-1`` is ``12 7 1-0``.
_REVERSED = {
    "1-0": "0-1",
    "0-1": "1-0",
    "+-": "-+",
    "-+": "+-",
    "--": "--",
    "0-0": "0-0",
    "=": "=",
    "1/2-1/2": "=",
    "½-½": "=",
    "0.5-0.5": "=",
}


def parse_result_triples(tokens: Sequence[str]) -> list[tuple[int, int, str]]:
    """``12 7 1-0 3 5 =`` -> ``[(12, 7, '1-0'), (3, 5, '=')]``."""
    if len(tokens) % 3:
        raise InputError(
            f"{len(tokens)} words; results come in threes: WHITE BLACK RESULT (e.g. 12 7 1-0)", field="results"
        )
    out = []
    for k in range(0, len(tokens), 3):
        a, b, res = tokens[k : k + 3]
        for x in (a, b):
            if not (x.isascii() and x.isdigit()):
                raise InputError(f"found {x!r} in '{a} {b} {res}', expected a pairing number", field="results")
        if res not in RESULT_CODES:
            raise InputError(
                f"found result {res!r} in '{a} {b} {res}', expected one of 1-0 0-1 = +- -+ --", field="results"
            )
        out.append((int(a), int(b), res))
    return out


def results_from_csv(text: str, source: str) -> list[tuple[int, int, str]]:
    """Results from a CSV with a header ``white,black,result`` (``board`` and ``round``
    columns are allowed and ignored, the round comes from ``--round``)."""
    delimiter = ";" if text[:2048].count(";") > text[:2048].count(",") else ","
    rows = [
        (n, r)
        for n, r in enumerate(csv.reader(io.StringIO(text), delimiter=delimiter), start=1)
        if any(c.strip() for c in r)
    ]
    if not rows:
        raise InputError("no rows: expected a header 'white,black,result' and one row per board", source=source)
    n0, header = rows[0]
    names = [h.strip().lower().lstrip("\ufeff") for h in header]
    for need in ("white", "black", "result"):
        if need not in names:
            raise InputError(f"no {need!r} column in the header row", source=source, line=n0, field="header")
    iw, ib, ir = names.index("white"), names.index("black"), names.index("result")
    out = []
    for n, row in rows[1:]:
        try:
            out += parse_result_triples(
                [row[iw].strip(), row[ib].strip(), row[ir].strip()] if len(row) > max(iw, ib, ir) else ["?"]
            )
        except InputError as exc:
            raise InputError(exc.detail, source=source, line=n, field="white,black,result") from None
    return out


def record_player_results(t: Tournament, round_number: int, triples: Sequence[tuple[int, int, str]]) -> Tournament:
    """Enter results of ``round_number`` of a player event (or of a team event's boards).
    A pair given as BLACK WHITE is turned round (``7 12 0-1`` is board ``12 7 1-0``). A
    result already entered is replaced (a correction)."""
    if t.rounds_paired == 0:
        raise InputError("no round is paired yet: pair one first (tabellone pair EVENT --write)", field="--round")
    if round_number < 1 or round_number > t.rounds_paired:
        raise InputError(f"round {round_number} is not paired (rounds 1-{t.rounds_paired} are)", field="--round")
    if not triples:
        raise InputError("no results given", field="results")
    oriented = []
    for a, b, res in triples:
        for pid in (a, b):
            known_player(t, pid)
        ea = t.player(a).entry(round_number)
        if ea.opponent == b and ea.colour == WHITE:
            oriented.append((a, b, res))
        elif ea.opponent == b and ea.colour == BLACK:
            oriented.append((b, a, _REVERSED[res]))
        else:
            raise InputError(f"{a} and {b} do not play each other in round {round_number}", field="results")
    return enter_results(t, round_number, oriented)


def missing_results(t: Tournament, round_number: int) -> list[tuple[int, int]]:
    """Boards of a round still without a result, as (white, black)."""
    if isinstance(t, TeamTournament):
        if t.boards is None:
            return []
        t = t.boards
    out = []
    for p in t.players:
        e = p.entry(round_number)
        if e.pending and e.colour == WHITE:
            out.append((p.id, e.opponent))
    return out
