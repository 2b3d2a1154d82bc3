"""Maximum-weight matching with exact integer weights of any width: the compiled core.

The engine packs many lexicographic pairing criteria into one integer weight per edge
(:mod:`tabellone.matching.lexicographic`), often 150 to 1000 bits wide. rustworkx converts weights to
128-bit integers and networkx, which takes Python ints, is about 100 times slower, so
:mod:`tabellone.matching._blossom` (C: ``tabellone/matching/_blossom.c``, which includes the
parts in ``blossom_core/``) solves the problem on fixed-width multi-limb integers chosen
per call from the widest weight.

Algorithm
---------
Edmonds' blossom algorithm with the primal-dual method, O(n^3):

- J. Edmonds, "Paths, trees, and flowers", Canadian Journal of Mathematics 17 (1965),
  449-467 (blossoms, and the matching polytope behind the dual variables);
- Z. Galil, "Efficient algorithms for finding maximum matching in graphs", ACM Computing
  Surveys 18 (1986), 23-38 (the O(n^3) primal-dual organisation used here).

The structure is the classic one (also that of J. van Rantwijk's ``mwmatching``): the
algorithm runs in stages, each growing alternating trees from every exposed vertex with
S (outer) and T (inner) labels over edges of zero slack, shrinking odd cycles into
blossoms (each with a base, its sub-blossoms in cyclic order and the edges joining
them), and augmenting the matching when two trees meet. When no zero-slack edge is
left, the dual variables move by the smallest of delta1 (a vertex dual reaches zero: the
optimum), delta2 (an edge from an S-vertex to a free vertex becomes tight), delta3 (an
edge between two S-blossoms becomes tight) and delta4 (a T-blossom's dual reaches zero:
the blossom is expanded). Vertex duals are kept doubled so that every quantity stays an
integer. With ``max_cardinality`` delta1 is not used until nothing else is possible,
which yields a maximum-weight matching among those of maximum cardinality.

Every answer of the compiled core is checked before it is returned, independently of the
algorithm's bookkeeping: the final duals must be feasible and satisfy complementary
slackness with the matching (a proof of optimality by LP duality), and with
``max_cardinality`` the final labels must give a Tutte-Berge barrier proving that no
larger matching exists (``blossom_core/certificate.c``). A failed check is a bug: the core
raises RuntimeError, and this wrapper warns and answers with networkx instead, so a wrong
matching is never used.

:class:`Matcher` keeps the graph in the compiled core (``IncrementalMatcher``) and
re-solves after a few edge changes by warm-starting from the previous optimum (see its
docstring), without converting the graph again; its answers carry the same
certificate, checked incrementally: the core records every edge changed since the last
certified optimum, and compares the new duals and blossoms with that optimum's, so an
edge neither changed nor touching a vertex whose dual or enclosing blossoms (with a
non-zero dual) differ keeps the slack already proven non-negative; the matched edges,
the edges at the other vertices, and every vertex and blossom condition are checked again
(every edge when more than a quarter of the vertices differ, and at every cold solve).
Each vertex's adjacency carries a copy of its edges' weights, which the algorithm reads in
order; the certificate reads them from the graph's table of distinct weights (each value
stored once, each edge naming its row: a bracket's pairs take few distinct weights).
"""

from __future__ import annotations

import heapq
import operator
import os
import sys
import warnings
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabellone.matching._blossom import IncrementalMatcher


def _load_core() -> Any:
    """The compiled core, or None when it was not built (no C compiler at install time)
    or ``TABELLONE_PURE_PYTHON`` is set: networkx's exact blossom answers instead."""
    if os.environ.get("TABELLONE_PURE_PYTHON"):
        return None
    try:
        from tabellone.matching import _blossom as core
    except ImportError:
        return None
    return core


_blossom = _load_core()

#: True when the compiled core is available.
HAVE_EXTENSION = _blossom is not None

#: Which pairs may have lost slack since an earlier optimum (:meth:`Matcher.lowered_pairs`):
#: a class per vertex (a byte, 255: every pair of it) and a square table of the classes.
Mask = tuple[bytes, bytes]

_told_pure_python = False


def _tell_pure_python() -> None:
    """Say once per process, on stderr, that the slower exact pure-Python path is used."""
    global _told_pure_python
    if not _told_pure_python:
        _told_pure_python = True
        why = (
            "TABELLONE_PURE_PYTHON is set"
            if os.environ.get("TABELLONE_PURE_PYTHON")
            else "it was not built at install time: no C compiler?"
        )
        print(
            f"tabellone: the compiled matching core is not used ({why}); using the exact pure-Python matching, which is slower",
            file=sys.stderr,
        )


def max_weight_matching(
    n: int,
    edges: Iterable[tuple[int, int, int]],
    max_cardinality: bool = False,
) -> dict[int, int]:
    """A maximum-weight matching of the graph on vertices ``0 .. n-1``.

    ``edges`` are ``(u, v, weight)`` with ``u != v`` in range, each pair at most once, and
    non-negative ``int`` weights of any size (exact: nothing is rounded). Returns a dict
    mapping each matched vertex to its mate, in both directions. With
    ``max_cardinality`` the matching has the most edges possible, and the greatest weight
    among those. Raises ValueError or TypeError for invalid input.
    """
    edge_list = edges if isinstance(edges, list) else list(edges)
    if _blossom is not None:
        try:
            mate = _blossom.max_weight_matching(n, edge_list, max_cardinality)
        except RuntimeError as exc:  # failed optimality certificate: a bug in the core
            warnings.warn(f"{exc}; using networkx instead", RuntimeWarning, stacklevel=2)
        else:
            return {v: w for v, w in enumerate(mate) if w >= 0}
    return _networkx_matching(n, edge_list, max_cardinality)


class Matcher:
    """Incremental maximum-weight matching on vertices ``0 .. n-1``.

    ``set_edge(u, v, w)`` adds, re-weights or (``w == 0``) removes an edge; ``solve()``
    returns the mate list of a maximum-weight matching. With the compiled core the graph
    itself lives in C (:class:`tabellone.matching._blossom.IncrementalMatcher`): a change is applied
    in place and nothing is converted again at a solve. After the first solve the core
    keeps the optimum (matching, dual variables, blossoms) and the next solve
    warm-starts from it: the changed edges are covered by a few of their ends, only the
    blossoms a change breaks are dissolved (a blossom whose dual can absorb the change
    stays), the duals at those vertices are made feasible again, matched edges no longer
    tight are unmatched, and the blossom stages run only for the vertices left exposed. The answer carries the same optimality certificate as a cold
    solve, and anything the warm start cannot handle is solved cold, so the result never
    depends on the history. ``last_solve_was_warm`` tells which happened.
    ``solve(max_cardinality=True)`` is always a cold solve (and keeps the stored optimum
    unchanged). Without the extension the edges are kept in a dict and networkx solves.
    """

    def __init__(self, n: int) -> None:
        n = operator.index(n)
        if n < 0:
            raise ValueError("n must be non-negative")
        self._n = n
        core = getattr(_blossom, "IncrementalMatcher", None)
        self._core: IncrementalMatcher | None = core(n) if core is not None else None
        self._weights: dict[tuple[int, int], int] = {}  # only without the core
        self.last_solve_was_warm = False

    @property
    def n(self) -> int:
        return self._n

    @property
    def has_optimum(self) -> bool:
        """Whether an optimum is kept for the next solve to start from (warm)."""
        return self._core is not None and self._core.has_state

    def forget_optimum(self) -> None:
        """Make the next solve a cold one: where nearly every vertex's edges changed, a
        warm start leaves thousands of exposed vertices with duals of their own, and
        its stages end one of them at a time; a cold solve starts afresh (from a greedy
        matching) and needs a few dozen stages."""
        if self._core is not None:
            self._core.reset()

    def __len__(self) -> int:
        """Number of edges."""
        return len(self._core) if self._core is not None else len(self._weights)

    def set_edge(self, u: int, v: int, w: int) -> None:
        if self._core is not None:
            self._core.set_edge(u, v, w)
            return
        u, v, w = _as_int(u, 0, "vertex"), _as_int(v, 0, "vertex"), _as_int(w, 0, "weight")
        for x in (u, v):
            if not 0 <= x < self._n:
                raise ValueError(f"vertex {x} out of range for n={self._n}")
        if u == v:
            raise ValueError(f"self-loop on vertex {u}")
        if w < 0:
            raise ValueError(f"negative weight {w}")
        key = (u, v) if u < v else (v, u)
        if w == 0:
            self._weights.pop(key, None)
        else:
            self._weights[key] = w

    def set_edges(self, edges: Iterable[tuple[int, int, int]]) -> None:
        """``set_edge`` for every ``(u, v, w)`` in order (with the core: all validated first)."""
        if self._core is not None:
            self._core.set_edges(edges if isinstance(edges, (list, tuple)) else list(edges))
            return
        for u, v, w in edges:
            self.set_edge(u, v, w)

    def set_columns(self, rows: Sequence[int], columns: Sequence[tuple[int, Sequence[int]]]) -> None:
        """``set_edge(rows[i], v, ws[i])`` for each ``(v, ws)`` of ``columns`` and each
        ``i < len(ws)``, in that order (with the core: all validated first, and no tuple
        made per pair): a bracket's pairs, column by column."""
        if self._core is not None:
            self._core.set_columns(rows, columns)
            return
        columns = list(columns)
        for k, (_, ws) in enumerate(columns):  # as the core: nothing applied on an error
            if len(ws) > len(rows):
                raise ValueError(f"set_columns(): column {k}: {len(ws)} weights for {len(rows)} rows")
        for v, ws in columns:
            for u, w in zip(rows, ws):
                self.set_edge(u, v, w)

    def reserve(self, edges: int, degrees: list[int]) -> None:
        """Make room, at once, for ``edges`` more edges and for ``degrees[v]`` edges at each
        vertex ``v < len(degrees)``: a large graph then grows without copying its arrays
        as they double, and without up to half of them left unused (only capacity
        changes: the graph and every answer stay the same). Nothing to do without the
        core."""
        if self._core is not None:
            self._core.reserve(edges, degrees)

    def remove_vertex(self, u: int) -> None:
        """Remove every edge of ``u``."""
        if self._core is not None:
            self._core.remove_vertex(u)
            return
        for key in [key for key in self._weights if u in key]:
            del self._weights[key]

    def weight(self, u: int, v: int) -> int:
        """The weight of edge ``{u, v}`` (0 when absent)."""
        if self._core is not None:
            return self._core.get_weight(u, v)
        return self._weights.get((u, v) if u < v else (v, u), 0)

    def edges(self) -> list[tuple[int, int, int]]:
        if self._core is not None:
            return self._core.edges()
        return [(u, v, w) for (u, v), w in self._weights.items()]

    def all_within(self, x: int, ys: list[int], margins: list[int]) -> list[int] | None:
        """Every ``i``, in order, such that edge ``{x, ys[i]}`` exists and its *slack*
        under the last optimum's dual variables is at most ``margins[i]``; None when that
        optimum is not current (no solve yet, a change since, or no compiled core).

        The slack of an edge is how far its weight falls short of what the duals cover:
        ``u_x + u_y`` plus the duals of the blossoms holding both ends, less its weight;
        never negative. Every optimum uses only edges of slack 0 (complementary
        slackness), and by LP duality no matching weighs more than the optimum less the
        slacks of its edges. :meth:`tabellone.rules.dutch.Matcher.usable` reads the first fact to
        guess steps of the generation order.
        """
        if self._core is None:
            return None
        return self._core.all_within(x, ys, margins)

    def price(
        self,
        x: int,
        ys: Sequence[int],
        ws: Sequence[int | None],
        limit: int,
        center: int = 0,
        mask: Mask | None = None,
    ) -> list[int] | None:
        """The pairs ``{x, ys[i]}``, ``i < len(ws)``, that are *not* edges of the graph, weigh
        ``ws[i] > 0`` (0 or None: no pair) and have a negative slack under the last
        optimum's dual variables: their indices ``i`` in increasing order, the ``limit``
        most negative (among equal slacks those nearest to ``center``) when there are more. ``ys[i] < 0`` is skipped;
        so is, with a ``mask`` (:meth:`lowered_pairs`'s ``(codes, table)``), every pair it
        says kept its slack: neither end has code 255 and the table has 0 for their
        classes. ``ys`` may be a list or an ``array('i')``. None
        when that optimum is not current, or without the compiled core. The pricing step
        of :mod:`tabellone.matching.pricing`."""
        if self._core is None:
            return None
        return self._core.price(x, ys, ws, limit, center, mask)

    def price_rows(
        self, rows: Iterable[tuple[int, Sequence[int], Sequence[int | None], int, Mask | None]], limit: int
    ) -> list[tuple[int, int, int]] | None:
        """:meth:`price` for each ``(x, ys, ws, center, mask)`` of ``rows``, in order, with
        ``limit``: the pairs it names as edges ``(x, ys[i], ws[i])``, row by row. One call
        against one optimum (the core's scratch is set up once, not once a row). A buffer
        ``ys`` must not change while the call lasts: masked rows of one buffer (or of
        slices of one) share lists of its places by class. None when that optimum is not
        current, or without the compiled core."""
        if self._core is None:
            return None
        return self._core.price_rows(rows, limit)

    def tight(self, x: int, ys: list[int], ws: Sequence[int | None]) -> list[int] | None:
        """As :meth:`all_within` with margins 0, for pairs that need not be edges: every
        ``i < len(ws)``, in order, such that the pair ``{x, ys[i]}`` has slack at most 0,
        weighing its edge's weight when it is an edge of the graph, else ``ws[i]`` (0 or
        None: no pair). None when the last optimum is not current, or without the compiled core."""
        if self._core is None:
            return None
        return self._core.tight(x, ys, ws)

    def snapshot(self) -> bytes | None:
        """The duals and the blossom forest of the last optimum in one bytes object (int32
        ``n`` and limbs per number, the ``2n`` duals as little-endian two's complement
        limbs, twice a vertex's dual, then the ``2n`` parents), for :meth:`lowered_pairs`. The
        slack of a pair depends on its weight and on its two ends' duals and blossoms
        only: after a solve, :meth:`lowered_pairs` tells which pairs may have lost slack
        since. None when the last optimum is not current, or without the compiled core."""
        if self._core is None:
            return None
        return self._core.snapshot()

    def lowered_pairs(self, old: bytes) -> Mask | None:
        """Which pairs may have a lower slack than under ``old`` (:meth:`snapshot` of an
        earlier optimum), without reading them: ``(codes, table)``, per vertex a
        class (a byte; 255: every pair of it may be lower) and, per two classes ``a``
        and ``b`` of ``k``, ``table[a * k + b]``: 1 when the pairs between them may be
        lower. A mask for :meth:`price`.

        A vertex's class is the pair of innermost blossoms of non-zero dual holding it
        then and now: between two classes the blossoms' part of a slack changes by one
        amount, so after a solve that made a large bracket's blossoms again (most of
        them of dual 0) the pairs that kept their slack are told apart by class. Two
        classes' pairs are marked when the least change of a vertex's dual in each plus
        twice that amount is negative; a vertex whose dual changed by less than
        min(0, its class's median change) gets 255 instead of lowering its class's least
        change (so does every vertex past the 254th class). None when the last optimum
        is not current, or without the compiled core."""
        if self._core is None:
            return None
        return self._core.lowered_pairs(old)

    def solve(self, max_cardinality: bool = False) -> list[int]:
        """Mate of every vertex (-1 when unmatched) in a maximum-weight matching."""
        if self._core is None:  # every edge was checked by set_edge
            self.last_solve_was_warm = False
            mates = _networkx_matching(self._n, self.edges(), max_cardinality, checked=True)
            return [mates.get(v, -1) for v in range(self._n)]
        if max_cardinality:
            self.last_solve_was_warm = False
            mates = max_weight_matching(self._n, self.edges(), max_cardinality)
            return [mates.get(v, -1) for v in range(self._n)]
        try:
            mate = self._core.solve()
        except RuntimeError as exc:  # failed optimality certificate: a bug in the core
            warnings.warn(f"{exc}; using networkx instead", RuntimeWarning, stacklevel=2)
            self._core.reset()
            self.last_solve_was_warm = False
            pairs = _networkx_matching(self._n, self.edges(), False)
            return [pairs.get(v, -1) for v in range(self._n)]
        self.last_solve_was_warm = self._core.last_solve_was_warm
        return mate


def _vertex_cover(pairs: set[tuple[int, int]]) -> list[int]:
    """A small set of vertices touching every changed edge (greedy, largest degree first).

    The argument ``changed`` of ``_blossom._solve_with_state`` (IncrementalMatcher
    computes the same cover in C).

    One end of each changed edge is enough for the warm start: every edge of that vertex
    is checked, the blossoms using a changed edge or holding both ends of an edge of
    negative slack are dissolved, its dual is set to the least value that keeps its edges
    feasible (a deficit on edges leaving kept blossoms is taken from their duals), and
    its matched edge goes unless it is still tight.
    """
    adj: dict[int, set[int]] = {}
    for a, b in pairs:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    heap = [(-len(nbrs), v) for v, nbrs in adj.items()]
    heapq.heapify(heap)
    cover = []
    while heap:
        negdeg, v = heapq.heappop(heap)
        nbrs = adj.get(v)
        if not nbrs:
            continue
        if -negdeg != len(nbrs):  # stale entry: degree dropped since it was pushed
            heapq.heappush(heap, (-len(nbrs), v))
            continue
        cover.append(v)
        for y in adj.pop(v):
            adj[y].discard(v)
    return sorted(cover)


def _validate(n: int, edges: list[tuple[int, int, int]]) -> None:
    """The compiled core's argument checks, for the networkx path."""
    if not isinstance(n, int):
        raise TypeError(f"n must be an int, got {type(n).__name__}")
    if n < 0:
        raise ValueError("n must be non-negative")
    seen: set[tuple[int, int]] = set()
    for idx, edge in enumerate(edges):
        if isinstance(edge, (str, bytes)) or not hasattr(edge, "__len__"):
            raise TypeError(f"edge {idx}: expected a (u, v, weight) tuple, got {type(edge).__name__}")
        if len(edge) != 3:
            raise ValueError(f"edge {idx}: expected (u, v, weight), got a sequence of length {len(edge)}")
        u, v, w = (_as_int(x, idx, what) for x, what in zip(edge, ("vertex", "vertex", "weight")))
        for x in (u, v):
            if not 0 <= x < n:
                raise ValueError(f"edge {idx}: vertex {x} out of range for n={n}")
        if w < 0:
            raise ValueError(f"edge {idx}: negative weight {w}")
        if u == v:
            raise ValueError(f"edge {idx}: self-loop on vertex {u}")
        key = (min(u, v), max(u, v))
        if key in seen:
            raise ValueError(f"edge {idx}: duplicate edge between vertices {key[0]} and {key[1]}")
        seen.add(key)


def _as_int(x: object, idx: int, what: str) -> int:
    if isinstance(x, float):
        raise TypeError(f"edge {idx}: {what} must be an int, got float")
    try:
        return operator.index(x)  # type: ignore[arg-type]  # any object: a TypeError answers
    except TypeError:
        raise TypeError(f"edge {idx}: {what} must be an int, got {type(x).__name__}") from None


def _networkx_matching(
    n: int, edges: list[tuple[int, int, int]], max_cardinality: bool, checked: bool = False
) -> dict[int, int]:
    """networkx's exact blossom on the edges; ``checked``: they are valid ``int`` triples
    already (:meth:`Matcher.set_edge` checked each), so they are neither checked nor
    converted again."""
    import networkx as nx

    if _blossom is None:
        _tell_pure_python()
    if not checked:
        _validate(n, edges)
        edges = [(operator.index(u), operator.index(v), operator.index(w)) for u, v, w in edges]
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from(edges)
    mate: dict[int, int] = {}
    for u, v in nx.max_weight_matching(g, maxcardinality=max_cardinality):
        mate[u] = v
        mate[v] = u
    return mate
