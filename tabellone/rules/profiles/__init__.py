"""Profiles: a pairing system's criteria as data.

A profile is a TOML file (read with :mod:`tomllib`) that lists a system's criteria in
priority order, each with its article id (``C12``), the text of the article, and its
kind: ``absolute`` (a hard constraint: no pairing may break it) or ``quality`` (a term
of the objective). The engine builds its weights from the profile, so the official
rules and every variant run through one code path (:mod:`tabellone.rules.dutch`,
:mod:`tabellone.rules.dutch.global_pairing`, :mod:`tabellone.rules.dubov.profile`). The shipped profiles live next
to this module (``dutch-2026.toml``, ``dutch-2017.toml``, ``global.toml``,
``dubov-2026.toml``); the format is described in
``docs/profiles.md``.

How a quality criterion enters the objective. The objective is lexicographic: a list of
*levels*, the first infinitely more important than the second. By default each quality
criterion is a level of its own, in the order the profile lists them (a criterion that
the text compares score by score, such as C7 or C18-C21, keeps its own sub-order inside
its level). Criteria that name the same ``level`` form one level whose value is the
weighted sum ``weight x value`` of its members (only criteria that yield one number per
pair can share a level). ``scale`` turns a criterion measured in points (the score
difference ``SD`` of the global procedure) into whole numbers: points x scale, and
``cost`` says what a pair's difference ``d`` (in those units) costs: ``"linear"`` (``d``,
the default), ``"squared"`` (``d * d``: one gap of two costs more than two gaps of one)
or a table ``[c0, c1, c2, ...]`` of whole numbers by difference (:func:`sd_cost`).

What a profile may change, and what it may not:

* reorder the quality criteria, weight them into shared levels, drop them (``dropped``);
* turn C1 (no rematch) or C3 (absolute colours) into a quality criterion, which then
  counts the pairs that break it, at the place the profile gives it;
* drop C1, C2 or C3 altogether (listed in ``dropped``: never silently);
* switch off the generation-order tie-breaks of the text (``generation_order``);
* pair the whole round as one matching (``procedure = "global"``).

C4 (every player can be paired) and C5 (the PAB goes to the lowest score) are the
completion part of the objective: they stay where the text has them.

A bad profile is an :class:`~tabellone.core.errors.InputError` naming the file, the
line and the reason.

Where things are: the criteria each system's text defines (:mod:`.catalogue`, one module
per system); the profile as the engines read it (:mod:`.model`); finding and reading
profiles (:mod:`.reading`) and checking them (:mod:`.validation`); writing them and
building variants in code (:mod:`.writing`); the cost of ``SD``'s score differences
(:mod:`.costs`); an engine's objective built from a profile (:mod:`.objective`).
"""

from __future__ import annotations

from tabellone.rules.profiles.catalogue import CATALOGUE, Known
from tabellone.rules.profiles.costs import COST_MAX, SD_COSTS, sd_cost
from tabellone.rules.profiles.model import KINDS, PROCEDURES, Criterion, Level, Profile
from tabellone.rules.profiles.objective import Objective
from tabellone.rules.profiles.reading import HERE, load, official, parse, resolve, resolve_for, shipped
from tabellone.rules.profiles.validation import SCALE_RANGE, WEIGHT_RANGE
from tabellone.rules.profiles.writing import drop, dumps

__all__ = [
    "CATALOGUE",
    "COST_MAX",
    "HERE",
    "KINDS",
    "PROCEDURES",
    "SCALE_RANGE",
    "SD_COSTS",
    "WEIGHT_RANGE",
    "Criterion",
    "Known",
    "Level",
    "Objective",
    "Profile",
    "drop",
    "dumps",
    "load",
    "official",
    "parse",
    "resolve",
    "resolve_for",
    "sd_cost",
    "shipped",
]
