"""The absolute criteria of Lim (C.04.4.3 Art. 2.1, 5.1) and of the Basic Rules (C.04.1):
no rematch, the colour limits, and who may have the pairing-allocated bye."""

from __future__ import annotations

from tabellone.core.model import BLACK, WHITE, Tournament
from tabellone.rules.fide_common import ByeRule, C1_no_rematch, Entrant
from tabellone.rules.lim.context import Ctx

#: The PAB rule the Lim text pairs under: C.04.1 (2026) Art. 4 (:func:`bye_eligible`).
LIM_BYE_RULE = ByeRule("C.04.1 Art. 4", any_pab=True, forfeit_win=False, win_unplayed=True)


def forbidden_colours(e: Entrant) -> set[str]:
    """Art. 5.1.1 / 5.1.2 (and C.04.1): the colours ``e`` may not get, because the last
    two games had it (three in a row) or it would make the colour difference +-3."""
    out = set()
    if e.repeated is not None:
        out.add(e.repeated)
    if e.cd >= 2:
        out.add(WHITE)
    if e.cd <= -2:
        out.add(BLACK)
    return out


def A2_1_compatible(a: Entrant, b: Entrant, ctx: Ctx) -> bool:
    """Art. 2.1: two players are compatible when they have not met (C.04.1; a forfeit is
    not a meeting, C.04.2 3.5; prohibited pairs count as met) and one of the two colour
    allocations gives neither the same colour three times running nor three more of one
    colour. Art. 6: in the last round the colour part is lifted (pairing by score comes
    first); breaking it is then the most costly colour fault (:func:`colour_fault`)."""
    if not C1_no_rematch(a, b, ctx.state):
        return False
    if ctx.last_round:
        return True
    return colours_allow(forbidden_colours(a), forbidden_colours(b))


def colours_allow(fa: set[str] | frozenset[str], fb: set[str] | frozenset[str]) -> bool:
    """Art. 2.1, the colour part: one of the two allocations gives neither player a colour
    he may not get (``fa``, ``fb``: :func:`forbidden_colours` of each)."""
    return (WHITE not in fa and BLACK not in fb) or (BLACK not in fa and WHITE not in fb)


def bye_eligible(e: Entrant) -> bool:
    """Whether ``e`` may have the pairing-allocated bye. The Lim text (2026) has no [C2]
    of its own: its Art. 1.1 awards the PAB "in addition of what is stated in Article 3
    of the Basic Rules", and the Basic Rules (C.04.1, 2026) are "valid for each Swiss
    system unless explicitly stated otherwise", Art. 4 included: "A participant who has
    already received a pairing allocated bye, or has already scored in one single round,
    without playing, as many points as rewarded for a win, shall not receive the pairing
    allocated bye." Any earlier PAB bars another, whatever it was worth; so does a
    forfeit win or a full-point bye; a half-point bye the player asked for does not."""
    return not LIM_BYE_RULE.bars(e.state)


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str = "2026") -> tuple[bool, str]:
    """Whether ``player`` may have the PAB of ``round_number`` (:func:`bye_eligible`), and
    the sentence that says so, with the round of the earlier bye or win that bars it."""
    return LIM_BYE_RULE.reading(t, player, round_number)
