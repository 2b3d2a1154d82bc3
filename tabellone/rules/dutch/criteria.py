"""The criteria of the Dutch system, each written once and named after its article
(C.04.3 2026 Art. 2; 2017 C), for the optimiser's weights, the literal procedure and the
verifier alike.

* C1 and C3 (no rematch; absolute colour preferences) are shared with the other FIDE
  systems: :mod:`tabellone.rules.fide_common`.
* C2 (who may have the pairing-allocated bye): :func:`C2_bye_eligible` by the edition's
  rule (:func:`C2_bye_rule`), and :func:`C2_bye_reading` for the verifier's sentence.
* The colour criteria on one pair, 2026 C10-C13 (2017 C.8-C.11): :func:`C10_colour_difference`
  ... :func:`C13_strong_preference`.
* Every quality criterion whose value on a bracket is made of parts, one per pair and one
  per downfloater (2026 C6, C7, C10-C21; 2017 C.5, C.6, C.8-C.19): :data:`CRITERIA_2026`
  and :data:`CRITERIA_2017`, by article. A :class:`Criterion` gives the part of a pair
  (:meth:`Criterion.pair`), of a downfloater (:meth:`Criterion.floater`) and the value of
  a whole bracket (:meth:`Criterion.value`); the float criteria also say whose earlier
  float they look at (:meth:`FloatCriterion.repeats`).

The look-ahead and completion criteria (2026 C4, C5, C8, C9; 2017 C.4, C.7) depend on
the rest of the round, not on a bracket's parts: each procedure computes them in its own
terms (the optimiser as the first fields of its weights, the literal procedure from the
players left after a candidate, the verifier from the brackets below).

The optimisers maximise, so their fields on the pair h-l count what pairing h with l
saves: the parts the two would have as downfloaters, less the pair's own part (2026 adds
one per pair to the criteria with no downfloater part: the number of pairs is fixed by C6
above them). The score-difference criteria keep the reference engine's encoding, one
field per score (``_text_values`` of :mod:`~tabellone.rules.dutch.edition_2026` and
:mod:`~tabellone.rules.dutch.edition_2017`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from tabellone.core.model import Float, Tournament
from tabellone.rules.fide_common import ART4_2026, ART_D_2017, ByeRule, Entrant
from tabellone.rules.profiles import CATALOGUE

ONE_POINT = Fraction(1)


def C2_bye_rule(edition: str) -> ByeRule:
    """The rule of the edition against another PAB (:func:`C2_bye_eligible`)."""
    return ART_D_2017 if edition == "2017" else ART4_2026


def C2_bye_eligible(e: Entrant, edition: str) -> bool:
    """Whether ``e`` may receive the pairing-allocated bye, by the edition's text.

    2026 [C2] (Art. 2.1.2) quotes the Basic Rules, Art. 4: "A participant who has already
    received a pairing allocated bye, or has already scored in one single round, without
    playing, as many points as rewarded for a win, shall not receive the pairing allocated
    bye." Any earlier PAB bars another, whatever it was worth (a win, ``BBU 0.5``, TRF26
    ``162``, or nothing); so does a forfeit win or a full-point bye. A half-point bye the
    player asked for does not.

    2017 C.2 quotes C.04.1.d: "A player who has already received a pairing-allocated bye,
    or has already scored a (forfeit) win due to an opponent not appearing in time, shall
    not receive the pairing-allocated bye." Any earlier PAB, or a forfeit win; a
    full-point bye the player asked for is neither, and does not bar."""
    return not C2_bye_rule(edition).bars(e.state)


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str) -> tuple[bool, str]:
    """Whether ``player`` may have the PAB of ``round_number`` by C2 (2017 C.2), and the
    sentence that says which rule applied and, when barred, the round of the earlier bye
    or win (:func:`C2_bye_eligible`)."""
    return C2_bye_rule(edition).reading(t, player, round_number)


def C10_colour_difference(h: Entrant, l: Entrant) -> bool:
    """C10 (2026) / C.8 (2017) holds for the pair: no player ends with |CD| > 2.
    Only two players with |CD| >= 2 and the same preference break it."""
    return not (abs(h.cd) >= 2 and abs(l.cd) >= 2 and h.pref == l.pref)


def C11_three_in_a_row(h: Entrant, l: Entrant) -> bool:
    """C11 (2026) / C.9 (2017) holds: nobody gets the same colour three times running.
    Only two absolute preferences for one colour can break it: the player with the
    smaller |CD| loses (Art. 5.2.2) and breaks it when their last two games had the
    colour they now get; with equal |CD| it is broken only if both repeated the same."""
    if not (h.absolute and l.absolute and h.pref == l.pref):
        return True
    if abs(h.cd) != abs(l.cd):
        loser = h if abs(h.cd) < abs(l.cd) else l
        return loser.repeated is None or loser.repeated == loser.pref
    return not (h.repeated is not None and h.repeated == l.repeated)


def C12_colour_preference(h: Entrant, l: Entrant) -> bool:
    """C12 (2026) / C.10 (2017) holds: both get their colour preference."""
    return not (h.pref is not None and l.pref is not None and h.pref == l.pref)


def C13_strong_preference(h: Entrant, l: Entrant) -> bool:
    """C13 (2026) / C.11 (2017) holds: nobody loses a strong (or absolute) preference to
    a weaker one. Broken when both prefer one colour, both at least strongly, and not
    both absolutely."""
    if h.pref is None or h.pref != l.pref:
        return True
    at_least_strong = h.strength >= h.strength.STRONG and l.strength >= l.strength.STRONG
    return not (at_least_strong and not (h.absolute and l.absolute))


COLOUR_CHECKS = (C10_colour_difference, C11_three_in_a_row, C12_colour_preference, C13_strong_preference)


def colour_checks(h: Entrant, l: Entrant) -> tuple[int, int, int, int]:
    """The four colour criteria of a pair in article order, 1 where it meets them (for
    :mod:`tabellone.rules.dutch.weights`, which evaluates them once per pair of colour
    classes)."""
    return tuple(int(check(h, l)) for check in COLOUR_CHECKS)


def float_before(e: Entrant, rounds_back: int, edition: str) -> Float | None:
    """The float ``e`` had ``rounds_back`` rounds before this one, as the edition counts
    floats (2026 Art. 1.4; 2017 A.4), or None."""
    floats = e.state.float_history(edition)
    return floats[-rounds_back] if len(floats) >= rounds_back else None


# ----------------------------------------------------------------------------------------
# the quality criteria valued from a bracket's pairs and downfloaters

#: How a criterion's parts add up over a bracket: a number, or a list of scores or
#: score differences compared from its largest item (the catalogue's ``shape``).
COUNT, SCORES = "count", "scores"


@dataclass(frozen=True)
class Criterion:
    """A quality criterion of the text whose value on a bracket is made of parts, one per
    pair and one per downfloater, everything minimised.

    ``id`` is the article as the edition numbers it (``"C15"``, ``"C.13"``), ``article``
    where the text states it. A pair is given as (h, l), h the higher-ranked player: when
    h's score is higher, h is a moved-down player (MDP) and l its resident opponent. A
    downfloater ``e`` is given with whether it is an MDP of the bracket (it floats on)
    and the bracket's lowest score. A part is a count (0: none) or, for a list, a value
    (None: none)."""

    id: str
    edition: str
    article: str

    @property
    def text(self) -> str:
        """What the criterion minimises, in the words of the profiles' catalogue."""
        return CATALOGUE[("dutch", self.edition)][self.id].text

    @cached_property
    def kind(self) -> str:
        """:data:`COUNT` or :data:`SCORES`."""
        return CATALOGUE[("dutch", self.edition)][self.id].shape

    def pair(self, h: Entrant, l: Entrant) -> int | Fraction | None:
        """The part of the pair h-l."""
        return 0 if self.kind == COUNT else None

    def floater(self, e: Entrant, mdp: bool, lowest: Fraction) -> int | Fraction | None:
        """The part of the downfloater ``e``."""
        return 0 if self.kind == COUNT else None

    def value(
        self,
        pairs: Iterable[tuple[Entrant, Entrant]],
        floaters: Iterable[Entrant],
        mdps: frozenset[int] | set[int] = frozenset(),
        lowest: Fraction | None = None,
    ) -> int | tuple:
        """The criterion on a bracket: its ``pairs`` (h, l) and its ``floaters``, of whom
        those with an id in ``mdps`` are its MDPs; ``lowest`` is its lowest score. A
        count, or the list of values from the largest."""
        parts = [self.pair(h, l) for h, l in pairs] + [self.floater(e, e.id in mdps, lowest) for e in floaters]
        if self.kind == COUNT:
            return sum(parts)
        return tuple(sorted((p for p in parts if p is not None), reverse=True))

    def concerned(
        self,
        pairs: Iterable[tuple[Entrant, Entrant]],
        floaters: Iterable[Entrant],
        mdps: frozenset[int] | set[int] = frozenset(),
        lowest: Fraction | None = None,
    ) -> tuple[int, ...]:
        """The players behind :meth:`value`: of each pair with a part, the one the part
        is about (:meth:`about`), and each downfloater with a part, in the order given."""
        none = 0 if self.kind == COUNT else None
        out = [x for h, l in pairs if self.pair(h, l) != none for x in self.about(h, l)]
        out += [e.id for e in floaters if self.floater(e, e.id in mdps, lowest) != none]  # type: ignore[arg-type]
        return tuple(out)

    def about(self, h: Entrant, l: Entrant) -> tuple[int, ...]:
        """Whom the part of the pair h-l is about: the higher player (its downfloat);
        the lower one for the upfloat criteria; both for the colour criteria."""
        return (h.id,)

    @classmethod
    def defines(cls, method: str) -> bool:
        """Whether this kind of criterion has parts on pairs (``"pair"``) or on
        downfloaters (``"floater"``)."""
        return getattr(cls, method) is not getattr(Criterion, method)


@dataclass(frozen=True)
class Downfloaters(Criterion):
    """2026 Art. 2.4.1 [C6] / 2017 C.5: minimise the number of downfloaters (2017:
    maximise the number of pairs, the same in a bracket)."""

    def floater(self, e: Entrant, mdp: bool, lowest: Fraction) -> int:
        return 1


@dataclass(frozen=True)
class DownfloaterScores(Criterion):
    """2026 Art. 2.4.2 [C7]: minimise the scores of the downfloaters, compared from the
    highest."""

    def floater(self, e: Entrant, mdp: bool, lowest: Fraction) -> Fraction:
        return e.score


@dataclass(frozen=True)
class PairingScoreDifference(Criterion):
    """2017 C.6 with A.8: minimise the pairing score difference (PSD), the list of the
    score differences of the pairs and of the downfloaters, compared from the largest. A
    downfloater's difference is taken to an artificial opponent one point below the
    bracket's lowest score."""

    def pair(self, h: Entrant, l: Entrant) -> Fraction:
        return abs(h.score - l.score)

    def floater(self, e: Entrant, mdp: bool, lowest: Fraction) -> Fraction:
        return e.score - (lowest - ONE_POINT)


@dataclass(frozen=True)
class ColourCriterion(Criterion):
    """2026 Art. 2.4.5-2.4.8 [C10]-[C13] / 2017 C.8-C.11: minimise the pairs that break
    a colour rule, ``check`` (one of :func:`C10_colour_difference` ...
    :func:`C13_strong_preference`, True where the pair meets it)."""

    check: Callable[[Entrant, Entrant], bool]

    def pair(self, h: Entrant, l: Entrant) -> int:
        return int(not self.check(h, l))

    def about(self, h: Entrant, l: Entrant) -> tuple[int, ...]:
        return (h.id, l.id)


@dataclass(frozen=True)
class FloatCriterion(Criterion):
    """A criterion on floats repeated from ``back`` rounds before: who had the float
    ``direction`` then (:meth:`repeats`) and gets one again now."""

    back: int = 1
    direction: Float = Float.DOWN

    def repeats(self, e: Entrant) -> bool:
        """Whether ``e`` had this criterion's float ``back`` rounds before."""
        return float_before(e, self.back, self.edition) is self.direction


@dataclass(frozen=True)
class ResidentDownfloatRepeated(FloatCriterion):
    """2026 Art. 2.4.9 [C14] (the round before) and 2.4.11 [C16] (two rounds before):
    minimise the resident downfloaters who downfloated then. An MDP left unpaired is
    not a resident: [C18] / [C20] count it."""

    def floater(self, e: Entrant, mdp: bool, lowest: Fraction) -> int:
        return int(not mdp and self.repeats(e))


@dataclass(frozen=True)
class DownfloatRepeated(FloatCriterion):
    """2017 C.12 (the round before) and C.14 (two rounds before): minimise the
    downfloaters who downfloated then. By A.4.b an MDP paired with a lower score gets a
    downfloat too, so a pair counts its higher player."""

    def pair(self, h: Entrant, l: Entrant) -> int:
        return int(h.score > l.score and self.repeats(h))

    def floater(self, e: Entrant, mdp: bool, lowest: Fraction) -> int:
        return int(self.repeats(e))


@dataclass(frozen=True)
class UpfloatRepeated(FloatCriterion):
    """2026 Art. 2.4.10 [C15] and 2.4.12 [C17]: minimise the MDP opponents who upfloated
    the round (two rounds) before; 2017 C.13 and C.15, the upfloaters who did. The
    upfloater is the lower player of a pair whose scores differ."""

    direction: Float = Float.UP

    def about(self, h: Entrant, l: Entrant) -> tuple[int, ...]:
        return (l.id,)

    def pair(self, h: Entrant, l: Entrant) -> int:
        return int(h.score > l.score and self.repeats(l))


@dataclass(frozen=True)
class DownfloatDifference(FloatCriterion):
    """2026 Art. 2.4.13 [C18] and 2.4.15 [C20]: minimise the score differences of the
    MDPs who downfloated the round (two rounds) before; 2017 C.16 and C.18, of the
    downfloaters who did. Compared from the largest.

    A pair's part is its score difference when its higher player repeats the downfloat.
    A downfloater's part is its score less one point below the bracket's lowest (the
    artificial opponent of 2017 A.8): in 2017 every downfloater's; in 2026 an MDP's that
    stays unpaired and floats on, further than any opponent here would take it (a
    reading: a resident downfloater is [C14]'s)."""

    mdps_only: bool = False

    def pair(self, h: Entrant, l: Entrant) -> Fraction | None:
        return h.score - l.score if h.score > l.score and self.repeats(h) else None

    def floater(self, e: Entrant, mdp: bool, lowest: Fraction) -> Fraction | None:
        if (mdp or not self.mdps_only) and self.repeats(e):
            return e.score - (lowest - ONE_POINT)
        return None


@dataclass(frozen=True)
class UpfloatDifference(FloatCriterion):
    """2026 Art. 2.4.14 [C19] and 2.4.16 [C21]: minimise the score differences of the MDP
    opponents who upfloated the round (two rounds) before; 2017 C.17 and C.19, of the
    upfloaters who did. Compared from the largest."""

    direction: Float = Float.UP

    def about(self, h: Entrant, l: Entrant) -> tuple[int, ...]:
        return (l.id,)

    def pair(self, h: Entrant, l: Entrant) -> Fraction | None:
        return h.score - l.score if h.score > l.score and self.repeats(l) else None


def _by_id(*criteria: Criterion) -> dict[str, Criterion]:
    return {c.id: c for c in criteria}


#: The 2026 criteria valued from a bracket's parts, by article, in priority order.
CRITERIA_2026: dict[str, Criterion] = _by_id(
    Downfloaters("C6", "2026", "Art. 2.4.1"),
    DownfloaterScores("C7", "2026", "Art. 2.4.2"),
    ColourCriterion("C10", "2026", "Art. 2.4.5", C10_colour_difference),
    ColourCriterion("C11", "2026", "Art. 2.4.6", C11_three_in_a_row),
    ColourCriterion("C12", "2026", "Art. 2.4.7", C12_colour_preference),
    ColourCriterion("C13", "2026", "Art. 2.4.8", C13_strong_preference),
    ResidentDownfloatRepeated("C14", "2026", "Art. 2.4.9", back=1),
    UpfloatRepeated("C15", "2026", "Art. 2.4.10", back=1),
    ResidentDownfloatRepeated("C16", "2026", "Art. 2.4.11", back=2),
    UpfloatRepeated("C17", "2026", "Art. 2.4.12", back=2),
    DownfloatDifference("C18", "2026", "Art. 2.4.13", back=1, mdps_only=True),
    UpfloatDifference("C19", "2026", "Art. 2.4.14", back=1),
    DownfloatDifference("C20", "2026", "Art. 2.4.15", back=2, mdps_only=True),
    UpfloatDifference("C21", "2026", "Art. 2.4.16", back=2),
)

#: The 2017 criteria valued from a bracket's parts, by article, in priority order.
CRITERIA_2017: dict[str, Criterion] = _by_id(
    Downfloaters("C.5", "2017", "C.5"),
    PairingScoreDifference("C.6", "2017", "C.6"),
    ColourCriterion("C.8", "2017", "C.8", C10_colour_difference),
    ColourCriterion("C.9", "2017", "C.9", C11_three_in_a_row),
    ColourCriterion("C.10", "2017", "C.10", C12_colour_preference),
    ColourCriterion("C.11", "2017", "C.11", C13_strong_preference),
    DownfloatRepeated("C.12", "2017", "C.12", back=1),
    UpfloatRepeated("C.13", "2017", "C.13", back=1),
    DownfloatRepeated("C.14", "2017", "C.14", back=2),
    UpfloatRepeated("C.15", "2017", "C.15", back=2),
    DownfloatDifference("C.16", "2017", "C.16", back=1),
    UpfloatDifference("C.17", "2017", "C.17", back=1),
    DownfloatDifference("C.18", "2017", "C.18", back=2),
    UpfloatDifference("C.19", "2017", "C.19", back=2),
)


def criteria_of(edition: str) -> dict[str, Criterion]:
    """:data:`CRITERIA_2026` for ``"2026"``, else :data:`CRITERIA_2017`."""
    return CRITERIA_2026 if edition == "2026" else CRITERIA_2017
