"""``tabellone pair``, ``check``, ``explain`` and ``compare``, and the bbpPairings / JaVaFo
invocation (``tabellone --dutch FILE -p``)."""

from __future__ import annotations

import argparse
import json
import sys

from tabellone.api import configure, pair, recorded_pairing
from tabellone.cli.common import (
    emit,
    follow_declared_system,
    format_pairing,
    load_checked,
    profile_name,
    run_pairing,
    system_of_file,
    system_option_values,
    with_event_options,
)
from tabellone.cli.event import cmd_pair_write, event_defaults
from tabellone.cli.parser import _Parser
from tabellone.core.errors import (
    EXIT_NO_PAIRING,
    EXIT_OK,
    InputError,
)
from tabellone.core.model import Tournament
from tabellone.core.scoring import format_points
from tabellone.formats.files import safe_output, write_text
from tabellone.rules import SYSTEMS, games_per_round, get_system


def cmd_pair(args: argparse.Namespace) -> int:
    from tabellone.core.acceleration import with_acceleration
    from tabellone.core.history import cut_before

    if args.write:
        return cmd_pair_write(args)
    loaded = load_checked(args.file, args.strict)
    follow_declared_system(args, loaded, args.file)
    event_defaults(args, loaded)  # the options the event keeps (method, ...)
    t = with_acceleration(with_event_options(loaded, args, args.file), args.baku, games_per_round(args.system))
    backend = {}
    if args.backend == "cpsat":
        from tabellone.matching.cpsat import CpSatMatching

        if not get_system(args.system).takes("solve"):
            have = ", ".join(name for name, s in SYSTEMS.items() if s.takes("solve"))
            raise InputError(f"the {args.system} system has no CP-SAT back end ({have} has)", field="--backend")
        backend["solve"] = CpSatMatching()
    rules, edition, _ = configure(args.system, args.edition)
    past = args.round is not None and args.round <= t.rounds_paired
    pairing = pair(
        t,
        args.system,
        edition,
        args.method,
        round=args.round,
        source=args.file,
        **system_option_values(args),
        profile=args.profile,
        **backend,
    )
    title = f"{rules.title} {edition}" + (f", profile {profile_name(args.profile)}" if args.profile else "")
    before = cut_before(t, pairing.round) if past else t
    scored, note = rules.score_suspended(before, edition, pairing.round)
    if past:
        note = (
            note + "\n" if note else ""
        ) + f"round {pairing.round} as the rules pair it from the rounds before it (the file's round is not changed)"
    if args.format in ("csv", "html"):
        from tabellone.reports.tables import pairings_table, render

        text = render(pairings_table(scored, pairing, title, args.file), args.format)
    else:
        text = format_pairing(before, pairing, args.format, title, scored, note, rules)
    emit(text, args.output, [args.file], args.force)
    return EXIT_OK


def compat_main(argv: list[str]) -> int:
    """The bbpPairings / JaVaFo command line: ``--dutch FILE -p [OUT]`` pairs the next
    round and writes their output format; ``--dutch FILE -c`` checks every round.
    ``--dubov`` and ``--burstein`` work the same way for the Dubov and Burstein systems."""
    parser = _Parser(prog=f"tabellone {argv[0]}", description="bbpPairings-compatible invocation")
    parser.add_argument("file")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "-p", dest="pair_out", nargs="?", const="-", help="pair the next round; write to OUT or standard output"
    )
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
    from tabellone.core.model import named, pairs_of_round

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

            def boards(pairs: set[tuple[int, int]], bye: int | None) -> str:
                listed = "; ".join(f"{named(t, w)} - {named(t, b)}" for w, b in sorted(pairs)) or "-"
                return f"{listed}; bye {named(t, bye) if bye else '-'}"

            print(f"  in the file only: {boards(rec - got, pab[0] if pab else None)}")
            print(f"  rules' pairing only: {boards(got - rec, pairing.bye)}")
    print(f"{t.rounds_paired - len(differing)} of {t.rounds_paired} rounds as the rules pair them")
    return EXIT_OK if not differing else EXIT_NO_PAIRING


def read_proposed(path: str, round_number: int, players: set[int] | None = None):
    """A proposed pairing: bbp/JaVaFo lines (a count, then 'white black', bye as
    'id 0'; the count may be left out), or a TRF file with the round filled in. A
    pairing number not in ``players`` (the event's) is bad input, named by its line."""
    from tabellone.core.pairing import Pairing
    from tabellone.formats.text import decode, read_bytes
    from tabellone.formats.trf import parse_trf

    text, _ = decode(read_bytes(path))
    numbered = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), start=1) if ln.strip()]
    if not numbered:
        raise InputError(
            f"the file is empty: expected 'white black' lines, or a TRF file holding round {round_number}", source=path
        )
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
                raise InputError(
                    f"the first line says {count} pairs but {len(lines) - 1} follow", source=path, line=numbered[0][0]
                )
        pairs, bye = [], None
        for k, ln in numbered[first - 1 :]:
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
        configure(
            args.system, args.edition, **system_option_values(args), profile=args.profile
        )  # options first, then the file
    loaded = load_checked(args.file, args.strict)
    # a file that declares no system (192), none named: say on one line which one is assumed
    assumed = not loaded.system and args.system is None and args.edition is None and not args.baku
    follow_declared_system(args, loaded, args.file)
    configure(args.system, args.edition, **system_option_values(args), profile=args.profile)
    t = with_acceleration(with_event_options(loaded, args, args.file), args.baku, games_per_round(args.system))
    proposed = None
    if args.pairing:
        r = args.round or t.next_round
        if r < 1 or r > t.rounds_paired + 1:
            raise InputError(f"round {r} cannot be checked: rounds 1-{t.rounds_paired + 1} can", field="--round")
        proposed = read_proposed(args.pairing, r, {p.id for p in t.players})
    report = check(
        t,
        args.system,
        args.edition,
        round=args.round,
        pairing=proposed,
        **system_option_values(args),
        profile=args.profile,
    )
    profile = _profile_summary(args.profile) if args.profile else None
    if args.json:
        print(
            json.dumps(
                {
                    **report.as_dict(),
                    "system": args.system,
                    "system_assumed": assumed,
                    "rounds_assumed": t.rounds_paired if t.total_rounds is None else None,
                    **({"profile": profile} if profile else {}),
                },
                indent=1,
            )
        )
    else:
        if profile:
            print(
                f"profile {profile['name']} ({profile['source']}): against its pairing; criteria in its order: "
                + ", ".join(profile["quality"])
            )
        if t.total_rounds is None:
            print(
                f"the file declares no number of rounds (XXR / 142): checked as a {t.rounds_paired}-round event, "
                "its last recorded round the last (give --rounds N to say otherwise)"
            )
        if assumed:
            print(
                f"the file declares no system (192): checked as {get_system(args.system).title} {report.edition} "
                "(name another with --system / --edition)"
            )
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


def cmd_explain(args: argparse.Namespace) -> int:
    from tabellone.api import explain
    from tabellone.core.acceleration import with_acceleration

    if args.system is not None:
        configure(args.system, args.edition, **system_option_values(args), profile=args.profile)
    loaded = load_checked(args.file, False)
    follow_declared_system(args, loaded, args.file)
    configure(args.system, args.edition, **system_option_values(args), profile=args.profile)
    t = with_acceleration(with_event_options(loaded, args, args.file), args.baku, games_per_round(args.system))
    pair = tuple(args.pair) if args.pair else None
    print(
        explain(
            t,
            args.system,
            args.edition,
            args.round,
            pair=pair,
            bye=args.bye,
            **system_option_values(args),
            profile=args.profile,
        )
    )
    return EXIT_OK


def cmd_compare(args: argparse.Namespace) -> int:
    """Literal procedure against optimiser, round by round, for systems that have both."""
    from tabellone.core.history import cut_before

    if args.system is None:
        system_of_file(args, load_checked(args.file, False), "compare")
    rules, edition, options = configure(args.system, args.edition, **system_option_values(args))
    if not rules.comparable:
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
    comparisons = [rules.compare(cut_before(t, r) if r <= last else t, edition, r, options) for r in rounds]
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
        "first_difference": None
        if first is None
        else {
            "group": first[0],
            "objective": first[1],
            "literal": first[2],
            "optimised": first[3],
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
        lines.append(
            f"{number[id(c)]:>5}  {'differ':<9} {what[:40]:<40} {_value_text(lv):>12} {_value_text(ov):>12}  {c.better}"
        )
    for c in comparisons:
        if c.same_pairs:
            continue
        lit, opt = c.literal, c.optimised
        lk, ok = {frozenset(p) for p in lit.pairs}, {frozenset(p) for p in opt.pairs}
        only_lit = sorted(p for p in lit.pairs if frozenset(p) not in ok)
        only_opt = sorted(p for p in opt.pairs if frozenset(p) not in lk)
        byes = f"; bye {lit.bye or '-'} / {opt.bye or '-'}" if lit.bye != opt.bye else ""
        lines.append(
            f"{unit} {number[id(c)]}: literal only {_pairs_text(only_lit)}; optimised only {_pairs_text(only_opt)}{byes}"
        )
    same = sum(1 for c in comparisons if c.same_pairs)
    lines.append(
        f"{same} of {len(comparisons)} {'matches' if games_per_round > 1 else 'rounds'} paired the same by both methods"
    )
    return "\n".join(lines) + "\n"
