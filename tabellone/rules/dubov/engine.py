"""The entry points: :func:`pair_round` (either method, either edition) and
:func:`violations` (every absolute rule a proposed round breaks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabellone.core import progress
from tabellone.core.errors import InputError, SelfCheckError
from tabellone.core.model import BLACK, WHITE, Strength, Tournament, named, opposite
from tabellone.core.pairing import Pairing, Violation, attendance_violations
from tabellone.rules.dubov.colour_allocation import colour_allocation_1997, colour_allocation_2026
from tabellone.rules.dubov.context import EDITIONS, METHODS, _prepare
from tabellone.rules.dubov.literal_1997 import _first_round_1997, _pair_1997
from tabellone.rules.dubov.procedure_2026 import _pair_2026
from tabellone.rules.dubov.profile import profile_of
from tabellone.rules.dubov.restrictions import (
    C3_absolute_colours,
    R2_1_no_rematch,
    R2_3_colour_difference,
    R2_4_three_in_a_row,
    R2_5_upward_transfer,
    bye_rule,
)
from tabellone.rules.fide_common import pairing_order_key

if TYPE_CHECKING:
    from tabellone.rules.dubov.context import Ctx
    from tabellone.rules.profiles import Profile


def _finish(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None, solves: int = 0) -> Pairing:
    P = ctx.P
    boards = []
    for _k, (a, b) in enumerate(pairs):
        if ctx.edition == "1997":
            w, bl = colour_allocation_1997(P[a], P[b])
        else:
            w, bl = colour_allocation_2026(P[a], P[b], ctx.initial)
        boards.append((w, bl))

    # the real scores as whole numbers over their common denominator (speed only)
    real = pairing_order_key([p.real_score for p in P])  # by index

    def key(wb):
        x, y = wb
        rx, ry = real[x.index], real[y.index]
        hi, lo = (x, y) if (-rx, x.tpn) <= (-ry, y.tpn) else (y, x)
        return (-real[hi.index], -real[lo.index], hi.tpn)

    boards.sort(key=key)
    return Pairing(
        round=ctx.state.round,
        pairs=[(w.id, bl.id) for w, bl in boards],
        bye=P[bye].id if bye is not None else None,
        solves=solves,
    )


def _first_round_colours(ctx: Ctx, rows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Art. 5 (1997): row k's upper player takes the drawn colour when k is odd."""
    out = []
    for k, (a, b) in enumerate(rows, start=1):
        ca = ctx.initial if k % 2 == 1 else opposite(ctx.initial)
        out.append((a, b) if ca == WHITE else (b, a))
    return out


def _run(
    t: Tournament,
    edition: str,
    round_number: int | None,
    method: str,
    ratings,
    no_bye: frozenset[int] = frozenset(),
    profile: Profile | None = None,
) -> tuple[Ctx, Pairing]:
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}", field="method")
    ctx = _prepare(t, edition, round_number, ratings, no_bye, profile)
    optimise = method == "optimised"
    if edition == "1997":
        pairs, bye = _pair_1997(ctx, optimise)
        if _first_round_1997(ctx):
            P = ctx.P
            coloured = _first_round_colours(ctx, pairs)
            pairing = Pairing(
                round=ctx.state.round,
                pairs=[(P[w].id, P[b].id) for w, b in coloured],
                bye=P[bye].id if bye is not None else None,
            )
            return ctx, pairing
    else:
        pairs, bye = _pair_2026(ctx, optimise)
    return ctx, _finish(ctx, pairs, bye)


def pair_round(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    method: str | None = None,
    ratings: dict[int, int] | None = None,
    no_bye: frozenset[int] = frozenset(),
    profile: Profile | str | None = None,
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Dubov system.

    ``method`` is ``"literal"`` (the text's procedure) or ``"optimised"`` (the
    lexicographic model); ``ratings`` gives provisional ratings for unrated players (by
    id); ``no_bye`` lists players barred from the bye on top of 1997 Art. 2.2 / 2026 C2
    (``tabellone explain --bye`` prices the pairing without a given bye with it). The
    pairing is checked by :func:`violations` before it is returned.

    ``profile`` (2026: a :class:`tabellone.rules.profiles.Profile`, the name of a shipped profile
    or a TOML path) states the criteria, their order and weights; by default the
    official ``dubov-2026`` (the text). The literal method is the text itself: it runs
    the official profile only, and a research profile pairs by the optimiser (its
    default then)."""
    prof = profile_of(profile, edition) if edition in EDITIONS else None
    variant = prof is not None and not prof.official
    if method is None:
        method = "optimised" if variant else "literal"
    if variant and method == "literal":
        raise InputError(
            f"profile {prof.name}: profiles vary the optimised method; the literal method is the text itself",
            field="--method",
        )
    r = round_number if round_number is not None else t.rounds_paired + 1
    with progress.task(f"Dubov {edition}, round {r}, {len(t.players)} players"):
        ctx, pairing = _run(t, edition, round_number, method, ratings, no_bye, prof)
    # The check reads the round's context the pairing was made from (nothing in the run
    # changes its players or state), unless ``no_bye`` barred more players from the bye.
    if no_bye:
        problems = violations(t, pairing, edition, ratings=ratings, profile=prof)
    else:
        problems = violations_in(t, pairing, ctx, prof)
    if problems:
        raise SelfCheckError("the Dubov engine produced an illegal pairing: " + "; ".join(v.text for v in problems))
    return pairing


def violations(
    t: Tournament,
    pairing: Pairing,
    edition: str = "2026",
    ratings: dict[int, int] | None = None,
    profile: Profile | str | None = None,
) -> list[Violation]:
    """Every absolute rule a proposed round breaks, one violation each (empty: legal).

    Both editions: every player to pair appears once, nobody else; no rematch (1997 2.1,
    2026 C1); the bye only with an odd number, to an allowed player (1997 2.2, 2026 C2).
    1997: the colours given keep 2.3 and 2.4; 2.5 for the lower player of every pair of
    different scores, unless no complete pairing respecting 2.5 exists (then the round
    waives it, see :func:`pair_round`). 2026: C3, and every absolute preference granted
    (Basic Rules Art. 6-7). With a ``profile`` (2026), only the criteria it keeps
    absolute (an absolute preference goes with C3)."""
    if edition not in EDITIONS:
        raise InputError(f"unknown Dubov edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    prof = profile_of(profile, edition)
    ctx = _prepare(t, edition, pairing.round, ratings, profile=prof, compat=False)
    return violations_in(t, pairing, ctx, prof)


def violations_in(t: Tournament, pairing: Pairing, ctx: Ctx, prof: Profile | None) -> list[Violation]:
    """:func:`violations` read in the round's prepared context ``ctx``."""
    edition = ctx.edition
    hard = prof.is_absolute if prof is not None else (lambda cid: True)
    P = {p.id: p for p in ctx.P}
    state = ctx.state
    r = pairing.round
    problems, _ = attendance_violations(pairing, set(P), set(state.players), t)

    def fault(article: str, body: str, *players: int) -> None:
        problems.append(Violation.headed(article, body, players=players, round=r))

    for w, b in pairing.pairs:
        if w == b or w not in P or b not in P:
            continue
        pw, pb = P[w], P[b]
        label = "2.1" if edition == "1997" else "C1"
        if hard("C1") and not R2_1_no_rematch(pw, pb, state):
            why = "are a prohibited pair" if b not in state[w].opponents else "have already played each other"
            fault(label, f"{named(t, w)} and {named(t, b)} {why}", w, b)
        if edition == "1997":
            for p, c in ((pw, WHITE), (pb, BLACK)):
                if not R2_3_colour_difference(p.colours, c):
                    fault("2.3", f"player {named(t, p.id)} would reach a colour difference beyond 2", p.id)
                if not R2_4_three_in_a_row(p.colours, c):
                    fault("2.4", f"player {named(t, p.id)} would get the same colour three times in a row", p.id)
            if pw.score != pb.score and not ctx.relaxed_2_5:
                low = pw if pw.score < pb.score else pb
                if not R2_5_upward_transfer(low, ctx.last_round, ctx.total_rounds):
                    fault(
                        "2.5", f"player {named(t, low.id)} may not be transferred to a higher score group now", low.id
                    )
        elif hard("C3"):
            if not C3_absolute_colours(pw, pb):
                fault(
                    "C3", f"{named(t, w)} and {named(t, b)} both have an absolute preference for {_name(pw.due)}", w, b
                )
            for p, c in ((pw, WHITE), (pb, BLACK)):
                if p.strength is Strength.ABSOLUTE and p.due != c:
                    fault(
                        "colour",
                        f"player {named(t, p.id)} has an absolute preference for {_name(p.due)} but gets {_name(c)}",
                        p.id,
                    )
    if hard("C2") and pairing.bye in P and not P[pairing.bye].bye_ok:
        label = "2.2" if edition == "1997" else "C2"
        barred = bye_rule(edition).violation(t, pairing.bye, r)  # names the round of the earlier bye or win
        body = f"the bye goes to {named(t, pairing.bye)}, who may not have it"
        problems.append(barred or Violation.headed(label, body, players=(pairing.bye,), round=r))
    return problems


def _name(colour: str) -> str:
    return "White" if colour == WHITE else "Black"
