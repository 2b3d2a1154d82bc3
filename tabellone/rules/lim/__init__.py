"""FIDE Lim system (Handbook C.04.4.3), the edition in force: approved by the Council on
28/10/2025, applied from 1 February 2026 (handbook.fide.com, chapter C040403202602; the
text before it, chapter C040403Till2026, reads the same where we compared them: rule
letters become article numbers, "C.04.1.c" becomes "Article 3 of the Basic Rules", and
the sub-articles of 2.6 and 3.10 are spelt out).

Lim pairs score group by score group, but not from the top down only: it pairs from the
highest group down to just above the *median* group (score = half the rounds played), then
from the lowest group up, and the median group last (Art. 2.2). Inside a group the top
half meets the bottom half (2.4); incompatible proposals are repaired by exchanges in a
fixed order (Art. 4); floaters leave a group that cannot pair everyone, downward above
the median and upward below it (Art. 3); colours alternate and equalise (Art. 5).

Two methods, one reading of the text:

* ``method="literal"`` follows the text step by step (:func:`_literal_group`): floaters
  arriving are paired first with the opponent Art. 3.8 names; the players to float are
  chosen one by one in the order of Art. 3.2-3.4, 3.9 and 3.10; the rest is paired by the
  scrutiny of Art. 4 (the exchange order of 4.2-4.3, :func:`A4_candidates`,
  :func:`A4_first_scrutiny`) with the colour test of the second scrutiny of Art. 5.2:
  each player in turn takes the first opponent with whom both get their due colours
  (:func:`A5_2_second_scrutiny`).
* ``method="optimised"`` states the same rules as a lexicographic optimisation
  (:func:`_optimised_group`): the absolute criteria are hard constraints (the graph has
  only compatible pairs and the whole round must stay pairable), the quality criteria are
  bit fields of one integer weight per pair, most important first
  (:func:`tabellone.matching.lexicographic.fit_layout`), solved by exact maximum-weight matching
  (:func:`tabellone.matching.backends.max_weight_matching`); the last field is the number of colour
  faults in the group (5.2). The scrutiny order of Art. 4 (with the due colours first)
  breaks the remaining ties by fixing pairs in that order while the optimum stays
  reachable. When the literal procedure ends with the fewest colour faults, each of its
  choices is the optimiser's; otherwise its player-by-player colour choice cost faults
  later in the group, and the optimiser has fewer (``benchmarks/lim_crosscheck.py``).

Both methods never reach a dead end: each choice of the literal procedure is taken only
if the whole round can still be paired (a completion oracle, a perfect matching on the
compatibility graph), which is how this engine reads Art. 2.6 (a blocked median group is
avoided by looking ahead instead of "cracking" pairs made before, which the text leaves
unordered). :func:`compare` pairs a round both ways and gives both objective vectors.

Articles and the functions implementing them
--------------------------------------------

========  =============================================================  ================================
art.      rule                                                           implemented by
========  =============================================================  ================================
C.04.1    no rematch (forfeits are not meetings; prohibited pairs)        :func:`fide_common.C1_no_rematch`
C.04.1    no bye after any PAB or a win's points without playing (Art. 4) :func:`bye_eligible`
1.1       the bye: lowest rank in the lowest score group                  :func:`A1_1_bye`
2.1       compatibility (no rematch, no colour 3 times, no +-3)           :func:`A2_1_compatible`
2.2       median group; order of pairing the groups                       :func:`A2_2_schedule`
2.3-2.4   floaters out; top half against bottom half                      :func:`_literal_group`
2.6       blocked median group: never reached (completion oracle)          :class:`_Oracle`
3.2-3.4   choice of the floater (colour balance, bottom / top, 3.10)      :func:`A3_float_order`
3.6-3.7   floaters arriving are paired first, in this order               :func:`A3_6_3_7_incoming_order`
3.8       the floater's opponent: due the other colour, top / bottom      :func:`A3_8_candidates`
3.9       floaters floating on (types a, b) avoided first                 field ``3.9``
4.1-4.4   scrutiny and exchange order                                     :func:`A4_candidates`, :func:`A4_first_scrutiny`
5.1-5.6   colours: alternate, equalise; who gets the due colour           :func:`colour_rule`
5.2       second scrutiny: exchanges to grant colours                     :func:`A5_2_second_scrutiny`
6         last round: same-score pairing before colour limits             :func:`A2_1_compatible`
7         round one: 1 v n/2+1 ..., colours alternate down the top half   :func:`colour_rule` (7.2)
========  =============================================================  ================================

Readings where the text is silent or unclear (each also in the docstring that uses it):
"highest numbered" means the top of the ranking (4.2 calls Player #1 "the highest
numbered player"); when no group has the median score, the floaters from above and below
meet in an empty median group; the "Maxi-tournament" 100-point rules (3.2.3, 3.8, 5.7)
apply to a class of events the text does not define and are not applied; in the last
round (Art. 6) the colour limits of 2.1 are lifted and breaking them is the most costly
colour fault instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tabellone.core.errors import InputError, NoPairingError, SelfCheckError
from tabellone.core.model import BLACK, WHITE, Tournament, named, opposite
from tabellone.core.pairing import Pairing, Violation, attendance_violations
from tabellone.matching.backends import max_weight_matching
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.comparison import BracketValues, Comparison
from tabellone.rules.comparison import objective_vector as vector_of
from tabellone.rules.fide_common import (
    ByeRule,
    C1_no_rematch,
    Entrant,
    board_order,
    higher_ranked,
    pair_violation,
    round_to_pair,
)
from tabellone.rules.profiles import Objective, Profile, official, resolve_for

EDITIONS = ("2026",)
#: The PAB rule the Lim text pairs under: C.04.1 (2026) Art. 4 (:func:`bye_eligible`).
LIM_BYE_RULE = ByeRule("C.04.1 Art. 4", any_pab=True, forfeit_win=False, win_unplayed=True)
METHODS = ("literal", "optimised")

#: The stage of the optimiser that settles each quality criterion of a profile
#: (``lim-2026.toml``): 1 the floaters arriving, 2 the residents who float, 3 the colours
#: of the rest. 4.4 (the most pairs) is weighed in stages 1 and 2.
STAGES = {"3.9": 1, "4.4": 1, "3.8": 1, "3.2-3.4": 2, "5.2": 3}


def profile_of(profile: Profile | str | None, edition: str = "2026") -> Profile:
    """The profile to pair with (default: the official ``lim-2026``), checked against
    the stages of the optimiser: a profile may reorder, weight or drop criteria within a
    stage, not move one across stages nor weight criteria of two stages together."""
    p = resolve_for(profile, "lim", edition)
    if p is None:
        return official("lim", edition)
    where = dict(source=p.source or None, field="--profile")
    last = 0
    for lv in p.levels:
        stages = {STAGES[cid] for cid, _ in lv.members if cid != "4.4"}
        if len(stages) > 1:
            raise InputError(
                f"profile {p.name}: level {lv.name!r} weighs criteria of different stages of the Lim "
                "optimiser together (3.9, 3.8: floaters arriving; 3.2-3.4: residents who float; 5.2: colours)",
                **where,
            )
        if stages and min(stages) < last:
            raise InputError(
                f"profile {p.name}: {lv.name} is placed after a criterion of a later stage; the Lim optimiser "
                "settles the floaters arriving (3.9, 4.4, 3.8), then the residents who float (3.2-3.4), "
                "then the colours (5.2): reorder within a stage only",
                **where,
            )
        last = max(stages) if stages else last
    return p


DOWN, UP = "down", "up"


# ========================================================================================
# the round: players, compatibility, colours


@dataclass
class Ctx:
    """One round to pair: players in pairing order (score, then rank), compatibility."""

    t: Tournament
    state: object
    P: list[Entrant]
    initial: str
    last_round: bool
    median: Fraction
    no_bye: frozenset[int] = frozenset()
    compat: list[set[int]] = field(default_factory=list)
    solves: int = 0
    profile: Profile | None = None

    @property
    def objective(self) -> Objective:
        """The optimiser's quality fields in the order of the profile (:mod:`tabellone.rules.profiles`)."""
        return Objective(self.profile or official("lim", "2026"), {c: c for c in STAGES})

    @property
    def n(self) -> int:
        return len(self.P)


def forbidden_colours(e: Entrant) -> set[str]:
    """Art. 5.1.1 / 5.1.2 (and C.04.1): the colours ``e`` may not get, because the last
    two games had it (three in a row) or it would make the colour difference +-3."""
    out = set()
    if e.repeated is not None:
        out.add(e.repeated)
    if e.cd >= 2:
        out.add(WHITE)
    if e.cd <= -2:
        out.add(BLACK)
    return out


def _breaks(e: Entrant, colour: str) -> int:
    return int(colour in forbidden_colours(e))


def A2_1_compatible(a: Entrant, b: Entrant, ctx: Ctx) -> bool:
    """Art. 2.1: two players are compatible when they have not met (C.04.1; a forfeit is
    not a meeting, C.04.2 3.5; prohibited pairs count as met) and one of the two colour
    allocations gives neither the same colour three times running nor three more of one
    colour. Art. 6: in the last round the colour part is lifted (pairing by score comes
    first); breaking it is then the most costly colour fault (:func:`colour_fault`)."""
    if not C1_no_rematch(a, b, ctx.state):
        return False
    if ctx.last_round:
        return True
    fa, fb = forbidden_colours(a), forbidden_colours(b)
    return (WHITE not in fa and BLACK not in fb) or (BLACK not in fa and WHITE not in fb)


def bye_eligible(e: Entrant) -> bool:
    """Whether ``e`` may have the pairing-allocated bye. The Lim text (2026) has no [C2]
    of its own: its Art. 1.1 awards the PAB "in addition of what is stated in Article 3
    of the Basic Rules", and the Basic Rules (C.04.1, 2026) are "valid for each Swiss
    system unless explicitly stated otherwise", Art. 4 included: "A participant who has
    already received a pairing allocated bye, or has already scored in one single round,
    without playing, as many points as rewarded for a win, shall not receive the pairing
    allocated bye." Any earlier PAB bars another, whatever it was worth; so does a
    forfeit win or a full-point bye; a half-point bye the player asked for does not."""
    return not LIM_BYE_RULE.bars(e.state)


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str = "2026") -> tuple[bool, str]:
    """Whether ``player`` may have the PAB of ``round_number`` (:func:`bye_eligible`), and
    the sentence that says so, with the round of the earlier bye or win that bars it."""
    return LIM_BYE_RULE.reading(t, player, round_number)


def colour_rule(a: Entrant, b: Entrant, ctx: Ctx) -> tuple[str, str]:
    """The colour of ``a`` against ``b``, and the article that decides it (Art. 5, 7.2).

    5.1/5.3  a colour that would break 5.1.1 or 5.1.2 is not given (in the last round, the
             allocation breaking fewer of them);
    5.2      different due colours (alternating when the colours are level, equalising
             otherwise: the model's colour preference): each gets his own;
    5.5/5.6  the same due colour: the stronger claim (equalising before alternating);
    5.4      equal claims: the colours going back in sequence, to the last round in which
             they differed, decide (each takes the other's colour of that round);
             identical histories: in the median group or above the higher-ranked player
             gets his due colour, below it the lower-ranked one;
    7.2      neither has played: the higher-ranked player takes the colour drawn for
             Player #1 when his pairing number is odd, the other colour when it is even.
    """
    fa, fb = forbidden_colours(a), forbidden_colours(b)
    allowed = [c for c in (WHITE, BLACK) if c not in fa and opposite(c) not in fb]
    if len(allowed) == 1:
        return allowed[0], "5.3"
    if not allowed:  # last round only: break as few limits as possible
        cost = {c: _breaks(a, c) + _breaks(b, opposite(c)) for c in (WHITE, BLACK)}
        if cost[WHITE] != cost[BLACK]:
            return min(cost, key=cost.get), "6"
    if a.pref is None and b.pref is None:
        top = higher_ranked(a, b)
        colour = ctx.initial if top.rank % 2 == 0 else opposite(ctx.initial)
        return (colour if top is a else opposite(colour)), "7.2"
    if a.pref != b.pref:
        if a.pref is not None:
            return a.pref, "5.2"
        return opposite(b.pref), "5.2"
    due = a.pref
    if a.strength != b.strength:
        return (due if a.strength > b.strength else opposite(due)), "5.5/5.6"
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return cb, "5.4"
    top = higher_ranked(a, b)
    gets_due = top if max(a.score, b.score) >= ctx.median else (b if top is a else a)
    return (due if gets_due is a else opposite(due)), "5.4"


def allocate(a: Entrant, b: Entrant, ctx: Ctx) -> tuple[Entrant, Entrant]:
    """(white, black) by :func:`colour_rule`."""
    colour, _ = colour_rule(a, b, ctx)
    return (a, b) if colour == WHITE else (b, a)


def colour_fault(a: Entrant, b: Entrant, ctx: Ctx) -> int:
    """What a pair costs on Art. 5: 1 for a player not given his due colour (5.2, 5.5,
    5.6), 2 more for each colour limit of 5.1.1 / 5.1.2 broken (last round only)."""
    w, bl = allocate(a, b, ctx)
    cost = 0
    for p, c in ((w, WHITE), (bl, BLACK)):
        if p.pref is not None and p.pref != c:
            cost += 1
        cost += 2 * _breaks(p, c)
    return cost


# ========================================================================================
# matchings: the completion oracle and the lexicographic solves


def _matching(ctx: Ctx, vertices: Sequence[int], weight: Callable[[int, int], int | None]) -> dict[int, int] | None:
    """A maximum-weight matching of maximum cardinality on ``vertices`` (indices into
    ``ctx.P``) over compatible pairs; ``weight`` gives each pair's weight (None: no
    edge). None when no perfect matching exists."""
    vs = list(vertices)
    if not vs:
        return {}
    pos = {v: k for k, v in enumerate(vs)}
    edges = []
    for k, u in enumerate(vs):
        cu = ctx.compat[u]
        for v in vs[k + 1 :]:
            if v in cu:
                w = weight(u, v)
                if w is not None:
                    edges.append((k, pos[v], w))
    ctx.solves += 1
    mate = max_weight_matching(len(vs), edges, max_cardinality=True)
    if len(mate) != len(vs):
        return None
    return {vs[i]: vs[j] for i, j in mate.items()}


def _perfect(ctx: Ctx, vertices: Iterable[int]) -> dict[int, int] | None:
    return _matching(ctx, list(vertices), lambda u, v: 1)


# ========================================================================================
# the bye and the order of the groups


def A1_1_bye(ctx: Ctx) -> int | None:
    """Art. 1.1 (with C.04.1 Art. 4): with an odd number of players, the bye goes to the
    player with the lowest rank in the lowest score group, among those allowed a bye and
    whose absence leaves the others pairable (looking further up the ranking otherwise)."""
    if ctx.n % 2 == 0:
        if _perfect(ctx, range(ctx.n)) is None:
            raise NoPairingError(
                f"round {ctx.state.round}: no pairing of all players keeps Art. 2.1 (no rematch, colour limits)"
            )
        return None
    for i in reversed(range(ctx.n)):
        e = ctx.P[i]
        if not bye_eligible(e) or e.id in ctx.no_bye:
            continue
        if _perfect(ctx, [j for j in range(ctx.n) if j != i]) is not None:
            return i
    raise NoPairingError(
        f"round {ctx.state.round}: no player can take the bye and leave the others pairable (Art. 1.1, 2.1)"
    )


@dataclass
class Group:
    """A score group as Art. 2.2 pairs it: its score, residents (indices, pairing order),
    direction, and the residents of the group its floaters go to (for Art. 3.3 / 3.9)."""

    score: Fraction
    residents: list[int]
    direction: str
    median: bool
    next_residents: list[int] = field(default_factory=list)


def A2_2_schedule(ctx: Ctx, players: Sequence[int]) -> list[Group]:
    """Art. 2.2: the groups above the median score from the top down, then those below it
    from the bottom up, then the median group (paired downward). The median score is half
    the rounds played times a win's points. When no player has it, the floaters from both
    sides meet in an empty median group (a reading: they must meet somewhere)."""
    by_score: dict[Fraction, list[int]] = {}
    for i in players:
        by_score.setdefault(ctx.P[i].score, []).append(i)
    above = sorted((s for s in by_score if s > ctx.median), reverse=True)
    below = sorted(s for s in by_score if s < ctx.median)
    med = by_score.get(ctx.median, [])
    out: list[Group] = []
    for k, s in enumerate(above):
        nxt = by_score[above[k + 1]] if k + 1 < len(above) else med
        out.append(Group(s, by_score[s], DOWN, False, nxt))
    for k, s in enumerate(below):
        nxt = by_score[below[k + 1]] if k + 1 < len(below) else med
        out.append(Group(s, by_score[s], UP, False, nxt))
    out.append(Group(ctx.median, med, DOWN, True, []))
    return out


# ========================================================================================
# the orders of the text


def A3_6_3_7_incoming_order(ctx: Ctx, incoming: Iterable[int], group: Group) -> list[int]:
    """Art. 3.6-3.7: floaters arriving are paired first. Downfloaters (from above): the
    highest score first, then the highest pairing number (the top of the ranking);
    upfloaters: the lowest score first, then the lowest pairing number (the bottom). In
    the median group the downfloaters come before the upfloaters (3.6.3)."""
    P = ctx.P
    downs = sorted((i for i in incoming if P[i].score > group.score), key=lambda i: (-P[i].score, P[i].rank))
    ups = sorted((i for i in incoming if P[i].score < group.score), key=lambda i: (P[i].score, -P[i].rank))
    return downs + ups


def A3_8_candidates(ctx: Ctx, f: int, residents: Sequence[int], others: Sequence[int], direction: str) -> list[int]:
    """Art. 3.8: the opponents of floater ``f`` in the order tried: residents due the
    alternate colour first (or with no colour due), from the top of the group when
    pairing downward and from the bottom when pairing upward; then the other residents in
    the same order; then other floaters still unpaired, in their order of 3.6-3.7."""
    P = ctx.P
    order = sorted(residents, key=lambda i: P[i].rank, reverse=direction == UP)
    alt = [i for i in order if P[i].pref is None or P[f].pref is None or P[i].pref != P[f].pref]
    rest = [i for i in order if i not in set(alt)]
    return alt + rest + [o for o in others if o != f]


def A3_float_order(ctx: Ctx, residents: Sequence[int], group: Group) -> list[int]:
    """The residents in the order they are chosen to float, the first most likely:

    3.9   first those with a compatible opponent in the group the floaters go to (types
          c after d: avoid a floater with nobody to meet there);
    3.10  then those who did not float in the round before;
    3.2.2 then, when more players are due one colour than the other, those due that
          colour (the floater evens the colours);
    3.2.4 then the lowest numbered (the bottom of the ranking) when pairing downward, the
          highest numbered (the top) when pairing upward.
    """
    P = ctx.P
    white = sum(1 for i in residents if P[i].pref == WHITE)
    black = sum(1 for i in residents if P[i].pref == BLACK)
    majority = WHITE if white > black else BLACK if black > white else None
    target = group.next_residents

    def key(i: int):
        e = P[i]
        no_opponent = not any(j in ctx.compat[i] for j in target)
        floated = bool(e.state.floats_2026) and e.state.floats_2026[-1] is not None
        colour = 0 if majority is None or e.pref == majority else 1
        place = -e.rank if group.direction == DOWN else e.rank
        return (no_opponent, floated, colour, place)

    return sorted(residents, key=key)


def A4_candidates(ctx: Ctx, order: Sequence[int]) -> list[int]:
    """Art. 4.2-4.3: the opponents tried for the first player of ``order`` (the players
    not yet paired, in scrutiny order): the bottom half in order, then the top half from
    its last player upward. Six players 1-6: 4, 5, 6, 3, 2; with 1 v 6 fixed, player 2
    tries 4, 5, 3 (the tables of 4.2 and 4.3). Pairing upward the order is mirrored."""
    m = len(order)
    return list(order[m // 2 :]) + list(reversed(order[1 : m // 2]))


def _scrutiny_order(ctx: Ctx, players: Iterable[int], direction: str) -> list[int]:
    """Art. 4.1: scrutiny begins with the highest numbered player (the top) when pairing
    downward, with the lowest numbered (the bottom) when pairing upward."""
    return sorted(players, key=lambda i: ctx.P[i].rank, reverse=direction == UP)


# ========================================================================================
# the literal procedure


class _Oracle:
    """The best values of Art. 3.9 (floaters arriving who must float on) and 4.4 (pairs
    made in the group) still reachable with the whole round pairable, given the pairs
    already fixed in the group and the players already chosen to float."""

    def __init__(self, ctx: Ctx, remaining: set[int], members: set[int], incoming: set[int]):
        self.ctx, self.remaining, self.members, self.incoming = ctx, remaining, members, incoming
        self.layout = fit_layout(("3.9", "4.4", "edge"), (len(incoming), len(members) // 2 + 1, len(remaining)))
        # the only weights an edge can have, packed once (speed: 16 million edges on 4,000)
        self._inside = [self.layout.pack((k, 1, 1)) for k in range(3)]
        self._outside = self.layout.pack((0, 0, 1))

    def values(self, fixed: list[tuple[int, int]], floating: set[int]) -> tuple[int, int] | None:
        taken = {x for p in fixed for x in p}
        inside = self.members - floating - taken
        inc = self.incoming

        packed, other = self._inside, self._outside

        def weight(u: int, v: int) -> int:
            if u in inside and v in inside:
                return packed[(u in inc) + (v in inc)]
            return other

        mate = _matching(self.ctx, [v for v in self.remaining if v not in taken], weight)
        if mate is None:
            return None
        pairs = [(u, v) for u, v in mate.items() if u < v and u in inside and v in inside]
        a = sum((u in inc) + (v in inc) for u, v in pairs) + sum((u in inc) + (v in inc) for u, v in fixed)
        return (a, len(pairs) + len(fixed))


def _literal_group(
    ctx: Ctx, remaining: set[int], group: Group, incoming: list[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair one group by the text: returns the pairs made and the players floating on."""
    members = set(incoming) | set(group.residents)
    oracle = _Oracle(ctx, remaining, members, set(incoming))
    fixed: list[tuple[int, int]] = []
    floating: set[int] = set()
    target = oracle.values(fixed, floating)
    if target is None:  # pragma: no cover - the bye and every earlier step keep the round pairable
        raise SelfCheckError("Lim: the round became unpairable")
    # 3.6-3.8: the floaters arriving, one by one
    order = A3_6_3_7_incoming_order(ctx, incoming, group)
    for k, f in enumerate(order):
        if f in {x for p in fixed for x in p}:
            continue
        taken = {x for p in fixed for x in p}
        free_res = [i for i in group.residents if i not in taken]
        others = [o for o in order[k + 1 :] if o not in taken]
        for c in A3_8_candidates(ctx, f, free_res, others, group.direction):
            if c in ctx.compat[f] and oracle.values(fixed + [(f, c)], floating) == target:
                fixed.append((f, c))
                break
        else:
            floating.add(f)  # 3.5: floated to a further group
            if oracle.values(fixed, floating) != target:  # pragma: no cover
                raise SelfCheckError("Lim: a floater's float lost the group's best values")
    # 2.3, 3.2-3.4, 3.10, 4.4: the residents who float, chosen one by one
    taken = {x for p in fixed for x in p}
    rest = [i for i in group.residents if i not in taken]
    pairs_left = target[1] - len(fixed)
    need = len(rest) - 2 * pairs_left
    for x in A3_float_order(ctx, rest, group):
        if need == 0:
            break
        if oracle.values(fixed, floating | {x}) == target:
            floating.add(x)
            need -= 1
    if need:  # pragma: no cover - the oracle's target is reachable
        raise SelfCheckError("Lim: the floaters of a group could not be chosen")
    inside = [i for i in rest if i not in floating]
    # Art. 4 and 5.2: the scrutiny with its exchanges, for compatibility and colour (the
    # first scrutiny alone, A4_first_scrutiny, is what the second does when no colour is
    # due; "inside" can be paired, as the floaters were chosen so)
    pairs = A5_2_second_scrutiny(ctx, inside, group.direction)
    out = [i for i in members if i in floating]
    return fixed + pairs, out


def A4_first_scrutiny(ctx: Ctx, players: Sequence[int], direction: str) -> list[tuple[int, int]]:
    """Art. 4.1-4.4: the proposed pairings (2.4) checked in scrutiny order; a player whose
    proposed opponent is incompatible takes the next one in the exchange order of 4.2-4.3
    (:func:`A4_candidates`), and an exchange must leave every player after him a
    compatible opponent (4.4). ``players`` can all be paired (the floaters are chosen
    first), so the first exchange that leaves the rest pairable is the text's."""
    return _in_exchange_order(
        ctx, _scrutiny_order(ctx, players, direction), lambda vs: (_perfect(ctx, vs), 0), lambda p, c: 0
    )


def _in_exchange_order(ctx: Ctx, order: list[int], solve, price, proper=None) -> list[tuple[int, int]]:
    """Pairs fixed one by one in the exchange order of Art. 4: the first player of
    ``order`` takes the first compatible opponent in :func:`A4_candidates` with whom the
    optimum stays reachable, and so on. ``solve(players)`` gives a matching of the
    players (None when there is none) and its value; ``price(p, c)`` the value of one
    pair; reachable means pair plus the rest's optimum equal the optimum. With
    ``proper(p, c)`` the opponents for whom it holds are tried first (Art. 5.2: the
    player scrutinised gets his due colour if possible)."""
    mate, value = solve(order)
    if mate is None:  # pragma: no cover - guaranteed by the floater choice
        raise SelfCheckError("Lim: a group left unpairable")
    pairs = []
    while order:
        p = order[0]
        cands = [c for c in A4_candidates(ctx, order) if c in ctx.compat[p]]
        passes = [[c for c in cands if proper(p, c)], cands] if proper else [cands]
        chosen = None
        for candidates in passes:
            for c in candidates:
                if mate.get(p) == c:
                    chosen = c
                    break
                quick = _swap(ctx, mate, p, c)
                if quick is not None:
                    x, y = mate[p], mate[c]
                    if price(x, y) + price(p, c) - price(p, x) - price(c, y) == 0:
                        mate = {**quick, p: c, c: p}
                        chosen = c
                        break
                trial, v = solve([x for x in order if x not in (p, c)])
                if trial is not None and v + price(p, c) == value:
                    mate = {**trial, p: c, c: p}
                    chosen = c
                    break
            if chosen is not None:
                break
        value -= price(chosen, p)
        pairs.append((p, chosen))
        order = [x for x in order if x not in (p, chosen)]
    return pairs


def A5_2_second_scrutiny(ctx: Ctx, players: Sequence[int], direction: str) -> list[tuple[int, int]]:
    """Art. 5.2: after the first scrutiny (:func:`A4_first_scrutiny`) has shown that the
    group can be paired with new pairings, a second scrutiny "with exchanges where
    necessary" gives each player, if possible, the alternating and the equalising colour
    (2.4: proposals are confirmed "after scrutiny for compatibility and proper colour").
    It goes through the players in the same scrutiny order with the same exchange order
    (4.2-4.3): the player scrutinised takes the first opponent with whom both get their
    due colour (:func:`colour_fault` 0) and the players after him can still all be
    paired (4.4); when there is none, the first compatible one that leaves them pairable,
    with the fewest colour faults (last round: limits of 5.1 broken count double)."""
    P = ctx.P
    order = _scrutiny_order(ctx, players, direction)
    mate = _perfect(ctx, order)
    if mate is None:  # pragma: no cover - the floaters were chosen so that it exists
        raise SelfCheckError("Lim: a group left unpairable")
    pairs = []
    while order:
        p = order[0]
        best = None
        for c in A4_candidates(ctx, order):
            if c not in ctx.compat[p]:
                continue
            fault = colour_fault(P[p], P[c], ctx)
            if best is not None and fault >= best[0]:
                continue
            trial = _swap(ctx, mate, p, c) or _perfect(ctx, [x for x in order if x not in (p, c)])
            if trial is None:
                continue
            best = (fault, c, trial)
            if fault == 0:
                break
        if best is None:  # pragma: no cover - the matching kept shows one exists
            raise SelfCheckError("Lim: a group left unpairable")
        _, c, rest = best
        mate = {**rest, p: c, c: p}
        pairs.append((p, c))
        order = [x for x in order if x not in (p, c)]
    return pairs


def _swap(ctx: Ctx, mate: dict[int, int], p: int, c: int) -> dict[int, int] | None:
    """A perfect matching of the players of ``mate`` but ``p`` and ``c``, read off
    ``mate`` when it pairs them, or their partners can meet (no solve needed); None when
    that quick look does not find one (it may still exist)."""
    x, y = mate[p], mate[c]
    if x == c:
        rest = dict(mate)
    elif y in ctx.compat[x]:
        rest = dict(mate)
        rest[x], rest[y] = y, x
    else:
        return None
    for v in (p, c):
        rest.pop(v, None)
    return rest


# ========================================================================================
# the optimiser


def _optimised_group(
    ctx: Ctx, remaining: set[int], group: Group, incoming: list[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair one group as a lexicographic optimisation, fields most significant first:

    ``3.9`` floaters arriving paired in the group (most); ``4.4`` pairs in the group
    (most); ``3.8`` one field per floater arriving, in the order of 3.6-3.7, the place of
    its opponent in :func:`A3_8_candidates` (earliest); ``3.2`` which residents float:
    ``2**(N - k)`` for the resident ``k``-th in :func:`A3_float_order` when he floats, so
    the set floated is the one the text's one-by-one choice gives; ``5.2`` colour faults
    of the group's other pairs (fewest); then the exchange order of Art. 4 (first in
    order). Every solve keeps the whole round pairable (maximum cardinality on all the
    players still to pair). The fields are solved in three stages, each fixing what its
    fields decide: floater pairs (``3.9``, ``4.4``, ``3.8``), floated residents (``3.2``),
    pairs of the rest (``5.2`` and the order)."""
    members = set(incoming) | set(group.residents)
    inc = set(incoming)
    order = A3_6_3_7_incoming_order(ctx, incoming, group)
    # stage 1: the floaters arriving
    fixed: list[tuple[int, int]] = []
    floating: set[int] = set()
    if order:
        place: list[dict[int, int]] = []
        for k, f in enumerate(order):
            # a floater's opponents as 3.8 lists them when his turn comes; an earlier
            # floater's choice only removes players from the list, so places among the
            # players left keep their order: the place in the full list ranks them alike
            cands = A3_8_candidates(ctx, f, group.residents, order[k + 1 :], group.direction)
            place.append({c: len(cands) - j for j, c in enumerate(cands)})
        objective = ctx.objective
        fields, maxima = objective.layout_names(
            {
                "3.9": [("3.9", len(inc))],
                "4.4": [("4.4", len(members) // 2 + 1)],
                "3.8": [(("3.8", k), len(p) + 1) for k, p in enumerate(place)],
            }
        )
        layout = fit_layout([*fields, "edge"], [*maxima, len(remaining)])

        def weight(u: int, v: int) -> int:
            if u in members and v in members:
                vals = {"3.9": (u in inc) + (v in inc), "4.4": 1}
                for k, f in enumerate(order):
                    other = v if u == f else u if v == f else None
                    vals[("3.8", k)] = place[k].get(other, 0) if other is not None else 0
                vals = objective.fold(vals)
                return layout.pack((*[vals.get(name, 0) for name in fields], 1))
            return layout.pack((*[0] * len(fields), 1))

        mate = _matching(ctx, sorted(remaining), weight)
        if mate is None:  # pragma: no cover
            raise SelfCheckError("Lim: the round became unpairable")
        done: set[int] = set()
        for f in order:
            if f in done:
                continue
            m = mate[f]
            if m in members:
                fixed.append((f, m))
                done |= {f, m}
            else:
                floating.add(f)
    # stage 2: which residents float
    taken = {x for p in fixed for x in p}
    rest = [i for i in group.residents if i not in taken]
    left = [v for v in remaining if v not in taken]
    float_rank = {x: k for k, x in enumerate(A3_float_order(ctx, rest, group))}
    N = len(rest)
    inside_set = set(rest)
    objective = ctx.objective
    fields2, maxima2 = objective.layout_names(
        {"4.4": [("4.4", N // 2 + 1)], "3.2-3.4": [("3.2-3.4", 2 * N * (1 << N))]}
    )
    layout2 = fit_layout([*fields2, "edge"], [*maxima2, len(remaining)])

    def weight2(u: int, v: int) -> int:
        if u in inside_set and v in inside_set:
            keep = ((1 << N) - (1 << (N - float_rank[u]))) + ((1 << N) - (1 << (N - float_rank[v])))
            vals = objective.fold({"4.4": 1, "3.2-3.4": keep})
            return layout2.pack((*[vals.get(name, 0) for name in fields2], 1))
        return layout2.pack((*[0] * len(fields2), 1))

    mate = _matching(ctx, sorted(left), weight2)
    if mate is None:  # pragma: no cover
        raise SelfCheckError("Lim: the round became unpairable")
    inside = [i for i in rest if mate.get(i) in inside_set]
    floating |= {i for i in rest if i not in set(inside)}
    # stage 3: colours, then the exchange order
    pairs = _best_in_order(ctx, inside, group.direction)
    out = [i for i in members if i in floating]
    return fixed + pairs, out


def _best_in_order(ctx: Ctx, players: Sequence[int], direction: str) -> list[tuple[int, int]]:
    """The pairing of ``players`` with the fewest colour faults (Art. 5.2: "each player, if
    possible" his alternating and equalising colour; :func:`colour_fault`) that comes
    first in the order of the scrutiny: the scrutinised player takes the first opponent in
    his exchange order (Art. 4) with whom both get their due colours and the fewest
    faults stay reachable, or else the first with whom they stay reachable, and so on
    (the faults are the field of a maximum-weight matching of maximum cardinality)."""
    P = ctx.P
    order = _scrutiny_order(ctx, players, direction)
    top = 8  # above the largest fault of a pair (5, last round)
    cost: dict[tuple[int, int], int] = {}
    profile = ctx.profile or official("lim", "2026")
    faults = profile.kind("5.2") is not None  # a profile may drop 5.2

    def price(u: int, v: int) -> int:
        key = (u, v) if u < v else (v, u)
        if key not in cost:
            cost[key] = colour_fault(P[u], P[v], ctx) if faults else 0
        return cost[key]

    def best(vs: list[int]) -> tuple[dict[int, int] | None, int]:
        m = _matching(ctx, vs, lambda u, v: top - price(u, v))
        if m is None:
            return None, 0
        return m, sum(price(u, v) for u, v in m.items() if u < v)

    if not profile.generation_order:  # any pairing with the fewest faults
        mate, _ = best(order)
        if mate is None:  # pragma: no cover - guaranteed by the floater choice
            raise SelfCheckError("Lim: a group left unpairable")
        return [(u, v) for u, v in mate.items() if u < v]
    return _in_exchange_order(ctx, order, best, price, proper=lambda p, c: price(p, c) == 0)


# ========================================================================================
# the round


def _prepare(
    t: Tournament,
    edition: str,
    round_number: int | None,
    no_bye: frozenset[int] = frozenset(),
    profile: Profile | None = None,
) -> Ctx:
    if edition not in EDITIONS:
        raise InputError(f"unknown Lim edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    state, players, initial = round_to_pair(t, round_number)
    played = state.round - 1
    ctx = Ctx(
        t=t,
        state=state,
        P=players,
        initial=initial,
        last_round=state.round == t.total_rounds,
        median=Fraction(played) * t.scoring.win / 2,
        no_bye=no_bye,
        profile=profile,
    )
    ctx.compat = [set() for _ in players]
    for i in range(ctx.n):
        for j in range(i + 1, ctx.n):
            if A2_1_compatible(players[i], players[j], ctx):
                ctx.compat[i].add(j)
                ctx.compat[j].add(i)
    return ctx


def _pair(ctx: Ctx, method: str) -> tuple[list[tuple[int, int]], int | None]:
    bye = A1_1_bye(ctx)
    remaining = {i for i in range(ctx.n) if i != bye}
    pairs: list[tuple[int, int]] = []
    carry = {DOWN: [], UP: []}
    pair_group = _literal_group if method == "literal" else _optimised_group
    for group in A2_2_schedule(ctx, sorted(remaining)):
        incoming = carry[DOWN] + carry[UP] if group.median else carry[group.direction]
        made, out = pair_group(ctx, remaining, group, incoming)
        pairs += made
        for p in made:
            remaining -= set(p)
        if group.median:
            if out:  # pragma: no cover - the oracle keeps the round pairable
                raise SelfCheckError("Lim: players left over after the median group")
        else:
            carry[group.direction] = out
    return pairs, bye


def _finish(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None) -> Pairing:
    P = ctx.P
    boards = board_order([allocate(P[a], P[b], ctx) for a, b in pairs])
    return Pairing(
        round=ctx.state.round,
        pairs=[(w.id, b.id) for w, b in boards],
        bye=P[bye].id if bye is not None else None,
        solves=ctx.solves,
    )


def pair_round(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    method: str | None = None,
    no_bye: frozenset[int] = frozenset(),
    profile: Profile | str | None = None,
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Lim system.

    ``method`` is ``"literal"`` (the text's procedure, the default) or ``"optimised"``
    (the lexicographic model); ``no_bye`` bars players from the bye besides C.04.1
    (``tabellone explain --bye`` prices a pairing without a given bye). The pairing is
    checked by :func:`check_absolute` before it is returned. A ``profile``
    (docs/profiles.md; official: ``lim-2026``) orders, weights or drops the optimiser's
    quality criteria within its stages; with one, the method is the optimiser."""
    prof = profile_of(profile, edition) if profile is not None else None
    if method is None:
        method = "optimised" if prof is not None else "literal"
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected one of {', '.join(METHODS)}", field="--method")
    if prof is not None and method == "literal":
        raise InputError(
            f"profile {prof.name}: profiles vary the optimised method; the literal method is the text itself",
            field="--method",
        )
    ctx = _prepare(t, edition, round_number, no_bye, prof)
    pairs, bye = _pair(ctx, method)
    pairing = _finish(ctx, pairs, bye)
    problems = check_absolute(t, pairing, edition)
    if problems:
        raise SelfCheckError("the Lim engine produced an illegal pairing: " + "; ".join(problems))
    return pairing


def check_absolute(
    t: Tournament, pairing: Pairing, edition: str = "2026", profile: Profile | str | None = None
) -> list[str]:
    """:func:`violations` as sentences."""
    return [v.text for v in violations(t, pairing, edition, profile)]


def violations(
    t: Tournament, pairing: Pairing, edition: str = "2026", profile: Profile | str | None = None
) -> list[Violation]:
    """Every absolute rule a proposed round breaks, one message each (empty: legal):
    everyone to pair appears once; no rematch (C.04.1, 2.1); the bye only with an odd
    number, to a player allowed one (C.04.1 Art. 4); outside the last round, no colour
    given three times running (5.1.1) and no colour difference beyond 2 (5.1.2). A
    profile keeps every absolute criterion (none may be dropped), so the check is the
    same with any."""
    if profile is not None:
        profile_of(profile, edition)
    ctx = _prepare(t, edition, pairing.round)
    by_id = {e.id: e for e in ctx.P}
    r = pairing.round
    problems, _ = attendance_violations(pairing, set(by_id), set(ctx.state.players), t)
    for w, b in pairing.pairs:
        if w == b or w not in by_id or b not in by_id:
            continue
        pw, pb = by_id[w], by_id[b]
        if not C1_no_rematch(pw, pb, ctx.state):
            why = "are a prohibited pair" if b not in ctx.state[w].opponents else "have already played each other"
            problems.append(pair_violation("2.1", t, w, b, why, r))
        if not ctx.last_round:
            for p, c in ((pw, WHITE), (pb, BLACK)):
                name = "White" if c == WHITE else "Black"
                if p.repeated == c:
                    body = f"player {named(t, p.id)} would get {name} three times in a row"
                    problems.append(Violation.headed("5.1.1", body, players=(p.id,), round=r))
                if abs(p.cd + (1 if c == WHITE else -1)) > 2:
                    body = f"player {named(t, p.id)} would have three more of one colour than the other"
                    problems.append(Violation.headed("5.1.2", body, players=(p.id,), round=r))
    if pairing.bye in by_id and not bye_eligible(by_id[pairing.bye]):
        barred = LIM_BYE_RULE.violation(t, pairing.bye, r)  # names the round of the earlier bye or win
        body = f"the bye goes to {named(t, pairing.bye)}, who may not have it"
        problems.append(barred or Violation.headed(LIM_BYE_RULE.article, body, players=(pairing.bye,), round=r))
    return problems


# ========================================================================================
# objective vectors: the verifier, explain and compare


#: Criteria of a group in priority order: (article, what is minimised).
GROUP_CRITERIA = [
    ("3.9", "floaters arriving who float on"),
    ("4.4", "players of the group left unpaired (floated on)"),
    ("3.8", "places of the floaters' opponents in the order of 3.8"),
    ("3.2-3.4", "places of the floated residents in the order of choice (3.2-3.4, 3.9, 3.10), first chosen first"),
    ("5.2", "colour faults: players without their due colour (+2 per colour limit broken, last round only)"),
    (
        "4.1-4.3",
        "the scrutiny, player by player: (colour fault, place of the opponent in the exchange order of Art. 4)",
    ),
]


def _groups_of(ctx: Ctx, pairs: list[tuple[int, int]], bye: int | None) -> list[BracketValues]:
    """Replay the order of Art. 2.2 on a finished pairing: each group's members are the
    floaters that reach it and its residents; the pairs inside it are valued on
    :data:`GROUP_CRITERIA`, the members left unpaired float on."""
    P = ctx.P
    mate = {}
    for a, b in pairs:
        mate[a], mate[b] = b, a
    remaining = {i for i in range(ctx.n) if i != bye}
    carry = {DOWN: [], UP: []}
    out = []
    for group in A2_2_schedule(ctx, sorted(remaining)):
        incoming = carry[DOWN] + carry[UP] if group.median else carry[group.direction]
        members = set(incoming) | set(group.residents)
        inside = {i for i in members if mate.get(i) in members}
        order = A3_6_3_7_incoming_order(ctx, incoming, group)
        used: set[int] = set()
        places = []
        for k, f in enumerate(order):
            if f in used:
                continue
            free = [i for i in group.residents if i not in used]
            cands = A3_8_candidates(ctx, f, free, [o for o in order[k + 1 :] if o not in used], group.direction)
            if f in inside:
                places.append(cands.index(mate[f]) if mate[f] in cands else len(cands) + 1)
                used |= {f, mate[f]}
            else:
                places.append(len(cands) + 1)
        rest = [i for i in group.residents if i not in used]
        forder = {x: k for k, x in enumerate(A3_float_order(ctx, rest, group))}
        floated = tuple(sorted(forder[i] for i in rest if i not in inside))
        core = [i for i in rest if i in inside]
        order_s = _scrutiny_order(ctx, core, group.direction)
        place = {x: k for k, x in enumerate(order_s)}
        faults = sum(colour_fault(P[i], P[mate[i]], ctx) for i in order_s if place[i] < place[mate[i]])
        scrutiny = []
        while order_s:
            p = order_s[0]
            cands = A4_candidates(ctx, order_s)
            scrutiny.append(
                (int(colour_fault(P[p], P[mate[p]], ctx) > 0), cands.index(mate[p]) if mate[p] in cands else len(cands))
            )
            order_s = [x for x in order_s if x not in (p, mate[p])]
        values = {
            "3.9": sum(1 for i in incoming if i not in inside),
            "4.4": len(members - inside),
            "3.8": tuple(places),
            "3.2-3.4": floated,
            "5.2": faults,
            "4.1-4.3": tuple(scrutiny),
        }
        out.append(BracketValues(group.score, [P[i].id for i in order + rest], values))
        left = [i for i in members if i not in inside]
        remaining -= inside
        if not group.median:
            carry[group.direction] = left
    return out


def _indices(ctx: Ctx, pairing: Pairing) -> tuple[list[tuple[int, int]], int | None]:
    idx = {e.id: k for k, e in enumerate(ctx.P)}
    pairs = [(idx[w], idx[b]) for w, b in pairing.pairs if w in idx and b in idx]
    return pairs, idx.get(pairing.bye) if pairing.bye is not None else None


def evaluate(
    t: Tournament, pairing: Pairing, edition: str = "2026", profile: Profile | str | None = None
) -> tuple[dict[str, object], list[BracketValues]]:
    """Every criterion of ``pairing`` (a complete, legal pairing of its round of ``t``)
    for the verifier (:mod:`tabellone.verify.checker`): the round level (the bye's place counted
    from the bottom, Art. 1.1), then one :class:`BracketValues` per group in the order
    of Art. 2.2. Every value is minimised, in the order of :func:`quality_criteria`."""
    ctx = _prepare(t, edition, pairing.round)
    pairs, bye = _indices(ctx, pairing)
    round_level: dict[str, object] = {}
    if bye is not None:
        round_level["1.1"] = ctx.n - 1 - bye
    groups = _groups_of(ctx, pairs, bye)
    if profile is not None:  # the value of each weighted level of the profile
        prof = profile_of(profile, edition)
        for g in groups:
            g.values.update(prof.level_values(g.values))
    return round_level, groups


def quality_criteria(edition: str = "2026", profile: Profile | str | None = None) -> list[tuple[str, str]]:
    """Every criterion :func:`evaluate` values, in priority order (article, what is
    minimised): the bye first, then those of a group; with a ``profile``, its levels in
    its order, then the scrutiny order (Art. 4)."""
    if edition not in EDITIONS:
        raise InputError(f"unknown Lim edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    criteria = GROUP_CRITERIA
    if profile is not None:
        criteria = profile_of(profile, edition).quality_criteria() + [c for c in GROUP_CRITERIA if c[0] not in STAGES]
    return [("1.1", "place of the bye from the bottom of the ranking")] + criteria


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet in ``round_number``, and the
    article of Art. 5 / 7.2 that decides it (:func:`colour_rule`)."""
    ctx = _prepare(t, edition, round_number)
    by_id = {e.id: e for e in ctx.P}
    colour, article = colour_rule(by_id[white], by_id[black], ctx)
    return (white if colour == WHITE else black), article


def objective_vector(t: Tournament, pairing: Pairing, edition: str = "2026") -> list[tuple[str, str, object]]:
    """The objective vector of a pairing: the bye, then every group's criteria in
    priority order, groups in the order of Art. 2.2, as (group score, article, value);
    compared lexicographically, smaller better."""
    round_level, groups = evaluate(t, pairing, edition)
    return vector_of(round_level, groups, [a for a, _ in GROUP_CRITERIA])


def compare(t: Tournament, edition: str = "2026", round_number: int | None = None) -> Comparison:
    """Pair a round both ways and say where, and by how much, the two differ on the
    objective vector (:func:`objective_vector`)."""
    lit = pair_round(t, edition, round_number, "literal")
    opt = pair_round(t, edition, round_number, "optimised")
    return Comparison.of(edition, lit, opt, objective_vector(t, lit, edition), objective_vector(t, opt, edition))
