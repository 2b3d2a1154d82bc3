"""Writing profiles: the TOML text of a profile, and variants built in code (a notebook's
drop-one-criterion arms)."""

from __future__ import annotations

from tabellone.core.errors import InputError
from tabellone.rules.profiles.model import Profile
from tabellone.rules.profiles.reading import parse


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dumps(profile: Profile) -> str:
    """The TOML text of ``profile``, in the format :func:`parse` reads
    (``docs/profiles.md``): what a program hands to ``--profile`` or to a simulation's
    worker processes, which each read the file. Only keys that differ from the
    defaults are written for a criterion besides ``id``, ``kind`` and ``article``."""
    lines = [f"name = {_toml_string(profile.name)}"]
    if profile.title:
        lines.append(f"title = {_toml_string(profile.title)}")
    lines += [
        f"system = {_toml_string(profile.system)}",
        f"edition = {_toml_string(profile.edition)}",
        f"procedure = {_toml_string(profile.procedure)}",
        f"generation_order = {'true' if profile.generation_order else 'false'}",
        f"official = {'true' if profile.official else 'false'}",
    ]
    if profile.dropped:
        lines.append("dropped = [" + ", ".join(_toml_string(d) for d in profile.dropped) + "]")
    for c in profile.criteria:
        lines += [
            "",
            "[[criteria]]",
            f"id = {_toml_string(c.id)}",
            f"kind = {_toml_string(c.kind)}",
            f"article = {_toml_string(c.article)}",
        ]
        if c.level != c.id:
            lines.append(f"level = {_toml_string(c.level)}")
        if c.weight != 1:
            lines.append(f"weight = {c.weight}")
        if c.id == "SD" and c.scale != 2:
            lines.append(f"scale = {c.scale}")
        if c.cost != "linear":
            lines.append(f"cost = {_toml_string(c.cost)}" if isinstance(c.cost, str) else f"cost = {list(c.cost)}")
    return "\n".join(lines) + "\n"


def drop(profile: Profile, *ids: str, name: str | None = None, title: str | None = None) -> Profile:
    """``profile`` with criteria ``ids`` left out and named in ``dropped``, as a
    research variant (``official = false``) called ``name`` (default: ``drop-C12``...).

    The result goes through :func:`parse`, so a variant the format refuses (C4 or C5
    dropped, an unknown id) is the same :class:`InputError` a file would give.

    >>> from tabellone.rules.profiles import official
    >>> p = drop(official("dutch", "2026"), "C12")
    >>> p.name, p.dropped, p.kind("C12"), p.official
    ('drop-C12', ('C12',), None, False)
    """
    listed = {c.id for c in profile.criteria}
    unknown = [i for i in ids if i not in listed]
    if unknown:
        raise InputError(f"{', '.join(unknown)}: not among the criteria of profile {profile.name}", field="profile")
    name = name or "drop-" + "-".join(ids)
    variant = Profile(
        name,
        profile.system,
        profile.edition,
        profile.procedure,
        profile.generation_order,
        tuple(c for c in profile.criteria if c.id not in ids),
        profile.dropped + tuple(ids),
        title if title is not None else f"{profile.title or profile.name} without {', '.join(ids)}",
        official=False,
    )
    return parse(dumps(variant), f"<{name}>")
