"""The round to pair (:class:`Ctx`): the players, the legal pairs (restrictions as a
compatibility matrix), and the 1997 reading that waives 2.5 when nothing else pairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.model import WHITE, RoundState, Strength, Tournament
from tabellone.rules.dubov.aro import _aro_scale
from tabellone.rules.dubov.completion import Completion
from tabellone.rules.dubov.players import build_players
from tabellone.rules.dubov.profile import Plan, build_plan
from tabellone.rules.dubov.restrictions import (
    C3_absolute_colours,
    R2_1_no_rematch,
    R2_5_upward_transfer,
    R2_6_colour_legal,
)
from tabellone.rules.fide_common import state_to_pair
from tabellone.rules.profiles import official

if TYPE_CHECKING:
    from tabellone.rules.dubov.players import DP
    from tabellone.rules.profiles import Profile


EDITIONS = ("2026", "1997")


METHODS = ("literal", "optimised")


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
    #: The criteria as data (2026; :mod:`.profile`): which of C1-C3 stay hard, and the
    #: fields of the matchings. None: the 1997 edition.
    profile: Profile | None = None
    #: Speed only: the plans :meth:`plan` made, by their blocks.
    plans: dict[tuple, Plan] = field(default_factory=dict)
    #: Speed only: each player's class as a possible upfloater (2026, made when first
    #: asked: :func:`.procedure_2026._upfloater_classes`).
    upfloater_classes: list[tuple] | None = None

    @property
    def n(self) -> int:
        return len(self.P)

    @cached_property
    def aro_scale(self) -> int:
        """Speed only: a multiple of every ARO's denominator (:func:`.aro.aro_factor`),
        once per round."""
        return _aro_scale(self.P)

    def plan(self, blocks: list[tuple[str, list[int]]]) -> Plan:
        """:func:`.profile.build_plan` of the round's profile, once per distinct
        ``blocks`` (speed only: brackets of a round ask for the same few)."""
        key = tuple((cid, tuple(maxima)) for cid, maxima in blocks)
        got = self.plans.get(key)
        if got is None:
            assert self.profile is not None
            got = self.plans[key] = build_plan(self.profile, blocks)
        return got


def _context(
    t: Tournament,
    edition: str,
    round_number: int | None,
    ratings: dict[int, int] | None,
    profile: Profile | None = None,
    compat: bool = True,
) -> Ctx:
    if edition not in EDITIONS:
        raise InputError(f"unknown Dubov edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    state = state_to_pair(t, round_number)
    r = state.round
    P = build_players(t, state, edition, ratings)
    from tabellone.core.history import infer_initial_colour

    initial = t.initial_colour or infer_initial_colour(t)
    if initial is None:
        if r == 1 or all(p.no_games for p in P):
            raise InputError(
                "the initial colour is needed to pair round 1 (XXC white1|black1 or 152 W|B)", field="XXC / 152"
            )
        initial = WHITE
    last = r == t.total_rounds
    if profile is None and edition == "2026":
        profile = official("dubov", "2026")
    ctx = Ctx(t, state, edition, P, last, t.total_rounds, initial, [], profile=profile)
    if profile is not None and not profile.is_absolute("C2"):
        for p in P:
            p.bye_ok = True
    if compat:
        _build_compat(ctx)
    return ctx


def _build_compat(ctx: Ctx, relax: bool = False) -> None:
    P, n = ctx.P, ctx.n
    ctx.relaxed_2_5 = relax
    if ctx.edition == "1997":
        ctx.upfloat_ok = [R2_5_upward_transfer(p, ctx.last_round, ctx.total_rounds) for p in P]
    else:
        ctx.upfloat_ok = [True] * n
    ctx.compat = _compat_matrix(ctx, relax)


def _compat_matrix(ctx: Ctx, relax_2_5: bool) -> list[list[bool]]:
    """The matrix of legal pairs, ``compat[i][j]`` = :func:`_pair_legal` of ``P[i]`` and
    ``P[j]`` (i < j; the matrix is symmetric, the diagonal False), built without asking
    each of the n^2 / 2 pairs: the colour rules (1997 2.6, 2026 C3) depend only on a
    player's colour class and 1997 2.5 only on the score groups and the lower player, so
    each row starts as a copy of the row of its class and score group, and the few pairs
    who met (or are prohibited, C1 / 2.1) are then struck out."""
    P, n = ctx.P, ctx.n
    hard = ctx.profile.is_absolute if ctx.profile is not None else (lambda cid: True)
    if ctx.edition == "1997":
        keys = [p.allowed for p in P]

        def colours_ok(a, b):
            return R2_6_colour_legal(a, b)

        check_2_5 = not relax_2_5
    else:
        c3 = hard("C3")
        keys = [(p.strength is Strength.ABSOLUTE, p.due) if c3 else None for p in P]

        def colours_ok(a, b):
            return not c3 or C3_absolute_colours(a, b)

        check_2_5 = False
    first = {}  # a representative player of each colour class
    for i, k in enumerate(keys):
        first.setdefault(k, i)
    table = {(x, y): colours_ok(P[i], P[j]) for x, i in first.items() for y, j in first.items()}
    # P is in score order (descending): each score group is a run of indices
    starts: dict = {}
    for i, p in enumerate(P):
        starts.setdefault(p.score_key, i)
    group_start = [starts[p.score_key] for p in P]
    up_ok = ctx.upfloat_ok
    rows_of: dict = {}
    compat = []
    for i, p in enumerate(P):
        key = (keys[i], p.score_key) if check_2_5 else keys[i]  # 2.5 alone reads the score group
        base = rows_of.get(key)
        if base is None:
            kk = keys[i]
            base = [table[kk, keys[j]] for j in range(n)]
            if check_2_5:
                # 2.5: a pair of different scores needs its lower player allowed up
                for j in range(n):
                    if group_start[j] > group_start[i] and not up_ok[j]:
                        base[j] = False
            rows_of[key] = base
        row = list(base)
        if check_2_5 and not up_ok[i]:
            row[: group_start[i]] = [False] * group_start[i]
        row[i] = False
        compat.append(row)
    if hard("C1"):
        index = {p.id: k for k, p in enumerate(P)}
        state = ctx.state
        for i, p in enumerate(P):
            for o in state.players[p.id].opponents:
                j = index.get(o)
                if j is not None and j > i:
                    compat[i][j] = compat[j][i] = False
        for pair in state.prohibited or ():
            a, b = tuple(pair) if len(pair) == 2 else (None, None)
            if a in index and b in index:
                compat[index[a]][index[b]] = compat[index[b]][index[a]] = False
    return compat


def _pair_legal(ctx: Ctx, a: DP, b: DP, relax_2_5: bool = False) -> bool:
    hard = ctx.profile.is_absolute if ctx.profile is not None else (lambda cid: True)
    if hard("C1") and not R2_1_no_rematch(a, b, ctx.state):
        return False
    if ctx.edition == "1997":
        if not R2_6_colour_legal(a, b):
            return False
        if not relax_2_5 and a.score != b.score:
            low = a if a.score < b.score else b
            if not R2_5_upward_transfer(low, ctx.last_round, ctx.total_rounds):
                return False
        return True
    return not hard("C3") or C3_absolute_colours(a, b)


def _completable_whole(ctx: Ctx, bye: int | None) -> bool:
    oracle = Completion(ctx.n, ctx.compat)
    if bye is not None:
        oracle.remove(bye)
    return oracle.feasible()


def _prepare(
    t: Tournament,
    edition: str,
    round_number: int | None,
    ratings,
    no_bye: frozenset[int] = frozenset(),
    profile: Profile | None = None,
    compat: bool = True,
) -> Ctx:
    """The round's context; ``compat=False`` (2026 only: nothing there depends on it)
    leaves out the matrix of legal pairs, for readers of a finished pairing."""
    ctx = _context(t, edition, round_number, ratings, profile, compat or edition == "1997")
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
