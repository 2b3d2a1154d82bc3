"""The optimiser's shortlist of pairs (:mod:`tabellone.rules.italo_svizzero.shortlist`):
the exchange argument checked by hand on a line of players, against every pairing of
small rounds (brute force), and the optimiser with the shortlist against the optimiser
on the whole field (generated events)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from test_italo_svizzero import _matchings  # every perfect matching of a list, brute force

from tabellone.rules import italo_svizzero as it
from tabellone.rules.italo_svizzero import SimSettings, odd, optimiser, shortlist, simulate
from tabellone.rules.italo_svizzero.view import score_units


def test_nothing_barred_leaves_only_neighbours():
    # six players on the line, nobody barred: (0, 1), (2, 3), (4, 5) is the only best
    # pairing (every step spanned once at most); any other pair has a player between
    # its two who could be exchanged, so only neighbours remain
    places = [3, 0, 5, 1, 4, 2]  # player i sits at places[i]
    got = shortlist.near_pairs(places, [0] * 6, odd_field=False)
    at = {p: i for i, p in enumerate(places)}
    assert sorted(got) == sorted(tuple(sorted((at[k], at[k + 1]))) for k in range(5))


def test_an_odd_field_allows_one_player_between():
    # the forfeit points' player may sit between the two of a board: one more place
    got = shortlist.near_pairs(list(range(5)), [0] * 5, odd_field=True)
    assert sorted(got) == [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (2, 4), (3, 4)]


def test_each_barred_pair_widens_both_players_by_two_places():
    # places 0..5; 0 may not meet 1 (F = 1 each): 0 reaches 3 (two players between,
    # 2 (F(0) + F(3)) = 2), 1 reaches 4 (2 (F(1) + F(4)) = 2); the others, nobody
    # barred, only their neighbours
    got = shortlist.near_pairs(list(range(6)), [1, 1, 0, 0, 0, 0], odd_field=False)
    assert sorted(got) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (1, 4), (2, 3), (3, 4), (4, 5)]


def _best_pairs(view, players, origin):
    """Every pair of every pairing best on score and rotation (brute force), and the
    legal pairs of the round."""
    rank = optimiser.reading_order(view, players, origin)
    unit = score_units(view, players)
    low = min(view.score[p] for p in players)
    pools = [(players, None)]
    if len(players) % 2:
        pools = [([p for p in players if p != a], a) for a in players]
    best, chosen = None, set()
    for pool, award in pools:
        for m in _matchings(pool):
            if not all(view.may_meet(a, b) for a, b in m):
                continue
            s = sum(optimiser.gap_units(view.score[a], view.score[b], unit) for a, b in m)
            s += optimiser.gap_units(view.score[award], low, unit) if award is not None else 0
            vec = (s, sum(abs(rank[a] - rank[b]) for a, b in m))
            if best is None or vec < best:
                best, chosen = vec, set()
            if vec == best:
                chosen |= {frozenset(pr) for pr in m}
    legal = {frozenset((a, b)) for a in players for b in players if a != b and view.may_meet(a, b)}
    return chosen, legal, rank


@pytest.mark.slow
def test_every_best_pairing_of_small_rounds_lies_in_the_shortlist():
    # 11 and 12 players, rounds 2 and 3: few rematches, so the shortlist leaves out
    # pairs; every pair of every best pairing (score, then rotation) must be kept
    left_out = 0
    for seed in range(16):
        n = 11 + seed % 2
        res = simulate(SimSettings(players=n, rounds=3, seed=2600 + seed))
        for pairing, view in zip(res.pairings[1:], res.views[1:]):
            players = list(view.to_pair)
            chosen, legal, rank = _best_pairs(view, players, pairing.start)
            index = {p: i for i, p in enumerate(players)}
            barred = [sum(1 for q in view.opponents[p] if q in index) for p in players]
            near = {
                frozenset((players[i], players[j]))
                for i, j in shortlist.near_pairs([rank[p] for p in players], barred, len(players) % 2 == 1)
            }
            assert chosen <= near
            left_out += len(legal - near)
    assert left_out > 100


def test_unique_best_says_when_a_matching_has_a_twin():
    # a square 0-1-2-3-0 with equal weights has two perfect matchings: no single best
    square = [(0, 1, 5), (1, 2, 5), (2, 3, 5), (0, 3, 5)]
    assert shortlist.unique_best(4, square) is None
    # one heavier side decides
    assert shortlist.unique_best(4, [(0, 1, 6)] + square[1:]) == {0: 1, 1: 0, 2: 3, 3: 2}
    # a path of three cannot pair everybody
    assert shortlist.unique_best(3, [(0, 1, 1), (1, 2, 1)]) is None


def _events():
    for seed in range(24):
        n = 20 + (seed * 29) % 101
        yield SimSettings(
            players=n,
            rounds=min(9, max(3, n // 4)),
            seed=4100 + seed,
            edition="2.2" if seed % 4 == 3 else "capo5",
            withdrawals=seed % 3,
            forfeit_rate=0.03 if seed % 5 == 1 else 0.0,
        )


@pytest.mark.slow
def test_optimiser_with_the_shortlist_pairs_as_on_the_whole_field(monkeypatch):
    # every round of generated events (literal history), paired by the optimiser with
    # the shortlist and again with the whole field's matching only
    rounds = shortcut = 0
    for s in _events():
        res = simulate(replace(s, method="literal"))
        for pairing, view in zip(res.pairings[1:], res.views[1:]):
            with monkeypatch.context() as mp:
                calls = []

                def counted(n, edges, calls=calls):
                    got = shortlist.unique_best(n, edges)
                    calls.append(got is not None)
                    return got

                mp.setattr(optimiser, "unique_best", counted)
                fast = optimiser.pair_optimised(view, pairing.start, s.odd)
            with monkeypatch.context() as mp:
                mp.setattr(optimiser, "unique_best", lambda n, edges: None)
                whole = optimiser.pair_optimised(view, pairing.start, s.odd)
            assert (fast.pairs, fast.bye, fast.order) == (whole.pairs, whole.bye, whole.order)
            rounds += 1
            shortcut += any(calls)
    # with the tie-break, nearly every round has a single best pairing on the shortlist
    assert rounds > 100 and shortcut > rounds * 9 // 10


def _tie_break(rank, m, pairs, award):
    """The optimiser's tie-break, written out from its docstring: each board's distance
    times the places from its first player to the end of the reading order, plus the
    square of the places left after the forfeit receiver."""
    total = sum(abs(rank[a] - rank[b]) * (m - min(rank[a], rank[b])) for a, b in pairs)
    return total + ((m - rank[award]) ** 2 if award is not None else 0)


@pytest.mark.slow
def test_optimiser_takes_the_best_pairing_then_the_tie_break_on_small_rounds():
    # brute force over every legal pairing of rounds 2-3 of 6-10 players: the optimiser
    # is best on (score, rotation, colour), then on the tie-break; where a single pairing
    # is best on all four it is that pairing
    checked = single = 0
    for seed in range(40):
        n = 6 + seed % 5
        res = simulate(SimSettings(players=n, rounds=3, seed=3300 + seed))
        for pairing, view in zip(res.pairings[1:], res.views[1:]):
            players = list(view.to_pair)
            rank = optimiser.reading_order(view, players, pairing.start)
            strict = {p for lvl in odd.award_levels(view, players, True) for p in lvl}
            pools = [(players, None)]
            if len(players) % 2:
                pools = [([p for p in players if p != a], a) for a in players if a in strict]
            vectors = []
            for pool, award in pools:
                for m in _matchings(pool):
                    if all(view.may_meet(a, b) for a, b in m):
                        boards = [it.art17_colours(view, a, b, "forfeit") for a, b in m]
                        vec = it.objective_vector(view, boards, award, pairing.start, players, "forfeit")
                        vectors.append(((*vec, _tie_break(rank, len(players), m, award)), boards, award))
            best = min(v for v, _, _ in vectors)
            opt = optimiser.pair_optimised(view, pairing.start, "forfeit")
            vec = it.objective_vector(view, opt.pairs, opt.bye, pairing.start, players, "forfeit")
            assert (*vec, _tie_break(rank, len(players), opt.pairs, opt.bye)) == best
            winners = [(sorted(b), a) for v, b, a in vectors if v == best]
            if len(winners) == 1:
                assert (sorted(opt.pairs), opt.bye) == winners[0]
                single += 1
            checked += 1
    assert checked >= 60 and single >= checked * 3 // 4


def test_nested_boards_give_way_to_crossing_ones_and_the_points_go_to_the_last_read():
    # four players level, read 0, 1, 2, 3, with 0-1 and 2-3 barred: 0-2, 1-3 (crossing,
    # distances 2 and 2) and 0-3, 1-2 (nested, 3 and 1) tie on score and rotation; the
    # tie-break is 2 * 4 + 2 * 3 = 14 against 3 * 4 + 1 * 3 = 15, so the crossing boards,
    # as the rotation reads them (0 takes the nearest he may meet)
    rank = {p: p for p in range(4)}
    assert _tie_break(rank, 4, [(0, 2), (1, 3)], None) < _tie_break(rank, 4, [(0, 3), (1, 2)], None)
    # three level players, one takes the forfeit points: to 2 (read last) 1 + 1 = 2,
    # to 0: 1 * 2 + 9 = 11
    assert _tie_break(rank, 3, [(0, 1)], 2) < _tie_break(rank, 3, [(1, 2)], 0)
    # and the optimiser's own weights say the same: its tie-break field, per edge
    raw = optimiser._weighed(_level_view(4), [0, 1, 2, 3], [(0, 2), (1, 3), (0, 3), (1, 2)], _plain_terms, rank, 1, 0)
    tie = {(i, j): v[3] for i, j, v in raw}
    assert tie[(0, 2)] + tie[(1, 3)] == 14 and tie[(0, 3)] + tie[(1, 2)] == 15


def _plain_terms(a, b):
    return 0, abs(a - b), 0


def _level_view(n):
    from tabellone.rules.italo_svizzero.view import RoundView

    ids = list(range(n))
    return RoundView(
        round=2,
        edition="capo5",
        game="italiana",
        ring=ids,
        to_pair=ids,
        score={p: Fraction(1) for p in ids},
        opponents={p: set() for p in ids},
        prohibited=frozenset(),
        whites=dict.fromkeys(ids, 0),
        colours=dict.fromkeys(ids, ""),
        awarded=set(),
        rested=set(),
        round1_players=set(ids),
        absent=set(),
        departed=set(),
        pending=0,
        total_rounds=3,
    )


def test_score_units_line_up_with_the_shortlist_order():
    # the argument needs scores that never rise along the reading order
    res = simulate(SimSettings(players=30, rounds=5, seed=77))
    view, pairing = res.views[-1], res.pairings[-1]
    players = list(view.to_pair)
    rank = optimiser.reading_order(view, players, pairing.start)
    line = sorted(players, key=rank.__getitem__)
    scores = [view.score[p] for p in line]
    assert scores == sorted(scores, reverse=True) and scores[0] > scores[-1] >= Fraction(0)
