"""What every edition of the Burstein system shares: a player with its index, the score
groups a pairing is judged by, and the profile a round is paired with.

:mod:`tabellone.rules.burstein.legacy` (the earlier text) and
:mod:`tabellone.rules.burstein.edition_2026` (the texts of 2025 and 2026) both build on
this module, and neither imports the other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from tabellone.core.errors import InputError
from tabellone.core.model import WHITE, RoundState
from tabellone.core.pairing import Pairing
from tabellone.matching.completion import CompletionOracle
from tabellone.rules.fide_common import C1_no_rematch, Entrant, board_order
from tabellone.rules.profiles import Profile, official, resolve_for

ZERO = Fraction(0)


@dataclass(frozen=True)
class Player:
    """An :class:`~tabellone.rules.fide_common.Entrant` with its Burstein index: the
    :class:`tabellone.rules.burstein.legacy.Index` of Art. 3.2 of the earlier text (``score``
    then holds the early-round points), or the
    :class:`tabellone.rules.burstein.edition_2026.Index` of Art. 1.7."""

    e: Entrant
    index: Any

    @property
    def id(self) -> int:
        return self.e.id

    @property
    def score(self) -> Fraction:
        return self.e.score


class Compatibility:
    """Which players of a round may meet, by position in ``players``: the absolute
    criteria every edition shares (no rematch, no prohibited pair: Art. 3.1 / C1; no
    meeting of two absolute preferences for one colour: C3), read once per player.

    ``barred[i]`` holds the positions ``i`` has met or may not meet; ``absolute[i]``
    the colour ``i`` must have (None: no absolute preference). :meth:`ok` answers for a
    pair without any table of the n^2 pairs; :meth:`complete` asks whether a set of
    players can all be paired (:class:`tabellone.matching.completion.CompletionOracle`,
    exact, warm-started from its last witness)."""

    def __init__(self, players: list[Player], state: RoundState):
        if isinstance(state, RoundState):  # the opponents and prohibited pairs, read once
            where = {p.id: k for k, p in enumerate(players)}
            self.barred = [{where[q] for q in state[p.id].opponents if q in where} for p in players]
            for pair in state.prohibited:
                ends = [where[q] for q in pair if q in where]
                if len(ends) == 2:
                    self.barred[ends[0]].add(ends[1])
                    self.barred[ends[1]].add(ends[0])
        else:  # any state that answers C1 pair by pair (a hand-made one)
            self.barred = [
                {j for j, q in enumerate(players) if j != i and not C1_no_rematch(p.e, q.e, state)}
                for i, p in enumerate(players)
            ]
        self.absolute = [p.e.pref if p.e.absolute else None for p in players]
        #: ``absolute`` as :func:`colour_codes`, for comparing on arrays (:meth:`matrix`)
        self.absolute_codes = colour_codes(self.absolute)
        self.oracle = CompletionOracle(self.ok)

    def ok(self, i: int, j: int) -> bool:
        a = self.absolute[i]
        return i != j and j not in self.barred[i] and (a is None or a != self.absolute[j])

    def matrix(self, rows: Sequence[int], cols: Sequence[int]) -> np.ndarray:
        """:meth:`ok` for every row against every column, as a boolean array: the
        absolute colours compared on arrays, then each row's few barred partners."""
        codes = self.absolute_codes
        a = codes[np.asarray(rows, dtype=np.intp)]
        b = codes[np.asarray(cols, dtype=np.intp)]
        out = ~((a[:, None] != 0) & (a[:, None] == b[None, :]))
        where = {y: j for j, y in enumerate(cols)}
        for i, x in enumerate(rows):
            for y in (x, *self.barred[x]):
                j = where.get(y)
                if j is not None:
                    out[i, j] = False
        return out

    def complete(self, pool: Sequence[int], must: Sequence[int] = ()) -> bool:
        """Whether ``must`` (paired into ``pool`` only) and ``pool`` can all be paired."""
        return self.oracle.complete(pool, must) is not None


def literal_table(
    players: Sequence[Player], state: RoundState, compatible: Callable[[Entrant, Entrant, RoundState], bool], limit: int
) -> list[list[bool]]:
    """Which of the round's ``players`` may meet, by position, as the table of every pair
    the literal procedures search (``compatible``: the edition's absolute criteria).
    More than ``limit`` players is an input error: the search is exhaustive."""
    n = len(players)
    if n > limit:
        raise InputError(
            f"the literal Burstein procedure is an exhaustive search and takes at most {limit} players "
            f"to pair ({n} here); use the optimised method",
            field="--method",
        )
    return [[i != j and compatible(players[i].e, players[j].e, state) for j in range(n)] for i in range(n)]


def colour_codes(colours: Sequence[str | None]) -> np.ndarray:
    """Colours (absolute or due) as an array of small integers, to compare on arrays:
    0 none, 1 White, 2 Black."""
    code = {None: 0, WHITE: 1}
    return np.array([code.get(c, 2) for c in colours], dtype=np.int64)


def score_groups(players: list[Player], bye: int | None) -> list[list[Player]]:
    """The round's players (already in score order) cut into score groups, the player
    given the bye left out: what a pairing is judged against group by group."""
    groups: list[list[Player]] = []
    for p in players:
        if p.id == bye:
            continue
        if groups and groups[-1][0].score == p.score:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def profile_of(profile: Profile | str | None, edition: str) -> Profile:
    """The profile to pair with: the one given (a Profile, a shipped name or a TOML
    path), else the official one of ``edition`` (``tabellone/rules/profiles/burstein-*.toml``)."""
    return resolve_for(profile, "burstein", edition) or official("burstein", edition)


def publish(
    round_number: int,
    pairs: list[tuple[Player, Player]],
    bye: Player | None,
    initial: str,
    colour_rule: Callable[[Player, Player, str], tuple[str, str]],
    solves: int = 0,
) -> Pairing:
    """The round as published: each pair's colours by the edition's ``colour_rule``
    (the colour of the first player, and the article), the boards by C.04.2 3.6."""
    coloured = []
    for a, b in pairs:
        c, _ = colour_rule(a, b, initial)
        coloured.append((a.e, b.e) if c == WHITE else (b.e, a.e))
    return Pairing(
        round=round_number,
        pairs=[(w.id, b.id) for w, b in board_order(coloured)],
        bye=bye.id if bye is not None else None,
        solves=solves,
    )
