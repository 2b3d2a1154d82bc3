"""FIDE Dubov system (tabellone/rules/dubov/): worked examples of the 1997 and 2026 texts, hand-worked
rounds, the restrictions, generated events checked by an independent verifier, and the
verifier interface (evaluate, quality_criteria, colour_article; tabellone check / explain).

Every expected pairing below was worked by hand from the rule texts (the reasoning is in
each test's docstring), not copied from the engine's output.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest
from testkit import pairer, shared_path, texts
from tournaments import field, game, merge

from tabellone.cli import main
from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.history import cut_before
from tabellone.core.model import Player, ProhibitedPairs, RoundEntry, Tournament, pairs_of_round
from tabellone.core.pairing import Pairing
from tabellone.formats.trf import format_trf
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import dubov
from tabellone.verify import checker as verify
from tabellone.verify.checker import check_round, first_difference

# ----------------------------------------------------------------------------------------
# helpers


def make_t(ratings: dict[int, int], rounds: list[list[tuple]], total: int, initial: str = "w") -> Tournament:
    """A tournament from games: each round a list of (white, black, white's result) with
    results '1', '=', '0', or ('U', pid) for a pairing-allocated bye."""
    entries: dict[int, list[RoundEntry]] = {pid: [] for pid in ratings}
    flip = {"1": "0", "0": "1", "=": "="}
    for games in rounds:
        seen = set()
        for g in games:
            if g[0] == "U":
                entries[g[1]].append(RoundEntry(None, None, "U"))
                seen.add(g[1])
                continue
            w, b, res = g
            entries[w].append(RoundEntry(b, "w", res))
            entries[b].append(RoundEntry(w, "b", flip[res]))
            seen |= {w, b}
        for pid in ratings:
            if pid not in seen:
                entries[pid].append(RoundEntry(None, None, "Z"))
    players = tuple(
        Player(id=pid, name=f"P{pid:02d}", rating=ratings[pid], rounds=tuple(entries[pid])) for pid in sorted(ratings)
    )
    return Tournament(players=players, total_rounds=total, initial_colour=initial)


@dataclass
class Rec:
    """A bare record for the order rules of 6.2 (ARO, rating, name, pairing number)."""

    name: str
    aro: Fraction
    rating: int
    tpn: int = 0


def pairs_set(p: Pairing) -> set[frozenset]:
    return {frozenset(x) for x in p.pairs}


# ----------------------------------------------------------------------------------------
# 1997 Art. 6.2: the seed's table, and the corrections of 6.3


def test_6_2_seed_table_whites_by_aro_against_blacks_by_rating():
    """The seed's example: six Whites by ascending ARO (2310.0 .. 2344.6) against six
    Blacks by descending rating. The OCR'd column prints the Blacks as 2380, 2365, 2300,
    2280, 2260, 2350 (2350 out of place); 6.2 sorts them 2380, 2365, 2350, 2300, 2280,
    2260, so the rows are 2310.0-2380, 2318.4-2365, 2322.3-2350, 2333.7-2300,
    2340.5-2280, 2344.6-2260. The Whites are given shuffled to test the sort too."""
    aros = ["2340.5", "2310.0", "2344.6", "2322.3", "2318.4", "2333.7"]
    whites = [Rec(f"W{a}", Fraction(a), 2000) for a in aros]
    blacks = [Rec(f"B{r}", Fraction(0), r) for r in (2380, 2365, 2300, 2280, 2260, 2350)]
    rows = dubov.R6_3_rows(dubov.R6_2_white_order(whites), dubov.R6_2_black_order(blacks), lambda partial: True)
    got = [(float(w.aro), b.rating) for w, b in rows]
    assert got == [(2310.0, 2380), (2318.4, 2365), (2322.3, 2350), (2333.7, 2300), (2340.5, 2280), (2344.6, 2260)]


def test_6_2_ties_lower_rating_then_name_for_whites_higher_aro_for_blacks():
    """6.2: equal ARO, the lower rating first; equal both, alphabetical. Blacks: equal
    rating, the higher ARO first; equal both, alphabetical."""
    w = [Rec("Zeta", Fraction(2000), 2100), Rec("Beta", Fraction(2000), 2100), Rec("Alfa", Fraction(2000), 2200)]
    assert [x.name for x in dubov.R6_2_white_order(w)] == ["Beta", "Zeta", "Alfa"]
    b = [Rec("Yuri", Fraction(1900), 2300), Rec("Abel", Fraction(1950), 2300), Rec("Carl", Fraction(1900), 2300)]
    assert [x.name for x in dubov.R6_2_black_order(b)] == ["Abel", "Carl", "Yuri"]


def _met(*pairs):
    banned = {frozenset(p) for p in pairs}

    def ok(partial):
        # a row assignment of three rows: complete iff the rest can be matched legally
        import itertools

        used_w = {w for w, _ in partial}
        used_b = {b for _, b in partial}
        if any(frozenset((w, b)) in banned for w, b in partial):
            return False
        rest_w = [w for w in "123" if w not in used_w]
        rest_b = [b for b in "abc" if b not in used_b]
        return any(
            all(frozenset((w, b)) not in banned for w, b in zip(rest_w, perm))
            for perm in itertools.permutations(rest_b)
        )

    return ok


def test_6_3_white_takes_first_unmet_black_of_lower_rows():
    """6.3: White 1 met Black a: he takes the first unmet Black below (b); the others keep
    their order (reading: a moves down one row): 1-b, 2-a, 3-c."""
    assert dubov.R6_3_rows("123", "abc", _met(("1", "a"))) == [("1", "b"), ("2", "a"), ("3", "c")]


def test_6_3_reading_displaced_blacks_keep_their_order():
    """White 1 met a and b: he takes c; a and b keep the 6.2 order for rows 2 and 3
    (reading chosen; a swap would give 2-b, 3-a)."""
    assert dubov.R6_3_rows("123", "abc", _met(("1", "a"), ("1", "b"))) == [("1", "c"), ("2", "a"), ("3", "b")]


def test_6_3_conflict_in_last_row_changes_the_row_before():
    """6.3: White 3 met Black c (the last row): row 2 is changed: 1-a, 2-c, 3-b."""
    assert dubov.R6_3_rows("123", "abc", _met(("3", "c"))) == [("1", "a"), ("2", "c"), ("3", "b")]


def test_6_3_row_k_minus_1_changed_when_row_k_has_met_every_lower_black():
    """White 2 met b and c (all Blacks of rows 2-3): row 1 changes (1-b), then 2-a, 3-c."""
    assert dubov.R6_3_rows("123", "abc", _met(("2", "b"), ("2", "c"))) == [("1", "b"), ("2", "a"), ("3", "c")]


# ----------------------------------------------------------------------------------------
# the examples of the current (2026) text


def test_4_1_3_set_order_example():
    """4.1.3: with K = 2, {#1,#2} precedes {#1,#3}, and {#1,#P} precedes {#2,#3}."""
    P = 5
    order = dubov.A4_1_3_set_order([{2, 3}, {1, P}, {1, 3}, {1, 2}])
    assert order == [(1, 2), (1, 3), (1, P), (2, 3)]


def test_4_3_3_middle_out_example():
    """4.3.3: seven players A..G get #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G."""
    assert "".join(dubov.A4_3_3_middle_out("ABCDEFG")) == "DCEBFAG"
    assert "".join(dubov.A4_3_3_middle_out("ABCDEF")) == "CDBEAF"


def test_4_4_2_transpositions_example():
    """4.4.2: G2 = A, B, C gives ABC, ACB, BAC, BCA, CAB, CBA in that exact order."""
    assert ["".join(t) for t in dubov.A4_4_transpositions("ABC")] == ["ABC", "ACB", "BAC", "BCA", "CAB", "CBA"]


def test_1_7_aro_rounding_and_1_8_max_t():
    assert dubov.A1_7_aro([2000, 2001]) == 2001  # 2000.5 rounds up
    assert dubov.A1_7_aro([2000, 2000, 2001]) == 2000
    assert dubov.A1_7_aro([]) == 0
    assert dubov.R1_aro([2000, 2001, 2001]) == Fraction(6002, 3)  # 1997: exact
    assert [dubov.A1_8_max_t(r) for r in (4, 5, 9, 10, 11)] == [2, 3, 3, 4, 4]


def test_1997_due_colour():
    """Art. 1: more Blacks -> White; equal numbers -> alternate the last game; no game
    -> Black (reading from the later editions)."""
    assert dubov.R1_due_colour("bwb") == "w"
    assert dubov.R1_due_colour("wwb") == "b"
    assert dubov.R1_due_colour("wb") == "w"
    assert dubov.R1_due_colour("bw") == "b"
    assert dubov.R1_due_colour("") == "b"


def test_2_3_2_4_colour_restrictions():
    assert not dubov.R2_3_colour_difference("wwb w".replace(" ", ""), "w")  # CD +2 -> +3
    assert dubov.R2_3_colour_difference("wwbw", "b")
    assert not dubov.R2_4_three_in_a_row("bww", "w")
    assert dubov.R2_4_three_in_a_row("bww", "b")


def _dp(**kw):
    base = dict(
        id=1,
        tpn=1,
        name="x",
        rating=2000,
        score=Fraction(0),
        real_score=Fraction(0),
        aro=Fraction(0),
        games=0,
        colours="",
        cd=0,
        due="b",
        strength=dubov.Strength.MILD,
        allowed=frozenset("wb"),
        upfloats=0,
        upfloated_last=False,
        upfloat_run=0,
        no_games=True,
        bye_ok=True,
    )
    base.update(kw)
    return dubov.DP(**base)


def test_2_5_upward_transfers_english_reading():
    """2.5 (official English text): not transferred upwards two times running, at most
    3 times in an event of fewer than 10 rounds, 4 in a longer one; not in the last
    round."""
    assert dubov.R2_5_upward_transfer(_dp(upfloats=1, upfloat_run=0), False, 9)
    assert not dubov.R2_5_upward_transfer(_dp(upfloats=1, upfloat_run=1), False, 9)
    assert not dubov.R2_5_upward_transfer(_dp(upfloats=3, upfloat_run=0), False, 9)
    assert dubov.R2_5_upward_transfer(_dp(upfloats=3, upfloat_run=0), False, 10)
    assert not dubov.R2_5_upward_transfer(_dp(upfloats=4, upfloat_run=0), False, 11)
    assert dubov.R2_5_upward_transfer(_dp(upfloats=4, upfloat_run=1), True, 11)


def test_colour_allocation_1997_order():
    """Art. 3: due colours; equalise (larger |CD| gets its due colour); alternate at the
    latest difference; White to the higher ARO; White to the lower rating."""
    a = _dp(id=1, tpn=1, due="w", colours="b", cd=-1, no_games=False)
    b = _dp(id=2, tpn=2, due="b", colours="w", cd=1, no_games=False)
    assert dubov.colour_allocation_1997(b, a)[0].id == 1
    # both due White; a has CD -2 (must equalise), b CD 0
    a = _dp(id=1, tpn=1, due="w", colours="bwbb", cd=-2, allowed=frozenset("w"), no_games=False)
    b = _dp(id=2, tpn=2, due="w", colours="wb", cd=0, no_games=False)
    assert dubov.colour_allocation_1997(b, a)[0].id == 1
    # both due White, CD -1: alternate at the latest difference (a had w, b had b there)
    a = _dp(id=1, tpn=1, due="w", colours="bbw", cd=-1, no_games=False)
    b = _dp(id=2, tpn=2, due="w", colours="bwb", cd=-1, no_games=False)
    assert dubov.colour_allocation_1997(a, b)[0].id == 2  # latest game: a White, b Black -> now b White
    # histories equal: White to the higher ARO, then to the lower rating
    a = _dp(id=1, tpn=1, due="w", colours="b", cd=-1, aro=Fraction(2100), rating=2300, no_games=False)
    b = _dp(id=2, tpn=2, due="w", colours="b", cd=-1, aro=Fraction(2000), rating=2200, no_games=False)
    assert dubov.colour_allocation_1997(b, a)[0].id == 1
    b.aro = Fraction(2100)
    assert dubov.colour_allocation_1997(a, b)[0].id == 2


# ----------------------------------------------------------------------------------------
# hand-worked rounds


SIX = {1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2000, 6: 1900}


def test_2026_round_1_top_half_against_bottom_half():
    """2026, round 1: G1 = first half by TPN, S1 = 1, 2, 3 (ARO 0, then TPN), T2 = 4, 5,
    6. Colours 5.2.1: the higher-ranked player takes the initial colour (White) with an
    odd TPN: 1-4, 5-2, 3-6."""
    t = make_t(SIX, [], total=5)
    for method in dubov.METHODS:
        assert dubov.pair_round(t, "2026", method=method).pairs == [(1, 4), (5, 2), (3, 6)]


def test_1997_round_1_article_5_with_bye():
    """1997 Art. 5 with seven players: the last gets the bye; 1-4, 2-5, 3-6; the first
    pair's colour is drawn (initial colour White to its upper player), odd pairs alike,
    even pairs the other way: 1-4, 5-2, 3-6."""
    t = make_t({**SIX, 7: 1800}, [], total=5)
    for method in dubov.METHODS:
        p = dubov.pair_round(t, "1997", method=method)
        assert p.pairs == [(1, 4), (5, 2), (3, 6)] and p.bye == 7


R1_SIX = [[(1, 4, "1"), (5, 2, "1"), (3, 6, "0")]]


def test_2026_round_2_upfloater_and_s1_by_aro():
    """After 1-4 1-0, 5-2 1-0, 3-6 0-1 the 1-point group is 1 (pref B), 5 (B), 6 (W):
    odd, one upfloater (C5). Pool 2, 3, 4 (score 0, by TPN). With 2 (pref W, met 5) the
    bracket 6, 2 | 1, 5 pairs 2-1, 6-5 with no colour loss (C7 = 0); 2 is #1 of the pool.
    S1 = 2 (ARO 2000), 6 (ARO 2200); T2 = 1, 5. Then 4-3. Colours: the W seeker gets W.
    Boards: 6-5 (both 1 point), 2-1, 4-3."""
    t = make_t(SIX, R1_SIX, total=5)
    for method in dubov.METHODS:
        assert dubov.pair_round(t, "2026", method=method).pairs == [(6, 5), (2, 1), (4, 3)]


def test_1997_round_2_article_7_2_brings_up_the_highest_rated_of_the_other_colour():
    """Same event, 1997: group {1, 5, 6} is odd; dominating due colour Black (1, 5), so
    7.2 brings up a due-White player of the 0-point group with the highest rating: 2
    (2300). Whites 2 (ARO 2000), 6 (ARO 2200) by ARO; Blacks 1 (2400), 5 (2000): 2-1,
    6-5. Then 4-3."""
    t = make_t(SIX, R1_SIX, total=5)
    for method in dubov.METHODS:
        assert dubov.pair_round(t, "1997", method=method).pairs == [(6, 5), (2, 1), (4, 3)]


EIGHT = {1: 2500, 2: 2400, 3: 2300, 4: 2200, 5: 2100, 6: 2000, 7: 1900, 8: 1800}
R1_EIGHT = [[(5, 1, "0"), (6, 2, "0"), (7, 3, "0"), (8, 4, "0")]]


def test_1997_round_2_7_3_and_7_4_equalise_the_subgroups():
    """1-4 won with Black (due White, AROs 2100, 2000, 1900, 1800); 7.3 moves the two
    lowest AROs (4, 3) to the Blacks: Whites 2 (2000), 1 (2100) against Blacks 3 (2300),
    4 (2200): 2-3, 1-4. Colours by 3.4 (White to the higher ARO): 2 White, 1 White.
    5-8 (due Black, AROs 2500 .. 2200): 7.4 moves the two highest AROs (5, 6) to the
    Whites: 6 (2400), 5 (2500) against 7 (1900), 8 (1800): 6-7, 5-8; 3.4: 6 and 5 White.
    The optimiser agrees: these rows minimise the ARO objective."""
    t = make_t(EIGHT, R1_EIGHT, total=5)
    for method in dubov.METHODS:
        assert dubov.pair_round(t, "1997", method=method).pairs == [(1, 4), (2, 3), (5, 8), (6, 7)]


def test_2026_round_2_shifters_middle_out():
    """2026, same event: bracket {1, 2, 3, 4} all seek White. Two shift to G2: White
    seekers by ARO 4, 3, 2, 1; middle first: #1 3, #2 2, #3 4, #4 1; the first set {3, 2}
    is legal. S1 = 4 (1800), 1 (2100); T2 = 2, 3: 4-2, 1-3; 5.2.5 the higher ranked gets
    his preference: 2-4, 1-3. Bracket {5..8} all seek Black: two shift to G1: Black
    seekers by TPN 5, 6, 7, 8; #1 6, #2 7: G1 = 7 (ARO 2300), 6 (2400); T2 = 5, 8: 7-5,
    6-8; colours: 5 and 6 are higher ranked, keep Black: 7-5, 8-6."""
    t = make_t(EIGHT, R1_EIGHT, total=5)
    for method in dubov.METHODS:
        assert dubov.pair_round(t, "2026", method=method).pairs == [(1, 3), (2, 4), (7, 5), (8, 6)]


BYE_RATINGS = {1: 2600, 2: 2500, 3: 2400, 4: 2000, 5: 2000, 6: 2300, 7: 2100}
BYE_R1 = [[(1, 4, "1"), (5, 2, "0"), (3, 6, "1"), ("U", 7)]]


def test_bye_1997_lowest_rating_dominating_colour_vs_2026_largest_tpn():
    """0-point group {4 (due W), 5 (due B), 6 (due W)}. 1997 Art. 4: the lowest rating
    (2000) is shared by 4 and 5, in both colour subgroups: the dominating colour (White)
    decides: 4. 2026 Art. 3.1: lowest score, most games, largest TPN: 6."""
    t = make_t(BYE_RATINGS, BYE_R1, total=5)
    assert dubov.pair_round(t, "1997").bye == 4
    assert dubov.pair_round(t, "2026").bye == 6


def test_bye_never_to_a_player_who_scored_without_playing():
    """2.2 / C2: 7 had the bye in round 1. Make 7 the lowest rated in the lowest group
    after round 2: he still cannot get it."""
    ratings = {1: 2600, 2: 2500, 3: 2400, 4: 2300, 5: 2200, 6: 2100, 7: 1000}
    rounds = [[(1, 4, "1"), (5, 2, "0"), (3, 6, "1"), ("U", 7)], [(1, 2, "1"), (3, 7, "1"), (4, 5, "1"), ("U", 6)]]
    t = make_t(ratings, rounds, total=5)
    for ed in dubov.EDITIONS:
        for method in dubov.METHODS:
            p = dubov.pair_round(t, ed, method=method)
            assert p.bye not in (6, 7)


# ----------------------------------------------------------------------------------------
# input and the checker


def test_unrated_player_is_an_input_error_naming_him():
    t = make_t({1: 2400, 2: 0, 3: 2200, 4: 2100}, [], total=3)
    with pytest.raises(InputError, match="player 2"):
        dubov.pair_round(t, "2026")
    p = dubov.pair_round(t, "2026", ratings={2: 1500})
    assert len(p.pairs) == 2


def test_unknown_edition_and_method():
    t = make_t(SIX, [], total=3)
    with pytest.raises(InputError):
        dubov.pair_round(t, "2017")
    with pytest.raises(InputError):
        dubov.pair_round(t, "2026", method="greedy")


def test_violations_reports_rematch_colours_and_bye():
    t = make_t(SIX, R1_SIX, total=5)
    bad = Pairing(round=2, pairs=[(1, 4), (5, 6), (2, 3)])
    assert any(m.startswith("C1") for m in texts(dubov.violations(t, bad, "2026")))
    assert any(m.startswith("2.1") for m in texts(dubov.violations(t, bad, "1997")))
    # 1997 2.4: 1 played White in round 1 and round 2; a third White breaks 2.4
    t2 = make_t(SIX, R1_SIX + [[(1, 5, "1"), (6, 2, "1"), (3, 4, "1")]], total=5)
    third = Pairing(round=3, pairs=[(1, 6), (2, 3), (4, 5)])
    msgs = texts(dubov.violations(t2, third, "1997"))
    assert any(m.startswith("2.4: player 1") for m in msgs)
    msgs26 = texts(dubov.violations(t2, third, "2026"))
    assert any(m.startswith("colour: player 1") for m in msgs26)
    # a bye with an even number, and a player missing
    odd = Pairing(round=2, pairs=[(6, 5), (2, 1)], bye=4)
    msgs = texts(dubov.violations(t, odd, "2026"))
    assert any("not paired: 3" in m for m in msgs) and any("even number" in m for m in msgs)


def test_aro_list_article_9():
    t = make_t(SIX, R1_SIX, total=5)
    rows = dubov.aro_list(t, 2)
    by_id = {r["id"]: r for r in rows}
    assert by_id[1]["aro"] == "2100.0" and by_id[1]["due"] == "B" and by_id[1]["score"] == "1"
    assert by_id[6]["aro"] == "2200.0" and by_id[6]["due"] == "W"
    assert [r["id"] for r in rows][:3] == [1, 5, 6]


# ----------------------------------------------------------------------------------------
# generated events: an independent check of the restrictions, and literal vs optimised


def independent_violations(t: Tournament, edition: str) -> list[str]:
    """The absolute rules checked on a whole event from the raw entries, without the
    engine: no two players met twice in played games; 1997: colour difference within
    +-2 and no three equal colours running after every round; 2026: C3 (no two players
    with the same absolute preference met) and absolute preferences granted; PAB at
    most once and never after a win without playing."""
    out = []
    for p in t.players:
        met = [e.opponent for e in p.rounds if e.played]
        if len(met) != len(set(met)):
            out.append(f"{p.id} met someone twice")
        cols = ""
        unplayed_win = False
        for k, e in enumerate(p.rounds, start=1):
            if e.result == "U" and unplayed_win:
                out.append(f"{p.id} bye in round {k} after a point without playing")
            if e.result in "U+F":
                unplayed_win = True
            if e.played:
                if edition == "2026" and cols:
                    cd = cols.count("w") - cols.count("b")
                    need = "b" if cd > 1 or cols[-2:] == "ww" else "w" if cd < -1 or cols[-2:] == "bb" else None
                    if need and e.colour != need:
                        out.append(f"{p.id} round {k}: absolute preference {need} not granted")
                cols += e.colour
                cd = cols.count("w") - cols.count("b")
                if edition == "1997" and (abs(cd) > 2 or cols[-3:] in ("www", "bbb")):
                    out.append(f"{p.id} round {k}: colours {cols}")
    return out


# ----------------------------------------------------------------------------------------
# an independent feasibility check: does ANY pairing of a round keep every restriction?


@dataclass
class Feasibility:
    """The answer of :func:`independent_feasibility` for one round.

    ``feasible``: some pairing of the round keeps every restriction that the engine
    treats as absolute (2026: C1, C2, C3 with the absolute preferences granted; 1997:
    2.1, 2.2, 2.3, 2.4 and so 2.6). ``pairs`` (white, black) and ``bye`` are then such
    a pairing, checked here pair by pair. Otherwise ``tutte`` is a certificate: removing
    the players in ``tutte`` (``0`` stands for the bye) leaves the odd groups ``odd``,
    more of them than removed players, and no pairing can exist (Tutte's theorem: each
    odd group must send a player to a removed one). ``feasible_2_5`` (1997) says whether a
    pairing exists that also keeps 2.5, read as the engine reads it; ``None`` when not
    asked or not 1997."""

    round: int
    players: list[int]
    feasible: bool
    pairs: list[tuple[int, int]] | None = None
    bye: int | None = None
    tutte: list[int] | None = None
    odd: list[list[int]] | None = None
    feasible_2_5: bool | None = None

    def describe(self) -> str:
        if self.feasible:
            bye = f", bye {self.bye}" if self.bye is not None else ""
            return f"round {self.round}: a legal pairing exists: " + ", ".join(f"{w}-{b}" for w, b in self.pairs) + bye
        if self.tutte is None:
            return f"round {self.round}: no legal pairing (no certificate computed)"

        def name(x: int) -> str:
            return "the bye" if x == 0 else str(x)

        groups = "; ".join("{" + ", ".join(map(name, g)) + "}" for g in self.odd)
        if not self.tutte:
            return (
                f"round {self.round}: no legal pairing: the players split into {len(self.odd)} groups of odd size "
                f"({groups}) with no legal pair between two groups"
            )
        return (
            f"round {self.round}: no legal pairing: apart from {', '.join(map(name, self.tutte))}, the players "
            f"split into {len(self.odd)} groups of odd size ({groups}) with no legal pair between two groups; "
            f"each group must pair one player with "
            + ("that one" if len(self.tutte) == 1 else f"one of those {len(self.tutte)}")
        )


def _round_facts(t: Tournament, edition: str, r: int):
    """Everything the restrictions read, from the raw entries of rounds 1 .. r-1 and the
    round's own column (byes entered before pairing). Written from the rule texts, not
    from the engine: a game counts as a meeting only when played over the board (C.04.2
    Art. 3.5); colours are those of played games, in order (C.04.2 Art. 3.4)."""
    played_codes = set("1=0WDL")
    win = t.scoring.win
    pre_byes = {b.player for b in t.byes if b.round == r}
    to_pair, met, colours, bye_ok = [], {}, {}, {}
    scores: dict[int, list[Fraction]] = {}
    ups: dict[int, list[bool]] = {}
    for p in t.players:
        s = Fraction(0)
        seq = []
        for k in range(1, r):
            seq.append(s + sum((v.points for v in t.virtual_points if v.round == k and v.player == p.id), Fraction(0)))
            e = p.rounds[k - 1] if k <= len(p.rounds) else None
            if e is not None and e.result.strip():
                s += t.scoring.points(e.result, e.colour)
        seq.append(s + sum((v.points for v in t.virtual_points if v.round == r and v.player == p.id), Fraction(0)))
        scores[p.id] = seq
    for p in t.players:
        met[p.id] = set()
        cols = ""
        ok = True
        up = []
        for k in range(1, r):
            e = p.rounds[k - 1] if k <= len(p.rounds) else None
            if e is None:
                up.append(False)
                continue
            if e.opponent is not None and e.result in played_codes:
                met[p.id].add(e.opponent)
                if e.colour in ("w", "b"):
                    cols += e.colour
                up.append(scores[e.opponent][k - 1] > scores[p.id][k - 1] if e.opponent in scores else False)
                continue
            up.append(False)
            # a PAB, or a win's points scored in one round without playing (forfeit
            # win, full-point bye): no PAB any more (Basic Rules Art. 4; 1997 2.2)
            if e.result == "U" or (e.result not in ("Z", " ") and t.scoring.points(e.result, e.colour) >= win):
                ok = False
        met[p.id] |= {
            x
            for rec in t.prohibited
            if rec.first_round <= r <= rec.last_round and p.id in rec.players
            for x in rec.players
            if x != p.id
        }
        colours[p.id] = cols
        bye_ok[p.id] = ok
        ups[p.id] = up
        e = p.rounds[r - 1] if r <= len(p.rounds) else None
        if (e is None or (e.opponent is None and e.colour is None and e.result == " ")) and p.id not in pre_byes:
            to_pair.append(p.id)
    return to_pair, met, colours, bye_ok, {pid: seq[r - 1] for pid, seq in scores.items()}, ups


def _allowed_colours(cols: str, edition: str) -> set[str]:
    """The colours a player may receive. 1997: 2.3 (colour difference within -2 .. +2
    after the game) and 2.4 (not three times running). 2026: the absolute preference of
    Art. 1.6.1, which C3 and Basic Rules Art. 6-7 grant (White when the difference is
    below -1 or the last two games were Black; Black in the mirror case)."""
    cd = cols.count("w") - cols.count("b")
    if edition == "1997":
        return {c for c in "wb" if abs(cd + (1 if c == "w" else -1)) <= 2 and cols[-2:] != c * 2}
    need = set()
    if cd < -1 or cols[-2:] == "bb":
        need.add("w")
    if cd > 1 or cols[-2:] == "ww":
        need.add("b")
    return {"w", "b"} if not need else (need if len(need) == 1 else set())


def independent_feasibility(
    t: Tournament, edition: str, round_number: int | None = None, *, with_2_5: bool = False
) -> Feasibility:
    """Whether any pairing of round ``round_number`` (default: the round after the last
    one with a game or a PAB) keeps every absolute restriction, by exact maximum
    matching on the compatibility graph, independent of the engine.

    Every restriction is a property of a pair or of one player, so a round is pairable
    exactly when the graph has a perfect matching: players are vertices, two are joined
    when they have not met (nor are a prohibited pair) and some colour allocation keeps
    both within their colour restrictions; with an odd number, a vertex ``0`` (the PAB)
    is joined to every player allowed the bye. The answer carries a proof either way:
    a pairing checked pair by pair, or a Tutte set checked by counting odd components.

    1997 2.5 is kept out of ``feasible``: the engine waives it for a round no pairing
    within it can complete (art. 9), and it only removes pairings, so a round without a
    pairing under 2.1-2.4 has none under 2.5 either. ``with_2_5`` also reports whether a
    pairing within 2.5 exists, read pair by pair as the engine does: in a pair of
    different scores the lower player is transferred up, which he may not be after an
    upward transfer in the previous round (English text), nor beyond 3 (fewer than 10
    rounds) or 4 transfers, except in the last round."""
    import networkx as nx

    if round_number is None:
        round_number = 1 + max(
            (
                k
                for p in t.players
                for k, e in enumerate(p.rounds, start=1)
                if e.opponent is not None or e.result == "U"
            ),
            default=0,
        )
    r = round_number
    ids, met, colours, bye_ok, score, ups = _round_facts(t, edition, r)
    allowed = {pid: _allowed_colours(colours[pid], edition) for pid in ids}

    def board(a: int, b: int) -> tuple[int, int] | None:
        if b in met[a] or a in met[b]:
            return None
        for w, bl in ((a, b), (b, a)):
            if "w" in allowed[w] and "b" in allowed[bl]:
                return (w, bl)
        return None

    def may_go_up(pid: int) -> bool:
        if t.total_rounds is not None and r >= t.total_rounds:
            return True
        limit = 3 if (t.total_rounds or r) < 10 else 4
        return not (ups[pid] and ups[pid][-1]) and sum(ups[pid]) < limit

    def graph(keep_2_5: bool):
        g = nx.Graph()
        g.add_nodes_from(ids)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                if board(a, b) is None:
                    continue
                if keep_2_5 and score[a] != score[b] and not may_go_up(a if score[a] < score[b] else b):
                    continue
                g.add_edge(a, b)
        if len(ids) % 2:
            g.add_node(0)
            g.add_edges_from((0, pid) for pid in ids if bye_ok[pid])
        return g

    def perfect(g) -> dict[int, int] | None:
        m = nx.max_weight_matching(g, maxcardinality=True)
        if 2 * len(m) != g.number_of_nodes():
            return None
        mate = {}
        for a, b in m:
            mate[a], mate[b] = b, a
        return mate

    g = graph(False)
    mate = perfect(g)
    out = Feasibility(r, ids, mate is not None)
    if mate is not None:
        # the witness, checked here against every restriction again
        out.bye = mate.get(0)
        assert out.bye is None or bye_ok[out.bye]
        out.pairs = [board(a, b) for a, b in sorted((a, b) for a, b in mate.items() if 0 < a < b)]
        assert all(p is not None for p in out.pairs)
        assert sorted([x for p in out.pairs for x in p] + ([out.bye] if out.bye else [])) == sorted(ids)
        if edition == "1997" and with_2_5:
            out.feasible_2_5 = perfect(graph(True)) is not None
    else:
        out.tutte, out.odd = _tutte_certificate(g)
        if edition == "1997" and with_2_5:
            out.feasible_2_5 = False
    return out


def _tutte_certificate(g) -> tuple[list[int], list[list[int]]]:
    """A Tutte set of a graph without a perfect matching, by the Gallai-Edmonds
    decomposition: D holds the vertices some maximum matching leaves uncovered (found by
    one matching per vertex), A their neighbours outside D. Removing A leaves more odd
    components than |A|; this is checked here, so the certificate does not depend on
    the matching code being right."""
    import networkx as nx

    nu = len(nx.max_weight_matching(g, maxcardinality=True))
    D = {v for v in g if len(nx.max_weight_matching(g.subgraph([u for u in g if u != v]), maxcardinality=True)) == nu}
    A = {u for v in D for u in g[v]} - D
    rest = g.subgraph([v for v in g if v not in A])
    odd = sorted((sorted(c) for c in nx.connected_components(rest) if len(c) % 2), key=lambda c: c[0])
    if len(odd) <= len(A):  # pragma: no cover - Gallai-Edmonds guarantees it
        raise AssertionError("no Tutte set found although the graph has no perfect matching")
    return sorted(A), odd


def brute_force_pairable(t: Tournament, edition: str, round_number: int) -> bool:
    """A second, slower opinion for small rounds: every way to pair the players tried by
    backtracking (the bye, with an odd number, to each player allowed it)."""
    ids, met, colours, bye_ok, _, _ = _round_facts(t, edition, round_number)
    allowed = {pid: _allowed_colours(colours[pid], edition) for pid in ids}

    def ok(a, b):
        return (
            b not in met[a]
            and a not in met[b]
            and any(c in allowed[a] and ("b" if c == "w" else "w") in allowed[b] for c in "wb")
        )

    def pairable(rest):
        if not rest:
            return True
        a = rest[0]
        return any(ok(a, b) and pairable(rest[1:k] + rest[k + 1 :]) for k, b in enumerate(rest) if k > 0)

    if len(ids) % 2 == 0:
        return pairable(ids)
    return any(bye_ok[b] and pairable([x for x in ids if x != b]) for b in ids)


def test_independent_feasibility_hand_worked_rounds():
    """Four players, round 3. R1 1-2 and 3-4, R2 1-4 and 3-2 (first named White): 1 and
    3 played White twice (absolute Black, 2026 1.6.1; a third White breaks 1997 2.4), 2
    and 4 Black twice. The unmet pairs 1-3 and 2-4 need the same colour: no pairing, in
    both editions, and the certificate is four players without any legal opponent. With
    R2 1-4 and 2-3 instead, 3 and 2 have alternated: 3-1 and 4-2 are legal."""
    ratings = {1: 2000, 2: 1900, 3: 1800, 4: 1700}
    r1 = [(1, 2, "="), (3, 4, "=")]
    for edition in dubov.EDITIONS:
        t = make_t(ratings, [r1, [(1, 4, "="), (3, 2, "=")]], 5)
        f = independent_feasibility(t, edition)
        assert (f.round, f.feasible, f.tutte, f.odd) == (3, False, [], [[1], [2], [3], [4]])
        assert not brute_force_pairable(t, edition, 3)
        with pytest.raises(NoPairingError):
            dubov.pair_round(t, edition)
        t = make_t(ratings, [r1, [(1, 4, "="), (2, 3, "=")]], 5)
        f = independent_feasibility(t, edition)
        assert f.feasible and sorted(f.pairs) == [(3, 1), (4, 2)] and f.bye is None


def test_independent_feasibility_forfeits_and_the_bye():
    """Three players, round 3. R1: 1-3 drawn, 2 absent; R2: 3 wins against 2 by forfeit,
    1 absent. A forfeit is no meeting, so 2-3 may be paired, and it must be: 3 may not
    take the bye after a win without playing (2026 C2, 1997 2.2) and the bye to 2 would
    pair 1-3 again. So the only pairing is 2-3, bye 1. With 2-3 a prohibited pair no
    pairing is left (the bye to 3, the only way out, is barred)."""
    E = RoundEntry
    players = (
        Player(1, "P01", (E(3, "w", "="), E(None, None, "Z")), rating=2000),
        Player(2, "P02", (E(None, None, "Z"), E(3, "w", "-")), rating=1900),
        Player(3, "P03", (E(1, "b", "="), E(2, "b", "+")), rating=1800),
    )
    t = Tournament(players=players, total_rounds=5, initial_colour="w")
    for edition in dubov.EDITIONS:
        f = independent_feasibility(t, edition)
        assert f.feasible and f.bye == 1 and [set(p) for p in f.pairs] == [{2, 3}]
        assert dubov.pair_round(t, edition).bye == 1
        barred = replace(t, prohibited=(ProhibitedPairs(1, 5, (2, 3)),))
        f = independent_feasibility(barred, edition)
        assert not f.feasible and not brute_force_pairable(barred, edition, 3)
        assert len(f.odd) > len(f.tutte)
        with pytest.raises(NoPairingError):
            dubov.pair_round(barred, edition)


#: Events of ``python benchmarks/dubov.py`` (seed 1) where the engine finds no pairing:
#: (edition, event k, players, rounds, round). Its event_settings give seed 1000 + k and
#: rates 2 % absences, 2 % half-point byes, 1 % forfeits. The smallest of each edition,
#: one per way the engine reports it: the whole round (2026 C1/C3), the bye (2026 C2/C4,
#: 1997 art. 4), a score group left without a completion (1997).
UNPAIRABLE_BENCHMARK_EVENTS = [
    ("2026", 159, 8, 7, 7),
    ("2026", 176, 8, 7, 6),
    ("2026", 118, 10, 9, 9),
    ("1997", 176, 8, 7, 6),
    ("1997", 208, 8, 7, 7),
    ("1997", 17, 9, 8, 8),
]


@pytest.mark.parametrize("edition,k,players,rounds,failing", UNPAIRABLE_BENCHMARK_EVENTS)
def test_unpairable_benchmark_events_confirmed_independently(edition, k, players, rounds, failing):
    """The engine's NoPairingError is right: at the failing round the independent check
    (matching on the compatibility graph) and a brute-force search both find no legal
    pairing, and the check's Tutte certificate holds. In every earlier round, which the
    engine paired, the check finds a pairing too."""
    s = GeneratorSettings(
        players=players, rounds=rounds, seed=1000 + k, absence_rate=0.02, half_bye_rate=0.02, forfeit_rate=0.01
    )
    seen = []

    def pairer(t):
        seen.append(t)
        p = dubov.pair_round(t, edition)
        return p.pairs, p.bye

    with pytest.raises(NoPairingError) as raised:
        generate(s, pairer)
    *earlier, t = seen
    assert t.next_round == failing
    if edition == "1997":  # said of the whole round, not of a score group deep inside it
        assert (
            str(raised.value)
            == f"round {failing}: no pairing of the whole round keeps restrictions 2.1-2.4 and 2.6, even with 2.5 waived"
        )
    f = independent_feasibility(t, edition, with_2_5=True)
    assert not f.feasible and f.feasible_2_5 in (None, False), f.describe()
    assert len(f.odd) > len(f.tutte)
    assert not brute_force_pairable(t, edition, failing)
    for e in earlier:
        assert independent_feasibility(e, edition).feasible


@pytest.mark.parametrize("edition", dubov.EDITIONS)
@pytest.mark.parametrize("method", dubov.METHODS)
@pytest.mark.parametrize("seed,players,rounds", [(1, 8, 5), (2, 15, 6), (3, 24, 7), (4, 41, 9), (5, 64, 11)])
def test_generated_events_never_break_a_restriction(edition, method, seed, players, rounds):
    s = GeneratorSettings(
        players=players, rounds=rounds, seed=seed, absence_rate=0.03, half_bye_rate=0.02, forfeit_rate=0.02
    )
    try:
        t = generate(s, pairer("dubov", edition, method))
    except NoPairingError:
        pytest.skip("the generated event became unpairable (possible with few players)")
    assert independent_violations(t, edition) == []


@pytest.mark.parametrize("edition", dubov.EDITIONS)
def test_optimiser_never_worse_than_literal_on_the_objective_vector(edition):
    """On every round of a few generated events: equal pairings, or the optimiser is
    lexicographically better (never worse) on the stated objectives."""
    worse = []
    for seed in (11, 12, 13):
        s = GeneratorSettings(players=30 + seed, rounds=7, seed=seed, absence_rate=0.02)
        t = generate(s, pairer("dubov", edition, "literal"))
        for r in range(1, 8):
            c = dubov.compare(cut_before(t, r), edition, r)
            if c.better == "literal":
                worse.append(c.describe())
    assert worse == []


# ----------------------------------------------------------------------------------------
# the witness (another engine, 2026 text): not law, but a regression guard


def _witness(name: str) -> Tournament:
    path = shared_path(f"witness/dubov-cppdubov/{name}")
    from tabellone.formats.trf import read_trf

    t = read_trf(str(path))
    m = re.search(r"^TNR (\d+)", path.read_text(encoding="latin-1"), re.M)
    return replace(t, total_rounds=int(m.group(1)))


@pytest.mark.parametrize("name", ["test.trf", "test2.trf", "random1.trf"])
def test_literal_2026_matches_the_cppdubov_witness(name):
    """CPPDubovSystem (v2.0, 2025 text) paired these events; our literal 2026 procedure
    gives the same pairs, colours and byes in every round (its byes are written as
    '0000 - +')."""
    t = _witness(name)
    for r in range(1, t.rounds_paired + 1):
        p = dubov.pair_round(cut_before(t, r), "2026", r)
        ref = sorted(
            (pl.id, pl.entry(r).opponent) for pl in t.players if pl.entry(r).colour == "w" and pl.entry(r).opponent
        )
        bye = [pl.id for pl in t.players if pl.entry(r).opponent is None and pl.entry(r).result in "U+"]
        assert sorted(p.pairs) == ref, f"round {r}"
        assert p.bye == (bye[0] if bye else None), f"round {r}"


# ----------------------------------------------------------------------------------------
# the verifier interface: evaluate, quality_criteria, colour_article (tabellone.verify.checker)
#
# Expected values are worked by hand from the texts: 2026 Art. 2.3 ([C5]-[C10]), 3.1,
# 3.2.2-3.2.6 and 4.x; 1997 Art. 4, 6.1-6.4, 7.1-7.4. In 1997 a value is the place
# (1 = first) of a choice in the order the step of the text prescribes.


def test_quality_criteria_in_the_texts_order():
    """2026: the PAB steps 3.1.3-3.1.5 (assigned before any bracket, 1.9.2), then per
    bracket [C5]-[C10] (Art. 2.3.1-2.3.6) and the choices of 3.2.2, 3.2.4, 3.2.6. 1997:
    the bye (4, round 1: 5), then per score group the steps in the order the procedure
    takes them: 8.2, 7.1, 7.2, 6.4, 6.3 (last paragraph), 6.1 with 7.3 / 7.4, 6.2-6.3, 9."""
    assert [a for a, _ in dubov.quality_criteria("2026")] == [
        "2026 3.1.3",
        "2026 3.1.4",
        "2026 3.1.5",
        "2026 C5",
        "2026 C6",
        "2026 C7",
        "2026 C8",
        "2026 C9",
        "2026 C10",
        "2026 3.2.2",
        "2026 3.2.4",
        "2026 3.2.4 smaller",
        "2026 3.2.4 larger",
        "2026 3.2.6",
    ]
    assert [a for a, _ in dubov.quality_criteria("1997")] == [
        "1997 4",
        "1997 5",
        "1997 5 pairs",
        "1997 8.2",
        "1997 7.1",
        "1997 7.2",
        "1997 6.4",
        "1997 6.4 choice",
        "1997 6.3 partner",
        "1997 6.1",
        "1997 7.3",
        "1997 7.4",
        "1997 6.2-6.3",
        "1997 9",
    ]
    with pytest.raises(InputError):
        dubov.quality_criteria("2017")


def test_evaluate_2026_round_2_every_criterion():
    """SIX after round 1 (1-4 1-0, 5-2 1-0, 3-6 0-1); the rules pair 6-5, 2-1, 4-3.
    No bye (six players). The 1-point bracket: residents 1, 5, 6 and upfloater 2 from the
    0-point group: [C5] 1; [C6] the pair 2-1 differs by one point; [C7] 6 (CD -1) and 2
    (CD -1) prefer White, 5 and 1 Black: nobody loses his preference; [C8]-[C10] MaxT is
    2 + [5/5] = 3 and nobody has upfloated; 3.2.2: the pool 2, 3, 4 by score then TPN, 2
    is #1; 3.2.4: G1 = {6, 2} and G2 = {1, 5} are equal, no shift; 3.2.6: S1 = 2 (ARO
    2000), 6 (ARO 2200), G2 by TPN 1 (#1), 5 (#2), T2 = #1, #2. The 0-point bracket:
    4 (White seeker) against 3."""
    t = make_t(SIX, R1_SIX, total=5)
    rules = dubov.pair_round(t, "2026", 2)
    round_level, brackets = dubov.evaluate(t, rules, "2026")
    assert round_level == {}
    top, bottom = brackets
    assert (top.score, sorted(top.players)) == (1, [1, 2, 5, 6])
    assert top.values == {
        "2026 C5": 1,
        "2026 C6": (Fraction(1),),
        "2026 C7": 0,
        "2026 C8": 0,
        "2026 C9": 0,
        "2026 C10": 0,
        "2026 3.2.2": (1,),
        "2026 3.2.4": 0,
        "2026 3.2.4 smaller": (),
        "2026 3.2.4 larger": (),
        "2026 3.2.6": (1, 2),
    }
    assert (bottom.score, sorted(bottom.players)) == (0, [3, 4])
    assert bottom.values["2026 C5"] == 0 and bottom.values["2026 3.2.6"] == (1,)


def test_first_difference_2026_colour_then_upfloater_set():
    """Same round, two legal alternatives:

    * upfloat 3 (6-5, 3-1, 2-4): 3 and 1 both prefer Black, so [C7] is 1 against 0;
    * upfloat 4 (6-1, 4-5, 2-3): equal on [C5]-[C10] (4 prefers White, 5 Black), but the
      set {#3} comes after {#1} (3.2.2)."""
    t = make_t(SIX, R1_SIX, total=5)
    rules = dubov.pair_round(t, "2026", 2)
    msg = first_difference(dubov, t, Pairing(2, [(6, 5), (3, 1), (2, 4)]), rules, "2026")
    assert (
        msg
        == "2026 C7 players who do not get their colour preference: yours 1, the rules allow 0, in the 1.0-point bracket"
    )
    msg = first_difference(dubov, t, Pairing(2, [(6, 1), (4, 5), (2, 3)]), rules, "2026")
    assert msg.startswith("2026 3.2.2 the set of upfloaters") and msg.endswith(
        "yours [3], the rules allow [1], in the 1.0-point bracket"
    )


def test_first_difference_2026_transposition_in_round_1():
    """Round 1 of EIGHT: nobody has played, so G1 is the first half by TPN (3.2.3), S1 =
    1, 2, 3, 4 (ARO 0, then TPN), G2 = 5, 6, 7, 8 and T2 the identity: 1-5, 2-6, 3-7,
    4-8. Everyone prefers Black (1.6.4), so every pair costs one preference ([C7] = 4)
    whatever the pairing; exchanging the opponents of 1 and 2 gives T2 = #2, #1, #3, #4
    and the first difference is 3.2.6."""
    t = make_t(EIGHT, [], total=5)
    rules = dubov.pair_round(t, "2026", 1)
    assert pairs_set(rules) == {frozenset(p) for p in [(1, 5), (2, 6), (3, 7), (4, 8)]}
    _, (bracket,) = dubov.evaluate(t, rules, "2026")
    assert bracket.values["2026 C7"] == 4 and bracket.values["2026 3.2.6"] == (1, 2, 3, 4)
    msg = first_difference(dubov, t, Pairing(1, [(1, 6), (2, 5), (3, 7), (4, 8)]), rules, "2026")
    assert msg.startswith("2026 3.2.6 transposition T2") and "yours [2, 1, 3, 4], the rules allow [1, 2, 3, 4]" in msg


def _absent_in_round_1() -> Tournament:
    """Seven players rated 2390 .. 2330 (tests/tournaments.py); round 1: 1-4, 2-5, 3-6,
    White winning; 7 absent (a zero-point bye, no game)."""
    return field(7, [merge(game(1, 4, "1"), game(2, 5, "1"), game(3, 6, "1"))], total=5)


def test_bye_2026_most_games_before_largest_tpn_and_1997_lowest_rating():
    """Round 2 of :func:`_absent_in_round_1`. 2026 Art. 3.1: the lowest score (0: 4, 5,
    6, 7), then the most games played (4, 5, 6 have one, 7 none), then the largest TPN:
    6. Giving it to 7 instead loses on 3.1.4 although 7 has the larger TPN. 1997 Art. 4:
    the lowest group, then the lowest rating: 7 (2330), place 1 of the order."""
    t = _absent_in_round_1()
    rules = dubov.pair_round(t, "2026", 2)
    assert rules.bye == 6
    round_level, _ = dubov.evaluate(t, rules, "2026")
    assert round_level == {"2026 3.1.3": 0, "2026 3.1.4": 0, "2026 3.1.5": 1}
    alternative = Pairing(2, [(1, 5), (2, 6), (3, 4)], bye=7)
    assert dubov.violations(t, alternative, "2026") == []
    msg = first_difference(dubov, t, alternative, rules, "2026")
    assert (
        msg
        == "2026 3.1.4 rounds the PAB assignee did not play (the most games played): yours 1 [7 (Player 7)], the rules allow 0 [6 (Player 6)]"
    )
    rules97 = dubov.pair_round(t, "1997", 2)
    assert rules97.bye == 7
    assert dubov.evaluate(t, rules97, "1997")[0] == {"1997 4": 1}


def test_evaluate_1997_round_2_article_7_2():
    """1997, SIX round 2 (see test_1997_round_2_article_7_2...): the group 1, 5, 6 is odd
    and due Black dominates, so 7.2 orders the 0-point players: due White first, then by
    rating: 2 (2300), 4 (2100), then 3 (due Black). 2 can join (2-1, 6-5): place 1. Rows
    (6.2): Whites 2 (ARO 2000), 6 (ARO 2200) against Blacks 1 (2400), 5 (2000), row by
    row the first Black: places 1, 2. Then 4-3 in the 0-point group. Bringing up 4
    instead (4-5, 1-6, 2-3) is place 2; bringing up 3 (6-5, 3-1, 2-4) place 3."""
    t = make_t(SIX, R1_SIX, total=5)
    rules = dubov.pair_round(t, "1997", 2)
    round_level, (top, bottom) = dubov.evaluate(t, rules, "1997")
    assert round_level == {}
    assert top.values == {
        "1997 7.2": 1,
        "1997 6.4": 0,
        "1997 6.4 choice": (),
        "1997 6.1": 0,
        "1997 7.3": (),
        "1997 7.4": (),
        "1997 6.2-6.3": (1, 2),
    }
    assert sorted(top.players) == [1, 2, 5, 6] and sorted(bottom.players) == [3, 4]
    assert bottom.values["1997 6.2-6.3"] == (1,) and "1997 7.2" not in bottom.values
    for alternative, place in (([(4, 5), (1, 6), (2, 3)], 2), ([(6, 5), (3, 1), (2, 4)], 3)):
        msg = first_difference(dubov, t, Pairing(2, alternative), rules, "1997")
        assert (
            msg
            == f"1997 7.2 player brought up to make the group even: place in the order of 7.2: yours {place}, the rules allow 1, in the 1.0-point bracket"
        )


def test_first_difference_1997_articles_7_3_and_6_3():
    """1997, EIGHT round 2: the 1-point group 1, 2, 3, 4 is all due White; 7.3 moves the
    two lowest AROs, 4 (1800) and 3 (1900), places 1 and 2 of its order, to the Blacks;
    rows 2-3, 1-4 (places 1, 2). Pairing 1-2, 3-4 moves 4 and 2 (places 1, 3): 7.3 names
    it. Pairing 1-3, 2-4 moves the right players but takes the Blacks in the wrong rows:
    2 (the first White) meets 4, the second Black: 6.2-6.3 names it."""
    t = make_t(EIGHT, R1_EIGHT, total=5)
    rules = dubov.pair_round(t, "1997", 2)
    _, (top, _) = dubov.evaluate(t, rules, "1997")
    assert top.values["1997 6.1"] == 2 and top.values["1997 7.3"] == (1, 2) and top.values["1997 6.2-6.3"] == (1, 2)
    bottom = [(5, 8), (6, 7)]
    msg = first_difference(dubov, t, Pairing(2, [(1, 2), (3, 4)] + bottom), rules, "1997")
    assert msg.startswith("1997 7.3 due-White players moved") and msg.endswith(
        "yours [1, 3], the rules allow [1, 2], in the 1.0-point bracket"
    )
    msg = first_difference(dubov, t, Pairing(2, [(1, 3), (2, 4)] + bottom), rules, "1997")
    assert msg.startswith("1997 6.2-6.3 rows") and msg.endswith(
        "yours [2, 1], the rules allow [1, 2], in the 1.0-point bracket"
    )


def test_first_difference_1997_round_1_article_5():
    """1997 round 1 (Art. 5), seven players: the last takes the bye (place 1 counting from
    the end); the upper half 1, 2, 3 meets the lower half 4, 5, 6 in order. A bye to 6
    is place 2; pairing 1-2 puts an upper-half player in the lower half's place."""
    t = make_t({**SIX, 7: 1800}, [], total=5)
    rules = dubov.pair_round(t, "1997", 1)
    round_level, (group,) = dubov.evaluate(t, rules, "1997")
    assert round_level == {"1997 5": 1} and group.values == {"1997 5 pairs": (1, 2, 3)}
    msg = first_difference(dubov, t, Pairing(1, [(1, 4), (2, 5), (3, 7)], bye=6), rules, "1997")
    assert msg.startswith("1997 5 the bye in round 1") and msg.endswith(
        "yours 2 [6 (P06)], the rules allow 1 [7 (P07)]"
    )
    msg = first_difference(dubov, t, Pairing(1, [(1, 2), (3, 4), (5, 6)], bye=7), rules, "1997")
    assert (
        msg.startswith("1997 5 pairs")
        and "yours a choice the text does not allow here, the rules allow [1, 2, 3]" in msg
    )


def test_colour_rules_name_the_deciding_step():
    """2026 Art. 5.2.2-5.2.5 and 1997 Art. 3.1-3.5 on bare players (the higher ranked is
    the one with the smaller TPN at equal scores)."""
    w_strong = _dp(id=1, tpn=1, due="w", strength=dubov.Strength.STRONG, colours="b", cd=-1, no_games=False)
    b_strong = _dp(id=2, tpn=2, due="b", strength=dubov.Strength.STRONG, colours="w", cd=1, no_games=False)
    assert dubov.colour_rule_2026(b_strong, w_strong, "w") == ("b", "5.2.2")
    w_mild = _dp(id=3, tpn=3, due="w", strength=dubov.Strength.MILD, colours="wb", no_games=False)
    assert dubov.colour_rule_2026(w_mild, w_strong, "w") == ("b", "5.2.3")
    # both strong White: latest difference bwb / bbw at the last game: 1 had b, 4 had w
    w_strong2 = _dp(id=4, tpn=4, due="w", strength=dubov.Strength.STRONG, colours="bbw", cd=-1, no_games=False)
    w_strong.colours = "bwb"
    assert dubov.colour_rule_2026(w_strong, w_strong2, "w") == ("w", "5.2.4")
    twin = _dp(id=5, tpn=5, due="w", strength=dubov.Strength.STRONG, colours="bwb", cd=-1, no_games=False)
    assert dubov.colour_rule_2026(twin, w_strong, "w") == ("b", "5.2.5")  # 1 is higher ranked
    a = _dp(id=1, tpn=1, due="w", colours="b", cd=-1, aro=Fraction(2100), rating=2300, no_games=False)
    b = _dp(id=2, tpn=2, due="w", colours="b", cd=-1, aro=Fraction(2000), rating=2200, no_games=False)
    assert dubov.colour_rule_1997(a, b) == ("w", "3.4")
    b.aro = Fraction(2100)
    assert dubov.colour_rule_1997(a, b) == ("b", "3.5")
    b.allowed = frozenset("b")  # 2.3 / 2.4 leave b only Black
    assert dubov.colour_rule_1997(a, b) == ("w", "2.6")


def test_colour_article_on_a_tournament():
    """Round 1 (no games, 5.2.1 / 1997 Art. 5) and round 2 (both preferences granted:
    5.2.2 / 1997 3.1) of SIX: 1 (TPN 1, odd) takes the initial White against 4; 5 is
    White against 2 (TPN 2, even: the other colour). Round 2: 6 prefers White, 5 Black."""
    t0 = make_t(SIX, [], total=5)
    assert dubov.colour_article(t0, 1, 4, 1) == (1, "5.2.1")
    assert dubov.colour_article(t0, 1, 2, 5) == (5, "5.2.1")
    assert dubov.colour_article(t0, 1, 4, 1, edition="1997") == (1, "5")
    t = make_t(SIX, R1_SIX, total=5)
    assert dubov.colour_article(t, 2, 5, 6) == (6, "5.2.2")
    assert dubov.colour_article(t, 2, 5, 6, edition="1997") == (6, "3.1")
    rep = check_round(dubov, t, Pairing(2, [(5, 6), (2, 1), (4, 3)]), "2026")
    assert not rep.ok and not rep.absolute and rep.first_difference is None
    assert rep.colour_notes == ["5-6: Art. 5.2.2 gives White to 6"]
    rep = check_round(dubov, t, Pairing(2, [(5, 6), (2, 1), (4, 3)]), "1997")
    assert rep.colour_notes == ["5-6: Art. 3.1 gives White to 6"]


def test_explain_a_pair_and_a_bye():
    """verify.explain, unchanged, on Dubov. 2026, SIX round 2, the pair 2-1: without it
    the best 1-point bracket upfloats 4 (4-5, 6-1: no colour lost), set {#3} against
    {#1} (3.2.2). 1997: without 2-1 the group 1, 5, 6, 2 has no row assignment (2 met 5),
    so 2 meets 6 (6.3, last paragraph) and 7.4 moves 5: two pairs of one due colour
    (6.1). The bye of round 2 with 7 players (see test_bye_...): 2026 gives it to 4, the
    next is 3 (3.1.5: four larger TPNs, not three); 1997 to 4 (lowest rating of the
    lowest group), the next is 3 (place 2)."""
    t = make_t(SIX, R1_SIX, total=5)
    lines = verify.explain(dubov, t, 2, "2026", pair=(2, 1))
    assert lines[1] == "they meet in the 1.0-point bracket (4 players; 2 (P02) moved up from a lower score)"
    assert lines[2].startswith("without 2-1 the best pairing is worse on 2026 3.2.2") and lines[2].endswith(
        "without it [3], the rules allow [1], in the 1.0-point bracket"
    )
    lines = verify.explain(dubov, t, 2, "1997", pair=(2, 1))
    assert (
        lines[2]
        == "without 2-1 the best pairing is worse on 1997 6.1 pairs of players due the same colour: without it 2, the rules allow 0, in the 1.0-point bracket"
    )
    t7 = make_t({**SIX, 7: 1800}, [[(1, 4, "1"), (5, 2, "1"), (3, 6, "0"), ("U", 7)]], total=5)
    lines = verify.explain(dubov, t7, 2, "2026", bye=4)
    assert lines[1].endswith("(the largest TPN): without it 4 [3 (P03)], the rules allow 3 [4 (P04)]") and lines[
        2
    ].endswith("; bye 3 (P03)")
    lines = verify.explain(dubov, t7, 2, "1997", bye=4)
    assert "worse on 1997 4 the bye" in lines[1] and lines[1].endswith(
        "without it 2 [3 (P03)], the rules allow 1 [4 (P04)]"
    )


# ----------------------------------------------------------------------------------------
# the engine's pairing is the smallest: every legal alternative, small generated events


def _legal_alternatives(t: Tournament, edition: str, r: int):
    """Every complete legal pairing of round ``r``: the players to pair matched in every
    way that repeats no game, each pair given colours the restrictions allow (worked out
    here from the colour histories: 1997 2.3 / 2.4, 2026 absolute preferences), the bye
    (odd number) to anyone; kept when :func:`dubov.violations` accepts it."""
    state = t.state_before(r)
    ids = [s.id for s in state.to_pair]

    def colours_ok(pid: int, colour: str) -> bool:
        cols = state[pid].colours
        cd = cols.count("w") - cols.count("b")
        if edition == "1997":  # 2.3 and 2.4, after this game
            return abs(cd + (1 if colour == "w" else -1)) <= 2 and cols[-2:] != colour * 2
        if cd > 1 or cols[-2:] == "ww":  # 2026 1.6.1: an absolute preference is granted
            return colour == "b"
        if cd < -1 or cols[-2:] == "bb":
            return colour == "w"
        return True

    def board(a: int, b: int):
        for w, bl in ((a, b), (b, a)):
            if colours_ok(w, "w") and colours_ok(bl, "b"):
                return (w, bl)
        return None

    def matchings(rest: list[int]):
        if not rest:
            yield []
            return
        a = rest[0]
        for k in range(1, len(rest)):
            b = rest[k]
            pair = board(a, b) if state.may_meet(a, b) else None
            if pair is not None:
                for m in matchings(rest[1:k] + rest[k + 1 :]):
                    yield [pair] + m

    for bye in ids if len(ids) % 2 else [None]:
        for m in matchings([i for i in ids if i != bye]):
            p = Pairing(r, m, bye)
            if not dubov.violations(t, p, edition):
                yield p


def _never_worse(t: Tournament, edition: str, r: int) -> int:
    """The engine's pairing of round ``r`` against every legal alternative, compared as
    the verifier compares (first criterion in priority order, bracket by bracket): the
    rules' value is always the smaller, never equal, never larger."""
    rules = dubov.pair_round(t, edition, r)
    mine = pairs_set(rules)
    n = 0
    for alt in _legal_alternatives(t, edition, r):
        if pairs_set(alt) == mine and alt.bye == rules.bye:
            continue
        msg = first_difference(dubov, t, alt, rules, edition)
        assert "the rules allow" in msg and "the rules' pairing has" not in msg, (r, alt, msg)
        n += 1
    return n


@pytest.mark.parametrize("edition", dubov.EDITIONS)
@pytest.mark.parametrize("seed,players", [(22, 8), (23, 9), (24, 10)])
def test_engine_pairing_is_never_worse_than_any_legal_alternative(edition, seed, players):
    s = GeneratorSettings(
        players=players, rounds=5, seed=seed, absence_rate=0.05, half_bye_rate=0.03, forfeit_rate=0.03
    )
    t = generate(s, pairer("dubov", edition, "literal"))
    compared = sum(_never_worse(cut_before(t, r), edition, r) for r in range(1, t.rounds_paired + 1))
    assert compared >= 150


def _swapped_rounds(t: Tournament, edition: str, per_round: int = 4):
    """Rounds of ``t`` (from 2) with the opponents of two of its boards exchanged, all
    four players on one pairing score, where the result is still legal (the first
    ``per_round`` such exchanges of each round): (round, the event before it, the altered
    pairing)."""
    for r in range(2, t.rounds_paired + 1):
        before = cut_before(t, r)
        state = before.state_before(r)
        pairs, pab = pairs_of_round(t, r)
        bye = pab[0] if pab else None
        found = 0
        for i, j in itertools.combinations(range(len(pairs)), 2):
            (a, b), (c, d) = pairs[i], pairs[j]
            if found >= per_round or len({state[x].pairing_score for x in (a, b, c, d)}) != 1:
                continue
            rest = [p for k, p in enumerate(pairs) if k not in (i, j)]
            for new in ([(a, d), (c, b)], [(a, c), (d, b)], [(a, c), (b, d)], [(c, a), (d, b)]):
                altered = Pairing(r, rest + new, bye)
                if not dubov.violations(before, altered, edition):
                    found += 1
                    yield r, before, altered
                    break


@pytest.mark.parametrize("edition", dubov.EDITIONS)
def test_check_names_the_article_of_a_swapped_round(edition):
    """Generated events paired by the engine: every recorded round checks clean, and
    with two opponents exchanged inside a score group the check names a criterion of
    the edition, with the rules' value the smaller."""
    articles = tuple(a for a, _ in dubov.quality_criteria(edition))
    n = 0
    for seed in (31, 32):
        s = GeneratorSettings(players=16 + seed % 5, rounds=6, seed=seed, absence_rate=0.03)
        t = generate(s, pairer("dubov", edition, "literal"))
        for r in range(1, t.rounds_paired + 1):
            pairs, pab = pairs_of_round(t, r)
            assert check_round(dubov, cut_before(t, r), Pairing(r, pairs, pab[0] if pab else None), edition).ok
        for _r, before, altered in _swapped_rounds(t, edition):
            rep = check_round(dubov, before, altered, edition)
            assert not rep.ok and not rep.absolute
            assert rep.first_difference.startswith(articles), rep.first_difference
            assert "the rules allow" in rep.first_difference
            n += 1
    assert n >= 20


@pytest.mark.slow
@pytest.mark.parametrize("name", ["test.trf", "test2.trf", "random1.trf", "random2.trf"])
def test_witness_rounds_check_clean_and_swaps_are_named(name):
    """CPPDubovSystem's events (2026 text): every round is the rules' pairing; swapping
    two opponents in a score group is reported on a 2026 criterion, the rules' value the
    smaller."""
    t = _witness(name)
    articles = tuple(a for a, _ in dubov.quality_criteria("2026"))
    for r in range(1, t.rounds_paired + 1):
        pairs, pab = pairs_of_round(t, r)
        assert check_round(dubov, cut_before(t, r), Pairing(r, pairs, pab[0] if pab else None), "2026").ok, r
    n = 0
    for _r, before, altered in _swapped_rounds(t, "2026"):
        msg = check_round(dubov, before, altered, "2026").first_difference
        assert msg.startswith(articles) and "the rules allow" in msg, msg
        n += 1
    assert n >= 5


# ----------------------------------------------------------------------------------------
# the command line: tabellone check / explain --system dubov


def _write(tmp_path, t: Tournament, name: str = "event.trf"):
    path = tmp_path / name
    path.write_text(format_trf(t))
    return str(path)


@pytest.mark.parametrize(
    "edition,expected",
    [
        (
            "2026",
            "2026 C7 players who do not get their colour preference: yours 1, the rules allow 0, in the 1.0-point bracket",
        ),
        (
            "1997",
            "1997 7.2 player brought up to make the group even: place in the order of 7.2: yours 3, the rules allow 1, in the 1.0-point bracket",
        ),
    ],
)
def test_cli_check_an_altered_round(tmp_path, capsys, edition, expected):
    """SIX with round 2 played as 6-5, 3-1, 2-4 (3 upfloated instead of 2, see the tests
    above): round 1 checks, round 2 differs, exit 1."""
    t = make_t(SIX, R1_SIX + [[(6, 5, "1"), (3, 1, "="), (2, 4, "0")]], total=5)
    path = _write(tmp_path, t)
    assert main(["check", path, "--system", "dubov", "--edition", edition]) == 1
    out = capsys.readouterr().out
    assert "round 1: as the rules pair it" in out and "round 2: DIFFERS" in out
    assert f"  {expected}\n" in out
    assert "1 of 2 rounds as the rules pair them" in out


def test_cli_check_a_proposed_pairing(tmp_path, capsys):
    """--pairing for round 1 of EIGHT: the rules' own pairing (1-5, 6-2, 3-7, 8-4,
    colours by 5.2.1) exits 0; the opponents of 1 and 2 exchanged exits 1 naming 3.2.6."""
    path = _write(tmp_path, make_t(EIGHT, [], total=5))
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text("4\n1 5\n6 2\n3 7\n8 4\n")
    bad.write_text("4\n1 6\n5 2\n3 7\n8 4\n")
    assert main(["check", path, "--system", "dubov", "--round", "1", "--pairing", str(good)]) == 0
    capsys.readouterr()
    assert main(["check", path, "--system", "dubov", "--round", "1", "--pairing", str(bad)]) == 1
    assert "2026 3.2.6 transposition T2" in capsys.readouterr().out


def test_cli_explain_pair_and_bye(tmp_path, capsys):
    """explain --system dubov: the pair 2-1 of SIX round 2 (the bracket, and the cost of
    pairing without it, 3.2.2), and the bye of round 2 with seven players (3.1.5)."""
    path = _write(tmp_path, make_t(SIX, R1_SIX, total=5))
    assert main(["explain", path, "--system", "dubov", "--round", "2", "--pair", "2", "1"]) == 0
    out = capsys.readouterr().out
    assert "they meet in the 1.0-point bracket (4 players; 2 (P02) moved up from a lower score)" in out
    assert "without 2-1 the best pairing is worse on 2026 3.2.2" in out
    assert main(["explain", path, "--system", "dubov", "--edition", "1997", "--round", "2", "--pair", "2", "1"]) == 0
    assert (
        "worse on 1997 6.1 pairs of players due the same colour: without it 2, the rules allow 0"
        in capsys.readouterr().out
    )
    t7 = make_t({**SIX, 7: 1800}, [[(1, 4, "1"), (5, 2, "1"), (3, 6, "0"), ("U", 7)]], total=5)
    path7 = _write(tmp_path, t7, "seven.trf")
    assert main(["explain", path7, "--system", "dubov", "--bye", "4"]) == 0
    out = capsys.readouterr().out
    assert "round 2: the pairing-allocated bye to 4 (P04, 0.0 points)" in out
    assert (
        "without the bye to 4 the best pairing is worse on 2026 3.1.5" in out
        and "without it 4 [3 (P03)], the rules allow 3 [4 (P04)]" in out
    )


@pytest.mark.parametrize("cut", [0, 1, 3])
def test_2026_literal_shifters_the_same_whatever_the_cut(monkeypatch, cut):
    """Speed only, 3.2.4: the literal method's shift matching is first solved with the
    shifter fields cut to the first sequence numbers (procedure_2026._first_shifters),
    then in full when a shifter lies past the cut. Whatever the cut (0: always in full;
    1 and 3: sometimes each way), every round pairs as with the full solve alone."""
    from tabellone.rules.dubov import procedure_2026

    events = [
        generate(
            GeneratorSettings(players=n, rounds=7, seed=70 + n, absence_rate=0.02, half_bye_rate=0.02),
            pairer("dubov", "2026", "literal"),
        )
        for n in (36, 57, 90)
    ]
    cuts = {"cut": 0, "full": 0}  # brackets solved cut, and again in full
    real = procedure_2026._first_shifters

    def counted(members, side, seq, smaller, width, solve):
        n_small, n_large = width
        narrower = n_small > cut or n_large > (n_large - n_small) // 2 + cut
        got = real(members, side, seq, smaller, width, solve)
        if narrower:
            cuts["cut" if got is not None else "full"] += 1
        return got

    for t in events:
        for r in range(2, t.rounds_paired + 1):
            tr = cut_before(t, r)
            monkeypatch.setattr(procedure_2026, "_first_shifters", lambda *a: None)
            full = dubov.pair_round(tr, "2026", method="literal")
            monkeypatch.setattr(procedure_2026, "_first_shifters", counted)
            monkeypatch.setattr(procedure_2026, "SHIFT_CUT", cut)
            got = dubov.pair_round(tr, "2026", method="literal")
            monkeypatch.undo()
            assert (got.pairs, got.bye) == (full.pairs, full.bye), (t.name, r)
    assert cuts["cut"] > 0
    if cut == 0:
        assert cuts["full"] > 0


@pytest.mark.parametrize("edition", ["2026", "1997"])
@pytest.mark.parametrize("cut", [0, 2])
def test_optimised_closed_solve_the_same_whatever_the_cut(monkeypatch, edition, cut):
    """Speed only: the optimised method's closed-bracket solve (2026 3.2.4 shifters, 1997
    7.3 / 7.4 movers) is first made with the shifter or mover fields cut to the first few
    places (procedure_2026.CLOSED_SHIFT_CUT, optimiser_1997.MOVER_CUT), then in full when the
    best matching found has one past the cut. Whatever the cut (0: both ways happen),
    every round pairs as with no cut at all (a cut wider than any bracket)."""
    from tabellone.rules.dubov import optimiser_1997, procedure_2026

    module, name, check = (
        (procedure_2026, "CLOSED_SHIFT_CUT", "_within_cut")
        if edition == "2026"
        else (optimiser_1997, "MOVER_CUT", "_movers_within")
    )
    events = [
        generate(GeneratorSettings(players=40, rounds=7, seed=130), pairer("dubov", edition, "optimised")),
        generate(
            GeneratorSettings(players=75, rounds=6, seed=165, absence_rate=0.02, half_bye_rate=0.02),
            pairer("dubov", edition, "optimised"),
        ),
    ]
    seen = {True: 0, False: 0}  # closed solves within the cut, and past it
    real = getattr(module, check)

    def counted(*args):
        got = real(*args)
        seen[got] += 1
        return got

    for t in events:
        for r in range(2, t.rounds_paired + 1):
            tr = cut_before(t, r)
            monkeypatch.setattr(module, name, 10**9)
            full = dubov.pair_round(tr, edition, method="optimised")
            monkeypatch.setattr(module, name, cut)
            monkeypatch.setattr(module, check, counted)
            got = dubov.pair_round(tr, edition, method="optimised")
            monkeypatch.undo()
            assert (got.pairs, got.bye) == (full.pairs, full.bye), (t.name, r)
    assert seen[True] > 0
    if cut == 0:
        assert seen[False] > 0
