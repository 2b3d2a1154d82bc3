"""The absolute criteria: the 1997 restrictions 2.1-2.6 and the 2026 criteria C1-C3.

Each takes players as :class:`~tabellone.rules.dubov.players.DP`; no pairing either
method makes may break them (:func:`~tabellone.rules.dubov.engine.violations`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabellone.core.model import BLACK, WHITE, PlayerState, RoundState, Strength, Tournament, opposite
from tabellone.rules.fide_common import ART4_2026, ByeRule

if TYPE_CHECKING:
    from tabellone.rules.dubov.players import DP


#: Reading (art. 2.5, 1997). The official English text says a player "cannot be
#: transferred to a higher score group two times running": at most one upward transfer in
#: a row. The Italian seed says "piu di due volte consecutive" (at most two in a row). We
#: follow the English text; set this to 2 for the Italian reading.
UPWARD_RUN_LIMIT = 1


def R2_3_colour_difference(colours: str, colour: str) -> bool:
    """Art. 2.3 (1997): after the game, Whites minus Blacks stays within -2 .. +2."""
    cd = colours.count(WHITE) - colours.count(BLACK) + (1 if colour == WHITE else -1)
    return -2 <= cd <= 2


def R2_4_three_in_a_row(colours: str, colour: str) -> bool:
    """Art. 2.4 (1997): not the same colour three times in a row (played games, C.04.2
    Art. 3.4: unplayed rounds do not break a run)."""
    return not (len(colours) >= 2 and colours[-1] == colours[-2] == colour)


def R2_5_upward_transfer(p: DP, last_round: bool, total_rounds: int) -> bool:
    """Art. 2.5 (1997): apart from the last round, a player may not be transferred to a
    higher score group twice running (see :data:`UPWARD_RUN_LIMIT`), nor more than three
    times in an event of fewer than 10 rounds, four times in a longer one.

    Reading (art. 2.5): the history is read from the results, so a player counts as
    transferred upwards in a round when he played an opponent with a higher score
    (pairing score before that round); forfeited games do not count (C.04.2 Art. 3.5)."""
    if last_round:
        return True
    limit = 3 if total_rounds < 10 else 4
    return p.upfloat_run < UPWARD_RUN_LIMIT and p.upfloats < limit


#: The 1997 text's own rule (art. 2.2): a point scored without playing (:func:`bye_allowed`).
R2_2_BYE_RULE = ByeRule("2.2", any_pab=False, forfeit_win=False, win_unplayed=True)


def bye_rule(edition: str) -> ByeRule:
    """The edition's rule against another bye (:func:`bye_allowed`)."""
    return R2_2_BYE_RULE if edition == "1997" else ART4_2026


def bye_allowed(s: PlayerState, edition: str) -> bool:
    """Whether the player of state ``s`` may have the (pairing-allocated) bye: the one
    place the Dubov editions decide it (:attr:`DP.bye_ok`).

    2026 Art. 2.1.2 [C2] quotes the Basic Rules, Art. 4: "A participant who has already
    received a pairing allocated bye, or has already scored in one single round, without
    playing, as many points as rewarded for a win, shall not receive the pairing
    allocated bye" (Art. 3.1.1 repeats it as "has neither received a
    pairing-allocated-bye, nor scored a (forfeit) win ... (see [C2])"). Any earlier PAB
    bars another, whatever it was worth; so does a forfeit win or a full-point bye; a
    half-point bye the player asked for does not.

    1997 art. 2.2: "Un giocatore che ha ottenuto un punto senza giocare, non può ricevere
    il bye" (a player who scored a point without playing may not receive the bye): a
    bye, a forfeit win or a full-point bye worth a point; a bye worth less than a point
    is no "point without playing" and does not bar."""
    return not bye_rule(edition).bars(s)


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str) -> tuple[bool, str]:
    """Whether ``player`` may have the bye of ``round_number`` (2026 [C2], 1997 art.
    2.2), and the sentence that says so, with the round of what bars it."""
    return bye_rule(edition).reading(t, player, round_number)


def R2_2_bye_eligible(p: DP) -> bool:
    """Art. 2.2 (1997): no bye for a player who already received a point without playing
    (a bye, a forfeit win, a full-point bye)."""
    return p.bye_ok


def C2_bye_eligible(p: DP) -> bool:
    """C2 (2026, Basic Rules Art. 4): no PAB after any PAB, or after scoring a win's
    points in one round without playing (:func:`bye_allowed`)."""
    return p.bye_ok


def R2_1_no_rematch(a: DP, b: DP, state: RoundState) -> bool:
    """Art. 2.1 (1997): two players who met may not be paired again (forfeits are no
    meeting, C.04.2 Art. 3.5; prohibited pairs count as met)."""
    return state.may_meet(a.id, b.id)


C1_no_rematch = R2_1_no_rematch
C1_no_rematch.__doc__ = "C1 (2026): as Art. 2.1 of 1997, see :func:`R2_1_no_rematch`."


def R2_6_colour_legal(a: DP, b: DP) -> bool:
    """Art. 2.6 with 2.3 and 2.4 (1997): the pair can be given colours that break
    neither 2.3 nor 2.4 for either player (a player moved to the other colour subgroup
    plays its colour, so 2.6 holds exactly when some legal allocation exists)."""
    return any(c in a.allowed and opposite(c) in b.allowed for c in (WHITE, BLACK))


def C3_absolute_colours(a: DP, b: DP) -> bool:
    """C3 (2026): two players with the same absolute colour preference shall not meet
    (no topscorer exception in the Dubov system)."""
    return not (a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE and a.due == b.due)
