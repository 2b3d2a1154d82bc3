"""Random pairing: a legal round drawn at random, the baseline every Swiss system should beat.

Research on pairing systems measures how well a system ranks players by strength
(Sauer, Cseh and Lenzner, "Improving ranking quality and fairness in Swiss-system chess
tournaments", JQAS 2024, compare FIDE Dutch with matching-based pairings and with
random pairing). This module supplies that baseline: who meets whom ignores scores and
ratings altogether, and only the absolute rules every Swiss tournament keeps remain:

* **no rematch**: two players meet at most once (as FIDE C.04.3 C1 and C.04.1 Art. 2;
  a forfeited game is not a meeting, prohibited pairs count as met);
* **the bye**: with an odd number of players one of them, drawn at random among the
  eligible, gets the pairing-allocated bye; eligible is a player who has had no PAB
  (whatever it was worth) and has not scored a win's points in one round without
  playing (a forfeit win, a full-point bye), as C.04.1 Art. 4 and Dutch 2026 C2 read it;
* every player to pair plays exactly once or has the bye.

How the round is drawn: every allowed pair (and every allowed bye) gets an independent
random weight, and a maximum-cardinality matching of maximum weight
(:func:`tabellone.matching.backends.max_weight_matching`) picks the round. Every legal round can come
out, though not all with exactly the same probability; when a legal round exists, one is
found (no dead end, unlike drawing pairs one by one).

Colours are not random: the players' colour preferences (C.04.1 Art. 6-7 as the engine
reads them, :class:`tabellone.core.model.ColourPreference`) decide them: both granted when they
differ; otherwise the stronger preference, then the wider colour difference; a coin
when nothing tells them apart. So the baseline differs from a Swiss system in who meets
whom, not in colour balance. Boards are ordered by the higher score, then the lower.

The draw comes from ``seed`` (an option: ``tabellone.pair(t, "random", seed=7)``)
combined with the round number; without a seed, from a digest of the tournament's
players and rounds, so the same file always gives the same round.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.model import WHITE, PlayerState, RoundState, Tournament, named
from tabellone.core.pairing import Pairing, Violation, attendance_violations
from tabellone.matching.backends import max_weight_matching
from tabellone.rules.base import Options, PairingSystem, deprecated_check_absolute
from tabellone.rules.fide_common import ART4_2026, pair_violation

#: One edition: this module's own baseline.
EDITIONS = ("baseline",)

#: Random weights are drawn from 1 .. WEIGHT_RANGE.
WEIGHT_RANGE = 1 << 30


#: C.04.1 (2026) Art. 4 under this module's own name for it ("bye").
BYE_RULE = replace(ART4_2026, article="bye")


def bye_eligible(s: PlayerState) -> bool:
    """The pairing-allocated bye by C.04.1 (2026) Art. 4, as the Dutch 2026 [C2] quotes it:
    "A participant who has already received a pairing allocated bye, or has already
    scored in one single round, without playing, as many points as rewarded for a win,
    shall not receive the pairing allocated bye" (any earlier PAB bars another)."""
    return not BYE_RULE.bars(s)


def tournament_seed(t: Tournament) -> int:
    """A seed drawn from the tournament itself: a digest of its players and rounds."""
    text = repr([(p.id, p.rating, p.rounds) for p in t.players]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def colours(a: PlayerState, b: PlayerState, rng: random.Random) -> tuple[int, int]:
    """(white, black) for ``a`` and ``b``: both preferences when they differ, else the
    stronger preference, then the wider colour difference, then a coin."""
    pa, pb = a.preference, b.preference
    if pa.colour != pb.colour:
        if pa.colour is None:
            return (b.id, a.id) if pb.colour == WHITE else (a.id, b.id)
        return (a.id, b.id) if pa.colour == WHITE else (b.id, a.id)
    if pa.colour is not None:
        ka = (pa.strength, abs(a.colour_difference))
        kb = (pb.strength, abs(b.colour_difference))
        if ka != kb:
            winner, loser = (a, b) if ka > kb else (b, a)
            return (winner.id, loser.id) if pa.colour == WHITE else (loser.id, winner.id)
    return (a.id, b.id) if rng.random() < 0.5 else (b.id, a.id)


def pair_round(
    t: Tournament, edition: str = "baseline", round_number: int | None = None, seed: int | None = None
) -> Pairing:
    """A random legal pairing of the next round (or ``round_number``) of ``t``."""
    state = t.state_before(round_number)
    r = state.round
    base = tournament_seed(t) if seed is None else seed
    rng = random.Random(f"tabellone random pairing {base} round {r}")
    players = state.to_pair
    n = len(players)
    bye_vertex = n if n % 2 else None
    edges = []
    for i in range(n):
        for j in range(i + 1, n):
            if state.may_meet(players[i].id, players[j].id):
                edges.append((i, j, rng.randint(1, WEIGHT_RANGE)))
        if bye_vertex is not None and bye_eligible(players[i]):
            edges.append((i, bye_vertex, rng.randint(1, WEIGHT_RANGE)))
    vertices = n + (1 if bye_vertex is not None else 0)
    mate = max_weight_matching(vertices, edges, max_cardinality=True)
    if len(mate) < vertices:
        unpaired = sorted(players[i].id for i in range(n) if i not in mate)
        raise NoPairingError(
            f"round {r}: no legal random pairing (no rematch, bye rule): players {', '.join(map(str, unpaired))} are left over"
        )
    boards = []
    bye = None
    for i in range(n):
        j = mate[i]
        if j == bye_vertex:
            bye = players[i].id
        elif i < j:
            boards.append(colours(players[i], players[j], rng))
    score = {s.id: s.score for s in players}
    boards.sort(key=lambda wb: (-max(score[wb[0]], score[wb[1]]), -min(score[wb[0]], score[wb[1]]), min(wb)))
    return Pairing(round=r, pairs=boards, bye=bye)


def violations(t: Tournament, pairing: Pairing, edition: str = "baseline", seed: int | None = None) -> list[Violation]:
    """Every absolute rule of the baseline a proposed round breaks (empty: legal):
    attendance (C.04.1), no rematch, the bye only with an odd number and to an eligible
    player. ``seed`` is taken, like :func:`pair_round`, and changes nothing: what is
    legal does not depend on the draw."""
    state: RoundState = t.state_before(pairing.round)
    to_pair = {s.id for s in state.to_pair}
    r = pairing.round
    problems, _ = attendance_violations(pairing, to_pair, set(state.players), t)
    for w, b in pairing.pairs:
        if w != b and w in to_pair and b in to_pair and not state.may_meet(w, b):
            why = "are a prohibited pair" if b not in state[w].opponents else "have already played each other"
            problems.append(pair_violation("no rematch", t, w, b, why, r))
    if pairing.bye in to_pair and not bye_eligible(state[pairing.bye]):
        barred = BYE_RULE.violation(t, pairing.bye, r)  # names the round of the earlier bye or win
        body = f"{named(t, pairing.bye)} already had a PAB or scored a win's points without playing"
        problems.append(barred or Violation.headed("bye", body, players=(pairing.bye,), round=r))
    return problems


@dataclass(frozen=True)
class RandomOptions(Options):
    """``seed``: the draw's seed, mixed with the round number (default: a digest of the
    tournament, so one file always gives one round)."""

    seed: int | None = None

    def __post_init__(self) -> None:
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise InputError(f"found seed {self.seed!r}, expected a whole number", field="--seed")


class RandomPairing(PairingSystem[RandomOptions]):
    """A legal round drawn at random (this module's text): the research baseline. It has
    no quality criteria, so the verifier says only whether a round is the one drawn."""

    name = "random"
    title = "Random legal pairing (research baseline)"
    editions = EDITIONS
    pairs_teams = True
    research_baseline = True
    options_type = RandomOptions

    def pair(
        self,
        t: Tournament,
        edition: str,
        round_number: int | None = None,
        options: Options | None = None,
        *,
        no_bye: Iterable[int] = frozenset(),
    ) -> Pairing:
        if no_bye:
            raise InputError("the random baseline draws the bye; it cannot bar players from it", field="--bye")
        return pair_round(t, edition, round_number, self.options(options).seed)

    def violations(
        self, t: Tournament, pairing: Pairing, edition: str, options: Options | None = None
    ) -> list[Violation]:
        return violations(t, pairing, edition, self.options(options).seed)


__all__ = [
    "EDITIONS",
    "RandomOptions",
    "RandomPairing",
    "bye_eligible",
    "colours",
    "pair_round",
    "tournament_seed",
    "violations",
]

#: Deprecated: :func:`violations` as sentences, with a :class:`DeprecationWarning`.
check_absolute = deprecated_check_absolute(violations)
