"""The criteria of the Dutch system on one pair or one player, each written once and named
after its article (C.04.3 2026 Art. 2; 2017 C), used by the optimiser's weights, the literal
procedure and the verifier."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tabellone.core.model import Float, Tournament
from tabellone.core.scoring import format_points
from tabellone.rules.fide_common import Entrant


def C2_bye_eligible(e: Entrant, edition: str) -> bool:
    """Whether ``e`` may receive the pairing-allocated bye, by the edition's text.

    2026 C2 (with C.04.1 Art. 4): not after scoring, in one round without playing, at
    least a win's points (a PAB worth a win, a forfeit win, a full-point bye). A PAB
    worth less than a win (``BBU 0.5``, TRF26 ``162``) does not bar another.

    2017 C.2: not after "a pairing-allocated bye", whatever it was worth, nor after a
    forfeit win (a point scored because the opponent did not appear)."""
    if edition == "2017":
        return not (e.state.had_pab or e.state.won_pab_or_forfeit)
    return not e.state.won_without_playing


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str) -> tuple[bool, str]:
    """Whether ``player`` may have the PAB of ``round_number`` by C2 (2017 C.2), and the
    sentence that says which reading of the edition applied and the round that decides."""
    p = t.player(player)
    win = t.scoring.win
    pab_rounds, won_rounds = [], []
    for k in range(1, round_number):
        e = p.entry(k)
        if e.opponent is not None and e.played:
            continue
        points = t.scoring.points(e.result, e.colour)
        if e.result == "U":
            pab_rounds.append((k, points))
        if points >= win and e.result not in " Z":
            won_rounds.append((k, e.result))
    if edition == "2017":
        if pab_rounds:
            k, pts = pab_rounds[0]
            return False, (
                f"C.2 (2017): {player} already received a pairing-allocated bye (round {k}, "
                f"{format_points(pts)} points): under the 2017 text any earlier PAB bars another"
            )
        forfeits = [k for k, res in won_rounds if res == "+"]
        if forfeits:
            return False, f"C.2 (2017): {player} already scored a forfeit win (round {forfeits[0]})"
        return True, f"C.2 (2017): {player} may have the bye (no PAB and no forfeit win before)"
    if won_rounds:
        k, res = won_rounds[0]
        how = {"U": "a PAB", "+": "a forfeit win", "F": "a full-point bye"}.get(res, "points without playing")
        return False, (
            f"C2 (2026, with C.04.1 Art. 4): {player} already scored a win's points without playing (round {k}: {how})"
        )
    if pab_rounds:
        k, pts = pab_rounds[0]
        return True, (
            f"C2 (2026, with C.04.1 Art. 4): {player} may have the bye: the PAB of round {k} was worth "
            f"{format_points(pts)}, less than a win ({format_points(win)}), and only a full point without "
            "playing bars another (2017 C.2 would bar it)"
        )
    return True, f"C2 (2026): {player} may have the bye (no win's points scored without playing)"


def C10_colour_difference(h: Entrant, l: Entrant) -> bool:
    """C10 (2026) / C.8 (2017) holds for the pair: no player ends with |CD| > 2.
    Only two players with |CD| >= 2 and the same preference break it."""
    return not (abs(h.cd) >= 2 and abs(l.cd) >= 2 and h.pref == l.pref)


def C11_three_in_a_row(h: Entrant, l: Entrant) -> bool:
    """C11 (2026) / C.9 (2017) holds: nobody gets the same colour three times running.
    Only two absolute preferences for one colour can break it: the player with the
    smaller |CD| loses (Art. 5.2.2) and breaks it when their last two games had the
    colour they now get; with equal |CD| it is broken only if both repeated the same."""
    if not (h.absolute and l.absolute and h.pref == l.pref):
        return True
    if abs(h.cd) != abs(l.cd):
        loser = h if abs(h.cd) < abs(l.cd) else l
        return loser.repeated is None or loser.repeated == loser.pref
    return not (h.repeated is not None and h.repeated == l.repeated)


def C12_colour_preference(h: Entrant, l: Entrant) -> bool:
    """C12 (2026) / C.10 (2017) holds: both get their colour preference."""
    return not (h.pref is not None and l.pref is not None and h.pref == l.pref)


def C13_strong_preference(h: Entrant, l: Entrant) -> bool:
    """C13 (2026) / C.11 (2017) holds: nobody loses a strong (or absolute) preference to
    a weaker one. Broken when both prefer one colour, both at least strongly, and not
    both absolutely."""
    if h.pref is None or h.pref != l.pref:
        return True
    at_least_strong = h.strength >= h.strength.STRONG and l.strength >= l.strength.STRONG
    return not (at_least_strong and not (h.absolute and l.absolute))


COLOUR_CHECKS = (C10_colour_difference, C11_three_in_a_row, C12_colour_preference, C13_strong_preference)


def colour_values(h: Entrant, l: Entrant, names: tuple[str, str, str, str]) -> dict[str, int]:
    """The four colour criteria of a pair, 1 where it meets them, under the edition's
    article names (2026: C10-C13; 2017: C.8-C.11)."""
    return {name: int(check(h, l)) for name, check in zip(names, COLOUR_CHECKS)}


def colour_checks(h: Entrant, l: Entrant) -> tuple[int, int, int, int]:
    """The four colour criteria of a pair in article order, 1 where it meets them (the
    values of :func:`colour_values`, for :mod:`tabellone.rules.dutch.weights`)."""
    return tuple(int(check(h, l)) for check in COLOUR_CHECKS)


def float_before(e: Entrant, rounds_back: int, edition: str) -> Float | None:
    floats = e.state.float_history(edition)
    return floats[-rounds_back] if len(floats) >= rounds_back else None


@dataclass
class BracketValues:
    """One bracket of a round pairing and the value of each quality criterion in it
    (every value is minimised: a count, or a list compared from its largest item)."""

    score: Fraction
    players: list[int]
    values: dict[str, object]
