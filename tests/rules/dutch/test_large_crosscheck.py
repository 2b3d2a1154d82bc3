"""benchmarks/large_crosscheck.py, the cross-checks of the 9,999-player Dutch rounds, on
tiny generated events: the certificate count, the brackets the literal procedure pairs
again, the cut round handed to the reference engine (here a stand-in script: the real
bbpPairings is built outside the project and not needed), and the table itself."""

from __future__ import annotations

import importlib.util
import sys
import textwrap
import warnings
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from testkit import pairer

from tabellone.core.history import cut_before
from tabellone.formats.trf import format_trf, parse_trf
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.matching import blossom
from tabellone.rules.dutch import literal as dutch_literal
from tabellone.rules.dutch import pair_round
from tabellone.rules.dutch.literal import pair_round_literal
from tabellone.rules.fide_common import round_to_pair

REPO = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(not blossom.HAVE_EXTENSION, reason="the certificate is the compiled core's")


@cache
def crosscheck():
    sys.path.insert(0, str(REPO / "benchmarks"))
    spec = importlib.util.spec_from_file_location("large_crosscheck", REPO / "benchmarks" / "large_crosscheck.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["large_crosscheck"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@cache
def event(edition: str, players: int = 41, rounds: int = 6, seed: int = 5):
    s = GeneratorSettings(players=players, rounds=rounds, seed=seed, absence_rate=0.03, forfeit_rate=0.03)
    return generate(s, pairer("dutch", edition))


def test_every_core_solve_is_counted_and_certified():
    x = crosscheck()
    m = blossom.Matcher(4)
    m.set_edges([(0, 1, 5), (1, 2, 11), (2, 3, 5)])
    with x.certified() as counts:
        assert m.solve() == [-1, 2, 1, -1]
        m.set_edge(0, 3, 20)
        assert m.solve() == [3, 2, 1, 0]
        assert blossom.max_weight_matching(3, [(0, 1, 2), (1, 2, 3)]) == {1: 2, 2: 1}
    assert (counts.solves, counts.certified, counts.failed) == (3, 3, 0)
    assert counts.edges >= 3 + 2  # the cold solves check every edge of their graphs
    # outside the block nothing is counted, and the core's functions are back
    m.set_edge(0, 3, 1)
    m.solve()
    assert counts.solves == 3 and blossom.Matcher.solve is not None


def test_a_failed_certificate_is_counted_as_failed():
    x = crosscheck()

    class Failing:
        def __init__(self, core):
            self.core = core

        def __getattr__(self, name):
            return getattr(self.core, name)

        def solve(self):
            raise RuntimeError("blossom: internal error, optimality certificate failed: test")

    m = blossom.Matcher(4)
    m.set_edges([(0, 1, 5), (1, 2, 11), (2, 3, 5)])
    m._core = Failing(m._core)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with x.certified() as counts:
            assert m.solve() == [-1, 2, 1, -1]  # networkx answered
    assert (counts.solves, counts.certified, counts.failed) == (1, 0, 1)


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_a_round_is_certified_solve_by_solve(edition):
    x = crosscheck()
    t = event(edition)
    c = x.check_round(t, edition, 5, brackets=0)
    assert c.same_as_file is True  # the optimiser pairs the round as it paired it then
    assert c.certificates.solves >= 1 and c.certificates.failed == 0
    assert c.certificates.certified == c.certificates.solves
    assert not x.failed(c)


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_brackets_partition_the_round(edition):
    x = crosscheck()
    t = event(edition)
    for r in range(2, 7):
        before = cut_before(t, r)
        p = pair_round(before, edition, r)
        _, players, _ = round_to_pair(before, r)
        brackets = x.brackets_of(players, p.pairs)
        ids = [e.id for e in players]
        every = [frozenset((ids[a], ids[b])) for br in brackets for a, b in map(sorted, br.pairs)]
        assert Counter(every) == Counter(frozenset(q) for q in p.pairs)  # each pair in one bracket
        for upper, lower in zip(brackets, brackets[1:]):
            assert lower.mdps == upper.floaters
        assert [ids[i] for i in brackets[-1].floaters] == ([p.bye] if p.bye else [])


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_the_literal_procedure_agrees_on_sampled_brackets(edition):
    x = crosscheck()
    t = event(edition)
    checked = 0
    for r in range(2, 7):
        c = x.check_round(t, edition, r, brackets=3, max_bracket=41, max_below=41)
        assert all(b.agree for b in c.brackets), [b.note for b in c.brackets]
        checked += len(c.brackets)
    assert checked >= 10


def test_2017_ppb_and_clb_are_paired_as_the_literal_procedure_pairs_them():
    # A.9: in small events with absences the lowest brackets cannot always be completed;
    # the check must find the PPB where the literal procedure does, and agree on it and
    # on the collapsed last bracket
    x = crosscheck()
    seen = 0
    for seed in range(1, 8):
        s = GeneratorSettings(players=8 + seed % 14, rounds=7, seed=seed, absence_rate=0.04, forfeit_rate=0.03)
        t = generate(s, pairer("dutch", "2017"))
        for r in range(4, 8):
            before = cut_before(t, r)
            dutch_literal.STATS.clear()
            pair_round_literal(before, "2017", r)
            got = x.literal_brackets(before, "2017", r, pair_round(before, "2017", r), 99, 99, 99, 200_000)
            assert all(g.agree for g in got), [g.note for g in got]
            kinds = [g.kind for g in got]
            assert ("PPB" in kinds) == bool(dutch_literal.STATS.get("PPB"))
            if "PPB" in kinds:
                assert kinds[-2:] == ["PPB", "CLB"]
                seen += 1
    assert seen >= 3


def test_a_changed_bracket_is_a_disagreement():
    # the check can fail: swap partners in the lowest bracket of the optimiser's round
    x = crosscheck()
    t = event("2026")
    before = cut_before(t, 4)
    p = pair_round(before, "2026", 4)
    _, players, _ = round_to_pair(before, 4)
    brackets = x.brackets_of(players, p.pairs)
    k = max(k for k, br in enumerate(brackets) if len(br.pairs) >= 2)
    (a, b), (c, d) = (sorted(q) for q in sorted(brackets[k].pairs, key=sorted)[:2])
    ids = [e.id for e in players]
    wrong = {frozenset((ids[a], ids[b])), frozenset((ids[c], ids[d]))}
    swapped = [q for q in p.pairs if frozenset(q) not in wrong] + [(ids[a], ids[c]), (ids[b], ids[d])]
    changed = type(p)(p.round, swapped, p.bye)
    got = x.literal_brackets(before, "2026", 4, changed, len(brackets) - k, 41, 41, 200_000)
    assert [g.agree for g in got] == [False] + [True] * (len(brackets) - k - 1)
    assert "literal" in got[0].note and "optimiser" in got[0].note


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_the_cut_round_is_a_valid_round_of_its_own(edition):
    x = crosscheck()
    t = event(edition)
    r, k = 6, 24
    cut = x.cut_event(t, r, k)
    whole = cut_before(t, r)
    assert [p.id for p in cut.players] == list(range(1, k + 1))
    lost = Counter()
    for p, q in zip(cut.players, whole.players):
        assert cut.score_after(p, r - 1) == whole.score_after(q, r - 1)  # every score kept
        for e, f in zip(p.rounds, q.rounds):
            if f.opponent is not None and f.opponent > k:
                assert e.opponent is None and e.colour is None and e.result in "FHZ"
                lost[p.id] += 1
            else:
                assert e == f
                if e.opponent is not None:  # a game left is recorded on both sides
                    assert cut.player(e.opponent).rounds[p.rounds.index(e)].opponent == p.id
    assert sum(lost.values()) > 0
    again = parse_trf(format_trf(cut))  # the file the reference engine reads
    ours = pair_round(again, edition, r)
    assert x.game_set(ours) == x.game_set(pair_round_literal(again, edition, r))


STAND_IN = """\
import os, sys
sys.path.insert(0, {repo!r})
from tabellone.formats.trf import read_trf
from tabellone.rules.dutch import literal as dutch_literal
from tabellone.rules.dutch import pair_round
p = pair_round(read_trf(sys.argv[2]), {edition!r})
lines = p.bbp_lines()
if os.environ.get("SWAP_BOARD_ONE"):
    w, b = lines[1].split()
    lines[1] = b + " " + w
open(sys.argv[4], "w").write("\\n".join(lines) + "\\n")
"""


def test_the_reference_columns_with_a_stand_in_engine(tmp_path, monkeypatch):
    # the bbpPairings calling convention (ENGINE --dutch IN -p OUT) played by a script
    # that pairs with this checkout: identical; with board 1's colours swapped: not
    x = crosscheck()
    t = event("2026")
    engine = tmp_path / "engine"
    engine.write_text(f"#!{sys.executable}\n" + STAND_IN.format(repo=str(REPO), edition="2026"))
    engine.chmod(0o755)
    c = x.check_round(t, "2026", 6, brackets=0, reference=str(engine), cut=24)
    assert c.cut == 24 and c.identical is True and "yes" in x.line(c)
    monkeypatch.setenv("SWAP_BOARD_ONE", "1")
    c = x.check_round(t, "2026", 6, brackets=0, reference=str(engine), cut=24)
    assert c.identical is False and x.failed(c)


def test_the_table_without_a_reference(tmp_path, capsys):
    x = crosscheck()
    path = tmp_path / "event.trf"
    path.write_text(format_trf(event("2017")))
    assert x.main([str(path), "--edition", "2017", "--rounds", "2,6", "--max-below", "41", "--max-bracket", "41"]) == 0
    out = capsys.readouterr().out
    assert "no --reference: the bbpPairings columns are left out" in out
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("2 ", "6 "))]
    assert [row[0] for row in rows] == ["2", "6"]
    assert all(row[7] == "yes" and row[-3:] == ["-", "-", "-"] for row in rows), textwrap.indent(out, "  ")
