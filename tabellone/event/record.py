"""Results into the players' records: how a result may be typed, which pair it is for,
and the entry itself. :mod:`tabellone.event.results` builds the command's words on
this (board numbers, corrections said, later rounds named); a team event's boards
(:mod:`tabellone.event.teams`) are entered here too.

A result is written as on a score sheet, White's score first: ``1-0``, ``0-1``, a draw
``=`` (also ``1/2``, ``½``, ``½-½``, ``1/2-1/2``, ``0.5-0.5``), the forfeits ``+-``
(White wins, Black did not play), ``-+`` and ``--`` (neither played), ``0-0`` (both
lost, played); ``:`` may stand for ``-`` (``1:0``, ``+:-``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, WHITE, Tournament
from tabellone.core.rounds import RESULT_CODES, enter_results
from tabellone.core.team import TeamTournament
from tabellone.event.players import known_player

#: How a result may be typed -> the code :func:`tabellone.core.rounds.enter_results` reads.
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

#: A board's result codes (White's, Black's) as a score sheet writes them.
SHEET = {
    ("1", "0"): "1-0",
    ("0", "1"): "0-1",
    ("=", "="): "½-½",
    ("+", "-"): "+-",
    ("-", "+"): "-+",
    ("-", "-"): "--",
    ("0", "0"): "0-0",
    ("W", "L"): "1-0 (unrated)",
    ("L", "W"): "0-1 (unrated)",
    ("D", "D"): "½-½ (unrated)",
}

_EXPECTED = "1-0 0-1 = (or 1/2, ½-½) +- -+ -- 0-0"


def parse_result(word: str, where: str = "") -> str:
    """A typed result -> its code (``1-0``, ``0-1``, ``=``, ``+-``, ``-+``, ``--``, ``0-0``)."""
    code = TYPED.get(word.strip())
    if code is None or code not in RESULT_CODES:
        raise InputError(f"found result {word!r}{where}, expected one of {_EXPECTED}", field="results")
    return code


def sheet_result(t: Tournament, white: int, black: int, r: int) -> str:
    """The result of board ``white``-``black`` of round ``r`` as a score sheet writes it
    ('' while the game has none)."""
    ew, eb = t.player(white).entry(r), t.player(black).entry(r)
    if ew.pending:
        return ""
    return SHEET.get((ew.result, eb.result), f"{ew.result}/{eb.result}")


def check_paired(t: Tournament, round_number: int) -> None:
    if t.rounds_paired == 0:
        raise InputError("no round is paired yet: pair one first (tabellone pair EVENT --write)", field="--round")
    if round_number < 1 or round_number > t.rounds_paired:
        raise InputError(f"round {round_number} is not paired (rounds 1-{t.rounds_paired} are)", field="--round")


@dataclass(frozen=True)
class Entry:
    """A result to enter: the board (White, Black), its code, and what the board had
    (as a score sheet writes it; '' when it had no result)."""

    white: int
    black: int
    code: str
    before: str


def check_entries(
    t: Tournament, round_number: int, triples: Sequence[tuple[int, int, str]], orient: bool = False
) -> list[Entry]:
    """The results ``triples`` of round ``round_number`` checked: known players who play
    each other, given White first (``orient``: a pair given Black first is turned round;
    otherwise it is refused, saying which way round the board is), each board once."""
    check_paired(t, round_number)
    if not triples:
        raise InputError("no results given", field="results")
    seen: set[int] = set()
    out = []
    for a, b, res in triples:
        res = parse_result(res, f" for {a}-{b}")
        for pid in (a, b):
            known_player(t, pid)
        ea = t.player(a).entry(round_number)
        if ea.opponent != b:
            plays = f"{a} plays {ea.opponent}" if ea.opponent else f"{a} has no game"
            raise InputError(f"{a} and {b} do not play each other in round {round_number} ({plays})", field="results")
        if ea.colour == BLACK and orient:
            a, b, res = b, a, REVERSED[res]
        elif ea.colour == BLACK:
            raise InputError(
                f"'{a} {b} {res}': {b} has White against {a} in round {round_number}; give White first: "
                f"'{b} {a} {REVERSED[res]}' (nothing entered)",
                field="results",
            )
        elif ea.colour != WHITE:
            raise InputError(f"{a}-{b} has no colours recorded in round {round_number}", field="results")
        if a in seen:
            raise InputError(f"{a}-{b} is given twice", field="results")
        seen.add(a)
        out.append(Entry(a, b, res, sheet_result(t, a, b, round_number)))
    return out


def record_player_results(
    t: Tournament, round_number: int, triples: Sequence[tuple[int, int, str]], orient: bool = True
) -> Tournament:
    """``t`` with results of ``round_number`` entered into the players' records (of a
    player event, or of a team event's boards): :func:`check_entries`, a pair given
    Black first turned round unless ``orient`` is false; a result already entered is
    replaced (a correction)."""
    entries = check_entries(t, round_number, triples, orient)
    return enter_results(t, round_number, [(e.white, e.black, e.code) for e in entries])


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
