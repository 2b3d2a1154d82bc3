"""Colours: Art. 17 (fewer Whites, then alternation, then score and draw number; the
tie-breaks reversed for international draughts), Art. 9.4 for a player back from a rest,
Art. 14 for forfeit wins.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from tabellone.core.model import BLACK, WHITE
from tabellone.rules.italo_svizzero.view import RoundView


def art17_colours(view: RoundView, a: int, b: int, odd: str = "forfeit") -> tuple[int, int]:
    """``(white, black)`` for a pair of round ``view.round`` (Art. 17; Art. 9.4 at the
    entry of the players who rested in round 1)."""
    white, black, _ = art17_decision(view, a, b, odd)
    return white, black


def art17_decision(view: RoundView, a: int, b: int, odd: str = "forfeit") -> tuple[int, int, str]:
    """``(white, black, article)``: the colours of a pair and the step that decides them:
    ``'17'`` (round 1, odd draw numbers; ``'2.52'`` with seed 002: the first of the pair),
    ``'9.4'``, ``'17.1'`` (fewer Whites), ``'17.2'`` (Black last), ``'17.3'`` (score, then
    draw number)."""
    r = view.round
    lo, hi = (a, b) if a < b else (b, a)
    if r == 1:
        # Art. 17: White to the odd positions of the draw; 2.52: to the first of the pair.
        if view.edition == "capo5" and (lo % 2) != (hi % 2):
            return (lo, hi, "17") if lo % 2 == 1 else (hi, lo, "17")
        return lo, hi, ("17" if view.edition == "capo5" else "2.52")
    if odd == "rest" and r == 2:
        # Art. 9.4: the entering player takes the colour his opponent had in round 1;
        # two entering players: White to the higher on the list (lower draw number).
        a_in = a not in view.round1_players
        b_in = b not in view.round1_players
        if a_in and b_in:
            return lo, hi, "9.4"
        if a_in != b_in:
            entering, other = (a, b) if a_in else (b, a)
            previous = view.colours[other][-1:] or None
            if previous == WHITE:
                return entering, other, "9.4"
            if previous == BLACK:
                return other, entering, "9.4"
    # 17.1: fewer Whites
    if view.whites[a] != view.whites[b]:
        return (a, b, "17.1") if view.whites[a] < view.whites[b] else (b, a, "17.1")
    # 17.2: who played Black last, going back until the colours differ
    ca, cb = view.colours[a], view.colours[b]
    for i in range(1, min(len(ca), len(cb)) + 1):
        if ca[-i] != cb[-i]:
            return (a, b, "17.2") if ca[-i] == BLACK else (b, a, "17.2")
    # 17.3: score (higher for Italian, lower for international), then draw number
    sa, sb = view.score[a], view.score[b]
    if sa != sb:
        higher_white = view.game == "italiana"
        return (a, b, "17.3") if (sa > sb) == higher_white else (b, a, "17.3")
    return (lo, hi, "17.3") if view.game == "italiana" else (hi, lo, "17.3")


def without_forfeit_colours(view: RoundView, players: Iterable[int]) -> RoundView:
    """``view`` with the Art. 14 / 2.6 colours of forfeit wins left out for ``players``
    (to tell whether that rule decided a colour)."""
    colours = dict(view.colours)
    whites = dict(view.whites)
    for p in players:
        marks = view.forfeit_marks.get(p, "")
        seq = "".join(c for c, m in zip(view.colours[p], marks) if m != "f") if marks else view.colours[p]
        colours[p] = seq
        whites[p] = seq.count(WHITE)
    return replace(view, colours=colours, whites=whites)
