"""The published round: game 1 of a match (:class:`MatchPairing`) carrying game 2
(:class:`SecondGame`, Art. 4.4)."""

from __future__ import annotations

from dataclasses import dataclass

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing


@dataclass(frozen=True)
class MatchPairing(Pairing):
    """Game 1 of a match round: ``pairs`` are (White in game 1, Black in game 1).
    ``second_game`` is game 2 (the same pairs, colours reversed; the PAB's ``H``), which
    :func:`tabellone.api.add_round` enters with it."""

    second_game: Pairing | None = None


@dataclass(frozen=True)
class SecondGame(Pairing):
    """Game 2 of a match round (Art. 4.4): game 1 reversed. ``half_byes`` are the cells
    written ``H``: the second half of the PAB (Art. 1.4)."""

    half_byes: tuple[int, ...] = ()


def second_game(t: Tournament, round_number: int) -> SecondGame:
    """Game 2 of the match whose game 1 is round ``round_number - 1`` of ``t``."""
    from tabellone.core.model import pab_receivers, pairs_of_round

    pairs, _ = pairs_of_round(t, round_number - 1)
    pab = pab_receivers(t, round_number - 1)
    return SecondGame(round=round_number, pairs=[(b, w) for w, b in pairs], bye=None, half_byes=tuple(pab))
