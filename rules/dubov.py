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
3        colour allocation, five steps in order                 :func:`colour_rule_1997`
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
C5       fewest upfloaters                                      :func:`C5_upfloaters`
C6       upfloaters' scores as high as possible                 :func:`C6_upfloater_scores`
C7       colour preferences                                     :func:`C7_colour_preferences`
C8-C10   maximum upfloaters, their upfloats, repeated upfloats  :func:`C8_maximum_upfloaters`, :func:`C9_maximum_upfloats`, :func:`C10_repeated_upfloaters`
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
5.2      colour allocation                                      :func:`colour_rule_2026`
=======  =====================================================  ===================================

The verifier (:mod:`solver.verify`, ``tabellone check`` / ``explain --system dubov``)
reads every criterion of a round pairing through :func:`evaluate`,
:func:`quality_criteria` and :func:`colour_article`. For 2026 these are the quality
criteria [C5]-[C10] of each bracket, then the choices of 3.2.2, 3.2.4 and 3.2.6 among
pairings equal on them (:data:`BRACKET_2026`), the PAB steps of 3.1 first. The 1997 text
states no criteria apart from its procedure, so a pairing is replayed through the literal
procedure (:class:`Replay`) and valued step by step by the place of its choices in the
text's orders (:data:`GROUP_1997`). Either way the literal procedure's pairing is the
smallest, and the first criterion on which two pairings differ names the article.

Readings chosen where the 1997 text is silent, ambiguous or garbled are marked in the
code with ``Reading (art. N)`` and listed in ``docs/dubov.md``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from tabellone.solver.errors import InputError, NoPairingError, SelfCheckError
from tabellone.solver.lexicographic import fit_layout
from tabellone.solver.model import BLACK, WHITE, Float, RoundState, Strength, Tournament, opposite
from tabellone.solver.pairing import Pairing, attendance_problems
from .comparison import Comparison, fmt_value  # noqa: F401  (dubov.Comparison stays importable)
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
    """Art. 3 (1997): the pair as (white, black), by :func:`colour_rule_1997`."""
    colour, _ = colour_rule_1997(a, b)
    return (a, b) if colour == WHITE else (b, a)


def colour_rule_1997(a: DP, b: DP) -> tuple[str, str]:
    """The colour of ``a`` when ``a`` meets ``b`` (1997), and the step that decides it.

    Art. 3 in the text's order: 3.1 both get their due colour; 3.2 equalise the numbers
    of Whites and Blacks (the player whose difference is further from zero gets his due
    colour); 3.3 alternate from the latest game in which their colours differed; 3.4
    White to the higher ARO; 3.5 White to the lower rating. The steps are bullet points in
    the text; they are numbered 3.1-3.5 here in their order.

    Reading (art. 2.6 and 3): the restrictions 2.3 and 2.4 come first: when only one
    allocation keeps both players within them, that one is given (step ``"2.6"``).
    Reading (art. 3): when ARO and rating are equal too, White goes to the smaller
    pairing number (step ``"3 (reading: smaller pairing number)"``).
    """
    legal = [c for c in (WHITE, BLACK) if c in a.allowed and opposite(c) in b.allowed]
    if len(legal) == 1:
        return legal[0], "2.6"
    if a.due != b.due:
        return a.due, "3.1"
    if abs(a.cd) != abs(b.cd):
        return (a.due if abs(a.cd) > abs(b.cd) else opposite(b.due)), "3.2"
    alt = _alternation(a, b)
    if alt is not None:
        return alt, "3.3"
    if a.aro != b.aro:
        return (WHITE if a.aro > b.aro else BLACK), "3.4"
    if a.rating != b.rating:
        return (WHITE if a.rating < b.rating else BLACK), "3.5"
    return (WHITE if a.tpn < b.tpn else BLACK), "3 (reading: smaller pairing number)"


def _higher_ranked(a: DP, b: DP) -> DP:
    return a if (-a.score, a.tpn) <= (-b.score, b.tpn) else b


def colour_allocation_2026(a: DP, b: DP, initial_colour: str) -> tuple[DP, DP]:
    """Art. 5.2 (2026): the pair as (white, black), by :func:`colour_rule_2026`."""
    colour, _ = colour_rule_2026(a, b, initial_colour)
    return (a, b) if colour == WHITE else (b, a)


def colour_rule_2026(a: DP, b: DP, initial: str) -> tuple[str, str]:
    """The colour of ``a`` when ``a`` meets ``b`` (2026), and the article that decides it.

    Art. 5.2, in order: 5.2.1 two players without games: the higher ranked (more points,
    then smaller TPN) takes the initial colour when his TPN is odd, the other colour when
    even; 5.2.2 grant both preferences; 5.2.3 grant the stronger one; 5.2.4 alternate to
    the latest game in which one had White and the other Black (C.04.2 Art. 3.4); 5.2.5
    grant the higher ranked player's preference."""
    if a.no_games and b.no_games:
        top = _higher_ranked(a, b)
        c = initial if top.tpn % 2 == 1 else opposite(initial)
        return (c if top is a else opposite(c)), "5.2.1"
    if a.due != b.due:
        return a.due, "5.2.2"
    if a.strength != b.strength:
        return (a.due if a.strength > b.strength else opposite(b.due)), "5.2.3"
    alt = _alternation(a, b)
    if alt is not None:
        return alt, "5.2.4"
    top = _higher_ranked(a, b)
    return (a.due if top is a else opposite(b.due)), "5.2.5"


# ========================================================================================
# the round context and the completion oracle


def _solve(n: int, edges: list[tuple[int, int, int]]) -> dict[int, int]:
    from tabellone.solver.matching import max_weight_matching

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


class Follow:
    """How the literal 1997 procedure takes its decisions.

    Every choice the 1997 text makes is the first candidate, in an order the text gives,
    that passes the step's test: the bye (4, 5), the opponents of the floaters (8.2) and
    of the players who met their whole group (7.1), the player brought up (7.2), a
    same-colour opponent (6.3, last paragraph). The procedure asks :meth:`pick` for each;
    this base class is the text itself. :class:`Replay` (the verifier) answers with the
    choices of a given pairing instead and records where they stand in the text's
    orders. The other hooks report decisions the procedure takes as a whole (the
    floaters of 6.4, the rows of 6.2-6.3 and of 5, the arbiter's pairing of art. 9); here
    they do nothing.
    """

    def pick(self, article: str, subject: frozenset[int] | None, candidates: Sequence[int], passes: Callable[[int], bool]) -> int | None:
        """The candidate taken at step ``article`` for the players ``subject`` (None: the
        bye): the first of ``candidates`` that ``passes``, or None."""
        return next((c for c in candidates if passes(c)), None)

    def group(self, score: Fraction, oracle: Completion) -> None:
        """The procedure starts on the score group ``score``."""

    def floaters(self, ctx: "Ctx", oracle: Completion, members: list[int], chosen: list[int]) -> None:
        """6.4: of ``members``, the procedure sends ``chosen`` (perhaps none) down."""

    def rows(self, ctx: "Ctx", members: list[int], rows: list[int], cols: list[int], got: list[tuple[int, int]]) -> None:
        """6.2-6.3: the procedure pairs the rows (the White subgroup in 6.2 order) with the
        columns (the Black subgroup) as ``got``, row by row."""

    def first_round(self, top: list[int], bottom: list[int], got: list[tuple[int, int]]) -> None:
        """5: the procedure pairs the upper half with the lower half as ``got``."""

    def arbiter(self, ctx: "Ctx", members: list[int], pairs: list[tuple[int, int]]) -> None:
        """9: the text cannot pair ``members``; the arbiter pairs them as ``pairs``."""


#: The text's own way of deciding: the first candidate that passes.
TEXT = Follow()


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
    from tabellone.solver.history import infer_initial_colour

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


def R4_bye(ctx: Ctx, oracle: Completion, follow: Follow = TEXT) -> int | None:
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
    order: list[int] = []
    for s in sorted({p.score for p in P}):
        group = [p for p in P if p.score == s]
        whites = sum(1 for p in group if p.due == WHITE)
        blacks = len(group) - whites
        dominating = WHITE if whites > blacks else BLACK if blacks > whites else None
        ordered = sorted(group, key=lambda p: (p.rating, 0 if (dominating is None or p.due == dominating) else 1, -p.aro, -p.tpn))
        order += [p.index for p in ordered]
    bye = follow.pick("1997 4", None, order, lambda i: _bye_leaves_pairable(oracle, P[i]))
    if bye is None:
        raise NoPairingError("no player can take the bye and leave the others pairable (1997 Art. 2.2, 4)")
    return bye


def _bye_leaves_pairable(oracle: Completion, p: DP) -> bool:
    """1997 Art. 2.2, and the reading of art. 4 / 9 (2026 Art. 3.1.2): ``p`` may take the
    bye and the others can all be paired without him."""
    if not R2_2_bye_eligible(p):
        return False
    oracle.out.add(p.index)
    ok = oracle.feasible()
    oracle.out.discard(p.index)
    return ok


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
    """Art. 1.8.1 (2026): upfloated MaxT times already."""
    return p.upfloats >= A1_8_max_t(ctx.total_rounds)


# ----------------------------------------------------------------------------------------
# 2026: the quality criteria [C5]-[C10] (Art. 2.3), one pair or one upfloater at a time.
# The upfloater choice (A3_2_2_upfloaters) weighs edges with these terms; the bracket
# values below (objective_vector, evaluate) sum them.


def C7_unmet_preferences(a: DP, b: DP) -> int:
    """[C7] (Art. 2.3.3) for one pair: how many of the two do not get their colour
    preference. Every player has one (no games: mild Black, 1.6.4) and 5.2.2 grants both
    when they differ, so this is 1 when both prefer the same colour, else 0."""
    return int(a.due == b.due)


def C8_maximum_upfloater(ctx: Ctx, up: DP) -> bool:
    """[C8] (Art. 2.3.4) for one upfloater: a maximum upfloater (1.8), unless this is the
    last round."""
    return not ctx.last_round and _max_upfloater(ctx, up)


def C9_upfloat_times(ctx: Ctx, up: DP) -> int:
    """[C9] (Art. 2.3.5) for one upfloater: the times a maximum upfloater has been
    upfloated (0 for any other upfloater, and in the last round). Reading: the text's
    "number of times a maximum upfloater is upfloated" is summed over the bracket."""
    return up.upfloats if C8_maximum_upfloater(ctx, up) else 0


def C10_upfloated_before(ctx: Ctx, up: DP) -> bool:
    """[C10] (Art. 2.3.6) for one upfloater: he upfloated in the previous round (not
    counted in the last round)."""
    return not ctx.last_round and up.upfloated_last


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
    c9_top = ctx.total_rounds + 1
    zero = [0] * (L + 6)

    def fields(u, v):
        if u not in res and v not in res:
            return zero
        c7 = 1 - C7_unmet_preferences(P[u], P[v])
        if u in res and v in res:
            return [1] + [0] * L + [c7, 0, 0, 0, 0]
        f = v if u in res else u
        up = P[f]
        c6 = [1] * L
        c6[lv[up.score]] = 0
        c8 = 1 - int(C8_maximum_upfloater(ctx, up))
        c10 = 1 - int(C10_upfloated_before(ctx, up))
        return [0] + c6 + [c7, c8, c9_top - C9_upfloat_times(ctx, up), c10, _setbit(pos[f], npool)]

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
        c7 = 1 - C7_unmet_preferences(P[u], P[v])
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
    for i in R6_2_white_order(P[j] for j in members if P[j].due == WHITE) + R6_2_black_order(P[j] for j in members if P[j].due == BLACK):
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


def R6_3_same_colour_partner(ctx: Ctx, oracle: Completion, W: list[int], B: list[int], closed: set[int], follow: Follow = TEXT) -> tuple[int, int] | None:
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
                "1997 6.3 partner", frozenset({i}), order[k + 1:] + order[:k][::-1],
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


def R8_floaters(ctx: Ctx, oracle: Completion, floaters: list[int], members: list[int], follow: Follow = TEXT) -> tuple[list[tuple[int, int]], list[int]]:
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
        c = follow.pick("1997 8.2", frozenset({f}), [p.index for p in cands], lambda j, f=f: ctx.compat[f][j] and oracle.feasible([(f, j)]))
        if c is None:
            left.append(f)
        else:
            oracle.commit(f, c)
            pairs.append(_roles_1997(ctx, f, c))
    return pairs, left


def _pair_1997_literal_group(ctx: Ctx, oracle: Completion, s: Fraction, incoming: list[int], follow: Follow = TEXT) -> tuple[list[tuple[int, int]], list[int]]:
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
        mate = _close_group_1997(ctx, oracle, members, optimise=True)
        made = [(u, mate[u]) for u in members if u < mate[u]]
        follow.arbiter(ctx, members, made)
        for u, v in made:
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
            got, incoming = _pair_1997_literal_group(ctx, oracle, s, incoming, follow)
            pairs += got
    left = oracle.free()
    if left:
        # Reading (art. 9): floaters left at the bottom are paired as the model pairs.
        mate = _close_group_1997(ctx, oracle, left, optimise=True)
        made = [(u, mate[u]) for u in left if u < mate[u]]
        follow.arbiter(ctx, left, made)
        for u, v in made:
            oracle.commit(u, v)
            pairs.append(_roles_1997(ctx, u, v))
    return pairs, bye


# ========================================================================================
# entry points


def _prepare(t: Tournament, edition: str, round_number: int | None, ratings, no_bye: frozenset[int] = frozenset()) -> Ctx:
    ctx = _context(t, edition, round_number, ratings)
    for p in ctx.P:
        if p.id in no_bye:
            p.bye_ok = False
    if edition == "1997":
        ok = any(_completable_whole(ctx, b) for b in _bye_candidates(ctx))
        if not ok:
            # Reading (art. 2.5, 9): when no complete pairing respects 2.5, the arbiter
            # waives it for this round (as Vega's manual does, "suppressing rule 2.5");
            # players within 2.5 are still preferred wherever the text chooses.
            _build_compat(ctx, relax=True)
            ctx.notes.append("2.5 waived: no complete pairing respects it")
            if not any(_completable_whole(ctx, b) for b in _bye_candidates(ctx)):
                raise NoPairingError(
                    f"round {ctx.state.round}: no pairing of the whole round keeps restrictions 2.1-2.4 and 2.6, even with 2.5 waived"
                )
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


def _run(t: Tournament, edition: str, round_number: int | None, method: str, ratings, no_bye: frozenset[int] = frozenset()) -> tuple[Ctx, Pairing]:
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}", field="method")
    ctx = _prepare(t, edition, round_number, ratings, no_bye)
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
    method: str = "literal",
    ratings: dict[int, int] | None = None,
    no_bye: frozenset[int] = frozenset(),
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Dubov system.

    ``method`` is ``"literal"`` (the text's procedure) or ``"optimised"`` (the
    lexicographic model); ``ratings`` gives provisional ratings for unrated players (by
    id); ``no_bye`` lists players barred from the bye on top of 1997 Art. 2.2 / 2026 C2
    (``tabellone explain --bye`` prices the pairing without a given bye with it). The
    pairing is checked by :func:`check_absolute` before it is returned."""
    ctx, pairing = _run(t, edition, round_number, method, ratings, no_bye)
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


@dataclass
class Bracket:
    """One bracket of a complete round pairing, found from the pairing itself as the 2026
    text builds brackets (Art. 1.3.2, 1.9.2): the scoregroups from the top, each with its
    residents still unpaired when it is reached, the upfloaters paired with them and the
    pairs among them; ``pool`` holds the players below not yet paired (the possible
    upfloaters of Art. 4.2.1). The 1997 optimiser reads its score groups the same way.
    Indices are into ``ctx.P``."""

    score: Fraction
    residents: list[int]
    ups: list[int]
    pairs: list[tuple[int, int]]
    pool: list[int]
    _shift: "_ShiftView | None" = field(default=None, repr=False, compare=False)

    @property
    def members(self) -> list[int]:
        return self.residents + self.ups


def brackets_of(ctx: Ctx, pairs: Sequence[tuple[int, int]], bye: int | None) -> list[Bracket]:
    """The brackets of a complete pairing (indices into ``ctx.P``), one per score present
    in the round, from the top; a bracket whose residents were all taken up by brackets
    above is kept, empty, so that two pairings of one round have matching lists."""
    P = ctx.P
    mate: dict[int, int] = {}
    for a, b in pairs:
        mate[a] = b
        mate[b] = a
    out = []
    paired_above: set[int] = set()
    for s in sorted({p.score for p in P}, reverse=True):
        residents = [p.index for p in P if p.score == s and p.index != bye and p.index not in paired_above]
        ups = [mate[r] for r in residents if r in mate and P[mate[r]].score < s]
        mem = set(residents) | set(ups)
        bpairs = [(u, mate[u]) for u in residents + ups if u in mate and u < mate[u] and mate[u] in mem]
        pool = [p.index for p in P if p.score < s and p.index != bye and p.index not in paired_above]
        out.append(Bracket(s, residents, ups, bpairs, pool))
        paired_above |= mem
    return out


@dataclass
class _ShiftView:
    """A bracket's pairs read as G1 / G2 after the shifts of Art. 3.2.3-3.2.4 (2026):
    the initial subgroup of every member, the sequence numbers of Art. 4.3 (0-based),
    the smaller subgroup, the shifters, and every pair as (row, column): the row is the
    member of S1 (G1 after the shifts), the column the member of G2."""

    side: dict[int, str]
    seq: dict[int, int]
    smaller: str
    shifters: list[int]
    roles: list[tuple[int, int]]


def _shift_view(ctx: Ctx, br: Bracket) -> _ShiftView:
    """Reading (art. 3.2.4): in a pair of two players of one subgroup the shifter is the
    one with the smaller sequence number. This is the most favourable reading of a
    pairing, and for the pairing the procedure makes it is the procedure's own."""
    if br._shift is None:
        members = br.members
        side = A3_2_3_split(ctx, members)
        seq = _shift_sequences(ctx, members, side)
        n1 = sum(1 for i in members if side[i] == WHITE)
        smaller = BLACK if len(members) - n1 < n1 else WHITE
        shifters, roles = [], []
        for u, v in br.pairs:
            sh = _shifter(u, v, side, seq) if side[u] == side[v] else None
            if sh is not None:
                shifters.append(sh)
            roles.append(_roles(u, v, side, sh))
        br._shift = _ShiftView(side, seq, smaller, shifters, roles)
    return br._shift


def C5_upfloaters(ctx: Ctx, br: Bracket) -> int:
    """[C5] (Art. 2.3.1): the number of upfloaters."""
    return len(br.ups)


def C6_upfloater_scores(ctx: Ctx, br: Bracket) -> tuple[Fraction, ...]:
    """[C6] (Art. 2.3.2): the score differences in the pairs with upfloaters, largest
    first (so the upfloaters' scores are as high as possible)."""
    return tuple(sorted((br.score - ctx.P[u].score for u in br.ups), reverse=True))


def C7_colour_preferences(ctx: Ctx, br: Bracket) -> int:
    """[C7] (Art. 2.3.3): players of the bracket who do not get their colour preference
    (:func:`C7_unmet_preferences` summed over its pairs)."""
    return sum(C7_unmet_preferences(ctx.P[u], ctx.P[v]) for u, v in br.pairs)


def C8_maximum_upfloaters(ctx: Ctx, br: Bracket) -> int:
    """[C8] (Art. 2.3.4): upfloaters who are maximum upfloaters (not in the last round)."""
    return sum(1 for u in br.ups if C8_maximum_upfloater(ctx, ctx.P[u]))


def C9_maximum_upfloats(ctx: Ctx, br: Bracket) -> int:
    """[C9] (Art. 2.3.5): the times the maximum upfloaters among the upfloaters have
    been upfloated (not in the last round)."""
    return sum(C9_upfloat_times(ctx, ctx.P[u]) for u in br.ups)


def C10_repeated_upfloaters(ctx: Ctx, br: Bracket) -> int:
    """[C10] (Art. 2.3.6): upfloaters who upfloated in the previous round (not in the
    last round)."""
    return sum(1 for u in br.ups if C10_upfloated_before(ctx, ctx.P[u]))


def A3_2_2_upfloater_numbers(ctx: Ctx, br: Bracket) -> tuple[int, ...]:
    """Art. 3.2.2 with 4.1.3 and 4.2: among the sets of upfloaters equally good on
    [C5]-[C10], the first: the upfloaters' sequence numbers (#1 = highest score, then
    smallest TPN, among the players below still to pair), ascending. For sets of one size
    the text's order of sets is the order of these tuples."""
    number = {p.index: k for k, p in enumerate(A4_2_upfloater_order(ctx.P[i] for i in br.pool), start=1)}
    return tuple(sorted(number[u] for u in br.ups))


def A3_2_4_pairs_inside(ctx: Ctx, br: Bracket) -> int:
    """Art. 3.2.4, first step: the pairs the smaller subgroup (G1 when equal) forms inside
    itself; each shifts one of its players into the other subgroup."""
    view = _shift_view(ctx, br)
    return sum(1 for u, v in br.pairs if view.side[u] == view.side[v] == view.smaller)


def A3_2_4_shifters_smaller(ctx: Ctx, br: Bracket) -> tuple[int, ...]:
    """Art. 3.2.4 with 4.3, first step: the shifters taken from the smaller subgroup, by
    their sequence numbers of 4.3 (#1 the middle of the sorted list), ascending: the
    best set is the first one."""
    view = _shift_view(ctx, br)
    return tuple(sorted(view.seq[x] + 1 for x in view.shifters if view.side[x] == view.smaller))


def A3_2_4_shifters_larger(ctx: Ctx, br: Bracket) -> tuple[int, ...]:
    """Art. 3.2.4 with 4.3, second step: the shifters taken from the larger subgroup to
    equalise the two, by sequence number, ascending."""
    view = _shift_view(ctx, br)
    return tuple(sorted(view.seq[x] + 1 for x in view.shifters if view.side[x] != view.smaller))


def A3_2_6_transposition_numbers(ctx: Ctx, br: Bracket) -> tuple[int, ...]:
    """Art. 3.2.6 with 4.4: T2 as the sequence numbers of the G2 players (#1 the smallest
    TPN) read in S1 order (Art. 3.2.5: ascending ARO, then TPN). Transpositions are taken
    in the lexicographic order of these tuples, and T2 is the first that yields a legal
    pairing."""
    P = ctx.P
    roles = _shift_view(ctx, br).roles
    column_of = dict(roles)
    g2 = sorted((P[c] for _, c in roles), key=lambda p: p.tpn)
    number = {p.index: k for k, p in enumerate(g2, start=1)}
    return tuple(number[column_of[p.index]] for p in A3_2_5_s1_order(P[r] for r, _ in roles))


def R6_1_same_colour_pairs(ctx: Ctx, pairs: Iterable[tuple[int, int]]) -> int:
    """Art. 6.1 with 7.3 / 7.4 (1997): pairs of two players due the same colour (the
    normal case has as many due White as due Black; each pair the equalising moves of
    7.3 / 7.4 make costs one player his due colour)."""
    return sum(1 for u, v in pairs if ctx.P[u].due == ctx.P[v].due)


def R7_3_7_4_moved(ctx: Ctx, members: Sequence[int], pairs: Iterable[tuple[int, int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Art. 7.3 / 7.4 (1997): the players moved to the other colour subgroup, as their
    places (1 = first) in the order of 7.3 (due White) and of 7.4 (due Black). In a pair
    of two players due one colour the moved one is :func:`_mover_1997`'s (the first in
    that order whom 2.6 lets move)."""
    P = ctx.P
    w7 = {p.index: k for k, p in enumerate(R7_3_order(P[i] for i in members if P[i].due == WHITE), start=1)}
    b7 = {p.index: k for k, p in enumerate(R7_4_order(P[i] for i in members if P[i].due == BLACK), start=1)}
    movers = [_mover_1997(ctx, u, v) for u, v in pairs if P[u].due == P[v].due]
    return (tuple(sorted(w7[m] for m in movers if P[m].due == WHITE)), tuple(sorted(b7[m] for m in movers if P[m].due == BLACK)))


def objective_vector(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None) -> list[tuple[str, str, object]]:
    """The stated objectives of a complete pairing, score group by score group from the
    top (:func:`brackets_of`), each component as (group score, name, value); smaller is
    better everywhere, and the vector is compared lexicographically (both methods are
    judged by it).

    2026, per bracket: ``C5`` - ``C10`` the quality criteria (:func:`C5_upfloaters` ..
    :func:`C10_repeated_upfloaters`); ``4.2`` the upfloaters' sequence numbers
    (:func:`A3_2_2_upfloater_numbers`); ``inner``, ``4.3s`` / ``4.3l`` the shifts
    (:func:`A3_2_4_pairs_inside`, :func:`A3_2_4_shifters_smaller`,
    :func:`A3_2_4_shifters_larger`); ``ARO`` the sum of :func:`aro_cost`; ``order`` minus
    the sum of row x column positions (the text's order).

    1997, per score group: ``transfers`` players brought up to it (7.1, 7.2; a floater
    from above counts the same); ``distance`` their score differences, largest first;
    ``2.5`` transferred players beyond 2.5 (only when the round waives it);
    ``colour-match`` transfers due the group's dominating colour (7.2); ``choice`` the
    transferred players' places by rating (then ARO); ``colour`` pairs with equal due
    colours (:func:`R6_1_same_colour_pairs`); ``7.3`` / ``7.4`` the moved players' places
    (:func:`R7_3_7_4_moved`); ``ARO``; ``order``.
    """
    P = ctx.P
    out: list[tuple[str, str, object]] = []
    scale = _aro_scale(P)
    for br in brackets_of(ctx, pairs, bye):
        s, members, ups = br.score, br.members, br.ups
        tag = _points(s)
        if ctx.edition == "2026":
            for name, value in (
                ("C5", C5_upfloaters), ("C6", C6_upfloater_scores), ("C7", C7_colour_preferences),
                ("C8", C8_maximum_upfloaters), ("C9", C9_maximum_upfloats), ("C10", C10_repeated_upfloaters),
                ("4.2", A3_2_2_upfloater_numbers), ("inner", A3_2_4_pairs_inside),
                ("4.3s", A3_2_4_shifters_smaller), ("4.3l", A3_2_4_shifters_larger),
            ):
                out.append((tag, name, value(ctx, br)))
            rows = _shift_view(ctx, br).roles
            rp, cp = _positions_2026(ctx, members)
        else:
            out.append((tag, "transfers", len(ups)))
            out.append((tag, "distance", tuple(sorted((s - P[u].score for u in ups), reverse=True))))
            out.append((tag, "2.5", sum(1 for u in ups if not ctx.upfloat_ok[u])))
            dom = _dominating(ctx, br.residents)
            out.append((tag, "colour-match", sum(1 for u in ups if P[u].due == dom)))
            order = {p.index: k for k, p in enumerate(sorted((P[i] for i in br.pool), key=_transfer_key))}
            out.append((tag, "choice", tuple(sorted(order[u] for u in ups))))
            out.append((tag, "colour", R6_1_same_colour_pairs(ctx, br.pairs)))
            moved_w, moved_b = R7_3_7_4_moved(ctx, members, br.pairs)
            out.append((tag, "7.3", moved_w))
            out.append((tag, "7.4", moved_b))
            rows = [_roles_1997(ctx, u, v) for u, v in br.pairs]
            rp, cp = _positions_1997(ctx, members)
        out.append((tag, "ARO", sum(aro_cost(P[r], P[c], scale) for r, c in rows)))
        out.append((tag, "order", -sum(rp[r] * cp[c] for r, c in rows)))
    return out


def _vector_of(ctx: Ctx, pairing: Pairing) -> list[tuple[str, str, object]]:
    idx = {p.id: p.index for p in ctx.P}
    pairs = [(idx[w], idx[b]) for w, b in pairing.pairs]
    bye = idx[pairing.bye] if pairing.bye is not None else None
    return objective_vector(ctx, pairs, bye)


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
# the verifier's view: every criterion of a round pairing (solver.verify)


class NotAllowed:
    """The value of a choice the text's step does not allow at that point (the chosen
    player is not a candidate, or fails the step's test): worse than any place. One
    instance, :data:`NOT_ALLOWED`; it compares above every number and tuple."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NotAllowed)

    def __hash__(self) -> int:
        return 0

    def __lt__(self, other: object) -> bool:
        return False

    def __le__(self, other: object) -> bool:
        return isinstance(other, NotAllowed)

    def __gt__(self, other: object) -> bool:
        return not isinstance(other, NotAllowed)

    def __ge__(self, other: object) -> bool:
        return True

    def __repr__(self) -> str:
        return "a choice the text does not allow here"


NOT_ALLOWED = NotAllowed()


@dataclass
class BracketValues:
    """One bracket (2026) or score group (1997) of a round pairing: its score, its players
    (ids) and the value of each criterion there (article -> value; every value is
    minimised: a count, a list compared from its first item, or a place in one of the
    text's orders)."""

    score: Fraction
    players: list[int]
    values: dict[str, object]


#: 2026, round level: the PAB (Art. 3.1). The text assigns it before any bracket
#: (1.9.2), among the players C2 and C4 allow, by these three steps.
ROUND_2026: list[tuple[str, str]] = [
    ("2026 3.1.3", "score of the PAB assignee (the lowest)"),
    ("2026 3.1.4", "rounds the PAB assignee did not play (the most games played)"),
    ("2026 3.1.5", "players with a larger TPN than the PAB assignee (the largest TPN)"),
]

#: 2026, per bracket, in priority order: the quality criteria of Art. 2.3, then the
#: choices the procedure of Art. 3.2 makes among pairings equal on them.
BRACKET_2026: list[tuple[str, str, Callable[[Ctx, Bracket], object]]] = [
    ("2026 C5", "upfloaters", C5_upfloaters),
    ("2026 C6", "score differences in the pairs with upfloaters", C6_upfloater_scores),
    ("2026 C7", "players who do not get their colour preference", C7_colour_preferences),
    ("2026 C8", "upfloaters who are maximum upfloaters", C8_maximum_upfloaters),
    ("2026 C9", "times the maximum upfloaters have been upfloated", C9_maximum_upfloats),
    ("2026 C10", "upfloaters who upfloated in the previous round", C10_repeated_upfloaters),
    ("2026 3.2.2", "the set of upfloaters (sequence numbers of Art. 4.2: the first set)", A3_2_2_upfloater_numbers),
    ("2026 3.2.4", "pairs inside the smaller subgroup (each shifts a player)", A3_2_4_pairs_inside),
    ("2026 3.2.4 smaller", "shifters from the smaller subgroup (sequence numbers of Art. 4.3: the first set)", A3_2_4_shifters_smaller),
    ("2026 3.2.4 larger", "shifters from the larger subgroup (sequence numbers of Art. 4.3: the first set)", A3_2_4_shifters_larger),
    ("2026 3.2.6", "transposition T2 (sequence numbers of Art. 4.4 in S1 order: the first legal one)", A3_2_6_transposition_numbers),
]

#: 1997: the text is a procedure; its criteria are its steps, in the order it takes them.
#: A value is the place (1 = first) of the choice made in the order the step prescribes
#: (:data:`NOT_ALLOWED` when the step does not allow it), or a count the step minimises.
#: Round level first, then per score group.
ROUND_1997: list[tuple[str, str]] = [
    ("1997 4", "the bye: place of its receiver in the order of Art. 4 (lowest group, lowest R, dominating colour, higher ARO)"),
    ("1997 5", "the bye in round 1: place of its receiver counting from the end of the list"),
]
GROUP_1997: list[tuple[str, str]] = [
    ("1997 5 pairs", "the upper half's opponents in round 1: places in the lower half, pair by pair"),
    ("1997 8.2", "opponents of the floaters from above: places in the order of 8.2 (opposite due colour, highest R, lowest ARO)"),
    ("1997 7.1", "opponents from below for players who met their whole group: places in the order of 7.1"),
    ("1997 7.2", "player brought up to make the group even: place in the order of 7.2"),
    ("1997 6.4", "players not paired within their score group (floaters)"),
    ("1997 6.4 choice", "floaters: places in the order of 6.4"),
    ("1997 6.3 partner", "same-colour opponents of players who met the whole other subgroup: places in the order of 6.3"),
    ("1997 6.1", "pairs of players due the same colour"),
    ("1997 7.3", "due-White players moved to the Black subgroup: places in the order of 7.3"),
    ("1997 7.4", "due-Black players moved to the White subgroup: places in the order of 7.4"),
    ("1997 6.2-6.3", "rows: places (6.2) of the Whites' opponents among the Blacks, row by row (6.3: the first legal)"),
    ("1997 9", "pairs the text leaves to the arbiter, made otherwise than the model pairs them"),
]

#: How the values recorded along the 1997 procedure make one value per group: counts are
#: added, single choices kept as they are, choices made one after the other listed.
_SUMMED_1997 = {"1997 6.4", "1997 6.1", "1997 9"}
_LISTED_1997 = {"1997 8.2", "1997 7.1", "1997 6.3 partner"}


class _Deviation(Exception):
    """The replayed pairing left the text's procedure (see :class:`Replay`)."""


class Replay(Follow):
    """The literal 1997 procedure run along a given pairing, for the verifier.

    At each decision the procedure would take, the replay looks at the choice the given
    pairing made, records its place in the text's order (:data:`NOT_ALLOWED` if the step
    does not allow it), and goes on while the choice is the procedure's own. At the first
    other choice it stops (:class:`_Deviation`). So the procedure's pairing records, at
    every step, the first allowed place, and any other pairing records the same places
    up to its first departure, where its place is later or not allowed: compared step
    by step, in the order of :data:`GROUP_1997`, the procedure's pairing is never worse,
    and the first step where two pairings differ is where one left the text.
    """

    def __init__(self, ctx: Ctx, pairs: Iterable[tuple[int, int]], bye: int | None):
        self.ctx = ctx
        self.bye = bye
        self.mate: dict[int, int] = {}
        for a, b in pairs:
            self.mate[a] = b
            self.mate[b] = a
        self.round_level: dict[str, list] = {}
        self.groups: list[tuple[Fraction, dict[str, list], set[int]]] = []
        self.values = self.round_level
        self.oracle: Completion | None = None

    def _record(self, article: str, value: object) -> None:
        self.values.setdefault(article, []).append(value)

    def pick(self, article, subject, candidates, passes):
        candidates = list(candidates)
        first = next((c for c in candidates if passes(c)), None)
        if subject is None:
            wanted = [c for c in candidates if c == self.bye]
        else:
            wanted = [c for c in candidates if self.mate.get(c) in subject]
        if first is not None and first in wanted:
            self._record(article, candidates.index(first) + 1)
            return first
        places = [candidates.index(c) + 1 for c in wanted if passes(c)]
        self._record(article, min(places) if places else NOT_ALLOWED)
        if first is None and not places:
            return None
        raise _Deviation

    def group(self, score, oracle):
        self.values = {}
        self.groups.append((score, self.values, set(oracle.mate)))
        self.oracle = oracle

    def floaters(self, ctx, oracle, members, chosen):
        mem = set(members)
        given = [m for m in members if self.mate.get(m) not in mem]
        place = {i: k for k, i in enumerate(R6_4_floater_order(ctx, oracle, members, set()), start=1)}
        self._record("1997 6.4", len(given))
        self._record("1997 6.4 choice", tuple(sorted(place[m] for m in given)))
        if set(given) != set(chosen):
            raise _Deviation

    def _given_pairs(self, members: list[int]) -> set[frozenset[int]] | None:
        """The given pairing's pairs among ``members``; None if it pairs one of them with
        somebody else."""
        mem = set(members)
        if any(self.mate.get(u) not in mem for u in members):
            return None
        return {frozenset((u, self.mate[u])) for u in members}

    def rows(self, ctx, members, rows, cols, got):
        given = self._given_pairs(members)
        place = {c: k for k, c in enumerate(cols, start=1)}
        if given is None:
            for article in ("1997 6.1", "1997 7.3", "1997 7.4", "1997 6.2-6.3"):
                self._record(article, NOT_ALLOWED)
            raise _Deviation
        pairs = [tuple(p) for p in given]
        self._record("1997 6.1", R6_1_same_colour_pairs(ctx, pairs))
        moved_white, moved_black = R7_3_7_4_moved(ctx, members, pairs)
        self._record("1997 7.3", moved_white)
        self._record("1997 7.4", moved_black)
        opponents = [place.get(self.mate[r]) for r in rows]
        self._record("1997 6.2-6.3", NOT_ALLOWED if None in opponents else tuple(opponents))
        if given != {frozenset(p) for p in got}:
            raise _Deviation

    def first_round(self, top, bottom, got):
        place = {c: k for k, c in enumerate(bottom, start=1)}
        opponents = [place.get(self.mate.get(r)) for r in top]
        self._record("1997 5 pairs", NOT_ALLOWED if None in opponents else tuple(opponents))
        if {frozenset((r, self.mate.get(r))) for r in top} != {frozenset(p) for p in got}:
            raise _Deviation

    def arbiter(self, ctx, members, pairs):
        made = {frozenset(p) for p in pairs}
        differing = sum(1 for u in members if frozenset((u, self.mate.get(u))) not in made)
        self._record("1997 9", differing)
        if differing:
            raise _Deviation

    def result(self) -> tuple[dict[str, object], list[BracketValues]]:
        """The values recorded, round level and one :class:`BracketValues` per score of
        the round (groups the replay did not reach hold no values)."""
        P = self.ctx.P

        def reduce(values: dict[str, list]) -> dict[str, object]:
            out: dict[str, object] = {}
            for article, got in values.items():
                if article in _SUMMED_1997:
                    out[article] = sum(got)
                elif article in _LISTED_1997 or len(got) != 1:
                    out[article] = tuple(got)
                else:
                    out[article] = got[0]
            return out

        mated = set(self.oracle.mate) if self.oracle is not None else set()
        reached = {}
        for k, (score, values, before) in enumerate(self.groups):
            after = self.groups[k + 1][2] if k + 1 < len(self.groups) else mated
            reached[score] = BracketValues(score, [P[i].id for i in sorted(after - before)], reduce(values))
        brackets = [
            reached.get(s) or BracketValues(s, [p.id for p in P if p.score == s], {})
            for s in sorted({p.score for p in P}, reverse=True)
        ]
        return reduce(self.round_level), brackets


def _indices(ctx: Ctx, pairing: Pairing) -> tuple[list[tuple[int, int]], int | None]:
    idx = {p.id: p.index for p in ctx.P}
    pairs = [(idx[w], idx[b]) for w, b in pairing.pairs if w in idx and b in idx]
    return pairs, idx.get(pairing.bye) if pairing.bye is not None else None


def evaluate(t: Tournament, pairing: Pairing, edition: str = "2026") -> tuple[dict[str, object], list[BracketValues]]:
    """Every criterion of ``pairing`` (a complete, legal pairing of its round of ``t``),
    for the verifier (:mod:`solver.verify`): the round-level values first (the bye),
    then one :class:`BracketValues` per score of the round, from the top. Every value is
    minimised, in the priority order of :func:`quality_criteria`, and the pairing the
    literal procedure makes (:func:`pair_round`) is the smallest, bracket by bracket.

    2026: the round level is the PAB by Art. 3.1 (:data:`ROUND_2026`); the brackets are
    the ones the pairing itself makes (:func:`brackets_of`), each valued on [C5]-[C10]
    and on the choices of Art. 3.2 that follow them (:data:`BRACKET_2026`).

    1997: the text is a procedure, so the pairing is replayed through it
    (:class:`Replay`): each value is the place of the pairing's choice at one step of
    the text (:data:`GROUP_1997`), up to the first step where it leaves the text.
    """
    if edition not in EDITIONS:
        raise InputError(f"unknown Dubov edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    ctx = _prepare(t, edition, pairing.round, None)
    pairs, bye = _indices(ctx, pairing)
    if edition == "1997":
        replay = Replay(ctx, pairs, bye)
        try:
            _pair_1997(ctx, optimise=False, follow=replay)
        except _Deviation:
            pass
        return replay.result()
    P = ctx.P
    round_level: dict[str, object] = {}
    if bye is not None:
        p = P[bye]
        round_level["2026 3.1.3"] = p.score
        round_level["2026 3.1.4"] = ctx.state.round - 1 - p.games
        round_level["2026 3.1.5"] = sum(1 for q in P if q.tpn > p.tpn)
    out = []
    for br in brackets_of(ctx, pairs, bye):
        values = {article: value(ctx, br) for article, _, value in BRACKET_2026}
        out.append(BracketValues(br.score, [P[i].id for i in br.members], values))
    return round_level, out


def quality_criteria(edition: str) -> list[tuple[str, str]]:
    """Every criterion :func:`evaluate` values, in priority order, as (article, what is
    minimised): the round-level ones (the bye) first, then those of a bracket."""
    if edition == "1997":
        return ROUND_1997 + GROUP_1997
    if edition == "2026":
        return ROUND_2026 + [(article, what) for article, what, _ in BRACKET_2026]
    raise InputError(f"unknown Dubov edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet in ``round_number``, and the
    article that decides it: 2026 Art. 5.2.1-5.2.5 (:func:`colour_rule_2026`); 1997
    Art. 2.6 or 3.1-3.5 (:func:`colour_rule_1997`), and in round 1 Art. 5 (the colour
    drawn for the first pair, alternating down the pairs of the rules' pairing)."""
    ctx = _prepare(t, edition, round_number, None)
    by_id = {p.id: p for p in ctx.P}
    a, b = by_id[white], by_id[black]
    if edition == "1997":
        if _first_round_1997(ctx):
            for w, bl in pair_round(t, "1997", round_number).pairs:
                if {w, bl} == {white, black}:
                    return w, "5"
        colour, article = colour_rule_1997(a, b)
    else:
        colour, article = colour_rule_2026(a, b, ctx.initial)
    return (white if colour == WHITE else black), article


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
