"""Result codes and point systems.

A round entry in a TRF file carries a one-character result code. This module says what
each code *means* (a played game, a forfeit, a bye of some kind) and how many points it
is worth under a :class:`Scoring` system. The chess default is 1 / 1/2 / 0 with the
pairing-allocated bye worth a win (FIDE C.04.1); the Italian draughts federation scores
2 / 1 / 0. Files may override any value with TRF26 ``162``, bbpPairings ``BBW BBD BBL
BBZ BBF BBU`` or JaVaFo ``XXS`` records.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from fractions import Fraction


class Kind(enum.Enum):
    """What a round entry stands for, independent of any point system."""

    WIN = "win"  # played game won: '1' (and 'W', unrated: under one move)
    DRAW = "draw"  # '=' ('D')
    LOSS = "loss"  # '0' ('L')
    FORFEIT_WIN = "forfeit_win"  # '+': the opponent did not appear
    FORFEIT_LOSS = "forfeit_loss"  # '-': did not appear (both '-' is a double forfeit)
    PAB = "pab"  # 'U': pairing-allocated bye
    FULL_BYE = "full_bye"  # 'F': full-point bye (requested or arbiter's)
    HALF_BYE = "half_bye"  # 'H': half-point bye
    ZERO_BYE = "zero_bye"  # 'Z' or blank: absent, no points


#: Every result code of TRF16/TRF26 and its kind.
RESULT_KINDS: dict[str, Kind] = {
    "1": Kind.WIN,
    "=": Kind.DRAW,
    "0": Kind.LOSS,
    "W": Kind.WIN,
    "D": Kind.DRAW,
    "L": Kind.LOSS,
    "+": Kind.FORFEIT_WIN,
    "-": Kind.FORFEIT_LOSS,
    "U": Kind.PAB,
    "F": Kind.FULL_BYE,
    "H": Kind.HALF_BYE,
    "Z": Kind.ZERO_BYE,
    " ": Kind.ZERO_BYE,
}

#: Codes of games that were actually played over the board (W/D/L are games of under one
#: move: not rated, but the players met and had their colours).
PLAYED_CODES = frozenset("1=0WDL")
#: Codes that need an opponent in the same round.
GAME_CODES = frozenset("1=0WDL+-")
#: Codes that stand without an opponent.
BYE_CODES = frozenset("UFHZ ")


def _points(text: str | int | float | Fraction) -> Fraction:
    return Fraction(str(text)) if not isinstance(text, Fraction) else text


@dataclass(frozen=True)
class Scoring:
    """Points per kind of result.

    ``white_win`` and the other colour-specific fields are ``None`` unless a file sets
    them (JaVaFo ``XXS WW=...``); then a played game scores by colour.
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction | None = None  # None: same as win
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction | None = None  # None: same as win (C.04.1)
    full_bye: Fraction | None = None  # None: same as win
    half_bye: Fraction | None = None  # None: same as draw
    zero_bye: Fraction = Fraction(0)
    white_win: Fraction | None = None
    black_win: Fraction | None = None
    white_draw: Fraction | None = None
    black_draw: Fraction | None = None
    white_loss: Fraction | None = None
    black_loss: Fraction | None = None
    unknown: Fraction | None = None  # TRF26 162 'X': an unknown result (not used in pairing)

    #: Optional fields and the field whose value they take when unset.
    FALLBACKS = {
        "forfeit_win": "win",
        "pab": "win",
        "full_bye": "win",
        "half_bye": "draw",
        "white_win": "win",
        "black_win": "win",
        "white_draw": "draw",
        "black_draw": "draw",
        "white_loss": "loss",
        "black_loss": "loss",
    }

    def __post_init__(self) -> None:
        # Canonical form: an optional value equal to its fallback is stored as None, so
        # two systems that score every result alike compare equal.
        for name, base in self.FALLBACKS.items():
            if getattr(self, name) is not None and getattr(self, name) == getattr(self, base):
                object.__setattr__(self, name, None)

    @classmethod
    def chess(cls) -> Scoring:
        """FIDE default: win 1, draw 1/2, loss 0, every bye of a win's value."""
        return cls()

    @classmethod
    def draughts(cls) -> Scoring:
        """Italian draughts federation (FID): win 2, draw 1, loss 0."""
        return cls(win=Fraction(2), draw=Fraction(1), loss=Fraction(0))

    def with_values(self, **values: str | int | float | Fraction) -> Scoring:
        """A copy with some values replaced, given as numbers or decimal strings."""
        return replace(self, **{k: _points(v) for k, v in values.items()})

    def points(self, code: str, colour: str | None = None) -> Fraction:
        """Points for one round entry with result ``code``, played with ``colour``."""
        kind = RESULT_KINDS[code]
        if kind is Kind.WIN:
            colour_value = self.white_win if colour == "w" else self.black_win if colour == "b" else None
            return self.win if colour_value is None else colour_value
        if kind is Kind.DRAW:
            colour_value = self.white_draw if colour == "w" else self.black_draw if colour == "b" else None
            return self.draw if colour_value is None else colour_value
        if kind is Kind.LOSS:
            colour_value = self.white_loss if colour == "w" else self.black_loss if colour == "b" else None
            return self.loss if colour_value is None else colour_value
        if kind is Kind.FORFEIT_WIN:
            return self.win if self.forfeit_win is None else self.forfeit_win
        if kind is Kind.FORFEIT_LOSS:
            return self.forfeit_loss
        if kind is Kind.PAB:
            return self.win if self.pab is None else self.pab
        if kind is Kind.FULL_BYE:
            return self.win if self.full_bye is None else self.full_bye
        if kind is Kind.HALF_BYE:
            return self.draw if self.half_bye is None else self.half_bye
        return self.zero_bye

    def explicit_values(self) -> dict[str, Fraction]:
        """The fields that differ from the chess default (what a file must record)."""
        default = Scoring()
        return {
            name: getattr(self, name)
            for name in self.__dataclass_fields__
            if getattr(self, name) != getattr(default, name)
        }

    def value(self, name: str) -> Fraction:
        """The effective value of a field, its fallback applied."""
        v = getattr(self, name)
        fallback: Fraction = getattr(self, self.FALLBACKS[name]) if v is None and name in self.FALLBACKS else v
        return fallback


def format_points(value: Fraction) -> str:
    """Points as TRF writes them: one decimal ('3.5', '10.0'); more only if needed."""
    if value.denominator in (1, 2, 5, 10):
        return f"{float(value):.1f}"
    text = f"{float(value):.4f}".rstrip("0")
    return text
