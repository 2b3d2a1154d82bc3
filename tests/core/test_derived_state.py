"""Derived state (``Tournament.state_before``) worked out by hand from real files.

Definitions (tabellone/core/model.py, FIDE C.04.1 / C.04.2 / C.04.3):

* colours: played games only, oldest first (C.04.2 3.4: unplayed rounds move to the front,
  so they never sit between two played games);
* colour preference: absolute if |CD| > 1 or the last two played games had the same
  colour; strong if CD = +-1; mild (alternate) if CD = 0; none before any game;
* floats, with the scores before the round: in a played game the higher score floats down
  and the lower up; unplayed rounds: 2026 - a PAB or more than a loss's points is a
  downfloat, nothing else; 2017 - every unplayed round is a downfloat;
* a forfeited game is not a meeting (C.04.2 3.5).

Float strings below read one character per round: D down, U up, . none.
Preferences: ('w'|'b', strength).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from testkit import shared_path, trf_player_line

from tabellone.core.model import ColourPreference, Strength, colour_preference
from tabellone.formats.trf import parse_trf, read_trf

F = Fraction
ABS, STRONG, MILD, NONE = Strength.ABSOLUTE, Strength.STRONG, Strength.MILD, Strength.NONE


def floats(state, pid: int, edition: str) -> str:
    return "".join(f.value if f else "." for f in state[pid].float_history(edition))


def check(state, pid, *, score, colours, pref, f26, f17, opponents, had_pab=False, won_unplayed=False):
    s = state[pid]
    assert s.score == score, f"player {pid} score"
    assert s.colours == colours, f"player {pid} colours"
    strength, colour = pref
    assert s.preference == ColourPreference(strength, colour), f"player {pid} preference {s.preference}"
    assert floats(state, pid, "2026") == f26, f"player {pid} floats 2026"
    assert floats(state, pid, "2017") == f17, f"player {pid} floats 2017"
    assert s.opponents == frozenset(opponents), f"player {pid} opponents"
    assert s.had_pab is had_pab, f"player {pid} had_pab"
    assert s.won_without_playing is won_unplayed, f"player {pid} won_without_playing"
    assert s.games_played == len(colours)
    assert s.rounds_unplayed == state.round - 1 - len(colours)


# ----------------------------------------------------------------------------------------
# XX Open Internacional de Gros 2010 (JaVaFo's TRF(x) sample): 4 rounds played, XXR 9,
# round 5 to pair, with '0000 - H' / '0000 - Z' already in round 5 for players 43, 22, 28.


@pytest.fixture(scope="module")
def gros():
    return read_trf(shared_path("realdata/trf/michalperlak_trf-kt_tournament1.trf"))


def test_gros_round_to_pair(gros):
    state = gros.state_before()
    assert state.round == 5 and state.total_rounds == 9
    # round 5 column: 22 '0000 - Z', 28 '0000 - Z', 43 '0000 - H'; nobody else has an entry
    assert {s.id for s in state if not s.present} == {22, 28, 43}
    assert state[43].bye.value == "H" and state[22].bye.value == "Z"
    # JaVaFo's published round-5 output pairs the 49 others: 24 games and one bye ('47 0')
    assert len(state.to_pair) == 49


def test_gros_players(gros):
    st5 = gros.state_before(5)
    # 1 Mirzoev: '26 w 1   13 b 1    8 w 1    4 b 1' -> 4.0, colours wbwb (CD 0, last b: mild w).
    # Scores before each game: r2 1 v 13 (13 had '39 w +' = 1): 1 = 1; r3 2 v 8 ('34 b 1  23 w 1'): 2 = 2;
    # r4 3 v 4 ('30 b 1  17 w 1  9 b 1'): 3 = 3. No floats.
    check(st5, 1, score=4, colours="wbwb", pref=(MILD, "w"), f26="....", f17="....", opponents={26, 13, 8, 4})
    # 13 Rodriguez Cabrera: '39 w +    1 w 0   25 b 1    9 w 1' -> 1+0+1+1 = 3.0.
    # Round 1 is a forfeit win: not a game, so colours are w b w (not w w b w): CD +1, last
    # two b w differ -> strong b. Forfeit win: downfloat in both editions, and a win's points
    # without playing. r2 1 v 1 (player 1 had 1); r3 1 v 25 ('51 w 1  10 b 0' = 1);
    # r4 2 v 9 ('35 w 1  22 b 1  4 w 0' = 2): no floats. 39 is not an opponent (C.04.2 3.5).
    check(
        st5,
        13,
        score=3,
        colours="wbw",
        pref=(STRONG, "b"),
        f26="D...",
        f17="D...",
        opponents={1, 25, 9},
        won_unplayed=True,
    )
    # 16 Bello Castano: '42 b +    5 w 0  0000 - H   27 w 1' -> 1+0+0.5+1 = 2.5. Colours w w
    # (the forfeit's 'b' does not count): CD +2 -> absolute b. r1 forfeit win: D/D;
    # r2 1 v 5 ('31 w 1' = 1); r3 half-point bye: 0.5 > a loss -> D (2026), D (2017);
    # r4 1.5 v 27 ('2 w 0  37 b =  43 w 1' = 1.5).
    check(
        st5,
        16,
        score=F(5, 2),
        colours="ww",
        pref=(ABS, "b"),
        f26="D.D.",
        f17="D.D.",
        opponents={5, 27},
        won_unplayed=True,
    )
    # 39 Portugal Sarasola: '13 b -  0000 - H  0000 - H   33 b =' -> 0+0.5+0.5+0.5 = 1.5.
    # One game (b): CD -1 -> strong w. r1 forfeit loss: no points -> no float (2026), D (2017);
    # r2, r3 half-point byes: D; r4 1 v 33 ('7 b 0  46 w 0  48 b 1' = 1).
    check(st5, 39, score=F(3, 2), colours="b", pref=(STRONG, "w"), f26=".DD.", f17="DDD.", opponents={33})
    # 48 Otegui Piquer: '22 w 0   35 b 0   33 w 0  0000 - U' -> 1.0 (the PAB is worth a win).
    # Colours wbw -> strong b. r2 0 v 35 ('9 b 0' = 0), r3 0 v 33 ('7 b 0  46 w 0' = 0);
    # r4 PAB: downfloat.
    check(
        st5,
        48,
        score=1,
        colours="wbw",
        pref=(STRONG, "b"),
        f26="...D",
        f17="...D",
        opponents={22, 35, 33},
        had_pab=True,
        won_unplayed=True,
    )
    # 52 Darbinyan: '0000 - U   12 b 0   24 w =   25 w 1' -> 1+0+0.5+1 = 2.5. Colours b w w:
    # CD +1 and the last two are w w -> absolute b. r1 PAB: D; r2 1 v 12 ('38 b 1' = 1);
    # r3 1 v 24 ('50 b 1  11 w 0' = 1); r4 1.5 v 25 ('51 w 1  10 b 0  13 w 0' = 1): 52 floats down.
    check(
        st5,
        52,
        score=F(5, 2),
        colours="bww",
        pref=(ABS, "b"),
        f26="D..D",
        f17="D..D",
        opponents={12, 24, 25},
        had_pab=True,
        won_unplayed=True,
    )
    # 25 Mohseni: '51 w 1   10 b 0   13 w 0   52 b 0' -> 1.0; colours wbwb -> mild w.
    # r2 1 v 10 ('36 b 1' = 1); r3 1 v 13 (1); r4 1 v 52 (1.5): 25 floats up.
    check(st5, 25, score=1, colours="wbwb", pref=(MILD, "w"), f26="...U", f17="...U", opponents={51, 10, 13, 52})
    # 40 Navarro: '14 w 0   29 b 0   30 b 0   51 w 1' -> 1.0; colours wbbw: CD 0, last two
    # b w differ -> mild b. r4 0 v 51 ('25 b 0  0000 - H  37 w 0' = 0.5): 40 floats up.
    check(st5, 40, score=1, colours="wbbw", pref=(MILD, "b"), f26="...U", f17="...U", opponents={14, 29, 30, 51})
    # 51 Garcia De Madinabeitia: '25 b 0  0000 - H   37 w 0   40 b 0' -> 0.5; colours bwb ->
    # strong w. r2 half-point bye: D; r3 0.5 v 37 ('11 b 0  27 w =' = 0.5); r4 0.5 v 40 (0): D.
    check(st5, 51, score=F(1, 2), colours="bwb", pref=(STRONG, "w"), f26=".D.D", f17=".D.D", opponents={25, 37, 40})
    # 8 Ladron De Guevara: '34 b 1   23 w 1    1 b 0   21 w -' -> 2.0. Round 4 is a forfeit
    # loss: colours b w b (CD -1, last two w b) -> strong w; counting the forfeit's 'w' would
    # give a mild b. r4 forfeit loss: no float (2026), D (2017).
    check(st5, 8, score=2, colours="bwb", pref=(STRONG, "w"), f26="....", f17="...D", opponents={34, 23, 1})
    # 21 Izquierdo: '47 w 1    6 b 0   41 w 1    8 b +' -> 3.0; colours wbw -> strong b.
    # r2 1 v 6 ('32 b 1' = 1); r3 1 v 41 ('15 b 0  30 w 1' = 1); r4 forfeit win: D.
    check(
        st5,
        21,
        score=3,
        colours="wbw",
        pref=(STRONG, "b"),
        f26="...D",
        f17="...D",
        opponents={47, 6, 41},
        won_unplayed=True,
    )
    # 28 Moreno Romero: '0000 - Z' in rounds 1-5: no game, no colour, no points; every round
    # unplayed is a downfloat in 2017 only; absent again in round 5.
    check(st5, 28, score=0, colours="", pref=(NONE, None), f26="....", f17="DDDD", opponents=set())
    assert not st5[28].present
    # 43 Gallas: '17 b 0   32 w =   27 b 0   42 w 0  0000 - H' -> 0.5 before round 5 (the
    # declared 1.0 already counts the round-5 bye). Colours bwbw -> mild b.
    check(st5, 43, score=F(1, 2), colours="bwbw", pref=(MILD, "b"), f26="....", f17="....", opponents={17, 32, 27, 42})
    assert gros.player(43).points == 1 and gros.score_mismatches() == []


def test_gros_forfeits_are_not_meetings(gros):
    state = gros.state_before(5)
    # 8 v 21 in round 4 and 13 v 39 in round 1 were forfeits: they may be paired again
    assert state.may_meet(8, 21) and state.may_meet(13, 39) and state.may_meet(16, 42)
    # games played over the board are meetings
    assert not state.may_meet(1, 13) and not state.may_meet(52, 25)


# ----------------------------------------------------------------------------------------
# Tornello 'Estascacchi 1' (bbpPairings input for round 5, XXR 005, XXC white1)


@pytest.fixture(scope="module")
def estascacchi():
    return read_trf(shared_path("realdata/trf/GabrieleBattaglia_Tornello_input_bbp_bae39f4_estascacchi1_r5.trf"))


def test_estascacchi_players(estascacchi):
    t = estascacchi
    assert (t.total_rounds, t.initial_colour, t.next_round) == (5, "w", 5)
    st5 = t.state_before()
    assert all(s.present for s in st5)
    # 7 Cicciarella: '15 w 1    4 b 1    8 w =   11 b 1' -> 3.5; colours wbwb -> mild w.
    # r2 1 v 4 ('12 b 1' = 1); r3 2 v 8 ('16 b 1   1 w 0' = 1): down;
    # r4 2.5 v 11 ('3 b 0   16 w 1    5 b 1' = 2): down.
    check(st5, 7, score=F(7, 2), colours="wbwb", pref=(MILD, "w"), f26="..DD", f17="..DD", opponents={15, 4, 8, 11})
    # 9 Forte: ' 1 b 0   14 w 0   12 b 1   16 w 0' -> 1.0; colours bwbw -> mild b.
    # r2 0 v 14 ('6 w 1' = 1): up; r3 0 v 12 ('4 w 0   6 b 1' = 1): up;
    # r4 1 v 16 ('8 w 0  11 b 0  0000 - U' = 1): none.
    check(st5, 9, score=1, colours="bwbw", pref=(MILD, "b"), f26=".UU.", f17=".UU.", opponents={1, 14, 12, 16})
    # 16 Valleriani: ' 8 w 0   11 b 0  0000 - U    9 b 1' -> 2.0. Colours w b b: the PAB of
    # round 3 moves to the front (- w b b), so the last two played games are b b -> absolute w
    # (reading the rounds as they come, 'U' then 'b', would miss it). r3 PAB: D.
    check(
        st5,
        16,
        score=2,
        colours="wbb",
        pref=(ABS, "w"),
        f26="..D.",
        f17="..D.",
        opponents={8, 11, 9},
        had_pab=True,
        won_unplayed=True,
    )
    # 17 Ventura: '0000 - U    3 w 1    1 b 0   14 w 1' -> 3.0; colours wbw -> strong b.
    # r1 PAB: D; r2 1 v 3 ('11 w 1' = 1); r3 2 v 1 ('9 w 1   8 b 1' = 2); r4 2 v 14
    # ('6 w 1   9 b 1   2 w 0' = 2).
    check(
        st5,
        17,
        score=3,
        colours="wbw",
        pref=(STRONG, "b"),
        f26="D...",
        f17="D...",
        opponents={3, 1, 14},
        had_pab=True,
        won_unplayed=True,
    )
    # 15 Testori: ' 7 b 0  0000 - U    4 w 0    6 b 0' -> 1.0; colours bwb -> strong w.
    # r3 1 v 4 ('12 b 1   7 w 0' = 1); r4 1 v 6 ('14 b 0  12 w 0  10 b 1' = 1).
    check(
        st5,
        15,
        score=1,
        colours="bwb",
        pref=(STRONG, "w"),
        f26=".D..",
        f17=".D..",
        opponents={7, 4, 6},
        had_pab=True,
        won_unplayed=True,
    )
    # 1 Gasperoni: ' 9 w 1    8 b 1   17 w 1    2 b 1' -> 4.0; colours wbwb -> mild w; equal
    # scores in every game (r2 1 v 1, r3 2 v 2, r4 3 v 3 with 2 = '10 b 1  5 w 1  14 b 1').
    check(st5, 1, score=4, colours="wbwb", pref=(MILD, "w"), f26="....", f17="....", opponents={9, 8, 17, 2})
    # exactly four PABs were given, one per round, to 17, 15, 16 and 10
    assert {s.id for s in st5 if s.had_pab} == {17, 15, 16, 10}


# ----------------------------------------------------------------------------------------
# corpus: dutch-dev-20 (13 players, 7 rounds, 'heavy' profile: forfeits, byes, absences)

CORPUS_20 = "corpus/dutch-2026-dev/dutch-dev-20.trf"


@pytest.fixture(scope="module")
def dev20():
    return read_trf(shared_path(CORPUS_20))


def test_corpus_forfeits_and_byes_before_round_5(dev20):
    st5 = dev20.state_before(5)
    # Lines (rounds 1-4):
    #  1: 0000 - H   10 w =   13 b =    5 w =
    #  3:    9 w 1    6 b 0    7 w =   11 b -
    #  4:   10 b =    7 w +    2 w 0    7 b 1
    #  7:   13 w 1    4 b -    3 b =    4 w 0
    # 11:    5 b 0    8 w 1   12 b =    3 w +
    # 13:    7 b 0  0000 - U    1 w =    9 b =
    # Scores before rounds 1..4 (worked from all 13 lines):
    #  1: 0 .5 1 1.5   2: 0 1 1.5 2.5   3: 0 1 1 1.5   4: 0 .5 1.5 1.5   5: 0 1 1.5 2
    #  7: 0 1 1 1.5    9: 0 0 .5 1.5   10: 0 .5 1 1    12: 0 0 .5 1     13: 0 0 1 1.5
    #
    # 1: r1 half-point bye: D (0.5 > a loss) in both; r2 .5 v 10 (.5); r3 1 v 13 (1);
    #    r4 1.5 v 5 (2): up. Score .5+.5+.5+.5 = 2. Colours w b w -> strong b.
    check(st5, 1, score=2, colours="wbw", pref=(STRONG, "b"), f26="D..U", f17="D..U", opponents={10, 13, 5})
    # 3: r4 forfeit loss against 11: colours w b w only (strong b; with the forfeit's 'b'
    #    it would be wbwb, mild w). Score 1+0+.5+0 = 1.5. r2 1 v 6 (1), r3 1 v 7 (1).
    check(st5, 3, score=F(3, 2), colours="wbw", pref=(STRONG, "b"), f26="....", f17="...D", opponents={9, 6, 7})
    # 4: r2 forfeit win against 7 ('7 w +'), then played 7 in r4 ('7 b 1'): .5+1+0+1 = 2.5.
    #    Colours b w b (r1, r3, r4) -> strong w. r2: D (forfeit win); r3 1.5 v 2 (1.5);
    #    r4 1.5 v 7 (1 + 0 + .5 = 1.5): no float.
    check(
        st5,
        4,
        score=F(5, 2),
        colours="bwb",
        pref=(STRONG, "w"),
        f26=".D..",
        f17=".D..",
        opponents={10, 2, 7},
        won_unplayed=True,
    )
    # 7: r2 forfeit loss ('4 b -'): no float in 2026, D in 2017; r3 1 v 3 (1);
    #    r4 1.5 v 4 (1.5): none. 1+0+.5+0 = 1.5; colours w b w -> strong b.
    check(st5, 7, score=F(3, 2), colours="wbw", pref=(STRONG, "b"), f26="....", f17=".D..", opponents={13, 3, 4})
    # 11: r3 1 v 12 (.5): down; r4 forfeit win: down. 0+1+.5+1 = 2.5; colours b w b.
    check(
        st5,
        11,
        score=F(5, 2),
        colours="bwb",
        pref=(STRONG, "w"),
        f26="..DD",
        f17="..DD",
        opponents={5, 8, 12},
        won_unplayed=True,
    )
    # 13: r2 PAB: D; r3 1 v 1 (1); r4 1.5 v 9 (1.5). 0+1+.5+.5 = 2; colours b w b.
    check(
        st5,
        13,
        score=2,
        colours="bwb",
        pref=(STRONG, "w"),
        f26=".D..",
        f17=".D..",
        opponents={7, 1, 9},
        had_pab=True,
        won_unplayed=True,
    )


def test_corpus_forfeit_is_not_a_meeting(dev20):
    # 4 and 7 forfeited in round 2 and were paired again in round 4 (C.04.2 3.5)
    st4 = dev20.state_before(4)
    assert 7 not in st4[4].opponents and 4 not in st4[7].opponents
    assert st4.may_meet(4, 7)
    assert not dev20.state_before(5).may_meet(4, 7)
    # 3 and 11 (forfeit in round 4) never played
    assert dev20.state_before(8).may_meet(3, 11)


def test_corpus_final_state(dev20):
    state = dev20.state_before()
    assert state.round == 8 and dev20.total_rounds is None
    # 4: '10 b =  7 w +  2 w 0  7 b 1  6 b =  5 w 1  11 b =' -> .5+1+0+1+.5+1+.5 = 4.5;
    #    played colours b w b b w b: CD -2 -> absolute w
    assert state[4].score == F(9, 2) and state[4].colours == "bwbbwb"
    assert state[4].preference == ColourPreference(ABS, "w")
    # 7: '13 w 1  4 b -  3 b =  4 w 0  8 b =  0000 - U  6 w +' -> 1+0+.5+0+.5+1+1 = 4;
    #    played colours w b w b -> mild w
    assert state[7].score == 4 and state[7].colours == "wbwb"
    assert state[7].preference == ColourPreference(MILD, "w")
    assert state[7].had_pab and state[7].won_without_playing
    # 13: '7 b 0  0000 - U  1 w =  9 b =  12 w =  10 b 0  0000 - Z' -> 0+1+.5+.5+.5+0+0 = 2.5
    assert state[13].score == F(5, 2) and state[13].colours == "bwbwb"
    assert floats(state, 13, "2017")[-1] == "D" and floats(state, 13, "2026")[-1] == "."


# ----------------------------------------------------------------------------------------
# colour preference on hand-worked histories


@pytest.mark.parametrize(
    "history,strength,colour,text",
    [
        ("", NONE, None, "-"),
        ("w", STRONG, "b", "B"),  # CD +1
        ("b", STRONG, "w", "W"),
        ("wb", MILD, "w", "w"),  # CD 0: alternate from the last game
        ("bw", MILD, "b", "b"),
        ("ww", ABS, "b", "B!"),  # CD +2
        ("bb", ABS, "w", "W!"),
        ("wbw", STRONG, "b", "B"),  # CD +1, last two differ
        ("bww", ABS, "b", "B!"),  # CD +1, last two equal
        ("wbb", ABS, "w", "W!"),  # CD -1, last two equal
        ("wwb", STRONG, "b", "B"),  # CD +1, last two differ
        ("wbwb", MILD, "w", "w"),
        ("bwwb", MILD, "w", "w"),  # CD 0, last two differ
        ("wwbb", ABS, "w", "W!"),  # CD 0, last two equal
        ("bbww", ABS, "b", "B!"),
        ("wwbwb", STRONG, "b", "B"),  # CD +1
        ("wbwbwbww", ABS, "b", "B!"),  # CD +2 and last two equal
    ],
)
def test_colour_preference_table(history, strength, colour, text):
    pref = colour_preference(history)
    assert (pref.strength, pref.colour) == (strength, colour)
    assert str(pref) == text


def valid(history: str) -> bool:
    """C.04.3 absolute criteria: |CD| <= 2 and never three equal colours in a row."""
    cd = history.count("w") - history.count("b")
    return abs(cd) <= 2 and "www" not in history and "bbb" not in history


@st.composite
def valid_histories(draw):
    """Colour histories a Dutch pairing could produce: each step keeps |CD| <= 2 and no
    three equal colours in a row."""
    h = ""
    for want_white in draw(st.lists(st.booleans(), max_size=20)):
        c = "w" if want_white else "b"
        if not valid(h + c):
            c = "b" if c == "w" else "w"
        h += c
    return h


@settings(max_examples=300, deadline=None)
@given(valid_histories())
def test_absolute_preference_is_the_only_colour_that_keeps_the_history_valid(history):
    pref = colour_preference(history)
    if not history:
        assert pref.strength is NONE
        return
    other = "b" if pref.colour == "w" else "w"
    assert valid(history + pref.colour)
    # absolute exactly when the other colour would break an absolute criterion
    assert (pref.strength is ABS) == (not valid(history + other))
    cd = history.count("w") - history.count("b")
    if pref.strength is STRONG:
        assert abs(cd) == 1 and pref.colour == ("b" if cd > 0 else "w")
    if pref.strength is MILD:
        assert cd == 0 and pref.colour == ("b" if history[-1] == "w" else "w")


# ----------------------------------------------------------------------------------------
# C.04.2 3.4 (unplayed rounds do not count in the colour history) and 3.5 (a forfeited
# game is not a meeting), on small hand-made events


def small(*lines: str):
    return parse_trf("".join(line + "\n" for line in lines))


def test_unplayed_rounds_move_to_the_front_of_the_colour_history():
    # round 1: 2 (w) - 1 (b) 0-1, 3 (w) - 4 (b) 1-0;  round 2: 1 (w) - 3 (b) 1-0, 2 (w) - 4 (b) 1-0;
    # round 3: 3 (w) - 2 (b) draw, 1 half-point bye, 4 PAB;  round 4: 1 (w) - 4 (b) 1-0, 2 and 3 absent
    t = small(
        trf_player_line(1, ["   2 b 1", "   3 w 1", "0000 - H", "   4 w 1"]),
        trf_player_line(2, ["   1 w 0", "   4 w 1", "   3 b =", "0000 - Z"]),
        trf_player_line(3, ["   4 w 1", "   1 b 0", "   2 w =", "0000 - Z"]),
        trf_player_line(4, ["   3 b 0", "   2 b 0", "0000 - U", "   1 b 0"]),
    )
    state = t.state_before(5)
    # 1 reads 'B W - W' as '- B W W': the last two played games were White -> absolute Black
    # (CD is only +1: without C.04.2 3.4 this would be a strong preference)
    assert state[1].colours == "bww"
    assert state[1].preference == ColourPreference(ABS, "b")
    assert state[1].colour_difference == 1
    # 4: 'B B - B' -> '- B B B': CD -3 -> absolute White
    assert state[4].colours == "bbb" and state[4].preference == ColourPreference(ABS, "w")
    # 2: 'W W B -': CD +1, last two W B -> strong Black
    assert state[2].preference == ColourPreference(STRONG, "b")
    # the same holds before round 4: 1's history 'B W -' is '- B W' -> mild Black
    assert t.state_before(4)[1].preference == ColourPreference(MILD, "b")


def test_forfeited_games_have_no_colour_and_are_not_meetings():
    t = small(
        trf_player_line(1, ["   2 w +", "   2 w 1"]),  # forfeit win, then a real game against 2
        trf_player_line(2, ["   1 b -", "   1 b 0"]),
        trf_player_line(3, ["   4 w -", "   4 b 1"]),  # double forfeit, then a real game
        trf_player_line(4, ["   3 b -", "   3 w 0"]),
    )
    s2 = t.state_before(2)
    for pid in (1, 2, 3, 4):
        # the colours of a forfeit are the scheduled ones, not played: no colour history
        assert s2[pid].colours == "" and s2[pid].preference.strength is NONE
        assert s2[pid].opponents == frozenset()
        assert s2[pid].games_played == 0 and s2[pid].rounds_unplayed == 1
    assert s2.may_meet(1, 2) and s2.may_meet(3, 4)
    assert {s.id: s.score for s in s2} == {1: 1, 2: 0, 3: 0, 4: 0}
    # forfeit win: downfloat and a win without playing; forfeit losses: no 2026 float
    assert [floats(s2, pid, "2026") for pid in (1, 2, 3, 4)] == ["D", ".", ".", "."]
    assert [floats(s2, pid, "2017") for pid in (1, 2, 3, 4)] == ["D", "D", "D", "D"]
    assert [s2[pid].won_without_playing for pid in (1, 2, 3, 4)] == [True, False, False, False]
    s3 = t.state_before(3)
    assert not s3.may_meet(1, 2) and not s3.may_meet(3, 4)
    assert (s3[1].colours, s3[2].colours, s3[3].colours, s3[4].colours) == ("w", "b", "b", "w")
    # round 2: 1 (score 1) v 2 (0): 1 down, 2 up; 3 (0) v 4 (0): none
    assert [floats(s3, pid, "2026") for pid in (1, 2, 3, 4)] == ["DD", ".U", "..", ".."]


def test_byes_and_absences_do_not_count_as_games():
    t = small(
        trf_player_line(1, ["0000 - F", "0000 - Z", "   2 w 1"]),
        trf_player_line(2, ["0000 - H", "0000 - U", "   1 b 0"]),
    )
    s = t.state_before(4)
    # 1: F (1) + Z (0) + win = 2; a full-point bye is a win without playing; the zero-point
    #    bye floats only in 2017; round 3: 1 (score 1) v 2 (1.5) -> 1 floats up
    assert (s[1].score, s[1].won_without_playing, s[1].had_pab) == (2, True, False)
    assert (s[1].games_played, s[1].rounds_unplayed, s[1].opponents) == (1, 2, {2})
    assert floats(s, 1, "2026") == "D.U" and floats(s, 1, "2017") == "DDU"
    # 2: H (.5) + U (1) + loss = 1.5; half-point bye and PAB are downfloats; round 3 down
    assert (s[2].score, s[2].had_pab, s[2].won_without_playing) == (F(3, 2), True, True)
    assert floats(s, 2, "2026") == "DDD" and floats(s, 2, "2017") == "DDD"
