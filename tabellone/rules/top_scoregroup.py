"""What the two FIDE systems that pair a *top-scoregroup* with its upfloaters share:
criterion [C6], worded alike in the Double-Swiss system (C.04.5 2.3.3) and the Swiss
Team Pairing System (C.04.6 2.3.3), both approved by the Council on 28/10/2025 and
applied from 1 February 2026.

Both texts pair from the top: the top-scoregroup takes a set of upfloaters from below
(3.5), the bracket so formed is paired (3.6), and what is left of the *following*
scoregroup becomes the next top-scoregroup. [C6] asks that the set of upfloaters be chosen
so that [C1], [C3] and [C4] hold in the bracket where that scoregroup is paired, unless the
upfloaters emptied it; its note adds that only that scoregroup is looked at.

The reading both modules use
----------------------------
[C4] in the following bracket is itself a minimisation ("minimise the number of
upfloaters"), so [C6] is read as a number to minimise: **the upfloaters the following
scoregroup will need** when it is paired as the next top-scoregroup, with [C1] (nobody
meets twice) and [C3] (everybody below stays pairable) kept. It is 0 when the upfloaters
emptied the scoregroup (the text's exception). Its parity is its least value; when no set
of the current profile reaches it, the set needing fewest comes nearest, as 2.3 asks
quality criteria to be met "as much as possible". (A pass/fail reading, "the following
scoregroup still pairs with the fewest upfloaters its parity allows", agrees whenever some
set passes and differs only when none does: it then lets the order of 3.5.4 take a set
that leaves the next bracket needing more upfloaters than another set would.)

How the number is found: a perfect matching of everybody still to pair below the bracket
([C1] edges only) that pulls as few of the scoregroup's players out of it as possible.
A player of the scoregroup paired outside it is one upfloater of the next bracket ([C4]:
the next bracket takes exactly those, the rest of its players pairing among themselves).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from typing import TypeVar

H = TypeVar("H", bound=Hashable)

#: ``perfect(vertices, weight)``: a perfect matching of ``vertices`` over the pairs that
#: may meet, of greatest total ``weight(a, b)`` (positive integers), as ``{a: b, b: a}``;
#: None when there is none.
PerfectMatching = Callable[[list, Callable[[object, object], int]], "Mapping | None"]


def C6_pulls_out(group: Collection[H], a: H, b: H) -> bool:
    """[C6] for one pair below the bracket: it takes exactly one player of the following
    scoregroup out of it, one upfloater its bracket will need."""
    return (a in group) != (b in group)


def C6_count(group: Collection[H], mate: Mapping[H, H]) -> int:
    """[C6] of a finished matching ``mate``: the players of the following scoregroup
    paired outside it."""
    return sum(1 for a in group if mate[a] not in group)


def C6_upfloaters_needed(group: Collection[H], vertices: Iterable[H], perfect: PerfectMatching) -> int | None:
    """[C6] (C.04.5 / C.04.6 2.3.3) as the number to minimise: the fewest upfloaters the
    following scoregroup ``group`` (what the chosen upfloaters left of it) will need in
    its own bracket, everybody in ``vertices`` (``group`` and all below it, or more: a
    pair that does not touch ``group`` is neutral) paired under [C1] and [C3] by
    ``perfect``. 0 when ``group`` is empty (emptied by the upfloaters); None when
    ``vertices`` have no perfect matching at all ([C3] broken, the caller's concern)."""
    if not group:
        return 0
    mate = perfect(sorted(vertices), lambda a, b: 1 if C6_pulls_out(group, a, b) else 2)
    if mate is None:
        return None
    return C6_count(group, mate)


__all__ = ["C6_count", "C6_pulls_out", "C6_upfloaters_needed"]
