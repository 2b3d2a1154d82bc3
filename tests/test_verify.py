"""The verifier names the article a hand-altered round breaks.

Rounds of generated tournaments (paired by the Dutch engine, results from the rating
model) are altered by a script in four ways, each with an independently known verdict:

* flip the colours of one board: the pairs are right, the colours are not, and the
  report names the colour article (Art. 5.2.x) that decides the board;
* repeat a game (pair two players who met before): C1;
* give the pairing-allocated bye to a player who already had one: C2;
* swap the opponents of two boards: the round differs from the rules' pairing, and the
  report names either an absolute article or the first quality criterion that differs.
"""

from __future__ import annotations

import random

import pytest

import rules.dutch as dutch
from solver.generate import GeneratorSettings, generate
from solver.history import cut_before
from solver.model import pairs_of_round
from solver.pairing import Pairing
from solver.verify import check_round


def _pairer(t):
    p = dutch.pair_round(t, "2026")
    return p.pairs, p.bye


@pytest.fixture(scope="module")
def events():
    out = []
    for seed in range(12):
        settings = GeneratorSettings(players=9 + seed, rounds=5, seed=seed, absence_rate=0.03, forfeit_rate=0.02)
        out.append(generate(settings, _pairer))
    return out


def _rounds(events):
    for t in events:
        for r in range(2, t.rounds_paired + 1):
            pairs, pab = pairs_of_round(t, r)
            yield t, r, cut_before(t, r), pairs, (pab[0] if pab else None)


def test_recorded_rounds_check_clean(events):
    n = 0
    for t, r, before, pairs, bye in _rounds(events):
        rep = check_round(dutch, before, Pairing(r, pairs, bye), "2026")
        assert rep.ok, (r, rep.as_dict())
        n += 1
    assert n >= 40


def test_flipped_colour_is_reported_with_its_article(events):
    n = 0
    for t, r, before, pairs, bye in _rounds(events):
        w, b = pairs[0]
        altered = [(b, w)] + pairs[1:]
        rep = check_round(dutch, before, Pairing(r, altered, bye), "2026")
        assert not rep.ok and not rep.absolute
        assert rep.colour_notes and rep.colour_notes[0].startswith(f"{b}-{w}: Art. 5.2.")
        assert f"gives White to {w}" in rep.colour_notes[0]
        n += 1
    assert n >= 40


def test_repeated_game_is_C1(events):
    n = 0
    for t, r, before, pairs, bye in _rounds(events):
        state = before.state_before(r)
        # find two boards a-b, c-d where a already played c: pair a-c and b-d
        for i in range(len(pairs)):
            for j in range(i + 1, len(pairs)):
                a, b = pairs[i]
                c, d = pairs[j]
                if c in state[a].opponents:
                    altered = [p for k, p in enumerate(pairs) if k not in (i, j)] + [(a, c), (b, d)]
                    rep = check_round(dutch, before, Pairing(r, altered, bye), "2026")
                    assert any(x.startswith(f"C1: {a} and {c} have already played") for x in rep.absolute), rep.absolute
                    n += 1
                    break
            else:
                continue
            break
    assert n >= 15


def test_second_bye_is_C2(events):
    n = 0
    for t, r, before, pairs, bye in _rounds(events):
        if bye is None:
            continue
        state = before.state_before(r)
        had = [pid for pid, s in state.players.items() if s.had_pab and s.present]
        for pid in had:
            board = next(((w, b) for w, b in pairs if pid in (w, b)), None)
            if board is None:
                continue
            other = board[1] if board[0] == pid else board[0]
            altered = [p for p in pairs if p != board] + [(other, bye) if other < bye else (bye, other)]
            rep = check_round(dutch, before, Pairing(r, altered, pid), "2026")
            assert any(x.startswith(f"C2: the pairing-allocated bye goes to {pid}") for x in rep.absolute), rep.absolute
            n += 1
            break
    assert n >= 5


def test_swapped_opponents_are_explained(events):
    rng = random.Random(7)
    n = 0
    quality = {a for a, _ in dutch.quality_criteria("2026")}
    for t, r, before, pairs, bye in _rounds(events):
        if len(pairs) < 2:
            continue
        i, j = rng.sample(range(len(pairs)), 2)
        (a, b), (c, d) = pairs[i], pairs[j]
        altered = [p for k, p in enumerate(pairs) if k not in (i, j)] + [(a, d), (c, b)]
        rep = check_round(dutch, before, Pairing(r, altered, bye), "2026")
        assert not rep.ok
        if rep.absolute:
            assert rep.absolute[0].split(":")[0] in {"C1", "C2", "C3"}
        else:
            article = rep.first_difference.split(" ")[0]
            assert article in quality or rep.first_difference.startswith("equal on every criterion"), rep.first_difference
        assert sorted(rep.only_given) == sorted({(a, d), (c, b)} - set(pairs)) or rep.only_given
        n += 1
    assert n >= 40
