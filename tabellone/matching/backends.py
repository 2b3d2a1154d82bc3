"""Maximum-weight matching with exact integer weights: the engine's first back end.

Edmonds' blossom algorithm with primal-dual weights (J. Edmonds, "Paths, trees, and
flowers", Canad. J. Math. 17, 1965; Z. Galil, "Efficient algorithms for finding maximum
matching in graphs", ACM Computing Surveys 18, 1986), as implemented by rustworkx (Rust,
integer weights up to 2^127) and networkx (pure Python, any integer). Lexicographic
criteria are packed into one integer weight per edge (see :mod:`tabellone.matching.lexicographic`);
the answer is exact because no weight is rounded.

rustworkx is about 100 times faster on 400 vertices (``../shared/docs/design.md``), so it
is used whenever the weights fit; networkx is the fallback for wider weights.
"""

from __future__ import annotations

from collections.abc import Iterable

try:  # rustworkx is optional (tabellone[test]); networkx answers without it
    import rustworkx as rx
except ImportError:  # pragma: no cover
    rx = None  # type: ignore[assignment]

from tabellone.matching.blossom import _blossom, _tell_pure_python  # the compiled core, or None without it

#: Largest weight handed to rustworkx. Its dual variables reach twice the largest edge
#: weight, and it converts to signed 128-bit integers: keep two bits of headroom.
RUSTWORKX_LIMIT = 1 << 125


def max_weight_matching(
    n: int,
    edges: Iterable[tuple[int, int, int]],
    *,
    max_cardinality: bool = False,
    backend: str = "auto",
) -> dict[int, int]:
    """A maximum-weight matching of the graph on vertices ``0 .. n-1``.

    ``edges`` are ``(u, v, weight)`` with non-negative integer weights. Returns a dict
    mapping each matched vertex to its mate (both directions). With ``max_cardinality``
    the matching has the most edges possible, and the greatest weight among those.
    ``backend`` is ``'auto'`` (the compiled core when built, else rustworkx when the
    weights fit, else networkx), ``'c'``, ``'rustworkx'`` or ``'networkx'``.
    """
    edge_list = edges if isinstance(edges, list) else list(edges)
    if not edge_list:
        return {}
    if backend == "c" or (backend == "auto" and _blossom is not None):
        mates = _blossom.max_weight_matching(n, edge_list, max_cardinality)
        return {i: m for i, m in enumerate(mates) if m >= 0}
    largest = max(w for _, _, w in edge_list)
    use_rx = backend == "rustworkx" or (backend == "auto" and rx is not None and largest < RUSTWORKX_LIMIT)
    if use_rx:
        if largest >= RUSTWORKX_LIMIT:
            raise OverflowError(f"edge weight needs {largest.bit_length()} bits; rustworkx takes 125")
        g = rx.PyGraph(multigraph=False)
        g.add_nodes_from(range(n))
        g.add_edges_from(edge_list)
        pairs = rx.max_weight_matching(g, max_cardinality=max_cardinality, weight_fn=lambda w: w)
    else:
        if _blossom is None:
            _tell_pure_python()
        # networkx, the fallback, is imported only when used: importing it takes about
        # 0.3 s, more than most rounds take to pair with the compiled core
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_weighted_edges_from(edge_list)
        pairs = nx.max_weight_matching(g, maxcardinality=max_cardinality)
    mate: dict[int, int] = {}
    for u, v in pairs:
        mate[u] = v
        mate[v] = u
    return mate
