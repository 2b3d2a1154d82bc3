"""The whole-number keys the Dubov rounds sort and group by (:class:`dubov.DP`'s
``score_key`` and ``aro_key``) order the players exactly as their scores and AROs, and
the completion oracle's closed-bracket question keeps its answers when asked again
about the same witness (invariants, against the exact values and a fresh oracle)."""

from __future__ import annotations

import itertools
import random

import pytest
from testkit import pairer

from tabellone.core.errors import NoPairingError
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import dubov
from tabellone.rules.dubov.completion import Completion
from tabellone.rules.fide_common import state_to_pair


def _sign(x) -> int:
    return (x > 0) - (x < 0)


@pytest.mark.parametrize("edition", dubov.EDITIONS)
@pytest.mark.parametrize("seed", [7, 8])
def test_score_and_aro_keys_order_players_as_the_exact_values(edition, seed):
    """Half-point byes and forfeits give half scores, 1997 AROs are exact fractions:
    on every round of a generated event, any two players compare by their keys as by
    their scores and AROs (less, equal, greater)."""
    s = GeneratorSettings(players=30, rounds=7, seed=seed, absence_rate=0.05, half_bye_rate=0.05, forfeit_rate=0.03)
    try:
        t = generate(s, pairer("dubov", edition, "literal"))
    except NoPairingError:
        pytest.skip("the generated event became unpairable (possible with few players)")
    fractional = set()
    for r in range(1, t.rounds_recorded + 1):
        P = dubov.build_players(t, state_to_pair(t, r), edition)
        fractional |= {p.score.denominator for p in P} | {p.aro.denominator for p in P}
        for a, b in itertools.combinations(P, 2):
            assert _sign(a.score_key - b.score_key) == _sign(a.score - b.score)
            assert _sign(a.aro_key - b.aro_key) == _sign(a.aro - b.aro)
        assert [p.index for p in P] == list(range(len(P)))
        assert all((-a.score, a.tpn) < (-b.score, b.tpn) for a, b in itertools.pairwise(P))
    assert fractional - {1}  # the event did exercise scores or AROs that are not whole


@pytest.mark.parametrize("seed", range(6))
def test_closed_question_answers_as_a_fresh_oracle(seed):
    """``feasible_closed`` asked again and again about one bracket (the rows of 3.2.6
    growing one pair at a time, some pairs refused) answers each time as a new oracle's
    ``feasible`` does."""
    rng = random.Random(seed)
    n = 12
    compat = [[False] * n for _ in range(n)]
    for a, b in itertools.combinations(range(n), 2):
        compat[a][b] = compat[b][a] = rng.random() < 0.7
    oracle = Completion(n, compat)
    if not oracle.feasible():
        pytest.skip("this random graph has no perfect matching")
    group = sorted(rng.sample(range(n), 6))
    gset = set(group)
    rows, cols = group[:3], group[3:]

    def edge_ok(a, b):
        if a in gset or b in gset:
            return (a in rows and b in cols) or (a in cols and b in rows)
        return True

    done: list[tuple[int, int]] = []
    asked = 0
    for w in rows:
        for c in cols:
            if any(c == b for _, b in done):
                continue
            partial = done + [(w, c)]
            got = oracle.feasible_closed(group, edge_ok, partial)
            assert got == Completion(n, compat).feasible(partial, edge_ok)
            asked += 1
            if got:
                done.append((w, c))
                break
    assert asked >= len(rows)
