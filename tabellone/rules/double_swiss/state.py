"""The round to pair: the players of a match round in the order of Art. 1.2, their
scores (with C.04.7 virtual points), meetings, colours and floats (Art. 1.5)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament
from tabellone.matching.completion import CompletionOracle
from tabellone.rules.double_swiss.absolute import C2_pab_bar
from tabellone.rules.double_swiss.matches import Match, match_error, match_virtual_points, matches_of
from tabellone.rules.double_swiss.players import Entrant
from tabellone.rules.fide_common import effective_ranks, required_initial_colour

EDITIONS = ("2026",)
METHODS = ("literal", "optimised")


@dataclass
class Ctx:
    """One match round: ``P`` in the order of Art. 1.2 (score, then TPN)."""

    t: Tournament
    match: int
    last: bool
    initial: str
    P: list[Entrant]
    prohibited: frozenset[frozenset[int]]
    solves: int = 0
    no_bye: frozenset[int] = frozenset()
    #: ``barred[i]``: the players ``i`` may not meet ([C1]: met in a match not forfeited,
    #: or a prohibited pair), as indices into ``P``; late in a large event almost every pair
    #: may meet, so the exceptions are stored, never the n^2 pairs
    barred: list[set[int]] = field(default_factory=list)
    #: each player's score level as a small integer (higher score, higher level): the
    #: criteria compare these in their inner loops instead of Fractions
    lv: list[int] = field(default_factory=list)
    level: dict[Fraction, int] = field(default_factory=dict)
    _oracle: CompletionOracle | None = field(default=None, repr=False)

    @property
    def n(self) -> int:
        return len(self.P)

    def may_meet(self, a: int, b: int) -> bool:
        """[C1] (:func:`~tabellone.rules.double_swiss.absolute.C1_may_meet`) for players ``a``
        and ``b`` (indices into ``P``)."""
        return a != b and b not in self.barred[a]

    @property
    def oracle(self) -> CompletionOracle:
        """The completion oracle of [C3] over the pairs that may meet (made once per round;
        its warm start is only a speed-up: every answer is exact)."""
        if self._oracle is None:
            self._oracle = CompletionOracle(self.may_meet)
        return self._oracle

    @property
    def round(self) -> int:
        return 2 * self.match - 1


def barred_pairs(P: list[Entrant], prohibited: frozenset[frozenset[int]]) -> list[set[int]]:
    """For each player of ``P``, the others it may not meet by [C1] (indices into ``P``): the
    pairs :func:`~tabellone.rules.double_swiss.absolute.C1_may_meet` refuses, a meeting
    read from either player's matches."""
    index = {e.id: i for i, e in enumerate(P)}
    barred: list[set[int]] = [set() for _ in P]
    for i, e in enumerate(P):
        for o in e.met:
            j = index.get(o)
            if j is not None:
                barred[i].add(j)
                barred[j].add(i)
    for pair in prohibited:
        ids = [index.get(x) for x in pair]
        if len(ids) == 2 and None not in ids:
            a, b = ids
            barred[a].add(b)
            barred[b].add(a)
    return barred


def _floated(history: dict[int, list[Match]], scores: dict[int, list[Fraction]], pid: int, k: int) -> bool:
    """Art. 1.5: ``pid`` was a floater in match ``k``: it played (a match not forfeited) an
    opponent whose score before that match differed from its own (pairing scores, C.04.7
    1.5: the score that made the scoregroups)."""
    if k < 1:
        return False
    m = history[pid][k - 1]
    return m.met and m.opponent in scores and scores[m.opponent][k - 1] != scores[pid][k - 1]


_LAST: list = [None, None, None]  # (tournament, round, Ctx): pair_round, check and evaluate share it


def prepare(t: Tournament, round_number: int | None) -> Ctx:
    """The state before game 1 of a match (cached for the last tournament object seen)."""
    r = t.next_round if round_number is None else round_number
    if _LAST[0] is t and _LAST[1] == r:
        ctx = _LAST[2]
        return replace(ctx, solves=0)
    ctx = _build(t, r)
    _LAST[:] = [t, r, ctx]
    return ctx


def _build(t: Tournament, round_number: int | None) -> Ctx:
    """The state before game 1 of a match: who plays, their scores, meetings, colours."""
    r = t.next_round if round_number is None else round_number
    if r % 2 == 0:
        raise ValueError("game 2 of a match is not paired: it repeats game 1")
    if t.total_rounds is None:
        raise InputError(
            "the number of rounds is needed to pair (142 n or XXR n, two columns per match, or --rounds): "
            "[C7] and [C8] lapse in the last round",
            field="XXR / 142",
        )
    if t.total_rounds % 2:
        raise InputError(
            f"a Double-Swiss file has two round columns per match, so an even number of rounds; found {t.total_rounds}",
            field="XXR / 142",
        )
    k = (r + 1) // 2
    if r > t.total_rounds:
        raise InputError(
            f"match {k} (round {r}) is beyond the {t.total_rounds // 2} matches the file declares", field="XXR / 142"
        )
    state = t.state_before(r)
    history = {p.id: matches_of(t, p.id, k - 1) for p in t.players}
    virtual = [match_virtual_points(t, j) for j in range(1, k + 1)]
    scores: dict[int, list[Fraction]] = {}  # pairing scores before each match 1..k
    for pid, ms in history.items():
        total, seq = Fraction(0), []
        for j, m in enumerate(ms):
            seq.append(total + virtual[j].get(pid, Fraction(0)))
            total += m.points
        seq.append(total + virtual[k - 1].get(pid, Fraction(0)))
        scores[pid] = seq
    ranks = effective_ranks(t, state)
    P = []
    for s in state.to_pair:
        p = t.player(s.id)
        if not p.entry(r + 1).is_empty and p.entry(r + 1).opponent is None:
            raise match_error(p, k, f"a bye ({p.entry(r + 1).result}) entered for game 2 only")
        ms = history[s.id]
        P.append(
            Entrant(
                id=s.id,
                tpn=ranks[s.id] + 1,
                score=scores[s.id][-1],
                virtual=virtual[k - 1].get(s.id, Fraction(0)),
                met=frozenset(m.opponent for m in ms if m.met),
                colours="".join(m.colour for m in ms if m.colour),
                matches_played=sum(1 for m in ms if m.met),
                pab_barred=C2_pab_bar(ms) is not None,
                floated=_floated(history, scores, s.id, k - 1),
            )
        )
    P.sort(key=lambda e: (-e.score, e.tpn))
    prohibited = state.prohibited
    ctx = Ctx(t, k, k == t.total_rounds // 2, "w", P, prohibited)
    ctx.barred = barred_pairs(P, prohibited)
    ctx.initial = required_initial_colour(t, state)
    ctx.level = {sc: k for k, sc in enumerate(sorted({e.score for e in P}))}
    ctx.lv = [ctx.level[e.score] for e in P]
    return ctx
