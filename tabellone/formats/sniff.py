"""What a TRF file's text holds before it is parsed: an individual or a team event. Told
apart here, in a module of its own, so that reading an individual event loads nothing of
the team model (:mod:`tabellone.formats.team_trf` re-exports :func:`is_team_file`)."""

from __future__ import annotations

from tabellone.formats.text import split_lines

#: Records only a team event has (TRF26): with any of them the file is a team event.
_TEAM_EVENT_RECORDS = {"310", "320", "330", "352", "362", "801", "802", "300"}


def is_team_file(text: str) -> bool:
    """A TRF of a team event: one with a TRF26 team-event record (``310``, ``320``,
    ``330``, ``352``, ``362``, ``801``, ``802``, ``300``), a ``192 FIDE_TEAM...`` code, or
    ``013`` team records whose rosters hold every player. An individual event may list
    some of its players' teams in TRF16's ``013`` (JaVaFo's manual's example does, for
    team prizes): with a player outside every ``013`` roster it stays an individual
    event."""
    lines = split_lines(text)
    rostered: set[str] = set()
    players: set[str] = set()
    for line in lines:
        code = line[:3]
        if code in _TEAM_EVENT_RECORDS or (code == "192" and line[4:].strip().upper().startswith("FIDE_TEAM")):
            return True
        if code == "013":
            rostered.update(line[36:].split())
        elif code == "001":
            players.add(line[4:8].strip())
    return bool(rostered) and players <= {str(int(p)) for p in rostered if p.isdigit()}


__all__ = ["is_team_file"]
