"""``tabellone standings`` and ``tabellone crosstable``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from tabellone.cli.common import emit, load_checked
from tabellone.core.errors import (
    EXIT_OK,
    InputError,
)
from tabellone.rules import (
    DEFAULT_SYSTEM,
    declared_system,
    get_system,
    system_options,
    system_scoring_by,
    team_system,
)

if TYPE_CHECKING:
    from tabellone.core.team import TeamTournament


def cmd_standings(args: argparse.Namespace) -> int:
    """Standings of the file's system: FIDE C.07 tie-breaks for the chess systems, the
    italo-svizzero Buchholz procedure for draughts; or the crosstable."""
    from tabellone.reports.tables import chess_standings, crosstable, draughts_standings, render, standings_csv

    t = load_checked(args.file, False)
    if args.crosstable:
        emit(render(crosstable(t, args.file), args.format), args.output, [args.file], args.force)
        return EXIT_OK
    from tabellone.core.team import TeamTournament

    if isinstance(t, TeamTournament):
        return _team_standings(args, t)
    system = args.system
    if system is None:
        found, _ = declared_system(t.system)
        # the file's 192 code; else a draughts file (2-1-0 points) is italo-svizzero; else chess
        system = found[0] if found else system_scoring_by(t.scoring) or DEFAULT_SYSTEM
    rules = get_system(system)
    given = {o.name: getattr(args, o.name) for o in system_options() if o.standings}
    options = {k: v for k, v in given.items() if v is not None} or None
    rows = rules.standings(t, args.edition, options, tiebreaks=args.tiebreaks)
    if rows is not None:  # the system's own standings (the italo-svizzero Buchholz procedure)
        if args.format == "text":
            text = rules.format_standings(t, rows, args.edition)
        else:
            text = render(draughts_standings(t, rows, args.file), args.format)
        emit(text, args.output, [args.file], args.force)
        return EXIT_OK
    from tabellone.tiebreaks import DEFAULT, codes_from_file, parse_codes

    tiebreaks = parse_codes([args.tiebreaks]) if args.tiebreaks else (codes_from_file(t) or parse_codes(DEFAULT))
    t = rules.standings_view(t)  # Double-Swiss: a single forfeited game counts as played
    per_round = rules.games_per_round  # and a round of the tie-breaks is a match of two games
    table = chess_standings(
        t, tiebreaks, args.tiebreak_rules, unrated=args.unrated, source=args.file, games_per_round=per_round
    )
    text = standings_csv(table) if args.format == "csv" else render(table, args.format)
    emit(text, args.output, [args.file], args.force)
    return EXIT_OK


def _team_standings(args: argparse.Namespace, t: TeamTournament) -> int:
    """Standings of a team event: primary score, secondary score, C.07 tie-breaks."""
    from tabellone.reports.tables import Table, event_title, render
    from tabellone.tiebreaks import parse_codes, rounds_complete

    team = team_system()
    if args.system not in (None, team.name):
        raise InputError(f"the file is a team event; the {args.system} system pairs players", field="--system")
    rows = team.standings(t, args.tiebreak_rules, tiebreaks=parse_codes([args.tiebreaks]) if args.tiebreaks else None)
    assert rows is not None
    tbs = list(rows[0].values) if rows else []
    first, second = ("MP", "GP") if t.primary == "MP" else ("GP", "MP")
    header = ["place", "tpn", "team", first, second] + tbs
    body = [
        [f"{r.place}{'=' if r.shared else ''}", r.tpn, r.name, r.primary, r.secondary] + [r.values[k] for k in tbs]
        for r in rows
    ]
    n = rounds_complete(t)
    notes = [
        f"Standings after round {n}"
        + (f" of {t.total_rounds}" if t.total_rounds else "")
        + f"; {first}, then {second}, then tie-breaks (FIDE C.07, {args.tiebreak_rules} rules; match points unless :GP): "
        + (", ".join(tbs) or "none")
    ]
    table = Table(
        f"{event_title(t, args.file)} - standings",
        notes,
        header,
        body,
        [False, True, False, True, True] + [True] * len(tbs),
        "standings",
        {"round": n, "tiebreaks": tbs},
    )
    emit(render(table, args.format), args.output, [args.file], args.force)
    return EXIT_OK


def cmd_crosstable(args: argparse.Namespace) -> int:
    from tabellone.reports.tables import crosstable, render

    t = load_checked(args.file, False)
    emit(render(crosstable(t, args.file), args.format), args.output, [args.file], args.force)
    return EXIT_OK
