"""The criteria of a finished Lim pairing, group by group in the order of Art. 2.2: the
values the verifier, ``explain`` and :func:`compare` read."""

from __future__ import annotations

from tabellone.core.errors import InputError
from tabellone.core.model import WHITE, Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.comparison import BracketValues, Comparison
from tabellone.rules.comparison import objective_vector as vector_of
from tabellone.rules.lim.colours import colour_fault, colour_rule
from tabellone.rules.lim.context import DOWN, EDITIONS, STAGES, UP, Ctx
from tabellone.rules.lim.engine import pair_round, prepare
from tabellone.rules.lim.groups import A2_2_schedule
from tabellone.rules.lim.orders import (
    A3_6_3_7_incoming_order,
    A3_8_candidates,
    A3_float_order,
    A4_candidates,
    scrutiny_order,
)
from tabellone.rules.lim.profile import profile_of
from tabellone.rules.profiles import Profile

#: Criteria of a group in priority order: (article, what is minimised).
GROUP_CRITERIA = [
    ("3.9", "floaters arriving who float on"),
    ("4.4", "players of the group left unpaired (floated on)"),
    ("3.8", "places of the floaters' opponents in the order of 3.8"),
    ("3.2-3.4", "places of the floated residents in the order of choice (3.2-3.4, 3.9, 3.10), first chosen first"),
    ("5.2", "colour faults: players without their due colour (+2 per colour limit broken, last round only)"),
    (
        "4.1-4.3",
        "the scrutiny, player by player: (colour fault, place of the opponent in the exchange order of Art. 4)",
    ),
]


def groups_of(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None) -> list[BracketValues]:
    """Replay the order of Art. 2.2 on a finished pairing: each group's members are the
    floaters that reach it and its residents; the pairs inside it are valued on
    :data:`GROUP_CRITERIA`, the members left unpaired float on."""
    P = ctx.P
    mate = {}
    for a, b in pairs:
        mate[a], mate[b] = b, a
    remaining = {i for i in range(ctx.n) if i != bye}
    carry = {DOWN: [], UP: []}
    out = []
    for group in A2_2_schedule(ctx, sorted(remaining)):
        incoming = carry[DOWN] + carry[UP] if group.median else carry[group.direction]
        members = set(incoming) | set(group.residents)
        inside = {i for i in members if mate.get(i) in members}
        order = A3_6_3_7_incoming_order(ctx, incoming, group)
        used: set[int] = set()
        places = []
        for k, f in enumerate(order):
            if f in used:
                continue
            free = [i for i in group.residents if i not in used]
            cands = A3_8_candidates(ctx, f, free, [o for o in order[k + 1 :] if o not in used], group.direction)
            if f in inside:
                places.append(cands.index(mate[f]) if mate[f] in cands else len(cands) + 1)
                used |= {f, mate[f]}
            else:
                places.append(len(cands) + 1)
        rest = [i for i in group.residents if i not in used]
        forder = {x: k for k, x in enumerate(A3_float_order(ctx, rest, group))}
        floated = tuple(sorted(forder[i] for i in rest if i not in inside))
        core = [i for i in rest if i in inside]
        order_s = scrutiny_order(ctx, core, group.direction)
        place = {x: k for k, x in enumerate(order_s)}
        faults = sum(colour_fault(P[i], P[mate[i]], ctx) for i in order_s if place[i] < place[mate[i]])
        scrutiny = []
        while order_s:
            p = order_s[0]
            cands = A4_candidates(ctx, order_s)
            scrutiny.append(
                (int(colour_fault(P[p], P[mate[p]], ctx) > 0), cands.index(mate[p]) if mate[p] in cands else len(cands))
            )
            order_s = [x for x in order_s if x not in (p, mate[p])]
        values = {
            "3.9": sum(1 for i in incoming if i not in inside),
            "4.4": len(members - inside),
            "3.8": tuple(places),
            "3.2-3.4": floated,
            "5.2": faults,
            "4.1-4.3": tuple(scrutiny),
        }
        out.append(BracketValues(group.score, [P[i].id for i in order + rest], values))
        left = [i for i in members if i not in inside]
        remaining -= inside
        if not group.median:
            carry[group.direction] = left
    return out


def indices_of(ctx: Ctx, pairing: Pairing) -> tuple[list[tuple[int, int]], int | None]:
    idx = {e.id: k for k, e in enumerate(ctx.P)}
    pairs = [(idx[w], idx[b]) for w, b in pairing.pairs if w in idx and b in idx]
    return pairs, idx.get(pairing.bye) if pairing.bye is not None else None


def evaluate(
    t: Tournament, pairing: Pairing, edition: str = "2026", profile: Profile | str | None = None
) -> tuple[dict[str, object], list[BracketValues]]:
    """Every criterion of ``pairing`` (a complete, legal pairing of its round of ``t``)
    for the verifier (:mod:`tabellone.verify.checker`): the round level (the bye's place counted
    from the bottom, Art. 1.1), then one :class:`BracketValues` per group in the order
    of Art. 2.2. Every value is minimised, in the order of :func:`quality_criteria`."""
    ctx = prepare(t, edition, pairing.round)
    pairs, bye = indices_of(ctx, pairing)
    round_level: dict[str, object] = {}
    if bye is not None:
        round_level["1.1"] = ctx.n - 1 - bye
    groups = groups_of(ctx, pairs, bye)
    if profile is not None:  # the value of each weighted level of the profile
        prof = profile_of(profile, edition)
        for g in groups:
            g.values.update(prof.level_values(g.values))
    return round_level, groups


def quality_criteria(edition: str = "2026", profile: Profile | str | None = None) -> list[tuple[str, str]]:
    """Every criterion :func:`evaluate` values, in priority order (article, what is
    minimised): the bye first, then those of a group; with a ``profile``, its levels in
    its order, then the scrutiny order (Art. 4)."""
    if edition not in EDITIONS:
        raise InputError(f"unknown Lim edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    criteria = GROUP_CRITERIA
    if profile is not None:
        criteria = profile_of(profile, edition).quality_criteria() + [c for c in GROUP_CRITERIA if c[0] not in STAGES]
    return [("1.1", "place of the bye from the bottom of the ranking")] + criteria


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet in ``round_number``, and the
    article of Art. 5 / 7.2 that decides it (:func:`colour_rule`)."""
    ctx = prepare(t, edition, round_number)
    by_id = {e.id: e for e in ctx.P}
    colour, article = colour_rule(by_id[white], by_id[black], ctx)
    return (white if colour == WHITE else black), article


def objective_vector(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[tuple[str, str, object]]:
    """The objective vector of a pairing: the bye, then every group's criteria in
    priority order, groups in the order of Art. 2.2, as (group score, article, value);
    compared lexicographically, smaller better."""
    round_level, groups = evaluate(t, pairing, edition)
    return vector_of(round_level, groups, [a for a, _ in GROUP_CRITERIA])


def compare(t: Tournament, edition: str = "2026", round_number: int | None = None) -> Comparison:
    """Pair a round both ways and say where, and by how much, the two differ on the
    objective vector (:func:`objective_vector`)."""
    lit = pair_round(t, edition, round_number, "literal")
    opt = pair_round(t, edition, round_number, "optimised")
    return Comparison.of(edition, lit, opt, objective_vector(t, lit, edition), objective_vector(t, opt, edition))
