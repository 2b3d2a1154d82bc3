"""An independent check of the Double-Swiss absolute criteria (C.04.5 [C1], [C2]) and of
the match structure, written from the raw round cells of a TRF-shaped tournament and the
text alone: it shares no code with tabellone/rules/double_swiss/ (used by the tests and by
benchmarks/double_swiss_crosscheck.py).

Match k is round columns 2k-1 and 2k (the docstring of the package tabellone.rules.double_swiss).
"""

from __future__ import annotations


def _cells(p, k):
    rounds = p.rounds
    c1 = rounds[2 * k - 2] if len(rounds) >= 2 * k - 1 else None
    c2 = rounds[2 * k - 1] if len(rounds) >= 2 * k else None
    return c1, c2


def _forfeited_both(cell1, cell2) -> bool:
    return cell1 is not None and cell2 is not None and cell1.result == "-" and cell2.result == "-"


def _history(t, match_number):
    """Who met whom in a match nobody forfeited entirely, who may not have the PAB, and
    who is to be paired in match ``match_number``: read from the raw cells."""
    by_id = {p.id: p for p in t.players}
    r = 2 * match_number - 1
    present = {
        p.id
        for p in t.players
        if len(p.rounds) < r or (p.rounds[r - 1].opponent is None and p.rounds[r - 1].result == " ")
    }
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
    return present, met, barred


def independent_unpairable(t, match_number) -> bool:
    """True when no legal pairing of match ``match_number`` exists: for every player
    allowed the PAB (or none, with an even field) the others have no perfect matching
    avoiding second meetings (networkx's matching, not the engine's)."""
    import networkx as nx

    present, met, barred = _history(t, match_number)
    byes = [None] if len(present) % 2 == 0 else [p for p in sorted(present) if p not in barred]
    for bye in byes:
        field = sorted(present - {bye})
        g = nx.Graph()
        g.add_nodes_from(field)
        g.add_edges_from((a, b) for i, a in enumerate(field) for b in field[i + 1 :] if frozenset((a, b)) not in met)
        if len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == len(field):
            return False
    return True


def independent_violations(t, pairs, bye, match_number) -> list[str]:
    """What breaks the absolute rules when game 1 of match ``match_number`` pairs
    ``pairs`` (white, black) and gives ``bye`` the PAB, given the matches before it in
    ``t``: a player twice, a player not there, an odd leftover, a second meeting in a
    match nobody forfeited entirely, a PAB after a PAB / a match won by forfeit / a
    full-point bye."""
    out = []
    present, met, barred = _history(t, match_number)
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
    for w, b in pairs:
        if frozenset((w, b)) in met:
            out.append(f"C1: {w} and {b} meet again")
    if bye is not None and bye in barred:
        out.append(f"C2: {bye} may not have the PAB")
    return out


# ----------------------------------------------------------------------------------------
# the text's procedure by exhaustive enumeration (small fields only)


def _matchings(players: list[int], ok) -> list[list[tuple[int, int]]]:
    """Every perfect matching of ``players`` over pairs ``ok`` allows."""
    if not players:
        return [[]]
    a, rest = players[0], players[1:]
    out = []
    for k, b in enumerate(rest):
        if ok(a, b):
            for m in _matchings(rest[:k] + rest[k + 1 :], ok):
                out.append([(a, b)] + m)
    return out


def brute_force_round(P, last: bool, ok) -> tuple[list[tuple[int, int]], int | None]:
    """Pair a match round by C.04.5 Art. 3.3-3.6 with no cleverness: every candidate set
    and every pairing listed and sorted as the text orders them. ``P`` are the players
    (objects with ``tpn``, ``score``, ``matches_played``, ``pab_barred``, ``floated``),
    ``ok(a, b)`` says whether two of them may meet ([C1]). Returns (pairs of TPNs, bye
    TPN). Exponential: for fields of a dozen players."""
    import itertools

    def pairable(group):
        return bool(_matchings(sorted(group, key=lambda p: p.tpn), ok))

    everyone = list(P)
    bye = None
    if len(everyone) % 2:
        for p in sorted((p for p in everyone if not p.pab_barred), key=lambda p: (p.score, -p.matches_played, -p.tpn)):
            if pairable([q for q in everyone if q is not p]):
                bye = p
                break
        else:
            return None, None
        everyone = [q for q in everyone if q is not bye]
    remaining = everyone
    pairs = []
    while remaining:
        top = max(p.score for p in remaining)
        res = [p for p in remaining if p.score == top]
        low = [p for p in remaining if p.score < top]
        chosen = None
        for k in range(len(res) % 2, len(low) + 1, 2):
            cands = []
            for s in itertools.combinations(low, k):
                bracket = res + list(s)
                rest = [p for p in remaining if p not in bracket]
                if not (pairable(bracket) and pairable(rest)):
                    continue
                profile = tuple(sorted(p.score for p in s))
                seq = tuple(p.tpn for p in sorted(s, key=lambda p: (-p.score, p.tpn)))
                below = [p.score for p in remaining if p.score < top]
                # [C6]: the fewest upfloaters the rest of the following scoregroup needs
                # in its own bracket, both it and everybody below pairable
                c6 = 0
                if below:
                    grp = [p for p in rest if p.score == max(below)]
                    if grp:
                        lower = [p for p in rest if p.score < max(below)]
                        c6 = next(
                            k
                            for k in range(len(grp) % 2, len(lower) + 2, 2)
                            if k > len(lower)
                            or any(
                                pairable(grp + list(u)) and pairable([p for p in rest if p not in grp and p not in u])
                                for u in itertools.combinations(lower, k)
                            )
                        )
                c7 = 0 if last else sum(1 for p in s if p.floated)
                cands.append((profile, c6, c7, seq, s))
            if cands:
                # [C5]: ascending scores maximised; then [C6], [C7], then 3.5.4 order
                best_profile = max(c[0] for c in cands)
                cands = [c for c in cands if c[0] == best_profile]
                chosen = min(cands, key=lambda c: (c[1], c[2], c[3]))[4]
                break
        bracket = sorted(res + list(chosen), key=lambda p: p.tpn)

        def c8(m):
            if last:
                return 0
            return sum(int(a.score < top and b.floated) + int(b.score < top and a.floated) for a, b in m)

        def ident(m):
            tb = sorted((min(a.tpn, b.tpn), max(a.tpn, b.tpn)) for a, b in m)
            return tuple(t for t, _ in tb) + tuple(b for _, b in tb)

        ms = _matchings(bracket, ok)
        best = min(ms, key=lambda m: (c8(m), ident(m)))
        pairs += [(a.tpn, b.tpn) for a, b in best]
        remaining = [p for p in remaining if p not in bracket]
    return pairs, (bye.tpn if bye else None)
