"""What the tests share that is not a fixture: where the fixtures and the shared
reference folder are, readers of shared files, a TRF player line builder, the generator's
pairer and a runner of the ``tabellone`` command. (Fixtures and collection hooks are in
``conftest.py``; tests import these by ``from testkit import ...``, a name no sub-folder's
conftest shadows.)
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from tabellone.rules import profiles

TESTS = Path(__file__).resolve().parent


FIXTURES = TESTS / "fixtures"


REPO = TESTS.parent


SHARED = Path(__file__).resolve().parents[2] / "shared"


SHARED_MISSING = (
    f"shared data folder {SHARED} is absent (it sits beside the repository on developer machines and in CI)"
)


def shared_available() -> bool:
    return SHARED.is_dir()


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
    of the package's TRF writer). ``cells`` are the 8-character round blocks ``'OOOO c r'``;
    round r starts at column 92 + 10 (r - 1)."""
    head = (
        f"001 {pid:>4} {sex:1}{title:>3} {name or f'Player {pid}':<33} {rating:>4} {federation:<3} "
        f"{fide_id:>11} {birth:<10} {points:>4} {rank:>4}"
    )
    assert len(head) == 89, head
    return (head + "".join("  " + c for c in cells)).rstrip()


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


# ---- profiles: a shipped profile varied, written to a file -----------------------------


def variant(
    base: str = "dutch-2026",
    *,
    first: tuple[str, ...] = (),
    drop: tuple[str, ...] = (),
    header: dict[str, str] | None = None,
    extra: dict[str, str] | None = None,
) -> str:
    """The TOML of shipped profile ``base`` with criteria ``first`` moved right after the
    completion criteria, ``drop`` removed (and listed in ``dropped``), header keys
    replaced (``header``: key -> TOML value) and lines added to entries (``extra``)."""
    text = profiles.shipped()[base].read_text(encoding="utf-8")
    head, *entries = text.split("[[criteria]]")
    ids = [re.search(r'id = "(.*?)"', e).group(1) for e in entries]
    by_id = dict(zip(ids, entries))
    completion = [i for i in ids if i in ("C1", "C2", "C3", "C4", "C5", "C.1", "C.2", "C.3", "C.4")]
    order = completion + list(first) + [i for i in ids if i not in completion and i not in first]
    order = [i for i in order if i not in drop]
    head = re.sub(r"(?m)^official = true.*$", "official = false", head)
    for key, value in (header or {}).items():
        head = (
            re.sub(rf"(?m)^{key} = .*$", f"{key} = {value}", head)
            if re.search(rf"(?m)^{key} = ", head)
            else head + f"{key} = {value}\n"
        )
    if drop:
        head += f"dropped = [{', '.join(repr(d).replace(chr(39), chr(34)) for d in drop)}]\n"
    body = ""
    for i in order:
        body += "[[criteria]]" + by_id[i].rstrip("\n") + "\n" + (extra or {}).get(i, "") + "\n"
    return head + body


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def texts(found) -> list[str]:
    """A system's ``violations`` as the sentences an arbiter reads."""
    return [v.text for v in found]
