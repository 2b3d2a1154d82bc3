"""The ``tabellone`` argument parser: every command, its options and their help."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tabellone import __version__
from tabellone.core.errors import (
    EXIT_INVALID_INPUT,
)
from tabellone.formats.files import FORMATS
from tabellone.rules import DEFAULT_SYSTEM, SYSTEMS, system_options


def help_listing(what: str) -> str:
    """What the command line's help says of the systems, read from the registry
    (:data:`tabellone.rules.SYSTEMS`, so that it cannot drift from it): ``"systems"`` their names; ``"editions"`` each system's
    editions, the default first; ``"methods"`` the systems with two methods by their
    default (the first of :attr:`~tabellone.rules.base.PairingSystem.methods`);
    ``"comparable"`` the systems ``tabellone compare`` takes; ``"profiles"`` the shipped
    profiles. Every system but for ``"systems"`` is imported: the help asks when it is
    printed, never when a command is parsed."""
    if what == "systems":
        return ", ".join(SYSTEMS)
    if what == "profiles":
        from tabellone.rules.profiles import shipped

        return ", ".join(shipped())
    if what == "comparable":
        return ", ".join(name for name, system in SYSTEMS.items() if system.comparable)
    if what == "editions":
        parts = []
        for name, system in SYSTEMS.items():
            first, *rest = (f"{e} (literal only)" if e in system.literal_only else e for e in system.editions)
            parts.append(f"{name}: {first}" + (f" (the default), {', '.join(rest)}" if rest else ""))
        return "; ".join(parts)
    if what == "methods":
        by_default: dict[str, list[str]] = {}
        for name, system in SYSTEMS.items():
            if len(system.methods) > 1:
                by_default.setdefault(system.methods[0], []).append(name)
        return "; ".join(f"{method} by default: {', '.join(names)}" for method, names in by_default.items())
    raise KeyError(what)


class _RegistryHelp(argparse.HelpFormatter):
    """Help texts whose lists of systems, editions, methods and profiles are filled in
    from the registry when the help is printed (``{systems}``, ``{editions}``,
    ``{methods}``, ``{comparable}``, ``{profiles}``: :func:`help_listing`),
    so that they cannot drift from it; parsing a command imports no system."""

    LISTINGS = ("systems", "editions", "methods", "comparable", "profiles")

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        for what in self.LISTINGS:
            if text and "{" + what + "}" in text:
                text = text.replace("{" + what + "}", help_listing(what))
        return text


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as invalid input (exit 3), like the engines,
    and fills in its help's lists from the registry (:class:`_RegistryHelp`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _RegistryHelp)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_INVALID_INPUT)


#: What ``--round`` means for the Double-Swiss system, whose match k is round columns 2k-1, 2k.
COLUMN = " (double-swiss: a round column of the file; match k is column 2k-1)"


def add_profile_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--profile",
        metavar="FILE|NAME",
        help="the criteria as data: a TOML profile or a shipped one ({profiles}); see docs/profiles.md",
    )


class _Unused:
    """The parser of a command this run does not need: every call on it is ignored."""

    def __getattr__(self, name: str) -> Any:
        return self._ignore

    def _ignore(self, *args: Any, **kwargs: Any) -> _Unused:
        return self


class _OnlyOne:
    """The subcommands, of which only ``name``'s parser is built: argparse spends some
    milliseconds on each of the twenty, and a command needs its own."""

    def __init__(self, sub: Any, name: str) -> None:
        self._sub, self._name = sub, name

    @property
    def choices(self) -> dict[str, argparse.ArgumentParser]:
        return self._sub.choices  # type: ignore[no-any-return]

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        return self._sub.add_parser(name, **kwargs) if name == self._name else _Unused()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``only`` (a command's name) the parser of that
    command alone, the others left out (what parsing ``tabellone ONLY ...`` needs)."""
    parser = _Parser(prog="tabellone", description="Swiss-system pairing engine and checker.")
    parser.add_argument("--version", action="version", version=f"tabellone {__version__}")
    sub: Any = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    if only is not None:
        sub = _OnlyOne(sub, only)

    p = sub.add_parser("info", help="show the state of every player before a round")
    p.add_argument("file", help="tournament file (TRF16, TRF26 or tabellone JSON)")
    p.add_argument("--round", type=int, help="the round about to be paired (default: the next one)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--strict", action="store_true", help="declared scores that disagree with the results are an error")
    p.add_argument(
        "--system",
        help="also show what this system reads (dubov: the ARO list of Art. 9; burstein: the index order, 2026 Art. 1.8 or legacy Art. 3.2)",
    )
    p.add_argument("--edition")

    p = sub.add_parser("pair", help="pair the next round")
    p.add_argument("file")
    p.add_argument(
        "--system",
        help="pairing system, one of {systems} (default: the file's TRF26 192 code, else " + DEFAULT_SYSTEM + ")",
    )
    p.add_argument(
        "--write", action="store_true", help="record the round in the event file (kept safe: see 'tabellone new')"
    )
    p.add_argument(
        "--edition",
        help="edition of the rules ({editions})",
    )
    p.add_argument(
        "--round",
        type=int,
        help="a past round: the full board list the rules make for it from the rounds before it" + COLUMN,
    )
    add_profile_option(p)
    _event_options(p)
    p.add_argument("-o", "--output", help="write the pairing here (default: standard output)")
    p.add_argument("--format", default="text", choices=("text", "bbp", "trf", "json", "csv", "html"))
    p.add_argument("--force", action="store_true", help="replace OUTPUT if it exists (never the input)")
    p.add_argument("--strict", action="store_true")
    p.add_argument(
        "--baku", action="store_true", help="Baku acceleration (C.04.7) when the file gives no virtual points"
    )
    p.add_argument(
        "--method",
        choices=("literal", "optimised"),
        help="the text's own procedure or the optimiser ({methods})",
    )
    p.add_argument(
        "--backend",
        choices=("blossom", "cpsat"),
        default="blossom",
        help="dutch: solve each matching by Edmonds' blossom (default) or by OR-Tools CP-SAT (slower; same pairing)",
    )
    _system_options(p, reading=False)

    p = sub.add_parser(
        "check", help="check rounds against the rules: absolute violations and the first criterion that differs"
    )
    p.add_argument("file")
    p.add_argument("--system", help="default: the file's TRF26 192 code, else dutch")
    p.add_argument("--edition")
    add_profile_option(p)
    p.add_argument("--round", type=int, help="check only this round" + COLUMN)
    p.add_argument(
        "--pairing", help="a proposed pairing of --round (bbp lines 'white black', or a TRF holding that round)"
    )
    p.add_argument("--json", action="store_true")
    p.add_argument("--strict", action="store_true")
    p.add_argument(
        "--baku", action="store_true", help="Baku acceleration (C.04.7) when the file gives no virtual points"
    )
    _event_options(p)
    _system_options(p)

    p = sub.add_parser(
        "compare", help="pair rounds by the literal procedure and by the optimiser; compare their objectives"
    )
    p.add_argument("file")
    p.add_argument("--system", help="a system with both methods ({comparable}); default: the file's")
    p.add_argument("--edition")
    p.add_argument(
        "--round", type=int, help="only this round (default: every paired round; the next one if none is)" + COLUMN
    )
    p.add_argument("--json", action="store_true")
    _system_options(p)

    p = sub.add_parser(
        "standings", help="standings: FIDE C.07 tie-breaks for chess, the Buchholz procedure for italo-svizzero"
    )
    p.add_argument("file")
    p.add_argument("--system", help="whose standings (default: the file's system, TRF26 192)")
    p.add_argument("--edition")
    for o in system_options():
        if o.standings:
            p.add_argument(f"--{o.name}", choices=o.choices)
    p.add_argument(
        "--tiebreaks", help="C.07 codes in order, e.g. BH/C1,BH,SB (default: the file's 202/212, else BH/C1,BH,SB)"
    )
    p.add_argument("--tiebreak-rules", choices=("2026", "2024"), default="2026", help="C.07 edition (default 2026)")
    p.add_argument(
        "--unrated",
        type=int,
        help="rating unrated players count with in ARO/TPR/APRO (default: none, and those tie-breaks are dropped when a player is unrated, C.07 Art. 10)",
    )
    p.add_argument("--format", default="text", choices=("text", "csv", "json", "html"))
    p.add_argument("--crosstable", action="store_true", help="the crosstable instead of the standings")
    p.add_argument("-o", "--output")
    p.add_argument("--force", action="store_true")

    p = sub.add_parser("explain", help="why the rules pair two players, or give one the bye (or why not)")
    p.add_argument("file")
    p.add_argument("--system", help="default: the file's TRF26 192 code, else dutch")
    p.add_argument("--edition")
    add_profile_option(p)
    p.add_argument("--round", type=int, help="a round of the file, or the next one (default)" + COLUMN)
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--pair", nargs=2, type=int, metavar=("A", "B"))
    group.add_argument(
        "--bye", type=int, metavar="X", help="the pairing-allocated bye (italo-svizzero: the forfeit points)"
    )
    p.add_argument(
        "--baku", action="store_true", help="Baku acceleration (C.04.7) when the file gives no virtual points"
    )
    _event_options(p)
    _system_options(p)

    p = sub.add_parser("generate", help="a random tournament paired round by round (results from Milvang's model)")
    p.add_argument("--system", help="pairing system (default dutch; team-swiss with --teams)")
    p.add_argument("--edition")
    add_profile_option(p)
    p.add_argument("--players", type=int, help="number of players (individual events)")
    p.add_argument("--teams", type=int, help="number of teams (team events: --system team-swiss)")
    p.add_argument("--boards", type=int, default=4, help="boards per team (team events; default 4)")
    p.add_argument(
        "--preferences",
        choices=("A", "B", "none"),
        default="A",
        help="colour preferences of a team event (C.04.6 Art. 1.7)",
    )
    p.add_argument("--rounds", type=int, required=True, help="rounds to play (double-swiss: matches of two games)")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--draw-rate", type=float, help="share of draws (default: the model's own)")
    p.add_argument("--forfeit-rate", type=float, default=0.0)
    p.add_argument("--absence-rate", type=float, default=0.0, help="zero-point byes entered before a round")
    p.add_argument("--half-bye-rate", type=float, default=0.0)
    p.add_argument("--rating-high", type=int, default=2600)
    p.add_argument("--rating-low", type=int, default=1400)
    p.add_argument("--method", choices=("literal", "optimised"))
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--format", default="trf16", choices=FORMATS)
    p.add_argument("--force", action="store_true")

    _event_parsers(sub)
    _simulate_parser(sub)
    _desk_parser(sub)

    p = sub.add_parser("convert", help="convert between TRF16, TRF26 and JSON")
    p.add_argument("file")
    p.add_argument("--to", required=True, choices=FORMATS)
    p.add_argument(
        "--system",
        help="trf26: the system (and --edition) to declare in 192 for a file that declares none "
        "(a file's own code is kept)",
    )
    p.add_argument("--edition", help="with --system: the edition to declare (default: the system's current one)")
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    p.add_argument("--force", action="store_true", help="replace OUTPUT if it exists (never the input)")
    p.add_argument("--strict", action="store_true")
    for command in sub.choices.values():
        command.add_argument(
            "-q",
            "--quiet",
            action="store_true",
            help="no progress line on stderr (shown only on a terminal, for runs over 2 s)",
        )
    return parser


def _event_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rounds",
        type=int,
        metavar="N",
        help="number of rounds (double-swiss: matches), for a file without XXR / 142 (a federation export)",
    )
    p.add_argument(
        "--initial-colour",
        choices=("white", "black"),
        help="colour in round 1 of the highest-ranked player paired in round 1 (TRF26 152, XXC white1|black1: "
        "when player 1 is absent from round 1, the first player paired), for a file without XXC / 152",
    )


def _system_options(p: argparse.ArgumentParser, reading: bool = True) -> None:
    """The options the systems declare (:func:`tabellone.rules.system_options`); their
    help says what they do where the file's own value is the default (``reading``)."""
    for o in system_options():
        p.add_argument(f"--{o.name}", choices=o.choices, help=f"{o.system}: {o.help_reading if reading else o.help}")


def _header_options(p: argparse.ArgumentParser) -> None:
    """The header records a rating report needs (see tabellone/event/header.py) and the
    options an event keeps for every later command."""
    g = p.add_argument_group("header records (TRF 022-132)")
    g.add_argument("--city", help="city (TRF 022)")
    g.add_argument("--federation", dest="event_federation", metavar="FED", help="federation, e.g. ITA (TRF 032)")
    g.add_argument("--start", metavar="DATE", help="start date YYYY/MM/DD (TRF 042; DD/MM/YYYY is converted)")
    g.add_argument("--end", metavar="DATE", help="end date YYYY/MM/DD (TRF 052)")
    g.add_argument("--type", help="type of tournament, e.g. 'Swiss system, individual' (TRF 092)")
    g.add_argument("--chief-arbiter", metavar="NAME", help="chief arbiter, e.g. 'IA Rossi, Mario' (TRF 102)")
    g.add_argument(
        "--deputy",
        action="append",
        metavar="NAME",
        help="deputy chief arbiter, one per option (TRF 112, one line each)",
    )
    g.add_argument("--time-control", metavar="TEXT", help="allotted times, e.g. '90 min + 30 s/move' (TRF 122)")
    g.add_argument(
        "--time-control-code",
        metavar="CODE",
        help="the same encoded for TRF26 222: seconds[+increment] per period, e.g. 5400+30 or 40/6000+30:900+30",
    )
    g.add_argument(
        "--round-dates",
        metavar="D1,D2,...",
        help="date of each round, YYYY/MM/DD, comma separated (TRF 132, written YY/MM/DD above each round's columns)",
    )
    o = p.add_argument_group("options every later command honours")
    o.add_argument(
        "--method", choices=("literal", "optimised"), help="pairing method of systems that have both (kept in the file)"
    )
    o.add_argument(
        "--late-entry-rounds",
        choices=("zero", "half"),
        help="what a late entrant scores for each round missed: zero (C.04.2 Art. 2.4, the default) or a "
        "half-point bye, where the event's rules give one",
    )


def _player_fields(a: argparse.ArgumentParser, required: bool) -> None:
    a.add_argument("--name", required=required, help="'Surname, Forename' as FIDE writes it")
    a.add_argument("--rating", default=None)
    a.add_argument("--fide-id", default=None)
    a.add_argument("--federation", default=None, help="three letters, e.g. ITA")
    a.add_argument("--title", default=None, help="GM IM WGM FM WIM CM WFM WCM")
    a.add_argument("--birth", default=None, help="birth date YYYY/MM/DD (DD/MM/YYYY is converted, and said)")
    a.add_argument("--sex", default=None, help="m or w")
    a.add_argument(
        "--same-name-ok",
        action="store_true",
        help="register a second player with the same name and no FIDE id or birth date to tell them apart",
    )


def _listing_output(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", default="text", choices=("text", "csv", "json", "html"))
    p.add_argument("-o", "--output")
    p.add_argument("--force", action="store_true")


def _event_parsers(sub) -> None:
    """The commands that change an event file (see tabellone/event/__init__.py)."""
    p = sub.add_parser("new", help="create an event file (TRF26) without players")
    p.add_argument("file", metavar="EVENT")
    p.add_argument("--name", required=True, help="event name (TRF 012)")
    p.add_argument("--rounds", type=int, required=True, help="number of rounds (TRF26 142)")
    p.add_argument("--system", default=DEFAULT_SYSTEM, help="pairing system ({systems}; default %(default)s)")
    p.add_argument("--edition", help="edition of the system's rules (default: the current one)")
    p.add_argument(
        "--initial-colour",
        choices=("white", "black"),
        help="colour of the top player in round 1 (TRF26 152), drawn by lot (C.04.3); needed before round 1 is paired",
    )
    p.add_argument("--tiebreaks", help="tie-break order, C.07 codes (TRF26 202), e.g. BH/C1,BH,SB")
    p.add_argument(
        "--baku", action="store_true", help="Baku acceleration (C.04.7) for the whole event (TRF26 192 ..._BAKU)"
    )
    _header_options(p)

    p = sub.add_parser("event", help="the event's header records and options: 'event set', 'event show'")
    action = p.add_subparsers(dest="event_action", metavar="ACTION", parser_class=_Parser)
    a = action.add_parser("set", help="set header records (city, dates, arbiters, ...) and options")
    a.add_argument("file", metavar="EVENT")
    a.add_argument("--name", dest="set_name", help="event name (TRF 012)")
    _header_options(a)
    a = action.add_parser("show", help="print the header records and options")
    a.add_argument("file", metavar="EVENT")

    p = sub.add_parser("player", help="players: 'player add', 'import', 'edit', 'remove', 'list'")
    action = p.add_subparsers(dest="player_action", metavar="ACTION", parser_class=_Parser)
    a = action.add_parser("add", help="register one player")
    a.add_argument("file", metavar="EVENT")
    _player_fields(a, required=True)
    a.add_argument(
        "--insert",
        action="store_true",
        help="a late entry takes its place in the initial order, everyone renumbered (until round 4 is paired)",
    )
    a.add_argument(
        "--missed",
        choices=("zero", "half"),
        help="a late entry's rounds already paired: zero points (C.04.2 Art. 2.4) or half-point byes where the "
        "event's rules give them (default: the event's --late-entry-rounds, else zero)",
    )
    a = action.add_parser(
        "import", help="register the players of a CSV (header: name,rating,fide_id,federation,title,birth,sex)"
    )
    a.add_argument("file", metavar="EVENT")
    a.add_argument("csv", metavar="PLAYERS.csv")
    a.add_argument("--missed", choices=("zero", "half"), help="as for 'player add'")
    a = action.add_parser("edit", help="correct a player's record (before round 1: renumbered in the initial order)")
    a.add_argument("file", metavar="EVENT")
    a.add_argument("id", type=int, metavar="ID")
    _player_fields(a, required=False)
    a = action.add_parser("remove", help="remove a registration (before round 1 is paired; later: withdraw)")
    a.add_argument("file", metavar="EVENT")
    a.add_argument("id", type=int, metavar="ID")
    a = action.add_parser("list", help="the list of players, by pairing number or alphabetically")
    a.add_argument("file", metavar="EVENT")
    a.add_argument("--alphabetical", action="store_true")
    _listing_output(a)

    p = sub.add_parser("withdraw", help="withdraw a player from a round to the end (zero-point byes, TRF26 240)")
    p.add_argument("file", metavar="EVENT")
    p.add_argument("id", type=int, metavar="ID")
    p.add_argument("--from-round", type=int, help="first round the player misses (default: the next to pair)")

    p = sub.add_parser("bye", help="a bye requested before a round is paired (TRF26 240)")
    p.add_argument("file", metavar="EVENT")
    p.add_argument("id", type=int, metavar="ID")
    p.add_argument("--round", type=int, required=True)
    kind = p.add_mutually_exclusive_group(required=True)
    kind.add_argument("--half", action="store_true", help="half-point bye")
    kind.add_argument("--zero", action="store_true", help="zero-point bye (absent)")
    kind.add_argument("--full", action="store_true", help="full-point bye (where the event's rules allow it)")

    p = sub.add_parser(
        "result",
        help="enter results: WHITE BLACK RESULT ... or --board N RESULT",
        description="Results as on a score sheet, White's score first: 1-0 0-1 = (also 1/2, ½-½) +- -+ -- 0-0; "
        "+- means White won by forfeit. A board is WHITE BLACK (White first: a pair given Black first is refused, "
        "saying which way round the board is) or --board N, its number on the round's pairing list. A result "
        "entered over another is a correction, and said.",
    )
    p.add_argument("file", metavar="EVENT")
    p.add_argument("--round", type=int, help="the round (default: the last paired)")
    p.add_argument("--board", type=int, metavar="N", help="the board's number on the round's pairing list")
    p.add_argument("--csv", help="a CSV with columns white,black,result")
    p.add_argument("results", nargs="*", metavar="WHITE BLACK RESULT")

    p = sub.add_parser("round", help="a recorded round: 'round show EVENT [R]' (boards, results, byes, absences)")
    action = p.add_subparsers(dest="round_action", metavar="ACTION", parser_class=_Parser)
    a = action.add_parser("show", help="the pairing list of a round as recorded, with its results")
    a.add_argument("file", metavar="EVENT")
    a.add_argument("round", type=int, nargs="?", metavar="ROUND", help="default: the last paired")
    a.add_argument("--alphabetical", action="store_true", help="one line per player, by name (for the notice board)")
    _listing_output(a)

    p = sub.add_parser("undo", help="take back the last change to the event (from its log and backups)")
    p.add_argument("file", metavar="EVENT")
    p.add_argument("--list", action="store_true", help="list the changes instead")

    p = sub.add_parser("export", help="the file for the rating officer: TRF26 or TRF16 with ranks and header records")
    p.add_argument("file", metavar="EVENT")
    p.add_argument("--to", choices=("trf26", "trf16"), default="trf26")
    p.add_argument("-o", "--output", help="default: standard output")
    p.add_argument("--force", action="store_true", help="replace OUTPUT if it exists (never the event)")

    p = sub.add_parser(
        "lineup", help="a team's players on boards 1, 2, ... in a paired round, before its games (TRF26 300)"
    )
    p.add_argument("file", metavar="EVENT")
    p.add_argument("team", type=int, metavar="TEAM")
    p.add_argument("players", type=int, nargs="+", metavar="PLAYER", help="start ranks by board; 0 an empty board")
    p.add_argument("--round", type=int, help="the round (default: the last paired)")

    p = sub.add_parser("crosstable", help="the crosstable, by final rank (also 'standings --crosstable')")
    p.add_argument("file")
    _listing_output(p)


#: Options of ``result`` that take a value.
_RESULT_VALUED = ("--round", "--board", "--csv")


def split_result_words(argv: list[str]) -> tuple[list[str], list[str] | None]:
    """``result``'s words kept away from argparse, which reads ``-+`` and ``--`` as
    options: returns the arguments argparse sees (the command, EVENT and the options)
    and the result words (``None`` for another command): every word that is not one
    of ``result``'s options or its value, after the first (EVENT)."""
    if not argv or argv[0] != "result":
        return argv, None
    from tabellone.event.results import RESULT_WORDS

    kept, words, k = ["result"], [], 1
    event_seen = False
    while k < len(argv):
        a = argv[k]
        if a.split("=", 1)[0] in _RESULT_VALUED:
            kept.append(a)
            if "=" not in a and k + 1 < len(argv):
                kept.append(argv[k + 1])
                k += 1
        elif a in RESULT_WORDS or not a.startswith("-"):
            if not event_seen and a not in RESULT_WORDS:
                kept.append(a)
                event_seen = True
            else:
                words.append(a)
        else:  # -h, -q, or an unknown option: argparse says what it is
            kept.append(a)
        k += 1
    return kept, words


def _desk_parser(sub) -> None:
    p = sub.add_parser("desk", help="the tournament desk: a local web app to run events and check pairings")
    p.add_argument("folder", metavar="FOLDER", nargs="?", default=".", help="the folder of events (default: here)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this computer only)")
    p.add_argument("--port", type=int, default=8724, help="port (default 8724)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")


def _simulate_parser(sub) -> None:
    p = sub.add_parser(
        "simulate", help="play many random events under several systems or profiles; compare rankings, colours, floats"
    )
    p.add_argument(
        "--system",
        action="append",
        required=True,
        metavar="S[:E]",
        help="a pairing system to compare, NAME or NAME:EDITION (repeat for several): {systems}",
    )
    p.add_argument("--edition", help="edition for every --system given without its own :EDITION")
    p.add_argument(
        "--profile",
        action="append",
        default=[],
        metavar="P",
        help="a rule profile (file or name) paired on the first system; repeat for several",
    )
    p.add_argument("--players", type=int, help="players of each individual event")
    p.add_argument("--teams", type=int, help="teams of each team event (--system team-swiss; the random baseline too)")
    p.add_argument("--boards", type=int, default=4, help="boards per team (team events; default 4)")
    p.add_argument(
        "--rounds",
        type=int,
        required=True,
        help="rounds of each event, counted in pairings: a double-swiss arm plays this many matches of two games",
    )
    p.add_argument("--events", type=int, required=True)
    p.add_argument(
        "--seed", type=int, default=1, help="seed of the whole simulation (default 1); event k draws from (seed, k)"
    )
    ratings = p.add_mutually_exclusive_group()
    ratings.add_argument(
        "--ratings", default="1400-2600", metavar="LO-HI", help="true strengths uniform in LO-HI (default 1400-2600)"
    )
    ratings.add_argument(
        "--ratings-from", metavar="FILE", help="true strengths drawn from the rated players of this tournament file"
    )
    p.add_argument(
        "--seed-noise",
        type=float,
        default=0.0,
        metavar="SIGMA",
        help="the rating the pairing sees is the true strength plus N(0, SIGMA) (default 0)",
    )
    p.add_argument(
        "--noise-model",
        default="gaussian",
        choices=("gaussian", "uniform"),
        help="shape of --seed-noise: gaussian N(0, SIGMA) (default) or uniform in -SIGMA..SIGMA",
    )
    p.add_argument("--model", default="milvang2015", help="result model: milvang2015 (default), bbp, gacrux2025")
    p.add_argument(
        "--draw-rate",
        type=float,
        help="share of draws (bbp: its draw percentage, default 0.30; others: replaces the model's)",
    )
    p.add_argument(
        "--absence-rate",
        type=float,
        default=0.0,
        help="chance a player misses a round (zero-point bye entered before pairing)",
    )
    p.add_argument(
        "--workers", type=int, help="local processes, or the workers of --dask local (default 1; local: CPUs)"
    )
    p.add_argument("--dask", metavar="ADDR", help="a Dask scheduler (tcp://host:8786), or 'local' for a LocalCluster")
    p.add_argument("-o", "--output", metavar="TABLE", help="per-event table, .parquet or .csv")
    p.add_argument(
        "--summary-json", metavar="FILE", help="mean, 95%% t interval, n and sd of every metric per system or profile"
    )
    p.add_argument(
        "--out",
        metavar="DIR",
        help="record the run in DIR: the table in chunks as events finish, summary.json, run.json (settings, versions)",
    )
    p.add_argument("--resume", action="store_true", help="continue the interrupted run recorded in --out DIR")
    p.add_argument(
        "--reference",
        metavar="LABEL",
        help="add each arm's paired difference from this arm (same events), with intervals",
    )
    p.add_argument(
        "--fail-fast",
        action="store_true",
        help="stop at the first event an arm cannot pair (default: record it, go on)",
    )
    p.add_argument(
        "--progress-every",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="when stderr is not a terminal, a progress line every SECONDS (default 60; 0: none)",
    )
    p.add_argument("--export-trf", metavar="DIR", help="write events as TRF files (one per arm) into DIR")
    p.add_argument("--every", type=int, default=1, metavar="K", help="with --export-trf: every K-th event (default 1)")
    p.add_argument("--force", action="store_true", help="replace existing output files")
