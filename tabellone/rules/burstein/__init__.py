"""FIDE Burstein system (Handbook C.04.4.2): the editions, and the earlier text as bbpPairings reads it.

The Burstein system pairs players of equal score so that, over the event, everyone meets
an opposition of about the same strength. It measures that strength with an *index* made
of tie-breaks computed from the event alone, and in each score group pairs players with a
high index against players with a low index (preface and Art. 3.2 of the earlier text).

This package is the system's entry point for every edition (``EDITIONS``; the first is
the default) and each method (``METHODS``): it checks the options and hands the round to
the module of its edition:

===========================  ====================================================  ===================================================
edition                      optimised (weighted matchings)                       literal (the text's procedure, by search)
===========================  ====================================================  ===================================================
``2026``, ``2025``           :mod:`tabellone.rules.burstein.edition_2026`          :mod:`tabellone.rules.burstein.literal_2026`
``legacy`` (earlier text)    :mod:`tabellone.rules.burstein.legacy`                :mod:`tabellone.rules.burstein.literal_legacy`
===========================  ====================================================  ===================================================

What the editions share (a player with its index, the score groups, the profile a round
is paired with) is :mod:`tabellone.rules.burstein.common`. The editions of 2025 and 2026
are the texts in force; ``legacy`` is the earlier text of C.04.4.2 in the reading of the
reference engine bbpPairings 5.0.1, kept to compare with it.
"""

from __future__ import annotations

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing, Violation
from tabellone.rules.base import deprecated_check_absolute
from tabellone.rules.burstein import edition_2026, legacy, literal_2026, literal_legacy
from tabellone.rules.burstein.common import Player, profile_of, score_groups
from tabellone.rules.burstein.legacy import (
    QUALITY,
    BracketBuilder,
    BracketValues,
    C3_absolute_colours,
    Index,
    Objective,
    burstein_index,
    bye_candidates,
    bye_eligible,
    colour_rule,
    compatible,
    completable,
    due_colours_differ,
    early_round_points,
    index_key,
    publish,
    ranked_players,
    ranking,
    round_players,
)
from tabellone.rules.comparison import Comparison
from tabellone.rules.comparison import objective_vector as vector_of
from tabellone.rules.profiles import Profile

__all__ = [
    "EDITIONS",
    "LOOKAHEAD",
    "METHODS",
    "QUALITY",
    "BracketBuilder",
    "BracketValues",
    "C3_absolute_colours",
    "Index",
    "Objective",
    "Player",
    "burstein_index",
    "bye_candidates",
    "bye_eligible",
    "violations",
    "colour_article",
    "colour_rule",
    "compare",
    "compatible",
    "completable",
    "due_colours_differ",
    "early_round_points",
    "evaluate",
    "evaluate_text",
    "generation_article",
    "index_key",
    "index_list",
    "objective_vector",
    "pair_round",
    "profile_of",
    "publish",
    "quality_criteria",
    "ranked_players",
    "ranking",
    "round_players",
    "score_groups",
]

#: ``2026`` (in force from 1 February 2026) and ``2025`` (1 July 2025 - 31 January 2026):
#: :mod:`tabellone.rules.burstein.edition_2026`; ``legacy``: the earlier text as bbpPairings 5.0.1 reads it
#: (:mod:`tabellone.rules.burstein.legacy`). The first is the default.
EDITIONS = ("2026", "2025", "legacy")
#: Criteria that look ahead to the rest of the round: the Dutch C9 of a seeding round.
LOOKAHEAD = ("C9",)
METHODS = ("optimised", "literal")


def _current(edition: str) -> bool:
    """Whether ``edition`` is one of the current texts (:mod:`tabellone.rules.burstein.edition_2026`)."""
    return edition != "legacy"


def generation_article(edition: str) -> str:
    return {"2026": "Art. 4", "2025": "D.1"}.get(edition, "the opposition order (preface)")


def pair_round(
    t: Tournament,
    edition: str = EDITIONS[0],
    round_number: int | None = None,
    no_bye: frozenset[int] = frozenset(),
    method: str | None = None,
    profile: Profile | str | None = None,
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` by the Burstein system.

    ``method`` is ``'optimised'`` (the default: maximum-weight matching) or
    ``'literal'`` (the text's procedure by search).
    ``no_bye`` bars players from the pairing-allocated bye (``explain`` uses it).
    ``profile`` orders, weights or drops the quality criteria of the optimiser
    (docs/profiles.md; default: the edition's official profile)."""
    if edition not in EDITIONS:
        raise InputError(
            f"unknown Burstein edition {edition!r}; expected one of {', '.join(EDITIONS)}", field="--edition"
        )
    method = method or "optimised"
    if method not in METHODS:
        raise InputError(f"unknown method {method!r}; expected optimised or literal", field="--method")
    prof = profile_of(profile, edition)
    if profile is not None and method == "literal":
        raise InputError(
            f"profile {prof.name}: profiles vary the optimised method; the literal method is the text itself",
            field="--method",
        )
    if _current(edition):
        if method == "literal":
            return literal_2026.pair_round(t, edition, round_number, no_bye=no_bye)
        return edition_2026.pair_round(t, edition, round_number, no_bye=no_bye, profile=prof)
    if method == "literal":
        return legacy.pair_round(t, round_number, no_bye, pair_players=literal_legacy.pair_players)
    return legacy.pair_round(t, round_number, no_bye, prof)


def violations(
    t: Tournament, pairing: Pairing, edition: str = EDITIONS[0], profile: Profile | str | None = None
) -> list[Violation]:
    """Every absolute rule a proposed round breaks (empty: legal): everyone to pair
    appears once (C.04.1), no rematch (Art. 3.1), no two absolute preferences for one
    colour, the bye only to complete an odd number and to an eligible player. A
    ``profile`` keeps every absolute criterion of the Burstein texts (none may be dropped
    or relaxed), so the check is the same with any."""
    if profile is not None:
        profile_of(profile, edition)
    if _current(edition):
        return edition_2026.violations(t, pairing, edition)
    return legacy.violations(t, pairing)


def C2_bye_reading(t: Tournament, round_number: int, player: int, edition: str = EDITIONS[0]) -> tuple[bool, str]:
    """Whether ``player`` may have the PAB of ``round_number``, and the sentence that says
    so, with the round of the earlier bye or win that bars it (every edition:
    :func:`tabellone.rules.burstein.edition_2026.C2_bye_eligible`,
    :func:`tabellone.rules.burstein.legacy.bye_eligible`)."""
    if _current(edition):
        return edition_2026.C2_bye_reading(t, round_number, player, edition)
    return legacy.C2_bye_reading(t, round_number, player, edition)


# ----------------------------------------------------------------------------------------
# evaluation criterion by criterion (for the verifier)


def evaluate(
    t: Tournament, pairing: Pairing, edition: str = EDITIONS[0], profile: Profile | str | None = None
) -> tuple[dict[str, object], list]:
    """The value of every criterion (see :func:`evaluate_text`); with a ``profile``, also
    the value of each of its weighted levels."""
    round_level, brackets = evaluate_text(t, pairing, edition)
    if profile is not None:
        prof = profile_of(profile, edition)
        for b in brackets:
            b.values.update(prof.level_values(b.values))
    return round_level, brackets


def evaluate_text(t: Tournament, pairing: Pairing, edition: str = EDITIONS[0]) -> tuple[dict[str, object], list]:
    """The criteria of the edition's text, round-level and score group by score group
    (:func:`tabellone.rules.burstein.edition_2026.evaluate`,
    :func:`tabellone.rules.burstein.legacy.evaluate_text`)."""
    if _current(edition):
        return edition_2026.evaluate(t, pairing, edition)
    return legacy.evaluate_text(t, pairing)


def quality_criteria(edition: str = EDITIONS[0], profile: Profile | str | None = None) -> list[tuple[str, str]]:
    """The criteria :func:`evaluate` values, in priority order; with a ``profile``, its
    quality levels take the place of the text's (the PAB before them, the order of
    pairings after them)."""
    if _current(edition):
        text = edition_2026.quality_criteria(edition)
        fields = set(edition_2026.criterion_ids(edition)[4:])
    else:
        text = QUALITY
        fields = {"floaters", "colour"}
    if profile is None:
        return text
    levels = profile_of(profile, edition).quality_criteria()
    at = next(k for k, (a, _) in enumerate(text) if a in fields)
    return text[:at] + levels + [c for c in text[at:] if c[0] not in fields]


def colour_article(
    t: Tournament, round_number: int, white: int, black: int, edition: str = EDITIONS[0]
) -> tuple[int, str]:
    """Who gets White when ``white`` and ``black`` meet, and the article that decides."""
    if _current(edition):
        return edition_2026.colour_article(t, round_number, white, black, edition)
    return legacy.colour_article(t, round_number, white, black)


def index_list(t: Tournament, round_number: int | None = None, edition: str = EDITIONS[0]) -> list[dict]:
    """The players to pair before ``round_number`` (default: the next round) in the order
    the edition reads them, with the values it reads (:func:`tabellone.rules.burstein.legacy.index_list`,
    :func:`tabellone.rules.burstein.edition_2026.index_list`)."""
    if _current(edition):
        return edition_2026.index_list(t, round_number)
    return legacy.index_list(t, round_number)


def objective_vector(t: Tournament, pairing: Pairing, edition: str = "legacy") -> list[tuple]:
    """The criteria of :func:`evaluate` in priority order as ``(group, name, value)``:
    the round-level ones (group ``'-'``), then each score group's from the top."""
    round_level, brackets = evaluate(t, pairing, edition)
    names = [name for name, _ in quality_criteria(edition)]
    in_order = {name: round_level[name] for name in names if name in round_level}
    return vector_of(in_order, brackets, names, round_group="-", group=lambda score: score)


def compare(t: Tournament, edition: str = EDITIONS[0], round_number: int | None = None):
    """Pair a round by the literal procedure and by the optimiser, and give the first
    criterion on which they differ (``tabellone compare --system burstein``)."""
    lit = pair_round(t, edition, round_number, method="literal")
    opt = pair_round(t, edition, round_number, method="optimised")
    lv, ov = objective_vector(t, lit, edition), objective_vector(t, opt, edition)
    same = sorted(lit.pairs) == sorted(opt.pairs) and lit.bye == opt.bye  # colours count here
    return Comparison.of(edition, lit, opt, lv, ov, same)


#: Deprecated: :func:`violations` as sentences, with a :class:`DeprecationWarning`.
check_absolute = deprecated_check_absolute(violations)
