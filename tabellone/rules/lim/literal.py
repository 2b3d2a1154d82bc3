"""One score group paired by the Lim text step by step (the literal method): floaters
arriving first (Art. 3.6-3.8), then the residents who float (3.2-3.4, 3.9, 3.10), then
the scrutiny (Art. 4, 5.2); every step keeps the group's best reachable values."""

from __future__ import annotations

from tabellone.core.errors import SelfCheckError
from tabellone.rules.lim.context import Ctx
from tabellone.rules.lim.exchanges import A5_2_second_scrutiny
from tabellone.rules.lim.groups import Group
from tabellone.rules.lim.oracle import Oracle
from tabellone.rules.lim.orders import A3_6_3_7_incoming_order, A3_8_candidates, A3_float_order


def literal_group(
    ctx: Ctx, remaining: set[int], group: Group, incoming: list[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair one group by the text: returns the pairs made and the players floating on."""
    fixed, floating, inside = settle_floats(ctx, remaining, group, incoming)
    # Art. 4 and 5.2: the scrutiny with its exchanges, for compatibility and colour (the
    # first scrutiny alone, A4_first_scrutiny, is what the second does when no colour is
    # due; "inside" can be paired, as the floaters were chosen so)
    pairs = A5_2_second_scrutiny(ctx, inside, group.direction)
    members = set(incoming) | set(group.residents)
    out = [i for i in members if i in floating]
    return fixed + pairs, out


def settle_floats(
    ctx: Ctx, remaining: set[int], group: Group, incoming: list[int]
) -> tuple[list[tuple[int, int]], set[int], list[int]]:
    """The floaters arriving paired one by one (Art. 3.6-3.8), then the residents who
    float chosen one by one (2.3, 3.2-3.4, 3.10, 4.4), each choice the first in the
    text's order that keeps the group's best values (:class:`.oracle.Oracle`): returns
    the pairs made, the players floating on, and the residents left to the scrutiny.

    With the official profile this is also the optimiser's first two stages
    (:func:`.optimiser.optimised_group`): their fields, most significant first, are
    maximised one after the other, and each field's best value is the first choice of
    the text's order that keeps the values above it."""
    members = set(incoming) | set(group.residents)
    oracle = Oracle(ctx, remaining, members, set(incoming))
    fixed: list[tuple[int, int]] = []
    floating: set[int] = set()
    target = oracle.values(fixed, floating)
    if target is None:  # pragma: no cover - the bye and every earlier step keep the round pairable
        raise SelfCheckError("Lim: the round became unpairable")
    # 3.6-3.8: the floaters arriving, one by one
    order = A3_6_3_7_incoming_order(ctx, incoming, group)
    for k, f in enumerate(order):
        if f in {x for p in fixed for x in p}:
            continue
        taken = {x for p in fixed for x in p}
        free_res = [i for i in group.residents if i not in taken]
        others = [o for o in order[k + 1 :] if o not in taken]
        for c in A3_8_candidates(ctx, f, free_res, others, group.direction):
            if ctx.compat.ok(f, c) and oracle.values(fixed + [(f, c)], floating) == target:
                fixed.append((f, c))
                break
        else:
            floating.add(f)  # 3.5: floated to a further group
            if oracle.values(fixed, floating) != target:  # pragma: no cover
                raise SelfCheckError("Lim: a floater's float lost the group's best values")
    # 2.3, 3.2-3.4, 3.10, 4.4: the residents who float, chosen one by one
    taken = {x for p in fixed for x in p}
    rest = [i for i in group.residents if i not in taken]
    pairs_left = target[1] - len(fixed)
    need = len(rest) - 2 * pairs_left
    for x in A3_float_order(ctx, rest, group):
        if need == 0:
            break
        if oracle.values(fixed, floating | {x}) == target:
            floating.add(x)
            need -= 1
    if need:  # pragma: no cover - the oracle's target is reachable
        raise SelfCheckError("Lim: the floaters of a group could not be chosen")
    return fixed, floating, [i for i in rest if i not in floating]
