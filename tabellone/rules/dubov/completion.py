"""The completion oracle (1997 art. 9, 2026 C4): can the players not yet paired all
still be paired?
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from itertools import compress

from tabellone.matching.completion import CompletionOracle


def _solve(n: int, edges: list[tuple[int, int, int]]) -> dict[int, int]:
    from tabellone.matching.backends import max_weight_matching

    return max_weight_matching(n, edges, max_cardinality=True)


class Completion:
    """Whether the players not yet paired can all still be paired (1997: art. 9, the
    arbiter's duty to finish the round; 2026: C4).

    Keeps a witness: a perfect matching of the free players consistent with everything
    committed. A proposed extension already in the witness costs nothing; otherwise the
    question goes to :class:`tabellone.matching.completion.CompletionOracle`, warm-started from what
    is left of the last witness (a cardinality question: greedy repair and short
    augmenting paths first, an exact maximum-cardinality matching only when they fail).
    ``edge_ok(u, v)`` restricts the edges a check may use (a closed bracket, G1 x G2
    only, ...).
    """

    def __init__(self, n: int, compat: list[list[bool]]):
        self.n = n
        self.compat = compat
        self.mate: dict[int, int] = {}
        self.out: set[int] = set()
        self.witness: dict[int, int] | None = None
        #: What is left of a witness a commit broke: a warm start, not a witness.
        self._hint: dict[int, int] = {}
        self.solves = 0
        #: Speed only (:meth:`feasible_closed`): the last witness, ``edge_ok`` and group
        #: checked, whether the witness pairs the group among itself, and whether
        #: ``edge_ok`` keeps all those pairs. A witness is never changed in place (each
        #: answer makes a new one), so the same objects give the same answers.
        self._closed: tuple | None = None

    @cached_property
    def adj(self) -> list[list[int]]:
        """Each player's legal opponents (made when first asked: only the whole-field
        matchings read them)."""
        ids = list(range(self.n))  # one int object per player, shared by every list (memory)
        return [list(compress(ids, self.compat[i])) for i in range(self.n)]

    def free(self) -> list[int]:
        return [i for i in range(self.n) if i not in self.mate and i not in self.out]

    def feasible(
        self, extra: Iterable[tuple[int, int]] = (), edge_ok: Callable[[int, int], bool] | None = None
    ) -> bool:
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
        mate = self._complete(free, edge_ok)
        if mate is None:
            return False
        for a, b in extra:
            mate[a] = b
            mate[b] = a
        self.witness = mate
        return True

    def _complete(self, free: list[int], edge_ok: Callable[[int, int], bool] | None) -> dict[int, int] | None:
        """A perfect matching of ``free`` on the legal edges ``edge_ok`` keeps, or None.

        Asked of :class:`tabellone.matching.completion.CompletionOracle`, warm-started from the
        witness's pairs among ``free``: a greedy matching and short augmenting paths
        repair what the new question changed, and only when they fail an exact
        maximum-cardinality matching is solved, so the answer is exact either way."""
        self.solves += 1
        if len(free) % 2:
            return None
        compat = self.compat
        if edge_ok is None:

            def ok(u: int, v: int) -> bool:
                return compat[u][v]
        else:

            def ok(u: int, v: int) -> bool:
                return compat[u][v] and edge_ok(u, v)

        oracle = CompletionOracle(ok)
        w = self.witness if self.witness is not None else self._hint
        if w:
            fset = set(free)
            oracle.witness = {a: b for a, b in w.items() if a in fset and b in fset and ok(a, b)}
        return oracle.complete(free)

    def feasible_closed(
        self, group: Iterable[int], edge_ok: Callable[[int, int], bool], extra: Iterable[tuple[int, int]] = ()
    ) -> bool:
        """Speed only: :meth:`feasible` for an ``edge_ok`` that keeps ``group`` (free
        players) among itself and ``extra`` pairs inside it, when the witness already
        pairs the players outside the group among themselves: then only the group needs
        a matching (the outside one is legal and ``edge_ok`` keeps every pair of two
        outsiders), and the witness keeps its outside part. Exact like :meth:`feasible`,
        which it falls back on."""
        extra = list(extra)
        group = list(group)
        w = self.witness
        if w is None:
            return self.feasible(extra, edge_ok)
        key = tuple(group)
        last = self._closed
        if last is not None and last[0] is w and last[1] is edge_ok and last[2] == key:
            inside, kept = last[3], last[4]
        else:
            gset = set(group)
            inside = all(w.get(i) in gset for i in group)
            kept = inside and all(edge_ok(u, w[u]) for u in group)
            self._closed = (w, edge_ok, key, inside, kept)
        if not inside:
            return self.feasible(extra, edge_ok)
        for a, b in extra:
            if not self.compat[a][b] or not edge_ok(a, b):
                return False
        if kept and all(w.get(a) == b for a, b in extra):
            return True
        gset = set(group)
        fixed = {x for ab in extra for x in ab}
        mate = self._complete([i for i in group if i not in fixed], edge_ok)
        if mate is None:
            return False
        for a, b in extra:
            mate[a], mate[b] = b, a
        self.witness = {**{a: b for a, b in w.items() if a not in gset}, **{i: mate[i] for i in group}}
        return True

    def commit(self, a: int, b: int) -> None:
        self.mate[a] = b
        self.mate[b] = a
        w = self.witness
        if w is not None and w.get(a) != b:
            gone = {a, b, w.get(a), w.get(b)}
            self._hint = {x: y for x, y in w.items() if x not in gone and y not in gone}
            self.witness = None

    def remove(self, a: int) -> None:
        self.out.add(a)


def seed_rows(
    oracle: Completion,
    rows: Sequence[int],
    cols: Sequence[int],
    edge_ok: Callable[[int, int], bool],
    group: Sequence[int] | None = None,
) -> list[tuple[int, int]] | None:
    """Speed only: give ``oracle`` a witness in which each row (in order) meets the first
    column (in order) it may meet that no earlier row took, when that assignment is
    complete and the rest of the round can still be paired. The first legal row-by-row
    assignment (1997 6.3, 2026 3.2.6: :func:`~.orders.R6_3_rows`) is then found without
    a single matching: a column before a row's choice is incompatible, the choice is in
    the witness. Whether or not it succeeds, every answer of the oracle stays exact, so
    the assignment found is the same. Returns that assignment when the witness was set
    (it is then the first legal row-by-row assignment itself), else None.

    ``group``: the players ``edge_ok`` keeps among themselves (every pair of two others
    allowed), asked about alone (:meth:`Completion.feasible_closed`)."""
    compat = oracle.compat
    left = list(cols)
    chosen: list[tuple[int, int]] = []
    for r in rows:
        c = next((c for c in left if compat[r][c] and edge_ok(r, c)), None)
        if c is None:
            return None
        left.remove(c)
        chosen.append((r, c))
    if group is not None:
        done = oracle.feasible_closed(group, edge_ok, chosen)
    else:
        done = oracle.feasible(chosen, edge_ok)
    return chosen if done else None
