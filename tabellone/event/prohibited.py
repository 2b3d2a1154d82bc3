"""Players who must not meet: same club, same federation, same family, as the event's
regulations say. TRF26 keeps each group as a ``260`` record (the rounds it holds for,
then the players' pairing numbers); TRF16 has JaVaFo's ``XXP`` instead, which holds
for every round. The pairing systems treat a group as an absolute criterion: two of
its players are never paired in those rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tabellone.core.errors import InputError
from tabellone.core.model import ProhibitedPairs, Tournament
from tabellone.event.outcome import Outcome
from tabellone.event.players import known_player

#: The last round of a group in an event that does not say how many rounds it has.
OPEN_ENDED = 99


def _listed(players: Sequence[int]) -> str:
    return ", ".join(map(str, players))


def prohibit(t: Tournament, players: Sequence[int], first: int | None = None, last: int | None = None) -> Outcome:
    """The operation 'these players must not meet in rounds ``first``-``last``'
    (default: from the next round to pair to the last round)."""
    for pid in players:
        known_player(t, pid)
    group = tuple(sorted(set(players)))
    if len(group) < 2:
        raise InputError("give at least two players who must not meet", field="players")
    final = t.total_rounds or OPEN_ENDED
    lo = max(1, t.next_round) if first is None else first
    hi = final if last is None else last
    if not 1 <= lo <= hi <= final:
        raise InputError(f"rounds {lo}-{hi}: expected rounds within 1-{final}", field="rounds")
    new = ProhibitedPairs(lo, hi, group)
    if new in t.prohibited:
        raise InputError(f"players {_listed(group)} already may not meet in rounds {lo}-{hi}", field="players")
    warnings = ()
    if lo < t.next_round:
        warnings = (f"rounds {lo}-{t.next_round - 1} are already paired: the group holds from round {t.next_round} on",)
    return Outcome(
        replace(t, prohibited=t.prohibited + (new,)),
        f"players {_listed(group)} may not meet in rounds {lo}-{hi}",
        warnings,
        len(t.prohibited) + 1,
    )


def allow(t: Tournament, group: int) -> Outcome:
    """The operation 'take back a group of players who must not meet' (``group``: its
    number, from 1, in the order the event lists them)."""
    if not 1 <= group <= len(t.prohibited):
        listed = f"groups 1-{len(t.prohibited)}" if t.prohibited else "no group"
        raise InputError(f"no group {group} of players who must not meet (the event has {listed})", field="group")
    gone = t.prohibited[group - 1]
    kept = t.prohibited[: group - 1] + t.prohibited[group:]
    return Outcome(replace(t, prohibited=kept), f"players {_listed(gone.players)} may meet again", (), gone)
