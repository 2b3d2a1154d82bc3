"""An independent check of the Double-Swiss absolute criteria (C.04.5 [C1], [C2]) and of
the match structure, written from the raw round cells of a TRF-shaped tournament and the
text alone: it shares no code with rules/double_swiss.py (used by the tests and by
benchmarks/double_swiss_crosscheck.py).

Match k is round columns 2k-1 and 2k (the module docstring of rules/double_swiss.py).
"""

from __future__ import annotations


def _cells(p, k):
    rounds = p.rounds
    c1 = rounds[2 * k - 2] if len(rounds) >= 2 * k - 1 else None
    c2 = rounds[2 * k - 1] if len(rounds) >= 2 * k else None
    return c1, c2


def _forfeited_both(cell1, cell2) -> bool:
    return cell1 is not None and cell2 is not None and cell1.result == "-" and cell2.result == "-"


def independent_violations(t, pairs, bye, match_number) -> list[str]:
    """What breaks the absolute rules when game 1 of match ``match_number`` pairs
    ``pairs`` (white, black) and gives ``bye`` the PAB, given the matches before it in
    ``t``: a player twice, a player not there, an odd leftover, a second meeting in a
    match nobody forfeited entirely, a PAB after a PAB / a match won by forfeit / a
    full-point bye."""
    out = []
    by_id = {p.id: p for p in t.players}
    r = 2 * match_number - 1
    present = {p.id for p in t.players if len(p.rounds) < r or (p.rounds[r - 1].opponent is None and p.rounds[r - 1].result == " ")}
    seen = []
    for w, b in pairs:
        seen += [w, b]
    if bye is not None:
        seen.append(bye)
    if len(seen) != len(set(seen)):
        out.append("a player appears twice")
    if set(seen) != present:
        out.append(f"paired {sorted(set(seen) ^ present)} wrongly (present: {len(present)})")
    if (bye is None) != (len(present) % 2 == 0):
        out.append("a bye with an even field, or none with an odd one")
    met = set()
    barred = set()
    for p in t.players:
        for k in range(1, match_number):
            c1, c2 = _cells(p, k)
            if c1 is None or c2 is None:
                continue
            if c1.opponent is not None:
                o = by_id[c1.opponent]
                o1, o2 = _cells(o, k)
                if not (_forfeited_both(c1, c2) or _forfeited_both(o1, o2)):
                    met.add(frozenset((p.id, o.id)))
                elif _forfeited_both(o1, o2) and not _forfeited_both(c1, c2):
                    barred.add(p.id)  # won the match by forfeit
            elif c1.result == "U" or "F" in (c1.result, c2.result):
                barred.add(p.id)
    for pr in t.prohibited:
        if pr.first_round <= r <= pr.last_round:
            for a in pr.players:
                for b in pr.players:
                    if a != b:
                        met.add(frozenset((a, b)))
    for w, b in pairs:
        if frozenset((w, b)) in met:
            out.append(f"C1: {w} and {b} meet again")
    if bye is not None and bye in barred:
        out.append(f"C2: {bye} may not have the PAB")
    return out
