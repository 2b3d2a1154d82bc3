"""Tabellone: a Swiss-system pairing engine, checker and tournament model.

The engine lives here and knows no ruleset by name; rulesets live in :mod:`rules`.

>>> from solver import read_trf
>>> t = read_trf("examples/club-open.trf")           # doctest: +SKIP
>>> state = t.state_before()                          # doctest: +SKIP
>>> state[1].preference                               # doctest: +SKIP
"""

__version__ = "0.1.0"

from .errors import InputError, NoPairingError, TabelloneError  # noqa: E402
from .model import PlayerState, RoundState, Tournament  # noqa: E402
from .trf import format_trf, parse_trf, read_trf  # noqa: E402

__all__ = [
    "InputError",
    "NoPairingError",
    "PlayerState",
    "RoundState",
    "TabelloneError",
    "Tournament",
    "format_trf",
    "parse_trf",
    "read_trf",
]
