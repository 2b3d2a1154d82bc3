"""Running an event from one file: ``new``, ``player``, ``withdraw``, ``bye``, ``result``,
``lineup`` and ``pair --write``."""

from __future__ import annotations

import argparse
import sys

from tabellone.cli.common import _count, _saved, _who, format_pairing
from tabellone.cli.standings import cmd_crosstable
from tabellone.core.errors import (
    EXIT_OK,
    InputError,
)
from tabellone.rules import get_system


def cmd_new(args: argparse.Namespace) -> int:
    from pathlib import Path

    from tabellone.event import Event, new_event

    tiebreaks = [args.tiebreaks] if args.tiebreaks else []
    t = new_event(args.name, args.rounds, args.system, args.edition, args.initial_colour, tiebreaks)
    fmt = "json" if args.file.lower().endswith(".json") else "trf26"
    return _saved(Event(Path(args.file), t, fmt, None), t, f"new event '{args.name}', {args.rounds} rounds, {t.system}")


def cmd_player(args: argparse.Namespace) -> int:
    from tabellone.event import add_players, make_player, players_from_csv, read_event
    from tabellone.formats.files import read_bytes
    from tabellone.formats.trf import decode

    if args.player_action is None:
        raise InputError(
            "say what to do: 'player add EVENT --name ...' or 'player import EVENT players.csv'", field="ACTION"
        )
    event = read_event(args.file)
    if args.player_action == "add":
        new = [make_player(args.name, args.rating, args.fide_id, args.federation, args.title, args.birth, args.sex)]
    else:
        new = players_from_csv(decode(read_bytes(args.csv))[0], args.csv)
    t, ids = add_players(event.tournament, new, insert=getattr(args, "insert", False))
    late = event.tournament.rounds_paired > 0
    if len(ids) == 1:
        how = (
            "inserted in the initial order, everyone renumbered"
            if getattr(args, "insert", False)
            else "next free number"
        )
        what = f"player {ids[0]} {t.player(ids[0]).name}" + (f" (late entry: {how})" if late else "")
    else:
        what = f"{len(ids)} players" + (" (late entries)" if late else "")
    return _saved(
        event,
        t,
        f"registered {what}; {_count(len(t.players), 'player')}"
        + ("" if late else ", numbered in the C.04.2 initial order"),
    )


def cmd_withdraw(args: argparse.Namespace) -> int:
    from tabellone.event import read_event, withdraw

    event = read_event(args.file, teams=True)
    t = withdraw(event.tournament, args.id, args.from_round)
    r = args.from_round or event.tournament.next_round
    return _saved(event, t, f"{_who(t)} {args.id} {t.player(args.id).name} withdrawn from round {r}")


def cmd_bye(args: argparse.Namespace) -> int:
    from tabellone.core.model import ByeKind
    from tabellone.event import read_event, request_bye

    event = read_event(args.file, teams=True)
    kind = ByeKind.HALF if args.half else ByeKind.FULL if args.full else ByeKind.ZERO
    t = request_bye(event.tournament, args.id, args.round, kind)
    name = {ByeKind.HALF: "half-point", ByeKind.FULL: "full-point", ByeKind.ZERO: "zero-point"}[kind]
    return _saved(event, t, f"{_who(t)} {args.id} {t.player(args.id).name}: {name} bye in round {args.round}")


def cmd_result(args: argparse.Namespace) -> int:
    from tabellone.event import missing_results, parse_result_triples, read_event, record_results, results_from_csv
    from tabellone.formats.files import read_bytes
    from tabellone.formats.trf import decode

    event = read_event(args.file, teams=True)
    t = event.tournament
    r = args.round or t.rounds_paired
    if args.csv and args.results:
        raise InputError("give results on the command line or with --csv, not both", field="--csv")
    triples = (
        results_from_csv(decode(read_bytes(args.csv))[0], args.csv) if args.csv else parse_result_triples(args.results)
    )
    t = record_results(t, r, triples)
    left = missing_results(t, r)
    tail = f"; {_count(len(left), 'board')} still without a result" if left else "; the round is complete"
    return _saved(event, t, f"round {r}: {_count(len(triples), 'result')} entered{tail}")


def cmd_lineup(args: argparse.Namespace) -> int:
    """lineup EVENT TEAM P1 P2 ...: a team event's line-up (tabellone.event.teams.set_lineup)."""
    from tabellone.core.team import TeamTournament
    from tabellone.event import read_event
    from tabellone.event.teams import set_lineup

    event = read_event(args.file, teams=True)
    if not isinstance(event.tournament, TeamTournament):
        raise InputError("lineup is for team events (310 records)", source=args.file, field="TEAM")
    r = args.round or event.tournament.rounds_paired
    t = set_lineup(event.tournament, args.team, r, args.players)
    return _saved(event, t, f"round {r}: team {args.team} lines up {' '.join(map(str, args.players))}")


def cmd_pair_write(args: argparse.Namespace) -> int:
    """pair --write: pair the next round by the file's system and record it."""
    from tabellone.event import pair_and_record, read_event
    from tabellone.reports.tables import pairings_table, render

    if args.output:
        raise InputError("--write records the round in the event file; print it with --format, not -o", field="-o")
    if args.format == "trf":
        raise InputError(
            "--write records the round in the event file itself, which is the TRF; "
            "choose --format text, html, csv, json or bbp for what is printed",
            field="--format",
        )
    event = read_event(args.file, teams=True)
    system = args.system
    options = {"method": args.method, "game": args.game, "odd": args.odd}
    t, pairing = pair_and_record(event.tournament, system, args.edition, **options)
    from tabellone.event import system_of

    used, edition = system_of(event.tournament) if system is None else (system, args.edition)
    rules = get_system(used)
    title = rules.title + (f" {edition}" if edition else "")
    from tabellone.verify.checker import round_name

    _saved(
        event,
        t,
        f"{round_name(rules, pairing.round)} paired and recorded: {_count(len(pairing.pairs), 'board')}"
        + (f", bye to {pairing.bye}" if pairing.bye else ""),
        sys.stderr if args.format != "text" else None,
    )
    if args.format in ("csv", "html", "json"):
        sys.stdout.write(render(pairings_table(event.tournament, pairing, title, args.file), args.format))
    else:
        sys.stdout.write(format_pairing(event.tournament, pairing, args.format, title, system=rules))
    return EXIT_OK


EVENT_COMMANDS = {
    "new": cmd_new,
    "player": cmd_player,
    "withdraw": cmd_withdraw,
    "bye": cmd_bye,
    "result": cmd_result,
    "lineup": cmd_lineup,
    "crosstable": cmd_crosstable,
}
