"""The standings' reading of a match (Preface): a single forfeited game in a match
not forfeited counts as played."""

from __future__ import annotations

from dataclasses import replace

from tabellone.core.errors import InputError
from tabellone.core.model import RoundEntry, Tournament
from tabellone.rules.double_swiss.matches import matches_of


def standings_view(t: Tournament) -> Tournament:
    """``t`` as the standings and tie-breaks read it (Preface): in a match not forfeited,
    a single forfeited game is treated as played, so ``+`` becomes ``1`` and ``-``
    becomes ``0`` (a double forfeit, ``-`` against ``-``, becomes a lost game for both).
    A match forfeited in both games stays unplayed. The C.07 tie-breaks then run on the
    game columns: each game is a round, so a match counts its opponent twice."""
    matches = (max((len(p.rounds) for p in t.players), default=0) + 1) // 2
    players = []
    for p in t.players:
        rounds = list(p.rounds)
        for k in range(1, matches + 1):
            if len(rounds) < 2 * k:
                break
            try:
                m = matches_of(t, p.id, k)[-1]
            except InputError:
                continue
            if m.opponent is None or m.forfeited:
                continue
            for c in (2 * k - 2, 2 * k - 1):
                e = rounds[c]
                if e.result in "+-":
                    rounds[c] = RoundEntry(e.opponent, e.colour, "1" if e.result == "+" else "0")
        players.append(replace(p, rounds=tuple(rounds)))
    return replace(t, players=tuple(players))
