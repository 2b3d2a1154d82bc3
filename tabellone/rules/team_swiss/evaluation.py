"""The criteria of a finished round as values (the verifier, ``explain`` and
:func:`compare`), and the article that decides a colour."""

from __future__ import annotations

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.comparison import BracketValues, Comparison, fmt_value
from tabellone.rules.comparison import objective_vector as vector_of
from tabellone.rules.team_swiss.bracket import _add, identifier, pair_cost
from tabellone.rules.team_swiss.colours import A4_colours
from tabellone.rules.team_swiss.procedure import pair_round
from tabellone.rules.team_swiss.sides import EDITIONS, Ctx, prepare
from tabellone.rules.team_swiss.upfloaters import C6_next_scoregroup, C7_count

#: Criteria of a bracket in priority order: (article, what is minimised).
BRACKET_CRITERIA = [
    ("C4", "number of upfloaters (2.3.1)"),
    ("C5", "score differences of the upfloaters, in descending order (2.3.2)"),
    ("C6", "upfloaters the following scoregroup will need in its own bracket (2.3.3)"),
    ("C7", "upfloaters who floated in the previous round (2.3.4)"),
    ("C8", "teams without their colour preference (2.3.5)"),
    ("C9", "teams without their strong colour preference (2.3.6, Type B)"),
    ("C10", "upfloaters' opponents who floated in the previous round (2.3.7)"),
]


def brackets_of(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None) -> list[BracketValues]:
    mate = {}
    for a, b in pairs:
        mate[a], mate[b] = b, a
    left = sorted(x for x in ctx.sides if x != bye)
    out = []
    while left:
        top = max(ctx.sides[x].score for x in left)
        residents = [x for x in left if ctx.sides[x].score == top]
        rset = set(residents)
        ups = sorted(
            {mate[x] for x in residents if x in mate and mate[x] not in rset}, key=lambda x: (-ctx.sides[x].score, x)
        )
        bracket = residents + ups
        inside = set(bracket)
        upset = frozenset(ups)
        cost = (0, 0, 0)
        for a in bracket:
            if a in mate and a < mate[a] and mate[a] in inside:
                cost = _add(cost, pair_cost(ctx, a, mate[a], upset))
        values = {
            "C4": len(ups),
            "C5": tuple(sorted((top - ctx.sides[u].score for u in ups), reverse=True)),
            "C6": C6_next_scoregroup(ctx, left, top, ups),
            "C7": C7_count(ctx, ups),
            "C8": cost[0],
            "C9": cost[1],
            "C10": cost[2],
        }
        out.append(BracketValues(top, bracket, values))
        left = [x for x in left if x not in inside]
    return out


def _plain(t: Tournament, pairing: Pairing) -> list[tuple[int, int]]:
    return [(min(w, b), max(w, b)) for w, b in pairing.pairs]


def evaluate(t: Tournament, pairing: Pairing, edition: str = "2026") -> tuple[dict[str, object], list[BracketValues]]:
    """Every criterion of ``pairing`` (a complete, legal pairing of its round of ``t``):
    the bye's place in the order of 3.4, then one :class:`BracketValues` per bracket,
    from the top. Every value is minimised, in the order of :func:`quality_criteria`."""
    ctx = prepare(t, edition, pairing.round)
    round_level: dict[str, object] = {}
    if pairing.bye is not None and pairing.bye in ctx.sides:
        s = ctx.sides[pairing.bye]
        round_level["3.4"] = (s.score, -s.matches, -s.tpn)
    return round_level, brackets_of(ctx, _plain(t, pairing), pairing.bye)


def quality_criteria(edition: str = "2026") -> list[tuple[str, str]]:
    """Every criterion :func:`evaluate` values, in priority order."""
    if edition not in EDITIONS:
        raise InputError(f"unknown edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    return [("3.4", "the bye: (score, -matches played, -TPN) of the team that has it")] + BRACKET_CRITERIA


def generation_article(edition: str = "2026") -> str:
    return "3.5.4 (order of the sets of upfloaters) and 3.6.3 (order of the identifiers)"


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who gets White (first board) when ``white`` and ``black`` meet, and the
    sub-article of Art. 4.3 that decides."""
    ctx = prepare(t, edition, round_number)
    return A4_colours(ctx, white, black)


def objective_vector(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[tuple[str, str, object]]:
    """The bye, then every bracket's criteria in priority order, brackets from the top,
    then the order of the text (3.5.4 set, 3.6.2 identifier) as the last components;
    compared lexicographically, smaller better."""
    round_level, brackets = evaluate(t, pairing, edition)
    out = vector_of(round_level, brackets, [a for a, _ in BRACKET_CRITERIA])
    plain = _plain(t, pairing)
    for g in brackets:
        members = set(g.players)
        ups = tuple(g.players[g.values["C4"] and len(g.players) - g.values["C4"] :]) if g.values["C4"] else ()
        out.append((fmt_value(g.score), "3.5.4", ups))
        out.append((fmt_value(g.score), "3.6.2", identifier(p for p in plain if p[0] in members)))
    return out


def compare(t: Tournament, edition: str = "2026", round_number: int | None = None) -> Comparison:
    """Pair a round both ways and say where the two differ on the objective vector."""
    lit = pair_round(t, edition, round_number, "literal")
    opt = pair_round(t, edition, round_number, "optimised")
    return Comparison.of(edition, lit, opt, objective_vector(t, lit, edition), objective_vector(t, opt, edition))
