"""Tabellone: Swiss-system pairing engine, checker and tournament model.

The public API (see :mod:`tabellone.api`)::

    import tabellone

    t = tabellone.read("examples/open-24-before-r6.trf")   # TRF16, TRF26 or JSON
    pairing = tabellone.pair(t, system="dutch")            # checked against C1-C3
    for board, (white, black) in enumerate(pairing.pairs, start=1):
        print(board, t.player(white).name, "-", t.player(black).name)

Layers point one way; a module imports from its own layer and the layers below, never
from one above, and no import circle joins the modules (``tests/test_architecture.py``
checks both, function-level imports included):

4. :mod:`tabellone.api`, :mod:`tabellone.cli` (and a desk to come): the entry points;
   this package re-exports the API.
3. :mod:`tabellone.verify`, :mod:`tabellone.event`, :mod:`tabellone.simulate`,
   :mod:`tabellone.reports` (it prints an event's standings): built on the systems.
2. :mod:`tabellone.rules`: the pairing systems, their registry, and the dispatch of a
   round to one with its self-check (:mod:`tabellone.rules.dispatch`).
1. :mod:`tabellone.formats`, :mod:`tabellone.matching`, :mod:`tabellone.generate` and
   :mod:`tabellone.tiebreaks` (these two read only the core; systems use them).
0. :mod:`tabellone.core`: the model, scoring, pairing, history, errors, the team model;
   it names no format and no system.
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
