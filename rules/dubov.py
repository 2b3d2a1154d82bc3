"""FIDE Dubov system (Handbook C.04.4.1): the current edition (2026) and the 1997 edition.

The Dubov system pairs so as to equalise, inside a score group, the average rating of the
opponents (ARO) of its players: players who have met weak opponents so far get strong
ones now. Two methods are offered for both editions:

* ``method="literal"`` follows the text's procedure step by step, in its order;
* ``method="optimised"`` states the same rules as a lexicographic optimisation: the
  restrictions (absolute criteria) are hard constraints, the relative criteria are
  objectives in the text's priority order, and ARO balance is an explicit objective
  (:func:`aro_cost`), solved score group by score group with exact maximum-weight
  matching (:mod:`solver.matching`, big-integer weights, :mod:`solver.lexicographic`).

When nothing conflicts the optimiser reproduces the literal pairing exactly (the row-by-row
pairing of 6.2 / 3.2.6 is the unique minimum of the ARO objective by the rearrangement
inequality, ties broken by the text's orders); where the literal procedure's greedy
corrections (1997 6.3 and 7.x, 2026 3.2.6) end worse on a stated objective the optimiser
may differ, and :func:`compare` says where and by how much (:func:`objective_vector`).

Both methods, every edition: every pairing is checked by :func:`check_absolute` before it
is returned, and every greedy step keeps the rest of the round pairable (a completion
oracle, :class:`Completion`), so no dead end is ever reached.

Articles and the functions implementing them
--------------------------------------------

1997 edition (approved by the 1997 General Assembly; Italian seed text, read with the
official English text of the FIDE Handbook, chapter C040401 before 2018):

=======  =====================================================  ===================================
art.     rule                                                   implemented by
=======  =====================================================  ===================================
1        R (rating), ARO after each round                       :func:`R1_aro`
1        due colour                                             :func:`R1_due_colour`
2.1      no rematch                                             :func:`R2_1_no_rematch`
2.2      no bye after a point scored without playing            :func:`R2_2_bye_eligible`
2.3      colour difference within +-2                           :func:`R2_3_colour_difference`
2.4      no colour three times in a row                         :func:`R2_4_three_in_a_row`
2.5      upward transfers: not twice running, at most 3 / 4     :func:`R2_5_upward_transfer`
2.6      no subgroup transfer that breaks 2.3 or 2.4            :func:`R2_6_colour_legal`
3        colour allocation, five steps in order                 :func:`colour_allocation_1997`
4        the bye (lowest group, lowest R, colour subgroup, ARO) :func:`R4_bye`
5        first round                                            :func:`R5_first_round`
6.2      whites by ascending ARO against blacks by rating       :func:`R6_2_white_order`, :func:`R6_2_black_order`
6.3      corrections row by row                                 :func:`R6_3_rows`, :func:`R6_3_same_colour_partner`
6.4      choice of the floaters                                 :func:`R6_4_floater_order`
7.1      opponent for a player who met his whole group          :func:`R7_1_islands`
7.2      a player brought up to make a group even               :func:`R7_2_odd_group`
7.3-7.4  equalising the colour subgroups                        :func:`R7_3_7_4_equalise`
8.1-8.2  pairing the floaters                                   :func:`R8_floaters`
9        the ARO list published after each round               :func:`aro_list`
=======  =====================================================  ===================================

2026 edition (approved by the Council on 28/10/2025, applied from 1 February 2026):

=======  =====================================================  ===================================
art.     rule                                                   implemented by
=======  =====================================================  ===================================
1.6      colour preferences (no games: mild Black)              :func:`A1_6_colour_preference`
1.7      ARO, rounded half up                                   :func:`A1_7_aro`
1.8      maximum upfloater, MaxT = 2 + [Rnds/5]                 :func:`A1_8_max_t`
C1       no rematch                                             :func:`C1_no_rematch`
C2       no PAB after a PAB or a win without playing            :func:`C2_bye_eligible`
C3       no meeting of equal absolute preferences               :func:`C3_absolute_colours`
C4       completion                                             :class:`Completion`
C5-C10   upfloaters, their scores, colours, MaxT, repeats       :func:`objective_vector` (names ``C5`` .. ``C10``)
3.1      the PAB                                                :func:`A3_1_bye`
3.2.1-2  number and choice of upfloaters                        :func:`A3_2_2_upfloaters`
3.2.3    G1 / G2                                                :func:`A3_2_3_split`
3.2.4    shifters                                               :func:`A3_2_4_shift`
3.2.5    S1 by ascending ARO, then TPN                          :func:`A3_2_5_s1_order`
3.2.6    T2, the first legal transposition                      :func:`A3_2_6_transposition`
4.1.3    order of sets                                          :func:`A4_1_3_set_order`
4.2      upfloater sequence numbers                             :func:`A4_2_upfloater_order`
4.3      shifter sequence numbers, middle first                 :func:`A4_3_3_middle_out`
4.4      transpositions of G2                                   :func:`A4_4_transpositions`
5.2      colour allocation                                      :func:`colour_allocation_2026`
=======  =====================================================  ===================================

Readings chosen where the 1997 text is silent, ambiguous or garbled are marked in the
code with ``Reading (art. N)`` and listed in ``docs/dubov.md``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from solver.errors import InputError, NoPairingError, SelfCheckError
from solver.lexicographic import fit_layout
from solver.model import BLACK, WHITE, Float, RoundState, Strength, Tournament, opposite
from solver.pairing import Pairing, attendance_problems
from .fide_common import state_to_pair

EDITIONS = ("2026", "1997")
METHODS = ("literal", "optimised")

#: Reading (art. 2.5, 1997). The official English text says a player "cannot be
#: transferred to a higher score group two times running": at most one upward transfer in
#: a row. The Italian seed says "piu di due volte consecutive" (at most two in a row). We
#: follow the English text; set this to 2 for the Italian reading.
UPWARD_RUN_LIMIT = 1


# ========================================================================================
# players as the Dubov rules read them


@dataclass
class DP:
    """One player to pair, with everything both editions read, computed once per round.

    ``tpn`` is the 1-based pairing number (players never paired and absent now hold
    none). ``aro`` is exact (a Fraction) for 1997 and rounded half up for 2026.
    ``due`` is the due colour / colour preference; ``allowed`` the colours 2.3 and 2.4
    (1997) or an absolute preference (2026) leave the player.
    """

    id: int
    tpn: int
    name: str
    rating: int
    score: Fraction
    real_score: Fraction
    aro: Fraction
    games: int
    colours: str
    cd: int
    due: str
    strength: Strength
    allowed: frozenset
    upfloats: int
    upfloated_last: bool
    upfloat_run: int
    no_games: bool
    bye_ok: bool
    index: int = 0


def R1_due_colour(colours: str) -> str:
    """Art. 1 (1997): White after more Blacks than Whites, or equal numbers and Black in
    the previous game; Black in the mirror cases. Reading (art. 1): a player with no game
    yet is due Black, as the later editions say (2018 A.5.d, 2026 1.6.4); the 1997 text
    only needs due colours after round 1, where everyone has one unless unplayed."""
    if not colours:
        return BLACK
    w, b = colours.count(WHITE), colours.count(BLACK)
    if b > w:
        return WHITE
    if w > b:
        return BLACK
    return opposite(colours[-1])


def A1_6_colour_preference(colours: str) -> tuple[str, Strength]:
    """Art. 1.6 (2026): absolute when |CD| > 1 or the last two games had one colour,
    strong at |CD| = 1, mild at 0 (alternate); no game yet: mild Black (1.6.4)."""
    if not colours:
        return BLACK, Strength.MILD
    cd = colours.count(WHITE) - colours.count(BLACK)
    if cd > 1:
        return BLACK, Strength.ABSOLUTE
    if cd < -1:
        return WHITE, Strength.ABSOLUTE
    if len(colours) >= 2 and colours[-1] == colours[-2]:
        return opposite(colours[-1]), Strength.ABSOLUTE
    if cd == 1:
        return BLACK, Strength.STRONG
    if cd == -1:
        return WHITE, Strength.STRONG
    return opposite(colours[-1]), Strength.MILD


def R2_3_colour_difference(colours: str, colour: str) -> bool:
    """Art. 2.3 (1997): after the game, Whites minus Blacks stays within -2 .. +2."""
    cd = colours.count(WHITE) - colours.count(BLACK) + (1 if colour == WHITE else -1)
    return -2 <= cd <= 2


def R2_4_three_in_a_row(colours: str, colour: str) -> bool:
    """Art. 2.4 (1997): not the same colour three times in a row (played games, C.04.2
    Art. 3.4: unplayed rounds do not break a run)."""
    return not (len(colours) >= 2 and colours[-1] == colours[-2] == colour)


def R1_aro(opponent_ratings: Sequence[int]) -> Fraction:
    """Art. 1 (1997): the average rating of the opponents met over the board, exact.
    Reading (art. 1): the 1997 text does not round; the example of 6.2 shows one decimal
    (2318.4), so the exact mean is kept and printed with one decimal. No game: 0 (2026
    Art. 1.7.3)."""
    if not opponent_ratings:
        return Fraction(0)
    return Fraction(sum(opponent_ratings), len(opponent_ratings))


def A1_7_aro(opponent_ratings: Sequence[int]) -> Fraction:
    """Art. 1.7 (2026): the mean rating of the opponents met over the board, rounded to
    the nearest integer, .5 upwards; 0 before the first game."""
    n = len(opponent_ratings)
    if not n:
        return Fraction(0)
    return Fraction((2 * sum(opponent_ratings) + n) // (2 * n))


def A1_8_max_t(total_rounds: int) -> int:
    """Art. 1.8.2 (2026): MaxT = 2 + [Rnds / 5]."""
    return 2 + total_rounds // 5


def R2_5_upward_transfer(p: DP, last_round: bool, total_rounds: int) -> bool:
    """Art. 2.5 (1997): apart from the last round, a player may not be transferred to a
    higher score group twice running (see :data:`UPWARD_RUN_LIMIT`), nor more than three
    times in an event of fewer than 10 rounds, four times in a longer one.

    Reading (art. 2.5): the history is read from the results, so a player counts as
    transferred upwards in a round when he played an opponent with a higher score
    (pairing score before that round); forfeited games do not count (C.04.2 Art. 3.5)."""
    if last_round:
        return True
    limit = 3 if total_rounds < 10 else 4
    return p.upfloat_run < UPWARD_RUN_LIMIT and p.upfloats < limit


def R2_2_bye_eligible(p: DP) -> bool:
    """Art. 2.2 (1997): no bye for a player who already received a point without playing
    (a bye, a forfeit win, a full-point bye)."""
    return p.bye_ok


def C2_bye_eligible(p: DP) -> bool:
    """C2 (2026, Basic Rules Art. 4): no PAB after a PAB, or after scoring a win's points
    in one round without playing."""
    return p.bye_ok


def R2_1_no_rematch(a: DP, b: DP, state: RoundState) -> bool:
    """Art. 2.1 (1997): two players who met may not be paired again (forfeits are no
    meeting, C.04.2 Art. 3.5; prohibited pairs count as met)."""
    return state.may_meet(a.id, b.id)


C1_no_rematch = R2_1_no_rematch
C1_no_rematch.__doc__ = "C1 (2026): as Art. 2.1 of 1997, see :func:`R2_1_no_rematch`."


def R2_6_colour_legal(a: DP, b: DP) -> bool:
    """Art. 2.6 with 2.3 and 2.4 (1997): the pair can be given colours that break
    neither 2.3 nor 2.4 for either player (a player moved to the other colour subgroup
    plays its colour, so 2.6 holds exactly when some legal allocation exists)."""
    return any(c in a.allowed and opposite(c) in b.allowed for c in (WHITE, BLACK))


def C3_absolute_colours(a: DP, b: DP) -> bool:
    """C3 (2026): two players with the same absolute colour preference shall not meet
    (no topscorer exception in the Dubov system)."""
    return not (a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE and a.due == b.due)


# ========================================================================================
# colour allocation


def _alternation(a: DP, b: DP) -> str | None:
    """The colour of ``a`` by alternation: the latest game in which the two had different
    colours, each now taking the other one (played games aligned from the latest, C.04.2
    Art. 3.4)."""
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return cb
    return None


def colour_allocation_1997(a: DP, b: DP) -> tuple[DP, DP]:
    """Art. 3 (1997), (white, black), in the text's order:

    3.1 both get their due colour; 3.2 equalise the numbers of Whites and Blacks (the
    player whose difference is further from zero gets his due colour); 3.3 alternate
    from the latest game in which their colours differed; 3.4 White to the higher ARO;
    3.5 White to the lower rating.

    Reading (art. 2.6 and 3): the restrictions 2.3 and 2.4 come first: when only one
    allocation keeps both players within them, that one is given. Reading (art. 3): when
    ARO and rating are equal too, White goes to the smaller pairing number.
    """
    legal = [c for c in (WHITE, BLACK) if c in a.allowed and opposite(c) in b.allowed]
    if len(legal) == 1:
        return (a, b) if legal[0] == WHITE else (b, a)
    colour = _colour_1997(a, b)
    return (a, b) if colour == WHITE else (b, a)


def _colour_1997(a: DP, b: DP) -> str:
    if a.due != b.due:  # 3.1
        return a.due
    if abs(a.cd) != abs(b.cd):  # 3.2
        return a.due if abs(a.cd) > abs(b.cd) else opposite(b.due)
    alt = _alternation(a, b)  # 3.3
    if alt is not None:
        return alt
    if a.aro != b.aro:  # 3.4
        return WHITE if a.aro > b.aro else BLACK
    if a.rating != b.rating:  # 3.5
        return WHITE if a.rating < b.rating else BLACK
    return WHITE if a.tpn < b.tpn else BLACK


def _higher_ranked(a: DP, b: DP) -> DP:
    return a if (-a.score, a.tpn) <= (-b.score, b.tpn) else b


def colour_allocation_2026(a: DP, b: DP, initial_colour: str) -> tuple[DP, DP]:
    """Art. 5.2 (2026), (white, black), in order: 5.2.1 two players without games: the
    higher ranked (more points, then smaller TPN) takes the initial colour when his TPN
    is odd, the other colour when even; 5.2.2 grant both preferences; 5.2.3 grant the
    stronger one; 5.2.4 alternate to the latest game in which one had White and the
    other Black (C.04.2 Art. 3.4); 5.2.5 grant the higher ranked player's preference."""
    colour = _colour_2026(a, b, initial_colour)
    return (a, b) if colour == WHITE else (b, a)


def _colour_2026(a: DP, b: DP, initial: str) -> str:
    if a.no_games and b.no_games:
        top = _higher_ranked(a, b)
        c = initial if top.tpn % 2 == 1 else opposite(initial)
        return c if top is a else opposite(c)
    if a.due != b.due:
        return a.due
    if a.strength != b.strength:
        return a.due if a.strength > b.strength else opposite(b.due)
    alt = _alternation(a, b)
    if alt is not None:
        return alt
    top = _higher_ranked(a, b)
    return a.due if top is a else opposite(b.due)


# ========================================================================================
# the round context and the completion oracle


def _solve(n: int, edges: list[tuple[int, int, int]]) -> dict[int, int]:
    from solver.matching import max_weight_matching

    return max_weight_matching(n, edges, max_cardinality=True)


class Completion:
    """Whether the players not yet paired can all still be paired (1997: art. 9, the
    arbiter's duty to finish the round; 2026: C4).

    Keeps a witness: a perfect matching of the free players consistent with everything
    committed. A proposed extension already in the witness costs nothing; otherwise one
    maximum-cardinality matching is solved. ``edge_ok(u, v)`` restricts the edges a
    check may use (a closed bracket, G1 x G2 only, ...).
    """

    def __init__(self, n: int, compat: list[list[bool]]):
        self.n = n
        self.compat = compat
        self.adj = [[j for j in range(n) if compat[i][j]] for i in range(n)]
        self.mate: dict[int, int] = {}
        self.out: set[int] = set()
        self.witness: dict[int, int] | None = None
        self.solves = 0

    def free(self) -> list[int]:
        return [i for i in range(self.n) if i not in self.mate and i not in self.out]

    def feasible(self, extra: Iterable[tuple[int, int]] = (), edge_ok: Callable[[int, int], bool] | None = None) -> bool:
        extra = list(extra)
        for a, b in extra:
            if not self.compat[a][b] or (edge_ok is not None and not edge_ok(a, b)):
                return False
        w = self.witness
        if w is not None and all(w.get(a) == b for a, b in extra):
            if edge_ok is None or all(edge_ok(u, v) for u, v in w.items() if u not in self.mate):
                return True
        fixed = {x for ab in extra for x in ab}
        free = [i for i in self.free() if i not in fixed]
        fset = set(free)
        edges = []
        for u in free:
            for v in self.adj[u]:
                if v > u and v in fset and (edge_ok is None or edge_ok(u, v)):
                    edges.append((u, v, 1))
        self.solves += 1
        mate = _solve(self.n, edges) if edges else {}
        if any(i not in mate for i in free):
            return False
        for a, b in extra:
            mate[a] = b
            mate[b] = a
        self.witness = mate
        return True

    def commit(self, a: int, b: int) -> None:
        self.mate[a] = b
        self.mate[b] = a
        if self.witness is not None and self.witness.get(a) != b:
            self.witness = None

    def remove(self, a: int) -> None:
        self.out.add(a)


@dataclass
class Ctx:
    t: Tournament
    state: RoundState
    edition: str
    P: list[DP]
    last_round: bool
    total_rounds: int
    initial: str
    compat: list[list[bool]]
    relaxed_2_5: bool = False
    upfloat_ok: list[bool] = field(default_factory=list)
    bye: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.P)


def _opponent_ratings(t: Tournament, pid: int, r: int, ratings: dict[int, int]) -> list[int]:
    out = []
    p = t.player(pid)
    for k in range(1, r):
        e = p.entry(k)
        if e.played and e.opponent in t.by_id:
            out.append(ratings[e.opponent])
    return out


def _ratings(t: Tournament, given: dict[int, int] | None) -> dict[int, int]:
    out = {}
    for p in t.players:
        r = (given or {}).get(p.id, p.rating)
        out[p.id] = r
    return out


def build_players(t: Tournament, state: RoundState, edition: str, ratings: dict[int, int] | None = None) -> list[DP]:
    """The players to pair, as :class:`DP`, in score order (score descending, TPN).

    Art. 1.1 (2026) / preface (1997): every player must have a rating; an unrated player
    to be paired is an :class:`InputError` unless ``ratings`` supplies one (the
    provisional rating the Chief Arbiter assigns, 2026 Art. 1.1.2)."""
    rt = _ratings(t, ratings)
    r = state.round
    ranks: dict[int, int] = {}
    k = 0
    for p in t.players:
        s = state[p.id]
        if s.present or s.participated:
            k += 1
            ranks[p.id] = k
    out = []
    for s in state.to_pair:
        pl = t.player(s.id)
        if rt[s.id] <= 0:
            raise InputError(
                f"player {s.id} ({pl.name or 'no name'}) has no rating; the Dubov system needs one for every "
                f"player (C.04.4.1 Art. 1.1): give a provisional rating",
                field=f"player {s.id}, rating",
            )
        opp = _opponent_ratings(t, s.id, r, rt)
        colours = s.colours
        if edition == "1997":
            aro = R1_aro(opp)
            due = R1_due_colour(colours)
            allowed = frozenset(c for c in (WHITE, BLACK) if R2_3_colour_difference(colours, c) and R2_4_three_in_a_row(colours, c))
            strength = Strength.ABSOLUTE if len(allowed) == 1 else (Strength.MILD if colours else Strength.NONE)
            if due not in allowed and allowed:
                # Reading (art. 1, 2.6): a due colour that 2.3/2.4 forbid cannot be
                # played; the player sits in the subgroup of the colour he must get.
                due = next(iter(allowed))
            bye_ok = not (s.won_without_playing or s.had_pab)
        else:
            aro = A1_7_aro(opp)
            due, strength = A1_6_colour_preference(colours)
            allowed = frozenset([due]) if strength is Strength.ABSOLUTE else frozenset((WHITE, BLACK))
            bye_ok = not (s.won_without_playing or s.had_pab)
        floats = s.floats_2026
        ups = sum(1 for f in floats if f is Float.UP)
        run = 0
        for f in reversed(floats):
            if f is Float.UP:
                run += 1
            else:
                break
        out.append(
            DP(
                id=s.id,
                tpn=ranks[s.id],
                name=pl.name,
                rating=rt[s.id],
                score=s.pairing_score,
                real_score=s.score,
                aro=aro,
                games=s.games_played,
                colours=colours,
                cd=s.colour_difference,
                due=due,
                strength=strength,
                allowed=allowed,
                upfloats=ups,
                upfloated_last=bool(floats) and floats[-1] is Float.UP,
                upfloat_run=run,
                no_games=not colours,
                bye_ok=bye_ok,
            )
        )
    out.sort(key=lambda p: (-p.score, p.tpn))
    for i, p in enumerate(out):
        p.index = i
    return out


def _context(t: Tournament, edition: str, round_number: int | None, ratings: dict[int, int] | None) -> Ctx:
    if edition not in EDITIONS:
        raise InputError(f"unknown Dubov edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    state = state_to_pair(t, round_number)
    r = state.round
    P = build_players(t, state, edition, ratings)
    from solver.history import infer_initial_colour

    initial = t.initial_colour or infer_initial_colour(t)
    if initial is None:
        if r == 1 or all(p.no_games for p in P):
            raise InputError("the initial colour is needed to pair round 1 (XXC white1|black1 or 152 W|B)", field="XXC / 152")
        initial = WHITE
    last = r == t.total_rounds
    ctx = Ctx(t, state, edition, P, last, t.total_rounds, initial, [])
    _build_compat(ctx)
    return ctx


def _build_compat(ctx: Ctx, relax: bool = False) -> None:
    P, n = ctx.P, ctx.n
    ctx.relaxed_2_5 = relax
    if ctx.edition == "1997":
        ctx.upfloat_ok = [R2_5_upward_transfer(p, ctx.last_round, ctx.total_rounds) for p in P]
    else:
        ctx.upfloat_ok = [True] * n
    compat = [[False] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            ok = _pair_legal(ctx, P[i], P[j], relax)
            compat[i][j] = compat[j][i] = ok
    ctx.compat = compat


def _pair_legal(ctx: Ctx, a: DP, b: DP, relax_2_5: bool = False) -> bool:
    if not R2_1_no_rematch(a, b, ctx.state):
        return False
    if ctx.edition == "1997":
        if not R2_6_colour_legal(a, b):
            return False
        if not relax_2_5 and a.score != b.score:
            low = a if a.score < b.score else b
            if not R2_5_upward_transfer(low, ctx.last_round, ctx.total_rounds):
                return False
        return True
    return C3_absolute_colours(a, b)


def _completable_whole(ctx: Ctx, bye: int | None) -> bool:
    oracle = Completion(ctx.n, ctx.compat)
    if bye is not None:
        oracle.remove(bye)
    return oracle.feasible()


# ========================================================================================
# the bye


def R4_bye(ctx: Ctx, oracle: Completion) -> int | None:
    """Art. 4 (1997): with an odd number of players the bye goes to the player of the
    lowest score group with the lowest rating; with the lowest rating in both colour
    subgroups, to the one of the dominating colour; with equal ratings, to the higher ARO.

    Readings (art. 4, 9): only players allowed a bye by 2.2 are candidates, and only those
    whose bye leaves the rest pairable (as 2026 Art. 3.1.2 says); failing that, the next
    candidate in the same order (next-lowest rating, then the next score group up). A
    tie that the text leaves open goes to the larger pairing number."""
    P = ctx.P
    if ctx.n % 2 == 0:
        return None
    scores = sorted({p.score for p in P})
    for s in scores:
        group = [p for p in P if p.score == s]
        whites = sum(1 for p in group if p.due == WHITE)
        blacks = len(group) - whites
        dominating = WHITE if whites > blacks else BLACK if blacks > whites else None
        ordered = sorted(group, key=lambda p: (p.rating, 0 if (dominating is None or p.due == dominating) else 1, -p.aro, -p.tpn))
        for p in ordered:
            if not R2_2_bye_eligible(p):
                continue
            oracle.out.add(p.index)
            if oracle.feasible():
                oracle.out.discard(p.index)
                return p.index
            oracle.out.discard(p.index)
    raise NoPairingError("no player can take the bye and leave the others pairable (1997 Art. 2.2, 4)")


def A3_1_bye(ctx: Ctx, oracle: Completion) -> int | None:
    """Art. 3.1 (2026): the PAB goes to the player who may receive it (C2), whose PAB
    leaves the rest pairable (C4), with the lowest score, then the most games played,
    then the largest TPN."""
    if ctx.n % 2 == 0:
        return None
    for p in sorted(ctx.P, key=lambda p: (p.score, -p.games, -p.tpn)):
        if not C2_bye_eligible(p):
            continue
        oracle.out.add(p.index)
        ok = oracle.feasible()
        oracle.out.discard(p.index)
        if ok:
            return p.index
    raise NoPairingError("no player can receive the pairing-allocated bye and leave the others pairable (C2, C4)")


# ========================================================================================
# 4. sorting criteria (2026), with the examples of the text as tests


def A4_1_3_set_order(sets: Iterable[Iterable[int]]) -> list[tuple[int, ...]]:
    """Art. 4.1.3 (2026): sets of K sequence numbers ordered by their smallest differing
    member: {#1,#2} before {#1,#3}, {#1,#P} before {#2,#3}. For sets of equal size this is
    the lexicographic order of the sorted members."""
    return sorted(tuple(sorted(s)) for s in sets)


def A4_3_3_middle_out(items: Sequence) -> list:
    """Art. 4.3.3 (2026): sequence numbers from the middle of the sorted list outwards;
    of two middle players, the one higher in the list first. A..G gives D C E B F A G."""
    rest = list(items)
    out = []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


def A4_4_transpositions(g2: Sequence) -> Iterable[tuple]:
    """Art. 4.4 (2026): the transpositions of G2 (sorted by TPN) in lexicographic order:
    A B C, A C B, B A C, B C A, C A B, C B A."""
    return itertools.permutations(g2)


def A4_2_upfloater_order(pool: Iterable[DP]) -> list[DP]:
    """Art. 4.2.2 (2026): possible upfloaters by descending score, then ascending TPN."""
    return sorted(pool, key=lambda p: (-p.score, p.tpn))


def A3_2_5_s1_order(g1: Iterable[DP]) -> list[DP]:
    """Art. 3.2.5 (2026): S1 is G1 by ascending ARO, then ascending TPN."""
    return sorted(g1, key=lambda p: (p.aro, p.tpn))


def A4_3_2_white_seekers(players: Iterable[DP]) -> list[DP]:
    """Art. 4.3.2 (2026): White seekers by ascending ARO, then TPN."""
    return sorted(players, key=lambda p: (p.aro, p.tpn))


def A4_3_2_black_seekers(players: Iterable[DP]) -> list[DP]:
    """Art. 4.3.2 (2026): Black seekers by ascending TPN."""
    return sorted(players, key=lambda p: p.tpn)


def R6_2_white_order(players: Iterable) -> list:
    """Art. 6.2 (1997): due-White players by ascending ARO; equal ARO, the lower rating
    first; equal both, alphabetical order (then pairing number)."""
    return sorted(players, key=lambda p: (p.aro, p.rating, p.name, p.tpn))


def R6_2_black_order(players: Iterable) -> list:
    """Art. 6.2 (1997): due-Black players by descending rating; equal rating, the higher
    ARO first; equal both, alphabetical order (then pairing number)."""
    return sorted(players, key=lambda p: (-p.rating, -p.aro, p.name, p.tpn))


def R7_3_order(players: Iterable) -> list:
    """Art. 7.3 (1997): due-White players to move to the Black subgroup: the lowest ARO
    first; equal ARO, the higher rating; equal both, alphabetical order."""
    return sorted(players, key=lambda p: (p.aro, -p.rating, p.name, p.tpn))


def R7_4_order(players: Iterable) -> list:
    """Art. 7.4 (1997): due-Black players to move to the White subgroup: the highest ARO
    first; equal ARO, the lower rating; equal both, alphabetical order."""
    return sorted(players, key=lambda p: (-p.aro, p.rating, p.name, p.tpn))


# ========================================================================================
# 6.3 (1997) and 3.2.6 (2026): rows, the first legal assignment


def R6_3_rows(rows: Sequence, columns: Sequence, ok: Callable[[list[tuple]], bool]) -> list[tuple] | None:
    """Art. 6.3 (1997), also 3.2.6 (2026): pair row by row, each row with the first
    column player (in the column's order) that still lets the remaining rows be paired.

    ``ok(partial)`` says whether a list of (row, column) pairs can be completed. The text's
    corrections (take the first unmet Black of the lower rows; when the last rows fail,
    change row k-1, then k-2, ...) are a depth-first search in this order, whose result
    is the first complete assignment in row-by-row (lexicographic) order; checking
    completability before each choice finds the same assignment without backtracking.

    Reading (art. 6.3): when row k takes a Black from a lower row, the Blacks in between
    keep their 6.2 order (they move up one row), as re-applying 6.2 to the players still
    to pair gives. Returns None when no complete assignment exists.
    """
    if not ok([]):
        return None
    done: list[tuple] = []
    left = list(columns)
    for w in rows:
        for b in left:
            if ok(done + [(w, b)]):
                done.append((w, b))
                left.remove(b)
                break
        else:  # pragma: no cover - ok([]) promised a completion
            return None
    return done


def A3_2_6_transposition(s1: Sequence, g2_by_tpn: Sequence, ok: Callable[[list[tuple]], bool]) -> list[tuple] | None:
    """Art. 3.2.6 (2026): T2 is the first transposition of G2 (Art. 4.4, lexicographic
    by TPN) for which S1[i] - T2[i] are all legal. The first legal transposition is found
    row by row, each row taking the smallest TPN that keeps a legal completion
    (:func:`R6_3_rows`)."""
    return R6_3_rows(s1, g2_by_tpn, ok)


# ========================================================================================
# objectives and the optimiser


def aro_cost(white_side: DP, black_side: DP, scale: int) -> int:
    """The ARO-balance objective of one pair, to be minimised over a score group: the ARO
    of the player on the ARO side (the row of 6.2 / S1) times the rating of his opponent
    (the column, the "tool" of the 2026 rationale). Summed over the group, its minimum
    for fixed rows and columns is the pairing of the lowest ARO with the highest rating,
    the second with the second, and so on (rearrangement inequality): 6.2 / 3.2.6
    without conflicts. ``scale`` makes exact AROs integral."""
    return int(white_side.aro * scale) * black_side.rating


def _aro_scale(P: list[DP]) -> int:
    from math import lcm

    s = 1
    for p in P:
        s = lcm(s, p.aro.denominator)
    return s


def _lex_match(ctx: Ctx, oracle: Completion, edge_fields: Callable[[int, int], list[int] | None], per_edge_max: list[int], edge_ok=None) -> dict[int, int]:
    """A perfect matching of the free players maximising the fields lexicographically.

    ``edge_fields(u, v)`` gives the non-negative field values of an edge, most important
    first (None: no such edge); ``per_edge_max`` bounds each field on one edge. Each
    field is packed into one integer weight wide enough that its sum over a matching
    cannot carry into the field above (:func:`solver.lexicographic.fit_layout`); a last
    field of 1 per edge keeps every legal edge in the graph."""
    free = oracle.free()
    fset = set(free)
    raw = []
    for u in free:
        for v in oracle.adj[u]:
            if v > u and v in fset and (edge_ok is None or edge_ok(u, v)):
                f = edge_fields(u, v)
                if f is not None:
                    raw.append((u, v, f))
    k = len(free) // 2 + 1
    lay = fit_layout([str(i) for i in range(len(per_edge_max) + 1)], [m * k for m in per_edge_max] + [k])
    edges = [(u, v, lay.pack(list(f) + [1])) for u, v, f in raw]
    oracle.solves += 1
    mate = _solve(ctx.n, edges) if edges else {}
    if any(i not in mate for i in free):
        raise NoPairingError("no complete pairing of the remaining players")
    oracle.witness = dict(mate)
    return mate


def _setbit(pos: int, size: int) -> int:
    """Weight of sequence position ``pos`` (0-based) in a set order: maximising the sum
    picks the set first by the smallest differing sequence number (Art. 4.1.3)."""
    return 1 << (size - 1 - pos)


# ----------------------------------------------------------------------------------------
# 2026: the bracket


def A3_2_3_split(ctx: Ctx, members: list[int]) -> dict[int, str]:
    """Art. 3.2.3 (2026): G1 holds the White seekers, G2 the rest; when nobody in the
    bracket has played yet, G1 is the first half by TPN."""
    P = ctx.P
    if all(P[i].no_games for i in members):
        by_tpn = sorted(members, key=lambda i: P[i].tpn)
        half = len(by_tpn) // 2
        return {i: (WHITE if k < half else BLACK) for k, i in enumerate(by_tpn)}
    return {i: (WHITE if P[i].due == WHITE else BLACK) for i in members}


def _max_upfloater(ctx: Ctx, p: DP) -> bool:
    return p.upfloats >= A1_8_max_t(ctx.total_rounds)


def A3_2_2_upfloaters(ctx: Ctx, oracle: Completion, residents: list[int]) -> list[int]:
    """Art. 3.2.1-3.2.2 (2026): the fewest upfloaters that let every resident be paired
    legally (C1, C3, C4), then the first set in the order of Art. 4.2 among those that
    comply best with C6 (their scores, lowest first, as high as possible), C7 (colour
    preferences), and outside the last round C8 (maximum upfloaters), C9 (their upfloat
    counts) and C10 (upfloated in the previous round).

    Computed as one lexicographic maximum-weight matching of all players still to pair
    (pairs of players outside the bracket only complete the round): a field per
    criterion, and last the set order (each upfloater weighs 2^(P - seq): the largest
    sum is the first set, Art. 4.1.3). Fields: resident pairs (C5: every resident is
    paired in the bracket, so the upfloaters are |R| - 2 x resident pairs); per score
    level below, lowest first, upfloaters not at that level (C6); bracket pairs whose
    players prefer different colours (C7); upfloaters who are not maximum upfloaters
    (C8); a constant minus the upfloat counts of maximum upfloaters (C9); upfloaters who
    did not upfloat in the previous round (C10); the set order."""
    P = ctx.P
    res = set(residents)
    s = P[residents[0]].score
    free = oracle.free()
    pool = A4_2_upfloater_order([P[i] for i in free if P[i].score < s])
    pos = {p.index: k for k, p in enumerate(pool)}
    levels = sorted({p.score for p in pool})
    lv = {x: k for k, x in enumerate(levels)}
    L, npool = len(levels), len(pool)
    last = ctx.last_round
    c9_top = ctx.total_rounds + 1
    zero = [0] * (L + 6)

    def fields(u, v):
        if u not in res and v not in res:
            return zero
        c7 = 1 - int(P[u].due == P[v].due)
        if u in res and v in res:
            return [1] + [0] * L + [c7, 0, 0, 0, 0]
        f = v if u in res else u
        up = P[f]
        c6 = [1] * L
        c6[lv[up.score]] = 0
        maxup = (not last) and _max_upfloater(ctx, up)
        c10 = (not last) and up.upfloated_last
        return [0] + c6 + [c7, 1 - int(maxup), c9_top - (up.upfloats if maxup else 0), 1 - int(c10), _setbit(pos[f], npool)]

    per_edge = [1] + [1] * L + [1, 1, c9_top, 1, 1 << max(npool - 1, 0)]
    mate = _lex_match(ctx, oracle, fields, per_edge)
    return sorted({mate[r] for r in residents if mate[r] not in res}, key=lambda i: pos[i])


def A3_2_4_shift(ctx: Ctx, oracle: Completion, members: list[int], side: dict[int, str], optimise: bool) -> dict[int, int]:
    """Art. 3.2.4 (2026): shift players between G1 and G2 so that the two are equal and
    a legal G1 x G2 pairing exists: first, as many players of the smaller subgroup (G1
    if equal) as the pairs it unavoidably forms inside itself, then from the larger one
    to equalise; each time the first set in the order of Art. 4.3 (White seekers by
    ARO then TPN, Black seekers by TPN, sequence numbers middle first) among those that
    yield a legal pairing best on C7.

    One lexicographic matching of the closed bracket (the rest completes the round)
    chooses: C7, then the fewest pairs inside the smaller subgroup, then the smaller
    subgroup's shifters by sequence number, then the larger's. In a pair of two players of
    one subgroup the shifter is the one with the smaller sequence number. With
    ``optimise`` the matching then minimises :func:`aro_cost`; last, in both methods,
    S1 and T2 positions keep the text's order (for the literal method this only makes
    the search of 3.2.6 fast: it does not change the shifters). Returns the mates."""
    P = ctx.P
    mem = set(members)
    n1 = sum(1 for i in members if side[i] == WHITE)
    smaller = BLACK if len(members) - n1 < n1 else WHITE
    seq = _shift_sequences(ctx, members, side)
    nm = len(members)
    scale = _aro_scale(P)
    rpos, cpos = _positions_2026(ctx, members)
    big_aro = max((int(P[i].aro * scale) for i in members), default=0) * max((P[i].rating for i in members), default=0) + 1
    zero = [0] * 6

    def fields(u, v):
        if u not in mem and v not in mem:
            return zero
        if (u in mem) != (v in mem):
            return None
        same = side[u] == side[v]
        c7 = 1 - int(P[u].due == P[v].due)
        inner = 1 - int(same and side[u] == smaller)
        sh = _shifter(u, v, side, seq) if same else None
        f_small = _setbit(seq[sh], nm) if sh is not None and side[sh] == smaller else 0
        f_large = _setbit(seq[sh], nm) if sh is not None and side[sh] != smaller else 0
        row, col = _roles(u, v, side, sh)
        aro = big_aro - aro_cost(P[row], P[col], scale) if optimise else 0
        return [c7, inner, f_small, f_large, aro, rpos[row] * cpos[col]]

    return _lex_match(ctx, oracle, fields, [1, 1, 1 << nm, 1 << nm, big_aro, nm * nm])


def _shift_sequences(ctx: Ctx, members: list[int], side: dict[int, str]) -> dict[int, int]:
    P = ctx.P
    whites = [P[i] for i in members if side[i] == WHITE]
    blacks = [P[i] for i in members if side[i] == BLACK]
    if all(P[i].no_games for i in members):
        ws, bs = sorted(whites, key=lambda p: p.tpn), sorted(blacks, key=lambda p: p.tpn)
    else:
        ws, bs = A4_3_2_white_seekers(whites), A4_3_2_black_seekers(blacks)
    seq = {}
    for lst in (ws, bs):
        for k, p in enumerate(A4_3_3_middle_out(lst)):
            seq[p.index] = k
    return seq


def _shifter(u: int, v: int, side: dict[int, str], seq: dict[int, int]) -> int:
    return u if seq[u] < seq[v] else v


def _roles(u: int, v: int, side: dict[int, str], shifter: int | None) -> tuple[int, int]:
    """(row, column) of a pair: the row is the G1 / White-subgroup member after shifts."""
    if side[u] != side[v]:
        return (u, v) if side[u] == WHITE else (v, u)
    other = v if shifter == u else u
    if side[u] == WHITE:  # the shifter moved to the columns
        return other, shifter
    return shifter, other  # a Black shifter moved to the rows


def _positions_2026(ctx: Ctx, members: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    """Order positions for the last tie-break, larger for earlier: S1 order (ARO, TPN)
    for rows, TPN for columns; maximising the sum of products keeps the text's rows."""
    P = ctx.P
    n = len(members)
    rows = A3_2_5_s1_order(P[i] for i in members)
    cols = sorted((P[i] for i in members), key=lambda p: p.tpn)
    return ({p.index: n - k for k, p in enumerate(rows)}, {p.index: n - k for k, p in enumerate(cols)})


def _pair_bracket_2026(ctx: Ctx, oracle: Completion, residents: list[int], optimise: bool) -> list[tuple[int, int]]:
    P = ctx.P
    ups = A3_2_2_upfloaters(ctx, oracle, residents)
    members = residents + ups
    side = A3_2_3_split(ctx, members)
    mate = A3_2_4_shift(ctx, oracle, members, side, optimise)
    seq = _shift_sequences(ctx, members, side)
    mem = set(members)
    pairs = []
    rows, cols = [], []
    for u in members:
        v = mate[u]
        if u < v:
            sh = _shifter(u, v, side, seq) if side[u] == side[v] else None
            row, col = _roles(u, v, side, sh)
            pairs.append((row, col))
            rows.append(row)
            cols.append(col)
    if optimise:
        return pairs
    s1 = [p.index for p in A3_2_5_s1_order(P[i] for i in rows)]
    t2 = [p.index for p in sorted((P[i] for i in cols), key=lambda p: p.tpn)]
    rset, cset = set(s1), set(t2)

    def edge_ok(a, b):
        if a in mem or b in mem:
            return (a in rset and b in cset) or (a in cset and b in rset)
        return True

    def ok(partial):
        return oracle.feasible(partial, edge_ok)

    got = A3_2_6_transposition(s1, t2, ok)
    if got is None:  # pragma: no cover - the matching above is such an assignment
        raise SelfCheckError("3.2.6: no legal transposition although a legal bracket pairing exists")
    return got


def _pair_2026(ctx: Ctx, optimise: bool) -> tuple[list[tuple[int, int]], int | None]:
    oracle = Completion(ctx.n, ctx.compat)
    if not oracle.feasible() and ctx.n % 2 == 0:
        raise NoPairingError("no legal pairing of the whole round exists (C1, C3)")
    bye = A3_1_bye(ctx, oracle)
    if bye is not None:
        oracle.remove(bye)
    if not oracle.feasible():
        raise NoPairingError("no legal pairing of the whole round exists (C1, C3)")
    pairs: list[tuple[int, int]] = []
    for s in sorted({p.score for p in ctx.P}, reverse=True):
        free = set(oracle.free())
        residents = [p.index for p in ctx.P if p.score == s and p.index in free]
        if not residents:
            continue
        got = _pair_bracket_2026(ctx, oracle, residents, optimise)
        for a, b in got:
            if not oracle.feasible([(a, b)]):  # pragma: no cover
                raise SelfCheckError("a bracket pair broke completion")
            oracle.commit(a, b)
        pairs += got
    return pairs, bye


# ----------------------------------------------------------------------------------------
# 1997: the score group


def _pair_1997_optimised_group(ctx: Ctx, oracle: Completion, residents: list[int]) -> list[tuple[int, int]]:
    """The 1997 optimisation model for one score group, two lexicographic matchings:

    1. transfers: most pairs inside the group (6.1, 6.4: all players paired in their
       group), then transfers from the nearest lower groups (7.1, 7.2: "the next possible
       lower score group"), then transferred players of the opposite due colour to their
       opponent (7.1, 7.2), then the transferred set by rating descending, ARO
       ascending (7.1, 7.2, 8.2);
    2. the group closed with its transferred players: fewest pairs with equal due
       colours (6.1, 7.3/7.4), the moved players in the order of 7.3 / 7.4, then the
       ARO-balance objective (:func:`aro_cost`), then the rows and columns of 6.2 kept in
       order as the last tie-break.
    """
    P = ctx.P
    ups = _transfers_1997(ctx, oracle, residents)
    members = residents + ups
    mate = _close_group_1997(ctx, oracle, members, optimise=True)
    pairs = []
    for u in members:
        v = mate[u]
        if u < v:
            pairs.append(_roles_1997(ctx, u, v, members))
    return pairs


def _dominating(ctx: Ctx, residents: list[int]) -> str | None:
    """The dominating due colour of a group (7.2): the colour most of its players are
    due; None on a tie."""
    w = sum(1 for i in residents if ctx.P[i].due == WHITE)
    b = len(residents) - w
    return WHITE if w > b else BLACK if b > w else None


def _transfer_key(p: DP) -> tuple:
    return (-p.rating, p.aro, p.tpn)


def _transfers_1997(ctx: Ctx, oracle: Completion, residents: list[int]) -> list[int]:
    P = ctx.P
    res = set(residents)
    s = P[residents[0]].score
    free = oracle.free()
    pool = sorted((P[i] for i in free if P[i].score < s), key=_transfer_key)
    pos = {p.index: k for k, p in enumerate(pool)}
    levels = sorted({p.score for p in pool})
    lv = {x: k for k, x in enumerate(levels)}
    npool, L = len(pool), len(levels)
    zero = [0] * (L + 4)
    dominating = _dominating(ctx, residents)

    def fields(u, v):
        if u not in res and v not in res:
            return zero
        if u in res and v in res:
            return [1] + [0] * (L + 3)
        r, f = (u, v) if u in res else (v, u)
        d = [1] * L
        d[lv[P[f].score]] = 0
        return [0] + d + [int(ctx.upfloat_ok[f]), int(P[f].due != dominating), _setbit(pos[f], npool)]

    per_edge = [1] + [1] * L + [1, 1, 1 << max(npool - 1, 0)]
    mate = _lex_match(ctx, oracle, fields, per_edge)
    return sorted({mate[r] for r in residents if mate[r] not in res}, key=lambda i: pos[i])


def _mover_1997(ctx: Ctx, u: int, v: int) -> int:
    """In a pair of two players due the same colour, the one 7.3 / 7.4 moves to the other
    subgroup (the first in that order whose move 2.6 allows)."""
    P = ctx.P
    a, b = P[u], P[v]
    target = opposite(a.due)
    order = R7_3_order([a, b]) if a.due == WHITE else R7_4_order([a, b])
    for p in order:
        if target in p.allowed:
            return p.index
    return order[0].index


def _roles_1997(ctx: Ctx, u: int, v: int, members: list[int] | None = None) -> tuple[int, int]:
    """(row, column) of a pair: the row is the White-subgroup member (6.2)."""
    P = ctx.P
    if P[u].due != P[v].due:
        return (u, v) if P[u].due == WHITE else (v, u)
    m = _mover_1997(ctx, u, v)
    other = v if m == u else u
    return (other, m) if P[u].due == WHITE else (m, other)


def _positions_1997(ctx: Ctx, members: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    P = ctx.P
    n = len(members)
    rows = R6_2_white_order(P[i] for i in members)
    cols = R6_2_black_order(P[i] for i in members)
    return ({p.index: n - k for k, p in enumerate(rows)}, {p.index: n - k for k, p in enumerate(cols)})


def _close_group_1997(ctx: Ctx, oracle: Completion, members: list[int], optimise: bool) -> dict[int, int]:
    """The group ``members`` paired inside itself (the rest completes the round):
    fewest pairs with equal due colours, the players moved by 7.3 / 7.4 first in those
    orders, then (``optimise``) the ARO objective, then the 6.2 rows and columns kept in
    order."""
    P = ctx.P
    mem = set(members)
    nm = len(members)
    whites = R7_3_order(P[i] for i in members if P[i].due == WHITE)
    blacks = R7_4_order(P[i] for i in members if P[i].due == BLACK)
    mpos = {p.index: k for k, p in enumerate(whites)}
    mpos.update({p.index: k for k, p in enumerate(blacks)})
    scale = _aro_scale(P)
    rpos, cpos = _positions_1997(ctx, members)
    big_aro = max((int(P[i].aro * scale) for i in members), default=0) * max((P[i].rating for i in members), default=0) + 1
    zero = [0] * 5

    def fields(u, v):
        if u not in mem and v not in mem:
            return zero
        if (u in mem) != (v in mem):
            return None
        same = P[u].due == P[v].due
        fw = fb = 0
        if same:
            m = _mover_1997(ctx, u, v)
            if P[m].due == WHITE:
                fw = _setbit(mpos[m], nm)
            else:
                fb = _setbit(mpos[m], nm)
        row, col = _roles_1997(ctx, u, v)
        aro = big_aro - aro_cost(P[row], P[col], scale) if optimise else 0
        return [1 - int(same), fw, fb, aro, rpos[row] * cpos[col]]

    return _lex_match(ctx, oracle, fields, [1, 1 << nm, 1 << nm, big_aro, nm * nm])


def R5_first_round(ctx: Ctx, oracle: Completion) -> tuple[list[tuple[int, int]], int | None]:
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
        for i in reversed(order):
            if R2_2_bye_eligible(ctx.P[i]):
                oracle.remove(i)
                if oracle.feasible():
                    bye = i
                    break
                oracle.out.discard(i)
        if bye is None:
            raise NoPairingError("no player can take the bye (1997 Art. 2.2, 5)")
        order.remove(bye)
    half = len(order) // 2
    top, bottom = order[:half], order[half:]
    tset, bset = set(top), set(bottom)

    def ok(partial):
        return oracle.feasible(partial, lambda a, b: (a in tset) != (b in tset))

    rows = R6_3_rows(top, bottom, ok)
    if rows is None:
        rows = _general_rows(ctx, oracle, order)
    return rows, bye


def _general_rows(ctx: Ctx, oracle: Completion, members: list[int]) -> list[tuple[int, int]]:
    mate = _close_group_1997(ctx, oracle, members, optimise=True)
    return [(u, mate[u]) for u in members if u < mate[u]]


def R7_1_islands(ctx: Ctx, oracle: Completion, members: list[int]) -> list[tuple[int, int]]:
    """Art. 7.1 (1997): a player who has already met (or may not meet) every player of
    his score group gets an opponent from the next possible lower score group: of the
    opposite due colour if possible, the highest rating, then the lowest ARO (then the
    same due colour in that order, as Vega's manual reads it).

    Readings (art. 7.1, 9): islands are taken in the order of 6.2 (Whites, then Blacks);
    the opponent must be one whose pairing keeps the round pairable; with 2.5 waived for
    the round (see :func:`pair_round`), players within 2.5 are tried first."""
    P = ctx.P
    pairs = []
    for i in R6_2_white_order(P[j] for j in members if P[j].due == WHITE) + R6_2_black_order(P[j] for j in members if P[j].due == BLACK):
        i = i.index
        if i in oracle.mate:
            continue
        others = [j for j in members if j != i and j not in oracle.mate]
        if any(ctx.compat[i][j] for j in others):
            continue
        s = P[i].score
        lower = sorted({P[j].score for j in oracle.free() if P[j].score < s}, reverse=True)
        chosen = None
        for level in lower:
            cands = [P[j] for j in oracle.free() if P[j].score == level and ctx.compat[i][j]]
            cands.sort(key=lambda p: (not ctx.upfloat_ok[p.index], p.due == P[i].due, -p.rating, p.aro, p.tpn))
            for c in cands:
                if oracle.feasible([(i, c.index)]):
                    chosen = c.index
                    break
            if chosen is not None:
                break
        if chosen is not None:
            oracle.commit(i, chosen)
            pairs.append((i, chosen))
    return pairs


def R7_2_odd_group(ctx: Ctx, oracle: Completion, members: list[int]) -> int | None:
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
    for level in lower:
        cands = [P[j] for j in oracle.free() if P[j].score == level and any(ctx.compat[j][k] for k in left)]
        cands.sort(key=lambda p: (not ctx.upfloat_ok[p.index], p.due == dominating, -p.rating, p.aro, p.tpn))
        for c in cands:
            closed = lset | {c.index}

            def edge_ok(a, b, closed=closed):
                return (a in closed) == (b in closed)

            if oracle.feasible([], edge_ok):
                return c.index
    return None


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


def R6_3_same_colour_partner(ctx: Ctx, oracle: Completion, W: list[int], B: list[int], closed: set[int]) -> tuple[int, int] | None:
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
            for j in order[k + 1:] + list(reversed(order[:k])):
                if ctx.compat[i][j] and oracle.feasible([(i, j)], edge_ok):
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


def R8_floaters(ctx: Ctx, oracle: Completion, floaters: list[int], members: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
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
        for c in cands:
            if ctx.compat[f][c.index] and oracle.feasible([(f, c.index)]):
                oracle.commit(f, c.index)
                pairs.append(_roles_1997(ctx, f, c.index))
                break
        else:
            left.append(f)
    return pairs, left


def _pair_1997_literal_group(ctx: Ctx, oracle: Completion, s: Fraction, incoming: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """One score group by the 1997 procedure: 8 (floaters from above), 7.1, 7.2,
    7.3/7.4, 6.2/6.3, 6.4. Returns (row, column) pairs and the floaters going down."""
    P = ctx.P
    free = set(oracle.free())
    members = [i for i in range(ctx.n) if P[i].score == s and i in free]
    pairs, incoming = R8_floaters(ctx, oracle, incoming, members)
    members = [i for i in members if i not in oracle.mate]
    for a, b in R7_1_islands(ctx, oracle, members):
        pairs.append(_roles_1997(ctx, a, b))
    members = [i for i in members if i not in oracle.mate]
    extra = R7_2_odd_group(ctx, oracle, members)
    if extra is not None:
        members.append(extra)
    down = list(incoming)
    while members:
        closed = set(members)

        def closed_ok(a, b, closed=closed):
            return (a in closed) == (b in closed)

        if len(members) % 2 or not oracle.feasible([], closed_ok):
            # 6.4: the group cannot be paired inside itself; choose the floaters
            floaters = _choose_floaters_1997(ctx, oracle, members, set())
            down += floaters
            members = [i for i in members if i not in floaters]
            continue
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
            _seed_rows(ctx, oracle, rows, cols, bip_ok)
            got = R6_3_rows(rows, cols, lambda partial: oracle.feasible(partial, bip_ok))
        if got is not None:
            for a, b in got:
                oracle.commit(a, b)
            pairs += got
            break
        pair = R6_3_same_colour_partner(ctx, oracle, W, B, closed)
        if pair is not None:
            oracle.commit(*pair)
            pairs.append(_roles_1997(ctx, *pair))
            members = [i for i in members if i not in pair]
            continue
        # Reading (art. 9): no row assignment exists and nobody has met a whole
        # subgroup: the arbiter pairs the group as the optimisation model does.
        mate = _close_group_1997(ctx, oracle, members, optimise=True)
        for u in members:
            v = mate[u]
            if u < v:
                oracle.commit(u, v)
                pairs.append(_roles_1997(ctx, u, v))
        break
    return pairs, down


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


def _pair_1997(ctx: Ctx, optimise: bool) -> tuple[list[tuple[int, int]], int | None]:
    oracle = Completion(ctx.n, ctx.compat)
    P = ctx.P
    if all(p.no_games for p in P) and len({p.score for p in P}) == 1:
        rows, bye = R5_first_round(ctx, oracle)
        return rows, bye
    bye = R4_bye(ctx, oracle)
    if bye is not None:
        oracle.remove(bye)
    pairs: list[tuple[int, int]] = []
    incoming: list[int] = []
    for s in sorted({p.score for p in P}, reverse=True):
        if optimise:
            residents = [i for i in oracle.free() if P[i].score == s]
            if not residents:
                continue
            got = _pair_1997_optimised_group(ctx, oracle, residents)
            for a, b in got:
                oracle.commit(a, b)
            pairs += got
        else:
            got, incoming = _pair_1997_literal_group(ctx, oracle, s, incoming)
            pairs += got
    left = oracle.free()
    if left:
        # Reading (art. 9): floaters left at the bottom are paired as the model pairs.
        mate = _close_group_1997(ctx, oracle, left, optimise=True)
        for u in left:
            if u < mate[u]:
                oracle.commit(u, mate[u])
                pairs.append(_roles_1997(ctx, u, mate[u]))
    return pairs, bye


# ========================================================================================
# entry points


def _prepare(t: Tournament, edition: str, round_number: int | None, ratings) -> Ctx:
    ctx = _context(t, edition, round_number, ratings)
    if edition == "1997":
        ok = any(_completable_whole(ctx, b) for b in _bye_candidates(ctx))
        if not ok:
            # Reading (art. 2.5, 9): when no complete pairing respects 2.5, the arbiter
            # waives it for this round (as Vega's manual does, "suppressing rule 2.5");
            # players within 2.5 are still preferred wherever the text chooses.
            _build_compat(ctx, relax=True)
            ctx.notes.append("2.5 waived: no complete pairing respects it")
    return ctx


def _bye_candidates(ctx: Ctx) -> list[int | None]:
    if ctx.n % 2 == 0:
        return [None]
    return [p.index for p in ctx.P if p.bye_ok]


def _finish(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None, solves: int = 0) -> Pairing:
    P = ctx.P
    boards = []
    for k, (a, b) in enumerate(pairs):
        if ctx.edition == "1997":
            w, bl = colour_allocation_1997(P[a], P[b])
        else:
            w, bl = colour_allocation_2026(P[a], P[b], ctx.initial)
        boards.append((w, bl))

    def key(wb):
        x, y = wb
        hi, lo = (x, y) if (-x.real_score, x.tpn) <= (-y.real_score, y.tpn) else (y, x)
        return (-hi.real_score, -lo.real_score, hi.tpn)

    boards.sort(key=key)
    return Pairing(round=ctx.state.round, pairs=[(w.id, bl.id) for w, bl in boards], bye=P[bye].id if bye is not None else None, solves=solves)


def _first_round_colours(ctx: Ctx, rows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Art. 5 (1997): row k's upper player takes the drawn colour when k is odd."""
    out = []
    for k, (a, b) in enumerate(rows, start=1):
        ca = ctx.initial if k % 2 == 1 else opposite(ctx.initial)
        out.append((a, b) if ca == WHITE else (b, a))
    return out


def _run(t: Tournament, edition: str, round_number: int | None, method: str, ratings) -> tuple[Ctx, Pairing]:
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}", field="method")
    ctx = _prepare(t, edition, round_number, ratings)
    optimise = method == "optimised"
    if edition == "1997":
        pairs, bye = _pair_1997(ctx, optimise)
        if all(p.no_games for p in ctx.P) and len({p.score for p in ctx.P}) == 1:
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
    method: str = "literal",
    ratings: dict[int, int] | None = None,
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Dubov system.

    ``method`` is ``"literal"`` (the text's procedure) or ``"optimised"`` (the
    lexicographic model); ``ratings`` gives provisional ratings for unrated players (by
    id). The pairing is checked by :func:`check_absolute` before it is returned."""
    ctx, pairing = _run(t, edition, round_number, method, ratings)
    problems = check_absolute(t, pairing, edition, ratings=ratings)
    if problems:
        raise SelfCheckError("the Dubov engine produced an illegal pairing: " + "; ".join(problems))
    return pairing


def check_absolute(t: Tournament, pairing: Pairing, edition: str = "2026", ratings: dict[int, int] | None = None) -> list[str]:
    """Every absolute rule a proposed round breaks, one message each (empty: legal).

    Both editions: every player to pair appears once, nobody else; no rematch (1997 2.1,
    2026 C1); the bye only with an odd number, to an allowed player (1997 2.2, 2026 C2).
    1997: the colours given keep 2.3 and 2.4; 2.5 for the lower player of every pair of
    different scores, unless no complete pairing respecting 2.5 exists (then the round
    waives it, see :func:`pair_round`). 2026: C3, and every absolute preference granted
    (Basic Rules Art. 6-7)."""
    if edition not in EDITIONS:
        raise InputError(f"unknown Dubov edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    ctx = _prepare(t, edition, pairing.round, ratings)
    P = {p.id: p for p in ctx.P}
    state = ctx.state
    problems, _ = attendance_problems(pairing, set(P), set(state.players))
    for w, b in pairing.pairs:
        if w == b or w not in P or b not in P:
            continue
        pw, pb = P[w], P[b]
        label = "2.1" if edition == "1997" else "C1"
        if not R2_1_no_rematch(pw, pb, state):
            why = "are a prohibited pair" if b not in state[w].opponents else "have already played each other"
            problems.append(f"{label}: {w} and {b} {why}")
        if edition == "1997":
            for p, c in ((pw, WHITE), (pb, BLACK)):
                if not R2_3_colour_difference(p.colours, c):
                    problems.append(f"2.3: player {p.id} would reach a colour difference beyond 2")
                if not R2_4_three_in_a_row(p.colours, c):
                    problems.append(f"2.4: player {p.id} would get the same colour three times in a row")
            if pw.score != pb.score and not ctx.relaxed_2_5:
                low = pw if pw.score < pb.score else pb
                if not R2_5_upward_transfer(low, ctx.last_round, ctx.total_rounds):
                    problems.append(f"2.5: player {low.id} may not be transferred to a higher score group now")
        else:
            if not C3_absolute_colours(pw, pb):
                problems.append(f"C3: {w} and {b} both have an absolute preference for {'White' if pw.due == WHITE else 'Black'}")
            for p, c in ((pw, WHITE), (pb, BLACK)):
                if p.strength is Strength.ABSOLUTE and p.due != c:
                    problems.append(f"colour: player {p.id} has an absolute preference for {'White' if p.due == WHITE else 'Black'} but gets {'White' if c == WHITE else 'Black'}")
    if pairing.bye in P and not P[pairing.bye].bye_ok:
        label = "2.2" if edition == "1997" else "C2"
        problems.append(f"{label}: the bye goes to {pairing.bye}, who already scored a point without playing")
    return problems


# ========================================================================================
# objective vectors and the comparison of the two methods


def objective_vector(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None) -> list[tuple[str, str, object]]:
    """The stated objectives of a complete pairing, score group by score group from the
    top, each component as (group score, name, value); smaller is better everywhere, and
    the vector is compared lexicographically (both methods are judged by it).

    2026, per bracket: ``C5`` upfloaters; ``C6`` score differences of the upfloaters,
    largest first; ``C7`` players without their colour preference; ``C8`` maximum
    upfloaters, ``C9`` their upfloat counts, ``C10`` upfloaters of the previous round
    (0 in the last round); ``4.2`` the upfloaters' sequence numbers; ``4.3s`` / ``4.3l``
    the shifters' sequence numbers (smaller subgroup, larger); ``ARO`` the sum of
    :func:`aro_cost`; ``order`` minus the sum of row x column positions (the text's
    order).

    1997, per score group: ``transfers`` players brought up to it (7.1, 7.2; a floater
    from above counts the same); ``distance`` their score differences, largest first;
    ``2.5`` transferred players beyond 2.5 (only when the round waives it);
    ``colour-match`` transfers due the group's dominating colour (7.2); ``choice`` the
    transferred players' places by rating (then ARO); ``colour`` pairs with equal due
    colours (6.1, 7.3/7.4); ``7.3`` / ``7.4`` the moved players' places; ``ARO``;
    ``order``.
    """
    P = ctx.P
    mate = {}
    for a, b in pairs:
        mate[a] = b
        mate[b] = a
    out: list[tuple[str, str, object]] = []
    paired_above: set[int] = set()
    scale = _aro_scale(P)
    for s in sorted({p.score for p in P}, reverse=True):
        residents = [p.index for p in P if p.score == s and p.index != bye and p.index not in paired_above]
        res = set(residents)
        ups = [mate[r] for r in residents if P[mate[r]].score < s]
        members = residents + ups
        mem = set(members)
        tag = _points(s)
        lower_pool = [p for p in P if p.score < s and p.index != bye and p.index not in paired_above]
        bpairs = [(u, mate[u]) for u in members if u < mate[u] and mate[u] in mem]
        if ctx.edition == "2026":
            last = ctx.last_round
            out.append((tag, "C5", len(ups)))
            out.append((tag, "C6", tuple(sorted((s - P[u].score for u in ups), reverse=True))))
            out.append((tag, "C7", sum(1 for u, v in bpairs if P[u].due == P[v].due)))
            out.append((tag, "C8", 0 if last else sum(1 for u in ups if _max_upfloater(ctx, P[u]))))
            out.append((tag, "C9", 0 if last else sum(P[u].upfloats for u in ups if _max_upfloater(ctx, P[u]))))
            out.append((tag, "C10", 0 if last else sum(1 for u in ups if P[u].upfloated_last)))
            order = {p.index: k for k, p in enumerate(A4_2_upfloater_order(lower_pool))}
            out.append((tag, "4.2", tuple(sorted(order[u] for u in ups))))
            side = A3_2_3_split(ctx, members)
            seq = _shift_sequences(ctx, members, side)
            n1 = sum(1 for i in members if side[i] == WHITE)
            smaller = BLACK if len(members) - n1 < n1 else WHITE
            shs = [_shifter(u, v, side, seq) for u, v in bpairs if side[u] == side[v]]
            out.append((tag, "inner", sum(1 for u, v in bpairs if side[u] == side[v] == smaller)))
            out.append((tag, "4.3s", tuple(sorted(seq[x] for x in shs if side[x] == smaller))))
            out.append((tag, "4.3l", tuple(sorted(seq[x] for x in shs if side[x] != smaller))))
            rows = [_roles(u, v, side, _shifter(u, v, side, seq) if side[u] == side[v] else None) for u, v in bpairs]
            rp, cp = _positions_2026(ctx, members)
        else:
            out.append((tag, "transfers", len(ups)))
            out.append((tag, "distance", tuple(sorted((s - P[u].score for u in ups), reverse=True))))
            out.append((tag, "2.5", sum(1 for u in ups if not ctx.upfloat_ok[u])))
            dom = _dominating(ctx, residents)
            out.append((tag, "colour-match", sum(1 for u in ups if P[u].due == dom)))
            order = {p.index: k for k, p in enumerate(sorted(lower_pool, key=_transfer_key))}
            out.append((tag, "choice", tuple(sorted(order[u] for u in ups))))
            out.append((tag, "colour", sum(1 for u, v in bpairs if P[u].due == P[v].due)))
            w7 = {p.index: k for k, p in enumerate(R7_3_order(P[i] for i in members if P[i].due == WHITE))}
            b7 = {p.index: k for k, p in enumerate(R7_4_order(P[i] for i in members if P[i].due == BLACK))}
            movers = [_mover_1997(ctx, u, v) for u, v in bpairs if P[u].due == P[v].due]
            out.append((tag, "7.3", tuple(sorted(w7[m] for m in movers if P[m].due == WHITE))))
            out.append((tag, "7.4", tuple(sorted(b7[m] for m in movers if P[m].due == BLACK))))
            rows = [_roles_1997(ctx, u, v) for u, v in bpairs]
            rp, cp = _positions_1997(ctx, members)
        out.append((tag, "ARO", sum(aro_cost(P[r], P[c], scale) for r, c in rows)))
        out.append((tag, "order", -sum(rp[r] * cp[c] for r, c in rows)))
        paired_above |= mem
    return out


def _vector_of(ctx: Ctx, pairing: Pairing) -> list[tuple[str, str, object]]:
    idx = {p.id: p.index for p in ctx.P}
    pairs = [(idx[w], idx[b]) for w, b in pairing.pairs]
    bye = idx[pairing.bye] if pairing.bye is not None else None
    return objective_vector(ctx, pairs, bye)


@dataclass
class Comparison:
    """Literal against optimised for one round: both pairings, both objective vectors,
    and the first component in which they differ (None when the vectors are equal)."""

    round: int
    edition: str
    literal: Pairing
    optimised: Pairing
    literal_vector: list
    optimised_vector: list
    same_pairs: bool
    first_difference: tuple | None  # (group, name, literal value, optimised value)
    better: str  # 'equal', 'optimised', 'literal'

    def describe(self) -> str:
        if self.same_pairs:
            return f"round {self.round}: same pairing"
        if self.first_difference is None:
            return f"round {self.round}: different pairings, equal objective vectors (a tie broken differently)"
        g, name, lv, ov = self.first_difference
        return f"round {self.round}: differ first in group {g} on {name}: literal {fmt_value(lv)}, optimised {fmt_value(ov)} ({self.better} better)"


def fmt_value(v: object) -> str:
    """An objective value for reports: numbers as decimals, tuples in brackets."""
    if isinstance(v, tuple):
        return "(" + ", ".join(fmt_value(x) for x in v) + ")"
    if isinstance(v, Fraction):
        return _points(v)
    return str(v)


def compare(t: Tournament, edition: str = "2026", round_number: int | None = None, ratings: dict[int, int] | None = None) -> Comparison:
    """Pair a round both ways and say where, and by how much, the two differ on the
    stated objectives (:func:`objective_vector`)."""
    lit = pair_round(t, edition, round_number, "literal", ratings)
    opt = pair_round(t, edition, round_number, "optimised", ratings)
    ctx = _prepare(t, edition, lit.round, ratings)
    lv, ov = _vector_of(ctx, lit), _vector_of(ctx, opt)
    same = sorted(tuple(sorted(p)) for p in lit.pairs) == sorted(tuple(sorted(p)) for p in opt.pairs) and lit.bye == opt.bye
    first = None
    better = "equal"
    for a, b in zip(lv, ov):
        if a != b:
            first = (a[0], a[1], a[2], b[2])
            better = "optimised" if b < a else "literal"
            break
    if first is None and len(lv) != len(ov):
        first = ("-", "groups", len(lv), len(ov))
        better = "optimised" if len(ov) < len(lv) else "literal"
    return Comparison(lit.round, edition, lit, opt, lv, ov, same, first, better)


# ========================================================================================
# the ARO list (1997 art. 9)


def _points(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def aro_list(t: Tournament, round_number: int | None = None, edition: str = "2026", ratings: dict[int, int] | None = None) -> list[dict]:
    """Art. 9 (1997): the list of AROs published after each round so that players can
    work out the pairings themselves. One row per player to pair before ``round_number``
    (default: the next round), in pairing order: id, name, rating, score, games played,
    ARO (exact, one decimal, and rounded as 2026 Art. 1.7), due colour, upward
    transfers so far, and whether 2.5 (1997) allows another now."""
    if t.total_rounds is None:
        raise InputError("the number of rounds is needed (XXR n or 142 n)", field="XXR / 142")
    state = t.state_before(round_number)
    P = build_players(t, state, "1997", ratings)
    rt = _ratings(t, ratings)
    last = state.round == t.total_rounds
    rows = []
    for p in P:
        opp = _opponent_ratings(t, p.id, state.round, rt)
        exact = R1_aro(opp)
        rows.append(
            {
                "id": p.id,
                "name": p.name,
                "rating": p.rating,
                "score": _points(p.score),
                "games": p.games,
                "aro": f"{float(exact):.1f}",
                "aro_2026": int(A1_7_aro(opp)),
                "due": "W" if p.due == WHITE else "B",
                "upfloats": p.upfloats,
                "may_upfloat_1997": R2_5_upward_transfer(p, last, t.total_rounds),
            }
        )
    return rows
