"""Large opens: the rounds paired without a matcher, the progress line, out of memory."""

from __future__ import annotations

import io

import pytest
from tournaments import field, game, merge

from tabellone import cli
from tabellone.core import progress
from tabellone.rules import dutch
from tabellone.rules.fide_common import round_to_pair


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_round_one_is_s1_against_s2_without_a_matcher(edition):
    # Art. 3.2-3.3 (2017 B.1-B.2): nine players, one bracket; S1 = 1-4, S2 = 5-8, and
    # the ninth takes the PAB. Colours by Art. 5.2.5: 1 gets the initial White, then
    # alternating down the boards.
    t = field(9, total=5, colour="w")
    p = dutch.pair_round(t, edition)
    assert sorted(p.pairs) == [(1, 5), (3, 7), (6, 2), (8, 4)]
    assert p.bye == 9
    assert p.solves == 0  # no matching was solved
    # the optimiser, forced on the same round, agrees
    forced = dutch.pair_round(t, edition, solve=dutch.default_solve)
    assert sorted(forced.pairs) == sorted(p.pairs) and forced.bye == p.bye


def test_round_not_evident_when_a_first_candidate_pair_is_prohibited():
    t = field(8, total=5)
    state, players, _ = round_to_pair(t)
    assert dutch.evident_pairing(players, state, "2026") == ([(0, 4), (1, 5), (2, 6), (3, 7)], None)
    prohibited = type(state)(state.round, state.total_rounds, state.players, frozenset({frozenset((2, 6))}))
    assert dutch.evident_pairing(players, prohibited, "2026") is None


def test_round_two_is_left_to_the_optimiser():
    t = field(4, [merge(game(1, 3, "="), game(4, 2, "="))], total=3)
    state, players, _ = round_to_pair(t)
    assert dutch.evident_pairing(players, state, "2026") is None  # colour preferences exist
    p = dutch.pair_round(t, "2026")
    assert p.solves > 0


@pytest.fixture
def line(monkeypatch):
    """The progress line's stream, shown at once (no delay, no interval); reset after."""
    out = io.StringIO()
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    progress.configure(stream=out)
    yield out
    progress.configure()


def test_progress_line_after_the_delay_and_erased_at_the_end(line):
    with progress.task("Dutch 2026, round 9, 1000 players"):
        progress.step(3, 12)
    assert "Dutch 2026, round 9, 1000 players: bracket 3 of 12" in line.getvalue()
    assert line.getvalue().endswith("\r\033[K")  # erased
    quiet = io.StringIO()
    progress.configure(quiet=True, stream=quiet)
    with progress.task("x"):
        progress.step(1, 2)
    assert quiet.getvalue() == ""


def test_a_nested_task_moves_the_outer_line_and_names_itself_in_an_error(line):
    # generate plays a whole event (the outer task, a step per round); each round is a
    # pairing task of its own, whose brackets follow the round on the outer line.
    with progress.task("generating 1000 players, 9 rounds"):
        progress.step(3, 9, "round")
        with progress.task("Dutch 2026, round 3, 1000 players"):
            progress.step(2, 7)
        assert progress.current() == "generating 1000 players, 9 rounds"  # the inner task ended
        with pytest.raises(MemoryError):
            with progress.task("Dutch 2026, round 4, 1000 players"):
                raise MemoryError()
    shown = line.getvalue().split("\r\033[K")
    assert any(
        x.startswith("tabellone: generating 1000 players, 9 rounds: round 3 of 9, bracket 2 of 7, ") for x in shown
    )
    assert not any("Dutch 2026" in x for x in shown)  # the outer task's name stands
    assert progress.current() == "generating 1000 players, 9 rounds; Dutch 2026, round 4, 1000 players"


def test_progress_is_silent_before_the_delay(monkeypatch):
    out = io.StringIO()
    progress.configure(stream=out)
    try:
        with progress.task("short"):
            progress.step(1, 2)
        assert out.getvalue() == ""
    finally:
        progress.configure()


def test_out_of_memory_is_one_line_with_the_size_and_exit_2(tmp_path, monkeypatch, capsys):
    from tabellone.formats.trf import format_trf

    path = tmp_path / "event.trf"
    path.write_text(format_trf(field(4, [merge(game(1, 3, "="), game(4, 2, "="))], total=3)))

    def exhausted(self):
        raise MemoryError()

    monkeypatch.setattr(dutch.Dutch2026, "pair", exhausted)
    assert cli.main(["pair", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tabellone: out of memory (Dutch 2026, round 2, 4 players): ")
    assert err[0].endswith("free memory or run on a larger machine")


def test_out_of_memory_in_generate_names_the_event_and_the_round(tmp_path, monkeypatch, capsys):
    def exhausted(self):
        raise MemoryError()

    monkeypatch.setattr(dutch.Dutch2026, "pair", exhausted)  # round 1 needs no matcher; round 2 does
    out = tmp_path / "event.trf"
    assert cli.main(["generate", "--players", "6", "--rounds", "3", "--seed", "1", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith(
        "tabellone: out of memory (generating 6 players, 3 rounds; Dutch 2026, round 2, 6 players): "
    )
    assert not out.exists()  # nothing half-written
