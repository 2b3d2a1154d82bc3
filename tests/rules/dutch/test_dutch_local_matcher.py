"""The bracket-local matcher's pair weights (tabellone/rules/dutch/matcher.py, LocalMatcher):
kept per column of the bracket where the engine gives whole columns, in a dict for the
other pairs, they read and change as one table of pairs would (a plain dict beside it is
the model), and the core's graph holds exactly the pairs that may meet."""

from __future__ import annotations

import random
from contextlib import suppress

import pytest

from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.dutch.matcher import LocalMatcher, NeedWholeField


def make(n: int) -> LocalMatcher:
    m = LocalMatcher([None] * n, lambda a, b: True, lambda x: True)  # type: ignore[list-item]
    m.relayout(fit_layout(["top", "x"], [4 * n, 1000]), 6)
    return m


def core_pairs(m: LocalMatcher) -> dict[tuple[int, int], int]:
    """The core's edges between players of A, as position pairs, without the bonuses."""
    A, na = m.A, len(m.A)
    out = {}
    for u, v, w in m._inc.edges():
        if u < na and v < na:
            a, b = sorted((A[u], A[v]))
            out[(a, b)] = w - m.bonus.get((a, b), 0)
    return out


def solve(m: LocalMatcher) -> None:
    """Solve (the core's graph is brought up to date first, whether or not the optimum
    can be completed below: that is another test's matter)."""
    with suppress(NeedWholeField):
        m.solve()


def check(m: LocalMatcher, model: dict[tuple[int, int], int], players: list[int]) -> None:
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            key = (min(a, b), max(a, b))
            assert m.has_edge(a, b) == m.has_edge(b, a) == (model.get(key, 0) != 0), key
    x = players[0]
    assert m._meets_row(x, players[1:]) == [model.get((min(x, y), max(x, y)), 0) != 0 for y in players[1:]]


@pytest.mark.parametrize("seed", range(6))
def test_local_matcher_weights_read_as_one_table(seed):
    rng = random.Random(seed)
    n = 16
    m = make(n)
    players = sorted(rng.sample(range(n - 3), 9))
    below = [n - 3, n - 2, n - 1]
    A = players[:]  # the engine's A: its MDPs, residents and next bracket, not in position order
    rng.shuffle(A)
    m.begin_bracket(A, below, False)
    unit = m.top_unit  # a pair that may meet: its own top term and the extra one (LocalMatcher)
    model: dict[tuple[int, int], int] = {}
    odd_one = players[5]  # its column arrives as single pairs, not as the first players of A
    for k, l in enumerate(players[1:], 1):
        hs = players[:k]
        weights = [rng.choice([0, 2 * unit, 2 * unit + (rng.randrange(1, 9) << m.bonus_bits)]) for _ in hs]
        if l == odd_one:
            for h, w in zip(hs[::-1], weights[::-1]):
                m.set_column(l, [h], [w])
        else:
            m.set_column(l, hs, weights)
        model.update(((h, l), w) for h, w in zip(hs, weights))
    assert len(m._cols) >= 7 and len(m._cols.get(odd_one, [])) <= 1 and m.packed
    check(m, model, players)
    solve(m)
    assert core_pairs(m) == {key: w for key, w in model.items() if w}

    free = [x for x in players if x not in m.final]
    keys = [(a, b) for i, a in enumerate(free) for b in free[i + 1 :] if rng.random() < 0.5]
    keys += keys[:2]  # a pair named twice is restored to its first value
    before = dict(model)
    saved = m.zero_pairs(keys)
    model.update(dict.fromkeys(keys, 0))
    check(m, model, players)
    solve(m)
    assert not m.final and core_pairs(m) == {key: w for key, w in model.items() if w}
    m.restore_pairs(saved)
    model = before
    check(m, model, players)
    solve(m)
    assert core_pairs(m) == {key: w for key, w in model.items() if w}

    x = free[0]
    m.set_bonus_row(x, free[1:], 3)
    assert {key for key in m.bonus if x in key} == {
        (min(x, y), max(x, y)) for y in free[1:] if model.get((min(x, y), max(x, y)), 0)
    }
    a, b = free[1], free[2]
    m.zero(b, a)
    model[(a, b)] = 0
    check(m, model, players)
