"""Rounds of an event: byes requested and withdrawals before a round is paired, pairing
the next round and recording it, and what a recorded round is (its boards in order,
its byes and absences).

Board order is C.04.2's (2026 Art. 3.6): the higher score in the pair first, then the
lower score of the pair, then the higher-ranked player's pairing number; the
pairing-allocated bye after the boards. The numbers printed on a pairing list are the
ones ``result --board N`` reads, because both come from :func:`boards`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import ByeKind, PreassignedBye, RoundEntry, Tournament, pairs_of_round
from tabellone.core.pairing import Pairing
from tabellone.core.rounds import add_round
from tabellone.core.team import TeamTournament
from tabellone.event.header import event_options, pairing_option_names, system_of, with_baku
from tabellone.event.outcome import Outcome
from tabellone.event.players import known_player
from tabellone.event.record import sheet_result
from tabellone.event.teams import pair_and_record_team
from tabellone.rules import games_per_round, system_code
from tabellone.rules.dispatch import pair

BYE_NAMES = {ByeKind.HALF: "half-point", ByeKind.FULL: "full-point", ByeKind.ZERO: "zero-point"}


def _future_round(t: Tournament, r: int, what: str) -> None:
    if r < t.next_round:
        raise InputError(f"round {r} is already paired (the next round is {t.next_round}); {what}", field="--round")
    if t.total_rounds is not None and r > t.total_rounds:
        raise InputError(f"round {r} is beyond the event's {t.total_rounds} rounds", field="--round")


def request_bye(t: Tournament, pid: int, round_number: int, kind: ByeKind) -> Tournament:
    """A bye requested before round ``round_number`` is paired (TRF26 ``240``): the
    player is not paired and scores the bye's points (``H`` half, ``Z`` zero, ``F`` a
    win where the rules of the event allow it)."""
    known_player(t, pid)
    _future_round(t, round_number, "a bye is requested before the round is paired")
    if any(b.round == round_number and b.player == pid for b in t.byes):
        old = next(b for b in t.byes if b.round == round_number and b.player == pid)
        if old.kind == kind:
            raise InputError(f"player {pid} already has this bye in round {round_number}", field="ID")
    byes = tuple(
        sorted(
            {b for b in t.byes if not (b.round == round_number and b.player == pid)}
            | {PreassignedBye(round_number, pid, kind)}
        )
    )
    return replace(t, byes=byes)


def bye(t: Tournament, pid: int, round_number: int, kind: ByeKind) -> Outcome:
    """The operation 'request a bye' (:func:`request_bye`)."""
    out = request_bye(t, pid, round_number, kind)
    who = "team" if _is_team(t) else "player"
    return Outcome(out, f"{who} {pid} {out.player(pid).name}: {BYE_NAMES[kind]} bye in round {round_number}")


def cancel_bye(t: Tournament, pid: int, round_number: int) -> Outcome:
    """The operation 'take back a requested bye': the player is paired in round
    ``round_number`` after all (its ``240`` record removed; the round is not paired yet)."""
    p = known_player(t, pid)
    _future_round(t, round_number, "a bye already recorded stays in the record")
    kept = tuple(b for b in t.byes if not (b.round == round_number and b.player == pid))
    if len(kept) == len(t.byes):
        raise InputError(f"player {pid} {p.name} has no bye in round {round_number}", field="ID")
    who = "team" if _is_team(t) else "player"
    return Outcome(replace(t, byes=kept), f"{who} {pid} {p.name}: plays in round {round_number} (bye taken back)")


def withdraw(t: Tournament, pid: int, from_round: int | None = None) -> Tournament:
    """The player leaves from ``from_round`` (default: the next round to pair) to the
    end: a zero-point bye (``240 Z``) in each of those rounds. Results already played
    stay (C.04.2: a withdrawn player is not paired any more)."""
    known_player(t, pid)
    if t.total_rounds is None:
        raise InputError("the file does not say how many rounds the event has (TRF26 142 / XXR)", field="142")
    r = t.next_round if from_round is None else from_round
    _future_round(t, r, "a game already paired is ended with a result (a forfeit: -+ or +-), not a withdrawal")
    kept = {b for b in t.byes if not (b.player == pid and b.round >= r)}
    kept |= {PreassignedBye(k, pid, ByeKind.ZERO) for k in range(r, t.total_rounds + 1)}
    return replace(t, byes=tuple(sorted(kept)))


def withdrawal(t: Tournament, pid: int, from_round: int | None = None) -> Outcome:
    """The operation 'withdraw a player' (:func:`withdraw`)."""
    out = withdraw(t, pid, from_round)
    r = from_round or t.next_round
    who = "team" if _is_team(t) else "player"
    return Outcome(out, f"{who} {pid} {out.player(pid).name} withdrawn from round {r}")


def withdrawn_players(t: Tournament) -> set[int]:
    """Players with a zero-point bye in every round from some round to the last, with at
    least one of them still to be played or not played at all (a withdrawal)."""
    if not t.total_rounds:
        return set()
    out = set()
    zero_records = {(b.player, b.round) for b in t.byes if b.kind is ByeKind.ZERO}
    for p in t.players:
        last = t.total_rounds
        if (p.id, last) in zero_records or (
            p.entry(last).opponent is None and p.entry(last).result in "Z-" and last <= t.rounds_paired
        ):
            out.add(p.id)
    return out


def _is_team(t: Tournament) -> bool:
    return isinstance(t, TeamTournament)


def pair_round(t: Tournament, system: str | None = None, edition: str | None = None, **options) -> Pairing:
    """Pair the next round of a player event by the file's system (or ``system``) and its
    options (:func:`tabellone.event.header.event_options`: Baku acceleration, method,
    ...; an option given here wins), without recording it: the pairing a desk shows as a
    draft, or :func:`pair_and_record` records at once."""
    if _is_team(t):
        raise InputError("a team event is paired and recorded in one step (pair_and_record)", field="EVENT")
    file_system, file_edition = system_of(t)
    system = system or file_system
    edition = edition or (file_edition if system == file_system else None)
    if t.total_rounds is not None and t.next_round > t.total_rounds:
        raise InputError(f"all {t.total_rounds} rounds are paired", field="EVENT")
    if len(t.players) < 2:
        raise InputError(f"{len(t.players)} players registered; at least two are needed to pair", field="EVENT")
    stored = event_options(t)
    baku = bool(options.pop("baku", None)) or stored.get("baku") == "yes"
    merged = {k: v for k, v in stored.items() if k in pairing_option_names()}
    merged.update({k: v for k, v in options.items() if v is not None})
    to_pair = t
    if baku:
        from tabellone.core.acceleration import with_acceleration

        to_pair = with_acceleration(with_baku(t), True, games_per_round(system))
    return pair(to_pair, system, edition, **merged)


def record_round(t: Tournament, pairing: Pairing, system: str | None = None, edition: str | None = None) -> Tournament:
    """``t`` with ``pairing`` recorded as its next round, whoever made it (the engine, or
    an arbiter who edited a draft): the boards without results, the PAB, the byes
    requested for that round written into its column (``0000 - H``) and their ``240``
    records spent, every other player not paired recorded absent (``Z``); a file that
    does not say which system paired it gets ``192`` (``system``, default the file's)."""
    if _is_team(t):
        raise InputError("a team event's round is recorded by pair_and_record", field="EVENT")
    if pairing.round != t.next_round:
        raise InputError(f"the pairing is for round {pairing.round}; the next round is {t.next_round}", field="round")
    r = pairing.round
    out = add_round(t, pairing)
    if out.system is None:  # the file says which system paired it (TRF26 192)
        file_system, file_edition = system_of(t)
        system = system or file_system
        out = replace(out, system=system_code(system, edition or (file_edition if system == file_system else None)))
    byes = {b.player: b.kind for b in out.byes if b.round == r}
    players = []
    for p in out.players:
        if p.entry(r).is_empty:  # a bye requested, or not paired and no bye: absent (no points)
            rounds = list(p.rounds) + [RoundEntry(None, None, " ")] * (r - len(p.rounds))
            rounds[r - 1] = RoundEntry(None, None, byes[p.id].value if p.id in byes else "Z")
            p = replace(p, rounds=tuple(rounds))
        players.append(p)
    return replace(out, players=tuple(players), byes=tuple(b for b in out.byes if b.round != r))


def pair_and_record(
    t: Tournament, system: str | None = None, edition: str | None = None, **options
) -> tuple[Tournament, Pairing]:
    """Pair the next round (:func:`pair_round`) and record it (:func:`record_round`)."""
    if _is_team(t):
        if options.pop("baku", None):
            raise InputError("team events are paired without acceleration here; --baku is for individual events")
        return pair_and_record_team(t, system, edition, **options)
    pairing = pair_round(t, system, edition, **options)
    return record_round(t, pairing, system, edition), pairing


def _said(t: Tournament, pairing: Pairing) -> str:
    n = len(pairing.pairs)
    bye_text = f", bye to {pairing.bye} {t.player(pairing.bye).name}" if pairing.bye else ""
    return f"{n} board{'s' if n != 1 else ''}{bye_text}"


def record_next(
    t: Tournament, pairing: Pairing, system: str | None = None, edition: str | None = None, edits: int = 0
) -> Outcome:
    """The operation 'record a pairing as the next round' (:func:`record_round`): a
    pairing made elsewhere or edited by hand (``edits``: how many changes the arbiter
    made to the engine's draft, said in the message)."""
    out = record_round(t, pairing, system, edition)
    edited = f" after {edits} manual edit{'s' if edits != 1 else ''}" if edits else ""
    return Outcome(out, f"round {pairing.round} recorded{edited}: {_said(out, pairing)}", (), pairing)


def pair_next(t: Tournament, system: str | None = None, edition: str | None = None, **options) -> Outcome:
    """The operation 'pair the next round and record it' (:func:`pair_and_record`);
    Baku acceleration asked for here on an event that did not declare it is declared
    from now on (TRF26 ``192 ..._BAKU``), so every later round honours it too."""
    warnings = []
    stored = event_options(t)
    declared, declared_edition = system_of(t)
    if system is not None and not _is_team(t) and (system, edition or declared_edition) != (declared, declared_edition):
        warnings.append(
            f"the event declares {t.system or declared} (192); this round is paired by {system}"
            + (f" {edition}" if edition else "")
            + ", as asked"
        )
    for key in pairing_option_names():
        if options.get(key) is not None and stored.get(key) not in (None, options[key]):
            warnings.append(f"the event's {key} is {stored[key]}; this round uses {options[key]}, as asked")
    if options.get("baku") and not _is_team(t) and stored.get("baku") != "yes":
        t = with_baku(t)
        warnings.append(f"Baku acceleration (C.04.7) declared for the event from now on: 192 {t.system}")
    out, pairing = pair_and_record(t, system, edition, **options)
    if _is_team(t):
        n = len(pairing.pairs)
        return Outcome(
            out, f"round {pairing.round} paired and recorded: {n} match{'es' if n != 1 else ''}", (), pairing
        )
    return Outcome(out, f"round {pairing.round} paired and recorded: {_said(out, pairing)}", tuple(warnings), pairing)


# --- what a recorded round is -------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    number: int
    white: int
    black: int
    result: str  # as on a score sheet: '1-0', '½-½', '+-', ... ; '' without a result


@dataclass(frozen=True)
class RecordedRound:
    round: int
    boards: list[Board]
    pab: int | None
    others: list[tuple[int, str]]  # (player, what): 'half-point bye', 'absent', ...
    scores: dict[int, Fraction]  # points before the round


_UNPLAYED = {"H": "half-point bye", "F": "full-point bye", "Z": "absent", "U": "bye", "-": "absent", " ": "absent"}


def board_order(t: Tournament, r: int, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``pairs`` of round ``r`` in C.04.2's board order (see the module text), by the
    scores before the pairing: in a system whose pairing is a match of several games
    (Double-Swiss), before the match, so that its games keep their boards."""
    games = games_per_round(system_of(t)[0])
    first = r - (r - 1) % games  # the match's first round column
    rank = {p.id: k for k, p in enumerate(t.in_pairing_order)}
    score = {p.id: t.score_after(p, first - 1) for p in t.players}

    def key(wb: tuple[int, int]):
        a, b = wb
        hi, lo = (a, b) if (-score[a], rank[a]) <= (-score[b], rank[b]) else (b, a)
        return (-score[hi], -score[lo], rank[hi])

    return sorted(pairs, key=key)


def recorded_round(t: Tournament, r: int) -> RecordedRound:
    """Round ``r`` as recorded: its boards in order with their results, the PAB, and
    everyone else (byes, absences) with what they had."""
    if r < 1 or r > t.rounds_paired:
        paired = f"rounds 1-{t.rounds_paired} are" if t.rounds_paired else "no round is"
        raise InputError(f"round {r} is not paired ({paired})", field="ROUND")
    pairs, pabs = pairs_of_round(t, r)
    boards = [Board(k, w, b, sheet_result(t, w, b, r)) for k, (w, b) in enumerate(board_order(t, r, pairs), start=1)]
    on_board = {x for w, b in pairs for x in (w, b)} | set(pabs)
    others = []
    for p in t.players:
        if p.id in on_board:
            continue
        e = p.entry(r)
        others.append((p.id, _UNPLAYED.get(e.result, "absent") if e.opponent is None else "not paired"))
    return RecordedRound(
        r,
        boards,
        pabs[0] if pabs else None,
        others,
        {p.id: t.score_after(p, r - 1) for p in t.players},
    )


def boards(t: Tournament, r: int) -> list[Board]:
    return recorded_round(t, r).boards


def score(t: Tournament, pid: int) -> Fraction:
    return t.score_after(t.player(pid), t.rounds_recorded)
