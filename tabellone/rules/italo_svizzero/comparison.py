"""The literal procedure against the optimiser on one round (``tabellone compare``):
both pairings, their objective vectors, and which is better on each objective.

This system keeps its own :class:`Comparison` rather than
:class:`tabellone.rules.comparison.Comparison`: its vectors are round totals (no score
group), it says who wins each objective (``winners``, read by the simulator and the
benchmark), and its report line differs.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabellone.core.model import Tournament
from tabellone.rules.comparison import vector_difference
from tabellone.rules.italo_svizzero.engine import pair_round, round_and_view, start_before
from tabellone.rules.italo_svizzero.odd import detect_odd_method
from tabellone.rules.italo_svizzero.optimiser import objective_vector
from tabellone.rules.italo_svizzero.view import OBJECTIVES, ItaloPairing, RoundView


@dataclass(frozen=True)
class Comparison:
    """The literal and the optimised pairing of one round, their objective vectors and,
    per objective, which is better (``'literal'``, ``'optimised'`` or ``'tie'``)."""

    round: int
    literal: ItaloPairing
    optimised: ItaloPairing
    literal_vector: tuple[int, int, int]
    optimised_vector: tuple[int, int, int]
    agree: bool
    winners: tuple[str, ...]

    @property
    def deciding(self) -> str | None:
        """The first objective on which the two differ (the one the optimum wins on)."""
        for name, a, b in zip(OBJECTIVES, self.literal_vector, self.optimised_vector):
            if a != b:
                return name
        return None

    # the names every rules module's comparison offers (``tabellone compare``)

    @property
    def same_pairs(self) -> bool:
        return self.agree

    def _difference(self) -> tuple[tuple | None, str]:
        # the objectives are round totals: group None (tabellone.rules.comparison)
        return vector_difference(
            [(None, name, v) for name, v in zip(OBJECTIVES, self.literal_vector)],
            [(None, name, v) for name, v in zip(OBJECTIVES, self.optimised_vector)],
        )

    @property
    def first_difference(self) -> tuple | None:
        """``(group, objective, literal value, optimised value)`` of the first objective
        on which the two differ (the objectives are round totals: group ``None``)."""
        return self._difference()[0]

    @property
    def better(self) -> str:
        """``'equal'``, ``'optimised'`` or ``'literal'``: which vector is smaller."""
        return self._difference()[1]

    def describe(self) -> str:
        if self.agree:
            return f"round {self.round}: same pairing"
        first = self.first_difference
        if first is None:
            return f"round {self.round}: different pairings, equal objective vectors"
        _, name, lv, ov = first
        return f"round {self.round}: differ first on {name}: literal {lv}, optimised {ov} ({self.better} better)"


def compare(
    t: Tournament,
    edition: str = "capo5",
    round_number: int | None = None,
    game: str = "italiana",
    odd: str | None = None,
    start: int | None = None,
) -> Comparison:
    """Pair a round both ways and compare them objective by objective."""
    odd = odd or detect_odd_method(t)
    view = round_and_view(t, round_number, edition, game)
    if start is None:
        start = start_before(t, edition, game, odd, view.round)
    lit = pair_round(t, edition, view.round, game, "literal", odd, start)
    opt = pair_round(t, edition, view.round, game, "optimised", odd, start)
    return compare_pairings(view, lit, opt, odd)


def compare_pairings(view: RoundView, lit: ItaloPairing, opt: ItaloPairing, odd: str) -> Comparison:
    players = [p for p in view.to_pair if p not in set(lit.rests)]
    origin = lit.start if lit.start is not None else players[0]
    lv = objective_vector(view, lit.pairs, lit.bye, origin, players, odd)
    ov = objective_vector(view, opt.pairs, opt.bye, origin, players, odd)
    agree = {frozenset(p) for p in lit.pairs} == {frozenset(p) for p in opt.pairs} and lit.bye == opt.bye
    winners = tuple("tie" if a == b else ("literal" if a < b else "optimised") for a, b in zip(lv, ov))
    return Comparison(view.round, lit, opt, lv, ov, agree, winners)
