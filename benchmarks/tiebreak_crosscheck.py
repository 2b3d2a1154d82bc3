#!/usr/bin/env python3
"""FIDE C.07 tie-breaks (tabellone/tiebreaks.py, individual and team events) against the FIDE
Technical Commission's public calculator, the TieBreakServer's ``tiebreakchecker.py``.

    python benchmarks/tiebreak_crosscheck.py --calculator PATH/tiebreakchecker.py \\
        [FILE_OR_DIR ...] [--generate 40] [--teams 20] [--unrated 1000] [--show 10]

The calculator is not part of this project and is never fetched by it: give the path of
its ``tiebreakchecker.py`` with ``--calculator`` or the ``TIEBREAK_CALCULATOR``
environment variable (it is run as a separate program with the Python that runs this
script; it needs ``networkx``).

For every file (the ``.trf`` files found under each directory given; ``--generate N``
adds N individual events made by ``tabellone generate`` with forfeits, absences and
half-point byes; ``--teams N`` N team events written as TRF26) the tie-breaks are
computed by both programs for both C.07 editions (2024 and 2026: the calculator's
version modifier ``/V2024`` ``/V2026``), after the last round with every result, the
calculator told the event is a Swiss (``-s``) and, with ``--unrated R`` (default 1000),
that unrated players count as rated ``R``; ``--unrated 0`` gives them no rating, and
both programs then drop ARO, TPR and APRO in an event with an unrated player (C.07
Art. 10).

DE is compared through the order it gives: the place of each participant after points
and DE alone. Prints one table per kind of event: per tie-break the files, the values
compared, equal and differing; then the first ``--show`` differences.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

from tabellone import tiebreaks as tb_mod
from tabellone.api import read
from tabellone.core.errors import InputError
from tabellone.core.team import TeamTournament

ROOT = Path(__file__).resolve().parents[1]

INDIVIDUAL = [
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "SB",
    "SB/C1",
    "SB/M1",
    "PS",
    "PS/C1",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "ARO",
    "ARO/C1",
    "ARO/M1",
    "TPR",
    "APRO",
]
#: Team tie-breaks: our code, then the calculator's rank-order specifier.
TEAM = [
    ("BH:MP", "BH:MP"),
    ("BH:GP", "BH:GP"),
    ("BH:MP/C1", "BH:MP/C1"),
    ("BH:GP/C1", "BH:GP/C1"),
    ("SB:MP", "SB:MP"),
    ("SB:GP", "SB:GP"),
    ("ESB:MP", "ESB:MP"),
    ("ESB:GP", "ESB:GP"),
    ("BC", "BC"),
    ("PS:MP", "PS:MP"),
    ("PS:GP", "PS:GP"),
    ("SB:MP/C1", "SB:MP/C1"),
    ("WIN", "WIN:MP"),
    ("GPTS", "GPTS"),
]
EDITIONS = ("2024", "2026")


def calculator_values(calc: str, path: Path, specs: list[str], rounds: int, unrated: int | None) -> dict[int, list]:
    cmd = [sys.executable, calc, "-i", str(path), "-s", "-n", str(rounds), "-o", "-", "-t", *specs]
    if unrated is not None:
        cmd[4:4] = ["-u", str(unrated)]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=str(Path(calc).parent), timeout=300)
    try:
        data = json.loads(out.stdout)
    except json.JSONDecodeError:
        raise RuntimeError((out.stderr or out.stdout).strip().splitlines()[-1:] or ["no output"]) from None
    res = data.get("tiebreakResult") or {}
    if not res.get("competitors"):
        raise RuntimeError(f"calculator status {data.get('status')}")
    return {c["cid"]: c["tiebreakScore"] for c in res["competitors"]}


def as_fraction(v) -> Fraction | None:
    if v is None:
        return None
    return Fraction(str(v))


def de_places(points: dict[int, Fraction], de: dict[int, object], better_is_lower: bool) -> dict[int, int]:
    """The place after points then DE: 1 + the participants strictly ahead."""
    out = {}
    for pid in points:
        ahead = 0
        for q in points:
            if points[q] > points[pid]:
                ahead += 1
            elif points[q] == points[pid] and de[q] != de[pid]:
                if (de[q] < de[pid]) == better_is_lower:
                    ahead += 1
        out[pid] = ahead + 1
    return out


class Tally:
    def __init__(self) -> None:
        self.files: dict[str, set[str]] = defaultdict(set)
        self.compared: dict[str, int] = defaultdict(int)
        self.equal: dict[str, int] = defaultdict(int)
        self.diffs: list[tuple[str, str, int, object, object]] = []
        self.failed: list[tuple[str, str]] = []

    def add(self, name: str, label: str, pid: int, ours, theirs) -> None:
        self.files[name].add(label)
        self.compared[name] += 1
        if ours == theirs:
            self.equal[name] += 1
        else:
            self.diffs.append((name, label, pid, ours, theirs))

    def print(self, title: str, show: int) -> None:
        print(f"\n{title}")
        print(f"{'tie-break':<16} {'files':>6} {'values':>8} {'equal':>8} {'differ':>7}")
        for name in self.compared:
            c, e = self.compared[name], self.equal[name]
            print(f"{name:<16} {len(self.files[name]):>6} {c:>8} {e:>8} {c - e:>7}")
        if self.failed:
            print(f"files the calculator or we could not read: {len(self.failed)}")
            for label, why in self.failed[:show]:
                print(f"  {label}: {why}")
        shown = defaultdict(int)
        for name, label, pid, ours, theirs in self.diffs:
            if shown[name] < show:
                shown[name] += 1
                print(f"  {name:<14} {label} #{pid}: ours {ours}, calculator {theirs}")


def check_individual(calc: str, path: Path, tally: Tally, unrated: int | None) -> None:
    label = path.name
    try:
        t = read(path)
    except InputError as exc:
        tally.failed.append((label, f"ours: {exc}"))
        return
    if isinstance(t, TeamTournament):
        return
    n = tb_mod.rounds_complete(t)
    if n == 0:
        return
    specs = ["PTS", "DE"]
    for ed in EDITIONS:
        specs += [f"{code}/V{ed}" for code in INDIVIDUAL]
    try:
        theirs = calculator_values(calc, path, specs, n, unrated)
    except Exception as exc:  # the calculator is a foreign program: any failure is reported
        tally.failed.append((label, f"calculator: {exc}"))
        return
    codes = tb_mod.parse_codes(INDIVIDUAL)
    points = {}
    for ed_index, ed in enumerate(EDITIONS):
        parts = tb_mod.compute(t, codes, ed, rounds=n, unrated=unrated)
        for pid, part in parts.items():
            if pid not in theirs:
                continue
            points[pid] = part.points
            for k, code in enumerate(INDIVIDUAL):
                v = theirs[pid][2 + ed_index * len(INDIVIDUAL) + k]
                ours = part.values[code]
                tally.add(f"{code} {ed}", label, pid, None if ours is None else Fraction(ours), as_fraction(v))
    for pid in points:
        tally.add("PTS", label, pid, points[pid], as_fraction(theirs[pid][0]))
    rows = tb_mod.ranking(t, tb_mod.parse_codes(["DE"]), rounds=n)
    ours_place = {r.participant.player.id: r.place for r in rows}
    their_place = de_places({p: as_fraction(theirs[p][0]) for p in points}, {p: theirs[p][1] for p in points}, True)
    for pid in points:
        tally.add("DE (place)", label, pid, ours_place[pid], their_place[pid])


def check_team(calc: str, path: Path, tally: Tally) -> None:
    label = path.name
    t = read(path)
    if not isinstance(t, TeamTournament):
        return
    n = tb_mod.rounds_complete(t)
    specs = ["MPTS", "EDE"]
    for ed in EDITIONS:
        specs += [f"{spec}/V{ed}" for _, spec in TEAM]
    try:
        theirs = calculator_values(calc, path, specs, n, None)
    except Exception as exc:
        tally.failed.append((label, f"calculator: {exc}"))
        return
    codes = tb_mod.parse_codes([code for code, _ in TEAM])
    for ed_index, ed in enumerate(EDITIONS):
        parts = tb_mod.compute(t, codes, ed, rounds=n)
        for tpn, part in parts.items():
            if tpn not in theirs:
                continue
            if ed_index == 0:
                tally.add("MPTS", label, tpn, part.points, as_fraction(theirs[tpn][0]))
            for k, (code, _) in enumerate(TEAM):
                v = theirs[tpn][2 + ed_index * len(TEAM) + k]
                ours = part.values[code]
                tally.add(f"{code} {ed}", label, tpn, None if ours is None else Fraction(ours), as_fraction(v))
    rows = tb_mod.ranking(t, tb_mod.parse_codes(["EDE"]), rounds=n)
    ours_place = {r.participant.player.id: r.place for r in rows}
    their_place = de_places({p: as_fraction(theirs[p][0]) for p in theirs}, {p: theirs[p][1] for p in theirs}, True)
    for tpn in ours_place:
        tally.add("EDE (place)", label, tpn, ours_place[tpn], their_place[tpn])


def generate(args: list[str], out: Path) -> Path | None:
    cmd = [sys.executable, "-m", "tabellone.cli", "generate", *args, "-o", str(out), "--force", "-q"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    return out if done.returncode == 0 else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", help="TRF files or folders of them")
    ap.add_argument(
        "--calculator",
        default=os.environ.get("TIEBREAK_CALCULATOR"),
        help="path of the TieBreakServer's tiebreakchecker.py (or env TIEBREAK_CALCULATOR)",
    )
    ap.add_argument("--generate", type=int, default=0, help="individual events to generate (forfeits, byes)")
    ap.add_argument("--teams", type=int, default=0, help="team events to generate (TRF26)")
    ap.add_argument("--unrated", type=int, default=1000, help="rating of unrated players in ARO/TPR/APRO (0: none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=5, help="differences shown per tie-break")
    a = ap.parse_args()
    if not a.calculator or not Path(a.calculator).is_file():
        print("give the calculator's tiebreakchecker.py with --calculator or TIEBREAK_CALCULATOR", file=sys.stderr)
        return 3
    unrated = a.unrated or None
    files: list[Path] = []
    for p in map(Path, a.paths):
        files += sorted(p.rglob("*.trf")) if p.is_dir() else [p]
    individual, team = Tally(), Tally()
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(a.generate):
            seed = a.seed * 1000 + k
            players, rounds = 12 + (k * 7) % 60, 5 + k % 5
            f = generate(
                [
                    "--players",
                    str(players),
                    "--rounds",
                    str(rounds),
                    "--seed",
                    str(seed),
                    "--forfeit-rate",
                    "0.06",
                    "--absence-rate",
                    "0.05",
                    "--half-bye-rate",
                    "0.05",
                ],
                Path(tmp) / f"generated-{seed}.trf",
            )
            if f:
                files.append(f)
        for k in range(a.teams):
            seed = a.seed * 1000 + k
            teams, rounds = 6 + (k * 5) % 20, 4 + k % 4
            f = generate(
                [
                    "--system",
                    "team-swiss",
                    "--teams",
                    str(teams),
                    "--boards",
                    str(2 + k % 4),
                    "--rounds",
                    str(min(rounds, teams - 1)),
                    "--seed",
                    str(seed),
                    "--forfeit-rate",
                    "0.1",
                    "--absence-rate",
                    "0.08",
                    "--format",
                    "trf26",
                ],
                Path(tmp) / f"team-{seed}.trf",
            )
            if f:
                files.append(f)
        for f in files:
            try:
                t = read(f)
            except InputError as exc:
                individual.failed.append((f.name, f"ours: {exc}"))
                continue
            if isinstance(t, TeamTournament):
                check_team(a.calculator, f, team)
            else:
                check_individual(a.calculator, f, individual, unrated)
    if individual.compared:
        individual.print(f"Individual tie-breaks (unrated counted as {unrated})", a.show)
    if team.compared:
        team.print("Team tie-breaks", a.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
