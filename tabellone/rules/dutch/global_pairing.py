"""The global procedure: the whole round as one maximum-weight matching.

A profile with ``procedure = "global"`` pairs a round without score brackets: every
pair of players who may meet is an edge, weighted by how far apart their scores are
and by the colour preferences the pair can meet, and one maximum-weight matching over
all players is the round. This is the mechanism of P. Sauer, A. Cseh and P. Lenzner,
"Improving ranking quality and fairness in Swiss-system chess tournaments", Journal of
Quantitative Analysis in Sports 20(2), 2024, 127-146 (doi:10.1515/jqas-2022-0090;
arXiv:2112.10522), who found that it ranks players closer to their true strength than the
FIDE Dutch system and pairs players on closer scores.

The weights are Tabellone's, not copied from the paper: the stored copies this project
could read hold the paper's abstract, not its weight formula. What the profile fixes
(``tabellone/rules/profiles/global.toml``): the score difference in half points (``SD``, weight 4),
unmet colour preferences (C12, 1) and strong ones (C13, 2) in one weighted level, below
the completion, the bye and the topscorer colour rules, and, with ``generation_order``,
ties broken towards the Dutch "S1 against S2" distance. ``notebooks/global_matching.ipynb``
measures the profile, and variants without the tie-break and without C12/C13, against
Dutch 2026 on the same events.

What stays of the Dutch text (tabellone/rules/profiles/global.toml):

* the absolute criteria the profile keeps hard (C1 no rematch, C3 absolute colours, C2
  for the bye) are missing edges; one the profile counts as quality gets a field;
* C4 and C5 are the first field: as many players paired as possible, then, when the
  number is odd, the pairing-allocated bye to the lowest score. The bye is an extra
  vertex joined to every eligible player, so it is chosen by the same matching and the
  same criteria as everything else (then C9: fewest unplayed rounds);
* colours by Art. 5.2 and boards by C.04.2 3.6 (:func:`tabellone.rules.fide_common.finish_pairing`).

The quality criteria then follow in the profile's order, each a field of the weight
(:class:`tabellone.rules.profiles.Objective`): ``SD`` is ``scale`` x the score difference of the
pair, C10-C13 the colour criteria of the pair, all minimised; criteria that share a
``level`` add up with their weights. Every field is written as "largest value minus
what the pair costs", so that with the number of pairs fixed by the first field, a
larger weight means a smaller total cost.
"""

from __future__ import annotations

import math
from fractions import Fraction

from tabellone.core.errors import NoPairingError
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.matching.cpsat import solve_fields_of
from tabellone.matching.lexicographic import fit_layout
from tabellone.rules.comparison import BracketValues
from tabellone.rules.dutch.criteria import CRITERIA_2026, C2_bye_eligible
from tabellone.rules.dutch.matcher import default_solve
from tabellone.rules.fide_common import (
    C1_no_rematch,
    C3_absolute_colours,
    Entrant,
    entrants,
    finish_pairing,
    round_to_pair,
)
from tabellone.rules.profiles import Objective, Profile, sd_cost

#: Fields of the global weights -> the article each implements (``top`` and ``C5``,
#: the completion, are always first).
OWNER = {"C1": "C1", "C3": "C3", "C9": "C9", "C10": "C10", "C11": "C11", "C12": "C12", "C13": "C13", "SD": "SD"}
#: The colour criteria, as the 2026 text defines them (tabellone.rules.dutch.criteria).
COLOUR = tuple(CRITERIA_2026[c] for c in ("C10", "C11", "C12", "C13"))


def score_cost(h: Entrant, l: Entrant, scale: int, cost: str | tuple[int, ...] = "linear") -> int:
    """SD of a pair: what the profile's ``cost`` makes of ``scale`` x the difference of
    the pairing scores, rounded down (:func:`tabellone.rules.profiles.sd_cost`)."""
    return sd_cost(math.floor(abs(h.score - l.score) * scale), cost)


class GlobalRound:
    """One round as a single matching over ``players`` (and a bye vertex when odd)."""

    def __init__(
        self,
        players: list[Entrant],
        state,
        last_round: bool,
        profile: Profile,
        solve=None,
        no_bye: frozenset[int] = frozenset(),
    ):
        self.P = players
        self.n = len(players)
        self.state = state
        self.last = last_round
        self.profile = profile
        self.solve = solve or default_solve
        self.objective = Objective(profile, OWNER)
        self.hard1, self.hard3 = profile.is_absolute("C1"), profile.is_absolute("C3")
        self.relax1, self.relax3 = profile.is_relaxed("C1"), profile.is_relaxed("C3")
        hard2 = profile.is_absolute("C2")
        self.eligible = [(not hard2 or C2_bye_eligible(e, "2026")) and e.id not in no_bye for e in players]
        sd = profile.criterion("SD")
        self.scale = sd.scale if sd is not None else 1
        self.cost = sd.cost if sd is not None else "linear"
        scores = sorted({e.score for e in players})
        self.score_rank = {s: k for k, s in enumerate(scores)}  # 0: the lowest score
        self.max_sd = sd_cost(math.floor((scores[-1] - scores[0]) * self.scale), self.cost) if scores else 0
        self.max_unplayed = max((e.state.rounds_unplayed for e in players), default=0)

    # ---- the fields of one edge --------------------------------------------------------

    def pair_values(self, h: Entrant, l: Entrant) -> dict | None:
        if (self.hard1 and not C1_no_rematch(h, l, self.state)) or (
            self.hard3 and not C3_absolute_colours(h, l, self.last)
        ):
            return None
        v: dict = {
            "top": 1,
            "C5": len(self.score_rank),
            "C9": self.max_unplayed,
            "SD": self.max_sd - score_cost(h, l, self.scale, self.cost),
        }
        for c in COLOUR:  # the pairs that meet each
            v[c.id] = 1 - c.pair(h, l)
        if self.relax1:
            v["C1"] = int(C1_no_rematch(h, l, self.state))
        if self.relax3:
            v["C3"] = int(C3_absolute_colours(h, l, self.last))
        return self.objective.fold(v)

    def bye_values(self, e: Entrant) -> dict:
        """The bye edge: it costs nothing on the pair criteria; on C5 it is worth less
        the higher the score, on C9 the more rounds the player has not played."""
        v = {
            "top": 1,
            "C5": len(self.score_rank) - 1 - self.score_rank[e.score],
            "C9": self.max_unplayed - e.state.rounds_unplayed,
            "SD": self.max_sd,
            "C10": 1,
            "C11": 1,
            "C12": 1,
            "C13": 1,
        }
        if self.relax1:
            v["C1"] = 1
        if self.relax3:
            v["C3"] = 1
        return self.objective.fold(v)

    def half_groups(self) -> list[int]:
        """For each player (in pairing order), half the size of their score group: the
        distance at which Art. 3 pairs S1 with S2. With ``generation_order = true`` the
        global procedure breaks ties, below every criterion, towards pairs that far apart
        in the pairing order (in round 1: 1-13, 2-14, ... for 24 players); without it, the
        matching returns any optimum."""
        size: dict[Fraction, int] = {}
        for e in self.P:
            size[e.score] = size.get(e.score, 0) + 1
        return [max(size[e.score] // 2, 1) for e in self.P]

    # ---- the round ---------------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], int | None]:
        n = self.n
        odd = n % 2 == 1
        vertices = n + 1 if odd else n
        edges_pairs = (vertices + 1) // 2
        blocks = {
            "C1": [("C1", edges_pairs)],
            "C3": [("C3", edges_pairs)],
            "C9": [("C9", max(self.max_unplayed, 1) * edges_pairs)],
            "SD": [("SD", max(self.max_sd, 1) * edges_pairs)],
            **{c.id: [(c.id, edges_pairs)] for c in COLOUR},
        }
        names, maxima = self.objective.layout_names(blocks)
        names, maxima = ["top", "C5"] + names, [edges_pairs, max(len(self.score_rank), 1) * edges_pairs] + maxima
        if self.profile.generation_order:
            names.append("order")
            maxima.append(n * edges_pairs)
        layout = fit_layout(names, maxima)
        shift = dict(zip(layout.names, layout.shifts))

        def pack(values: dict) -> int:
            return sum(x << shift[name] for name, x in values.items() if x)

        order = self.profile.generation_order
        half = self.half_groups() if order else []
        edges = []
        for i in range(n):
            for j in range(i + 1, n):
                v = self.pair_values(self.P[i], self.P[j])
                if v is not None:
                    if order:
                        v["order"] = n - abs(j - i - half[i])
                    edges.append((i, j, pack(v)))
            if odd and self.eligible[i]:
                v = self.bye_values(self.P[i])
                if order:
                    v["order"] = n
                edges.append((i, n, pack(v)))
        mate = solve_fields_of(self.solve, vertices, edges, layout.fields)
        unmatched = [self.P[i].id for i in range(n) if i not in mate]
        if unmatched:
            raise NoPairingError(
                f"no legal pairing of the whole round exists (cannot pair: {', '.join(map(str, unmatched))})"
            )
        pairs = [(i, mate[i]) for i in range(n) if i < mate[i] < n]
        bye = next((i for i in range(n) if mate[i] == n), None)
        return pairs, bye


def pair_round_global(
    t: Tournament, profile: Profile, round_number: int | None = None, solve=None, no_bye: frozenset[int] = frozenset()
) -> Pairing:
    """Pair the next round (or ``round_number``) of ``t`` as one maximum-weight matching
    under ``profile`` (``procedure = "global"``)."""
    state, players, initial = round_to_pair(t, round_number)
    engine = GlobalRound(players, state, state.round == t.total_rounds, profile, solve, no_bye)
    pairs, bye = engine.pair()
    return finish_pairing(players, state.round, pairs, bye, initial, 1)


def evaluate_global(t: Tournament, pairing: Pairing, profile: Profile) -> tuple[dict[str, object], list[BracketValues]]:
    """The criteria of a global profile on ``pairing``: the bye's score (C5) for the
    round, and for the whole round as one "bracket" what each quality criterion costs:
    pairs that break a colour criterion (or a relaxed absolute one), the bye's unplayed
    rounds (C9), and SD, the sum over the pairs of scale x score difference."""
    state = t.state_before(pairing.round)
    players = entrants(t, state)
    by_id = {e.id: e for e in players}
    last = state.round == t.total_rounds
    pairs = [(by_id[w], by_id[b]) for w, b in pairing.pairs if w in by_id and b in by_id]
    sd = profile.criterion("SD")
    scale = sd.scale if sd is not None else 1
    round_level: dict[str, object] = {}
    v: dict[str, object] = {}
    if pairing.bye is not None and pairing.bye in by_id:
        round_level["C5"] = by_id[pairing.bye].score
    v["C9"] = by_id[pairing.bye].state.rounds_unplayed if pairing.bye in by_id else 0
    v["SD"] = sum(score_cost(h, l, scale, sd.cost if sd is not None else "linear") for h, l in pairs)
    for c in COLOUR:
        v[c.id] = c.value(pairs, ())
    if profile.is_relaxed("C1"):
        v["C1"] = sum(1 for h, l in pairs if not C1_no_rematch(h, l, state))
    if profile.is_relaxed("C3"):
        v["C3"] = sum(1 for h, l in pairs if not C3_absolute_colours(h, l, last))
    v.update(profile.level_values(v))
    top = max((e.score for e in players), default=Fraction(0))
    return round_level, [BracketValues(top, [e.id for e in players], v)]
