"""Results as arbiters type them, entered and corrected without surprises.

A result is written as on a score sheet, White's score first (``1-0``, ``=``, ``+-``...:
the forms :mod:`tabellone.event.record` reads, which also enters them into the
players' records; this module is the ``result`` command's words around it). A board is
named by its two pairing numbers, White first (``12 7 1-0``), or by its number in the
round's board order (``--board 5 1-0``, :func:`tabellone.event.rounds.boards`).

The pair must be given White first. Given Black first (``7 12 0-1`` where 12 has
White) it is refused with one line saying which way round the board is: reading it
either way would silently give the point to the wrong player when the arbiter meant
"the first number won".

Entering a result over another one is a correction: it is made, and said ("board 3
12-7: changed from 1-0 to 0-1"); a result typed again unchanged says so. A correction
to a round that later rounds were paired on warns that those pairings were made on the
old result and stand as published (C.04.2 Art. 4.4 lists when a published pairing may
be changed; ``tabellone check`` compares them with the corrected results).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament
from tabellone.core.rounds import enter_results
from tabellone.core.team import TeamTournament
from tabellone.event.outcome import Outcome
from tabellone.event.record import (
    RESULT_WORDS,
    SHOWN,
    TYPED,
    check_entries,
    check_paired,
    missing_results,
    parse_result,
)
from tabellone.event.rounds import boards
from tabellone.event.teams import record_board_results

__all__ = ["RESULT_WORDS", "by_board", "enter", "parse_result", "parse_result_triples", "record_results"]


def parse_result_triples(tokens: Sequence[str]) -> list[tuple[int, int, str]]:
    """``12 7 1-0 3 5 =`` -> ``[(12, 7, '1-0'), (3, 5, '=')]``."""
    if len(tokens) % 3:
        raise InputError(
            f"{len(tokens)} words; results come in threes: WHITE BLACK RESULT (e.g. 12 7 1-0), or --board N RESULT",
            field="results",
        )
    out = []
    for k in range(0, len(tokens), 3):
        a, b, res = tokens[k : k + 3]
        for x in (a, b):
            if not (x.isascii() and x.isdigit()):
                raise InputError(f"found {x!r} in '{a} {b} {res}', expected a pairing number", field="results")
        out.append((int(a), int(b), parse_result(res, f" in '{a} {b} {res}'")))
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


def by_board(t: Tournament, round_number: int, board: int, word: str) -> list[tuple[int, int, str]]:
    """``--board N RESULT``: the triple of board ``board`` of the round's board order."""
    check_paired(t, round_number)
    listed = boards(t, round_number)
    if board < 1 or board > len(listed):
        raise InputError(f"round {round_number} has boards 1-{len(listed)}; found board {board}", field="--board")
    b = listed[board - 1]
    return [(b.white, b.black, parse_result(word, f" for board {board}"))]


def _board_number(t: Tournament, round_number: int, white: int) -> int | None:
    return next((b.number for b in boards(t, round_number) if b.white == white), None)


def record_results(
    t: Tournament, round_number: int, triples: Sequence[tuple[int, int, str]], orient: bool = False
) -> Tournament:
    """``t`` with results of ``round_number`` entered (:func:`enter`, without its words)."""
    return enter(t, round_number, triples, orient).tournament


def _tail(t: Tournament, round_number: int) -> str:
    left = missing_results(t, round_number)
    return (
        f"{len(left)} board{'s' if len(left) != 1 else ''} still without a result" if left else "the round is complete"
    )


def enter(t: Tournament, round_number: int, triples: Sequence[tuple[int, int, str]], orient: bool = False) -> Outcome:
    """The operation 'enter or correct results of a round' (see the module text). In a
    team event the numbers are the players' (its boards), and the matches follow their
    boards (:func:`tabellone.event.teams.record_board_results`); there a board given
    Black first is turned round, as team score sheets list the home team's player first
    whatever his colour."""
    if isinstance(t, TeamTournament):
        out = record_board_results(t, round_number, [(a, b, TYPED.get(r, r)) for a, b, r in triples])
        n = len(triples)
        said = f"{n} result{'s' if n != 1 else ''} entered"
        return Outcome(out, f"round {round_number}: {said}; {_tail(out, round_number)}")
    entries = check_entries(t, round_number, triples, orient)
    new, changed, unchanged = [], [], []
    for e in entries:
        label = f"board {_board_number(t, round_number, e.white) or '?'} {e.white}-{e.black}"
        if not e.before:
            new.append(e)
        elif e.before == SHOWN[e.code]:
            unchanged.append(label)
        else:
            changed.append((e, f"{label}: changed from {e.before} to {SHOWN[e.code]}"))
    entered = new + [e for e, _ in changed]
    out = enter_results(t, round_number, [(e.white, e.black, e.code) for e in entered]) if entered else t
    parts = []
    if new:
        parts.append(f"{len(new)} result{'s' if len(new) != 1 else ''} entered")
    parts += [said for _, said in changed]
    if unchanged:
        parts.append(f"{', '.join(unchanged)}: already recorded so, unchanged")
    warnings = []
    if changed and t.rounds_paired > round_number:
        one = t.rounds_paired == round_number + 1
        later = f"round {round_number + 1}" if one else f"rounds {round_number + 1}-{t.rounds_paired}"
        warnings.append(
            f"round {round_number} was corrected after {later} {'was' if one else 'were'} paired on the old "
            f"result: the pairings of {later} stand as published (C.04.2 Art. 4.4); "
            "'tabellone check' compares them with the corrected results"
        )
    return Outcome(
        out, f"round {round_number}: " + "; ".join(parts + [_tail(out, round_number)]), tuple(warnings), len(entered)
    )
