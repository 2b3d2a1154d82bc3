"""Frozen dataclasses built in bulk: a constructor that skips the frozen ``__init__``'s
cost.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (looked
up and called once per field), the price of refusing assignment afterwards. Where a hot
loop makes hundreds of such records per round (the player states before a round, the
players of a snapshot, the entrants of a pairing), :func:`builder` gives a function that
makes the same object, equal field by field and as immutable, at about half the cost:
it stores each field straight into the object's slot (or its ``__dict__`` for a class
without slots).

It takes every field, positionally or by name, in the class's field order, with no
defaults; it is only for classes whose ``__init__`` does nothing else (no
``__post_init__``, no ``InitVar``, every field in ``__init__``), which :func:`builder`
checks. Call it with the fields by name, as the readers of the call sites need: a field
left out or misspelt is then an error, not a value in the wrong slot. Naming costs little
up to 30 stack items a call, a keyword counting twice; beyond that CPython's compiler
packs the keywords in a dict first (``CALL_FUNCTION_EX``, see :mod:`dis`), about the
cost of the call itself, so a record of 16 fields or more passes its first few (those
whose variables bear the fields' names) by position.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["builder"]

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A function ``build(field1, field2, ...)`` making a ``cls`` equal to
    ``cls(field1, field2, ...)``; ``cls`` a frozen dataclass whose ``__init__`` only
    stores its fields."""
    if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    if hasattr(cls, "__post_init__") or any(not f.init for f in dataclasses.fields(cls)):
        raise TypeError(f"{cls.__name__}'s __init__ does more than store its fields")
    names = [f.name for f in dataclasses.fields(cls)]
    if len(cls.__dataclass_fields__) != len(names):
        raise TypeError(f"{cls.__name__} has init-only or class variables")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    if "__slots__" in cls.__dict__:
        for name in names:
            scope[f"_set_{name}"] = getattr(cls, name).__set__  # the slot's descriptor
        body = "".join(f"    _set_{name}(o, {name})\n" for name in names)
    else:
        body = "    d = o.__dict__\n" + "".join(f"    d[{name!r}] = {name}\n" for name in names)
    # the function is written out, as dataclasses writes __init__: one statement a field
    source = f"def build({', '.join(names)}):\n    o = _new(_cls)\n{body}    return o\n"
    exec(source, scope)
    build: Callable[..., T] = scope["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__doc__ = f"A {cls.__name__} from its fields (see tabellone.core.records.builder)."
    return build
