"""The completion oracle (1997 art. 9, 2026 C4): can the players not yet paired all
still be paired?
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence



def _solve(n: int, edges: list[tuple[int, int, int]]) -> dict[int, int]:
    from tabellone.solver.matching import max_weight_matching

    return max_weight_matching(n, edges, max_cardinality=True)


class Completion:
    """Whether the players not yet paired can all still be paired (1997: art. 9, the
    arbiter's duty to finish the round; 2026: C4).

    Keeps a witness: a perfect matching of the free players consistent with everything
    committed. A proposed extension already in the witness costs nothing; otherwise one
    maximum-cardinality matching is solved. ``edge_ok(u, v)`` restricts the edges a
    check may use (a closed bracket, G1 x G2 only, ...).
    """

    def __init__(self, n: int, compat: list[list[bool]]):
        self.n = n
        self.compat = compat
        self.adj = [[j for j in range(n) if compat[i][j]] for i in range(n)]
        self.mate: dict[int, int] = {}
        self.out: set[int] = set()
        self.witness: dict[int, int] | None = None
        self.solves = 0

    def free(self) -> list[int]:
        return [i for i in range(self.n) if i not in self.mate and i not in self.out]

    def feasible(self, extra: Iterable[tuple[int, int]] = (), edge_ok: Callable[[int, int], bool] | None = None) -> bool:
        extra = list(extra)
        for a, b in extra:
            if not self.compat[a][b] or (edge_ok is not None and not edge_ok(a, b)):
                return False
        w = self.witness
        if w is not None and all(w.get(a) == b for a, b in extra):
            if edge_ok is None or all(edge_ok(u, v) for u, v in w.items() if u not in self.mate):
                return True
        fixed = {x for ab in extra for x in ab}
        free = [i for i in self.free() if i not in fixed]
        fset = set(free)
        edges = []
        for u in free:
            for v in self.adj[u]:
                if v > u and v in fset and (edge_ok is None or edge_ok(u, v)):
                    edges.append((u, v, 1))
        self.solves += 1
        mate = _solve(self.n, edges) if edges else {}
        if any(i not in mate for i in free):
            return False
        for a, b in extra:
            mate[a] = b
            mate[b] = a
        self.witness = mate
        return True

    def feasible_closed(self, group: Iterable[int], edge_ok: Callable[[int, int], bool]) -> bool:
        """Speed only: :meth:`feasible` (no extra pairs) for an ``edge_ok`` that keeps
        ``group`` among itself, when the witness already pairs the players outside the
        group among themselves: then only the group needs a matching, and the witness
        keeps its outside part. Exact like :meth:`feasible`, which it falls back on."""
        group = list(group)
        gset = set(group)
        w = self.witness
        if w is None or any(w.get(i) not in gset for i in group):
            return self.feasible((), edge_ok)
        if all(edge_ok(u, w[u]) for u in group):
            return True
        edges = [(u, v, 1) for u in group for v in self.adj[u] if v > u and v in gset and edge_ok(u, v)]
        self.solves += 1
        mate = _solve(self.n, edges) if edges else {}
        if any(i not in mate for i in group):
            return False
        self.witness = {**{a: b for a, b in w.items() if a not in gset}, **{i: mate[i] for i in group}}
        return True

    def commit(self, a: int, b: int) -> None:
        self.mate[a] = b
        self.mate[b] = a
        if self.witness is not None and self.witness.get(a) != b:
            self.witness = None

    def remove(self, a: int) -> None:
        self.out.add(a)


def seed_rows(oracle: Completion, rows: Sequence[int], cols: Sequence[int], edge_ok: Callable[[int, int], bool]) -> bool:
    """Speed only: give ``oracle`` a witness in which each row (in order) meets the first
    column (in order) it may meet that no earlier row took, when that assignment is
    complete and the rest of the round can still be paired. The first legal row-by-row
    assignment (1997 6.3, 2026 3.2.6: :func:`~.orders.R6_3_rows`) is then found without
    a single matching: a column before a row's choice is incompatible, the choice is in
    the witness. Whether or not it succeeds, every answer of the oracle stays exact, so
    the assignment found is the same. Returns whether the witness was set."""
    compat = oracle.compat
    left = list(cols)
    chosen: list[tuple[int, int]] = []
    for r in rows:
        c = next((c for c in left if compat[r][c] and edge_ok(r, c)), None)
        if c is None:
            return False
        left.remove(c)
        chosen.append((r, c))
    return oracle.feasible(chosen, edge_ok)
