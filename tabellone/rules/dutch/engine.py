"""The Dutch system's entry point: :func:`pair_round` sends a round to the procedure its
edition, method and profile name (the 2026 / 2017 optimisers, the literal procedure, the
1992 text, the global profile), after :func:`evident_pairing`, the rounds whose first
candidate is provably the answer."""

from __future__ import annotations

import gc

from tabellone.core import progress
from tabellone.core.errors import InputError
from tabellone.core.model import RoundState, Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.dutch.context import EDITIONS, LITERAL_ONLY, RoundContext, profile_of
from tabellone.rules.dutch.criteria import C2_bye_eligible
from tabellone.rules.dutch.edition_2017 import Dutch2017
from tabellone.rules.dutch.edition_2026 import Dutch2026
from tabellone.rules.dutch.global_pairing import pair_round_global
from tabellone.rules.fide_common import C1_no_rematch, Entrant, finish_pairing, round_to_pair
from tabellone.rules.profiles import Profile, resolve


def evident_pairing(
    players: list[Entrant], state: RoundState, edition: str, no_bye: frozenset[int] = frozenset()
) -> tuple[list[tuple[int, int]], int | None] | None:
    """The round's pairing without a matcher, when the text's first candidate is provably
    legal and best; None otherwise (the optimiser then decides).

    The proof (2026 Art. 3-4; 2017 A-D): when every player has the same pairing score,
    no colour preference and no float history, the round is one homogeneous bracket and
    every pair in it has the same value on every quality criterion (C6-C21; 2017
    C.5-C.19): the colour criteria need a preference to fail, the float criteria a float
    before, and the score differences are all zero. Every pairing of as many pairs as
    possible is then equally good, so the rules' answer is the first candidate of the
    generation order, S1[i] against S2[i] (Art. 3.2-3.3 / B.1-B.2), provided it is legal:
    no S1[i]-S2[i] pair met before or is prohibited (C1), the player left over in an odd
    field (the last of S2) may take the PAB (C2; C5 and C9 are equal for all when every
    score and every number of games played is equal), and C3 needs absolute preferences,
    which nobody has. This is round 1 of every event, at any size, in O(n).
    """
    n = len(players)
    if n < 2:
        return None
    first = players[0]
    games = first.state.games_played
    for e in players:
        if (
            e.score != first.score
            or e.pref is not None
            or any(e.state.floats_2026)
            or any(e.state.floats_2017)
            or e.state.games_played != games
        ):
            return None
    half = n // 2
    pairs = [(k, half + k) for k in range(half)]
    for a, b in pairs:
        if not C1_no_rematch(players[a], players[b], state):
            return None
    bye = None
    if n % 2:
        bye = n - 1
        if not C2_bye_eligible(players[bye], edition) or players[bye].id in no_bye:
            return None
    return pairs, bye


def pair_round(
    t: Tournament,
    edition: str = "2026",
    round_number: int | None = None,
    solve=None,
    no_bye: frozenset[int] = frozenset(),
    method: str | None = None,
    profile: Profile | str | None = None,
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Dutch system.

    ``profile`` (a :class:`tabellone.rules.profiles.Profile`, the name of a shipped profile or the
    path of a TOML file) states the criteria, their order and weights, and the
    procedure; by default the official profile of ``edition`` (the text as published).
    A ``procedure = "global"`` profile pairs the whole round as one matching
    (:mod:`tabellone.rules.dutch.global_pairing`).

    ``method`` is ``'optimised'`` (maximum-weight matching, the default) or
    ``'literal'`` (the text's own candidate generation, :mod:`tabellone.rules.dutch.literal`: the
    reference for modest brackets, with a budget). ``no_bye`` lists players barred from
    the pairing-allocated bye on top of C2 (used by ``explain`` to price alternatives).

    Edition ``'1992'`` (the rating-based Swiss system of 1992, :mod:`tabellone.rules.dutch.edition_1992`)
    exists only as its text's procedure: it runs with ``method`` omitted or
    ``'literal'``; ``'optimised'`` is an input error saying so."""
    if edition in LITERAL_ONLY:
        # a literal procedure: loaded when first used (context.LITERAL_ONLY)
        from tabellone.rules.dutch.edition_1992 import pair_round_1992, reject_method

        if profile is not None:
            raise InputError("the 1992 edition has no profiles: it runs as its text's procedure", field="--profile")
        reject_method(method)
        return pair_round_1992(t, round_number, no_bye=no_bye)
    if method is None:
        method = "optimised"
    if profile is not None and method == "literal":
        p = resolve(profile)
        if not p.official:
            raise InputError(
                f"profile {p.name}: profiles vary the optimised method; the literal method is the text itself",
                field="--method",
            )
        profile = None
    if method == "literal":
        # a literal procedure: loaded when first used (context.LITERAL_ONLY)
        from tabellone.rules.dutch.literal import pair_round_literal

        return pair_round_literal(t, edition, round_number)
    if method != "optimised":
        raise InputError(f"unknown method {method!r}; expected optimised or literal", field="--method")
    if edition not in EDITIONS:
        raise InputError(f"unknown Dutch edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    prof = profile_of(profile, edition)
    if prof.procedure == "global":
        return pair_round_global(t, prof, round_number, solve=solve, no_bye=no_bye)
    state, players, initial = round_to_pair(t, round_number)
    r = state.round
    # the text's first candidate when provably best; official profiles only (a variant pairs by its own objective)
    evident = evident_pairing(players, state, edition, no_bye) if solve is None and prof.official else None
    if evident is not None:
        return finish_pairing(players, r, evident[0], evident[1], initial, 0)
    ctx = RoundContext(t, state, edition, players, last_round=(r == t.total_rounds))
    # the engine makes many small dicts and no reference cycles: the cyclic garbage
    # collector would only walk them again and again (5-10 % of a large round). It is
    # switched on again once the engine is gone (its objects freed as they go), not
    # while they live: the first allocation after would walk them all once more (a
    # few % of a 100-player round)
    collecting = gc.isenabled()
    gc.disable()
    try:
        with progress.task(f"Dutch {edition}, round {r}, {len(players)} players"):
            engine = Dutch2026(ctx, solve, prof) if edition == "2026" else Dutch2017(ctx, solve, prof)
            if no_bye:
                engine.eligible = [ok and e.id not in no_bye for ok, e in zip(engine.eligible, players)]
            pair_idx, bye_idx = engine.pair()
        solves = engine.m.solves
        del engine
    finally:
        if collecting:
            gc.enable()
    return finish_pairing(players, r, pair_idx, bye_idx, initial, solves)
