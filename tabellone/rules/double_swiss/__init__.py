"""FIDE Double-Swiss system (Handbook C.04.5), the only edition: approved by the Council on
28/10/2025, applied from 1 February 2026 (handbook.fide.com, chapter
DoubleSwissSystem202602). Written against the full text of the chapter, Preface to Art. 4.4,
read from the public copy ``docs/C0405_Double_Swiss_Pairing_System_from_2026_02_01.md`` of
github.com/gbtami/swisspairing (retrieved from the handbook page on 2026-03-15), together
with C.04.2 (Art. 2 TPNs, 3.4 colour histories, 3.6 board order) and C.04.7 from the same
repository. Every article below was compared with that text; the text's two examples
(3.5.4, 3.6.2) are tests.

Every pairing is a *match* of two games between the same two players, colours reversed in
the second game (Preface). Points are game points (1, 1/2, 0 a game), so a match ends 2-0,
1.5-0.5, 1-1, ... and, rarely, 1.5-0, 1-0.5, ... 0-0. A match is forfeited only when a
player forfeits both games; such a pair may meet again. Any other match counts as played
(for standings and tie-breaks a single forfeited game is treated as played). Byes, asked
for or allocated, cover a whole match.

How a match is recorded (TRF)
-----------------------------
TRF26 has one opponent, colour and result per player per round column, and no way to write
a two-game match in one column, although its ``192`` code ``FIDE_DOUBLESWISS`` names the
system. Tabellone writes match *k* as the round columns ``2k-1`` (game 1) and ``2k``
(game 2): the same opponent in both, colours reversed, each game's own result code (so
a 1/2-0 game is ``=`` against ``0``). ``142``/``XXR`` counts columns, twice the matches.
A bye covers both columns of its match: the pairing-allocated bye is ``U`` then ``H``, a
game won and a game drawn without playing, the value of Art. 1.4; a requested bye is
``H H`` (a drawn match) or ``F F``; an absence ``Z Z``. :func:`matches_of` reads this back
and refuses anything else, naming the player and the columns.

The pairing (Articles 2-3)
--------------------------
The PAB first (3.4), then, while players remain, the *top scoregroup* (players with the
highest score among those still unpaired, 3.2) takes a set of upfloaters from below
(3.5) and the bracket so formed is paired (3.6). There are no downfloaters. Colours
come last (Art. 4) and there is no colour criterion in the pairing.

Two methods, one reading of the text:

* ``method="literal"`` follows the text: the upfloater sets of 3.5 in the order of 3.5.2
  ([C4] fewest upfloaters, [C5] highest scores) and 3.5.3-3.5.4 (the lexicographic order
  of their TPNs), the first legal set with the best [C6] and [C7]; then the pairings of
  the bracket in the lexicographic order of their identifiers (3.6.2-3.6.3), the first
  legal one with the best [C8]. The orders are walked element by element: each element
  (the next upfloater set; the next top member; the next bottom member) is the smallest
  one that a legal pairing with the best attainable values can still complete, which a
  perfect-matching oracle decides (:func:`perfect`). This finds exactly the first
  element of the text's order without listing the factorially many before it.
* ``method="optimised"`` states the same criteria as lexicographic objectives packed into
  one integer weight per pair (:func:`tabellone.matching.lexicographic.fit_layout`) and solves each
  bracket's two decisions (which upfloaters; which pairs) by exact maximum-weight
  perfect matching over everybody still unpaired, so that [C3] (completion) is a hard
  constraint. The set order of 3.5.4 and the identifier order of 3.6.2 are bit fields:
  the lexicographically first sorted set of a fixed size is the one of greatest
  ``sum 2**-position``. A bracket is paired in two exact stages
  (:func:`~tabellone.rules.double_swiss.bracket.pair_optimised`): the least [C8] and the
  top members (the bit fields), then the bottom members as the first least-cost
  assignment (:mod:`.first_assignment`: LP potentials and alternating cycles), instead of
  one matching whose weights would hold the whole identifier (thousands of bits at a
  thousand players; kept as ``pair_one_matching``, against which the stages are tested).

:func:`compare` pairs a round both ways and gives both objective vectors;
``benchmarks/double_swiss_crosscheck.py`` runs it on generated events.

Articles and the functions implementing them
--------------------------------------------

=========  ===========================================================  =============================
art.       rule                                                         implemented by
=========  ===========================================================  =============================
Preface    matches, forfeited matches, byes per match                   :func:`matches_of`
1.2        order: score, then TPN                                       :func:`prepare`
1.4        PAB worth a game won and a game drawn (``U`` + ``H``)         :data:`PAB_CODES`
1.5        floater: played a player with another score                  :func:`_floated`
1.6        a match's colour: game 1's, if a game was played             :func:`matches_of`
2.1.1 C1   no second meeting (forfeited matches excepted; 260 pairs)    :func:`C1_may_meet`
2.1.2 C2   no PAB after a PAB, a match won by forfeit or a full bye     :func:`C2_may_get_pab`
2.2 C3     the rest of the round stays pairable                         :func:`perfect`
2.3 C4-C5  fewest upfloaters, then their highest scores                 :func:`A3_5_profiles`
2.3 C6     fewest upfloaters the following scoregroup will need        :func:`C6_need`
2.3 C7     upfloaters who floated in the previous round (not last)      :func:`C7_count`
2.3 C8     upfloaters' opponents who floated before (not last)          :func:`C8_cost`
3.4        the PAB: legal, lowest score, most matches, largest TPN      :func:`A3_4_pab`
3.5        upfloater sets and their order                               :func:`A3_5_sets`
3.6        pairing identifiers and their order                          :func:`A3_6_identifier`
4.1-4.4    colours of game 1                                            :func:`A4_colour`
=========  ===========================================================  =============================

Readings where the text leaves a choice (each also where it is used): [C6] is the number
of upfloaters the following scoregroup will need in its own bracket ([C1] and [C3] kept;
0 when the upfloaters emptied it), minimised: the reading of
:mod:`tabellone.rules.top_scoregroup`, shared with the Swiss Team system, whose 2.3.3 has the same
words (its parity is the least value; when no set reaches it, the set needing fewest
comes nearest, rather than the order of 3.5.4 choosing among sets that all miss it);
"complies with [C6]/[C7]/[C8]" means "attains the best value any candidate attains" (the text's
criteria are minimisations); a pair of upfloaters inside a bracket never helps [C4] and is
never formed; "matches played" (3.4.3) and "floater" (1.5) count matches not forfeited;
the last round is the last match the file declares (``142`` / 2); 4.3.1 ("both have yet
to play a match") is read as "neither has a colour" (1.6), so a match whose two games were
both forfeited by different players, which counts as played but gives no colour, does not
leave a pair with no rule.

Acceleration (C.04.7, whose methods apply to every Swiss system, Preface): a match is
one pairing, so its virtual points are added to the pairing score once, before game 1
(:func:`match_virtual_points`: from the game-1 column, the game-2 column holding the same
or none). The pairing score (C.04.7 1.5) makes the scoregroups and orders them, and is the
score of 3.4 (the PAB), 1.5 (floaters) and 4.2 (the higher-ranked player); boards are
ordered by the real score, as for the individual systems
(:func:`tabellone.rules.fide_common.board_order`). Baku (C.04.7 Art. 1) counts its accelerated
rounds in matches and gives the points of a match won (two games): see
:func:`tabellone.core.acceleration.baku_virtual_points` and ``--baku``.

The package, one idea per module: :mod:`.matches` (the match model, two round columns
per match), :mod:`.players` (a player to pair), :mod:`.absolute` ([C1], [C2]),
:mod:`.state` (the round to pair), :mod:`.criteria` ([C3] completion, [C6]-[C8]),
:mod:`.bye` (3.4), :mod:`.upfloaters` (3.5), :mod:`.bracket` (3.6; its optimiser's last
stage in :mod:`.first_assignment`), :mod:`.colours`
(Art. 4), :mod:`.games` (the published match), :mod:`.checks` (the absolute rules of a
proposed round), :mod:`.procedure` (3.3, :func:`pair_round`), :mod:`.evaluation`
(objective vectors, :func:`compare`), :mod:`.standings`, :mod:`.generation`, and
:mod:`.system` (this package behind the systems' one interface). Every public name is
importable from here.
"""

from __future__ import annotations

from tabellone.rules.base import deprecated_check_absolute
from tabellone.rules.double_swiss.absolute import C1_may_meet, C2_bye_reading, C2_may_get_pab, C2_pab_bar
from tabellone.rules.double_swiss.bracket import A3_6_identifier
from tabellone.rules.double_swiss.bye import A3_4_order, A3_4_pab
from tabellone.rules.double_swiss.checks import violations
from tabellone.rules.double_swiss.colours import A4_colour, higher_ranked
from tabellone.rules.double_swiss.criteria import C6_need, C7_count, C8_cost
from tabellone.rules.double_swiss.evaluation import (
    BRACKET_CRITERIA,
    colour_article,
    compare,
    evaluate,
    generation_article,
    objective_vector,
    quality_criteria,
)
from tabellone.rules.double_swiss.games import MatchPairing, SecondGame, second_game
from tabellone.rules.double_swiss.generation import generate_event
from tabellone.rules.double_swiss.matches import (
    BYE_CELLS,
    GAMES_PER_ROUND,
    PAB_CODES,
    Match,
    match_virtual_points,
    matches_of,
    round_name,
)
from tabellone.rules.double_swiss.players import Entrant
from tabellone.rules.double_swiss.procedure import Bracket, pair_round
from tabellone.rules.double_swiss.standings import standings_view
from tabellone.rules.double_swiss.state import EDITIONS, METHODS, Ctx
from tabellone.rules.double_swiss.upfloaters import A3_5_profiles, A3_5_sets

__all__ = [
    "A3_4_order",
    "A3_4_pab",
    "A3_5_profiles",
    "A3_5_sets",
    "A3_6_identifier",
    "A4_colour",
    "BRACKET_CRITERIA",
    "BYE_CELLS",
    "Bracket",
    "C1_may_meet",
    "C2_bye_reading",
    "C2_may_get_pab",
    "C2_pab_bar",
    "C6_need",
    "C7_count",
    "C8_cost",
    "Ctx",
    "EDITIONS",
    "Entrant",
    "GAMES_PER_ROUND",
    "METHODS",
    "Match",
    "MatchPairing",
    "PAB_CODES",
    "SecondGame",
    "colour_article",
    "compare",
    "evaluate",
    "generate_event",
    "generation_article",
    "higher_ranked",
    "match_virtual_points",
    "matches_of",
    "objective_vector",
    "pair_round",
    "quality_criteria",
    "round_name",
    "second_game",
    "standings_view",
    "violations",
]

#: Deprecated: :func:`violations` as sentences, with a :class:`DeprecationWarning`.
check_absolute = deprecated_check_absolute(violations)
