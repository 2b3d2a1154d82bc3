"""The result of pairing a round, and its output formats."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pairing:
    """Boards in order as (white id, black id), and the pairing-allocated bye (or None)."""

    round: int
    pairs: list[tuple[int, int]]
    bye: int | None = None
    solves: int = 0
    #: Boards of a recorded round the file gives no colours (a forfeit written ``251 - -``
    #: / ``214 - +``): listed (lower id, higher id) in ``pairs``, they have no colour to check.
    colourless: frozenset[frozenset[int]] = frozenset()

    def bbp_lines(self) -> list[str]:
        """bbpPairings / JaVaFo output: the number of lines, then 'white black' per
        board, the PAB as 'id 0'."""
        lines = [f"{w} {b}" for w, b in self.pairs]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines))] + lines


def attendance_problems(pairing: Pairing, to_pair: set[int], registered: set[int]) -> tuple[list[str], dict[int, str]]:
    """C.04.1: everyone to be paired appears exactly once (on a board or on the bye), and
    nobody else does. Returns the problems and where each player was seen."""
    problems: list[str] = []
    seen: dict[int, str] = {}
    for board, (w, b) in enumerate(pairing.pairs, start=1):
        for pid in (w, b):
            if pid not in to_pair:
                why = (
                    "is not in the tournament"
                    if pid not in registered
                    else "is not to be paired this round (absent or on a bye)"
                )
                problems.append(f"board {board}: player {pid} {why}")
            elif pid in seen:
                problems.append(f"board {board}: player {pid} is already on {seen[pid]}")
            seen[pid] = f"board {board}"
        if w == b:
            problems.append(f"board {board}: player {w} paired with itself")
    if pairing.bye is not None:
        pid = pairing.bye
        if pid not in to_pair:
            problems.append(f"bye: player {pid} is not to be paired this round")
        elif pid in seen:
            problems.append(f"bye: player {pid} is also on {seen[pid]}")
        seen[pid] = "the bye"
    missing = sorted(to_pair - set(seen))
    if missing:
        problems.append(f"not paired: {', '.join(map(str, missing))}")
    if pairing.bye is not None and len(to_pair) % 2 == 0:
        problems.append("a pairing-allocated bye with an even number of players")
    return problems, seen
