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


@pytest.mark.parametrize("share, batch_pairs", [(False, 1 << 16), (True, 1 << 16), (False, 3)])
@pytest.mark.parametrize("seed", range(4))
def test_local_matcher_set_columns_is_set_column_each(seed, share, batch_pairs):
    """A bracket's columns given at once (:meth:`LocalMatcher.set_columns`, the engine's
    way) make the same core graph, slot for slot, and the same table of pairs as one
    :meth:`set_column` each, whether or not equal weights are shared (a large bracket),
    in one call to the core or in batches, with a column given again among them (it
    goes through :meth:`set_column`, in its place); after the bracket's first solve
    they all go through :meth:`set_column`."""
    rng = random.Random(seed)
    n = 18
    players = sorted(rng.sample(range(n - 3), 11))
    A = players[:]
    rng.shuffle(A)
    one, batch = make(n), make(n)
    if share:
        batch.share_from = 0
    batch.hand_over_at_once = batch_pairs
    unit = one.top_unit
    columns = []
    for k in range(1, len(players)):
        weights = [rng.choice([0, 2 * unit, 2 * unit + (rng.randrange(1, 9) << 6)]) for _ in range(k)]
        columns.append((players[k], weights))
    k = rng.randrange(1, len(columns))
    columns.insert(k + 1, (columns[k][0], [w or 2 * unit for w in columns[k][1]]))  # given again
    for m in (one, batch):
        m.begin_bracket(A, [n - 3, n - 2, n - 1], False)
    for l, weights in columns:
        one.set_column(l, players[: len(weights)], list(weights))
    batch.set_columns((l, list(weights)) for l, weights in columns)
    assert batch._inc.edges() == one._inc.edges() and batch._cols == one._cols and not batch.packed
    model = {(h, l): w for l, weights in columns for h, w in zip(players, weights)}
    check(batch, model, players)
    solve(one)
    solve(batch)
    assert batch._inc.edges() == one._inc.edges() and batch._mates == one._mates
    later = [(players[-1], [0] * (len(players) - 1))]  # after a solve: through set_column
    one.set_column(players[-1], players[:-1], list(later[0][1]))
    batch.set_columns(later)
    solve(one)
    solve(batch)
    assert batch._inc.edges() == one._inc.edges() and batch._cols == one._cols
    assert core_pairs(batch) == {key: w for key, w in model.items() if w and key[1] != players[-1]}


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


@pytest.mark.parametrize("seed", range(5))
def test_compatibility_meets_any_is_any_pair(seed):
    """:meth:`Compatibility.meets_any` (which players of A get a shadow in
    :meth:`LocalMatcher.begin_bracket`) answers as ``ok`` asked of each player in turn,
    with and without C1's exceptions, claims or not, exceptions fewer or more than the
    players asked about."""
    from tabellone.rules.dutch.absolute import Compatibility

    rng = random.Random(seed)
    n = 14
    for banned_on in (True, False):
        ok = Compatibility.__new__(Compatibility)
        ok.banned = [set() for _ in range(n)] if banned_on else None
        if ok.banned is not None:
            for _ in range(rng.randrange(10, 60)):
                a, b = rng.sample(range(n), 2)
                ok.banned[a].add(b)
                ok.banned[b].add(a)
        ok.claim = [rng.choice([None, None, "W", "B"]) for _ in range(n)]
        for i in range(n):
            for size in range(n):
                js = rng.sample([j for j in range(n) if j != i], min(size, n - 1))
                assert ok.meets_any(i, js) == any(ok(i, j) for j in js), (i, js)
