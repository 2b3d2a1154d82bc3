"""The ``tabellone`` command line.

Subcommands::

    tabellone pair FILE [--system S] [--edition E] [--format text|bbp|trf|json|csv|html] [-o OUT]
    tabellone info FILE [--round R] [--json] [--strict]
    tabellone check FILE [--system S] [--round R [--pairing PAIRS]] [--json]
    tabellone explain FILE [--system S] [--round R] (--pair A B | --bye X)
    tabellone compare FILE --system S [--round R] [--json]   (a system with two methods)
    tabellone convert FILE --to trf16|trf26|json|csv [-o OUT] [--force]
    tabellone standings FILE [--tiebreaks BH/C1,BH,SB] [--format text|csv|json|html] [--crosstable]
    tabellone crosstable FILE [--format text|csv|json|html]
    tabellone generate [--system S] --players N|--teams N --rounds R --seed S -o OUT.trf

and, to run an event from one file (:mod:`tabellone.event`: one command at a time per event,
every write whole with a numbered backup, and logged for ``undo``)::

    tabellone new EVENT --name N --rounds R [--system S] [--initial-colour white|black] [--baku]
              [--city C --federation F --start D --end D --chief-arbiter A --deputy A ... --round-dates D,D,...]
    tabellone event set EVENT [--city ...] | tabellone event show EVENT
    tabellone player add EVENT --name N [--rating ...] | player import EVENT players.csv
    tabellone player edit EVENT ID [--rating ...] | player remove EVENT ID | player list EVENT [--alphabetical]
    tabellone bye EVENT ID --round R --half|--zero|--full;  tabellone withdraw EVENT ID [--from-round R]
    tabellone pair EVENT --write;  tabellone result EVENT [--round R] WHITE BLACK 1-0 ... | --board N -+ | --csv F
    tabellone round show EVENT [R] [--alphabetical];  tabellone undo EVENT [--list]
    tabellone export EVENT --to trf26|trf16 -o FILE   (the rating officer's file: ranks, header records)
    tabellone lineup EVENT TEAM P1 P2 ... [--round R]   (team events: who sits on which board, TRF26 300)
    tabellone desk [FOLDER] [--host H] [--port P] [--no-browser]   (the web desk: docs/desk.md)
    tabellone simulate --system S [--system S2 ...] --players N|--teams N [--boards B] --rounds R --events K --seed X [...]

and the bbpPairings / JaVaFo invocation ``tabellone --dutch FILE -p [OUT]`` or ``-c``
(also ``--dubov``, ``--burstein``).

Every error the user can act on is one line on stderr with the file, line and field,
and an exit code from :mod:`tabellone.core.errors`; never a traceback (set ``TABELLONE_DEBUG=1``
to see one for a bug report).
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
import traceback
from collections.abc import Sequence

from tabellone import _interrupted_early  # the package takes Ctrl-C first: see there
from tabellone.core.errors import EXIT_INVALID_INPUT, EXIT_OK, EXIT_UNEXPECTED, InputError, TabelloneError

#: Exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


#: Command name -> (module of :mod:`tabellone.cli`, the function that runs it). Only the
#: module of the command given is loaded: ``tabellone pair`` never imports the desk or
#: the simulator.
WHERE: dict[str, tuple[str, str]] = {
    "info": ("info", "cmd_info"),
    "convert": ("info", "cmd_convert"),
    "pair": ("pairing", "cmd_pair"),
    "check": ("pairing", "cmd_check"),
    "explain": ("pairing", "cmd_explain"),
    "compare": ("pairing", "cmd_compare"),
    "generate": ("generate", "cmd_generate"),
    "standings": ("standings", "cmd_standings"),
    "simulate": ("simulate", "cmd_simulate"),
    "desk": ("desk", "cmd_desk"),
    "new": ("event", "cmd_new"),
    "event": ("event", "cmd_event"),
    "player": ("event", "cmd_player"),
    "withdraw": ("event", "cmd_withdraw"),
    "bye": ("event", "cmd_bye"),
    "result": ("event", "cmd_result"),
    "round": ("event", "cmd_round"),
    "undo": ("event", "cmd_undo"),
    "export": ("event", "cmd_export"),
    "lineup": ("event", "cmd_lineup"),
    "crosstable": ("standings", "cmd_crosstable"),
}

#: Commands already loaded, by name; an entry put here before (a test's stand-in) wins.
COMMANDS: dict = {}


def command(name: str):
    """The function that runs command ``name``, its module loaded on first use."""
    if name not in COMMANDS:
        module, function = WHERE[name]
        COMMANDS[name] = getattr(importlib.import_module(f"tabellone.cli.{module}"), function)
    return COMMANDS[name]


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command line (``argv``, default ``sys.argv[1:]``) and return its exit code:
    every failure the user can cause is one line on stderr and a non-zero code."""
    as_command = signal.getsignal(signal.SIGINT) is _interrupted_early
    code = _main(argv)
    return _finish(code) if as_command else code


def _finish(code: int) -> int:
    """The command's last moments, when it runs as the ``tabellone`` process: its output
    flushed while Ctrl-C still ends it cleanly (one line, 130), then Ctrl-C ignored.
    The work is done by then; without this, Python's finalisation puts the default
    action back, and a Ctrl-C in that moment killed the process silently, its buffered
    output lost."""
    try:
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("tabellone: interrupted", file=sys.stderr)
        code = EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader is gone: nothing more to say to it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return code


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        from tabellone.cli.pairing import compat_main
        from tabellone.cli.parser import build_parser, split_result_words
        from tabellone.core import progress

        if signal.getsignal(signal.SIGINT) is _interrupted_early:
            signal.signal(signal.SIGINT, signal.default_int_handler)  # ready: Ctrl-C ends below, cleanly
        from tabellone.rules import SYSTEMS, get_system

        if argv and argv[0].startswith("--") and argv[0][2:] in SYSTEMS and get_system(argv[0][2:]).bbp_compatible:
            return compat_main(argv)
        kept, words = split_result_words(argv)
        parser = build_parser(kept[0] if kept and kept[0] in WHERE else None)  # the command's parser alone
        args = parser.parse_args(kept)
        if words is not None:
            args.results = words
        if args.command is None:
            parser.print_help()
            return EXIT_INVALID_INPUT
        progress.configure(quiet=getattr(args, "quiet", False))
        try:
            return command(args.command)(args)
        except InputError as exc:
            if exc.source is None and getattr(args, "file", None):
                raise InputError(exc.detail, source=args.file, line=exc.line, field=exc.field) from None
            raise
    except SystemExit as exc:  # argparse: --help, --version, usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_INVALID_INPUT
    except KeyboardInterrupt:
        print("tabellone: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except TabelloneError as exc:
        print(f"tabellone: {exc}", file=sys.stderr)
        return exc.exit_code
    except MemoryError:
        from tabellone.core import progress

        what = progress.current()
        print(
            f"tabellone: out of memory{' (' + what + ')' if what else ''}: the input asks for more than this "
            "machine has (a huge event or number of rounds?); free memory or run on a larger machine",
            file=sys.stderr,
        )
        return EXIT_UNEXPECTED
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
