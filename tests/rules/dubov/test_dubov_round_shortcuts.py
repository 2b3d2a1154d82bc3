"""Shortcuts of a Dubov round's matchings (speed only), each checked against its full path
on the brackets of generated events: the relaxed upfloater graph filled per kind of
resident and class of candidate (:func:`.upfloater_candidates._relaxed_edges`) is the
graph filled pair by pair,
and its solve without the pairs of candidates (:func:`.upfloater_candidates._relaxed`)
finds what the solve with them finds; the rows' first columns, when they complete the
round, are the first legal transposition of Art. 3.2.6; a profile's levels read once are
its levels (kept on the profile after the first read)."""

from __future__ import annotations

import pytest
from testkit import pairer

from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.matching.backends import max_weight_matching
from tabellone.rules import dubov
from tabellone.rules.dubov import procedure_2026, upfloater_candidates
from tabellone.rules.dubov.orders import A3_2_6_transposition
from tabellone.rules.profiles import Profile, load, shipped


def _events(edition: str, method: str):
    return [
        generate(
            GeneratorSettings(players=n, rounds=6, seed=seed, absence_rate=0.03, half_bye_rate=0.02),
            pairer("dubov", edition, method),
        )
        for n, seed in ((45, 401), (64, 402), (31, 403))
    ]


def _replay(events, edition: str, method: str) -> None:
    for t in events:
        for r in range(2, t.rounds_paired + 1):
            dubov.pair_round(cut_before(t, r), edition, method=method)


@pytest.mark.parametrize(("edition", "method"), [("2026", "literal"), ("2026", "optimised"), ("1997", "optimised")])
def test_relaxed_graph_by_kinds_is_the_graph_pair_by_pair(monkeypatch, edition, method):
    """Every edge and weight of the relaxed upfloater graph is the same whether each
    weight is packed once per kind of resident and class of candidate (2026: from the
    terms' own weights, without the fields) or each pair from its own fields."""
    real = upfloater_candidates._relaxed_edges
    seen = {"graphs": 0, "kinds": 0, "classes": 0}

    def both(residents, cands, compat, fields, outside, per_edge, rank, kind=None, klass=None, weights=None):
        got = real(residents, cands, compat, fields, outside, per_edge, rank, kind, klass, weights)
        assert kind is not None and klass is not None and (weights is not None or edition == "1997")
        assert got == real(residents, cands, compat, fields, outside, per_edge, rank)
        seen["graphs"] += 1
        seen["kinds"] += len({kind(r) for r in residents}) < len(residents)
        seen["classes"] += len({klass(f) for f in cands}) < len(cands)
        return got

    events = _events(edition, method)
    monkeypatch.setattr(upfloater_candidates, "_relaxed_edges", both)
    _replay(events, edition, method)
    assert seen["kinds"] > 0 and seen["classes"] > 0


def _with_candidate_pairs(residents, cands, edges, free_pair):
    """The relaxed solve as first stated: a perfect matching of the residents, the
    candidates and a stand-in when their count is odd, every two candidates (or a
    candidate and the stand-in) a pair at ``free_pair``, of the greatest weight. Returns
    its upfloaters and the value of its pairs with a resident, or None."""
    nr, m = len(residents), len(residents) + len(cands)
    size = m + m % 2
    graph = list(edges) + [(a, b, free_pair) for a in range(nr, m) for b in range(a + 1, size)]
    mate = max_weight_matching(size, graph, max_cardinality=True)
    if len(mate) < size:
        return None
    weight = {(a, b): w for a, b, w in edges}
    value = sum(weight[a, mate[a]] for a in range(nr) if a < mate[a] or mate[a] >= nr)
    return sorted(cands[mate[a] - nr] for a in range(nr) if mate[a] >= nr), value


@pytest.mark.parametrize(("edition", "method"), [("2026", "literal"), ("2026", "optimised"), ("1997", "optimised")])
def test_relaxed_solve_without_candidate_pairs_is_the_solve_with_them(monkeypatch, edition, method):
    """The relaxed upfloater matching solved on the pairs with a resident alone pairs
    every resident exactly when the perfect matching with the candidates' free pairs
    exists, takes the same upfloaters, and its pairs with a resident are worth as much."""
    real_edges, real = upfloater_candidates._relaxed_edges, upfloater_candidates._relaxed
    seen = {"solved": 0, "several": 0}
    made = {}  # id of a graph -> the graph, its big and free_pair

    def record(*args):
        got = real_edges(*args)
        made[id(got[0])] = got
        return got

    def both(residents, cands, graph):
        got = real(residents, cands, graph)
        _, big, free_pair = made[id(graph)]
        nr = len(residents)
        # each pair's packed fields, read back from its weight (:func:`._relaxed_edges`)
        edges = [(a, b, w // 2 - big if b < nr else (w - big + free_pair) // 2) for a, b, w in graph]
        want = _with_candidate_pairs(residents, cands, edges, free_pair)
        assert (got is None) == (want is None)
        if got is not None:
            verts = residents + cands
            weight = {frozenset((verts[a], verts[b])): w for a, b, w in edges}
            ups = sorted(v for _, v in got if v not in set(residents))
            assert (ups, sum(weight[frozenset(pair)] for pair in got)) == want
            seen["solved"] += 1
            seen["several"] += len(ups) > 1
        return got

    events = _events(edition, method)
    monkeypatch.setattr(upfloater_candidates, "_relaxed_edges", record)
    monkeypatch.setattr(upfloater_candidates, "_relaxed", both)
    _replay(events, edition, method)
    assert seen["solved"] > 0 and seen["several"] > 0


def test_levels_read_once_are_the_profiles_levels():
    """A profile's levels, kept after the first read (``Profile.levels``), are the levels
    worked out afresh from its criteria, whichever profile was read before it (two loads
    of one file are two objects with the same levels)."""
    profiles = [load(path) for path in shipped().values()] * 2
    fresh = Profile.levels.func  # type: ignore[attr-defined]
    for p in profiles:
        assert p.levels == fresh(p)
        assert p.levels is p.levels and p.levels == fresh(p)  # asked again: the kept answer


def test_seeded_rows_are_the_first_legal_transposition(monkeypatch):
    """Where each row's first column it may meet completes the round (the 2026 literal
    method's :func:`.completion.seed_rows`), that assignment is the one the row-by-row
    search of Art. 3.2.6 finds asking the plain completion question each step."""
    real = procedure_2026.seed_rows
    seen = {"seeded": 0, "searched": 0}

    def both(oracle, rows, cols, edge_ok, group=None):
        got = real(oracle, rows, cols, edge_ok, group)
        witness, hint = oracle.witness, oracle._hint  # the check below leaves the oracle as it was
        full = A3_2_6_transposition(rows, cols, lambda partial: oracle.feasible(partial, edge_ok))
        oracle.witness, oracle._hint = witness, hint
        if got is not None:
            assert got == full
            seen["seeded"] += 1
        else:
            seen["searched"] += 1
        return got

    events = _events("2026", "literal") + _events("2026", "optimised")
    monkeypatch.setattr(procedure_2026, "seed_rows", both)
    _replay(events, "2026", "literal")
    assert seen["seeded"] > 0


def test_literal_weights_are_the_general_packing(monkeypatch):
    """In the 2026 literal method, every pair of a bracket's members weighs under
    :func:`.procedure_2026._literal_weights` what the layout packs from the pair's own
    fields (plus the last field's 1 when the layout has that field): the general packing
    of :func:`.lex_matching._lex_match`."""
    real_literal = procedure_2026._literal_weights
    real_open, real_closed = procedure_2026._lex_match, procedure_2026._lex_match_closed
    seen = {"literal": 0, "pairs": 0, "differ": 0}

    def literal(*args):
        seen["literal"] += 1
        return real_literal(*args)

    def checked(weights, fields, members):
        def for_layout(lay):
            before = seen["literal"]
            weight = weights(lay)
            if seen["literal"] > before:  # the literal shortcut made these weights
                kinds = set()
                for a, u in enumerate(members):
                    for v in members[a + 1 :]:
                        f = list(fields(u, v))
                        general = lay.pack(f + [1] if len(lay.shifts) > len(f) else f)
                        assert weight(u, v) == weight(v, u) == general, (u, v)
                        kinds.add(general)
                        seen["pairs"] += 1
                seen["differ"] += len(kinds) > 2
            return weight

        return for_layout

    def open_(ctx, oracle, fields, per_edge, edge_ok=None, among=None, weights=None):
        if weights is not None:
            weights = checked(weights, fields, among)
        return real_open(ctx, oracle, fields, per_edge, edge_ok, among, weights)

    def closed(ctx, oracle, members, fields, per_edge, weights=None, spare=None):
        if weights is not None:
            weights = checked(weights, fields, members)
        return real_closed(ctx, oracle, members, fields, per_edge, weights, spare)

    monkeypatch.setattr(procedure_2026, "_literal_weights", literal)
    monkeypatch.setattr(procedure_2026, "_lex_match", open_)
    monkeypatch.setattr(procedure_2026, "_lex_match_closed", closed)
    _replay(_events("2026", "literal"), "2026", "literal")
    assert seen["literal"] > 0 and seen["pairs"] > 0 and seen["differ"] > 0
