"""Shared helpers for the test suite: where the fixtures and the shared data folder are.

The shared folder (``/work/shared`` on a developer machine, a sibling of the repository
in CI) holds real tournaments (``realdata/trf``), engine-generated reference events
(``corpus/**``) and other engines' outputs (``witness/**``). It is never copied into the
repository: tests read it in place, and skip with a clear reason when it is absent.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
FIXTURES = TESTS / "fixtures"
REPO = TESTS.parent
SHARED = Path(__file__).resolve().parents[2] / "shared"

SHARED_MISSING = (
    f"shared data folder {SHARED} is absent (it sits beside the repository on developer machines and in CI)"
)


def shared_available() -> bool:
    return SHARED.is_dir()


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared data folder; skips the test when it is absent."""
    if not shared_available():
        pytest.skip(SHARED_MISSING)
    return SHARED


def shared_path(relative: str) -> Path:
    """A file in the shared folder; skips the calling test when it (or the folder) is absent."""
    if not shared_available():
        pytest.skip(SHARED_MISSING)
    p = SHARED / relative
    if not p.is_file():
        pytest.skip(f"shared file {p} is absent")
    return p


def realdata_trf_files() -> list[Path]:
    return sorted((SHARED / "realdata" / "trf").glob("*.trf")) if shared_available() else []


def corpus_trf_files() -> list[Path]:
    return sorted((SHARED / "corpus").glob("**/*.trf")) if shared_available() else []


def witness_trf_files() -> list[Path]:
    return sorted((SHARED / "witness").glob("**/*.trf")) if shared_available() else []


def all_shared_trf_files() -> list[Path]:
    """Every TRF file of the shared folder: real data, then the corpus, then witnesses."""
    return realdata_trf_files() + corpus_trf_files() + witness_trf_files()


def rel(path: Path) -> str:
    """A short, stable test id for a shared file: its path inside the shared folder."""
    try:
        return path.relative_to(SHARED).as_posix()
    except ValueError:
        return path.name


def file_params(paths: list[Path]) -> list:
    """``pytest.param`` per file, or one skipped param with a clear reason when the
    shared folder is absent (instead of pytest's bare 'got empty parameter set')."""
    if not paths:
        reason = SHARED_MISSING if not shared_available() else "no TRF file found in the shared folder"
        return [pytest.param(None, marks=pytest.mark.skip(reason=reason), id="no-shared-data")]
    return [pytest.param(p, id=rel(p)) for p in paths]


@functools.cache
def read_shared_bytes(path: Path) -> bytes:
    return path.read_bytes()


@functools.cache
def parsed(path: Path):
    """The tournament in ``path`` (cached: Tournament is immutable)."""
    from tabellone.formats.trf import parse_trf

    return parse_trf(read_shared_bytes(path), source=str(path))


def split_any_newline(text: str) -> list[str]:
    """Lines of a text ending in CR, LF or CRLF (a test-side helper, independent of the reader)."""
    return re.split(r"\r\n|\r|\n", text)


def fixture_path(name: str) -> Path:
    return FIXTURES / name


def trf_player_line(
    pid: int,
    cells: list[str],
    *,
    name: str = "",
    rating: str = "",
    points: str = "",
    rank: str = "",
    sex: str = "",
    title: str = "",
    federation: str = "",
    fide_id: str = "",
    birth: str = "",
) -> str:
    """A ``001`` record laid out from the FIDE TRF16 column table (written here, independently
    of the solver's writer). ``cells`` are the 8-character round blocks ``'OOOO c r'``;
    round r starts at column 92 + 10 (r - 1)."""
    head = (
        f"001 {pid:>4} {sex:1}{title:>3} {name or f'Player {pid}':<33} {rating:>4} {federation:<3} "
        f"{fide_id:>11} {birth:<10} {points:>4} {rank:>4}"
    )
    assert len(head) == 89, head
    return (head + "".join("  " + c for c in cells)).rstrip()


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


# ---- shared helpers: a pairer, a command-line runner -------------------------------


def pairer(system: str = "dutch", edition: str | None = None, method: str | None = None, profile=None):
    """A pairer for :func:`tabellone.generate.tournament.generate`: ``t -> (pairs, bye)``,
    the next round of ``t`` paired by :func:`tabellone.pair` with the given rules."""
    from tabellone.api import pair

    def pair_next(t):
        p = pair(t, system, edition, method, profile=profile)
        return p.pairs, p.bye

    return pair_next


def run_tabellone(*args, cwd=None, env: dict | None = None, timeout: float = 600):
    """``python -m tabellone ARGS`` in a process of its own, as a user runs it (arguments
    turned into strings); the completed process, with its exit code, stdout and stderr."""
    import os
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "tabellone", *(str(a) for a in args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        timeout=timeout,
    )


# ---- markers: shared, slow ----------------------------------------------------------

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
