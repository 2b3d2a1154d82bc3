"""The Dutch pair weights packed from per-player terms (tabellone/rules/dutch/weights.py) equal the
text's definition field by field.

The engines build each bracket's weights with :class:`Weights2026` / :class:`Weights2017`
when the profile's fold is the identity. Here every pair of every bracket of real rounds
(reference events of the corpus, both editions) is also valued the old way, as the text
states it: the engine's ``base_values`` / ``values`` (a dict of fields, folded by the
profile) packed by :meth:`tabellone.rules.dutch.Matcher._pack` with the bracket's layout, and the
two integers must be equal (or both say the pair may not meet), on the bracket-local
matcher and on the whole-field one. The same for a
profile that is not official and orders the fields differently, and a profile whose fold
is not the identity must not take the new path at all.
"""

from __future__ import annotations

from bisect import bisect_left

import pytest
from testkit import shared_path, variant, write

from tabellone.core.history import cut_before
from tabellone.formats.trf import read_trf
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import dutch


def _packer(shift_of: dict, bonus_bits: int, extra: int):
    """The old packing: ``Matcher._pack`` of the field dict by the bracket's layout."""
    m = dutch.Matcher.__new__(dutch.Matcher)
    m.shift_of, m.bonus_bits = shift_of, bonus_bits
    return lambda values: None if values is None else dutch.Matcher._pack(m, values) + extra


@pytest.fixture
def compared(monkeypatch):
    """Wrap both builders so every weight they give is compared with the text's path;
    yields the counters of pairs compared per edition."""
    count = {"2026": 0, "2017": 0, "whole field": 0}
    W26, W17 = dutch.Weights2026, dutch.Weights2017
    init26, columns26, ends26, init17, row17 = W26.__init__, W26.columns, W26.ends_row, W17.__init__, W17.row
    prefix26, later17 = W26.prefix_columns, W17.later_rows

    def init_2026(self, engine, shift_of, bonus_bits, extra, current, nxt, c9_on, *members_absent):
        init26(self, engine, shift_of, bonus_bits, extra, current, nxt, c9_on, *members_absent)
        self._old = (engine, _packer(shift_of, bonus_bits, extra), set(current), set(nxt), c9_on)

    def check_2026(self, h, l, w, cur, nxt):
        engine, pack, _, _, c9_on = self._old
        expected = pack(engine.base_values(h, l, cur, nxt, c9_on))
        # the local matcher reads 0 as "may not meet", the whole-field one None
        assert w == (self.absent if expected is None else expected), f"2026 pair {h}-{l}: {w} != {expected}"
        count["2026"] += 1
        count["whole field"] += self.absent is None

    def columns_2026(self, asked):
        # (``column`` reads ``columns`` too)
        asked = list(asked)
        for (l, hs), (l2, got) in zip(asked, columns26(self, asked), strict=True):
            assert l2 == l
            for h, w in zip(hs, got):
                check_2026(self, h, l, w, self._old[2], self._old[3])
            yield l, got

    def prefix_columns_2026(self, ls, above):
        ls = list(ls)
        for l, (l2, got) in zip(ls, prefix26(self, ls, above), strict=True):
            assert l2 == l and len(got) == bisect_left(above, l)
            for h, w in zip(above, got):
                check_2026(self, h, l, w, self._old[2], self._old[3])
            yield l, got

    def ends_2026(self, h, ls):
        got = ends26(self, h, ls)
        for l, w in zip(ls, got):
            check_2026(self, h, l, w, set(), set())
        return got

    def init_2017(self, engine, shift_of, bonus_bits, cur, nxt, special, final, df):
        init17(self, engine, shift_of, bonus_bits, cur, nxt, special, final, df)
        self._old = (engine, _packer(shift_of, bonus_bits, 0), set(cur), set(nxt), special, final, df)

    def check_2017(self, h, ls, got):
        engine, pack, cur, nxt, special, final, df = self._old
        assert len(got) == len(ls)
        for l, w in zip(ls, got):
            assert w == pack(engine.values(h, l, cur, nxt, special, final, df)), f"2017 pair {h}-{l}"
            count["2017"] += 1

    def row_2017(self, h, ls):
        got = row17(self, h, ls)
        check_2017(self, h, ls, got)
        return got

    def later_rows_2017(self, verts, mdps):
        for k, (h, ls, got) in enumerate(later17(self, verts, mdps)):
            assert h == verts[k] and ls == [l for l in verts[k + 1 :] if not (h in mdps and l in mdps)]
            check_2017(self, h, ls, got)
            yield h, ls, got

    monkeypatch.setattr(W26, "__init__", init_2026)
    monkeypatch.setattr(W26, "columns", columns_2026)
    monkeypatch.setattr(W26, "prefix_columns", prefix_columns_2026)
    monkeypatch.setattr(W26, "ends_row", ends_2026)
    monkeypatch.setattr(W17, "__init__", init_2017)
    monkeypatch.setattr(W17, "row", row_2017)
    monkeypatch.setattr(W17, "later_rows", later_rows_2017)
    return count


def _pair_rounds(path, edition: str, rounds, profile=None) -> None:
    t = read_trf(path)
    for r in rounds:
        dutch.pair_round(cut_before(t, r), edition, profile=profile)


@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_weights_by_type_equal_the_texts_fields_on_a_generated_event(compared, edition, monkeypatch):
    # every bracket laid out by player type (``types_from`` 0), as those of 128 players
    # or more are, on an event made here (brackets with MDPs, floats, colour claims)
    monkeypatch.setattr(dutch.Weights2026, "types_from", 0)
    monkeypatch.setattr(dutch.Weights2017, "types_from", 0)

    def pairer(t):
        p = dutch.pair_round(t, edition)
        return p.pairs, p.bye

    generate(GeneratorSettings(players=48, rounds=6, seed=11), pairer)
    assert compared[edition] > 2_000


@pytest.mark.slow
@pytest.mark.parametrize("by_type", [False, True])
@pytest.mark.parametrize("edition", ["2026", "2017"])
def test_weights_equal_the_texts_fields_on_reference_rounds(compared, edition, by_type, monkeypatch):
    if by_type:  # every bracket laid out by player type, as the large ones are
        monkeypatch.setattr(dutch.Weights2026, "types_from", 0)
        monkeypatch.setattr(dutch.Weights2017, "types_from", 0)
    # a 100-player event (brackets with MDPs, floats two rounds back, a bye) and a
    # 2017 corpus event, every round from the second on
    for name in ("dutch-2026-dev/dutch-dev-100.trf", "dutch-2017-dev/dutch2017-dev-2040.trf"):
        path = shared_path(f"corpus/{name}")
        _pair_rounds(path, edition, range(2, read_trf(path).rounds_paired + 1))
    assert compared[edition] > 50_000  # the new path ran, on many pairs


@pytest.mark.slow
def test_weights_equal_on_a_large_last_round(compared):
    # the last round of the 1,000-player reference event: brackets of ~100 players
    path = shared_path("corpus/dutch-large/large-1000-r9-s900001.trf")
    _pair_rounds(path, "2026", [read_trf(path).rounds_paired])
    assert compared["2026"] > 100_000


def test_weights_equal_on_the_whole_field(compared):
    # rounds the bracket-local matcher hands to the whole-field one (the bye score is
    # the top score, or a bracket's answer cannot be completed below)
    path = shared_path("corpus/dutch-2026-dev/dutch-dev-11.trf")
    _pair_rounds(path, "2026", [8, 9, 11, 12, 13])
    assert compared["whole field"] > 1_000


@pytest.mark.slow
@pytest.mark.parametrize("edition, first", [("2026", ("C18", "C14")), ("2017", ("C.16", "C.10"))])
def test_weights_equal_under_a_reordered_profile(compared, tmp_path, edition, first):
    # not the official profile: score-difference and float (2017: colour) fields moved above C6 / C.5;
    # the fold stays the identity, so the new path runs with another field order
    profile = write(tmp_path, "reordered.toml", variant(f"dutch-{edition}", first=first))
    path = shared_path("corpus/dutch-2026-dev/dutch-dev-100.trf")
    _pair_rounds(path, edition, range(5, 9), profile=str(profile))
    assert compared[edition] > 10_000


@pytest.mark.slow
def test_a_folding_profile_keeps_the_field_by_field_path(monkeypatch):
    # colour-first ranks pair-counting criteria above C6: its fold is not the identity,
    # so its weights come from the text's fields folded, never from the per-player terms
    def refuse(*args, **kwargs):
        raise AssertionError("per-player weights used for a folding profile")

    monkeypatch.setattr(dutch.Weights2026, "__init__", refuse)
    path = shared_path("corpus/dutch-2026-dev/dutch-dev-100.trf")
    t = read_trf(path)
    got = dutch.pair_round(cut_before(t, 6), "2026", profile="colour-first")
    assert len(got.pairs) >= 49
