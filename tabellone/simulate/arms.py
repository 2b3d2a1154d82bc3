"""Arms of a simulation: the pairing systems (or profiles) compared on the same events.

An arm is what pairs every round of an event: a system and edition
(``--system dutch``, ``--system dutch:2017``, ``--system dubov``, ``--system random``),
or a rule profile on top of a system (``--profile colour-first.toml``). Each arm has a
label, the key of the summary and the ``arm`` column of the table: ``dutch-2026``,
``dubov-2026``, ``random``, or the profile's name.

A profile travels as data: :func:`parse_arms` reads the file (or the shipped profile)
here, once, and the arm carries its text, so a worker on another machine, started in
another folder, pairs with exactly what this process read; the run records the text
and its SHA-256.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabellone.core.errors import InputError
from tabellone.rules import get_system
from tabellone.rules.dispatch import configure
from tabellone.rules.profiles import parse, resolve, shipped


@dataclass(frozen=True)
class Arm:
    """One way of pairing: ``system`` at ``edition``, optionally with a profile:
    ``profile`` is how it was given (a path or a shipped name), ``profile_text`` the
    TOML it held when the arms were made, which is what the pairing reads."""

    label: str
    system: str
    edition: str
    profile: str | None = None
    profile_text: str | None = None

    @property
    def profile_sha256(self) -> str | None:
        return None if self.profile_text is None else hashlib.sha256(self.profile_text.encode()).hexdigest()

    def pair_options(self, event_seed: int) -> dict[str, Any]:
        """The options :func:`tabellone.pair` gets for this arm: the profile when there
        is one (parsed from its text, once per process), and for the random baseline
        the event's seed (the round is mixed in by :mod:`tabellone.rules.random_pairing`)."""
        options: dict[str, Any] = {}
        if self.profile_text is not None:
            options["profile"] = _parsed(self.profile_text, self.profile or "<profile>")
        elif self.profile is not None:
            options["profile"] = self.profile
        if get_system(self.system).takes("seed"):
            options["seed"] = event_seed
        return options

    def describe(self) -> dict[str, Any]:
        """The arm as a run records it (the profile by name and SHA-256 of its text)."""
        return {
            "label": self.label,
            "system": self.system,
            "edition": self.edition,
            "profile": self.profile,
            "profile_sha256": self.profile_sha256,
        }


@lru_cache(maxsize=64)
def _parsed(text: str, source: str):
    return parse(text, source)


def read_profile(profile: str) -> str:
    """The TOML text of a profile given as a shipped name or a file path (a relative
    path from this process's folder), checked by parsing it."""
    parsed = resolve(profile)  # one clear line for an unknown name, a missing file, a bad profile
    ships = shipped()
    path = ships[profile] if profile in ships else Path(profile)
    text = path.read_text(encoding="utf-8")
    _parsed(text, parsed.source or profile)
    return text


def profiles_supported(system: str) -> bool:
    """Whether ``system`` takes a rule profile (its options have ``profile``)."""
    return get_system(system).takes("profile")


def _system_arm(spec: str, edition: str | None) -> Arm:
    name, sep, own_edition = spec.partition(":")
    if sep and not own_edition:
        raise InputError(f"{spec!r}: give an edition after the colon (dutch:2017) or none", field="--system")
    rules, chosen, _ = configure(name, own_edition or edition)
    label = name if rules.research_baseline else f"{name}-{chosen}"
    return Arm(label=label, system=name, edition=chosen)


def profile_label(profile: str) -> str:
    """A profile's label: the file name without ``.toml``, or the name as given."""
    return Path(profile).stem if profile.endswith(".toml") else profile


def parse_arms(systems: Sequence[str], edition: str | None = None, profiles: Sequence[str] = ()) -> tuple[Arm, ...]:
    """The arms of ``--system S[:E]``... ``--edition E`` ``--profile P``...

    ``--edition`` applies to every system given without its own ``:EDITION``. A profile
    arm pairs with the first system and edition as its base. Two arms with one label
    are an input error.

    >>> [a.label for a in parse_arms(["dutch", "dutch:2017", "random"])]
    ['dutch-2026', 'dutch-2017', 'random']
    """
    if not systems:
        raise InputError("give at least one --system", field="--system")
    arms = [_system_arm(spec, edition) for spec in systems]
    for profile in profiles:
        if not profile:
            raise InputError("an empty profile name", field="--profile")
        base = arms[0]
        if not profiles_supported(base.system):
            raise InputError(f"the {base.system} system has no rule profiles", field="--profile")
        text = read_profile(profile)
        arms.append(
            Arm(
                label=profile_label(profile),
                system=base.system,
                edition=base.edition,
                profile=profile,
                profile_text=text,
            )
        )
    seen: set[str] = set()
    for arm in arms:
        if arm.label in seen:
            raise InputError(f"{arm.label} is given twice; each arm once", field="--system / --profile")
        seen.add(arm.label)
    return tuple(arms)


__all__ = ["Arm", "parse_arms", "profile_label", "profiles_supported", "read_profile"]
