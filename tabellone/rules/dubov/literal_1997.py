"""The literal 1997 procedure (art. 5-8): first round, then score group by score group:
floaters from above, islands, the odd group, floaters, equalising the colour subgroups,
rows.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from tabellone.core import progress
from tabellone.core.errors import NoPairingError
from tabellone.core.model import BLACK, WHITE
from tabellone.rules.dubov.bye import R4_bye, _bye_leaves_pairable
from tabellone.rules.dubov.completion import Completion, seed_rows
from tabellone.rules.dubov.follow import TEXT
from tabellone.rules.dubov.groups_1997 import _roles_1997
from tabellone.rules.dubov.lex_matching import _lex_match, _setbit
from tabellone.rules.dubov.optimiser_1997 import _close_group_1997, _pair_1997_optimised_group
from tabellone.rules.dubov.orders import R6_2_black_order, R6_2_white_order, R6_3_rows, R7_3_order, R7_4_order

if TYPE_CHECKING:
    from tabellone.rules.dubov.context import Ctx
    from tabellone.rules.dubov.follow import Follow


def R5_first_round(ctx: Ctx, oracle: Completion, follow: Follow = TEXT) -> tuple[list[tuple[int, int]], int | None]:
    """Art. 5 (1997): the list (by pairing number) is cut in two halves; the first of
    the upper half meets the first of the lower half, and so on; with an odd number the
    last player gets the bye. The colour of the first pair is drawn (the initial colour
    goes to its upper player); odd-numbered pairs repeat it, even-numbered pairs have the
    other colour. Reading (art. 5, 6.3, 9): a pair that may not meet (a prohibited pair)
    is corrected as in 6.3, and a bye that 2.2 forbids passes to the next player up.
    Returns (upper, lower) pairs in row order."""
    order = sorted(range(ctx.n), key=lambda i: ctx.P[i].tpn)
    bye = None
    if ctx.n % 2:
        bye = follow.pick("1997 5", None, order[::-1], lambda i: _bye_leaves_pairable(oracle, ctx.P[i]))
        if bye is None:
            raise NoPairingError("no player can take the bye (1997 Art. 2.2, 5)")
        oracle.remove(bye)
        order.remove(bye)
    follow.group(ctx.P[0].score, oracle)
    half = len(order) // 2
    top, bottom = order[:half], order[half:]
    tset = set(top)

    def ok(partial):
        return oracle.feasible(partial, lambda a, b: (a in tset) != (b in tset))

    seed_rows(oracle, top, bottom, lambda a, b: (a in tset) != (b in tset))
    rows = R6_3_rows(top, bottom, ok)
    if rows is not None:
        follow.first_round(top, bottom, rows)
    else:
        rows = _general_rows(ctx, oracle, order)
        follow.arbiter(ctx, order, rows)
    return rows, bye


def _general_rows(ctx: Ctx, oracle: Completion, members: list[int]) -> list[tuple[int, int]]:
    mate = _close_group_1997(ctx, oracle, members, optimise=True)
    return [(u, mate[u]) for u in members if u < mate[u]]


def R7_1_islands(ctx: Ctx, oracle: Completion, members: list[int], follow: Follow = TEXT) -> list[tuple[int, int]]:
    """Art. 7.1 (1997): a player who has already met (or may not meet) every player of
    his score group gets an opponent from the next possible lower score group: of the
    opposite due colour if possible, the highest rating, then the lowest ARO (then the
    same due colour in that order, as Vega's manual reads it).

    Readings (art. 7.1, 9): islands are taken in the order of 6.2 (Whites, then Blacks);
    the opponent must be one whose pairing keeps the round pairable; with 2.5 waived for
    the round (see :func:`pair_round`), players within 2.5 are tried first."""
    P = ctx.P
    pairs = []
    for i in R6_2_white_order(P[j] for j in members if P[j].due == WHITE) + R6_2_black_order(
        P[j] for j in members if P[j].due == BLACK
    ):
        i = i.index
        if i in oracle.mate:
            continue
        others = [j for j in members if j != i and j not in oracle.mate]
        if any(ctx.compat[i][j] for j in others):
            continue
        s = P[i].score
        lower = sorted({P[j].score for j in oracle.free() if P[j].score < s}, reverse=True)
        order: list[int] = []
        for level in lower:
            cands = [P[j] for j in oracle.free() if P[j].score == level and ctx.compat[i][j]]
            cands.sort(key=lambda p: (not ctx.upfloat_ok[p.index], p.due == P[i].due, -p.rating, p.aro, p.tpn))
            order += [c.index for c in cands]
        chosen = follow.pick("1997 7.1", frozenset({i}), order, lambda j: oracle.feasible([(i, j)]))
        if chosen is not None:
            oracle.commit(i, chosen)
            pairs.append((i, chosen))
    return pairs


def R7_2_odd_group(ctx: Ctx, oracle: Completion, members: list[int], follow: Follow = TEXT) -> int | None:
    """Art. 7.2 (1997): a group with an odd number of players takes one from the nearest
    lower score group: one who has not met at least one of its players and can be paired
    by the colour rules; of the colour opposite to the group's dominating due colour,
    then the highest rating, then the lowest ARO (then the same colour, Vega's reading).

    Reading (art. 7.2, 9): the group with him must be pairable within itself and the
    round completable; with 2.5 waived, players within 2.5 first."""
    P = ctx.P
    left = [j for j in members if j not in oracle.mate]
    if len(left) % 2 == 0:
        return None
    whites = sum(1 for j in left if P[j].due == WHITE)
    dominating = WHITE if whites * 2 > len(left) else BLACK
    s = P[left[0]].score
    lower = sorted({P[j].score for j in oracle.free() if P[j].score < s}, reverse=True)
    lset = set(left)
    order: list[int] = []
    for level in lower:
        cands = [P[j] for j in oracle.free() if P[j].score == level and any(ctx.compat[j][k] for k in left)]
        cands.sort(key=lambda p: (not ctx.upfloat_ok[p.index], p.due == dominating, -p.rating, p.aro, p.tpn))
        order += [c.index for c in cands]

    def closes(c: int) -> bool:
        closed = lset | {c}
        return oracle.feasible([], lambda a, b: (a in closed) == (b in closed))

    return follow.pick("1997 7.2", frozenset(lset), order, closes)


def R7_3_7_4_equalise(ctx: Ctx, members: list[int]) -> tuple[list[int], list[int]]:
    """Art. 7.3 / 7.4 (1997): with 2n more due-White than due-Black players, the n
    due-White players with the lowest ARO (then the higher rating, then alphabetical)
    join the Black subgroup; in the mirror case the n due-Black players with the highest
    ARO (then the lower rating, then alphabetical) join the White subgroup. Art. 2.6: a
    player whose other colour would break 2.3 or 2.4 is not moved (the next one is)."""
    P = ctx.P
    W = [j for j in members if P[j].due == WHITE]
    B = [j for j in members if P[j].due == BLACK]
    diff = len(W) - len(B)
    if diff > 0:
        movable = [p.index for p in R7_3_order(P[j] for j in W) if BLACK in p.allowed]
        move = movable[: diff // 2]
        W = [j for j in W if j not in move]
        B = B + move
    elif diff < 0:
        movable = [p.index for p in R7_4_order(P[j] for j in B) if WHITE in p.allowed]
        move = movable[: (-diff) // 2]
        B = [j for j in B if j not in move]
        W = W + move
    return W, B


def R6_3_same_colour_partner(
    ctx: Ctx, oracle: Completion, W: list[int], B: list[int], closed: set[int], follow: Follow = TEXT
) -> tuple[int, int] | None:
    """Art. 6.3, last paragraph (1997): when White no. k has met every Black, his
    opponent is sought among the Whites k+1 .. n, then k-1 .. 1. Reading (art. 6.3): the
    mirror rule for a Black who has met every White; the pair must keep the group and
    the round pairable."""
    P = ctx.P

    def edge_ok(a, b):
        return (a in closed) == (b in closed)

    for side, other in ((R6_2_white_order(P[j] for j in W), B), (R6_2_black_order(P[j] for j in B), W)):
        order = [p.index for p in side]
        for k, i in enumerate(order):
            if any(ctx.compat[i][j] for j in other):
                continue
            j = follow.pick(
                "1997 6.3 partner",
                frozenset({i}),
                order[k + 1 :] + order[:k][::-1],
                lambda j, i=i: ctx.compat[i][j] and oracle.feasible([(i, j)], edge_ok),
            )
            if j is not None:
                return i, j
    return None


def R6_4_floater_order(ctx: Ctx, oracle: Completion, candidates: list[int], from_above: set[int]) -> list[int]:
    """Art. 6.4 (1997): floaters are chosen, in decreasing preference, among players who
    (1) did not come from a higher group and can be paired in the lower one, (2) did not
    come down and cannot, (3) came down and can, (4) came down and cannot. Reading
    (art. 6.4): inside a class, the lowest-ranked player (largest pairing number) first."""
    P = ctx.P

    def can_lower(i):
        return any(ctx.compat[i][j] for j in oracle.free() if P[j].score < P[i].score)

    return sorted(candidates, key=lambda i: (i in from_above, not can_lower(i), -P[i].tpn))


def R8_floaters(
    ctx: Ctx, oracle: Completion, floaters: list[int], members: list[int], follow: Follow = TEXT
) -> tuple[list[tuple[int, int]], list[int]]:
    """Art. 8 (1997): floaters due White sorted as the Whites of 6.2, those due Black as
    its Blacks; from the highest White floater, alternating White and Black, each is
    paired with the player of the group with the highest rating, of the opposite due
    colour if possible; equal ratings, the lower ARO. Reading (art. 8.2, 9): the opponent
    must keep the round pairable; a floater left without one floats on."""
    P = ctx.P
    ws = [p.index for p in R6_2_white_order(P[i] for i in floaters if P[i].due == WHITE)]
    bs = [p.index for p in R6_2_black_order(P[i] for i in floaters if P[i].due == BLACK)]
    order = []
    for k in range(max(len(ws), len(bs))):
        if k < len(ws):
            order.append(ws[k])
        if k < len(bs):
            order.append(bs[k])
    pairs, left = [], []
    for f in order:
        cands = [P[j] for j in members if j not in oracle.mate]
        cands.sort(key=lambda p: (p.due == P[f].due, -p.rating, p.aro, p.tpn))
        c = follow.pick(
            "1997 8.2",
            frozenset({f}),
            [p.index for p in cands],
            lambda j, f=f: ctx.compat[f][j] and oracle.feasible([(f, j)]),
        )
        if c is None:
            left.append(f)
        else:
            oracle.commit(f, c)
            pairs.append(_roles_1997(ctx, f, c))
    return pairs, left


def _pair_1997_literal_group(
    ctx: Ctx, oracle: Completion, s: Fraction, incoming: list[int], follow: Follow = TEXT
) -> tuple[list[tuple[int, int]], list[int]]:
    """One score group by the 1997 procedure: 8 (floaters from above), 7.1, 7.2,
    6.4, 7.3/7.4, 6.2/6.3. Returns (row, column) pairs and the floaters going down.
    ``follow`` takes the decisions (:class:`Follow`)."""
    P = ctx.P
    follow.group(s, oracle)
    free = set(oracle.free())
    members = [i for i in range(ctx.n) if P[i].score == s and i in free]
    pairs, incoming = R8_floaters(ctx, oracle, incoming, members, follow)
    members = [i for i in members if i not in oracle.mate]
    for a, b in R7_1_islands(ctx, oracle, members, follow):
        pairs.append(_roles_1997(ctx, a, b))
    members = [i for i in members if i not in oracle.mate]
    extra = R7_2_odd_group(ctx, oracle, members, follow)
    if extra is not None:
        members.append(extra)
    down = list(incoming)
    floated = False
    while members:
        closed = set(members)

        def closed_ok(a, b, closed=closed):
            return (a in closed) == (b in closed)

        if len(members) % 2 or not oracle.feasible([], closed_ok):
            # 6.4: the group cannot be paired inside itself; choose the floaters
            floaters = _choose_floaters_1997(ctx, oracle, members, set())
            follow.floaters(ctx, oracle, members, floaters)
            floated = True
            down += floaters
            members = [i for i in members if i not in floaters]
            continue
        if not floated:
            follow.floaters(ctx, oracle, members, [])
            floated = True
        W, B = R7_3_7_4_equalise(ctx, members)
        wset, bset = set(W), set(B)
        rows = [p.index for p in R6_2_white_order(P[i] for i in W)]
        cols = [p.index for p in R6_2_black_order(P[i] for i in B)]

        def bip_ok(a, b, wset=wset, bset=bset, closed=closed):
            if a in closed or b in closed:
                return (a in wset and b in bset) or (a in bset and b in wset)
            return True

        got = None
        if len(W) == len(B) and oracle.feasible([], bip_ok):
            if seed_rows(oracle, rows, cols, bip_ok) is None:
                _seed_rows(ctx, oracle, rows, cols, bip_ok)
            got = R6_3_rows(rows, cols, lambda partial: oracle.feasible(partial, bip_ok))
        if got is not None:
            follow.rows(ctx, members, rows, cols, got)
            for a, b in got:
                oracle.commit(a, b)
            pairs += got
            break
        pair = R6_3_same_colour_partner(ctx, oracle, W, B, closed, follow)
        if pair is not None:
            oracle.commit(*pair)
            pairs.append(_roles_1997(ctx, *pair))
            members = [i for i in members if i not in pair]
            continue
        # Reading (art. 9): no row assignment exists and nobody has met a whole
        # subgroup: the arbiter pairs the group as the optimisation model does.
        pairs += _arbiter_closes(ctx, oracle, members, follow)
        break
    return pairs, down


def _arbiter_closes(ctx: Ctx, oracle: Completion, members: list[int], follow) -> list:
    """Reading (art. 9): where the text's procedure gives no answer, the arbiter pairs
    ``members`` as the optimisation model does; the pairs made, committed to the oracle
    and shown to ``follow``, with their colours."""
    mate = _close_group_1997(ctx, oracle, members, optimise=True)
    made = [(u, mate[u]) for u in members if u < mate[u]]
    follow.arbiter(ctx, members, made)
    out = []
    for u, v in made:
        oracle.commit(u, v)
        out.append(_roles_1997(ctx, u, v))
    return out


def _seed_rows(ctx: Ctx, oracle: Completion, rows: list[int], cols: list[int], edge_ok) -> None:
    """Speed only: a witness that pairs the rows with the columns in order wherever it
    can, so that the checks of 6.3 rarely need a new matching."""
    rp = {r: len(rows) - k for k, r in enumerate(rows)}
    cp = {c: len(cols) - k for k, c in enumerate(cols)}
    n = len(rows) + 1

    def fields(u, v):
        if u in rp and v in cp:
            return [rp[u] * cp[v]]
        if v in rp and u in cp:
            return [rp[v] * cp[u]]
        return [0]

    _lex_match(ctx, oracle, fields, [n * n], edge_ok)


def _choose_floaters_1997(ctx: Ctx, oracle: Completion, members: list[int], from_above: set[int]) -> list[int]:
    """6.4: the fewest floaters, chosen in the order of :func:`R6_4_floater_order`: an
    internal pair weighs what its two players' staying is worth, so that the players
    first in that order are the ones left to float."""
    order = R6_4_floater_order(ctx, oracle, members, from_above)
    mem = set(members)
    n = len(members)
    pos = {i: k for k, i in enumerate(order)}
    full = 1 << n

    def fields(u, v):
        if u in mem and v in mem:
            return [1, 2 * full - _setbit(pos[u], n) - _setbit(pos[v], n)]
        return [0, 0]

    mate = _lex_match(ctx, oracle, fields, [1, 2 * full])
    return [i for i in order if mate.get(i) not in mem]


def _first_round_1997(ctx: Ctx) -> bool:
    """Art. 5 (1997) pairs the round: nobody has played and all have one score."""
    return all(p.no_games for p in ctx.P) and len({p.score for p in ctx.P}) == 1


def _pair_1997(ctx: Ctx, optimise: bool, follow: Follow = TEXT) -> tuple[list[tuple[int, int]], int | None]:
    """The 1997 round: the literal procedure (decisions taken by ``follow``) or, with
    ``optimise``, the optimisation model group by group."""
    oracle = Completion(ctx.n, ctx.compat)
    P = ctx.P
    if _first_round_1997(ctx):
        rows, bye = R5_first_round(ctx, oracle, follow)
        return rows, bye
    bye = R4_bye(ctx, oracle, follow)
    if bye is not None:
        oracle.remove(bye)
    pairs: list[tuple[int, int]] = []
    incoming: list[int] = []
    scores = sorted({p.score for p in P}, reverse=True)
    for k, s in enumerate(scores):
        progress.step(k + 1, len(scores), "score group")
        if optimise:
            residents = [i for i in oracle.free() if P[i].score == s]
            if not residents:
                continue
            got = _pair_1997_optimised_group(ctx, oracle, residents)
            for a, b in got:
                oracle.commit(a, b)
            pairs += got
        else:
            got, incoming = _pair_1997_literal_group(ctx, oracle, s, incoming, follow)
            pairs += got
    left = oracle.free()
    if left:
        # Reading (art. 9): floaters left at the bottom are paired as the model pairs.
        pairs += _arbiter_closes(ctx, oracle, left, follow)
    return pairs, bye
