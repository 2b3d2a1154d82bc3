"""What every system's verifier and ``tabellone compare`` share: the value of each
quality criterion in one bracket of a round (:class:`BracketValues`), and literal
procedure against optimiser for one round (:class:`Comparison`, with the one rule that
says which of two objective vectors is better: :func:`vector_difference`).

Every criterion is minimised (a count; a list compared item by item; a place in one of
the text's orders), so "better" is "smaller" throughout, for every system: a criterion
a text maximises is stored negated by its system (the Dubov ``order`` term)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tabellone.core.pairing import Pairing


@dataclass
class BracketValues:
    """One bracket (a score group, for systems that pair by groups) of a round pairing,
    as the verifier reads it: its ``score``, its ``players`` (ids, in the system's order)
    and ``values``, the value of each quality criterion there (article -> value, every
    value minimised).

    >>> b = BracketValues(Fraction(3), [4, 9, 12, 15], {"C6": 0, "C7": ()})
    >>> b.values["C6"]
    0
    """

    score: Fraction
    players: list[int]
    values: dict[str, object]
    #: the players behind a criterion's value where the system says (article -> ids)
    concerned: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class BracketSide:
    """One pairing's side of a bracket where two pairings tie on every criterion: the
    bracket as the verifier reads it, the round's pairs, and who it moved down."""

    bracket: BracketValues
    pairs: Sequence[tuple[int, int]]
    moved: list[int]


@dataclass(frozen=True)
class CandidatePlaces:
    """Where a system's generation order places the two candidates of one bracket
    (:meth:`tabellone.rules.base.PairingSystem.candidate_places`): each candidate in
    words (``yours``, ``rules``), the ordinal of each step's choice (``rank_yours``,
    ``rank_rules``: 1 is the first the text tries, ``None`` where too many to count),
    the step that first tells them apart (``decides``; ``None`` when the two are the
    same candidate) and the sentence that places both (``ranking``)."""

    yours: str
    rules: str
    rank_yours: list[int | None]
    rank_rules: list[int | None]
    decides: str | None
    ranking: str


def objective_vector(
    round_level: Mapping[str, object],
    brackets: Sequence[BracketValues],
    articles: Sequence[str],
    *,
    round_group: object = "round",
    group: Callable[[Fraction], object] = lambda score: fmt_value(score),
) -> list[tuple]:
    """A round's criteria (as a system's ``evaluate`` gives them) as one vector, compared
    lexicographically, smaller better: the round-level values in their order, as
    ``(round_group, article, value)``, then, bracket by bracket from the top, the value of
    each of ``articles`` (the bracket criteria in priority order) it has, as
    ``(group(score), article, value)``.

    >>> objective_vector({"3.4": 0}, [BracketValues(Fraction(3, 2), [1, 2], {"C4": 1, "C5": ()})], ["C4", "C5"])
    [('round', '3.4', 0), ('1.5', 'C4', 1), ('1.5', 'C5', ())]
    """
    out: list[tuple] = [(round_group, article, value) for article, value in round_level.items()]
    for b in brackets:
        out += [(group(b.score), a, b.values[a]) for a in articles if a in b.values]
    return out


def vector_difference(literal: Sequence[tuple], optimised: Sequence[tuple]) -> tuple[tuple | None, str]:
    """The first component in which two objective vectors differ, and which is better.

    A vector is a list of ``(group, article, value)`` in priority order (the round-level
    criteria first, then every bracket's from the top). The answer is
    ``((group, article, literal value, optimised value), better)`` with ``better``
    ``'optimised'`` or ``'literal'`` (the smaller value), or ``'groups differ'`` when the
    two pairings make different brackets there (another group or article at that place,
    or one vector longer than the other: its values are not comparable), or
    ``(None, 'equal')``.

    >>> vector_difference([("round", "C5", 0), (3, "C6", 2)], [("round", "C5", 0), (3, "C6", 1)])
    ((3, 'C6', 2, 1), 'optimised')
    >>> vector_difference([(3, "C6", 1)], [(2, "C6", 0)])
    ((3, 'C6', 1, 0), 'groups differ')
    >>> vector_difference([(3, "C6", 1)], [(3, "C6", 1)])
    (None, 'equal')
    """
    for a, b in zip(literal, optimised):
        if a != b:
            first = (a[0], a[1], a[2], b[2])
            if a[:2] != b[:2]:
                return first, "groups differ"
            return first, "optimised" if b[2] < a[2] else "literal"
    if len(literal) != len(optimised):
        return ("-", "groups", len(literal), len(optimised)), "groups differ"
    return None, "equal"


def same_pairs(a: Pairing, b: Pairing) -> bool:
    """Whether two pairings make the same boards (colours aside) and the same bye."""
    return {frozenset(p) for p in a.pairs} == {frozenset(p) for p in b.pairs} and a.bye == b.bye


@dataclass
class Comparison:
    """Literal against optimised for one round: both pairings, both objective vectors,
    and the first component in which they differ (None when the vectors are equal)."""

    round: int
    edition: str
    literal: Pairing
    optimised: Pairing
    literal_vector: list
    optimised_vector: list
    same_pairs: bool
    first_difference: tuple | None  # (group, name, literal value, optimised value)
    better: str  # 'equal', 'optimised', 'literal' (or 'groups differ')

    @classmethod
    def of(
        cls,
        edition: str,
        literal: Pairing,
        optimised: Pairing,
        literal_vector: list,
        optimised_vector: list,
        same: bool | None = None,
    ) -> Comparison:
        """The comparison of two pairings of one round by their objective vectors
        (:func:`vector_difference`); ``same`` (default :func:`same_pairs`) says whether
        they make the same round."""
        first, better = vector_difference(literal_vector, optimised_vector)
        return cls(
            literal.round,
            edition,
            literal,
            optimised,
            literal_vector,
            optimised_vector,
            same_pairs(literal, optimised) if same is None else same,
            first,
            better,
        )

    def describe(self) -> str:
        if self.same_pairs:
            return f"round {self.round}: same pairing"
        if self.first_difference is None:
            return f"round {self.round}: different pairings, equal objective vectors (a tie broken differently)"
        g, name, lv, ov = self.first_difference
        return f"round {self.round}: differ first in group {g} on {name}: literal {fmt_value(lv)}, optimised {fmt_value(ov)} ({self.better} better)"


def fmt_value(v: object) -> str:
    """An objective value for reports: numbers as decimals, tuples in brackets."""
    if isinstance(v, tuple):
        return "(" + ", ".join(fmt_value(x) for x in v) + ")"
    if isinstance(v, Fraction):
        return str(v.numerator) if v.denominator == 1 else f"{float(v):g}"
    return str(v)
