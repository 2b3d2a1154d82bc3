"""A large bracket's pairs priced instead of stored (LocalMatcher.sparse for 2026,
RowMatcher.sparse for 2017, with tabellone/matching/pricing.py): every round of generated
events is paired exactly as with every pair of the bracket in the core, whatever the
number of pairs pricing adds at a time; the core really holds only a part of the
pairs; and a priced bracket whose core fails its certificate goes on with every pair
stored."""

from __future__ import annotations

import random

import pytest

from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.matching.blossom import HAVE_EXTENSION
from tabellone.matching.blossom import Matcher as Incremental
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.dutch import LocalMatcher, pair_round
from tabellone.rules.dutch.bracket_matcher import RowMatcher
from tabellone.rules.dutch.matcher import Matcher

pytestmark = pytest.mark.skipif(not HAVE_EXTENSION, reason="pricing reads the compiled core's duals")


def _pairer(t, edition="2026"):
    p = pair_round(t, edition)
    return p.pairs, p.bye


def _round(t, r, edition="2026") -> tuple[list, object]:
    p = pair_round(cut_before(t, r), edition)
    return sorted(map(sorted, p.pairs)), p.bye


def _stored(monkeypatch, cls, players) -> list[tuple[int, int]]:
    """Filled at each priced solve of a ``cls`` matcher with (the core's edges between two
    players of the bracket, the bracket's pairs); ``players(matcher)``: how many players
    the bracket's graph has (vertices after them are shadows or the bye)."""
    stored: list[tuple[int, int]] = []
    solve = cls._solve_priced

    def spy(self):
        mates = solve(self)
        na = players(self)
        stored.append((sum(1 for u, v, _ in self._inc.edges() if u < na and v < na), na * (na - 1) // 2))
        return mates

    monkeypatch.setattr(cls, "_solve_priced", spy)
    return stored


@pytest.mark.parametrize("players, seed", [(120, 1), (97, 2), (150, 3)])
def test_sparse_brackets_pair_every_round_as_the_dense_ones(players, seed, monkeypatch):
    """Priced brackets pair as the dense ones, with one or eight pairs a column and
    pricing round (and C5's drops read three pairs at a time, or all at once); the solve
    after a bracket's first pricing round is cold."""
    t = generate(GeneratorSettings(players=players, rounds=7, seed=seed), _pairer)  # dense (small brackets)
    rounds = range(2, 8)
    dense = {r: _round(t, r) for r in rounds}
    stored = _stored(monkeypatch, LocalMatcher, lambda m: len(m.A))
    warm: list = []  # per solve of a bracket's core: warm or not, and "forgot" before one
    forget, solve = Incremental.forget_optimum, Incremental.solve

    def forgetting(self):
        forget(self)
        warm.append("forgot")

    def solving(self, *args, **kwargs):
        mates = solve(self, *args, **kwargs)
        warm.append(self.last_solve_was_warm)
        return mates

    monkeypatch.setattr(Incremental, "forget_optimum", forgetting)
    monkeypatch.setattr(Incremental, "solve", solving)
    monkeypatch.setattr(LocalMatcher, "sparse_from", 0)
    for limit in (1, 8):
        monkeypatch.setattr(LocalMatcher, "price_limit", limit)
        monkeypatch.setattr(LocalMatcher, "pairs_at_once", 3 if limit == 1 else 1 << 16)
        for r in rounds:
            assert _round(t, r) == dense[r], f"round {r}, {limit} pairs per column and pricing round"
    assert stored, "no bracket was priced"
    edges, pairs = map(sum, zip(*stored))
    assert edges < pairs / 2  # most pairs never reach the core
    after = [warm[k + 1] for k, w in enumerate(warm) if w == "forgot"]
    assert after and not any(after)  # the solve after each forgotten optimum was cold
    assert any(w is True for w in warm)  # and the others warm


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_solves_after_bulk_drops_price_more_pairs_a_row(edition, monkeypatch):
    """The solve after C5's drops (or their undoing) in bulk prices with
    ``bulk_price_limit`` pairs a row and round, the others with ``price_limit``; both
    pair every round as the stored brackets do."""
    from tabellone.rules.dutch import matcher

    t = generate(GeneratorSettings(players=120, rounds=6, seed=5), lambda t: _pairer(t, edition))
    rounds = range(2, 7)
    stored = {r: _round(t, r, edition) for r in rounds}
    limits: list[int] = []
    priced = matcher.solve_priced

    def spy(inc, rows, limit, *args):
        limits.append(limit)
        return priced(inc, rows, limit, *args)

    monkeypatch.setattr(matcher, "solve_priced", spy)
    cls = LocalMatcher if edition == "2026" else RowMatcher
    monkeypatch.setattr(cls, "sparse_from", 0)
    monkeypatch.setattr(cls, "price_limit", 1)
    monkeypatch.setattr(cls, "bulk_price_limit", 3)
    for r in rounds:
        assert _round(t, r, edition) == stored[r], f"round {r}"
    assert set(limits) == {1, 3}


def test_tight_pairs_seeded_into_the_core_change_no_pairing(monkeypatch):
    """The tight pairs :meth:`LocalMatcher.usable` names go into the core at the next
    solve (``seed_limit`` per player): they only spare pricing rounds, so every round
    pairs as without them, and as the dense brackets do; and they reach the core."""
    t = generate(GeneratorSettings(players=140, rounds=7, seed=4), _pairer)
    rounds = range(2, 8)
    dense = {r: _round(t, r) for r in rounds}
    seeded: list[int] = []  # per priced solve: seeds handed over that reached the core
    solve = LocalMatcher._solve_priced

    def spy(self):
        seeds = list(self._seeds)
        mates = solve(self)
        seeded.append(sum(1 for key in seeds if key in self._in_core))
        return mates

    monkeypatch.setattr(LocalMatcher, "_solve_priced", spy)
    monkeypatch.setattr(LocalMatcher, "sparse_from", 0)
    for limit in (0, 8):
        monkeypatch.setattr(LocalMatcher, "seed_limit", limit)
        seeded.clear()
        for r in rounds:
            assert _round(t, r) == dense[r], f"round {r}, {limit} seeds per player"
        assert seeded and (max(seeded) > 0) == (limit > 0)


@pytest.mark.parametrize("players, seed", [(120, 1), (97, 2), (150, 3)])
def test_priced_2017_brackets_pair_every_round_as_the_stored_ones(players, seed, monkeypatch):
    """The 2017 edition's rows (:class:`RowMatcher`), priced: the same pairings as with
    every pair in the core, including the C5 drops and restores handed over in bulk."""
    t = generate(GeneratorSettings(players=players, rounds=7, seed=seed), lambda t: _pairer(t, "2017"))
    rounds = range(2, 8)
    dense = {r: _round(t, r, "2017") for r in rounds}
    stored = _stored(monkeypatch, RowMatcher, lambda m: len(m.active))
    monkeypatch.setattr(RowMatcher, "sparse_from", 0)
    for limit in (1, 8):
        monkeypatch.setattr(RowMatcher, "price_limit", limit)
        for r in rounds:
            assert _round(t, r, "2017") == dense[r], f"round {r}, {limit} pairs per row and pricing round"
    assert stored, "no bracket was priced"
    edges, pairs = map(sum, zip(*stored))
    assert edges < pairs / 2  # most pairs never reach the core


class _FailsOnce:
    """The compiled core, but its next solve fails its certificate (as a bug in the core
    would): :meth:`tabellone.matching.blossom.Matcher.solve` then warns and answers with
    networkx, which leaves no duals to price against."""

    def __init__(self, core):
        self._real = core
        self._fail = True

    def __getattr__(self, name):
        return getattr(self._real, name)

    def solve(self):
        if self._fail:
            self._fail = False
            raise RuntimeError("certificate failed (injected)")
        return self._real.solve()


def _fail_next_solve(m) -> None:
    m._inc._core = _FailsOnce(m._inc._core)


@pytest.mark.parametrize("seed", range(6))
def test_a_priced_2017_bracket_goes_on_dense_when_the_core_fails(seed, monkeypatch):
    """A failed certificate in a priced bracket: every pair goes into the core and the
    bracket goes on dense, each optimum weighing the generic matcher's, before and after
    more changes (bonuses, C5's drops, a fixed pair)."""
    rng = random.Random(seed)
    n = 24
    players = [None] * n
    A = rng.sample(range(n), 18)
    layout = fit_layout(["x"], [64])
    monkeypatch.setattr(RowMatcher, "sparse_from", 0)
    rows = RowMatcher(players, A)  # type: ignore[arg-type]
    generic = Matcher(players, None, active=A)  # type: ignore[arg-type]
    order = sorted(A)
    for m in (rows, generic):
        m.relayout(layout, 6)
    for k, h in enumerate(order):
        later = order[k + 1 :]
        weights = [rng.choice([None, rng.randrange(1, 40) << 6]) for _ in later]
        for m in (rows, generic):
            m.set_row(h, later, weights)
    assert rows.sparse
    rows.solve()
    generic.solve()
    assert rows.value() == generic.value()
    for m in (rows, generic):
        m.set_bonus_row(order[0], order[1:], 5)
    _fail_next_solve(rows)
    with pytest.warns(RuntimeWarning, match="injected"):
        rows.solve()
    generic.solve()
    assert not rows.sparse and rows.value() == generic.value()
    keys = [(a, b) for i, a in enumerate(order) for b in order[i + 1 :] if rng.random() < 0.3]
    for m in (rows, generic):
        m.zero_pairs(keys)
    mate = generic.solve()
    rows.solve()
    assert rows.value() == generic.value()
    x = next(x for x in order if mate.get(x, x) != x)
    for m in (rows, generic):
        m.finalize(x, mate[x])
    generic.solve()
    rows.solve()
    assert rows.value() == generic.value()


@pytest.mark.parametrize("seed", range(6))
def test_a_priced_2026_bracket_goes_on_dense_when_the_core_fails(seed, monkeypatch):
    """The same for the 2026 bracket matcher, against one that stores every pair."""
    n = 20
    got = []
    for sparse_from in (0, 10**9):
        monkeypatch.setattr(LocalMatcher, "sparse_from", sparse_from)
        r = random.Random(seed)
        m = LocalMatcher([None] * n, lambda a, b: True, lambda x: True)  # type: ignore[list-item]
        m.relayout(fit_layout(["top", "x"], [4 * n, 1000]), 6)
        A = list(range(n))
        m.begin_bracket(A, [], False)
        unit = m.top_unit
        m.set_columns((l, [unit + (r.randrange(1, 40) << 20) for _ in range(l)]) for l in range(1, n))
        assert m.sparse == (sparse_from == 0)
        values = [(m.solve(), m.value())[1]]
        m.set_bonus_row(0, A[1:], 5)
        if m.sparse:
            _fail_next_solve(m)
            with pytest.warns(RuntimeWarning, match="injected"):
                m.solve()
            assert not m.sparse
        else:
            m.solve()
        values.append(m.value())
        m.zero_pairs([(a, b) for a in A for b in A if a < b and (a + b) % 3 == 0])
        mate = m.solve()
        values.append(m.value())
        x = next(x for x in A if mate.get(x, x) != x)
        m.finalize(x, mate[x])
        m.solve()
        values.append(m.value())
        got.append(values)
    assert got[0] == got[1]
