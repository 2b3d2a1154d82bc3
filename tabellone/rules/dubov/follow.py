"""How the literal 1997 procedure takes its decisions (:class:`Follow`): the text's own
first-candidate rule, or the verifier's replay of a given pairing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabellone.rules.dubov.completion import Completion
    from tabellone.rules.dubov.context import Ctx


class Follow:
    """How the literal 1997 procedure takes its decisions.

    Every choice the 1997 text makes is the first candidate, in an order the text gives,
    that passes the step's test: the bye (4, 5), the opponents of the floaters (8.2) and
    of the players who met their whole group (7.1), the player brought up (7.2), a
    same-colour opponent (6.3, last paragraph). The procedure asks :meth:`pick` for each;
    this base class is the text itself. :class:`Replay` (the verifier) answers with the
    choices of a given pairing instead and records where they stand in the text's
    orders. The other hooks report decisions the procedure takes as a whole (the
    floaters of 6.4, the rows of 6.2-6.3 and of 5, the arbiter's pairing of art. 9); here
    they do nothing.
    """

    def pick(
        self, article: str, subject: frozenset[int] | None, candidates: Sequence[int], passes: Callable[[int], bool]
    ) -> int | None:
        """The candidate taken at step ``article`` for the players ``subject`` (None: the
        bye): the first of ``candidates`` that ``passes``, or None."""
        return next((c for c in candidates if passes(c)), None)

    def group(self, score: Fraction, oracle: Completion) -> None:
        """The procedure starts on the score group ``score``."""

    def floaters(self, ctx: Ctx, oracle: Completion, members: list[int], chosen: list[int]) -> None:
        """6.4: of ``members``, the procedure sends ``chosen`` (perhaps none) down."""

    def rows(self, ctx: Ctx, members: list[int], rows: list[int], cols: list[int], got: list[tuple[int, int]]) -> None:
        """6.2-6.3: the procedure pairs the rows (the White subgroup in 6.2 order) with the
        columns (the Black subgroup) as ``got``, row by row."""

    def first_round(self, top: list[int], bottom: list[int], got: list[tuple[int, int]]) -> None:
        """5: the procedure pairs the upper half with the lower half as ``got``."""

    def arbiter(self, ctx: Ctx, members: list[int], pairs: list[tuple[int, int]]) -> None:
        """9: the text cannot pair ``members``; the arbiter pairs them as ``pairs``."""


#: The text's own way of deciding: the first candidate that passes.
TEXT = Follow()
