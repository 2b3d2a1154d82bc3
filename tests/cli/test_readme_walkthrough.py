"""The README's "Organising an event" walkthrough runs as written."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from testkit import REPO

import tabellone

README = REPO / "README.md"


def test_walkthrough_runs(tmp_path):
    text = README.read_text(encoding="utf-8")
    block = re.search(r"<!-- walkthrough:[^>]*-->\s*```sh\n(.*?)```", text, re.S)
    assert block, "README has no walkthrough block"
    script = f'tabellone() {{ "{sys.executable}" -m tabellone "$@"; }}\nset -e\n' + block.group(1)
    run = subprocess.run(
        ["bash", "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(README.parent)},
    )
    assert run.returncode == 0, run.stderr
    t = tabellone.read(tmp_path / "open.trf")
    assert t.rounds_paired == 2 and len(t.players) == 6 and not t.score_mismatches()
    assert t.player(1).name == "Bianchi, Luca" and t.player(5).entry(2).result == "H"
    assert (tmp_path / "round2.html").read_text().startswith("<!DOCTYPE html>")
    assert "start_rank,name,points,BH/C1,BH,SB,DE,WIN,ARO,TPR" in run.stdout
