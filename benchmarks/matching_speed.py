"""Speed of maximum-weight matching: networkx, rustworkx and the compiled core.

Dense random graphs (every pair of vertices joined) with uniformly random weights of
100 and of 600 bits. Each time covers the whole call from the same Python edge list,
as the engine makes it: building the library's graph (networkx, rustworkx) or reading
the weights into limbs (ours), then matching. networkx is skipped above 400 vertices
(minutes per graph) and rustworkx where a weight reaches 2^125 (it converts to 128-bit
integers and its duals need two spare bits). Every answer is checked against the
others' total weight where they ran.

    python benchmarks/matching_speed.py [--sizes 100,200,400,1000] [--bits 100,600]
"""

from __future__ import annotations

import argparse
import random
import time

import networkx as nx

from solver import _blossom

try:
    import rustworkx as rx
except ImportError:  # pragma: no cover
    rx = None

NETWORKX_MAX_N = 400
RUSTWORKX_LIMIT = 1 << 125


def dense_graph(n: int, bits: int, seed: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    return [(i, j, rng.getrandbits(bits)) for i in range(n) for j in range(i + 1, n)]


def run_networkx(n, edges):
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from(edges)
    pairs = nx.max_weight_matching(g)
    return sum(g[u][v]["weight"] for u, v in pairs)


def run_rustworkx(n, edges):
    g = rx.PyGraph(multigraph=False)
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    pairs = rx.max_weight_matching(g, weight_fn=lambda w: w)
    return sum(g.get_edge_data(u, v) for u, v in pairs)


def run_ours(n, edges):
    mate = _blossom.max_weight_matching(n, edges)
    weights = {(u, v): w for u, v, w in edges}
    return sum(weights[(v, m)] for v, m in enumerate(mate) if v < m)


def timed(fn, *args):
    start = time.perf_counter()
    value = fn(*args)
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,200,400,1000")
    parser.add_argument("--bits", default="100,600")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    widths = [int(x) for x in args.bits.split(",")]

    header = f"{'n':>5} {'bits':>5} {'edges':>7} {'networkx s':>11} {'rustworkx s':>12} {'ours s':>8} {'nx/ours':>8} {'rx/ours':>8}"
    print(header)
    print("-" * len(header))
    notes = set()
    for bits in widths:
        for n in sizes:
            edges = dense_graph(n, bits, args.seed)
            t_ours, w_ours = timed(run_ours, n, edges)
            cells = {"nx": "skipped", "rx": "skipped", "nxr": "-", "rxr": "-"}
            if n <= NETWORKX_MAX_N:
                t_nx, w_nx = timed(run_networkx, n, edges)
                assert w_nx == w_ours, f"networkx disagrees at n={n}, {bits} bits"
                cells["nx"], cells["nxr"] = f"{t_nx:.3f}", f"{t_nx / t_ours:.0f}x"
            else:
                notes.add(f"networkx skipped above {NETWORKX_MAX_N} vertices (minutes per graph)")
            if rx is None:
                notes.add("rustworkx not installed")
            elif (1 << bits) <= RUSTWORKX_LIMIT:
                t_rx, w_rx = timed(run_rustworkx, n, edges)
                assert w_rx == w_ours, f"rustworkx disagrees at n={n}, {bits} bits"
                cells["rx"], cells["rxr"] = f"{t_rx:.3f}", f"{t_rx / t_ours:.1f}x"
            else:
                notes.add("rustworkx skipped for weights of 125 bits or more (it takes 128-bit integers)")
            print(
                f"{n:>5} {bits:>5} {len(edges):>7} {cells['nx']:>11} {cells['rx']:>12} {t_ours:>8.3f}"
                f" {cells['nxr']:>8} {cells['rxr']:>8}",
                flush=True,
            )
    for note in sorted(notes):
        print(f"note: {note}")
    print("times are wall-clock seconds for one call from the same Python edge list; x = times slower than ours")


if __name__ == "__main__":
    main()
