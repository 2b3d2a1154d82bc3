"""Maximum-weight matching of a large graph with few of its edges stored: solve on a
subset, price every other pair against the optimum's dual variables, add those that
violate them, solve again (column generation, "price and repair").

Why the answer is an optimum of the whole graph
-----------------------------------------------
The blossom algorithm's answer comes with dual variables (a ``u`` per vertex, a ``z``
per blossom) that are feasible on every edge of the graph it solved (the *slack*
``u_x + u_y + z(blossoms holding both) - w_xy`` is never negative) and satisfy
complementary slackness with the matching (the core checks both: its certificate). If
every pair *not* in that graph also has a non-negative slack under the same duals, the
duals are feasible for the whole graph, complementary slackness still holds (it speaks
of the matched edges, the vertices and the blossoms only), and by LP duality the
matching is a maximum-weight matching of the whole graph. Otherwise the pairs of
negative slack are added (the most negative ones per row first) and the graph is
solved again, warm, from that optimum; each round adds edges, so it ends, at worst
with every pair stored. Nothing is rounded: the slacks are exact integers in the core.

The pricing of one row (a vertex and the pairs it makes with a list of others, their
weights given by the caller, worked out on the fly and never stored in the core) is
:meth:`tabellone.matching.blossom.Matcher.price`. :func:`solve_priced` is the loop;
:class:`tabellone.rules.dutch.matcher.LocalMatcher` (2026) and
:class:`tabellone.rules.dutch.bracket_matcher.RowMatcher` (2017) use it for large brackets,
whose pairs are kept in Python as one list of weights per player (its pairs with the
players before it, or after it for 2017).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from tabellone.matching.blossom import Mask, Matcher

#: One row to price: the vertex ``x``, the others ``ys`` (``ys[i] < 0``: skipped; a list
#: or an ``array('i')``), the weights ``ws`` of the pairs ``{x, ys[i]}`` for
#: ``i < len(ws)`` (0 or None: no pair), the index ``center`` whose neighbours are preferred
#: among pairs of equal slack, and a mask of the pairs whose slack may have gone down
#: since the duals every pair last satisfied (:meth:`Matcher.lowered_pairs`: a class
#: per vertex and a table of classes), or None: every pair.
Row = tuple[int, Sequence[int], Sequence[int | None], int, Mask | None]


class NoDuals(RuntimeError):
    """No current optimum to price against: no solve yet, no compiled core, or the last
    solve's certificate failed and networkx answered
    (:meth:`tabellone.matching.blossom.Matcher.solve` warns then), which gives no duals."""


def price_rows(inc: Matcher, rows: Iterable[Row], limit: int) -> list[tuple[int, int, int]]:
    """The pairs of ``rows`` that violate the last optimum's duals, as edges ``(x, y, w)``:
    per row the ``limit`` of most negative slack. Empty: that optimum is an optimum of the
    graph with every pair of the rows added. :class:`NoDuals` when there is no such
    optimum."""
    added = inc.price_rows(rows, limit)
    if added is None:
        raise NoDuals("no current optimum to price against (solve first, with the compiled core)")
    return added


def solve_priced(
    inc: Matcher,
    rows: Callable[[Mask | None], Iterable[Row]],
    limit: int = 8,
    solve: Callable[[], list[int]] | None = None,
    added: Callable[[list[tuple[int, int, int]]], None] | None = None,
    since: bytes | None = None,
) -> list[int]:
    """The mates (-1: single) of a maximum-weight matching of ``inc``'s graph with every
    pair of ``rows(mask)`` added, solving on ``inc``'s graph and adding the violating
    pairs (:func:`price_rows`) until there are none. ``solve`` solves ``inc`` (default
    ``inc.solve``); ``added`` is told of every batch of edges added. ``rows`` is called
    once per pricing round, and must give the same pairs at the same weights each time
    (the masks below rely on it). Needs the compiled core.

    ``mask`` (:meth:`Matcher.lowered_pairs`) is for the rows whose pairs outside the
    graph it may leave out: ``rows`` puts it in those rows (or None: every pair read).
    It names the pairs whose slack may have gone down since the duals of ``since`` (a
    :meth:`Matcher.snapshot`, or None: the first round reads every pair), under which
    no pair of those rows outside the graph was violated; in later rounds, since the
    optimum the round before priced. A vertex whose rows named as many pairs as a row
    may in that round (it may have had more) has its rows read whole in the next. (A
    large bracket's first solve adds a few pairs to most rows a round for several
    rounds: read whole each round, they cost most of its pricing.)

    Each row gives at most ``limit`` pairs a round, or more when few rows had violated
    pairs the round before: up to ``limit`` times the number of rows in all (a few
    players with thousands of violated pairs each would otherwise take hundreds of
    rounds)."""
    solve = solve or inc.solve
    per_row = limit
    whole: set[int] = set()  # rows (their vertex) read whole next round
    while True:
        mates = solve()
        mask = None if since is None else inc.lowered_pairs(since)
        since = inc.snapshot()
        counted = [0]

        def each(it: Iterable[Row]) -> Iterator[Row]:
            for row in it:
                counted[0] += 1
                yield row if row[4] is None or row[0] not in whole else (*row[:4], None)

        more = price_rows(inc, each(rows(mask)), per_row)
        if not more:
            return mates
        inc.set_edges(more)
        if added is not None:
            added(more)
        named = Counter(x for x, _, _ in more)
        whole = {x for x, c in named.items() if c >= per_row}
        per_row = max(limit, limit * counted[0] // len(named))


def max_weight_matching_priced(
    n: int,
    row_weights: Callable[[int], Sequence[int]],
    candidates: Iterable[tuple[int, int, int]],
    limit: int = 8,
) -> list[int]:
    """A maximum-weight matching of the complete graph on ``0 .. n-1`` whose pair
    ``{x, y}``, ``y < x``, weighs ``row_weights(x)[y]`` (0: no edge), with only
    ``candidates`` (edges of that graph, any subset) stored at first. The mate of every
    vertex, -1 when single."""
    inc = Matcher(n)
    inc.set_edges(list(candidates))
    every = [list(range(x)) for x in range(n)]
    return solve_priced(inc, lambda mask: ((x, every[x], list(row_weights(x)), x, mask) for x in range(n)), limit)
