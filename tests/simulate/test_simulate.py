"""tabellone simulate: metrics on hand-worked examples, the result models against
hand-computed values, paired events, identical results on any number of workers, the
random baseline, and the command's errors."""

from __future__ import annotations

import json
import math
import random

import pytest
from testkit import REPO, texts

from tabellone.cli import main
from tabellone.core.errors import InputError
from tabellone.core.model import Player, RoundEntry, Tournament
from tabellone.core.pairing import Pairing
from tabellone.generate.result_models import BbpModel, Gacrux2025, result_model
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import random_pairing
from tabellone.simulate import Simulation, parse_arms, run, summarise
from tabellone.simulate.arms import profiles_supported
from tabellone.simulate.events import TIMING_COLUMNS, draw_field, play_arm
from tabellone.simulate.metrics import (
    colour_shares,
    group_spread,
    kendall_half,
    mean_ci95,
    spearman,
    strongest_first,
    tournament_metrics,
)

# --- metrics, by hand ------------------------------------------------------------------


def test_kendall_half_by_hand_on_four_players():
    # A > B > C > D in strength; points A 2, B 3, C 1, D 1.
    # Pairs: A-B wrong (1), A-C right, A-D right, B-C right, B-D right, C-D level (1/2).
    assert kendall_half([2400, 2300, 2200, 2100], [2, 3, 1, 1]) == pytest.approx(1.5 / 6)


def test_kendall_half_skips_pairs_of_equal_strength():
    # A and B equally strong: their pair does not count (5 pairs left).
    # A-C: A stronger with 1 < 2, wrong; A-D right; B-C level (1/2); B-D right; C-D right.
    assert kendall_half([2400, 2400, 2200, 2100], [1, 2, 2, 0]) == pytest.approx(1.5 / 5)
    assert math.isnan(kendall_half([2000, 2000], [1, 0]))


def _kendall_half_pair_by_pair(strength, points):
    """The definition, one pair at a time."""
    wrong, pairs = 0.0, 0
    for i in range(len(strength)):
        for j in range(i + 1, len(strength)):
            if strength[i] == strength[j]:
                continue
            pairs += 1
            if points[i] == points[j]:
                wrong += 0.5
            elif (strength[i] > strength[j]) != (points[i] > points[j]):
                wrong += 1.0
    return wrong / pairs if pairs else math.nan


@pytest.mark.parametrize("seed", range(40))
def test_kendall_half_counts_what_the_pairs_give(seed):
    # fields with many ties in strength and in points (half points), in any order: the
    # counted value is the pair-by-pair one, to the last bit
    rng = random.Random(seed)
    n = rng.choice([2, 3, 7, 30, 100])
    strength = [float(rng.randint(1400, 1400 + rng.choice([3, 50, 1000]))) for _ in range(n)]
    points = [rng.randint(0, 2 * rng.choice([1, 4, 9])) / 2 for _ in range(n)]
    got, want = kendall_half(strength, points), _kendall_half_pair_by_pair(strength, points)
    assert got == want or (math.isnan(got) and math.isnan(want))


def test_spearman_by_hand():
    # d = 0, -1, 1, 0: rho = 1 - 6 * 2 / (4 * 15) = 0.8
    assert spearman([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(0.8)
    # ties take mean ranks 1, 2.5, 2.5, 4: Pearson of the ranks = 4.5 / sqrt(4.5 * 5)
    assert spearman([1, 2, 2, 3], [1, 2, 3, 4]) == pytest.approx(4.5 / math.sqrt(22.5))
    assert math.isnan(spearman([1, 1, 1], [1, 2, 3]))


def test_strongest_first():
    assert strongest_first([2500, 2400, 2300], [3, 2, 1]) == (1, 0)
    assert strongest_first([2500, 2400, 2300], [3, 3, 1]) == (0, 1)
    assert strongest_first([2500, 2400, 2300], [2, 3, 1]) == (0, 0)
    # two players of the top strength: either one at the top counts
    assert strongest_first([2500, 2500, 2300], [1, 3, 2]) == (1, 0)


def test_colour_shares_by_hand():
    shares = colour_shares(["wbwb", "wwb", "bbw", "bbbw", "w"])
    # CD: 0, +1, -1, -2, +1
    assert shares["cd0_share"] == pytest.approx(1 / 5)
    assert shares["cd1_share"] == pytest.approx(3 / 5)
    assert shares["cd2plus_share"] == pytest.approx(1 / 5)
    # consecutive pairs: 3 + 2 + 2 + 3 + 0 = 10; repeats: 0 + 1 + 1 + 2 + 0 = 4
    assert shares["repeat2_rate"] == pytest.approx(4 / 10)
    assert shares["three_in_row_share"] == pytest.approx(1 / 5)


def test_group_spread_and_ci_by_hand():
    # group {10, 20}: sd 5, weight 2; group {1, 3, 5}: sd sqrt(8/3), weight 3; {7} alone
    expected = (2 * 5 + 3 * math.sqrt(8 / 3)) / 5
    assert group_spread({0: [10, 20], 1: [1, 3, 5], 2: [7]}) == pytest.approx(expected)
    s = mean_ci95([2.0, 4.0, 6.0, 8.0, float("nan")])  # NaN left out; s = sqrt(20/3), n = 4
    # Student t, 3 degrees of freedom: t(0.975) = 3.182 (printed tables)
    assert s["mean"] == 5.0 and s["ci95"] == pytest.approx(3.1824 * math.sqrt(20 / 3) / 2, rel=1e-4)
    assert s["n"] == 4 and s["sd"] == pytest.approx(math.sqrt(20 / 3))
    assert mean_ci95([1.0]) == {"mean": 1.0, "ci95": None, "n": 1, "sd": None}


def _entry(opponent, colour, result):
    return RoundEntry(opponent, colour, result)


def test_tournament_metrics_on_a_hand_made_event():
    # Round 1: 1-4 1-0, 2-3 draw. Round 2 (scores 1, 1/2, 1/2, 0): 3-1 0-1, 4-2 0-1.
    rounds = {
        1: (_entry(4, "w", "1"), _entry(3, "b", "1")),
        2: (_entry(3, "w", "="), _entry(4, "b", "1")),
        3: (_entry(2, "b", "="), _entry(1, "w", "0")),
        4: (_entry(1, "b", "0"), _entry(2, "w", "0")),
    }
    ratings = {1: 2400, 2: 2300, 3: 2200, 4: 2100}
    t = Tournament(
        players=tuple(Player(id=i, name=f"P{i}", rating=ratings[i], rounds=rounds[i]) for i in range(1, 5)),
        total_rounds=2,
    )
    m = tournament_metrics(t, {1: 2400, 2: 2300, 3: 2200, 4: 2100}, 2)
    # final points 2, 1.5, 0.5, 0: strength order exactly
    assert m["kendall_half"] == 0.0 and m["spearman"] == pytest.approx(1.0)
    assert m["strongest_alone_first"] == 1.0 and m["strongest_shares_first"] == 0.0
    # round 1: both games level; round 2: both games half a point apart
    assert m["floats_per_round"] == pytest.approx(1.0)
    assert m["mean_score_difference"] == pytest.approx(0.25)
    # colours: 1 wb, 2 bw, 3 bw, 4 bw: all CD 0, no repeats
    assert m["cd0_share"] == 1.0 and m["repeat2_rate"] == 0.0
    assert m["pab_count"] == 0.0 and math.isnan(m["pab_receiver_rank"])
    assert math.isnan(m["aro_spread"])  # every final score is different


def test_tournament_metrics_on_a_hand_worked_five_player_table():
    # Five players, 3 rounds, a pairing-allocated bye (U) every round; 2 and 3 are
    # equally strong. Scores before each round in brackets.
    # R1 (all 0):            1-4 1-0, 2-5 draw, 3 bye
    # R2 (1 1, 2 1/2, 3 1, 4 0, 5 1/2): 1-5 1-0 (gap 1/2), 2-3 draw (gap 1/2), 4 bye
    # R3 (1 2, 2 1, 3 3/2, 4 1, 5 1/2): 3-1 1-0 (gap 1/2), 4-2 0-1 (gap 0), 5 bye
    # Final points: 1 2, 2 2, 3 5/2, 4 1, 5 3/2.
    bye = _entry(None, "-", "U")
    rounds = {
        1: (_entry(4, "w", "1"), _entry(5, "w", "1"), _entry(3, "b", "0")),
        2: (_entry(5, "w", "="), _entry(3, "w", "="), _entry(4, "b", "1")),
        3: (bye, _entry(2, "b", "="), _entry(1, "w", "1")),
        4: (_entry(1, "b", "0"), bye, _entry(2, "w", "0")),
        5: (_entry(2, "b", "="), _entry(1, "b", "0"), bye),
    }
    strength = {1: 2400, 2: 2300, 3: 2300, 4: 2100, 5: 2000}
    t = Tournament(
        players=tuple(Player(id=i, name=f"P{i}", rating=strength[i], rounds=rounds[i]) for i in range(1, 6)),
        total_rounds=3,
    )
    m = tournament_metrics(t, strength, 3)
    # 9 pairs of different strength (2-3 left out): 1-2 level (1/2), 1-3 wrong (2 < 5/2),
    # 4-5 wrong (1 < 3/2), the six others in order.
    assert m["kendall_half"] == pytest.approx(2.5 / 9)
    # mid-ranks: points 3.5 3.5 5 1 2, strength 5 3.5 3.5 2 1; covariance 6.25, variances 9.5
    assert m["spearman"] == pytest.approx(6.25 / 9.5)
    # the strongest (1, on 2) is below the leader (3, on 5/2)
    assert (m["strongest_alone_first"], m["strongest_shares_first"]) == (0.0, 0.0)
    # played colours: 1 wwb, 2 wwb, 3 bw, 4 bw, 5 bb -> CD +1 +1 0 0 -2
    assert (m["cd0_share"], m["cd1_share"], m["cd2plus_share"]) == pytest.approx((0.4, 0.4, 0.2))
    assert m["repeat2_rate"] == pytest.approx(3 / 7) and m["three_in_row_share"] == 0.0
    # floats: 0 + 2 + 1 games on different scores in 3 rounds; gaps 0 0 1/2 1/2 1/2 0
    assert m["floats_per_round"] == pytest.approx(1.0)
    assert m["mean_score_difference"] == pytest.approx(1.5 / 6)
    # byes to 3, 4, 5: strength ranks 2, 3, 4 of 0..4 -> mean 3 / 4
    assert m["pab_count"] == 3.0 and m["pab_receiver_rank"] == pytest.approx(0.75)
    # the only shared final score (1 and 2 on 2) has AROs 2133 and 2133
    assert m["aro_spread"] == 0.0


# --- result models, by hand --------------------------------------------------------------

PHI_1 = 0.8413447  # standard normal table, Phi(1.0)
PHI_1_4 = 0.9192433  # Phi(1.4)


def test_bbp_model_by_hand():
    m = BbpModel(draw_share=0.3)
    assert m.probabilities(2000, 2000) == pytest.approx((0.35, 0.3, 0.35))
    # D = 2000/7 (285.7): E = Phi(1); draw 0.3 < 2 - 2E; stronger wins E - 0.15
    pw, pd, pb = m.probabilities(2000 + 2000 / 7, 2000)
    assert (pw, pd, pb) == pytest.approx((PHI_1 - 0.15, 0.3, 1 - PHI_1 - 0.15), abs=1e-6)
    # colour-blind: the same game seen from the other side
    assert m.probabilities(2000, 2000 + 2000 / 7) == pytest.approx((pb, pd, pw), abs=1e-9)
    # D = 400: E = Phi(1.4); the draw is capped at 2 - 2E and the weaker never wins
    pw, pd, pb = m.probabilities(2400, 2000)
    assert pd == pytest.approx(2 - 2 * PHI_1_4, abs=1e-6)
    assert pw == pytest.approx(PHI_1_4 - pd / 2, abs=1e-6) and pb == pytest.approx(0.0, abs=1e-9)
    with pytest.raises(InputError):
        BbpModel(draw_share=1.5)


def test_gacrux_model_by_hand():
    # 2000 v 2000: Pw = 1 / (1 + 10^(96/370)), Pb = 1 / (1 + 10^(150/370))
    pw, pd, pb = Gacrux2025().probabilities(2000, 2000)
    assert pw == pytest.approx(1 / (1 + 1.817), abs=1e-3) and pb == pytest.approx(1 / (1 + 2.5433), abs=1e-3)
    assert pd == pytest.approx(1 - pw - pb)
    # 2200 v 2000, mean 2100: w = 96 + 9.86, exponent (-200 + 105.86) / 370 = -0.25443
    # b = -150 - 15.7, exponent (200 + 165.7) / 370 = 0.98838
    pw, pd, pb = Gacrux2025().probabilities(2200, 2000)
    assert pw == pytest.approx(1 / (1 + 0.556525), abs=1e-4)
    assert pb == pytest.approx(1 / (1 + 9.73589), abs=1e-4)
    # below a mean of about 1038 the curves overlap: no draw, the wins scaled to 1
    pw, pd, pb = Gacrux2025().probabilities(900, 900)
    assert pd == 0.0 and pw + pb == pytest.approx(1.0)


def test_milvang_model_by_hand_on_every_arc():
    # Milvang (2015): Rm the mean rating, Rd = White - Black, q = (Rm - 1200) / 1200 (0 below
    # 1200). White's curve: 0 below WLL = -1492 + 0.391 Rm, WCV ((Rd - WLL) / (40 - WLL))^2 up
    # to 40, then 1 - (1 - WCV) ((Rd - WUL) / (40 - WUL))^2 up to WUL = 1691 - 0.428 Rm.
    # Black's: 1 below BLL = -1753 + 0.416 Rm, 1 - (1 - BCV) ((Rd - BLL) / (-80 - BLL))^2 up to
    # -80, then BCV ((Rd - BUL) / (-80 - BUL))^2 up to BUL = 1428 - 0.388 Rm, 0 beyond.
    # WCV = 0.45 - 0.10 q^2, BCV = 0.46 - 0.13 q^2.
    from tabellone.generate.result_models import Milvang2015

    m = Milvang2015()
    # White 1800, Black 2000: Rm 1900, Rd -200, q^2 = (700/1200)^2 = 0.340278
    # WCV 0.415972, WLL -749.1: Pw = 0.415972 (549.1 / 789.1)^2 = 0.201420
    # BCV 0.415764, BLL -962.6: Pb = 1 - 0.584236 (762.6 / 882.6)^2 = 0.563832
    pw, pd, pb = m.probabilities(1800, 2000)
    assert (pw, pb) == pytest.approx((0.201420, 0.563832), abs=2e-6) and pd == pytest.approx(1 - pw - pb)
    # White 1000, Black 1100: Rm 1050 < 1200 so q = 0; WLL -1081.45, BLL -1316.2
    # Pw = 0.45 (981.45 / 1121.45)^2 = 0.344659; Pb = 1 - 0.54 (1216.2 / 1236.2)^2 = 0.477332
    assert m.probabilities(1000, 1100) == pytest.approx((0.344659, 0.178009, 0.477332), abs=2e-6)
    # White 2100, Black 900: Rm 1500, Rd 1200 beyond WUL = 1049 and BUL = 846: White wins
    assert m.probabilities(2100, 900) == (1.0, 0.0, 0.0)


def test_unknown_model():
    with pytest.raises(InputError, match="unknown result model"):
        result_model("elo")


def test_generate_with_a_model_is_reproducible():
    def pairer(t):
        ids = [s.id for s in t.state_before().to_pair]
        return [(ids[k], ids[k + 1]) for k in range(0, len(ids) - 1, 2)], None

    s = GeneratorSettings(players=6, rounds=1, seed=5, model=BbpModel(draw_share=0.0))
    a, b = generate(s, pairer), generate(s, pairer)
    assert a == b
    assert all(p.rounds[0].result in "10" for p in a.players)  # no draws at a 0 draw share


# --- paired events and determinism -------------------------------------------------------


def _sim(**kw):
    base = dict(
        arms=parse_arms(["dutch", "random"]), players=12, rounds=4, events=4, seed=7, rating_low=1500, rating_high=2300
    )
    base.update(kw)
    return Simulation(**base)


def _without_timings(rows):
    return [{k: v for k, v in row.items() if k not in TIMING_COLUMNS} for row in rows]


def _same(a, b):
    assert len(a) == len(b)
    for x, y in zip(_without_timings(a), _without_timings(b)):
        assert x.keys() == y.keys()
        for k in x:
            assert x[k] == y[k] or (isinstance(x[k], float) and math.isnan(x[k]) and math.isnan(y[k])), k


def test_each_game_draws_from_the_stream_named_after_it():
    """A game's stream is seeded by the first 8 bytes (big-endian) of the SHA-256 of
    'tabellone simulate SEED event K game LOW HIGH MEETING', whatever games came before."""
    import hashlib
    import random

    from tabellone.simulate.streams import game_streams

    sim = Simulation(arms=parse_arms(["dutch"]), players=20, rounds=3, events=4, seed=5)
    stream = game_streams(sim, 3)
    for low, high, meeting in [(4, 17, 1), (4, 17, 2), (1, 20, 1), (4, 17, 1)]:
        text = f"tabellone simulate 5 event 3 game {low} {high} {meeting}"
        seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
        expected = random.Random(seed)
        got = stream(low, high, meeting)
        assert [got.random() for _ in range(3)] == [expected.random() for _ in range(3)]


def test_one_and_two_workers_give_identical_rows():
    sim = _sim(absence_rate=0.05)
    one = run(sim, workers=1)
    two = run(sim, workers=2)
    _same(one, two)
    labels = [a.label for a in sim.arms]
    assert summarise(one, labels, timings=False) == summarise(two, labels, timings=False)


def test_dask_local_cluster_gives_identical_rows():
    pytest.importorskip("dask.distributed", reason="the research extra (dask[distributed]) is not installed")
    sim = _sim(events=3)
    _same(run(sim, workers=1), run(sim, dask="local", workers=1, dask_processes=False))


def test_arms_share_players_absences_and_luck():
    sim = _sim(arms=parse_arms(["dutch", "dutch:2017", "random"]), players=16, rounds=5, absence_rate=0.1)
    players, strength = draw_field(sim, 2)
    played = [play_arm(sim, 2, arm, players, strength)[0] for arm in sim.arms]
    for t in played[1:]:
        # the same field, and the same players absent in the same rounds
        assert [(p.id, p.rating) for p in t.players] == [(p.id, p.rating) for p in played[0].players]
        for p, q in zip(t.players, played[0].players):
            assert [e.result == "Z" for e in p.rounds] == [e.result == "Z" for e in q.rounds]
    # the same two players, same colours, first meeting: the same result in every arm
    games = {}
    common = 0
    for t in played:
        for p in t.players:
            for e in p.rounds:
                if e.opponent is not None and e.colour == "w":
                    key = (p.id, e.opponent)
                    if key in games:
                        common += 1
                        assert games[key] == e.result, key
                    games[key] = e.result
    assert common > 0


def test_seed_noise_numbers_players_by_the_rating_the_pairing_sees():
    calm = _sim(players=30)
    players, strength = draw_field(calm, 0)
    assert [p.rating for p in players] == [strength[p.id] for p in players]
    assert [p.rating for p in players] == sorted((p.rating for p in players), reverse=True)
    noisy = _sim(players=30, seed_noise=200.0)
    players, strength = draw_field(noisy, 0)
    assert [p.rating for p in players] == sorted((p.rating for p in players), reverse=True)
    assert sorted(strength.values()) == sorted(draw_field(calm, 0)[1].values())  # same true field
    assert any(p.rating != strength[p.id] for p in players)


def test_a_different_seed_gives_different_events():
    a = _without_timings(run(_sim(events=2)))
    b = _without_timings(run(_sim(events=2, seed=8)))
    assert a != b


def test_profiles_are_plumbed_or_refused_clearly():
    if profiles_supported("dutch"):
        arms = parse_arms(["dutch"], profiles=["colour-first"])
        from tabellone.rules.profiles import dumps, resolve

        # the profile travels as its text, and pairs as the shipped profile reads
        assert arms[1].label == "colour-first"
        assert dumps(arms[1].pair_options(1)["profile"]) == dumps(resolve("colour-first"))
    else:
        with pytest.raises(InputError, match="profiles are not available in this build"):
            parse_arms(["dutch"], profiles=["colour-first.toml"])


def test_arm_labels_and_duplicates():
    assert [a.label for a in parse_arms(["dubov", "dutch"], edition=None)] == ["dubov-2026", "dutch-2026"]
    with pytest.raises(InputError, match="twice"):
        parse_arms(["dutch", "dutch:2026"])
    with pytest.raises(InputError, match="unknown edition"):
        parse_arms(["dutch:1066"])


# --- the random baseline -----------------------------------------------------------------


def test_random_pairing_is_legal_and_reproducible():
    def pairer(t):
        p = random_pairing.pair_round(t, seed=3)
        assert random_pairing.violations(t, p) == []
        return p.pairs, p.bye

    t = generate(GeneratorSettings(players=11, rounds=8, seed=2, absence_rate=0.1), pairer)
    met = set()
    byes = []
    for r in range(1, 9):
        for p in t.players:
            e = p.entry(r)
            if e.opponent is not None:
                assert frozenset((p.id, e.opponent)) not in met or e.colour == "b"
            if e.result == "U":
                byes.append(p.id)
        for p in t.players:
            e = p.entry(r)
            if e.opponent is not None:
                met.add(frozenset((p.id, e.opponent)))
    assert len(byes) == len(set(byes))  # nobody gets the bye twice
    again = generate(GeneratorSettings(players=11, rounds=8, seed=2, absence_rate=0.1), pairer)
    assert again == t


def test_random_pairing_violations_finds_a_rematch():
    def pairer(t):
        p = random_pairing.pair_round(t, seed=1)
        return p.pairs, p.bye

    t = generate(GeneratorSettings(players=4, rounds=1, seed=1), pairer, total_rounds=3)
    w, b = next((p.id, p.rounds[0].opponent) for p in t.players if p.rounds[0].colour == "w")
    others = [p.id for p in t.players if p.id not in (w, b)]
    problems = texts(random_pairing.violations(t, Pairing(round=2, pairs=[(b, w), tuple(others)])))
    assert problems and "already played" in problems[0]


def test_pair_system_random_on_the_command_line(capsys):
    assert main(["pair", "examples/open-24-before-r6.trf", "--system", "random", "--format", "bbp"]) == 0
    first = capsys.readouterr().out
    assert main(["pair", "examples/open-24-before-r6.trf", "--system", "random", "--format", "bbp"]) == 0
    assert capsys.readouterr().out == first
    lines = first.split()
    assert int(lines[0]) == 12  # 11 boards and the bye (23 to pair)


# --- the command ---------------------------------------------------------------------------

BASE = ["simulate", "--system", "dutch", "--players", "8", "--rounds", "3", "--events", "2", "--seed", "1", "-q"]


def test_simulate_writes_table_and_summary(tmp_path, capsys):
    table, summary = tmp_path / "t.csv", tmp_path / "s.json"
    assert (
        main(BASE + ["--system", "random", "--model", "gacrux2025", "-o", str(table), "--summary-json", str(summary)])
        == 0
    )
    doc = json.loads(summary.read_text())
    assert set(doc) == {"dutch-2026", "random"}
    assert set(doc["random"]["kendall_half"]) == {"mean", "ci95", "n", "sd"}
    assert doc["random"]["kendall_half"]["n"] == 2 and doc["random"]["events"]["failed"] == 0
    rows = table.read_text().splitlines()
    assert len(rows) == 1 + 2 * 2 and rows[0].startswith("event,arm,kendall_half")
    assert "dutch-2026" in capsys.readouterr().out


def test_simulate_parquet(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet", reason="the research extra (pyarrow) is not installed")
    out = tmp_path / "t.parquet"
    assert main(BASE + ["--model", "bbp", "-o", str(out)]) == 0
    table = pq.read_table(out)
    assert table.num_rows == 2 and table.column("arm").to_pylist() == ["dutch-2026", "dutch-2026"]
    record = json.loads(table.schema.metadata[b"tabellone"])  # how the table was made travels with it
    assert record["settings"]["model"]["name"] == "bbp" and record["seed"] == 1


@pytest.mark.parametrize(
    "extra, code, words",
    [
        (["--ratings", "abc"], 3, "--ratings: expected LO-HI"),
        (["--ratings", "2400-1400"], 3, "above the highest"),
        (["--model", "elo"], 3, "unknown result model"),
        (["--workers", "0"], 3, "--workers"),
        (["--seed-noise", "-5"], 3, "--seed-noise"),
        (["--draw-rate", "1.5", "--model", "bbp"], 3, "--draw-rate"),
        (["--absence-rate", "2"], 3, "--absence-rate"),
        (["--rounds", "8"], 3, "--rounds"),
        (["--system", "chess960"], 3, "unknown pairing system"),
        (["-o", "table.txt"], 3, ".parquet or .csv"),
        (["-o", "/no/such/folder/t.csv"], 5, "cannot write there"),
    ],
)
def test_simulate_bad_input_is_one_line(extra, code, words, capsys):
    assert main(BASE + extra) == code
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and "Traceback" not in err


def test_simulate_keeps_an_existing_output(tmp_path, capsys):
    out = tmp_path / "s.json"
    out.write_text("keep me")
    assert main(BASE + ["--summary-json", str(out)]) == 3
    assert "exists; use --force" in capsys.readouterr().err
    assert out.read_text() == "keep me"
    assert main(BASE + ["--summary-json", str(out), "--force"]) == 0
    assert "dutch-2026" in json.loads(out.read_text())


def test_simulate_ratings_from_a_file(tmp_path, capsys):
    assert main(BASE + ["--ratings-from", "examples/open-24-before-r6.trf", "--players", "30"]) == 3
    assert "at most" in capsys.readouterr().err
    assert main(BASE + ["--ratings-from", "examples/open-24-before-r6.trf"]) == 0


# --- the core without the research extra ---------------------------------------------------

BLOCK_RESEARCH = r"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"pandas", "pyarrow", "dask", "distributed", "tqdm", "matplotlib", "nbclient"}:
            raise ImportError(f"blocked {name}")
sys.meta_path.insert(0, Block())
import tabellone
from tabellone.cli import main
t = tabellone.read("examples/open-24-before-r6.trf")
assert tabellone.pair(t).round == 6
args = ["simulate", "--system", "dutch", "--players", "6", "--rounds", "2", "--events", "1", "-q"]
assert main(args + ["-o", sys.argv[1] + "/t.csv"]) == 0
sys.exit(main(args + ["-o", sys.argv[1] + "/t.parquet"]))
"""


def test_core_and_csv_work_without_the_research_extra(tmp_path):
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", BLOCK_RESEARCH, str(tmp_path)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 3, done.stderr
    assert "tabellone[research]" in done.stderr and "Traceback" not in done.stderr
    assert (tmp_path / "t.csv").is_file() and not (tmp_path / "t.parquet").exists()


def test_independent_recomputation_agrees_with_table_and_summary(tmp_path, capsys):
    # benchmarks/simulate_crosscheck.py re-reads the final TRF tables with its own parser
    # and recomputes every metric and the summary in plain Python: on a small run with
    # byes (odd field) and equally strong players (ratings 1400-1410) it must agree.
    import importlib.util

    path = REPO / "benchmarks" / "simulate_crosscheck.py"
    spec = importlib.util.spec_from_file_location("simulate_crosscheck", path)
    crosscheck = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(crosscheck)
    table, summary = tmp_path / "s.csv", tmp_path / "s.json"
    common = ["--system", "dutch", "--profile", "global", "--players", "9", "--rounds", "4", "--ratings", "1400-1410"]
    assert main(["simulate", *common, "--events", "3", "-q", "-o", str(table), "--summary-json", str(summary)]) == 0
    capsys.readouterr()
    assert crosscheck.main(["--table", str(table), "--summary", str(summary), *common, "--replay", "3"]) == 0
    out = capsys.readouterr().out
    assert "all equal" in out and "DIFFER" not in out
    # and it does notice a wrong number
    text = table.read_text().splitlines()
    cells = text[1].split(",")
    cells[2] = "0.5" if cells[2] != "0.5" else "0.25"  # kendall_half of event 0
    table.write_text("\n".join([text[0], ",".join(cells), *text[2:]]) + "\n")
    assert crosscheck.main(["--table", str(table), *common, "--replay", "3"]) == 1
