"""The absolute criteria of a round (:func:`check_absolute`): everyone to be paired
appears once, Art. 6 (no rematch), forfeit points only to complete an odd number and
never twice (Art. 11), Art. 9's rests.
"""

from __future__ import annotations

from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.rules.italo_svizzero.odd import art9_rests, detect_odd_method
from tabellone.rules.italo_svizzero.view import art6_may_meet, check_options, round_view


def check_absolute(
    t: Tournament, pairing: Pairing, edition: str = "capo5", game: str = "italiana", odd: str | None = None
) -> list[str]:
    """Every absolute rule a proposed round breaks, one message each (empty: legal).

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
    problems = []
    if sorted(rests) != sorted(expected_rests):
        problems.append(
            f"Art. 9: resting {sorted(rests) or 'nobody'}, the article has {sorted(expected_rests) or 'nobody'} rest"
        )
    to_pair = set(view.to_pair)
    known = set(view.ring)
    seen: dict[int, str] = {}

    def take(pid: int, where: str) -> None:
        if pid not in known:
            problems.append(f"{where}: player {pid} is not in the tournament")
        elif pid not in to_pair:
            problems.append(f"{where}: player {pid} is not to be paired this round (absent or withdrawn)")
        elif pid in seen:
            problems.append(f"{where}: player {pid} is already on {seen[pid]}")
        seen[pid] = where

    for p in rests:
        take(p, "rest")
    for board, (w, b) in enumerate(pairing.pairs, start=1):
        take(w, f"board {board}")
        take(b, f"board {board}")
        if w == b:
            problems.append(f"board {board}: player {w} paired with itself")
        elif w in known and b in known and not art6_may_meet(view, w, b):
            why = "are a prohibited pair" if b not in view.opponents[w] else "have already been paired"
            problems.append(f"Art. 6: {w} and {b} {why}")
    if pairing.bye is not None:
        pid = pairing.bye
        take(pid, "forfeit points")
        if pid in view.awarded:
            problems.append(f"Art. 11: {pid} already had forfeit points")
    missing = sorted(to_pair - set(seen))
    if missing:
        problems.append(f"not paired: {', '.join(map(str, missing))}")
    playing = len(to_pair) - len(set(rests) & to_pair)
    if pairing.bye is not None and playing % 2 == 0:
        problems.append("forfeit points with an even number of players")
    return problems
