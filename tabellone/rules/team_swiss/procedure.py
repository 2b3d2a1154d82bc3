"""Art. 3.3: the round, bracket after bracket from the top scoregroup, and
:func:`pair_round`."""

from __future__ import annotations

from fractions import Fraction

from tabellone.core import progress
from tabellone.core.errors import InputError, NoPairingError, SelfCheckError
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.team_swiss.absolute import violations
from tabellone.rules.team_swiss.bracket import literal_bracket, optimised_bracket
from tabellone.rules.team_swiss.bye import A3_4_bye
from tabellone.rules.team_swiss.colours import A4_colours
from tabellone.rules.team_swiss.completion import pairable
from tabellone.rules.team_swiss.sides import METHODS, Ctx, prepare
from tabellone.rules.team_swiss.upfloaters import A3_5_literal, A3_5_optimised


def pair_brackets(
    ctx: Ctx, method: str, no_bye: frozenset[int] = frozenset()
) -> tuple[list[tuple[int, int]], int | None, list[tuple[Fraction, list[int], tuple[int, ...]]]]:
    for x in no_bye:
        if x in ctx.sides:
            ctx.sides[x].bye_barred = True
    bye = A3_4_bye(ctx)
    left = sorted(x for x in ctx.sides if x != bye)
    if bye is None and not pairable(ctx, left):
        raise NoPairingError(
            f"round {ctx.round}: the teams cannot all be paired without two meeting again "
            "(C.04.6 Art. 3.3.3: the Chief Arbiter decides)"
        )
    pairs, brackets = [], []
    choose = A3_5_literal if method == "literal" else A3_5_optimised
    pair_bracket = literal_bracket if method == "literal" else optimised_bracket
    groups = sorted({ctx.sides[x].score for x in left}, reverse=True)  # the progress line counts scoregroups
    while left:
        top = max(ctx.sides[x].score for x in left)
        progress.step(groups.index(top) + 1, len(groups), "scoregroup")
        residents = [x for x in left if ctx.sides[x].score == top]
        ups = choose(ctx, left, residents, top)
        bracket = residents + list(ups)
        made = pair_bracket(ctx, bracket, frozenset(ups))
        pairs += made
        brackets.append((top, bracket, tuple(ups)))
        inside = set(bracket)
        left = [x for x in left if x not in inside]
    return pairs, bye, brackets


def _finish(ctx: Ctx, pairs, bye) -> Pairing:
    boards = []
    for a, b in pairs:
        white, _ = A4_colours(ctx, a, b)
        boards.append((white, b if white == a else a))
    S = ctx.sides
    # C.04.2 Art. 3.6 order of publication: higher score of the higher-ranked team, sum of
    # the scores, smaller TPN
    boards.sort(key=lambda p: (-max(S[p[0]].score, S[p[1]].score), -(S[p[0]].score + S[p[1]].score), min(p)))
    return Pairing(round=ctx.round, pairs=boards, bye=bye, solves=ctx.solves)


def pair_round(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    method: str = "literal",
    no_bye: frozenset[int] = frozenset(),
) -> Pairing:
    """Pair the next round (or ``round_number``) of the team event ``t``.

    ``method`` is ``"literal"`` (the text's procedure, the default) or ``"optimised"``;
    ``no_bye`` bars teams from the bye besides [C2]. The pairing is checked by
    :func:`violations` before it is returned."""
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}", field="--method")
    ctx = prepare(t, edition, round_number)
    if not ctx.sides:
        raise NoPairingError(f"round {ctx.round}: no team to pair")
    with progress.task(f"Swiss Team {edition}, round {ctx.round}, {len(ctx.sides)} teams"):
        pairs, bye, _ = pair_brackets(ctx, method, no_bye)
    pairing = _finish(ctx, pairs, bye)
    problems = violations(t, pairing, edition)
    if problems:
        raise SelfCheckError(
            "the team-swiss engine produced an illegal pairing: " + "; ".join(v.text for v in problems)
        )
    return pairing
