"""Shortcuts of a Dubov round's matchings (speed only), each checked against its full path
on the brackets of generated events: the relaxed upfloater graph filled per kind of
resident (:func:`.upfloater_candidates._relaxed_edges`) is the graph filled pair by pair."""

from __future__ import annotations

import pytest
from testkit import pairer

from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import dubov
from tabellone.rules.dubov import upfloater_candidates


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
    weight is packed once per kind of resident or each pair from its own fields."""
    real = upfloater_candidates._relaxed_edges
    seen = {"graphs": 0, "shared": 0}

    def both(residents, cands, compat, fields, outside, per_edge, rank, kind=None):
        got = real(residents, cands, compat, fields, outside, per_edge, rank, kind)
        assert kind is not None
        assert got == real(residents, cands, compat, fields, outside, per_edge, rank)
        seen["graphs"] += 1
        seen["shared"] += len({kind(r) for r in residents}) < len(residents)
        return got

    events = _events(edition, method)
    monkeypatch.setattr(upfloater_candidates, "_relaxed_edges", both)
    _replay(events, edition, method)
    assert seen["shared"] > 0
