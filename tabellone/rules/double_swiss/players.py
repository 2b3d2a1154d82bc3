"""A player to pair as the criteria of C.04.5 read it (Art. 1.1-1.6)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tabellone.core.model import WHITE


@dataclass(frozen=True)
class Entrant:
    """A player to pair, with what the criteria read. ``score`` is the pairing score
    (C.04.7 1.5: game points plus this match's virtual points, if the event is
    accelerated). ``tpn`` is 1-based (the effective
    pairing number, Art. 1.1 and C.04.2 Art. 2), ``rank`` the same 0-based (boards);
    ``colours`` the colours of game 1 of the matches with a colour (Art. 1.6, C.04.2
    3.4: unplayed matches squeezed out), oldest first."""

    id: int
    tpn: int
    score: Fraction
    met: frozenset[int]
    colours: str
    matches_played: int
    pab_barred: bool
    floated: bool
    #: virtual points of this match (C.04.7 acceleration), included in ``score``
    virtual: Fraction = Fraction(0)

    @property
    def rank(self) -> int:
        return self.tpn - 1

    @property
    def real_score(self) -> Fraction:
        """The score without virtual points (boards are ordered by it, C.04.2 3.6 as
        :func:`tabellone.rules.fide_common.board_order` reads it)."""
        return self.score - self.virtual

    @property
    def whites(self) -> int:
        return self.colours.count(WHITE)
