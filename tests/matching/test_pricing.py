"""Matching with pricing (tabellone/matching/pricing.py and the core's price/tight): a
graph solved on a subset of its edges, every other pair priced against the optimum's
duals and the violating ones added, has the optimum of the whole graph. The dense solve
of the same graph is the reference; the candidate subsets include useless and hostile
ones, which pricing must repair."""

from __future__ import annotations

import random
import struct
from array import array

import pytest

from tabellone.matching.blossom import HAVE_EXTENSION, Matcher, max_weight_matching
from tabellone.matching.pricing import max_weight_matching_priced, price_rows

pytestmark = pytest.mark.skipif(not HAVE_EXTENSION, reason="pricing reads the compiled core's duals")


def weight_of(W: list[list[int]], mates: list[int] | dict[int, int]) -> int:
    pairs = mates.items() if isinstance(mates, dict) else enumerate(mates)
    return sum(W[max(a, b)][min(a, b)] for a, b in pairs if b >= 0 and a < b)


def edges_of(W: list[list[int]]) -> list[tuple[int, int, int]]:
    return [(y, x, W[x][y]) for x in range(len(W)) for y in range(x) if W[x][y]]


def graph(kind: str, n: int, rnd: random.Random) -> list[list[int]]:
    """Lower-triangular weights: W[x][y], y < x (0: no edge)."""
    W = [[0] * n for _ in range(n)]
    for x in range(n):
        for y in range(x):
            if kind == "random":
                w = rnd.randint(0, 1000)
            elif kind == "uniform":  # near-uniform: most pairs tie, as in a bracket
                w = rnd.choice([0, 100, 100, 100, 100, 101, 102])
            elif kind == "wide":  # beyond 64 bits
                w = rnd.choice([0, (1 << 90) + rnd.randint(0, 3), (1 << 90) + (1 << 70)])
            else:  # blossoms: odd cycles of heavy edges, light edges between them
                w = 1000 if x // 5 == y // 5 and (x - y) in (1, 4) else rnd.choice([0, 0, 1, 2])
            W[x][y] = w
    return W


def candidates(how: str, W: list[list[int]], rnd: random.Random) -> list[tuple[int, int, int]]:
    edges = edges_of(W)
    if how == "none":
        return []
    if how == "sample":
        return [e for e in edges if rnd.random() < 0.2]
    if how == "lightest":  # the worst edges only: an unsafe guess
        return sorted(edges, key=lambda e: e[2])[: len(W)]
    # hostile: every edge but those of a dense optimum
    best = max_weight_matching(len(W), edges)
    return [(u, v, w) for u, v, w in edges if best.get(u) != v]


@pytest.mark.parametrize("kind", ["random", "uniform", "wide", "blossoms"])
@pytest.mark.parametrize("how", ["none", "sample", "lightest", "hostile"])
def test_priced_optimum_weighs_the_dense_optimum(kind, how):
    for seed in range(25):
        rnd = random.Random(f"{kind}-{how}-{seed}")
        n = rnd.randint(2, 36)
        W = graph(kind, n, rnd)
        dense = max_weight_matching(n, edges_of(W))
        mates = max_weight_matching_priced(n, lambda x, W=W: W[x][:x], candidates(how, W, rnd), rnd.choice([1, 2, 8]))
        assert all(mates[mates[v]] == v for v in range(n) if mates[v] >= 0)  # a matching
        assert all(W[max(v, m)][min(v, m)] for v, m in enumerate(mates) if m >= 0)  # of the graph's edges
        assert weight_of(W, mates) == weight_of(W, dense), (kind, how, seed)


def test_distinct_weights_give_the_dense_matching_itself():
    """Distinct powers of two: the optimum is unique, so pricing must find that very one."""
    rnd = random.Random(5)
    for _ in range(20):
        n = rnd.randint(4, 18)
        bits = rnd.sample(range(n * n), n * (n - 1) // 2)
        W = [[0] * n for _ in range(n)]
        k = 0
        for x in range(n):
            for y in range(x):
                W[x][y] = 1 << bits[k]
                k += 1
        dense = max_weight_matching(n, edges_of(W))
        mates = max_weight_matching_priced(n, lambda x, W=W: W[x][:x], candidates("lightest", W, rnd), 1)
        assert {v: m for v, m in enumerate(mates) if m >= 0} == dense


def test_price_names_the_pairs_the_duals_do_not_cover():
    """A hand-worked case: the edge 0-1 of weight 10 alone. Its optimum has u_0 + u_1 = 10,
    both >= 0, and u_2 = 0 (single), so the pair 0-2 is violated exactly when it weighs more
    than u_0, and 1-2 when it weighs more than u_1: both when each weighs 11, at most one
    when they weigh 10 together; a pair that is an edge is never named."""
    m = Matcher(3)
    m.set_edges([(0, 1, 10)])
    assert m.solve() == [1, 0, -1]
    assert m.price(2, [0, 1], [0, 0], 5, 0) == []  # no pair: nothing to price
    assert m.price(2, [0, 1], [None, 11], 5, 0) == [1]  # None: no pair, as 0 (the 2017 rows)
    assert m.price(2, [0, 1], [11, 11], 5, 0) == [0, 1]  # 11 > u_0 and 11 > u_1
    assert len(m.price(2, [0, 1], [5, 5], 5, 0)) <= 1
    assert m.price(1, [0], [10**6], 5, 0) == []  # 0-1 is an edge: covered by the certificate
    assert m.price(2, [-1, 1], [11, 11], 5, 0) == [1]  # ys < 0: skipped
    assert m.price(2, [0, 1], [11, 10**6], 1, 0) == [1]  # the limit keeps the most violated
    # tight: every pair of slack 0, edges at their own weight
    assert m.tight(0, [1, 2], [0, 0]) == [0]
    assert m.tight(2, [0, 1], [None, 10**6]) == [1]  # (0-2 no pair; 1-2 slack below 0)
    m.set_edge(1, 2, 3)
    assert m.price(2, [0], [11], 5, 0) is None  # the optimum is not current after a change


def test_price_rows_on_an_empty_graph_prefers_the_centre_among_equals():
    """Without an edge every dual is 0: each pair of weight > 0 is violated, and among
    equal weights the `limit` nearest to the centre index are named first."""
    m = Matcher(8)
    added = price_rows(m, [(7, list(range(7)), [5] * 7, 3, None)], 3)
    assert sorted(y for _, y, _ in added) == [2, 3, 4]
    assert m.price(7, list(range(7)), [5, 5, 5, 5, 5, 5, 9], 2, 0) == [0, 6]


def cover(m: Matcher, x: int, y: int) -> int:
    """The least weight at which the non-edge pair x-y violates the duals (its slack at
    weight w is ``cover - 1 + frac - w``): found by pricing it at trial weights."""
    lo, hi = 1, 1 << 40
    while lo < hi:
        mid = (lo + hi) // 2
        if m.price(x, [y], [mid], 1, 0, None):
            hi = mid
        else:
            lo = mid + 1
    return lo


def solved_at_random(rnd: random.Random, least: int, most: int, share: float) -> tuple[int, list, Matcher]:
    """A graph of ``least`` to ``most`` vertices of a random kind, about ``share`` of its
    edges given to a matcher, solved: (n, every edge, the matcher)."""
    n = rnd.randint(least, most)
    edges = edges_of(graph(rnd.choice(["random", "uniform", "blossoms", "wide"]), n, rnd))
    m = Matcher(n)
    m.set_edges([e for e in edges if rnd.random() < share])
    m.solve()
    return n, edges, m


def duals_of(snapshot: bytes) -> list[tuple[int, dict[int, int]]]:
    """Per vertex, its dual and the blossoms holding it with theirs (innermost first), read
    from a ``snapshot()`` (int32 n and limbs per number, the 2n duals as two's complement
    little-endian limbs, twice a vertex's dual as the core holds them, then the 2n
    parents)."""
    n, limbs = struct.unpack_from("<ii", snapshot)
    unit = 8 * limbs
    parent = struct.unpack_from(f"<{2 * n}i", snapshot, 8 + 2 * n * unit)

    def dual(b: int) -> int:
        return int.from_bytes(snapshot[8 + b * unit : 8 + (b + 1) * unit], "little", signed=True)

    out = []
    for x in range(n):
        zs, b = {}, parent[x]
        while b != -1:
            zs[b] = dual(b)
            b = parent[b]
        out.append((dual(x), zs))
    return out


def test_price_names_a_pair_exactly_when_its_slack_from_the_duals_is_negative():
    """The slack worked out here in Python ints from the duals the core shows
    (snapshot): twice it is U_x + U_y + 2 (z of the blossoms holding both) - 2 w. At the
    weights around the one that makes it 0 (one below, at it, one above), price names a
    non-edge pair exactly when that slack is negative: the core's limb arithmetic, wide
    numbers and blossoms included, against the definition."""
    rnd = random.Random(19)
    named = 0
    for _ in range(40):
        n, _, m = solved_at_random(rnd, 3, 30, rnd.choice([0.3, 0.7]))
        snap = m.snapshot()
        if snap is None:  # no edge was given: no optimum is kept
            continue
        duals = duals_of(snap)
        for _ in range(30):
            x, y = rnd.sample(range(n), 2)
            if m.weight(x, y):
                continue
            (ux, zx), (uy, zy) = duals[x], duals[y]
            total = ux + uy + 2 * sum(z for b, z in zx.items() if b in zy)  # twice the slack at weight 0
            for w in (total // 2 - 1, total // 2, total // 2 + 1):
                if w <= 0:
                    continue
                hits = m.price(x, [y], [w], 1, 0)
                assert hits == ([0] if total - 2 * w < 0 else []), (x, y, w)
                named += bool(hits)
                assert m.price_rows([(x, [y], [w], 0, None)], 1) == ([(x, y, w)] if hits else [])
    assert named


def test_price_keeps_the_most_violated_pairs_that_are_not_edges():
    """With a limit, price names the ``limit`` non-edge pairs of most negative slack (ties:
    nearest the centre, then the lower index), in index order: worked out here from the
    duals in Python ints, on rows that mix edges (never named, whatever their weight
    there) with non-edges, so that the edges sorted among the most violated must be
    passed over and later pairs kept instead."""
    rnd = random.Random(23)
    checked = 0
    for _ in range(60):
        n, _, m = solved_at_random(rnd, 4, 30, 0.5)
        snap = m.snapshot()
        if snap is None:  # no edge was given: no optimum is kept
            continue
        duals = duals_of(snap)
        for x in range(n):
            ys = [y for y in range(n) if y != x]
            rnd.shuffle(ys)
            (ux, zx) = duals[x]
            ws, slack = [], []
            for y in ys:
                uy, zy = duals[y]
                total = ux + uy + 2 * sum(z for b, z in zx.items() if b in zy)
                w = max(1, total // 2 + rnd.choice([-1, 0, 1, 2, 5]))  # around the tight weight
                ws.append(w)
                slack.append(total - 2 * w)
            center, limit = rnd.randrange(len(ys)), rnd.choice([1, 2, 4])
            violated = [i for i, y in enumerate(ys) if slack[i] < 0 and not m.weight(x, y)]
            best = sorted(violated, key=lambda i: (slack[i], abs(i - center), i))[:limit]
            assert m.price(x, ys, ws, limit, center) == sorted(best), (x, limit)
            checked += any(slack[i] < 0 and m.weight(x, y) for i, y in enumerate(ys))
    assert checked  # rows where edges were among the violated


def test_price_rows_names_what_price_names_row_by_row():
    """The core's price_rows (one call, one scratch for every row) against price called
    once a row on the same optimum: the same pairs, in the same order, on random graphs
    with blossoms nested several deep (each row's chain and memo of blossoms must not leak
    into the next), random masks, int32 arrays and lists, repeated and huge weights, and
    rows of every limit and centre."""
    rnd = random.Random(13)
    checked = 0
    for trial in range(60):
        n, _, m = solved_at_random(rnd, 3, 40, rnd.choice([0.0, 0.3, 0.7]))
        k = rnd.randint(1, 4)  # a random mask: classes (255: every pair) and a table of them
        codes = bytes(rnd.choice([*range(k), 255]) for _ in range(n))
        mask = rnd.choice([None, (codes, bytes(rnd.randint(0, 1) for _ in range(k * k)))])
        shared = [rnd.choice([0, 1, 50, 100, 10**6, 1 << 70, 1 << 200]) for _ in range(4)]
        rows = []
        for _ in range(rnd.randint(1, 3 * n)):
            x = rnd.randrange(n)
            ys = [rnd.choice([rnd.randrange(n), rnd.randrange(n), -1, x]) for _ in range(rnd.randint(0, 2 * n))]
            ws = [
                rnd.choice([*shared, rnd.randint(0, 1 << rnd.choice([8, 40, 90]))])
                for _ in ys[: rnd.randint(0, len(ys))]
            ]
            rows.append((x, array("i", ys) if rnd.random() < 0.5 else ys, ws, rnd.randrange(len(ys) + 1), mask))
        limit = rnd.choice([0, 1, 3, 8, 1000])
        expected = []
        for x, ys, ws, center, row_mask in rows:
            hits = m.price(x, ys, ws, limit, center, row_mask)
            assert hits is not None
            expected += [(x, ys[i], ws[i]) for i in hits]
        assert m.price_rows(iter(rows), limit) == expected, trial
        checked += len(expected)
    assert checked > 100  # the rows did name pairs
    m.set_edge(0, 1, 777777)
    assert m.price_rows([(2, [0], [5], 0, None)], 1) is None  # not current after a change


def test_tight_names_the_pairs_of_slack_zero_an_edge_at_its_own_weight():
    """tight(x, ys, ws): the pairs of slack at most 0 under the optimum's duals, an edge
    of the graph at the graph's weight (whatever the row says), another pair at the
    row's (0 or None: no pair), worked out here from the duals in Python ints, on rows
    that repeat partners, name the row's own vertex and skip (-1)."""
    rnd = random.Random(41)
    checked = 0
    for _ in range(60):
        n, _, m = solved_at_random(rnd, 3, 30, rnd.choice([0.3, 0.7, 1.0]))
        snap = m.snapshot()
        if snap is None:
            continue
        duals = duals_of(snap)
        for _ in range(3 * n):
            x = rnd.randrange(n)
            ys = [rnd.choice([rnd.randrange(n), rnd.randrange(n), -1, x]) for _ in range(rnd.randint(0, 2 * n))]
            (ux, zx) = duals[x]
            ws = []
            expected = []
            for i, y in enumerate(ys):
                if y < 0:
                    ws.append(5)
                    continue
                uy, zy = duals[y]
                total = ux + uy + 2 * sum(z for b, z in zx.items() if b in zy)
                w = rnd.choice([None, 0, max(1, total // 2 + rnd.choice([-1, 0, 0, 1]))])
                ws.append(w)
                weight = m.weight(x, y) if y != x else 0
                if y != x and (weight or w) and total - 2 * (weight or w) <= 0:
                    expected.append(i)
            assert m.tight(x, ys, ws) == expected, (x, ys, ws)
            checked += len(expected)
    assert checked > 100


def test_masked_rows_of_one_array_name_the_violated_pairs_the_mask_passes():
    """A large bracket's masked rows are slices of one int32 array (2017: each row the
    players after it; 2026: a prefix of the whole order), which the core reads through
    the mask's classes (only the partners whose class the row's may have lowered): per
    row, exactly the ``limit`` most violated non-edge pairs the mask passes (ties: nearest
    the centre, then the lower index), worked out here from the duals in Python ints;
    rows of other arrays and lists between them, and a second mask, in the same call."""
    rnd = random.Random(31)
    checked = 0
    for trial in range(80):
        n, _, m = solved_at_random(rnd, 4, 36, rnd.choice([0.3, 0.7]))
        snap = m.snapshot()
        if snap is None:
            continue
        duals = duals_of(snap)

        def twice_cover(x: int, y: int) -> int:
            (ux, zx), (uy, zy) = duals[x], duals[y]
            return ux + uy + 2 * sum(z for b, z in zx.items() if b in zy)

        masks = []
        for _ in range(2):
            k = rnd.randint(1, 5)
            codes = bytes(rnd.choice([*range(k), *range(k), 255]) for _ in range(n))
            masks.append((codes, bytes(rnd.random() < 0.3 for _ in range(k * k))))
        order = list(range(n)) + [-1] * rnd.randint(0, 3)
        rnd.shuffle(order)
        whole = array("i", order)
        view = memoryview(whole)
        rows = []
        for _ in range(rnd.randint(1, 2 * n)):
            x = rnd.randrange(n)
            start = rnd.randrange(len(order) + 1)
            how = rnd.choice(["slice", "slice", "prefix", "own", "list"])
            if how == "slice":
                ys = view[start:]
            elif how == "prefix":
                ys = whole
            else:
                part = order[start:]
                ys = array("i", part) if how == "own" else part
            cnt = rnd.randint(0, len(ys))
            ws = [max(1, twice_cover(x, y) // 2 + rnd.choice([-2, -1, 0, 1, 3])) if y >= 0 else 5 for y in ys[:cnt]]
            rows.append((x, ys, ws, rnd.randrange(len(ys) + 1), masks[0] if rnd.random() < 0.7 else masks[1]))
        limit = rnd.choice([0, 1, 2, 5, 100])
        expected = []
        for x, ys, ws, center, (codes, table) in rows:
            k = int(round(len(table) ** 0.5))

            def passes(y: int) -> bool:
                return codes[x] >= k or codes[y] >= k or bool(table[codes[x] * k + codes[y]])

            slack = {
                i: twice_cover(x, y) - 2 * ws[i]
                for i, y in enumerate(ys[: len(ws)])
                if y >= 0 and y != x and passes(y) and not m.weight(x, y)
            }
            best = sorted((i for i in slack if slack[i] < 0), key=lambda i: (slack[i], abs(i - center), i))[:limit]
            expected += [(x, ys[i], ws[i]) for i in sorted(best)]
        assert m.price_rows(iter(rows), limit) == expected, trial
        checked += len(expected)
    assert checked > 100


def test_lowered_pairs_tells_the_pairs_that_kept_their_slack_by_class():
    """lowered_pairs(old) against its definition, worked out here from the two snapshots:
    a vertex's class is its innermost blossom of non-zero dual then and now (the same
    code for the same pair, a new code for another); 255 exactly where its dual's change
    is below min(0, the median change of its class);
    and the table marks two classes exactly when the least change of a dual in each,
    plus twice the change of the duals of the blossoms holding both, is negative, for
    every pair between them. Then what the mask promises: a pair it does not mark kept
    at least its slack (the least violating weight did not go down), and pricing with
    it names no pair that pricing without it does not. Nothing moved: no mark; a
    snapshot of another graph: every vertex 255."""
    rnd = random.Random(23)
    kept = marked = moved = 0
    for _ in range(60):
        n = rnd.randint(4, 20)
        W = graph(rnd.choice(["random", "uniform", "blossoms"]), n, rnd)
        edges = edges_of(W)
        m = Matcher(n)
        m.set_edges([e for e in edges if rnd.random() < 0.4])
        m.solve()
        old = m.snapshot()
        if old is None:
            continue
        codes, table = m.lowered_pairs(old)
        assert 255 not in codes and not any(table)
        pairs = [(x, y) for x in range(n) for y in range(x) if m.weight(x, y) == 0]
        before = {p: cover(m, *p) for p in pairs}
        for _ in range(rnd.randint(1, 3)):
            change = rnd.sample(edges, min(len(edges), rnd.randint(1, 6)))
            m.set_edges([(u, v, rnd.choice([0, w, w // 2, w + 7])) for u, v, w in change])
            assert (m.lowered_pairs(old) is None) == (m.snapshot() is None)  # None: not current after a change
            m.solve()
        now = m.snapshot()
        if now is None:
            continue
        codes, table = m.lowered_pairs(old)
        k = int(len(table) ** 0.5)
        assert k * k == len(table)
        then_d, now_d = duals_of(old), duals_of(now)

        def nonzero(chain: dict[int, int]) -> dict[int, int]:
            return {b: z for b, z in chain.items() if z}

        key = [(next(iter(nonzero(then_d[v][1])), None), next(iter(nonzero(now_d[v][1])), None)) for v in range(n)]
        change = [now_d[v][0] - then_d[v][0] for v in range(n)]
        by_key: dict = {}
        for v in range(n):
            by_key.setdefault(key[v], []).append(change[v])
        for v in range(n):  # 255 exactly below min(0, the median change of its class)
            median = sorted(by_key[key[v]])[len(by_key[key[v]]) // 2]
            assert (codes[v] == 255) == (change[v] < min(0, median))
            assert codes[v] == 255 or codes[v] < k
            for u in range(v):
                if codes[u] < k and codes[v] < k:
                    assert (codes[u] == codes[v]) == (key[u] == key[v])
        least = {c: min(change[v] for v in range(n) if codes[v] == c) for c in set(codes) - {255}}
        for x in range(n):
            for y in range(x):
                cx, cy = codes[x], codes[y]
                if cx == 255 or cy == 255:
                    continue
                zx, zy = nonzero(now_d[x][1]), nonzero(now_d[y][1])
                ox, oy = nonzero(then_d[x][1]), nonzero(then_d[y][1])
                both = sum(zx[b] for b in zx.keys() & zy.keys()) - sum(ox[b] for b in ox.keys() & oy.keys())
                assert table[cx * k + cy] == (least[cx] + least[cy] + 2 * both < 0)
        for x, y in pairs:
            if m.weight(x, y) == 0 and codes[x] < k and codes[y] < k and not table[codes[x] * k + codes[y]]:
                assert cover(m, x, y) >= before[(x, y)]
                kept += 1
                # the case it is for: an end whose chain of blossoms is not the same
                moved += any(list(now_d[v][1]) != list(then_d[v][1]) for v in (x, y))
            else:
                marked += 1
        for x in range(n):
            ws = [W[max(x, y)][min(x, y)] if y != x else 0 for y in range(n)]
            ys = array("i", range(n))
            assert m.price(x, ys, ws, n, 0, None) == m.price(x, list(range(n)), ws, n, 0)  # int32 array = list
            assert set(m.price(x, ys, ws, n, 0, (codes, table))) <= set(m.price(x, ys, ws, n, 0, None))
    assert kept and marked and moved
    other = Matcher(3)
    other.set_edges([(0, 1, 5)])
    other.solve()
    theirs = other.snapshot()
    codes, table = m.lowered_pairs(theirs)
    assert codes == bytes([255]) * n and table == b""
    other.set_edge(1, 2, 9)
    assert other.lowered_pairs(theirs) is None  # not current after a change
