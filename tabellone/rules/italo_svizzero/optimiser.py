"""The optimisation model: the round paired by a lexicographic maximum-weight matching
whose objectives, most important first, are the score difference of the boards, the
rotation distance (how far each pair is from the order the rotation reads), and the
colour balance (:data:`~.view.OBJECTIVES`); the same objectives measure any round
(:func:`objective_vector`).

Ties. Pairings equal on all three objectives are common (in most later rounds of small
events): two boards ``(a, d)`` and ``(b, c)`` nested in the reading order (``a < b < c <
d``) span the same places and score steps as the crossing boards ``(a, c)`` and ``(b,
d)``, and only colours can tell them apart; so can forfeit points to one of two players
level at the bottom. Among equals the optimiser follows the rotation, whose first player
read takes the nearest opponent still free (Art. 5): it takes the pairing with the least
sum, over boards, of the rotation distance times the places from the board's first
player to the end of the reading order (``m`` places in all; forfeit points count as a
board to a place after the last, the square of the places left). Of two nested boards it
so takes the crossing ones (the sum is less by ``(b - a) (d - c)``), and forfeit points
go to the player read last. This chooses among pairings the three objectives rank equal,
never against them. Where even that ties, the whole field's matching decides
(:mod:`.shortlist`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from tabellone.core import progress
from tabellone.core.errors import NoPairingError
from tabellone.core.model import BLACK, WHITE
from tabellone.matching.backends import max_weight_matching
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.italo_svizzero.colours import art17_colours
from tabellone.rules.italo_svizzero.literal import finish_round, round1_receiver
from tabellone.rules.italo_svizzero.odd import art9_rests, award_levels
from tabellone.rules.italo_svizzero.rotation import start_origin
from tabellone.rules.italo_svizzero.shortlist import near_pairs, unique_best
from tabellone.rules.italo_svizzero.view import ItaloPairing, RoundView, Step, score_units


def colour_cost(view: RoundView, white: int, black: int) -> int:
    """Colour balance of one board: for each player, 2 if the colour he gets widens an
    imbalance of Whites and Blacks, 1 if he is balanced and gets the colour of his last
    game (no alternation), else 0."""
    cost = 0
    for p, gets in ((white, WHITE), (black, BLACK)):
        seq = view.colours[p]
        diff = seq.count(WHITE) - seq.count(BLACK)
        if (diff > 0 and gets == WHITE) or (diff < 0 and gets == BLACK):
            cost += 2
        elif diff == 0 and seq and seq[-1] == gets:
            cost += 1
    return cost


def reading_order(view: RoundView, players: Sequence[int], start: int) -> dict[int, int]:
    """Each player's place in the *reading order* of the rotation: the highest score
    group read round the circle from the start player (included), then each lower group
    read from the last player of the group above, as Art. 4-5 read the circle when no
    rematch interferes. Two players adjacent in this order are what the literal rotation
    pairs; a floater is adjacent to the first player of the group below."""
    pos = {p: i for i, p in enumerate(view.ring)}
    n = len(view.ring)
    groups: dict[Fraction, list[int]] = {}
    for p in players:
        groups.setdefault(view.score[p], []).append(p)
    cut = pos.get(start, 0)
    order: list[int] = []
    for s in sorted(groups, reverse=True):
        members = sorted(groups[s], key=lambda p: (pos[p] - cut) % n)
        order += members
        cut = pos[members[-1]]
    return {p: i for i, p in enumerate(order)}


def objective_vector(
    view: RoundView,
    pairs: Sequence[tuple[int, int]],
    award: int | None,
    start: int,
    players: Sequence[int] | None = None,
    odd: str = "forfeit",
) -> tuple[int, int, int]:
    """(score difference, rotation distance, colour balance) of a round, smaller better.

    * score difference: the sum over boards of the score gap, plus, for forfeit points,
      the receiver's score above the lowest score of the round (in the smallest unit of
      the scores);
    * rotation distance: the sum over boards of how far apart the two players are in the
      reading order of the rotation (:func:`reading_order`);
    * colour balance: :func:`colour_cost` of each board with Art. 17 colours.
    """
    everyone = list(players) if players is not None else [p for pr in pairs for p in pr] + ([award] if award else [])
    unit = score_units(view, everyone)
    rank = reading_order(view, everyone, start)
    low = min((view.score[p] for p in everyone), default=Fraction(0))
    s = rot = col = 0
    for a, b in pairs:
        ds, dr, dc = board_terms(view, rank, unit, a, b, odd)
        s, rot, col = s + ds, rot + dr, col + dc
    if award is not None:
        s += _award_term(view, unit, low, award)
    return s, rot, col


def gap_units(x: Fraction, y: Fraction, unit: int) -> int:
    """The score-difference objective between two scores, in the smallest unit of the
    round's scores (Art. 5: the same score, else the immediately lower one)."""
    return int(abs(x - y) * unit)


def board_terms(view: RoundView, rank: dict[int, int], unit: int, a: int, b: int, odd: str) -> tuple[int, int, int]:
    """The three objectives of one board: score gap, distance in the reading order
    (``rank``, :func:`reading_order`), and :func:`colour_cost` with Art. 17 colours."""
    w, bl = art17_colours(view, a, b, odd)
    return gap_units(view.score[a], view.score[b], unit), abs(rank[a] - rank[b]), colour_cost(view, w, bl)


def _board_terms_table(
    view: RoundView, players: Sequence[int], rank: dict[int, int], unit: int, odd: str
) -> Callable[[int, int], tuple[int, int, int] | None]:
    """Speed only: :func:`board_terms` of a pair who may meet (Art. 6), None for a pair
    who may not, with what depends on one player computed once: the score in units, the
    colour cost of either colour (:func:`colour_cost` is a sum over the two players),
    and the Art. 17 colours from the counts and sequences (rounds where 9.4 or the
    first-round rule decides go through :func:`art17_colours`). The same values as
    :func:`board_terms`, for the n^2 / 2 edges of the optimiser."""
    units = {p: int(view.score[p] * unit) for p in players}
    as_white: dict[int, int] = {}
    as_black: dict[int, int] = {}
    for p in players:
        seq = view.colours[p]
        diff = seq.count(WHITE) - seq.count(BLACK)
        last = seq[-1] if seq else None
        as_white[p] = 2 if diff > 0 else (1 if diff == 0 and last == WHITE else 0)
        as_black[p] = 2 if diff < 0 else (1 if diff == 0 and last == BLACK else 0)
    opponents, prohibited = view.opponents, view.prohibited
    whites, colours = view.whites, view.colours
    general = view.round > 1 and not (odd == "rest" and view.round == 2)
    italiana = view.game == "italiana"
    first_round, capo5 = view.round == 1, view.edition == "capo5"

    def white_of(a: int, b: int) -> int:  # art17_decision, from 17.1 on
        wa, wb = whites[a], whites[b]
        if wa != wb:
            return a if wa < wb else b
        ca, cb = colours[a], colours[b]
        for i in range(1, min(len(ca), len(cb)) + 1):
            if ca[-i] != cb[-i]:
                return a if ca[-i] == BLACK else b
        sa, sb = units[a], units[b]
        if sa != sb:
            return a if (sa > sb) == italiana else b
        lo, hi = (a, b) if a < b else (b, a)
        return lo if italiana else hi

    def terms(a: int, b: int) -> tuple[int, int, int] | None:
        if a == b or b in opponents[a] or (prohibited and frozenset((a, b)) in prohibited):
            return None
        if general:
            w = white_of(a, b)
            bl = b if w == a else a
        elif first_round:  # art17_decision in round 1: odd draw numbers (capo5), else the first
            lo, hi = (a, b) if a < b else (b, a)
            w, bl = (hi, lo) if capo5 and lo % 2 == 0 and hi % 2 == 1 else (lo, hi)
        else:
            w, bl = art17_colours(view, a, b, odd)
        ra, rb = rank[a], rank[b]
        return abs(units[a] - units[b]), (ra - rb if ra > rb else rb - ra), as_white[w] + as_black[bl]

    return terms


def _weighed(
    view: RoundView,
    players: Sequence[int],
    pairs: Iterable[tuple[int, int]],
    terms_of: Callable[[int, int], tuple[int, int, int] | None],
    rank: dict[int, int],
    unit: int,
    low: Fraction,
) -> list[tuple[int, int, tuple[int, int, int, int]]]:
    """The pairs (indices into ``players``; index ``len(players)`` is the forfeit
    points) who may meet, with their three objectives and the tie-break: the rotation
    distance times the places from the board's first player to the end of the reading
    order; for forfeit points, which sit after the last place, the square of those
    places (module docstring)."""
    m = len(players)
    raw = []
    for i, j in pairs:
        if j == m:
            left = m - rank[players[i]]
            raw.append((i, j, (_award_term(view, unit, low, players[i]), 0, 0, left * left)))
            continue
        terms = terms_of(players[i], players[j])
        if terms is not None:
            raw.append((i, j, (*terms, terms[1] * (m - min(rank[players[i]], rank[players[j]])))))
    return raw


def _packed(raw: list[tuple[int, int, tuple[int, int, int, int]]], n: int) -> list[tuple[int, int, int]]:
    """The edges of the matching: one pair more, then the three objectives and the
    tie-break packed into one weight, most important highest, each field wide enough for
    its sum over a whole pairing. The heaviest matching therefore pairs as many players
    as can be paired (without asking the solver for the most pairs, so its quick greedy
    start applies), and of those it is the lexicographically smallest pairing."""
    t0, t1, t2, t3 = (max(v[k] for _, _, v in raw) for k in range(4))
    k_edges = n // 2
    layout = fit_layout(
        ["one", "score", "rotation", "colour", "ties"],
        [k_edges, t0 * k_edges, t1 * k_edges, t2 * k_edges, t3 * k_edges],
    )
    s4, s0, s1, s2, s3 = layout.shifts  # layout.pack, inlined for the many edges
    one = 1 << s4
    return [
        (i, j, one + ((t0 - v0) << s0) + ((t1 - v1) << s1) + ((t2 - v2) << s2) + ((t3 - v3) << s3))
        for i, j, (v0, v1, v2, v3) in raw
    ]


def _award_term(view: RoundView, unit: int, low: Fraction, award: int) -> int:
    """The score objective of forfeit points (Art. 8: to the last in the standings): the
    receiver's score above the lowest score of the round."""
    return gap_units(view.score[award], low, unit)


def pair_optimised(view: RoundView, start: int | None, odd: str) -> ItaloPairing:
    r = view.round
    rests = art9_rests(view, odd)
    players = [p for p in view.to_pair if p not in set(rests)]
    origin = players[0] if (r == 1 and players) else start_origin(view, start)[0]
    notes: list[str] = []
    odd_count = len(players) % 2 == 1
    candidates_sets: list[set[int] | None]
    if not odd_count:
        candidates_sets = [None]
    elif r == 1:
        candidates_sets = [{round1_receiver(view, players)}]
    else:
        strict = {p for lvl in award_levels(view, players, True, odd) for p in lvl}
        loose = {p for lvl in award_levels(view, players, False, odd) for p in lvl}
        candidates_sets = [c for c in (strict, loose) if c]
        if not candidates_sets:
            raise NoPairingError(f"round {r}: every player has had forfeit points already (Art. 11)")
    unit = score_units(view, players)
    rank = reading_order(view, players, origin)
    low = min((view.score[p] for p in players), default=Fraction(0))
    m = len(players)
    terms_of = _board_terms_table(view, players, rank, unit, odd)
    index = {p: i for i, p in enumerate(players)}
    barred = [sum(1 for q in view.opponents[p] if q in index) for p in players]
    for pair in view.prohibited:
        if all(q in index for q in pair):
            for q in pair:
                barred[index[q]] += 1
    near = near_pairs([rank[p] for p in players], barred, odd_count)
    for k, cands in enumerate(candidates_sets):
        progress.step(k + 1, len(candidates_sets), "matching")
        n = m + (1 if cands is not None else 0)
        receivers = [i for i, a in enumerate(players) if cands is not None and a in cands]
        raw = _weighed(view, players, near + [(i, m) for i in receivers], terms_of, rank, unit, low)
        mate = unique_best(n, _packed(raw, n)) if raw else None
        if mate is None:  # several best pairings, or fewer paired: the whole field decides
            awarded = set(receivers)
            whole = ((i, j) for i in range(m) for j in [*range(i + 1, m), *([m] if i in awarded else [])])
            raw = _weighed(view, players, whole, terms_of, rank, unit, low)
            if not raw:
                continue
            mate = max_weight_matching(n, _packed(raw, n))
        if len(mate) != n:
            continue
        pairs = []
        award = None
        for i in range(m):
            j = mate[i]
            if j == m:
                award = players[i]
            elif i < j:
                pairs.append((players[i], players[j]))
        # board order: higher score first, then the rotation order of the nearer player
        pairs.sort(key=lambda pr: (-max(view.score[pr[0]], view.score[pr[1]]), min(rank[pr[0]], rank[pr[1]])))
        order = [tuple(sorted(pr, key=lambda p: rank[p])) for pr in pairs]
        if cands is not candidates_sets[0]:
            notes.append("forfeit points given without the Art. 10 condition: no legal pairing satisfied it")
        steps = [Step("rest", (p,)) for p in rests] + ([Step("award", (award,))] if award is not None else [])
        return finish_round(view, order, award, rests, origin, 0, steps, "optimised", odd, notes)
    raise NoPairingError(f"round {r}: no pairing without a rematch exists")
