"""Conformance of the Burstein engine with the reference corpus (pairings made by
bbpPairings 5.0.1, whose Burstein reads an earlier edition of the rules; see
../shared/corpus/README.md).

Every round of a fixed sample of events is re-paired from the rounds before it and must
equal the recorded round: pairs, colours and bye. The sample fits CI; the whole corpus
(100 events) runs in ``benchmarks/conformance.py --system burstein``. The engine pairs
through the official profile (``tabellone/rules/profiles/burstein-legacy.toml``): the profile path
is the one the reference is reproduced by.
"""

from __future__ import annotations

import pytest
from testkit import FIXTURES, SHARED, shared_available

from tabellone.verify.conformance import check_file

# small and medium events, clean and with absences, byes and forfeits
SAMPLE = [f"burstein-dev-{k}.trf" for k in (2, 3, 6, 7, 8, 10, 12, 15, 16, 17, 21, 22, 24, 25)]


def _cases():
    if not shared_available():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"shared corpus absent at {SHARED}"))]
    base = SHARED / "corpus" / "burstein-dev"
    return [pytest.param(base / n, id=n) for n in SAMPLE if (base / n).is_file()]


def _reproduces(path):
    result = check_file(path, "legacy", system="burstein", profile="burstein-legacy")
    differing = [f"round {r.round}: {r.detail}" for r in result.rounds if not r.identical]
    assert result.rounds, f"{path} has no rounds"
    assert not differing, f"{path.name}: " + "; ".join(differing)


@pytest.mark.parametrize("path", _cases())
def test_burstein_reproduces_reference(path):
    _reproduces(path)


HELD = FIXTURES / "burstein-held"


@pytest.mark.parametrize("path", sorted(HELD.glob("*.trf")), ids=lambda p: p.name)
def test_burstein_reproduces_held_out_events(path):
    """Events generated for this project by bbpPairings 5.0.1 (tests/fixtures/burstein-held),
    none of them seen while the engine was written."""
    _reproduces(path)
