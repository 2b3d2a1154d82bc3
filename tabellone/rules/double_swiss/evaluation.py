"""The criteria of a finished round as values (the verifier, ``explain`` and
:func:`compare`), and the article that decides a colour."""

from __future__ import annotations

from tabellone.core.model import WHITE, Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.comparison import BracketValues, Comparison
from tabellone.rules.comparison import objective_vector as vector_of
from tabellone.rules.double_swiss.bracket import A3_6_identifier
from tabellone.rules.double_swiss.colours import A4_colour
from tabellone.rules.double_swiss.criteria import C6_need, C7_count, C8_cost
from tabellone.rules.double_swiss.games import second_game
from tabellone.rules.double_swiss.procedure import Bracket, pair_round
from tabellone.rules.double_swiss.state import Ctx, prepare

#: The criteria of a bracket in priority order: (article, what is minimised).
BRACKET_CRITERIA = [
    ("C4", "number of upfloaters"),
    ("C5", "score differences of the upfloaters, largest first"),
    ("C6", "upfloaters the following scoregroup will need in its own bracket (2.3.3)"),
    ("C7", "upfloaters who floated in the previous round"),
    ("3.5.4", "the set of upfloaters in the order of 3.5.3-3.5.4 (TPNs)"),
    ("C8", "upfloaters' opponents who floated in the previous round"),
    ("3.6", "the pairing identifier of 3.6.2"),
]


def _values(ctx: Ctx, br: Bracket, remaining: set[int]) -> dict[str, object]:
    P = ctx.P
    return {
        "C4": len(br.upfloaters),
        "C5": tuple(sorted((br.score - P[u].score for u in br.upfloaters), reverse=True)),
        "C6": C6_need(ctx, br.residents, br.upfloaters, remaining),
        "C7": C7_count(ctx, br.upfloaters),
        "3.5.4": tuple(P[u].tpn for u in br.upfloaters),
        "C8": sum(C8_cost(ctx, a, b, br.score) for a, b in br.pairs),
        "3.6": A3_6_identifier(ctx, br.pairs),
    }


def _brackets_of(ctx: Ctx, pairing: Pairing) -> tuple[list[Bracket], int | None]:
    """Replay Art. 3.3 on a finished pairing: the top scoregroup of the players still to
    pair, with its residents' opponents from below as its upfloaters."""
    P = ctx.P
    idx = {e.id: k for k, e in enumerate(P)}
    mate: dict[int, int] = {}
    for w, b in pairing.pairs:
        if w in idx and b in idx:
            mate[idx[w]], mate[idx[b]] = idx[b], idx[w]
    bye = idx.get(pairing.bye) if pairing.bye is not None else None
    remaining = set(mate)
    out = []
    while remaining:
        top = max(P[i].score for i in remaining)
        residents = sorted((i for i in remaining if P[i].score == top), key=lambda i: P[i].tpn)
        ups = [mate[r] for r in residents if P[mate[r]].score < top]
        ups = tuple(sorted(set(ups), key=lambda i: (-P[i].score, P[i].tpn)))
        members = set(residents) | set(ups)
        pairs = sorted({(min(a, mate[a]), max(a, mate[a])) for a in members})
        out.append(Bracket(top, residents, ups, pairs))
        remaining -= members
    return out, bye


def evaluate(t: Tournament, pairing: Pairing, edition: str = "2026") -> tuple[dict[str, object], list[BracketValues]]:
    """Every criterion of ``pairing`` (a legal game-1 round of ``t``): the PAB first
    (3.4: score, matches played negated, TPN negated: all minimised), then one
    :class:`BracketValues` per bracket in the order of Art. 3.3. Game 2 has none."""
    if pairing.round % 2 == 0:
        return {}, []
    ctx = prepare(t, pairing.round)
    brackets, bye = _brackets_of(ctx, pairing)
    round_level: dict[str, object] = {}
    if bye is not None:
        e = ctx.P[bye]
        round_level["3.4"] = (e.score, -e.matches_played, -e.tpn)
    remaining = set(range(ctx.n)) - ({bye} if bye is not None else set())
    out = []
    for br in brackets:
        out.append(
            BracketValues(
                br.score, [ctx.P[i].id for i in br.residents + list(br.upfloaters)], _values(ctx, br, remaining)
            )
        )
        remaining -= set(br.residents) | set(br.upfloaters)
    return round_level, out


def quality_criteria(edition: str = "2026") -> list[tuple[str, str]]:
    """Every criterion :func:`evaluate` values, in priority order."""
    return [("3.4", "the PAB assignee: (score, -matches played, -TPN)")] + BRACKET_CRITERIA


def generation_article(edition: str = "2026") -> str:
    return "3.5.4 and 3.6.3 (lexicographic order)"


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who has White in game 1 of the match of ``white`` and ``black``, and the article of
    Art. 4.3 that decides it (game 2: the other player, Art. 4.4)."""
    r = round_number if round_number % 2 else round_number - 1
    ctx = prepare(t, r)
    by_id = {e.id: e for e in ctx.P}
    colour, article = A4_colour(by_id[white], by_id[black], ctx.initial)
    w = white if colour == WHITE else black
    if round_number % 2 == 0:
        w = black if w == white else white
        article = "4.4 (game 2 reverses game 1), " + article
    return w, article


def objective_vector(t: Tournament, pairing: Pairing) -> list[tuple[str, str, object]]:
    """The round's criteria as a flat list ``(bracket, article, value)``, for reports."""
    round_level, brackets = evaluate(t, pairing)
    return vector_of(round_level, brackets, [a for a, _ in BRACKET_CRITERIA], group=str)


def compare(t: Tournament, edition: str = "2026", round_number: int | None = None) -> Comparison:
    """Pair a game-1 round both ways (literal, optimised) and compare the pairings by their
    objective vectors (:func:`objective_vector`)."""
    r = t.next_round if round_number is None else round_number
    if r % 2 == 0:  # game 2 repeats game 1: nothing to decide
        g = second_game(t, r)
        return Comparison(r, edition, g, g, [], [], True, None, "equal")
    lit = pair_round(t, edition, r, "literal")
    opt = pair_round(t, edition, r, "optimised")
    return Comparison.of(edition, lit, opt, objective_vector(t, lit), objective_vector(t, opt))
