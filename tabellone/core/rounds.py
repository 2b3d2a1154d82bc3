"""Entering a round into a tournament: its pairing (:func:`add_round`), then its results
(:func:`enter_results`); and reading a round back as a pairing (:func:`recorded_pairing`).

These are what :func:`tabellone.add_round`, :func:`tabellone.enter_results` and
:func:`tabellone.recorded_pairing` are (re-exported by :mod:`tabellone.api`). Nothing
here names a pairing system.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from tabellone.core.errors import InputError
from tabellone.core.model import EMPTY_ENTRY, RoundEntry, Tournament, pairs_of_round
from tabellone.core.pairing import Pairing

__all__ = ["RESULT_CODES", "add_round", "enter_results", "recorded_pairing"]


def add_round(t: Tournament, pairing: Pairing) -> Tournament:
    """``t`` with ``pairing`` entered as its round: the games without results, the
    pairing-allocated bye (``U``), and rests where the system has them (``Z``). Every
    player's points are set to the score the results give (none is left stale)."""
    r = pairing.round
    entries: dict[int, RoundEntry] = {}
    for w, b in pairing.pairs:
        entries[w] = RoundEntry(b, "w", " ")
        entries[b] = RoundEntry(w, "b", " ")
    if pairing.bye is not None:
        entries[pairing.bye] = RoundEntry(None, None, "U")
    for pid in getattr(pairing, "rests", ()) or ():
        entries[pid] = RoundEntry(None, None, "Z")
    for pid in getattr(pairing, "half_byes", ()) or ():  # Double-Swiss: the PAB's second game
        entries[pid] = RoundEntry(None, None, "H")
    players = []
    for p in t.players:
        rounds = list(p.rounds[: r - 1])
        while len(rounds) < r - 1:
            rounds.append(EMPTY_ENTRY)
        rounds.append(entries.get(p.id, p.entry(r)))
        while rounds and rounds[-1].is_empty:
            rounds.pop()
        players.append(replace(p, rounds=tuple(rounds)))
    added = replace(t, players=tuple(players)).with_derived_points()
    second = getattr(pairing, "second_game", None)  # Double-Swiss: a match is two rounds
    return add_round(added, second) if second is not None else added


#: Results as typed (``1-0``, ``=``, forfeits ``+-``) -> the TRF codes of White and Black.
RESULT_CODES: dict[str, tuple[str, str]] = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "=": ("=", "="),
    "1/2-1/2": ("=", "="),
    "½-½": ("=", "="),
    "0.5-0.5": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "0-0": ("0", "0"),
}


def enter_results(
    t: Tournament, round: int, results: Mapping[tuple[int, int], str] | Iterable[tuple[int, int, str]]
) -> Tournament:
    """``t`` with the results of round ``round`` entered.

    ``results`` maps ``(white, black)`` to ``"1-0"``, ``"0-1"``, ``"="`` (also
    ``"1/2-1/2"``), ``"0-0"``, or a forfeit ``"+-"``, ``"-+"``, ``"--"``; or is a list of
    ``(white, black, result)``. The pair must be a board of that round with those
    colours; anything else is an :class:`~tabellone.InputError`. Declared points are not
    kept: they are set to the score the results give."""
    items = list(results.items()) if isinstance(results, Mapping) else [((w, b), res) for w, b, res in results]
    new: dict[int, RoundEntry] = {}
    for (w, b), res in items:
        codes = RESULT_CODES.get(res.strip())
        if codes is None:
            raise InputError(f"result {res!r} for {w}-{b}: expected one of {', '.join(RESULT_CODES)}", field="result")
        for pid, colour, opp in ((w, "w", b), (b, "b", w)):
            if pid not in t.by_id:
                raise InputError(f"player {pid} is not in the tournament", field="result")
            e = t.player(pid).entry(round)
            if e.opponent != opp or e.colour != colour:
                raise InputError(f"{w}-{b} is not a board of round {round} (White {w}, Black {b})", field="result")
            if pid in new:
                raise InputError(f"player {pid} has two results in round {round}", field="result")
        new[w] = RoundEntry(b, "w", codes[0])
        new[b] = RoundEntry(w, "b", codes[1])
    players = []
    for p in t.players:
        if p.id in new:
            rounds = list(p.rounds)
            rounds[round - 1] = new[p.id]
            p = replace(p, rounds=tuple(rounds))
        players.append(p)
    return replace(t, players=tuple(players)).with_derived_points()


def recorded_pairing(t: Tournament, round: int) -> Pairing:
    """Round ``round`` of ``t`` as paired: its games (finished or not) and its PAB."""
    pairs, pab = pairs_of_round(t, round)
    colourless = frozenset(frozenset((w, b)) for w, b in pairs if t.player(w).entry(round).colour not in ("w", "b"))
    return Pairing(round=round, pairs=pairs, bye=pab[0] if pab else None, colourless=colourless)
