"""Standings: the Buchholz procedure and the technical classification (Capo V): points,
then the opponents' points, the direct encounter, wins, common opponents.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tabellone.core.model import RoundEntry, Tournament
from tabellone.core.scoring import format_points
from tabellone.rules.italo_svizzero.odd import detect_odd_method
from tabellone.rules.italo_svizzero.view import check_options


@dataclass(frozen=True)
class StandingRow:
    """One line of the final classification.

    ``place`` is the order after the whole Buchholz procedure (step a, then b.1-b.3);
    ``technical_place`` is shared by players level on points and on step a (the technical
    classification, point 2); ``decided_by`` names the criterion that put the player
    below the one before him.
    """

    place: int
    technical_place: int
    id: int
    name: str
    points: Fraction
    buchholz: Fraction  # points of the opponents played (step a)
    buchholz_total: Fraction  # own points + opponents' points, as the text adds them
    wins: int
    games: int
    withdrawn: bool
    decided_by: str


def _final_points(t: Tournament) -> dict[int, Fraction]:
    out = {}
    for p in t.players:
        s = Fraction(0)
        for e in p.rounds:
            if not e.pending:
                s += t.scoring.points(e.result, e.colour)
        out[p.id] = s
    return out


def _result_points(t: Tournament, e: RoundEntry) -> Fraction:
    return t.scoring.points(e.result, e.colour)


def standings(t: Tournament, edition: str = "capo5", game: str = "italiana") -> list[StandingRow]:
    """The final classification by the FID Buchholz procedure.

    a. points plus the points of every opponent played with (forfeits do not count as
       games played); b. still level: 1. the direct encounter (applied when every tied
    player met every other; points scored among them), 2. more wins (over the board and
    by forfeit), 3. the results against the opponents all the tied players met, taken in
    order of merit (the opponent placed highest first). A group split by a later step is
    examined again from step b.1. Players still level share the place.
    """
    check_options(edition, game)
    pts = _final_points(t)
    played: dict[int, dict[int, Fraction]] = {}
    wins: dict[int, int] = {}
    for p in t.players:
        played[p.id] = {}
        w = 0
        for e in p.rounds:
            if e.played:
                played[p.id][e.opponent] = _result_points(t, e)
            if e.opponent is not None and e.result in ("1", "W", "+"):
                w += 1
        wins[p.id] = w
    buch = {pid: sum((pts[o] for o in opp), Fraction(0)) for pid, opp in played.items()}
    merit = sorted(pts, key=lambda pid: (-pts[pid], -buch[pid], pid))
    merit_rank = {pid: i for i, pid in enumerate(merit)}
    # "(rit.)": no game in the trailing paired rounds (two of them when rests exist,
    # Art. 9); a bye entered for a round not paired yet is not a withdrawal
    rests_exist = detect_odd_method(t) == "rest"
    withdrawn = set()
    for p in t.players:
        trailing = 0
        for k in range(t.rounds_paired, 0, -1):
            e = p.entry(k)
            if e.is_game or e.pending or e.result in "U+":
                break
            trailing += 1
        if any(e.is_game for e in p.rounds) and trailing >= (2 if rests_exist else 1):
            withdrawn.add(p.id)

    def direct(group: list[int]) -> dict[int, object] | None:
        gs = set(group)
        for a in group:
            if not (gs - {a}) <= set(played[a]):
                return None
        return {a: sum((played[a][b] for b in group if b != a), Fraction(0)) for a in group}

    def common(group: list[int]) -> dict[int, object]:
        shared = set.intersection(*(set(played[a]) for a in group)) - set(group)
        order = sorted(shared, key=lambda o: merit_rank[o])
        return {a: tuple(played[a][o] for o in order) for a in group}

    criteria = [
        ("direct encounter", direct),
        ("wins", lambda g: {a: wins[a] for a in g}),
        ("common opponents", common),
    ]

    def refine(group: list[int], i: int) -> list[tuple[list[int], str | None]]:
        """Ordered sub-groups of a level group; each after the first carries the
        criterion that put it below the previous one."""
        if len(group) == 1:
            return [(group, None)]
        if i == len(criteria):
            return [(sorted(group), None)]
        name, fn = criteria[i]
        values = fn(group)
        if values is None:
            return refine(group, i + 1)
        buckets: dict[object, list[int]] = {}
        for a in group:
            buckets.setdefault(values[a], []).append(a)
        if len(buckets) == 1:
            return refine(group, i + 1)
        out: list[tuple[list[int], str | None]] = []
        for k, v in enumerate(sorted(buckets, reverse=True)):
            sub = refine(sorted(buckets[v]), 0)
            if k > 0:
                sub[0] = (sub[0][0], name)
            out += sub
        return out

    primary = sorted(pts, key=lambda pid: (-pts[pid], -buch[pid], pid))
    blocks: list[tuple[list[int], str]] = []
    for pid in primary:
        if blocks and (pts[blocks[-1][0][0]], buch[blocks[-1][0][0]]) == (pts[pid], buch[pid]):
            blocks[-1][0].append(pid)
        else:
            if blocks:
                prev = blocks[-1][0][0]
                why = "points" if pts[prev] != pts[pid] else "Buchholz"
            else:
                why = "first"
            blocks.append(([pid], why))
    rows: list[StandingRow] = []
    for block, block_reason in blocks:
        technical = len(rows) + 1
        for k, (part, reason) in enumerate(refine(block, 0)):
            place = len(rows) + 1
            for j, pid in enumerate(part):
                p = t.player(pid)
                if j > 0:
                    why = "level"
                elif k == 0:
                    why = block_reason
                else:
                    why = reason or "level"
                rows.append(
                    StandingRow(
                        place=place,
                        technical_place=technical,
                        id=pid,
                        name=p.name,
                        points=pts[pid],
                        buchholz=buch[pid],
                        buchholz_total=pts[pid] + buch[pid],
                        wins=wins[pid],
                        games=len(played[pid]),
                        withdrawn=pid in withdrawn,
                        decided_by=why,
                    )
                )
    return rows


def format_standings(t: Tournament, rows: Sequence[StandingRow] | None = None, edition: str = "capo5") -> str:
    """The classification as a text table (``tabellone standings FILE --system italo-svizzero``)."""
    rows = standings(t, edition) if rows is None else rows
    title = next((h.text for h in t.headers if h.code == "012"), "")
    lines = []
    if title:
        lines.append(title)
    lines.append("Classifica (sistema italo-svizzero, procedura Buchholz); tec = classifica tecnica")
    head = f"{'pos':>4} {'tec':>4} {'no':>4}  {'name':<28} {'pts':>5} {'buch':>6} {'tot':>6} {'wins':>4} {'games':>5}  decided by"
    lines.append(head)
    lines.append("-" * len(head))
    for r in rows:
        name = (r.name + (" (rit.)" if r.withdrawn else ""))[:28]
        lines.append(
            f"{r.place:>4} {r.technical_place:>4} {r.id:>4}  {name:<28} {format_points(r.points):>5} "
            f"{format_points(r.buchholz):>6} {format_points(r.buchholz_total):>6} {r.wins:>4} {r.games:>5}  {r.decided_by}"
        )
    return "\n".join(lines) + "\n"
