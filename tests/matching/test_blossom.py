"""The compiled maximum-weight matching core (tabellone.matching._blossom) and its wrapper.

Oracles: networkx.max_weight_matching (exact on Python ints) on thousands of seeded
random graphs, and exhaustive search on tiny ones. Matchings may legitimately differ
where there are ties, so a result is judged by being a valid matching on the given edges
with the optimal TOTAL weight (and, with max_cardinality, the maximum cardinality).
Without max_cardinality the cardinality is not compared: a path 5-10-5 has optimal
matchings of one and of two edges.

The hand-made graphs below each force one branch of the algorithm (blossom shrinking,
nesting, augmenting through a blossom, the four dual adjustments, expanding a T-blossom
and relabelling its sub-blossoms, expanding at the end of a stage); the core's
``_last_stats()`` counters confirm that the branch was reached.
"""

from __future__ import annotations

import random
import sys
import warnings

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabellone.matching import _blossom, blossom

mwm = _blossom.max_weight_matching


# ---------------------------------------------------------------------------- helpers


def matching_value(n, edges, mate):
    """Check that ``mate`` (list) is a matching on the given edges; (weight, cardinality)."""
    assert isinstance(mate, list) and len(mate) == n
    weights = {}
    for u, v, w in edges:
        weights[(u, v)] = weights[(v, u)] = w
    total = card = 0
    for v, m in enumerate(mate):
        if m == -1:
            continue
        assert 0 <= m < n and m != v, (v, m)
        assert mate[m] == v, f"mate not symmetric at {v}"
        assert (v, m) in weights, f"({v}, {m}) is not an edge"
        if v < m:
            total += weights[(v, m)]
            card += 1
    return total, card


def nx_value(n, edges, max_cardinality):
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from(edges)
    pairs = nx.max_weight_matching(g, maxcardinality=max_cardinality)
    return sum(g[u][v]["weight"] for u, v in pairs), len(pairs)


def brute_value(n, edges, max_cardinality):
    """Optimal (weight, cardinality) by exhaustive search (tiny graphs)."""
    adj = {v: [] for v in range(n)}
    for u, v, w in edges:
        adj[u].append((v, w))
        adj[v].append((u, w))
    used = [False] * n

    def best(v):
        while v < n and used[v]:
            v += 1
        if v == n:
            return (0, 0)
        used[v] = True
        options = [best(v + 1)]  # v stays unmatched
        for x, w in adj[v]:
            if not used[x]:
                used[x] = True
                c, s = best(v + 1)
                options.append((c + 1, s + w))
                used[x] = False
        used[v] = False
        if max_cardinality:
            return max(options)
        return max(options, key=lambda cs: cs[1])

    card, weight = best(0)
    return weight, card


def assert_optimal(n, edges, max_cardinality, reference):
    mate = mwm(n, edges, max_cardinality=max_cardinality)
    weight, card = matching_value(n, edges, mate)
    ref_weight, ref_card = reference(n, edges, max_cardinality)
    assert weight == ref_weight, f"weight {weight} != {ref_weight} (max_cardinality={max_cardinality}, edges={edges})"
    if max_cardinality:
        assert card == ref_card, f"cardinality {card} != {ref_card} (edges={edges})"
    return mate


def random_weight(rng, kind):
    if kind == "small":  # many ties
        return rng.randint(0, 10)
    if kind == "huge":
        return rng.getrandbits(rng.choice([1, 63, 64, 65, 127, 128, 129, 300, 640, 900]))
    if kind == "lex":  # lexicographic criteria packed into shifted fields, few distinct values
        total = 0
        for _ in range(rng.randint(3, 20)):
            total = (total << rng.choice([8, 33, 50])) | rng.randint(0, 3)
        return total
    if kind == "lexwide":  # a 900-bit criteria stack: top fields mostly tied
        fields = [rng.choice([0, 1, 1, 1]) for _ in range(12)] + [rng.randint(0, 7) for _ in range(6)]
        return sum(f << (50 * i) for i, f in enumerate(reversed(fields)))
    if kind == "mixed":
        return rng.choice([0, rng.randint(0, 5), rng.getrandbits(700)])
    raise AssertionError(kind)


def random_graph(rng, n, density, kind):
    edges = []
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                u, v = (i, j) if rng.random() < 0.5 else (j, i)
                edges.append((u, v, random_weight(rng, kind)))
    rng.shuffle(edges)
    return edges


# ------------------------------------------------------------------- trivial inputs


def test_empty_and_tiny():
    assert mwm(0, []) == []
    assert mwm(0, [], max_cardinality=True) == []
    assert mwm(1, []) == [-1]
    assert mwm(3, []) == [-1, -1, -1]
    assert mwm(2, [(0, 1, 1)]) == [1, 0]
    assert mwm(2, [(1, 0, 7)], True) == [1, 0]
    assert mwm(4, [(2, 3, 0)], max_cardinality=True) == [-1, -1, 3, 2]
    # a zero-weight edge adds nothing without max_cardinality: either answer is optimal
    assert matching_value(2, [(0, 1, 0)], mwm(2, [(0, 1, 0)]))[0] == 0


def test_path_prefers_weight_or_cardinality():
    edges = [(0, 1, 5), (1, 2, 11), (2, 3, 5)]
    assert mwm(4, edges) == [-1, 2, 1, -1]
    assert mwm(4, edges, max_cardinality=True) == [1, 0, 3, 2]
    edges = [(0, 1, 10), (1, 2, 11)]
    assert mwm(3, edges) == [-1, 2, 1]


def test_exact_at_900_bits():
    big = 1 << 900
    # differences only in the lowest bits of 900-bit numbers
    edges = [(0, 1, big + 1), (1, 2, big + 3), (2, 3, big + 1), (3, 0, big)]
    mate = mwm(4, edges)
    assert matching_value(4, edges, mate) == (2 * big + 3, 2)  # {1-2, 3-0} beats {0-1, 2-3} by 1
    # path: two end edges beat the middle one by 1 on 901 bits
    edges = [(0, 1, big), (1, 2, 2 * big - 1), (2, 3, big)]
    assert mwm(4, edges) == [1, 0, 3, 2]
    edges = [(0, 1, big), (1, 2, 2 * big + 1), (2, 3, big)]
    assert mwm(4, edges) == [-1, 2, 1, -1]


def test_returns_plain_ints_and_accepts_iterables():
    edges = [[0, 1, 3], (1, 2, 4)]
    assert mwm(3, edges) == [-1, 2, 1]
    assert mwm(3, iter([(0, 1, 3), (1, 2, 4)])) == [-1, 2, 1]
    assert mwm(3, ((u, v, w) for u, v, w in [(0, 1, 3), (1, 2, 4)])) == [-1, 2, 1]
    assert mwm(n=3, edges=[(0, 1, 3)], max_cardinality=True) == [1, 0, -1]


def test_index_types_accepted():
    np = pytest.importorskip("numpy")
    edges = [(np.int64(0), np.int32(1), np.int64(3)), (1, 2, np.uint64(4))]
    assert mwm(3, edges) == [-1, 2, 1]


# ------------------------------------------------------------------------ validation


@pytest.mark.parametrize(
    "n, edges, exc, text",
    [
        (3, [(0, 1, -1)], ValueError, "negative weight"),
        (3, [(0, 1, -(1 << 200))], ValueError, "negative weight"),
        (3, [(0, 3, 1)], ValueError, "out of range"),
        (3, [(-1, 2, 1)], ValueError, "out of range"),
        (3, [(0, 1 << 70, 1)], ValueError, "out of range"),
        (3, [(1, 1, 1)], ValueError, "self-loop"),
        (3, [(0, 1, 1), (1, 2, 1), (0, 1, 2)], ValueError, "duplicate"),
        (3, [(0, 1, 1), (1, 0, 1)], ValueError, "duplicate"),
        (3, [(0, 1, 1.0)], TypeError, "weight must be an int"),
        (3, [(0, 1, "1")], TypeError, "weight must be an int"),
        (3, [(0.0, 1, 1)], TypeError, "vertex must be an int"),
        (3, [(0, 1)], ValueError, "length 2"),
        (3, [(0, 1, 1, 1)], ValueError, "length 4"),
        (3, [5], TypeError, "expected a (u, v, weight) tuple"),
        (3, ["abc"], TypeError, "expected a (u, v, weight) tuple"),
        (3, [None], TypeError, "expected a (u, v, weight) tuple"),
        (-1, [], ValueError, "non-negative"),
        (2.0, [], TypeError, "n must be an int"),
        (1 << 40, [], ValueError, "too large"),
        (3, 5, TypeError, "iterable"),
    ],
)
def test_invalid_input(n, edges, exc, text):
    with pytest.raises(exc) as info:
        mwm(n, edges)
    assert text in str(info.value)


def test_duplicate_detection_for_large_n():
    # above 16384 vertices duplicates are found by sorting instead of a bitmap
    n = 20000
    with pytest.raises(ValueError, match="duplicate edge between vertices 5 and 19999"):
        mwm(n, [(5, 19999, 1), (7, 8, 1), (19999, 5, 2)])
    assert mwm(n, [(5, 19999, 1), (7, 8, 1)])[19999] == 5


def test_error_paths_leak_no_references():
    weight = (1 << 500) + 12345
    edges = [(0, 1, weight), (1, 2, weight), (2, 2, weight)]
    before = sys.getrefcount(weight), sys.getrefcount(edges)
    for _ in range(200):
        with pytest.raises(ValueError):
            mwm(3, edges)
        mwm(3, edges[:2])
        with pytest.raises(TypeError):
            mwm(3, [[0, 1, weight], [1, 2, 1.5]])
    assert (sys.getrefcount(weight), sys.getrefcount(edges)) == before


# ------------------------------------------------------------- hand-made structures

# Each case: (description, n, edges, max_cardinality, branch the run must reach).
HANDMADE = [
    ("triangle: one S-blossom", 3, [(0, 1, 8), (0, 2, 8), (1, 2, 1)], False, "blossoms"),
    (
        "triangle with a tail: augment through the blossom",
        4,
        [(0, 1, 6), (1, 2, 7), (0, 2, 8), (2, 3, 5)],
        False,
        "augment_blossom",
    ),
    (
        "S-blossom then a pendant vertex reached by delta2",
        5,
        [(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7), (0, 4, 5), (3, 4, 6)],
        False,
        "delta2",
    ),
    (
        "pentagon with a chord: blossom inside a blossom",
        5,
        [(0, 1, 3), (0, 2, 5), (1, 2, 3), (1, 3, 3), (1, 4, 2), (3, 4, 3)],
        False,
        "nested_blossoms",
    ),
    ("two disjoint edges: delta3 between two S-vertices", 4, [(0, 1, 18), (2, 3, 7)], False, "delta3"),
    ("light edge kept only for cardinality: delta2", 4, [(1, 2, 1), (2, 3, 6)], True, "delta2"),
    (
        "triangle with two pendants on one corner: the blossom becomes T and is expanded (delta4)",
        5,
        [(0, 1, 3), (1, 2, 14), (1, 3, 5), (1, 4, 12), (2, 4, 17)],
        True,
        "expand_t",
    ),
    (
        "star-shaped T-blossom whose sub-blossom is relabelled on expansion",
        7,
        [(0, 2, 12), (0, 5, 8), (1, 2, 10), (2, 5, 16), (4, 5, 6), (5, 6, 6)],
        True,
        "expand_relabel",
    ),
    (
        "blossom with zero dual expanded at the end of a stage",
        5,
        [(0, 3, 4), (0, 4, 2), (2, 4, 2), (3, 4, 5)],
        False,
        "expand_endstage",
    ),
    # larger hand-made shapes: odd cycles sharing vertices, nested odd cycles
    (
        "two pentagons sharing a vertex, pendant edges",
        11,
        [
            (0, 1, 9),
            (1, 2, 9),
            (2, 3, 9),
            (3, 4, 9),
            (4, 0, 9),
            (4, 5, 9),
            (5, 6, 9),
            (6, 7, 9),
            (7, 8, 9),
            (8, 4, 9),
            (2, 9, 4),
            (7, 10, 4),
        ],
        False,
        "blossoms",
    ),
    # Three levels: triangle {0,1,2} (weight 10); it and 3, 4 close an odd cycle 2-3-4-0
    # (weight 9); that blossom and 5, 6 close 4-5-6-1 (weight 8); pendants 7 and 8.
    (
        "triangle in a triangle of blossoms in a triangle of blossoms",
        9,
        [
            (0, 1, 10),
            (1, 2, 10),
            (2, 0, 10),
            (2, 3, 9),
            (3, 4, 9),
            (4, 0, 9),
            (4, 5, 8),
            (5, 6, 8),
            (6, 1, 8),
            (6, 7, 3),
            (3, 8, 2),
        ],
        False,
        "nested_blossoms",
    ),
    (
        "the same three levels for maximum cardinality: nested T-blossoms expanded",
        9,
        [
            (0, 1, 10),
            (1, 2, 10),
            (2, 0, 10),
            (2, 3, 9),
            (3, 4, 9),
            (4, 0, 9),
            (4, 5, 8),
            (5, 6, 8),
            (6, 1, 8),
            (6, 7, 3),
            (3, 8, 2),
        ],
        True,
        "expand_t",
    ),
    (
        "heavy odd rim, light spokes to a hub: augment through a 7-blossom",
        8,
        [(i, i % 7 + 1, 10) for i in range(1, 8)] + [(0, i, 3 + i) for i in range(1, 8)],
        False,
        "augment_blossom",
    ),
    (
        "the wheel with one more pendant on the hub",
        9,
        [(i, i % 7 + 1, 10) for i in range(1, 8)] + [(0, i, 3 + i) for i in range(1, 8)] + [(8, 0, 9)],
        True,
        "expand_endstage",
    ),
]


@pytest.fixture
def classic_start():
    """Cold solves start from the classic equal duals (not the greedy matching), whose
    stages the hand-made graphs were built to drive through each branch."""
    was = _blossom._set_greedy_start(False)
    yield
    _blossom._set_greedy_start(was)


@pytest.mark.parametrize("case", HANDMADE, ids=[c[0] for c in HANDMADE])
def test_handmade(case, classic_start):
    _, n, edges, max_cardinality, branch = case
    assert_optimal(n, edges, max_cardinality, brute_value)
    assert _blossom._last_stats()[branch] > 0, f"branch {branch} not reached: {_blossom._last_stats()}"
    for greedy in (False, True):  # both starts, both modes, both edge orders, against exhaustive search
        _blossom._set_greedy_start(greedy)
        for mc in (False, True):
            assert_optimal(n, edges, mc, brute_value)
            assert_optimal(n, [(v, u, w) for u, v, w in reversed(edges)], mc, brute_value)


def test_greedy_start_against_the_classic_start():
    """The greedy start (a matching of tight edges on lowered duals, then the warm
    stages) against the classic start, on graphs full of ties (Swiss weights: many
    equally good pairs) and on random ones: the same optimal weight every time."""
    rng = random.Random(20261201)
    for _ in range(400):
        n = rng.randint(1, 40)
        kind = rng.choice(["small", "lex", "lexwide", "mixed"])
        edges = random_graph(rng, n, rng.choice([0.2, 0.5, 1.0]), kind)
        if rng.random() < 0.5:
            edges = [(u, v, (w % 3 + 1) << 70) for u, v, w in edges]
        values = []
        for greedy in (True, False):
            was = _blossom._set_greedy_start(greedy)
            try:
                values.append(matching_value(n, edges, mwm(n, edges)))
            finally:
                _blossom._set_greedy_start(was)
        assert values[0][0] == values[1][0], (n, edges)


def test_every_branch_reached_by_a_seeded_search(classic_start):
    """Random tiny graphs against exhaustive search, until every branch has been reached
    at least 5 times (checks that the counters used above mean something, too)."""
    rng = random.Random(20240611)
    wanted = [
        "blossoms",
        "nested_blossoms",
        "expand_t",
        "expand_endstage",
        "expand_relabel",
        "augment_blossom",
        "delta1",
        "delta2",
        "delta3",
        "delta4",
    ]
    hits = dict.fromkeys(wanted, 0)
    for _ in range(6000):
        n = rng.randint(2, 9)
        edges = random_graph(rng, n, rng.choice([0.3, 0.5, 0.8]), "small")
        for mc in (False, True):
            assert_optimal(n, edges, mc, brute_value)
            stats = _blossom._last_stats()
            for key in wanted:
                hits[key] += stats[key] > 0
        if min(hits.values()) >= 5:
            break
    assert min(hits.values()) >= 5, hits


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=0, max_value=8).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.tuples(
                    st.integers(0, max(n - 1, 0)),
                    st.integers(0, max(n - 1, 0)),
                    st.one_of(st.integers(0, 6), st.integers(0, 1 << 300)),
                ),
                max_size=20,
            ),
            st.booleans(),
        )
    )
)
def test_hypothesis_tiny_graphs(args):
    n, raw, max_cardinality = args
    seen, edges = set(), []
    for u, v, w in raw:
        if u != v and (min(u, v), max(u, v)) not in seen:
            seen.add((min(u, v), max(u, v)))
            edges.append((u, v, w))
    assert_optimal(n, edges, max_cardinality, brute_value)


# --------------------------------------------------------------- random vs networkx


@pytest.mark.parametrize("kind", ["small", "huge", "lex", "lexwide", "mixed"])
@pytest.mark.parametrize("chunk", range(4))
def test_random_against_networkx(kind, chunk):
    rng = random.Random(f"{kind}-{chunk}")
    for _ in range(60):
        n = 1 + int(59 * rng.random() ** 2.2)  # 1..60, mostly small
        density = rng.choice([0.1, 0.2, 0.4, 0.7, 1.0])
        edges = random_graph(rng, n, density, kind)
        for mc in (False, True):
            assert_optimal(n, edges, mc, nx_value)


def test_random_tiny_many():
    """Thousands of tiny graphs (the cheap way to hit rare blossom configurations)."""
    rng = random.Random(7)
    for _ in range(1500):
        n = rng.randint(1, 9)
        kind = rng.choice(["small", "small", "huge", "lex"])
        edges = random_graph(rng, n, rng.choice([0.2, 0.5, 0.8, 1.0]), kind)
        for mc in (False, True):
            assert_optimal(n, edges, mc, brute_value)


@pytest.mark.parametrize("n", [40, 60])
def test_dense_wide_weights_against_networkx(n):
    rng = random.Random(n)
    edges = random_graph(rng, n, 1.0, "huge")
    for mc in (False, True):
        assert_optimal(n, edges, mc, nx_value)


def test_larger_graphs_against_rustworkx_and_scaling():
    """n = 150..300 against rustworkx (weights < 2^100), and the same graphs with every
    weight multiplied by 2^800: the optimum must scale exactly."""
    rx = pytest.importorskip("rustworkx")
    rng = random.Random(99)
    for n, density in ((150, 1.0), (300, 0.3), (301, 0.05)):
        edges = [
            (i, j, rng.getrandbits(rng.choice([10, 100])))
            for i in range(n)
            for j in range(i + 1, n)
            if rng.random() < density
        ]
        for mc in (False, True):
            g = rx.PyGraph()
            g.add_nodes_from(range(n))
            g.add_edges_from(edges)
            pairs = rx.max_weight_matching(g, max_cardinality=mc, weight_fn=lambda w: w)
            ref = (sum(g.get_edge_data(u, v) for u, v in pairs), len(pairs))
            weight, card = matching_value(n, edges, mwm(n, edges, max_cardinality=mc))
            assert weight == ref[0] and (not mc or card == ref[1])
            scaled = [(u, v, w << 800) for u, v, w in edges]
            weight2, card2 = matching_value(n, scaled, mwm(n, scaled, max_cardinality=mc))
            assert weight2 == ref[0] << 800 and (not mc or card2 == ref[1])


def test_limb_overflow_is_detected_and_retried():
    """Start on one 64-bit limb (the testing hook `_limbs`): max-cardinality runs push
    the duals out of range, which must be detected and solved again on wider limbs."""
    rng = random.Random(3)
    retried = 0
    for _ in range(150):
        n = rng.randint(4, 40)
        edges = [
            (i, j, rng.choice([0, rng.getrandbits(57), (1 << 57) - rng.randint(0, 3)]))
            for i in range(n)
            for j in range(i + 1, n)
            if rng.random() < 0.3
        ]
        for mc in (True, False):
            narrow = matching_value(n, edges, mwm(n, edges, max_cardinality=mc, _limbs=1))
            retried += _blossom._last_stats()["retries"] > 0
            wide = matching_value(n, edges, mwm(n, edges, max_cardinality=mc))
            assert narrow[0] == wide[0] and (not mc or narrow[1] == wide[1])
    assert retried > 0


# -------------------------------------------------------------------- the wrapper


def test_wrapper_returns_mate_dict_both_directions():
    edges = [(0, 1, 5), (1, 2, 11), (2, 3, 5)]
    assert blossom.max_weight_matching(4, edges) == {1: 2, 2: 1}
    assert blossom.max_weight_matching(4, iter(edges), max_cardinality=True) == {0: 1, 1: 0, 2: 3, 3: 2}
    assert blossom.HAVE_EXTENSION


def test_wrapper_networkx_fallback(monkeypatch):
    monkeypatch.setattr(blossom, "_blossom", None)
    rng = random.Random(5)
    for _ in range(30):
        n = rng.randint(1, 20)
        edges = random_graph(rng, n, 0.5, "lex")
        for mc in (False, True):
            mate = blossom.max_weight_matching(n, edges, mc)
            as_list = [mate.get(v, -1) for v in range(n)]
            assert matching_value(n, edges, as_list)[0] == nx_value(n, edges, mc)[0]
    with pytest.raises(ValueError, match="self-loop"):
        blossom.max_weight_matching(3, [(1, 1, 1)])
    with pytest.raises(ValueError, match="duplicate"):
        blossom.max_weight_matching(3, [(0, 1, 1), (1, 0, 1)])
    with pytest.raises(TypeError, match="weight must be an int"):
        blossom.max_weight_matching(3, [(0, 1, 1.5)])


def test_wrapper_falls_back_when_the_core_fails(monkeypatch):
    class Broken:
        @staticmethod
        def max_weight_matching(n, edges, max_cardinality=False):
            raise RuntimeError("blossom: internal error")

    monkeypatch.setattr(blossom, "_blossom", Broken)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert blossom.max_weight_matching(3, [(0, 1, 2), (1, 2, 3)]) == {1: 2, 2: 1}
    assert any(issubclass(w.category, RuntimeWarning) for w in caught)


# ------------------------------------------------------------ incremental Matcher


def matcher_value(m: blossom.Matcher, mate):
    return matching_value(m.n, m.edges(), mate)


def test_matcher_basics():
    m = blossom.Matcher(4)
    assert m.solve() == [-1, -1, -1, -1]
    m.set_edge(0, 1, 5)
    m.set_edge(2, 1, 11)
    m.set_edge(2, 3, 5)
    assert len(m) == 3 and m.weight(1, 2) == 11 and m.weight(3, 0) == 0
    assert m.solve() == [-1, 2, 1, -1]
    assert m.solve(max_cardinality=True) == [1, 0, 3, 2]
    m.set_edge(1, 2, 0)  # removes the edge
    assert len(m) == 2
    assert m.solve() == [1, 0, 3, 2]
    assert m.last_solve_was_warm
    m.set_edge(1, 2, 1 << 900)
    assert m.solve() == [-1, 2, 1, -1]
    assert m.last_solve_was_warm
    m.set_edge(0, 3, (1 << 900) + 1)
    assert m.solve() == [3, 2, 1, 0]


@pytest.mark.parametrize(
    "args, exc",
    [
        ((0, 4, 1), ValueError),
        ((1, 1, 1), ValueError),
        ((0, 1, -1), ValueError),
        ((0, 1, 1.5), TypeError),
        ((0, "1", 1), TypeError),
    ],
)
def test_matcher_validation(args, exc):
    m = blossom.Matcher(4)
    with pytest.raises(exc):
        m.set_edge(*args)
    with pytest.raises(ValueError):
        blossom.Matcher(-1)


def test_vertex_cover_touches_every_changed_edge():
    rng = random.Random(4)
    for _ in range(200):
        pairs = {tuple(sorted(rng.sample(range(30), 2))) for _ in range(rng.randint(0, 40))}
        cover = set(blossom._vertex_cover(pairs))
        assert all(a in cover or b in cover for a, b in pairs)
    star = {(0, v) for v in range(1, 20)}
    assert blossom._vertex_cover(star) == [0]


@pytest.mark.parametrize("kind", ["small", "huge", "lex", "mixed"])
def test_matcher_warm_start_matches_cold_solves(kind):
    """Edit sequences (edges around one or two vertices, scattered edits, removals):
    every warm re-solve must be as heavy as a cold solve of the same graph."""
    rng = random.Random(f"warm-{kind}")
    solves = warm = 0
    for _ in range(40):
        n = rng.randint(2, 45)
        m = blossom.Matcher(n)
        density = rng.choice([0.1, 0.3, 0.6, 1.0])
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < density:
                    m.set_edge(i, j, random_weight(rng, kind))
        m.solve()
        for _ in range(8):
            if rng.random() < 0.7:
                for x in rng.sample(range(n), min(n, rng.randint(1, 2))):
                    for _ in range(rng.randint(1, 6)):
                        y = rng.randrange(n)
                        if y != x:
                            m.set_edge(y, x, random_weight(rng, kind) if rng.random() < 0.75 else 0)
            else:
                for _ in range(rng.randint(1, n)):
                    a, b = rng.randrange(n), rng.randrange(n)
                    if a != b:
                        m.set_edge(a, b, random_weight(rng, kind) if rng.random() < 0.75 else 0)
            mate = m.solve()
            edges = m.edges()
            assert matcher_value(m, mate)[0] == matching_value(n, edges, mwm(n, edges))[0]
            solves += 1
            warm += m.last_solve_was_warm
            if not m.last_solve_was_warm:
                assert len(edges) == 0 or _blossom._last_stats()["warm_failure"] is None
    assert warm >= 0.9 * solves, (warm, solves)


def test_matcher_weights_widen_and_narrow_between_solves():
    rng = random.Random(8)
    n = 30
    m = blossom.Matcher(n)
    for i in range(n):
        for j in range(i + 1, n):
            m.set_edge(i, j, rng.randint(1, 20))
    m.solve()
    for bits in (900, 8, 300, 1, 2000):
        for _ in range(3):
            x = rng.randrange(n)
            for y in rng.sample(range(n), 5):
                if y != x:
                    m.set_edge(x, y, rng.getrandbits(bits) + 1)
        mate = m.solve()
        assert m.last_solve_was_warm
        edges = m.edges()
        assert matcher_value(m, mate)[0] == matching_value(n, edges, mwm(n, edges))[0]


def test_matcher_warm_start_against_networkx():
    rng = random.Random(12)
    for _ in range(15):
        n = rng.randint(5, 30)
        m = blossom.Matcher(n)
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.4:
                    m.set_edge(i, j, rng.randint(0, 6))
        m.solve()
        for _ in range(5):
            x = rng.randrange(n)
            for y in rng.sample(range(n), min(n, 4)):
                if y != x:
                    m.set_edge(x, y, rng.randint(0, 6))
            mate = m.solve()
            assert matcher_value(m, mate)[0] == nx_value(n, m.edges(), False)[0]


def test_solve_with_state_rejects_foreign_state():
    with pytest.raises(ValueError):
        _blossom._solve_with_state(3, [(0, 1, 1)], object(), [])
    mate, state, warm = _blossom._solve_with_state(3, [(0, 1, 1)], None, [])
    assert mate == [1, 0, -1] and not warm
    # a state for another n is ignored (cold solve)
    mate, _, warm = _blossom._solve_with_state(4, [(2, 3, 1)], state, [2, 3])
    assert mate == [-1, -1, 3, 2] and not warm
    with pytest.raises(ValueError, match="out of range"):
        _blossom._solve_with_state(3, [(0, 1, 1)], state, [5])


# ------------------------------------------------- the graph kept in C (IncrementalMatcher)

IM = _blossom.IncrementalMatcher


def cold_weight(n, edges):
    return matching_value(n, edges, mwm(n, edges))[0]


def check_solve(core, ref: dict, oracle=None):
    """Solve, then check: valid matching on the mirrored graph, weight of a cold solve (and of
    the oracle), the core's graph equal to the mirror, and no warm-start failure."""
    n = core.n
    mate = core.solve()
    edges = [(a, b, w) for (a, b), w in ref.items()]
    assert sorted(core.edges()) == sorted(edges)
    assert len(core) == len(edges)
    weight = matching_value(n, edges, mate)[0]
    assert weight == cold_weight(n, edges)
    if oracle is not None:
        assert weight == oracle(n, edges, False)[0]
    assert _blossom._last_stats()["warm_failure"] is None
    core._check()
    return mate


def test_incremental_core_api():
    m = IM(5)
    assert m.n == 5 and len(m) == 0 and m.solve() == [-1] * 5 and not m.last_solve_was_warm
    m.set_edge(0, 1, 5)
    m.set_edges([(2, 1, 11), [2, 3, 5], (3, 4, 0)])  # a zero weight is no edge
    assert len(m) == 3 and m.get_weight(1, 2) == m.get_weight(2, 1) == 11 and m.get_weight(0, 4) == 0
    assert sorted(m.edges()) == [(0, 1, 5), (1, 2, 11), (2, 3, 5)]
    assert m.degree(2) == 2 and m.degree(4) == 0
    assert m.solve() == [-1, 2, 1, -1, -1] and not m.last_solve_was_warm and m.has_state
    m.set_edge(2, 1, 0)
    assert m.solve() == [1, 0, 3, 2, -1] and m.last_solve_was_warm
    big = (1 << 2000) + 3
    m.set_edge(4, 3, big)
    assert m.limbs > 30 and m.get_weight(3, 4) == big
    assert m.solve() == [1, 0, -1, 4, 3] and m.last_solve_was_warm
    m.remove_vertex(3)
    assert m.degree(3) == 0 and len(m) == 1 and m.solve() == [1, 0, -1, -1, -1]
    m.set_edge(0, 1, 0)  # the last edge: nothing to keep, the next solve is cold
    assert m.solve() == [-1] * 5 and not m.has_state
    m.set_edge(0, 1, 1)
    assert m.solve() == [1, 0, -1, -1, -1] and not m.last_solve_was_warm
    m.reset()
    assert not m.has_state
    m._check()
    assert m._memory() > 0
    assert IM(0).solve() == [] and IM(1).solve() == [-1]


@pytest.mark.parametrize(
    "call, exc, text",
    [
        (lambda m: m.set_edge(0, 4, 1), ValueError, "vertex 4 out of range for n=4"),
        (lambda m: m.set_edge(-1, 2, 1), ValueError, "out of range"),
        (lambda m: m.set_edge(1, 1, 1), ValueError, "self-loop on vertex 1"),
        (lambda m: m.set_edge(0, 1, -1), ValueError, "negative weight -1"),
        (lambda m: m.set_edge(0, 1, 1.5), TypeError, "weight must be an int"),
        (lambda m: m.set_edge(0, "1", 1), TypeError, "vertex must be an int"),
        (lambda m: m.set_edge(0, 1), TypeError, "exactly 3 arguments"),
        (lambda m: m.set_edges([(0, 1, 1), (1, 2, -5)]), ValueError, "edge 1: negative weight -5"),
        (lambda m: m.set_edges([(0, 1, 1), (2, 2, 5)]), ValueError, "edge 1: self-loop"),
        (lambda m: m.set_edges([(0, 1, 1), (0, 1)]), ValueError, "edge 1: expected (u, v, weight)"),
        (lambda m: m.set_edges(5), TypeError, "iterable"),
        (lambda m: m.set_edge(0, 1, 1 << (1 << 24) + 1), ValueError, "2^24 bits"),
        (lambda m: m.get_weight(0, 9), ValueError, "out of range"),
        (lambda m: m.remove_vertex(4), ValueError, "out of range"),
    ],
)
def test_incremental_core_validation(call, exc, text):
    m = IM(4)
    m.set_edge(2, 3, 7)
    m.solve()
    with pytest.raises(exc) as info:
        call(m)
    assert text in str(info.value)
    # nothing was applied (set_edges validates every edge first), the state is intact
    assert m.edges() == [(2, 3, 7)]
    m._check()
    assert m.solve() == [-1, -1, 3, 2] and m.last_solve_was_warm
    with pytest.raises(ValueError):
        IM(-1)
    with pytest.raises(TypeError):
        IM(2.0)


def test_incremental_set_columns_is_set_edges_in_order():
    """set_columns(rows, columns) makes the graph, slot for slot (edges() lists slots in
    order), that set_edges makes from the same pairs as (rows[i], v, ws[i]) tuples,
    column after column: before a first solve, and re-weighting and removing (0) edges
    between warm solves, with weights that widen the limbs."""
    rng = random.Random(73)
    n = 40
    by_columns, by_edges = IM(n), IM(n)
    for step in range(8):
        rows = rng.sample(range(n), rng.randint(0, 20))
        columns, edges = [], []
        for v in rng.sample([v for v in range(n) if v not in rows], rng.randint(0, 6)):
            ws = [rng.choice([0, rng.getrandbits(8) + 1, rng.getrandbits(40 * step + 8)]) for _ in rows]
            ws = ws[: rng.randint(0, len(ws))]
            columns.append((v, ws))
            edges += [(u, v, w) for u, w in zip(rows, ws)]
        by_columns.set_columns(rows, columns)
        by_edges.set_edges(edges)
        assert by_columns.edges() == by_edges.edges() and by_columns.limbs == by_edges.limbs
        assert by_columns.solve() == by_edges.solve()
        assert by_columns.last_solve_was_warm == by_edges.last_solve_was_warm
        by_columns._check()
    assert len(by_columns) > 30


def test_matcher_set_columns_with_and_without_extension(monkeypatch):
    for patched in (False, True):
        if patched:
            monkeypatch.setattr(blossom, "_blossom", None)
        m = blossom.Matcher(5)
        assert (m._core is None) == patched
        m.set_edge(0, 4, 9)
        m.set_columns([0, 1], [(3, [5, 0]), (2, [7]), (4, [0, 6])])
        assert sorted(m.edges()) == [(0, 2, 7), (0, 3, 5), (1, 4, 6)]
        assert m.solve() == [2, 4, 0, -1, 1]
        # a column longer than the rows is refused, with or without the core, and
        # nothing of the call is applied
        with pytest.raises(ValueError, match="column 1: 2 weights for 1 rows"):
            m.set_columns([0], [(3, [1]), (4, [1, 2])])
        assert sorted(m.edges()) == [(0, 2, 7), (0, 3, 5), (1, 4, 6)]


def test_incremental_set_columns_equal_values_as_distinct_objects():
    """Equal weights given as distinct int objects (as a bracket's are: each made by an
    addition), few values or thousands in one call, make the graph set_edges makes."""
    rng = random.Random(5)
    n = 160
    rows = list(range(80))
    for pool_size in (3, 5000):
        pool = [rng.getrandbits(180) + 1 for _ in range(pool_size)] + [0]
        columns = [(v, [int(str(rng.choice(pool))) for _ in rows]) for v in range(80, n)]
        by_columns, by_edges = IM(n), IM(n)
        by_columns.set_columns(rows, columns)
        by_edges.set_edges([(u, v, w) for v, ws in columns for u, w in zip(rows, ws)])
        assert by_columns.edges() == by_edges.edges()
        assert by_columns.solve() == by_edges.solve()
        by_columns._check()


@pytest.mark.parametrize(
    "rows, columns, exc, text",
    [
        ([0, 1], [(2, [1, -5])], ValueError, "negative weight -5"),
        ([0, 1], [(2, [1, 1]), (1, [1, 1])], ValueError, "column 1: self-loop on vertex 1"),
        ([0, 4], [(2, [1, 1])], ValueError, "vertex 4 out of range for n=4"),
        ([0, 1], [(4, [1])], ValueError, "vertex 4 out of range for n=4"),
        ([0], [(2, [1, 1])], ValueError, "column 0: 2 weights for 1 rows"),
        ([0, 1], [(2, [1, 1.5])], TypeError, "weight must be an int"),
        ([0, 1], [(2, [1]), [3, [1]]], TypeError, "column 1: expected a (v, weights) tuple"),
        ([0, 1], [(2, 5)], TypeError, "a column's weights must be a sequence"),
        (5, [], TypeError, "rows must be a sequence"),
    ],
)
def test_incremental_set_columns_validation(rows, columns, exc, text):
    m = IM(4)
    m.set_edge(2, 3, 7)
    m.solve()
    with pytest.raises(exc) as info:
        m.set_columns(rows, columns)
    assert text in str(info.value)
    # nothing was applied (every pair is validated first), the state is intact
    assert m.edges() == [(2, 3, 7)]
    m._check()
    assert m.solve() == [-1, -1, 3, 2] and m.last_solve_was_warm


def test_incremental_set_columns_leaks_no_references():
    weight = (1 << 500) + 12345
    ws = [weight, weight]
    m = IM(4)
    before = sys.getrefcount(weight), sys.getrefcount(ws)
    for _ in range(200):
        with pytest.raises(ValueError):
            m.set_columns([0, 1], [(2, ws), (1, ws)])
        with pytest.raises(TypeError):
            m.set_columns([0, 1], [(2, ws), (3, [weight, 1.5])])
        m.set_columns([0, 1], [(2, ws), (3, ws)])
    assert (sys.getrefcount(weight), sys.getrefcount(ws)) == before


def test_incremental_core_leaks_no_references():
    weight = (1 << 500) + 12345
    edges = [(0, 1, weight), (1, 2, weight), (2, 2, weight)]
    m = IM(3)
    before = sys.getrefcount(weight), sys.getrefcount(edges)
    for _ in range(200):
        with pytest.raises(ValueError):
            m.set_edges(edges)
        m.set_edges(edges[:2])
        m.set_edge(0, 1, weight)
        with pytest.raises(TypeError):
            m.set_edges([[0, 1, weight], [1, 2, 1.5]])
        m.get_weight(0, 1)
        m.edges()
    assert (sys.getrefcount(weight), sys.getrefcount(edges)) == before


def random_step(rng, core, ref, n, kind, op=None):
    """One random change of the graph (the same on the core and on the mirror dict)."""
    op = op or rng.choices(["edge", "vertex", "batch", "drop", "widen", "clear"], [5, 4, 2, 1, 1, 1])[0]

    def put(a, b, w):
        key = (min(a, b), max(a, b))
        if w:
            ref[key] = w
        else:
            ref.pop(key, None)

    if op == "edge":  # a few scattered edges
        for _ in range(rng.randint(1, 4)):
            a, b = rng.sample(range(n), 2)
            w = random_weight(rng, kind) if rng.random() < 0.75 else 0
            core.set_edge(a, b, w)
            put(a, b, w)
    elif op == "vertex":  # every edge of one or two vertices changes (the engine's usual change)
        batch = []
        for x in rng.sample(range(n), min(n, rng.randint(1, 2))):
            for y in range(n):
                if y != x and rng.random() < 0.7:
                    batch.append((x, y, random_weight(rng, kind) if rng.random() < 0.85 else 0))
        core.set_edges(batch)
        for a, b, w in batch:
            put(a, b, w)
    elif op == "batch":  # a batch with repeated pairs: the last one counts
        batch = [(*rng.sample(range(n), 2), random_weight(rng, kind)) for _ in range(rng.randint(1, 3 * n))]
        core.set_edges(batch)
        for a, b, w in batch:
            put(a, b, w)
    elif op == "drop":  # a vertex loses all its edges
        x = rng.randrange(n)
        if rng.random() < 0.5:
            core.remove_vertex(x)
        else:
            for y in range(n):
                if y != x:
                    core.set_edge(x, y, 0)
        for key in [key for key in ref if x in key]:
            del ref[key]
    elif op == "widen":  # a much wider weight mid-sequence
        a, b = rng.sample(range(n), 2)
        w = rng.getrandbits(rng.choice([700, 1500, 3000])) | 1
        core.set_edge(a, b, w)
        put(a, b, w)
    elif op == "clear":  # re-weight the edges of one vertex to the same values: no change
        x = rng.randrange(n)
        core.set_edges([(a, b, w) for (a, b), w in ref.items() if x in (a, b)])


@pytest.mark.parametrize("kind", ["small", "huge", "lex", "lexwide", "mixed"])
def test_incremental_long_random_sequences_against_networkx(kind):
    """Long random edit sequences (edges, whole vertices, removals, vertices losing every
    edge, widening weights, no-op re-sets), each solve against networkx and a cold solve."""
    rng = random.Random(f"incremental-{kind}")
    solves = warm = 0
    for _ in range(12):
        n = rng.randint(2, 36)
        core, ref = IM(n), {}
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < rng.choice([0.2, 0.5, 1.0]):
                    w = random_weight(rng, kind)
                    core.set_edge(i, j, w)
                    if w:
                        ref[(i, j)] = w
        check_solve(core, ref, nx_value)
        for _ in range(30):
            had_state = core.has_state
            for _ in range(rng.choice([1, 1, 1, 2, 3])):
                random_step(rng, core, ref, n, kind)
            check_solve(core, ref, nx_value if n <= 24 else None)
            solves += 1
            warm += core.last_solve_was_warm
            assert core.last_solve_was_warm == (had_state and bool(ref))
    assert warm >= 0.8 * solves, (warm, solves)


def test_incremental_tiny_graphs_against_brute_force():
    rng = random.Random(31)
    for _ in range(300):
        n = rng.randint(2, 8)
        kind = rng.choice(["small", "small", "lex", "huge"])
        core, ref = IM(n), {}
        for _ in range(8):
            random_step(rng, core, ref, n, kind, op=rng.choice(["edge", "vertex", "drop", "batch"]))
            check_solve(core, ref, brute_value)


def stack_weight(rng):
    """A 200-bit criteria stack: the top fields mostly tied, as the engine's weights are."""
    fields = [rng.choice([0, 1, 1, 1]) for _ in range(6)] + [rng.randint(0, 7) for _ in range(4)]
    return sum(f << (20 * i) for i, f in enumerate(reversed(fields)))


@pytest.mark.slow
def test_incremental_200_small_changes_on_300_vertices():
    """200 rounds of a few changed edges on n = 300 (criteria-stack weights: many ties):
    every warm solve has the weight of a cold solve of the same graph."""
    rng = random.Random(300)
    n = 300
    core, ref = IM(n), {}
    batch = [(i, j, stack_weight(rng)) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.15]
    core.set_edges(batch)
    ref.update({(a, b): w for a, b, w in batch if w})
    check_solve(core, ref)
    for _ in range(200):
        for _ in range(rng.randint(1, 6)):
            a, b = rng.sample(range(n), 2)
            w = stack_weight(rng) if rng.random() < 0.8 else 0
            core.set_edge(a, b, w)
            if w:
                ref[(min(a, b), max(a, b))] = w
            else:
                ref.pop((min(a, b), max(a, b)), None)
        mate = core.solve()
        assert core.last_solve_was_warm and _blossom._last_stats()["warm_failure"] is None
        edges = [(a, b, w) for (a, b), w in ref.items()]
        assert matching_value(n, edges, mate)[0] == cold_weight(n, edges)
    core._check()


def _two_cliques(n_each: int, weight: int):
    """Two disjoint complete graphs of equal weights: every edge tight at the optimum."""
    edges = []
    for off in (0, n_each):
        edges += [(off + i, off + j, weight) for i in range(n_each) for j in range(i + 1, n_each)]
    return edges


def test_incremental_certificate_checks_only_what_changed():
    """After a change inside the second clique, the warm start's certificate re-checks
    the matched edges and the edges at vertices whose dual or blossoms changed, not
    every edge (its count is far below the graph's); a cold solve checks them all."""
    n_each = 40
    core = IM(2 * n_each)
    edges = _two_cliques(n_each, 1000)
    core.set_edges(edges)
    core.solve()
    assert _blossom._last_stats()["certified_edges"] == len(edges)
    core.set_edge(n_each, n_each + 1, 1500)
    mate = core.solve()
    stats = _blossom._last_stats()
    assert core.last_solve_was_warm and stats["warm_failure"] is None
    assert stats["certified_edges"] < len(edges) // 4
    assert mate[n_each] == n_each + 1
    ref = {(a, b): w for a, b, w in edges}
    ref[(n_each, n_each + 1)] = 1500
    all_edges = [(a, b, w) for (a, b), w in ref.items()]
    assert matching_value(2 * n_each, all_edges, mate)[0] == cold_weight(2 * n_each, all_edges)


def test_incremental_certificate_catches_a_wrong_dual_at_an_unchanged_vertex():
    """A wrong dual on a vertex the change did not touch (moved there by a test hook
    after the algorithm ran, keeping its matched edge tight) breaks only that vertex's
    own unmatched edges: the incremental certificate must still see it, because the
    vertex's dual differs from the one the last certificate proved. The warm answer is
    refused and a cold start gives the optimum."""
    n_each = 12
    core = IM(2 * n_each)
    edges = _two_cliques(n_each, 1000)
    core.set_edges(edges)
    core.solve()
    core.set_edge(n_each + 2, n_each + 3, 1200)  # a change in the second clique only
    _blossom._sabotage_next_warm_start()  # the first clique's vertex 0 gets a wrong dual
    mate = core.solve()
    stats = _blossom._last_stats()
    assert stats["warm_failure"] is not None and not core.last_solve_was_warm
    ref = {(a, b): w for a, b, w in edges}
    ref[(n_each + 2, n_each + 3)] = 1200
    all_edges = [(a, b, w) for (a, b), w in ref.items()]
    assert matching_value(2 * n_each, all_edges, mate)[0] == cold_weight(2 * n_each, all_edges)


def test_incremental_hash_index_for_large_n():
    """Above 4096 vertices pairs are found through a hash table (insertions, deletions with
    backward shifts, re-insertions), not the triangular table."""
    rng = random.Random(5000)
    n = 5000
    core, ref = IM(n), {}
    hubs = rng.sample(range(n), 60)
    for _ in range(4000):
        a, b = rng.choice(hubs), rng.randrange(n)
        if a != b:
            w = rng.randint(1, 50)
            core.set_edge(a, b, w)
            ref[(min(a, b), max(a, b))] = w
    check_solve(core, ref)
    for _ in range(15):
        for key in rng.sample(sorted(ref), 150):  # deletions
            core.set_edge(key[1], key[0], 0)
            del ref[key]
        for _ in range(150):  # re-insertions and re-weights
            a, b = rng.choice(hubs), rng.randrange(n)
            if a != b:
                w = rng.randint(1, 50)
                core.set_edge(a, b, w)
                ref[(min(a, b), max(a, b))] = w
        core.remove_vertex(rng.choice(hubs))
        for key in [key for key in ref if core.degree(key[0]) == 0 or core.degree(key[1]) == 0]:
            del ref[key]
        check_solve(core, ref)
        assert core.last_solve_was_warm
        assert all(core.get_weight(a, b) == w for (a, b), w in ref.items())


def test_incremental_reserve_changes_capacity_only():
    """reserve() only allocates: the same changes on a core with and without it give the
    same graph, slot for slot (edges() lists slots in order), and the same answers; a
    complete graph built with its exact room takes less memory than one grown edge by
    edge (the arrays doubled)."""
    rng = random.Random(41)
    n = 90
    plain, reserved = IM(n), IM(n)
    reserved.reserve(n * (n - 1) // 2, [n - 1] * n)
    ref: dict[tuple[int, int], int] = {}
    for _ in range(12):
        batch = []
        for _ in range(400):
            a, b = rng.sample(range(n), 2)
            w = rng.choice([0, 0, rng.getrandbits(200) + 1])
            batch.append((a, b, w))
            if w:
                ref[(min(a, b), max(a, b))] = w
            else:
                ref.pop((min(a, b), max(a, b)), None)
        plain.set_edges(batch)
        reserved.set_edges(batch)
        assert reserved.solve() == plain.solve()
        assert reserved.last_solve_was_warm == plain.last_solve_was_warm
        assert reserved.edges() == plain.edges()
        reserved._check()
        check_solve(reserved, ref)
    k = 140  # a complete graph on vertices 0 .. k-1 of 2k + 1 (as a bracket's, with shadows)
    full = [(a, b, 1 + a * k + b) for a in range(k) for b in range(a + 1, k)]
    grown, exact = IM(2 * k + 1), IM(2 * k + 1)
    exact.reserve(len(full), [k - 1] * k)
    grown.set_edges(full)
    exact.set_edges(full)
    assert exact.solve() == grown.solve()
    assert exact._memory() < 0.8 * grown._memory()
    with pytest.raises(ValueError, match="negative"):
        exact.reserve(-1, [])
    with pytest.raises(ValueError, match="negative degree"):
        exact.reserve(0, [-1])
    with pytest.raises(ValueError, match="degrees for n="):
        exact.reserve(0, [1] * (2 * k + 2))


def test_incremental_equal_weights_stored_once():
    """Each distinct weight is kept once (an edge holds its row in the table of weights):
    a graph of few distinct weights takes less memory than one of all-distinct weights,
    and rows whose last edge goes (removed or re-weighted) are reused; the table's
    reference counts and lookups stay right (``_check``) and the answers exact."""
    rng = random.Random(8)
    n = 120
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.5]
    few, many = IM(n), IM(n)
    few.set_edges([(a, b, (1 << 200) + (a + b) % 3) for a, b in pairs])
    many.set_edges([(a, b, (1 << 200) + a * n + b) for a, b in pairs])
    few._check()
    many._check()
    limbs = few.limbs
    assert many._memory() - few._memory() >= len(pairs) * 8 * limbs * 0.9
    ref = {(a, b): (1 << 200) + (a + b) % 3 for a, b in pairs}
    check_solve(few, ref)
    for _ in range(10):
        batch = []
        for _ in range(300):
            a, b = rng.sample(range(n), 2)
            w = rng.choice([0, (1 << 200) + rng.randrange(6), rng.getrandbits(300)])
            batch.append((a, b, w))
            key = (min(a, b), max(a, b))
            if w:
                ref[key] = w
            else:
                ref.pop(key, None)
        few.set_edges(batch)
        few._check()
        check_solve(few, ref)
        assert few.last_solve_was_warm
    for a, b in list(ref):
        few.set_edge(a, b, 0)
    few._check()
    assert len(few) == 0 and few.edges() == []


def test_incremental_hash_index_turns_dense_when_smaller():
    """Above 4096 vertices the pair index is a hash table until it would take more bytes
    than the triangular table (a dense graph): then the pairs move into the table and
    are found, changed and removed there as before."""
    rng = random.Random(4100)
    n = 4100
    core, ref = IM(n), {}
    for _ in range(3000):
        a, b = rng.sample(range(n), 2)
        w = rng.randint(1, 40)
        core.set_edge(a, b, w)
        ref[(min(a, b), max(a, b))] = w
    check_solve(core, ref)
    hashed = core._memory()
    table = n * (n - 1) // 2 * 4
    assert hashed < table  # a sparse graph: the hash table
    core.reserve(1_500_000, [])  # room for a dense graph: the triangular table
    assert core._memory() >= hashed - 3000 * 12 + table
    core._check()
    assert all(core.get_weight(b, a) == w for (a, b), w in ref.items())
    for key in rng.sample(sorted(ref), 500):
        core.set_edge(key[0], key[1], 0)
        del ref[key]
    for _ in range(500):
        a, b = rng.sample(range(n), 2)
        w = rng.randint(1, 40)
        core.set_edge(a, b, w)
        ref[(min(a, b), max(a, b))] = w
    core._check()
    check_solve(core, ref)
    assert core.last_solve_was_warm


def test_incremental_widening_before_and_between_solves():
    rng = random.Random(77)
    n = 25
    core, ref = IM(n), {}
    for bits in (3, 63, 64, 130, 900, 5, 2500, 64):
        for _ in range(20):
            a, b = rng.sample(range(n), 2)
            w = rng.getrandbits(bits) + 1
            core.set_edge(a, b, w)
            ref[(min(a, b), max(a, b))] = w
        limbs = core.limbs
        check_solve(core, ref, nx_value)
        assert core.limbs >= limbs  # limbs never narrow
    assert core.limbs >= (2500 + 12 + 63) // 64


# ------------------------------------------------- the Matcher wrapper on the C-side graph


def test_matcher_uses_the_c_side_graph():
    m = blossom.Matcher(6)
    assert isinstance(m._core, IM)
    m.set_edges([(0, 1, 4), (1, 2, 9), (2, 3, 4)])
    m.set_edge(4, 5, 1)
    assert len(m) == 4 and m.weight(2, 1) == 9 and sorted(m.edges())[0] == (0, 1, 4)
    assert m.solve() == [-1, 2, 1, -1, 5, 4]
    m.remove_vertex(5)
    assert m.solve() == [-1, 2, 1, -1, -1, -1] and m.last_solve_was_warm
    assert m.solve(max_cardinality=True) == [1, 0, 3, 2, -1, -1] and not m.last_solve_was_warm
    m.set_edge(1, 2, 7)
    assert m.solve() == [1, 0, 3, 2, -1, -1] and m.last_solve_was_warm


def test_matcher_without_extension_gives_the_same_weights(monkeypatch):
    rng = random.Random(41)
    script = []
    for _ in range(40):
        a, b = rng.sample(range(12), 2)
        script.append((a, b, random_weight(rng, "small") if rng.random() < 0.8 else 0))
    results = []
    for patched in (False, True):
        if patched:
            monkeypatch.setattr(blossom, "_blossom", None)
        m = blossom.Matcher(12)
        assert (m._core is None) == patched
        weights = []
        for i, (a, b, w) in enumerate(script):
            m.set_edge(a, b, w)
            if i % 5 == 4:
                m.set_edges([(a, b, w)])
                if i % 10 == 9:
                    m.remove_vertex(a)
                weights.append(matching_value(12, m.edges(), m.solve())[0])
        results.append((weights, sorted(m.edges())))
    assert results[0] == results[1]


def test_matcher_falls_back_when_the_c_side_solve_fails():
    class Failing:
        def __init__(self, core):
            self.core, self.resets = core, 0

        def __getattr__(self, name):
            return getattr(self.core, name)

        def solve(self):
            raise RuntimeError("blossom: internal error, optimality certificate failed: test")

        def reset(self):
            self.resets += 1
            self.core.reset()

    m = blossom.Matcher(4)
    m.set_edges([(0, 1, 5), (1, 2, 11), (2, 3, 5)])
    m._core = Failing(m._core)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert m.solve() == [-1, 2, 1, -1]
    assert any(issubclass(w.category, RuntimeWarning) for w in caught)
    assert m._core.resets == 1 and not m.last_solve_was_warm


def test_all_within_reads_slacks_that_bound_every_matching_through_an_edge():
    # LP duality: a matching holding edge {x, y} weighs at most the optimum less the
    # edge's slack; so the slack is at most gap = optimum - (best matching through the
    # edge), all_within must accept margin gap (slack <= gap) and never margin -1
    # (slacks are not negative). A slack read without the blossom duals goes negative;
    # one counted twice exceeds gap = 0 on the edges of an optimum.
    rng = random.Random(47)
    inside = 0
    for _ in range(250):
        n = rng.randint(3, 9)
        kind = rng.choice(["small", "small", "lex", "huge"])
        core, ref = IM(n), {}
        for _ in range(3):
            random_step(rng, core, ref, n, kind, op=rng.choice(["edge", "batch"]))
        if not ref:
            continue
        assert core.all_within(0, [1], [0]) is None  # no optimum yet
        core.solve()
        edges = [(a, b, w) for (a, b), w in ref.items()]
        best = brute_value(n, edges, False)[0]
        parent, nonzero = core._forest()
        for (a, b), w in ref.items():
            rest = [e for e in edges if not {e[0], e[1]} & {a, b}]
            gap = best - (w + brute_value(n, rest, False)[0])
            for x, y in ((a, b), (b, a)):
                assert core.all_within(x, [y], [gap]) == [0], (x, y, gap)
                assert core.all_within(x, [y], [-1]) == []
            c = parent[a]
            while c != -1:
                inside += nonzero[c] and b in _leaves(parent, c)
                c = parent[c]
        # every index within its margin, in order; pairs without an edge are passed over
        x = rng.randrange(n)
        ys = [y for y in range(n) if y != x]
        hits = [i for i, y in enumerate(ys) if (min(x, y), max(x, y)) in ref and core.all_within(x, [y], [0]) == [0]]
        assert core.all_within(x, ys, [0] * len(ys)) == hits
        # a change makes the duals stale until the next solve
        core.set_edge(0, 1, ref.get((0, 1), 0) + 1)
        assert core.all_within(0, [1], [0]) is None
    assert inside > 20  # edges inside blossoms with a non-zero dual were read


def _leaves(parent, b):
    return {v for v in range(len(parent) // 2) if _has_ancestor(parent, v, b)}


def _has_ancestor(parent, v, b):
    while v != -1:
        if v == b:
            return True
        v = parent[v]
    return False


def test_all_within_without_the_core_says_nothing(monkeypatch):
    m = blossom.Matcher(3)
    m.set_edges([(0, 1, 4), (1, 2, 5)])
    m.solve()
    assert m.all_within(1, [2, 0], [0, 0])[0] == 0
    monkeypatch.setattr(m, "_core", None)
    assert m.all_within(1, [2, 0], [0, 0]) is None


# ------------------------------------ the portable arithmetic (MSVC: the Windows wheels)


def core_built_with(tmp_path_factory, name, cflags):
    """The core built with extra C flags into a temporary folder, loaded beside the usual
    build (another module object, another file)."""
    import importlib.util
    import os
    import subprocess
    from pathlib import Path

    repo = Path(__file__).resolve().parents[2]
    out = tmp_path_factory.mktemp(name)
    env = {**os.environ, "CFLAGS": cflags, "TABELLONE_REQUIRE_CORE": "1"}
    args = ["build_ext", "-b", str(out / "lib"), "-t", str(out / "tmp"), "--force"]
    built = subprocess.run([sys.executable, "setup.py", "-q", *args], cwd=repo, env=env, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr[-2000:]
    path = next((out / "lib" / "tabellone" / "matching").glob("_blossom*"))
    spec = importlib.util.spec_from_file_location("tabellone.matching._blossom", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module is not _blossom and module.__file__ != _blossom.__file__
    return module


@pytest.fixture(scope="module")
def portable_core(tmp_path_factory):
    """The core built with TABELLONE_PORTABLE_ARITH: the limb arithmetic of compilers
    without a 128-bit integer (MSVC builds it so), loaded beside the usual build."""
    return core_built_with(tmp_path_factory, "portable", "-DTABELLONE_PORTABLE_ARITH")


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["small", "huge", "lex", "lexwide", "mixed"])
def test_portable_arithmetic_answers_as_the_128_bit_build(portable_core, kind):
    """The same answers, mate for mate, and optimal by networkx: one-shot solves of
    weights of 1 to 900 bits (carries and borrows across limbs, negative duals), and an
    incremental matcher's warm starts."""
    rng = random.Random(f"portable-{kind}")
    for _ in range(40):
        n = 1 + int(39 * rng.random() ** 1.5)
        edges = random_graph(rng, n, rng.choice([0.2, 0.5, 1.0]), kind)
        for mc in (False, True):
            mate = portable_core.max_weight_matching(n, edges, mc)
            assert mate == _blossom.max_weight_matching(n, edges, mc)
            weight, card = matching_value(n, edges, mate)
            ref_weight, ref_card = nx_value(n, edges, mc)
            assert weight == ref_weight and (card == ref_card or not mc)
    ours, theirs = portable_core.IncrementalMatcher(30), _blossom.IncrementalMatcher(30)
    changes = random_graph(rng, 30, 0.6, kind)
    graph: dict[tuple[int, int], int] = {}
    warm = 0
    for step in range(25):
        for m in (ours, theirs):
            m.set_edges(changes)
        graph.update({(min(u, v), max(u, v)): w for u, v, w in changes})
        got = ours.solve()
        assert got == theirs.solve() and ours.last_solve_was_warm == theirs.last_solve_was_warm
        warm += ours.last_solve_was_warm
        edges = [(u, v, w) for (u, v), w in graph.items() if w]
        assert matching_value(30, edges, got)[0] == nx_value(30, edges, False)[0]
        u, v = rng.sample(range(30), 2)
        changes = [(u, v, random_weight(rng, kind) if step % 3 else 0)]
    assert warm > 0


@pytest.mark.slow
def test_portable_arithmetic_prices_as_the_128_bit_build(portable_core):
    """Pricing's one-pass slack (carries of 64-bit halves without a 128-bit integer): the
    same pairs named by price_rows, row for row, as the usual build's, on graphs of 1 to
    900-bit weights with negative duals and blossoms, at trial weights around each
    pair's own."""
    rng = random.Random("portable-price")
    named = 0
    for trial in range(30):
        kind = rng.choice(["small", "huge", "lex", "lexwide", "mixed"])
        n = rng.randint(3, 30)
        edges = random_graph(rng, n, rng.choice([0.2, 0.5]), kind)
        ours, theirs = portable_core.IncrementalMatcher(n), _blossom.IncrementalMatcher(n)
        for m in (ours, theirs):
            m.set_edges(edges)
            m.solve()
        rows = []
        for x in range(n):
            ys = [y for y in range(n) if y != x]
            ws = [max(0, random_weight(rng, kind) + rng.choice([-1, 0, 1])) for _ in ys]
            rows.append((x, ys, ws, rng.randrange(len(ys) + 1), None))
        limit = rng.choice([1, 3, 100])
        got = ours.price_rows(rows, limit)
        assert got == theirs.price_rows(rows, limit), (trial, kind)
        named += len(got)
    assert named
