"""Consistency of a tournament record: facts that must agree for the record to mean anything.

This is not the verifier: a rematch or a second bye is a fact the record may hold. What
it may not hold is a game that only one side of it records, two players with the same
colour in one game, or a record naming a player who does not exist.
"""

from __future__ import annotations

from collections.abc import Callable

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament

#: Given a player id and a round (0 for the player record as a whole), the line of the
#: input and the name of the field, for error messages.
Locator = Callable[[int, int], tuple[int | None, str | None]]


def _no_location(pid: int, rnd: int) -> tuple[int | None, str | None]:
    return None, (f"player {pid}, round {rnd}" if rnd else f"player {pid}")


def check_consistency(t: Tournament, source: str, locate: Locator = _no_location) -> None:
    by_id = t.by_id
    for p in t.players:
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is None:
                continue
            line, field = locate(p.id, r)
            other = by_id.get(e.opponent)
            if other is None:
                raise InputError(
                    f"opponent {e.opponent} of player {p.id} has no player record",
                    source=source,
                    line=line,
                    field=field,
                )
            if e.opponent == p.id:
                raise InputError(f"player {p.id} is paired with itself", source=source, line=line, field=field)
            back = other.entry(r)
            if back.opponent != p.id:
                found = "nobody" if back.opponent is None else str(back.opponent)
                where = locate(other.id, r)[0]
                at = f" (line {where})" if where else ""
                raise InputError(
                    f"player {p.id} meets {e.opponent} in round {r} but {e.opponent}'s entry names {found}{at}",
                    source=source,
                    line=line,
                    field=field,
                )
            if e.colour and back.colour and e.colour == back.colour:
                raise InputError(
                    f"players {p.id} and {e.opponent} both have colour {e.colour!r} in round {r}",
                    source=source,
                    line=line,
                    field=field,
                )
    for item in t.byes + t.virtual_points:
        if item.player not in by_id:
            raise InputError(
                f"player {item.player} named in a bye or virtual-points record has no player record", source=source
            )
    for rec in t.prohibited:
        for pid in rec.players:
            if pid not in by_id:
                raise InputError(f"player {pid} named in a prohibited-pairs record has no player record", source=source)
