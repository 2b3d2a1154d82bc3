"""The absolute criteria of C.04.6 read from the file: [C2] (2.1.2, who may have the
pairing-allocated bye) and the check of a proposed round (every team once, [C1], [C2])."""

from __future__ import annotations

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament, named
from tabellone.core.pairing import Pairing, Violation, attendance_violations
from tabellone.core.team import TeamTournament


def C2_bye_allowed(t: Tournament, tpn: int, r: int) -> bool:
    """[C2] (2.1.2): "A team that has already received a pairing-allocated bye or won a
    match by forfeit (or been given a FIDE-deprecated full-point bye) shall not receive
    the pairing-allocated bye." The system's own words: any earlier PAB, whatever it was
    worth (a drawn match's points by Art. 1.4), a match won by forfeit, a full-point
    bye; a half-point bye the team asked for does not bar (:func:`C2_bye_bar`)."""
    return C2_bye_bar(t, tpn, r) is None


def C2_bye_bar(t: Tournament, tpn: int, r: int) -> tuple[int, str] | None:
    """The first round before ``r`` in which team ``tpn`` had what bars the bye by [C2],
    and what it was; ``None`` when nothing does."""
    p = t.player(tpn)
    what = {"U": "the pairing-allocated bye", "+": "a match won by forfeit", "F": "a full-point bye"}
    for k in range(1, r):
        result = p.entry(k).result
        if result in what:
            return k, what[result]
    return None


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str = "2026") -> tuple[bool, str]:
    """Whether team ``player`` may have the bye of ``round_number``, and the sentence that
    says so, with the round that bars it (:func:`C2_bye_allowed`)."""
    bar = C2_bye_bar(t, player, round_number)
    if bar is None:
        return True, f"[C2]: team {named(t, player)} may have the bye (no bye, no match won by forfeit before)"
    return False, f"[C2]: team {named(t, player)} may not have the bye: {bar[1]} in round {bar[0]}"


def violations(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[Violation]:
    """Every absolute rule a proposed round breaks (empty: legal), read from the round
    entries directly: every team to pair once; [C1] no two teams that met in a played
    match, no prohibited pair; [C2] the bye only with an odd number of teams, to a team
    allowed one. Colours are never absolute (Preface: Basic Rules Art. 6-7 never apply)."""
    if not isinstance(t, TeamTournament):
        raise InputError(
            "the Swiss Team Pairing System pairs team events: the file has no team records (310 or 013)",
            field="--system",
        )
    r = pairing.round
    state = t.state_before(r)
    present = {p.id for p in state.to_pair}
    problems, _ = attendance_violations(pairing, present, {p.id for p in t.players}, t)
    prohibited = t.prohibited_in(r)
    for w, b in pairing.pairs:
        if w == b or w not in present or b not in present:
            continue
        met = [k for k in range(1, r) if t.player(w).entry(k).opponent == b and t.player(w).entry(k).played]
        if met:
            body = f"teams {named(t, w)} and {named(t, b)} already played each other (round {met[0]})"
            problems.append(Violation.headed("C1", body, players=(w, b), round=r, label="[C1]"))
        if frozenset((w, b)) in prohibited:
            body = f"teams {named(t, w)} and {named(t, b)} are a prohibited pair"
            problems.append(Violation.headed("C1", body, players=(w, b), round=r, label="[C1]"))
    bar = C2_bye_bar(t, pairing.bye, r) if pairing.bye is not None and pairing.bye in present else None
    if bar is not None:
        body = f"the bye goes to team {named(t, pairing.bye)}, which had {bar[1]} in round {bar[0]}"
        problems.append(Violation.headed("C2", body, players=(pairing.bye,), round=r, label="[C2]"))
    return problems
