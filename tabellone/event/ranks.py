"""Ranks for the file (TRF columns 86-89): the event's standings after the last round
with every result, by its own tie-breaks.

A rating officer's tools read the rank column of the final file; TRF26 defines it as
the rank, ties allowed, so players level on points and on every tie-break share it.
The standings are those ``tabellone standings`` prints: points, then the tie-breaks
the file names (TRF26 ``202``, else ``212``), else C.07's recommended BH/C1, BH, SB
(:mod:`tabellone.tiebreaks`); a system with standings of its own (italo-svizzero: the
FID Buchholz procedure) ranks by them. Before any round is complete no rank is written.
"""

from __future__ import annotations

from dataclasses import replace

from tabellone.core.model import Tournament
from tabellone.rules import DEFAULT_SYSTEM, declared_system, games_per_round, get_system


def final_places(t: Tournament) -> dict[int, int]:
    """Pairing number -> place in the standings after the last complete round (empty
    when no round is complete)."""
    from tabellone.tiebreaks import DEFAULT, codes_from_file, parse_codes, ranking, rounds_complete

    n = rounds_complete(t)
    if n == 0 or not t.players:
        return {}
    found, _ = declared_system(t.system)
    system = get_system(found[0] if found else DEFAULT_SYSTEM)
    own = system.standings(t, found[1] if found else None)
    if own is not None:  # the system's own standings (italo-svizzero: the Buchholz procedure)
        return {r.id: r.place for r in own}
    t = system.standings_view(t)  # Double-Swiss: a single forfeited game of a match counts as played
    per_round = games_per_round(system.name)
    n -= n % per_round
    if n == 0:
        return {}
    tiebreaks = codes_from_file(t) or parse_codes(DEFAULT)
    rows = ranking(t, tiebreaks, "2026", rounds=n, games_per_round=per_round)
    return {row.participant.player.id: row.place for row in rows}


def with_ranks(t: Tournament) -> Tournament:
    """``t`` with every player's rank (columns 86-89) as :func:`final_places` gives it."""
    places = final_places(t)
    players = tuple(replace(p, rank=places.get(p.id)) for p in t.players)
    return replace(t, players=players)
