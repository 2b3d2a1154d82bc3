"""The Dubov colour rule: who gets White in a pair (1997 art. 3, 2026 Art. 5.2), and the
article that decides it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabellone.core.model import BLACK, WHITE, opposite

if TYPE_CHECKING:
    from tabellone.rules.dubov.players import DP


def _alternation(a: DP, b: DP) -> str | None:
    """The colour of ``a`` by alternation: the latest game in which the two had different
    colours, each now taking the other one (played games aligned from the latest, C.04.2
    Art. 3.4)."""
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return cb
    return None


def colour_allocation_1997(a: DP, b: DP) -> tuple[DP, DP]:
    """Art. 3 (1997): the pair as (white, black), by :func:`colour_rule_1997`."""
    colour, _ = colour_rule_1997(a, b)
    return (a, b) if colour == WHITE else (b, a)


def colour_rule_1997(a: DP, b: DP) -> tuple[str, str]:
    """The colour of ``a`` when ``a`` meets ``b`` (1997), and the step that decides it.

    Art. 3 in the text's order: 3.1 both get their due colour; 3.2 equalise the numbers
    of Whites and Blacks (the player whose difference is further from zero gets his due
    colour); 3.3 alternate from the latest game in which their colours differed; 3.4
    White to the higher ARO; 3.5 White to the lower rating. The steps are bullet points in
    the text; they are numbered 3.1-3.5 here in their order.

    Reading (art. 2.6 and 3): the restrictions 2.3 and 2.4 come first: when only one
    allocation keeps both players within them, that one is given (step ``"2.6"``).
    Reading (art. 3): when ARO and rating are equal too, White goes to the smaller
    pairing number (step ``"3 (reading: smaller pairing number)"``).
    """
    legal = [c for c in (WHITE, BLACK) if c in a.allowed and opposite(c) in b.allowed]
    if len(legal) == 1:
        return legal[0], "2.6"
    if a.due != b.due:
        return a.due, "3.1"
    if abs(a.cd) != abs(b.cd):
        return (a.due if abs(a.cd) > abs(b.cd) else opposite(b.due)), "3.2"
    alt = _alternation(a, b)
    if alt is not None:
        return alt, "3.3"
    if a.aro != b.aro:
        return (WHITE if a.aro > b.aro else BLACK), "3.4"
    if a.rating != b.rating:
        return (WHITE if a.rating < b.rating else BLACK), "3.5"
    return (WHITE if a.tpn < b.tpn else BLACK), "3 (reading: smaller pairing number)"


def _higher_ranked(a: DP, b: DP) -> DP:
    return a if (-a.score, a.tpn) <= (-b.score, b.tpn) else b


def colour_allocation_2026(a: DP, b: DP, initial_colour: str) -> tuple[DP, DP]:
    """Art. 5.2 (2026): the pair as (white, black), by :func:`colour_rule_2026`."""
    colour, _ = colour_rule_2026(a, b, initial_colour)
    return (a, b) if colour == WHITE else (b, a)


def colour_rule_2026(a: DP, b: DP, initial: str) -> tuple[str, str]:
    """The colour of ``a`` when ``a`` meets ``b`` (2026), and the article that decides it.

    Art. 5.2, in order: 5.2.1 two players without games: the higher ranked (more points,
    then smaller TPN) takes the initial colour when his TPN is odd, the other colour when
    even; 5.2.2 grant both preferences; 5.2.3 grant the stronger one; 5.2.4 alternate to
    the latest game in which one had White and the other Black (C.04.2 Art. 3.4); 5.2.5
    grant the higher ranked player's preference."""
    if a.no_games and b.no_games:
        top = _higher_ranked(a, b)
        c = initial if top.tpn % 2 == 1 else opposite(initial)
        return (c if top is a else opposite(c)), "5.2.1"
    if a.due != b.due:
        return a.due, "5.2.2"
    if a.strength != b.strength:
        return (a.due if a.strength > b.strength else opposite(b.due)), "5.2.3"
    alt = _alternation(a, b)
    if alt is not None:
        return alt, "5.2.4"
    top = _higher_ranked(a, b)
    return (a.due if top is a else opposite(b.due)), "5.2.5"
