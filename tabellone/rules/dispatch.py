"""Pairing a round by a system named by the caller: the system found in the registry
(:func:`tabellone.rules.get_system`), its edition and options checked once
(:meth:`~tabellone.rules.base.PairingSystem.configure`), and the pairing checked against
the system's own absolute criteria before it is returned.

This is what :func:`tabellone.pair` is (re-exported by :mod:`tabellone.api`); it sits with
the systems so that the layers between them and the API (the event layer, the
simulator) can pair without importing the API, which sits above them.
"""

from __future__ import annotations

from typing import Any

from tabellone.core.errors import InputError, SelfCheckError
from tabellone.core.history import cut_before
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules import get_system
from tabellone.rules.base import Options, PairingSystem

__all__ = ["configure", "pair"]


def configure(system: str = "dutch", edition: str | None = None, **options: Any) -> tuple[PairingSystem, str, Options]:
    """The system registered as ``system``, the edition (the current one when ``None``,
    the profile's when a ``profile`` is given) and the system's options (``game``,
    ``odd``, ``profile``, ``method``, ...; ``None`` values left out), checked once: an
    unknown system or edition, an option the system does not take or a bad value is an
    :class:`~tabellone.InputError` naming it.

    >>> rules, edition, options = configure("italo-svizzero", game="internazionale")
    >>> rules.title, edition, options.game
    ('FID italo-svizzero a rotazione continua', 'capo5', 'internazionale')
    """
    rules = get_system(system)
    edition, opts = rules.configure(edition, **options)
    return rules, edition, opts


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
    before it) by ``system`` (see :func:`tabellone.systems`) and ``edition``.

    ``profile`` states the criteria as data (docs/profiles.md): the name of a shipped
    profile (``"dutch-2026"``, ``"dutch-2017"``, ``"global"``), the path of a TOML file,
    or a :class:`tabellone.rules.profiles.Profile`. Its edition is used when ``edition``
    is ``None``; the absolute criteria checked are the profile's.

    ``method`` is ``"optimised"`` or ``"literal"`` for systems that have both; other
    options (``game``, ``odd``, ``solve``, ...) go to the systems that take them (an
    option the system does not take is an :class:`~tabellone.InputError`). The pairing is
    checked against the absolute criteria before it is returned: a violation is an
    engine bug and raises :class:`~tabellone.SelfCheckError`. No legal pairing raises
    :class:`~tabellone.NoPairingError`.
    """
    if round is not None:
        if round < 1 or round > t.rounds_paired + 1:
            raise InputError(f"round {round} cannot be paired: rounds 1-{t.rounds_paired + 1} can", field="--round")
        if round <= t.rounds_paired:
            t = cut_before(t, round)
    rules, edition, opts = configure(system, edition, method=method, profile=profile, **options)
    pairing = rules.pair(t, edition, None, opts)
    if rules.checks_own_pairing:  # checked inside pair() against the same criteria
        return pairing
    problems = rules.violations(t, pairing, edition, opts)
    if problems:
        raise SelfCheckError(
            f"{source}: the engine produced a pairing that breaks the rules ({'; '.join(v.text for v in problems)}); "
            "nothing was written. Please report this with the input file."
        )
    return pairing
