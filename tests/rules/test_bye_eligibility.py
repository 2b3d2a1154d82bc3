"""Who may have the pairing-allocated bye, system by system, by each text's own words
(issue 27, item 1).

C.04.1 (2026) Art. 4: "A participant who has already received a pairing allocated bye, or
has already scored in one single round, without playing, as many points as rewarded for a
win, shall not receive the pairing allocated bye." Dutch, Dubov and Burstein (2026) quote
it as their [C2]; Lim (2026) pairs under the Basic Rules. Any earlier PAB bars another,
whatever it was worth.

C.04.1.d (till 31 January 2026), quoted by Dutch 2017 C.2 and Burstein 2025 C.2, and the
rule the earlier Burstein text (``legacy``) pairs under: "A player who has already
received a pairing-allocated bye, or has already scored a (forfeit) win due to an opponent
not appearing in time, shall not receive the pairing-allocated bye." A full-point bye the
player asked for is neither: under these texts it does not bar (the text wins over the
issue's list).

Dubov 1997 art. 2.2: "Un giocatore che ha ottenuto un punto senza giocare, non può
ricevere il bye" (a point scored without playing): a PAB worth half a point, or nothing, is
no point, and does not bar.

Double-Swiss and Swiss Team [C2]: "already received a pairing-allocated bye or won a match
by forfeit (or been given a FIDE-deprecated full-point bye)".

Each position is worked by hand: five players, round 1 recorded, round 2 to pair; player 5
had, in round 1, what the case names. A proposed round 2 gives 5 the bye (1-3 and 2-4
otherwise, no rematch); the check reports the system's bye rule, with the round of the
earlier bye, exactly when the text bars it, and the engine never gives 5 the bye then.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from testkit import shared_path, texts

import tabellone
from tabellone.core.model import Player, RoundEntry, Tournament
from tabellone.core.pairing import Pairing
from tabellone.core.scoring import Scoring
from tabellone.rules import get_system

E = RoundEntry

#: Round 1 of the five players, by case: 1 beats 2, 3 beats 4, and 5 ...
CASES = {
    # ... had the PAB, worth half a point (BBU 0.5)
    "half-point PAB": ({5: E(None, None, "U")}, Fraction(1, 2)),
    # ... had the PAB, worth nothing (BBU 0.0)
    "zero-point PAB": ({5: E(None, None, "U")}, Fraction(0)),
    # ... had the PAB, worth a win
    "full-point PAB": ({5: E(None, None, "U")}, None),
    # ... asked for a full-point bye
    "full-point bye": ({5: E(None, None, "F")}, None),
    # ... won by forfeit against 4, while 3 had the PAB
    "forfeit win": ({3: E(None, None, "U"), 4: E(5, "w", "-"), 5: E(4, "b", "+")}, None),
    # ... asked for a half-point bye
    "half-point bye": ({5: E(None, None, "H")}, None),
}

BARRED_ART4 = {"half-point PAB", "zero-point PAB", "full-point PAB", "full-point bye", "forfeit win"}
BARRED_ART_D = {"half-point PAB", "zero-point PAB", "full-point PAB", "forfeit win"}
BARRED_DUBOV_1997 = {"full-point PAB", "full-point bye", "forfeit win"}

#: (system, edition, the cases its text bars, the article its message starts with)
SYSTEMS = [
    ("dutch", "2026", BARRED_ART4, "C2"),
    ("dutch", "2017", BARRED_ART_D, "C.2"),
    ("dubov", "2026", BARRED_ART4, "C2"),
    ("dubov", "1997", BARRED_DUBOV_1997, "2.2"),
    ("burstein", "2026", BARRED_ART4, "C2"),
    ("burstein", "2025", BARRED_ART_D, "C.2"),
    ("burstein", "legacy", BARRED_ART_D, "bye"),
    ("lim", "2026", BARRED_ART4, "C.04.1 Art. 4"),
]


def position(case: str) -> Tournament:
    """The five players after round 1 of ``case``, four rounds in all."""
    given, pab = CASES[case]
    games = {1: E(2, "w", "1"), 2: E(1, "b", "0"), 3: E(4, "w", "1"), 4: E(3, "b", "0")}
    games.update(given)
    players = tuple(Player(p, f"Player {p}", (games[p],), rating=2500 - 100 * p) for p in range(1, 6))
    return Tournament(players=players, total_rounds=4, initial_colour="w", scoring=Scoring(pab=pab))


BYE_TO_5 = Pairing(2, [(1, 3), (2, 4)], 5)


@pytest.mark.parametrize(("system", "edition", "barred", "article"), SYSTEMS)
@pytest.mark.parametrize("case", list(CASES))
def test_the_text_decides_who_may_have_the_bye(system, edition, barred, article, case):
    t = position(case)
    found = [v for v in get_system(system).violations(t, BYE_TO_5, edition) if "bye" in v.text]
    problems = [v.text for v in found]
    if case in barred:
        assert len(problems) == 1, problems
        assert (found[0].article, found[0].players, found[0].round) == (article, (5,), 2), found
        # the player by number and name, the round of the earlier bye or win
        assert problems[0].startswith(f"{article}: ") and "to 5 (Player 5), who had " in problems[0], problems
        assert problems[0].split(", who had ")[1].split(" in round ")[1].startswith("1"), problems
        # the engine keeps the text too (the others may all have it here)
        assert tabellone.pair(t, system=system, edition=edition).bye != 5
    else:
        assert problems == []


@pytest.mark.parametrize(("system", "edition", "barred", "article"), SYSTEMS)
def test_explain_bye_names_the_round_of_the_earlier_bye(system, edition, barred, article):
    said = get_system(system).bye_reading(position("half-point PAB"), 2, 5, edition)
    assert said is not None
    allowed, sentence = said
    assert allowed == ("half-point PAB" not in barred)
    if not allowed:
        assert sentence.startswith(
            f"{article}: 5 (Player 5) may not have the bye: a pairing-allocated bye worth 0.5 points in round 1"
        )


def test_a_second_pab_under_2026_goes_elsewhere_in_every_system():
    """The zero-point PAB of round 1 bars 5 from the PAB of round 2 in every 2026 text,
    though 5, alone on no points, is who the score order would give it to."""
    t = position("zero-point PAB")
    for system in ("dutch", "dubov", "burstein", "lim"):
        bye = tabellone.pair(t, system=system, edition="2026").bye
        assert bye in (2, 4), (system, bye)


# ----------------------------------------------------------------------------------------
# Double-Swiss and Swiss Team: their own [C2]


def test_double_swiss_c2_in_its_own_words():
    """C.04.5 [C2]: a PAB (always U + H, 1.5), a match won by forfeit, a full-point bye
    bar; a half-point bye asked for does not. Match 1: 1 beats 2 2-0; 3 and 4 as the case;
    5 ... Match 2 would give 5 the bye."""
    from tabellone.rules import double_swiss as ds

    def event(five: tuple[RoundEntry, RoundEntry], three_four=None) -> Tournament:
        cols = {
            1: [E(2, "w", "1"), E(2, "b", "1")],
            2: [E(1, "b", "0"), E(1, "w", "0")],
            3: [E(4, "w", "1"), E(4, "b", "1")],
            4: [E(3, "b", "0"), E(3, "w", "0")],
            5: list(five),
        }
        cols.update(three_four or {})
        players = tuple(Player(p, f"Player {p}", tuple(cols[p]), rating=2400 - 10 * p) for p in range(1, 6))
        return Tournament(players=players, total_rounds=8, initial_colour="w", system="FIDE_DOUBLESWISS")

    forfeit = {3: [E(None, None, "U"), E(None, None, "H")], 4: [E(5, "w", "-"), E(5, "b", "-")]}
    cases = {
        "PAB": (event((E(None, None, "U"), E(None, None, "H"))), "a pairing-allocated bye worth 1.5 points in match 1"),
        "full-point bye": (event((E(None, None, "F"), E(None, None, "F"))), "a full-point bye in match 1"),
        "forfeit win": (
            event((E(4, "b", "+"), E(4, "w", "+")), forfeit),
            "a match won by forfeit against 4 (Player 4) in match 1",
        ),
        "half-point bye": (event((E(None, None, "H"), E(None, None, "H"))), None),
    }
    for case, (t, what) in cases.items():
        problems = [p for p in texts(ds.violations(t, Pairing(3, [(1, 3), (2, 4)], 5))) if p.startswith("C2")]
        if what is None:
            assert problems == [], case
        else:
            assert problems == [f"C2: the pairing-allocated bye goes to 5 (Player 5), who had {what}"], case
            assert ds.pair_round(t).bye != 5, case


def test_swiss_team_c2_in_its_own_words():
    """C.04.6 [C2]: a team's PAB (a drawn match's points), a match won by forfeit, a
    full-point bye bar; a half-point bye the team asked for does not."""
    from tabellone.core.team import Team, TeamTournament
    from tabellone.rules import team_swiss as ts

    mp = Scoring(win=Fraction(2), draw=Fraction(1), loss=Fraction(0), pab=Fraction(1), full_bye=Fraction(2))
    for result, barred in (("U", "the pairing-allocated bye"), ("F", "a full-point bye"), ("H", None)):
        rounds = {1: E(2, "w", "1"), 2: E(1, "b", "0"), 3: E(4, "w", "1"), 4: E(3, "b", "0"), 5: E(None, None, result)}
        t = TeamTournament(
            players=tuple(Player(k, f"Team {k}", (rounds[k],)) for k in range(1, 6)),
            total_rounds=5,
            initial_colour="w",
            scoring=mp,
            teams=tuple(Team(k, f"Team {k}") for k in range(1, 6)),
        )
        problems = [p for p in texts(ts.violations(t, Pairing(2, [(1, 3), (2, 4)], 5))) if p.startswith("[C2]")]
        assert problems == ([f"[C2]: the bye goes to team 5 (Team 5), which had {barred} in round 1"] if barred else [])
        assert ts.C2_bye_allowed(t, 5, 2) == (barred is None)


# ----------------------------------------------------------------------------------------
# the reading of the state and the scan of the rounds agree on real files


@pytest.mark.parametrize(
    "name",
    [
        "GabrieleBattaglia_Tornello_input_bbp_885abc5_primavera2_r7.trf",
        "GabrieleBattaglia_Tornello_input_bbp_814553a_campionato52_r7.trf",
        "irishchessunion_icu_tournament_cork_major_2018_swissmaster.trf",
    ],
)
def test_state_and_round_scan_agree(name):
    from tabellone.rules.burstein.legacy import LEGACY_BYE_RULE
    from tabellone.rules.dubov.restrictions import R2_2_BYE_RULE
    from tabellone.rules.fide_common import ART4_2026, ART_D_2017

    t = tabellone.read(shared_path(f"realdata/trf/{name}"))
    seen = 0
    for r in range(2, t.rounds_paired + 1):
        state = t.state_before(r)
        for pid, s in state.players.items():
            for rule in (ART4_2026, ART_D_2017, LEGACY_BYE_RULE, R2_2_BYE_RULE):
                assert rule.bars(s) == (rule.earlier(t, pid, r) is not None), (name, r, pid, rule.article)
                seen += rule.bars(s)
    assert seen > 0
