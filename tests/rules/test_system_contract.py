"""The contract every registered pairing system keeps (tabellone.rules.base.PairingSystem),
checked on events each system generates and pairs itself (tabellone.generate).

For every system in the registry, on a few small generated events:

* every round it paired breaks none of its own absolute rules (``violations`` is empty)
  and is, for the verifier, the round the rules make (re-paired from the rounds before
  it); a round that repeats a game is reported as a structured violation naming the two
  players and the round (never only as a sentence);
* ``evaluate`` gives a value to the articles of ``quality_criteria`` and to no others;
* where the system states that its two methods give one pairing (``methods_agree``),
  the literal procedure and the optimiser pair every generated round alike;
* editions, methods and options are consistent, and bad options are refused naming the
  option.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import replace

import pytest

from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.history import cut_before
from tabellone.core.model import pairs_of_round
from tabellone.core.pairing import Pairing
from tabellone.generate.teams import TeamSettings, generate_team_event
from tabellone.generate.tournament import GeneratorSettings
from tabellone.rules import SYSTEMS, as_system, get_system, system_options
from tabellone.rules.base import BracketSide, CandidatePlaces, PairingSystem, Violation
from tabellone.verify.checker import check_round

NAMES = list(SYSTEMS)
SEEDS = (3, 11)


@functools.cache
def event(name: str, seed: int):
    """A small event of system ``name``, every round paired by the system through the
    interface (players: 11, four pairings; a team event: 6 teams of 2)."""
    system = get_system(name)
    edition, options = system.configure(None)

    def pairer(t):
        return system.pair(t, edition, None, options)

    if system.team_system:

        def team_pairer(t):
            p = pairer(t)
            return p.pairs, p.bye

        return generate_team_event(TeamSettings(teams=6, rounds=4, seed=seed, boards=2), team_pairer)
    settings = GeneratorSettings(players=11, rounds=4, seed=seed, scoring=system.scoring())
    return system.generate(settings, pairer)


def rounds_of(t, system: PairingSystem):
    """(round column, the tournament before it, the pairing recorded there) for every
    pairing of ``t`` (a Double-Swiss match: its first game)."""
    for r in range(1, t.rounds_paired + 1, system.games_per_round):
        pairs, pab = pairs_of_round(t, r)
        yield r, cut_before(t, r), Pairing(round=r, pairs=pairs, bye=pab[0] if pab else None)


@pytest.mark.parametrize("name", NAMES)
def test_registry_and_declared_fields(name):
    system = get_system(name)
    assert system.name == name and as_system(name) is system
    assert system.title and system.editions and len(set(system.editions)) == len(system.editions)
    assert set(system.methods) <= {"optimised", "literal"}
    assert system.games_per_round >= 1
    assert not system.comparable or len(system.methods) == 2  # compare needs a second method
    assert not system.methods_agree or len(system.methods) == 2
    assert system.takes("method") == bool(system.methods)
    assert set(system.literal_only) <= set(system.editions) and (not system.literal_only or system.methods)
    assert system.edition(None) == system.editions[0]
    for edition in system.editions:
        assert system.configure(edition)[0] == edition


@pytest.mark.parametrize("name", NAMES)
def test_options_are_checked_once_naming_the_option(name):
    system = get_system(name)
    with pytest.raises(InputError) as info:
        system.configure(None, no_such_option=1)
    assert info.value.field == "--no_such_option" and name in str(info.value)
    with pytest.raises(InputError) as info:
        system.configure("no-such-edition")
    assert info.value.field == "--edition"
    if system.methods:
        for method in system.methods:
            assert system.configure(None, method=method)[1].method == method
        with pytest.raises(InputError) as info:
            system.configure(None, method="sideways")
        assert info.value.field == "--method"
    _, options = system.configure(None)
    with pytest.raises(AttributeError):  # frozen: checked once, never changed after
        options.method = "literal"  # type: ignore[misc]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", NAMES)
def test_own_pairings_pass_own_violations_and_evaluate_matches_criteria(name, seed):
    system = get_system(name)
    edition = system.editions[0]
    t = event(name, seed)
    assert t.rounds_paired >= 2 * system.games_per_round
    criteria = {article for article, _ in system.quality_criteria(edition)}
    pab = {system.pab_article(edition)} - {None}
    valued: set[str] = set()
    for r, before, pairing in rounds_of(t, system):
        assert system.violations(before, pairing, edition) == [], (name, seed, r)
        assert check_round(system, before, pairing, edition).status == "ok", (name, seed, r)  # re-paired alike
        round_level, brackets = system.evaluate(before, pairing, edition)
        for b in brackets:
            assert set(b.values) <= criteria, (name, r, set(b.values) - criteria)
        assert set(round_level) <= criteria | pab, (name, r, set(round_level) - criteria - pab)
        valued |= set(round_level) | {k for b in brackets for k in b.values}
    assert valued <= criteria | pab and (valued or not criteria)


@pytest.mark.parametrize("name", NAMES)
def test_a_repeated_game_is_a_violation_with_its_fields(name):
    system = get_system(name)
    edition = system.editions[0]
    t = event(name, SEEDS[0])
    r = 1 + system.games_per_round  # the second pairing
    before = cut_before(t, r)
    first, _ = pairs_of_round(t, 1)
    a, b = first[0]
    found = system.violations(before, Pairing(round=r, pairs=[(a, b)]), edition)
    assert all(isinstance(v, Violation) and v.round == r and v.text for v in found)
    rematch = [v for v in found if set(v.players) == {a, b}]
    assert rematch and rematch[0].article != "attendance", found
    assert str(a) in rematch[0].text and str(b) in rematch[0].text
    missing = [v for v in found if v.article == "attendance" and v.text.startswith("not paired")]
    assert missing and a not in missing[0].players and b not in missing[0].players


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", [n for n in NAMES if get_system(n).methods_agree])
def test_literal_and_optimised_agree_where_the_system_says_so(name, seed):
    system = get_system(name)
    edition = system.editions[0]
    _, literal = system.configure(edition, method="literal")
    _, optimised = system.configure(edition, method="optimised")
    t = event(name, seed)
    for r, before, _ in rounds_of(t, system):
        try:
            lit = system.pair(before, edition, r, literal)
        except NoPairingError:
            with pytest.raises(NoPairingError):
                system.pair(before, edition, r, optimised)
            continue
        opt = system.pair(before, edition, r, optimised)
        assert sorted(lit.pairs) == sorted(opt.pairs) and lit.bye == opt.bye, (name, seed, r)
        if system.comparable:
            c = system.compare(before, edition, r)
            assert c.same_pairs and c.better == "equal" and c.first_difference is None


@pytest.mark.parametrize("name", [n for n in NAMES if get_system(n).methods])
def test_the_first_method_is_the_default(name):
    """The events here are paired with no method given; each round paired again by the
    first method the system declares (what the command line's help calls the default)
    is the same round."""
    system = get_system(name)
    edition, first = system.configure(None, method=system.methods[0])
    t = event(name, SEEDS[0])
    for r, before, recorded in rounds_of(t, system):
        again = system.pair(before, edition, r, first)
        assert sorted(again.pairs) == sorted(recorded.pairs) and again.bye == recorded.bye, (name, r)


@pytest.mark.parametrize("name", NAMES)
def test_candidate_places_of_a_bracket_against_itself(name):
    """Every system answers the verifier's question of where its generation order
    places two tied candidates alike: ``None`` (it does not count its order step by
    step: the default), or places where a bracket's candidate against itself is one
    candidate, told apart by no step, with the same ordinals on both sides, each 1 or
    more (or not counted)."""
    system = get_system(name)
    edition = system.editions[0]
    t = event(name, SEEDS[0])
    answered = 0
    for r, before, pairing in rounds_of(t, system):
        _, brackets = system.evaluate(before, pairing, edition)
        for k, b in enumerate(brackets):
            below = set(brackets[k + 1].players) if k + 1 < len(brackets) else {pairing.bye}
            side = BracketSide(b, pairing.pairs, [p for p in b.players if p in below])
            places = system.candidate_places(before, edition, r, side, side, "yours")
            if places is None:
                continue
            answered += 1
            assert isinstance(places, CandidatePlaces) and places.yours and places.yours == places.rules
            assert places.decides is None and places.rank_yours == places.rank_rules
            assert all(n is None or n >= 1 for n in places.rank_yours)
    assert answered or type(system).candidate_places is PairingSystem.candidate_places, name


def test_a_system_without_criteria_says_so():
    """The default of the interface: no quality criteria, no evaluation, no second method."""
    plain = [s for s in SYSTEMS.values() if not s.quality_criteria(s.editions[0])]
    assert plain, "the random baseline has no quality criteria"
    for system in plain:
        assert system.evaluate(event(system.name, SEEDS[0]), Pairing(1, []), system.editions[0]) == ({}, [])
        with pytest.raises(InputError, match="no second method"):
            system.compare(event(system.name, SEEDS[0]), system.editions[0])


def test_options_of_another_system_are_refused():
    dutch, italo = get_system("dutch"), get_system("italo-svizzero")
    with pytest.raises(TypeError):
        dutch.options(italo.configure(None, game="internazionale")[1])
    assert replace(dutch.configure(None)[1], method="literal").method == "literal"


@pytest.mark.parametrize("name", NAMES)
def test_the_deprecated_check_absolute_warns_and_says_the_violations(name):
    """``violations`` states a system's absolute rules; the package's old
    ``check_absolute`` still answers, with a DeprecationWarning, their sentences."""
    system = get_system(name)
    package = importlib.import_module(type(system).__module__.removesuffix(".system"))
    assert "check_absolute" not in getattr(package, "__all__", ())  # no longer advertised
    t = event(name, SEEDS[0])
    r = 1 + system.games_per_round
    first, _ = pairs_of_round(t, 1)
    rematch = Pairing(round=r, pairs=[first[0]])
    found = package.violations(cut_before(t, r), rematch, system.editions[0])
    assert found
    with pytest.warns(DeprecationWarning, match="use violations"):
        said = package.check_absolute(cut_before(t, r), rematch, system.editions[0])
    assert said == [v.text for v in found]


def test_declared_options_are_the_systems_own():
    """Every option a system declares for the command line (its ``options.json``) is an
    option it takes, and it takes exactly the declared values."""
    declared = system_options()
    assert {(o.system, o.name) for o in declared} >= {("italo-svizzero", "game"), ("italo-svizzero", "odd")}
    for o in declared:
        system = get_system(o.system)
        assert o.name in system.options_type.names()
        for value in o.choices:
            assert getattr(system.configure(None, **{o.name: value})[1], o.name) == value
        with pytest.raises(InputError) as bad:
            system.configure(None, **{o.name: "no-such-value"})
        assert bad.value.field == f"--{o.name}"
