"""The engine: tournament model, file formats, matching back ends, lexicographic
objectives, verifier core and generator. It names no ruleset; the pairing systems live in
:mod:`tabellone.rules` and call into it.

>>> from tabellone.solver import read_trf
>>> t = read_trf("examples/open-24-before-r6.trf")
>>> state = t.state_before()
>>> state.round, len(state.to_pair)
(6, 24)
"""

from .errors import InputError, NoPairingError, TabelloneError
from .model import PlayerState, RoundState, Tournament
from .trf import format_trf, parse_trf, read_trf

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
