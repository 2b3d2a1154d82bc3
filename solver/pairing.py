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

    def bbp_lines(self) -> list[str]:
        """bbpPairings / JaVaFo output: the number of lines, then 'white black' per
        board, the PAB as 'id 0'."""
        lines = [f"{w} {b}" for w, b in self.pairs]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines))] + lines
