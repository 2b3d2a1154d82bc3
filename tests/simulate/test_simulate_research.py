"""tabellone simulate for publishable research (issue 25): t intervals, failures as data,
recorded runs that survive a real SIGINT, paired differences, result and noise models as
objects, tournaments from the API, TRF export, and a cluster of real Dask processes."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from testkit import REPO

from tabellone.cli import main
from tabellone.generate.result_models import GaussianNoise, UniformNoise
from tabellone.simulate import Simulation, parse_arms, run, summarise, tournaments
from tabellone.simulate.events import TIMING_COLUMNS, draw_field
from tabellone.simulate.stats import describe, paired, t_quantile

ROOT = REPO


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def _drop_timings(summary: dict) -> dict:
    return {arm: {k: v for k, v in m.items() if k not in TIMING_COLUMNS} for arm, m in summary.items()}


# --- intervals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "df, expected",  # two-sided 95 % critical values, as printed in every t table
    [(1, 12.706), (2, 4.303), (3, 3.182), (5, 2.571), (10, 2.228), (29, 2.045), (30, 2.042), (120, 1.980)],
)
def test_t_quantile_against_printed_tables(df, expected):
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=5e-4)


def test_t_quantile_against_scipy():
    stats = pytest.importorskip("scipy.stats", reason="scipy is not installed: the printed-table test stands alone")
    for df in (1, 2, 3, 7, 19, 30, 99, 1000, 100000):
        for p in (0.6, 0.9, 0.975, 0.995, 0.9995):
            assert t_quantile(p, df) == pytest.approx(stats.t.ppf(p, df), rel=1e-9)
            assert t_quantile(1 - p, df) == pytest.approx(stats.t.ppf(1 - p, df), rel=1e-9)


def test_describe_and_paired_by_hand():
    # 2, 4, 6, 8: mean 5, s = sqrt(20/3), n = 4, t(0.975, 3) = 3.1824
    s = describe([2.0, 4.0, 6.0, 8.0])
    assert (s["mean"], s["n"]) == (5.0, 4) and s["sd"] == pytest.approx(math.sqrt(20 / 3))
    assert s["ci95"] == pytest.approx(3.18245 * math.sqrt(20 / 3) / 2, rel=1e-5)
    # paired: (3-1, 5-2, 4-4) = (2, 3, 0), a NaN pair left out
    d = paired([3.0, 5.0, 4.0, float("nan")], [1.0, 2.0, 4.0, 1.0])
    assert d["n"] == 3 and d["mean"] == pytest.approx(5 / 3)


# --- failures are data ------------------------------------------------------------------------

REPRO = ["simulate", "--system", "dutch", "--system", "random", "--players", "8", "--rounds", "7", "--events", "30"]


def test_the_repro_completes_with_a_failure_count(tmp_path, capsys):
    summary = tmp_path / "s.json"
    assert main(REPRO + ["-q", "--summary-json", str(summary)]) == 0
    out = capsys.readouterr().out
    doc = json.loads(summary.read_text())
    failed = doc["random"]["events"]["failed"]
    assert failed > 0 and f"random: {failed} of 30 events failed" in out
    assert "no legal random pairing" in " ".join(doc["random"]["events"]["reasons"])
    for m in doc.values():
        events = m["events"]
        assert events["ok"] + events["failed"] == events["total"] == 30
        # every metric reports over the events the arm finished
        assert m["kendall_half"]["n"] == events["ok"] and m["kendall_half"]["sd"] is not None


def test_fail_fast_stops_at_the_first_failure(capsys):
    assert main(REPRO + ["-q", "--fail-fast"]) == 1
    err = capsys.readouterr().err.strip()
    assert "event" in err and ("random" in err or "dutch" in err) and "\n" not in err


def test_failed_rows_carry_status_and_reason():
    sim = Simulation(arms=parse_arms(["dutch", "random"]), players=8, rounds=7, events=30, seed=1)
    rows = run(sim)
    failed = [row for row in rows if row["status"] == "failed"]
    assert failed and all(row["reason"] and math.isnan(row["kendall_half"]) for row in failed)
    assert all(row["reason"] == "" for row in rows if row["status"] == "ok")


# --- paired differences -------------------------------------------------------------------------


def test_reference_gives_paired_differences(tmp_path, capsys):
    summary = tmp_path / "s.json"
    args = ["simulate", "--system", "dutch", "--system", "random", "--players", "10", "--rounds", "4"]
    assert main(args + ["--events", "6", "-q", "--reference", "dutch-2026", "--summary-json", str(summary)]) == 0
    assert "minus dutch-2026, paired by event" in capsys.readouterr().out
    doc = json.loads(summary.read_text())
    assert "difference" not in doc["dutch-2026"]
    sim = Simulation(arms=parse_arms(["dutch", "random"]), players=10, rounds=4, events=6, seed=1)
    rows = run(sim)
    by = {(r["event"], r["arm"]): r["kendall_half"] for r in rows}
    diffs = [by[(k, "random")] - by[(k, "dutch-2026")] for k in range(6)]
    mean = sum(diffs) / 6
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / 5)
    got = doc["random"]["difference"]["kendall_half"]
    assert got["mean"] == pytest.approx(mean) and got["sd"] == pytest.approx(sd) and got["n"] == 6
    assert got["ci95"] == pytest.approx(2.5706 * sd / math.sqrt(6), rel=1e-4)
    assert main(args + ["--events", "2", "-q", "--reference", "dubov-2026"]) == 3


# --- recorded runs, SIGINT and resume -------------------------------------------------------------

RUN = [
    "simulate",
    "--system",
    "dutch",
    "--system",
    "random",
    "--players",
    "24",
    "--rounds",
    "6",
    "--events",
    "40",
    "--seed",
    "5",
    "--reference",
    "dutch-2026",
]


def _cli(args: list[str], cwd: Path, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tabellone", *args],
        cwd=cwd,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    )


@pytest.mark.slow
def test_sigint_then_resume_gives_the_uninterrupted_summary(tmp_path):
    # the run is interrupted as Ctrl-C does it: SIGINT to the whole process group
    # (the main process and its two worker processes)
    proc = _cli(
        [*RUN, "--workers", "2", "--out", "interrupted", "--progress-every", "0.2"], tmp_path, start_new_session=True
    )
    seen = ""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        seen += line
        if line.startswith("simulate: ") and int(line.split()[1].split("/")[0]) >= 6:
            break
    else:  # pragma: no cover - a broken progress line
        proc.kill()
        pytest.fail(f"no progress line on a piped stderr: {seen!r}")
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "run the same command with --resume" in err and "Traceback" not in err
    recorded = int(err.split("interrupted; ")[1].split()[0])
    assert 6 <= recorded < 40
    folder = tmp_path / "interrupted"
    assert not (folder / "summary.json").exists() and list((folder / "chunks").glob("part-*.csv"))

    resumed = _cli([*RUN, "--out", "interrupted", "--resume", "-q"], tmp_path)
    out, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, err
    whole = _cli([*RUN, "--out", "whole", "-q"], tmp_path)
    whole_out, err = whole.communicate(timeout=300)
    assert whole.returncode == 0, err

    a = json.loads((folder / "summary.json").read_text())
    b = json.loads((tmp_path / "whole" / "summary.json").read_text())
    assert _drop_timings(a) == _drop_timings(b)
    assert a["random"]["kendall_half"]["n"] + a["random"]["events"]["failed"] == 40
    pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow: the tables are compared as Parquet")
    ta, tb = pq.read_table(folder / "table.parquet"), pq.read_table(tmp_path / "whole" / "table.parquet")
    keep = [c for c in ta.column_names if c not in TIMING_COLUMNS]
    assert repr(ta.select(keep).to_pylist()) == repr(tb.select(keep).to_pylist())
    record = json.loads(ta.schema.metadata[b"tabellone"])
    assert record["settings"]["seed"] == 5 and record["resumed"] and record["tabellone"]
    assert json.loads((folder / "run.json").read_text())["settings"] == record["settings"]


def test_a_recorded_run_holds_how_it_was_made(tmp_path, capsys):
    profile = tmp_path / "mine.toml"
    from tabellone.rules import profiles

    profile.write_text(profiles.dumps(profiles.drop(profiles.resolve("global"), "C12", name="mine")))
    args = ["simulate", "--system", "dutch", "--profile", str(profile), "--players", "8", "--rounds", "3"]
    args += ["--events", "3", "--seed-noise", "50", "--model", "bbp", "--draw-rate", "0.2", "-q"]
    assert main(args + ["--out", str(tmp_path / "run")]) == 0
    record = json.loads((tmp_path / "run" / "run.json").read_text())
    import tabellone

    assert record["tabellone"] == tabellone.__version__ and record["seed"] == 1
    settings = record["settings"]
    assert settings["model"]["name"] == "bbp" and settings["model"]["parameters"] == {"draw_share": 0.2}
    assert settings["noise"]["parameters"] == {"sigma": 50.0}
    assert record["profiles"]["mine"]["text"] == profile.read_text()
    assert [a["label"] for a in settings["arms"]] == ["dutch-2026", "mine"]
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert summary["mine"]["kendall_half"]["n"] == 3
    # the folder is not overwritten by a second run, and a changed setting does not resume
    assert main(args + ["--out", str(tmp_path / "run")]) == 3
    assert "not empty" in capsys.readouterr().err
    profile.write_text(profile.read_text() + "# edited after the run\n")  # the text is what is recorded
    assert main(args + ["--out", str(tmp_path / "run"), "--resume"]) == 3
    assert "profile_sha256" in capsys.readouterr().err


# --- models, noise, tournaments, TRF ---------------------------------------------------------------


@dataclass(frozen=True)
class WhiteWinsRoundOne:
    """A model that reads the round: White always wins round 1, every later game is
    drawn."""

    name: str = "white-wins-round-one"

    def outcome(self, white, black, round_number):
        return (1.0, 0.0, 0.0) if round_number == 1 else (0.0, 1.0, 0.0)


def test_a_custom_result_model_reads_the_round():
    sim = Simulation(arms=parse_arms(["dutch"]), players=10, rounds=3, events=2, seed=3, model=WhiteWinsRoundOne())
    played = list(tournaments(sim))
    assert len(played) == 2
    for _, _, t in played:
        for p in t.players:
            assert p.entry(1).result == ("1" if p.entry(1).colour == "w" else "0")
            assert {p.entry(r).result for r in (2, 3)} == {"="}
    rows = run(sim)
    assert summarise(rows, ["dutch-2026"])["dutch-2026"]["kendall_half"]["n"] == 2


def test_an_object_that_is_no_model_is_one_clear_error():
    from tabellone.core.errors import InputError

    with pytest.raises(InputError, match="result model needs outcome"):
        Simulation(arms=parse_arms(["dutch"]), players=6, rounds=2, events=1, seed=1, model=object()).validate()


def test_rating_noise_models():
    base = dict(arms=parse_arms(["dutch"]), players=40, rounds=2, events=1, seed=2)
    calm_players, strength = draw_field(Simulation(**base), 0)
    uniform_players, u_strength = draw_field(Simulation(**base, noise=UniformNoise(30)), 0)
    assert sorted(strength.values()) == sorted(u_strength.values())
    offsets = [p.rating - u_strength[p.id] for p in uniform_players]
    assert all(-30 <= d <= 30 for d in offsets) and len(set(offsets)) > 5
    # the Gaussian model is what --seed-noise has always drawn
    g1, _ = draw_field(Simulation(**base, seed_noise=80.0), 0)
    g2, _ = draw_field(Simulation(**base, noise=GaussianNoise(80.0)), 0)
    assert g1 == g2


def test_export_trf_every_k_and_recheck(tmp_path, capsys):
    import tabellone

    folder = tmp_path / "trf"
    args = ["simulate", "--system", "dutch", "--system", "random", "--players", "9", "--rounds", "4"]
    assert main(args + ["--events", "5", "-q", "--export-trf", str(folder), "--every", "2"]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"event-{k:06d}-{a}.trf" for k in (0, 2, 4) for a in ("dutch-2026", "random")]
    # what the simulation measured is what the files hold, and the Dutch arm's rounds
    # are the rules' pairings when checked again from the file
    sim = Simulation(arms=parse_arms(["dutch", "random"]), players=9, rounds=4, events=5, seed=1)
    played = {(k, label): t for k, label, t in tournaments(sim, [2])}
    t = tabellone.read(folder / "event-000002-dutch-2026.trf")
    assert [p.points for p in t.players] == [p.points for p in played[(2, "dutch-2026")].players]
    assert tabellone.check(t, "dutch").ok


# --- a cluster of real processes -------------------------------------------------------------------


@pytest.mark.slow
def test_a_relative_profile_on_a_dask_cluster_of_separate_processes(tmp_path):
    pytest.importorskip("dask.distributed", reason="the research extra (dask[distributed]) is not installed")
    elsewhere, here = tmp_path / "cluster", tmp_path / "study"
    elsewhere.mkdir()
    here.mkdir()
    from tabellone.rules import profiles

    (here / "mine.toml").write_text(profiles.dumps(profiles.drop(profiles.resolve("global"), "C13", name="mine")))
    info = elsewhere / "scheduler.json"
    procs = []
    try:
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "distributed.cli.dask_scheduler",
                    "--scheduler-file",
                    str(info),
                    "--no-dashboard",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                ],
                cwd=elsewhere,
                env=_env(),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        deadline = time.monotonic() + 60
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        address = json.loads(info.read_text())["address"]
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "distributed.cli.dask_worker",
                    address,
                    "--nworkers",
                    "2",
                    "--nthreads",
                    "1",
                    "--no-dashboard",
                    "--local-directory",
                    str(elsewhere),
                ],
                cwd=elsewhere,
                env=_env(),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
            assert {Path(p) for p in client.run(os.getcwd).values()} == {elsewhere}
        args = ["simulate", "--system", "dutch", "--profile", "mine.toml", "--players", "10", "--rounds", "4"]
        args += ["--events", "4", "-q", "--summary-json"]
        on_cluster = _cli([*args, "cluster.json", "--dask", address], here)
        out, err = on_cluster.communicate(timeout=300)
        assert on_cluster.returncode == 0, err
        at_home = _cli([*args, "home.json"], here)
        _, err = at_home.communicate(timeout=300)
        assert at_home.returncode == 0, err
        a = json.loads((here / "cluster.json").read_text())
        b = json.loads((here / "home.json").read_text())
        assert set(a) == {"dutch-2026", "mine"} and a["mine"]["events"]["ok"] == 4
        assert _drop_timings(a) == _drop_timings(b)
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()


def test_dask_local_takes_workers(capsys):
    pytest.importorskip("dask.distributed", reason="the research extra (dask[distributed]) is not installed")
    args = ["simulate", "--system", "dutch", "--players", "6", "--rounds", "2", "--events", "2", "-q"]
    assert main(args + ["--dask", "local", "--workers", "1"]) == 0
    assert main(args + ["--dask", "tcp://127.0.0.1:1", "--workers", "2"]) == 3
    assert "a remote Dask cluster has its own workers" in capsys.readouterr().err


# --- the score-difference cost of the global profile --------------------------------------------

SD_FIRST = """
name = "sd-{cost_name}"
system = "dutch"
edition = "2026"
procedure = "global"
generation_order = false
dropped = ["C9", "C10", "C11", "C12", "C13"]

[[criteria]]
id = "C1"
kind = "absolute"

[[criteria]]
id = "C2"
kind = "absolute"

[[criteria]]
id = "C3"
kind = "absolute"

[[criteria]]
id = "C4"
kind = "absolute"

[[criteria]]
id = "C5"
kind = "quality"

[[criteria]]
id = "SD"
kind = "quality"
scale = 2
{cost_line}
"""


def _sd_profile(cost_line: str, name: str):
    from tabellone.rules import profiles

    return profiles.parse(SD_FIRST.format(cost_line=cost_line, cost_name=name), f"<{name}>")


def test_sd_cost_functions_by_hand():
    from tabellone.rules.profiles import sd_cost

    assert [sd_cost(d, "squared") for d in range(5)] == [0, 1, 4, 9, 16]
    # a table by difference, extended past its end by its last step
    assert [sd_cost(d, (0, 1, 5, 6)) for d in range(7)] == [0, 1, 5, 6, 7, 8, 9]


@pytest.mark.parametrize(
    "line, words",
    [
        ('cost = "cubic"', "cost must be 'linear' or 'squared' or a table"),
        ("cost = [1, 2]", "starts at 0 and never falls"),
        ("cost = [0, 3, 2]", "starts at 0 and never falls"),
        ("cost = [0, 1.5]", "whole numbers"),
    ],
)
def test_a_bad_sd_cost_is_one_line_naming_the_line(line, words):
    from tabellone.core.errors import InputError

    with pytest.raises(InputError) as err:
        _sd_profile(line, "bad")
    text = str(err.value)
    assert words in text and "\n" not in text
    assert f":{SD_FIRST.format(cost_line=line, cost_name='bad').splitlines().index(line) + 1}:" in text


def test_sd_cost_survives_dumps_and_reaches_the_matching():
    from tabellone.generate.tournament import GeneratorSettings, generate
    from tabellone.rules import profiles

    for line, cost in (('cost = "squared"', "squared"), ("cost = [0, 1, 5, 6]", (0, 1, 5, 6))):
        p = _sd_profile(line, "x")
        assert p.criterion("SD").cost == cost
        assert profiles.parse(profiles.dumps(p)).criterion("SD").cost == cost
    linear, squared = _sd_profile("", "linear"), _sd_profile('cost = "squared"', "squared")
    import tabellone

    def dutch(t):
        p = tabellone.pair(t)
        return p.pairs, p.bye

    strictly = 0
    for seed in range(12):
        t = generate(GeneratorSettings(players=12, rounds=3, seed=seed), dutch, total_rounds=5)
        score = {p.id: t.score_after(p, 3) for p in t.players}
        costs = {}
        for name, profile in (("linear", linear), ("squared", squared)):
            pairing = tabellone.pair(t, profile=profile)
            gaps = [abs(score[w] - score[b]) * 2 for w, b in pairing.pairs]
            costs[name] = (sum(gaps), sum(g * g for g in gaps))
        # each pairing is optimal for its own cost (SD is the first level after the bye)
        assert costs["linear"][0] <= costs["squared"][0]
        assert costs["squared"][1] <= costs["linear"][1]
        strictly += costs["squared"][1] < costs["linear"][1]
    assert strictly > 0  # and the convex cost does change some rounds
