"""Every absolute rule a proposed round breaks, checked from the file and the text alone."""

from __future__ import annotations

from tabellone.core.model import Tournament, named
from tabellone.core.pairing import Pairing, Violation, attendance_violations
from tabellone.rules.double_swiss.absolute import C1_may_meet, C2_may_get_pab, C2_pab_bar
from tabellone.rules.double_swiss.games import second_game
from tabellone.rules.double_swiss.matches import matches_of
from tabellone.rules.double_swiss.state import prepare
from tabellone.rules.fide_common import pair_violation


def _pairs_named(t: Tournament, pairs: list[tuple[int, int]]) -> str:
    return ", ".join(f"{named(t, w)}-{named(t, b)}" for w, b in pairs) or "nothing"


def violations(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[Violation]:
    """Every absolute rule a proposed round breaks (empty: legal), checked from the file
    and the text alone. Game 1 (an odd column): everyone to pair appears once and nobody
    else (C.04.1), [C1] (no second meeting, a forfeited match excepted) and [C2] (the
    PAB). Game 2: the same pairs as game 1 with colours reversed, and nobody else."""
    r = pairing.round
    if r % 2 == 0:
        want = second_game(t, r)
        problems = []
        if sorted(pairing.pairs) != sorted(want.pairs):
            extra = sorted(set(pairing.pairs) - set(want.pairs))
            missing = sorted(set(want.pairs) - set(pairing.pairs))
            body = (
                "game 2 of a match repeats game 1 with colours reversed; "
                f"unexpected {_pairs_named(t, extra)}, missing {_pairs_named(t, missing)}"
            )
            involved = tuple(sorted({pid for pair in extra + missing for pid in pair}))
            problems.append(Violation.headed("Preface/4.4", body, players=involved, round=r))
        if pairing.bye is not None and pairing.bye not in want.half_byes:
            body = f"{named(t, pairing.bye)} has a bye in game 2 only; a bye covers the whole match"
            problems.append(Violation.headed("Preface", body, players=(pairing.bye,), round=r))
        return problems
    ctx = prepare(t, r)
    by_id = {e.id: e for e in ctx.P}
    problems, _ = attendance_violations(pairing, set(by_id), set(t.by_id), t)
    for w, b in pairing.pairs:
        if w == b or w not in by_id or b not in by_id:
            continue
        if not C1_may_meet(by_id[w], by_id[b], ctx.prohibited):
            why = "are a prohibited pair" if b not in by_id[w].met else "have already met in a match not forfeited"
            problems.append(pair_violation("C1", t, w, b, why, r))
    if pairing.bye in by_id and not C2_may_get_pab(by_id[pairing.bye]):
        bar = C2_pab_bar(matches_of(t, pairing.bye, (r + 1) // 2 - 1), t)
        had = f"who had {bar[1]} in match {bar[0]}" if bar else "who may not have it"
        body = f"the pairing-allocated bye goes to {named(t, pairing.bye)}, {had}"
        problems.append(Violation.headed("C2", body, players=(pairing.bye,), round=r))
    return problems
