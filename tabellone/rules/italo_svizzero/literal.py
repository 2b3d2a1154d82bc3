"""The literal procedure: a round paired as the text is written, the rotation
(:mod:`.rotation`) run from the round's start, with the odd player's forfeit points or
rest (Art. 7-10) and the colours of Art. 17.
"""

from __future__ import annotations

from tabellone.core.errors import NoPairingError
from tabellone.rules.italo_svizzero.colours import art17_colours
from tabellone.rules.italo_svizzero.odd import art9_rests, award_levels
from tabellone.rules.italo_svizzero.rotation import Rotation, all_pairable, rotate_even, start_origin
from tabellone.rules.italo_svizzero.view import ItaloPairing, RoundView, Step


def pair_literal(view: RoundView, start: int | None, odd: str) -> ItaloPairing:
    r = view.round
    rests = art9_rests(view, odd)
    steps: list[Step] = [Step("rest", (p,)) for p in rests]
    players = [p for p in view.to_pair if p not in set(rests)]
    notes: list[str] = []
    if r == 1:
        # Art. 3 / 2.1: the rotation from no. 1 pairs 1-2, 3-4, ...; Art. 8 / 2.43: an
        # odd field gives forfeit points to the last listed player.
        origin, inclusive = (players[0] if players else view.ring[0]), True
    else:
        origin, inclusive = start_origin(view, start)
    award = None
    regrouped = 0
    if len(players) % 2 == 0:
        pairs, regrouped, more = rotate_even(view, players, origin, inclusive)
        steps += more
    elif r == 1:
        award = round1_receiver(view, players)
        steps.append(Step("award", (award,)))
        pairs, regrouped, more = rotate_even(view, players[:-1], origin, inclusive)
        steps += more
    else:
        award, pairs, regrouped, more, note = _odd_rotation(view, players, origin, inclusive, odd)
        steps += more
        if note:
            notes.append(note)
    return finish_round(view, pairs, award, rests, origin, regrouped, steps, "literal", odd, notes)


def round1_receiver(view: RoundView, players: list[int]) -> int:
    """Art. 8 / 2.43: in round 1 the forfeit points go to the last player listed."""
    if players[-1] in view.awarded:
        raise NoPairingError(
            f"round 1: Art. 8 gives the forfeit points to the last player listed, {players[-1]}, and nobody else"
        )
    return players[-1]


def _odd_rotation(view: RoundView, players: list[int], origin: int, inclusive: bool, odd: str):
    """Forfeit points and the rotation of the rest (Art. 8, 10, 11; reading 6)."""
    rot = Rotation(view, players)
    pos = rot.pos
    n = len(view.ring)

    def reach(p: int) -> int:  # how far the rotation from the start must go to reach p
        return (pos[p] - pos[origin]) % n

    for with_art10 in (True, False):
        levels = award_levels(view, players, with_art10, odd)
        if not levels:
            continue
        for level in levels:
            if len(level) > 1:
                pairs, leftover, steps = rot.run(origin, inclusive)
                if len(leftover) == 1 and leftover[0] in level:
                    award = leftover[0]
                    return award, pairs, 0, steps + [Step("award", (award,))], None
                order = sorted(level, key=reach, reverse=True)
            else:
                order = level
            for cand in order:
                rest = [p for p in players if p != cand]
                if not all_pairable(view, rest):
                    continue
                pairs, regrouped, steps = rotate_even(view, rest, origin, inclusive)
                note = None
                if level is not levels[0] or not with_art10:
                    note = f"forfeit points to {cand}: no player with a lower score could take them with a legal pairing of the rest"
                return cand, pairs, regrouped, [Step("award", (cand,))] + steps, note
    raise NoPairingError(
        f"round {view.round}: no player can take the forfeit points with a legal pairing of the others"
    )


def finish_round(
    view: RoundView,
    order: list[tuple[int, int]],
    award: int | None,
    rests: list[int],
    start: int,
    regrouped: int,
    steps: list[Step],
    method: str,
    odd: str,
    notes: list[str],
) -> ItaloPairing:
    boards = [art17_colours(view, a, b, odd) for a, b in order]
    return ItaloPairing(
        round=view.round,
        pairs=boards,
        bye=award,
        rests=tuple(rests),
        order=tuple(order),
        start=start,
        regrouped=regrouped,
        steps=tuple(steps),
        method=method,
        edition=view.edition,
        game=view.game,
        notes=tuple(notes),
    )
