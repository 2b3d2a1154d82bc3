"""The random tournament generator: Milvang's result model, settings, reproducibility,
and the consistency of what it generates."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabellone.core.errors import InputError, SelfCheckError
from tabellone.core.model import WHITE, Tournament
from tabellone.core.scoring import Scoring
from tabellone.core.validate import check_consistency
from tabellone.formats.trf import format_trf, parse_trf
from tabellone.generate.tournament import MILVANG_2015, GeneratorSettings, draw_game, generate, result_probabilities

# --------------------------------------------------------------------------------------
# a pairer for the tests: no system, just enough to pair every round


def id_order_pairer(t: Tournament) -> tuple[list[tuple[int, int]], int | None]:
    """Present players in id order; the bye to the last who has not had one; then each
    unpaired player meets the first later one not met yet (a rematch if none is left).
    White goes to the player who has had White less often."""
    state = t.state_before()
    present = [p.id for p in state.to_pair]
    pab = None
    if len(present) % 2:
        candidates = [pid for pid in present if not state[pid].had_pab] or present
        pab = candidates[-1]
        present.remove(pab)
    pairs = []
    unpaired = list(present)
    while unpaired:
        a = unpaired.pop(0)
        b = next((x for x in unpaired if state.may_meet(a, x)), unpaired[0])
        unpaired.remove(b)
        if state[a].colour_difference <= state[b].colour_difference:
            pairs.append((a, b))
        else:
            pairs.append((b, a))
    return pairs, pab


def settings(**kw) -> GeneratorSettings:
    base = dict(players=15, rounds=7, seed=2024, forfeit_rate=0.05, absence_rate=0.05, half_bye_rate=0.05)
    base.update(kw)
    return GeneratorSettings(**base)


# --------------------------------------------------------------------------------------
# result model


def test_milvang_check_value():
    pw, pd, pb = result_probabilities(2467, 2344)
    assert (round(pw, 3), round(pd, 3), round(pb, 3)) == (0.511, 0.351, 0.138)


def test_equal_ratings_favour_white_and_draws_grow_with_strength():
    for r in (1500, 2000, 2500):
        pw, pd, pb = result_probabilities(r, r)
        assert pw > pb
    draws = [result_probabilities(r, r)[1] for r in (1400, 1800, 2200, 2600)]
    assert draws == sorted(draws)


def test_probabilities_are_a_distribution():
    for w in range(0, 3401, 50):
        for b in range(0, 3401, 50):
            probs = result_probabilities(w, b)
            assert all(0.0 <= p <= 1.0 for p in probs), (w, b, probs)
            assert sum(probs) == pytest.approx(1.0, abs=1e-12)
    # far beyond the fitted range the values are clamped, still a distribution
    for w, b in ((9999, 9999), (9999, 0), (0, 9999), (5000, 4800)):
        probs = result_probabilities(w, b)
        assert all(0.0 <= p <= 1.0 for p in probs)
        assert sum(probs) == pytest.approx(1.0, abs=1e-12)


def test_probabilities_are_monotone_in_rating_difference():
    # fixed mean rating
    for mean in (1200, 1600, 2000, 2400, 2800):
        prev = None
        for diff in range(-1400, 1401, 5):
            pw, _, pb = result_probabilities(mean + diff / 2, mean - diff / 2)
            if prev:
                assert pw >= prev[0] - 1e-12 and pb <= prev[1] + 1e-12, (mean, diff)
            prev = (pw, pb)
    # fixed Black, White getting stronger (the mean moves too)
    for black in (1400, 2000, 2600):
        prev = None
        for white in range(1000, 3001, 5):
            pw, _, pb = result_probabilities(white, black)
            if prev:
                assert pw >= prev[0] - 1e-12 and pb <= prev[1] + 1e-12, (white, black)
            prev = (pw, pb)
    # the limits: a huge gap decides the game
    assert result_probabilities(2800, 1000) == (1.0, 0.0, 0.0)
    assert result_probabilities(1000, 2800) == (0.0, 0.0, 1.0)


def test_draw_rate_override_keeps_the_wins_in_proportion():
    pw, pd, pb = result_probabilities(2467, 2344)
    qw, qd, qb = result_probabilities(2467, 2344, draw_rate=0.2)
    assert qd == 0.2
    assert qw + qd + qb == pytest.approx(1.0)
    assert qw / qb == pytest.approx(pw / pb)
    assert result_probabilities(2467, 2344, draw_rate=1.0) == (0.0, 1.0, 0.0)
    # a certain result stays certain when draws are removed
    assert result_probabilities(2800, 1000, draw_rate=0.0) == (1.0, 0.0, 0.0)
    with pytest.raises(InputError, match="draw_rate"):
        result_probabilities(2000, 2000, draw_rate=1.5)


def test_custom_parameters_are_used():
    flat = type(MILVANG_2015)(white_centre_base=0.3, black_centre_base=0.3)
    pw, pd, pb = result_probabilities(1200, 1200, params=flat)  # q = 0, difference 0
    assert pw < result_probabilities(1200, 1200)[0]


def test_empirical_frequencies_match_the_model():
    rng = random.Random(12345)
    n = 20_000
    counts = Counter(draw_game(rng, 2467, 2344) for _ in range(n))
    pw, pd, pb = result_probabilities(2467, 2344)
    assert set(counts) <= {("1", "0"), ("=", "="), ("0", "1")}
    assert abs(counts[("1", "0")] / n - pw) < 0.01
    assert abs(counts[("=", "=")] / n - pd) < 0.01
    assert abs(counts[("0", "1")] / n - pb) < 0.01


def test_forfeits_in_draw_game():
    rng = random.Random(7)
    n = 20_000
    counts = Counter(draw_game(rng, 2000, 2000, forfeit_rate=0.2) for _ in range(n))
    forfeits = counts[("+", "-")] + counts[("-", "+")]
    assert abs(forfeits / n - 0.2) < 0.01
    assert abs(counts[("+", "-")] / forfeits - 0.5) < 0.03


# --------------------------------------------------------------------------------------
# settings


@pytest.mark.parametrize(
    "change, name",
    [
        (dict(players=1), "players"),
        (dict(players=0), "players"),
        (dict(players=10_000), "players"),
        (dict(rounds=0), "rounds"),
        (dict(rounds=2.5), "rounds"),
        (dict(seed="x"), "seed"),
        (dict(draw_rate=-0.1), "draw_rate"),
        (dict(forfeit_rate=1.01), "forfeit_rate"),
        (dict(absence_rate=-0.5), "absence_rate"),
        (dict(half_bye_rate=2), "half_bye_rate"),
        (dict(absence_rate=0.6, half_bye_rate=0.5), "absence_rate + half_bye_rate"),
        (dict(rating_low=2700, rating_high=2600), "rating_low"),
        (dict(rating_high=12_000), "rating_high"),
        (dict(initial_colour="x"), "initial_colour"),
    ],
)
def test_invalid_settings_name_the_setting(change, name):
    with pytest.raises(InputError) as info:
        generate(settings(**change), id_order_pairer)
    assert info.value.field == name
    assert str(info.value).startswith(name + ": ")


def test_total_rounds_below_rounds_is_rejected():
    with pytest.raises(InputError, match="total_rounds"):
        generate(settings(rounds=5), id_order_pairer, total_rounds=4)


# --------------------------------------------------------------------------------------
# generated tournaments


def test_players_ratings_and_header_records():
    s = settings(players=30, rating_low=1500, rating_high=2100)
    t = generate(s, id_order_pairer)
    assert [p.id for p in t.players] == list(range(1, 31))
    assert all(1500 <= p.rating <= 2100 for p in t.players)
    keys = [(-p.rating, p.name) for p in t.players]
    assert keys == sorted(keys)
    assert sorted(p.name for p in t.players) == [f"Player {k:04d}" for k in range(1, 31)]
    assert t.total_rounds == s.rounds
    assert t.initial_colour in ("w", "b")
    assert generate(settings(initial_colour="b"), id_order_pairer).initial_colour == "b"
    # the initial colour is drawn from the seed: both appear over a few seeds
    assert {generate(settings(seed=k, rounds=1), id_order_pairer).initial_colour for k in range(12)} == {"w", "b"}


def test_reproducible_from_the_seed():
    a = generate(settings(), id_order_pairer)
    b = generate(settings(), id_order_pairer)
    assert a == b
    assert format_trf(a) == format_trf(b)
    c = generate(settings(seed=2025), id_order_pairer)
    assert c != a


def test_global_random_state_is_untouched():
    random.seed(99)
    expected = random.random()
    random.seed(99)
    generate(settings(), id_order_pairer)
    assert random.random() == expected


def _assert_consistent(t: Tournament, rounds: int) -> None:
    check_consistency(t, "<generated>")
    complement = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    for p in t.players:
        assert len(p.rounds) == rounds, p.id
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is None:
                assert e.colour is None and e.result in "UHZ", (p.id, r, e)
                continue
            back = t.player(e.opponent).entry(r)
            assert back.opponent == p.id
            assert {e.colour, back.colour} == {"w", "b"}
            assert back.result == complement[e.result], (p.id, r, e, back)
        assert p.points == t.score_after(p, rounds)
    assert t.score_mismatches() == []
    assert t.rounds_paired == rounds
    for r in range(1, rounds + 1):
        assert sum(1 for p in t.players if p.entry(r).result == "U") <= 1


def test_generated_tournament_is_consistent():
    for seed in range(5):
        s = settings(seed=seed, players=21, rounds=9, forfeit_rate=0.1, absence_rate=0.1, half_bye_rate=0.1)
        _assert_consistent(generate(s, id_order_pairer), 9)


def test_pairer_sees_the_round_to_pair_with_its_byes():
    seen = []

    def spy(t: Tournament):
        r = t.next_round
        byes = t.byes_for(r)
        for p in t.players:
            # paired rounds are complete; the round to pair holds only byes
            assert len(p.rounds) == r - (0 if p.id in byes else 1)
            assert p.points == t.score_after(p, r - 1)
        state = t.state_before()
        assert {ps.id for ps in state.to_pair} == {p.id for p in t.players} - set(byes)
        seen.append((r, dict(byes)))
        return id_order_pairer(t)

    t = generate(settings(players=12, rounds=6, absence_rate=0.15, half_bye_rate=0.15), spy)
    assert [r for r, _ in seen] == list(range(1, 7))
    for r, byes in seen:
        for pid, kind in byes.items():
            assert t.player(pid).entry(r).result == kind.value
    assert any(byes for _, byes in seen)


def test_partial_tournament_declares_its_total_rounds():
    t = generate(settings(rounds=3), id_order_pairer, total_rounds=9)
    assert t.total_rounds == 9
    assert t.next_round == 4
    _assert_consistent(t, 3)


def test_rates_over_many_rounds():
    players, rounds = 40, 50
    s = GeneratorSettings(
        players=players, rounds=rounds, seed=11, absence_rate=0.10, half_bye_rate=0.05, forfeit_rate=0.08
    )
    t = generate(s, id_order_pairer)
    _assert_consistent(t, rounds)
    codes = Counter(e.result for p in t.players for e in p.rounds)
    slots = players * rounds
    # 2000 player-rounds: a standard deviation of about 0.007 for a rate of 0.10
    assert abs(codes["Z"] / slots - 0.10) < 0.03
    assert abs(codes["H"] / slots - 0.05) < 0.02
    games = sum(1 for p in t.players for e in p.rounds if e.opponent is not None and e.colour == "w")
    forfeits = codes["+"]
    assert codes["+"] == codes["-"]
    assert abs(forfeits / games - 0.08) < 0.03


def test_no_byes_or_forfeits_by_default():
    t = generate(GeneratorSettings(players=10, rounds=5, seed=3), id_order_pairer)
    codes = {e.result for p in t.players for e in p.rounds}
    assert codes <= set("1=0")  # ten players: no pairing-allocated bye either


def test_odd_field_gets_one_pab_per_round():
    t = generate(GeneratorSettings(players=9, rounds=5, seed=3), id_order_pairer)
    for r in range(1, 6):
        assert len([p.id for p in t.players if p.entry(r).result == "U"]) == 1
    _assert_consistent(t, 5)


def test_result_frequencies_in_a_generated_field_follow_the_model():
    # every player rated 2000: every game has the same probabilities
    s = GeneratorSettings(players=40, rounds=30, seed=5, rating_low=2000, rating_high=2000)
    t = generate(s, id_order_pairer)
    white = Counter(e.result for p in t.players for e in p.rounds if e.colour == WHITE)
    n = sum(white.values())
    pw, pd, pb = result_probabilities(2000, 2000)
    assert abs(white["1"] / n - pw) < 0.03
    assert abs(white["="] / n - pd) < 0.03
    assert abs(white["0"] / n - pb) < 0.03


def test_draw_rate_setting():
    s = GeneratorSettings(players=40, rounds=30, seed=5, draw_rate=0.0)
    t = generate(s, id_order_pairer)
    assert all(e.result != "=" for p in t.players for e in p.rounds)
    s = GeneratorSettings(players=40, rounds=30, seed=5, draw_rate=1.0)
    t = generate(s, id_order_pairer)
    assert all(e.result == "=" for p in t.players for e in p.rounds)


def test_every_player_absent_still_gives_a_paired_round():
    s = GeneratorSettings(players=4, rounds=5, seed=1, absence_rate=1.0)
    t = generate(s, id_order_pairer)
    for r in range(1, 6):
        results = sorted(p.entry(r).result for p in t.players)
        assert results == ["U", "Z", "Z", "Z"]
    _assert_consistent(t, 5)


@pytest.mark.parametrize("fmt", ["trf16", "trf26"])
def test_trf_round_trip(fmt):
    s = settings(players=25, rounds=8, forfeit_rate=0.1, absence_rate=0.1, half_bye_rate=0.1)
    t = generate(s, id_order_pairer, total_rounds=10)
    again = parse_trf(format_trf(t, fmt))
    assert again == t
    assert format_trf(again, fmt) == format_trf(t, fmt)


def test_other_point_systems():
    draughts = Scoring.draughts()
    s = settings(players=11, rounds=6, scoring=draughts, system="FID_ROTATION")
    t = generate(s, id_order_pairer)
    assert t.scoring == draughts and t.system == "FID_ROTATION"
    _assert_consistent(t, 6)
    # 2-1-0: whole points only, and a win is worth 2
    assert all(p.points.denominator == 1 for p in t.players)
    winner = next(p for p in t.players if p.entry(1).result == "1")
    assert t.points_in_round(winner, 1) == 2
    assert parse_trf(format_trf(t)) == t
    assert parse_trf(format_trf(t, "trf26")) == t


# --------------------------------------------------------------------------------------
# pairers that break the contract


@pytest.mark.parametrize(
    "answer, message",
    [
        (lambda t: ([(1, 2)], None), "present but neither paired"),
        (lambda t: ([(1, 1), (2, 3)], 4), "paired twice"),
        (lambda t: ([(1, 99), (2, 3)], 4), "not a player id"),
        (lambda t: ([(1, 2)],), "expected \\(pairs, pab\\)"),
        (lambda t: ([(1, 2, 3)], None), "pair"),
    ],
)
def test_a_bad_pairing_is_reported(answer, message):
    with pytest.raises(SelfCheckError, match=message):
        generate(GeneratorSettings(players=4, rounds=1, seed=0), answer)


def test_a_player_with_a_bye_may_not_be_paired():
    def pair_everyone(t):
        ids = [p.id for p in t.players]
        return list(zip(ids[0::2], ids[1::2])), None

    with pytest.raises(SelfCheckError, match="has a bye or is absent"):
        generate(GeneratorSettings(players=4, rounds=1, seed=0, absence_rate=0.9), pair_everyone)
