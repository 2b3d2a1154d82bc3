"""FIDE Swiss Team Pairing System (C.04.6, approved 28/10/2025, applied from 1/2/2026):
the examples of the text, hand-worked positions for its articles, an independent check
of the absolute criteria, and literal procedure = optimiser on generated rounds.

Positions before round 1 are built with virtual points (the pairing score of 3.2) and
prohibited pairs (which [C1] treats as teams that met), so that each test's scoregroups
and incompatibilities are exactly the ones the article needs.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from testkit import texts

from tabellone.core.errors import InputError
from tabellone.core.model import BLACK, WHITE, Player, ProhibitedPairs, RoundEntry, VirtualPoints
from tabellone.core.pairing import Pairing
from tabellone.core.scoring import Scoring
from tabellone.core.team import Team, TeamTournament
from tabellone.rules import team_swiss as ts
from tabellone.rules.team_swiss.bracket import literal_bracket, optimised_bracket
from tabellone.rules.team_swiss.sides import prepare
from tabellone.rules.team_swiss.upfloaters import levels_of, profiles, sets_of

MP = Scoring(
    win=Fraction(2), draw=Fraction(1), loss=Fraction(0), pab=Fraction(1), full_bye=Fraction(2), half_bye=Fraction(1)
)


def position(
    scores: dict[int, float], never=(), preferences="none", rounds=9, entries=None, initial=WHITE
) -> TeamTournament:
    """Teams ``scores`` (TPN -> pairing score before the round, as virtual points of
    round 1, or of the round after ``entries``), pairs that may not meet, past entries."""
    entries = entries or {}
    r = 1 + max((len(v) for v in entries.values()), default=0)
    players = tuple(Player(tpn, f"Team {tpn}", tuple(entries.get(tpn, ()))) for tpn in sorted(scores))
    virtual = tuple(VirtualPoints(r, tpn, Fraction(s)) for tpn, s in scores.items() if s)
    prohibited = tuple(ProhibitedPairs(1, 99, (a, b)) for a, b in never)
    return TeamTournament(
        players=players,
        total_rounds=rounds,
        initial_colour=initial,
        scoring=MP,
        virtual_points=virtual,
        prohibited=prohibited,
        teams=tuple(Team(tpn, f"Team {tpn}") for tpn in sorted(scores)),
        preferences=preferences,
    )


def pairs(p: Pairing) -> list[tuple[int, int]]:
    return sorted((min(w, b), max(w, b)) for w, b in p.pairs)


def both(t, round_number=None):
    lit = ts.pair_round(t, "2026", round_number, "literal")
    opt = ts.pair_round(t, "2026", round_number, "optimised")
    assert pairs(lit) == pairs(opt) and lit.bye == opt.bye
    return lit


# --- independent check of the absolute criteria (written from the raw round entries) ----


def independent_violations(t: TeamTournament, p: Pairing) -> list[str]:
    """[C1], [C2] and attendance, read from the round entries without the engine's state:
    teams met = opponents of entries with a result of a match played over the board."""
    r = p.round
    out = []
    absent = {b.player for b in t.byes if b.round == r}
    for team in t.players:
        e = team.rounds[r - 1] if len(team.rounds) >= r else None
        if e is not None and e.opponent is None and e.result in "HFZ" and e.result != " ":
            absent.add(team.id)
    expected = {team.id for team in t.players} - absent
    seen = [x for w, b in p.pairs for x in (w, b)] + ([p.bye] if p.bye is not None else [])
    if sorted(seen) != sorted(expected):
        out.append(f"attendance: {sorted(seen)} vs {sorted(expected)}")
    for w, b in p.pairs:
        for k in range(r - 1):
            e = t.player(w).rounds[k] if k < len(t.player(w).rounds) else None
            if e is not None and e.opponent == b and e.result in ("1", "=", "0", "W", "D", "L"):
                out.append(f"C1: {w}-{b} met in round {k + 1}")
        for rec in t.prohibited:
            if rec.first_round <= r <= rec.last_round and w in rec.players and b in rec.players:
                out.append(f"C1: {w}-{b} prohibited")
    if p.bye is not None:
        if len(expected) % 2 == 0:
            out.append("a bye with an even number of teams")
        history = t.player(p.bye).rounds[: r - 1]
        if any(e.result in ("U", "+", "F") for e in history):
            out.append(f"C2: bye to {p.bye}")
    elif len(expected) % 2:
        out.append("no bye with an odd number of teams")
    return out


# --- the text's examples ------------------------------------------------------------------


def test_art_3_6_2_identifier_example():
    # the example of 3.6.2: the pairing 11-24 16-6 10-9 8-4 has the identifier 4 6 9 11 8 16 10 24
    assert ts.identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def test_art_3_5_4_sets_in_the_order_of_the_example():
    # 2, 6, 8 have 3 points, 1, 3, 5 have 2.5; two upfloaters of 3 points and one of 2.5:
    # {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < {2,8,3} < {2,8,5} < {6,8,1} < {6,8,3} < {6,8,5}
    t = position({2: 3, 6: 3, 8: 3, 1: 2.5, 3: 2.5, 5: 2.5})
    ctx = prepare(t, "2026", 1)
    levels = levels_of(ctx, [1, 2, 3, 5, 6, 8])
    assert list(sets_of(levels, (2, 1))) == [
        (2, 6, 1),
        (2, 6, 3),
        (2, 6, 5),
        (2, 8, 1),
        (2, 8, 3),
        (2, 8, 5),
        (6, 8, 1),
        (6, 8, 3),
        (6, 8, 5),
    ]
    # [C5]: the profiles of three upfloaters, best first: three of 3 points, then two and one
    assert profiles(levels, 3)[:2] == [(3, 0), (2, 1)]


def example_3_5_4(block_ten: bool) -> TeamTournament:
    # The residents 4, 7, 9 (4 points) may not meet each other: [C4] needs three
    # upfloaters. With 10 (0 points) unable to meet 1, 3 and 5, taking 2, 6 and 8 would
    # leave 10 unpairable ([C3]), so [C5] can give only two of 3 points and one of 2.5.
    never = [(4, 7), (4, 9), (7, 9)] + ([(10, 1), (10, 3), (10, 5)] if block_ten else [])
    return position({4: 4, 7: 4, 9: 4, 2: 3, 6: 3, 8: 3, 1: 2.5, 3: 2.5, 5: 2.5, 10: 0}, never)


def test_art_3_5_4_example_first_set_is_2_6_1():
    p = both(example_3_5_4(True))
    # bracket 4 7 9 + {2, 6, 1}; its first identifier with 4, 7, 9 apart: 1 2 4 | 7 9 6
    # then 8 (the 3-point group, left alone) with the only upfloater that keeps the rest
    # pairable (10), then 3-5
    assert pairs(p) == [(1, 7), (2, 9), (3, 5), (4, 6), (8, 10)]


def test_c5_takes_every_top_scoring_upfloater_when_it_can():
    t = example_3_5_4(False)
    p = both(t)
    # {2, 6, 8} (the 3-point group emptied: [C6] holds); bracket 2 4 6 7 8 9 with 4 kept
    # from 7 and 9: identifier 2 4 6 | 7 8 9; then 1 3 | 5 10
    assert pairs(p) == [(1, 5), (2, 7), (3, 10), (4, 8), (6, 9)]
    first = ts.evaluate(t, p)[1][0]
    assert first.values["C4"] == 3 and first.values["C5"] == (1, 1, 1)


def test_art_3_6_3_no_constraint_first_half_meets_second_half():
    p = both(position(dict.fromkeys(range(1, 9), 0)))
    assert pairs(p) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_art_3_6_3_a_bracket_of_a_thousand_teams():
    """Round 1 of 1,000 teams is one bracket of 1,000: the literal search labels each team
    top or bottom, a level per team, and went deeper than Python's recursion limit. With
    no constraint the first half meets the second half (3.6.3), in order."""
    p = ts.pair_round(position(dict.fromkeys(range(1, 1001), 0)), "2026", 1, "literal")
    assert pairs(p) == [(k, k + 500) for k in range(1, 501)]


# --- hand-worked positions for the articles ------------------------------------------------


def test_c6_keeps_the_following_scoregroup_pairable():
    # 1 (2 points) needs one upfloater; 2, 3, 4 have 1 point and 3-4 may not meet.
    # {2} comes first (3.5.4) but leaves 3 and 4, who need two upfloaters: [C6] takes {3}.
    t = position({1: 2, 2: 1, 3: 1, 4: 1, 5: 0, 6: 0, 7: 0, 8: 0}, never=[(3, 4)])
    assert pairs(both(t)) == [(1, 3), (2, 4), (5, 7), (6, 8)]
    t = position({1: 2, 2: 1, 3: 1, 4: 1, 5: 0, 6: 0, 7: 0, 8: 0})
    assert pairs(both(t)) == [(1, 2), (3, 4), (5, 7), (6, 8)]


def test_c6_fewest_upfloaters_for_the_following_scoregroup_when_none_pairs_it_alone():
    # 2.3.3 [C6] asks [C4] (fewest upfloaters) of the bracket where the following
    # scoregroup is paired. Team 1 (2 points) needs one upfloater from 2-7 (1 point;
    # [C5]); 3-7 may not meet each other; 8-12 have 0 points. Every set leaves five
    # 1-point teams, so none lets them pair with a single upfloater. Taking 2 (first by
    # 3.5.4) leaves 3-7, who need five upfloaters; taking 3 leaves 2, 4-7, where 2 meets
    # one of 4-7 and three upfloaters are needed: as few as possible, so 3 goes up.
    never = [(a, b) for a in range(3, 8) for b in range(a + 1, 8)]
    t = position({1: 2, **dict.fromkeys(range(2, 8), 1), **dict.fromkeys(range(8, 13), 0)}, never=never)
    p = both(t)
    assert (1, 3) in pairs(p)
    top = ts.evaluate(t, p)[1][0]
    assert top.players == [1, 3] and top.values["C6"] == 3


def test_c6_note_only_the_following_scoregroup_counts():
    # the note to 2.3.3: [C6] looks at the following scoregroup alone, even when the
    # upfloaters come from further down. 1 (3 points) may meet neither 2 nor 3 (2
    # points), so its upfloater has 1 point ([C5]): 4, 5 or 6, of whom 5 and 6 may not
    # meet. 2-3 stay pairable whatever the set, so [C6] holds for all and 3.5.4 takes 4,
    # though 5 and 6, left in the 1-point group, then need two upfloaters (7 and 8).
    t = position({1: 3, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0}, never=[(1, 2), (1, 3), (5, 6)])
    p = both(t)
    assert pairs(p) == [(1, 4), (2, 3), (5, 7), (6, 8)]
    assert ts.evaluate(t, p)[1][0].values["C6"] == 0


def test_c4_pulls_up_more_teams_when_the_residents_cannot_meet():
    # 1 and 2 (2 points) have met: two upfloaters, the best-scoring ones first (3, 4)
    t = position({1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}, never=[(1, 2)])
    p = both(t)
    assert pairs(p) == [(1, 3), (2, 4), (5, 6)]
    assert ts.evaluate(t, p)[1][0].values["C4"] == 2


def test_c3_completion_looks_past_the_bracket():
    # 1 would take 2 (3.5.4), but then 3 (who may meet only 2) is left without opponent
    t = position({1: 2, 2: 1, 3: 1, 4: 0}, never=[(3, 1), (3, 4)])
    assert pairs(both(t)) == [(1, 4), (2, 3)]


def test_art_3_4_bye_lowest_score_then_largest_tpn():
    assert both(position({1: 0, 2: 0, 3: 0, 4: 0, 5: 0})).bye == 5  # 3.4.4
    assert both(position({1: 0, 2: 1, 3: 1, 4: 1, 5: 1})).bye == 1  # 3.4.2
    # 3.4.1: 4 may meet nobody but 5, so the bye to 5 would leave 4 unpaired: 4 gets it
    t = position({1: 0, 2: 0, 3: 0, 4: 0, 5: 0}, never=[(4, 1), (4, 2), (4, 3)])
    assert both(t).bye == 4


def test_c2_no_second_bye_and_most_matches_played():
    # round 3: team 5 had the bye in round 1; 4 played two matches, 3 sat out round 2
    e = {
        1: [RoundEntry(2, WHITE, "1"), RoundEntry(4, BLACK, "=")],
        2: [RoundEntry(1, BLACK, "0"), RoundEntry(5, WHITE, "0")],
        3: [RoundEntry(4, WHITE, "="), RoundEntry(None, None, "Z")],
        4: [RoundEntry(3, BLACK, "="), RoundEntry(1, WHITE, "=")],
        5: [RoundEntry(None, None, "U"), RoundEntry(2, BLACK, "1")],
    }
    t = position({1: 0, 2: 0, 3: 0, 4: 0, 5: 0}, entries=e)
    # match points: 1: 3, 2: 0, 3: 1, 4: 2, 5: 3 -> the bye to 2 (lowest score)
    assert both(t).bye == 2
    e[2] = [RoundEntry(1, BLACK, "0"), RoundEntry(5, WHITE, "1")]
    e[5] = [RoundEntry(None, None, "U"), RoundEntry(2, BLACK, "0")]
    t = position({1: 0, 2: 0, 3: 0, 4: 0, 5: 0}, entries=e)
    # now 3 and 5 have 1 point; 5 is barred by [C2]; 3 gets it (and 4 with 2 points not)
    assert both(t).bye == 3


def floats_position(rounds: int) -> TeamTournament:
    # before round 1, teams 1 and 2 had a virtual point: 1-3 and 2-4 were floats (1.5)
    e = {
        1: [RoundEntry(3, WHITE, "1")],
        3: [RoundEntry(1, BLACK, "0")],
        2: [RoundEntry(4, WHITE, "=")],
        4: [RoundEntry(2, BLACK, "=")],
        5: [RoundEntry(6, WHITE, "=")],
        6: [RoundEntry(5, BLACK, "=")],
    }
    t = position(dict.fromkeys(range(1, 7), 0), entries=e, rounds=rounds)
    return TeamTournament(
        **{
            **{f: getattr(t, f) for f in t.__dataclass_fields__},
            "virtual_points": (VirtualPoints(1, 1, Fraction(1)), VirtualPoints(1, 2, Fraction(1))),
        }
    )


def test_c7_and_c10_floaters_of_the_previous_round():
    # round 2: 1 (2 points) needs one upfloater from 2, 4, 5, 6 (1 point); 2 and 4
    # floated in round 1, so [C7] takes 5. Then 2, 4, 6 take 3 (who floated too: no
    # choice), and 2-6 3-4 comes first of the pairings with one [C10] fault.
    t = floats_position(9)
    ctx = prepare(t, "2026", 2)
    assert [x for x in sorted(ctx.sides) if ctx.sides[x].floated] == [1, 2, 3, 4]
    p = both(t)
    assert pairs(p) == [(1, 5), (2, 6), (3, 4)]
    values = [b.values for b in ts.evaluate(t, p)[1]]
    # [C10]: 1 itself floated, so its upfloater meets a floater whatever the set
    assert [v["C7"] for v in values] == [0, 1] and [v["C10"] for v in values] == [1, 1]
    # in the last two rounds [C7] and [C10] do not apply: 3.5.4's first set, {2}
    assert pairs(both(floats_position(3))) == [(1, 2), (3, 5), (4, 6)]


# --- Art. 1.7 and Art. 4 ------------------------------------------------------------------


@pytest.mark.parametrize(
    "colours,kind,last,expected",
    [
        ("", "A", False, (None, 0)),
        ("bb", "A", False, (WHITE, ts.WEAK)),  # CD -2
        ("wbb", "A", False, (WHITE, ts.WEAK)),  # CD -1, Black in the last two
        ("wb", "A", False, (None, 0)),  # CD 0, no simple preference
        ("bwb", "A", False, (None, 0)),  # CD -1 alone: no Type A preference
        ("bww", "A", False, (BLACK, ts.WEAK)),  # CD +1, White in the last two
        ("wbb", "B", False, (WHITE, ts.STRONG)),
        ("bwb", "B", False, (WHITE, ts.WEAK)),  # mild: CD -1
        ("wb", "B", False, (WHITE, ts.WEAK)),  # mild: CD 0, Black last, not the last round
        ("wb", "B", True, (None, 0)),  # CD 0 in the last round
        ("bbww", "B", True, (BLACK, ts.STRONG)),  # strong wins over the last-round clause
        ("bb", "none", False, (None, 0)),
    ],
)
def test_art_1_7_preferences(colours, kind, last, expected):
    assert ts.A1_7_preference(colours, kind, last) == expected


def colour_ctx(sides, preferences="A", initial=WHITE, secondary=True):
    t = position({s.tpn: 0 for s in sides}, preferences=preferences, initial=initial)
    t = TeamTournament(
        **{f: getattr(t, f) for f in t.__dataclass_fields__ if f != "secondary_for_colour"},
        secondary_for_colour=secondary,
    )
    return ts.Ctx(t, 3, {s.tpn: s for s in sides}, frozenset(), preferences, True, initial)


def side(tpn, colours="", score=0, secondary=0, kind="A"):
    pref, strength = ts.A1_7_preference(colours, kind, False)
    return ts.Side(
        tpn, Fraction(score), Fraction(secondary), frozenset(), colours, len(colours), False, False, pref, strength
    )


def test_art_4_3_1_initial_colour_by_parity_of_the_first_team():
    ctx = colour_ctx([side(3), side(8)], initial=WHITE)
    assert ts.A4_colours(ctx, 3, 8) == (3, "4.3.1")  # first-team 3, odd: the initial colour
    ctx = colour_ctx([side(4), side(7)], initial=WHITE)
    assert ts.A4_colours(ctx, 4, 7) == (7, "4.3.1")  # first-team 4, even: the other colour


def test_art_4_2_first_team_by_score_then_secondary_then_tpn():
    ctx = colour_ctx([side(1, score=2, secondary=5), side(2, score=4, secondary=1)])
    assert ts.first_team(ctx, 1, 2) == 2
    ctx = colour_ctx([side(1, score=2, secondary=5), side(2, score=2, secondary=6)])
    assert ts.first_team(ctx, 1, 2) == 2
    ctx = colour_ctx([side(1, score=2, secondary=5), side(2, score=2, secondary=6)], secondary=False)
    assert ts.first_team(ctx, 1, 2) == 1


def test_art_4_3_2_to_4_3_9():
    # 4.3.2: only 2 has a preference (White after two Blacks)
    assert ts.A4_colours(colour_ctx([side(1, "wb"), side(2, "wbb")]), 1, 2) == (2, "4.3.2")
    # 4.3.3: opposite preferences
    assert ts.A4_colours(colour_ctx([side(1, "bww"), side(2, "wbb")]), 1, 2) == (2, "4.3.3")
    # 4.3.4 (Type B): both want White, only 2 strongly
    c = colour_ctx([side(1, "bwb", kind="B"), side(2, "wbb", kind="B")], preferences="B")
    assert ts.A4_colours(c, 1, 2) == (2, "4.3.4")
    # 4.3.5: the same Type A preference (none): lower colour difference gets White
    assert ts.A4_colours(colour_ctx([side(1, "wbw"), side(2, "bwb")]), 1, 2) == (2, "4.3.5")
    # 4.3.6: equal CD; the latest round in which they differed: 1 had White -> 1 Black
    assert ts.A4_colours(colour_ctx([side(1, "bwwb"), side(2, "wbwb")]), 1, 2) == (2, "4.3.6")
    # 4.3.8: identical histories, first-team 1 (smaller TPN) without preference: alternates
    assert ts.A4_colours(colour_ctx([side(1, "wb"), side(2, "wb")]), 1, 2) == (1, "4.3.8")
    # 4.3.9: first-team 1 never played, 2 had White last: 2 gets Black
    ctx = colour_ctx([side(1, "", score=3), side(2, "bwbw")])
    assert ts.A4_colours(ctx, 1, 2) == (1, "4.3.9")


def test_art_4_3_5_note_minus_two_is_lower_than_minus_one():
    # the note to 4.3.5: CDs compare as numbers, -2 below -1 and +1 below +2 (no
    # preferences: 4.3.5 decides)
    ctx = colour_ctx([side(1, "wbb", kind="none"), side(2, "bbwb", kind="none")], preferences="none")
    assert (ctx.sides[1].cd, ctx.sides[2].cd) == (-1, -2) and ts.A4_colours(ctx, 1, 2) == (2, "4.3.5")
    ctx = colour_ctx([side(1, "bww", kind="none"), side(2, "wwbw", kind="none")], preferences="none")
    assert (ctx.sides[1].cd, ctx.sides[2].cd) == (1, 2) and ts.A4_colours(ctx, 1, 2) == (1, "4.3.5")


def test_art_4_3_7_first_teams_preference():
    # both want White (Type A, same strength): 4.3.5 equal CD, 4.3.6 identical
    # histories -> 4.3.7 grants the first-team's (higher score: 2)
    ctx = colour_ctx([side(1, "wbb", score=1), side(2, "wbb", score=3)])
    assert ts.A4_colours(ctx, 1, 2) == (2, "4.3.7")


# --- absolute criteria, independent check, literal = optimiser ----------------------------


def test_violations_finds_rematch_and_second_bye():
    e = {1: [RoundEntry(2, WHITE, "1")], 2: [RoundEntry(1, BLACK, "0")], 3: [RoundEntry(None, None, "U")]}
    t = position({1: 0, 2: 0, 3: 0}, entries=e)
    bad = Pairing(round=2, pairs=[(1, 2)], bye=3)
    assert len(ts.violations(t, bad)) == 2
    assert len(independent_violations(t, bad)) == 2
    good = ts.pair_round(t)
    assert ts.violations(t, good) == [] and independent_violations(t, good) == []


def test_forfeited_match_is_not_a_meeting():
    # 1-2 was forfeited (C.04.2 Art. 3.5: they may meet again); 1 may meet nobody else
    e = {
        1: [RoundEntry(2, WHITE, "+")],
        2: [RoundEntry(1, BLACK, "-")],
        3: [RoundEntry(4, WHITE, "1")],
        4: [RoundEntry(3, BLACK, "0")],
        5: [RoundEntry(6, WHITE, "=")],
        6: [RoundEntry(5, BLACK, "=")],
    }
    t = position(dict.fromkeys(range(1, 7), 0), entries=e, never=[(1, 3), (1, 4), (1, 5), (1, 6)])
    assert pairs(both(t)) == [(1, 2), (3, 5), (4, 6)]
    assert texts(ts.violations(t, Pairing(2, [(1, 2), (3, 4), (5, 6)]))) == [
        "[C1]: teams 3 (Team 3) and 4 (Team 4) already played each other (round 1)",
        "[C1]: teams 5 (Team 5) and 6 (Team 6) already played each other (round 1)",
    ]


def test_unpairable_round_says_so():
    from tabellone.core.errors import NoPairingError

    e = {1: [RoundEntry(2, WHITE, "1")], 2: [RoundEntry(1, BLACK, "0")]}
    with pytest.raises(NoPairingError, match="Chief Arbiter"):
        ts.pair_round(position({1: 0, 2: 0}, entries=e))


def test_not_a_team_event_is_one_clear_error():
    from tabellone.core.model import Tournament

    with pytest.raises(InputError, match="team records"):
        ts.pair_round(Tournament(players=(Player(1, "a"), Player(2, "b"))))


def test_literal_equals_optimised_on_generated_rounds():
    from tabellone.core.history import cut_before
    from tabellone.generate.teams import TeamSettings, generate_team_event

    def pairer(t):
        p = ts.pair_round(t, "2026", None, "literal")
        return p.pairs, p.bye

    rounds = 0
    for k, (n, kind) in enumerate([(9, "A"), (14, "B"), (21, "none"), (12, "B")]):
        t = generate_team_event(
            TeamSettings(teams=n, rounds=6, seed=100 + k, preferences=kind, match_forfeit_rate=0.05, absence_rate=0.03),
            pairer,
        )
        for r in range(1, t.rounds_paired + 1):
            before = cut_before(t, r)
            lit = ts.pair_round(before, "2026", r, "literal")
            opt = ts.pair_round(before, "2026", r, "optimised")
            assert lit.pairs == opt.pairs and lit.bye == opt.bye, (n, kind, r)
            assert independent_violations(before, lit) == []
            rounds += 1
    assert rounds >= 20


# --- Art. 3.6 against a brute-force reference -----------------------------------------------


def all_pairings(teams):
    """Every perfect matching of ``teams`` (independent of the engine)."""
    if not teams:
        yield []
        return
    a, rest = teams[0], teams[1:]
    for k, b in enumerate(rest):
        for tail in all_pairings(rest[:k] + rest[k + 1 :]):
            yield [(a, b)] + tail


def reference_bracket(sides, ups, forbidden, kind, floats):
    """3.6 by definition: every pairing, [C1] kept, the least ([C8], [C9], [C10]), then the
    first identifier (top members ascending, then their bottom members)."""
    best = None
    for pairing in all_pairings(sorted(sides)):
        if any(frozenset(p) in forbidden for p in pairing):
            continue
        c8 = c9 = c10 = 0
        for a, b in pairing:
            A, B = sides[a], sides[b]
            if A.pref and A.pref == B.pref:
                c8 += 1
                c9 += kind == "B" and A.strength == B.strength == ts.STRONG
            if floats:
                c10 += (a in ups and B.floated) + (b in ups and A.floated)
        ordered = sorted((min(p), max(p)) for p in pairing)
        key = ((c8, c9, c10), tuple(t for t, _ in ordered) + tuple(b for _, b in ordered))
        if best is None or key < best[0]:
            best = (key, ordered)
    return best[1] if best else None


@pytest.mark.parametrize("seed", range(40))
def test_bracket_pairing_equals_the_definition(seed):
    import random

    rng = random.Random(seed)
    n = rng.choice((4, 6, 8, 10))
    kind = ("A", "B")[seed % 2]
    tpns = sorted(rng.sample(range(1, 40), n))
    forbidden = {frozenset(p) for p in itertools_pairs(tpns) if rng.random() < 0.25}
    sides = {}
    for x in tpns:
        pref = rng.choice((None, WHITE, BLACK, WHITE, BLACK))
        strength = 0 if pref is None else (rng.choice((ts.WEAK, ts.STRONG)) if kind == "B" else ts.WEAK)
        opponents = frozenset(y for y in tpns if frozenset((x, y)) in forbidden)
        sides[x] = ts.Side(x, Fraction(0), Fraction(0), opponents, "", 0, False, rng.random() < 0.3, pref, strength)
    ups = frozenset(x for x in tpns if rng.random() < 0.3)
    t = position(dict.fromkeys(tpns, 0), preferences=kind)
    ctx = ts.Ctx(t, 3, sides, frozenset(), kind, True, WHITE)
    expected = reference_bracket(sides, ups, forbidden, kind, True)
    if expected is None:
        return  # no legal pairing: the engine never asks for one (the set is chosen legal)
    assert sorted(literal_bracket(ctx, tpns, ups)) == expected
    assert sorted(optimised_bracket(ctx, tpns, ups)) == expected


def itertools_pairs(xs):
    return [(a, b) for k, a in enumerate(xs) for b in xs[k + 1 :]]


# --- a whole round against a brute-force reading of Art. 3.4-3.6 ----------------------------


def reference_round(ctx):
    """Art. 3.4-3.6 read directly, every question answered by enumeration (no matching):
    the bye (3.4), then from the top, the sets of upfloaters of the least size with a
    legal pairing ([C1], [C3]), the best scores ([C5]), then ([C6] upfloaters needed, [C7]) least,
    first in the order of 3.5.3-3.5.4; the bracket by :func:`reference_bracket`. The
    teams' state (scores, meetings, preferences, floats) is the engine's."""
    import itertools

    S = ctx.sides

    def ok(p):
        return p[1] not in S[p[0]].opponents and frozenset(p) not in ctx.prohibited

    def pairable(xs):
        xs = sorted(xs)
        return len(xs) % 2 == 0 and any(all(ok(p) for p in pr) for pr in all_pairings(xs))

    teams = sorted(S)
    bye = None
    if len(teams) % 2:
        for x in sorted((x for x in teams if not S[x].bye_barred), key=lambda x: (S[x].score, -S[x].matches, -x)):
            if pairable([y for y in teams if y != x]):
                bye = x
                break
        if bye is None:
            return None
    left = [x for x in teams if x != bye]
    if not pairable(left):
        return None
    pairs = []
    while left:
        top = max(S[x].score for x in left)
        residents = [x for x in left if S[x].score == top]
        lower = [x for x in left if S[x].score < top]
        for k in range(len(residents) % 2, len(lower) + 1, 2):
            legal = [
                c
                for c in itertools.combinations(lower, k)
                if pairable(residents + list(c)) and pairable([x for x in left if x not in residents and x not in c])
            ]
            if legal:
                break
        best5 = max(tuple(sorted(S[x].score for x in c)) for c in legal)
        legal = sorted(
            tuple(sorted(c, key=lambda x: (-S[x].score, x)))
            for c in legal
            if tuple(sorted(S[x].score for x in c)) == best5
        )

        def c6_needs(c):
            # [C6]: the fewest upfloaters (k extra teams) the following scoregroup needs
            if not lower:
                return 0
            nxt = max(S[x].score for x in lower)
            rest = [x for x in left if x not in residents and x not in c]
            group = [x for x in rest if S[x].score == nxt]
            if not group:
                return 0
            others = [x for x in rest if x not in group]
            for k in range(len(group) % 2, len(others) + 1, 2):
                if any(
                    pairable(group + list(extra)) and pairable([x for x in others if x not in extra])
                    for extra in itertools.combinations(others, k)
                ):
                    return k
            return len(group) + 1

        c7 = (lambda c: sum(S[x].floated for x in c)) if ctx.floats_count else (lambda c: 0)
        chosen = min(legal, key=lambda c: (c6_needs(c), c7(c)))  # min keeps the first of equals
        bracket = residents + list(chosen)
        sub = {x: S[x] for x in bracket}
        forbidden = {frozenset((a, b)) for a in bracket for b in bracket if a < b and not ok((a, b))}
        pairs += reference_bracket(sub, frozenset(chosen), forbidden, ctx.preferences, ctx.floats_count)
        left = [x for x in left if x not in bracket]
    return sorted(pairs), bye


@pytest.mark.parametrize("seed", range(12))
def test_whole_rounds_equal_the_brute_force_reading(seed):
    from tabellone.core.errors import NoPairingError
    from tabellone.core.history import cut_before
    from tabellone.generate.teams import TeamSettings, generate_team_event

    def pairer(t):
        try:
            p = ts.pair_round(t, "2026", None, "literal")
        except NoPairingError:
            return None
        return p.pairs, p.bye

    n = (6, 7, 8, 9, 10)[seed % 5]
    t = generate_team_event(
        TeamSettings(
            teams=n,
            rounds=min(7, n - 1),
            seed=500 + seed,
            boards=2,
            preferences=("A", "B", "none")[seed % 3],
            match_forfeit_rate=0.05,
            absence_rate=0.05,
        ),
        pairer,
    )
    for r in range(1, t.rounds_paired + 2):
        if t.total_rounds is not None and r > t.total_rounds:
            break
        before = cut_before(t, r) if r <= t.rounds_paired else t
        expected = reference_round(prepare(before, "2026", r))
        if expected is None:
            with pytest.raises(NoPairingError):
                ts.pair_round(before, "2026", r)
            continue
        for method in ts.METHODS:
            p = ts.pair_round(before, "2026", r, method)
            assert (pairs(p), p.bye) == expected, (n, r, method)


def test_progress_line_names_the_round_and_counts_scoregroups(progress_line):
    # tabellone/core/progress.py as the Dutch engine uses it: after the delay, the system, the
    # round and the number of teams, then the scoregroups as their brackets are paired
    # (three here: 2, 1 and 0 points); erased at the end.
    ts.pair_round(position({1: 2, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0}))
    text = progress_line.getvalue()
    assert "tabellone: Swiss Team 2026, round 1, 6 teams: scoregroup 1 of 3" in text
    assert "scoregroup 3 of 3" in text and text.endswith("\r\033[K")
