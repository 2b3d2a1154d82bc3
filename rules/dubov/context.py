"""The round to pair (:class:`Ctx`): the players, the legal pairs (restrictions as a
compatibility matrix), and the 1997 reading that waives 2.5 when nothing else pairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tabellone.solver.errors import InputError, NoPairingError
from tabellone.solver.model import RoundState, Tournament, WHITE
from ..fide_common import state_to_pair
from ..profiles import official
from .restrictions import C3_absolute_colours, R2_1_no_rematch, R2_5_upward_transfer, R2_6_colour_legal
from .players import build_players
from .completion import Completion

if TYPE_CHECKING:
    from ..profiles import Profile
    from .players import DP


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

    @property
    def n(self) -> int:
        return len(self.P)


def _context(t: Tournament, edition: str, round_number: int | None, ratings: dict[int, int] | None,
             profile: Profile | None = None, compat: bool = True) -> Ctx:
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
    compat = [[False] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            ok = _pair_legal(ctx, P[i], P[j], relax)
            compat[i][j] = compat[j][i] = ok
    ctx.compat = compat


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


def _prepare(t: Tournament, edition: str, round_number: int | None, ratings, no_bye: frozenset[int] = frozenset(),
             profile: Profile | None = None, compat: bool = True) -> Ctx:
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
