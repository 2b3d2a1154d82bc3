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
        w.writerow(table.header)
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
            table.title, table.notes, table.header, [[cell(v) for v in row] for row in table.rows], table.numeric
        )
    text_rows = [[cell(v) for v in row] for row in table.rows]
    widths = [max([len(h)] + [len(r[k]) for r in text_rows]) for k, h in enumerate(table.header)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(widths[k]) if table.numeric[k] else c.ljust(widths[k]) for k, c in enumerate(cells)
        ).rstrip()

    out = [table.title] + table.notes + [line(table.header), "-" * len(line(table.header))]
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
    """The italo-svizzero classification (rules/italo_svizzero.standings) as a table."""
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
    return Table(
        f"{event_title(t, source)} - classifica",
        ["sistema italo-svizzero, procedura Buchholz"],
        header,
        rows,
        numeric,
        "standings",
    )


# --- crosstable ----------------------------------------------------------------------------


def crosstable(t: Tournament, source: str = "") -> Table:
    """One row per player in pairing-number order: each round as opponent, colour and
    result (``12w1`` won with White against 12; ``-H`` half-point bye; ``+`` / ``-``
    forfeits), and the points."""
    n = t.rounds_recorded
    header = ["start_rank", "name", "rating"] + [f"r{k}" for k in range(1, n + 1)] + ["points"]
    rows = []
    for p in t.players:
        cells: list[object] = [p.id, p.name, p.rating or None]
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
    numeric = [True, False, True] + [False] * n + [True]
    return Table(
        f"{event_title(t, source)} - crosstable",
        [f"{len(t.players)} players, {n} rounds recorded"],
        header,
        rows,
        numeric,
        "crosstable",
    )


# --- pairings ---------------------------------------------------------------------------------


def pairings_table(t: Tournament, pairing: Pairing, title: str, source: str = "") -> Table:
    """Boards of a round: board, White (number, name, points), result column, Black."""
    state = t.state_before(pairing.round)
    header = ["board", "white_no", "white", "white_points", "result", "black_points", "black", "black_no"]
    rows: list[list[object]] = []
    for k, (w, b) in enumerate(pairing.pairs, start=1):
        rows.append([k, w, t.player(w).name, state[w].score, "", state[b].score, t.player(b).name, b])
    if pairing.bye is not None:
        rows.append([None, pairing.bye, t.player(pairing.bye).name, state[pairing.bye].score, "bye", None, "", None])
    for s in state:
        if not s.present and s.bye is not None:
            rows.append(
                [
                    None,
                    s.id,
                    t.player(s.id).name,
                    s.score,
                    {"H": "½ bye", "F": "1 bye"}.get(s.bye.value, "absent"),
                    None,
                    "",
                    None,
                ]
            )
    numeric = [True, True, False, True, False, True, False, True]
    return Table(
        f"{event_title(t, source)} - round {pairing.round}",
        [title],
        header,
        rows,
        numeric,
        "pairings",
        {"round": pairing.round},
    )
