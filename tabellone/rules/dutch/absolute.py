"""The absolute criteria of the Dutch system (C.04.3 2026 Art. 2.1: C1-C3; 2017 C.1-C.3):
on the optimiser's positions (:class:`Compatibility`, the hard constraints of the
matching) and on a proposed round (:func:`violations`, run on every pairing before
it is shown)."""

from __future__ import annotations

from tabellone.core.model import RoundState, Tournament, named
from tabellone.core.pairing import Pairing, Violation, attendance_violations
from tabellone.rules.dutch.context import LITERAL_ONLY, absolute_checks, profile_of
from tabellone.rules.dutch.criteria import C2_bye_eligible, C2_bye_rule
from tabellone.rules.fide_common import (
    C3_absolute_colours,
    Entrant,
    colour_breaches,
    entrants,
    pair_violation,
    rematch_violation,
)
from tabellone.rules.profiles import Profile


class Compatibility:
    """The absolute criteria on a pair of positions, ``ok(i, j)``: C1 (no rematch, no
    prohibited pair) and C3 (non-topscorers with the same absolute colour preference do
    not meet) of 2026; C.1 and C.3 of 2017. Called as ``compat(i, j)``.

    Stored as their exceptions, not as an n x n table: per player the positions it may
    not meet again (at most one per round played, plus prohibited pairs), and per player
    the colour its absolute preference claims when C3 applies to it (None when not: no
    absolute preference, or a topscorer in the last round, where one topscorer in the
    pair lifts the bar). Two players clash on C3 exactly when both claim one colour.
    Memory is O(n * rounds), where a table of 4,000 players held 16 million entries.
    """

    def __init__(
        self, players: list[Entrant], state: RoundState, last_round: bool, hard1: bool = True, hard3: bool = True
    ):
        index = {e.id: k for k, e in enumerate(players)}
        self.banned: list[set[int]] | None = None
        if hard1:
            # each player's opponents, then each pair both ways (a game recorded on one
            # side only bars the pair too)
            banned: list[set[int]] = [{index[o] for o in state.players[e.id].opponents if o in index} for e in players]
            for k, row in enumerate(banned):
                for j in row:
                    banned[j].add(k)
            for pair in state.prohibited or ():
                ids = [index[x] for x in pair if x in index]
                for a in ids:
                    banned[a].update(b for b in ids if b != a)
            self.banned = banned
        self.claim = [e.pref if hard3 and e.absolute and not (last_round and e.topscorer) else None for e in players]

    def __call__(self, i: int, j: int) -> bool:
        if self.banned is not None and j in self.banned[i]:
            return False
        c = self.claim[i]
        return c is None or c != self.claim[j]

    def meets_any(self, i: int, js: list[int]) -> bool:
        """Whether ``i`` may meet one of ``js`` (distinct players): ``any(self(i, j) for j in
        js)``, at once when ``i`` claims no colour and has fewer exceptions than ``js``
        holds players (one of them is not among the exceptions)."""
        if self.claim[i] is None and (len(self.banned[i]) if self.banned is not None else 0) < len(js):
            return True
        return any(self(i, j) for j in js)


def violations(
    t: Tournament, pairing: Pairing, edition: str = "2026", profile: Profile | str | None = None
) -> list[Violation]:
    """Every absolute rule a proposed round breaks, one violation each (empty: legal).

    Checked: every player to be paired appears exactly once and nobody else does (C.04.1),
    C1 no rematch, C2 the bye (its violation names the round of the earlier bye or win),
    C3 absolute colour preferences, the colours against C.04.1 Art. 6-7 (while C3 is
    absolute; except for a topscorer's board in the last round), and that a bye is given
    only to complete an odd number of players. Used on every pairing before it is shown.
    With a ``profile``, only the criteria it keeps absolute are checked.
    """
    if edition in LITERAL_ONLY:
        # a literal procedure: loaded when first used (context.LITERAL_ONLY)
        from tabellone.rules.dutch.edition_1992 import violations as violations_1992

        return violations_1992(t, pairing)  # B1a, B1b, B2 as the 1992 text states them
    ids = ("C1", "C2", "C3") if edition == "2026" else ("C.1", "C.2", "C.3")
    hard1, hard2, hard3 = absolute_checks(profile_of(profile, edition), *ids)
    state = t.state_before(pairing.round)
    players = {e.id: e for e in entrants(t, state)}
    last = state.total_rounds is not None and state.round == state.total_rounds
    r = pairing.round
    problems, _ = attendance_violations(pairing, set(players), set(state.players), t)
    for w, b in pairing.pairs:
        if w != b and w in players and b in players:
            pw, pb = players[w], players[b]
            rematch = rematch_violation(pw, pb, state, ids[0], t) if hard1 else None
            if rematch:
                problems.append(rematch)
            if hard3 and not C3_absolute_colours(pw, pb, last):
                colour = "White" if pw.pref == "w" else "Black"
                why = f"both have an absolute preference for {colour}"
                problems.append(pair_violation(ids[2], t, w, b, why, r))
    # C.04.1 Art. 6-7; the Dutch exception: topscorers and their opponents in the last round
    if hard3:
        problems += colour_breaches(players, pairing, lambda w, b: last and (w.topscorer or b.topscorer), t)
    if hard2 and pairing.bye in players and not C2_bye_eligible(players[pairing.bye], edition):
        body = (
            f"the pairing-allocated bye goes to {named(t, pairing.bye)}, who already had a bye or won without playing"
        )
        barred = C2_bye_rule(edition).violation(t, pairing.bye, r)  # names the round of the earlier bye
        problems.append(barred or Violation.headed(ids[1], body, players=(pairing.bye,), round=r))
    return problems
