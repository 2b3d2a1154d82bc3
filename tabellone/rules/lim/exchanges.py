"""The scrutiny of Lim Art. 4 and 5.2: pairs fixed player by player in the exchange order
of 4.2-4.3, each leaving the players after him pairable (4.4); the second scrutiny gives
each player his due colour where it can."""

from __future__ import annotations

from collections.abc import Sequence

from tabellone.core.errors import SelfCheckError
from tabellone.rules.lim.colours import colour_fault
from tabellone.rules.lim.context import Ctx
from tabellone.rules.lim.matchings import perfect_matching, swap_partners
from tabellone.rules.lim.orders import A4_candidates, scrutiny_order


def A4_first_scrutiny(ctx: Ctx, players: Sequence[int], direction: str) -> list[tuple[int, int]]:
    """Art. 4.1-4.4: the proposed pairings (2.4) checked in scrutiny order; a player whose
    proposed opponent is incompatible takes the next one in the exchange order of 4.2-4.3
    (:func:`A4_candidates`), and an exchange must leave every player after him a
    compatible opponent (4.4). ``players`` can all be paired (the floaters are chosen
    first), so the first exchange that leaves the rest pairable is the text's."""
    return in_exchange_order(
        ctx, scrutiny_order(ctx, players, direction), lambda vs: (perfect_matching(ctx, vs), 0), lambda p, c: 0
    )


def in_exchange_order(ctx: Ctx, order: list[int], solve, price, proper=None) -> list[tuple[int, int]]:
    """Pairs fixed one by one in the exchange order of Art. 4: the first player of
    ``order`` takes the first compatible opponent in :func:`A4_candidates` with whom the
    optimum stays reachable, and so on. ``solve(players)`` gives a matching of the
    players (None when there is none) and its value; ``price(p, c)`` the value of one
    pair; reachable means pair plus the rest's optimum equal the optimum. With
    ``proper(p, c)`` the opponents for whom it holds are tried first (Art. 5.2: the
    player scrutinised gets his due colour if possible)."""
    mate, value = solve(order)
    if mate is None:  # pragma: no cover - guaranteed by the floater choice
        raise SelfCheckError("Lim: a group left unpairable")
    pairs = []
    while order:
        p = order[0]
        cands = [c for c in A4_candidates(ctx, order) if ctx.compat.ok(p, c)]
        passes = [[c for c in cands if proper(p, c)], cands] if proper else [cands]
        chosen = None
        for candidates in passes:
            for c in candidates:
                if mate.get(p) == c:
                    chosen = c
                    break
                quick = swap_partners(ctx, mate, p, c)
                if quick is not None:
                    x, y = mate[p], mate[c]
                    if price(x, y) + price(p, c) - price(p, x) - price(c, y) == 0:
                        mate = {**quick, p: c, c: p}
                        chosen = c
                        break
                trial, v = solve([x for x in order if x not in (p, c)])
                if trial is not None and v + price(p, c) == value:
                    mate = {**trial, p: c, c: p}
                    chosen = c
                    break
            if chosen is not None:
                break
        value -= price(chosen, p)
        pairs.append((p, chosen))
        order = [x for x in order if x not in (p, chosen)]
    return pairs


def A5_2_second_scrutiny(ctx: Ctx, players: Sequence[int], direction: str) -> list[tuple[int, int]]:
    """Art. 5.2: after the first scrutiny (:func:`A4_first_scrutiny`) has shown that the
    group can be paired with new pairings, a second scrutiny "with exchanges where
    necessary" gives each player, if possible, the alternating and the equalising colour
    (2.4: proposals are confirmed "after scrutiny for compatibility and proper colour").
    It goes through the players in the same scrutiny order with the same exchange order
    (4.2-4.3): the player scrutinised takes the first opponent with whom both get their
    due colour (:func:`colour_fault` 0) and the players after him can still all be
    paired (4.4); when there is none, the first compatible one that leaves them pairable,
    with the fewest colour faults (last round: limits of 5.1 broken count double)."""
    P = ctx.P
    order = scrutiny_order(ctx, players, direction)
    mate = perfect_matching(ctx, order)
    if mate is None:  # pragma: no cover - the floaters were chosen so that it exists
        raise SelfCheckError("Lim: a group left unpairable")
    pairs = []
    while order:
        p = order[0]
        best = None
        for c in A4_candidates(ctx, order):
            if not ctx.compat.ok(p, c):
                continue
            fault = colour_fault(P[p], P[c], ctx)
            if best is not None and fault >= best[0]:
                continue
            trial = swap_partners(ctx, mate, p, c) or perfect_matching(ctx, [x for x in order if x not in (p, c)])
            if trial is None:
                continue
            best = (fault, c, trial)
            if fault == 0:
                break
        if best is None:  # pragma: no cover - the matching kept shows one exists
            raise SelfCheckError("Lim: a group left unpairable")
        _, c, rest = best
        mate = {**rest, p: c, c: p}
        pairs.append((p, c))
        order = [x for x in order if x not in (p, c)]
    return pairs
