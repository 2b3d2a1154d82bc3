"""Shared helpers for the test suite: where the fixtures and the shared data folder are.

The shared folder (``/work/shared`` on a developer machine, a sibling of the repository
in CI) holds real tournaments (``realdata/trf``), engine-generated reference events
(``corpus/**``) and other engines' outputs (``witness/**``). It is never copied into the
repository: tests read it in place, and skip with a clear reason when it is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from testkit import (
    SHARED,
    SHARED_MISSING,
    shared_available,
)


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared data folder; skips the test when it is absent."""
    if not shared_available():
        pytest.skip(SHARED_MISSING)
    return SHARED


@pytest.fixture
def progress_line(monkeypatch):
    """The progress line (tabellone/core/progress.py) captured in a string from the first step:
    no delay, no interval; the stream is restored afterwards."""
    import io

    from tabellone.core import progress

    out = io.StringIO()
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    progress.configure(stream=out)
    try:
        yield out
    finally:
        progress.configure()


#: Names whose use means a test reads the shared folder.
_SHARED_NAMES = frozenset(
    {
        "shared",
        "shared_path",
        "shared_available",
        "SHARED",
        "realdata_trf_files",
        "corpus_trf_files",
        "witness_trf_files",
        "all_shared_trf_files",
    }
)


def _code_names(code) -> set[str]:
    names = set(code.co_names) | set(code.co_varnames)
    for const in code.co_consts:
        if hasattr(const, "co_names"):  # comprehensions, lambdas, nested functions
            names |= _code_names(const)
    return names


def _reads_shared(func, seen: set) -> bool:
    """Whether ``func``, or a function of its own module it calls (transitively), names
    the shared folder or one of its helpers."""
    code = getattr(func, "__code__", None)
    if code is None or code in seen:
        return False
    seen.add(code)
    names = _code_names(code)
    if names & _SHARED_NAMES:
        return True
    module_globals = getattr(func, "__globals__", {})
    return any(
        callable(g) and getattr(g, "__module__", None) == func.__module__ and _reads_shared(g, seen)
        for g in (module_globals.get(n) for n in names)
    )


def _shared_param(value) -> bool:
    if isinstance(value, Path):
        return value == SHARED or SHARED in value.parents
    if isinstance(value, (tuple, list)):
        return any(_shared_param(v) for v in value)
    return False


def _item_reads_shared(item) -> bool:
    if "shared" in item.fixturenames:
        return True
    callspec = getattr(item, "callspec", None)
    if callspec is not None and (
        any(_shared_param(v) for v in callspec.params.values()) or "no-shared-data" in callspec.id
    ):
        return True
    seen: set = set()
    if _reads_shared(getattr(item, "function", None), seen):
        return True
    info = getattr(item, "_fixtureinfo", None)
    for name in item.fixturenames:
        for fixturedef in info.name2fixturedefs.get(name, ()) if info else ():
            if fixturedef.baseid != "" and _reads_shared(fixturedef.func, seen):
                return True
    return False


def pytest_collection_modifyitems(config, items):
    """Mark ``shared`` every test that reads the shared folder (through the fixture, the
    helpers above or a parameter that is one of its files), so that ``-m "not shared"``
    runs what a clone without the folder can run, and ``-m shared`` the rest."""
    for item in items:
        if _item_reads_shared(item):
            item.add_marker(pytest.mark.shared)
