"""Speed of maximum-weight matching: networkx, rustworkx and the compiled core.

Dense random graphs (every pair of vertices joined) with uniformly random weights of
100 and of 600 bits. Each time covers the whole call from the same Python edge list,
as the engine makes it: building the library's graph (networkx, rustworkx) or reading
the weights into limbs (ours), then matching. networkx is skipped above 400 vertices
(minutes per graph) and rustworkx where a weight reaches 2^125 (it converts to 128-bit
integers and its duals need two spare bits). Every answer is checked against the
others' total weight where they ran.

The second table is incremental use, as the pairing engine re-solves: a dense graph
with 600-bit weights, then rounds of "change every edge of 2 random vertices, solve".
Mean seconds per solve for (a) the re-read path (the graph kept in a Python dict and
sent whole to the core's warm start at every solve: what Matcher did before the graph
moved into C), (b) Matcher on the C-side graph (IncrementalMatcher), (c) a cold solve
of the same graph from a Python edge list (sampled on a few rounds: it takes seconds).
"update" is the mean time per round to apply the changes to the C-side graph. The
three answers are checked to have equal weight.

    python benchmarks/matching_speed.py [--sizes 100,200,400,1000] [--bits 100,600]
        [--incremental 400,1000,2000] [--rounds 100] [--cold-rounds 3] [--tables speed,incremental]
"""

from __future__ import annotations

import argparse
import random
import time

import networkx as nx

from tabellone.matching import _blossom, blossom

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


class ReReadMatcher:
    """The incremental matcher before the graph moved into C: edges in a Python dict, the
    whole edge list sent to ``_blossom._solve_with_state`` at every solve."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.weights: dict[tuple[int, int], int] = {}
        self.changed: set[tuple[int, int]] = set()
        self.state = None

    def set_edge(self, u: int, v: int, w: int) -> None:
        key = (u, v) if u < v else (v, u)
        if self.weights.get(key, 0) == w:
            return
        if w == 0:
            del self.weights[key]
        else:
            self.weights[key] = w
        self.changed.add(key)

    def solve(self) -> list[int]:
        edges = [(u, v, w) for (u, v), w in self.weights.items()]
        mate, self.state, _ = _blossom._solve_with_state(self.n, edges, self.state, blossom._vertex_cover(self.changed))
        self.changed.clear()
        return mate


def mate_weight(weights: dict, mate: list[int]) -> int:
    return sum(weights[(v, m)] for v, m in enumerate(mate) if v < m)


def incremental_table(sizes: list[int], rounds: int, cold_rounds: int, seed: int) -> None:
    bits = 600
    header = (
        f"{'n':>5} {'edges':>8} {'rounds':>6} {'(a) re-read s':>14} {'(b) C-side s':>13} {'(c) cold s':>11}"
        f" {'update s':>9} {'a/b':>6} {'c/b':>7} {'MB':>6}"
    )
    print(header)
    print("-" * len(header))
    for n in sizes:
        rng = random.Random(seed * 1000 + n)
        edges = dense_graph(n, bits, seed)
        old, new = ReReadMatcher(n), blossom.Matcher(n)
        for u, v, w in edges:
            old.set_edge(u, v, w)
        new.set_edges(edges)
        del edges
        assert mate_weight(old.weights, old.solve()) == mate_weight(old.weights, new.solve())
        sample = (
            {round(i * (rounds - 1) / max(cold_rounds - 1, 1)) for i in range(cold_rounds)} if cold_rounds else set()
        )
        t_old = t_new = t_cold = t_upd = 0.0
        for r in range(rounds):
            changes = [(x, y, rng.getrandbits(bits)) for x in rng.sample(range(n), 2) for y in range(n) if y != x]
            for u, v, w in changes:
                old.set_edge(u, v, w)
            start = time.perf_counter()
            new.set_edges(changes)
            t_upd += time.perf_counter() - start
            dt, mate_old = timed(old.solve)
            t_old += dt
            dt, mate_new = timed(new.solve)
            t_new += dt
            assert new.last_solve_was_warm
            w_old, w_new = mate_weight(old.weights, mate_old), mate_weight(old.weights, mate_new)
            assert w_old == w_new, f"re-read and C-side disagree at n={n}, round {r}"
            if r in sample:
                edge_list = [(u, v, w) for (u, v), w in old.weights.items()]
                dt, mate_cold = timed(_blossom.max_weight_matching, n, edge_list)
                del edge_list
                t_cold += dt
                assert mate_weight(old.weights, mate_cold) == w_new, f"cold solve disagrees at n={n}, round {r}"
        a, b, u = t_old / rounds, t_new / rounds, t_upd / rounds
        c = t_cold / len(sample) if sample else float("nan")
        mb = new._core._memory() / 1e6
        print(
            f"{n:>5} {len(old.weights):>8} {rounds:>6} {a:>14.4f} {b:>13.4f} {c:>11.3f} {u:>9.4f}"
            f" {a / b:>5.0f}x {c / b:>6.0f}x {mb:>6.0f}",
            flush=True,
        )
    print(
        f"mean wall-clock seconds per solve; (c) on {cold_rounds} of the rounds; MB = memory of the C-side graph"
        " and kept optimum; x = times slower than (b)"
    )


def timed(fn, *args):
    start = time.perf_counter()
    value = fn(*args)
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,200,400,1000")
    parser.add_argument("--bits", default="100,600")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--incremental", default="400,1000,2000", help="sizes for the incremental table")
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--cold-rounds", type=int, default=3)
    parser.add_argument("--tables", default="speed,incremental")
    args = parser.parse_args()
    tables = set(args.tables.split(","))
    if "speed" in tables:
        speed_table([int(x) for x in args.sizes.split(",")], [int(x) for x in args.bits.split(",")], args.seed)
    if "incremental" in tables:
        if "speed" in tables:
            print()
        incremental_table([int(x) for x in args.incremental.split(",")], args.rounds, args.cold_rounds, args.seed)


def speed_table(sizes: list[int], widths: list[int], seed: int) -> None:
    header = f"{'n':>5} {'bits':>5} {'edges':>7} {'networkx s':>11} {'rustworkx s':>12} {'ours s':>8} {'nx/ours':>8} {'rx/ours':>8}"
    print(header)
    print("-" * len(header))
    notes = set()
    for bits in widths:
        for n in sizes:
            edges = dense_graph(n, bits, seed)
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
