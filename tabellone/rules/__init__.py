"""Rulesets: one package per pairing system, each its criteria in priority order and its
literal procedure, and one registry of them. The engine below (:mod:`tabellone.core`,
:mod:`tabellone.matching`) knows none of them by name; everything above (the API, the
command line, the verifier, the simulator) reaches a system only through this registry
and the interface every system implements, :class:`tabellone.rules.base.PairingSystem`:

>>> from tabellone.rules import SYSTEMS, get_system
>>> list(SYSTEMS)[:3]
['dutch', 'dubov', 'lim']
>>> get_system("double-swiss").games_per_round
2

A system's package is imported the first time the system is asked for.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from tabellone.core.errors import InputError

if TYPE_CHECKING:
    from tabellone.core.scoring import Scoring
    from tabellone.rules.base import PairingSystem

#: Every system, by its name on the command line: where its class lives. The registry
#: (:data:`SYSTEMS`) holds one object of each class, whose ``name`` is this key.
_CLASSES = {
    "dutch": "tabellone.rules.dutch.system:Dutch",
    "dubov": "tabellone.rules.dubov.system:Dubov",
    "lim": "tabellone.rules.lim.system:Lim",
    "italo-svizzero": "tabellone.rules.italo_svizzero.system:ItaloSvizzero",
    "random": "tabellone.rules.random_pairing:RandomPairing",
    "burstein": "tabellone.rules.burstein.system:Burstein",
    "double-swiss": "tabellone.rules.double_swiss.system:DoubleSwiss",
    "team-swiss": "tabellone.rules.team_swiss.system:TeamSwiss",
}

#: The system used when neither the command line nor the file names one.
DEFAULT_SYSTEM = "dutch"

_LOADED: dict[str, PairingSystem] = {}


def _load(name: str) -> PairingSystem:
    system = _LOADED.get(name)
    if system is None:
        module, _, cls = _CLASSES[name].partition(":")
        system = getattr(importlib.import_module(module), cls)()
        if system.name != name:
            raise RuntimeError(f"{_CLASSES[name]} is registered as {name!r} but names itself {system.name!r}")
        _LOADED[name] = system
    return system


class _Registry(Mapping[str, "PairingSystem"]):
    """The systems by name, in the order above; a system's package is imported when it
    is first looked up."""

    def __getitem__(self, name: str) -> PairingSystem:
        if name not in _CLASSES:
            raise KeyError(name)
        return _load(name)

    def __iter__(self) -> Iterator[str]:
        return iter(_CLASSES)

    def __len__(self) -> int:
        return len(_CLASSES)

    def __contains__(self, name: object) -> bool:
        return name in _CLASSES


class _Titles(Mapping[str, str]):
    """Full names for reports, by system name."""

    def __getitem__(self, name: str) -> str:
        return SYSTEMS[name].title

    def __iter__(self) -> Iterator[str]:
        return iter(_CLASSES)

    def __len__(self) -> int:
        return len(_CLASSES)


#: System name on the command line -> the system (:class:`~tabellone.rules.base.PairingSystem`).
SYSTEMS: Mapping[str, PairingSystem] = _Registry()

#: System name -> full name, for reports.
TITLES: Mapping[str, str] = _Titles()


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
    return f"{base}_{edition or get_system(system).editions[0]}".upper()


@dataclass(frozen=True)
class SystemOption:
    """An option a system adds to the commands that pair and check (``--NAME``, a field
    of its :class:`~tabellone.rules.base.Options` taking one of ``choices``), declared in
    the ``options.json`` beside its class (``tabellone/rules/<system>/options.json``)."""

    system: str
    name: str
    choices: tuple[str, ...]
    #: What it does (``pair``), and the same where the file's own value is the default
    #: (``check``, ``compare``, ``explain``).
    help: str
    help_reading: str
    #: Whether ``standings`` takes it too.
    standings: bool = False


@functools.cache
def system_options() -> tuple[SystemOption, ...]:
    """Every option the systems declare, in the registry's order. Read from their
    ``options.json`` files without importing the systems, so the command line lists
    them at no start-up cost."""
    import json  # already loaded by the command line, unlike tomllib

    here = Path(__file__).resolve().parent
    out: list[SystemOption] = []
    for name, where in _CLASSES.items():
        module = where.partition(":")[0]
        if not module.endswith(".system"):
            continue  # a system in one module (the random pairing) declares none
        path = here.joinpath(*module.split(".")[2:-1], "options.json")
        if not path.exists():
            continue
        declared = json.loads(path.read_text(encoding="utf-8"))
        declared.pop("about", None)
        for option, spec in declared.items():
            out.append(
                SystemOption(
                    name,
                    option,
                    tuple(spec["choices"]),
                    spec["help"],
                    spec.get("help_reading", spec["help"]),
                    spec.get("standings", False),
                )
            )
    return tuple(out)


def get_system(name: str) -> PairingSystem:
    """The system registered as ``name``; an unknown name is an
    :class:`~tabellone.InputError` listing the names (``--system``)."""
    if name not in _CLASSES:
        raise InputError(f"unknown pairing system {name!r}; available: {', '.join(SYSTEMS)}", field="--system")
    return _load(name)


def as_system(system: PairingSystem | ModuleType | str) -> PairingSystem:
    """``system`` as the registered object: itself, the system registered under a name,
    or the system a rules package implements (``tabellone.rules.dutch`` -> the Dutch
    system), for callers that hold the package."""
    from tabellone.rules.base import PairingSystem

    if isinstance(system, PairingSystem):
        return system
    if isinstance(system, str):
        return get_system(system)
    for name, where in _CLASSES.items():
        module = where.partition(":")[0]
        package = module.removesuffix(".system")  # the class's module, or the package it implements
        if system.__name__ in (module, package):
            return _load(name)
    raise TypeError(f"{system.__name__} is not a registered pairing system")


def system_scoring_by(scoring: Scoring) -> str | None:
    """The system whose own points are ``scoring`` when they are not chess's (a file
    scored 2-1-0 is an italo-svizzero event), or ``None``."""
    from tabellone.core.scoring import Scoring

    if scoring == Scoring():
        return None
    return next((name for name, system in SYSTEMS.items() if system.scoring() == scoring), None)


def team_system() -> PairingSystem:
    """The system that pairs a team event unless told otherwise (the Swiss Team system)."""
    return next(s for s in SYSTEMS.values() if s.team_system)


def games_per_round(name: str) -> int:
    """Round columns one pairing of system ``name`` takes: 2 for the Double-Swiss system
    (a match of two games, each in its own TRF column), 1 for the others. A "round" of
    C.04.7 acceleration and of ``--rounds`` is one pairing."""
    return get_system(name).games_per_round
