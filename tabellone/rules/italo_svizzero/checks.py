"""The absolute criteria of a round (:func:`violations`): everyone to be paired
appears once, Art. 6 (no rematch), forfeit points only to complete an odd number and
never twice (Art. 11), Art. 9's rests.
"""

from __future__ import annotations

from tabellone.core.model import Tournament, named, named_list
from tabellone.core.pairing import Pairing, Violation
from tabellone.rules.italo_svizzero.odd import art9_rests, detect_odd_method
from tabellone.rules.italo_svizzero.view import art6_may_meet, check_options, round_view


def violations(
    t: Tournament, pairing: Pairing, edition: str = "capo5", game: str = "italiana", odd: str | None = None
) -> list[Violation]:
    """Every absolute rule a proposed round breaks, one violation each (empty: legal).

    Checked: each player to be paired appears once (on a board, as the receiver of
    forfeit points, or resting under Art. 9) and nobody else does; Art. 6 no rematch;
    forfeit points only to complete an odd number of players and never twice (Art. 11);
    Art. 9 rests as the article assigns them.
    """
    check_options(edition, game)
    odd = odd or detect_odd_method(t)
    view = round_view(t, pairing.round, edition, game)
    expected_rests = art9_rests(view, odd)
    rests = list(getattr(pairing, "rests", expected_rests))
    r = pairing.round
    problems: list[Violation] = []
    if sorted(rests) != sorted(expected_rests):
        body = f"resting {named_list(t, sorted(rests)) or 'nobody'}, the article has {named_list(t, sorted(expected_rests)) or 'nobody'} rest"
        involved = tuple(sorted(set(rests) ^ set(expected_rests)))
        problems.append(Violation.headed("Art. 9", body, players=involved, round=r))
    to_pair = set(view.to_pair)
    known = set(view.ring)
    seen: dict[int, str] = {}

    def fault(text: str, players: tuple[int, ...], board: int | None = None) -> None:
        problems.append(Violation("attendance", players, r, text, board))

    def take(pid: int, where: str, board: int | None = None) -> None:
        if pid not in known:
            fault(f"{where}: player {pid} is not in the tournament", (pid,), board)
        elif pid not in to_pair:
            fault(
                f"{where}: player {named(t, pid)} is not to be paired this round (absent or withdrawn)", (pid,), board
            )
        elif pid in seen:
            fault(f"{where}: player {named(t, pid)} is already on {seen[pid]}", (pid,), board)
        seen[pid] = where

    for p in rests:
        take(p, "rest")
    for board, (w, b) in enumerate(pairing.pairs, start=1):
        take(w, f"board {board}", board)
        take(b, f"board {board}", board)
        if w == b:
            fault(f"board {board}: player {named(t, w)} paired with itself", (w,), board)
        elif w in known and b in known and not art6_may_meet(view, w, b):
            why = "are a prohibited pair" if b not in view.opponents[w] else "have already been paired"
            problems.append(Violation("Art. 6", (w, b), r, f"Art. 6: {named(t, w)} and {named(t, b)} {why}", board))
    if pairing.bye is not None:
        pid = pairing.bye
        take(pid, "forfeit points")
        if pid in view.awarded:
            earlier = [k for k in range(1, r) if t.player(pid).entry(k).result == "U"]
            when = f" in round {earlier[0]}" if earlier else ""
            body = f"{named(t, pid)} already had forfeit points{when}"
            problems.append(Violation.headed("Art. 11", body, players=(pid,), round=r))
    missing = sorted(to_pair - set(seen))
    if missing:
        fault(f"not paired: {named_list(t, missing)}", tuple(missing))
    playing = len(to_pair) - len(set(rests) & to_pair)
    if pairing.bye is not None and playing % 2 == 0:
        fault("forfeit points with an even number of players", ())
    return problems
