"""The desk's templates and static files are package data: the built wheel holds every
one of the checkout's."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DESK = REPO / "tabellone" / "desk"


@pytest.mark.skipif(os.environ.get("TABELLONE_SKIP_WHEEL") == "1", reason="TABELLONE_SKIP_WHEEL=1")
def test_the_wheel_holds_the_desk_pages_and_assets(tmp_path):
    pytest.importorskip("build", reason="the test extra builds wheels")
    built = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path), str(REPO)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    names = set(zipfile.ZipFile(next(tmp_path.glob("tabellone-*.whl"))).namelist())
    files = sorted(p for sub in ("templates", "static") for p in (DESK / sub).iterdir() if p.is_file())
    assert len(files) > 20
    for path in files:
        assert f"tabellone/desk/{path.parent.name}/{path.name}" in names, path.name
    head = (DESK / "static" / "htmx.min.js").read_text(encoding="utf-8")[:200]
    assert "Zero-Clause BSD" in head, "the vendored HTMX keeps its licence note"
