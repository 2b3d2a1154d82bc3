"""The optimised method's closed-group solve (speed only): the second solve, which proves
the best matching the only best one, runs on the edges that can lie in a best matching,
and the edges' weights are packed by each bracket's own ``weights`` function. Checked
against brute force on small graphs, and against the plain packing of the fields on the
brackets of generated events."""

from __future__ import annotations

import itertools
import random

import pytest
from testkit import pairer

from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules import dubov
from tabellone.rules.dubov import lex_matching, optimiser_1997, procedure_2026
from tabellone.rules.dubov.completion import Completion


def _perfect_matchings(vertices: list[int], weight: dict[tuple[int, int], int]):
    """Every perfect matching of ``vertices`` on the edges of ``weight``, as sets of pairs."""
    if not vertices:
        yield frozenset()
        return
    u, rest = vertices[0], vertices[1:]
    for v in rest:
        if (u, v) in weight:
            others = [x for x in rest if x != v]
            for m in _perfect_matchings(others, weight):
                yield m | {(u, v)}


def _random_graph(rng: random.Random, n: int, density: float, values: int):
    """Edges (a, b, w), a < b, with few distinct weights (ties are common)."""
    return [
        (a, b, rng.randrange(1, values + 1)) for a, b in itertools.combinations(range(n), 2) if rng.random() < density
    ]


@pytest.mark.parametrize("seed", range(40))
def test_tight_edges_hold_every_best_perfect_matching(seed):
    """Every perfect matching of the greatest weight uses only the edges
    :func:`lex_matching._tight_edges` returns, and its matching is one of them; no
    perfect matching at all gives None."""
    rng = random.Random(seed)
    n = rng.choice([4, 6, 8, 10])
    edges = _random_graph(rng, n, rng.choice([0.4, 0.7, 1.0]), rng.choice([2, 3, 50]))
    weight = {(a, b): w for a, b, w in edges}
    matchings = list(_perfect_matchings(list(range(n)), weight))
    top = 1 << 20  # more than any matching's weight: the perfect matchings come first
    best, tight = lex_matching._tight_edges(n, [(a, b, w + top) for a, b, w in edges]) if edges else (None, [])
    if not matchings:
        assert best is None
        return
    value = max(sum(weight[e] for e in m) for m in matchings)
    optimal = [m for m in matchings if sum(weight[e] for e in m) == value]
    kept = {(a, b) for a, b, _ in tight}
    assert best is not None
    assert frozenset((a, b) for a, b in best.items() if a < b) in optimal
    for m in optimal:
        assert m <= kept
    assert {w - top for a, b, w in tight} <= set(weight.values())  # the weights as given


@pytest.mark.parametrize("seed", range(40))
def test_closed_solve_answers_only_a_unique_best_matching(seed):
    """:func:`lex_matching._lex_match_closed` on a whole small field: the best perfect
    matching by the fields (compared lexicographically) when it is the only one, else
    None (brute force decides)."""
    rng = random.Random(1000 + seed)
    n = rng.choice([4, 6, 8])
    compat = [[False] * n for _ in range(n)]
    fields = {}
    for a, b in itertools.combinations(range(n), 2):
        if rng.random() < 0.8:
            compat[a][b] = compat[b][a] = True
            fields[a, b] = [rng.randrange(2), rng.randrange(3), rng.randrange(4)]
    oracle = Completion(n, compat)
    oracle.witness = None
    got = lex_matching._lex_match_closed(
        None, oracle, list(range(n)), lambda u, v: fields[min(u, v), max(u, v)], [1, 2, 3]
    )

    def score(m):
        return [sum(fields[e][i] for e in m) for i in range(3)]

    matchings = list(_perfect_matchings(list(range(n)), fields))
    if not matchings:
        assert got is None
        return
    value = max(score(m) for m in matchings)
    optimal = [m for m in matchings if score(m) == value]
    if len(optimal) > 1:
        assert got is None
    else:
        assert got is not None
        assert frozenset((a, b) for a, b in got.items() if a < b) == optimal[0]


def _events(edition: str, method: str):
    return [
        generate(
            GeneratorSettings(players=n, rounds=5, seed=seed, absence_rate=0.02, half_bye_rate=0.02),
            pairer("dubov", edition, method),
        )
        for n, seed in ((44, 301), (63, 302))
    ]


@pytest.mark.parametrize(("edition", "method"), [("2026", "optimised"), ("1997", "optimised"), ("2026", "literal")])
def test_bracket_weights_are_the_packed_fields(monkeypatch, edition, method):
    """Each bracket's ``weights`` function gives, for every pair of its players, the very
    integer a layout packs from the fields (with the closed solve's layout, and with
    :func:`lex_matching._lex_match`'s, whose last field is 1 on every edge)."""
    module = procedure_2026 if edition == "2026" else optimiser_1997
    checked = {"closed": 0, "alone": 0}

    def same(members, fields, per_edge_max, weights, extra):
        k = len(members) // 2 + 1
        lay = fit_layout(
            [str(i) for i in range(len(per_edge_max) + extra)], [m * k for m in per_edge_max] + [k] * extra
        )
        weight = weights(lay)
        for u, v in itertools.combinations(members, 2):
            f = fields(u, v)
            assert f is not None
            assert weight(u, v) == lay.pack(list(f) + [1] * extra), (u, v)

    real_closed, real_match = module._lex_match_closed, module._lex_match

    def closed(ctx, oracle, members, fields, per_edge_max, weights=None, spare=None):
        assert weights is not None
        same(members, fields, per_edge_max, weights, 0)
        checked["closed"] += 1
        return real_closed(ctx, oracle, members, fields, per_edge_max, weights, spare)

    def alone(ctx, oracle, fields, per_edge_max, edge_ok=None, among=None, weights=None):
        if weights is not None:
            same(among, fields, per_edge_max, weights, 1)
            checked["alone"] += 1
        return real_match(ctx, oracle, fields, per_edge_max, edge_ok, among, weights)

    monkeypatch.setattr(module, "_lex_match_closed", closed)
    monkeypatch.setattr(module, "_lex_match", alone)
    for t in _events(edition, method):
        for r in range(2, t.rounds_paired + 1):
            dubov.pair_round(cut_before(t, r), edition, method=method)
    assert checked["closed" if method == "optimised" else "alone"] > 0


@pytest.mark.parametrize("edition", ["2026", "1997"])
def test_spared_pairs_change_no_closed_solve(monkeypatch, edition):
    """The closed solve first leaves out the pairs of two players of the smaller colour
    (``spare``: the first field counts each against the matching); every closed solve
    of generated events answers the same with them left in."""
    module = procedure_2026 if edition == "2026" else optimiser_1997
    real = module._lex_match_closed
    seen = {"spared": 0, "answered": 0}

    def both(ctx, oracle, members, fields, per_edge_max, weights=None, spare=None):
        plain = real(ctx, oracle, members, fields, per_edge_max, weights)
        got = real(ctx, oracle, members, fields, per_edge_max, weights, spare)
        assert got == plain
        if spare:
            seen["spared"] += 1
            seen["answered"] += got is not None
        return got

    monkeypatch.setattr(module, "_lex_match_closed", both)
    for t in _events(edition, "optimised"):
        for r in range(2, t.rounds_paired + 1):
            dubov.pair_round(cut_before(t, r), edition, method="optimised")
    assert seen["answered"] > 0
