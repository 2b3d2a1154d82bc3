"""Art. 3.3: the round, bracket after bracket from the top scoregroup, and
:func:`pair_round`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from tabellone.core import progress
from tabellone.core.errors import InputError, NoPairingError, SelfCheckError
from tabellone.core.model import WHITE, Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.double_swiss.bracket import pair_literal, pair_optimised
from tabellone.rules.double_swiss.bye import A3_4_pab
from tabellone.rules.double_swiss.checks import violations
from tabellone.rules.double_swiss.colours import A4_colour
from tabellone.rules.double_swiss.criteria import completes
from tabellone.rules.double_swiss.games import MatchPairing, SecondGame, second_game
from tabellone.rules.double_swiss.state import METHODS, Ctx, prepare
from tabellone.rules.double_swiss.upfloaters import set_literal, set_optimised
from tabellone.rules.fide_common import board_order


@dataclass
class Bracket:
    """One bracket as paired: its residents' score, residents, upfloaters and pairs
    (indices into ``Ctx.P``)."""

    score: Fraction
    residents: list[int]
    upfloaters: tuple[int, ...]
    pairs: list[tuple[int, int]]


def pair_brackets(ctx: Ctx, method: str) -> tuple[list[Bracket], int | None]:
    """Art. 3.3: the PAB, then bracket after bracket from the top scoregroup."""
    P = ctx.P
    bye = A3_4_pab(ctx, method)
    remaining = set(range(ctx.n)) - ({bye} if bye is not None else set())
    if not completes(ctx, remaining):
        raise NoPairingError("the players cannot all be paired without meeting again (C.04.5 [C1], [C3])")
    brackets = []
    choose = set_literal if method == "literal" else set_optimised
    pair = pair_literal if method == "literal" else pair_optimised
    groups = sorted({P[i].score for i in remaining}, reverse=True)  # the progress line counts scoregroups
    while remaining:
        top = max(P[i].score for i in remaining)
        progress.step(groups.index(top) + 1, len(groups), "scoregroup")
        residents = sorted((i for i in remaining if P[i].score == top), key=lambda i: P[i].tpn)
        lower = sorted((i for i in remaining if P[i].score < top), key=lambda i: (-P[i].score, P[i].tpn))
        ups = choose(ctx, residents, lower, remaining)
        pairs = pair(ctx, residents + list(ups), top)
        brackets.append(Bracket(top, residents, ups, pairs))
        remaining -= set(residents) | set(ups)
    return brackets, bye


def _finish(ctx: Ctx, brackets: list[Bracket], bye: int | None) -> MatchPairing:
    P = ctx.P
    coloured = []
    for br in brackets:
        for a, b in br.pairs:
            colour, _ = A4_colour(P[a], P[b], ctx.initial)
            coloured.append((P[a], P[b]) if colour == WHITE else (P[b], P[a]))
    ordered = board_order(coloured)
    pairs = [(w.id, b.id) for w, b in ordered]
    bye_id = P[bye].id if bye is not None else None
    second = SecondGame(
        round=ctx.round + 1,
        pairs=[(b, w) for w, b in pairs],
        bye=None,
        half_byes=(bye_id,) if bye_id is not None else (),
    )
    return MatchPairing(round=ctx.round, pairs=pairs, bye=bye_id, solves=ctx.solves, second_game=second)


def pair_round(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    method: str = "literal",
    no_bye: frozenset[int] = frozenset(),
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Double-Swiss system.

    An odd round column is game 1 of a match: the pairing is made by ``method``
    (``"literal"``, the default, or ``"optimised"``) and returned as a
    :class:`MatchPairing` carrying game 2. An even column is game 2: the pairs of game 1
    reversed (Art. 4.4). ``no_bye`` bars players from the PAB besides [C2] (``tabellone
    explain --bye`` prices a pairing without a given bye). The pairing is checked by
    :func:`violations`."""
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}", field="--method")
    r = t.next_round if round_number is None else round_number
    if r % 2 == 0:
        pairing: Pairing = second_game(t, r)
    else:
        ctx = replace(prepare(t, r), no_bye=frozenset(no_bye))
        with progress.task(f"Double-Swiss {edition}, match {ctx.match}, {ctx.n} players"):
            brackets, bye = pair_brackets(ctx, method)
        pairing = _finish(ctx, brackets, bye)
    problems = violations(t, pairing, edition)
    if problems:
        raise SelfCheckError(
            "the Double-Swiss engine produced an illegal pairing: " + "; ".join(v.text for v in problems)
        )
    return pairing
