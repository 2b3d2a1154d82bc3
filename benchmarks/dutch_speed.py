#!/usr/bin/env python3
"""Time the Dutch pairing of large events, side by side with a reference engine.

    python benchmarks/dutch_speed.py [--edition 2026] [--cases r1-1000,last-1000,...]
                                     [--reference PATH] [--timeout S] [--pure]

The reference engine (bbpPairings, built outside the project) is given by ``--reference``
or the environment variable ``TABELLONE_REFERENCE_ENGINE``; it is run as
``ENGINE --dutch IN.trf -p OUT`` on the same round. Without it only Tabellone is timed.

Cases (events from ../shared/corpus/dutch-large/, whose rounds were paired by the
reference engine and so are the reference answers):

- ``r1-N``: round 1 of the N-player event (its players before any game);
- ``r1-9999``: round 1 of 9,999 players (TRF16's limit), written here from nothing;
- ``last-N``: the last round of the N-player event;
- ``r9-4000``: round 9 of the 4,000-player Burstein-history event (no reference answer
  is held: the absolute-criteria self-check is what is reported);
- ``r1-100``, ``last-100``: rounds 1 and 9 of a 100-player event written here by
  ``tabellone generate --players 100 --rounds 9 --seed 7`` (its round 9 is the answer).

``--pure`` runs Tabellone a second time on each case without the compiled matching core
(``TABELLONE_PURE_PYTHON=1``: what a user without a C compiler gets) and adds its CPU
time, the ratio to the compiled run's, and whether both paired the same (``pure``:
``same`` or ``DIFF``); ``--pure-timeout`` bounds that run's wall-clock time (default
``--timeout``), ``--pure-cpu-limit`` its CPU time (the run is then stopped by the kernel
and reported as a lower bound, steady however loaded the machine is).

Each run is its own process: seconds are wall-clock, ``cpu`` the process's user + system
time (steadier than wall-clock on a shared machine), peak memory its maximum resident
set. ``ratio`` is Tabellone's CPU time over the reference engine's, in this run.
``same`` says whether Tabellone's round equals the reference round (or, where none is
held, ``check`` whether the self-check passed); ``ref=`` whether the reference engine's
output equals it too.

Where the reference engine is not run on a case (r9-4000 takes it about 45 CPU-minutes),
its measurement on this machine class is quoted instead, marked ``quoted``: for r9-4000
the corpus README's and issue 12's 2,776 CPU-s and 2.1 GB.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LARGE = ROOT.parent / "shared" / "corpus" / "dutch-large"

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, {root!r})
from tabellone import api
from tabellone.formats.trf import read_trf
t = read_trf({path!r})
start = time.perf_counter()
p = api.pair(t, "dutch", {edition!r})
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"seconds": seconds, "peak_mb": usage.ru_maxrss / 1024,
                  "pairs": sorted(sorted(x) for x in p.pairs), "bye": p.bye, "solves": p.solves}}))
"""


#: the 100-player event of the r1-100 and last-100 cases, written by ``tabellone generate``
GENERATED_100 = Path("generated-100-r9-s7.trf")

#: case -> (CPU seconds, peak MB) of the reference engine as measured once, quoted for
#: the cases it is not run on (../shared/corpus/README.md; issue 12)
QUOTED = {"r9-4000": (2776.0, 2100.0)}


def cases_available() -> dict[str, tuple[Path | None, int | None]]:
    """case name -> (source event, round to pair); None for the generated 9,999 field."""
    out: dict[str, tuple[Path | None, int | None]] = {}
    for size in (1000, 2000):
        files = sorted(p for p in LARGE.glob(f"large-{size}-r9-*.trf"))
        if files:
            out[f"r1-{size}"] = (files[0], 1)
            out[f"last-{size}"] = (files[0], None)
    out["r1-9999"] = (None, 1)
    out["r1-100"] = (GENERATED_100, 1)
    out["last-100"] = (GENERATED_100, 9)
    burstein = sorted(LARGE.glob("large-4000-r8of9-burstein-history-*.trf"))
    if burstein:
        out["r9-4000"] = (burstein[0], 9)
    return out


def players_only(n: int) -> str:
    """A TRF16 field of ``n`` players before round 1 (ratings descending, 9 rounds)."""
    lines = [f"012 Players only {n}", "XXR 9", "XXC white1"]
    for i in range(1, n + 1):
        name = f"Player {i:04d}"
        lines.append(f"001 {i:4d}      {name:<33}{2800 - (i * 1400) // n:4d}{'':29}0.0 {i:4d}")
    return "\n".join(lines) + "\n"


def prepare(case: str, source: Path | None, rnd: int | None, folder: Path):
    """The TRF to pair (the event cut before the round) and the reference round, if any."""
    from tabellone.core.history import cut_before
    from tabellone.core.model import pairs_of_round
    from tabellone.formats.trf import format_trf, read_trf

    path = folder / f"{case}.trf"
    if source is None:
        path.write_text(players_only(9999))
        return path, None
    if source == GENERATED_100:
        source = folder / source
        if not source.exists():
            args = ["generate", "--players", "100", "--rounds", "9", "--seed", "7", "-o", str(source), "-q"]
            subprocess.run([sys.executable, "-m", "tabellone", *args], check=True, cwd=ROOT)
    t = read_trf(source)
    r = t.rounds_paired if rnd is None else rnd
    path.write_text(format_trf(cut_before(t, r)))
    if r > t.rounds_paired:
        return path, None
    pairs, pab = pairs_of_round(t, r)
    return path, (sorted(sorted(p) for p in pairs), pab[0] if pab else None)


class _TimedPopen(subprocess.Popen):
    """Popen that keeps the child's rusage (user + system seconds, peak RSS) when reaped."""

    def _try_wait(self, wait_flags):  # type: ignore[override]
        try:
            pid, sts, usage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return (self.pid, 0)
        if pid == self.pid:
            self._cpu = usage.ru_utime + usage.ru_stime
            self._peak_mb = usage.ru_maxrss / 1024
        return (pid, sts)


def run_child(
    cmd: list[str], timeout: float, env: dict[str, str] | None = None, cpu_limit: float | None = None
) -> tuple[str, dict] | str:
    """Run ``cmd`` (with ``env`` added to the environment, and at most ``cpu_limit`` CPU
    seconds): its standard output and {wall, cpu, peak_mb}, or why it gave none."""
    start = time.perf_counter()
    environ = {**os.environ, **env} if env else None

    def limit_cpu() -> None:  # in the child: the kernel stops it (SIGXCPU) at the limit
        import resource

        resource.setrlimit(resource.RLIMIT_CPU, (int(cpu_limit), int(cpu_limit) + 5))

    proc = _TimedPopen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environ,
        preexec_fn=limit_cpu if cpu_limit else None,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return f">{timeout:.0f} s"
    if cpu_limit and proc.returncode == -signal.SIGXCPU:
        return f">{cpu_limit:.0f} CPU-s"
    if proc.returncode != 0:
        return "failed: " + (err.strip().splitlines()[-1] if err.strip() else str(proc.returncode))
    return out, {
        "wall": time.perf_counter() - start,
        "cpu": getattr(proc, "_cpu", 0.0),
        "peak_mb": getattr(proc, "_peak_mb", 0.0),
    }


def run_ours(
    path: Path, edition: str, timeout: float, pure: bool = False, cpu_limit: float | None = None
) -> dict | str:
    code = CHILD.format(root=str(ROOT), path=str(path), edition=edition)
    env = {"TABELLONE_PURE_PYTHON": "1" if pure else ""}
    got = run_child([sys.executable, "-c", code], timeout, env, cpu_limit)
    if isinstance(got, str):
        return got
    out, usage = got
    d = json.loads(out.strip().splitlines()[-1])
    d["wall"], d["cpu"] = usage["wall"], usage["cpu"]
    return d


def run_reference(engine: str, path: Path, timeout: float) -> dict | str:
    out = path.with_suffix(".ref.txt")
    got = run_child([engine, "--dutch", str(path), "-p", str(out)], timeout)
    if isinstance(got, str):
        return got
    pairs, bye = read_bbp_pairs(out)
    return {**got[1], "pairs": pairs, "bye": bye}


def read_bbp_pairs(path: Path) -> tuple[list[list[int]], int | None]:
    """A pairing in bbpPairings' ``-p`` form (a count, then one 'white black' line per
    board, ``black`` 0 for the bye): the sorted games as sorted id pairs, and the bye."""
    words = path.read_text().split()
    count, nums = int(words[0]), [int(x) for x in words[1:]]
    pairs, bye = [], None
    for k in range(count):
        a, b = nums[2 * k], nums[2 * k + 1]
        if b == 0:
            bye = a
        else:
            pairs.append(sorted((a, b)))
    return sorted(pairs), bye


def common_options(ap: argparse.ArgumentParser) -> None:
    """The options every large-event benchmark takes: edition, reference engine, timeout."""
    ap.add_argument("--edition", default="2026", choices=("2026", "2017"))
    ap.add_argument(
        "--reference",
        default=os.environ.get("TABELLONE_REFERENCE_ENGINE"),
        help="the reference engine's executable (default: $TABELLONE_REFERENCE_ENGINE)",
    )
    ap.add_argument("--timeout", type=float, default=1800, help="seconds a run may take")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    common_options(ap)
    ap.add_argument("--cases", default="r1-1000,r1-9999,last-1000,last-2000,r9-4000")
    ap.add_argument(
        "--reference-cases",
        default="r1-1000,last-1000,last-2000",
        help="cases the reference engine also runs (r9-4000 takes it about 45 minutes)",
    )
    ap.add_argument("--shared", help="the shared reference folder (default: ../shared)")
    ap.add_argument("--pure", action="store_true", help="also time the pure-Python path (TABELLONE_PURE_PYTHON=1)")
    ap.add_argument("--pure-timeout", type=float, help="seconds the pure-Python run may take (default: --timeout)")
    ap.add_argument("--pure-cpu-limit", type=float, help="CPU seconds the pure-Python run may take (default: none)")
    args = ap.parse_args()
    global LARGE
    if args.shared:
        LARGE = Path(args.shared) / "corpus" / "dutch-large"
    if not LARGE.is_dir():
        print(f"no large corpus at {LARGE}", file=sys.stderr)
        return 3
    sys.path.insert(0, str(ROOT))
    available = cases_available()
    ref_cases = set(args.reference_cases.split(",")) if args.reference else set()
    print(f"FIDE Dutch {args.edition}; reference engine: {args.reference or 'none'}")
    head = (
        f"{'case':<10} {'players':>7} {'seconds':>8} {'cpu s':>8} {'MB':>6} {'same':>6} |"
        f" {'ref s':>8} {'ref cpu':>8} {'ref MB':>6} {'ratio':>6} {'MB ratio':>8}"
    )
    if args.reference:
        head += " " * len(" ref=DIFFERENT")
    print(head + (f" | {'pure cpu':>9} {'pure/C':>7} {'pure MB':>7} {'pure':>5}" if args.pure else ""))
    with tempfile.TemporaryDirectory() as tmp:
        for case in args.cases.split(","):
            if case not in available:
                print(f"{case:<10} (not available)")
                continue
            source, rnd = available[case]
            path, reference = prepare(case, source, rnd, Path(tmp))
            ours = run_ours(path, args.edition, args.timeout)
            if isinstance(ours, str):
                print(f"{case:<10} {'':>7} {ours}", flush=True)
                continue
            players = 2 * len(ours["pairs"]) + (ours["bye"] is not None)
            answer = (ours["pairs"], ours["bye"])
            # the corpus rounds are 2026 pairings; other editions report the self-check
            same = str(answer == reference) if reference is not None and args.edition == "2026" else "check"
            line = (
                f"{case:<10} {players:>7} {ours['wall']:>8.2f} {ours['cpu']:>8.2f} {ours['peak_mb']:>6.0f} {same:>6} |"
            )
            if case in ref_cases and args.edition == "2026":
                ref = run_reference(args.reference, path, args.timeout)
                if isinstance(ref, str):
                    line += f" {ref}"
                else:
                    agree = (ref["pairs"], ref["bye"]) == answer
                    line += (
                        f" {ref['wall']:>8.2f} {ref['cpu']:>8.2f} {ref['peak_mb']:>6.0f}"
                        f" {ours['cpu'] / max(ref['cpu'], 1e-9):>6.3f} {ours['peak_mb'] / max(ref['peak_mb'], 1e-9):>8.2f}"
                        f" ref={'same' if agree else 'DIFFERENT'}"
                    )
            elif case in QUOTED and args.edition == "2026":
                cpu, mb = QUOTED[case]
                line += f" {'':>8} {cpu:>8.0f} {mb:>6.0f} {ours['cpu'] / cpu:>6.3f} {ours['peak_mb'] / mb:>8.2f} quoted"
            if args.pure:
                line = line.ljust(len(head)) + pure_columns(path, args, ours)
            print(line, flush=True)
    return 0


def pure_columns(path: Path, args, ours: dict) -> str:
    """The ``--pure`` columns of a case: the pure-Python run's CPU time, its ratio to the
    compiled run's, its peak memory, and whether it paired the same."""
    pure = run_ours(path, args.edition, args.pure_timeout or args.timeout, True, args.pure_cpu_limit)
    if isinstance(pure, str):
        if pure.endswith("CPU-s"):  # stopped at the limit: the ratio is at least limit / compiled
            return f" | {pure:>9} {'>' + format(args.pure_cpu_limit / max(ours['cpu'], 1e-9), '.0f'):>7}"
        return f" | {pure}"
    same = "same" if (pure["pairs"], pure["bye"]) == (ours["pairs"], ours["bye"]) else "DIFF"
    ratio = pure["cpu"] / max(ours["cpu"], 1e-9)
    return f" | {pure['cpu']:>9.2f} {ratio:>7.1f} {pure['peak_mb']:>7.0f} {same:>5}"


if __name__ == "__main__":
    sys.exit(main())
