"""The Burstein system of 2025/2026 by its own procedure, by search (no matching algorithm).

:mod:`tabellone.rules.burstein.edition_2026` pairs a round with weighted matchings. This module reads the
text as an arbiter would, so that the two can be compared
(``benchmarks/burstein_crosscheck.py --edition 2026``):

1. The PAB (Art. 3.1): the first player in the order of 3.1.3-3.1.5 who may have it (C2)
   and whose absence leaves the others pairable (3.1.2).
2. Each bracket from the top (Art. 3.2): the most pairs that leave the rest of the round
   pairable (C4, C5) fixes the number of floaters; the bracket is extended with that
   many virtual players of BSN 0 and every pairing is generated in the order of Art. 4.3
   (BSN 1's opponent from the highest BSN down, the virtual player last; then BSN 2's,
   ...). The first pairing with the best value of C6, C7, C8 (in that priority) is kept.
   C7 is valued by pairing the next bracket the same way (its best C5, then C6).

Pairability is decided by exhaustive search, memoised on the set of players left
(:func:`_pairable`). Everything is exhaustive, so the procedure takes small rounds only
(:data:`LIMIT`).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from tabellone.core.errors import NoPairingError
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules import dutch
from tabellone.rules.burstein.common import literal_table
from tabellone.rules.burstein.edition_2026 import (
    C6_2025,
    Player,
    bye_order,
    clash,
    compatible,
    is_seeding_round,
    publish,
    ranking_key,
    round_players,
)

#: Most players the exhaustive procedure takes.
LIMIT = 20


def pair_round(
    t: Tournament, edition: str = "2026", round_number: int | None = None, no_bye: frozenset[int] = frozenset()
) -> Pairing:
    if is_seeding_round(t, round_number):
        return dutch.pair_round(t, "2026", round_number, no_bye=no_bye, method="literal")
    state, players, initial = round_players(t, round_number)
    ok = literal_table(players, state, compatible, LIMIT)
    n = len(players)

    @cache
    def pairable(left: frozenset[int]) -> bool:
        """Art. 2.2 [C4]: the players ``left`` can all be paired."""
        if not left:
            return True
        v = min(left)
        rest = left - {v}
        return any(ok[v][w] and pairable(rest - {w}) for w in rest)

    everyone = frozenset(range(n))
    bye = None
    if n % 2:
        for pos in bye_order(players, edition, no_bye):
            if pairable(everyone - {pos}):
                bye = pos
                break
        else:
            raise NoPairingError("no player can take the pairing-allocated bye and leave the rest pairable (Art. 3.1)")
    elif not pairable(everyone):
        raise NoPairingError("the players cannot all be paired without breaking an absolute criterion (C4)")
    left = everyone - ({bye} if bye is not None else set())
    groups: list[list[int]] = []
    for i in sorted(left):
        if groups and players[groups[-1][0]].score == players[i].score:
            groups[-1].append(i)
        else:
            groups.append([i])

    def bracket(B: list[int], below: frozenset[int]):
        """All pairings of bracket ``B`` leaving ``below`` and the floaters pairable, with
        the most pairs, in the order of Art. 4.3: yields (pairs, floaters)."""
        bsn = sorted(B, key=lambda v: ranking_key(players[v]))
        for floats in range(len(B) % 2, len(B) + 1, 2):
            found = False
            for pairs, floaters in _generate(bsn, floats, ok):
                if pairable(below | frozenset(floaters)):
                    found = True
                    yield pairs, floaters
            if found:
                return

    def c6(B: list[int], floaters: list[int], resident: Fraction) -> tuple:
        if edition == C6_2025:
            paired_in = sorted(
                (players[v].score for v in B if players[v].score > resident and v not in floaters), reverse=True
            )
            return (-len(paired_in), tuple(-s for s in paired_in))
        return tuple(sorted((players[v].score for v in floaters), reverse=True))

    def c5_c6(B: list[int], below: frozenset[int], resident: Fraction) -> tuple:
        """The best (C5, C6) a bracket can reach (for C7)."""
        best = None
        for _, floaters in bracket(B, below):
            value = (len(floaters), c6(B, floaters, resident))
            if best is None or value < best:
                best = value
        return best if best is not None else (len(B) + 1, ())

    pairs_out: list[tuple[int, int]] = []
    incoming: list[int] = []
    for k, group in enumerate(groups):
        B = incoming + group
        below = frozenset(v for g in groups[k + 1 :] for v in g)
        nxt = groups[k + 1] if k + 1 < len(groups) else None
        resident = players[group[0]].score
        best = chosen = None
        for pairs, floaters in bracket(B, below):
            value = [c6(B, floaters, resident)]
            if nxt is not None:
                value.append(c5_c6(floaters + nxt, below - frozenset(nxt), players[nxt[0]].score))
            value.append(sum(1 for a, b in pairs if clash(players[a].e, players[b].e)))
            if best is None or value < best:  # the first of the best, in the order of Art. 4
                best, chosen = value, (pairs, floaters)
        if chosen is None:
            raise NoPairingError("the players cannot all be paired without breaking an absolute criterion (C4)")
        pairs_out += chosen[0]
        incoming = chosen[1]
    return publish(
        state.round,
        [(players[a], players[b]) for a, b in pairs_out],
        players[bye] if bye is not None else None,
        initial,
    )


def _generate(bsn: list[int], floats: int, ok):
    """Every pairing of the players ``bsn`` (in BSN order) with exactly ``floats``
    floaters, in the order of Art. 4.3: the first free player's opponent from the
    highest BSN down, floating (BSN 0) last; then the next free player's."""
    n = len(bsn)
    pairs: list[tuple[int, int]] = []
    floaters: list[int] = []
    used = [False] * n

    def rec(i: int, floats_left: int):
        while i < n and used[i]:
            i += 1
        if i == n:
            if floats_left == 0:
                yield list(pairs), list(floaters)
            return
        used[i] = True
        for j in range(n - 1, i, -1):
            if not used[j] and ok[bsn[i]][bsn[j]]:
                used[j] = True
                pairs.append((bsn[i], bsn[j]))
                yield from rec(i + 1, floats_left)
                pairs.pop()
                used[j] = False
        if floats_left:
            floaters.append(bsn[i])
            yield from rec(i + 1, floats_left - 1)
            floaters.pop()
        used[i] = False

    yield from rec(0, floats)


__all__ = ["LIMIT", "Player", "pair_round"]
