"""Generated events carry the state before each round forward from the round before's
(``Tournament.continues``): on events of every system, with byes, absences and
forfeits, each round's carried state is the state worked out from round 1 (a fresh copy
of the same tournament, ``dataclasses.replace``), and the pass from round 1 ran once
per event: the carried path is the one the pairings were made from."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from testkit import pairer

from tabellone.core.model import Tournament
from tabellone.core.scoring import Scoring
from tabellone.generate.teams import TeamSettings, generate_team_event
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import get_system

# (system, edition, players): the systems whose pairing reads the state before the round
# (the italo-svizzero keeps a state of its own; Double-Swiss events have a generator of
# their own, in its rules package)
INDIVIDUAL = [
    ("dutch", "2026", 15),
    ("dutch", "2017", 14),
    ("dubov", None, 15),
    ("burstein", None, 14),
    ("burstein", "legacy", 15),
    ("lim", None, 15),
    ("random", None, 15),
]


@pytest.fixture
def passes(monkeypatch):
    """Every tournament whose state was worked out from round 1."""
    seen: list[Tournament] = []
    real = Tournament._state_before

    def counted(self, r):
        seen.append(self)
        return real(self, r)

    monkeypatch.setattr(Tournament, "_state_before", counted)
    return seen


def recorded(pair_next):
    """``pair_next``, keeping every tournament it was asked to pair."""
    asked: list[Tournament] = []

    def pair_and_keep(t):
        asked.append(t)
        return pair_next(t)

    return pair_and_keep, asked


def assert_carried(asked: list[Tournament], passes: list[Tournament], final: Tournament) -> None:
    assert len(asked) >= 5
    assert [t for t in passes if any(t is a for a in asked)] == [asked[0]], "only round 1 from round 1"
    for t in asked:
        assert t.state_before() == replace(t).state_before(t.next_round), f"round {t.next_round}"
    # the finished event read round after round, as `check` reads it
    for r in range(1, final.rounds_paired + 2):
        assert final.state_before(r) == replace(final).state_before(r), f"finished event, round {r}"


@pytest.mark.parametrize("system, edition, players", INDIVIDUAL)
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_events_carry_the_state(system, edition, players, seed, passes):
    pair_next, asked = recorded(pairer(system, edition))
    settings = GeneratorSettings(
        players=players,
        rounds=6,
        seed=seed,
        forfeit_rate=0.08,
        absence_rate=0.08,
        half_bye_rate=0.06,
        scoring=get_system(system).scoring(),
    )
    final = generate(settings, pair_next)
    assert_carried(asked, passes, final)


def test_forfeits_byes_and_absences_all_present(passes):
    """One event where every kind of entry occurs, so that the carried step meets each."""
    pair_next, asked = recorded(pairer("dutch"))
    settings = GeneratorSettings(players=13, rounds=7, seed=4, forfeit_rate=0.15, absence_rate=0.12, half_bye_rate=0.1)
    final = generate(settings, pair_next)
    results = {e.result for p in final.players for e in p.rounds}
    assert {"U", "Z", "H", "+", "-", "1", "0", "="} <= results
    assert_carried(asked, passes, final)


@pytest.mark.parametrize("seed", [1, 2])
def test_team_events_carry_the_state(seed, passes):
    pair_next, asked = recorded(pairer("team-swiss"))
    final = generate_team_event(
        TeamSettings(teams=8, rounds=5, seed=seed, boards=2, match_forfeit_rate=0.1, absence_rate=0.1), pair_next
    )
    assert_carried(asked, passes, final)


def test_points_of_any_denominator_carried_exactly(passes):
    """A scoring whose values have different denominators, the finer ones scored only
    in later rounds: the declared points before each round are the sums of the results
    (``score_after``), and the carried states agree with the pass from round 1."""
    scoring = Scoring(draw=Fraction(1, 3), half_bye=Fraction(1, 4), pab=Fraction(2, 5), forfeit_win=Fraction(5, 6))
    seen_points = []

    def check_points(pair_next):
        def pair(t):
            for p in t.players:
                assert p.points == t.score_after(p, t.next_round - 1), (t.next_round, p.id)
            seen_points.extend(p.points for p in t.players)
            return pair_next(t)

        return pair

    pair_next, asked = recorded(check_points(pairer("dutch")))
    settings = GeneratorSettings(
        players=13, rounds=7, seed=5, forfeit_rate=0.1, absence_rate=0.05, half_bye_rate=0.1, scoring=scoring
    )
    final = generate(settings, pair_next)
    for p in final.players:
        assert p.points == final.score_after(p, 7)
    assert {x.denominator for x in seen_points} >= {3, 4, 5}, "every denominator reached some total"
    assert_carried(asked, passes, final)
