"""The research notebooks: committed with the outputs of a full run, and still running.

CI re-executes each notebook with a tiny K (``TABELLONE_NB_EVENTS=2``, one worker) so
that a change to the simulation API that breaks a notebook fails here, not in a
researcher's hands. The committed copies are not touched: execution happens on a copy.
The committed outputs must come from this version of tabellone, made by
``python notebooks/build.py NAME`` (which records the version, seed and K in the
notebook's metadata), with K >= 30 events for every arm.
"""

from __future__ import annotations

import pytest
from testkit import REPO

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 3


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_notebook_holds_its_outputs(path):
    nbformat = pytest.importorskip("nbformat", reason="the research extra (nbformat) is not installed")
    book = nbformat.read(path, as_version=4)
    code = [c for c in book.cells if c.cell_type == "code"]
    assert code and all(c.execution_count is not None for c in code), "commit the notebook executed"
    assert not any(o.get("output_type") == "error" for c in code for o in c.outputs)
    assert any(o.get("data", {}).get("image/png") for c in code for o in c.outputs), "a figure is expected"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_outputs_come_from_this_version_at_k_30_or_more(path):
    import re

    import tabellone

    nbformat = pytest.importorskip("nbformat", reason="the research extra (nbformat) is not installed")
    book = nbformat.read(path, as_version=4)
    stamp = book.metadata.get("tabellone")
    assert stamp, "build the notebook with python notebooks/build.py"
    assert stamp["version"] == tabellone.__version__, (
        f"{path.name} was made by tabellone {stamp['version']}; rebuild it: {stamp.get('command')}"
    )
    assert stamp["command"] == f"python notebooks/build.py {path.stem}"
    first = next(c for c in book.cells if c.cell_type == "code")
    text = "".join(o.get("text", "") for o in first.outputs)
    line = re.search(r"tabellone (\S+) \| seed (-?\d+) \| K = (\d+) events per arm", text)
    assert line, "the first code cell prints the version, seed and K"
    assert (line.group(1), int(line.group(2)), int(line.group(3))) == (
        stamp["version"],
        stamp["seed"],
        stamp["events"],
    )
    assert stamp["events"] >= 30
    # every table's K column (events per arm, or paired events) is at least 30
    for cell in book.cells:
        for out in cell.get("outputs", []):
            html = out.get("data", {}).get("text/plain", "")
            for k in re.findall(r"^\S+\s+(\d+)\s+-?\d", html, flags=re.M) if "  K  " in html else []:
                assert int(k) >= 30, f"a table with K = {k} events"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs_on_a_small_k(path, tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat", reason="the research extra (nbformat) is not installed")
    nbclient = pytest.importorskip("nbclient", reason="the research extra (nbclient) is not installed")
    monkeypatch.setenv("TABELLONE_NB_EVENTS", "2")
    monkeypatch.setenv("TABELLONE_NB_WORKERS", "1")
    book = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(
        book, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    text = "".join(o.get("text", "") for c in book.cells if c.cell_type == "code" for o in c.outputs)
    assert "K = 2 events" in text
