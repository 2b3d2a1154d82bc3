"""An odd number of players: Art. 9's staggered rests, and who may take the forfeit
points (Art. 8, 10, 11), level by level from the last in the standings.
"""

from __future__ import annotations

from fractions import Fraction

from tabellone.core.errors import InputError
from tabellone.core.model import Tournament
from tabellone.rules.italo_svizzero.view import RoundView


def detect_odd_method(t: Tournament) -> str:
    """``'rest'`` when round 1 is recorded as Art. 9 pairs it: an odd field, an odd number
    of rounds ``R``, exactly ``R - 1`` players with a game in round 1 and no forfeit
    points; else ``'forfeit'`` (Art. 8; Art. 7 allows either, so before round 1 is played
    the choice must be given)."""
    R = t.total_rounds
    if t.rounds_recorded < 1 or R is None or R % 2 == 0 or len(t.players) % 2 == 0:
        return "forfeit"
    playing = 0
    for p in t.players:
        e = p.entry(1)
        if e.result == "U" or (e.opponent is None and e.result == "+"):
            return "forfeit"
        if e.is_game or e.pending:
            playing += 1
    return "rest" if playing == R - 1 and playing < len(t.players) - 1 else "forfeit"


def art9_designated(view: RoundView, odd: str) -> int | None:
    """Art. 9, rounds after the first: the round-1 player who has not rested yet with the
    highest score (ties: the lower draw number), present or not; ``None`` when nobody is
    due or the event does not use Art. 9."""
    if odd != "rest" or view.round == 1:
        return None
    due = [p for p in view.ring if p in view.round1_players and p not in view.rested]
    if not due:
        return None
    return min(due, key=lambda p: (-view.score[p], p))


def art9_rests(view: RoundView, odd: str) -> list[int]:
    """Art. 9: who rests this round. Round 1: everybody beyond the first ``R - 1`` players
    present. Later: :func:`art9_designated`; if he is marked absent for the round, his
    absence is his rest and nobody else rests."""
    if odd != "rest":
        return []
    if view.edition == "2.2":
        raise InputError("seed 002 (edition 2.2) has no staggered-rest scheme: Art. 9 belongs to Capo V", field="--odd")
    R = view.total_rounds
    if R is None:
        raise InputError("Art. 9 needs the number of rounds (XXR n or 142 n)", field="XXR / 142")
    if R % 2 == 0:
        raise InputError(f"Art. 9 needs an odd number of rounds, the file declares {R}", field="XXR / 142")
    if view.round == 1:
        if len(view.to_pair) < R - 1:
            raise InputError(
                f"Art. 9: round 1 needs {R - 1} players, only {len(view.to_pair)} are present", field="players"
            )
        return view.to_pair[R - 1 :]
    best = art9_designated(view, odd)
    return [best] if best is not None and best not in view.absent else []


def award_levels(view: RoundView, players: list[int], with_art10: bool, odd: str = "forfeit") -> list[list[int]]:
    """Players who may receive forfeit points, grouped by score, lowest first (Art. 8:
    the last in the standings; Art. 11: never twice; Art. 10: not a player who met the
    withdrawn one; a player absent for his Art. 9 rest has not withdrawn)."""
    departed = view.departed - {art9_designated(view, odd)}
    ok = []
    for p in players:
        if p in view.awarded:
            continue
        if with_art10 and view.opponents[p] & departed:
            continue
        ok.append(p)
    levels: dict[Fraction, list[int]] = {}
    for p in ok:
        levels.setdefault(view.score[p], []).append(p)
    return [levels[s] for s in sorted(levels)]
