"""The literal Dutch procedure (tabellone.rules.dutch.literal) and its cross-check with the optimiser.

Three kinds of tests:

* the generation order of the text on BSNs, with the examples the text itself gives
  (C.04.3 2026 Art. 4.2-4.4; 2017 D.1-D.3);
* small brackets worked by hand, where a transposition, an exchange or a criterion decides;
* generated tournaments: every round, the literal procedure and the optimiser
  (tabellone.rules.dutch.pair_round) give the same pairing, colours, boards and bye, in both
  editions. The benchmark ``benchmarks/dutch_crosscheck.py`` runs many more seeds.
"""

from __future__ import annotations

import itertools
from math import comb

import pytest
from tournaments import field, game, merge

from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.history import cut_before
from tabellone.core.model import Tournament
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules.dutch import literal as dutch_literal
from tabellone.rules.dutch import pair_round
from tabellone.rules.dutch.literal import (
    LiteralBudgetExceeded,
    exchange_key,
    mdp_sets_2017,
    mdp_sets_2026,
    pair_round_literal,
    resident_exchanges,
    transpositions,
)

# --------------------------------------------------------------------------------------
# small tournaments written by hand


def same(a, b) -> bool:
    return a.pairs == b.pairs and a.bye == b.bye


# --------------------------------------------------------------------------------------
# Art. 4.2 / D.1: transpositions


def test_transpositions_of_an_eleven_player_homogeneous_bracket():
    # The text's example: S1 = 1-5, S2 = 6-11; sorted on the first five BSNs of S2.
    # The text lists "6-7-8-9-10, 6-7-8-9-11, 6-7-8-10-11, ...", but its own rule
    # (lexicographic order of the first five BSNs) and its count (720 = 6!/1!) put
    # 6-7-8-10-9 between the second and the third: the example skips one. The rule is
    # followed here (and by the optimiser: each S1 player takes the highest-ranked S2
    # player that still allows the best pairing).
    order = ["-".join(map(str, t)) for t in transpositions(list(range(6, 12)), 5)]
    assert order[:4] == ["6-7-8-9-10", "6-7-8-9-11", "6-7-8-10-9", "6-7-8-10-11"]
    k = order.index("6-11-10-9-8")
    assert order[k + 1] == "7-6-8-9-10"
    assert order[-1] == "11-10-9-8-7"
    assert len(order) == 720


def test_transpositions_of_a_heterogeneous_bracket_with_two_mdps():
    # The text's example: 11 players, MDPs 1-2 in S1, residents 3-11 in S2.
    order = ["-".join(map(str, t)) for t in transpositions(list(range(3, 12)), 2)]
    assert order[:3] == ["3-4", "3-5", "3-6"]
    assert order[order.index("3-11") + 1 : order.index("3-11") + 3] == ["4-3", "4-5"]
    assert order[-1] == "11-10"
    assert len(order) == 72


# --------------------------------------------------------------------------------------
# Art. 4.3 / D.2: resident exchanges


@pytest.mark.parametrize(
    "better,worse",
    [
        # rule 1: fewer BSNs exchanged
        (((5,), (6,)), ((4, 5), (6, 7))),
        # rule 2, the text's examples (eleven players): 6 with 4 before 8 with 5;
        # 8+6 with 4+3 before 9+8 with 5+4
        (((4,), (6,)), ((5,), (8,))),
        (((4, 3), (8, 6)), ((5, 4), (9, 8))),
        # rule 3: the largest differing BSN moved S1->S2: 5 before 4; 5-2 before 4-3;
        # 5-4-1 before 5-3-2 (with the same BSNs moved up, rule 2 ties)
        (((5,), (7,)), ((4,), (6,))),
        (((5, 2), (7, 8)), ((4, 3), (7, 8))),
        (((5, 4, 1), (6, 7, 8)), ((5, 3, 2), (6, 7, 8))),
        # rule 4: the smallest differing BSN moved S2->S1: 6 before 7; 6-9 before 7-8;
        # 6-7-10 before 6-8-9 (same BSNs moved down, rule 2 ties)
        (((3, 4), (6, 9)), ((3, 4), (7, 8))),
        (((1, 2, 3), (6, 7, 10)), ((1, 2, 3), (6, 8, 9))),
    ],
)
def test_exchange_comparison_rules(better, worse):
    assert exchange_key(*better) < exchange_key(*worse)


def test_first_exchanges_of_an_eleven_player_bracket_worked_by_hand():
    # S1 = 1-5, S2 = 6-11. No exchange; then one BSN each way by the difference
    # (up - down): 1: 5<->6; 2: 5<->7 before 4<->6 (rule 3); 3: 5<->8, 4<->7, 3<->6 ...
    got = list(itertools.islice(resident_exchanges([1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]), 11))
    assert got == [
        ((), ()),
        ((5,), (6,)),
        ((5,), (7,)),
        ((4,), (6,)),
        ((5,), (8,)),
        ((4,), (7,)),
        ((3,), (6,)),
        ((5,), (9,)),
        ((4,), (8,)),
        ((3,), (7,)),
        ((2,), (6,)),
    ]
    every = list(resident_exchanges([1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]))
    assert len(every) == sum(comb(5, k) * comb(6, k) for k in range(6))  # = C(11, 5) = 462
    # after all single exchanges come the double ones, smallest difference first:
    # 4+5 with 6+7 (13 - 9 = 4)
    first_double = next(e for e in every if len(e[0]) == 2)
    assert first_double == ((4, 5), (6, 7))


# --------------------------------------------------------------------------------------
# Art. 4.4 (2026) / D.3 (2017): sets of MDPs


def test_mdp_sets_2026_by_smallest_differing_bsn():
    # 4.4.2: {1,3} before {1,4} before {3,4}
    order = list(mdp_sets_2026([1, 2, 3, 4], 2))
    assert order.index((1, 3)) < order.index((1, 4)) < order.index((3, 4))
    assert order[0] == (1, 2) and order[-1] == (3, 4)


def test_mdp_sets_2017_highest_score_first_then_lowest_bsns():
    # D.3: (a) the highest different score in the new S1, then (b) the lowest BSNs.
    score = {1: 3, 2: 3, 3: 3, 4: 2, 5: 1}.__getitem__
    order = mdp_sets_2017([1, 2, 3, 4, 5], 2, score)
    assert order[:3] == [(1, 2), (1, 3), (2, 3)]  # both at 3 points
    assert order[3] == (1, 4)  # 3 + 2
    # {1,5} (3 and 1) comes after {2,4} (3 and 2): the score decides before the BSNs
    assert order.index((2, 4)) < order.index((1, 5))


# --------------------------------------------------------------------------------------
# brackets worked by hand


def test_round_one_takes_the_first_candidate():
    # One bracket, no history: the first candidate 1-4 2-5 3-6 is perfect (3.4.1).
    for edition in ("2026", "2017"):
        p = pair_round_literal(field(6), edition)
        assert p.pairs == [(1, 4), (5, 2), (3, 6)]
        assert same(p, pair_round(field(6), edition))


def test_odd_round_one_floats_the_last_bsn_to_the_bye():
    for edition in ("2026", "2017"):
        p = pair_round_literal(field(7), edition)
        assert p.bye == 7
        assert same(p, pair_round(field(7), edition))


def test_an_exchange_is_needed_for_a_perfect_candidate():
    # Round 1: 1-4, 5-2, 3-6, all drawn: one bracket of six at 1/2 point.
    # Preferences: 1, 3, 5 had White (want Black); 2, 4, 6 had Black (want White).
    # S1 = 1 2 3, S2 = 4 5 6. Every transposition of S2 either repeats a game (1-4,
    # 2-5, 3-6) or gives two players the colour they do not want (e.g. 4-5-6 repeats
    # 1-4; 5-6-4: 1-5 and 2-6 both fail [C12]). The first exchange (4.3: 3 <-> 4)
    # gives S1 = 1 2 4, S2 = 3 5 6, and its transposition 6-3-5 pairs 1-6, 2-3, 4-5:
    # no repeat, every preference granted: the first perfect candidate.
    t = field(6, [merge(game(1, 4, "="), game(5, 2, "="), game(3, 6, "="))])
    for edition in ("2026", "2017"):
        p = pair_round_literal(t, edition)
        assert sorted(tuple(sorted(x)) for x in p.pairs) == [(1, 6), (2, 3), (4, 5)]
        assert p.pairs == [(6, 1), (2, 3), (4, 5)]  # colours: 5.2.1, preferences granted
        assert same(p, pair_round(t, edition))


def test_heterogeneous_bracket_transposition_for_colours():
    # Round 1: 1-5, 2-6, 3-7 won by White, 4-8 drawn. Round 2: {1, 2, 3} at 1 point
    # (all want Black: one of them cannot have it), {4, 8} at 1/2, {5, 6, 7} at 0.
    # Top bracket: S1 = 1, S2 = 2 3: 1-2, and 3 floats ([C12] fails in any pair).
    # 1/2-point bracket: MDP 3 (wants Black) in S1, S2 = 4 (wants Black) 8 (wants White):
    # the first transposition 3-4 fails [C12], the second, 3-8, does not; 4 floats.
    # 0-point bracket: MDP 4 meets 5 (wants White); remainder 6-7 (both want White).
    t = field(8, [merge(game(1, 5, "1"), game(2, 6, "1"), game(3, 7, "1"), game(4, 8, "="))])
    for edition in ("2026", "2017"):
        p = pair_round_literal(t, edition)
        assert sorted(tuple(sorted(x)) for x in p.pairs) == [(1, 2), (3, 8), (4, 5), (6, 7)]
        assert same(p, pair_round(t, edition))


def test_c9_gives_the_pab_to_the_player_with_fewer_unplayed_games(monkeypatch):
    # Five players; round 1: 3-1 (1 wins), 2-4 (2 wins), 5 absent (zero-point bye).
    # Round 2: 1-2 at one point; {3, 4, 5} at zero: one pair and the PAB. The first
    # candidate is 3-4 (colours fine: 3 wants Black, 4 White) with the PAB to 5; but
    # 5 has one unplayed game and 4 none, so 2026 [C9] prefers 3-5 and the PAB to 4
    # (the shape of bbpPairings' dutch_2025_C9 fixture). In 2017 the absence was a
    # downfloat (A.4.b), and C.12 moves the PAB (another downfloat) away from 5 too.
    t = field(5, [merge(game(3, 1, "0"), game(2, 4, "1"))])
    for edition in ("2026", "2017"):
        p = pair_round_literal(t, edition)
        assert p.bye == 4
        assert sorted(tuple(sorted(x)) for x in p.pairs) == [(1, 2), (3, 5)]
        assert same(p, pair_round(t, edition))
    # without [C9] the 2026 text would keep the first candidate
    monkeypatch.setattr(dutch_literal._Bracket, "C9_pab_unplayed_games", lambda self, F: 0)
    assert pair_round_literal(t, "2026").bye == 5


def test_no_complete_pairing_is_reported():
    t = field(2, [game(1, 2, "1")])
    for edition in ("2026", "2017"):
        with pytest.raises(NoPairingError):
            pair_round_literal(t, edition)


def test_unknown_edition_and_missing_rounds_are_input_errors():
    with pytest.raises(InputError):
        pair_round_literal(field(4), "1999")
    t = Tournament(players=field(4).players, total_rounds=None, initial_colour="w")
    with pytest.raises(InputError):
        pair_round_literal(t, "2026")


def test_budget_names_the_bracket():
    t = field(6, [merge(game(1, 4, "="), game(5, 2, "="), game(3, 6, "="))])
    with pytest.raises(LiteralBudgetExceeded, match=r"round 2: the 0\.5-point bracket \(players 1, 2, 3, 4, 5, 6\)"):
        pair_round_literal(t, "2026", budget=3)


# --------------------------------------------------------------------------------------
# the cross-check on generated tournaments


def _optimiser(edition):
    def pairer(t):
        p = pair_round(t, edition)
        return p.pairs, p.bye

    return pairer


def _events(edition, seeds, rounds, **rates):
    for seed in seeds:
        players = 6 + (seed * 7) % 35  # 6 to 40
        s = GeneratorSettings(players=players, rounds=rounds, seed=seed, **rates)
        try:
            yield seed, generate(s, _optimiser(edition))
        except NoPairingError:
            continue  # the event ran out of legal pairings (few players, many rounds)


def _disagreements(edition, seeds, rounds, **rates):
    out, checked = [], 0
    for seed, t in _events(edition, seeds, rounds, **rates):
        for r in range(1, rounds + 1):
            cut = cut_before(t, r)
            lit = pair_round_literal(cut, edition, r)
            opt = pair_round(cut, edition, r)
            checked += 1
            if not same(lit, opt):
                out.append(
                    f"seed {seed} round {r}: literal {lit.pairs} bye {lit.bye}; optimiser {opt.pairs} bye {opt.bye}"
                )
    return out, checked


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_literal_equals_optimiser_on_generated_tournaments(edition):
    bad, checked = _disagreements(edition, range(1, 61), 7)
    assert checked >= 300
    assert bad == []


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_literal_equals_optimiser_with_absences_byes_and_forfeits(edition):
    # zero-point absences, half-point byes and forfeits: unplayed games ([C9]), floats
    # without a game, 2017's PPB/CLB in the small events
    bad, checked = _disagreements(edition, range(101, 161), 7, absence_rate=0.04, half_bye_rate=0.03, forfeit_rate=0.03)
    assert checked >= 300
    assert bad == []


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_literal_equals_optimiser_on_longer_events(edition):
    # nine rounds, 25 to 40 players: larger brackets early, many floats late
    bad, checked = [], 0
    for seed in (3, 8, 13, 18, 23, 28):
        players = 25 + seed % 16  # 28, 33, 38, 27, 32, 37
        s = GeneratorSettings(players=players, rounds=9, seed=seed, absence_rate=0.02, forfeit_rate=0.02)
        t = generate(s, _optimiser(edition))
        for r in range(1, 10):
            cut = cut_before(t, r)
            lit, opt = pair_round_literal(cut, edition, r), pair_round(cut, edition, r)
            checked += 1
            if not same(lit, opt):
                bad.append(f"seed {seed} round {r}")
    assert checked == 54
    assert bad == []


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_the_bound_only_prunes(edition, monkeypatch):
    """The matching bound of the search never changes a choice: with it switched off
    (plain branch and bound over the candidates, stopping only at a perfect one), small
    events pair the same, round by round."""
    rounds = []
    for seed in range(201, 216):
        s = GeneratorSettings(players=8 + seed % 9, rounds=6, seed=seed, absence_rate=0.03, forfeit_rate=0.03)
        try:
            t = generate(s, _optimiser(edition))
        except NoPairingError:
            continue
        rounds += [(seed, r, cut_before(t, r)) for r in range(1, 7)]
    assert len(rounds) >= 60
    with_bound = [pair_round_literal(cut, edition, r) for _, r, cut in rounds]
    monkeypatch.setattr(dutch_literal, "USE_BOUND", False)
    for (seed, r, cut), p in zip(rounds, with_bound):
        assert same(pair_round_literal(cut, edition, r, budget=2_000_000), p), (seed, r)
