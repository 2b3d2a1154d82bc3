"""Speed only: the pairs that can be boards of a best pairing of the optimiser
(:mod:`.optimiser`), so that the matching is solved on a few pairs per player instead of
every pair of the field; the answer is the whole field's, and is proved to be so.

Why a far pair cannot be a board of a best pairing
--------------------------------------------------

Put the players on a line in the reading order of the rotation
(:func:`.optimiser.reading_order`): place ``0`` is the start of the highest score group,
and scores never rise along the line. A board ``(a, d)`` with ``a`` before ``d`` costs
``u(a) - u(d)`` on the score objective (``u``: the score in the round's smallest unit)
and ``d - a`` places on the rotation objective; forfeit points to ``x`` cost
``u(x) - low`` on the score objective and nothing on rotation. Both costs are sums of the
steps a board spans, so uncrossing two boards never costs score and always saves
rotation. Take a board ``(a, d)`` of a perfect pairing and a player ``x`` strictly
between them, whose opponent is ``y``:

* ``y`` between them too, ``x`` before ``y``: ``(a, x), (y, d)`` instead saves
  ``2 (y - x)`` places and ``2 (u(x) - u(y)) >= 0`` score;
* ``y`` after ``d``: ``(a, x), (d, y)`` saves ``2 (d - x)`` places and ``2 (u(x) - u(d))``;
* ``y`` before ``a``: ``(y, a), (x, d)`` saves ``2 (x - a)`` places and ``2 (u(a) - u(x))``;
* ``x`` has the forfeit points: ``(a, x)`` and the points to ``d`` saves ``d - x`` places
  and ``2 (u(x) - u(d))``; ``(x, d)`` and the points to ``a`` saves ``x - a`` places and no
  score.

Every exchange keeps everybody paired, never raises the score objective and lowers the
rotation objective, so the pairing was not the best (the colour objective comes after
both and does not matter). A best pairing therefore keeps ``(a, d)`` only when every
exchange is barred, and each exchange but the forfeit one needs a pair that may not
meet (Art. 6: a rematch or a prohibited pair) between ``a`` or ``d`` and ``x`` or the
opponent of ``x``. A barred pair ``(a, v)`` bars at most two players between: ``v``
itself and the opponent of ``v``; so does ``(d, v)``. With ``F(p)`` the number of
players ``p`` may not meet, the players strictly between ``a`` and ``d`` number at most
``2 (F(a) + F(d))``, plus one for the forfeit points when the field is odd:

    d - a - 1 <= 2 (F(a) + F(d)) + [odd field]

Every best pairing of the whole field uses only such pairs (:func:`near_pairs`; at
round 9 a player has met eight others, so about forty pairs per player instead of
thousands). The matching on those pairs then has the same best value, and its best
pairings are exactly the whole field's. When it has a single best pairing
(:func:`unique_best`: a second solve that prefers, on ties, any pair outside the first
answer still returns it), that pairing is the one every exact solver of the whole field
returns; when it has several, or pairs fewer players than the whole field might, the
caller solves the whole field, and the pairing is the same either way.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabellone.matching.backends import max_weight_matching


def near_pairs(places: Sequence[int], barred: Sequence[int], odd_field: bool) -> list[tuple[int, int]]:
    """The pairs ``(i, j)``, ``i < j`` (indices of ``places``), that the exchange
    argument of this module allows on a board of a best pairing: ``places[i]`` is player
    ``i``'s place in the reading order (a permutation of ``0 .. m-1``), ``barred[i]`` the
    number of players he may not meet. Whether the pair may meet is the caller's
    question."""
    m = len(places)
    order = sorted(range(m), key=places.__getitem__)
    extra = 1 if odd_field else 0
    most = max(barred, default=0)
    out: list[tuple[int, int]] = []
    for k, i in enumerate(order):
        fi = barred[i]
        reach = min(m - 1, k + 1 + 2 * (fi + most) + extra)
        for q in range(k + 1, reach + 1):
            j = order[q]
            if q - k - 1 <= 2 * (fi + barred[j]) + extra:
                out.append((i, j) if i < j else (j, i))
    return out


def unique_best(n: int, edges: list[tuple[int, int, int]]) -> dict[int, int] | None:
    """The maximum-weight matching of ``edges`` on ``n`` vertices when it covers every
    vertex and is the only one of its weight, else None. The weights are the
    optimiser's (``optimiser._packed``): one pair more outweighs everything else, so the
    heaviest matching has the most pairs.

    The second solve adds, below every weight, one unit for each pair outside the first
    answer: any other best matching has a pair outside it, so it would win there; the
    units sum to less than ``n + 1`` and never outweigh a difference of weight (nor one
    pair more)."""
    best = max_weight_matching(n, edges)
    if len(best) != n:
        return None
    again = max_weight_matching(n, [(i, j, w * (n + 1) + int(best.get(i) != j)) for i, j, w in edges])
    return best if again == best else None
