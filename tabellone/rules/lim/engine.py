"""A Lim round paired end to end (:func:`pair_round`) and checked against the absolute
criteria (:func:`violations`)."""

from __future__ import annotations

from fractions import Fraction

from tabellone.core.errors import InputError, SelfCheckError
from tabellone.core.model import BLACK, WHITE, Tournament, named
from tabellone.core.pairing import Pairing, Violation, attendance_violations
from tabellone.matching.completion import CompletionOracle
from tabellone.rules.fide_common import C1_no_rematch, board_order, pair_violation, round_to_pair
from tabellone.rules.lim.absolute import LIM_BYE_RULE, bye_eligible
from tabellone.rules.lim.colours import allocate
from tabellone.rules.lim.compatibility import Compatibility
from tabellone.rules.lim.context import DOWN, EDITIONS, METHODS, UP, Ctx
from tabellone.rules.lim.groups import A1_1_bye, A2_2_schedule
from tabellone.rules.lim.literal import literal_group
from tabellone.rules.lim.optimiser import optimised_group
from tabellone.rules.lim.profile import profile_of
from tabellone.rules.profiles import Profile


def prepare(
    t: Tournament,
    edition: str,
    round_number: int | None,
    no_bye: frozenset[int] = frozenset(),
    profile: Profile | None = None,
) -> Ctx:
    if edition not in EDITIONS:
        raise InputError(f"unknown Lim edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    state, players, initial = round_to_pair(t, round_number)
    played = state.round - 1
    ctx = Ctx(
        t=t,
        state=state,
        P=players,
        initial=initial,
        last_round=state.round == t.total_rounds,
        median=Fraction(played) * t.scoring.win / 2,
        no_bye=no_bye,
        profile=profile,
    )
    ctx.compat = Compatibility(players, state, ctx.last_round)
    ctx.completion = CompletionOracle(ctx.compat.ok)
    return ctx


def pair_groups(ctx: Ctx, method: str) -> tuple[list[tuple[int, int]], int | None]:
    bye = A1_1_bye(ctx)
    remaining = {i for i in range(ctx.n) if i != bye}
    pairs: list[tuple[int, int]] = []
    carry = {DOWN: [], UP: []}
    pair_group = literal_group if method == "literal" else optimised_group
    for group in A2_2_schedule(ctx, sorted(remaining)):
        incoming = carry[DOWN] + carry[UP] if group.median else carry[group.direction]
        made, out = pair_group(ctx, remaining, group, incoming)
        pairs += made
        for p in made:
            remaining -= set(p)
        if group.median:
            if out:  # pragma: no cover - the oracle keeps the round pairable
                raise SelfCheckError("Lim: players left over after the median group")
        else:
            carry[group.direction] = out
    return pairs, bye


def finish(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None) -> Pairing:
    P = ctx.P
    boards = board_order([allocate(P[a], P[b], ctx) for a, b in pairs])
    return Pairing(
        round=ctx.state.round,
        pairs=[(w.id, b.id) for w, b in boards],
        bye=P[bye].id if bye is not None else None,
        solves=ctx.solves,
    )


def pair_round(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    method: str | None = None,
    no_bye: frozenset[int] = frozenset(),
    profile: Profile | str | None = None,
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Lim system.

    ``method`` is ``"literal"`` (the text's procedure, the default) or ``"optimised"``
    (the lexicographic model); ``no_bye`` bars players from the bye besides C.04.1
    (``tabellone explain --bye`` prices a pairing without a given bye). The pairing is
    checked by :func:`violations` before it is returned. A ``profile``
    (docs/profiles.md; official: ``lim-2026``) orders, weights or drops the optimiser's
    quality criteria within its stages; with one, the method is the optimiser."""
    prof = profile_of(profile, edition) if profile is not None else None
    if method is None:
        method = "optimised" if prof is not None else "literal"
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}", field="--method")
    if prof is not None and method == "literal":
        raise InputError(
            f"profile {prof.name}: profiles vary the optimised method; the literal method is the text itself",
            field="--method",
        )
    ctx = prepare(t, edition, round_number, no_bye, prof)
    pairs, bye = pair_groups(ctx, method)
    pairing = finish(ctx, pairs, bye)
    problems = violations_in(ctx, pairing)  # the round's players as read for pairing it
    if problems:
        raise SelfCheckError("the Lim engine produced an illegal pairing: " + "; ".join(v.text for v in problems))
    return pairing


def violations(
    t: Tournament, pairing: Pairing, edition: str = "2026", profile: Profile | str | None = None
) -> list[Violation]:
    """Every absolute rule a proposed round breaks, one message each (empty: legal):
    everyone to pair appears once; no rematch (C.04.1, 2.1); the bye only with an odd
    number, to a player allowed one (C.04.1 Art. 4); outside the last round, no colour
    given three times running (5.1.1) and no colour difference beyond 2 (5.1.2). A
    profile keeps every absolute criterion (none may be dropped), so the check is the
    same with any."""
    if profile is not None:
        profile_of(profile, edition)
    return violations_in(prepare(t, edition, pairing.round), pairing)


def violations_in(ctx: Ctx, pairing: Pairing) -> list[Violation]:
    """:func:`violations` of ``pairing`` in the round of ``ctx``."""
    t = ctx.t
    by_id = {e.id: e for e in ctx.P}
    r = pairing.round
    problems, _ = attendance_violations(pairing, set(by_id), set(ctx.state.players), t)
    for w, b in pairing.pairs:
        if w == b or w not in by_id or b not in by_id:
            continue
        pw, pb = by_id[w], by_id[b]
        if not C1_no_rematch(pw, pb, ctx.state):
            why = "are a prohibited pair" if b not in ctx.state[w].opponents else "have already played each other"
            problems.append(pair_violation("2.1", t, w, b, why, r))
        if not ctx.last_round:
            for p, c in ((pw, WHITE), (pb, BLACK)):
                name = "White" if c == WHITE else "Black"
                if p.repeated == c:
                    body = f"player {named(t, p.id)} would get {name} three times in a row"
                    problems.append(Violation.headed("5.1.1", body, players=(p.id,), round=r))
                if abs(p.cd + (1 if c == WHITE else -1)) > 2:
                    body = f"player {named(t, p.id)} would have three more of one colour than the other"
                    problems.append(Violation.headed("5.1.2", body, players=(p.id,), round=r))
    if pairing.bye in by_id and not bye_eligible(by_id[pairing.bye]):
        barred = LIM_BYE_RULE.violation(t, pairing.bye, r)  # names the round of the earlier bye or win
        body = f"the bye goes to {named(t, pairing.bye)}, who may not have it"
        problems.append(barred or Violation.headed(LIM_BYE_RULE.article, body, players=(pairing.bye,), round=r))
    return problems
