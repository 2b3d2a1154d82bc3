"""The tables an organiser posts: pairings, standings with tie-breaks, the crosstable;
each built once as a :class:`Table` and written as text, CSV, JSON or an HTML page.

CSV columns are stable names other programs can read: standings start with
``start_rank,name,points`` and then one column per tie-break, named exactly as requested
(``BH/C1``).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tabellone.core.errors import TabelloneError
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.core.scoring import format_points

FORMATS = ("text", "csv", "json", "html")


@dataclass
class Table:
    title: str
    notes: list[str]
    header: list[str]
    rows: list[list[object]]
    numeric: list[bool]
    kind: str  # 'standings', 'crosstable', 'pairings'
    extra: dict = field(default_factory=dict)  # more for JSON
    labels: list[str] | None = None  # the header in words (text, CSV, HTML); JSON keys are ``header``

    @property
    def heading(self) -> list[str]:
        return self.labels or self.header


def cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, Fraction):
        return format_points(value)
    return str(value)


def render(table: Table, fmt: str) -> str:
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(table.heading)
        for row in table.rows:
            w.writerow([cell(v) for v in row])
        return buf.getvalue()
    if fmt == "json":

        def value(v: object) -> object:
            if isinstance(v, Fraction):
                return float(v) if v.denominator != 1 else int(v)
            return v

        doc = {
            "title": table.title,
            "kind": table.kind,
            "notes": table.notes,
            **table.extra,
            "rows": [{h: value(v) for h, v in zip(table.header, row)} for row in table.rows],
        }
        return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if fmt == "html":
        from tabellone.reports.html import page

        return page(
            table.title, table.notes, table.heading, [[cell(v) for v in row] for row in table.rows], table.numeric
        )
    text_rows = [[cell(v) for v in row] for row in table.rows]
    widths = [max([len(h)] + [len(r[k]) for r in text_rows]) for k, h in enumerate(table.heading)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(widths[k]) if table.numeric[k] else c.ljust(widths[k]) for k, c in enumerate(cells)
        ).rstrip()

    out = [table.title] + table.notes + [line(table.heading), "-" * len(line(table.heading))]
    out += [line(r) for r in text_rows]
    return "\n".join(out) + "\n"


def event_title(t: Tournament, fallback: str = "") -> str:
    return next((h.text for h in t.headers if h.code == "012"), fallback)


# --- standings ------------------------------------------------------------------------------


def chess_standings(
    t: Tournament, tiebreaks, edition: str, *, unrated: int | None = None, source: str = "", games_per_round: int = 1
) -> Table:
    """The C.07 standings table; ``games_per_round`` 2 for Double-Swiss, whose rounds
    are matches of two game columns (tabellone.tiebreaks.participants)."""
    from tabellone.event import withdrawn_players
    from tabellone.tiebreaks import ranking, rounds_complete

    n = rounds_complete(t)
    rows_in = ranking(t, tiebreaks, edition, rounds=n, unrated=unrated, games_per_round=games_per_round)
    gone = withdrawn_players(t)
    header = ["place", "start_rank", "name", "rating", "fed", "points"] + [tb.text for tb in tiebreaks]
    rows = []
    for r in rows_in:
        p = r.participant.player
        name = p.name + (" (withdrawn)" if p.id in gone else "")
        rows.append(
            [
                f"{r.place}{'=' if r.shared else ''}",
                p.id,
                name,
                p.rating or None,
                p.federation or None,
                r.participant.points,
            ]
            + [r.participant.values.get(tb.text) for tb in tiebreaks]
        )
    total = f" of {t.total_rounds}" if t.total_rounds else ""
    notes = [
        f"Standings after round {n}{total}; tie-breaks (FIDE C.07, {edition} rules): "
        + (", ".join(tb.text for tb in tiebreaks) or "none")
    ]
    from tabellone.tiebreaks import RATING_BASED, rating_tiebreaks_dropped

    rated = [tb.text for tb in tiebreaks if tb.code in RATING_BASED]
    if rated and rating_tiebreaks_dropped(t, unrated):
        notes.append(
            f"{', '.join(rated)} dropped: unrated players are present and no rating is given for them "
            "(C.07 Art. 10; --unrated R counts them as R)"
        )
    if games_per_round > 1:
        notes.append(
            f"{n // games_per_round} matches of {games_per_round} games: each match is one round of the tie-breaks (C.04.5)"
        )
    if n < t.rounds_paired:
        notes.append(f"round {n + 1} has games without a result: not counted yet")
    numeric = [False, True, False, True, False, True] + [True] * len(tiebreaks)
    table = Table(
        f"{event_title(t, source)} - standings",
        notes,
        header,
        rows,
        numeric,
        "standings",
        {"round": n, "tiebreak_rules": edition, "tiebreaks": [tb.text for tb in tiebreaks]},
        ["Place", "No.", "Name", "Rating", "Fed", "Points"] + [tb.text for tb in tiebreaks],
    )
    return table


def standings_csv(table: Table) -> str:
    """``start_rank,name,points`` then one column per tie-break as requested."""
    tbs = table.extra.get("tiebreaks", [])
    idx = {h: k for k, h in enumerate(table.header)}
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["start_rank", "name", "points"] + tbs)
    for row in table.rows:
        name = row[idx["name"]]
        w.writerow(
            [row[idx["start_rank"]], str(name).removesuffix(" (withdrawn)"), cell(row[idx["points"]])]
            + [cell(row[idx[tb]]) for tb in tbs]
        )
    return buf.getvalue()


def draughts_standings(t: Tournament, rows_in, source: str = "") -> Table:
    """The italo-svizzero classification (rows of
    :func:`tabellone.rules.italo_svizzero.standings`) as a table."""
    header = [
        "place",
        "technical_place",
        "start_rank",
        "name",
        "points",
        "buchholz",
        "total",
        "wins",
        "games",
        "decided_by",
    ]
    rows = [
        [
            r.place,
            r.technical_place,
            r.id,
            r.name + (" (rit.)" if r.withdrawn else ""),
            r.points,
            r.buchholz,
            r.buchholz_total,
            r.wins,
            r.games,
            r.decided_by,
        ]
        for r in rows_in
    ]
    numeric = [True, True, True, False, True, True, True, True, True, False]
    labels = ["Pos.", "Pos. tecnica", "N.", "Nome", "Punti", "Buchholz", "Totale", "Vittorie", "Partite", "Deciso da"]
    return Table(
        f"{event_title(t, source)} - classifica",
        ["sistema italo-svizzero, procedura Buchholz"],
        header,
        rows,
        numeric,
        "standings",
        labels=labels,
    )


# --- crosstable ----------------------------------------------------------------------------

CROSSTABLE_LEGEND = (
    "Each round: the opponent's pairing number (No.), the colour (w White, b Black) and the result "
    "(1 won, ½ drawn, 0 lost; + won by forfeit, - lost by forfeit); without an opponent: -U pairing-allocated bye, "
    "-F full-point bye, -H half-point bye, -Z absent or zero-point bye; ? no result yet"
)


def crosstable(t: Tournament, source: str = "") -> Table:
    """One row per player, by final rank (the standings after the last round with every
    result, :func:`tabellone.event.ranks.final_places`; by pairing number before any
    round is complete): each round as opponent, colour and result (``12w1`` won with
    White against 12; ``-H`` half-point bye; ``+`` / ``-`` forfeits; the legend says
    so), and the points."""
    from tabellone.event.ranks import final_places

    n = t.rounds_recorded
    try:
        places = final_places(t)
    except TabelloneError:  # tie-breaks the file names that cannot be computed: by pairing number
        places = {}
    order = sorted(t.players, key=lambda p: (places.get(p.id, 0), p.id))
    header = ["place", "start_rank", "name", "title", "fed", "rating"] + [f"r{k}" for k in range(1, n + 1)] + ["points"]
    labels = ["Rk", "No.", "Name", "Title", "Fed", "Rtg"] + [f"R{k}" for k in range(1, n + 1)] + ["Pts"]
    rows = []
    for p in order:
        cells: list[object] = [places.get(p.id), p.id, p.name, p.title or None, p.federation or None, p.rating or None]
        for k in range(1, n + 1):
            e = p.entry(k)
            if e.is_empty:
                cells.append("")
            elif e.opponent is None:
                cells.append(f"-{e.result.strip() or 'Z'}")
            else:
                res = e.result.strip() or "?"
                res = {"=": "½"}.get(res, res)
                cells.append(f"{e.opponent}{e.colour or '-'}{res}")
        cells.append(t.score_after(p, n))
        rows.append(cells)
    numeric = [True, True, False, False, False, True] + [False] * n + [True]
    ordered = "by final rank" if places else "by pairing number (no round complete yet)"
    return Table(
        f"{event_title(t, source)} - crosstable",
        [f"{len(t.players)} players, {n} rounds recorded; {ordered}", CROSSTABLE_LEGEND],
        header,
        rows,
        numeric,
        "crosstable",
        labels=labels,
    )


# --- pairings ---------------------------------------------------------------------------------

#: Columns of a pairing list: key, label, numeric.
_BOARD_COLUMNS = (
    ("board", "Bd", True),
    ("white_no", "No.", True),
    ("white_title", "Tit", False),
    ("white", "White", False),
    ("white_rating", "Rtg", True),
    ("white_fed", "Fed", False),
    ("white_points", "Pts", True),
    ("result", "Result", False),
    ("black_points", "Pts", True),
    ("black_title", "Tit", False),
    ("black", "Black", False),
    ("black_rating", "Rtg", True),
    ("black_fed", "Fed", False),
    ("black_no", "No.", True),
)


def _side(t: Tournament, pid: int | None, points) -> list[object]:
    if pid is None:
        return [None, None, "", None, None, None]
    p = t.player(pid)
    return [pid, p.title or None, p.name, p.rating or None, p.federation or None, points]


def _board_row(t: Tournament, board: int | None, white: int, black: int | None, result: str, scores) -> list[object]:
    w = _side(t, white, scores.get(white))
    b = _side(t, black, scores.get(black) if black is not None else None)
    # White: number, title, name, rating, federation, points; then the result; Black mirrored
    return [board, w[0], w[1], w[2], w[3], w[4], w[5], result, b[5], b[1], b[2], b[3], b[4], b[0]]


def _pairing_table(t: Tournament, r: int, title: str, notes: list[str], rows: list[list[object]], extra) -> Table:
    return Table(
        title,
        notes,
        [c[0] for c in _BOARD_COLUMNS],
        rows,
        [c[2] for c in _BOARD_COLUMNS],
        "pairings",
        {"round": r, **extra},
        [c[1] for c in _BOARD_COLUMNS],
    )


def pairings_table(t: Tournament, pairing: Pairing, title: str, source: str = "") -> Table:
    """Boards of a round just paired (not recorded): board, White (number, title, name,
    rating, federation, points), result column, Black; then the pairing-allocated bye
    and everyone not paired, by name, with why."""
    state = t.state_before(pairing.round)
    scores = {s.id: s.score for s in state}
    rows = [_board_row(t, k, w, b, "", scores) for k, (w, b) in enumerate(pairing.pairs, start=1)]
    if pairing.bye is not None:
        rows.append(_board_row(t, None, pairing.bye, None, "bye", scores))
    for s in state:
        if not s.present and s.bye is not None:
            what = {"H": "½ bye", "F": "1 bye"}.get(s.bye.value, "absent")
            rows.append(_board_row(t, None, s.id, None, what, scores))
    return _pairing_table(t, pairing.round, f"{event_title(t, source)} - round {pairing.round}", [title], rows, {})


def round_table(t: Tournament, r: int, source: str = "", alphabetical: bool = False) -> Table:
    """Round ``r`` as recorded (:func:`tabellone.event.rounds.recorded_round`): every
    board with both players' number, title, name, rating, federation and points before
    the round, and its result once entered; then the pairing-allocated bye and everyone
    not paired, by name (half-point bye, absent, ...). ``alphabetical``: one line per
    player by name (board, colour, opponent), as posted for players to find their
    board."""
    from tabellone.event.rounds import recorded_round

    rec = recorded_round(t, r)
    title = f"{event_title(t, source)} - round {r}" + (f" of {t.total_rounds}" if t.total_rounds else "")
    done = sum(1 for b in rec.boards if b.result)
    notes = [
        f"{len(rec.boards)} boards, {done} results entered"
        + (f"; bye to {t.player(rec.pab).name}" if rec.pab is not None else "")
    ]
    if alphabetical:
        return _alphabetical(t, rec, title + " - by name", notes)
    rows = [_board_row(t, b.number, b.white, b.black, b.result, rec.scores) for b in rec.boards]
    if rec.pab is not None:
        rows.append(_board_row(t, None, rec.pab, None, "bye (pairing-allocated)", rec.scores))
    for pid, what in sorted(rec.others, key=lambda x: x[0]):
        rows.append(_board_row(t, None, pid, None, what, rec.scores))
    return _pairing_table(t, r, title, notes, rows, {"results": done})


def _alphabetical(t: Tournament, rec, title: str, notes: list[str]) -> Table:
    """One row per player by name: board, colour, opponent, result from the player's side."""
    lines: list[tuple[str, list[object]]] = []
    own = {"1-0": ("1", "0"), "0-1": ("0", "1"), "½-½": ("½", "½"), "+-": ("+", "-"), "-+": ("-", "+")}
    own.update({"--": ("-", "-"), "0-0": ("0", "0")})
    for b in rec.boards:
        res = own.get(b.result.split(" ")[0], ("", ""))
        for pid, colour, opp, mine in ((b.white, "White", b.black, res[0]), (b.black, "Black", b.white, res[1])):
            p, q = t.player(pid), t.player(opp)
            lines.append((p.name, [p.name, pid, rec.scores.get(pid), b.number, colour, q.name, opp, mine]))
    if rec.pab is not None:
        p = t.player(rec.pab)
        lines.append((p.name, [p.name, p.id, rec.scores.get(p.id), None, "bye (pairing-allocated)", "", None, ""]))
    for pid, what in rec.others:
        p = t.player(pid)
        lines.append((p.name, [p.name, pid, rec.scores.get(pid), None, what, "", None, ""]))
    lines.sort(key=lambda x: (x[0].casefold(), x[1][1]))
    return Table(
        title,
        notes,
        ["name", "start_rank", "points", "board", "colour", "opponent", "opponent_no", "result"],
        [row for _, row in lines],
        [False, True, True, True, False, False, True, False],
        "pairings",
        {"round": rec.round},
        ["Name", "No.", "Pts", "Bd", "Colour", "Opponent", "No.", "Result"],
    )


# --- players and the event ---------------------------------------------------------------------


def player_list(t: Tournament, source: str = "", alphabetical: bool = False) -> Table:
    """The players, by pairing number (the C.04.2 initial order) or by name."""
    players = sorted(t.players, key=lambda p: (p.name.casefold(), p.id)) if alphabetical else list(t.players)
    rows = [
        [p.id, p.title or None, p.name, p.rating or None, p.federation or None, p.fide_id or None, p.birth_date or None]
        for p in players
    ]
    return Table(
        f"{event_title(t, source)} - players" + (" by name" if alphabetical else ""),
        [f"{len(t.players)} players, {sum(1 for p in t.players if p.rating)} rated"],
        ["start_rank", "title", "name", "rating", "federation", "fide_id", "birth"],
        rows,
        [True, False, False, True, False, True, False],
        "players",
        labels=["No.", "Title", "Name", "Rating", "Fed", "FIDE id", "Born"],
    )


def event_sheet(t: Tournament, source: str = "") -> Table:
    """The event's header records and options, in words."""
    from tabellone.event.header import HEADER_FIELDS, event_options, round_dates

    labels = {**HEADER_FIELDS, "062": "players", "072": "rated players", "082": "teams", "142": "rounds"}
    rows: list[list[object]] = []
    for h in t.headers:
        if h.code == "132":
            rows.append(["132", "round dates", " ".join(d or "-" for d in round_dates(t))])
        elif h.code in labels or h.code in ("202", "212"):
            rows.append([h.code, labels.get(h.code, "tie-breaks"), h.text])
    rows.append(["142", "rounds", t.total_rounds])
    rows.append(["192", "pairing system", t.system])
    for key, value in sorted(event_options(t).items()):
        rows.append(["###", f"option {key}", value])
    return Table(
        f"{event_title(t, source)} - event",
        [],
        ["record", "what", "value"],
        rows,
        [False, False, False],
        "event",
        labels=["Record", "What", "Value"],
    )
