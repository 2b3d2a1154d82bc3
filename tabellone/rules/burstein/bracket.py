"""One bracket of the Burstein system solved on its own players: the local
matching and the order of Art. 4 read from it with few solves.

:class:`LocalBracket` is the matching problem of one bracket: its players and the next
scoregroup's (``A``), the rest of the field (``L``) stood in for by one *shadow* vertex
per player of ``A`` who may meet someone in ``L``. The argument is the one of
:class:`tabellone.rules.dutch.matcher.LocalMatcher`: on the whole field every criterion
field of the bracket is zero on a pair with an end in ``L`` (C4 alone), so among the
complete matchings the whole-field optimum is decided by the pairs inside ``A``. Here a
pair inside ``A`` weighs two units of completion plus its fields, a shadow edge one
unit: every complete matching of the field maps to a matching covering ``A`` with the
same fields, so the local optimum is at least the whole-field one; and every local
answer is proven completable below (the players sent to their shadows paired into ``L``
and ``L`` completed, :class:`tabellone.matching.completion.CompletionOracle`, exact), so
it is the whole-field optimum extended. When it is not, :class:`NeedWholeField` is
raised and the round is paired again on the whole field. The earlier text
(:meth:`tabellone.rules.burstein.legacy.BracketBuilder.opposition`) solves its brackets
the same way, with ``L`` the next bracket and a question of its own for the answer.

:class:`ArticleFourSteps` reads Art. 4.3 (2025: D.1) from it: BSN by BSN, each player's
opponent as low in the ranking as an optimum allows, floating last. Step by step that
is one solve per player; most are saved by guessing (the method of
:meth:`tabellone.rules.dutch.generation.BracketStepper._transpositions`): the duals of
one optimum tell which partners an optimum can give each player (slack 0: every optimum
uses only such pairs, by complementary slackness), each player is guessed to take the
lowest-ranked of them still free, one solve with a bonus of 1 on every guessed pair (in
all, less than a unit of the lowest criterion) confirms a run of guesses, and only a
failed guess costs a step of its own. Why a confirmed guess is the step: the optimum is
an optimum of the criteria holding as many guesses as any; for its first ``j`` guesses
(x_i with z_i) every partner x_i prefers to z_i is paired already, taken by an earlier
guess, or in no optimum (the sets of optima only shrink from step to step, so a
partner not usable at the first optimum never becomes usable); and z_i is in an optimum
with the steps before it. A player with no usable partner left floats in every optimum:
its step needs no solve.
"""

from __future__ import annotations

from collections.abc import Callable, Container

import numpy as np

from tabellone.core.model import WHITE
from tabellone.matching.blossom import Matcher
from tabellone.rules.burstein.common import Compatibility

#: edges handed to the matching core at once (bounds the memory of the edge tuples)
CHUNK = 1 << 13


class NeedWholeField(Exception):
    """The bracket-local answer could not be completed below: the round is paired again
    on the whole field."""


class LocalBracket:
    """The matching of one bracket: vertex ``k`` is ``A[k]`` (a position of the round),
    ``len(A) + k`` its shadow. ``unit`` is one unit of completion, above every field.

    By default every player of ``A`` who may meet someone in ``L`` has a shadow, and an
    answer stands when the players it sends to their shadows and ``L`` can all be paired
    (2025/2026). ``senders`` narrows who has a shadow, and ``completes(down)`` replaces
    that question (the earlier text, whose field below has a shape of its own:
    :meth:`tabellone.rules.burstein.legacy.BracketBuilder.opposition`). With ``prune``
    its answer on one player is exact: a player it refuses floats in no pairing of the
    whole field, loses the shadow, and the bracket is solved again (what remains still
    holds every whole-field answer, so the argument above stands)."""

    def __init__(
        self,
        A: list[int],
        L: list[int],
        compat: Compatibility,
        unit: int,
        senders: Container[int] | None = None,
        completes: Callable[[list[int]], bool] | None = None,
        prune: bool = False,
    ):
        self.A, self.L, self.compat, self.unit = A, L, compat, unit
        self.na = na = len(A)
        self.where = {x: k for k, x in enumerate(A)}
        self.m = Matcher(2 * na)
        self.solves = 0
        self.gone: set[int] = set()
        self._checked: dict[frozenset[int], bool] = {}
        self._completes = completes or (lambda down: compat.complete(L, down))
        self._prune = prune
        ok = compat.ok
        self.m.set_edges(
            [
                (k, na + k, unit)
                for k, x in enumerate(A)
                if (senders is None or x in senders) and any(ok(x, y) for y in L)
            ]
        )

    def pair_weight(self, fields: int) -> int:
        """The weight of a pair inside ``A`` with these packed fields (and bonus)."""
        return 2 * self.unit + fields

    def set_pairs(self, sides: list[object], prefs: list[str | None], fields: Callable[[int, int], int]) -> None:
        """Every compatible pair inside ``A``. Its fields depend only on each end's
        ``sides`` class and on whether the two ``prefs`` clash (one colour preference
        for both), so ``fields(a, b)`` (local vertices) is asked once per kind of pair;
        the pairs themselves are enumerated with numpy."""
        na, A, compat = self.na, self.A, self.compat
        if na < 2:
            return
        kinds: dict[object, int] = {}
        cls = np.array([kinds.setdefault(s, len(kinds)) for s in sides], dtype=np.int64)
        code = {None: 0, WHITE: 1}
        pc = np.array([code.get(p, 2) for p in prefs], dtype=np.int64)
        ac = np.array([code.get(compat.absolute[x], 2) for x in A], dtype=np.int64)
        iu, ju = np.triu_indices(na, 1)
        ok = ~((ac[iu] != 0) & (ac[iu] == ac[ju]))
        where = self.where
        for k, x in enumerate(A):
            for y in compat.barred[x]:
                j = where.get(y)
                if j is not None and j > k:
                    ok[k * na - k * (k + 1) // 2 + j - k - 1] = False
        iu, ju = iu[ok], ju[ok]
        del ok
        clash = (pc[iu] != 0) & (pc[iu] == pc[ju])
        keys = (cls[iu] * len(kinds) + cls[ju]) * 2 + clash
        del clash
        uniq, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        del keys
        table = [self.pair_weight(fields(int(iu[f]), int(ju[f]))) for f in first.tolist()]
        for s in range(0, len(iu), CHUNK):
            us, vs, ws = iu[s : s + CHUNK].tolist(), ju[s : s + CHUNK].tolist(), inverse[s : s + CHUNK].tolist()
            self.m.set_edges([(u, v, table[w]) for u, v, w in zip(us, vs, ws)])

    def set(self, x: int, y: int, w: int) -> None:
        where = self.where
        self.m.set_edge(where[x], where[y], w)

    def drop(self, x: int) -> None:
        """``x`` is paired: it leaves the graph."""
        k = self.where[x]
        self.gone.add(k)
        self.m.remove_vertex(k)

    def usable(self, x: int, ys: list[int], margin: int = 0) -> list[int]:
        """The players of ``ys`` (in order) whose pairs with ``x`` have slack at most
        ``margin`` under the last optimum's duals (see :meth:`ArticleFourSteps.refresh`).
        All of ``ys`` when the duals are not at hand (no compiled core)."""
        where = self.where
        hits = self.m.all_within(where[x], [where[y] for y in ys], [margin] * len(ys))
        return list(ys) if hits is None else [ys[i] for i in hits]

    def solve(self) -> dict[int, int | None]:
        """The partner of every player of ``A`` still in the graph (None: paired below),
        in a local optimum proven completable below; :class:`NeedWholeField` otherwise."""
        while True:
            out, down = self._solve_once()
            key = frozenset(down)
            got = self._checked.get(key)
            if got is None:
                got = self._checked[key] = self._completes(down)
            if got:
                return out
            if not (self._prune and len(down) == 1):
                raise NeedWholeField
            k = self.where[down[0]]
            self.m.set_edge(k, self.na + k, 0)

    def _solve_once(self) -> tuple[dict[int, int | None], list[int]]:
        """One solve: the partners, and the players sent to their shadows."""
        self.solves += 1
        mates = self.m.solve()
        A, na = self.A, self.na
        out: dict[int, int | None] = {}
        down: list[int] = []
        for k, x in enumerate(A):
            if k in self.gone:
                continue
            mk = mates[k]
            if mk < 0:
                raise NeedWholeField
            if mk >= na:
                down.append(x)
                out[x] = None
            else:
                out[x] = A[mk]
        return out, down


class WholeField:
    """A matcher over the whole field seen as :class:`LocalBracket` is (the earlier
    text's brackets, :class:`tabellone.rules.burstein.legacy.BracketBuilder`): vertex =
    position, a kept pair leaves the graph, no completion to prove."""

    def __init__(self, m: Matcher):
        self.m = m
        self.solves = 0

    def set(self, x: int, y: int, w: int) -> None:
        self.m.set_edge(x, y, w)

    def drop(self, x: int) -> None:
        self.m.remove_vertex(x)

    def usable(self, x: int, ys: list[int], margin: int = 0) -> list[int]:
        hits = self.m.all_within(x, ys, [margin] * len(ys))
        return list(ys) if hits is None else [ys[i] for i in hits]

    def solve(self) -> dict[int, int | None]:
        self.solves += 1
        return {v: (w if w >= 0 else None) for v, w in enumerate(self.m.solve())}


class ArticleFourSteps:
    """Art. 4.3 on a bracket: in ``order`` (BSN), each player still free takes the
    partner of ``inside`` after it that an optimum allows and that stands lowest in
    ``order``, or floats. ``base(v, w)`` is the weight of a pair without bonus, ``ok(v, w)``
    whether they may meet. :meth:`run` returns the floaters; ``pairs`` the pairs made."""

    #: players whose usable partners are read again after each solve (:meth:`refresh`)
    REFRESH = 64

    def __init__(
        self,
        graph: LocalBracket | WholeField,
        order: list[int],
        inside: set[int],
        base: Callable[[int, int], int],
        ok: Callable[[int, int], bool],
    ):
        self.g, self.order, self.inside, self.base, self.ok = graph, order, inside, base, ok
        self.rank = {v: k for k, v in enumerate(order)}
        self.pairs: list[tuple[int, int]] = []
        self.floaters: list[int] = []
        self.out: set[int] = set()  # paired or floating
        self.usable: dict[int, list[int]] = {}
        self.guess: dict[int, int] = {}

    def _free(self, v: int) -> bool:
        return v not in self.out

    def _keep(self, v: int, w: int) -> None:
        self.pairs.append((v, w))
        self.out |= {v, w}
        self.g.drop(v)
        self.g.drop(w)

    def _float(self, v: int) -> None:
        self.floaters.append(v)
        self.out.add(v)
        for x in self.inside:
            if x != v and x not in self.out:
                self.g.set(v, x, 0)

    def run(self) -> list[int]:
        g, order, base, ok = self.g, self.order, self.base, self.ok
        mate = g.solve()
        # each player's usable partners, the lowest-ranked (preferred) last
        self.usable = usable = {v: g.usable(v, [w for w in order[k + 1 :] if ok(v, w)]) for k, v in enumerate(order)}
        self.guess = guess = {}  # x -> z: a bonus of 1 on the pair
        i = 0
        while True:
            while i < len(order) and not self._free(order[i]):
                i += 1
            if i == len(order):
                return self.floaters
            x = order[i]
            # guess a run of steps, each the lowest usable partner still free
            run: dict[int, int] = {}
            taken: set[int] = set()
            out = self.out
            for y in order[i:]:
                if y in out or y in taken:
                    continue
                cands = usable[y]
                while cands and cands[-1] in out:  # kept lowest-ranked last: drop the paired
                    cands.pop()
                z = next((z for z in reversed(cands) if z not in out and z not in taken), None)
                if z is None:
                    break
                run[y] = z
                taken |= {y, z}
            if x not in run and not any(z not in out for z in usable[x]):
                self._float(x)  # no optimum pairs it inside: it floats in each
                continue
            # the last optimum stays one if only bonuses on its pairs were added, and
            # only bonuses on pairs it does not hold taken away
            stays = True
            for y, z in list(guess.items()):
                if run.get(y) != z:
                    del guess[y]
                    if self._free(y) and self._free(z):  # else the pair left with one of them
                        g.set(y, z, base(y, z))
                        stays = stays and mate.get(y) != z
            for y, z in run.items():
                if y not in guess:
                    g.set(y, z, base(y, z) + 1)
                    guess[y] = z
                    stays = stays and mate.get(y) == z
            if x in run:
                if not stays:
                    mate = g.solve()
                    self.refresh(i, len(guess))
                if mate.get(x) == run[x]:
                    self._settle(guess, mate)
                    continue
                g.set(x, run[x], base(x, run[x]))
                del guess[x]
            # the guesses after it are made again (a partner it passed over may be free)
            mate = self._step(x, len(guess) + 1)

    def refresh(self, start: int, margin: int) -> None:
        """Read the usable partners of the next :data:`REFRESH` players after ``start``
        again from the optimum just found, whose weights carry bonuses summing to at most
        ``margin`` in any matching. Why that keeps every partner an optimum of the
        criteria can give: for such an optimum M and the duals y of the bonus-weighted
        optimum, the slacks of M's edges sum to y's objective less M's bonus-weighted
        weight, at most the bonus-weighted optimum less the criteria optimum, at most
        ``margin`` (LP duality); so each edge of M has slack at most ``margin``."""
        count = 0
        out, usable = self.out, self.usable
        for y in self.order[start:]:
            if y in out:
                continue
            usable[y] = self.g.usable(y, [z for z in usable[y] if z not in out], margin)
            count += 1
            if count == self.REFRESH:
                return

    def _settle(self, guess: dict[int, int], mate: dict[int, int | None]) -> None:
        """Keep the guesses ``mate`` holds, in order, up to the first it does not."""
        for y in self.order:
            if y in guess:
                z = guess[y]
                if mate.get(y) != z:
                    return
                del guess[y]
                self._keep(y, z)

    def _step(self, x: int, unit: int) -> dict[int, int | None]:
        """The step of ``x`` by a solve: a bonus on each partner, the lower the larger,
        in units above the sum of the guesses' bonuses (which stay). Returns the optimum."""
        g, base, rank = self.g, self.base, self.rank
        for w in self.order[rank[x] + 1 :]:
            if self._free(w) and self.ok(x, w):
                g.set(x, w, base(x, w) + (rank[w] + 1) * unit)
        mate = g.solve()
        self.refresh(rank[x] + 1, len(self.guess) + (len(self.order) + 1) * unit)
        w = mate[x]
        if w is not None and w in self.inside:
            self._keep(x, w)  # its bonuses leave with it
        else:
            self._float(x)
        return mate
