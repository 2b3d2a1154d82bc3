"""The state before a round carried forward from the state before the round before
(``Tournament.state_before`` and ``Tournament.continues``) against the state worked out
from round 1, on the example file (forfeits, half- and zero-point byes, an absence) and
the shared real files (withdrawals, late entries, byes of every kind).

"From round 1" is the state of a fresh copy of the tournament (``dataclasses.replace``
makes a new object, without the states its original worked out): the pass over every
round that the carried state must agree with, field for field. Every test also checks
that the carried path was taken (the pass from round 1 ran once), so that none of them
passes by rebuilding.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from testkit import file_params, parsed, realdata_trf_files

from tabellone.core.errors import InputError
from tabellone.core.history import cut_before
from tabellone.core.model import RoundEntry, Tournament, VirtualPoints
from tabellone.core.scoring import Scoring
from tabellone.formats.trf import read_trf

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "open-24-before-r6.trf"


def from_round_1(t: Tournament, r: int):
    return replace(t).state_before(r)


@pytest.fixture
def passes(monkeypatch):
    """The tournaments whose state was worked out from round 1, and the rounds."""
    seen: list[tuple[Tournament, int]] = []
    real = Tournament._state_before

    def counted(self, r):
        seen.append((self, r))
        return real(self, r)

    monkeypatch.setattr(Tournament, "_state_before", counted)
    return seen


def chained_cuts(t: Tournament) -> list[Tournament]:
    """``t`` cut before each round, each cut continuing the one before, the state before
    each round asked in turn (as ``generate`` and a desk grow an event)."""
    cuts: list[Tournament] = []
    for r in range(1, t.rounds_paired + 1):
        cut = cut_before(t, r)
        if cuts:
            cut.continues(cuts[-1])
        cut.state_before()
        cuts.append(cut)
    return cuts


@pytest.fixture(scope="module")
def example() -> Tournament:
    return read_trf(EXAMPLE)


def test_reading_round_after_round_carries_each_state(example, passes):
    t = example
    states = [t.state_before(r) for r in range(1, t.next_round + 1)]
    assert [r for s, r in passes if s is t] == [1]
    for r, state in enumerate(states, start=1):
        assert state == from_round_1(t, r), f"round {r}"
    # the example has what the carried step must handle: forfeits, byes, an absence
    entries = [e for p in t.players for e in p.rounds]
    assert {"+", "-", "H", "Z"} <= {e.result for e in entries}


def test_a_cut_continuing_the_cut_before_carries_its_state(example, passes):
    cuts = chained_cuts(example)
    assert [r for s, r in passes if any(s is c for c in cuts)] == [1]
    for cut in cuts:
        assert cut.state_before() == from_round_1(cut, cut.next_round), f"round {cut.next_round}"


@pytest.mark.parametrize("path", file_params(realdata_trf_files()[:12]))
def test_real_files_carried_round_by_round(path, passes):
    t = parsed(path)
    if t.rounds_paired < 2:
        pytest.skip(f"{path.name}: fewer than two rounds paired")
    try:
        cuts = chained_cuts(t)
    except InputError as exc:  # a file with a game without result: nothing to carry past it
        pytest.skip(f"{path.name}: {exc}")
    assert [r for s, r in passes if any(s is c for c in cuts)] == [1]
    for cut in cuts:
        assert cut.state_before() == from_round_1(cut, cut.next_round), f"{path.name}, round {cut.next_round}"


def _flip_first_decisive_game(t: Tournament, round_number: int) -> Tournament:
    """``t`` with the first decisive game of ``round_number`` turned round."""
    swap = {"1": "0", "0": "1"}
    by_id = {p.id: p for p in t.players}
    for p in t.players:
        e = p.entry(round_number)
        if e.played and e.result in swap:
            q = by_id[e.opponent]
            f = q.entry(round_number)
            changed = {
                p.id: RoundEntry(e.opponent, e.colour, swap[e.result]),
                q.id: RoundEntry(f.opponent, f.colour, swap[f.result]),
            }
            players = tuple(
                replace(
                    x,
                    rounds=tuple(
                        changed[x.id] if k == round_number - 1 and x.id in changed else y
                        for k, y in enumerate(x.rounds)
                    ),
                )
                for x in t.players
            )
            return replace(t, players=players)
    raise AssertionError(f"no decisive game in round {round_number}")


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda t: _flip_first_decisive_game(t, 2), id="an-earlier-result"),
        pytest.param(lambda t: replace(t, scoring=Scoring.draughts()), id="the-scoring"),
        pytest.param(lambda t: replace(t, virtual_points=(VirtualPoints(3, 5, Fraction(1)),)), id="the-virtual-points"),
        pytest.param(lambda t: replace(t, players=t.players[1:]), id="a-player-fewer"),
        pytest.param(lambda t: replace(t, players=t.players[::-1]), id="the-order"),
    ],
)
def test_a_tournament_that_disagrees_is_not_carried(example, passes, change):
    before = cut_before(example, 5)
    before.state_before()
    after = change(cut_before(example, 6)).continues(before)
    state = after.state_before()
    assert state == from_round_1(after, 6)
    assert [r for s, r in passes if s is after] == [6], "rebuilt from round 1, not carried"


def test_a_caller_cannot_corrupt_the_next_round(example, passes):
    before = cut_before(example, 5)
    handed = before.state_before()
    truth = from_round_1(cut_before(example, 6), 6)
    # what a careless caller might do to the state it was given
    handed.players[1] = replace(handed.players[2], id=1)  # type: ignore[index]
    del handed.players[3]  # type: ignore[attr-defined]
    after = cut_before(example, 6).continues(before)
    assert after.state_before() == truth
    assert [r for s, r in passes if s is after] == []


def test_a_game_without_result_stops_the_carried_state_as_the_pass_from_round_1(example):
    before = cut_before(example, 5)
    before.state_before()
    after = cut_before(example, 6)
    p = after.players[0]
    e = p.entry(5)
    assert e.played
    pending = {p.id: RoundEntry(e.opponent, e.colour, " ")}
    q = next(x for x in after.players if x.id == e.opponent)
    f = q.entry(5)
    pending[q.id] = RoundEntry(f.opponent, f.colour, " ")
    players = tuple(
        replace(x, rounds=x.rounds[:4] + (pending[x.id],) + x.rounds[5:]) if x.id in pending else x
        for x in after.players
    )
    broken = replace(after, players=players)
    with pytest.raises(InputError) as scratch:
        replace(broken).state_before(6)
    with pytest.raises(InputError) as carried:
        replace(broken).continues(before).state_before(6)
    assert str(carried.value) == str(scratch.value)
    assert "round 5" in str(carried.value)
