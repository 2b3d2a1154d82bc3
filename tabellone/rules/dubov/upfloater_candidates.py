"""Speed only: the upfloaters of a 2026 bracket (Art. 3.2.1-3.2.2), and the players
the 1997 optimiser transfers up into a score group, without a weighted matching of the
whole field.

:func:`~.procedure_2026.A3_2_2_upfloaters` (and
:func:`~.optimiser_1997._transfers_1997`) state the choice as one lexicographic
maximum-weight matching of every player still to pair. On a large open that is a
1,000-vertex matching with wide weights for every odd bracket, though the bracket needs
one or two upfloaters and the rest of the field only has to stay pairable (C4, a
cardinality question). :func:`upfloaters_by_candidates` finds the same set from a few
candidates, and proves it:

1. *Classes.* The value of a pair (resident r, upfloater f) depends on r and on f's
   class only (2026: his score (C6), colour preference (C7), whether he is a maximum
   upfloater and how often he upfloated (C8, C9), whether he upfloated last round
   (C10); 1997: his score, whether 2.5 lets him up, his due colour); the set order
   (2026 Art. 4.1.3, 4.2; 1997 7.1, 7.2, 8.2) comes last, and within a class it prefers
   the player earlier in that order.
2. *Candidates.* Of each class, the first players in that order, until every resident
   may meet at least ``u`` of them, ``u`` at least the number of upfloaters.
3. *Relaxed solve.* The residents and the candidates are matched with the same fields,
   the candidates not taken pairing freely among themselves (the rest of the round is
   not asked to be pairable here). This is the whole-field problem without C4 and with
   fewer players: weights as narrow as the bracket allows.
4. *Exchange.* A best relaxed solution over the whole field takes no player outside
   the candidates: if it took f, a candidate of f's class that his resident may meet and
   no other upfloater takes exists (there are ``u`` of them), and swapping f for him keeps
   every criterion and comes earlier in the set order, a better solution. So the
   relaxed optimum over the candidates is the relaxed optimum over the whole field (as
   long as ``u`` bounds its upfloaters: [C5] comes first, so it has at most as many as
   the candidates' solution; if that one needs more than ``u``, ``u`` grows and step 2
   is repeated).
5. *Completion.* If the rest of the round can be paired around the bracket's pairs (one
   cardinality question, :class:`~.completion.Completion`), the relaxed optimum is
   feasible for the real problem, whose optimum it bounds: it is the real optimum, and
   the set order makes the set of upfloaters of an optimum unique (distinct powers of
   two). Otherwise, or for a profile outside these assumptions, the caller solves the
   whole-field matching as before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from tabellone.matching.backends import max_weight_matching
from tabellone.matching.lexicographic import Layout, fit_layout
from tabellone.rules.dubov.lex_matching import _setbit

if TYPE_CHECKING:
    from tabellone.rules.dubov.completion import Completion
    from tabellone.rules.dubov.context import Ctx


def upfloaters_by_candidates(
    ctx: Ctx,
    oracle: Completion,
    residents: list[int],
    pool: list[int],
    klass: Callable[[int], tuple],
    fields: Callable[[int, int], list[int]],
    outside: list[int],
    per_edge: list[int],
    kind: Callable[[int], Hashable] | None = None,
    weights: Callable[[Layout], Callable[[int, int], int]] | None = None,
) -> list[int] | None:
    """The upfloaters of the bracket ``residents`` from ``pool`` (the players below, in
    the order of Art. 4.2), or None when the proof of the module docstring does not go
    through (the caller then solves the whole field). ``klass(f)``: the class of a
    possible upfloater; ``fields(u, v)``: an edge's fields as the whole-field matching
    has them, ``outside`` those of a pair of two non-residents, ``per_edge`` their
    bounds; the last field is the set order, ``_setbit(k, len(pool))`` for the upfloater
    ``pool[k]`` and 0 for two residents. ``kind`` and ``weights`` (speed only): what
    the fields of a resident's pairs read of him, and their weights packed without the
    fields (:func:`_relaxed_edges`). On success the oracle's witness pairs the bracket
    as found."""
    compat = ctx.compat
    res = set(residents)
    classes: dict[tuple, list[int]] = {}
    for f in pool:
        classes.setdefault(klass(f), []).append(f)
    need = 1 if len(residents) % 2 else 2
    rank = {f: k for k, f in enumerate(pool)}
    while True:
        cands = _candidates(compat, residents, classes, need)
        graph, _, _ = _relaxed_edges(residents, cands, compat, fields, outside, per_edge, rank, kind, klass, weights)
        got = _relaxed(residents, cands, graph)
        if got is None:
            return None
        ups = [m for r, m in got if m not in res]
        if len(ups) <= need:
            break
        need = len(ups)
    if not oracle.feasible(got):
        return None
    return ups


def _candidates(
    compat: list[list[bool]], residents: list[int], classes: dict[tuple, list[int]], need: int
) -> list[int]:
    """Of each class, its first players until every resident may meet ``need`` of them
    (or the class is used up)."""
    out = []
    for members in classes.values():
        count = dict.fromkeys(residents, 0)
        short = list(residents)
        for f in members:
            if not short:
                break
            out.append(f)
            row = compat[f]
            if need == 1:  # speed only: every resident he may meet has enough
                short = [r for r in short if not row[r]]
                continue
            for r in short:
                if row[r]:
                    count[r] += 1
            short = [r for r in short if count[r] < need]
    return out


def _relaxed(residents: list[int], cands: list[int], graph: list[tuple[int, int, int]]) -> list[tuple[int, int]] | None:
    """Step 3: the best matching of residents and candidates, every resident paired, the
    candidates not taken paired among themselves (any two, and one with a stand-in when
    the count is odd) at the value of a pair outside the bracket, solved on ``graph``
    (:func:`_relaxed_edges`). Returns the bracket's pairs (resident, mate), or None when
    not every resident can be paired."""
    nr = len(residents)
    mate = max_weight_matching(nr + len(cands), graph) if graph else {}
    if any(a not in mate for a in range(nr)):
        return None
    verts = list(residents) + cands
    return [(verts[a], verts[mate[a]]) for a in range(nr) if a < mate[a] or mate[a] >= nr]


def _relaxed_edges(
    residents: list[int],
    cands: list[int],
    compat: list[list[bool]],
    fields: Callable[[int, int], list[int]],
    outside: list[int],
    per_edge: list[int],
    rank: dict[int, int],
    kind: Callable[[int], Hashable] | None = None,
    klass: Callable[[int], Hashable] | None = None,
    weights: Callable[[Layout], Callable[[int, int], int]] | None = None,
) -> tuple[list[tuple[int, int, int]], int, int]:
    """The graph of :func:`_relaxed`, vertices the residents, then the candidates: every
    legal pair with a resident, weighed from its packed fields ``w`` and the packed
    value ``free_pair`` of a pair outside the bracket (``outside``), that of a pair of
    candidates. Returns the graph, ``big`` and ``free_pair``: the solve (:func:`_relaxed`)
    reads the graph alone; ``big`` and ``free_pair`` are handed out for the test that
    reads each pair's packed fields back from its weight and solves the graph with the
    pairs of candidates put back (tests/rules/dubov/test_dubov_round_shortcuts.py), which
    needs this call's own values (its layout is fitted here, to these candidates).

    Without the pairs of candidates (speed only: on a bracket of a 100-player field they
    are nearly half the edges). The candidates left over always pair among themselves,
    so the perfect matchings of residents, candidates and a stand-in (when their count
    is odd) are the matchings M of the pairs with a resident that pair every resident,
    each completed by (c - u) / 2 free pairs, u the candidates M takes and c the
    candidates (and the stand-in): the value is sum(w) + free_pair x (c - u) / 2, up to
    the constant c x free_pair / 2 half the sum over M of 2w less free_pair on each pair
    of a resident and a candidate. Each edge then also weighs ``big`` per resident it
    pairs, more than those sums can differ over the at most one edge per resident (every
    packed value is below 2 ** lay.total_bits), so a maximum-weight matching pairs every
    resident when any matching does, and among those is a best one: the same best
    matchings as with the pairs of candidates. A pair of two residents weighs 2 (w +
    big), a pair of a resident and a candidate 2w + big - free_pair.

    The set order (the last field, one power of two per player of the pool) is given
    over the candidates alone, each weighing the power of two of his place among them
    (``rank``: places in the pool): sets of candidates compare as before, first by the
    earliest player in which they differ, so the best matchings are the same, and the
    weight needs as many bits as there are candidates, not players below.

    ``kind`` (speed only): the fields of a pair of a resident ``u`` with a candidate
    depend on ``u`` only through ``kind(u)``, and those of two residents only through
    their two kinds; ``klass`` (speed only): those of a resident with a candidate ``f``
    depend on ``f`` only through ``klass(f)`` but for the last (the module's step 1).
    Packing is linear in the fields, so each weight is packed once per kind and class
    (or kind of the other resident), the set order's bit added per candidate, and the
    rows are filled from those. Without them every resident is a kind of his own and
    every candidate a class of his own: each pair is packed from its own fields.

    ``weights`` (speed only): given the layout, a function giving the weight it packs
    from ``fields(u, v)`` of a resident ``u`` with 0 in the set order's field and a 1
    in the layout's own last field, without the fields."""
    k = (len(residents) + len(cands) + 1) // 2 + 1  # the pairs of a perfect matching (a stand-in too), and one
    nc = len(cands)
    place = {f: j for j, f in enumerate(sorted(cands, key=rank.__getitem__))}
    per_edge = list(per_edge[:-1]) + [1 << max(nc - 1, 0)]
    lay = fit_layout([str(i) for i in range(len(per_edge) + 1)], [x * k for x in per_edge] + [k])
    packed: dict[tuple[int, ...], int] = {}  # speed only: few distinct fields, each packed once

    def from_fields(u: int, v: int) -> int:
        """The pair's packed fields, 0 in the set order's (each candidate's bit is added
        below: packing is linear), and the 1 of the layout's last field."""
        key = tuple(fields(u, v)[:-1])
        w = packed.get(key)
        if w is None:
            w = packed[key] = lay.pack([*key, 0, 1])
        return w

    weight = weights(lay) if weights is not None else from_fields

    kinds = [kind(u) for u in residents] if kind is not None else list(residents)
    nr = len(residents)
    # kind of the earlier resident -> kind of the later -> the weight of their pair: each
    # made from the first resident of the earlier kind and the first later one of the other
    by_kinds: dict[Hashable, dict[Hashable, int]] = {}
    first: dict[Hashable, int] = {}
    for b, kb in enumerate(kinds):
        for ka, a in first.items():
            row_w = by_kinds.setdefault(ka, {})
            if kb not in row_w:
                row_w[kb] = weight(residents[a], residents[b])
        first.setdefault(kb, b)
    by_candidate: dict[Hashable, list[int]] = {}  # kind -> the weights of its pairs with each candidate
    columns = range(nr, nr + nc)  # the candidates' vertices
    # (kind, class) -> the weight of their pairs without the set order's bit
    by_class: dict[tuple, int] = {}
    classes = [klass(f) for f in cands] if klass is not None else list(range(nc))
    at = lay.shifts[len(per_edge) - 1]  # the set order's field
    bits = [_setbit(place[f], nc) << at for f in cands]
    free_pair = lay.pack(list(outside) + [1])
    big = (3 * nr) << lay.total_bits
    for row_w in by_kinds.values():
        for kb, w in row_w.items():
            row_w[kb] = 2 * (w + big)
    edges = []
    for a in range(nr):
        u, ku = residents[a], kinds[a]
        row = compat[u]
        row_w = by_kinds.get(ku, {})
        edges.extend([(a, b, row_w[kinds[b]]) for b in range(a + 1, nr) if row[residents[b]]])
        ws = by_candidate.get(ku)
        if ws is None:  # the kind's pair with each candidate (u stands for his kind)
            ws = by_candidate[ku] = []
            for j, f in enumerate(cands):
                key = (ku, classes[j])
                base = by_class.get(key)
                if base is None:
                    base = by_class[key] = 2 * weight(u, f) + big - free_pair
                ws.append(base + 2 * bits[j])
        edges.extend([(a, b, w) for b, f, w in zip(columns, cands, ws) if row[f]])
    return edges, big, free_pair
