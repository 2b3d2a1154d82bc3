"""FIDE Dubov system (Handbook C.04.4.1): the current edition (2026) and the 1997 edition.

The Dubov system pairs so as to equalise, inside a score group, the average rating of the
opponents (ARO) of its players: players who have met weak opponents so far get strong
ones now. Two methods are offered for both editions:

* ``method="literal"`` follows the text's procedure step by step, in its order;
* ``method="optimised"`` states the same rules as a lexicographic optimisation: the
  restrictions (absolute criteria) are hard constraints, the relative criteria are
  objectives in the text's priority order, and ARO balance is an explicit objective
  (:func:`aro_cost`), solved score group by score group with exact maximum-weight
  matching (:mod:`tabellone.matching.backends`, big-integer weights, :mod:`tabellone.matching.lexicographic`).

When nothing conflicts the optimiser reproduces the literal pairing exactly (the row-by-row
pairing of 6.2 / 3.2.6 is the unique minimum of the ARO objective by the rearrangement
inequality, ties broken by the text's orders); where the literal procedure's greedy
corrections (1997 6.3 and 7.x, 2026 3.2.6) end worse on a stated objective the optimiser
may differ, and :func:`compare` says where and by how much (:func:`objective_vector`).

Both methods, every edition: every pairing is checked by :func:`violations` before it
is returned, and every greedy step keeps the rest of the round pairable (a completion
oracle, :class:`Completion`), so no dead end is ever reached.

The package, one idea per module: :mod:`.players` (the players as the rules read
them), :mod:`.aro`, :mod:`.restrictions` (1997 2.1-2.6, 2026 C1-C3),
:mod:`.colour_allocation` (1997 art. 3, 2026 Art. 5.2), :mod:`.completion` (C4 / art.
9), :mod:`.context` (the round), :mod:`.bye`, :mod:`.orders` (the text's orders, the
rows of 6.3 / 3.2.6), :mod:`.criteria_2026`, :mod:`.shifts_2026`,
:mod:`.procedure_2026`, :mod:`.groups_1997`, :mod:`.literal_1997`,
:mod:`.optimiser_1997`, :mod:`.lex_matching`, :mod:`.profile` (the 2026 criteria as a
profile, ``tabellone/rules/profiles/dubov-2026.toml``), :mod:`.engine` (:func:`pair_round`,
:func:`violations`), :mod:`.objective` (:func:`compare`), :mod:`.verifier`,
:mod:`.aro_list`, and :mod:`.system` (this package behind the systems' one interface).
Every public name is importable from here.

Articles and the functions implementing them
--------------------------------------------

1997 edition (approved by the 1997 General Assembly; Italian seed text, read with the
official English text of the FIDE Handbook, chapter C040401 before 2018):

=======  =====================================================  ===================================
art.     rule                                                   implemented by
=======  =====================================================  ===================================
1        R (rating), ARO after each round                       :func:`R1_aro`
1        due colour                                             :func:`R1_due_colour`
2.1      no rematch                                             :func:`R2_1_no_rematch`
2.2      no bye after a point scored without playing            :func:`R2_2_bye_eligible`
2.3      colour difference within +-2                           :func:`R2_3_colour_difference`
2.4      no colour three times in a row                         :func:`R2_4_three_in_a_row`
2.5      upward transfers: not twice running, at most 3 / 4     :func:`R2_5_upward_transfer`
2.6      no subgroup transfer that breaks 2.3 or 2.4            :func:`R2_6_colour_legal`
3        colour allocation, five steps in order                 :func:`colour_rule_1997`
4        the bye (lowest group, lowest R, colour subgroup, ARO) :func:`R4_bye`
5        first round                                            :func:`R5_first_round`
6.2      whites by ascending ARO against blacks by rating       :func:`R6_2_white_order`, :func:`R6_2_black_order`
6.3      corrections row by row                                 :func:`R6_3_rows`, :func:`R6_3_same_colour_partner`
6.4      choice of the floaters                                 :func:`R6_4_floater_order`
7.1      opponent for a player who met his whole group          :func:`R7_1_islands`
7.2      a player brought up to make a group even               :func:`R7_2_odd_group`
7.3-7.4  equalising the colour subgroups                        :func:`R7_3_7_4_equalise`
8.1-8.2  pairing the floaters                                   :func:`R8_floaters`
9        the ARO list published after each round               :func:`aro_list`
=======  =====================================================  ===================================

2026 edition (approved by the Council on 28/10/2025, applied from 1 February 2026):

=======  =====================================================  ===================================
art.     rule                                                   implemented by
=======  =====================================================  ===================================
1.6      colour preferences (no games: mild Black)              :func:`A1_6_colour_preference`
1.7      ARO, rounded half up                                   :func:`A1_7_aro`
1.8      maximum upfloater, MaxT = 2 + [Rnds/5]                 :func:`A1_8_max_t`
C1       no rematch                                             :func:`C1_no_rematch`
C2       no PAB after any PAB or a win's points unplayed      :func:`C2_bye_eligible`
C3       no meeting of equal absolute preferences               :func:`C3_absolute_colours`
C4       completion                                             :class:`Completion`
C5       fewest upfloaters                                      :func:`C5_upfloaters`
C6       upfloaters' scores as high as possible                 :func:`C6_upfloater_scores`
C7       colour preferences                                     :func:`C7_colour_preferences`
C8-C10   maximum upfloaters, their upfloats, repeated upfloats  :func:`C8_maximum_upfloaters`, :func:`C9_maximum_upfloats`, :func:`C10_repeated_upfloaters`
3.1      the PAB                                                :func:`A3_1_bye`
3.2.1-2  number and choice of upfloaters                        :func:`A3_2_2_upfloaters`
3.2.3    G1 / G2                                                :func:`A3_2_3_split`
3.2.4    shifters                                               :func:`A3_2_4_shift`
3.2.5    S1 by ascending ARO, then TPN                          :func:`A3_2_5_s1_order`
3.2.6    T2, the first legal transposition                      :func:`A3_2_6_transposition`
4.1.3    order of sets                                          :func:`A4_1_3_set_order`
4.2      upfloater sequence numbers                             :func:`A4_2_upfloater_order`
4.3      shifter sequence numbers, middle first                 :func:`A4_3_3_middle_out`
4.4      transpositions of G2                                   :func:`A4_4_transpositions`
5.2      colour allocation                                      :func:`colour_rule_2026`
=======  =====================================================  ===================================

The verifier (:mod:`tabellone.verify.checker`, ``tabellone check`` / ``explain --system dubov``)
reads every criterion of a round pairing through :func:`evaluate`,
:func:`quality_criteria` and :func:`colour_article`. For 2026 these are the quality
criteria [C5]-[C10] of each bracket, then the choices of 3.2.2, 3.2.4 and 3.2.6 among
pairings equal on them (:data:`BRACKET_2026`), the PAB steps of 3.1 first. The 1997 text
states no criteria apart from its procedure, so a pairing is replayed through the literal
procedure (:class:`Replay`) and valued step by step by the place of its choices in the
text's orders (:data:`GROUP_1997`). Either way the literal procedure's pairing is the
smallest, and the first criterion on which two pairings differ names the article.

Readings chosen where the 1997 text is silent, ambiguous or garbled are marked in the
code with ``Reading (art. N)`` and listed in ``docs/dubov.md``.
"""

from __future__ import annotations

from tabellone.core.model import Strength
from tabellone.rules.base import deprecated_check_absolute
from tabellone.rules.comparison import Comparison, fmt_value
from tabellone.rules.dubov.aro import A1_7_aro, R1_aro, aro_cost
from tabellone.rules.dubov.aro_list import aro_list
from tabellone.rules.dubov.brackets import Bracket, brackets_of
from tabellone.rules.dubov.bye import A3_1_bye, R4_bye
from tabellone.rules.dubov.colour_allocation import (
    colour_allocation_1997,
    colour_allocation_2026,
    colour_rule_1997,
    colour_rule_2026,
)
from tabellone.rules.dubov.completion import Completion, seed_rows
from tabellone.rules.dubov.context import EDITIONS, METHODS, Ctx
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
    C7_unmet_preferences,
    C8_maximum_upfloater,
    C8_maximum_upfloaters,
    C9_maximum_upfloats,
    C9_upfloat_times,
    C10_repeated_upfloaters,
    C10_upfloated_before,
)
from tabellone.rules.dubov.engine import pair_round, violations
from tabellone.rules.dubov.follow import TEXT, Follow
from tabellone.rules.dubov.groups_1997 import R6_1_same_colour_pairs, R7_3_7_4_moved
from tabellone.rules.dubov.literal_1997 import (
    R5_first_round,
    R6_3_same_colour_partner,
    R6_4_floater_order,
    R7_1_islands,
    R7_2_odd_group,
    R7_3_7_4_equalise,
    R8_floaters,
)
from tabellone.rules.dubov.objective import compare, objective_vector
from tabellone.rules.dubov.orders import (
    A3_2_5_s1_order,
    A3_2_6_transposition,
    A4_1_3_set_order,
    A4_2_upfloater_order,
    A4_3_2_black_seekers,
    A4_3_2_white_seekers,
    A4_3_3_middle_out,
    A4_4_transpositions,
    R6_2_black_order,
    R6_2_white_order,
    R6_3_rows,
    R7_3_order,
    R7_4_order,
)
from tabellone.rules.dubov.players import DP, A1_6_colour_preference, A1_8_max_t, R1_due_colour, build_players
from tabellone.rules.dubov.procedure_2026 import A3_2_2_upfloaters, A3_2_4_shift
from tabellone.rules.dubov.profile import Plan, build_plan, profile_of
from tabellone.rules.dubov.restrictions import (
    UPWARD_RUN_LIMIT,
    C1_no_rematch,
    C2_bye_eligible,
    C2_bye_reading,
    C3_absolute_colours,
    R2_1_no_rematch,
    R2_2_bye_eligible,
    R2_3_colour_difference,
    R2_4_three_in_a_row,
    R2_5_upward_transfer,
    R2_6_colour_legal,
)
from tabellone.rules.dubov.shifts_2026 import A3_2_3_split
from tabellone.rules.dubov.verifier import (
    BRACKET_2026,
    GROUP_1997,
    NOT_ALLOWED,
    ROUND_1997,
    ROUND_2026,
    BracketValues,
    NotAllowed,
    Replay,
    colour_article,
    evaluate,
    quality_criteria,
)

__all__ = [
    "violations",
    "seed_rows",
    "ARO_balance",
    "C1_rematches",
    "C3_absolute_clashes",
    "Plan",
    "build_plan",
    "profile_of",
    "R1_aro",
    "A1_7_aro",
    "aro_cost",
    "UPWARD_RUN_LIMIT",
    "R2_3_colour_difference",
    "R2_4_three_in_a_row",
    "R2_5_upward_transfer",
    "R2_2_bye_eligible",
    "C2_bye_eligible",
    "C2_bye_reading",
    "R2_1_no_rematch",
    "C1_no_rematch",
    "R2_6_colour_legal",
    "C3_absolute_colours",
    "DP",
    "R1_due_colour",
    "A1_6_colour_preference",
    "A1_8_max_t",
    "build_players",
    "colour_allocation_1997",
    "colour_rule_1997",
    "colour_allocation_2026",
    "colour_rule_2026",
    "Completion",
    "Follow",
    "TEXT",
    "EDITIONS",
    "METHODS",
    "Ctx",
    "R4_bye",
    "A3_1_bye",
    "A4_1_3_set_order",
    "A4_3_3_middle_out",
    "A4_4_transpositions",
    "A4_2_upfloater_order",
    "A3_2_5_s1_order",
    "A4_3_2_white_seekers",
    "A4_3_2_black_seekers",
    "R6_2_white_order",
    "R6_2_black_order",
    "R7_3_order",
    "R7_4_order",
    "R6_3_rows",
    "A3_2_6_transposition",
    "A3_2_3_split",
    "Bracket",
    "brackets_of",
    "C7_unmet_preferences",
    "C8_maximum_upfloater",
    "C9_upfloat_times",
    "C10_upfloated_before",
    "C5_upfloaters",
    "C6_upfloater_scores",
    "C7_colour_preferences",
    "C8_maximum_upfloaters",
    "C9_maximum_upfloats",
    "C10_repeated_upfloaters",
    "A3_2_2_upfloater_numbers",
    "A3_2_4_pairs_inside",
    "A3_2_4_shifters_smaller",
    "A3_2_4_shifters_larger",
    "A3_2_6_transposition_numbers",
    "A3_2_2_upfloaters",
    "A3_2_4_shift",
    "R6_1_same_colour_pairs",
    "R7_3_7_4_moved",
    "R5_first_round",
    "R7_1_islands",
    "R7_2_odd_group",
    "R7_3_7_4_equalise",
    "R6_3_same_colour_partner",
    "R6_4_floater_order",
    "R8_floaters",
    "pair_round",
    "objective_vector",
    "compare",
    "NotAllowed",
    "NOT_ALLOWED",
    "BracketValues",
    "ROUND_2026",
    "BRACKET_2026",
    "ROUND_1997",
    "GROUP_1997",
    "Replay",
    "evaluate",
    "quality_criteria",
    "colour_article",
    "aro_list",
    "Comparison",
    "fmt_value",
    "Strength",
]

#: Deprecated: :func:`violations` as sentences, with a :class:`DeprecationWarning`.
check_absolute = deprecated_check_absolute(violations)
