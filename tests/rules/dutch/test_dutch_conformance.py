"""Conformance of the Dutch engine with the reference corpus (pairings made by bbpPairings
6.0.0 for the 2026 edition, 5.0.1 for 2017; see ../shared/corpus/README.md).

Every round of a fixed sample of events is re-paired from the rounds before it and must
equal the recorded round, pairs, colours and bye. The sample fits CI; the whole corpus
runs in ``benchmarks/conformance.py``. The engine runs through the official profiles
(``tabellone/rules/profiles/dutch-2026.toml``, ``dutch-2017.toml``): the weights are built from
them.
"""

from __future__ import annotations

import pytest
from testkit import SHARED, shared_available

from tabellone.verify.conformance import check_file

# (folder, file) pairs: small and medium events with forfeits, absences and byes.
SAMPLE_2026 = [f"dutch-dev-{k}.trf" for k in (8, 15, 18, 19, 20, 21, 33, 35, 44, 45, 193, 246, 270)]
SAMPLE_2017 = [
    f"dutch2017-dev-{k}.trf"
    for k in (
        2001,
        2002,
        2004,
        2005,
        2009,
        2015,
        2017,
        2018,
        2021,
        2022,
        2027,
        2028,
        2031,
        2036,
        2037,
        2040,
        2041,
        2044,
    )
]


def _cases(folder: str, names: list[str]):
    if not shared_available():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"shared corpus absent at {SHARED}"))]
    base = SHARED / "corpus" / folder
    return [pytest.param(base / n, id=n) for n in names if (base / n).is_file()]


def _assert_all_identical(path, edition):
    # through the official profile, read from its TOML file like any other profile
    result = check_file(path, edition, profile=f"dutch-{edition}")
    differing = [f"round {r.round}: {r.detail}" for r in result.rounds if not r.identical]
    assert result.rounds, f"{path} has no rounds"
    assert not differing, f"{path.name}: " + "; ".join(differing)


@pytest.mark.parametrize("path", _cases("dutch-2026-dev", SAMPLE_2026))
def test_dutch_2026_reproduces_reference(path):
    _assert_all_identical(path, "2026")


@pytest.mark.parametrize("path", _cases("dutch-2017-dev", SAMPLE_2017))
def test_dutch_2017_reproduces_reference(path):
    _assert_all_identical(path, "2017")
