"""The ``tabellone`` command line.

Subcommands::

    tabellone pair FILE [--system dutch] [--edition 2026|2017] [--format text|bbp|trf|json] [-o OUT]
    tabellone info FILE [--round R] [--json] [--strict]
    tabellone check FILE [--system S] [--round R [--pairing PAIRS]] [--json]
    tabellone explain FILE [--system S] [--round R] (--pair A B | --bye X)
    tabellone compare FILE [--system italo-svizzero|dubov|lim] [--round R] [--json]
    tabellone convert FILE --to trf16|trf26|json [-o OUT] [--force]
    tabellone standings FILE [--tiebreaks BH/C1,BH,SB] [--format text|csv|json|html] [--crosstable]

and, to run an event from one file (tabellone/event/__init__.py: every write safe, with a backup)::

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

import argparse
import json
import os
import sys
import traceback
from typing import Sequence

from tabellone import __version__
from tabellone.rules import declared_system, games_per_round, get_system
from tabellone.api import accepted_options, add_round, pair, recorded_pairing, rules_module
from tabellone.core import progress
from tabellone.core.errors import EXIT_INVALID_INPUT, EXIT_NO_PAIRING, EXIT_OK, EXIT_UNEXPECTED, InputError, SelfCheckError, TabelloneError
from tabellone.formats.files import FORMATS, dumps, load, safe_output, write_text
from tabellone.core.model import Float, RoundState, Tournament
from tabellone.core.scoring import format_points
from tabellone.formats.trf import format_trf


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as invalid input (exit 3), like the engines."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_INVALID_INPUT)


#: What ``--round`` means for the Double-Swiss system, whose match k is round columns 2k-1, 2k.
COLUMN = " (double-swiss: a round column of the file; match k is column 2k-1)"


def add_profile_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--profile", metavar="FILE|NAME",
                   help="the criteria as data: a TOML profile or a shipped one (dutch-2026, dutch-2017, global, colour-first, dubov-2026, burstein-2026, burstein-2025, burstein-legacy, lim-2026); see docs/profiles.md")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tabellone", description="Swiss-system pairing engine and checker.")
    parser.add_argument("--version", action="version", version=f"tabellone {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("info", help="show the state of every player before a round")
    p.add_argument("file", help="tournament file (TRF16, TRF26 or tabellone JSON)")
    p.add_argument("--round", type=int, help="the round about to be paired (default: the next one)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--strict", action="store_true", help="declared scores that disagree with the results are an error")
    p.add_argument("--system", help="also show what this system reads (dubov: the ARO list of Art. 9; burstein: the index order, 2026 Art. 1.8 or legacy Art. 3.2)")
    p.add_argument("--edition")

    p = sub.add_parser("pair", help="pair the next round")
    p.add_argument("file")
    p.add_argument("--system", help="pairing system (default: the file's TRF26 192 code, else dutch)")
    p.add_argument("--write", action="store_true", help="record the round in the event file (kept safe: see 'tabellone new')")
    p.add_argument("--edition", help="edition of the rules (dutch: 2026, the default, 2017, or 1992, literal only; dubov: 2026 or 1997; lim: 2026; italo-svizzero: capo5 or 2.2; burstein: 2026, the default, 2025 or legacy)")
    p.add_argument("--round", type=int, help="a past round: the full board list the rules make for it from the rounds before it" + COLUMN)
    add_profile_option(p)
    _event_options(p)
    p.add_argument("-o", "--output", help="write the pairing here (default: standard output)")
    p.add_argument("--format", default="text", choices=("text", "bbp", "trf", "json", "csv", "html"))
    p.add_argument("--force", action="store_true", help="replace OUTPUT if it exists (never the input)")
    p.add_argument("--strict", action="store_true")
    p.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.7) when the file gives no virtual points")
    p.add_argument("--method", choices=("literal", "optimised"), help="the text's own procedure or the optimiser (dutch 2026/2017, burstein: optimised by default; dubov, lim, italo-svizzero: literal by default)")
    p.add_argument("--backend", choices=("blossom", "cpsat"), default="blossom",
                   help="dutch: solve each matching by Edmonds' blossom (default) or by OR-Tools CP-SAT (slower; same pairing)")
    p.add_argument("--game", choices=("italiana", "internazionale"), help="italo-svizzero: Italian or international draughts (colours)")
    p.add_argument("--odd", choices=("forfeit", "rest"), help="italo-svizzero: odd fields by forfeit points (Art. 8) or rests (Art. 9)")

    p = sub.add_parser("check", help="check rounds against the rules: absolute violations and the first criterion that differs")
    p.add_argument("file")
    p.add_argument("--system", help="default: the file's TRF26 192 code, else dutch")
    p.add_argument("--edition")
    add_profile_option(p)
    p.add_argument("--round", type=int, help="check only this round" + COLUMN)
    p.add_argument("--pairing", help="a proposed pairing of --round (bbp lines 'white black', or a TRF holding that round)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--strict", action="store_true")
    p.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.7) when the file gives no virtual points")
    _event_options(p)
    _system_options(p)

    p = sub.add_parser("compare", help="pair rounds by the literal procedure and by the optimiser; compare their objectives")
    p.add_argument("file")
    p.add_argument("--system", help="a system with both methods (italo-svizzero, dubov, lim, burstein); default: the file's")
    p.add_argument("--edition")
    p.add_argument("--round", type=int, help="only this round (default: every paired round; the next one if none is)" + COLUMN)
    p.add_argument("--json", action="store_true")
    _system_options(p)

    p = sub.add_parser("standings", help="standings: FIDE C.07 tie-breaks for chess, the Buchholz procedure for italo-svizzero")
    p.add_argument("file")
    p.add_argument("--system", help="whose standings (default: the file's system, TRF26 192)")
    p.add_argument("--edition")
    p.add_argument("--game", choices=("italiana", "internazionale"))
    p.add_argument("--tiebreaks", help="C.07 codes in order, e.g. BH/C1,BH,SB (default: the file's 202/212, else BH/C1,BH,SB)")
    p.add_argument("--tiebreak-rules", choices=("2026", "2024"), default="2026", help="C.07 edition (default 2026)")
    p.add_argument("--unrated", type=int, help="rating unrated players count with in ARO/TPR/APRO (default: none, and those tie-breaks are dropped when a player is unrated, C.07 Art. 10)")
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
    group.add_argument("--bye", type=int, metavar="X", help="the pairing-allocated bye (italo-svizzero: the forfeit points)")
    p.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.7) when the file gives no virtual points")
    _event_options(p)
    _system_options(p)

    p = sub.add_parser("generate", help="a random tournament paired round by round (results from Milvang's model)")
    p.add_argument("--system", help="pairing system (default dutch; team-swiss with --teams)")
    p.add_argument("--edition")
    add_profile_option(p)
    p.add_argument("--players", type=int, help="number of players (individual events)")
    p.add_argument("--teams", type=int, help="number of teams (team events: --system team-swiss)")
    p.add_argument("--boards", type=int, default=4, help="boards per team (team events; default 4)")
    p.add_argument("--preferences", choices=("A", "B", "none"), default="A", help="colour preferences of a team event (C.04.6 Art. 1.7)")
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

    p = sub.add_parser("convert", help="convert between TRF16, TRF26 and JSON")
    p.add_argument("file")
    p.add_argument("--to", required=True, choices=FORMATS)
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    p.add_argument("--force", action="store_true", help="replace OUTPUT if it exists (never the input)")
    p.add_argument("--strict", action="store_true")
    for command in sub.choices.values():
        command.add_argument("-q", "--quiet", action="store_true",
                             help="no progress line on stderr (shown only on a terminal, for runs over 2 s)")
    return parser


def _event_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rounds", type=int, metavar="N",
                   help="number of rounds (double-swiss: matches), for a file without XXR / 142 (a federation export)")
    p.add_argument("--initial-colour", choices=("white", "black"), help="colour of the top player in round 1, for a file without XXC / 152")


def _system_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", choices=("italiana", "internazionale"), help="italo-svizzero: Italian or international draughts (colours)")
    p.add_argument("--odd", choices=("forfeit", "rest"), help="italo-svizzero: odd fields by forfeit points or rests (default: read from round 1)")


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


def follow_declared_system(args: argparse.Namespace, t: Tournament, source: str, default: str = "dutch") -> None:
    """Set ``args.system`` and ``args.edition`` from the file's ``192`` code when the
    command line names neither (nor ``--baku``); otherwise, or when the code names a
    system tabellone does not pair by, keep the options and say in one line what was
    used instead of what the file declares."""
    from tabellone.rules import get_system

    from tabellone.core.team import TeamTournament

    if isinstance(t, TeamTournament):  # a team event: the team system unless told otherwise
        default = "team-swiss"
    asked = args.system is not None or args.edition is not None or getattr(args, "baku", False)
    found, baku = declared_system(t.system)
    if t.system and found is not None and not asked:
        args.system, args.edition = found
        return
    args.system = args.system or default
    if not t.system:
        return
    edition = args.edition or get_system(args.system).EDITIONS[0]
    used = f"{args.system} {edition}" + (" with Baku acceleration" if getattr(args, "baku", False) or baku else "")
    if found is None:
        print(f"tabellone: warning: {source}: 192 declares {t.system!r}, which tabellone does not pair by; using {used}", file=sys.stderr)
    elif found[0] != args.system or (found[1] or get_system(found[0]).EDITIONS[0]) != edition or (getattr(args, "baku", False) and not baku):
        print(f"tabellone: warning: {source}: 192 declares {t.system}; using {used}, as the options ask", file=sys.stderr)


def system_of_file(args: argparse.Namespace, t: Tournament, command: str) -> None:
    """``args.system`` for ``compare`` and ``standings`` when not given: the file's
    ``192`` code, else italo-svizzero for a draughts file (2-1-0 points); a chess file
    that declares no system must name one, rather than be read as draughts."""
    from tabellone.core.scoring import Scoring

    if args.system is not None:
        return
    found, _ = declared_system(t.system)
    if found is not None:
        args.system = found[0]
        args.edition = args.edition or found[1]
    elif t.scoring == Scoring.draughts():
        args.system = "italo-svizzero"
    else:
        declared = f"declares {t.system!r}" if t.system else "declares no system (192)"
        raise InputError(f"{command}: the file is a chess event (a win worth {format_points(t.scoring.win)}, a draw "
                         f"{format_points(t.scoring.draw)}) and {declared}; "
                         "name the system with --system", field="--system")


def with_event_options(t: Tournament, args: argparse.Namespace, source: str) -> Tournament:
    """``t`` with ``--rounds`` and ``--initial-colour`` for a file that does not declare
    them (a federation export without ``XXR``/``XXC``); a value that contradicts the
    file's is an input error. ``--rounds`` counts pairings: for the Double-Swiss system,
    matches, each two round columns of the file."""
    from dataclasses import replace

    rounds, colour = getattr(args, "rounds", None), getattr(args, "initial_colour", None)
    if rounds is not None:
        g = games_per_round(args.system) if getattr(args, "system", None) else 1
        columns = rounds * g
        if rounds < 1 or columns > 999:
            raise InputError(f"--rounds {rounds}: expected 1 to {999 // g} {'matches' if g > 1 else 'rounds'}", field="--rounds")
        if columns < t.rounds_paired:
            raise InputError(f"--rounds {rounds}: the file already has {t.rounds_paired} {'round columns' if g > 1 else 'rounds'} paired",
                             source=source, field="--rounds")
        if t.total_rounds is not None and t.total_rounds != columns:
            what = f"{t.total_rounds} round columns (XXR / 142), {t.total_rounds / g:g} matches" if g > 1 else f"{t.total_rounds} rounds (XXR / 142)"
            raise InputError(f"--rounds {rounds}, but the file declares {what}", source=source, field="--rounds")
        t = replace(t, total_rounds=columns)
    if colour is not None:
        code = "w" if colour == "white" else "b"
        if t.initial_colour is not None and t.initial_colour != code:
            raise InputError(f"--initial-colour {colour}, but the file declares the other (XXC / 152)", source=source, field="--initial-colour")
        t = replace(t, initial_colour=code)
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
    note = None
    if args.system not in (None, "dutch", "dubov"):
        from tabellone.rules import get_system

        module = get_system(args.system)
        t, note = _suspended_as_scored(module, t, args.edition or module.EDITIONS[0], r)
    state = t.state_before(r)
    rows = state_rows(t, state)
    if args.system == "dubov":
        return _info_dubov(t, r, args)
    if args.system == "burstein":
        return _info_burstein(t, r, args)
    if args.json:
        doc = {"round": r, "total_rounds": t.total_rounds, "players": rows}
        if note:
            doc["note"] = note
        print(json.dumps(doc, indent=1, ensure_ascii=False))
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
    if note:
        print(note)
    return EXIT_OK


def _info_dubov(t: Tournament, r: int, args: argparse.Namespace) -> int:
    """The Dubov system's list of Art. 9 (1997): ARO and due colour of every player."""
    from tabellone.rules.dubov import aro_list

    rows = aro_list(t, r, args.edition or "2026")
    if args.json:
        print(json.dumps({"round": r, "players": rows}, indent=1, ensure_ascii=False, default=str))
        return EXIT_OK
    print(f"Dubov: ARO list before round {r} (Art. 9, 1997)")
    keys = list(rows[0]) if rows else []
    print("  ".join(f"{k:>8}" if k != "name" else f"{k:<24}" for k in keys))
    for row in rows:
        print("  ".join(f"{str(row[k])[:24]:<24}" if k == "name" else f"{str(row[k]):>8}" for k in keys))
    return EXIT_OK


def _info_burstein(t: Tournament, r: int, args: argparse.Namespace) -> int:
    """The Burstein system's order of the players: score, then the index (2026 Art. 1.8:
    Buchholz, Sonneborn-Berger; legacy Art. 3.2: SB, Buchholz, Median), then number."""
    from tabellone.rules.burstein import EDITIONS, index_list

    edition = args.edition or EDITIONS[0]
    if edition not in EDITIONS:
        raise InputError(f"unknown Burstein edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    rows = index_list(t, r, edition)
    if args.json:
        print(json.dumps({"round": r, "edition": edition, "players": rows}, indent=1, ensure_ascii=False))
        return EXIT_OK
    values = [k for k in ("Buchholz", "SB", "Median") if rows and k in rows[0]] if edition != "legacy" else ["SB", "Buchholz", "Median"]
    article = "Art. 3.2" if edition == "legacy" else "Art. 1.8" if edition == "2026" else "A.7"
    print(f"Burstein {edition}: players before round {r} in the order of {article} (score, {', '.join(values)}, number)")
    print(f"{'id':>5}  {'name':<24} {'score':>6} " + " ".join(f"{k:>9}" for k in values) + " due")
    for row in rows:
        print(f"{row['id']:>5}  {row['name'][:24]:<24} {row['score']:>6} " + " ".join(f"{row[k]:>9}" for k in values) + f" {row['due']}")
    return EXIT_OK


def cmd_convert(args: argparse.Namespace) -> int:
    t = load_checked(args.file, args.strict)
    text = dumps(t, args.to)
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        write_text(safe_output(args.output, [args.file], args.force), text)
    return EXIT_OK


def run_pairing(t: Tournament, system: str, edition: str | None, source: str, method: str | None = None, **options):
    """Pair the next round (:func:`tabellone.pair`, which checks the absolute criteria
    before anyone sees it); returns the pairing and the edition used."""
    _, edition = rules_module(system, edition, profile=options.get("profile"))
    return pair(t, system, edition, method, source=source, **options), edition


def profile_name(profile: str) -> str:
    """The name a profile gives itself (``--profile`` may be a path)."""
    from tabellone.rules.profiles import resolve

    return resolve(profile).name


def format_pairing(t: Tournament, pairing, fmt: str, title: str, scored: Tournament | None = None, note: str | None = None,
                   module=None) -> str:
    """The pairing in ``fmt``. The text table shows each player's score from ``scored``
    (default ``t``): ``t`` with suspended games counted as the system counts them for
    pairing, which ``note`` then names; its heading names the round as the rules
    ``module`` does (a Double-Swiss match)."""
    from tabellone.verify.checker import round_name

    if fmt == "bbp":
        return "\n".join(pairing.bbp_lines()) + "\n"
    if fmt == "json":
        doc = {
            "round": pairing.round,
            "system": title,
            "boards": [{"board": k, "white": w, "black": b} for k, (w, b) in enumerate(pairing.pairs, start=1)],
            "bye": pairing.bye,
        }
        return json.dumps(doc, indent=1) + "\n"
    if fmt == "trf":
        return format_trf(add_round(t, pairing), "trf16")
    state = (scored or t).state_before(pairing.round)
    name = round_name(module, pairing.round)
    lines = [f"{name[0].upper()}{name[1:]}: {title}, {len(pairing.pairs)} boards" + (f", bye to {pairing.bye}" if pairing.bye else "")]
    lines.append(f"{'board':>5}  {'white':<32} {'pts':>5}    {'black':<32} {'pts':>5}")

    def who(pid: int) -> str:
        return f"{pid:>4} {t.player(pid).name[:27]}"

    for k, (w, b) in enumerate(pairing.pairs, start=1):
        lines.append(
            f"{k:>5}  {who(w):<32} {format_points(state[w].score):>5}  - {who(b):<32} {format_points(state[b].score):>5}"
        )
    if pairing.bye is not None:
        lines.append(f"  bye  {who(pairing.bye):<32} {format_points(state[pairing.bye].score):>5}  (pairing-allocated bye)")
    rests = getattr(pairing, "rests", ()) or ()
    if rests:
        lines.append("resting this round: " + ", ".join(map(str, rests)))
    absent = [s.id for s in state if not s.present]
    if absent:
        lines.append("not paired (absent or bye entered before pairing): " + ", ".join(map(str, absent)))
    second = getattr(pairing, "second_game", None)
    if second is not None:  # a Double-Swiss match
        lines.append(f"colours of game 1 (round column {pairing.round}); game 2 (column {second.round}) reverses them"
                     + ("; the bye counts a game won and one drawn (U, then H: C.04.5 1.4)" if pairing.bye is not None else ""))
    if note:
        lines.append(note)
    return "\n".join(lines) + "\n"


def emit(text: str, output: str | None, inputs: list[str], force: bool) -> None:
    if output in (None, "-"):
        sys.stdout.write(text)
    else:
        write_text(safe_output(output, inputs, force), text)


def cmd_pair(args: argparse.Namespace) -> int:
    from tabellone.rules import TITLES, get_system

    from tabellone.core.acceleration import with_acceleration
    from tabellone.core.history import cut_before

    if args.write:
        return cmd_pair_write(args)
    loaded = load_checked(args.file, args.strict)
    follow_declared_system(args, loaded, args.file)
    t = with_acceleration(with_event_options(loaded, args, args.file), args.baku, games_per_round(args.system))
    backend = {}
    if args.backend == "cpsat":
        import inspect

        from tabellone.matching.cpsat import CpSatMatching

        if "solve" not in inspect.signature(get_system(args.system).pair_round).parameters:
            raise InputError(f"the {args.system} system has no CP-SAT back end (dutch has)", field="--backend")
        backend["solve"] = CpSatMatching()
    _, edition = rules_module(args.system, args.edition)
    past = args.round is not None and args.round <= t.rounds_paired
    pairing = pair(t, args.system, edition, args.method, round=args.round, source=args.file, game=args.game, odd=args.odd,
                   profile=args.profile, **backend)
    title = f"{TITLES.get(args.system, args.system)} {edition}" + (f", profile {profile_name(args.profile)}" if args.profile else "")
    before = cut_before(t, pairing.round) if past else t
    scored, note = _suspended_as_scored(get_system(args.system), before, edition, pairing.round)
    if past:
        note = (note + "\n" if note else "") + f"round {pairing.round} as the rules pair it from the rounds before it (the file's round is not changed)"
    if args.format in ("csv", "html"):
        from tabellone.reports.tables import pairings_table, render

        text = render(pairings_table(scored, pairing, title, args.file), args.format)
    else:
        text = format_pairing(before, pairing, args.format, title, scored, note, get_system(args.system))
    emit(text, args.output, [args.file], args.force)
    return EXIT_OK


def compat_main(argv: list[str]) -> int:
    """The bbpPairings / JaVaFo command line: ``--dutch FILE -p [OUT]`` pairs the next
    round and writes their output format; ``--dutch FILE -c`` checks every round.
    ``--dubov`` and ``--burstein`` work the same way for the Dubov and Burstein systems."""
    parser = _Parser(prog=f"tabellone {argv[0]}", description="bbpPairings-compatible invocation")
    parser.add_argument("file")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", dest="pair_out", nargs="?", const="-", help="pair the next round; write to OUT or standard output")
    mode.add_argument("-c", dest="check", action="store_true", help="check every round of the file")
    parser.add_argument("--edition", default=None)
    parser.add_argument("--baku", action="store_true", help="Baku acceleration when the file gives no virtual points")
    system = argv[0][2:]
    args = parser.parse_args(argv[1:])
    from tabellone.core.acceleration import with_acceleration

    t = with_acceleration(load_checked(args.file, strict=False), args.baku)
    if args.check:
        return check_file(t, system, args.edition, args.file)
    pairing, _ = run_pairing(t, system, args.edition, args.file)
    text = "\n".join(pairing.bbp_lines()) + "\n"
    if args.pair_out == "-":
        sys.stdout.write(text)
    else:
        write_text(safe_output(args.pair_out, [args.file], force=True), text)
    return EXIT_OK


def check_file(t: Tournament, system: str, edition: str | None, source: str) -> int:
    """Re-pair every recorded round from the rounds before it; list the rounds that
    differ. A round the rules cannot pair is reported and the check goes on to the next
    one, as bbpPairings' ``-c`` does."""
    from tabellone.core.errors import NoPairingError
    from tabellone.core.history import cut_before
    from tabellone.core.model import pairs_of_round

    differing = []
    for r in range(1, t.rounds_paired + 1):
        cut = cut_before(t, r)
        recorded, pab = pairs_of_round(t, r)
        try:
            pairing, _ = run_pairing(cut, system, edition, source)
        except NoPairingError as exc:
            differing.append(r)
            print(f"round {r}: the rules find no legal pairing from the rounds before it ({exc})")
            continue
        same = sorted(pairing.pairs) == sorted(recorded) and pairing.bye == (pab[0] if pab else None)
        if not same:
            differing.append(r)
            print(f"round {r}: differs from the rules' pairing")
            rec, got = set(recorded), set(pairing.pairs)
            print(f"  in the file only: {' '.join(f'{w}-{b}' for w, b in sorted(rec - got)) or '-'}; bye {pab[0] if pab else '-'}")
            print(f"  rules' pairing only: {' '.join(f'{w}-{b}' for w, b in sorted(got - rec)) or '-'}; bye {pairing.bye or '-'}")
    print(f"{t.rounds_paired - len(differing)} of {t.rounds_paired} rounds as the rules pair them")
    return EXIT_OK if not differing else EXIT_NO_PAIRING


def read_proposed(path: str, round_number: int, players: set[int] | None = None):
    """A proposed pairing: bbp/JaVaFo lines (a count, then 'white black', bye as
    'id 0'; the count may be left out), or a TRF file with the round filled in. A
    pairing number not in ``players`` (the event's) is bad input, named by its line."""
    from tabellone.formats.files import read_bytes
    from tabellone.core.pairing import Pairing
    from tabellone.formats.trf import decode, parse_trf

    text, _ = decode(read_bytes(path))
    numbered = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), start=1) if ln.strip()]
    if not numbered:
        raise InputError(f"the file is empty: expected 'white black' lines, or a TRF file holding round {round_number}", source=path)
    lines = [ln for _, ln in numbered]
    counted = bool(lines) and lines[0].isdigit() and all(len(ln.split()) == 2 for ln in lines[1:])
    # the same lines without the count (every line two fields, the first a number; a TRF
    # file has 001 records of many fields)
    plain = bool(lines) and all(len(ln.split()) == 2 and ln.split()[0].isdigit() for ln in lines)
    if counted or plain:
        first = 2 if counted else 1
        if counted:
            count = int(lines[0])
            if count != len(lines) - 1:
                raise InputError(f"the first line says {count} pairs but {len(lines) - 1} follow", source=path, line=numbered[0][0])
        pairs, bye = [], None
        for k, ln in numbered[first - 1:]:
            a, b = ln.split()
            if not (a.isascii() and a.isdigit() and b.isascii() and b.isdigit()):
                raise InputError(f"found {ln!r}, expected two pairing numbers", source=path, line=k)
            unknown = [x for x in (int(a), int(b)) if x and players is not None and x not in players]
            if unknown:
                raise InputError(f"found {ln!r}: player {unknown[0]} is not in the tournament", source=path, line=k)
            if int(b) == 0:
                if bye is not None:
                    raise InputError(f"a second bye ({a}); a round has at most one", source=path, line=k)
                bye = int(a)
            else:
                pairs.append((int(a), int(b)))
        return Pairing(round=round_number, pairs=pairs, bye=bye)
    proposed = recorded_pairing(parse_trf(text, source=path), round_number)  # results or not
    if not proposed.pairs and proposed.bye is None:
        raise InputError(f"round {round_number} holds no pairing", source=path)
    return proposed


def cmd_check(args: argparse.Namespace) -> int:
    from tabellone.api import check
    from tabellone.core.acceleration import with_acceleration
    from tabellone.verify.checker import format_report

    if args.system is not None:
        rules_module(args.system, args.edition, game=args.game, odd=args.odd, profile=args.profile)  # options first, then the file
    loaded = load_checked(args.file, args.strict)
    follow_declared_system(args, loaded, args.file)
    rules_module(args.system, args.edition, game=args.game, odd=args.odd, profile=args.profile)
    t = with_acceleration(with_event_options(loaded, args, args.file), args.baku, games_per_round(args.system))
    proposed = None
    if args.pairing:
        r = args.round or t.next_round
        if r < 1 or r > t.rounds_paired + 1:
            raise InputError(f"round {r} cannot be checked: rounds 1-{t.rounds_paired + 1} can", field="--round")
        proposed = read_proposed(args.pairing, r, {p.id for p in t.players})
    report = check(t, args.system, args.edition, round=args.round, pairing=proposed, game=args.game, odd=args.odd,
                   profile=args.profile)
    profile = _profile_summary(args.profile) if args.profile else None
    if args.json:
        print(json.dumps({**report.as_dict(), "system": args.system, **({"profile": profile} if profile else {})}, indent=1))
    else:
        if profile:
            print(f"profile {profile['name']} ({profile['source']}): against its pairing; criteria in its order: "
                  + ", ".join(profile["quality"]))
        sys.stdout.write(format_report(report.rounds, get_system(args.system)))
    return EXIT_OK if report.ok else EXIT_NO_PAIRING


def _profile_summary(profile: str) -> dict:
    """Name, file, absolute criteria and quality levels of a profile, for reports."""
    from tabellone.rules.profiles import resolve

    p = resolve(profile)
    return {
        "name": p.name,
        "source": p.source,
        "absolute": [c.id for c in p.criteria if c.kind == "absolute"],
        "quality": [name for name, _ in p.quality_criteria()],
        "dropped": list(p.dropped),
    }


def cmd_standings(args: argparse.Namespace) -> int:
    """Standings of the file's system: FIDE C.07 tie-breaks for the chess systems, the
    italo-svizzero Buchholz procedure for draughts; or the crosstable."""
    from tabellone.event import system_of
    from tabellone.rules import get_system
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
        from tabellone.core.scoring import Scoring

        found, _ = declared_system(t.system)
        # the file's 192 code; else a draughts file (2-1-0 points) is italo-svizzero; else chess
        system = found[0] if found else "italo-svizzero" if t.scoring == Scoring.draughts() else "dutch"
    module = get_system(system)
    if system == "italo-svizzero":
        if args.tiebreaks:
            raise InputError("the italo-svizzero standings follow the FID Buchholz procedure; --tiebreaks is for chess", field="--tiebreaks")
        edition = args.edition or module.EDITIONS[0]
        if edition not in module.EDITIONS:
            raise InputError(f"unknown edition {edition!r}; expected one of {', '.join(module.EDITIONS)}", field="--edition")
        rows = module.standings(t, edition, **accepted_options(module.standings, {"game": args.game}, system))
        if args.format == "text":
            text = module.format_standings(t, rows, edition)
        else:
            text = render(draughts_standings(t, rows, args.file), args.format)
        emit(text, args.output, [args.file], args.force)
        return EXIT_OK
    from tabellone.tiebreaks import DEFAULT, codes_from_file, parse_codes

    tiebreaks = parse_codes([args.tiebreaks]) if args.tiebreaks else (codes_from_file(t) or parse_codes(DEFAULT))
    per_round = 1
    if hasattr(module, "standings_view"):  # Double-Swiss: a single forfeited game counts as played
        t = module.standings_view(t)
        per_round = 2  # and a round of the tie-breaks is a match of two games
    table = chess_standings(t, tiebreaks, args.tiebreak_rules, unrated=args.unrated, source=args.file, games_per_round=per_round)
    text = standings_csv(table) if args.format == "csv" else render(table, args.format)
    emit(text, args.output, [args.file], args.force)
    return EXIT_OK


def _team_standings(args: argparse.Namespace, t: Tournament) -> int:
    """Standings of a team event: primary score, secondary score, C.07 tie-breaks."""
    from tabellone.rules.team_swiss import standings
    from tabellone.tiebreaks import parse_codes, rounds_complete
    from tabellone.reports.tables import Table, event_title, render

    if args.system not in (None, "team-swiss"):
        raise InputError(f"the file is a team event; the {args.system} system pairs players", field="--system")
    rows = standings(t, parse_codes([args.tiebreaks]) if args.tiebreaks else None, args.tiebreak_rules)
    tbs = list(rows[0].values) if rows else []
    first, second = ("MP", "GP") if t.primary == "MP" else ("GP", "MP")
    header = ["place", "tpn", "team", first, second] + tbs
    body = [[f"{r.place}{'=' if r.shared else ''}", r.tpn, r.name, r.primary, r.secondary] + [r.values[k] for k in tbs] for r in rows]
    n = rounds_complete(t)
    notes = [f"Standings after round {n}" + (f" of {t.total_rounds}" if t.total_rounds else "")
             + f"; {first}, then {second}, then tie-breaks (FIDE C.07, {args.tiebreak_rules} rules; match points unless :GP): " + (", ".join(tbs) or "none")]
    table = Table(f"{event_title(t, args.file)} - standings", notes, header, body, [False, True, False, True, True] + [True] * len(tbs),
                  "standings", {"round": n, "tiebreaks": tbs})
    emit(render(table, args.format), args.output, [args.file], args.force)
    return EXIT_OK


def cmd_explain(args: argparse.Namespace) -> int:
    from tabellone.api import explain
    from tabellone.core.acceleration import with_acceleration

    if args.system is not None:
        rules_module(args.system, args.edition, game=args.game, odd=args.odd, profile=args.profile)
    loaded = load_checked(args.file, False)
    follow_declared_system(args, loaded, args.file)
    rules_module(args.system, args.edition, game=args.game, odd=args.odd, profile=args.profile)
    t = with_acceleration(with_event_options(loaded, args, args.file), args.baku, games_per_round(args.system))
    pair = tuple(args.pair) if args.pair else None
    print(explain(t, args.system, args.edition, args.round, pair=pair, bye=args.bye, game=args.game, odd=args.odd,
                  profile=args.profile))
    return EXIT_OK


def _suspended_as_scored(module, t: Tournament, edition: str, round_number: int | None = None) -> tuple[Tournament, str | None]:
    """For systems that pair while a game is suspended (``score_suspended``: the game
    counts as the text says for pairing), ``t`` with those games scored so, and a note;
    other systems need every result (the state refuses a game without one)."""
    if hasattr(module, "score_suspended"):
        return module.score_suspended(t, edition, round_number)
    return t, None


def cmd_compare(args: argparse.Namespace) -> int:
    """Literal procedure against optimiser, round by round, for systems that have both."""
    from tabellone.core.history import cut_before

    if args.system is None:
        system_of_file(args, load_checked(args.file, False), "compare")
    module, edition = rules_module(args.system, args.edition, game=args.game, odd=args.odd)
    if not hasattr(module, "compare"):
        raise InputError(f"the {args.system} system has no second method to compare with", field="--system")
    t = load_checked(args.file, False)
    last = t.rounds_paired
    if args.round is not None:
        if args.round < 1 or args.round > last + 1:
            raise InputError(f"round {args.round} cannot be compared: rounds 1-{last + 1} can", field="--round")
        rounds = [args.round]
    else:
        rounds = list(range(1, last + 1)) or [1]
    g = games_per_round(args.system)  # Double-Swiss: only game 1 of a match is a pairing to compare
    rounds = [r for r in rounds if (r - 1) % g == 0] or rounds
    comparisons = [module.compare(cut_before(t, r) if r <= last else t, edition, r) for r in rounds]
    if args.json:
        doc = {"system": args.system, "edition": edition, "rounds": [_comparison_dict(c) for c in comparisons]}
        print(json.dumps(doc, indent=1, default=_json_value))
    else:
        sys.stdout.write(_format_comparisons(comparisons, g))
    return EXIT_OK


def _json_value(value):
    from fractions import Fraction

    if isinstance(value, Fraction):
        return format_points(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def _value_text(value) -> str:
    from fractions import Fraction

    if isinstance(value, Fraction):
        return format_points(value)
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_value_text(v) for v in value) + "]"
    return str(value)


def _pairs_text(pairs) -> str:
    return " ".join(f"{w}-{b}" for w, b in pairs) or "-"


def _comparison_dict(c) -> dict:
    first = c.first_difference
    return {
        "round": c.round,
        "same_pairs": c.same_pairs,
        "first_difference": None if first is None else {
            "group": first[0], "objective": first[1], "literal": first[2], "optimised": first[3],
        },
        "better": c.better,
        "literal": {"pairs": [list(p) for p in c.literal.pairs], "bye": c.literal.bye},
        "optimised": {"pairs": [list(p) for p in c.optimised.pairs], "bye": c.optimised.bye},
        "literal_vector": c.literal_vector,
        "optimised_vector": c.optimised_vector,
    }


def _format_comparisons(comparisons, games_per_round: int = 1) -> str:
    """One line per round (the first objective on which the two pairings differ, both
    values, the better method), then the boards of every round where they differ. A
    round of ``games_per_round`` > 1 columns is a match, numbered as such."""
    unit = "match" if games_per_round > 1 else "round"
    number = {id(c): (c.round + games_per_round - 1) // games_per_round for c in comparisons}
    head = f"{unit:>5}  {'pairs':<9} {'first objective that differs':<40} {'literal':>12} {'optimised':>12}  better"
    lines = [head, "-" * len(head)]
    for c in comparisons:
        first = c.first_difference
        if c.same_pairs:
            lines.append(f"{number[id(c)]:>5}  {'same':<9} {'-':<40} {'':>12} {'':>12}  -")
            continue
        if first is None:
            lines.append(f"{number[id(c)]:>5}  {'differ':<9} {'none (equal objectives)':<40} {'':>12} {'':>12}  equal")
            continue
        group, name, lv, ov = first
        what = f"{name} (group {_value_text(group)})" if group not in (None, "-") else str(name)
        lines.append(f"{number[id(c)]:>5}  {'differ':<9} {what[:40]:<40} {_value_text(lv):>12} {_value_text(ov):>12}  {c.better}")
    for c in comparisons:
        if c.same_pairs:
            continue
        lit, opt = c.literal, c.optimised
        lk, ok = {frozenset(p) for p in lit.pairs}, {frozenset(p) for p in opt.pairs}
        only_lit = sorted(p for p in lit.pairs if frozenset(p) not in ok)
        only_opt = sorted(p for p in opt.pairs if frozenset(p) not in lk)
        byes = f"; bye {lit.bye or '-'} / {opt.bye or '-'}" if lit.bye != opt.bye else ""
        lines.append(f"{unit} {number[id(c)]}: literal only {_pairs_text(only_lit)}; optimised only {_pairs_text(only_opt)}{byes}")
    same = sum(1 for c in comparisons if c.same_pairs)
    lines.append(f"{same} of {len(comparisons)} {'matches' if games_per_round > 1 else 'rounds'} paired the same by both methods")
    return "\n".join(lines) + "\n"


def cmd_generate(args: argparse.Namespace) -> int:
    from tabellone.generate.tournament import GeneratorSettings, generate

    from tabellone.core.scoring import Scoring

    if args.teams is not None or args.system == "team-swiss":
        return _generate_teams(args)
    if args.players is None:
        raise InputError("generate needs --players (or --teams for a team event)", field="--players")
    args.system = args.system or "dutch"
    if args.profile:  # a bad profile is reported before anything is generated
        from tabellone.rules.profiles import resolve

        args.profile = resolve(args.profile)
    settings = GeneratorSettings(
        scoring=Scoring.draughts() if args.system == "italo-svizzero" else Scoring(),
        players=args.players,
        rounds=args.rounds,
        seed=args.seed,
        draw_rate=args.draw_rate,
        forfeit_rate=args.forfeit_rate,
        absence_rate=args.absence_rate,
        half_bye_rate=args.half_bye_rate,
        rating_high=args.rating_high,
        rating_low=args.rating_low,
    )
    settings.validate()
    target = safe_output(args.output, [], args.force)

    g = games_per_round(args.system)
    unit = "match" if g > 1 else "round"

    def paired(t: Tournament):
        progress.step(t.rounds_paired // g + 1, args.rounds, unit)
        return run_pairing(t, args.system, args.edition, "generated tournament", args.method, profile=args.profile)[0]

    def pairer(t: Tournament):
        pairing = paired(t)
        return pairing.pairs, pairing.bye

    with progress.task(f"generating {args.players} players, {args.rounds} {unit}{'es' if g > 1 else 's'}"):
        if args.system == "double-swiss":  # a match per round: two TRF columns, byes per match
            from tabellone.rules.double_swiss import generate_event

            t = generate_event(settings, paired)
        else:
            t = generate(settings, pairer)
    write_text(target, dumps(t, args.format))
    return EXIT_OK


def _generate_teams(args: argparse.Namespace) -> int:
    """``generate --teams N [--boards B]``: a team event paired round by round."""
    from tabellone.core.errors import NoPairingError
    from tabellone.generate.teams import TeamSettings, generate_team_event

    if args.teams is None:
        raise InputError("a team event needs --teams", field="--teams")
    if args.system not in (None, "team-swiss"):
        raise InputError(f"--teams makes a team event; the {args.system} system pairs players (use --system team-swiss)", field="--system")
    if args.players is not None:
        raise InputError("give --teams or --players, not both", field="--players")
    settings = TeamSettings(teams=args.teams, rounds=args.rounds, seed=args.seed, boards=args.boards, draw_rate=args.draw_rate,
                            match_forfeit_rate=args.forfeit_rate, absence_rate=args.absence_rate,
                            rating_high=args.rating_high, rating_low=args.rating_low, preferences=args.preferences)
    settings.validate()
    target = safe_output(args.output, [], args.force)

    def pairer(t: Tournament):
        progress.step(t.rounds_paired + 1, args.rounds, "round")
        try:
            pairing, _ = run_pairing(t, "team-swiss", args.edition, "generated team event", args.method)
        except NoPairingError as exc:
            print(f"tabellone: {exc}; the event ends after round {t.rounds_paired}", file=sys.stderr)
            return None
        return pairing.pairs, pairing.bye

    with progress.task(f"generating {args.teams} teams of {args.boards} boards, {args.rounds} rounds"):
        t = generate_team_event(settings, pairer)
    write_text(target, dumps(t, "trf26"))
    return EXIT_OK


# --- running an event: new, player, withdraw, bye, result, pair --write -------------------


def _event_parsers(sub) -> None:
    """The commands that change an event file (see tabellone/event/__init__.py)."""
    p = sub.add_parser("new", help="create an event file (TRF26) without players")
    p.add_argument("file", metavar="EVENT")
    p.add_argument("--name", required=True, help="event name (TRF 012)")
    p.add_argument("--rounds", type=int, required=True, help="number of rounds (TRF26 142)")
    p.add_argument("--system", default="dutch", help="pairing system (dutch, dubov, italo-svizzero)")
    p.add_argument("--edition", help="edition of the system's rules (default: the current one)")
    p.add_argument("--initial-colour", choices=("white", "black"), help="colour of the top player in round 1 (TRF26 152), drawn by lot (C.04.3); needed before round 1 is paired")
    p.add_argument("--tiebreaks", help="tie-break order, C.07 codes (TRF26 202), e.g. BH/C1,BH,SB")

    p = sub.add_parser("player", help="register players: 'player add' or 'player import'")
    action = p.add_subparsers(dest="player_action", metavar="ACTION", parser_class=_Parser)
    a = action.add_parser("add", help="register one player")
    a.add_argument("file", metavar="EVENT")
    a.add_argument("--name", required=True, help="'Surname, Name' as FIDE writes it")
    a.add_argument("--rating", default=None)
    a.add_argument("--fide-id", default="")
    a.add_argument("--federation", default="")
    a.add_argument("--title", default="", help="GM IM WGM FM WIM CM WFM WCM")
    a.add_argument("--birth", default="", help="birth date, e.g. 1990/05/17")
    a.add_argument("--sex", default="", help="m or w")
    a.add_argument("--insert", action="store_true", help="a late entry takes its place in the initial order, everyone renumbered (until round 4 is paired)")
    a = action.add_parser("import", help="register the players of a CSV (header: name,rating,fide_id,federation,title,birth,sex)")
    a.add_argument("file", metavar="EVENT")
    a.add_argument("csv", metavar="PLAYERS.csv")

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

    p = sub.add_parser("result", help="enter results: WHITE BLACK RESULT ... (1-0 0-1 = +- -+ --) or --csv")
    p.add_argument("file", metavar="EVENT")
    p.add_argument("--round", type=int, help="the round (default: the last paired)")
    p.add_argument("--csv", help="a CSV with columns white,black,result")
    p.add_argument("results", nargs="*", metavar="WHITE BLACK RESULT")

    p = sub.add_parser("lineup", help="a team's players on boards 1, 2, ... in a paired round, before its games (TRF26 300)")
    p.add_argument("file", metavar="EVENT")
    p.add_argument("team", type=int, metavar="TEAM")
    p.add_argument("players", type=int, nargs="+", metavar="PLAYER", help="start ranks by board; 0 an empty board")
    p.add_argument("--round", type=int, help="the round (default: the last paired)")

    p = sub.add_parser("crosstable", help="the crosstable (also 'standings --crosstable')")
    p.add_argument("file")
    p.add_argument("--format", default="text", choices=("text", "csv", "json", "html"))
    p.add_argument("-o", "--output")
    p.add_argument("--force", action="store_true")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _saved(event, t, what: str, stream=None) -> int:
    from tabellone.event import save_event

    backup = save_event(event, t)
    kept = f" (previous version kept as {backup.name})" if backup else ""
    print(f"{event.path}: {what}{kept}", file=stream or sys.stdout)
    return EXIT_OK


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
        raise InputError("say what to do: 'player add EVENT --name ...' or 'player import EVENT players.csv'", field="ACTION")
    event = read_event(args.file)
    if args.player_action == "add":
        new = [make_player(args.name, args.rating, args.fide_id, args.federation, args.title, args.birth, args.sex)]
    else:
        new = players_from_csv(decode(read_bytes(args.csv))[0], args.csv)
    t, ids = add_players(event.tournament, new, insert=getattr(args, "insert", False))
    late = event.tournament.rounds_paired > 0
    if len(ids) == 1:
        how = "inserted in the initial order, everyone renumbered" if getattr(args, "insert", False) else "next free number"
        what = f"player {ids[0]} {t.player(ids[0]).name}" + (f" (late entry: {how})" if late else "")
    else:
        what = f"{len(ids)} players" + (" (late entries)" if late else "")
    return _saved(event, t, f"registered {what}; {_count(len(t.players), 'player')}" + ("" if late else ", numbered in the C.04.2 initial order"))


def cmd_withdraw(args: argparse.Namespace) -> int:
    from tabellone.event import read_event, withdraw

    event = read_event(args.file, teams=True)
    t = withdraw(event.tournament, args.id, args.from_round)
    r = args.from_round or event.tournament.next_round
    return _saved(event, t, f"{_who(t)} {args.id} {t.player(args.id).name} withdrawn from round {r}")


def cmd_bye(args: argparse.Namespace) -> int:
    from tabellone.event import read_event, request_bye
    from tabellone.core.model import ByeKind

    event = read_event(args.file, teams=True)
    kind = ByeKind.HALF if args.half else ByeKind.FULL if args.full else ByeKind.ZERO
    t = request_bye(event.tournament, args.id, args.round, kind)
    name = {ByeKind.HALF: "half-point", ByeKind.FULL: "full-point", ByeKind.ZERO: "zero-point"}[kind]
    return _saved(event, t, f"{_who(t)} {args.id} {t.player(args.id).name}: {name} bye in round {args.round}")


def _who(t) -> str:
    from tabellone.core.team import TeamTournament

    return "team" if isinstance(t, TeamTournament) else "player"


def cmd_result(args: argparse.Namespace) -> int:
    from tabellone.event import missing_results, parse_result_triples, read_event, record_results, results_from_csv
    from tabellone.formats.files import read_bytes
    from tabellone.formats.trf import decode

    event = read_event(args.file, teams=True)
    t = event.tournament
    r = args.round or t.rounds_paired
    if args.csv and args.results:
        raise InputError("give results on the command line or with --csv, not both", field="--csv")
    triples = results_from_csv(decode(read_bytes(args.csv))[0], args.csv) if args.csv else parse_result_triples(args.results)
    t = record_results(t, r, triples)
    left = missing_results(t, r)
    tail = f"; {_count(len(left), 'board')} still without a result" if left else "; the round is complete"
    return _saved(event, t, f"round {r}: {_count(len(triples), 'result')} entered{tail}")


def cmd_lineup(args: argparse.Namespace) -> int:
    """lineup EVENT TEAM P1 P2 ...: a team event's line-up (tabellone.event.teams.set_lineup)."""
    from tabellone.event import read_event
    from tabellone.core.team import TeamTournament
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
    from tabellone.rules import TITLES
    from tabellone.reports.tables import pairings_table, render

    if args.output:
        raise InputError("--write records the round in the event file; print it with --format, not -o", field="-o")
    if args.format == "trf":
        raise InputError("--write records the round in the event file itself, which is the TRF; "
                         "choose --format text, html, csv, json or bbp for what is printed", field="--format")
    event = read_event(args.file, teams=True)
    system = args.system
    options = {"method": args.method, "game": args.game, "odd": args.odd}
    t, pairing = pair_and_record(event.tournament, system, args.edition, **options)
    from tabellone.event import system_of

    used, edition = system_of(event.tournament) if system is None else (system, args.edition)
    title = f"{TITLES.get(used, used)}" + (f" {edition}" if edition else "")
    from tabellone.verify.checker import round_name

    _saved(event, t, f"{round_name(get_system(used), pairing.round)} paired and recorded: {_count(len(pairing.pairs), 'board')}"
           + (f", bye to {pairing.bye}" if pairing.bye else ""), sys.stderr if args.format != "text" else None)
    if args.format in ("csv", "html", "json"):
        sys.stdout.write(render(pairings_table(event.tournament, pairing, title, args.file), args.format))
    else:
        sys.stdout.write(format_pairing(event.tournament, pairing, args.format, title, module=get_system(used)))
    return EXIT_OK


def cmd_crosstable(args: argparse.Namespace) -> int:
    from tabellone.reports.tables import crosstable, render

    t = load_checked(args.file, False)
    emit(render(crosstable(t, args.file), args.format), args.output, [args.file], args.force)
    return EXIT_OK


def _results_last(argv: list[str]) -> list[str]:
    """``result EVENT --round 3 12 7 1-0``: argparse cannot take positional words after
    an option once the positionals began, so the options of ``result`` go first."""
    if not argv or argv[0] != "result":
        return argv
    options, words, k = [], [], 1
    while k < len(argv):
        if argv[k] in ("--round", "--csv") and k + 1 < len(argv):
            options += argv[k:k + 2]
            k += 2
        else:
            words.append(argv[k])
            k += 1
    return ["result"] + options + words


EVENT_COMMANDS = {
    "new": cmd_new, "player": cmd_player, "withdraw": cmd_withdraw, "bye": cmd_bye, "result": cmd_result, "lineup": cmd_lineup,
    "crosstable": cmd_crosstable,
}
# --- simulate: many random events under several systems (tabellone.simulate) ------------


def _simulate_parser(sub) -> None:
    p = sub.add_parser("simulate", help="play many random events under several systems or profiles; compare rankings, colours, floats")
    p.add_argument("--system", action="append", required=True, metavar="S[:E]",
                   help="a pairing system to compare (repeat for several): dutch, dutch:2017, dubov, random ...")
    p.add_argument("--edition", help="edition for every --system given without its own :EDITION")
    p.add_argument("--profile", action="append", default=[], metavar="P",
                   help="a rule profile (file or name) paired on the first system; repeat for several")
    p.add_argument("--players", type=int, help="players of each individual event")
    p.add_argument("--teams", type=int, help="teams of each team event (--system team-swiss; the random baseline too)")
    p.add_argument("--boards", type=int, default=4, help="boards per team (team events; default 4)")
    p.add_argument("--rounds", type=int, required=True,
                   help="rounds of each event, counted in pairings: a double-swiss arm plays this many matches of two games")
    p.add_argument("--events", type=int, required=True)
    p.add_argument("--seed", type=int, default=1, help="seed of the whole simulation (default 1); event k draws from (seed, k)")
    ratings = p.add_mutually_exclusive_group()
    ratings.add_argument("--ratings", default="1400-2600", metavar="LO-HI", help="true strengths uniform in LO-HI (default 1400-2600)")
    ratings.add_argument("--ratings-from", metavar="FILE", help="true strengths drawn from the rated players of this tournament file")
    p.add_argument("--seed-noise", type=float, default=0.0, metavar="SIGMA",
                   help="the rating the pairing sees is the true strength plus N(0, SIGMA) (default 0)")
    p.add_argument("--model", default="milvang2015", help="result model: milvang2015 (default), bbp, gacrux2025")
    p.add_argument("--draw-rate", type=float, help="share of draws (bbp: its draw percentage, default 0.30; others: replaces the model's)")
    p.add_argument("--absence-rate", type=float, default=0.0, help="chance a player misses a round (zero-point bye entered before pairing)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="local processes (default 1)")
    where.add_argument("--dask", metavar="ADDR", help="a Dask scheduler (tcp://host:8786), or 'local' for a LocalCluster")
    p.add_argument("-o", "--output", metavar="TABLE", help="per-event table, .parquet or .csv")
    p.add_argument("--summary-json", metavar="FILE", help="mean and 95%% CI of every metric per system or profile")
    p.add_argument("--force", action="store_true", help="replace existing output files")


def _ratings_range(text: str) -> tuple[int, int]:
    import re

    m = re.fullmatch(r"\s*(\d{1,4})\s*-\s*(\d{1,4})\s*", text or "")
    if not m:
        raise InputError(f"expected LO-HI, two whole numbers up to 9999 (1400-2400), got {text!r}", field="--ratings")
    low, high = int(m.group(1)), int(m.group(2))
    if low > high:
        raise InputError(f"the lowest rating {low} is above the highest {high}", field="--ratings")
    return low, high


def _ratings_pool(path: str) -> tuple[int, ...]:
    pool = tuple(p.rating for p in load(path).players if p.rating > 0)
    if len(pool) < 2:
        raise InputError("the file has fewer than two rated players", source=path, field="--ratings-from")
    return pool


def _simulate_outputs(args: argparse.Namespace) -> list[str]:
    """Check the output paths before the run, not after it."""
    from pathlib import Path

    outputs = []
    if args.output:
        if not args.output.lower().endswith((".parquet", ".csv")):
            raise InputError(f"{args.output}: the table is written as .parquet or .csv; name it so", field="-o")
        outputs.append(args.output)
    if args.summary_json:
        outputs.append(args.summary_json)
    if len(set(outputs)) < len(outputs):
        raise InputError("-o and --summary-json name the same file", field="-o")
    inputs = [args.ratings_from] if args.ratings_from else []
    for out in outputs:
        target = safe_output(out, inputs, args.force)
        folder = target.parent if str(target.parent) else Path(".")
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            from tabellone.core.errors import FileAccessError

            raise FileAccessError(f"{out}: cannot write there (no such folder, or not writable)")
    return outputs


def cmd_simulate(args: argparse.Namespace) -> int:
    from tabellone.simulate import Simulation, parse_arms, run, summarise, write_table

    if args.ratings_from:
        low, high, pool = 0, 0, _ratings_pool(args.ratings_from)
    else:
        (low, high), pool = _ratings_range(args.ratings), ()
    if args.players is None and args.teams is None:
        raise InputError("give --players (individual events) or --teams (team events)", field="--players")
    sim = Simulation(
        arms=parse_arms(args.system, args.edition, args.profile), teams=args.teams or 0, boards=args.boards,
        players=args.players or 0, rounds=args.rounds, events=args.events, seed=args.seed,
        rating_low=low, rating_high=high, ratings_pool=pool, seed_noise=args.seed_noise,
        model=args.model, draw_rate=args.draw_rate, absence_rate=args.absence_rate,
    )
    sim.validate()
    if args.workers is not None and args.workers < 1:
        raise InputError(f"must be at least 1, got {args.workers}", field="--workers")
    # local processes: 1 unless told; a local Dask cluster: one worker per CPU
    workers = args.workers or ((os.cpu_count() or 1) if args.dask == "local" else 1)
    _simulate_outputs(args)
    if args.output and args.output.lower().endswith(".parquet"):
        from tabellone.simulate.runner import need

        need("pyarrow", "writing Parquet")
    show = not args.quiet and sys.stderr.isatty()
    rows = run(sim, workers=workers, dask=args.dask, progress=show)
    labels = [arm.label for arm in sim.arms]
    summary = summarise(rows, labels)
    if args.output:
        write_table(rows, args.output)
    if args.summary_json:
        write_text(safe_output(args.summary_json, [], True), json.dumps(summary, indent=1) + "\n")
    sys.stdout.write(_summary_text(summary, sim))
    return EXIT_OK


#: The columns of the summary printed on stdout: (metric, header, format).
_SUMMARY_COLUMNS = (
    ("kendall_half", "kendall_half", "{:.4f}"),
    ("spearman", "spearman", "{:.4f}"),
    ("strongest_alone_first", "top alone", "{:.3f}"),
    ("strongest_shares_first", "top shared", "{:.3f}"),
    ("cd2plus_share", "|CD|>=2", "{:.3f}"),
    ("three_in_row_share", "3 in row", "{:.3f}"),
    ("floats_per_round", "floats/rd", "{:.2f}"),
    ("seconds_per_round", "s/round", "{:.3f}"),
)


def _summary_text(summary: dict, sim) -> str:
    from tabellone.simulate.teams import NOT_FOR_TEAMS

    field = f"{sim.teams} teams of {sim.boards} boards (ranked by match points, then game points)" if sim.teams else f"{sim.players} players"
    lines = [f"{sim.events} events, {field}, {sim.rounds} rounds, results by {sim.model}; mean +- 95% CI"]
    width = max(len(label) for label in summary)
    lines.append(f"{'':<{width}}  " + "  ".join(f"{head:>17}" for _, head, _ in _SUMMARY_COLUMNS))
    for label, metrics in summary.items():
        cells = []
        for name, _, fmt in _SUMMARY_COLUMNS:
            m = metrics[name]
            if m["mean"] is None:
                cells.append(f"{'-':>17}")
            else:
                half = "" if m["ci95"] is None else " +-" + fmt.format(m["ci95"])
                cells.append(f"{fmt.format(m['mean']) + half:>17}")
        lines.append(f"{label:<{width}}  " + "  ".join(cells))
    if sim.teams:
        lines += [f"{name}: not measured for teams ({why})" for name, why in NOT_FOR_TEAMS.items()]
    return "\n".join(lines) + "\n"


COMMANDS = {
    "info": cmd_info, "convert": cmd_convert, "pair": cmd_pair, "generate": cmd_generate, "check": cmd_check,
    "explain": cmd_explain, "standings": cmd_standings, "compare": cmd_compare, "simulate": cmd_simulate,
}
COMMANDS.update(EVENT_COMMANDS)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] in ("--dutch", "--dubov", "--burstein"):
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
        print(f"tabellone: out of memory{' (' + what + ')' if what else ''}: the input asks for more than this "
              "machine has (a huge event or number of rounds?); free memory or run on a larger machine", file=sys.stderr)
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
