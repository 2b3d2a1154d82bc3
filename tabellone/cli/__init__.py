"""The ``tabellone`` command line.

Subcommands::

    tabellone pair FILE [--system dutch] [--edition 2026|2017] [--format text|bbp|trf|json] [-o OUT]
    tabellone info FILE [--round R] [--json] [--strict]
    tabellone check FILE [--system S] [--round R [--pairing PAIRS]] [--json]
    tabellone explain FILE [--system S] [--round R] (--pair A B | --bye X)
    tabellone compare FILE [--system italo-svizzero|dubov|lim] [--round R] [--json]
    tabellone convert FILE --to trf16|trf26|json [-o OUT] [--force]
    tabellone standings FILE [--tiebreaks BH/C1,BH,SB] [--format text|csv|json|html] [--crosstable]

and, to run an event from one file (:mod:`tabellone.event`: every write safe, with a backup)::

    tabellone new EVENT --name N --rounds R [--system S] [--initial-colour white|black]
    tabellone player add EVENT --name N [--rating ...] | tabellone player import EVENT players.csv
    tabellone bye EVENT ID --round R --half|--zero|--full;  tabellone withdraw EVENT ID [--from-round R]
    tabellone pair EVENT --write;  tabellone result EVENT [--round R] WHITE BLACK 1-0 ... | --csv FILE
    tabellone lineup EVENT TEAM P1 P2 ... [--round R]   (team events: who sits on which board, TRF26 300)
    tabellone simulate --system S [--system S2 ...] --players N|--teams N [--boards B] --rounds R --events K --seed X [...]

and the bbpPairings / JaVaFo invocation ``tabellone --dutch FILE -p [OUT]`` or ``-c``
(also ``--dubov``, ``--burstein``).

Every error the user can act on is one line on stderr with the file, line and field,
and an exit code from :mod:`tabellone.core.errors`; never a traceback (set ``TABELLONE_DEBUG=1``
to see one for a bug report).
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Sequence

from tabellone.cli.event import EVENT_COMMANDS
from tabellone.cli.generate import cmd_generate
from tabellone.cli.info import cmd_convert, cmd_info
from tabellone.cli.pairing import cmd_check, cmd_compare, cmd_explain, cmd_pair, compat_main
from tabellone.cli.parser import _results_last, build_parser
from tabellone.cli.simulate import cmd_simulate
from tabellone.cli.standings import cmd_standings
from tabellone.core import progress
from tabellone.core.errors import EXIT_INVALID_INPUT, EXIT_OK, EXIT_UNEXPECTED, InputError, TabelloneError
from tabellone.rules import SYSTEMS, get_system

#: Command name -> the function that runs it.
COMMANDS = {
    "info": cmd_info,
    "convert": cmd_convert,
    "pair": cmd_pair,
    "generate": cmd_generate,
    "check": cmd_check,
    "explain": cmd_explain,
    "standings": cmd_standings,
    "compare": cmd_compare,
    "simulate": cmd_simulate,
}
COMMANDS.update(EVENT_COMMANDS)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0].startswith("--") and argv[0][2:] in SYSTEMS and get_system(argv[0][2:]).bbp_compatible:
            return compat_main(argv)
        parser = build_parser()
        args = parser.parse_args(_results_last(argv))
        if args.command is None:
            parser.print_help()
            return EXIT_INVALID_INPUT
        progress.configure(quiet=getattr(args, "quiet", False))
        try:
            return COMMANDS[args.command](args)
        except InputError as exc:
            if exc.source is None and getattr(args, "file", None):
                raise InputError(exc.detail, source=args.file, line=exc.line, field=exc.field) from None
            raise
    except SystemExit as exc:  # argparse: --help, --version, usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_INVALID_INPUT
    except TabelloneError as exc:
        print(f"tabellone: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("tabellone: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except MemoryError:
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
