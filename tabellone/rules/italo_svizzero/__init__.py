"""FID "sistema italo-svizzero a rotazione continua" (Italian draughts), literal and optimised.

The Italian draughts federation (FID) pairs its opens by *continuous rotation*: the players
sit on a circle in the order of their draw numbers, and every pair of every round is
found by reading that circle forward, never going back, from where the previous pair
left off. This package follows two texts:

* **Capo V** of the FID technical regulations (seed ``003``; the FID page ``capo51``),
  Art. 1-18, the Buchholz procedure and the technical classification;
* **seed 002**, Art. 1.0-2.6, an older text of the same system (the one the Italian chess
  federation also printed), which differs from Capo V on three points.

Editions (``view.EDITIONS``, the default first)
-----------------------------------------------

``capo5``  (Capo V, Art. 4, 14, 16)
    Round ``r+1`` starts from the last player paired in round ``r`` who played with
    **Black** (Art. 4). A suspended game counts as a **draw** for pairing (Art. 16). A
    forfeit win counts as played with Black in Italian draughts and with White in
    international draughts (Art. 14).

``2.2``  (seed 002, Art. 2.2, 2.41, 2.6)
    Round ``r+1`` starts from the player who had **White** in the last pair of round
    ``r``, "anche se ha vinto a forfait" (Art. 2.2). A suspended game counts as **won by
    both** players for pairing (2.41). A forfeit win counts as played with White (2.6).
    Where seed 002 is cut or silent (the procedure of 2.42, the colour rules of 2.52, odd
    fields after round 1, withdrawals during the event) the Capo V article is used: Art. 15
    for 2.42, Art. 17 for 2.52, Art. 8 and 10 for 2.43/2.45. Seed 002 has no staggered-rest
    scheme: Art. 9 is refused with this edition.

Articles and where they are implemented
----------------------------------------

=========  ==============================================================  ============================
article    rule                                                            implemented by
=========  ==============================================================  ============================
2 / 1.3    draw numbers fixed once: the TRF start rank (or CSV number)     ``view.round_view`` (``ring``)
3 / 2.1    round 1: 1-2, 3-4, ... (the rotation from no. 1)                 ``literal.pair_literal``
4 / 2.2    later rounds start from the last pair's Black (White in 2.2)    ``trace.restart_player``
4          first player: the first highest score met from the start        ``rotation.Rotation.first_player``
5 / 2.3    opponent: same score X, then the next lower score Y from the    ``rotation.Rotation.opponent``
           first Y after the last X considered, then Z, ...
6          no rematch (forfeited pairings and TRF prohibited pairs too)    ``view.art6_may_meet``
7-8        odd field at the start: forfeit points to the last listed,      ``literal.pair_literal``, ``literal._odd_rotation``
           later to the last in the standings (tie: the one the rotation
           leaves free)
9          odd field, odd number of rounds: staggered rests; 9.4 colours   ``odd.art9_rests``, ``colours.art17_colours``
10         odd after a withdrawal: forfeit points to the last player who   ``odd.award_levels``
           has not met the withdrawn player, else the last but one, ...
11         forfeit points at most once per player                         ``odd.award_levels``, ``checks.violations``
12-13      withdrawn players leave the rotation, keep their points         ``view.round_view``, ``classification.standings``
14 / 2.6   forfeit wins count as Black (Italian) / White (international)   ``view.round_view`` (colours)
15 / 2.42  unpairable last pair: un-pair the previous pairs, regroup       ``rotation._art15_regroup``
16 / 2.41  suspended games: draw (Art. 16) / won by both (2.41)            ``view.round_view`` (scores)
17         colours: fewer Whites, then alternation, then score and draw    ``colours.art17_colours``
           number (opposite tie-breaks for international draughts)
Buchholz   opponents' points, direct encounter, wins, common opponents     ``classification.standings``
=========  ==============================================================  ============================

Modules, in the order they build on one another
-----------------------------------------------

==================  =====================================================================
``view``            the options, the state before a round (:class:`RoundView`), what a round gives
``colours``         Art. 17, 9.4, 14
``odd``             an odd field: Art. 9 rests, who may take forfeit points (Art. 8, 10, 11)
``rotation``        the continuous rotation (Art. 4, 5) and Art. 15's regrouping
``literal``         the literal procedure: a round paired as the text is written
``trace``           where a round's rotation starts: the rounds before replayed
``shortlist``       speed only: the pairs a best pairing of the optimiser can use (proved)
``optimiser``       the optimisation model and the objectives that measure any round
``checks``          the absolute criteria (:func:`violations`)
``engine``          :func:`pair_round`: options, view, start, method, self-check
``comparison``      literal against optimised (``tabellone compare``)
``verifier``        what ``tabellone check`` and ``explain`` read
``classification``  the standings: the Buchholz procedure and the technical classification
``simulation``      generated events, for the tests and the benchmark
==================  =====================================================================

Reading choices (see also ``docs/italo-svizzero.md`` and the shared readings note)
--------------------------------------------------------------------------------

1. *Formation order is state.* A TRF does not record the order in which pairs were
   formed, yet the next round starts from the last one. ``trace.rotation_trace`` replays
   the literal procedure from round 1: when a recorded round equals the literal pairing,
   its last formed pair is known; when it differs (paired by hand, by the optimiser, or
   while a game was suspended: a finished game no longer shows it), the recorded pairs
   are put in the order the rotation forms pairs (higher score first, then the place of
   the pair's nearer player on the circle from the round's start) and the last of them
   is taken.
2. The start player is included in the first search (Art. 4 "sarà questi il primo").
3. Every later search starts after the *second* player of the last pair formed.
4. "Immediately lower score" (Art. 5) is the next score present among the free players.
5. A player for whom no free player is a legal opponent is set aside and the rotation goes
   on; at the end the players left over are the "last pair" of Art. 15. Art. 15 is then
   applied as written: un-pair the last pair formed, try every regrouping of the players
   concerned, un-pair one more if none works. Of the regroupings that work, the first in
   draw-number order is taken (the lowest number with the lowest legal partner, and so
   on); those pairs come last in the formation order.
6. Forfeit points (Art. 8, 10, 11): "last in the standings" is by pairing score only,
   among players who never had forfeit points and (Art. 10) have not met a player who
   took part earlier and is absent now. With several such players on the lowest score the
   rotation is run with everybody; if it leaves exactly one of them free, he gets the
   points and that rotation is the pairing. Otherwise (rare: the player left free is not
   one of them) the tied players are tried in the reverse of the order in which the
   rotation from the start reaches them. If nobody on the lowest score can be given the
   points with a legal pairing of the rest, the next score is tried ("il penultimo ...
   il terzultimo", Art. 10); the Art. 10 condition is dropped only if no player at all
   qualifies with it.
7. The player given forfeit points is the last "pair" of the round. With Capo V he counts
   with the colour Art. 14 gives him: in Italian draughts (Black) the next round starts
   from him; in international draughts (White) it starts from the Black player of the last
   pair. With seed 002 (2.2 "anche se ha vinto a forfait") it always starts from him.
8. Art. 9 rests: a rest scores nothing and is written ``0000 - Z``. A round-1 player
   "has rested" once he has had a round without a game or forfeit points. The player due
   to rest may already be marked absent for the round: his absence is his rest (and he
   is not a withdrawn player for Art. 10).
9. Colours, Art. 17.2: "chi per ultimo ha giocato con il Nero" compares each player's own
   games (forfeit wins with their Art. 14 colour), latest first, until they differ: the
   same as going back round by round whenever both played the same rounds.
10. Round 1 colours, Art. 17: White to the odd draw number of each pair (2.52: the first
    player of the pair, which is the same unless an absence shifts the pairs).
11. A pairing that was forfeited counts as a meeting for Art. 6 (seed 002 says "accoppiati",
    paired; Art. 14 treats forfeit wins as games).

Output conventions
------------------

``pair_round`` returns an ``view.ItaloPairing`` (a :class:`tabellone.core.pairing.Pairing`): boards
in formation order, ``bye`` = the player given forfeit points (TRF result ``U``: the
pairing-allocated bye, worth a win = 2 points under ``162 W 2.0``), ``rests`` = Art. 9
rests (TRF ``0000 - Z``), and the trace of the rotation (``steps``, ``start``).

For ``tabellone check`` and ``explain`` (:mod:`tabellone.verify.checker`) the package offers
``verifier.evaluate``, ``verifier.quality_criteria`` and ``verifier.colour_article``: the optimiser's
objectives, named by their articles, score group by score group, measured on any round.
The rule a round is checked against is the literal rotation; ``verifier.explain_steps`` tells
the step of the rotation that forms a pair, and ``verifier.score_suspended`` gives the
tournament with suspended games scored as Art. 16 / 2.41 count them, for outputs that
need every result.
"""

from __future__ import annotations

from tabellone.rules.base import deprecated_check_absolute
from tabellone.rules.italo_svizzero.checks import violations
from tabellone.rules.italo_svizzero.classification import StandingRow, format_standings, standings
from tabellone.rules.italo_svizzero.colours import art17_colours, art17_decision
from tabellone.rules.italo_svizzero.comparison import Comparison, compare
from tabellone.rules.italo_svizzero.engine import pair_round
from tabellone.rules.italo_svizzero.odd import art9_designated, art9_rests, detect_odd_method
from tabellone.rules.italo_svizzero.optimiser import colour_cost, objective_vector, reading_order
from tabellone.rules.italo_svizzero.simulation import SimResult, SimSettings, simulate
from tabellone.rules.italo_svizzero.trace import RoundTrace, restart_player, rotation_trace
from tabellone.rules.italo_svizzero.verifier import (
    ScoreGroupValues,
    colour_article,
    evaluate,
    explain_steps,
    quality_criteria,
    score_suspended,
    verify,
)
from tabellone.rules.italo_svizzero.view import (
    EDITION_TEXTS,
    EDITIONS,
    GAMES,
    METHODS,
    OBJECTIVES,
    ODD_METHODS,
    ItaloPairing,
    RoundView,
    Step,
    art6_may_meet,
    forfeit_colour,
    round_view,
)

__all__ = [
    "Comparison",
    "EDITIONS",
    "EDITION_TEXTS",
    "GAMES",
    "ItaloPairing",
    "METHODS",
    "OBJECTIVES",
    "ODD_METHODS",
    "RoundTrace",
    "RoundView",
    "ScoreGroupValues",
    "SimResult",
    "SimSettings",
    "StandingRow",
    "Step",
    "art17_colours",
    "art17_decision",
    "art6_may_meet",
    "art9_designated",
    "art9_rests",
    "violations",
    "colour_article",
    "colour_cost",
    "compare",
    "detect_odd_method",
    "evaluate",
    "explain_steps",
    "forfeit_colour",
    "format_standings",
    "objective_vector",
    "pair_round",
    "quality_criteria",
    "reading_order",
    "restart_player",
    "rotation_trace",
    "round_view",
    "score_suspended",
    "simulate",
    "standings",
    "verify",
]

#: Deprecated: :func:`violations` as sentences, with a :class:`DeprecationWarning`.
check_absolute = deprecated_check_absolute(violations)
