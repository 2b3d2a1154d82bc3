"""Readings of a file and of a reference engine that decide a verdict (issue 27, items 3,
5, 6 and 7).

* Item 5: files written by ``generate`` and ``pair --write`` carry the TRF26 ``192`` code
  naming system and edition (``convert --to trf26`` with ``--system``/``--edition``); ``check`` of a file that declares
  none says which it assumed.
* Item 3: a board a file records with no colours (a forfeit written ``251 - -`` /
  ``214 - +``) gets no colour note, and its orientation does not make a round differ.
* Item 7: a Burstein bracket (edition ``legacy``) is sorted as the reference engine sorts
  it, which decides who is its top when the comparison of a floater with a group on 0
  points is not transitive.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from testkit import FIXTURES, shared_path, trf_player_line

import tabellone
from tabellone.cli import main
from tabellone.core.history import cut_before
from tabellone.core.model import Player, RoundEntry, Tournament

E = RoundEntry
FIXTURES = FIXTURES


# ----------------------------------------------------------------------------------------
# item 3: colourless forfeits


def _with_round_2(t: Tournament, boards: list[tuple[int, int, str | None, str, str]]) -> Tournament:
    """``t`` (one round played) with round 2 recorded: (a, b, a's colour or None, a's
    result, b's result) per board."""
    cells: dict[int, RoundEntry] = {}
    for a, b, colour, ra, rb in boards:
        cells[a] = E(b, colour, ra)
        cells[b] = E(a, None if colour is None else ("b" if colour == "w" else "w"), rb)
    players = tuple(replace(p, rounds=(p.entry(1), cells[p.id])) for p in t.players)
    return replace(t, players=players)


def _four() -> Tournament:
    """Four players, round 1: 1-3 1-0 and 2-4 1-0 (both winners White)."""
    r1 = {1: E(3, "w", "1"), 3: E(1, "b", "0"), 2: E(4, "w", "1"), 4: E(2, "b", "0")}
    players = tuple(Player(p, f"Player {p}", (r1[p],), rating=2400 - 100 * p) for p in range(1, 5))
    return Tournament(players=players, total_rounds=3, initial_colour="w")


def test_a_forfeit_without_colours_has_no_colour_note():
    t = _four()
    rules = tabellone.pair(t)
    assert {frozenset(p) for p in rules.pairs} == {frozenset((1, 2)), frozenset((3, 4))}
    (w12, b12), (w34, b34) = sorted(rules.pairs, key=min)
    # the file writes 3-4 as a forfeit without colours, the loser first: the other way
    # round from the rules' White
    recorded = _with_round_2(t, [(w12, b12, "w", "1", "0"), (b34, w34, None, "-", "+")])
    (r,) = tabellone.check(recorded, round=2).rounds
    assert r.ok and r.colour_notes == []
    # with colours, the same board the other way round is a colour note (control)
    coloured = _with_round_2(t, [(w12, b12, "w", "1", "0"), (b34, w34, "w", "-", "+")])
    (r,) = tabellone.check(coloured, round=2).rounds
    assert not r.ok and [(n.white, n.black, n.rules_white) for n in r.colour_notes] == [(b34, w34, w34)]


def test_karl_mala_round_5_forfeit_without_colours():
    """Karl-Mala 2005 round 5 records 214-251 as ``251 - -`` / ``214 - +``."""
    t = tabellone.read(shared_path("realdata/trf/sklangen_TRF_example1_karl_mala_2005.trf"))
    (r,) = tabellone.check(t, round=5).rounds
    assert all(251 not in (n.white, n.black) for n in r.colour_notes)
    assert r.ok


# ----------------------------------------------------------------------------------------
# item 7: the order of a Burstein bracket


def test_burstein_bracket_order_follows_the_reference_sort():
    """Round 2 of an event made by bbpPairings 5.0.1's generator (27 players; round 1: a
    PAB to 27, a forfeit 23-16, 2 absent in round 2). The last bracket is the 0-point
    group 26, 16, 17, 19, 21, 24, 25 (Buchholz 2, then 1) and 18, floated from the 1-point
    group. Between scores the engine compares SB, then Buchholz and Median times each
    player's score: on 0 points those are 0, so 18 comes before 26 (both 0, smaller
    number) but after 16 (0 against 0, smaller number), while 26 comes before 16 in its
    group (Buchholz 2 against 1): no order sorts them all. The reference engine's list
    sort merges 26-16, 17-19, 21-24, 25-18 (18 before 25), then 26, 16, 17, 19 and
    18, 21, 24, 25 (18 before 26), and so puts 18 first: 18, the top, meets the lowest,
    25; 26 the lowest with the other due colour, 21; 16 the one that leaves 17-24 with
    their colours, 19. The file's round 2 is that pairing."""
    from tabellone.rules.burstein.legacy import bracket_order, round_players

    path = FIXTURES / "burstein-order" / "bbp501-27-players.trf"
    t = tabellone.read(path)
    _, players, _ = round_players(cut_before(t, 2), 2)
    by_id = {p.id: p for p in players}
    assert bracket_order([26, 16, 17, 19, 21, 24, 25, 18], by_id.__getitem__) == [18, 26, 16, 17, 19, 21, 24, 25]
    (r,) = tabellone.check(t, system="burstein", edition="legacy", round=2).rounds
    assert r.ok
    pairs = {frozenset(p) for p in tabellone.pair(cut_before(t, 2), system="burstein", edition="legacy").pairs}
    assert {frozenset((18, 25)), frozenset((21, 26)), frozenset((16, 19)), frozenset((17, 24))} <= pairs


# ----------------------------------------------------------------------------------------
# item 5: files say which system paired them


@pytest.mark.parametrize(
    ("system", "edition"),
    [
        ("dutch", None),
        ("dutch", "2017"),
        ("dubov", None),
        ("dubov", "1997"),
        ("burstein", None),
        ("burstein", "legacy"),
        ("lim", None),
        ("italo-svizzero", "2.2"),
        ("double-swiss", None),
    ],
)
def test_generate_writes_the_192_code_and_check_follows_it(tmp_path, capsys, system, edition):
    from tabellone.rules import declared_system, get_system

    out = tmp_path / "g.trf"
    args = ["generate", "--players", "7", "--rounds", "3", "--seed", "11", "--system", system, "-o", str(out)]
    assert main(args + (["--edition", edition] if edition else [])) == 0
    capsys.readouterr()
    t = tabellone.read(out)
    assert declared_system(t.system) == ((system, edition or get_system(system).editions[0]), False), t.system
    assert main(["check", str(out)]) == 0  # no options: the file's code decides
    report, err = capsys.readouterr()
    assert "declares no system" not in report and err == ""


def test_pair_write_records_the_system_in_a_file_without_one(tmp_path, capsys):
    plain = tmp_path / "e.trf"
    plain.write_text((FIXTURES / "checker" / "six_after_r1.trf").read_text())
    assert tabellone.read(plain).system is None
    assert main(["pair", str(plain), "--write", "--system", "dubov", "--format", "bbp"]) == 0
    assert tabellone.read(plain).system == "FIDE_DUBOV_2026"


def test_convert_to_trf26_declares_the_system_named(tmp_path, capsys):
    src = str(FIXTURES / "checker" / "six_after_r1.trf")
    args = ["convert", src, "--to", "trf26", "--system", "lim", "-o", str(tmp_path / "b.trf")]
    assert main(args) == 0 and capsys.readouterr().err == ""
    assert tabellone.read(tmp_path / "b.trf").system == "FIDE_LIM_2026"
    args = ["convert", src, "--to", "trf26", "--edition", "2017", "-o", str(tmp_path / "c.trf")]
    assert main(args) == 0
    assert tabellone.read(tmp_path / "c.trf").system == "FIDE_DUTCH_2017"
    # a file that declares its system keeps it, and says so
    assert main(["convert", str(tmp_path / "b.trf"), "--to", "trf26", "--system", "dubov"]) == 0
    out, err = capsys.readouterr()
    assert "192 FIDE_LIM_2026" in out and err.count("\n") == 1 and "192 declares FIDE_LIM_2026; kept" in err
    # without options nothing is added: the file reads back as it was
    assert main(["convert", src, "--to", "trf26", "-o", str(tmp_path / "d.trf")]) == 0
    assert tabellone.read(tmp_path / "d.trf").system is None


def test_check_says_which_system_it_assumed(capsys):
    src = str(FIXTURES / "checker" / "six_after_r1.trf")
    main(["check", src])
    first = capsys.readouterr().out.splitlines()[0]
    assert first == (
        "the file declares no system (192): checked as FIDE Dutch 2026 (name another with --system / --edition)"
    )
    main(["check", src, "--json"])
    assert json.loads(capsys.readouterr().out)["system_assumed"] is True
    main(["check", src, "--edition", "2017"])
    assert "declares no system" not in capsys.readouterr().out


# ----------------------------------------------------------------------------------------
# item 6: readings that deserve one warning line


def _trf(tmp_path, lines: list[str], name: str = "e.trf", header: str = "XXR 4\nXXC white1\n") -> str:
    path = tmp_path / name
    path.write_text("012 Readings\n" + header + "\n".join(lines) + "\n")
    return str(path)


def test_plus_without_opponent_says_which_reading_applied(tmp_path, capsys):
    """Round 1: 1-2 1-0, 3-4 1-0, 5 '0000 - +', the round's only player unpaired: the PAB
    (as bbpPairings writes it). Round 2: 1-3 1-0 and 2 and 5 both '0000 - +': two points
    without opponent in one round are full-point byes entered before pairing."""
    cells = {
        1: ["   2 w 1", "   3 w 1"],
        2: ["   1 b 0", "0000 - +"],
        3: ["   4 w 1", "   1 b 0"],
        4: ["   3 b 0", "0000 - -"],
        5: ["0000 - +", "0000 - +"],
    }
    path = _trf(tmp_path, [trf_player_line(p, c, rating=str(2500 - 100 * p)) for p, c in cells.items()])
    main(["check", path])
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"tabellone: warning: {path}: '0000 - +' (a point without opponent) read as the pairing-allocated bye in "
        "round 1 (player 5) (the round's only player left unpaired); as a full-point bye entered before pairing "
        "in round 2 (players 2, 5)"
    ]


def test_blank_cells_worth_half_a_point_are_counted_in_one_line(tmp_path, capsys):
    """Two players declare half a point more than their results, each with a blank cell
    (an ICU half-point bye); a third declares a point more with one blank cell: not
    explained, its own line."""
    cells = {
        1: ["   2 w 1", "   3 w 1"],
        2: ["   1 b 0", "0000 -  "],
        3: ["   4 w 1", "   1 b 0"],
        4: ["   3 b 0", "0000 -  "],
        5: ["0000 -  ", "   6 w 1"],
        6: ["0000 - U", "   5 b 0"],
    }
    points = {1: "2.0", 2: "0.5", 3: "1.0", 4: "0.5", 5: "2.0", 6: "1.0"}
    lines = [trf_player_line(p, c, rating=str(2500 - 100 * p), points=points[p]) for p, c in cells.items()]
    path = _trf(tmp_path, lines)
    main(["check", path])
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    assert "player 5 (Player 5): columns 81-84 (points) declare 2.0 but the results give 1.0" in err[0]
    assert "2 players declare more points" in err[1] and err[1].endswith("(players 2, 4)")


def test_check_says_how_many_rounds_it_assumed(tmp_path, capsys):
    lines = [
        trf_player_line(1, ["   2 w 1"], rating="2400"),
        trf_player_line(2, ["   1 b 0"], rating="2300"),
    ]
    path = _trf(tmp_path, lines, header="XXC white1\n")
    main(["check", path, "--system", "dutch"])
    assert capsys.readouterr().out.splitlines()[0] == (
        "the file declares no number of rounds (XXR / 142): checked as a 1-round event, "
        "its last recorded round the last (give --rounds N to say otherwise)"
    )
    main(["check", path, "--system", "dutch", "--rounds", "5"])
    assert "declares no number of rounds" not in capsys.readouterr().out


def test_initial_colour_with_player_1_absent_names_who_gets_it(tmp_path, capsys):
    """Player 1 has a half-point bye entered for round 1: the initial colour is that of
    the highest-ranked player paired (TRF26 152), player 2, who then has White on board
    1 against 4 (2 and 3 top halves: 2-4, 3-5)."""
    lines = [trf_player_line(1, ["0000 - H"], rating="2500")] + [
        trf_player_line(p, [], rating=str(2500 - 100 * p)) for p in range(2, 6)
    ]
    path = _trf(tmp_path, lines, header="XXR 3\n")
    assert main(["pair", path, "--initial-colour", "white", "--format", "bbp"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        f"tabellone: warning: {path}: player 1 is not paired in round 1: --initial-colour white is the colour of "
        "player 2, the highest-ranked player paired there (TRF26 152, XXC white1)"
    ]
    assert out.split()[:3] == ["2", "2", "4"]


# ----------------------------------------------------------------------------------------
# item 2: colour breaches in a given pairing


def test_a_third_colour_in_a_row_in_a_given_pairing_is_an_absolute_break():
    """Four players, four rounds. Round 1: 1-3 (1 White), 4-2 (4 White); round 2: 2-1,
    4-3 (2 and 4 White). Colours played: 1 W B, 2 B W, 3 B B, 4 W W. Round 3 can only be
    1-4 and 2-3; given 4 White and 2 White, 4 gets White a third time (and a difference
    of +3) and 3 Black a third time (-3): C.04.1 Art. 6-7, with no exception before the
    last round, in the Dutch and the Burstein systems."""
    from tabellone.core.pairing import Pairing

    rounds = {
        1: (E(3, "w", "1"), E(2, "b", "1")),
        2: (E(4, "b", "0"), E(1, "w", "0")),
        3: (E(1, "b", "0"), E(4, "b", "0")),
        4: (E(2, "w", "0"), E(3, "w", "1")),
    }
    players = tuple(Player(p, f"Player {p}", rounds[p], rating=2400 - 100 * p) for p in range(1, 5))
    t = Tournament(players=players, total_rounds=4, initial_colour="w")
    given = Pairing(3, [(4, 1), (2, 3)])
    expected = [
        "C.04.1 Art. 7: 4 (Player 4) gets White a third time in a row (colours played: W W)",
        "C.04.1 Art. 6: 4 (Player 4) gets White: three more Whites than Blacks (colours played: W W)",
        "C.04.1 Art. 7: 3 (Player 3) gets Black a third time in a row (colours played: B B)",
        "C.04.1 Art. 6: 3 (Player 3) gets Black: three more Blacks than Whites (colours played: B B)",
    ]
    for system, edition in (("dutch", "2026"), ("dutch", "2017"), ("burstein", "2026"), ("burstein", "legacy")):
        (r,) = tabellone.check(t, system=system, edition=edition, pairing=given).rounds
        assert [a for a in r.absolute if a.startswith("C.04.1")] == expected, (system, edition, r.absolute)
    # the rules' own pairing of the round breaks neither
    (r,) = tabellone.check(t, pairing=tabellone.pair(t)).rounds
    assert r.ok


# ----------------------------------------------------------------------------------------
# item 4 (part): a forced pair that breaks C3 names C3 and the players


def test_explain_a_pair_barred_by_c3_names_it():
    """On generated events (paired by the Dutch engine), two players who have not met, in
    a round before the last, whose colours played give both an absolute preference for
    the same colour (the last two games alike, or a difference beyond 1): ``explain
    --pair`` answers with C3 and both players, not with "no legal pairing"."""
    from tabellone.core.history import cut_before
    from tabellone.generate.tournament import GeneratorSettings, generate
    from tabellone.rules import dutch

    def pairer(t):
        p = dutch.pair_round(t, "2026")
        return p.pairs, p.bye

    def absolute(colours: str) -> str | None:
        cd = colours.count("w") - colours.count("b")
        if cd > 1 or colours[-2:] == "ww":
            return "Black"
        if cd < -1 or colours[-2:] == "bb":
            return "White"
        return None

    seen = 0
    for seed in range(6):
        t = generate(GeneratorSettings(players=12, rounds=6, seed=seed), pairer)
        for r in range(3, t.total_rounds):
            before = cut_before(t, r)
            state = before.state_before(r)
            prefs = {pid: absolute(s.colours) for pid, s in state.players.items() if s.present}
            ids = sorted(pid for pid, c in prefs.items() if c)
            pair = next(
                ((x, y) for x in ids for y in ids if x < y and prefs[x] == prefs[y] and state.may_meet(x, y)),
                None,
            )
            if pair is None:
                continue
            lines = tabellone.explain(before, round=r, pair=pair).lines
            a, b = (f"{p} ({before.player(p).name})" for p in pair)  # by number and name
            assert lines[-1] == f"C3: {a} and {b} both have an absolute preference for {prefs[pair[0]]}"
            seen += 1
    assert seen >= 3
