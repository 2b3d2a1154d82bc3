"""FIDE Lim system (tabellone/rules/lim/): the worked examples of the text (C.04.4.3, 2026: the
exchange tables of Art. 4.2-4.4, round one of Art. 7, round two of Art. 8), hand-worked
rounds, colours, the absolute criteria checked by an independent checker written from the
raw round entries, and the verifier interface.

Every expected pairing below was worked by hand from the rule text (the reasoning is in
each test's docstring), not copied from the engine's output.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from tournaments import field, game, merge

from tabellone.cli import main
from tabellone.core.errors import InputError
from tabellone.core.history import cut_before
from tabellone.core.model import Tournament
from tabellone.core.pairing import Pairing
from tabellone.formats.trf import format_trf
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import get_system, lim
from tabellone.rules.lim.engine import pair_groups, prepare
from tabellone.verify import checker as verify

# ----------------------------------------------------------------------------------------
# the independent checker (used by benchmarks/lim_crosscheck.py too)


def independent_violations(t: Tournament, pairing: Pairing) -> list[str]:
    """The absolute rules of C.04.1 and Lim Art. 2.1 / 5.1, checked from the raw round
    entries of ``t`` (the rounds before ``pairing.round``) without the engine's model:
    everyone present is paired once; nobody meets a player he has played over the board;
    the bye only with an odd number and not to a player who had a bye or a win without
    playing; outside the last round nobody gets a colour three times running or a colour
    difference beyond 2."""
    r = pairing.round
    out = []
    present = {p.id for p in t.players if len(p.rounds) < r or p.rounds[r - 1].is_empty}
    seen: list[int] = [x for pr in pairing.pairs for x in pr] + ([pairing.bye] if pairing.bye is not None else [])
    if sorted(seen) != sorted(present):
        out.append(f"round {r}: players paired {sorted(seen)} but present {sorted(present)}")
    if (pairing.bye is not None) != (len(present) % 2 == 1):
        out.append(f"round {r}: bye {pairing.bye} with {len(present)} players")
    hist = {}
    for p in t.players:
        entries = p.rounds[: r - 1]
        met = {e.opponent for e in entries if e.opponent is not None and e.result in "1=0WDL"}
        cols = "".join(e.colour for e in entries if e.opponent is not None and e.result in "1=0WDL")
        free_win = any(e.opponent is None and e.result in "UF" or e.result == "+" for e in entries)
        hist[p.id] = (met, cols, free_win)
    last = r == t.total_rounds
    for w, b in pairing.pairs:
        if b in hist[w][0]:
            out.append(f"round {r}: {w} and {b} meet again")
        if not last:
            for pid, c in ((w, "w"), (b, "b")):
                cols = hist[pid][1] + c
                if cols[-3:] == c * 3:
                    out.append(f"round {r}: {pid} gets {c} three times running")
                if abs(cols.count("w") - cols.count("b")) > 2:
                    out.append(f"round {r}: {pid} colour difference beyond 2")
    if pairing.bye is not None and hist[pairing.bye][2]:
        out.append(f"round {r}: bye to {pairing.bye}, who already won without playing")
    return out


def pairs_of(p: Pairing) -> set[tuple[int, int]]:
    return set(p.pairs)


# ----------------------------------------------------------------------------------------
# Art. 4.2-4.4: the exchange tables, on a group of six with histories set by hand


def six(met: list[tuple[int, int]]):
    """A context whose six players (ids 1-6, all compatible but for ``met``) form one
    group paired downward; returns (ctx, index of id)."""
    ctx = prepare(field(6, total=5), "2026", 1)
    idx = {e.id: k for k, e in enumerate(ctx.P)}
    for a, b in met:
        ctx.compat.forbid(idx[a], idx[b])
    return ctx, idx


def scrutiny(met, direction="down"):
    ctx, idx = six(met)
    ids = {k: i for i, k in idx.items()}
    return [(ids[a], ids[b]) for a, b in lim.A4_first_scrutiny(ctx, sorted(idx.values()), direction)]


def test_4_2_exchange_order_of_player_1():
    """Art. 4.2 table, columns 1-5: the proposed pairing 1-4 2-5 3-6, then as #1 finds
    4, 5, 6, 3 incompatible in turn: 1-5 2-4 3-6; 1-6 2-4 3-5; 1-3 2-5 4-6; 1-2 3-5 4-6."""
    assert scrutiny([]) == [(1, 4), (2, 5), (3, 6)]
    assert scrutiny([(1, 4)]) == [(1, 5), (2, 4), (3, 6)]
    assert scrutiny([(1, 4), (1, 5)]) == [(1, 6), (2, 4), (3, 5)]
    assert scrutiny([(1, 4), (1, 5), (1, 6)]) == [(1, 3), (2, 5), (4, 6)]
    assert scrutiny([(1, 4), (1, 5), (1, 6), (1, 3)]) == [(1, 2), (3, 5), (4, 6)]


def test_4_3_exchange_order_of_player_2_with_1_v_6():
    """Art. 4.3 table: with #1 on #6 (#1 has met 4 and 5), #2 tries 4, then 5 (1-6 2-5
    3-4), then 3 (1-6 2-3 4-5); when #2 has met 4, 5 and 3 as well, #1 must change: the
    next column, 1-3 2-6 4-5."""
    base = [(1, 4), (1, 5)]
    assert scrutiny(base) == [(1, 6), (2, 4), (3, 5)]
    assert scrutiny(base + [(2, 4)]) == [(1, 6), (2, 5), (3, 4)]
    assert scrutiny(base + [(2, 4), (2, 5)]) == [(1, 6), (2, 3), (4, 5)]
    assert scrutiny(base + [(2, 4), (2, 5), (2, 3)]) == [(1, 3), (2, 6), (4, 5)]


def test_4_2_candidate_lists():
    """Art. 4.2-4.3: #1 of six tries 4, 5, 6, 3, 2; #2 of the four left (2-5) tries 4,
    5, 3. Pairing upward (4.1.2) the order is mirrored: #6 tries 3, 2, 1, 4, 5."""
    assert lim.A4_candidates(None, [1, 2, 3, 4, 5, 6]) == [4, 5, 6, 3, 2]
    assert lim.A4_candidates(None, [2, 3, 4, 5]) == [4, 5, 3]
    assert scrutiny([], "up") == [(6, 3), (5, 2), (4, 1)]
    assert scrutiny([(6, 3)], "up") == [(6, 2), (5, 3), (4, 1)]


def test_4_4_player_2_floats_with_the_lowest_numbered_player_left():
    """Art. 4.4 / 4.4.2: #1 and #2 have played each other and everyone but #6; #1 keeps
    #6, #2 floats, and as the group was even the lowest numbered player remaining (#5)
    floats with him; 3 v 4 is left. The six lead a field of ten on 1 point after round
    one's results are replaced by scores set here; the other four are on 0."""
    t = field(10, total=5)
    ctx = prepare(t, "2026", 1)
    idx = {e.id: k for k, e in enumerate(ctx.P)}
    ctx.P = [replace(e, score=Fraction(1) if e.id <= 6 else Fraction(0)) for e in ctx.P]
    ctx.median = Fraction(1, 2)
    for a in (1, 2):
        for b in (2, 3, 4, 5):
            if a != b:
                ctx.compat.forbid(idx[a], idx[b])
    pairs, bye = pair_groups(ctx, "literal")
    ids = {frozenset((ctx.P[a].id, ctx.P[b].id)) for a, b in pairs}
    assert frozenset((1, 6)) in ids and frozenset((3, 4)) in ids
    assert not any(p <= {1, 2, 3, 4, 5, 6} for p in ids if 2 in p or 5 in p)


# ----------------------------------------------------------------------------------------
# Art. 7 (round one), Art. 8 (round two), Art. 1.1 (the bye)


def test_7_2_round_one_forty_players_both_draws():
    """Art. 7.2: with forty players, 1 v 21, 22 v 2, 3 v 23, 24 v 4, ... 40 v 20 (White
    first) when Player #1 draws White; 21 v 1, 2 v 22, ... 20 v 40 when he draws Black."""
    white = [(k, k + 20) if k % 2 else (k + 20, k) for k in range(1, 21)]
    got = lim.pair_round(field(40, total=9, colour="w"))
    assert pairs_of(got) == set(white) and got.bye is None
    got = lim.pair_round(field(40, total=9, colour="b"))
    assert pairs_of(got) == {(b, w) for w, b in white}
    assert got.pairs[0] in ((1, 21), (21, 1))  # boards from the top


def test_7_1_odd_field_bye_to_the_lowest_rated():
    """Art. 7.1: with 41 players the lowest rated (#41) gets the bye; the rest as 7.2."""
    got = lim.pair_round(field(41, total=9))
    assert got.bye == 41
    assert (1, 21) in got.pairs and (22, 2) in got.pairs


def test_8_round_two_top_bottom_median():
    """Art. 8.3 and 2.2-3.8, worked by hand. Round one 1-5 (1-0), 6-2 (draw), 3-7 (1-0),
    8-4 (0-1): 1, 3, 4 on 1 point; 2, 6 on 1/2 (the median); 5, 7, 8 on 0.
    Group 1 (paired downward) is odd: 1 and 3 are due Black, 4 White, so a player due
    Black floats (3.2.2), the lowest numbered of them, #3 (3.2.4): 4-1 (each his colour).
    Group 0 (upward): 5 and 7 due White, 8 Black: a player due White floats, the highest
    numbered when pairing upward, #5: 7-8. Median: the downfloater 3 first (3.6.3), with
    the highest numbered resident due the other colour (3.8): #2 (due White): 2-3; then
    the upfloater 5 with 6: 5-6."""
    r1 = merge(game(1, 5, "1"), game(6, 2, "="), game(3, 7, "1"), game(8, 4, "0"))
    t = field(8, [r1], total=5)
    for method in lim.METHODS:
        got = lim.pair_round(t, method=method)
        assert pairs_of(got) == {(4, 1), (2, 3), (5, 6), (7, 8)}, method
        assert got.pairs[0] == (4, 1)


def test_2_1_compatibility_and_colour_limits():
    """Art. 2.1: players who had White twice running may not both meet needing Black;
    after W W, a player can only take Black (5.3); the last round lifts the limits (6)."""
    r1 = merge(game(1, 3, "="), game(2, 4, "="))
    r2 = merge(game(1, 4, "="), game(2, 3, "="))
    t = field(4, [r1, r2], total=4)
    ctx = prepare(t, "2026", 3)
    by = {e.id: e for e in ctx.P}
    assert lim.forbidden_colours(by[1]) == {"w"} and lim.forbidden_colours(by[2]) == {"w"}
    assert not lim.A2_1_compatible(by[1], by[2], ctx)
    assert lim.colour_rule(by[1], by[3], ctx) == ("b", "5.3")
    t_last = replace(t, total_rounds=3)
    ctx = prepare(t_last, "2026", 3)
    by = {e.id: e for e in ctx.P}
    assert lim.A2_1_compatible(by[1], by[2], ctx)


def test_5_4_identical_histories_above_and_below_the_median():
    """Art. 5.4: equal histories: in the median group or above the higher ranked gets
    the alternate colour, below it the lower ranked."""
    r1 = merge(game(1, 2, "1"), game(3, 4, "1"))
    r2 = merge(game(1, 3, "0"), game(2, 4, "0"))
    # after round 2: 1 (w,w? no) -> colours: 1 w,w; 3 w,b; 2 b,w; 4 b,b
    t = field(4, [r1, r2], total=5)
    ctx = prepare(t, "2026", 3)
    by = {e.id: e for e in ctx.P}
    # 3 (w b, 2 points) and 2 (b w, 1 point): different due colours, each his own
    assert lim.colour_rule(by[3], by[2], ctx)[1] == "5.2"
    same = field(4, [merge(game(1, 3, "1"), game(2, 4, "1"))], total=5)
    ctx = prepare(same, "2026", 2)
    by = {e.id: e for e in ctx.P}
    # 1 and 2 both had White, both on 1 point (above the median 1/2): #1 gets Black
    assert lim.colour_rule(by[1], by[2], ctx) == ("b", "5.4")
    # 3 and 4 both had Black, on 0 (below): the lower ranked, #4, gets White
    assert lim.colour_rule(by[3], by[4], ctx) == ("b", "5.4")


# ----------------------------------------------------------------------------------------
# generated events: both methods, the independent checker, the verifier


@pytest.mark.parametrize("players,rounds,seed", [(7, 5, 1), (16, 7, 2), (33, 9, 3), (64, 9, 4)])
def test_generated_events_legal_both_methods(players, rounds, seed):
    """Every round of generated events, paired by the literal procedure, checked by the
    independent checker; the optimiser pairs the same positions legally too, and never
    worse than the literal procedure on its objective vector."""

    def pairer(t):
        p = lim.pair_round(t)
        return p.pairs, p.bye

    t = generate(
        GeneratorSettings(
            players=players, rounds=rounds, seed=seed, absence_rate=0.02, half_bye_rate=0.02, forfeit_rate=0.01
        ),
        pairer,
    )
    for r in range(1, rounds + 1):
        cut = cut_before(t, r)
        c = lim.compare(cut, "2026", r)
        assert independent_violations(cut, c.literal) == []
        assert independent_violations(cut, c.optimised) == []
        assert c.optimised_vector <= c.literal_vector or [a[0] for a in c.literal_vector] != [
            a[0] for a in c.optimised_vector
        ]


def test_independent_checker_catches_breaks():
    """The checker itself: a rematch, three Whites running and a bye to a player who had
    one are reported."""
    r1 = merge(game(1, 2, "1"), game(3, 4, "1"), {5: (None, None, "U")})
    r2 = merge(game(1, 3, "="), game(4, 2, "="), {5: (None, None, "U")})
    t = field(5, [r1, r2], total=5)
    bad = Pairing(3, [(1, 2), (3, 4)], bye=5)
    msgs = independent_violations(t, bad)
    assert any("meet again" in m for m in msgs) and any("bye to 5" in m for m in msgs)
    assert any("three times" in m for m in independent_violations(t, Pairing(3, [(1, 5), (4, 2)], bye=3)))
    assert lim.violations(t, bad)


def test_registered_and_cli(tmp_path, capsys):
    """`--system lim` pairs, checks, explains and compares; an unknown edition is one
    clear input error."""
    assert get_system("lim").editions == lim.EDITIONS
    r1 = merge(game(1, 5, "1"), game(6, 2, "="), game(3, 7, "1"), game(8, 4, "0"))
    path = tmp_path / "t.trf"
    path.write_text(format_trf(field(8, [r1], total=5)))
    assert main(["pair", str(path), "--system", "lim", "--format", "bbp"]) == 0
    out = capsys.readouterr().out.split()
    assert out[0] == "4" and out[1:3] == ["4", "1"]
    assert main(["compare", str(path), "--system", "lim", "--round", "2"]) == 0
    assert "same" in capsys.readouterr().out
    assert main(["explain", str(path), "--system", "lim", "--round", "2", "--pair", "2", "3"]) == 0
    assert "3.8" in capsys.readouterr().out  # without 2-3, #3 would not meet his 3.8 opponent
    with pytest.raises(InputError):
        lim.pair_round(field(8, [r1], total=5), "1999")


def test_verifier_names_the_first_criterion():
    """check_round on a round paired otherwise than the rules: the verifier names the
    first criterion on which the given pairing is worse. In the round two of
    test_8_round_two_top_bottom_median, floating #1 instead of #3 from the top group is
    worse on Art. 3.2-3.4 (the order of choice of the floater)."""
    r1 = merge(game(1, 5, "1"), game(6, 2, "="), game(3, 7, "1"), game(8, 4, "0"))
    t = field(8, [r1], total=5)
    given = Pairing(2, [(4, 3), (2, 1), (5, 6), (7, 8)])
    rep = verify.check_round(lim, t, given, "2026")
    assert not rep.identical and rep.absolute == []
    assert rep.first_difference.startswith("3.2-3.4")


def independent_pairable(t: Tournament, r: int) -> bool:
    """Whether round ``r`` of ``t`` can be paired at all under C.04.1 and Lim Art. 2.1
    (no rematch; outside the last round a colour allocation within the limits of 5.1),
    with the bye to some allowed player when the number is odd: a maximum matching of
    networkx on the compatibility graph built from the raw entries."""
    import networkx as nx

    present = sorted(p.id for p in t.players if len(p.rounds) < r or p.rounds[r - 1].is_empty)
    hist = {}
    for p in t.players:
        entries = p.rounds[: r - 1]
        played = [e for e in entries if e.opponent is not None and e.result in "1=0WDL"]
        free_win = any(e.opponent is None and e.result in "UF" or e.result == "+" for e in entries)
        hist[p.id] = ({e.opponent for e in played}, "".join(e.colour for e in played), free_win)
    last = r == t.total_rounds

    def ok(pid, c):
        cols = hist[pid][1] + c
        return cols[-3:] != c * 3 and abs(cols.count("w") - cols.count("b")) <= 2

    g = nx.Graph()
    g.add_nodes_from(present)
    for i, a in enumerate(present):
        for b in present[i + 1 :]:
            if b in hist[a][0]:
                continue
            if last or (ok(a, "w") and ok(b, "b")) or (ok(a, "b") and ok(b, "w")):
                g.add_edge(a, b)
    if len(present) % 2 == 0:
        return len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == len(present)
    for x in present:
        if hist[x][2]:
            continue
        h = g.subgraph([p for p in present if p != x])
        if len(nx.max_weight_matching(h, maxcardinality=True)) * 2 == len(present) - 1:
            return True
    return False
