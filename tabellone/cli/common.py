"""What several commands share: loading a file with its warnings, the system a file
declares, event options, pairing and printing a round, writing output safely."""

from __future__ import annotations

import argparse
import json
import sys

from tabellone.api import add_round, configure, pair
from tabellone.core.errors import (
    InputError,
)
from tabellone.core.model import Tournament
from tabellone.core.scoring import format_points
from tabellone.formats.files import load, safe_output, write_text
from tabellone.formats.trf import format_trf
from tabellone.rules import (
    DEFAULT_SYSTEM,
    declared_system,
    games_per_round,
    get_system,
    system_options,
    system_scoring_by,
    team_system,
)
from tabellone.rules.base import PairingSystem


def load_checked(path: str, strict: bool) -> Tournament:
    """Load a tournament and report declared scores that disagree with its results (one
    line for those that blank cells read as half-point byes would explain), and how
    ``0000 - +`` cells were read."""
    t = load(path)
    blank_half = []
    for player, declared, derived in t.score_mismatches():
        msg = (
            f"player {player.id} ({player.name}): columns 81-84 (points) declare "
            f"{format_points(declared)} but the results give {format_points(derived)}"
        )
        if strict:
            raise InputError(msg, source=path)
        if _blank_cells_explain(t, player, declared - derived):
            blank_half.append(player.id)
            continue
        print(f"tabellone: warning: {path}: {msg}", file=sys.stderr)
    if blank_half:
        print(
            f"tabellone: warning: {path}: {_count(len(blank_half), 'player')} "
            f"{'declares' if len(blank_half) == 1 else 'declare'} more points (columns 81-84) "
            "than their results give, half a point for some rounds written without opponent or result "
            "('0000 -  '): half-point byes some programs (ICU exports) write blank; read as absences (no "
            f"points), which lowers their scores for pairing and checking (players {_ids(blank_half)})",
            file=sys.stderr,
        )
    line = _plus_without_opponent(t)
    if line:
        print(f"tabellone: warning: {path}: {line}", file=sys.stderr)
    return t


def _blank_cells_explain(t: Tournament, player, excess) -> bool:
    """Whether ``excess`` (declared points over the results') is half a point for some of
    the player's blank cells (no opponent, no result) in the rounds recorded."""
    from fractions import Fraction

    half = t.scoring.half_bye if t.scoring.half_bye is not None else t.scoring.draw
    blanks = sum(1 for k in range(1, t.rounds_recorded + 1) if player.entry(k).is_empty)
    if excess <= 0 or not half or blanks == 0:
        return False
    steps = Fraction(excess) / half
    return steps.denominator == 1 and steps <= blanks


def _plus_without_opponent(t: Tournament) -> str | None:
    """One sentence on how ``0000 - +`` cells (a point without opponent) were read: the
    pairing-allocated bye where it is the only one of a round that left one player
    unpaired (the way bbpPairings writes a PAB), else a full-point bye entered before
    pairing. ``None`` when the file has none (team files: a board won by forfeit)."""
    from tabellone.core.model import is_team_event, pab_receivers

    if is_team_event(t):
        return None
    pab, full = [], []
    for k in range(1, t.rounds_recorded + 1):
        plus = [p.id for p in t.players if p.entry(k).opponent is None and p.entry(k).result == "+"]
        if not plus:
            continue
        receivers = pab_receivers(t, k)
        if plus == receivers:
            pab.append(f"round {k} (player {plus[0]})")
        else:
            full.append(f"round {k} ({'players' if len(plus) > 1 else 'player'} {_ids(plus)})")
    if not pab and not full:
        return None
    parts = []
    if pab:
        parts.append("the pairing-allocated bye in " + ", ".join(pab) + " (the round's only player left unpaired)")
    if full:
        parts.append("a full-point bye entered before pairing in " + ", ".join(full))
    return "'0000 - +' (a point without opponent) read as " + "; as ".join(parts)


def _ids(ids: list[int], shown: int = 12) -> str:
    text = ", ".join(map(str, ids[:shown]))
    return text + (f" and {len(ids) - shown} more" if len(ids) > shown else "")


def follow_declared_system(args: argparse.Namespace, t: Tournament, source: str, default: str = DEFAULT_SYSTEM) -> None:
    """Set ``args.system`` and ``args.edition`` from the file's ``192`` code when the
    command line names neither (nor ``--baku``); otherwise, or when the code names a
    system tabellone does not pair by, keep the options and say in one line what was
    used instead of what the file declares."""
    from tabellone.core.model import is_team_event

    if is_team_event(t):  # a team event: the team system unless told otherwise
        default = team_system().name
    asked = args.system is not None or args.edition is not None or getattr(args, "baku", False)
    found, baku = declared_system(t.system)
    if t.system and found is not None and not asked:
        args.system, args.edition = found
        return
    args.system = args.system or default
    if not t.system:
        return
    edition = args.edition or get_system(args.system).editions[0]
    used = f"{args.system} {edition}" + (" with Baku acceleration" if getattr(args, "baku", False) or baku else "")
    if found is None:
        print(
            f"tabellone: warning: {source}: 192 declares {t.system!r}, which tabellone does not pair by; using {used}",
            file=sys.stderr,
        )
    elif (
        found[0] != args.system
        or (found[1] or get_system(found[0]).editions[0]) != edition
        or (getattr(args, "baku", False) and not baku)
    ):
        print(
            f"tabellone: warning: {source}: 192 declares {t.system}; using {used}, as the options ask", file=sys.stderr
        )


def system_of_file(args: argparse.Namespace, t: Tournament, command: str) -> None:
    """``args.system`` for ``compare`` and ``standings`` when not given: the file's
    ``192`` code, else italo-svizzero for a draughts file (2-1-0 points); a chess file
    that declares no system must name one, rather than be read as draughts."""

    if args.system is not None:
        return
    found, _ = declared_system(t.system)
    if found is not None:
        args.system = found[0]
        args.edition = args.edition or found[1]
    elif system_scoring_by(t.scoring) is not None:
        args.system = system_scoring_by(t.scoring)
    else:
        declared = f"declares {t.system!r}" if t.system else "declares no system (192)"
        raise InputError(
            f"{command}: the file is a chess event (a win worth {format_points(t.scoring.win)}, a draw "
            f"{format_points(t.scoring.draw)}) and {declared}; "
            "name the system with --system",
            field="--system",
        )


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
            raise InputError(
                f"--rounds {rounds}: expected 1 to {999 // g} {'matches' if g > 1 else 'rounds'}", field="--rounds"
            )
        if columns < t.rounds_paired:
            raise InputError(
                f"--rounds {rounds}: the file already has {t.rounds_paired} {'round columns' if g > 1 else 'rounds'} paired",
                source=source,
                field="--rounds",
            )
        if t.total_rounds is not None and t.total_rounds != columns:
            what = (
                f"{t.total_rounds} round columns (XXR / 142), {t.total_rounds / g:g} matches"
                if g > 1
                else f"{t.total_rounds} rounds (XXR / 142)"
            )
            raise InputError(f"--rounds {rounds}, but the file declares {what}", source=source, field="--rounds")
        t = replace(t, total_rounds=columns)
    if colour is not None:
        code = "w" if colour == "white" else "b"
        if t.initial_colour is not None and t.initial_colour != code:
            raise InputError(
                f"--initial-colour {colour}, but the file declares the other (XXC / 152)",
                source=source,
                field="--initial-colour",
            )
        t = replace(t, initial_colour=code)
        note = _initial_colour_note(t, colour)
        if note:
            print(f"tabellone: warning: {source}: {note}", file=sys.stderr)
    return t


def _initial_colour_note(t: Tournament, colour: str) -> str | None:
    """When player 1 (the first in pairing order) is not paired in round 1: who
    ``--initial-colour`` is the colour of. TRF26 152 (and ``XXC white1``) is the colour
    of the highest-ranked participant paired in round 1, so it goes to the first player
    paired there."""
    order = t.in_pairing_order
    if not order:
        return None
    played = t.rounds_paired >= 1
    byes = t.byes_for(1)

    def paired(p) -> bool:
        e = p.entry(1)
        if played:
            return e.is_game or e.pending or e.result == "U"
        return e.is_empty and p.id not in byes

    if paired(order[0]):
        return None
    first = next((p for p in order if paired(p)), None)
    if first is None:
        return None
    return (
        f"player {order[0].id} is not paired in round 1: --initial-colour {colour} is the colour of player "
        f"{first.id}, the highest-ranked player paired there (TRF26 152, XXC {colour}1)"
    )


def system_option_values(args: argparse.Namespace) -> dict[str, str | None]:
    """The values given to the options the systems declare (``--game``, ``--odd``, ...:
    :func:`tabellone.rules.system_options`), by name, for the system's ``configure``."""
    return {o.name: getattr(args, o.name, None) for o in system_options()}


def run_pairing(t: Tournament, system: str, edition: str | None, source: str, method: str | None = None, **options):
    """Pair the next round (:func:`tabellone.pair`, which checks the absolute criteria
    before anyone sees it); returns the pairing and the edition used."""
    _, edition, _ = configure(system, edition, profile=options.get("profile"))
    return pair(t, system, edition, method, source=source, **options), edition


def profile_name(profile: str) -> str:
    """The name a profile gives itself (``--profile`` may be a path)."""
    from tabellone.rules.profiles import resolve

    return resolve(profile).name


def format_pairing(
    t: Tournament,
    pairing,
    fmt: str,
    title: str,
    scored: Tournament | None = None,
    note: str | None = None,
    system: PairingSystem | None = None,
) -> str:
    """The pairing in ``fmt``. The text table shows each player's score from ``scored``
    (default ``t``): ``t`` with suspended games counted as the system counts them for
    pairing, which ``note`` then names; its heading names the round as ``system`` does
    (a Double-Swiss match)."""
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
    name = system.round_name(pairing.round) if system is not None else f"round {pairing.round}"
    lines = [
        f"{name[0].upper()}{name[1:]}: {title}, {len(pairing.pairs)} boards"
        + (f", bye to {pairing.bye}" if pairing.bye else "")
    ]
    lines.append(f"{'board':>5}  {'white':<32} {'pts':>5}    {'black':<32} {'pts':>5}")

    def who(pid: int) -> str:
        return f"{pid:>4} {t.player(pid).name[:27]}"

    for k, (w, b) in enumerate(pairing.pairs, start=1):
        lines.append(
            f"{k:>5}  {who(w):<32} {format_points(state[w].score):>5}  - {who(b):<32} {format_points(state[b].score):>5}"
        )
    if pairing.bye is not None:
        lines.append(
            f"  bye  {who(pairing.bye):<32} {format_points(state[pairing.bye].score):>5}  (pairing-allocated bye)"
        )
    rests = getattr(pairing, "rests", ()) or ()
    if rests:
        lines.append("resting this round: " + ", ".join(map(str, rests)))
    absent = [s.id for s in state if not s.present]
    if absent:
        lines.append("not paired (absent or bye entered before pairing): " + ", ".join(map(str, absent)))
    second = getattr(pairing, "second_game", None)
    if second is not None:  # a Double-Swiss match
        lines.append(
            f"colours of game 1 (round column {pairing.round}); game 2 (column {second.round}) reverses them"
            + ("; the bye counts a game won and one drawn (U, then H: C.04.5 1.4)" if pairing.bye is not None else "")
        )
    if note:
        lines.append(note)
    return "\n".join(lines) + "\n"


def emit(text: str, output: str | None, inputs: list[str], force: bool) -> None:
    if output in (None, "-"):
        sys.stdout.write(text)
    else:
        write_text(safe_output(output, inputs, force), text)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
