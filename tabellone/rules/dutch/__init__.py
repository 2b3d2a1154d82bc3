"""FIDE Dutch system (Handbook C.04.3): the 2026 edition (in force since 1 February 2026),
the 2017 edition (Baku 2016 with the 2017 additions) and the rating-based text of 1992.

What the system is
------------------
Players are ranked by score, then by rating (their pairing numbers). Each round is paired
bracket by bracket from the top score down. A bracket's players are split in two halves,
S1 and S2, and S1[i] meets S2[i]. When that first candidate breaks a criterion, the text
tries the next candidate in a fixed order: transpositions of S2, then exchanges between
S1 and S2, then other choices of the players moved down from the bracket above (MDPs).
The round's pairing is the first candidate that is best on the criteria, in priority
order. Absolute criteria (C1 no rematch, C2 the bye, C3 absolute colour preferences) are
never broken. The completion criteria come next (C4: every player left can still be
paired; C5: the bye goes to the lowest score possible). The quality criteria follow,
C6-C21 (2017: C.5-C.19): fewest and lowest downfloaters, the colour preferences,
repeated floats. Colours are allocated by Art. 5.

How it is computed
------------------
The optimiser follows the reference engine, bbpPairings. Each criterion becomes a bit
field of one integer weight per pair, most important first. A maximum-weight matching
then finds a pairing that is best on every criterion. The text's generation order is
reproduced by solving again after small, strict bonuses that prefer, step by step, the
candidate the text generates first. The profile (:mod:`tabellone.rules.profiles`; by
default the official ``dutch-2026.toml`` / ``dutch-2017.toml``) says which criteria are
fields, in which order and with which weights. The literal procedure instead generates
the candidates as the text does, and is the optimiser's cross-check.

Where each part lives
---------------------
======================  ==============================================================
module                  what it holds
======================  ==============================================================
``criteria``            each criterion on one pair or player, named after its article
                        (C2, C10-C21; 2017 C.2, C.6, C.8-C.19), and the criteria
                        tables of the two editions; C1 and C3 are shared with the other
                        FIDE systems (:mod:`tabellone.rules.fide_common`)
``absolute``            C1-C3 as hard constraints (``Compatibility``) and on a
                        proposed round (``violations``)
``context``             the editions, one round's context, the profile to pair by
``matcher``             criteria fields packed into pair weights; the matchings
``bracket_matcher``     the 2017 bracket's matching, its weights kept row by row
``weights``             the same weights from per-player terms (the fast path, tested
                        equal to ``criteria``)
``generation``          the text's generation order on the matcher (Art. 3.3-4.4)
``edition_2026``        the 2026 optimiser, bracket by bracket (Art. 3-4)
``edition_2017``        the 2017 optimiser (A.8 PSD, A.9 PPB and collapsed bracket)
``literal``             2026 and 2017 as the text reads, candidate by candidate
``edition_1992``        the 1992 text, literal only
``global_pairing``      the ``global`` profile's procedure: the whole round as one
                        matching
``engine``              ``pair_round``: the dispatcher to the procedures above
``verifier``            ``evaluate`` and ``quality_criteria``, for the verifier
``colours``             ``colour_article``: who gets White, and the article (Art. 5)
``system``              ``Dutch``: this package behind the systems' one interface
                        (:class:`~tabellone.rules.base.PairingSystem`)
======================  ==============================================================

The modules import one way: ``engine``, ``verifier``, ``absolute`` and ``colours`` import
the procedures (the literal ones when first used); the procedures import ``criteria``,
``context``, ``matcher`` and ``generation``; none imports this package back, except
``system``, the adapter, which nothing here imports.
"""

from __future__ import annotations

from tabellone.rules.base import deprecated_check_absolute
from tabellone.rules.comparison import BracketValues
from tabellone.rules.dutch import weights
from tabellone.rules.dutch.absolute import Compatibility, violations
from tabellone.rules.dutch.colours import colour_article
from tabellone.rules.dutch.context import EDITIONS, LITERAL_ONLY, RoundContext
from tabellone.rules.dutch.criteria import (
    C2_bye_eligible,
    C2_bye_reading,
    C2_bye_rule,
    C10_colour_difference,
    C11_three_in_a_row,
    C12_colour_preference,
    C13_strong_preference,
    float_before,
)
from tabellone.rules.dutch.edition_2017 import Dutch2017
from tabellone.rules.dutch.edition_2026 import Dutch2026
from tabellone.rules.dutch.engine import evident_pairing, pair_round
from tabellone.rules.dutch.generation import BracketStepper
from tabellone.rules.dutch.matcher import LocalMatcher, Matcher, NeedWholeField, default_solve
from tabellone.rules.dutch.verifier import LOOKAHEAD, evaluate, generation_article, quality_criteria
from tabellone.rules.dutch.weights import Weights2017, Weights2026

__all__ = [
    "EDITIONS",
    "LITERAL_ONLY",
    "LOOKAHEAD",
    "BracketStepper",
    "BracketValues",
    "C2_bye_eligible",
    "C2_bye_reading",
    "C2_bye_rule",
    "C10_colour_difference",
    "C11_three_in_a_row",
    "C12_colour_preference",
    "C13_strong_preference",
    "Compatibility",
    "Dutch2017",
    "Dutch2026",
    "LocalMatcher",
    "Matcher",
    "NeedWholeField",
    "RoundContext",
    "Weights2017",
    "Weights2026",
    "colour_article",
    "default_solve",
    "evaluate",
    "evident_pairing",
    "float_before",
    "generation_article",
    "pair_round",
    "quality_criteria",
    "violations",
    "weights",
]

#: Deprecated: :func:`violations` as sentences, with a :class:`DeprecationWarning`.
check_absolute = deprecated_check_absolute(violations)
