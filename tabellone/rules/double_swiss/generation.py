"""A random Double-Swiss event, match by match (``tabellone generate --system double-swiss``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from tabellone.core.errors import SelfCheckError
from tabellone.core.model import BLACK, WHITE, HeaderRecord, RoundEntry, Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.double_swiss.matches import PAB_CODES


def generate_event(
    settings, pairer: Callable[[Tournament], Pairing], *, total_matches: int | None = None
) -> Tournament:
    """A random Double-Swiss event of ``settings.rounds`` matches, paired by ``pairer``
    (given the event before each match, it returns game 1's :class:`Pairing`).

    Results come from :func:`tabellone.generate.tournament.draw_game`, one draw per game: game 1 with
    the pairing's colours, game 2 reversed (a forfeit is drawn per game, so a match is
    forfeited only when the same side forfeits both). Byes are drawn per match, one
    number per player in id order: an absence ``Z Z``, a requested bye ``H H`` (a drawn
    match). The PAB is ``U H`` (Art. 1.4). ``142`` counts columns: twice the matches."""
    from tabellone.generate.tournament import _draw_byes, _draw_players, draw_game

    settings.validate()
    matches = settings.rounds
    total = 2 * (total_matches or matches)
    rng = random.Random(settings.seed)
    players = _draw_players(settings, rng)
    initial = settings.initial_colour or (WHITE if rng.random() < 0.5 else BLACK)
    base = Tournament(
        players=tuple(players),
        total_rounds=total,
        initial_colour=initial,
        scoring=settings.scoring,
        system=settings.system or "FIDE_DOUBLESWISS_2026",
        headers=(HeaderRecord("012", f"Tabellone random Double-Swiss tournament, seed {settings.seed}"),),
    )
    ids = [p.id for p in players]
    rating = {p.id: p.rating for p in players}
    cells: dict[int, list[RoundEntry]] = {pid: [] for pid in ids}

    def snapshot() -> Tournament:
        t = replace(base, players=tuple(replace(p, rounds=tuple(cells[p.id])) for p in players))
        return t.with_derived_points()

    game = partial(
        draw_game,
        params=settings.params,
        draw_rate=settings.draw_rate,
        forfeit_rate=settings.forfeit_rate,
        model=settings.model,
    )
    for k in range(1, matches + 1):
        byes = _draw_byes(settings, rng, ids)
        for pid, code in byes.items():
            cells[pid].append(RoundEntry(None, None, code))
        pairing = pairer(snapshot())
        if pairing.round != 2 * k - 1:
            raise SelfCheckError(f"pairer answered round {pairing.round} for match {k}")
        second: list[tuple[int, RoundEntry]] = []
        for w, b in pairing.pairs:
            c1, c2 = game(rng, rating[w], rating[b]), game(rng, rating[b], rating[w])
            cells[w].append(RoundEntry(b, WHITE, c1[0]))
            cells[b].append(RoundEntry(w, BLACK, c1[1]))
            second += [(b, RoundEntry(w, WHITE, c2[0])), (w, RoundEntry(b, BLACK, c2[1]))]
        if pairing.bye is not None:
            cells[pairing.bye].append(RoundEntry(None, None, PAB_CODES[0]))
            second.append((pairing.bye, RoundEntry(None, None, PAB_CODES[1])))
        for pid, code in byes.items():
            second.append((pid, RoundEntry(None, None, code)))
        for pid, e in second:
            cells[pid].append(e)
    return snapshot()
