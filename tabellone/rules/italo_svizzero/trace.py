"""Where a round's rotation starts (Art. 4 / 2.2): the rounds before replayed, each
recorded round matched to the literal procedure, the last pair formed read from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabellone.core import progress
from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.model import BLACK, WHITE, Tournament
from tabellone.rules.italo_svizzero.literal import pair_literal
from tabellone.rules.italo_svizzero.odd import detect_odd_method
from tabellone.rules.italo_svizzero.view import RoundView, check_options, forfeit_colour, round_view


def restart_player(edition: str, game: str, last_pair: tuple[int, int] | None, award: int | None) -> int | None:
    """The player round ``r+1`` starts from, given round ``r``'s last pair formed as
    ``(white, black)`` and its forfeit-point receiver.

    Capo V Art. 4: the last player paired who played with Black; the receiver of forfeit
    points comes last, with his Art. 14 colour (Black in Italian draughts). Seed 002 Art.
    2.2: the White of the last pair, "anche se ha vinto a forfait": the receiver if any.
    """
    if edition == "2.2":
        if award is not None:
            return award
        return last_pair[0] if last_pair else None
    if award is not None and forfeit_colour(edition, game) == BLACK:
        return award
    if last_pair:
        return last_pair[1]
    return award


@dataclass(frozen=True)
class RoundTrace:
    """How a recorded round ended for the rotation: its start, its last pair formed
    (white, black), its forfeit-point receiver, and whether the file's pairing is the
    literal one (else the last pair was inferred, reading 1)."""

    round: int
    start: int | None
    last_pair: tuple[int, int] | None
    award: int | None
    literal: bool
    next_start: int | None


def _recorded_round(t: Tournament, r: int) -> tuple[list[tuple[int, int]], int | None]:
    pairs = []
    award = None
    for p in t.players:
        e = p.entry(r)
        if e.opponent is not None and (e.is_game or e.pending) and p.id < e.opponent:
            other = t.player(e.opponent).entry(r)
            if e.colour == BLACK or other.colour == WHITE:
                pairs.append((e.opponent, p.id))
            else:
                pairs.append((p.id, e.opponent))
        elif e.opponent is None and e.result in ("U", "+"):
            award = p.id
    return pairs, award


def _inferred_last(view: RoundView, pairs: list[tuple[int, int]], start: int) -> tuple[int, int] | None:
    """Reading 1: the recorded pairs in the order the rotation forms pairs (higher score
    first, then the place on the circle, from the start, of the pair's nearer player);
    the last of them."""
    if not pairs:
        return None
    pos = {p: i for i, p in enumerate(view.ring)}
    n = len(view.ring)
    s0 = pos.get(start, 0)

    def key(pr: tuple[int, int]):
        hi = max(view.score[pr[0]], view.score[pr[1]])
        near = min((pos[pr[0]] - s0) % n, (pos[pr[1]] - s0) % n)
        return (-hi, near)

    return sorted(pairs, key=key)[-1]


def rotation_trace(
    t: Tournament, edition: str = "capo5", game: str = "italiana", odd: str | None = None, upto: int | None = None
) -> list[RoundTrace]:
    """Replay the literal procedure over recorded rounds ``1 .. upto`` (default: all
    paired rounds) and say, round by round, where the next round starts."""
    check_options(edition, game)
    odd = odd or detect_odd_method(t)
    last = t.rounds_paired if upto is None else upto
    out: list[RoundTrace] = []
    start: int | None = None
    for r in range(1, last + 1):
        progress.step(r, last, "earlier round replayed")
        view = round_view(t, r, edition, game)
        recorded, award = _recorded_round(t, r)
        try:
            lit = pair_literal(view, start, odd)
            same = {frozenset(p) for p in lit.pairs} == {frozenset(p) for p in recorded} and lit.bye == award
        except (NoPairingError, InputError):
            lit, same = None, False
        if same and lit is not None:
            colour = {frozenset(p): p for p in recorded}
            lp = colour[frozenset(lit.order[-1])] if lit.order else None
            used_start = lit.start
        else:
            used_start = start if start is not None else (view.ring[0] if view.ring else None)
            lp = _inferred_last(view, recorded, used_start) if used_start is not None else None
        nxt = restart_player(edition, game, lp, award)
        out.append(RoundTrace(r, used_start, lp, award, same, nxt if nxt is not None else start))
        start = out[-1].next_start
    return out
