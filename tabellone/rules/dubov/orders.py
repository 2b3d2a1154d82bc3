"""The text's orders: the sorting criteria of 2026 Art. 4 and 3.2.5, the rows and columns
of 1997 art. 6.2 and 7.3-7.4, and the first legal row-by-row assignment (1997 6.3,
2026 3.2.6), with the examples of the texts as tests.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabellone.rules.dubov.players import DP


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
    """Art. 4.2.2 (2026): possible upfloaters by descending score, then ascending TPN
    (the scores' whole-number keys, :class:`.players.DP`)."""
    return sorted(pool, key=lambda p: (-p.score_key, p.tpn))


def A3_2_5_s1_order(g1: Iterable[DP]) -> list[DP]:
    """Art. 3.2.5 (2026): S1 is G1 by ascending ARO, then ascending TPN (the AROs'
    whole-number keys, :class:`.players.DP`)."""
    return sorted(g1, key=lambda p: (p.aro_key, p.tpn))


def A4_3_2_white_seekers(players: Iterable[DP]) -> list[DP]:
    """Art. 4.3.2 (2026): White seekers by ascending ARO, then TPN (the AROs'
    whole-number keys)."""
    return sorted(players, key=lambda p: (p.aro_key, p.tpn))


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
