"""The ``tabellone`` command line.

Subcommands::

    tabellone pair FILE [--system dutch] [--edition 2026|2017] [--format text|bbp|trf|json] [-o OUT]
    tabellone info FILE [--round R] [--json] [--strict]
    tabellone check FILE [--system S] [--round R [--pairing PAIRS]] [--json]
    tabellone explain FILE [--system S] [--round R] (--pair A B | --bye X)
    tabellone compare FILE [--system italo-svizzero|dubov|lim] [--round R] [--json]
    tabellone convert FILE --to trf16|trf26|json [-o OUT] [--force]

and the bbpPairings / JaVaFo invocation ``tabellone --dutch FILE -p [OUT]`` or ``-c``.

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
from .api import accepted_options, add_round, pair, recorded_pairing, rules_module
from .solver.errors import EXIT_INVALID_INPUT, EXIT_NO_PAIRING, EXIT_OK, EXIT_UNEXPECTED, InputError, SelfCheckError, TabelloneError
from .solver.io import FORMATS, dumps, load, safe_output, write_text
from .solver.model import Float, RoundState, Tournament
from .solver.scoring import format_points
from .solver.trf import format_trf


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
    p.add_argument("--system", help="also show what this system reads (dubov: the ARO list of Art. 9)")
    p.add_argument("--edition")

    p = sub.add_parser("pair", help="pair the next round")
    p.add_argument("file")
    p.add_argument("--system", default="dutch", help="pairing system (default: dutch)")
    p.add_argument("--edition", help="edition of the rules (dutch: 2026, the default, 2017, or 1992, literal only; dubov: 2026 or 1997; lim: 2026; italo-svizzero: capo5 or 2.2)")
    p.add_argument("-o", "--output", help="write the pairing here (default: standard output)")
    p.add_argument("--format", default="text", choices=("text", "bbp", "trf", "json"))
    p.add_argument("--force", action="store_true", help="replace OUTPUT if it exists (never the input)")
    p.add_argument("--strict", action="store_true")
    p.add_argument("--baku", action="store_true", help="Baku acceleration (C.04.7) when the file gives no virtual points")
    p.add_argument("--method", choices=("literal", "optimised"), help="the text's own procedure or the optimiser (dutch 2026/2017: optimised by default; dubov, lim, italo-svizzero: literal by default)")
    p.add_argument("--backend", choices=("blossom", "cpsat"), default="blossom",
                   help="dutch: solve each matching by Edmonds' blossom (default) or by OR-Tools CP-SAT (slower; same pairing)")
    p.add_argument("--game", choices=("italiana", "internazionale"), help="italo-svizzero: Italian or international draughts (colours)")
    p.add_argument("--odd", choices=("forfeit", "rest"), help="italo-svizzero: odd fields by forfeit points (Art. 8) or rests (Art. 9)")

    p = sub.add_parser("check", help="check rounds against the rules: absolute violations and the first criterion that differs")
    p.add_argument("file")
    p.add_argument("--system", default="dutch")
    p.add_argument("--edition")
    p.add_argument("--round", type=int, help="check only this round")
    p.add_argument("--pairing", help="a proposed pairing of --round (bbp lines 'white black', or a TRF holding that round)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--strict", action="store_true")
    _system_options(p)

    p = sub.add_parser("compare", help="pair rounds by the literal procedure and by the optimiser; compare their objectives")
    p.add_argument("file")
    p.add_argument("--system", default="italo-svizzero", help="a system with both methods (italo-svizzero, dubov, lim)")
    p.add_argument("--edition")
    p.add_argument("--round", type=int, help="only this round (default: every paired round; the next one if none is)")
    p.add_argument("--json", action="store_true")
    _system_options(p)

    p = sub.add_parser("standings", help="final classification with the system's tie-breaks")
    p.add_argument("file")
    p.add_argument("--system", default="italo-svizzero")
    p.add_argument("--edition")
    p.add_argument("--game", choices=("italiana", "internazionale"))

    p = sub.add_parser("explain", help="why the rules pair two players, or give one the bye")
    p.add_argument("file")
    p.add_argument("--system", default="dutch")
    p.add_argument("--edition")
    p.add_argument("--round", type=int, help="a round of the file, or the next one (default)")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--pair", nargs=2, type=int, metavar=("A", "B"))
    group.add_argument("--bye", type=int, metavar="X", help="the pairing-allocated bye (italo-svizzero: the forfeit points)")
    _system_options(p)

    p = sub.add_parser("generate", help="a random tournament paired round by round (results from Milvang's model)")
    p.add_argument("--system", default="dutch")
    p.add_argument("--edition")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--rounds", type=int, required=True)
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

    p = sub.add_parser("convert", help="convert between TRF16, TRF26 and JSON")
    p.add_argument("file")
    p.add_argument("--to", required=True, choices=FORMATS)
    p.add_argument("-o", "--output", help="output file (default: standard output)")
    p.add_argument("--force", action="store_true", help="replace OUTPUT if it exists (never the input)")
    p.add_argument("--strict", action="store_true")
    return parser


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
        from .rules import get_system

        module = get_system(args.system)
        t, note = _suspended_as_scored(module, t, args.edition or module.EDITIONS[0], r)
    state = t.state_before(r)
    rows = state_rows(t, state)
    if args.system == "dubov":
        return _info_dubov(t, r, args)
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
    from .rules.dubov import aro_list

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
    _, edition = rules_module(system, edition)
    return pair(t, system, edition, method, source=source, **options), edition


def format_pairing(t: Tournament, pairing, fmt: str, title: str, scored: Tournament | None = None, note: str | None = None) -> str:
    """The pairing in ``fmt``. The text table shows each player's score from ``scored``
    (default ``t``): ``t`` with suspended games counted as the system counts them for
    pairing, which ``note`` then names."""
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
    lines = [f"Round {pairing.round}: {title}, {len(pairing.pairs)} boards" + (f", bye to {pairing.bye}" if pairing.bye else "")]
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
    if note:
        lines.append(note)
    return "\n".join(lines) + "\n"


def emit(text: str, output: str | None, inputs: list[str], force: bool) -> None:
    if output in (None, "-"):
        sys.stdout.write(text)
    else:
        write_text(safe_output(output, inputs, force), text)


def cmd_pair(args: argparse.Namespace) -> int:
    from .rules import TITLES, get_system

    from .solver.acceleration import with_acceleration

    t = with_acceleration(load_checked(args.file, args.strict), args.baku)
    backend = {}
    if args.backend == "cpsat":
        import inspect

        from .solver.cpsat import CpSatMatching

        if "solve" not in inspect.signature(get_system(args.system).pair_round).parameters:
            raise InputError(f"the {args.system} system has no CP-SAT back end (dutch has)", field="--backend")
        backend["solve"] = CpSatMatching()
    pairing, edition = run_pairing(t, args.system, args.edition, args.file, args.method, game=args.game, odd=args.odd, **backend)
    title = f"{TITLES.get(args.system, args.system)} {edition}"
    scored, note = _suspended_as_scored(get_system(args.system), t, edition, pairing.round)
    emit(format_pairing(t, pairing, args.format, title, scored, note), args.output, [args.file], args.force)
    return EXIT_OK


def compat_main(argv: list[str]) -> int:
    """The bbpPairings / JaVaFo command line: ``--dutch FILE -p [OUT]`` pairs the next
    round and writes their output format; ``--dutch FILE -c`` checks every round.
    ``--dubov`` works the same way for the Dubov system."""
    parser = _Parser(prog=f"tabellone {argv[0]}", description="bbpPairings-compatible invocation")
    parser.add_argument("file")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", dest="pair_out", nargs="?", const="-", help="pair the next round; write to OUT or standard output")
    mode.add_argument("-c", dest="check", action="store_true", help="check every round of the file")
    parser.add_argument("--edition", default=None)
    parser.add_argument("--baku", action="store_true", help="Baku acceleration when the file gives no virtual points")
    system = argv[0][2:]
    args = parser.parse_args(argv[1:])
    from .solver.acceleration import with_acceleration

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
    """Re-pair every recorded round from the rounds before it; list the rounds that differ."""
    from .solver.history import cut_before
    from .solver.model import pairs_of_round

    differing = []
    for r in range(1, t.rounds_paired + 1):
        cut = cut_before(t, r)
        pairing, _ = run_pairing(cut, system, edition, source)
        recorded, pab = pairs_of_round(t, r)
        same = sorted(pairing.pairs) == sorted(recorded) and pairing.bye == (pab[0] if pab else None)
        if not same:
            differing.append(r)
            print(f"round {r}: differs from the rules' pairing")
            rec, got = set(recorded), set(pairing.pairs)
            print(f"  in the file only: {' '.join(f'{w}-{b}' for w, b in sorted(rec - got)) or '-'}; bye {pab[0] if pab else '-'}")
            print(f"  rules' pairing only: {' '.join(f'{w}-{b}' for w, b in sorted(got - rec)) or '-'}; bye {pairing.bye or '-'}")
    print(f"{t.rounds_paired - len(differing)} of {t.rounds_paired} rounds as the rules pair them")
    return EXIT_OK if not differing else EXIT_NO_PAIRING


def read_proposed(path: str, round_number: int):
    """A proposed pairing: bbp/JaVaFo lines (a count, then 'white black', bye as
    'id 0'), or a TRF file with the round filled in."""
    from .solver.io import read_bytes
    from .solver.pairing import Pairing
    from .solver.trf import decode, parse_trf

    text, _ = decode(read_bytes(path))
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if lines and lines[0].isdigit() and all(len(ln.split()) == 2 for ln in lines[1:]):
        count = int(lines[0])
        if count != len(lines) - 1:
            raise InputError(f"the first line says {count} pairs but {len(lines) - 1} follow", source=path, line=1)
        pairs, bye = [], None
        for k, ln in enumerate(lines[1:], start=2):
            a, b = ln.split()
            if not (a.isascii() and a.isdigit() and b.isascii() and b.isdigit()):
                raise InputError(f"found {ln!r}, expected two pairing numbers", source=path, line=k)
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
    from .api import check
    from .solver.verify import format_report

    rules_module(args.system, args.edition, game=args.game, odd=args.odd)  # options first, then the file
    t = load_checked(args.file, args.strict)
    proposed = None
    if args.pairing:
        r = args.round or t.next_round
        if r < 1 or r > t.rounds_paired + 1:
            raise InputError(f"round {r} cannot be checked: rounds 1-{t.rounds_paired + 1} can", field="--round")
        proposed = read_proposed(args.pairing, r)
    report = check(t, args.system, args.edition, round=args.round, pairing=proposed, game=args.game, odd=args.odd)
    if args.json:
        print(json.dumps({**report.as_dict(), "system": args.system}, indent=1))
    else:
        sys.stdout.write(format_report(report.rounds))
    return EXIT_OK if report.ok else EXIT_NO_PAIRING


def cmd_standings(args: argparse.Namespace) -> int:
    from .rules import get_system

    module = get_system(args.system)
    if not hasattr(module, "standings"):
        raise InputError(f"the {args.system} system has no standings procedure of its own", field="--system")
    edition = args.edition or module.EDITIONS[0]
    if edition not in module.EDITIONS:
        raise InputError(f"unknown edition {edition!r}; expected one of {', '.join(module.EDITIONS)}", field="--edition")
    t = load_checked(args.file, False)
    rows = module.standings(t, edition, **accepted_options(module.standings, {"game": args.game}, args.system))
    sys.stdout.write(module.format_standings(t, rows, edition))
    return EXIT_OK


def cmd_explain(args: argparse.Namespace) -> int:
    from .api import explain

    rules_module(args.system, args.edition, game=args.game, odd=args.odd)
    t = load_checked(args.file, False)
    pair = tuple(args.pair) if args.pair else None
    print(explain(t, args.system, args.edition, args.round, pair=pair, bye=args.bye, game=args.game, odd=args.odd))
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
    from .solver.history import cut_before

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
    comparisons = [module.compare(cut_before(t, r) if r <= last else t, edition, r) for r in rounds]
    if args.json:
        doc = {"system": args.system, "edition": edition, "rounds": [_comparison_dict(c) for c in comparisons]}
        print(json.dumps(doc, indent=1, default=_json_value))
    else:
        sys.stdout.write(_format_comparisons(comparisons))
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


def _format_comparisons(comparisons) -> str:
    """One line per round (the first objective on which the two pairings differ, both
    values, the better method), then the boards of every round where they differ."""
    head = f"{'round':>5}  {'pairs':<9} {'first objective that differs':<40} {'literal':>12} {'optimised':>12}  better"
    lines = [head, "-" * len(head)]
    for c in comparisons:
        first = c.first_difference
        if c.same_pairs:
            lines.append(f"{c.round:>5}  {'same':<9} {'-':<40} {'':>12} {'':>12}  -")
            continue
        if first is None:
            lines.append(f"{c.round:>5}  {'differ':<9} {'none (equal objectives)':<40} {'':>12} {'':>12}  equal")
            continue
        group, name, lv, ov = first
        what = f"{name} (group {_value_text(group)})" if group not in (None, "-") else str(name)
        lines.append(f"{c.round:>5}  {'differ':<9} {what[:40]:<40} {_value_text(lv):>12} {_value_text(ov):>12}  {c.better}")
    for c in comparisons:
        if c.same_pairs:
            continue
        lit, opt = c.literal, c.optimised
        lk, ok = {frozenset(p) for p in lit.pairs}, {frozenset(p) for p in opt.pairs}
        only_lit = sorted(p for p in lit.pairs if frozenset(p) not in ok)
        only_opt = sorted(p for p in opt.pairs if frozenset(p) not in lk)
        byes = f"; bye {lit.bye or '-'} / {opt.bye or '-'}" if lit.bye != opt.bye else ""
        lines.append(f"round {c.round}: literal only {_pairs_text(only_lit)}; optimised only {_pairs_text(only_opt)}{byes}")
    same = sum(1 for c in comparisons if c.same_pairs)
    lines.append(f"{same} of {len(comparisons)} rounds paired the same by both methods")
    return "\n".join(lines) + "\n"


def cmd_generate(args: argparse.Namespace) -> int:
    from .solver.generate import GeneratorSettings, generate

    from .solver.scoring import Scoring

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

    def pairer(t: Tournament):
        pairing, _ = run_pairing(t, args.system, args.edition, "generated tournament", args.method)
        return pairing.pairs, pairing.bye

    t = generate(settings, pairer)
    write_text(target, dumps(t, args.format))
    return EXIT_OK


COMMANDS = {
    "info": cmd_info, "convert": cmd_convert, "pair": cmd_pair, "generate": cmd_generate, "check": cmd_check,
    "explain": cmd_explain, "standings": cmd_standings, "compare": cmd_compare,
}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] in ("--dutch", "--dubov"):
            return compat_main(argv)
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return EXIT_INVALID_INPUT
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
