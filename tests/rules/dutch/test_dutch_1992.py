"""The 1992 (Manila) rating-based Swiss system: edition "1992" of the Dutch system,
the literal procedure of tabellone.rules.dutch.edition_1992.

Every expected pairing below was worked out by hand from the text (A1-A8, B1-B6, C1-C14,
D1-D2, E1-E4, F4), the steps written next to it; none was copied from the program's
output. Then invariants on generated tournaments, and the command line.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest
from testkit import pairer, texts
from tournaments import field, game, merge

from tabellone.cli import main
from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.history import cut_before
from tabellone.core.model import Float
from tabellone.core.pairing import Pairing
from tabellone.formats.trf import format_trf, read_trf
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules.dutch import EDITIONS, colour_article, pair_round, violations
from tabellone.rules.dutch import edition_1992 as dutch_1992
from tabellone.rules.dutch.edition_1992 import (
    A8_x,
    LiteralBudgetExceeded,
    exchanges,
    floats_1992,
    pair_round_1992,
    transpositions,
)


def unordered(p: Pairing) -> list[tuple[int, int]]:
    return sorted(tuple(sorted(x)) for x in p.pairs)


# --------------------------------------------------------------------------------------
# D1, D2: the order of the text's tables


def test_d1_transpositions_in_the_texts_order():
    # D1, S2 = 5 6 7 8: "5-6-8-7; 5-7-6-8; 5-7-8-6; 5-8-6-7; 5-8-7-6; 6-5-7-8; 6-5-8-7, etc."
    order = ["-".join(map(str, t)) for t in transpositions([5, 6, 7, 8], 4)]
    assert order[:8] == ["5-6-7-8", "5-6-8-7", "5-7-6-8", "5-7-8-6", "5-8-6-7", "5-8-7-6", "6-5-7-8", "6-5-8-7"]
    assert len(order) == 24
    # only the first p places meet S1: with p = 2 the transpositions are the 12 prefixes
    assert list(transpositions([5, 6, 7], 2))[:3] == [(5, 6), (5, 7), (6, 5)]


TABLE_ONE = ["4-5", "4-6", "3-5", "4-7", "3-6", "2-5", "3-7", "2-6", "2-7"]  # a) .. i)
TABLE_TWO = ["34-56", "34-57", "24-56", "34-67", "24-57", "23-56", "24-67", "23-57", "23-67"]  # j) .. r)


def _names(order):
    return ["".join(map(str, sorted(d))) + "-" + "".join(map(str, sorted(u))) for d, u in order]


def test_d2_exchanges_follow_the_matrices_of_the_text():
    # The two matrices for S1 = 1 2 3 4, S2 = 5 6 7 8 give a) 4<->5, b) 4<->6, c) 3<->5, ...
    # i) 2<->7, then j) 3+4<->5+6, k) 3+4<->5+7, l) 2+4<->5+6, ... r) 2+3<->6+7. The rule
    # (smallest difference, then the lowest player of S1) is applied to every player;
    # the matrices' exchanges come in the matrices' order, all one-player ones first.
    order = _names(exchanges([1, 2, 3, 4], [5, 6, 7, 8]))
    assert order[0] == "-"  # first the original subgroups
    one = [e for e in order if e in TABLE_ONE]
    two = [e for e in order if e in TABLE_TWO]
    assert one == TABLE_ONE
    assert two == TABLE_TWO
    assert order.index("2-7") < order.index("34-56")
    # tie of k and l (difference 5): k concerns player 4 and 3, l player 4 and 2
    assert order.index("34-57") < order.index("24-56")


def test_d2_remark_seven_players():
    # "with 7 players S1 contains 1, 2 and 3, S2 4, 5, 6 and 7. The exchanges needed ...
    # by deducting all numbers by 1. The last column of the second matrix has then
    # become obsolete": a) 3<->4 ... i) 1<->6; j) 2+3<->4+5, k) 2+3<->4+6, l) 1+3<->4+5,
    # m) 2+3<->5+6, n) 1+3<->4+6, p) 1+3<->5+6.
    order = _names(exchanges([1, 2, 3], [4, 5, 6, 7]))
    one = ["3-4", "3-5", "2-4", "3-6", "2-5", "1-4", "2-6", "1-5", "1-6"]
    two = ["23-45", "23-46", "13-45", "23-56", "13-46", "13-56"]
    assert [e for e in order if e in one] == one
    assert [e for e in order if e in two] == two


def test_a8_x():
    # A8: w, b players preferring White, Black; q = half the bracket rounded up;
    # x = b - q if b > w else w - q.
    def bracket(*prefs):
        return [SimpleNamespace(pref=p) for p in prefs]

    assert A8_x(bracket("w", "w", "w", "w", "b", "b")) == 1  # q = 3
    assert A8_x(bracket("b", "b", "b", "w", "w")) == 0  # q = 3
    assert A8_x(bracket("b", "b", "b", "b", "w")) == 1
    assert A8_x(bracket("w", "w", "w")) == 1  # q = 2
    assert A8_x(bracket(None, None, "w", None)) == 0  # no preference yet: not negative


# --------------------------------------------------------------------------------------
# first round (F4) and colours


def test_first_round_f4():
    # One homogeneous bracket: S1 = 1-4, S2 = 5-8, 1-5 2-6 3-7 4-8. Colours: the lot (A7)
    # gives player 1 the initial colour (White), alternating down the pairing numbers.
    p = pair_round(field(8), "1992")
    assert p.pairs == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert p.bye is None
    # odd: "if the number of players is odd the lowest ranked player will receive a bye"
    p = pair_round(field(9), "1992")
    assert unordered(p) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert p.bye == 9
    # initial colour Black: player 1 Black
    assert pair_round(field(4, colour="b"), "1992").pairs == [(3, 1), (2, 4)]


def _histories(h1: str, h2: str, total: int = 8, results: str | None = None):
    """Players 1 and 2 with colour histories ``h1``, ``h2`` ('-' absent), each round
    against the fillers 3 and 4; every game drawn unless ``results`` (player 1's)."""
    rounds = []
    for k, (c1, c2) in enumerate(zip(h1, h2)):
        rnd = {}
        res = results[k] if results else "="
        if c1 != "-":
            rnd.update(game(1, 3, res) if c1 == "w" else game(3, 1, {"1": "0", "0": "1", "=": "="}[res]))
        if c2 != "-":
            rnd.update(game(2, 4, "=") if c2 == "w" else game(4, 2, "="))
        rounds.append(rnd)
    return field(4, rounds, total=total)


def test_colour_allocation_e1_to_e4():
    # E1 both preferences: 1 had White (wants Black), 2 Black (wants White)
    t = _histories("w", "b")
    assert colour_article(t, 2, 1, 2, edition="1992") == (2, "E1")
    # E2 the stronger: 1 absent in round 1, then 'bwb' (difference -1: strong White);
    # 2 'bwwb' (difference 0, last Black: mild White)
    t = _histories("-bwb", "bwwb")
    assert colour_article(t, 5, 1, 2, edition="1992") == (1, "E2")
    t = _histories("bwwb", "-bwb")
    assert colour_article(t, 5, 1, 2, edition="1992") == (2, "E2")
    # absolute (last two the same) beats strong: 1 'bwb', 2 'wbb'
    t = _histories("bwb", "wbb")
    assert colour_article(t, 4, 1, 2, edition="1992") == (2, "E2")
    # E3: both mild White; from the end b/b, w/w, then round 2: 1 had White, 2 Black:
    # alternate to that round: 1 Black, 2 White (E4 would have given 1 White)
    t = _histories("bwwb", "wbwb")
    assert colour_article(t, 5, 1, 2, edition="1992") == (2, "E3")
    # E4: same histories: the higher-ranked player (1) gets his preference (White)
    t = _histories("wb", "wb")
    assert colour_article(t, 3, 1, 2, edition="1992") == (1, "E4")
    # no game yet for either: the lot (A7); player 2 holds the second pairing number
    assert colour_article(field(8), 1, 2, 6, edition="1992") == (6, "A7")


def test_b2_in_the_last_round_over_50_percent():
    # Round 4 of 4: 1 won three games ('wbb', absolute White, 3 points: over 50%); 2 drew
    # ('wbb' too, 1.5 points: not over 50%). B2 allows the pair (it does not apply to 1),
    # and gives White to 2, whom it still protects.
    t = _histories("wbb", "wbb", total=4, results="111")
    assert colour_article(t, 4, 1, 2, edition="1992") == (2, "B2")
    problems = texts(violations(t, Pairing(4, [(1, 2), (3, 4)]), "1992"))
    assert any(p.startswith("B2b: 2 ") for p in problems)
    assert not any(p.startswith("B2b: 1 ") or p.startswith("B2a: the colour difference of 1 ") for p in problems)


# --------------------------------------------------------------------------------------
# brackets worked by hand


def test_d1_a_late_transposition_decides():
    # Round 1 (F4) 1-5 6-2 3-7 8-4, all drawn: one bracket of 8 at 1/2. Preferences:
    # 1, 3, 6, 8 had White (want Black), 2, 4, 5, 7 Black (want White): x = 4 - 4 = 0,
    # so every pair must grant both (B4). S1 = 1 2 3 4, S2 = 5 6 7 8. D1 in order: 1 cannot
    # meet 5 (B1) nor 6 (both want Black); 7 is first: 7-...; then 2: 5 (both White), 6
    # (B1), 8 fits: 7-8-...; 3-5, 4-6. The transposition 7-8-5-6 is the first to comply.
    t = field(8, [merge(game(1, 5, "="), game(6, 2, "="), game(3, 7, "="), game(8, 4, "="))])
    p = pair_round(t, "1992")
    assert unordered(p) == [(1, 7), (2, 8), (3, 5), (4, 6)]
    assert p.pairs == [(7, 1), (2, 8), (5, 3), (4, 6)]  # E1 every time


def test_d2_an_exchange_decides():
    # Three rounds, all drawn (so one bracket at 1.5), played so that only 1-3, 2-4, 5-6,
    # 1-2, 3-5, 4-6 have not met: two complete pairings, {1-3, 2-4, 5-6} and {1-2, 3-5,
    # 4-6}. Colours: 1 'wbb' (W!), 4 'bwb' (W), 5 'bbw' (W), 2 'wwb' (B), 3 'wbw' (B),
    # 6 'bww' (B!): both pairings grant every preference; x = 3 - 3 = 0.
    # S1 = 1 2 3, S2 = 4 5 6: 1 has met 4, 5, 6: no transposition (C7 exhausted). C8,
    # D2 with 6 players: 3<->4 (difference 1): S1 = 1 2 4, S2 = 3 5 6: 1-3, then 2 has met
    # 5 and 6: nothing. Next, difference 2: 3<->5 and 2<->4 tie; D2 takes "the one
    # concerning the lowest player of S1", 3<->5: S1 = 1 2 5, S2 = 3 4 6: 1-3 2-4 5-6.
    # (2<->4 would have given S1 = 1 3 4, S2 = 2 5 6 and the other pairing, 1-2 3-5 4-6.)
    r1 = merge(game(1, 4, "="), game(3, 6, "="), game(2, 5, "="))
    r2 = merge(game(4, 5, "="), game(2, 3, "="), game(6, 1, "="))
    r3 = merge(game(5, 1, "="), game(6, 2, "="), game(3, 4, "="))
    p = pair_round(field(6, [r1, r2, r3]), "1992")
    assert unordered(p) == [(1, 3), (2, 4), (5, 6)]
    assert p.pairs == [(1, 3), (4, 2), (5, 6)]


def test_heterogeneous_brackets():
    # Round 1: 1-5, 2-6, 3-7 won by White, 4-8 drawn. Round 2:
    # 1 point {1, 2, 3}, all want Black: x = 3 - 2 = 1; S1 = 1, S2 = 2 3: 1-2 uses the one
    # allowed colour conflict; 3 moves down.
    # 1/2 point: 3 moved down (3 of 1 player, less than half: heterogeneous), S1 = 3,
    # S2 = 4 8; x = 2 - 2 = 0 (3 and 4 want Black, 8 White): 3-4 breaks B4, 3-8 complies.
    # The remainder {4} makes no pair: 4 moves down.
    # 0 points: 4 (wants Black) in S1, S2 = 5 6 7 (want White), x = 3 - 2 = 1: 4-5; the
    # remainder 6 7 (x = 2 - 1 = 1) pairs 6-7 with one colour conflict allowed.
    t = field(8, [merge(game(1, 5, "1"), game(2, 6, "1"), game(3, 7, "1"), game(4, 8, "="))])
    p = pair_round(t, "1992")
    assert unordered(p) == [(1, 2), (3, 8), (4, 5), (6, 7)]
    # colours: 1-2 E4 (same history: 1 keeps Black), 8-3 E1, 5-4 E1, 6-7 E4
    assert p.pairs == [(2, 1), (8, 3), (5, 4), (6, 7)]


def test_b5_keeps_the_last_bye_from_floating_again():
    # Round 1 (F4, 7 players): 1-4 (1 wins), 5-2 (2 wins), 3-6 drawn, 7 the bye (A5: a
    # downfloat). Round 2, 1 point {1, 2, 7}: S1 = 1, S2 = 2 7. x = 1 - 2 -> 0. 1-2
    # would leave 7 to float down again: B5. The next transposition 1-7 leaves 2.
    # 1/2 point: 2 moved down, S2 = 3 6: x = 2 - 2 = 0; 2-3 (White vs Black); 6 moves down.
    # 0 points: 6 (wants White) in S1, S2 = 4 (White), 5 (Black): 6-4 breaks B4, 6-5;
    # 4 is left, the lowest bracket: the bye (B1b: 4 had none).
    t = field(7, [merge(game(1, 4, "1"), game(5, 2, "0"), game(3, 6, "="), {7: (None, None, "U")})])
    assert floats_1992(t, t.state_before(2))[7] == (Float.DOWN,)
    p = pair_round(t, "1992")
    assert unordered(p) == [(1, 7), (2, 3), (5, 6)]
    assert p.bye == 4
    assert p.pairs == [(7, 1), (2, 3), (6, 5)]


def test_the_bye_after_an_exchange_in_the_remainder():
    # Round 1 (F4, 5 players): 1-3 and 4-2 drawn, 5 the bye. Round 2: 1 point {5} alone:
    # no opponent in the bracket (C1): moved down. 1/2 point: 5 in S1 (1 of 5 players),
    # S2 = 1 2 3 4; x = 2 - 3 -> 0. 5 (no preference) meets 1. Remainder 2 3 4 (x = 2 - 2 =
    # 0): S1 = 2, S2 = 3 4: 2-3 both want White, 2-4 have met. C8: exchange 1<->2 (2 and 3
    # by pairing order): S1 = 3, S2 = 2 4: 3-2 no, 3-4 yes; 2 is left: the bye.
    t = field(5, [merge(game(1, 3, "="), game(4, 2, "="), {5: (None, None, "U")})])
    p = pair_round(t, "1992")
    assert p.pairs == [(5, 1), (3, 4)]
    assert p.bye == 2


def test_c12_the_previous_bracket_moves_down_another_player():
    # Round 4; scores 1: 3, 2: 2, 3 and 4: 1.5, 5: 1, 6: 0. Met: 1-2 1-3 1-4, 2-5 2-6,
    # 3-4 3-6, 4-5, 5-6. Preferences: 1 B, 2 W, 3 W!, 4 W, 5 B, 6 B!. Floats in round 3:
    # 3, 4 and 6 up, 1, 2, 5 down.
    # 3 points {1}: no opponent (C1): down. 2 points {1 moved down, 2}: they have met (C1):
    # both down. 1.5 points {1, 2 moved down, 3, 4}: 1 has met 3 and 4 (C1; C12 finds no
    # other pairing of the 2-point bracket): down. {2; 3, 4}: heterogeneous, x = 3 - 2 = 1.
    # 2-3 and 2-4 give 3 or 4 a second upfloat in a row (B5): C9 (downfloats: nothing),
    # C10 drops B6 then B5 for upfloats: 2-3 (one colour conflict, x = 1); 4 down.
    # 1 point {1, 4 moved down; 5}: 4 has met 5 (C1) -> C12: the 1.5-point bracket's next
    # pairing, 2-4 (the lowest moved-down player's other opponent), moves 3 down instead,
    # and {1, 3; 5} can make its pair: accepted. Again from C1: 1-3 met, 1-5 both want
    # Black (x = 2 - 2 = 0); C8 exchange: S1 = 3, S2 = 1 5: 3-5. 1 down.
    # 0 points {1; 6}: 1-6 gives 6 a second upfloat (B5): C10 drops it: 1-6.
    r1 = merge(game(1, 4, "1"), game(5, 2, "0"), game(3, 6, "1"))
    r2 = merge(game(2, 1, "0"), game(4, 3, "="), game(6, 5, "0"))
    r3 = merge(game(1, 3, "1"), game(6, 2, "0"), game(5, 4, "0"))
    t = field(6, [r1, r2, r3], total=6)
    p = pair_round(t, "1992")
    assert unordered(p) == [(1, 6), (2, 4), (3, 5)]
    # colours: 1-6 E2 (6 absolute Black), 2-4 E4 (same histories), 3-5 E1
    assert p.pairs == [(1, 6), (2, 4), (3, 5)]


def test_c13_joins_the_last_two_brackets():
    # Round 3, players 5 and 6 absent. 1 and 2 won twice (2 points), 3 and 4 drew their
    # game together and were absent in round 2 (1/2 point). 2 points {1, 2}: 1-2. The
    # lowest bracket {3, 4}: they have met (C1 -> C13). The 2-point bracket is undone;
    # no other pairing of it exists until p = 0 (C14): it is moved down whole, the two
    # brackets are joined: {1, 2 moved down; 3, 4}, half moved down, so homogeneous:
    # S1 = 1 2, S2 = 3 4: 1-3, 2-4.
    empty = dict.fromkeys((1, 2, 3, 4), (None, None, " "))
    r1 = merge(game(1, 5, "1"), game(6, 2, "0"), game(3, 4, "="))
    r2 = merge(game(6, 1, "0"), game(2, 5, "1"))
    t = field(6, [r1, r2, empty])
    p = pair_round(t, "1992", 3)
    assert p.pairs == [(1, 3), (4, 2)]


def test_no_pairing_and_input_errors():
    with pytest.raises(NoPairingError):
        pair_round(field(2, [game(1, 2, "1")]), "1992")
    with pytest.raises(InputError, match="only as the literal procedure"):
        pair_round(field(4), "1992", method="optimised")
    assert pair_round(field(4), "1992", method="literal").pairs == pair_round(field(4), "1992").pairs
    assert "1992" in EDITIONS


def test_budget_names_the_bracket():
    t = field(8, [merge(game(1, 5, "="), game(6, 2, "="), game(3, 7, "="), game(8, 4, "="))])
    with pytest.raises(
        LiteralBudgetExceeded,
        match=r"round 2: the 0\.5-point bracket \(players 1, 2, 3, 4, 5, 6, 7, 8\) exceeds the literal budget",
    ):
        pair_round_1992(t, budget=5)
    assert issubclass(LiteralBudgetExceeded, NoPairingError)


def test_violations_names_the_article():
    t = field(4, [merge(game(1, 2, "1"), game(3, 4, "1"))])
    problems = texts(violations(t, Pairing(2, [(1, 2), (3, 4)]), "1992"))
    assert "B1a: 1 (Player 1) and 2 (Player 2) have already played each other" in problems
    t = field(3, [merge(game(1, 2, "1"), {3: (None, None, "U")})])
    problems = texts(violations(t, Pairing(2, [(1, 2)], bye=3), "1992"))
    # B1b names the round of the earlier point without playing: 3's PAB of round 1
    assert any(
        p.startswith("B1b: the pairing-allocated bye goes to 3 (Player 3), who had a pairing-allocated bye worth")
        and p.endswith(" in round 1")
        for p in problems
    ), problems


# --------------------------------------------------------------------------------------
# generated tournaments: invariants


def _check_event(t, rounds: int) -> int:
    """Every round of ``t``, checked against the text without the module's own checker:
    each present player on one board or the bye, at most one bye, never a second bye
    (or a bye after a forfeit win: B1b), no rematch (B1a), colours within B2 (unless
    over 50% in the last round). Returns the rounds checked."""
    checked = 0
    for r in range(1, rounds + 1):
        state = t.state_before(r)
        present = {s.id for s in state if s.present}
        seen: list[int] = []
        byes = []
        for p in t.players:
            e = p.entry(r)
            if e.opponent is not None:
                seen.append(p.id)
                assert p.id not in state[e.opponent].opponents, f"round {r}: rematch {p.id}-{e.opponent}"
            elif e.result == "U":
                byes.append(p.id)
                seen.append(p.id)
                earlier = [p.entry(k).result for k in range(1, r)]
                assert "U" not in earlier and "+" not in earlier, f"round {r}: second bye to {p.id}"
        assert sorted(seen) == sorted(present), f"round {r}: paired {sorted(seen)}, present {sorted(present)}"
        assert len(byes) <= 1 and (len(byes) == 1) == (len(present) % 2 == 1)
        last = r == t.total_rounds
        for p in t.players:
            e = p.entry(r)
            if not e.played:
                continue
            colours = [p.entry(k).colour for k in range(1, r + 1) if p.entry(k).played]
            cd = colours.count("w") - colours.count("b")
            over_half = state[p.id].pairing_score > Fraction(r - 1, 2)
            if last and over_half:
                continue
            assert abs(cd) <= 2, f"round {r}: player {p.id} colours {''.join(colours)}"
            assert len(colours) < 3 or len(set(colours[-3:])) == 2, (
                f"round {r}: player {p.id} colours {''.join(colours)}"
            )
        checked += 1
    return checked


@pytest.mark.parametrize(
    "seeds, rates",
    [
        (range(1, 31), {}),
        (range(31, 61), {"absence_rate": 0.04, "half_bye_rate": 0.03, "forfeit_rate": 0.03}),
    ],
)
def test_generated_tournaments_are_legal(seeds, rates):
    checked = 0
    for seed in seeds:
        players = 6 + (seed * 7) % 25  # 6 to 30
        rounds = 7 if players > 8 else 5
        s = GeneratorSettings(players=players, rounds=rounds, seed=seed, **rates)
        try:
            t = generate(s, pairer("dutch", "1992"))
        except NoPairingError as exc:
            # only a round that no pairing could satisfy may stop an event
            assert "no pairing meets B1 and B2" in str(exc)
            continue
        checked += _check_event(t, rounds)
        # and the module's own checker agrees, round by round
        for r in range(1, rounds + 1):
            cut = cut_before(t, r)
            again = pair_round(cut, "1992", r)
            assert violations(cut, again, "1992") == []
    assert checked >= 150


def test_the_fall_backs_are_exercised():
    dutch_1992.STATS.clear()
    for seed in range(1, 31):
        s = GeneratorSettings(players=6 + seed % 12, rounds=6, seed=seed)
        try:
            generate(s, pairer("dutch", "1992"))
        except NoPairingError:
            pass
    for step in ("C9", "C10", "C11", "C12", "C13", "C14"):
        assert dutch_1992.STATS.get(step, 0) > 0, step


# --------------------------------------------------------------------------------------
# the command line


def test_cli_pair_and_check_edition_1992(tmp_path, capsys):
    out = tmp_path / "g92.trf"
    assert (
        main(["generate", "--players", "13", "--rounds", "6", "--seed", "5", "--edition", "1992", "-o", str(out)]) == 0
    )
    capsys.readouterr()
    assert main(["check", str(out), "--edition", "1992"]) == 0
    assert capsys.readouterr().out.strip().endswith("6 of 6 rounds as the rules pair them")
    t = read_trf(out)
    cut = tmp_path / "cut.trf"
    cut.write_text(format_trf(cut_before(t, 6)))
    assert main(["pair", str(cut), "--edition", "1992", "--format", "bbp"]) == 0
    lines = capsys.readouterr().out.split("\n")
    assert int(lines[0]) == 7  # six boards and the bye
    assert main(["pair", str(cut), "--edition", "1992", "--method", "optimised"]) == 3
    assert "only as the literal procedure" in capsys.readouterr().err
    # a file paired by the 2026 edition, checked against 1992: a report, never a crash
    other = tmp_path / "g26.trf"
    assert main(["generate", "--players", "16", "--rounds", "6", "--seed", "7", "-o", str(other)]) == 0
    capsys.readouterr()
    assert main(["check", str(other), "--edition", "1992"]) in (0, 1)
    assert "rounds as the rules pair them" in capsys.readouterr().out
