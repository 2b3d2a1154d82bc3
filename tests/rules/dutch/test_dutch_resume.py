"""A round whose bracket-local pairing (:class:`LocalMatcher`) cannot complete a
bracket's answer below goes on from that bracket on the whole field
(``Dutch2026._pair_rest``), the brackets before it kept: the round must be the one the
whole-field matcher pairs from the first bracket on (``Dutch2026._pair_whole``)."""

from __future__ import annotations

import pytest

from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules.dutch import Dutch2026, LocalMatcher, RoundContext, pair_round
from tabellone.rules.fide_common import round_to_pair, scoregroups


def _pairer(t):
    p = pair_round(t, "2026")
    return p.pairs, p.bye


def _engine(t, r):
    cut = cut_before(t, r)
    state, players, _ = round_to_pair(cut, r)
    return Dutch2026(RoundContext(cut, state, "2026", players, last_round=(r == cut.total_rounds)))


def _canonical(answer):
    pairs, bye = answer
    return sorted(map(sorted, pairs)), bye


@pytest.mark.parametrize("players, seed", [(41, 12), (40, 5), (43, 8)])
def test_a_round_continued_on_the_whole_field_is_the_whole_field_round(players, seed):
    t = generate(GeneratorSettings(players=players, rounds=9, seed=seed), _pairer)
    continued = 0
    for r in range(2, 10):
        engine = _engine(t, r)
        answer = engine.pair()
        if isinstance(engine.m, LocalMatcher) or engine._resume is None:
            continue  # paired bracket by bracket, or on the whole field from the start
        continued += 1
        assert _canonical(answer) == _canonical(_engine(t, r)._pair_whole()), f"round {r}"
    assert continued  # the case arose


@pytest.mark.parametrize("players, seed", [(41, 12), (30, 3)])
def test_score_groups_by_score_rank_are_the_score_groups(players, seed):
    """``Dutch2026.scoregroups`` (by whole-number score ranks) groups every round's
    players as :func:`scoregroups` does by comparing their scores."""
    t = generate(GeneratorSettings(players=players, rounds=7, seed=seed), _pairer)
    for r in range(1, 8):
        engine = _engine(t, r)
        assert engine.scoregroups() == scoregroups(engine.P), f"round {r}"
        assert len(engine.scoregroups()) == len({e.score for e in engine.P})


def test_colour_masks_kept_from_round_to_round_are_the_rounds_own():
    """``Dutch2026.colour_masks``, whose pairs of colour classes are remembered from
    round to round by their keys, is every round what the colour checks say of the
    round's own class representatives."""
    from tabellone.rules.dutch.criteria import colour_checks

    t = generate(GeneratorSettings(players=36, rounds=8, seed=21), _pairer)
    for r in range(1, 9):
        engine = _engine(t, r)
        reps = engine.colour_classes()[1]
        fresh = [[sum(1 << k for k, met in enumerate(colour_checks(rh, rl)) if met) for rh in reps] for rl in reps]
        assert engine.colour_masks() == fresh, f"round {r}"
