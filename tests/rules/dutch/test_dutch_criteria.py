"""Each Dutch criterion is written once (tabellone/rules/dutch/criteria.py), named after its
article, and the verifier, the literal procedure and the optimiser find it by that name.

The hand-worked brackets below are valued as the texts define the criteria (2026 C.04.3
Art. 2.4; 2017 C.5-C.19 with A.4 and A.8): a moved-down player A (2 points) who downfloated
the round before meets B (1 point), who upfloated the round before; D and E, residents, meet
each other; resident C, who downfloated the round before, floats down again.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest
from testkit import shared_path

from tabellone.core.history import cut_before
from tabellone.core.model import Float, Strength
from tabellone.formats.trf import read_trf
from tabellone.rules import dutch
from tabellone.rules.dutch import literal
from tabellone.rules.dutch.criteria import CRITERIA_2017, CRITERIA_2026, criteria_of
from tabellone.rules.fide_common import Entrant
from tabellone.rules.profiles import CATALOGUE

DOWN, UP = Float.DOWN, Float.UP


def _player(pid: int, score: int, last_float: Float | None) -> Entrant:
    floats = (None, last_float)  # round 1: no float; the round before: ``last_float``
    state = SimpleNamespace(float_history=lambda edition: floats)
    return Entrant(
        id=pid,
        rank=pid,
        score=Fraction(score),
        real_score=Fraction(score),
        colours="",
        pref=None,
        strength=Strength.NONE,
        cd=0,
        repeated=None,
        topscorer=False,
        state=state,  # type: ignore[arg-type]
    )


A = _player(1, 2, DOWN)  # the MDP
B = _player(2, 1, UP)
C = _player(3, 1, DOWN)
D = _player(4, 1, None)
E = _player(5, 1, None)
LOWEST = Fraction(1)


def _bracket(criteria, pairs, floaters, mdps=frozenset()) -> dict:
    return {cid: c.value(pairs, floaters, mdps, LOWEST) for cid, c in criteria.items()}


def test_the_2026_criteria_on_a_hand_worked_bracket():
    v = _bracket(CRITERIA_2026, [(A, B), (D, E)], [C])
    assert v["C6"] == 1 and v["C7"] == (1,)  # one downfloater, with 1 point
    assert [v[c] for c in ("C10", "C11", "C12", "C13")] == [0, 0, 0, 0]  # nobody has a preference
    assert v["C14"] == 1  # C, a resident, downfloats again
    assert v["C15"] == 1  # B, the MDP's opponent, upfloats again
    assert v["C18"] == (1,)  # A downfloated before and is paired 1 point down
    assert v["C19"] == (1,)  # B upfloated before and meets an MDP 1 point up
    assert (v["C16"], v["C17"], v["C20"], v["C21"]) == (0, 0, (), ())  # nothing two rounds before


def test_an_mdp_left_unpaired_counts_in_c18_not_c14():
    # 2026: A stays in the Limbo and floats on. It is no resident ([C14] counts residents);
    # its difference is taken to one point below the bracket (2 - 0), larger than any
    # pairing here would give it
    v = _bracket(CRITERIA_2026, [(B, C), (D, E)], [A], mdps={A.id})
    assert (v["C14"], v["C15"], v["C18"], v["C19"]) == (0, 0, (Fraction(2),), ())


def test_the_2017_criteria_on_the_same_bracket():
    v = _bracket(CRITERIA_2017, [(A, B), (D, E)], [C])
    assert v["C.5"] == 1
    assert v["C.6"] == (1, 1, 0)  # A.8: the pairs' differences 1 and 0, C's 1 - (1 - 1)
    assert v["C.12"] == 2  # A.4.b: A, paired down, downfloats again, and so does C
    assert v["C.13"] == 1
    assert v["C.16"] == (1, 1)
    assert v["C.17"] == (1,)


def test_the_criteria_are_the_catalogues_quality_criteria():
    # every quality criterion of the texts is either valued from a bracket's parts here or
    # one of the round's look-ahead / completion criteria (or the global profile's SD)
    for edition, criteria, elsewhere in (
        ("2026", CRITERIA_2026, {"C5", "C8", "C9", "SD"}),
        ("2017", CRITERIA_2017, {"C.7"}),
    ):
        known = CATALOGUE[("dutch", edition)]
        quality = [cid for cid, k in known.items() if k.kind == "quality"]
        assert sorted(set(criteria) | elsewhere) == sorted(quality)
        assert [cid for cid in quality if cid in criteria] == list(criteria)  # in the text's order
        assert all(c.id == cid and c.edition == edition for cid, c in criteria.items())
        assert criteria_of(edition) is criteria


def test_the_literal_procedure_finds_every_additive_criterion_by_its_article():
    for edition, layout in (("2026", literal.LAYOUT_2026), ("2017", literal.LAYOUT_2017)):
        pair_parts, floater_parts = literal._ADDITIVE[edition]
        found = {c.id for _, c in pair_parts + floater_parts}
        additive = {name for name, kind in zip(layout.names, layout.kinds) if kind != literal.LOOK}
        assert found == additive
        assert all(layout.names[k] == c.id for k, c in pair_parts + floater_parts)


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_evaluate_values_exactly_the_quality_criteria(edition):
    # a 100-player reference round (MDPs, floats one and two rounds back, a bye)
    t = read_trf(shared_path("corpus/dutch-2026-dev/dutch-dev-100.trf"))
    r = t.rounds_paired
    p = dutch.pair_round(cut_before(t, r), edition)
    round_level, brackets = dutch.evaluate(t, p, edition)
    ids = [cid for cid, _ in dutch.quality_criteria(edition)]
    assert len(brackets) > 1
    for b in brackets:
        assert list(b.values) != [] and sorted(b.values) == sorted(ids)
    assert set(round_level) <= {"C5", "C9"}
