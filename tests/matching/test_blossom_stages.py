"""The stages of the compiled matching core: several augmentations per stage (Galil's
presentation of Edmonds' algorithm) against the classic one augmentation per stage.

Oracles: networkx.max_weight_matching and exhaustive search, on the graphs where the new
path does the most: near-uniform weights (a Swiss bracket's: one dual adjustment makes
many edges tight at once), weights whose tight edges all lead to a few hubs (where the
greedy start matches almost nothing), and graphs full of odd cycles (blossoms made,
nested, expanded between augmentations). Both starts (greedy, classic), both modes (with
and without max_cardinality), cold and warm. The stage counters show the path is taken;
and the Dutch pairings of whole generated events are the same with either mode (the
engine's answers do not depend on which optimum the core returns among equal ones).
"""

from __future__ import annotations

import random

import pytest

from tabellone.matching import _blossom
from tests.matching.test_blossom import brute_value, matching_value, nx_value

mwm = _blossom.max_weight_matching


@pytest.fixture(params=[True, False], ids=["multi", "single"])
def multi(request):
    was = _blossom._set_multi_augment(request.param)
    yield request.param
    _blossom._set_multi_augment(was)


def near_uniform(rng, n, density, base_bits=60):
    """A large common weight plus a few units of noise (or none): most edges tie."""
    base = 1 << base_bits
    spread = rng.choice([0, 1, 2, 3, 8])
    return [(i, j, base + rng.randint(0, spread)) for i in range(n) for j in range(i + 1, n) if rng.random() < density]


def hubs(rng, n, density):
    """Every vertex's heaviest edges lead to the same few hubs (the greedy start's worst
    case): w(i, j) = f(i) + f(j) with a few large f."""
    f = [rng.choice([0, 0, 0, 1, 2]) << 40 for _ in range(n)]
    for h in rng.sample(range(n), min(n, rng.randint(1, 3))):
        f[h] = 7 << 40
    return [
        (i, j, (1 << 50) + f[i] + f[j] + rng.randint(0, 1))
        for i in range(n)
        for j in range(i + 1, n)
        if rng.random() < density
    ]


def odd_cycles(rng, n):
    """Triangles and pentagons of heavy edges joined by lighter ones: blossoms everywhere,
    some nested (cycles whose vertices are joined again by heavy chords)."""
    edges, seen = [], set()

    def add(a, b, w):
        key = (min(a, b), max(a, b))
        if a != b and key not in seen:
            seen.add(key)
            edges.append((a, b, w))

    v = 0
    while v + 3 <= n:
        size = rng.choice([3, 5]) if v + 5 <= n else 3
        heavy = rng.randint(90, 100)
        for k in range(size):
            add(v + k, v + (k + 1) % size, heavy)
        v += size
    for _ in range(2 * n):
        a, b = rng.randrange(n), rng.randrange(n)
        add(a, b, rng.randint(40, 95))
    rng.shuffle(edges)
    return edges


def graph_of(kind, rng, n, density, base_bits=60):
    if kind == "near":
        return near_uniform(rng, n, density, base_bits)
    return hubs(rng, n, density) if kind == "hubs" else odd_cycles(rng, n)


def solve(n, edges, mc):
    """The mate list: with max_cardinality by the one-shot solve (classic stages), else by
    the solve that keeps its optimum (the incremental matcher's, where several
    augmentations per stage apply)."""
    if mc:
        return mwm(n, edges, max_cardinality=True)
    return _blossom._solve_with_state(n, edges, None, [])[0]


def weight_of(n, edges, mc):
    return matching_value(n, edges, solve(n, edges, mc))


@pytest.mark.parametrize("greedy", [True, False], ids=["greedy", "classic"])
def test_tiny_graphs_against_exhaustive_search(multi, greedy):
    rng = random.Random(f"tiny-{multi}-{greedy}")
    was = _blossom._set_greedy_start(greedy)
    try:
        for _ in range(800):
            n = rng.randint(2, 9)
            kind = rng.choice(["near", "hubs", "cycles"])
            density = rng.choice([0.4, 0.7, 1.0])
            edges = graph_of(kind, rng, n, density, rng.choice([3, 60, 130]))
            for mc in (False, True):
                weight, card = weight_of(n, edges, mc)
                ref_weight, ref_card = brute_value(n, edges, mc)
                assert weight == ref_weight, (mc, edges)
                assert not mc or card == ref_card, (mc, edges)
    finally:
        _blossom._set_greedy_start(was)


@pytest.mark.parametrize("kind", ["near", "hubs", "cycles"])
def test_larger_graphs_against_networkx(multi, kind):
    rng = random.Random(f"larger-{kind}")
    for _ in range(25):
        n = rng.randint(10, 70)
        density = rng.choice([0.3, 0.6, 1.0])
        edges = graph_of(kind, rng, n, density)
        for mc in (False, True):
            weight, card = weight_of(n, edges, mc)
            ref_weight, ref_card = nx_value(n, edges, mc)
            assert weight == ref_weight
            assert not mc or card == ref_card


def test_several_augmentations_per_stage_take_fewer_stages():
    """Where the start leaves many vertices exposed (the classic start on near-uniform
    weights; the greedy start on weights whose tight edges lead to a few hubs) the
    classic stage augments once and the new one many times: the same optimal weight in
    far fewer stages (the counters of the core)."""
    rng = random.Random(26)
    n = 240
    for greedy, edges in ((False, near_uniform(rng, n, 0.8)), (True, hubs(rng, n, 0.8))):
        counts, weights = {}, {}
        for on in (False, True):
            was = (_blossom._set_multi_augment(on), _blossom._set_greedy_start(greedy))
            try:
                weights[on] = weight_of(n, edges, False)[0]
                counts[on] = _blossom._last_stats()["stages"]
            finally:
                _blossom._set_multi_augment(was[0])
                _blossom._set_greedy_start(was[1])
        assert weights[True] == weights[False] == nx_value(n, edges, False)[0]
        assert counts[True] * 5 < counts[False], (greedy, counts)


def warm_solves(rng, n, density, steps, most_changes, new_weight):
    """An incremental matcher on near-uniform weights, a few pairs (1 to
    ``most_changes``) given ``new_weight(rng)`` (0 removes the pair) before each solve,
    as the generation order's bonuses change a bracket: yields each solve's step, the
    matcher, the mates and the graph solved."""
    core = _blossom.IncrementalMatcher(n)
    ref = {(i, j): w for i, j, w in near_uniform(rng, n, density)}
    core.set_edges([(i, j, w) for (i, j), w in ref.items()])
    for step in range(steps):
        for _ in range(rng.randint(1, most_changes)):
            i, j = sorted(rng.sample(range(n), 2))
            w = new_weight(rng)
            core.set_edge(i, j, w)
            if w:
                ref[(i, j)] = w
            else:
                ref.pop((i, j), None)
        mate = core.solve()
        yield step, core, mate, [(i, j, w) for (i, j), w in ref.items()]


def near_uniform_or_none(rng):
    """A new weight of the near-uniform kind, or (one time in five) none."""
    return (1 << 60) + rng.randint(0, 3) if rng.random() < 0.8 else 0


def raised(rng):
    """A new weight above most near-uniform ones (a bonus on top)."""
    return (1 << 60) + rng.randint(0, 3) + rng.randint(1, 4)


def test_warm_solves_near_uniform_against_networkx(multi):
    """The incremental matcher on near-uniform weights, changed a few pairs at a time
    as the generation order's bonuses are (each solve warm, against networkx)."""
    rng = random.Random(f"warm-{multi}")
    for _ in range(6):
        n = rng.randint(20, 50)
        for step, core, mate, edges in warm_solves(rng, n, 0.7, 25, 5, near_uniform_or_none):
            assert step == 0 or core.last_solve_was_warm
            assert _blossom._last_stats()["warm_failure"] is None
            assert matching_value(n, edges, mate)[0] == nx_value(n, edges, False)[0]


def test_zero_dual_t_blossoms_expanded_at_once_keep_warm_solves_optimal():
    """A stage that augments several times expands a T-blossom of zero dual as soon as
    it needs a dual adjustment, without looking for the least one (zero is the least
    there can be): on near-uniform weights, the Swiss bracket's, the stages label
    chains of such blossoms T. The path is taken (``delta4_zero``, counted among the
    ``delta4``) and every warm solve is still an optimum (networkx). The changes give a
    few pairs new weights near the top of the range, as the generation order's bonuses
    do."""
    rng = random.Random("zero-t")
    taken = 0
    for _ in range(8):
        n = rng.randint(30, 70)
        for _step, _core, mate, edges in warm_solves(rng, n, 0.9, 20, 4, raised):
            stats = _blossom._last_stats()
            assert stats["delta4_zero"] <= stats["delta4"]
            taken += stats["delta4_zero"]
            assert matching_value(n, edges, mate)[0] == nx_value(n, edges, False)[0]
    assert taken > 0


def bracket_and_next(rng, m, k):
    """A bracket's graph with its next bracket: ``2m + 1`` players whose pairs all weigh
    the same (a next bracket paired only to be completed: its optimum is a tower of
    nested blossoms of zero dual), ``k`` more whose pairs weigh a little more, two
    values (a colour criterion), and every pair between the two groups at the common
    weight (any player may float down)."""
    n = 2 * m + 1 + k
    low, high = range(2 * m + 1), range(2 * m + 1, n)
    edges = [(i, j, 10) for i in low for j in low if i < j]
    edges += [(a, b, 14 + rng.choice([0, 2])) for a in high for b in high if a < b]
    edges += [(j, a, 10) for a in high for j in low]
    return n, edges, list(high)


@pytest.mark.parametrize("keep_from", [1, 10**6])
def test_warm_stages_keep_large_zero_dual_s_blossoms(keep_from):
    """A warm solve leaves an S-blossom of zero dual standing at the end of a stage when
    it holds at least ``_set_keep_zero_from`` vertices (default 256: the classic stage
    expands every one there, and the next stage builds it again: a large bracket's next
    bracket rebuilt a tower of thousands of nested blossoms at every stage); it is
    expanded only when a later stage labels it T. With every such blossom kept (1), no
    warm solve expands one at the end of a stage; with none kept (the classic stage),
    some do; every answer is an optimum either way (networkx)."""
    rng = random.Random("keep-zero-s")
    expanded = 0
    was = _blossom._set_keep_zero_from(keep_from)
    try:
        for _ in range(4):
            n, edges, high = bracket_and_next(rng, rng.randint(8, 20), rng.randint(6, 12))
            ref = {(min(a, b), max(a, b)): w for a, b, w in edges}
            core = _blossom.IncrementalMatcher(n)
            core.set_edges(edges)
            core.solve()
            for _ in range(15):
                a, b = sorted(rng.sample(high, 2))
                ref[(a, b)] = 14 + rng.choice([0, 2, 4])
                core.set_edge(a, b, ref[(a, b)])
                mate = core.solve()
                stats = _blossom._last_stats()
                assert core.last_solve_was_warm, stats
                expanded += stats["expand_endstage"]
                graph = [(i, j, w) for (i, j), w in ref.items()]
                assert matching_value(n, graph, mate)[0] == nx_value(n, graph, False)[0]
    finally:
        _blossom._set_keep_zero_from(was)
    assert (expanded == 0) == (keep_from == 1), expanded


def test_one_shot_solves_expand_every_zero_dual_blossom():
    """max_weight_matching keeps the classic stage whatever ``_set_keep_zero_from`` says
    (its callers may depend on which optimum comes back): the same matching, mate for
    mate, on the graphs of a bracket and its next."""
    rng = random.Random("one-shot-keep")
    for _ in range(6):
        n, edges, _high = bracket_and_next(rng, rng.randint(8, 20), rng.randint(6, 12))
        got = []
        for keep_from in (1, 10**6):
            was = _blossom._set_keep_zero_from(keep_from)
            try:
                got.append(mwm(n, edges))
            finally:
                _blossom._set_keep_zero_from(was)
        assert got[0] == got[1]


def test_keep_zero_from_returns_its_old_setting_and_takes_positive_sizes():
    was = _blossom._set_keep_zero_from(7)
    try:
        assert _blossom._set_keep_zero_from(9) == 7
        with pytest.raises(ValueError):
            _blossom._set_keep_zero_from(0)
        assert _blossom._set_keep_zero_from(was) == 9
    finally:
        _blossom._set_keep_zero_from(was)


def test_one_shot_solves_keep_the_classic_stage():
    """max_weight_matching (used whole by callers whose answer depends on which optimum
    comes back among equal ones) returns the same matching, mate for mate, whatever the
    setting: several augmentations per stage apply only to the solves that keep their
    optimum."""
    rng = random.Random(2611)
    for _ in range(60):
        n = rng.randint(4, 60)
        edges = graph_of(rng.choice(["near", "hubs", "cycles"]), rng, n, rng.choice([0.3, 0.7, 1.0]))
        for mc in (False, True):
            got = {}
            for on in (True, False):
                was = _blossom._set_multi_augment(on)
                try:
                    got[on] = mwm(n, edges, max_cardinality=mc)
                finally:
                    _blossom._set_multi_augment(was)
            assert got[True] == got[False]


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_dutch_event_pairings_do_not_depend_on_the_stage_mode(edition):
    """A generated 120-player, 9-round Dutch event paired with several augmentations per
    stage and with one, and with every zero-dual S-blossom left standing at a stage's end
    and with none: every round's pairing the same (the core returns another optimum
    among equal ones; the engine's generation order must not see the difference)."""
    from tabellone import api
    from tabellone.generate.tournament import GeneratorSettings, generate

    def event():
        def pairer(t):
            p = api.pair(t, "dutch", edition, source="generated tournament")
            return p.pairs, p.bye

        return generate(GeneratorSettings(players=120, rounds=9, seed=7), pairer)

    results = {}
    for on in (True, False):
        was = _blossom._set_multi_augment(on)
        try:
            results[on] = event()
        finally:
            _blossom._set_multi_augment(was)
    assert results[True] == results[False]
    # nor on which zero-dual blossoms a stage leaves standing (every one, or none)
    for keep_from in (1, 10**6):
        was = _blossom._set_keep_zero_from(keep_from)
        try:
            assert event() == results[True], keep_from
        finally:
            _blossom._set_keep_zero_from(was)


@pytest.fixture(params=[0, 1, 2], ids=["fewer", "flags", "classes"])
def reading(request):
    """How the certificate after a warm solve picks the vertices whose edges it reads
    (dirty_since): the way that reads fewer, the chains' flags, or the classes of the
    blossoms of non-zero dual (each proof must reach every edge both leave)."""
    was = _blossom._set_certificate_reading(request.param)
    yield request.param
    _blossom._set_certificate_reading(was)


def test_warm_certificate_still_sees_a_wrong_dual(multi, reading):
    """A warm solve re-checks only the edges whose slack may have gone down (the vertex
    potentials along their chains of blossoms); a dual made wrong after the stages
    (moved from a matched vertex to its mate, so that only that vertex's other edges
    can show it) must still fail the certificate. Six cliques of near-equal weights
    (every edge tight; odd ones hold blossoms), a change in the last one only."""
    for size in (4, 6, 8, 5, 7):
        n = size * 6
        edges = [
            (off + i, off + j, 1000 + off // size)
            for off in range(0, n, size)
            for i in range(size)
            for j in range(i + 1, size)
        ]
        edges.append((0, size, 1))
        core = _blossom.IncrementalMatcher(n)
        core.set_edges(edges)
        core.solve()
        assert size % 2 == 0 or _blossom._last_stats()["blossoms"] > 0
        core.set_edge(n - 1, n - 2, 1200)
        _blossom._sabotage_next_warm_start()
        mate = core.solve()
        assert _blossom._last_stats()["warm_failure"] is not None and not core.last_solve_was_warm
        ref = {(min(a, b), max(a, b)): w for a, b, w in edges}
        ref[(n - 2, n - 1)] = 1200
        all_edges = [(a, b, w) for (a, b), w in ref.items()]
        assert matching_value(n, all_edges, mate)[0] == nx_value(n, all_edges, False)[0]


def test_more_stages_than_the_allowed_edge_marks():
    """Each stage marks its allowed edges with a mark of its own (1..255), clearing the
    marks once in 255 stages: a solve of more stages than that (the classic start, one
    augmentation per stage) is as optimal as the one-shot solve."""
    rng = random.Random(255)
    n = 560
    edges = near_uniform(rng, n, 0.5)
    was = (_blossom._set_multi_augment(False), _blossom._set_greedy_start(False))
    try:
        mate = _blossom._solve_with_state(n, edges, None, [])[0]
        assert _blossom._last_stats()["stages"] > 255
    finally:
        _blossom._set_multi_augment(was[0])
        _blossom._set_greedy_start(was[1])
    assert matching_value(n, edges, mate)[0] == matching_value(n, edges, mwm(n, edges))[0]


@pytest.mark.parametrize("switch", [_blossom._set_multi_augment, _blossom._set_greedy_start])
def test_each_switch_returns_its_old_setting_and_takes_any_truth_value(switch):
    """Both tests' switches are one helper: on by default, each call gives back the
    setting it replaces, any object's truth sets it, and a falsy value clears it."""
    was = switch(False)
    try:
        assert was is True
        assert switch([1]) is False
        assert switch(0) is True
        assert switch(True) is False
    finally:
        switch(was)


def test_warm_solves_certified_by_either_reading_are_optimal(reading):
    """Warm solves of near-uniform graphs (a bracket's blossoms, made again after each
    change) in a row, certified reading the edges the flags' way or the classes' way:
    each answer is an optimum (networkx), and the certificate read fewer edges than the
    graph holds in some of them (the chosen way was taken, not the check of every edge)."""
    rng = random.Random(41)
    partial = 0
    for _ in range(12):
        n = rng.randint(8, 40)
        edges = near_uniform(rng, n, rng.choice([0.4, 0.8]), base_bits=rng.choice([20, 60]))
        core = _blossom.IncrementalMatcher(n)
        core.set_edges(edges)
        core.solve()
        ref = {(a, b): w for a, b, w in edges}
        for _ in range(6):
            for a, b in rng.sample(sorted(ref), min(len(ref), rng.randint(1, 3))):
                ref[(a, b)] = max(1, ref[(a, b)] + rng.choice([-3, -1, 1, 2, 5]))
                core.set_edge(a, b, ref[(a, b)])
            mate = core.solve()
            stats = _blossom._last_stats()
            all_edges = [(a, b, w) for (a, b), w in ref.items()]
            assert matching_value(n, all_edges, mate)[0] == nx_value(n, all_edges, False)[0]
            partial += core.last_solve_was_warm and 0 < stats["certified_edges"] < len(all_edges)
    assert partial
