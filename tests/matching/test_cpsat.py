"""The CP-SAT back end (tabellone.matching.cpsat): the same optimum as the blossom back end.

Oracles: the compiled blossom core on seeded random graphs whose weights are packed from
carry-free fields (:mod:`tabellone.matching.lexicographic`), far wider than CP-SAT's 64-bit integers:
CP-SAT must reach the same total weight; and so on any integer weights, fields or not. On the Dutch system, the reference pairings of
bbpPairings (../shared/corpus) must come out of the engine unchanged when every matching
is solved by CP-SAT instead of blossom.
"""

from __future__ import annotations

import random
from functools import partial

import pytest
from testkit import SHARED, shared_available

from tabellone.matching.backends import max_weight_matching
from tabellone.matching.cpsat import CpSatMatching, covering_fields
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules import dutch
from tabellone.verify.conformance import check_file


def total(edges, mate):
    weight = {(u, v): w for u, v, w in edges}
    seen = 0
    for u, v in mate.items():
        if u < v:
            assert mate[v] == u
            seen += weight.get((u, v), weight.get((v, u), 0))
    return seen


def packed_graph(seed: int, n: int, density: float, field_count: int):
    """A random graph whose weights are packed from ``field_count`` small fields, each
    wide enough for its sum over a matching (carry-free), the most significant first."""
    rng = random.Random(seed)
    maxima = [rng.choice([1, 3, 7, 40]) for _ in range(field_count)]
    layout = fit_layout([f"f{k}" for k in range(field_count)], [m * (n // 2) for m in maxima])
    edges = []
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < density:
                values = [rng.randint(0, m) if rng.random() < 0.6 else 0 for m in maxima]
                values[0] = max(values[0], 1)  # every edge is worth taking
                edges.append((u, v, layout.pack(values)))
    return edges, layout


@pytest.mark.parametrize("seed", range(40))
def test_same_optimum_as_blossom_on_wide_packed_weights(seed):
    n = 6 + seed % 17
    edges, layout = packed_graph(seed, n, density=0.3 + (seed % 5) * 0.15, field_count=4 + seed % 30)
    got = CpSatMatching()(n, edges, layout.fields)
    expected = max_weight_matching(n, edges)
    assert total(edges, got) == total(edges, expected), f"{layout.total_bits}-bit weights"


def test_lexicographic_order_beats_any_sum_of_lower_fields():
    # 0-1 is worth (1, 0); 0-2 and 1-3 each (0, 3). The top field decides: 0-1 alone, even
    # though the two lower-field edges sum to more in every field below.
    layout = fit_layout(["top", "low"], [1, 6])
    edges = [(0, 1, layout.pack([1, 0])), (0, 2, layout.pack([0, 3])), (1, 3, layout.pack([0, 3]))]
    assert CpSatMatching()(4, edges, layout.fields) == {0: 1, 1: 0}


def test_without_fields_the_weight_is_one_field():
    edges = [(0, 1, 5), (1, 2, 4), (2, 3, 5), (0, 3, 1)]
    assert CpSatMatching()(4, edges) == {0: 1, 1: 0, 2: 3, 3: 2}


def test_overlapping_fields_are_refused():
    with pytest.raises(ValueError, match="overlap"):
        covering_fields([(4, 4), (0, 6)], 255)


@pytest.mark.parametrize("seed", range(25))
def test_exact_whatever_the_fields_claim(seed):
    """Weights that break their declared fields (sums that carry, bits outside every
    field, one 60-bit field, no fields at all; the 2017 Dutch weights subtract and borrow)
    still give the blossom optimum: the digits carry into each other in the model."""
    rng = random.Random(1000 + seed)
    n = 5 + seed % 14
    fields = [[(40, 8), (20, 8), (0, 12)], [(0, 60)], [], [(70, 3), (10, 5)]][seed % 4]
    edges = [
        (u, v, rng.getrandbits(rng.choice([8, 30, 62, 90])) | 1)
        for u in range(n)
        for v in range(u + 1, n)
        if rng.random() < 0.6
    ]
    got = CpSatMatching()(n, edges, fields)
    assert total(edges, got) == total(edges, max_weight_matching(n, edges))


# ---------------------------------------------------------------------------- Dutch

#: Small events of the corpus (6-15 players, odd and even; forfeits, absences, byes among
#: them): every round. CP-SAT takes seconds where blossom takes milliseconds, so the
#: sample is small; benchmarks/matching_speed.py --backends measures both.
SAMPLE = [("dutch-2026-dev", "2026", f"dutch-dev-{k}.trf") for k in (8, 106, 120, 155, 209)] + [
    ("dutch-2017-dev", "2017", f"dutch2017-dev-{k}.trf") for k in (2001, 2069, 2070)
]


def _cases():
    if not shared_available():
        return [pytest.param(None, None, marks=pytest.mark.skip(reason=f"shared corpus absent at {SHARED}"))]
    return [
        pytest.param(SHARED / "corpus" / folder / name, edition, id=name)
        for folder, edition, name in SAMPLE
        if (SHARED / "corpus" / folder / name).is_file()
    ]


@pytest.mark.slow
@pytest.mark.parametrize("path, edition", _cases())
def test_dutch_through_cpsat_reproduces_the_reference(path, edition):
    pair = partial(dutch.pair_round, solve=CpSatMatching())
    result = check_file(path, edition, pair_round=lambda t, ed: pair(t, ed))
    differing = [f"round {r.round}: {r.detail}" for r in result.rounds if not r.identical]
    assert result.rounds and not differing, "; ".join(differing)


def test_an_unproven_level_is_an_error_not_an_answer():
    """With no time to prove anything, CP-SAT must refuse rather than return a matching
    that may not be optimal (the CLI then exits 2 with this message)."""
    from tabellone.core.errors import SolverLimitError

    rng = random.Random(3)
    edges = [(u, v, rng.randint(1, 10**6)) for u in range(20) for v in range(u + 1, 20) if rng.random() < 0.5]
    with pytest.raises(SolverLimitError, match="did not prove the optimum"):
        CpSatMatching(time_limit=0.0)(20, edges)
