"""What the Dutch optimiser's editions share for one round: the editions, the round's
context, the profile it pairs by, and which absolute criteria that profile keeps hard."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from tabellone.core.model import RoundState, Tournament
from tabellone.rules.fide_common import Entrant, pairing_order_key
from tabellone.rules.profiles import Profile, official, resolve_for

EDITIONS = ("2026", "2017", "1992")
#: Editions that exist only as the literal procedure of their text (tabellone.rules.dutch.edition_1992).
#:
#: The literal procedures (``edition_1992``, and ``literal`` for 2026 and 2017) are imported
#: where the dispatchers call them, when first used: most runs never do, and loading them
#: (and networkx, which they match with) would cost every start. They import only
#: ``criteria``, so these late imports close no circle (tests/rules/dutch/test_dutch_imports.py reads
#: them too).
LITERAL_ONLY = ("1992",)


@dataclass
class RoundContext:
    t: Tournament
    state: RoundState
    edition: str
    players: list[Entrant]
    last_round: bool
    bye_score: Fraction | None = None
    c9_ranks: dict[int, int] = field(default_factory=dict)


def score_ranks(players: list[Entrant]) -> tuple[dict[Fraction, int], list[int]]:
    """Each pairing score's rank (0 the lowest) and each player's: the key of the
    per-score fields, worked out once per round on whole numbers
    (:func:`~tabellone.rules.fide_common.pairing_order_key`), not by hashing every
    player's :class:`~fractions.Fraction`."""
    keys = pairing_order_key([e.score for e in players])
    rank_of = {k: r for r, k in enumerate(sorted(set(keys)))}
    ranks = [rank_of[k] for k in keys]
    first: dict[int, Fraction] = {}  # one player's score per rank
    for e, r in zip(players, ranks):
        if r not in first:
            first[r] = e.score
    return {s: r for r, s in first.items()}, ranks


def profile_of(profile: Profile | str | None, edition: str) -> Profile:
    """The profile to pair with: the one given (a Profile, a shipped name or a TOML
    path), else the official profile of ``edition``. A profile of another system or
    edition is an input error."""
    return resolve_for(profile, "dutch", edition) or official("dutch", edition)


def absolute_checks(profile: Profile, c1: str, c2: str, c3: str) -> tuple[bool, bool, bool]:
    """Which of the text's absolute criteria (its ids for C1, C2, C3) stay hard."""
    return profile.is_absolute(c1), profile.is_absolute(c2), profile.is_absolute(c3)


def bitlen(k: int) -> int:
    """The bits of ``k`` (at least 1): the width of a field that holds up to ``k``."""
    return max(int(k).bit_length(), 1)
