"""FIDE Lim system (Handbook C.04.4.3), the edition in force: approved by the Council on
28/10/2025, applied from 1 February 2026 (handbook.fide.com, chapter C040403202602; the
text before it, chapter C040403Till2026, reads the same where we compared them: rule
letters become article numbers, "C.04.1.c" becomes "Article 3 of the Basic Rules", and
the sub-articles of 2.6 and 3.10 are spelt out).

Lim pairs score group by score group, but not from the top down only: it pairs from the
highest group down to just above the *median* group (score = half the rounds played), then
from the lowest group up, and the median group last (Art. 2.2). Inside a group the top
half meets the bottom half (2.4); incompatible proposals are repaired by exchanges in a
fixed order (Art. 4); floaters leave a group that cannot pair everyone, downward above
the median and upward below it (Art. 3); colours alternate and equalise (Art. 5).

Two methods, one reading of the text:

* ``method="literal"`` follows the text step by step (:func:`.literal.literal_group`): floaters
  arriving are paired first with the opponent Art. 3.8 names; the players to float are
  chosen one by one in the order of Art. 3.2-3.4, 3.9 and 3.10; the rest is paired by the
  scrutiny of Art. 4 (the exchange order of 4.2-4.3, :func:`A4_candidates`,
  :func:`A4_first_scrutiny`) with the colour test of the second scrutiny of Art. 5.2:
  each player in turn takes the first opponent with whom both get their due colours
  (:func:`A5_2_second_scrutiny`).
* ``method="optimised"`` states the same rules as a lexicographic optimisation
  (:func:`.optimiser.optimised_group`): the absolute criteria are hard constraints (the graph has
  only compatible pairs and the whole round must stay pairable), the quality criteria are
  bit fields of one integer weight per pair, most important first
  (:func:`tabellone.matching.lexicographic.fit_layout`), solved by exact maximum-weight matching
  (:func:`tabellone.matching.backends.max_weight_matching`); the last field is the number of colour
  faults in the group (5.2). The scrutiny order of Art. 4 (with the due colours first)
  breaks the remaining ties by fixing pairs in that order while the optimum stays
  reachable. When the literal procedure ends with the fewest colour faults, each of its
  choices is the optimiser's; otherwise its player-by-player colour choice cost faults
  later in the group, and the optimiser has fewer (``benchmarks/lim_crosscheck.py``).

Both methods never reach a dead end: each choice of the literal procedure is taken only
if the whole round can still be paired (a completion oracle, a perfect matching on the
compatibility graph), which is how this engine reads Art. 2.6 (a blocked median group is
avoided by looking ahead instead of "cracking" pairs made before, which the text leaves
unordered). :func:`compare` pairs a round both ways and gives both objective vectors.
With the official profile the optimiser's first two stages (the floaters arriving, the
residents who float) are reached field by field, which is the literal procedure's own
one-by-one choice, so the two methods differ only in how the rest of a group gets its
colours.

Every weighted matching is local to one group; the rest of the round is asked only
whether it can still be paired (the completion oracle of
:mod:`tabellone.matching.completion`), and a group's best values are the group's own
best matching whenever the players it leaves out can be paired, the whole field's
otherwise (:class:`.oracle.Oracle`). Round 9 of a 4,000-player event pairs in a few
seconds (docs/performance.md).


The package, one idea per module: :mod:`.context` (the round: players, compatibility,
editions, methods), :mod:`.profile` (the criteria as a profile), :mod:`.absolute`
(C.04.1, 2.1, 5.1: rematches, colour limits, the bye), :mod:`.compatibility` (Art. 2.1
on every pair, kept as its exceptions), :mod:`.colours` (Art. 5, 7.2),
:mod:`.matchings` (matchings on the compatibility graph), :mod:`.groups` (the bye of
1.1, the order of the groups of 2.2), :mod:`.orders` (the orders of 3.6-3.10 and 4.1-4.3),
:mod:`.oracle` (the completion oracle), :mod:`.exchanges` (the scrutiny of Art. 4 and
5.2), :mod:`.literal` and :mod:`.optimiser` (one group by each method), :mod:`.engine`
(:func:`pair_round`, :func:`violations`), :mod:`.objective` (the criteria of a finished
pairing: :func:`evaluate`, :func:`compare`) and :mod:`.system` (the package behind the
systems' one interface). Every public name is importable from here.

Articles and the functions implementing them
--------------------------------------------

========  =============================================================  ================================
art.      rule                                                           implemented by
========  =============================================================  ================================
C.04.1    no rematch (forfeits are not meetings; prohibited pairs)        :func:`fide_common.C1_no_rematch`
C.04.1    no bye after any PAB or a win's points without playing (Art. 4) :func:`bye_eligible`
1.1       the bye: lowest rank in the lowest score group                  :func:`A1_1_bye`
2.1       compatibility (no rematch, no colour 3 times, no +-3)           :func:`A2_1_compatible`
2.2       median group; order of pairing the groups                       :func:`A2_2_schedule`
2.3-2.4   floaters out; top half against bottom half                      :func:`.literal.literal_group`
2.6       blocked median group: never reached (completion oracle)          :class:`.oracle.Oracle`
3.2-3.4   choice of the floater (colour balance, bottom / top, 3.10)      :func:`A3_float_order`
3.6-3.7   floaters arriving are paired first, in this order               :func:`A3_6_3_7_incoming_order`
3.8       the floater's opponent: due the other colour, top / bottom      :func:`A3_8_candidates`
3.9       floaters floating on (types a, b) avoided first                 field ``3.9``
4.1-4.4   scrutiny and exchange order                                     :func:`A4_candidates`, :func:`A4_first_scrutiny`
5.1-5.6   colours: alternate, equalise; who gets the due colour           :func:`colour_rule`
5.2       second scrutiny: exchanges to grant colours                     :func:`A5_2_second_scrutiny`
6         last round: same-score pairing before colour limits             :func:`A2_1_compatible`
7         round one: 1 v n/2+1 ..., colours alternate down the top half   :func:`colour_rule` (7.2)
========  =============================================================  ================================

Readings where the text is silent or unclear (each also in the docstring that uses it):
"highest numbered" means the top of the ranking (4.2 calls Player #1 "the highest
numbered player"); when no group has the median score, the floaters from above and below
meet in an empty median group; the "Maxi-tournament" 100-point rules (3.2.3, 3.8, 5.7)
apply to a class of events the text does not define and are not applied; in the last
round (Art. 6) the colour limits of 2.1 are lifted and breaking them is the most costly
colour fault instead.
"""

from __future__ import annotations

from tabellone.rules.base import deprecated_check_absolute
from tabellone.rules.lim.absolute import LIM_BYE_RULE, A2_1_compatible, C2_bye_reading, bye_eligible, forbidden_colours
from tabellone.rules.lim.colours import allocate, colour_fault, colour_rule
from tabellone.rules.lim.context import DOWN, EDITIONS, METHODS, STAGES, UP, Ctx
from tabellone.rules.lim.engine import pair_round, violations
from tabellone.rules.lim.exchanges import A4_first_scrutiny, A5_2_second_scrutiny
from tabellone.rules.lim.groups import A1_1_bye, A2_2_schedule, Group
from tabellone.rules.lim.objective import (
    GROUP_CRITERIA,
    colour_article,
    compare,
    evaluate,
    objective_vector,
    quality_criteria,
)
from tabellone.rules.lim.orders import A3_6_3_7_incoming_order, A3_8_candidates, A3_float_order, A4_candidates
from tabellone.rules.lim.profile import profile_of

__all__ = [
    "A1_1_bye",
    "A2_1_compatible",
    "A2_2_schedule",
    "A3_6_3_7_incoming_order",
    "A3_8_candidates",
    "A3_float_order",
    "A4_candidates",
    "A4_first_scrutiny",
    "A5_2_second_scrutiny",
    "C2_bye_reading",
    "Ctx",
    "DOWN",
    "EDITIONS",
    "GROUP_CRITERIA",
    "Group",
    "LIM_BYE_RULE",
    "METHODS",
    "STAGES",
    "UP",
    "allocate",
    "bye_eligible",
    "colour_article",
    "colour_fault",
    "colour_rule",
    "compare",
    "evaluate",
    "forbidden_colours",
    "objective_vector",
    "pair_round",
    "profile_of",
    "quality_criteria",
    "violations",
]

#: Deprecated: :func:`violations` as sentences, with a :class:`DeprecationWarning`.
check_absolute = deprecated_check_absolute(violations)
