"""Tabellone: Swiss-system pairing engine, checker and tournament model.

The public API (see :mod:`tabellone.api`)::

    import tabellone

    t = tabellone.read("examples/open-24-before-r6.trf")   # TRF16, TRF26 or JSON
    pairing = tabellone.pair(t, system="dutch")            # checked against C1-C3
    for board, (white, black) in enumerate(pairing.pairs, start=1):
        print(board, t.player(white).name, "-", t.player(black).name)

Layers point one way; a module imports from its own layer and the layers below, never
from one above, and no import circle joins the modules (``tests/test_architecture.py``
checks both, function-level imports included):

4. :mod:`tabellone.api`, :mod:`tabellone.cli`, :mod:`tabellone.desk` (the web desk): the
   entry points; this package re-exports the API.
3. :mod:`tabellone.verify`, :mod:`tabellone.event`, :mod:`tabellone.simulate`,
   :mod:`tabellone.reports` (it prints an event's standings): built on the systems.
2. :mod:`tabellone.rules`: the pairing systems, their registry, and the dispatch of a
   round to one with its self-check (:mod:`tabellone.rules.dispatch`).
1. :mod:`tabellone.formats`, :mod:`tabellone.matching`, :mod:`tabellone.generate` and
   :mod:`tabellone.tiebreaks` (these two read only the core; systems use them).
0. :mod:`tabellone.core`: the model, scoring, pairing, history, errors, the team model;
   it names no format and no system.
"""

import os as _os
import sys as _sys


def _run_as_command() -> bool:
    """Whether this process is the ``tabellone`` command (the console script, or
    ``python -m tabellone``), not a program that imports the package (a server, tests)."""
    if _os.path.basename(_sys.argv[0] if _sys.argv else "") in ("tabellone", "tabellone.exe"):
        return True
    orig = getattr(_sys, "orig_argv", [])
    return "-m" in orig and orig[orig.index("-m") + 1 : orig.index("-m") + 2] == ["tabellone"]


def _interrupted_early(signum, frame) -> None:  # pragma: no cover - timing dependent
    """Ctrl-C before the command line is ready (its modules still loading): one line,
    exit 130 (128 + SIGINT), nothing written yet. The command line puts Python's own
    handler back once it is ready, and ends a later Ctrl-C cleanly itself."""
    try:
        _os.write(2, b"tabellone: interrupted\n")
    finally:
        _os._exit(130)


if _run_as_command():  # first thing: Ctrl-C is the command's before any module loads
    import _signal  # type: ignore[import-not-found]  # the C module: ``import signal`` takes a while

    try:
        _signal.signal(_signal.SIGINT, _interrupted_early)
    except ValueError:  # not the main thread
        pass

from tabellone.core.version import VERSION as __version__  # noqa: E402, F401 (after the early Ctrl-C handler; re-exported)

# The names below are loaded on first use (PEP 562), so that ``import tabellone`` (and the
# command line, which starts with it) costs next to nothing: a Ctrl-C in the first
# moments of a command then meets the command line's handler, not a half-done import.
_EXPORTS = {
    **dict.fromkeys(
        (
            "RESULT_CODES",
            "CheckReport",
            "Explanation",
            "add_round",
            "check",
            "enter_results",
            "explain",
            "pair",
            "read",
            "recorded_pairing",
            "systems",
            "write",
        ),
        "tabellone.api",
    ),
    **dict.fromkeys(("InputError", "NoPairingError", "SelfCheckError", "TabelloneError"), "tabellone.core.errors"),
    **dict.fromkeys(("Player", "PlayerState", "RoundEntry", "RoundState", "Tournament"), "tabellone.core.model"),
    "Pairing": "tabellone.core.pairing",
    **dict.fromkeys(("format_trf", "parse_trf", "read_trf"), "tabellone.formats.trf"),
    "RoundReport": "tabellone.verify.checker",
}


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tabellone' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


__all__ = [
    "CheckReport",
    "Explanation",
    "InputError",
    "NoPairingError",
    "Pairing",
    "Player",
    "PlayerState",
    "RESULT_CODES",
    "RoundEntry",
    "RoundReport",
    "RoundState",
    "SelfCheckError",
    "TabelloneError",
    "Tournament",
    "add_round",
    "check",
    "enter_results",
    "explain",
    "format_trf",
    "pair",
    "parse_trf",
    "read",
    "read_trf",
    "recorded_pairing",
    "systems",
    "write",
]
