"""Small tournaments written by hand, for tests that work rounds out from the rule text."""

from __future__ import annotations

from tabellone.core.model import Player, RoundEntry, Tournament


def field(n: int, rounds: list[dict[int, tuple]] | None = None, total: int = 5, colour: str = "w") -> Tournament:
    """``n`` players rated in TPN order; ``rounds[k]`` maps a player to (opponent,
    colour, result) or (None, None, code) for round k+1; a player missing from a round
    was absent (zero-point bye)."""
    players = []
    for pid in range(1, n + 1):
        entries = tuple(RoundEntry(*rnd.get(pid, (None, None, "Z"))) for rnd in rounds or [])
        players.append(Player(pid, f"Player {pid}", entries, rating=2400 - 10 * pid))
    return Tournament(players=tuple(players), total_rounds=total, initial_colour=colour)


def game(w: int, b: int, result: str) -> dict[int, tuple]:
    """A played game: result from White's side: '1', '=', '0'."""
    other = {"1": "0", "0": "1", "=": "="}[result]
    return {w: (b, "w", result), b: (w, "b", other)}


def merge(*parts: dict) -> dict:
    out: dict = {}
    for p in parts:
        out.update(p)
    return out
