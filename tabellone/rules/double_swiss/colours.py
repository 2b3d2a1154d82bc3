"""Art. 4: the colours of game 1 (game 2 reverses them, 4.4)."""

from __future__ import annotations

from tabellone.core.model import BLACK, WHITE, opposite
from tabellone.rules.double_swiss.players import Entrant


def higher_ranked(a: Entrant, b: Entrant) -> Entrant:
    """Art. 4.2: the higher-ranked player: the higher score, else the smaller TPN."""
    return a if (-a.score, a.tpn) <= (-b.score, b.tpn) else b


def A4_colour(a: Entrant, b: Entrant, initial: str) -> tuple[str, str]:
    """Art. 4.3: the colour of ``a`` in game 1 against ``b``, and the article deciding it
    (the first that applies; Art. 4.4: game 2 reverses it):

    4.3.1 neither has a colour yet: the higher-ranked player gets the initial colour
          (4.1, drawn by lot) if its TPN is odd, the other colour if even;
    4.3.2 White to the one with fewer Whites;
    4.3.3 alternate to the most recent match in which their colours differed (played
          colours only, right-aligned, C.04.2 3.4);
    4.3.4 alternate the higher-ranked player's last colour;
    4.3.5 alternate the other player's last colour."""
    hrp = higher_ranked(a, b)
    other = b if hrp is a else a

    def of_a(colour_of_hrp: str) -> str:
        return colour_of_hrp if hrp is a else opposite(colour_of_hrp)

    if not a.colours and not b.colours:
        return of_a(initial if hrp.tpn % 2 == 1 else opposite(initial)), "4.3.1"
    if a.whites != b.whites:
        return (WHITE if a.whites < b.whites else BLACK), "4.3.2"
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return opposite(ca), "4.3.3"
    if hrp.colours:
        return of_a(opposite(hrp.colours[-1])), "4.3.4"
    return of_a(other.colours[-1]), "4.3.5"
