"""The result of pairing a round, and its output formats."""

from __future__ import annotations

from dataclasses import dataclass

from tabellone.core.model import Tournament, named, named_list


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


@dataclass(frozen=True)
class Violation:
    """An absolute rule a pairing breaks, as fields and as the sentence an arbiter reads.

    Every system's ``violations`` builds these where it finds the fault, so nobody
    reads the sentence back to learn the article or the players:

    >>> v = Violation.headed("C1", "4 and 9 have already played each other", players=(4, 9), round=5)
    >>> v.article, v.players, v.round
    ('C1', (4, 9), 5)
    >>> str(v)
    'C1: 4 and 9 have already played each other'

    ``article`` is the rule as the system's text numbers it (``"C1"``, ``"Art. 6"``,
    ``"2.1"``), or ``"attendance"`` for who is paired at all (C.04.1: every player to pair
    exactly once, nobody else); ``players`` the players the fault is about, ``round`` the
    round (column) paired, ``board`` the board when the fault is a board's, and ``text``
    the sentence printed by ``tabellone check``."""

    article: str
    players: tuple[int, ...]
    round: int | None
    text: str
    board: int | None = None

    @classmethod
    def headed(
        cls, article: str, body: str, *, players: tuple[int, ...] = (), round: int | None = None, label: str = ""
    ) -> Violation:
        """The violation whose sentence is ``"<label or article>: <body>"``."""
        return cls(article, tuple(players), round, f"{label or article}: {body}")

    def __str__(self) -> str:
        return self.text

    def as_dict(self) -> dict[str, object]:
        """The fields of ``tabellone check --json``: article, players, text."""
        return {"article": self.article, "players": list(self.players), "text": self.text}


def attendance_violations(
    pairing: Pairing, to_pair: set[int], registered: set[int], t: Tournament | None = None
) -> tuple[list[Violation], dict[int, str]]:
    """C.04.1: everyone to be paired appears exactly once (on a board or on the bye), and
    nobody else does. Returns the violations (article ``"attendance"``) and where each
    player was seen. With the tournament ``t`` the sentences name the players
    (:func:`~tabellone.core.model.named`)."""
    r = pairing.round

    def who(pid: int) -> str:
        return named(t, pid)

    problems: list[Violation] = []
    seen: dict[int, str] = {}

    def fault(text: str, players: tuple[int, ...], board: int | None = None) -> None:
        problems.append(Violation("attendance", players, r, text, board))

    for board, (w, b) in enumerate(pairing.pairs, start=1):
        for pid in (w, b):
            if pid not in to_pair:
                why = (
                    "is not in the tournament"
                    if pid not in registered
                    else "is not to be paired this round (absent or on a bye)"
                )
                fault(f"board {board}: player {who(pid)} {why}", (pid,), board)
            elif pid in seen:
                fault(f"board {board}: player {who(pid)} is already on {seen[pid]}", (pid,), board)
            seen[pid] = f"board {board}"
        if w == b:
            fault(f"board {board}: player {who(w)} paired with itself", (w,), board)
    if pairing.bye is not None:
        pid = pairing.bye
        if pid not in to_pair:
            fault(f"bye: player {who(pid)} is not to be paired this round", (pid,))
        elif pid in seen:
            fault(f"bye: player {who(pid)} is also on {seen[pid]}", (pid,))
        seen[pid] = "the bye"
    missing = sorted(to_pair - set(seen))
    if missing:
        fault(f"not paired: {named_list(t, missing)}", tuple(missing))
    if pairing.bye is not None and len(to_pair) % 2 == 0:
        fault("a pairing-allocated bye with an even number of players", ())
    return problems, seen


def attendance_problems(pairing: Pairing, to_pair: set[int], registered: set[int]) -> tuple[list[str], dict[int, str]]:
    """:func:`attendance_violations` as sentences."""
    problems, seen = attendance_violations(pairing, to_pair, registered)
    return [v.text for v in problems], seen
