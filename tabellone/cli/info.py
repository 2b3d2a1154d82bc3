"""``tabellone info`` (the state of every player before a round) and ``tabellone convert``."""

from __future__ import annotations

import argparse
import json
import os
import sys

from tabellone.cli.common import load_checked
from tabellone.core.errors import (
    EXIT_OK,
    InputError,
)
from tabellone.core.model import Float, RoundState, Tournament
from tabellone.core.scoring import format_points
from tabellone.formats.files import dumps, safe_output, write_text
from tabellone.rules import DEFAULT_SYSTEM, get_system, system_code


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
            source=args.file,
            field="--round",
        )
    note = None
    system = None
    if args.system is not None:
        from tabellone.rules import get_system

        system = get_system(args.system)
        t, note = system.score_suspended(t, args.edition or system.editions[0], r)
    state = t.state_before(r)
    rows = state_rows(t, state)
    own = system.info_report(t, r, args.edition, args.json) if system is not None else None
    if own is not None:  # the system's own table (the Dubov ARO list, the Burstein index order)
        print(own)
        return EXIT_OK
    if args.json:
        doc = {"round": r, "total_rounds": t.total_rounds, "players": rows}
        if note:
            doc["note"] = note
        print(json.dumps(doc, indent=1, ensure_ascii=False))
        return EXIT_OK
    title = next((h.text for h in t.headers if h.code == "012"), os.path.basename(args.file))
    total = f" of {t.total_rounds}" if t.total_rounds else ""
    present = sum(1 for s in state if s.present)
    if t.total_rounds is not None and r > t.total_rounds:  # a finished event: nothing left to pair
        print(f"{title}: all {t.total_rounds} rounds played; state after round {t.total_rounds}")
    else:
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


def _declaring_system(t, args: argparse.Namespace):
    """``t`` declaring (TRF26 ``192``) the system and edition ``--system``/``--edition``
    name, for a file that declares none; a file's own code is kept, and without the
    options nothing is added (``check`` then says which system it assumes)."""
    from dataclasses import replace

    if args.system is None and args.edition is None:
        return t
    if t.system:
        print(
            f"tabellone: warning: {args.file}: 192 declares {t.system}; kept (--system / --edition name the "
            "system of a file that declares none)",
            file=sys.stderr,
        )
        return t
    system = args.system or DEFAULT_SYSTEM
    get_system(system)  # an unknown system is an input error
    code = system_code(system, args.edition)
    return t if code is None else replace(t, system=code)


def cmd_convert(args: argparse.Namespace) -> int:
    t = load_checked(args.file, args.strict)
    if args.to == "trf26":
        t = _declaring_system(t, args)
    text = dumps(t, args.to)
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        write_text(safe_output(args.output, [args.file], args.force), text)
    return EXIT_OK
