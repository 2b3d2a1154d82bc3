"""The absolute criteria of C.04.5 that concern one pair or one player: [C1] (2.1.1, no
second meeting) and [C2] (2.1.2, who may have the pairing-allocated bye)."""

from __future__ import annotations

from tabellone.core.model import Tournament, named
from tabellone.core.scoring import format_points
from tabellone.rules.double_swiss.matches import Match, matches_of
from tabellone.rules.double_swiss.players import Entrant


def C1_may_meet(a: Entrant, b: Entrant, prohibited: frozenset[frozenset[int]] = frozenset()) -> bool:
    """[C1] (2.1.1, C.04.1 Art. 2): two players do not meet twice. A forfeited match is no
    meeting (Preface); a prohibited pair (TRF26 ``260``) counts as met."""
    return b.id not in a.met and frozenset((a.id, b.id)) not in prohibited


def C2_may_get_pab(e: Entrant) -> bool:
    """[C2] (2.1.2): "A player who has already received a pairing-allocated bye or won a
    match by forfeit (or been given a FIDE-deprecated full-point bye) shall not receive
    the pairing-allocated bye." The system's own words, narrower than C.04.1 Art. 4 only
    in name: any earlier PAB bars another (it is always worth the same, Art. 1.4), and so
    do a match won by forfeit and a full-point bye; a half-point bye the player asked for
    does not (:func:`C2_pab_bar` reads the matches)."""
    return not e.pab_barred


def C2_pab_bar(matches: list[Match], t: Tournament | None = None) -> tuple[int, str] | None:
    """The first of ``matches`` that bars the PAB by [C2] (:func:`C2_may_get_pab`): its
    number and what it was; ``None`` when none does."""
    for m in matches:
        if m.pab:
            return m.number, f"a pairing-allocated bye worth {format_points(m.points)} points"
        if m.forfeit_win:
            return m.number, f"a match won by forfeit against {named(t, m.opponent)}"
        if m.full_bye:
            return m.number, "a full-point bye"
    return None


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str = "2026") -> tuple[bool, str]:
    """Whether ``player`` may have the PAB of the match that starts at round column
    ``round_number``, and the sentence that says so, with the match that bars it."""
    bar = C2_pab_bar(matches_of(t, player, (round_number + 1) // 2 - 1), t)
    if bar is None:
        return (
            True,
            f"C2: {named(t, player)} may have the bye (no PAB, no match won by forfeit, no full-point bye before)",
        )
    return False, f"C2: {named(t, player)} may not have the bye: {bar[1]} in match {bar[0]}"
