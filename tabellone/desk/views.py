"""What the desk's pages show, computed from an event's state: pairing lists, result
grids, standings, the crosstable by rank, the hall screen's pages, the arbiter's check.
Plain data for the templates; nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tabellone import api
from tabellone.core.errors import InputError, TabelloneError
from tabellone.core.model import Tournament
from tabellone.desk.actions import for_pairing, header, result_of
from tabellone.desk.store import State
from tabellone.event import system_of, withdrawn_players
from tabellone.reports.tables import cell, chess_standings, draughts_standings
from tabellone.rules import TITLES, get_system
from tabellone.tiebreaks import DEFAULT, codes_from_file, compute, parse_codes, rounds_complete
from tabellone.verify.checker import RoundReport


def pts(x: Fraction | None) -> str:
    """Points as a pairing list shows them: ``0``, ``½``, ``2½``."""
    if x is None:
        return ""
    whole, half = divmod(x, 1)
    if half == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    return str(x) if half else str(whole)


@dataclass
class Side:
    id: int
    name: str
    rating: int
    title: str
    federation: str
    points: str


@dataclass
class Board:
    number: int
    white: Side
    black: Side
    result: str = ""
    version: int = 0
    code: str = ""


@dataclass
class RoundView:
    round: int
    boards: list[Board]
    #: players without a board: (player, what in words, the TRF code: U, H, F, Z, -)
    byes: list[tuple[Side, str, str]] = field(default_factory=list)

    @property
    def missing(self) -> int:
        return sum(1 for b in self.boards if not b.result)


def side(t: Tournament, pid: int, r: int) -> Side:
    p = t.player(pid)
    return Side(pid, p.name, p.rating, p.title, p.federation, pts(t.score_after(p, r - 1)))


_BYE_WORDS = {"U": "bye (pairing)", "H": "½-point bye", "F": "1-point bye", "Z": "absent", "-": "absent"}


def round_view(t: Tournament, r: int, pairs, bye: int | None = None, versions=None) -> RoundView:
    """The boards of round ``r`` (published: results and versions; a draft: ``bye``)."""
    boards = []
    for k, (w, b) in enumerate(pairs, start=1):
        version, code = (versions or {}).get(k, (0, ""))
        boards.append(Board(k, side(t, w, r), side(t, b, r), result_of(t, r, w) if versions else "", version, code))
    view = RoundView(r, boards)
    if versions is not None:
        for p in t.players:
            e = p.entry(r)
            if e.opponent is None and e.result != " ":
                view.byes.append((side(t, p.id, r), _BYE_WORDS.get(e.result, e.result), e.result))
    else:
        if bye is not None:
            view.byes.append((side(t, bye, r), "bye (pairing)", "U"))
        for b in sorted(t.byes):
            if b.round == r:
                view.byes.append((side(t, b.player, r), _BYE_WORDS.get(b.kind.value, b.kind.value), b.kind.value))
    return view


def published(state: State, r: int, versions) -> RoundView:
    return round_view(state.tournament, r, state.boards[r], versions=versions)


def one_board(state: State, r: int, board: int, versions) -> Board:
    """One board of a published round (what a result entry shows again)."""
    t = state.tournament
    w, b = state.boards[r][board - 1]
    version, code = versions.get(board, (0, ""))
    return Board(board, side(t, w, r), side(t, b, r), result_of(t, r, w), version, code)


def alphabetical(view: RoundView) -> list[tuple[Side, str, Any, Side | None]]:
    """Every player of a round by name: board (or what instead), colour, opponent."""
    rows = []
    for b in view.boards:
        rows.append((b.white, "White", b.number, b.black))
        rows.append((b.black, "Black", b.number, b.white))
    for s, what, _code in view.byes:
        rows.append((s, what, "", None))
    return sorted(rows, key=lambda row: row[0].name.casefold())


# --- standings ---------------------------------------------------------------------------------


@dataclass
class Standings:
    title: str
    notes: list[str]
    header: list[str]
    rows: list[list[str]]
    numeric: list[bool]
    order: list[int]  # pairing numbers by place


def standings(state: State) -> Standings:
    """The event's standings: the C.07 tie-breaks of its ``202`` record (or the usual
    BH/C1, BH, SB), by :func:`tabellone.reports.tables.chess_standings`; the FID
    procedure for italo-svizzero."""
    t = state.tournament
    system = state.draft.system if state.draft else None
    system = system or system_of(t)[0]
    own = get_system(system).standings(t, system_of(t)[1])
    if own is not None:  # the system's own standings (the italo-svizzero Buchholz procedure)
        table = draughts_standings(t, own)
        order_col = table.header.index("start_rank")
    else:
        tiebreaks = event_tiebreaks(t)
        table = chess_standings(t, tiebreaks, state.settings.get("tiebreak_rules", "2026"))
        order_col = table.header.index("start_rank")
    rows = [[cell(v) for v in row] for row in table.rows]
    return Standings(
        table.title,
        table.notes,
        [h.replace("_", " ") for h in table.header],
        rows,
        table.numeric,
        [int(row[order_col]) for row in table.rows],
    )


def event_tiebreaks(t: Tournament):
    return codes_from_file(t) or parse_codes(DEFAULT)


@dataclass
class Breakdown:
    """One player's standing explained: each round as the tie-breaks read it."""

    player: Any
    points: str
    values: list[tuple[str, str]]
    rounds: list[dict[str, Any]]


def breakdown(state: State, pid: int) -> Breakdown:
    """The rounds of ``pid`` as :func:`tabellone.tiebreaks.compute` reads them: the
    opponent and the score the opponent brings to Buchholz (adjusted for their own
    unplayed rounds, C.07 Art. 16.3), or an unplayed round (a dummy opponent, Art.
    16.4), and the values of the event's tie-breaks."""
    t = state.tournament
    if pid not in t.by_id:
        raise InputError(f"no player has pairing number {pid}", field="player")
    tiebreaks = event_tiebreaks(t)
    n = rounds_complete(t)
    parts = compute(t, tiebreaks, state.settings.get("tiebreak_rules", "2026"), rounds=n)
    me = parts[pid]
    rounds = []
    for k, v in enumerate(me.rounds, start=1):
        e = t.player(pid).entry(k)
        opp = t.player(v.opponent) if v.opponent is not None else None
        rounds.append(
            {
                "round": k,
                "opponent": opp,
                "colour": {"w": "White", "b": "Black"}.get(v.colour or "", ""),
                "result": {"=": "½"}.get(e.result, e.result),
                "points": pts(v.points),
                "played": v.played,
                "vur": v.vur,
                "brings": pts(parts[v.opponent].adjusted) if v.played else "",
            }
        )
    values = [(tb.text, cell(me.values.get(tb.text))) for tb in tiebreaks if tb.text in me.values]
    return Breakdown(t.player(pid), pts(me.points), values, rounds)


@dataclass
class CrossRow:
    place: int
    id: int
    name: str
    rating: int
    federation: str
    cells: list[str]
    points: str


def crosstable(state: State, order: list[int]) -> list[CrossRow]:
    """The crosstable by rank: each round as the opponent's place, colour and result
    (``12w1``: beat the player placed 12th with White)."""
    t = state.tournament
    place = {pid: k for k, pid in enumerate(order, start=1)}
    n = t.rounds_recorded
    gone = withdrawn_players(t)
    rows = []
    for pid in order:
        p = t.player(pid)
        cells = []
        for r in range(1, n + 1):
            e = p.entry(r)
            if e.is_empty:
                cells.append("")
            elif e.opponent is None:
                cells.append("-" + {"U": "+", "F": "+", "H": "½", "Z": "0", "-": "0"}.get(e.result, e.result))
            else:
                res = {"=": "½", " ": "?"}.get(e.result, e.result)
                cells.append(f"{place[e.opponent]}{e.colour or ''}{res}")
        name = p.name + (" (withdrawn)" if pid in gone else "")
        rows.append(CrossRow(place[pid], pid, name, p.rating, p.federation, cells, pts(t.score_after(p, n))))
    return rows


# --- the check ----------------------------------------------------------------------------------


@dataclass
class Verdict:
    round: int
    code: str  # RoundReport.status: ok, differs, breaks, unpairable, no games
    lines: list[str]

    @property
    def status(self) -> str:
        return _STATUS_WORDS.get(self.code, self.code)

    @property
    def css(self) -> str:
        return {"ok": "ok", "differs": "warn", "no games": "muted"}.get(self.code, "bad")


_STATUS_WORDS = {
    "ok": "as the rules pair it",
    "differs": "differs from the rules' pairing",
    "breaks": "breaks absolute rules",
    "unpairable": "no legal pairing by the rules",
    "no games": "no games",
}


def verdict(rep: RoundReport) -> Verdict:
    """One round of a check report as lines an arbiter reads."""
    lines = list(rep.absolute)
    if rep.unpairable is not None:
        lines.append(f"the rules find no legal pairing of this round ({rep.unpairable})")
    if rep.first_difference:
        lines.append(f"first difference: {rep.first_difference}")
    if rep.only_given or rep.only_rules:
        lines.append("pairs only in this pairing: " + ("; ".join(rep.pairs_named(rep.only_given)) or "-"))
        lines.append("pairs the rules make instead: " + ("; ".join(rep.pairs_named(rep.only_rules)) or "-"))
    if rep.bye_given != rep.bye_rules:
        lines.append(f"bye given to {rep.name(rep.bye_given)}; the rules give it to {rep.name(rep.bye_rules)}")
    lines += [f"colours: {rep.colour_line(note)}" for note in rep.colour_notes]
    if rep.no_games is not None:
        held = ", ".join(f"{code.strip() or 'empty'}: {len(ids)}" for code, ids in sorted(rep.no_games.items()))
        lines.append(f"nothing paired in this round ({held})")
    return Verdict(rep.round, rep.status, lines)


def check_file(t: Tournament, system: str | None, edition: str | None) -> tuple[str, list[Verdict]]:
    """Every round of an uploaded file checked by :func:`tabellone.api.check`."""
    found, found_edition = system_of(t)
    system = system or found
    edition = edition or (found_edition if system == found else None)
    report = api.check(for_pairing(t), system, edition)
    return f"{TITLES.get(system, system)} {report.edition}", [verdict(r) for r in report.rounds]


def safe_explain(t: Tournament, system: str, edition: str | None, r: int, pair, bye) -> list[str]:
    try:
        return api.explain(for_pairing(t), system, edition, round=r, pair=pair, bye=bye).lines
    except TabelloneError as exc:
        return [str(exc)]


def event_summary(state: State) -> dict[str, Any]:
    t = state.tournament
    system, edition = system_of(t)
    return {
        "name": header(t, "012") or "(no name)",
        "place": header(t, "022"),
        "start": header(t, "042"),
        "end": header(t, "052"),
        "arbiter": header(t, "102"),
        "deputies": header(t, "112"),
        "time_control": header(t, "122"),
        "federation": header(t, "032"),
        "tiebreaks": header(t, "202"),
        "system": TITLES.get(system, system),
        "system_name": system,
        "edition": edition or "",
        "baku": (t.system or "").upper().endswith("_BAKU"),
        "rounds": t.total_rounds,
        "paired": t.rounds_paired,
        "players": len(t.players),
        "initial_colour": {"w": "white", "b": "black"}.get(t.initial_colour or "", "not set"),
        "drawn": state.settings.get("initial_colour_drawn", False),
        "archived": state.settings.get("archived", False),
        "draft": state.draft.round if state.draft else None,
    }
