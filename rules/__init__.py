"""Rulesets: one module per pairing system, each its criteria in priority order and its
literal procedure. The engine in :mod:`solver` knows none of them by name.

Every ruleset module offers::

    EDITIONS: tuple[str, ...]            the first is the default
    pair_round(t, edition, round_number) -> solver.pairing.Pairing
    check_absolute(t, pairing, edition)  -> list[str]   (empty when legal)

A system listed here whose module is not installed yet is reported as unavailable.
"""

from __future__ import annotations

import importlib
from types import ModuleType

#: System name on the command line -> module.
SYSTEMS = {
    "dutch": "tabellone.rules.dutch",
    "dubov": "tabellone.rules.dubov",
    "lim": "tabellone.rules.lim",
    "italo-svizzero": "tabellone.rules.italo_svizzero",
}

#: Full names for reports.
TITLES = {
    "dutch": "FIDE Dutch",
    "dubov": "FIDE Dubov",
    "lim": "FIDE Lim",
    "italo-svizzero": "FID italo-svizzero a rotazione continua",
}


def get_system(name: str) -> ModuleType:
    from tabellone.solver.errors import InputError

    if name not in SYSTEMS:
        raise InputError(f"unknown pairing system {name!r}; available: {', '.join(SYSTEMS)}", field="--system")
    try:
        return importlib.import_module(SYSTEMS[name])
    except ModuleNotFoundError as exc:
        if exc.name != SYSTEMS[name]:
            raise
        raise InputError(f"the {TITLES[name]} system is not available yet", field="--system") from None
