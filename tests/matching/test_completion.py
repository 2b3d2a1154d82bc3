"""The completion oracle (tabellone/matching/completion.py) and the bracket-local Dutch matcher.

The oracle is checked against an independent exact answer (networkx's maximum-cardinality
matching) on random graphs, dense and sparse, with and without players that may only be
paired into the pool; the bracket-local pairing of the Dutch engine against the
whole-field one on reference rounds, where both must give the same pairing.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from testkit import shared_path

from tabellone.matching.completion import CompletionOracle


def _exact(n_pool, n_must, ok, exposable):
    """Whether a matching covers must + pool (must only into pool), leaving at most one
    pool vertex single, for whom exposable holds, when the count is odd: networkx."""
    must = list(range(n_must))
    pool = list(range(n_must, n_must + n_pool))
    g = nx.Graph()
    g.add_nodes_from(must + pool)
    for u in must + pool:
        for v in pool:
            if u < v and ok(u, v):
                g.add_edge(u, v)
    total = n_must + n_pool
    if total % 2:
        g.add_node("d")
        for v in pool:
            if exposable(v):
                g.add_edge(v, "d")
    size = len(nx.max_weight_matching(g, maxcardinality=True))
    return 2 * size == total + total % 2


@pytest.mark.parametrize("density", [0.05, 0.15, 0.5, 0.95])
def test_oracle_agrees_with_an_exact_matching(density):
    rng = random.Random(int(density * 100))
    for trial in range(60):
        n_pool, n_must = rng.randint(0, 14), rng.randint(0, 5)
        n = n_pool + n_must
        edges = {(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < density}
        ok = lambda a, b: (min(a, b), max(a, b)) in edges  # noqa: E731
        chosen = {v for v in range(n) if rng.random() < 0.5}
        exposable = chosen.__contains__
        want = _exact(n_pool, n_must, ok, exposable)
        oracle = CompletionOracle(ok)
        got = oracle.complete(range(n_must, n), range(n_must), exposable)
        assert (got is not None) == want, (trial, n_pool, n_must, sorted(edges))
        if got is not None:  # the witness is a valid completion
            single = [v for v in range(n) if v not in got]
            assert len(single) == n % 2 and all(v >= n_must and exposable(v) for v in single)
            for a, b in got.items():
                assert got[b] == a and ok(a, b) and not (a < n_must and b < n_must)


def test_oracle_warm_answers_follow_the_question():
    """A kept witness never makes a "yes" out of a "no": the pool shrinks, the answer changes."""
    ok = lambda a, b: {a, b} != {0, 1}  # noqa: E731  (0 and 1 may not meet)
    oracle = CompletionOracle(ok)
    assert oracle.complete([0, 1, 2, 3]) is not None
    assert oracle.complete([0, 1]) is None
    assert oracle.complete([1, 2]) is not None
    assert oracle.complete([2, 3], must=[0, 1]) is not None
    assert oracle.complete([3], must=[0, 1], exposable=lambda v: True) is None


@pytest.mark.slow
@pytest.mark.parametrize("name", ["dutch-dev-10.trf", "dutch-dev-100.trf", "dutch-dev-1.trf"])
def test_bracket_local_pairing_equals_the_whole_field_one(name):
    """Every round of a reference event: the bracket-local matcher (LocalMatcher) and the
    whole-field matcher pair it identically (the equivalence LocalMatcher proves)."""
    from tabellone.core.history import cut_before
    from tabellone.formats.trf import read_trf
    from tabellone.rules import dutch
    from tabellone.rules.fide_common import round_to_pair

    t = read_trf(shared_path(f"corpus/dutch-2026-dev/{name}"))
    for r in range(2, t.rounds_paired + 1):
        answers = []
        for how in ("_pair_local", "_pair_whole"):
            cut = cut_before(t, r)
            state, players, _ = round_to_pair(cut, r)
            ctx = dutch.RoundContext(cut, state, "2026", players, last_round=(r == cut.total_rounds))
            engine = dutch.Dutch2026(ctx)
            try:
                answers.append(getattr(engine, how)())
            except dutch.NeedWholeField:
                answers.append("whole field")
        if answers[0] != "whole field":
            assert (
                sorted(map(sorted, answers[0][0])) == sorted(map(sorted, answers[1][0]))
                and answers[0][1] == answers[1][1]
            ), r
