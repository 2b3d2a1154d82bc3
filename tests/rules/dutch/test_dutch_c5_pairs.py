"""The pairs C5 drops once the roles are locked (BracketStepper._apart), kept as two
arrays (matcher.Pairs): hand-worked brackets, read forwards, backwards and by index."""

from __future__ import annotations

from tabellone.rules.dutch.generation import BracketStepper
from tabellone.rules.dutch.matcher import Pairs


def test_c5_drops_every_pair_but_an_s1_player_with_a_later_s2_player():
    # S1 = 5, 2; S2 = 9, 7: kept 5-9, 5-7, 2-9, 2-7; dropped the S1 pair and the S2 pair
    apart = BracketStepper._apart([5, 2, 9, 7], {5: True, 2: True, 9: False, 7: False})
    assert list(apart) == [(2, 5), (7, 9)]
    # an S2 player before an S1 player (after an exchange): only 1-2 is kept
    apart = BracketStepper._apart([1, 2, 3], {1: True, 2: False, 3: True})
    assert list(apart) == [(1, 3), (2, 3)]
    assert len(apart) == 2 and apart[1] == (2, 3) and apart[-1] == (2, 3) and apart[:1] == [(1, 3)]
    assert list(reversed(apart)) == [(2, 3), (1, 3)]


def test_pairs_keep_each_pair_low_end_first_in_the_order_given():
    p = Pairs()
    p.extend(4, [9, 1, 4 + 2])
    p.extend(0, [])
    p.extend(3, [2])
    assert list(p) == [(4, 9), (1, 4), (4, 6), (2, 3)]
    assert len(p) == 4 and (1, 4) in p and (4, 1) not in p
