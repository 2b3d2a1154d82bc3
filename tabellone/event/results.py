"""Results as arbiters type them, entered and corrected without surprises.

A result is written as on a score sheet, White's score first: ``1-0``, ``0-1``, a draw
``=`` (also ``1/2``, ``½``, ``½-½``, ``1/2-1/2``, ``0.5-0.5``), the forfeits ``+-``
(White wins, Black did not play), ``-+`` and ``--`` (neither played), ``0-0`` (both
lost, played); ``:`` may stand for ``-`` (``1:0``, ``+:-``). A board is named by its
two pairing numbers, White first (``12 7 1-0``), or by its number in the round's
board order (``--board 5 1-0``, :func:`tabellone.event.rounds.boards`).

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

from tabellone.api import RESULT_CODES, enter_results
from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, WHITE, Tournament
from tabellone.event.players import known_player
from tabellone.event.rounds import SHEET, boards
from tabellone.event.store import Outcome

#: How a result may be typed -> the code :func:`tabellone.api.enter_results` reads.
TYPED = {
    "1-0": "1-0",
    "0-1": "0-1",
    "=": "=",
    "1/2": "=",
    "½": "=",
    "½-½": "=",
    "1/2-1/2": "=",
    "0.5-0.5": "=",
    "0,5-0,5": "=",
    "+-": "+-",
    "-+": "-+",
    "--": "--",
    "0-0": "0-0",
}
TYPED.update({k.replace("-", ":"): v for k, v in list(TYPED.items()) if "-" in k and k != "--"})
TYPED["-:-"] = "--"

#: Every word :func:`parse_result` takes, for the command line's parser.
RESULT_WORDS = frozenset(TYPED)

#: The same result seen from Black's side.
REVERSED = {"1-0": "0-1", "0-1": "1-0", "=": "=", "+-": "-+", "-+": "+-", "--": "--", "0-0": "0-0"}

#: The canonical code as a score sheet prints it.
SHOWN = {"1-0": "1-0", "0-1": "0-1", "=": "½-½", "+-": "+-", "-+": "-+", "--": "--", "0-0": "0-0"}

_EXPECTED = "1-0 0-1 = (or 1/2, ½-½) +- -+ -- 0-0"


def parse_result(word: str, where: str = "") -> str:
    """A typed result -> its code (``1-0``, ``0-1``, ``=``, ``+-``, ``-+``, ``--``, ``0-0``)."""
    code = TYPED.get(word.strip())
    if code is None or code not in RESULT_CODES:
        raise InputError(f"found result {word!r}{where}, expected one of {_EXPECTED}", field="results")
    return code


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
    _paired(t, round_number)
    listed = boards(t, round_number)
    if board < 1 or board > len(listed):
        raise InputError(f"round {round_number} has boards 1-{len(listed)}; found board {board}", field="--board")
    b = listed[board - 1]
    return [(b.white, b.black, parse_result(word, f" for board {board}"))]


def _paired(t: Tournament, round_number: int) -> None:
    if t.rounds_paired == 0:
        raise InputError("no round is paired yet: pair one first (tabellone pair EVENT --write)", field="--round")
    if round_number < 1 or round_number > t.rounds_paired:
        raise InputError(f"round {round_number} is not paired (rounds 1-{t.rounds_paired} are)", field="--round")


def _board_number(t: Tournament, round_number: int, white: int) -> int | None:
    return next((b.number for b in boards(t, round_number) if b.white == white), None)


def record_results(
    t: Tournament, round_number: int, triples: Sequence[tuple[int, int, str]], orient: bool = False
) -> Tournament:
    """``t`` with results of ``round_number`` entered (:func:`enter`, without its words)."""
    return enter(t, round_number, triples, orient).tournament


def _tail(t: Tournament, round_number: int) -> str:
    from tabellone.event.rounds import missing_results

    left = missing_results(t, round_number)
    return (
        f"{len(left)} board{'s' if len(left) != 1 else ''} still without a result" if left else "the round is complete"
    )


def enter(t: Tournament, round_number: int, triples: Sequence[tuple[int, int, str]], orient: bool = False) -> Outcome:
    """The operation 'enter or correct results of a round' (see the module text). In a
    team event the numbers are the players' (its boards), and the matches follow their
    boards (:func:`tabellone.event.teams.record_board_results`); there a board given
    Black first is turned round (``orient``), as team score sheets list the home team's
    player first whatever his colour."""
    from tabellone.core.team import TeamTournament

    if isinstance(t, TeamTournament):
        from tabellone.event.teams import record_board_results

        out = record_board_results(t, round_number, [(a, b, TYPED.get(r, r)) for a, b, r in triples])
        n = len(triples)
        entered = f"{n} result{'s' if n != 1 else ''} entered"
        return Outcome(out, f"round {round_number}: {entered}; {_tail(out, round_number)}")
    _paired(t, round_number)
    if not triples:
        raise InputError("no results given", field="results")
    seen: set[int] = set()
    entered, changed, unchanged = [], [], []
    for a, b, res in triples:
        res = parse_result(res, f" for {a}-{b}")
        for pid in (a, b):
            known_player(t, pid)
        ea = t.player(a).entry(round_number)
        if ea.opponent != b:
            other = t.player(a).entry(round_number).opponent
            plays = f"{a} plays {other}" if other else f"{a} has no game"
            raise InputError(f"{a} and {b} do not play each other in round {round_number} ({plays})", field="results")
        if ea.colour == BLACK and orient:
            a, b, res = b, a, REVERSED.get(res, res)
            ea = t.player(a).entry(round_number)
        elif ea.colour == BLACK:
            raise InputError(
                f"'{a} {b} {res}': {b} has White against {a} in round {round_number}; give White first: "
                f"'{b} {a} {REVERSED.get(res, res)}' (nothing entered)",
                field="results",
            )
        if ea.colour != WHITE:
            raise InputError(f"{a}-{b} has no colours recorded in round {round_number}", field="results")
        if a in seen:
            raise InputError(f"{a}-{b} is given twice", field="results")
        seen.add(a)
        eb = t.player(b).entry(round_number)
        label = f"board {_board_number(t, round_number, a) or '?'} {a}-{b}"
        if ea.pending:
            entered.append((a, b, res))
            continue
        old = SHEET.get((ea.result, eb.result), f"{ea.result}/{eb.result}")
        if old == SHOWN[res]:
            unchanged.append(label)
        else:
            changed.append(f"{label}: changed from {old} to {SHOWN[res]}")
            entered.append((a, b, res))
    out = enter_results(t, round_number, entered) if entered else t
    parts = []
    new = len(entered) - len(changed)
    if new:
        parts.append(f"{new} result{'s' if new != 1 else ''} entered")
    parts += changed
    if unchanged:
        parts.append(f"{', '.join(unchanged)}: already recorded so, unchanged")
    warnings = []
    if changed and t.rounds_paired > round_number:
        later = (
            f"round {round_number + 1}"
            if t.rounds_paired == round_number + 1
            else f"rounds {round_number + 1}-{t.rounds_paired}"
        )
        warnings.append(
            f"round {round_number} was corrected after {later} {'was' if t.rounds_paired == round_number + 1 else 'were'} "
            f"paired on the old result: the pairings of {later} stand as published (C.04.2 Art. 4.4); "
            f"'tabellone check' compares them with the corrected results"
        )
    return Outcome(
        out, f"round {round_number}: " + "; ".join(parts + [_tail(out, round_number)]), tuple(warnings), len(entered)
    )
