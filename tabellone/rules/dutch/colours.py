"""Colour allocation of the Dutch system (C.04.3 2026 Art. 5; 2017 E; 1992 E): who gets
White in a pair, and the article that decides it. The rules themselves (Art. 5.2.1-5.2.5)
are shared with the other FIDE systems (:func:`tabellone.rules.fide_common.colour_rule`)."""

from __future__ import annotations

from tabellone.core.model import Tournament
from tabellone.rules.dutch.context import LITERAL_ONLY
from tabellone.rules.fide_common import colour_rule, effective_ranks, entrants, infer_initial_colour


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet in ``round_number``, by Art. 5.2
    (2017: E.1-E.5; 1992: E1-E4), and the article that decides it."""
    if edition in LITERAL_ONLY:
        # a literal procedure: loaded when first used (context.LITERAL_ONLY)
        from tabellone.rules.dutch.edition_1992 import colour_article as colour_1992

        return colour_1992(t, round_number, white, black)
    state = t.state_before(round_number)
    by_id = {e.id: e for e in entrants(t, state)}
    initial = t.initial_colour or infer_initial_colour(t, effective_ranks(t, state)) or "w"
    colour, article = colour_rule(by_id[white], by_id[black], initial)
    if edition == "2017":  # the same five rules, numbered E.1-E.5 in the 2017 text
        article = "E." + article.rsplit(".", 1)[1]
    return (white if colour == "w" else black), article
