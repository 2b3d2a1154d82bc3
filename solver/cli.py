"""The ``tabellone`` command line.

Subcommands::

    tabellone info FILE [--round R] [--json] [--strict]
    tabellone convert FILE --to trf16|trf26|json [-o OUT] [--force]

Every error the user can act on is one line on stderr with the file, line and field,
and an exit code from :mod:`solver.errors`; never a traceback (set ``TABELLONE_DEBUG=1``
to see one for a bug report).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from typing import Sequence

from . import __version__
from .errors import EXIT_INVALID_INPUT, EXIT_OK, EXIT_UNEXPECTED, InputError, TabelloneError
from .io import FORMATS, dumps, load, safe_output, write_text
from .model import Float, RoundState, Tournament
from .scoring import format_points


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as invalid input (exit 3), like the engines."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_INVALID_INPUT)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tabellone", description="Swiss-system pairing engine and checker.")
    parser.add_argument("--version", action="version", version=f"tabellone {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("info", help="show the state of every player before a round")
    p.add_argument("file", help="tournament file (TRF16, TRF26 or tabellone JSON)")
    p.add_argument("--round", type=int, help="the round about to be paired (default: the next one)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--strict", action="store_true", help="declared scores that disagree with the results are an error")

    p = sub.add_parser("convert", help="convert between TRF16, TRF26 and JSON")
    p.add_argument("file")
    p.add_argument("--to", required=True, choices=FORMATS)
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    p.add_argument("--force", action="store_true", help="replace OUTPUT if it exists (never the input)")
    p.add_argument("--strict", action="store_true")
    return parser


def load_checked(path: str, strict: bool) -> Tournament:
    """Load a tournament and report declared scores that disagree with its results."""
    t = load(path)
    for player, declared, derived in t.score_mismatches():
        msg = (
            f"player {player.id} ({player.name}): columns 81-84 (points) declare "
            f"{format_points(declared)} but the results give {format_points(derived)}"
        )
        if strict:
            raise InputError(msg, source=path)
        print(f"tabellone: warning: {path}: {msg}", file=sys.stderr)
    return t


def _floats_text(floats: tuple[Float | None, ...]) -> str:
    return "".join(f.value if f else "." for f in floats)


def state_rows(t: Tournament, state: RoundState) -> list[dict]:
    """One row per player, in standings order (pairing score, then pairing number)."""
    rows = []
    order = sorted(state, key=lambda s: (-s.pairing_score, s.id))
    for rank, s in enumerate(order, start=1):
        p = t.player(s.id)
        history = "".join(
            (e.colour or "-").upper() if e.played else "-" for e in (p.entry(k) for k in range(1, state.round))
        )
        rows.append(
            {
                "rank": rank,
                "id": s.id,
                "name": p.name,
                "rating": p.rating,
                "score": str(s.score),
                "pairing_score": str(s.pairing_score),
                "colours": history,
                "colour_difference": s.colour_difference,
                "preference": str(s.preference),
                "floats_2026": _floats_text(s.floats_2026),
                "floats_2017": _floats_text(s.floats_2017),
                "had_pab": s.had_pab,
                "won_without_playing": s.won_without_playing,
                "games_played": s.games_played,
                "status": "present" if s.present else f"bye {s.bye.value}",
            }
        )
    return rows


def cmd_info(args: argparse.Namespace) -> int:
    t = load_checked(args.file, args.strict)
    r = args.round if args.round is not None else t.next_round
    if r < 1 or r > t.rounds_paired + 1:
        raise InputError(
            f"round {r} cannot be shown: the file has rounds 1-{t.rounds_paired} paired, so 1-{t.rounds_paired + 1} can",
            source=args.file, field="--round",
        )
    state = t.state_before(r)
    rows = state_rows(t, state)
    if args.json:
        print(json.dumps({"round": r, "total_rounds": t.total_rounds, "players": rows}, indent=1, ensure_ascii=False))
        return EXIT_OK
    title = next((h.text for h in t.headers if h.code == "012"), os.path.basename(args.file))
    total = f" of {t.total_rounds}" if t.total_rounds else ""
    present = sum(1 for s in state if s.present)
    print(f"{title}: state before round {r}{total}; {present} to pair, {len(rows) - present} not paired")
    print("colours: W/B per round, - unplayed; pref: w/b mild, W/B strong, W!/B! absolute;")
    print("floats: D down, U up, . none (2026 definition); pab: had the pairing-allocated bye")
    header = f"{'rk':>4} {'no':>4}  {'name':<24} {'rtg':>4} {'pts':>5} {'psc':>5}  {'colours':<12} {'cd':>3} {'pref':<4} {'floats':<12} {'pab':<3} status"
    print(header)
    print("-" * len(header))
    for row in rows:
        colours = row["colours"][-12:]
        floats = row["floats_2026"][-12:]
        print(
            f"{row['rank']:>4} {row['id']:>4}  {row['name'][:24]:<24} {row['rating'] or '':>4} "
            f"{format_points(state[row['id']].score):>5} {format_points(state[row['id']].pairing_score):>5}  "
            f"{colours:<12} {row['colour_difference']:>+3} {row['preference']:<4} {floats:<12} "
            f"{'yes' if row['had_pab'] else '':<3} {row['status']}"
        )
    return EXIT_OK


def cmd_convert(args: argparse.Namespace) -> int:
    t = load_checked(args.file, args.strict)
    text = dumps(t, args.to)
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        write_text(safe_output(args.output, [args.file], args.force), text)
    return EXIT_OK


COMMANDS = {"info": cmd_info, "convert": cmd_convert}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return EXIT_INVALID_INPUT
        return COMMANDS[args.command](args)
    except TabelloneError as exc:
        print(f"tabellone: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("tabellone: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # a bug: say so, without a traceback unless asked
        if os.environ.get("TABELLONE_DEBUG"):
            traceback.print_exc()
        print(
            f"tabellone: internal error ({type(exc).__name__}: {exc}); "
            "please report it with the input file (TABELLONE_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
        return EXIT_UNEXPECTED


if __name__ == "__main__":
    sys.exit(main())
