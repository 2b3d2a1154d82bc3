"""Running an event: register players, request byes, withdraw, pair the next round,
enter and correct results, undo; every change made safely, by the command line on a
file or by the desk on its database, through the same operations.

One idea a module:

- :mod:`~tabellone.event.store`: an *operation* is a function from the tournament to
  an :class:`Outcome`; an :class:`EventStore` applies it atomically under an exclusive
  lock and logs it for ``undo``; :class:`FileStore` is the file implementation;
- :mod:`~tabellone.event.lock`: the lock across processes (``flock`` on a sidecar file,
  a few seconds' wait, then one clear refusal);
- :mod:`~tabellone.event.eventfile`: reading the file, and writing it whole or not at
  all, with a numbered backup, in its own encoding and line endings;
- :mod:`~tabellone.event.header`: the event's header records, system and options;
- :mod:`~tabellone.event.players`: registering, editing, removing players;
- :mod:`~tabellone.event.rounds`: byes, withdrawals, pairing a round and recording it
  (in one step, or a pairing edited by hand), a recorded round;
- :mod:`~tabellone.event.prohibited`: players who must not meet (TRF26 ``260``);
- :mod:`~tabellone.event.record`: results into the players' records (typed forms, checks);
- :mod:`~tabellone.event.results`: the result command's words: boards, corrections said;
- :mod:`~tabellone.event.outcome`: what an operation makes;
- :mod:`~tabellone.event.ranks`: the final ranks written to the file;
- :mod:`~tabellone.event.teams`: the same for team events.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Where each name of the package lives. A name is imported from its module when first
#: asked for (PEP 562): ``from tabellone.event import event_options`` loads the header
#: module, not the store, the results and the rest (``tabellone pair`` reads the event's
#: options and nothing else of this package).
_WHERE = {
    "Event": "eventfile",
    "Fingerprint": "eventfile",
    "Written": "eventfile",
    "backup_name": "eventfile",
    "detect_format": "eventfile",
    "read_event": "eventfile",
    "render": "eventfile",
    "save_event": "eventfile",
    "write_event": "eventfile",
    "event_name": "header",
    "event_options": "header",
    "new_event": "header",
    "set_event": "header",
    "set_headers": "header",
    "set_tiebreaks": "header",
    "system_of": "header",
    "with_options": "header",
    "exclusive": "lock",
    "Operation": "outcome",
    "Outcome": "outcome",
    "RENUMBER_UNTIL": "players",
    "TITLE_ORDER": "players",
    "add_players": "players",
    "birth_date": "players",
    "edit_player": "players",
    "initial_order_key": "players",
    "make_player": "players",
    "normal_title": "players",
    "player_warnings": "players",
    "players_from_csv": "players",
    "register": "players",
    "remove_player": "players",
    "renumber": "players",
    "allow": "prohibited",
    "prohibit": "prohibited",
    "final_places": "ranks",
    "with_ranks": "ranks",
    "RESULT_WORDS": "record",
    "check_entries": "record",
    "missing_results": "record",
    "parse_result": "record",
    "record_player_results": "record",
    "sheet_result": "record",
    "by_board": "results",
    "enter": "results",
    "parse_result_triples": "results",
    "record_results": "results",
    "results_from_csv": "results",
    "Board": "rounds",
    "RecordedRound": "rounds",
    "board_order": "rounds",
    "boards": "rounds",
    "bye": "rounds",
    "cancel_bye": "rounds",
    "pair_and_record": "rounds",
    "pair_next": "rounds",
    "pair_round": "rounds",
    "record_next": "rounds",
    "record_round": "rounds",
    "recorded_round": "rounds",
    "request_bye": "rounds",
    "score": "rounds",
    "withdraw": "rounds",
    "withdrawal": "rounds",
    "withdrawn_players": "rounds",
    "Applied": "store",
    "EventStore": "store",
    "FileStore": "store",
    "LogEntry": "store",
    "Snapshot": "store",
}

if TYPE_CHECKING:  # the names as the type checker and editors see them
    from tabellone.event.eventfile import (
        Event,
        Fingerprint,
        Written,
        backup_name,
        detect_format,
        read_event,
        render,
        save_event,
        write_event,
    )
    from tabellone.event.header import (
        event_name,
        event_options,
        new_event,
        set_event,
        set_headers,
        set_tiebreaks,
        system_of,
        with_options,
    )
    from tabellone.event.lock import exclusive
    from tabellone.event.outcome import Operation, Outcome
    from tabellone.event.players import (
        RENUMBER_UNTIL,
        TITLE_ORDER,
        add_players,
        birth_date,
        edit_player,
        initial_order_key,
        make_player,
        normal_title,
        player_warnings,
        players_from_csv,
        register,
        remove_player,
        renumber,
    )
    from tabellone.event.prohibited import allow, prohibit
    from tabellone.event.ranks import final_places, with_ranks
    from tabellone.event.record import (
        RESULT_WORDS,
        check_entries,
        missing_results,
        parse_result,
        record_player_results,
        sheet_result,
    )
    from tabellone.event.results import by_board, enter, parse_result_triples, record_results, results_from_csv
    from tabellone.event.rounds import (
        Board,
        RecordedRound,
        board_order,
        boards,
        bye,
        cancel_bye,
        pair_and_record,
        pair_next,
        pair_round,
        record_next,
        record_round,
        recorded_round,
        request_bye,
        score,
        withdraw,
        withdrawal,
        withdrawn_players,
    )
    from tabellone.event.store import Applied, EventStore, FileStore, LogEntry, Snapshot


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{where}"), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


__all__ = [
    "set_tiebreaks",
    "record_round",
    "record_next",
    "prohibit",
    "pair_round",
    "cancel_bye",
    "board_order",
    "allow",
    "RENUMBER_UNTIL",
    "RESULT_WORDS",
    "TITLE_ORDER",
    "Applied",
    "Board",
    "Event",
    "EventStore",
    "FileStore",
    "Fingerprint",
    "LogEntry",
    "Operation",
    "Outcome",
    "RecordedRound",
    "Snapshot",
    "Written",
    "add_players",
    "backup_name",
    "birth_date",
    "boards",
    "by_board",
    "check_entries",
    "bye",
    "detect_format",
    "edit_player",
    "enter",
    "event_name",
    "event_options",
    "exclusive",
    "final_places",
    "initial_order_key",
    "make_player",
    "missing_results",
    "new_event",
    "normal_title",
    "pair_and_record",
    "pair_next",
    "parse_result",
    "parse_result_triples",
    "player_warnings",
    "players_from_csv",
    "read_event",
    "record_player_results",
    "record_results",
    "recorded_round",
    "register",
    "remove_player",
    "render",
    "renumber",
    "request_bye",
    "results_from_csv",
    "save_event",
    "score",
    "set_event",
    "set_headers",
    "sheet_result",
    "system_of",
    "with_options",
    "with_ranks",
    "withdraw",
    "withdrawal",
    "withdrawn_players",
    "write_event",
]
