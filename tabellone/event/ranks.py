"""Ranks for the file (TRF columns 86-89): the event's standings after the last round
with every result, by its own tie-breaks.

A rating officer's tools read the rank column of the final file; TRF26 defines it as
the rank, ties allowed, so players level on points and on every tie-break share it.
The standings are those ``tabellone standings`` prints: points, then the tie-breaks
the file names (TRF26 ``202``, else ``212``), else C.07's recommended BH/C1, BH, SB
(:mod:`tabellone.tiebreaks`); an italo-svizzero event ranks by the FID Buchholz
procedure of its rules. Before any round is complete no rank is written.
"""

from __future__ import annotations

from dataclasses import replace

from tabellone.core.model import Tournament
from tabellone.rules import declared_system


def final_places(t: Tournament) -> dict[int, int]:
    """Pairing number -> place in the standings after the last complete round (empty
    when no round is complete)."""
    from tabellone.tiebreaks import DEFAULT, codes_from_file, parse_codes, ranking, rounds_complete

    n = rounds_complete(t)
    if n == 0 or not t.players:
        return {}
    found, _ = declared_system(t.system)
    system = found[0] if found else "dutch"
    if system == "italo-svizzero":
        from tabellone.rules import get_system

        rows = get_system(system).standings(t)
        return {r.id: r.place for r in rows}
    per_round = 1
    if system == "double-swiss":
        from tabellone.rules import get_system

        t = get_system(system).standings_view(t)
        per_round = 2
        n -= n % 2
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
