"""Generated events, for the tests and the benchmark: a random event played round by
round with :func:`~.engine.pair_round`, the literal and the optimised pairing compared on
every round when asked.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tabellone.core.errors import SelfCheckError
from tabellone.core.model import BLACK, WHITE, Player, RoundEntry, Tournament
from tabellone.core.scoring import Scoring
from tabellone.generate.tournament import draw_game
from tabellone.rules.italo_svizzero.checks import violations
from tabellone.rules.italo_svizzero.comparison import Comparison, compare_pairings
from tabellone.rules.italo_svizzero.literal import pair_literal
from tabellone.rules.italo_svizzero.optimiser import pair_optimised
from tabellone.rules.italo_svizzero.trace import restart_player
from tabellone.rules.italo_svizzero.view import ItaloPairing, RoundView, round_view, with_entries


@dataclass(frozen=True)
class SimSettings:
    """A random event: ``players`` entrants, ``rounds`` rounds, results from Milvang's
    model (:func:`tabellone.generate.tournament.draw_game`), optional withdrawals (a player leaves after
    a round and is absent, ``Z``, from then on), forfeits and suspended games (left
    without a result while the next round is paired, Art. 16 / 2.41)."""

    players: int
    rounds: int
    seed: int
    edition: str = "capo5"
    game: str = "italiana"
    odd: str = "forfeit"
    method: str = "literal"
    withdrawals: int = 0
    forfeit_rate: float = 0.0
    suspended_rate: float = 0.0
    draw_rate: float | None = 0.35


@dataclass
class SimResult:
    tournament: Tournament
    pairings: list[ItaloPairing]
    views: list[RoundView]
    comparisons: list[Comparison] = field(default_factory=list)


def simulate(s: SimSettings, compare_methods: bool = False) -> SimResult:
    """Play a random event round by round with :func:`pair_round`, keeping the rotation
    start from each round's own trace (no replay). Every pairing is checked by
    :func:`violations` before its results are drawn."""
    rng = random.Random(s.seed)
    ratings = sorted((rng.randint(1200, 2400) for _ in range(s.players)), reverse=True)
    order = list(range(s.players))
    rng.shuffle(order)  # the draw: draw numbers are not rating order
    players = tuple(Player(i + 1, f"Giocatore {i + 1:03d}", (), rating=ratings[order[i]]) for i in range(s.players))
    t = Tournament(players=players, total_rounds=s.rounds, scoring=Scoring.draughts(), system="CUSTOM_SWISS")
    leave_after: dict[int, int] = {}
    if s.withdrawals:
        for pid in rng.sample(range(1, s.players + 1), min(s.withdrawals, s.players - 2)):
            leave_after[pid] = rng.randint(1, max(1, s.rounds - 1))
    rating = {p.id: p.rating for p in players}
    pairings: list[ItaloPairing] = []
    views: list[RoundView] = []
    comparisons: list[Comparison] = []
    start: int | None = None
    suspended: list[tuple[int, int, str, str]] = []
    for r in range(1, s.rounds + 1):
        absent = {pid: RoundEntry(None, None, "Z") for pid, k in leave_after.items() if k < r}
        if absent:
            t = with_entries(t, r, absent)
        view = round_view(t, r, s.edition, s.game)
        if s.method == "literal":
            pairing = pair_literal(view, start, s.odd)
        else:
            pairing = pair_optimised(view, start, s.odd)
        problems = violations(t, pairing, s.edition, s.game, s.odd)
        if problems:
            raise SelfCheckError(f"seed {s.seed}, round {r}: {'; '.join(v.text for v in problems)}")
        if compare_methods:
            other = pair_optimised(view, start, s.odd) if s.method == "literal" else pair_literal(view, start, s.odd)
            lit, opt = (pairing, other) if s.method == "literal" else (other, pairing)
            comparisons.append(compare_pairings(view, lit, opt, s.odd))
        pairings.append(pairing)
        views.append(view)
        # suspended games of the previous round are finished now
        entries: dict[int, RoundEntry] = {}
        if suspended:
            fix: dict[int, list[RoundEntry]] = {}
            for w, b, wc, bc in suspended:
                fix[w] = RoundEntry(b, WHITE, wc)
                fix[b] = RoundEntry(w, BLACK, bc)
            t = with_entries(t, r - 1, fix)
            suspended = []
        for w, b in pairing.pairs:
            wc, bc = draw_game(rng, rating[w], rating[b], draw_rate=s.draw_rate, forfeit_rate=s.forfeit_rate)
            if s.suspended_rate and rng.random() < s.suspended_rate and r < s.rounds:
                suspended.append((w, b, wc, bc))
                wc = bc = " "
            entries[w] = RoundEntry(b, WHITE, wc)
            entries[b] = RoundEntry(w, BLACK, bc)
        if pairing.bye is not None:
            entries[pairing.bye] = RoundEntry(None, None, "U")
        for p in pairing.rests:
            entries[p] = RoundEntry(None, None, "Z")
        t = with_entries(t, r, entries)
        colours = {frozenset(pr): pr for pr in pairing.pairs}
        last = colours[frozenset(pairing.order[-1])] if pairing.order else None
        nxt = restart_player(s.edition, s.game, last, pairing.bye)
        start = nxt if nxt is not None else start
    return SimResult(t, pairings, views, comparisons)
