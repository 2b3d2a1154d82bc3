"""The place of a bracket's candidate in the Dutch text's generation order (C.04.3 2026
Art. 4.2-4.4; 2017 D.1-D.3), hand-worked from the text's own rules and examples."""

from __future__ import annotations

from fractions import Fraction

from tabellone.rules.dutch.candidate_order import (
    exchange_ordinal,
    mdp_set_ordinal,
    transposition_ordinal,
)

S1, S2 = [1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]


def test_transpositions_in_lexicographic_order_of_their_first_n1_bsns():
    """Art. 4.2's example: S2 = 6..11, N1 = 5: 6-7-8-9-10 first, 6-7-8-9-11 second, ...,
    11-10-9-8-7 last of the 6!/1! = 720; the sixth BSN is ignored. With N1 = 1 the
    transposition is the opponent's place in S2."""
    assert transposition_ordinal((6, 7, 8, 9, 10), S2) == 1
    assert transposition_ordinal((6, 7, 8, 9, 11), S2) == 2
    assert transposition_ordinal((6, 7, 8, 10, 9), S2) == 3
    # every transposition starting with 6 comes first: 5!/1! = 120 of them
    assert transposition_ordinal((7, 6, 8, 9, 10), S2) == 121
    assert transposition_ordinal((11, 10, 9, 8, 7), S2) == 720
    assert [transposition_ordinal((x,), [5, 9, 22, 42]) for x in (5, 9, 22, 42)] == [1, 2, 3, 4]
    # an opponent outside S2 (two MDPs paired together) is no transposition of the text
    assert transposition_ordinal((3,), [5, 9, 22, 42]) is None


def test_exchanges_in_the_order_of_art_4_3():
    """Art. 4.3.2 on S1 = 1..5, S2 = 6..11: the original subgroups first; then one BSN
    each way, the smallest difference of the sums first (5-6: 1), on equal differences
    the larger BSN from S1 (5-7 before 4-6), then 5-8, 4-7, 3-6 (difference 3)."""
    order = [((), ()), ((5,), (6,)), ((5,), (7,)), ((4,), (6,)), ((5,), (8,)), ((4,), (7,)), ((3,), (6,))]
    assert [exchange_ordinal(d, u, S1, S2) for d, u in order] == [1, 2, 3, 4, 5, 6, 7]
    # every one-for-one exchange (5 x 6 = 30) comes before the first two-for-two
    assert exchange_ordinal((4, 5), (6, 7), S1, S2) == 1 + 30 + 1


def test_exchange_tie_breaks_of_art_4_3_2():
    """Equal sizes and sums: the set moved S1->S2 holding the largest differing BSN first
    (5-4-1 before 5-3-2); then the set moved S2->S1 holding the smallest (6-9 before
    7-8)."""
    s1, s2 = [1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]
    assert exchange_ordinal((5, 4, 1), (7, 8, 9), s1, s2) < exchange_ordinal((5, 3, 2), (7, 8, 9), s1, s2)
    assert exchange_ordinal((5, 4), (6, 9), [1, 2, 3, 4, 5], [6, 7, 8, 9, 10]) < exchange_ordinal(
        (5, 4), (7, 8), [1, 2, 3, 4, 5], [6, 7, 8, 9, 10]
    )


def test_sets_of_mdps():
    """2026 Art. 4.4.2: sets of one size by their smallest differing BSN ({1,3} before
    {1,4} before {3,4}), among the valid ones, those with as many MDPs of each score.
    2017 D.3: the highest different score first, then the BSNs."""
    one = lambda x: Fraction(3)  # noqa: E731
    assert [mdp_set_ordinal(s, [1, 3, 4], "2026", one) for s in ((1, 3), (1, 4), (3, 4))] == [1, 2, 3]
    # 1 has 4 points, 3 and 4 three: a set of one 4-point and one 3-point MDP is valid
    score = {1: Fraction(4), 3: Fraction(3), 4: Fraction(3)}.__getitem__
    assert mdp_set_ordinal((1, 4), [1, 3, 4], "2026", score) == 2
    # 2017: 4 points before 3, then the BSNs: {1} then {3} then {4}
    assert [mdp_set_ordinal((x,), [1, 3, 4], "2017", score) for x in (1, 3, 4)] == [1, 1, 2]
