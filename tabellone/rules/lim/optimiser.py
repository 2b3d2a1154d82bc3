"""One score group paired as a lexicographic optimisation (the optimised method): the
floaters arriving, the residents who float, then the colours and the exchange order,
each stage an exact maximum-weight matching that keeps the round pairable."""

from __future__ import annotations

from collections.abc import Sequence

from tabellone.core.errors import SelfCheckError
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.lim.colours import FaultTable
from tabellone.rules.lim.context import Ctx
from tabellone.rules.lim.exchanges import in_exchange_order
from tabellone.rules.lim.groups import Group
from tabellone.rules.lim.literal import settle_floats
from tabellone.rules.lim.matchings import best_matching
from tabellone.rules.lim.orders import A3_6_3_7_incoming_order, A3_8_candidates, A3_float_order, scrutiny_order
from tabellone.rules.profiles import official


def optimised_group(
    ctx: Ctx, remaining: set[int], group: Group, incoming: list[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair one group as a lexicographic optimisation, fields most significant first:

    ``3.9`` floaters arriving paired in the group (most); ``4.4`` pairs in the group
    (most); ``3.8`` one field per floater arriving, in the order of 3.6-3.7, the place of
    its opponent in :func:`A3_8_candidates` (earliest); ``3.2`` which residents float:
    ``2**(N - k)`` for the resident ``k``-th in :func:`A3_float_order` when he floats, so
    the set floated is the one the text's one-by-one choice gives; ``5.2`` colour faults
    of the group's other pairs (fewest); then the exchange order of Art. 4 (first in
    order). Every solve keeps the whole round pairable (maximum cardinality on all the
    players still to pair). The fields are solved in three stages, each fixing what its
    fields decide: floater pairs (``3.9``, ``4.4``, ``3.8``), floated residents (``3.2``),
    pairs of the rest (``5.2`` and the order).

    With the official profile the first two stages are the literal procedure's own
    choices (:func:`.literal.settle_floats`): a lexicographic optimum is reached field by
    field, and each field's best value is the first choice in the text's order that keeps
    the values above it, which is how the text chooses. With a profile that weighs,
    reorders or drops fields they are solved as weights (:func:`_weighed_floats`)."""
    if _official_fields(ctx):
        fixed, floating, inside = settle_floats(ctx, remaining, group, incoming)
    else:
        fixed, floating, inside = _weighed_floats(ctx, remaining, group, incoming)
    # stage 3: colours, then the exchange order
    pairs = best_in_order(ctx, inside, group.direction)
    members = set(incoming) | set(group.residents)
    out = [i for i in members if i in floating]
    return fixed + pairs, out


def _official_fields(ctx: Ctx) -> bool:
    """Whether the profile has the official fields in the official order (each
    unweighted, none dropped)."""
    objective = ctx.objective
    order = [cid for lv in objective.profile.levels for cid, _ in lv.members]
    return objective.identity and order == [cid for lv in official("lim", "2026").levels for cid, _ in lv.members]


def _weighed_floats(
    ctx: Ctx, remaining: set[int], group: Group, incoming: list[int]
) -> tuple[list[tuple[int, int]], set[int], list[int]]:
    """Stages 1 and 2 of :func:`optimised_group` as weighted matchings of every player
    still to pair (any profile): returns the pairs of the floaters arriving, the players
    floating on, and the residents left to stage 3."""
    members = set(incoming) | set(group.residents)
    inc = set(incoming)
    order = A3_6_3_7_incoming_order(ctx, incoming, group)
    # stage 1: the floaters arriving
    fixed: list[tuple[int, int]] = []
    floating: set[int] = set()
    if order:
        place: list[dict[int, int]] = []
        for k, f in enumerate(order):
            # a floater's opponents as 3.8 lists them when his turn comes; an earlier
            # floater's choice only removes players from the list, so places among the
            # players left keep their order: the place in the full list ranks them alike
            cands = A3_8_candidates(ctx, f, group.residents, order[k + 1 :], group.direction)
            place.append({c: len(cands) - j for j, c in enumerate(cands)})
        objective = ctx.objective
        fields, maxima = objective.layout_names(
            {
                "3.9": [("3.9", len(inc))],
                "4.4": [("4.4", len(members) // 2 + 1)],
                "3.8": [(("3.8", k), len(p) + 1) for k, p in enumerate(place)],
            }
        )
        layout = fit_layout([*fields, "edge"], [*maxima, len(remaining)])

        def weight(u: int, v: int) -> int:
            if u in members and v in members:
                vals = {"3.9": (u in inc) + (v in inc), "4.4": 1}
                for k, f in enumerate(order):
                    other = v if u == f else u if v == f else None
                    vals[("3.8", k)] = place[k].get(other, 0) if other is not None else 0
                vals = objective.fold(vals)
                return layout.pack((*[vals.get(name, 0) for name in fields], 1))
            return layout.pack((*[0] * len(fields), 1))

        mate = best_matching(ctx, sorted(remaining), weight)
        if mate is None:  # pragma: no cover
            raise SelfCheckError("Lim: the round became unpairable")
        done: set[int] = set()
        for f in order:
            if f in done:
                continue
            m = mate[f]
            if m in members:
                fixed.append((f, m))
                done |= {f, m}
            else:
                floating.add(f)
    # stage 2: which residents float
    taken = {x for p in fixed for x in p}
    rest = [i for i in group.residents if i not in taken]
    left = [v for v in remaining if v not in taken]
    float_rank = {x: k for k, x in enumerate(A3_float_order(ctx, rest, group))}
    N = len(rest)
    inside_set = set(rest)
    objective = ctx.objective
    fields2, maxima2 = objective.layout_names(
        {"4.4": [("4.4", N // 2 + 1)], "3.2-3.4": [("3.2-3.4", 2 * N * (1 << N))]}
    )
    layout2 = fit_layout([*fields2, "edge"], [*maxima2, len(remaining)])

    def weight2(u: int, v: int) -> int:
        if u in inside_set and v in inside_set:
            keep = ((1 << N) - (1 << (N - float_rank[u]))) + ((1 << N) - (1 << (N - float_rank[v])))
            vals = objective.fold({"4.4": 1, "3.2-3.4": keep})
            return layout2.pack((*[vals.get(name, 0) for name in fields2], 1))
        return layout2.pack((*[0] * len(fields2), 1))

    mate = best_matching(ctx, sorted(left), weight2)
    if mate is None:  # pragma: no cover
        raise SelfCheckError("Lim: the round became unpairable")
    inside = [i for i in rest if mate.get(i) in inside_set]
    floating |= {i for i in rest if i not in set(inside)}
    return fixed, floating, inside


def best_in_order(ctx: Ctx, players: Sequence[int], direction: str) -> list[tuple[int, int]]:
    """The pairing of ``players`` with the fewest colour faults (Art. 5.2: "each player, if
    possible" his alternating and equalising colour; :func:`colour_fault`) that comes
    first in the order of the scrutiny: the scrutinised player takes the first opponent in
    his exchange order (Art. 4) with whom both get their due colours and the fewest
    faults stay reachable, or else the first with whom they stay reachable, and so on
    (the faults are the field of a maximum-weight matching of maximum cardinality)."""
    order = scrutiny_order(ctx, players, direction)
    top = 8  # above the largest fault of a pair (5, last round)
    profile = ctx.profile or official("lim", "2026")
    fault = FaultTable(ctx) if profile.kind("5.2") is not None else None  # a profile may drop 5.2

    def price(u: int, v: int) -> int:
        if fault is None:
            return 0
        return fault(u, v) if u < v else fault(v, u)

    def best(vs: list[int]) -> tuple[dict[int, int] | None, int]:
        m = best_matching(ctx, vs, lambda u, v: top - price(u, v))
        if m is None:
            return None, 0
        return m, sum(price(u, v) for u, v in m.items() if u < v)

    if not profile.generation_order:  # any pairing with the fewest faults
        mate, _ = best(order)
        if mate is None:  # pragma: no cover - guaranteed by the floater choice
            raise SelfCheckError("Lim: a group left unpairable")
        return [(u, v) for u, v in mate.items() if u < v]
    return in_exchange_order(ctx, order, best, price, proper=lambda p, c: price(p, c) == 0)
