"""The package as a user installs it: one namespace, the public API, the pure-Python
matching path, and a wheel that holds only ``tabellone`` (its layers: test_architecture.py)."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import tabellone
from tabellone.matching import blossom

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "open-24-before-r6.trf"


def _run(args: list[str], cwd: Path, env: dict | None = None, isolated: bool = False) -> subprocess.CompletedProcess:
    """Run a command; ``isolated`` drops PYTHONPATH, so a fresh venv sees no checkout."""
    base = {k: v for k, v in os.environ.items() if not (isolated and k == "PYTHONPATH")}
    return subprocess.run(args, cwd=cwd, env={**base, **(env or {})}, capture_output=True, text=True, timeout=300)


def test_own_rules_and_solver_packages_do_not_shadow_ours(tmp_path):
    # a user's project with packages of the same names, first on sys.path
    for name in ("rules", "solver"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("raise ImportError('the user package was imported')\n")
    (tmp_path / "tabellone_user.py").write_text("")
    got = _run([sys.executable, "-c", "import tabellone, sys; print(tabellone.pair.__module__)"], tmp_path)
    assert got.returncode == 0, got.stderr
    assert got.stdout.strip() == "tabellone.rules.dispatch"  # ours, re-exported by tabellone.api
    out = _run([sys.executable, "-m", "tabellone", "pair", str(EXAMPLE), "--format", "bbp"], tmp_path)
    cmd = _run(["tabellone", "pair", str(EXAMPLE), "--format", "bbp"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout == cmd.stdout
    assert int(out.stdout.splitlines()[0]) == 12  # 11 boards and the bye


def test_readme_python_example_runs(tmp_path):
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Python", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    got = _run([sys.executable, "-c", code], REPO)
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    boards = [ln for ln in lines if re.match(r"^\s*\d+\s", ln)]
    assert len(boards) == 11 and any("bye" in ln for ln in lines)


def test_readme_set_up_commands_are_what_ci_runs():
    """The README's two set-up commands come first, and .ci/run runs the test command as written."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    commands = [ln.strip() for ln in setup.splitlines() if ln.startswith("    python3 -m pip install")]
    assert len(commands) == 2
    main_job, tests = commands
    assert "tabellone pair examples/" in main_job and (REPO / main_job.split()[-1]).is_file()
    assert tests.endswith("python3 -m pytest") and "mypy" in tests and "mkdocs build --strict" in tests
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci.splitlines()
    assert len(readme.splitlines()) <= 200


def test_every_registered_system_has_its_page_in_the_docs():
    from tabellone.rules import SYSTEMS

    nav = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for name in sorted(set(SYSTEMS) - {"random"}):  # random: the research baseline, no rule text
        page = REPO / "docs" / f"{name}.md"
        assert page.is_file(), name
        assert f" {name}.md" in nav and f"(docs/{name}.md)" in readme, name


def test_api_pair_add_round_results_round_trip(tmp_path):
    t = tabellone.read(EXAMPLE)
    p = tabellone.pair(t)
    t6 = tabellone.add_round(t, p)
    results = dict(zip(p.pairs, ["1-0", "0-1", "=", "+-", "-+", "--"] * 2))
    t6 = tabellone.enter_results(t6, 6, results)
    out = tmp_path / "after6.trf"
    tabellone.write(t6, out)
    back = tabellone.read(out)
    assert back.rounds_paired == 6
    assert set(tabellone.recorded_pairing(back, 6).pairs) == set(p.pairs)
    assert tabellone.recorded_pairing(back, 6).bye == p.bye
    assert back.score_mismatches() == []  # points written from the results
    report = tabellone.check(back, round=6)
    assert report.ok and report.rounds[0].absolute == []
    with pytest.raises(tabellone.InputError):
        tabellone.enter_results(t6, 6, {(p.pairs[0][1], p.pairs[0][0]): "1-0"})  # colours swapped
    with pytest.raises(tabellone.InputError):
        tabellone.enter_results(t6, 6, {p.pairs[0]: "2-0"})
    with pytest.raises(tabellone.InputError):
        tabellone.write(t6, out)  # exists: only with force
    tabellone.write(t6, out, force=True)


def test_api_check_names_a_swapped_round():
    t = tabellone.read(EXAMPLE)
    p = tabellone.pair(t)
    (a, b), (c, d) = p.pairs[0], p.pairs[1]
    swapped = tabellone.Pairing(round=6, pairs=[(a, d), (c, b)] + p.pairs[2:], bye=p.bye)
    report = tabellone.check(t, pairing=swapped)
    assert not report.ok
    assert report.rounds[0].first_difference
    why = tabellone.explain(t, pair=p.pairs[0])
    assert why.round == 6 and str(why).startswith("round 6:")


def _total(edges, mate):
    return sum(w for u, v, w in edges if mate.get(u) == v)


@pytest.mark.skipif(not blossom.HAVE_EXTENSION, reason="the compiled core is not built here: only one path to compare")
@pytest.mark.parametrize("seed", range(30))
def test_pure_python_path_equals_compiled_core(seed, monkeypatch):
    rng = random.Random(seed)
    n = rng.randrange(2, 40)
    bits = rng.choice([8, 64, 200])
    edges = [(u, v, rng.randrange(1, 1 << bits)) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.4]
    for card in (False, True):
        compiled = blossom.max_weight_matching(n, edges, card)
        monkeypatch.setattr(blossom, "_blossom", None)
        pure = blossom.max_weight_matching(n, edges, card)
        monkeypatch.undo()
        assert len(pure) == len(compiled) if card else True
        assert _total(edges, pure) == _total(edges, compiled)


def test_engine_without_the_compiled_core_says_so_once_and_pairs_the_same():
    pure = _run(["tabellone", "pair", str(EXAMPLE), "--format", "bbp"], REPO, {"TABELLONE_PURE_PYTHON": "1"})
    compiled = _run(["tabellone", "pair", str(EXAMPLE), "--format", "bbp"], REPO, {"TABELLONE_PURE_PYTHON": ""})
    assert pure.returncode == 0 and compiled.returncode == 0
    assert pure.stdout == compiled.stdout
    assert pure.stderr.count("pure-Python matching") == 1


def test_build_without_a_compiler_warns_in_one_line_or_fails_when_the_core_is_required(tmp_path):
    """The sdist's way in without a C compiler (CC=/bin/false: a compiler that always
    fails): the build succeeds with one warning line and no traceback; the wheel builds
    of CI (TABELLONE_REQUIRE_CORE=1) fail instead of shipping a wheel without its core."""
    args = [
        sys.executable,
        "setup.py",
        "build_ext",
        "-b",
        str(tmp_path / "lib"),
        "-t",
        str(tmp_path / "tmp"),
        "--force",
    ]
    without = _run(args, REPO, {"CC": "/bin/false", "TABELLONE_REQUIRE_CORE": ""})
    assert without.returncode == 0, without.stderr[-2000:]
    warnings = [line for line in without.stderr.splitlines() if line.startswith("tabellone: WARNING")]
    assert len(warnings) == 1 and "pure-Python matching" in warnings[0]
    assert "Traceback" not in without.stderr + without.stdout
    assert not list(tmp_path.glob("lib/tabellone/matching/_blossom*"))
    required = _run(args, REPO, {"CC": "/bin/false", "TABELLONE_REQUIRE_CORE": "1"})
    assert required.returncode != 0 and "tabellone: WARNING" not in required.stderr


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("TABELLONE_SKIP_WHEEL") == "1", reason="TABELLONE_SKIP_WHEEL=1")
def test_built_wheel_holds_only_tabellone_and_runs_in_a_fresh_venv(tmp_path):
    built = _run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path / "dist"), str(REPO)],
        REPO,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("tabellone-*.whl"))
    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"tabellone"}
    names = zipfile.ZipFile(wheel).namelist()
    for must in (
        "tabellone/py.typed",
        "tabellone/core/model.py",
        "tabellone/rules/dutch/__init__.py",
        "tabellone/__main__.py",
        "tabellone/rules/profiles/__init__.py",
        "tabellone/rules/profiles/catalogue/dubov.py",
        "tabellone/rules/italo_svizzero/options.json",
        "tabellone/rules/dutch/global_pairing.py",
    ):
        assert must in names
    # the shipped profiles are data files: every one of the checkout is in the wheel
    shipped = sorted(p.name for p in (REPO / "tabellone" / "rules" / "profiles").glob("*.toml"))
    assert {"dutch-2026.toml", "dutch-2017.toml", "global.toml"} <= set(shipped)
    for name in shipped:
        assert f"tabellone/rules/profiles/{name}" in names
    # a fresh venv that sees nothing of this machine's packages nor of this checkout;
    # pip brings the one dependency (networkx) from the package index
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=False, with_pip=True)
    py = env_dir / "bin" / "python"
    inst = _run([str(py), "-m", "pip", "install", "-q", str(wheel)], tmp_path, isolated=True)
    assert inst.returncode == 0, inst.stderr[-2000:]
    where = _run([str(py), "-c", "import tabellone; print(tabellone.__file__)"], tmp_path, isolated=True)
    assert where.stdout.strip().startswith(str(env_dir)), where.stdout + where.stderr
    run = _run([str(env_dir / "bin" / "tabellone"), "pair", str(EXAMPLE)], tmp_path, isolated=True)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""  # the compiled core was built into the wheel and is used
    assert run.stdout.startswith("Round 6: FIDE Dutch 2026, 11 boards, bye to")
    # the installed engine reads its profiles from the wheel (by name, not from a checkout)
    run = _run(
        [str(env_dir / "bin" / "tabellone"), "pair", str(EXAMPLE), "--profile", "global"], tmp_path, isolated=True
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Round 6: FIDE Dutch 2026, profile global, 11 boards, bye to")
