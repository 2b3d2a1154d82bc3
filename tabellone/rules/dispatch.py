"""Pairing a round by a system named by the caller: the system's module found by name
(:func:`tabellone.rules.get_system`), its edition and options checked and bound, and the
pairing checked against the system's own absolute criteria before it is returned.

This is what :func:`tabellone.pair` is (re-exported by :mod:`tabellone.api`); it sits with
the systems so that the layers above the API's (the event desk, the simulator) can pair
without importing the API.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from tabellone.core.errors import InputError, SelfCheckError
from tabellone.core.history import cut_before
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules import get_system
from tabellone.rules.profiles import resolve

__all__ = ["accepted_options", "pair", "rules_module"]


# --- binding a system's options ---------------------------------------------------------


def accepted_options(function: Callable[..., Any], options: Mapping[str, Any], system: str) -> dict[str, Any]:
    """The options ``function`` takes; an option given that it does not take is an error."""
    params = inspect.signature(function).parameters
    for name, value in options.items():
        if value is not None and name not in params:
            raise InputError(f"the {system} system has no option --{name}", field=f"--{name}")
    return {k: v for k, v in options.items() if v is not None and k in params}


class _WithOptions:
    """A rules module whose functions receive the caller's options (``game``, ``odd``,
    the edition where a function takes it by name) whenever they take them and the caller
    has not passed them: the generic verifier calls ``pair_round(t, edition, round)`` and
    ``colour_article(t, round, white, black)`` and needs no system's names."""

    _BOUND = (
        "pair_round",
        "check_absolute",
        "evaluate",
        "quality_criteria",
        "colour_article",
        "compare",
        "explain_steps",
    )

    def __init__(self, module: ModuleType, options: Mapping[str, Any]):
        self._module = module
        self._options = {k: v for k, v in options.items() if v is not None}

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._module, name)
        if name not in self._BOUND or not callable(value):
            return value
        signature = inspect.signature(value)

        @functools.wraps(value)
        def call(*args: Any, **kwargs: Any) -> Any:
            given = signature.bind_partial(*args, **kwargs).arguments
            for key, option in self._options.items():
                if key in signature.parameters and key not in given:
                    kwargs[key] = option
            return value(*args, **kwargs)

        return call


def _edition_of(module: ModuleType, system: str, edition: str | None) -> str:
    edition = edition or module.EDITIONS[0]
    if edition not in module.EDITIONS:
        raise InputError(
            f"unknown edition {edition!r} of {system}; expected one of {', '.join(module.EDITIONS)}", field="--edition"
        )
    return edition


def _with_profile(system: str, edition: str | None, options: Mapping[str, Any]) -> tuple[str | None, dict[str, Any]]:
    """``options`` with ``profile`` (a name, a path or a Profile) read and checked
    against ``system`` and ``edition``; the edition defaults to the profile's."""
    given = {k: v for k, v in options.items() if v is not None}
    if "profile" not in given:
        return edition, given
    profile = resolve(given["profile"])
    if profile.system != system:
        raise InputError(
            f"profile {profile.name} is for the {profile.system} system, not {system}",
            source=profile.source or None,
            field="--profile",
        )
    if edition is not None and edition != profile.edition:
        raise InputError(
            f"profile {profile.name} is for edition {profile.edition}, not {edition}",
            source=profile.source or None,
            field="--profile",
        )
    given["profile"] = profile
    return profile.edition, given


def rules_module(system: str = "dutch", edition: str | None = None, **options: Any) -> tuple[Any, str]:
    """The rules module of ``system`` with ``options`` bound (``game``, ``odd``,
    ``profile``, ...), and the edition (the current one when ``None``, the profile's
    when a profile is given). An option the system does not take is an
    :class:`~tabellone.InputError`."""
    module = get_system(system)
    edition, given = _with_profile(system, edition, options)
    edition = _edition_of(module, system, edition)
    accepted_options(module.pair_round, given, system)
    return _WithOptions(module, {**given, "edition": edition}), edition


# --- pairing ------------------------------------------------------------------------------


def pair(
    t: Tournament,
    system: str = "dutch",
    edition: str | None = None,
    method: str | None = None,
    round: int | None = None,
    *,
    profile: Any = None,
    source: str = "tournament",
    **options: Any,
) -> Pairing:
    """Pair the next round of ``t`` (or ``round``: a past round is paired from the rounds
    before it) by ``system`` (see :func:`systems`) and ``edition``.

    ``profile`` states the criteria as data (docs/profiles.md): the name of a shipped
    profile (``"dutch-2026"``, ``"dutch-2017"``, ``"global"``), the path of a TOML file,
    or a :class:`tabellone.rules.profiles.Profile`. Its edition is used when ``edition``
    is ``None``; the absolute criteria checked are the profile's.

    ``method`` is ``"optimised"`` or ``"literal"`` for systems that have both; other
    options (``game``, ``odd``, ``solve``, ...) go to the systems that take them. The
    pairing is checked against the absolute criteria before it is returned: a violation
    is an engine bug and raises :class:`~tabellone.SelfCheckError`. No legal pairing
    raises :class:`~tabellone.NoPairingError`.
    """
    if round is not None:
        if round < 1 or round > t.rounds_paired + 1:
            raise InputError(f"round {round} cannot be paired: rounds 1-{t.rounds_paired + 1} can", field="--round")
        if round <= t.rounds_paired:
            t = cut_before(t, round)
    module = get_system(system)
    edition, options = _with_profile(system, edition, {**options, "profile": profile})
    edition = _edition_of(module, system, edition)
    given = {"method": method, **options}
    pairing = module.pair_round(t, edition, **accepted_options(module.pair_round, given, system))
    check_options = {
        k: v for k, v in accepted_options(module.pair_round, given, system).items() if k not in ("method", "solve")
    }
    problems = module.check_absolute(
        t, pairing, edition, **accepted_options(module.check_absolute, check_options, system)
    )
    if problems:
        raise SelfCheckError(
            f"{source}: the engine produced a pairing that breaks the rules ({'; '.join(problems)}); "
            "nothing was written. Please report this with the input file."
        )
    return pairing
