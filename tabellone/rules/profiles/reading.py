"""Finding and reading profiles: the shipped ones (the TOML files next to this module),
a file, or TOML text."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

from tabellone.core.errors import InputError
from tabellone.rules.profiles.model import Profile
from tabellone.rules.profiles.validation import Validator

HERE = Path(__file__).resolve().parent


def shipped() -> dict[str, Path]:
    """The profiles that come with Tabellone, by name."""
    return {p.stem: p for p in sorted(HERE.glob("*.toml"))}


def resolve(profile: Profile | str | os.PathLike[str] | None) -> Profile | None:
    """A :class:`Profile` from a Profile, the name of a shipped profile
    (``"dutch-2026"``, ``"global"``), or the path of a TOML file."""
    if profile is None or isinstance(profile, Profile):
        return profile
    text = os.fspath(profile)
    ships = shipped()
    if text in ships:
        return load(ships[text])
    path = Path(text)
    if not path.suffix and not path.exists():
        raise InputError(
            f"unknown profile: give a TOML file or one of {', '.join(ships)}", source=text, field="--profile"
        )
    return load(path)


def resolve_for(profile: Profile | str | os.PathLike[str] | None, system: str, edition: str) -> Profile | None:
    """:func:`resolve`, and the profile must be for ``system`` and ``edition`` (else an
    :class:`~tabellone.InputError` naming both); ``None`` when none is given (each
    system then takes its :func:`official` profile, or none)."""
    p = resolve(profile)
    if p is not None and (p.system, p.edition) != (system, edition):
        raise InputError(
            f"profile {p.name} is for {p.system} {p.edition}, not {system} {edition}",
            source=p.source or None,
            field="--profile",
        )
    return p


_OFFICIAL_CACHE: dict[tuple[str, str], Profile] = {}


def official(system: str, edition: str) -> Profile:
    """The shipped profile that states the rules as published (cached)."""
    key = (system, edition)
    if key not in _OFFICIAL_CACHE:
        _OFFICIAL_CACHE[key] = load(HERE / f"{system}-{edition}.toml")
    return _OFFICIAL_CACHE[key]


def load(path: str | os.PathLike[str]) -> Profile:
    """Read and validate the profile in ``path``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("profile file not found", source=str(path), field="--profile") from None
    except OSError as exc:
        raise InputError(f"cannot read the profile ({exc.strerror})", source=str(path), field="--profile") from None
    return parse(text, str(path))


_TOML_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def parse(text: str, source: str = "<profile>") -> Profile:
    """The profile in TOML ``text`` (``source`` names it in errors)."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        where = _TOML_WHERE.search(msg)
        line = int(where.group(1)) if where else None
        if where:
            msg = msg[: where.start()] + f" (column {where.group(2)})"
        raise InputError(f"not valid TOML: {msg}", source=source, line=line) from None
    return Validator(text, source).profile(doc)
