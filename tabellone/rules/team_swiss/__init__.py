"""FIDE Swiss Team Pairing System (Handbook C.04.6), the edition approved by the Council
on 28/10/2025 and applied from 1 February 2026 (handbook.fide.com, chapter
SwissTeamPairingSystem202602).

Text read: the whole chapter (Preface, Art. 1-4), from a public copy of the handbook
page (github.com/gbtami/swisspairing, docs/C0406_Swiss_Team_Pairing_System_from_2026_02_01.md,
retrieved 15/03/2026), and the Basic Rules for Swiss Systems (C.04.1, same edition) it
refers to (Preface, 1.4, 2.1.1). The module was checked against it article by article;
the one departure found ([C6] judged pass/fail, now a value to minimise) is fixed.

Teams, not players, are paired (:class:`tabellone.core.team.TeamTournament`): the score is the
*primary score* (match points unless the event says game points, Art. 1.2), the colour of
a team is the colour of its first board in a played match (1.6.1), and colour preferences
are weak and of the kind the event chooses (1.7: Type A, Type B or none). Articles 6 and
7 of the Basic Rules (colour limits) never apply (Preface): no colour rule is absolute.

The procedure (Art. 3): the pairing-allocated bye first (3.4); then, from the top, the
*top-scoregroup* with a set of *upfloaters* (3.5) forms a bracket, paired whole (3.6);
colours last (Art. 4). There are no downfloaters: a bracket that cannot be paired pulls
more teams up.

Two methods, one reading of the text:

* ``method="literal"`` does what the text says in its own order. The set of upfloaters:
  sizes from the smallest the parity allows, score profiles best first ([C4], [C5]), the
  sets of a profile in the order of 3.5.3-3.5.4, legal ones kept ([C1], [C3]), the first
  best on ([C6], [C7]) taken. The bracket: its pairings generated in the order of their
  identifiers (3.6.1-3.6.3) by a depth-first search, the first best on ([C8], [C9],
  [C10]) taken (:func:`literal_bracket`; branches that cannot beat the best so far are
  cut with a counting bound).
* ``method="optimised"`` states the same criteria as lexicographic objectives solved by
  maximum-weight matching (:func:`tabellone.matching.backends.max_weight_matching`): one matching of
  every team left gives the fewest upfloaters and their best scores ([C4], [C5]) with
  the rest pairable ([C3]); one matching of the bracket gives the fewest colour and float
  faults ([C8]-[C10]); the order of the identifiers then breaks ties by fixing the top
  members and their opponents one by one while the optimum stays reachable
  (:func:`optimised_bracket`).

:func:`compare` pairs a round both ways (``benchmarks/team_swiss_crosscheck.py``).

Articles and the functions implementing them
--------------------------------------------

=========  ==========================================================  ======================================
art.       rule                                                        implemented by
=========  ==========================================================  ======================================
1.2        primary and secondary score                                  :func:`prepare` (``TeamTournament.primary``)
1.4        the bye: no opponent, no colour, a drawn match's points      ``TeamTournament.pab_points``
1.5        floater: played an opponent with another score               :func:`floated`
1.6        colour of a team; colour difference                          :class:`Side` (``colours``, ``cd``)
1.7        colour preferences, Type A / Type B / none                   :func:`A1_7_preference`
2.1 [C1]   no two teams meet twice (forfeited matches do not count)     :func:`C1_compatible`
2.1 [C2]   no bye after a bye, a match won by forfeit, a full-point bye  :func:`C2_bye_allowed`
2.2 [C3]   the teams not yet paired can always be paired                :func:`pairable`
2.3 [C4]   fewest upfloaters                                            :func:`A3_5_literal`, :func:`A3_5_optimised`
2.3 [C5]   upfloaters' scores as high as possible                       ``C5`` values, :func:`profiles`
2.3 [C6]   fewest upfloaters needed by the following scoregroup        :func:`C6_next_scoregroup`
2.3 [C7]   fewest upfloaters who floated in the previous round          :func:`C7_count`
2.3 [C8]   fewest teams without their colour preference                 :func:`pair_cost`
2.3 [C9]   (Type B) fewest teams without their strong preference        :func:`pair_cost`
2.3 [C10]  fewest upfloaters' opponents who floated the previous round  :func:`pair_cost`
3.4        the bye: lowest score, most matches, largest TPN             :func:`A3_4_bye`
3.5        choice of the upfloaters                                     :func:`A3_5_literal`
3.6        pairing the bracket in the order of identifiers              :func:`literal_bracket`, :func:`identifier`
4          colours                                                      :func:`A4_colours`
=========  ==========================================================  ======================================

Readings where the text leaves a choice (each also where it is used):

* "Complies with" a minimising criterion (3.5.5, 3.6.4) means attains the least value
  the candidates allow, criteria in their priority order; the order of the text breaks
  the remaining ties.
* [C4] and [C5] are judged over the *legal* sets (bracket and rest pairable): the
  completion criterion [C3] outranks them.
* [C6] is valued by the number of upfloaters the scoregroup following the
  top-scoregroup (what is left of it) will need when it is paired as the next
  top-scoregroup, the rest staying pairable ([C1], [C3], [C4] in that bracket); 0 when
  the upfloaters emptied it. Its parity is the least value; when no set reaches it, the
  set needing fewest is taken (2.3: quality criteria are met as far as they can be).
* Type B (1.7.2): with CD 0 and the same colour in the last two played matches, the
  strong preference holds in the last round too; the last bullet (no preference with CD
  0 in the last round) is read as the mild case's exception.
* C.07 tie-breaks: C.04.6 and C.04.1 say nothing on them; the standings
  (:func:`standings`) rank by the primary score, the secondary, then C.07's tie-breaks
  with their point system as written (``BH:GP``; match points when none is named).
* [C8] and [C9] are counted per pair: Art. 4 grants every preference except when both
  teams want the same colour (4.3.2, 4.3.3), and grants a strong one over a mild one
  (4.3.4). A team that floated "in the previous round" played an opponent with another
  score (pairing scores before that round) in a match played over the board.
* "Odd TPN" in 4.3.1 is the team pairing number as the file gives it.
* "Matches played" (3.4.3) and "had a colour" (1.6.1) count matches played over the
  board: a match lost or won by forfeit as a whole is neither; a match with one game
  played is played.
* In a pairing given to be checked, a bracket is the top-scoregroup with the teams its
  residents meet (upfloaters never meet each other in a bracket with fewest upfloaters).

The package, one idea per module: :mod:`.sides` (the teams before the round, Art. 1.5-1.7),
:mod:`.absolute` ([C2] and the check of a proposed round), :mod:`.completion` ([C1],
[C3]), :mod:`.bye` (3.4), :mod:`.upfloaters` (3.5), :mod:`.bracket` (3.6),
:mod:`.colours` (Art. 4), :mod:`.procedure` (3.3, :func:`pair_round`),
:mod:`.evaluation` (objective vectors, :func:`compare`), :mod:`.standings`, and
:mod:`.system` (this package behind the systems' one interface). Every public name is
importable from here.
"""

from __future__ import annotations

from tabellone.rules.base import deprecated_check_absolute
from tabellone.rules.team_swiss.absolute import C2_bye_allowed, C2_bye_bar, C2_bye_reading, violations
from tabellone.rules.team_swiss.bracket import LITERAL_BUDGET, BudgetExceeded, identifier, pair_cost
from tabellone.rules.team_swiss.bye import A3_4_bye
from tabellone.rules.team_swiss.colours import A4_colours, first_team
from tabellone.rules.team_swiss.completion import C1_compatible
from tabellone.rules.team_swiss.evaluation import (
    BRACKET_CRITERIA,
    colour_article,
    compare,
    evaluate,
    generation_article,
    objective_vector,
    quality_criteria,
)
from tabellone.rules.team_swiss.procedure import pair_round
from tabellone.rules.team_swiss.sides import EDITIONS, METHODS, STRONG, WEAK, A1_7_preference, Ctx, Side, floated
from tabellone.rules.team_swiss.standings import TEAM_TIEBREAKS, TeamRow, standings
from tabellone.rules.team_swiss.upfloaters import A3_5_literal, A3_5_optimised, C6_next_scoregroup, C7_count

__all__ = [
    "A1_7_preference",
    "A3_4_bye",
    "A3_5_literal",
    "A3_5_optimised",
    "A4_colours",
    "BRACKET_CRITERIA",
    "BudgetExceeded",
    "C1_compatible",
    "C2_bye_allowed",
    "C2_bye_bar",
    "C2_bye_reading",
    "C6_next_scoregroup",
    "C7_count",
    "Ctx",
    "EDITIONS",
    "LITERAL_BUDGET",
    "METHODS",
    "STRONG",
    "Side",
    "TEAM_TIEBREAKS",
    "TeamRow",
    "WEAK",
    "colour_article",
    "compare",
    "evaluate",
    "first_team",
    "floated",
    "generation_article",
    "identifier",
    "objective_vector",
    "pair_cost",
    "pair_round",
    "quality_criteria",
    "standings",
    "violations",
]

#: Deprecated: :func:`violations` as sentences, with a :class:`DeprecationWarning`.
check_absolute = deprecated_check_absolute(violations)
