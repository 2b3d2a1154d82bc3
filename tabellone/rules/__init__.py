"""Rulesets: one module per pairing system, each its criteria in priority order and its
literal procedure. The engine in :mod:`solver` knows none of them by name.

Every ruleset module offers::

    EDITIONS: tuple[str, ...]            the first is the default
    pair_round(t, edition, round_number) -> tabellone.core.pairing.Pairing
    check_absolute(t, pairing, edition)  -> list[str]   (empty when legal)

A system listed here whose module is not installed yet is reported as unavailable.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from tabellone.core.errors import InputError

#: System name on the command line -> module.
SYSTEMS = {
    "dutch": "tabellone.rules.dutch",
    "dubov": "tabellone.rules.dubov",
    "lim": "tabellone.rules.lim",
    "italo-svizzero": "tabellone.rules.italo_svizzero",
    "random": "tabellone.rules.random_pairing",
    "burstein": "tabellone.rules.burstein",
    "double-swiss": "tabellone.rules.double_swiss",
    "team-swiss": "tabellone.rules.team_swiss",
}

#: Full names for reports.
TITLES = {
    "dutch": "FIDE Dutch",
    "dubov": "FIDE Dubov",
    "lim": "FIDE Lim",
    "italo-svizzero": "FID italo-svizzero a rotazione continua",
    "random": "Random legal pairing (research baseline)",
    "burstein": "FIDE Burstein",
    "double-swiss": "FIDE Double-Swiss",
    "team-swiss": "FIDE Swiss Team Pairing System",
}


#: TRF26 ``192`` system codes (FIDE ETT26) that name a system tabellone pairs by, without
#: the ``_BAKU`` suffix (read by ``tabellone.core.acceleration.with_acceleration``):
#: code -> (system, edition; ``None``: the current edition). The first code listed for a
#: system is the one written (with the edition appended).
DECLARED_SYSTEMS: dict[str, tuple[str, str | None]] = {
    "FIDE_DUTCH": ("dutch", None),
    "FIDE_DUTCH_2026": ("dutch", "2026"),
    "FIDE_DUTCH_2025": ("dutch", "2026"),
    "FIDE_DUTCH_2017": ("dutch", "2017"),
    "FIDE_DUTCH_1992": ("dutch", "1992"),
    "FIDE_DUBOV": ("dubov", None),
    "FIDE_DUBOV_2026": ("dubov", "2026"),
    "FIDE_DUBOV_1997": ("dubov", "1997"),
    "FIDE_BURSTEIN": ("burstein", None),
    "FIDE_BURSTEIN_2026": ("burstein", "2026"),
    "FIDE_BURSTEIN_2025": ("burstein", "2025"),
    "FIDE_BURSTEIN_LEGACY": ("burstein", "legacy"),
    "FIDE_LIM": ("lim", None),
    "FIDE_LIM_2026": ("lim", "2026"),
    "FIDE_TEAM": ("team-swiss", None),
    "FID_ITALO_SVIZZERO": ("italo-svizzero", None),
    "FID_ITALO_SVIZZERO_CAPO5": ("italo-svizzero", "capo5"),
    "FID_ITALO_SVIZZERO_2.2": ("italo-svizzero", "2.2"),
    "FIDE_DOUBLESWISS": ("double-swiss", None),
    "FIDE_DOUBLESWISS_2026": ("double-swiss", "2026"),
}


def declared_system(code: str | None) -> tuple[tuple[str, str | None] | None, bool]:
    """What a TRF26 ``192`` code declares: (system, edition) when tabellone pairs by it,
    else ``None``; and whether it asks for Baku acceleration (``..._BAKU``)."""
    if not code:
        return None, False
    up = code.strip().upper()
    baku = up.endswith("_BAKU")
    if up.startswith("FIDE_TEAM"):  # FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]: options of one system
        return ("team-swiss", None), baku
    return DECLARED_SYSTEMS.get(up[: -len("_BAKU")] if baku else up), baku


def system_code(system: str, edition: str | None = None) -> str | None:
    """The ``192`` code written for ``system`` and ``edition`` (its first edition when
    ``None``), e.g. ``FIDE_DUTCH_2026``, read back by :func:`declared_system`; ``None`` for a
    system no code names (the random research baseline)."""
    base = next((code for code, (name, ed) in DECLARED_SYSTEMS.items() if name == system and ed is None), None)
    if base is None:
        return None
    return f"{base}_{edition or get_system(system).EDITIONS[0]}".upper()


def get_system(name: str) -> ModuleType:
    if name not in SYSTEMS:
        raise InputError(f"unknown pairing system {name!r}; available: {', '.join(SYSTEMS)}", field="--system")
    try:
        return importlib.import_module(SYSTEMS[name])
    except ModuleNotFoundError as exc:
        if exc.name != SYSTEMS[name]:
            raise
        raise InputError(f"the {TITLES[name]} system is not available yet", field="--system") from None


def games_per_round(name: str) -> int:
    """Round columns one pairing of system ``name`` takes: 2 for the Double-Swiss system
    (a match of two games, each in its own TRF column), 1 for the others. A "round" of
    C.04.7 acceleration and of ``--rounds`` is one pairing."""
    return getattr(get_system(name), "GAMES_PER_ROUND", 1)
