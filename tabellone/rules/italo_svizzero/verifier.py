"""What ``tabellone check`` and ``explain`` read (:mod:`tabellone.verify.checker`): the
optimiser's objectives named by their articles and measured score group by score group
(:func:`evaluate`, :func:`quality_criteria`), the article that gives a colour
(:func:`colour_article`), the step of the rotation that forms a pair
(:func:`explain_steps`), suspended games scored as the edition counts them
(:func:`score_suspended`), and every round of a file checked (:func:`verify`).
"""

from __future__ import annotations

from fractions import Fraction

from tabellone.core.model import WHITE, RoundEntry, Tournament
from tabellone.core.pairing import Pairing
from tabellone.core.scoring import format_points
from tabellone.rules.comparison import BracketValues
from tabellone.rules.italo_svizzero.colours import art17_decision, without_forfeit_colours
from tabellone.rules.italo_svizzero.comparison import compare_pairings
from tabellone.rules.italo_svizzero.engine import pair_round, start_before
from tabellone.rules.italo_svizzero.literal import pair_literal
from tabellone.rules.italo_svizzero.odd import detect_odd_method
from tabellone.rules.italo_svizzero.optimiser import board_terms, gap_units, pair_optimised, reading_order
from tabellone.rules.italo_svizzero.rotation import start_origin
from tabellone.rules.italo_svizzero.trace import rotation_trace
from tabellone.rules.italo_svizzero.view import (
    OBJECTIVES,
    check_options,
    forfeit_colour,
    round_view,
    score_units,
    with_entries,
)

#: The objectives (:data:`OBJECTIVES`, in priority order) named by the article of each
#: text they stand for, with what is minimised.
_CRITERIA = {
    "capo5": ("Art. 5", "Art. 4", "Art. 17"),
    "2.2": ("Art. 2.3", "Art. 2.2", "Art. 2.51"),
}


_CRITERIA_WHAT = (
    "score difference (points carried down to a lower score)",
    "rotation distance (of the two players of each board in the reading order)",
    "colour balance (Art. 17 colours that unbalance or do not alternate)",
)


#: The round-level criterion: who takes the forfeit points (Art. 8 / 2.43).
AWARD_ARTICLE = {"capo5": "Art. 8", "2.2": "Art. 2.43"}


ScoreGroupValues = BracketValues  # the one definition: tabellone.rules.comparison


def quality_criteria(edition: str) -> list[tuple[str, str]]:
    """The optimisation model's objectives in priority order, as ``(article, what is
    minimised)``: score difference (Art. 5 / 2.3), rotation distance (Art. 4 / 2.2),
    colour balance (Art. 17 / 2.51)."""
    check_options(edition, "italiana")
    return list(zip(_CRITERIA[edition], _CRITERIA_WHAT))


def evaluate(
    t: Tournament, pairing: Pairing, edition: str = "capo5", game: str = "italiana", odd: str | None = None
) -> tuple[dict[str, object], list[ScoreGroupValues]]:
    """The criteria of a round of ``t`` (which holds the rounds before it), every value
    minimised: round level, the score of the player given the forfeit points (Art. 8 /
    2.43); then score group by score group from the top:

    * score difference: the players who leave the group for a lower score (paired further
      down), times the step to the next score; summed over the groups this is the board
      score gaps of :func:`objective_vector`;
    * rotation distance and colour balance of the boards completed in the group (whose
      lower player is on its score), as :func:`objective_vector` counts them.

    The rotation's reading order starts where the rules start the round
    (:func:`rotation_trace`)."""
    check_options(edition, game)
    odd = odd or detect_odd_method(t)
    view = round_view(t, pairing.round, edition, game)
    mate: dict[int, int] = {}
    for w, b in pairing.pairs:
        mate[w], mate[b] = b, w
    players = [p for p in view.ring if p in mate or p == pairing.bye]
    if not players:
        return {}, []
    if view.round == 1:
        origin = players[0]
    else:
        origin = start_origin(view, start_before(t, edition, game, odd, view.round))[0]
    unit = score_units(view, players)
    rank = reading_order(view, players, origin)
    score = view.score
    names = _CRITERIA[edition]
    round_level: dict[str, object] = {}
    if pairing.bye is not None:
        round_level[AWARD_ARTICLE[edition]] = score[pairing.bye]
    scores = sorted({score[p] for p in players}, reverse=True)
    floor = {p: min(score[p], score[mate[p]]) for p in mate}  # the score group his board is completed in
    place = {p: i for i, p in enumerate(view.ring)}
    out: list[ScoreGroupValues] = []
    for k, s in enumerate(scores):
        members = sorted((p for p in mate if score[p] >= s >= floor[p]), key=lambda p: (-score[p], place[p]))
        leaving = [p for p in members if floor[p] < s]
        carried = len(leaving) * gap_units(s, scores[k + 1], unit) if leaving else 0
        rot = col = 0
        for w, b in pairing.pairs:
            if floor[w] == s:
                _, dr, dc = board_terms(view, rank, unit, w, b, odd)
                rot, col = rot + dr, col + dc
        out.append(ScoreGroupValues(s, members, {names[0]: Fraction(carried, unit), names[1]: rot, names[2]: col}))
    return round_level, out


def colour_article(
    t: Tournament,
    round_number: int,
    white: int,
    black: int,
    edition: str = "capo5",
    game: str = "italiana",
    odd: str | None = None,
) -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet in ``round_number`` of ``t``, and
    the step of Art. 17 (9.4 at the entry of round-1 resters; 2.52 in round 1 with seed
    002) that decides it; when counting forfeit wins with their Art. 14 (2.6) colour
    changes the outcome, the article says so."""
    check_options(edition, game)
    odd = odd or detect_odd_method(t)
    view = round_view(t, round_number, edition, game)
    w, _, article = art17_decision(view, white, black, odd)
    if round_number > 1:
        plain = without_forfeit_colours(view, (white, black))
        if art17_decision(plain, white, black, odd)[0] != w:
            rule = "2.6" if edition == "2.2" else "14"
            colour = "White" if forfeit_colour(edition, game) == WHITE else "Black"
            article += f" (with Art. {rule}: a forfeit win counts as {colour})"
    return w, article


def explain_steps(
    t: Tournament,
    round_number: int,
    edition: str = "capo5",
    pair: tuple[int, int] | None = None,
    bye: int | None = None,
    game: str = "italiana",
    odd: str | None = None,
) -> list[str]:
    """How the literal procedure forms ``pair`` (or gives ``bye`` the forfeit points) in
    round ``round_number`` of ``t``: the step of the rotation and its article, read from
    the trace of :func:`pair_round`. Empty when the rules do not pair them so."""
    p = pair_round(t, edition, round_number, game, "literal", odd)
    view = round_view(t, round_number, edition, game)

    def pts(x: int) -> str:
        return format_points(view.score[x])

    a5 = _CRITERIA[edition][0]
    lines: list[str] = []
    if pair is not None:
        target = frozenset(pair)
        origin, first_step = p.start, True
        undone: list[tuple[int, ...]] = []
        for step in p.steps:
            if step.kind == "pair":
                first, second = step.players
                if frozenset(step.players) == target and step.players not in undone:
                    if view.round == 1:
                        return [
                            f"the rotation of round 1 pairs the players in draw order, 1-2, 3-4, ... ({'Art. 3' if edition == 'capo5' else 'Art. 2.1'})"
                        ]
                    where = f"reading the circle from {origin}" + (
                        " (the start of the round)" if first_step else ", the last player paired"
                    )
                    a4 = "Art. 4" if edition == "capo5" else "Art. 2.2"
                    lines.append(
                        f"{a4}: {where}, {first} is the first player on the highest free score ({pts(first)} points)"
                    )
                    if view.score[second] == view.score[first]:
                        lines.append(
                            f"{a5}: {second} is the first free player after {first} on the same score whom he has not met"
                        )
                    else:
                        lines.append(
                            f"{a5}: no free player on {pts(first)} points is left whom {first} has not met; {second} is the first"
                            f" such player on the next score that has one ({pts(second)} points), reading on from the last player considered"
                        )
                    return lines
                origin, first_step = second, False
            elif step.kind == "unpair":
                undone.append(step.players)
            elif step.kind == "regroup" and frozenset(step.players) == target:
                gone = ", ".join("-".join(map(str, u)) for u in undone) or "none"
                art = "Art. 15" if edition == "capo5" else "Art. 2.42 (Art. 15)"
                return [
                    f"{art}: the last players could not be paired without a rematch; the pairs undone ({gone}) and the "
                    f"players left over were regrouped, and {pair[0]}-{pair[1]} is in the first regrouping in draw-number order"
                ]
        return []
    if bye is None or p.bye != bye:
        return []
    art = AWARD_ARTICLE[edition]
    if view.round == 1:
        return [f"{art}: with an odd field the last player listed, {bye}, takes the forfeit points in round 1"]
    who = "never had them, Art. 11" + (
        "; has not met a withdrawn player, Art. 10" if view.departed and not p.notes else ""
    )
    lines.append(
        f"{art}: {bye} ({pts(bye)} points) is last in the standings of the players who may take the forfeit points ({who})"
    )
    if p.steps and p.steps[-1].kind == "award":
        lines.append(f"{art}: several were level on that score; the rotation of the others left {bye} free")
    lines += list(p.notes)
    return lines


def score_suspended(
    t: Tournament, edition: str = "capo5", round_number: int | None = None
) -> tuple[Tournament, str | None]:
    """``t`` with every game still without a result in the rounds before ``round_number``
    (default: the next round) entered as the text counts it for pairing: a draw (Art.
    16) or won by both (2.41, a played win ``W`` for each); and a note naming them
    (``None`` when there are none). For outputs that read the general tournament state,
    which refuses games without results; the pairing is the same either way."""
    check_options(edition, "italiana")
    r = t.next_round if round_number is None else round_number
    code = "=" if edition == "capo5" else "W"
    changed: dict[int, dict[int, RoundEntry]] = {}
    games = []
    for p in t.players:
        for k in range(1, min(r, len(p.rounds) + 1)):
            e = p.rounds[k - 1]
            if e.pending:
                changed.setdefault(k, {})[p.id] = RoundEntry(e.opponent, e.colour, code)
                if p.id < e.opponent:
                    games.append(f"{p.id}-{e.opponent} (round {k})")
    if not changed:
        return t, None
    for k, entries in changed.items():
        t = with_entries(t, k, entries)
    how = "draws (Art. 16)" if edition == "capo5" else "won by both (2.41)"
    return t, f"suspended games counted as {how} for pairing: {', '.join(games)}"


def verify(t: Tournament, edition: str = "capo5", game: str = "italiana", odd: str | None = None) -> list[dict]:
    """Re-pair every recorded round from the rounds before it, by the literal rotation and
    by the optimiser; one report per round: whether the file follows the rotation, and
    where (and on which objective) the optimiser and the rotation differ."""
    odd = odd or detect_odd_method(t)
    trace = rotation_trace(t, edition, game, odd)
    out = []
    for tr in trace:
        view = round_view(t, tr.round, edition, game)
        start = trace[tr.round - 2].next_start if tr.round > 1 else None
        lit = pair_literal(view, start, odd)
        opt = pair_optimised(view, start, odd)
        c = compare_pairings(view, lit, opt, odd)
        out.append(
            {
                "round": tr.round,
                "file_follows_rotation": tr.literal,
                "agree": c.agree,
                "literal_vector": c.literal_vector,
                "optimised_vector": c.optimised_vector,
                "winners": dict(zip(OBJECTIVES, c.winners)),
                "only_literal": sorted(
                    tuple(p) for p in lit.pairs if frozenset(p) not in {frozenset(q) for q in opt.pairs}
                ),
                "only_optimised": sorted(
                    tuple(p) for p in opt.pairs if frozenset(p) not in {frozenset(q) for q in lit.pairs}
                ),
            }
        )
    return out
