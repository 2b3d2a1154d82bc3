"""Cutting a complete tournament back to the moment before a round, as conformance needs.

A reference tournament holds every round as an engine paired it. To test round ``r``,
keep rounds ``1 .. r-1`` and the byes and absences the arbiter entered for round ``r``
before pairing it (``0000 - H``, ``0000 - Z``, ``0000 - F``); drop round ``r``'s games
and its pairing-allocated bye; record the number of rounds and the initial colour, which
the engines need and a complete file leaves implicit.

A round cell left blank in a round the others played (Swiss-Chess writes nothing,
Swiss Perfect and the ICU files ``      -  ``, others ``0000 -  `` without a result) is
an absence or a withdrawal: TRF16 records only games and byes, and a player who was
there was paired or given a bye. bbpPairings reads such a cell the same way. The cut
writes it as ``0000 - Z``, so the round is re-paired without that player.
"""

from __future__ import annotations

from dataclasses import replace

from tabellone.core.model import BLACK, WHITE, RoundEntry, Tournament, pab_receivers

#: How the cut records a blank cell of a paired round: an absence, zero points.
ABSENT = RoundEntry(None, None, "Z")


def infer_initial_colour(t: Tournament) -> str | None:
    """The initial colour (``XXC``): the colour of the highest-ranked player paired in
    round 1. Players absent from round 1 hold no pairing number then (C.04.3 colour
    rule 5.2.5 counts the players being paired), so the first paired player is the one
    the initial colour goes to; the reference corpus confirms it (events whose top
    seed sat out round 1). ``None`` when round 1 has no game with colours. Ranked in
    pairing order (``XXC rank``: the order of the ``001`` records)."""
    for p in t.in_pairing_order:
        e = p.entry(1)
        if e.is_game and e.colour in (WHITE, BLACK):
            return e.colour
        if e.is_game or e.result == "U":
            return None
    return None


def cut_before(t: Tournament, round_number: int) -> Tournament:
    """``t`` as it stood just before ``round_number`` was paired."""
    r = round_number
    pab = set(pab_receivers(t, r))
    players = []
    for p in t.players:
        kept = list(p.rounds[: r - 1])
        while len(kept) < r - 1:
            kept.append(ABSENT)
        e = p.entry(r)
        if e.opponent is None and not e.is_empty and p.id not in pab:
            kept.append(e)
        elif e.is_empty and r <= t.rounds_paired:
            kept.append(ABSENT)
        trimmed = replace(p, rounds=tuple(kept), rank=None)
        players.append(trimmed)
    cut = replace(t, players=tuple(players))
    players = [replace(p, points=cut.score_after(p, len(p.rounds))) for p in cut.players]
    return replace(
        cut,
        players=tuple(players),
        total_rounds=t.total_rounds or t.rounds_paired,
        initial_colour=t.initial_colour or infer_initial_colour(t),
    )
