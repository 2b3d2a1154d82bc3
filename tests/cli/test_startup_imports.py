"""What a command loads (issue 26, start-up): an invariant, not a timing. ``tabellone
pair`` reads a file, pairs it and prints the list: it loads neither the desk, the
simulator, the checker nor the event store, and the event package's names still all
resolve when asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import tabellone.event as event

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "open-24-before-r6.trf"


def modules_after(*argv: str) -> set[str]:
    """The modules loaded by ``tabellone ARGV`` run in a fresh interpreter."""
    code = (
        "import json, sys\n"
        "from tabellone.cli import main\n"
        f"rc = main({list(argv)!r})\n"
        "print(json.dumps([rc, sorted(sys.modules)]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    rc, names = json.loads(done.stdout.strip().splitlines()[-1])
    assert rc == 0, done.stderr
    return set(names)


def test_pair_loads_only_what_pairing_needs():
    loaded = modules_after("pair", str(EXAMPLE))
    assert "tabellone.rules.dutch.engine" in loaded  # it did pair
    for heavy in (
        "tabellone.desk",
        "tabellone.simulate",
        "tabellone.verify.checker",
        "tabellone.event.store",
        "tabellone.core.team",
    ):
        assert heavy not in loaded, heavy
    assert not any(name.startswith(("numpy", "starlette", "sqlite3", "networkx")) for name in loaded)
    # the other commands' modules of the command line are not loaded either
    assert "tabellone.cli.simulate" not in loaded and "tabellone.cli.desk" not in loaded


def test_check_loads_the_checker():
    loaded = modules_after("check", str(EXAMPLE), "--round", "5")
    assert "tabellone.verify.checker" in loaded
    assert "tabellone.desk" not in loaded and "tabellone.simulate" not in loaded


def test_every_name_of_the_event_package_resolves_to_its_module():
    for name in event.__all__:
        value = getattr(event, name)
        home = getattr(value, "__module__", None)
        if home is not None and home.startswith("tabellone.event."):
            assert getattr(sys.modules[home], name) is value
    assert sorted(dir(event)) == sorted(set(dir(event)))
    assert set(event.__all__) <= set(dir(event))
    namespace: dict = {}
    exec("from tabellone.event import *", namespace)
    assert set(event.__all__) <= set(namespace)


def test_an_unknown_name_of_the_event_package_is_an_attribute_error():
    try:
        event.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("no AttributeError")
