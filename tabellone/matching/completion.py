"""Can the players not yet paired still all be paired? A witness-producing oracle.

The absolute criteria of a Swiss pairing (FIDE C.04.3 2026 C1-C3, 2017 C.1-C.3) make a
compatibility graph on the players; every bracket of the Dutch system must leave the
rest of the field pairable (2026 C4, 2017 C.4: "the remaining players can be paired").
That is a cardinality question, not a weighted one: is there a matching of the remaining
players that covers them all, leaving at most one, who may take the pairing-allocated
bye, when their number is odd?

:class:`CompletionOracle` answers it for a set ``pool`` of players (edges among them)
plus a set ``must`` of players that may be paired only into ``pool`` (the players a
bracket sends down: they are not paired among themselves there). It reads the graph
through a predicate ``ok(u, v)``, so no table of the n^2 pairs is ever built: late in an
event almost every pair is compatible, and the predicate stores only the exceptions
(games played, prohibited pairs, clashing absolute colour preferences).

Every "yes" carries a witness: the matching found, which the caller may check. The
search is, in order:

1. the previous witness, kept on the pool (warm start: consecutive questions differ by a
   few players);
2. a greedy matching of the players left single, the most constrained (``must``) first;
3. augmenting paths of length one and three (u - a = b - v: u and v single, a-b paired)
   and, for an odd count, a swap that leaves a bye-eligible player single instead;
4. only when these fail: an exact maximum-cardinality matching (Edmonds' blossom
   algorithm, :func:`tabellone.matching.blossom.max_weight_matching` with ``max_cardinality``),
   whose answer is final either way.

On the dense graphs of a large open, steps 1-3 answer in time linear in the pool for all
but a handful of questions; step 4 makes the oracle exact on any graph, so a "no" is a
proof (Berge's theorem: the maximum matching found by the blossom algorithm leaves
vertices single only when no augmenting path exists; J. Edmonds, "Paths, trees, and
flowers", Canad. J. Math. 17, 1965).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


class CompletionOracle:
    """Complete-matching questions on a graph given by ``ok(u, v)`` (symmetric)."""

    def __init__(self, ok: Callable[[int, int], bool]):
        self.ok = ok
        self.witness: dict[int, int] = {}
        #: questions asked, and those that needed the exact matching (step 4)
        self.questions = 0
        self.exact = 0

    def complete(
        self, pool: Iterable[int], must: Iterable[int] = (), exposable: Callable[[int], bool] | None = None
    ) -> dict[int, int] | None:
        """A matching covering ``must`` and ``pool`` (``must`` players paired into
        ``pool`` only), leaving single at most one ``pool`` player, for whom
        ``exposable`` holds, when the count is odd (``exposable`` None: nobody may be
        left single). None when no such matching exists. The witness is kept for the
        next question."""
        self.questions += 1
        pool = list(pool)
        must = list(must)
        total = len(pool) + len(must)
        if total % 2 and exposable is None:
            return None
        in_pool = set(pool)
        mate = {a: b for a, b in self.witness.items() if a in in_pool and b in in_pool}
        open_pool = dict.fromkeys(v for v in pool if v not in mate)
        single: list[int] = []
        # 2. greedy: the players sent down first, then the pool
        for u in must:
            self._greedy(u, open_pool, mate, single)
        while open_pool:
            u = next(iter(open_pool))
            del open_pool[u]
            self._greedy(u, open_pool, mate, single)
        in_must = set(must)
        if single:
            single = self._augment(single, pool, in_must, mate)
        allowed = total % 2
        if len(single) == allowed and (not single or self._expose(single, pool, in_must, mate, exposable)):
            self.witness = mate
            return mate
        exact = self._exact(pool, must, exposable)
        if exact is not None:
            self.witness = exact
        return exact

    def _greedy(self, u: int, open_pool: dict[int, None], mate: dict[int, int], single: list[int]) -> None:
        """Pair ``u`` with the first open pool player it may meet, else leave it single."""
        ok = self.ok
        for v in open_pool:
            if ok(u, v):
                del open_pool[v]
                mate[u], mate[v] = v, u
                return
        single.append(u)

    def _augment(self, single: list[int], pool: list[int], in_must: set[int], mate: dict[int, int]) -> list[int]:
        """Pair single players directly or along paths u - a = b - v (length three)."""
        ok = self.ok
        left = list(single)
        changed = True
        while changed and len(left) > 1:
            changed = False
            for i, u in enumerate(left):
                # direct: two single players, not both sent down
                for j in range(i + 1, len(left)):
                    v = left[j]
                    if not (u in in_must and v in in_must) and ok(u, v):
                        mate[u], mate[v] = v, u
                        left.pop(j)
                        left.pop(i)
                        changed = True
                        break
                if changed:
                    break
                others = [v for v in left if v != u]
                for a in pool:
                    b = mate.get(a)
                    if b is None or not ok(u, a):
                        continue
                    for v in others:
                        if (b in in_must and v in in_must) or not ok(b, v):
                            continue
                        mate[u], mate[a], mate[b], mate[v] = a, u, v, b
                        left.remove(u)
                        left.remove(v)
                        changed = True
                        break
                    if changed:
                        break
                if changed:
                    break
        return left

    def _expose(
        self,
        single: list[int],
        pool: list[int],
        in_must: set[int],
        mate: dict[int, int],
        exposable: Callable[[int], bool] | None,
    ) -> bool:
        """With one player single: True if it may be, or after swapping it for a
        bye-eligible pool player c (c's partner d takes the single one)."""
        u = single[0]
        if exposable is None:
            return False
        if u not in in_must and exposable(u):
            return True
        ok = self.ok
        for c in pool:
            d = mate.get(c)
            if d is None or not exposable(c) or (d in in_must and u in in_must) or not ok(d, u):
                continue
            del mate[c]
            mate[d], mate[u] = u, d
            return True
        return False

    def _exact(
        self, pool: list[int], must: list[int], exposable: Callable[[int], bool] | None
    ) -> dict[int, int] | None:
        """Step 4: the exact answer, a maximum-cardinality matching (compiled core)."""
        from tabellone.matching.blossom import max_weight_matching

        self.exact += 1
        ok = self.ok
        verts = must + pool
        index = {v: k for k, v in enumerate(verts)}
        m = len(must)
        edges = []
        for k, u in enumerate(verts):
            start = max(k + 1, m)  # no edge between two players sent down
            for v in verts[start:]:
                if ok(u, v):
                    edges.append((k, index[v], 1))
        dummy = len(verts)
        if len(verts) % 2:
            edges += [(index[v], dummy, 1) for v in pool if exposable(v)]  # type: ignore[misc]  # odd: given
        got = max_weight_matching(dummy + 1, edges, max_cardinality=True)
        need = len(verts) + len(verts) % 2
        if len(got) < need:
            return None
        return {verts[a]: verts[b] for a, b in got.items() if a != dummy and b != dummy}
