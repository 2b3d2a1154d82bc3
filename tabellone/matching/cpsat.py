"""Maximum-weight matching by OR-Tools CP-SAT: the engine's second back end.

The first back end (:mod:`tabellone.matching.blossom`, :mod:`tabellone.matching.backends`) packs every criterion
into one integer weight per edge and runs Edmonds' blossom algorithm. This one states the
same problem as a 0-1 integer programme and lets a constraint solver prove the optimum:

    maximise   sum_e w_e x_e
    subject to sum_{e incident to v} x_e <= 1   for every vertex v,   x_e in {0, 1}

CP-SAT (L. Perron and F. Didier, "CP-SAT", Google OR-Tools, 2023) works on 64-bit
integers, while a lexicographic weight may need hundreds of bits. The total weight is
therefore written in digits of at most 20 bits, least significant first, each tied to the
next by a carry variable (``sum of chunk k of the chosen weights + carry in = digit +
2^b * carry out``), and the digits are maximised one after another from the most
significant, each optimum fixed by an equality before the next: that is the maximum of
the exact integer total, whatever the weights. Where the caller declares the *fields* of
its weights (:mod:`tabellone.matching.lexicographic`: carry-free bit ranges, one per criterion), the
digits follow the field boundaries, so that the carries stay zero and each level is one
criterion (or a few small ones). A level that the solver cannot prove optimal is an
error, never a silent approximation.

CP-SAT alone proves such optima badly: the linear relaxation of matching has fractional
vertices (half-integral odd cycles), and a 24-player round stays unproven after minutes.
Before each level the model therefore receives Edmonds' odd-set inequalities
(sum of x_e inside S <= (|S| - 1) / 2 for odd S), separated from the linear relaxation in
the simple way: solve the LP (GLOP), find the violated odd sets by minimum odd cuts (Padberg and Rao), add
them, repeat (the cutting-plane method of M. Grötschel and O.
Holland, "Solving matching problems with linear programming", Math. Programming 33, 1985).
The cuts only tighten the relaxation: CP-SAT still proves every level exactly, in integers.

Two uses: a cross-check of the blossom code on every instance where both run (the tests
compare them on reference tournaments), and a model that research variants can extend
with side constraints that a matching cannot express. It is much slower than blossom: a
round of a few dozen players takes seconds, not milliseconds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabellone.core.errors import SolverLimitError

#: A field of a packed weight: (shift, width) in bits.
Field = tuple[int, int]

#: Bits of one digit of the total weight (and the most that consecutive fields merge into).
#: Two limits meet here: CP-SAT keeps objectives in 64-bit integers but compares bounds and
#: gaps in doubles (above 2^53 a level was declared optimal with its last units still
#: open, on a 14-player round); and the cutting planes come from a floating-point LP, in
#: which a level's low bits must stay far above the tolerances (with 44-bit levels they
#: vanished, and CP-SAT, left without cuts, ran for minutes on 20 vertices).
_MERGE_BITS = 20

#: Widest chunk made by merging a chunk that can carry into the one above (see __call__).
_MAX_MERGED_BITS = 40


def _levels(fields: Sequence[Field]) -> list[tuple[int, int]]:
    """Group consecutive fields (most significant first) into levels ``(low, high)`` of
    at most ``_MERGE_BITS`` bits (a wider field is a level alone; :func:`chunk_bounds`
    cuts it)."""
    levels: list[tuple[int, int]] = []
    low = high = None
    for shift, width in fields:
        if width <= 0:
            continue
        top = shift + width
        if high is None:
            low, high = shift, top
        elif high - shift <= _MERGE_BITS:
            low = shift
        else:
            levels.append((low, high))  # type: ignore[arg-type]  # low is set with high
            low, high = shift, top
    if high is not None:
        levels.append((low, high))  # type: ignore[arg-type]  # low is set with high
    return levels


def covering_fields(fields: Sequence[Field], largest: int) -> list[Field]:
    """``fields`` sorted most significant first, checked to be disjoint, with the top one
    widened to hold ``largest`` (a weight may use bits above the last declared field only
    in the top one, where nothing lies above it to carry into)."""
    ordered = sorted(((s, w) for s, w in fields if w > 0), reverse=True)
    for (s_hi, _), (s_lo, w_lo) in zip(ordered, ordered[1:]):
        if s_lo + w_lo > s_hi:
            raise ValueError(f"fields overlap: bits {s_lo}-{s_lo + w_lo - 1} and {s_hi}-")
    if not ordered:
        return [(0, max(largest.bit_length(), 1))]
    s, w = ordered[0]
    ordered[0] = (s, max(w, largest.bit_length() - s))
    return ordered


def odd_set_cuts(
    edges: list[tuple[int, int, int]],
    objective: Sequence[float],
    cuts: list[tuple[list[int], int]],
    fixed: Sequence[tuple[Sequence[int], int]] = (),
    max_rounds: int = 60,
) -> None:
    """Add to ``cuts`` the odd-set inequalities ``(edge indices inside S, (|S| - 1) / 2)``
    that the linear relaxation violates on its way to maximising ``objective`` over the
    face where each ``(coefficients, optimum)`` of ``fixed`` holds (in doubles: the LP
    only finds cuts, it proves nothing)."""
    from ortools.linear_solver import pywraplp

    lp = pywraplp.Solver.CreateSolver("GLOP")
    x = [lp.NumVar(0.0, 1.0, "") for _ in edges]
    incident: dict[int, list[int]] = {}
    for i, (u, v, _) in enumerate(edges):
        incident.setdefault(u, []).append(i)
        incident.setdefault(v, []).append(i)
    for indices in incident.values():
        lp.Add(sum(x[i] for i in indices) <= 1)
    for indices, bound in cuts:
        lp.Add(sum(x[i] for i in indices) <= bound)
    for coef, best in fixed:
        scale = max(coef) or 1
        lp.Add(sum((c / scale) * x[i] for i, c in enumerate(coef) if c) >= best / scale - 1e-7)
    top = max(objective) or 1.0
    lp.Maximize(sum((c / top) * x[i] for i, c in enumerate(objective) if c))
    for _ in range(max_rounds):
        if lp.Solve() != pywraplp.Solver.OPTIMAL:
            return
        value = [xi.solution_value() for xi in x]
        if all(v < 1e-6 or v > 1 - 1e-6 for v in value):
            return
        added = 0
        for S in violated_odd_sets(edges, value):
            inside = [i for i, (u, v, _) in enumerate(edges) if u in S and v in S]
            bound = (len(S) - 1) // 2
            lp.Add(sum(x[i] for i in inside) <= bound)
            cuts.append((inside, bound))
            added += 1
        if not added:
            return


def violated_odd_sets(edges: list[tuple[int, int, int]], value: list[float]) -> list[set[int]]:
    """Odd vertex sets S with x(E(S)) > (|S| - 1) / 2 for the fractional point ``value``:
    the minimum T-odd cuts of M. W. Padberg and M. R. Rao ("Odd minimum cut-sets and
    b-matchings", Math. Oper. Res. 7, 1982), read off a Gomory-Hu tree. With slack
    s_v = 1 - x(delta(v)) on an edge to an extra vertex, S is violated exactly when
    x(delta(S)) + s(S) < 1."""
    import networkx as nx

    g = nx.Graph()
    extra = -1
    vertices = {w for u, v, _ in edges for w in (u, v)}
    g.add_nodes_from(vertices)
    g.add_node(extra)
    load: dict[int, float] = dict.fromkeys(vertices, 0.0)
    for (u, v, _), val in zip(edges, value):
        if val > 1e-9:
            g.add_edge(u, v, capacity=val)
            load[u] += val
            load[v] += val
    for w in vertices:
        g.add_edge(w, extra, capacity=max(0.0, 1.0 - load[w]))
    odd = set(vertices) if len(vertices) % 2 == 0 else set(vertices) | {extra}
    tree = nx.gomory_hu_tree(g)
    found: list[set[int]] = []
    for a, b, data in list(tree.edges(data=True)):
        if data["weight"] >= 1 - 1e-6:
            continue
        tree.remove_edge(a, b)
        side = nx.node_connected_component(tree, a)
        tree.add_edge(a, b, **data)
        if len(side & odd) % 2 == 1:
            S = side if extra not in side else (vertices | {extra}) - side
            S = {w for w in S if w != extra}
            if len(S) % 2 == 1 and len(S) >= 3:
                found.append(S)
    return found


class CpSatMatching:
    """A ``solve(n, edges, fields=None)`` function for the engine, backed by CP-SAT.

    ``edges`` are ``(u, v, weight)`` with non-negative integer weights; ``fields`` are the
    carry-free bit fields of the weights (see the module text). Without ``fields`` the
    weights are one field and must fit 64 bits summed. Returns the mate of every matched
    vertex, both directions, like :func:`tabellone.matching.backends.max_weight_matching`.

    ``workers`` is CP-SAT's number of search workers (1: deterministic and cheapest on a
    small machine); ``time_limit`` (seconds per level) turns an unproven level into an
    error rather than a wait.
    """

    wants_fields = True

    def __init__(self, workers: int = 1, time_limit: float | None = 120.0):
        self.workers = workers
        self.time_limit = time_limit
        self.levels_solved = 0

    def __call__(
        self, n: int, edges: list[tuple[int, int, int]], fields: Sequence[Field] | None = None
    ) -> dict[int, int]:
        from ortools.sat.python import cp_model

        edge_list = [(u, v, w) for u, v, w in edges if w > 0 and u != v]
        if not edge_list:
            return {}
        bounds = chunk_bounds(fields or (), max(w for _, _, w in edge_list))
        pairs_max = max(n // 2, 1)
        model = cp_model.CpModel()
        x = [model.NewBoolVar(f"x{u}_{v}") for u, v, _ in edge_list]
        incident: dict[int, list[Any]] = {}
        for var, (u, v, _) in zip(x, edge_list):
            incident.setdefault(u, []).append(var)
            incident.setdefault(v, []).append(var)
        for vars_at in incident.values():
            if len(vars_at) > 1:
                model.AddAtMostOne(vars_at)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = self.workers
        if self.time_limit is not None:
            solver.parameters.max_time_in_seconds = self.time_limit

        def solve(objective: Any, hint: list[bool] | None, where: str) -> int:
            model.Maximize(objective)
            model.ClearHints()
            for var, on in zip(x, hint or ()):
                model.AddHint(var, on)
            status = solver.Solve(model)
            self.levels_solved += 1
            if status != cp_model.OPTIMAL:
                raise SolverLimitError(
                    f"CP-SAT did not prove the optimum of {where} within {self.time_limit} s "
                    f"(status {solver.StatusName(status)}); the blossom back end (the default) proves every optimum"
                )
            value: int = solver.Value(objective)  # exact (ObjectiveValue() is a double)
            return value

        cuts: list[tuple[list[int], int]] = []
        odd_set_cuts(edge_list, [float(w) for _, _, w in edge_list], cuts)

        def coefficients(low: int, high: int | None) -> list[int]:
            return [(w >> low) & ((1 << (high - low)) - 1) if high is not None else w >> low for _, _, w in edge_list]

        chunks = [(low, bounds[k + 1] if k + 1 < len(bounds) else None) for k, low in enumerate(bounds)]

        def add_cuts(objective: Sequence[float], fixed: Sequence[tuple[list[int], int]] = ()) -> None:
            known = len(cuts)
            odd_set_cuts(edge_list, objective, cuts, fixed)
            for indices, bound in cuts[known:]:
                model.Add(sum(x[i] for i in indices) <= bound)

        for indices, bound in cuts:
            model.Add(sum(x[i] for i in indices) <= bound)
        # the digits of the total weight, least significant first, with their carries. A
        # chunk's own maximum over all matchings (a plain matching problem, quick with the
        # cuts) bounds its carry. Where it can carry, the chunk is merged with the one above
        # while the two fit _MAX_MERGED_BITS: a carry variable makes the relaxation loose (a
        # 40-player round stayed unproven for minutes), a merged chunk does not. Where the
        # fields are carry-free nothing merges and the digits are the chunk sums.
        digits: list[tuple[int, int | None, Any, list[int] | None]] = []
        carry: Any = None
        carry_max = 0
        k = 0
        while k < len(chunks):
            low, high = chunks[k]
            coef = coefficients(low, high)
            chunk = sum(c * var for c, var in zip(coef, x) if c)
            chunk_max = sum(sorted(coef, reverse=True)[:pairs_max]) + carry_max  # a cheap bound
            if high is not None and chunk_max >> (high - low) and any(coef):
                add_cuts(coef)
                chunk_max = solve(chunk, None, f"bits {low}-{high - 1} alone") + carry_max
                above = chunks[k + 1][1]
                if chunk_max >> (high - low) and carry is None and (above is None or above - low <= _MAX_MERGED_BITS):
                    chunks[k : k + 2] = [(low, above)]
                    continue
            k += 1
            if carry is not None:
                chunk = chunk + carry
            if high is None:
                digits.append((low, None, chunk, coef if carry is None else None))
                break
            carry_max = chunk_max >> (high - low)
            if carry_max == 0:
                digits.append((low, high, chunk, coef))
                carry = None
                continue
            digit = model.NewIntVar(0, (1 << (high - low)) - 1, f"d{low}")
            carry = model.NewIntVar(0, carry_max, f"c{low}")
            model.Add(chunk == digit + (1 << (high - low)) * carry)
            digits.append((low, high, digit, None))
        chosen: list[bool] | None = None
        fixed: list[tuple[list[int], int]] = []  # levels fixed so far that are plain chunk sums
        for low, high, digit, coef in reversed(digits):  # the most significant digit first
            if isinstance(digit, int):
                continue
            if coef is not None:
                add_cuts(coef, fixed)  # the face of the levels above, cut for this level
            where = f"bits {low}-{high - 1}" if high is not None else f"bits {low} and up"
            best = solve(digit, chosen, where)
            if coef is not None:
                fixed.append((coef, best))
            chosen = [bool(solver.Value(var)) for var in x]
            model.Add(digit == best)
        mate: dict[int, int] = {}
        for on, (u, v, _) in zip(chosen or (), edge_list):
            if on:
                mate[u] = v
                mate[v] = u
        return mate


def chunk_bounds(fields: Sequence[Field], largest: int) -> list[int]:
    """The lowest bit of every digit of the total weight, ascending from 0. Field
    boundaries are preferred (where fields are carry-free the carries stay 0), merged up
    to ``_MERGE_BITS``; a stretch wider than that, or the bits above the last field, is
    cut every ``_MERGE_BITS`` bits."""
    bounds = {0}
    if fields:
        bounds |= {low for low, _ in _levels(covering_fields(fields, largest))}
    ordered = sorted(bounds)
    out: list[int] = []
    for k, low in enumerate(ordered):
        high = ordered[k + 1] if k + 1 < len(ordered) else max(largest.bit_length(), low + 1)
        out.extend(range(low, high, _MERGE_BITS))
    return out


def solve_fields_of(
    solve: Callable[..., dict[int, int]], n: int, edges: list[tuple[int, int, int]], fields: Sequence[Field]
) -> dict[int, int]:
    """Call an engine ``solve`` function, handing it the weights' fields when it asks for
    them (``wants_fields``); blossom back ends need only the packed weights."""
    if getattr(solve, "wants_fields", False):
        return solve(n, edges, fields)
    return solve(n, edges)
