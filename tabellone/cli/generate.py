"""``tabellone generate``: a random tournament paired round by round."""

from __future__ import annotations

import argparse
import sys

from tabellone.cli.common import run_pairing
from tabellone.core import progress
from tabellone.core.errors import (
    EXIT_OK,
    InputError,
)
from tabellone.core.model import Tournament
from tabellone.formats.files import dumps, safe_output, write_text
from tabellone.rules import DEFAULT_SYSTEM, get_system, system_code, team_system


def cmd_generate(args: argparse.Namespace) -> int:
    from tabellone.generate.tournament import GeneratorSettings

    if args.teams is not None or (args.system is not None and get_system(args.system).team_system):
        return _generate_teams(args)
    if args.players is None:
        raise InputError("generate needs --players (or --teams for a team event)", field="--players")
    args.system = args.system or DEFAULT_SYSTEM
    code = system_code(args.system, args.edition)  # 192: the file says which system paired it
    if args.profile:  # a bad profile is reported before anything is generated
        from tabellone.rules.profiles import resolve

        args.profile = resolve(args.profile)
    rules = get_system(args.system)
    settings = GeneratorSettings(
        scoring=rules.scoring(),
        players=args.players,
        rounds=args.rounds,
        seed=args.seed,
        draw_rate=args.draw_rate,
        forfeit_rate=args.forfeit_rate,
        absence_rate=args.absence_rate,
        half_bye_rate=args.half_bye_rate,
        rating_high=args.rating_high,
        rating_low=args.rating_low,
        system=code,
    )
    settings.validate()
    target = safe_output(args.output, [], args.force)

    g = rules.games_per_round
    unit = "match" if g > 1 else "round"

    def paired(t: Tournament):
        progress.step(t.rounds_paired // g + 1, args.rounds, unit)
        return run_pairing(t, args.system, args.edition, "generated tournament", args.method, profile=args.profile)[0]

    with progress.task(f"generating {args.players} players, {args.rounds} {unit}{'es' if g > 1 else 's'}"):
        t = rules.generate(settings, paired)  # a Double-Swiss match: two TRF columns, byes per match
    write_text(target, dumps(t, args.format))
    return EXIT_OK


def _generate_teams(args: argparse.Namespace) -> int:
    """``generate --teams N [--boards B]``: a team event paired round by round."""
    from tabellone.core.errors import NoPairingError
    from tabellone.generate.teams import TeamSettings, generate_team_event

    if args.teams is None:
        raise InputError("a team event needs --teams", field="--teams")
    team = team_system()
    if args.system not in (None, team.name):
        raise InputError(
            f"--teams makes a team event; the {args.system} system pairs players (use --system {team.name})",
            field="--system",
        )
    if args.players is not None:
        raise InputError("give --teams or --players, not both", field="--players")
    settings = TeamSettings(
        teams=args.teams,
        rounds=args.rounds,
        seed=args.seed,
        boards=args.boards,
        draw_rate=args.draw_rate,
        match_forfeit_rate=args.forfeit_rate,
        absence_rate=args.absence_rate,
        rating_high=args.rating_high,
        rating_low=args.rating_low,
        preferences=args.preferences,
    )
    settings.validate()
    target = safe_output(args.output, [], args.force)

    def pairer(t: Tournament):
        progress.step(t.rounds_paired + 1, args.rounds, "round")
        try:
            pairing, _ = run_pairing(t, team.name, args.edition, "generated team event", args.method)
        except NoPairingError as exc:
            print(f"tabellone: {exc}; the event ends after round {t.rounds_paired}", file=sys.stderr)
            return None
        return pairing.pairs, pairing.bye

    with progress.task(f"generating {args.teams} teams of {args.boards} boards, {args.rounds} rounds"):
        t = generate_team_event(settings, pairer)
    write_text(target, dumps(t, "trf26"))
    return EXIT_OK
