"""Running an event from one file: ``new``, ``event set``, ``player``, ``withdraw``,
``bye``, ``result``, ``round show``, ``undo``, ``export``, ``lineup`` and ``pair
--write``. Every change goes through :class:`tabellone.event.FileStore`: one command at
a time per event (a lock), the file written whole with a backup, and logged for
``undo``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tabellone.cli.common import emit, system_option_values
from tabellone.core.errors import EXIT_OK, InputError


def _said(path, applied, stream=None) -> int:
    """The one line a change prints, and its warnings and notes on stderr."""
    out = stream or sys.stdout
    for note in applied.notes:
        if note.startswith("previous version kept as"):
            continue
        print(f"tabellone: note: {path}: {note}", file=sys.stderr)
    for warning in applied.outcome.warnings:
        print(f"tabellone: warning: {path}: {warning}", file=sys.stderr)
    kept = next((n for n in applied.notes if n.startswith("previous version kept as")), None)
    print(f"{path}: {applied.outcome.message}" + (f" ({kept})" if kept else ""), file=out)
    return EXIT_OK


def _store(args: argparse.Namespace, teams: bool = True):
    from tabellone.event import FileStore

    return FileStore(args.file, teams=teams)


def _header_values(args: argparse.Namespace) -> dict:
    return {
        "012": getattr(args, "set_name", None),
        "022": args.city,
        "032": args.event_federation,
        "042": args.start,
        "052": args.end,
        "092": args.type,
        "102": args.chief_arbiter,
        "112": args.deputy,
        "122": args.time_control,
        "132": args.round_dates,
        "222": args.time_control_code,
    }


def _event_option_values(args: argparse.Namespace) -> dict:
    return {"method": args.method, "missed": args.late_entry_rounds}


def cmd_new(args: argparse.Namespace) -> int:
    from tabellone.event import FileStore, new_event

    tiebreaks = [args.tiebreaks] if args.tiebreaks else []
    notes: list[str] = []
    t = new_event(
        args.name,
        args.rounds,
        args.system,
        args.edition,
        args.initial_colour,
        tiebreaks,
        baku=args.baku,
        headers=_header_values(args),
        notes=notes,
        **_event_option_values(args),
    )
    fmt = "json" if args.file.lower().endswith(".json") else "trf26"
    what = f"new event '{args.name}', {args.rounds} rounds, {t.system}"
    applied = FileStore(args.file).create(t, fmt, what)
    for note in notes:
        print(f"tabellone: note: {args.file}: {note}", file=sys.stderr)
    return _said(args.file, applied)


def cmd_event(args: argparse.Namespace) -> int:
    """event set EVENT ... (header records, options) / event show EVENT."""
    from tabellone.event import set_event

    if args.event_action is None:
        raise InputError("say what to do: 'event set EVENT --city ...' or 'event show EVENT'", field="ACTION")
    store = _store(args, teams=False)
    if args.event_action == "show":
        from tabellone.reports.tables import event_sheet, render

        emit(render(event_sheet(store.read().tournament, args.file), "text"), None, [args.file], False)
        return EXIT_OK
    return _said(args.file, store.apply(lambda t: set_event(t, _header_values(args), **_event_option_values(args))))


def cmd_player(args: argparse.Namespace) -> int:
    from tabellone.event import edit_player, event_options, make_player, players_from_csv, register, remove_player
    from tabellone.formats.text import decode, read_bytes

    action = args.player_action
    if action is None:
        raise InputError(
            "say what to do: 'player add EVENT --name ...', 'player import EVENT players.csv', "
            "'player edit EVENT ID --rating ...', 'player remove EVENT ID' or 'player list EVENT'",
            field="ACTION",
        )
    store = _store(args, teams=False)
    if action == "list":
        from tabellone.reports.tables import player_list, render

        t = store.read().tournament
        emit(render(player_list(t, args.file, args.alphabetical), args.format), args.output, [args.file], args.force)
        return EXIT_OK
    if action == "edit":
        changes = {
            "name": args.name,
            "rating": args.rating,
            "fide_id": args.fide_id,
            "federation": args.federation,
            "title": args.title,
            "birth": args.birth,
            "sex": args.sex,
        }
        return _said(args.file, store.apply(lambda t: edit_player(t, args.id, changes, args.same_name_ok)))
    if action == "remove":
        return _said(args.file, store.apply(lambda t: remove_player(t, args.id)))
    births: list[str] = []
    if action == "add":
        new = [make_player(args.name, args.rating, args.fide_id, args.federation, args.title, args.birth, args.sex)]
        births = [args.birth or ""]
    else:
        new = players_from_csv(decode(read_bytes(args.csv))[0], args.csv, births)

    def operation(t):
        missed = getattr(args, "missed", None) or event_options(t).get("missed", "zero")
        return register(
            t,
            new,
            insert=getattr(args, "insert", False),
            missed=missed,
            same_name_ok=getattr(args, "same_name_ok", False),
            births_typed=births,
        )

    return _said(args.file, store.apply(operation))


def cmd_withdraw(args: argparse.Namespace) -> int:
    from tabellone.event import withdrawal

    return _said(args.file, _store(args).apply(lambda t: withdrawal(t, args.id, args.from_round)))


def cmd_bye(args: argparse.Namespace) -> int:
    from tabellone.core.model import ByeKind
    from tabellone.event import bye

    kind = ByeKind.HALF if args.half else ByeKind.FULL if args.full else ByeKind.ZERO
    return _said(args.file, _store(args).apply(lambda t: bye(t, args.id, args.round, kind)))


def cmd_result(args: argparse.Namespace) -> int:
    from tabellone.event import by_board, enter, parse_result_triples, results_from_csv
    from tabellone.formats.text import decode, read_bytes

    if args.csv and args.results:
        raise InputError("give results on the command line or with --csv, not both", field="--csv")
    if args.board is not None and (args.csv or len(args.results) != 1):
        raise InputError(
            f"--board {args.board} takes one result (e.g. --board {args.board} 1-0); found {len(args.results)} words",
            field="--board",
        )
    if not args.csv and not args.results:
        raise InputError("no results given: WHITE BLACK RESULT ..., --board N RESULT or --csv FILE", field="results")
    csv_triples = results_from_csv(decode(read_bytes(args.csv))[0], args.csv) if args.csv else None
    words_triples = parse_result_triples(args.results) if args.board is None and not args.csv else None

    def operation(t):
        r = args.round or t.rounds_paired
        if args.board is not None:
            triples = by_board(t, r, args.board, args.results[0])
        else:
            triples = csv_triples if csv_triples is not None else words_triples
        return enter(t, r, triples)

    return _said(args.file, _store(args).apply(operation))


def cmd_round(args: argparse.Namespace) -> int:
    """round show EVENT [R]: the round as recorded, results included."""
    from tabellone.event import read_event
    from tabellone.reports.tables import render, round_table

    if args.round_action is None:
        raise InputError("say what to do: 'round show EVENT [ROUND]'", field="ACTION")
    t = read_event(args.file).tournament
    r = args.round if args.round is not None else t.rounds_paired
    if r == 0:
        raise InputError("no round is paired yet: pair one with 'tabellone pair EVENT --write'", field="ROUND")
    table = round_table(t, r, args.file, alphabetical=args.alphabetical)
    emit(render(table, args.format), args.output, [args.file], args.force)
    return EXIT_OK


def cmd_undo(args: argparse.Namespace) -> int:
    store = _store(args)
    if args.list:
        entries = store.history()
        undone = {e.undoes for e in entries if e.undoes is not None}
        for e in entries:
            mark = " (undone)" if e.seq in undone else ""
            print(f"{e.seq:>4}  {e.time}  {e.what}{mark}")
        return EXIT_OK
    return _said(args.file, store.undo())


def cmd_export(args: argparse.Namespace) -> int:
    """export EVENT --to trf26|trf16 -o FILE: the file a rating officer receives: points,
    ranks and header records, and a line for each record a rating report needs that
    the event lacks."""
    from tabellone.event import read_event, render
    from tabellone.formats.files import safe_output, write_text

    t = read_event(args.file).tournament
    missing = [
        label
        for code, label in (
            ("022", "city (--city)"),
            ("032", "federation (--federation)"),
            ("042", "start date (--start)"),
            ("052", "end date (--end)"),
            ("102", "chief arbiter (--chief-arbiter)"),
        )
        if not any(h.code == code for h in t.headers)
    ]
    if missing:
        print(
            f"tabellone: warning: {args.file}: a rating report needs {', '.join(missing)}: "
            "set them with 'tabellone event set'",
            file=sys.stderr,
        )
    if args.to == "trf16":
        from dataclasses import replace

        from tabellone.event.header import TRF26_ONLY

        t = replace(t, headers=tuple(h for h in t.headers if h.code not in TRF26_ONLY))
    text = render(t, args.to)
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        write_text(safe_output(args.output, [args.file], args.force), text)
        print(f"{args.output}: {args.to.upper()} export of {args.file}, {len(t.players)} players, ranks included")
    return EXIT_OK


def event_defaults(args: argparse.Namespace, t) -> None:
    """Options the event declares (``method`` and the systems' own, such as ``game`` and
    ``odd``) for a command that was not given them: an option set once at ``new`` holds
    for every command."""
    from tabellone.event import event_options
    from tabellone.event.header import pairing_option_names

    for key, value in event_options(t).items():
        if key in pairing_option_names() and getattr(args, key, None) is None:
            setattr(args, key, value)


def cmd_lineup(args: argparse.Namespace) -> int:
    """lineup EVENT TEAM P1 P2 ...: a team event's line-up (tabellone.event.teams.set_lineup)."""
    from tabellone.core.team import TeamTournament
    from tabellone.event import Outcome
    from tabellone.event.teams import set_lineup

    def operation(t):
        if not isinstance(t, TeamTournament):
            raise InputError("lineup is for team events (310 records)", source=args.file, field="TEAM")
        r = args.round or t.rounds_paired
        out = set_lineup(t, args.team, r, args.players)
        return Outcome(out, f"round {r}: team {args.team} lines up {' '.join(map(str, args.players))}")

    return _said(args.file, _store(args).apply(operation))


def cmd_pair_write(args: argparse.Namespace) -> int:
    """pair --write: pair the next round by the file's system and options (and those
    given here), record it, and print its pairing list."""
    from tabellone.event import pair_next
    from tabellone.reports.tables import render, round_table

    if args.output:
        raise InputError("--write records the round in the event file; print it with --format, not -o", field="-o")
    if args.format == "trf":
        raise InputError(
            "--write records the round in the event file itself, which is the TRF; "
            "choose --format text, html, csv, json or bbp for what is printed",
            field="--format",
        )
    if args.round is not None:
        raise InputError(
            "--write pairs the next round; 'round show EVENT R' prints a round already paired", field="--round"
        )
    if getattr(args, "profile", None):
        raise InputError("--write pairs by the event's own rules; --profile is for trying a pairing", field="--profile")
    options = {"method": args.method, **system_option_values(args), "baku": args.baku or None}
    if getattr(args, "backend", "blossom") == "cpsat":
        from tabellone.matching.cpsat import CpSatMatching

        options["solve"] = CpSatMatching()
    store = _store(args)
    applied = store.apply(lambda t: pair_next(t, args.system, args.edition, **options))
    _said(args.file, applied, sys.stderr if args.format != "text" else None)
    t, pairing = applied.outcome.tournament, applied.outcome.value
    if args.format == "bbp":
        sys.stdout.write("\n".join(pairing.bbp_lines()) + "\n")
        return EXIT_OK
    from tabellone.core.team import TeamTournament

    if isinstance(t, TeamTournament):
        from tabellone.cli.common import format_pairing
        from tabellone.rules import team_system

        sys.stdout.write(format_pairing(t, pairing, args.format, t.system or team_system().name))
        return EXIT_OK
    sys.stdout.write(render(round_table(t, pairing.round, args.file), args.format))
    return EXIT_OK


__all__ = ["Path", "cmd_pair_write", "event_defaults"]
