"""Tabellone: Swiss-system pairing engine, checker and tournament model.

The public API (see :mod:`tabellone.api`)::

    import tabellone

    t = tabellone.read("examples/open-24-before-r6.trf")   # TRF16, TRF26 or JSON
    pairing = tabellone.pair(t, system="dutch")            # checked against C1-C3
    for board, (white, black) in enumerate(pairing.pairs, start=1):
        print(board, t.player(white).name, "-", t.player(black).name)

Layers point one way: this package and its command line (:mod:`tabellone.cli`) on top,
then the pairing systems (:mod:`tabellone.rules`), then the engine
(:mod:`tabellone.core`), which names no ruleset.
"""

__version__ = "0.2.0"

from tabellone.api import (
    RESULT_CODES,
    CheckReport,
    Explanation,
    add_round,
    check,
    enter_results,
    explain,
    pair,
    read,
    recorded_pairing,
    systems,
    write,
)
from tabellone.core.errors import InputError, NoPairingError, SelfCheckError, TabelloneError
from tabellone.core.model import Player, PlayerState, RoundEntry, RoundState, Tournament
from tabellone.core.pairing import Pairing
from tabellone.formats.trf import format_trf, parse_trf, read_trf
from tabellone.verify.checker import RoundReport

__all__ = [
    "CheckReport",
    "Explanation",
    "InputError",
    "NoPairingError",
    "Pairing",
    "Player",
    "PlayerState",
    "RESULT_CODES",
    "RoundEntry",
    "RoundReport",
    "RoundState",
    "SelfCheckError",
    "TabelloneError",
    "Tournament",
    "add_round",
    "check",
    "enter_results",
    "explain",
    "format_trf",
    "pair",
    "parse_trf",
    "read",
    "read_trf",
    "recorded_pairing",
    "systems",
    "write",
]
