"""The brackets of a complete round pairing, found from the pairing itself (2026 Art.
1.3.2, 1.9.2; the 1997 optimiser reads its score groups the same way).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from tabellone.core.model import BLACK, WHITE
from tabellone.rules.dubov.shifts_2026 import A3_2_3_split, _roles, _shift_sequences, _shifter

if TYPE_CHECKING:
    from tabellone.rules.dubov.context import Ctx


@dataclass
class Bracket:
    """One bracket of a complete round pairing, found from the pairing itself as the 2026
    text builds brackets (Art. 1.3.2, 1.9.2): the scoregroups from the top, each with its
    residents still unpaired when it is reached, the upfloaters paired with them and the
    pairs among them; ``pool`` holds the players below not yet paired (the possible
    upfloaters of Art. 4.2.1). The 1997 optimiser reads its score groups the same way.
    Indices are into ``ctx.P``."""

    score: Fraction
    residents: list[int]
    ups: list[int]
    pairs: list[tuple[int, int]]
    pool: list[int]
    _shift: _ShiftView | None = field(default=None, repr=False, compare=False)

    @property
    def members(self) -> list[int]:
        return self.residents + self.ups


def brackets_of(ctx: Ctx, pairs: Sequence[tuple[int, int]], bye: int | None) -> list[Bracket]:
    """The brackets of a complete pairing (indices into ``ctx.P``), one per score present
    in the round, from the top; a bracket whose residents were all taken up by brackets
    above is kept, empty, so that two pairings of one round have matching lists."""
    P = ctx.P
    mate: dict[int, int] = {}
    for a, b in pairs:
        mate[a] = b
        mate[b] = a
    out = []
    paired_above: set[int] = set()
    for s in sorted({p.score for p in P}, reverse=True):
        residents = [p.index for p in P if p.score == s and p.index != bye and p.index not in paired_above]
        ups = [mate[r] for r in residents if r in mate and P[mate[r]].score < s]
        mem = set(residents) | set(ups)
        bpairs = [(u, mate[u]) for u in residents + ups if u in mate and u < mate[u] and mate[u] in mem]
        pool = [p.index for p in P if p.score < s and p.index != bye and p.index not in paired_above]
        out.append(Bracket(s, residents, ups, bpairs, pool))
        paired_above |= mem
    return out


@dataclass
class _ShiftView:
    """A bracket's pairs read as G1 / G2 after the shifts of Art. 3.2.3-3.2.4 (2026):
    the initial subgroup of every member, the sequence numbers of Art. 4.3 (0-based),
    the smaller subgroup, the shifters, and every pair as (row, column): the row is the
    member of S1 (G1 after the shifts), the column the member of G2."""

    side: dict[int, str]
    seq: dict[int, int]
    smaller: str
    shifters: list[int]
    roles: list[tuple[int, int]]


def _shift_view(ctx: Ctx, br: Bracket) -> _ShiftView:
    """Reading (art. 3.2.4): in a pair of two players of one subgroup the shifter is the
    one with the smaller sequence number. This is the most favourable reading of a
    pairing, and for the pairing the procedure makes it is the procedure's own."""
    if br._shift is None:
        members = br.members
        side = A3_2_3_split(ctx, members)
        seq = _shift_sequences(ctx, members, side)
        n1 = sum(1 for i in members if side[i] == WHITE)
        smaller = BLACK if len(members) - n1 < n1 else WHITE
        shifters, roles = [], []
        for u, v in br.pairs:
            sh = _shifter(u, v, side, seq) if side[u] == side[v] else None
            if sh is not None:
                shifters.append(sh)
            roles.append(_roles(u, v, side, sh))
        br._shift = _ShiftView(side, seq, smaller, shifters, roles)
    return br._shift
