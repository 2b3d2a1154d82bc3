"""tabellone.pair checks every pairing against the system's absolute criteria once:
a system whose own pair_round already runs that check (``checks_own_pairing``) is not
checked a second time, and the others are checked by the dispatcher."""

from __future__ import annotations

from pathlib import Path

import pytest

import tabellone.rules.dubov.engine as dubov_engine
import tabellone.rules.lim.engine as lim_engine
from tabellone.formats.files import load
from tabellone.rules import get_system
from tabellone.rules.dispatch import pair

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "open-24-before-r6.trf"


def counted(monkeypatch, owners, name: str = "violations") -> list[int]:
    calls: list[int] = []
    original = getattr(owners[0], name)

    def counting(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    for owner in owners:
        monkeypatch.setattr(owner, name, counting)
    return calls


@pytest.mark.parametrize("system", ["dubov", "lim", "dutch", "burstein"])
def test_the_absolute_criteria_are_checked_once_per_pairing(monkeypatch, system):
    rules = get_system(system)
    owners = [rules.package] + ([dubov_engine] if system == "dubov" else [])
    calls = counted(monkeypatch, owners)
    # Lim's and Dubov's engines check the round as they read it for pairing (violations
    # calls it too)
    engines = {"lim": lim_engine, "dubov": dubov_engine}
    inner = counted(monkeypatch, [engines[system]], "violations_in") if system in engines else []
    pairing = pair(load(EXAMPLE), system)
    assert pairing.pairs
    assert len(calls) + len(inner) == 1
    assert rules.checks_own_pairing == (system in ("dubov", "lim"))


def test_the_systems_that_check_themselves_say_so():
    flagged = {
        name for name in ("dubov", "lim", "double-swiss", "dutch", "burstein") if get_system(name).checks_own_pairing
    }
    assert flagged == {"dubov", "lim", "double-swiss"}


def test_pairing_and_checking_a_dutch_round_build_its_players_once(monkeypatch):
    import tabellone.rules.fide_common as fide_common

    built = counted(monkeypatch, [fide_common], "_entrants")
    t = load(EXAMPLE)
    pair(t, "dutch")  # paired, then checked by the dispatcher: one state, one list of players
    assert len(built) == 1
    state = t.state_before()
    again = fide_common.entrants(t, state)
    assert again == fide_common._entrants(t, state)  # what a fresh build gives
    assert again is not fide_common.entrants(t, state)  # a list of its own each time
    earlier = t.state_before(t.rounds_paired)  # another state: built for it
    assert [e.id for e in fide_common.entrants(t, earlier)] == [e.id for e in fide_common._entrants(t, earlier)]
    assert len(built) == 4
