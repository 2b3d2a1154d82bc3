"""The Lim engine's speed paths (tabellone/rules/lim/): each answers what the plain
reading of the rules answers, checked against that reading on generated rounds and on
a hand-worked case.

* :class:`Compatibility` keeps Art. 2.1 as exceptions: it must agree with
  :func:`A2_1_compatible` on every pair;
* :class:`FaultTable` prices a pair by colour classes: it must agree with
  :func:`colour_fault` on every pair;
* the completion oracle of the literal procedure answers from the group alone when it
  can (:class:`Oracle`): its every answer must be the whole field's
  (:meth:`Oracle.whole_field`), and when the group alone misleads, the whole field is
  asked.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from tournaments import field

from tabellone.core.history import cut_before
from tabellone.core.model import ProhibitedPairs
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import lim
from tabellone.rules.lim.colours import FaultTable
from tabellone.rules.lim.engine import pair_groups, prepare
from tabellone.rules.lim.oracle import Oracle


def event(seed: int, players: int = 40, rounds: int = 7):
    """A generated Lim event with absences, half-point byes and forfeits."""
    s = GeneratorSettings(
        players=players, rounds=rounds, seed=seed, absence_rate=0.05, half_bye_rate=0.05, forfeit_rate=0.05
    )
    return generate(s, lambda t: (lambda p: (p.pairs, p.bye))(lim.pair_round(t, "2026", t.next_round)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_compatibility_is_article_2_1_on_every_pair(seed):
    """Every pair of every round (the last round too, where the colour part is lifted),
    with two prohibited pairs added: ``ok`` is A2_1_compatible of the two players."""
    t = event(seed)
    t = replace(t, prohibited=(ProhibitedPairs(1, 7, (1, 2)), ProhibitedPairs(1, 7, (5, 9, 12))))
    for r in range(2, 8):
        ctx = prepare(cut_before(t, r), "2026", r)
        P = ctx.P
        for i in range(ctx.n):
            for j in range(i + 1, ctx.n):
                assert ctx.compat.ok(i, j) == lim.A2_1_compatible(P[i], P[j], ctx), (r, P[i].id, P[j].id)
                assert ctx.compat.ok(j, i) == ctx.compat.ok(i, j)


@pytest.mark.parametrize("seed", [4, 5])
def test_fault_table_is_colour_fault_on_every_pair(seed):
    """Every ordered pair of every round, the last one included (where colour limits
    may be broken and cost double): the table's price is colour_fault's."""
    t = event(seed)
    for r in range(2, 8):
        ctx = prepare(cut_before(t, r), "2026", r)
        table = FaultTable(ctx)
        for i in range(ctx.n):
            for j in range(ctx.n):
                if i != j:
                    assert table(i, j) == lim.colour_fault(ctx.P[i], ctx.P[j], ctx), (r, ctx.P[i].id, ctx.P[j].id)


def test_oracle_answers_as_the_whole_field(monkeypatch):
    """Every question the literal procedure and the optimiser ask while pairing whole
    generated events (odd and even fields): the group's own answer equals the answer of a
    matching of every player still to pair."""
    asked = []
    plain = Oracle.values

    def checked(self, fixed, floating):
        got = plain(self, fixed, floating)
        assert got == self.whole_field(fixed, floating)
        asked.append(got)
        return got

    monkeypatch.setattr(Oracle, "values", checked)
    for seed, players in ((6, 30), (7, 31)):
        t = event(seed, players, 6)
        for r in (3, 6):
            for method in lim.METHODS:
                lim.pair_round(cut_before(t, r), "2026", r, method)
    assert len(asked) > 50


def test_group_alone_misleads_and_the_whole_field_decides():
    """Four players, #1 and #2 on 1 point, #3 and #4 on 0 (median 1/2), #3 and #4 have
    met. The top group alone would pair 1-2, but then 3 and 4 could not be paired: so
    the best the top group can keep is no pair (Art. 2.6: the rest must stay pairable),
    both float to the empty median group, as 3 and 4 do from below. There the floaters
    come in the order of 3.6-3.7: the downfloaters 1, 2 first (3.6.3), then the
    upfloaters from the bottom of the ranking: 4, 3. Floater 1 takes the first opponent
    of 3.8 (no residents: the other floaters in that order) that leaves the rest
    pairable: not 2 (3 and 4 would be left), but 4; then 2 v 3."""
    ctx = prepare(field(4, total=5), "2026", 1)
    ctx.P = [replace(e, score=Fraction(1) if e.id <= 2 else Fraction(0)) for e in ctx.P]
    ctx.median = Fraction(1, 2)
    idx = {e.id: k for k, e in enumerate(ctx.P)}
    ctx.compat.forbid(idx[3], idx[4])
    oracle = Oracle(ctx, set(range(4)), {idx[1], idx[2]}, set())
    assert oracle.values([], set()) == (0, 0)
    pairs, bye = pair_groups(ctx, "literal")
    assert {frozenset((ctx.P[a].id, ctx.P[b].id)) for a, b in pairs} == {frozenset((1, 4)), frozenset((2, 3))}
    assert bye is None
