#!/usr/bin/env python3
"""What every ``tabellone`` command pays before and around its work: the CPU time of
whole commands, before and after a change, in one run (issue 26).

    python benchmarks/startup.py [--before DIR] [--repeat 9] [--modules]

Each command runs as ``python -m tabellone ...`` in a process of its own, ``--repeat``
times, interleaved between the two copies of the code, and the table gives the least
CPU time (user + system, read with ``getrusage`` for the child) of each: the least is
the one the machine's other load disturbed least. The first row is Python itself
(``python -c pass``), what no change here can cut. ``--before DIR`` runs the same
commands on another copy of the code (a checkout of the commit before a change, e.g.
``git worktree add --detach DIR main``; ``DIR`` holds the ``tabellone`` package with its
compiled core built) and prints the ratio. ``--modules`` adds, per command, how many of
the package's modules it loads (``-X importtime``), in both copies.

The byte-code is compiled first (``compileall``) in both copies: the environment may
set ``PYTHONDONTWRITEBYTECODE``, and a command that compiles its modules each time
measures the compiler, not the start.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "examples/open-24-before-r6.trf"
#: (label, arguments after ``python``), run from the copy's folder.
COMMANDS: tuple[tuple[str, list[str]], ...] = (
    ("python -c pass", ["-c", "pass"]),
    ("import tabellone", ["-c", "import tabellone"]),
    ("tabellone --help", ["-m", "tabellone", "--help"]),
    ("tabellone info EXAMPLE", ["-m", "tabellone", "info", EXAMPLE]),
    ("tabellone pair EXAMPLE", ["-m", "tabellone", "pair", EXAMPLE]),
    ("tabellone pair EXAMPLE --system dubov", ["-m", "tabellone", "pair", EXAMPLE, "--system", "dubov"]),
    ("tabellone check EXAMPLE --round 5", ["-m", "tabellone", "check", EXAMPLE, "--round", "5"]),
    ("tabellone standings EXAMPLE", ["-m", "tabellone", "standings", EXAMPLE]),
    ("tabellone simulate --help", ["-m", "tabellone", "simulate", "--help"]),
)


def cpu_seconds(tree: Path, args: list[str]) -> float:
    """The CPU time of one run of ``python ARGS`` in ``tree`` (its package first on the path)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, *args], cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: check found a difference; anything else is a failure
        raise SystemExit(f"{tree}: python {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()[-300:]}")
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def modules_loaded(tree: Path, args: list[str]) -> int:
    """How many modules of the ``tabellone`` package ``python ARGS`` imports."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *args], cwd=tree, env=env, capture_output=True, text=True
    )
    names = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    return sum(1 for name in names if name == "tabellone" or name.startswith("tabellone."))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", type=Path, help="another copy of the code (the commit before a change)")
    ap.add_argument("--repeat", type=int, default=9, help="runs of each command in each copy (the least counts)")
    ap.add_argument("--modules", action="store_true", help="also count the package's modules each command loads")
    args = ap.parse_args(argv)
    trees = ([args.before.resolve()] if args.before else []) + [ROOT]
    for tree in trees:
        compileall.compile_dir(str(tree / "tabellone"), quiet=1)
    best = {(label, tree): float("inf") for label, _ in COMMANDS for tree in trees}
    for _ in range(args.repeat):
        for label, cmd in COMMANDS:
            for tree in trees:
                best[label, tree] = min(best[label, tree], cpu_seconds(tree, cmd))
    width = max(len(label) for label, _ in COMMANDS)
    head = f"{'command (CPU s, least of ' + str(args.repeat) + ')':<{width}}"
    if args.before:
        head += f" {'before':>8} {'after':>8} {'ratio':>6}"
    else:
        head += f" {'cpu s':>8}"
    if args.modules:
        head += f" {'modules':>12}"
    print(head)
    for label, cmd in COMMANDS:
        line = f"{label:<{width}}"
        for tree in trees:
            line += f" {best[label, tree]:>8.3f}"
        if args.before:
            line += f" {best[label, ROOT] / max(best[label, trees[0]], 1e-9):>6.2f}"
        if args.modules:
            counts = [modules_loaded(tree, cmd) for tree in trees]
            line += f" {' -> '.join(map(str, counts)):>12}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
