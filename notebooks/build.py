#!/usr/bin/env python3
"""Make the research notebooks from the current code: execute each one and record how.

    python notebooks/build.py                      # every notebook, full K, in place
    python notebooks/build.py global_matching      # one (or several) by name
    python notebooks/build.py --events 2 --to /tmp/nb   # a quick check at a small K, elsewhere

Each notebook is run top to bottom in a fresh kernel (nbclient), in this folder, and
written back with its outputs. Its first code cell prints one line, ``tabellone
VERSION | seed S | K = N events per arm | ...`` (:func:`tabellone.simulate.report.header`);
this script copies that line's version, seed and K into the notebook's metadata
(``metadata.tabellone``) with the command and the date, so that a reader (and
``tests/simulate/test_notebooks.py``) can see which code made the outputs. The committed
notebooks are made by the first command; ``--events`` sets ``TABELLONE_NB_EVENTS`` (every
K of the notebook) and is for checks only: such a build must go ``--to`` another folder.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
HEADER = re.compile(r"tabellone (\S+) \| seed (-?\d+) \| K = (\d+) events per arm")


def header_of(book) -> dict | None:
    """The version, seed and K printed by the notebook's first code cell."""
    for cell in book.cells:
        if cell.cell_type != "code":
            continue
        for out in cell.get("outputs", []):
            m = HEADER.search(out.get("text", ""))
            if m:
                return {"version": m.group(1), "seed": int(m.group(2)), "events": int(m.group(3))}
        return None
    return None


def build(path: Path, target: Path, timeout: int) -> dict:
    import nbclient
    import nbformat

    book = nbformat.read(path, as_version=4)
    for cell in book.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nbclient.NotebookClient(
        book, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}
    ).execute()
    stamp = header_of(book)
    if stamp is None:
        raise SystemExit(f"{path.name}: the first code cell printed no 'tabellone VERSION | seed S | K = N' line")
    stamp.update(
        command=f"python notebooks/build.py {path.stem}",
        built=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    )
    book.metadata["tabellone"] = stamp
    nbformat.write(book, target)
    return stamp


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="notebooks to build (default: all)")
    ap.add_argument("--events", type=int, help="K for every simulation (a check build; needs --to)")
    ap.add_argument("--workers", type=int, help="worker processes (TABELLONE_NB_WORKERS)")
    ap.add_argument("--to", type=Path, help="write the executed notebooks into this folder instead")
    ap.add_argument("--timeout", type=int, default=7200, help="seconds per cell (default 7200)")
    args = ap.parse_args()
    if args.events is not None and args.to is None:
        ap.error("--events makes a check build: give --to FOLDER (the committed notebooks are built at full K)")
    os.environ["PYTHONPATH"] = str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")
    if args.events is not None:
        os.environ["TABELLONE_NB_EVENTS"] = str(args.events)
    else:
        os.environ.pop("TABELLONE_NB_EVENTS", None)
    if args.workers is not None:
        os.environ["TABELLONE_NB_WORKERS"] = str(args.workers)
    paths = [HERE / f"{n.removesuffix('.ipynb')}.ipynb" for n in args.names] or sorted(HERE.glob("*.ipynb"))
    for path in paths:
        if not path.is_file():
            raise SystemExit(f"{path}: no such notebook")
        if args.to is not None:
            args.to.mkdir(parents=True, exist_ok=True)
        target = (args.to / path.name) if args.to is not None else path
        stamp = build(path, target, args.timeout)
        print(f"{path.name}: tabellone {stamp['version']}, seed {stamp['seed']}, K = {stamp['events']} -> {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
