"""What an operation on an event makes: the tournament as it becomes, one line saying
what was done, warnings the user must read, and a value for the caller. The operations
(:mod:`~tabellone.event.players`, :mod:`~tabellone.event.rounds`,
:mod:`~tabellone.event.results`, :mod:`~tabellone.event.header`) return one; a store
(:mod:`~tabellone.event.store`) applies it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabellone.core.model import Tournament


@dataclass(frozen=True)
class Outcome:
    """What an operation made: the new tournament, one line saying what was done,
    warnings the user must read (a result changed, later rounds touched), and a value
    for the caller (the pairing made, the numbers given)."""

    tournament: Tournament
    message: str
    warnings: tuple[str, ...] = ()
    value: Any = None


#: An operation: the tournament as stored -> what it becomes.
Operation = Callable[[Tournament], Outcome]
