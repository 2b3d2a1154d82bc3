"""The 2017 edition's bracket matcher that keeps its weights row by row
(tabellone/rules/dutch/bracket_matcher.py, :class:`RowMatcher`) against the generic
:class:`Matcher` it replaces: the same table of pairs under every change the generation
order makes, the same optimum, and the same pairings of whole generated events."""

from __future__ import annotations

import random
import weakref
from collections.abc import Collection

import networkx as nx
import pytest

from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.matching.blossom import HAVE_EXTENSION
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.dutch import Dutch2017, RoundContext, pair_round
from tabellone.rules.dutch.bracket_matcher import RowMatcher
from tabellone.rules.dutch.matcher import Matcher, Pairs
from tabellone.rules.fide_common import round_to_pair


def _pairer(t):
    p = pair_round(t, "2017")
    return p.pairs, p.bye


def _round(t, r, rows: bool):
    cut = cut_before(t, r)
    state, players, _ = round_to_pair(cut, r)
    engine = Dutch2017(RoundContext(cut, state, "2017", players, last_round=(r == cut.total_rounds)))
    engine.row_matcher = rows
    pairs, bye = engine.pair()
    return sorted(map(sorted, pairs)), bye, getattr(engine, "ppb", False)


@pytest.mark.parametrize("players, rounds, seed", [(40, 9, 3), (61, 9, 7), (120, 7, 2), (33, 11, 5)])
def test_row_matcher_pairs_every_round_as_the_generic_matcher(players, rounds, seed):
    t = generate(GeneratorSettings(players=players, rounds=rounds, seed=seed), _pairer)
    for r in range(2, rounds + 1):
        rows, generic = _round(t, r, True), _round(t, r, False)
        assert rows == generic, f"round {r}"


def test_the_events_above_reach_a_ppb():
    # the PPB's pairing (completion in the weights, everything below collapsed) is among
    # the cases compared above
    t = generate(GeneratorSettings(players=33, rounds=11, seed=5), _pairer)
    assert any(_round(t, r, True)[2] for r in range(2, 12))


def _pair(x: int, y: int) -> tuple[int, int]:
    return (x, y) if x < y else (y, x)


def _best(weights: dict[tuple[int, int], int], without: Collection[int] = ()) -> int:
    """The weight of a maximum-weight matching of ``weights`` without the players ``without``."""
    g = nx.Graph()
    g.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items() if a not in without and b not in without)
    return sum(g[a][b]["weight"] for a, b in nx.max_weight_matching(g))


@pytest.mark.parametrize("priced", [False, True])
@pytest.mark.parametrize("seed", range(8))
def test_row_matcher_reads_changes_and_solves_as_the_generic_matcher(seed, priced, monkeypatch):
    """Priced (``RowMatcher.sparse``: most pairs outside the core, each solve priced
    against its duals), the core's graph differs, and so may its duals: the optimum's
    weight must not, and :meth:`usable` must still name every partner some optimum
    gives a player (checked against networkx in both modes)."""
    if priced:
        if not HAVE_EXTENSION:
            pytest.skip("pricing reads the compiled core's duals")
        monkeypatch.setattr(RowMatcher, "sparse_from", 0)
    rng = random.Random(seed)
    n = 30
    players = [None] * n
    A = rng.sample(range(n), 14)  # the engine's A: MDPs, residents, next bracket (not in position order)
    layout = fit_layout(["x", "y"], [64, 64])
    rows = RowMatcher(players, A)  # type: ignore[arg-type]
    assert rows.sparse == priced
    generic = Matcher(players, None, active=A)  # type: ignore[arg-type]
    for m in (rows, generic):
        m.relayout(layout, 6)
    order = sorted(A)
    assert rows.order == order
    unit = 1 << rows.shift_of["y"] + rows.bonus_bits
    for k, h in enumerate(order):
        later = order[k + 1 :]
        # None: may not meet; 0: may meet, at no weight (the core's graph has no such edge)
        weights = [rng.choice([None, 0, unit, 2 * unit, unit + (rng.randrange(1, 50) << 12)]) for _ in later]
        rows.set_row(h, later, weights)
        generic.set_row(h, later, weights)

    def same(solved: bool = True) -> None:
        for k, a in enumerate(order):
            for b in order[k + 1 :]:
                assert rows.has_edge(a, b) == rows.has_edge(b, a) == generic.has_edge(a, b), (a, b)
                assert rows.weight((a, b)) == generic.weight((a, b)), (a, b)
        x = order[0]
        assert rows._meets_row(x, order[1:]) == generic._meets_row(x, order[1:])
        if solved:  # (before the first solve the rows are in the core already, as they came)
            assert rows.changes_pending() == generic.changes_pending()
        assert rows.bonus_pending() == generic.bonus_pending()

    def solve() -> None:
        mate_r, mate_g = rows.solve(), generic.solve()
        # the core's graph is the same between players still to pair, pair by pair,
        # however the changes reached it (the rows' dropped pairs in bulk, the generic
        # matcher's one by one; a fixed pair's vertices leave the core when its
        # optimum, one of several of equal weight, breaks the pair)
        if not priced:
            free = {rows.loc[x] for x in order if x not in rows.final}
            assert sorted(e for e in rows._inc.edges() if {e[0], e[1]} <= free) == sorted(
                e for e in generic._inc.edges() if {e[0], e[1]} <= free
            )
        assert rows.value() == generic.value()
        assert sum(rows.weight(_pair(a, b)) for a, b in mate_r.items() if a < b and a not in rows.final) == sum(
            generic.weight(_pair(a, b)) for a, b in mate_g.items() if a < b and a not in generic.final
        )

    same(solved=False)
    solve()
    same()
    for _step in range(12):
        free = [x for x in order if x not in rows.final]
        if len(free) < 4:
            break
        kind = rng.randrange(5)
        if kind == 0:  # a bonus row, as the generation order sets them
            x = rng.choice(free)
            ys = [y for y in free if y != x]
            bonus = rng.randrange(0, 30)
            for m in (rows, generic):
                m.set_bonus_row(x, ys, bonus)
        elif kind == 1:  # pairs dropped and put back (C2-C4 without exchange), or kept dropped (C5)
            keys = [_pair(a, b) for i, a in enumerate(free) for b in free[i + 1 :] if rng.random() < 0.3]
            keys += keys[:2]  # a pair named twice gets its first value back
            if rng.random() < 0.5:  # as C5 gives them: two arrays
                as_arrays = Pairs()
                if rng.random() < 0.5:
                    for a, b in keys:
                        as_arrays.extend(a, [b])
                else:  # runs of each player's next players (a slice of its row, or not: fixed players between)
                    for i, a in enumerate(free):
                        as_arrays.extend(a, free[i + 1 : i + 1 + rng.randrange(4)])
                saved = [m.zero_pairs(as_arrays) for m in (rows, generic)]
            else:
                saved = [m.zero_pairs(keys) for m in (rows, generic)]
            same()
            solve()
            if rng.random() < 0.5:
                for m, s in zip((rows, generic), saved):
                    m.restore_pairs(s)
        elif kind == 2:
            a, b = rng.sample(free, 2)
            for m in (rows, generic):
                m.zero(a, b)
        elif kind == 3:  # pairs dropped, then a pair of the last optimum fixed before the next solve
            mate = generic.solve()
            rows.solve()
            keys = [_pair(a, b) for i, a in enumerate(free) for b in free[i + 1 :] if rng.random() < 0.3]
            for m in (rows, generic):
                m.zero_pairs(keys)
            x = next((x for x in free if mate.get(x, x) != x and mate[x] in free), None)
            if x is not None:
                for m in (rows, generic):
                    m.finalize(x, mate[x])
        else:  # a pair of the optimum fixed
            mate = generic.solve()
            rows.solve()
            x = next((x for x in free if mate.get(x, x) != x and mate[x] in free), None)
            if x is not None:
                for m in (rows, generic):
                    m.finalize(x, mate[x])
        same()
        solve()
        free = [x for x in order if x not in rows.final]
        weights = {(a, b): w for i, a in enumerate(free) for b in free[i + 1 :] if (w := rows.weight((a, b)))}
        best = _best(weights)
        for x in free:
            ys = [y for y in free if y != x and rows.has_edge(x, y)]
            usable = rows.usable(x, ys)
            if not priced:
                assert usable == generic.usable(x, ys)
            # complete: every partner some optimum gives x is named (networkx, with x-y forced)
            assert usable is not None
            for y in ys:
                w = weights.get(_pair(x, y), 0)
                if w and _best(weights, {x, y}) + w == best:
                    assert y in usable, (x, y)


@pytest.mark.parametrize("players, seed", [(40, 3), (61, 7), (120, 2)])
def test_round_two_layout_leaves_out_the_floats_of_two_rounds_back(monkeypatch, players, seed):
    # in round 2 no player has a float two rounds back: those fields (C.14, C.15, C.18,
    # C.19) take no bits, and the pairing is the one of the full layout, where they are
    # there and stay 0
    t = generate(GeneratorSettings(players=players, rounds=3, seed=seed), _pairer)
    seen: list[set[str]] = []
    layout = Dutch2017.layout

    def record(self, *args):
        lay, df = layout(self, *args)
        seen.append({name if isinstance(name, str) else name[0] for name in lay.names})
        return lay, df

    monkeypatch.setattr(Dutch2017, "layout", record)
    for r in (2, 3):
        seen.clear()
        _round(t, r, True)
        for names in seen:
            assert {"C12", "C13", "C16", "C17"} <= names
            assert ({"C14", "C15", "C18", "C19"} <= names) == (r == 3)
    short = _round(t, 2, True)

    def full(self, *args):
        played, self.rounds_played = self.rounds_played, 2
        try:
            return layout(self, *args)
        finally:
            self.rounds_played = played

    monkeypatch.setattr(Dutch2017, "layout", full)
    assert _round(t, 2, True) == short


def test_a_brackets_matcher_is_let_go_before_the_next_is_built(monkeypatch):
    # each matcher's core holds every pair of its bracket (860 MB for the largest of
    # round 2 at 9,999 players): two of them alive at once was that round's peak
    t = generate(GeneratorSettings(players=61, rounds=4, seed=7), _pairer)
    made: list[weakref.ref] = []
    init = RowMatcher.__init__

    def tracked(self, *args):
        assert all(ref() is None for ref in made), "the bracket before's matcher is still alive"
        init(self, *args)
        made.append(weakref.ref(self))

    monkeypatch.setattr(RowMatcher, "__init__", tracked)
    _round(t, 4, True)
    assert len(made) > 2


def test_c5_drops_of_next_players_are_zeroed_as_slices_of_rows(monkeypatch):
    """C5 drops, for each player, its next players (of the bracket, or of S1): each run a
    slice of the player's row, zeroed as one (``RowMatcher._zero_runs``); the weights
    read and put back are those the generic matcher reads and puts back pair by pair,
    a run given twice included (its first weights come back)."""
    rng = random.Random(5)
    players = [None] * 40
    A = rng.sample(range(40), 20)
    layout = fit_layout(["x", "y"], [64, 64])
    rows, generic = RowMatcher(players, A), Matcher(players, None, active=A)  # type: ignore[arg-type]
    for m in (rows, generic):
        m.relayout(layout, 6)
    order = sorted(A)
    unit = 1 << rows.shift_of["y"] + rows.bonus_bits
    for k, h in enumerate(order):
        weights = [rng.choice([None, unit, 2 * unit, 3 * unit]) for _ in order[k + 1 :]]
        for m in (rows, generic):
            m.set_row(h, order[k + 1 :], weights)
    runs = []
    zero_runs = RowMatcher._zero_runs
    monkeypatch.setattr(RowMatcher, "_zero_runs", lambda self, pairs: runs.append(zero_runs(self, pairs)) or runs[-1])
    drops = Pairs()
    for k, h in enumerate(order[:12]):
        drops.extend(h, order[k + 1 : k + 1 + rng.randrange(1, 6)])
    drops.extend(order[0], order[1:4])  # the first run again
    before = [rows._packed_of(a, b) for a, b in drops]
    saved = [m.zero_pairs(drops) for m in (rows, generic)]
    assert runs and runs[0] is not None  # read as slices
    assert saved[0][2] == before  # each pair's weight before any was dropped, the repeated run's too
    assert not any(rows.weight(p) for p in drops)
    for k, a in enumerate(order):
        for b in order[k + 1 :]:
            assert rows.weight((a, b)) == generic.weight((a, b)), (a, b)
    for m, s in zip((rows, generic), saved):
        m.restore_pairs(s)
    for k, a in enumerate(order):
        for b in order[k + 1 :]:
            assert rows.weight((a, b)) == generic.weight((a, b)), (a, b)
    assert any(rows.weight(p) for p in drops)  # put back: not all dropped for good
