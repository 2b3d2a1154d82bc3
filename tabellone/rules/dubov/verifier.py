"""The verifier's view (:mod:`tabellone.verify.checker`): every criterion of a round pairing, in
priority order (:func:`evaluate`, :func:`quality_criteria`), and the article that
gives a pair its colours (:func:`colour_article`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from tabellone.core.errors import InputError
from tabellone.core.model import WHITE, Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.comparison import BracketValues
from tabellone.rules.dubov.brackets import brackets_of
from tabellone.rules.dubov.colour_allocation import colour_rule_1997, colour_rule_2026
from tabellone.rules.dubov.context import EDITIONS, _prepare
from tabellone.rules.dubov.criteria_2026 import (
    A3_2_2_upfloater_numbers,
    A3_2_4_pairs_inside,
    A3_2_4_shifters_larger,
    A3_2_4_shifters_smaller,
    A3_2_6_transposition_numbers,
    ARO_balance,
    C1_rematches,
    C3_absolute_clashes,
    C5_upfloaters,
    C6_upfloater_scores,
    C7_colour_preferences,
    C8_maximum_upfloaters,
    C9_maximum_upfloats,
    C10_repeated_upfloaters,
)
from tabellone.rules.dubov.engine import pair_round
from tabellone.rules.dubov.follow import Follow
from tabellone.rules.dubov.groups_1997 import R6_1_same_colour_pairs, R7_3_7_4_moved
from tabellone.rules.dubov.literal_1997 import R6_4_floater_order, _first_round_1997, _pair_1997
from tabellone.rules.dubov.profile import profile_of

if TYPE_CHECKING:
    from tabellone.rules.dubov.brackets import Bracket
    from tabellone.rules.dubov.completion import Completion
    from tabellone.rules.dubov.context import Ctx
    from tabellone.rules.profiles import Profile


class NotAllowed:
    """The value of a choice the text's step does not allow at that point (the chosen
    player is not a candidate, or fails the step's test): worse than any place. One
    instance, :data:`NOT_ALLOWED`; it compares above every number and tuple."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NotAllowed)

    def __hash__(self) -> int:
        return 0

    def __lt__(self, other: object) -> bool:
        return False

    def __le__(self, other: object) -> bool:
        return isinstance(other, NotAllowed)

    def __gt__(self, other: object) -> bool:
        return not isinstance(other, NotAllowed)

    def __ge__(self, other: object) -> bool:
        return True

    def __repr__(self) -> str:
        return "a choice the text does not allow here"


NOT_ALLOWED = NotAllowed()


#: 2026, round level: the PAB (Art. 3.1). The text assigns it before any bracket
#: (1.9.2), among the players C2 and C4 allow, by these three steps.
ROUND_2026: list[tuple[str, str]] = [
    ("2026 3.1.3", "score of the PAB assignee (the lowest)"),
    ("2026 3.1.4", "rounds the PAB assignee did not play (the most games played)"),
    ("2026 3.1.5", "players with a larger TPN than the PAB assignee (the largest TPN)"),
]


#: 2026, per bracket, in priority order: the quality criteria of Art. 2.3, then the
#: choices the procedure of Art. 3.2 makes among pairings equal on them.
BRACKET_2026: list[tuple[str, str, Callable[[Ctx, Bracket], object]]] = [
    ("2026 C5", "upfloaters", C5_upfloaters),
    ("2026 C6", "score differences in the pairs with upfloaters", C6_upfloater_scores),
    ("2026 C7", "players who do not get their colour preference", C7_colour_preferences),
    ("2026 C8", "upfloaters who are maximum upfloaters", C8_maximum_upfloaters),
    ("2026 C9", "times the maximum upfloaters have been upfloated", C9_maximum_upfloats),
    ("2026 C10", "upfloaters who upfloated in the previous round", C10_repeated_upfloaters),
    ("2026 3.2.2", "the set of upfloaters (sequence numbers of Art. 4.2: the first set)", A3_2_2_upfloater_numbers),
    ("2026 3.2.4", "pairs inside the smaller subgroup (each shifts a player)", A3_2_4_pairs_inside),
    (
        "2026 3.2.4 smaller",
        "shifters from the smaller subgroup (sequence numbers of Art. 4.3: the first set)",
        A3_2_4_shifters_smaller,
    ),
    (
        "2026 3.2.4 larger",
        "shifters from the larger subgroup (sequence numbers of Art. 4.3: the first set)",
        A3_2_4_shifters_larger,
    ),
    (
        "2026 3.2.6",
        "transposition T2 (sequence numbers of Art. 4.4 in S1 order: the first legal one)",
        A3_2_6_transposition_numbers,
    ),
]


#: 1997: the text is a procedure; its criteria are its steps, in the order it takes them.
#: A value is the place (1 = first) of the choice made in the order the step prescribes
#: (:data:`NOT_ALLOWED` when the step does not allow it), or a count the step minimises.
#: Round level first, then per score group.
ROUND_1997: list[tuple[str, str]] = [
    (
        "1997 4",
        "the bye: place of its receiver in the order of Art. 4 (lowest group, lowest R, dominating colour, higher ARO)",
    ),
    ("1997 5", "the bye in round 1: place of its receiver counting from the end of the list"),
]


GROUP_1997: list[tuple[str, str]] = [
    ("1997 5 pairs", "the upper half's opponents in round 1: places in the lower half, pair by pair"),
    (
        "1997 8.2",
        "opponents of the floaters from above: places in the order of 8.2 (opposite due colour, highest R, lowest ARO)",
    ),
    ("1997 7.1", "opponents from below for players who met their whole group: places in the order of 7.1"),
    ("1997 7.2", "player brought up to make the group even: place in the order of 7.2"),
    ("1997 6.4", "players not paired within their score group (floaters)"),
    ("1997 6.4 choice", "floaters: places in the order of 6.4"),
    (
        "1997 6.3 partner",
        "same-colour opponents of players who met the whole other subgroup: places in the order of 6.3",
    ),
    ("1997 6.1", "pairs of players due the same colour"),
    ("1997 7.3", "due-White players moved to the Black subgroup: places in the order of 7.3"),
    ("1997 7.4", "due-Black players moved to the White subgroup: places in the order of 7.4"),
    ("1997 6.2-6.3", "rows: places (6.2) of the Whites' opponents among the Blacks, row by row (6.3: the first legal)"),
    ("1997 9", "pairs the text leaves to the arbiter, made otherwise than the model pairs them"),
]


#: How the values recorded along the 1997 procedure make one value per group: counts are
#: added, single choices kept as they are, choices made one after the other listed.
_SUMMED_1997 = {"1997 6.4", "1997 6.1", "1997 9"}


_LISTED_1997 = {"1997 8.2", "1997 7.1", "1997 6.3 partner"}


class _Deviation(Exception):
    """The replayed pairing left the text's procedure (see :class:`Replay`)."""


class Replay(Follow):
    """The literal 1997 procedure run along a given pairing, for the verifier.

    At each decision the procedure would take, the replay looks at the choice the given
    pairing made, records its place in the text's order (:data:`NOT_ALLOWED` if the step
    does not allow it), and goes on while the choice is the procedure's own. At the first
    other choice it stops (:class:`_Deviation`). So the procedure's pairing records, at
    every step, the first allowed place, and any other pairing records the same places
    up to its first departure, where its place is later or not allowed: compared step
    by step, in the order of :data:`GROUP_1997`, the procedure's pairing is never worse,
    and the first step where two pairings differ is where one left the text.
    """

    def __init__(self, ctx: Ctx, pairs: Iterable[tuple[int, int]], bye: int | None):
        self.ctx = ctx
        self.bye = bye
        self.mate: dict[int, int] = {}
        for a, b in pairs:
            self.mate[a] = b
            self.mate[b] = a
        self.round_level: dict[str, list] = {}
        self.groups: list[tuple[Fraction, dict[str, list], set[int]]] = []
        self.values = self.round_level
        self.oracle: Completion | None = None

    def _record(self, article: str, value: object) -> None:
        self.values.setdefault(article, []).append(value)

    def pick(self, article, subject, candidates, passes):
        candidates = list(candidates)
        first = next((c for c in candidates if passes(c)), None)
        if subject is None:
            wanted = [c for c in candidates if c == self.bye]
        else:
            wanted = [c for c in candidates if self.mate.get(c) in subject]
        if first is not None and first in wanted:
            self._record(article, candidates.index(first) + 1)
            return first
        places = [candidates.index(c) + 1 for c in wanted if passes(c)]
        self._record(article, min(places) if places else NOT_ALLOWED)
        if first is None and not places:
            return None
        raise _Deviation

    def group(self, score, oracle):
        self.values = {}
        self.groups.append((score, self.values, set(oracle.mate)))
        self.oracle = oracle

    def floaters(self, ctx, oracle, members, chosen):
        mem = set(members)
        given = [m for m in members if self.mate.get(m) not in mem]
        place = {i: k for k, i in enumerate(R6_4_floater_order(ctx, oracle, members, set()), start=1)}
        self._record("1997 6.4", len(given))
        self._record("1997 6.4 choice", tuple(sorted(place[m] for m in given)))
        if set(given) != set(chosen):
            raise _Deviation

    def _given_pairs(self, members: list[int]) -> set[frozenset[int]] | None:
        """The given pairing's pairs among ``members``; None if it pairs one of them with
        somebody else."""
        mem = set(members)
        if any(self.mate.get(u) not in mem for u in members):
            return None
        return {frozenset((u, self.mate[u])) for u in members}

    def rows(self, ctx, members, rows, cols, got):
        given = self._given_pairs(members)
        place = {c: k for k, c in enumerate(cols, start=1)}
        if given is None:
            for article in ("1997 6.1", "1997 7.3", "1997 7.4", "1997 6.2-6.3"):
                self._record(article, NOT_ALLOWED)
            raise _Deviation
        pairs = [tuple(p) for p in given]
        self._record("1997 6.1", R6_1_same_colour_pairs(ctx, pairs))
        moved_white, moved_black = R7_3_7_4_moved(ctx, members, pairs)
        self._record("1997 7.3", moved_white)
        self._record("1997 7.4", moved_black)
        opponents = [place.get(self.mate[r]) for r in rows]
        self._record("1997 6.2-6.3", NOT_ALLOWED if None in opponents else tuple(opponents))
        if given != {frozenset(p) for p in got}:
            raise _Deviation

    def first_round(self, top, bottom, got):
        place = {c: k for k, c in enumerate(bottom, start=1)}
        opponents = [place.get(self.mate.get(r)) for r in top]
        self._record("1997 5 pairs", NOT_ALLOWED if None in opponents else tuple(opponents))
        if {frozenset((r, self.mate.get(r))) for r in top} != {frozenset(p) for p in got}:
            raise _Deviation

    def arbiter(self, ctx, members, pairs):
        made = {frozenset(p) for p in pairs}
        differing = sum(1 for u in members if frozenset((u, self.mate.get(u))) not in made)
        self._record("1997 9", differing)
        if differing:
            raise _Deviation

    def result(self) -> tuple[dict[str, object], list[BracketValues]]:
        """The values recorded, round level and one :class:`BracketValues` per score of
        the round (groups the replay did not reach hold no values)."""
        P = self.ctx.P

        def reduce(values: dict[str, list]) -> dict[str, object]:
            out: dict[str, object] = {}
            for article, got in values.items():
                if article in _SUMMED_1997:
                    out[article] = sum(got)
                elif article in _LISTED_1997 or len(got) != 1:
                    out[article] = tuple(got)
                else:
                    out[article] = got[0]
            return out

        mated = set(self.oracle.mate) if self.oracle is not None else set()
        reached = {}
        for k, (score, values, before) in enumerate(self.groups):
            after = self.groups[k + 1][2] if k + 1 < len(self.groups) else mated
            reached[score] = BracketValues(score, [P[i].id for i in sorted(after - before)], reduce(values))
        brackets = [
            reached.get(s) or BracketValues(s, [p.id for p in P if p.score == s], {})
            for s in sorted({p.score for p in P}, reverse=True)
        ]
        return reduce(self.round_level), brackets


def _indices(ctx: Ctx, pairing: Pairing) -> tuple[list[tuple[int, int]], int | None]:
    idx = {p.id: p.index for p in ctx.P}
    pairs = [(idx[w], idx[b]) for w, b in pairing.pairs if w in idx and b in idx]
    return pairs, idx.get(pairing.bye) if pairing.bye is not None else None


def evaluate(
    t: Tournament, pairing: Pairing, edition: str = "2026", profile: Profile | str | None = None
) -> tuple[dict[str, object], list[BracketValues]]:
    """Every criterion of ``pairing`` (a complete, legal pairing of its round of ``t``),
    for the verifier (:mod:`tabellone.verify.checker`): the round-level values first (the bye),
    then one :class:`BracketValues` per score of the round, from the top. Every value is
    minimised, in the priority order of :func:`quality_criteria`, and the pairing the
    literal procedure makes (:func:`pair_round`) is the smallest, bracket by bracket.

    2026: the round level is the PAB by Art. 3.1 (:data:`ROUND_2026`); the brackets are
    the ones the pairing itself makes (:func:`brackets_of`), each valued on [C5]-[C10]
    and on the choices of Art. 3.2 that follow them (:data:`BRACKET_2026`).

    1997: the text is a procedure, so the pairing is replayed through it
    (:class:`Replay`): each value is the place of the pairing's choice at one step of
    the text (:data:`GROUP_1997`), up to the first step where it leaves the text.

    With a ``profile`` (2026) each bracket also holds the values under the profile's
    ids: [C5]-[C10], ``ARO`` (:func:`ARO_balance`), C1 / C3 counted where the profile
    makes them quality criteria, and each weighted level.
    """
    if edition not in EDITIONS:
        raise InputError(f"unknown Dubov edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")
    prof = profile_of(profile, edition) if profile is not None else None
    ctx = _prepare(t, edition, pairing.round, None, profile=prof, compat=False)
    pairs, bye = _indices(ctx, pairing)
    if edition == "1997":
        replay = Replay(ctx, pairs, bye)
        try:
            _pair_1997(ctx, optimise=False, follow=replay)
        except _Deviation:
            pass
        return replay.result()
    P = ctx.P
    round_level: dict[str, object] = {}
    if bye is not None:
        p = P[bye]
        round_level["2026 3.1.3"] = p.score
        round_level["2026 3.1.4"] = ctx.state.round - 1 - p.games
        round_level["2026 3.1.5"] = sum(1 for q in P if q.tpn > p.tpn)
    out = []
    for br in brackets_of(ctx, pairs, bye):
        values = {article: value(ctx, br) for article, _, value in BRACKET_2026}
        if prof is not None:
            values.update(_profile_values(ctx, br, values, prof))
        out.append(BracketValues(br.score, [P[i].id for i in br.members], values))
    return round_level, out


def _profile_values(ctx: Ctx, br: Bracket, values: dict[str, object], prof: Profile) -> dict[str, object]:
    """A bracket's values under the ids of ``prof`` (see :func:`evaluate`)."""
    out: dict[str, object] = {cid: values[f"2026 {cid}"] for cid in ("C5", "C6", "C7", "C8", "C9", "C10")}
    out["ARO"] = ARO_balance(ctx, br)
    if prof.is_relaxed("C1"):
        out["C1"] = C1_rematches(ctx, br)
    if prof.is_relaxed("C3"):
        out["C3"] = C3_absolute_clashes(ctx, br)
    out.update(prof.level_values(out))
    return out


def quality_criteria(edition: str, profile: Profile | str | None = None) -> list[tuple[str, str]]:
    """Every criterion :func:`evaluate` values, in priority order, as (article, what is
    minimised): the round-level ones (the bye) first, then those of a bracket.

    With a research ``profile`` (2026), the bracket's criteria are the profile's levels
    in its order, the shifts of Art. 3.2.4 placed before ``ARO`` as the optimiser takes
    them (:mod:`.profile`), and the text's generation order (3.2.2 upfloater set,
    3.2.4 shifters, 3.2.6 transposition) last unless the profile switches it off. The
    official profile is the text: the criteria are those of :data:`BRACKET_2026`."""
    if edition == "1997":
        if profile is not None:
            profile_of(profile, edition)  # the 1997 edition has no profiles: an input error
        return ROUND_1997 + GROUP_1997
    if edition == "2026":
        text = [(article, what) for article, what, _ in BRACKET_2026]
        prof = profile_of(profile, edition) if profile is not None else None
        if prof is None or prof.official:
            return ROUND_2026 + text
        levels = prof.quality_criteria()
        cut = next((k for k, (name, _) in enumerate(levels) if name == "ARO" or name in _aro_levels(prof)), len(levels))
        by = dict(text)
        shifts = [("2026 3.2.4", by["2026 3.2.4"])]
        if prof.generation_order:
            shifts += [(a, by[a]) for a in ("2026 3.2.4 smaller", "2026 3.2.4 larger")]
        tail = [(a, by[a]) for a in ("2026 3.2.2", "2026 3.2.6")] if prof.generation_order else []
        return ROUND_2026 + levels[:cut] + shifts + levels[cut:] + tail
    raise InputError(f"unknown Dubov edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition")


def colour_article(t: Tournament, round_number: int, white: int, black: int, edition: str = "2026") -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet in ``round_number``, and the
    article that decides it: 2026 Art. 5.2.1-5.2.5 (:func:`colour_rule_2026`); 1997
    Art. 2.6 or 3.1-3.5 (:func:`colour_rule_1997`), and in round 1 Art. 5 (the colour
    drawn for the first pair, alternating down the pairs of the rules' pairing)."""
    ctx = _prepare(t, edition, round_number, None, compat=False)
    by_id = {p.id: p for p in ctx.P}
    a, b = by_id[white], by_id[black]
    if edition == "1997":
        if _first_round_1997(ctx):
            for w, bl in pair_round(t, "1997", round_number).pairs:
                if {w, bl} == {white, black}:
                    return w, "5"
        colour, article = colour_rule_1997(a, b)
    else:
        colour, article = colour_rule_2026(a, b, ctx.initial)
    return (white if colour == WHITE else black), article


def _aro_levels(prof: Profile) -> set[str]:
    """Names of the weighted levels ``ARO`` belongs to."""
    return {lv.name for lv in prof.levels if lv.weighted and any(cid == "ARO" for cid, _ in lv.members)}
