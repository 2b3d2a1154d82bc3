"""The pairing commands end to end: generate, pair, check --pairing, and their errors."""

from __future__ import annotations

import pytest

from tabellone.cli import main
from tabellone.formats.trf import read_trf


def test_generate_then_check_every_round(tmp_path, capsys):
    out = tmp_path / "g.trf"
    assert (
        main(["generate", "--players", "14", "--rounds", "5", "--seed", "9", "--absence-rate", "0.05", "-o", str(out)])
        == 0
    )
    t = read_trf(out)
    assert t.rounds_paired == 5 and len(t.players) == 14 and not t.score_mismatches()
    assert main(["--dutch", str(out), "-c"]) == 0
    assert capsys.readouterr().out.strip().endswith("5 of 5 rounds as the rules pair them")
    # the output exists now: generating again needs --force, and the file is untouched
    before = out.read_bytes()
    assert main(["generate", "--players", "14", "--rounds", "5", "--seed", "10", "-o", str(out)]) == 3
    assert out.read_bytes() == before


def test_c_lists_the_differing_boards_with_names(capsys):
    """``--dutch FILE -c`` on the hand-worked tie of ``two_tied_brackets.trf`` (round 2:
    the file pairs 2-3 and floats 1 to 4; the rules pair 2-1 and float 3 to 4; the
    0.5-point bracket follows: 5-6 and 7-8 in the file, 5-8 and 7-6 by the rules): the
    boards each side alone has, every player by number and name."""
    from testkit import fixture_path

    assert main(["--dutch", str(fixture_path("checker/two_tied_brackets.trf")), "-c"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "round 2: differs from the rules' pairing"
    assert out[1] == (
        "  in the file only: 2 (Player 2) - 3 (Player 3); 4 (Player 4) - 1 (Player 1); "
        "5 (Player 5) - 6 (Player 6); 7 (Player 7) - 8 (Player 8); bye -"
    )
    assert out[2] == (
        "  rules' pairing only: 2 (Player 2) - 1 (Player 1); 4 (Player 4) - 3 (Player 3); "
        "5 (Player 5) - 8 (Player 8); 7 (Player 7) - 6 (Player 6); bye -"
    )


def test_check_a_proposed_round(tmp_path, capsys):
    path = tmp_path / "g.trf"
    assert main(["generate", "--players", "9", "--rounds", "3", "--seed", "4", "-o", str(path)]) == 0
    # pair round 3 of the event cut after round 2, and propose it back unchanged
    t = read_trf(path)
    from tabellone.core.history import cut_before
    from tabellone.formats.trf import format_trf

    cut = tmp_path / "cut.trf"
    cut.write_text(format_trf(cut_before(t, 3)))
    proposal = tmp_path / "pairs.txt"
    assert main(["pair", str(cut), "--format", "bbp", "-o", str(proposal)]) == 0
    capsys.readouterr()
    assert main(["check", str(cut), "--pairing", str(proposal)]) == 0
    assert "1 of 1 rounds as the rules pair them" in capsys.readouterr().out
    # a proposal whose count line disagrees with its pairs is bad input, named by line
    lines = proposal.read_text().split("\n")
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join([str(int(lines[0]) + 1)] + lines[1:]))
    assert main(["check", str(cut), "--pairing", str(bad)]) == 3
    err = capsys.readouterr().err
    assert "bad.txt:1" in err and "pairs" in err


def test_unknown_system_and_option_errors(tmp_path, capsys):
    path = tmp_path / "g.trf"
    assert main(["generate", "--players", "6", "--rounds", "2", "--seed", "1", "-o", str(path)]) == 0
    assert main(["pair", str(path), "--system", "monrad"]) == 3
    assert "unknown pairing system 'monrad'" in capsys.readouterr().err
    assert main(["pair", str(path), "--odd", "rest"]) == 3
    assert "no option --odd" in capsys.readouterr().err
    assert main(["pair", str(path), "--edition", "1999"]) == 3
    assert "unknown edition '1999'" in capsys.readouterr().err
    assert main(["pair", str(path), "--system", "dubov", "--backend", "cpsat"]) == 3
    assert "no CP-SAT back end" in capsys.readouterr().err


@pytest.mark.slow
def test_pair_on_the_cpsat_back_end_gives_the_same_round(capsys):
    """The bundled example (24 players, round 6) through CP-SAT: the blossom's boards."""
    example = str(REPO / "examples" / "open-24-before-r6.trf")
    assert main(["pair", example, "--format", "bbp"]) == 0
    blossom = capsys.readouterr().out
    assert main(["pair", example, "--format", "bbp", "--backend", "cpsat"]) == 0
    assert capsys.readouterr().out == blossom
    assert blossom.splitlines()[0] == "12"


# ----------------------------------------------------------------------------------------
# italo-svizzero: check, explain, compare, and pair with a suspended game

import json  # noqa: E402

from testkit import FIXTURES, REPO, trf_player_line  # noqa: E402

WORKED = str(FIXTURES / "italo" / "worked-10.trf")  # the hand-worked event of test_italo_svizzero.py


def _write(path, lines: list[str]) -> str:
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_italo_check_reports_every_round_of_the_files_it_pairs(tmp_path, capsys):
    # the hand-worked event: every round is the literal rotation
    assert main(["check", WORKED, "--system", "italo-svizzero"]) == 0
    assert capsys.readouterr().out.endswith("4 of 4 rounds as the rules pair them\n")
    # an odd field (forfeit points every round) generated by the command line
    out = tmp_path / "g.trf"
    assert (
        main(
            [
                "generate",
                "--system",
                "italo-svizzero",
                "--players",
                "15",
                "--rounds",
                "7",
                "--seed",
                "3",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert main(["check", str(out), "--system", "italo-svizzero"]) == 0
    assert capsys.readouterr().out.endswith("7 of 7 rounds as the rules pair them\n")
    # events played by the rules module: Art. 9 rests, withdrawals, forfeits, international
    # draughts (whose colours need --game), and the seed-002 edition
    from tabellone.formats.trf import format_trf
    from tabellone.rules.italo_svizzero import SimSettings, simulate

    events = [
        (SimSettings(players=15, rounds=7, seed=9, odd="rest"), []),
        (SimSettings(players=22, rounds=8, seed=5, withdrawals=3, forfeit_rate=0.05), []),
        (SimSettings(players=17, rounds=6, seed=7, game="internazionale"), ["--game", "internazionale"]),
        (SimSettings(players=19, rounds=6, seed=8, edition="2.2"), ["--edition", "2.2"]),
    ]
    for settings, options in events:
        path = tmp_path / f"sim-{settings.seed}.trf"
        path.write_text(format_trf(simulate(settings).tournament, "trf26"))
        assert main(["check", str(path), "--system", "italo-svizzero", *options]) == 0, settings
        assert capsys.readouterr().out.endswith(
            f"{settings.rounds} of {settings.rounds} rounds as the rules pair them\n"
        )


def test_italo_check_an_altered_round_names_the_article(tmp_path, capsys):
    # Round 3 of the worked event with the opponents of 1 and 6 swapped: 1-9 and 6-4
    # instead of 1-4 and 6-9. Score groups from the top (test_italo_svizzero,
    # test_evaluate_worked_round_3_score_group_by_score_group): in the 4-point group
    # both send 1 down one point; in the 3-point group both send one player down (4 or
    # 9) one point; the board completed there is 1-9, two places apart in the reading
    # order (1, 4, 9), where the rules' 1-4 is one place apart: Art. 4 decides.
    alt = _write(tmp_path / "alt.txt", ["5", "1 9", "6 4", "10 3", "5 7", "2 8"])
    assert main(["check", WORKED, "--system", "italo-svizzero", "--round", "3", "--pairing", alt]) == 1
    out = capsys.readouterr().out
    assert "round 3: DIFFERS" in out
    assert "Art. 4 rotation distance" in out and "yours 2, the rules allow 1, in the 3.0-point bracket" in out
    # the lists name each player beside the number (the worked event's 001 names)
    assert "pairs given only:       1 (Amato Bruno) - 9 (Marino Nicola); 6 (Ferri Giulia) - 4 (De Luca Elena)" in out
    assert "pairs the rules make:   1 (Amato Bruno) - 4 (De Luca Elena); 6 (Ferri Giulia) - 9 (Marino Nicola)" in out
    # Round 2 with the opponents of 9 and 2 swapped: 9-5 and 2-3 instead of 9-3 and 2-5.
    # After round 1: 1 6 9 on 2 points, 3 4 7 8 on 1, 2 5 10 on 0. The 2-point group
    # sends 9 down one point either way. In the 1-point group the rules pair 9-3 and
    # 4-7 and send 8 down (one player, one point); the altered round sends 9, 3 and 8
    # down (three players): Art. 5 decides, 3 points against 1.
    alt = _write(tmp_path / "alt2.txt", ["5", "6 1", "9 5", "4 7", "8 10", "2 3"])
    assert main(["check", WORKED, "--system", "italo-svizzero", "--round", "2", "--pairing", alt]) == 1
    assert "Art. 5 score difference" in (out := capsys.readouterr().out)
    assert "yours 3.0, the rules allow 1.0, in the 1.0-point bracket" in out
    # The same round under seed 002, whose rotation starts from 9 (White of the last pair,
    # 2.2) and pairs 9-1, 6-7, 8-3, 4-5, 10-2 (test_italo_svizzero). 2-point group, read
    # from 9: 9, 1, 6. Both send one player down (6 or 9) one point; both complete a
    # board one place apart (9-1 or 6-1). Colours: the rules' 1-9 gives 1 (W) White again,
    # widening his imbalance: 2; 9 gets Black: 0. The altered 6-1 gives 6 (B) White and 1
    # Black: 0. The literal rotation is the worse one here, and the report says so.
    assert (
        main(
            [
                "check",
                WORKED,
                "--system",
                "italo-svizzero",
                "--edition",
                "2.2",
                "--round",
                "2",
                "--pairing",
                alt,
                "--json",
            ]
        )
        == 1
    )
    (report,) = json.loads(capsys.readouterr().out)["rounds"]
    assert not report["ok"] and report["first_difference"]["text"].startswith("Art. 2.51 colour balance")
    assert report["first_difference"]["text"].endswith("yours 0, the rules' pairing has 2, in the 2.0-point bracket")
    assert (
        report["first_difference"]["article"],
        report["first_difference"]["yours"],
        report["first_difference"]["rules"],
    ) == ("Art. 2.51", 0, 2)
    # only colours swapped (4-1 for 1-4): the step of Art. 17 that gives White to 1
    alt = _write(tmp_path / "alt3.txt", ["5", "4 1", "6 9", "10 3", "5 7", "2 8"])
    assert main(["check", WORKED, "--system", "italo-svizzero", "--round", "3", "--pairing", alt]) == 1
    assert (
        "colours 4 (De Luca Elena) - 1 (Amato Bruno): Art. 17.2 gives White to 1 (Amato Bruno)"
        in capsys.readouterr().out
    )


def test_italo_check_bad_input(capsys):
    assert main(["check", WORKED, "--system", "italo-svizzero", "--edition", "2017"]) == 3
    assert "unknown edition '2017'" in capsys.readouterr().err
    assert main(["check", WORKED, "--system", "italo-svizzero", "--round", "5"]) == 3
    assert main(["check", WORKED, "--game", "italiana"]) == 3  # the Dutch system has no --game
    assert "no option --game" in capsys.readouterr().err


def test_check_a_proposed_round_written_as_trf(tmp_path, capsys):
    # a round written by 'pair --format trf' has no results yet: it is a pairing all the same
    from tabellone.core.history import cut_before
    from tabellone.formats.trf import format_trf

    for source, system in ((WORKED, "italo-svizzero"), (str(REPO / "examples" / "open-24-before-r6.trf"), "dutch")):
        t = read_trf(source)
        before = tmp_path / f"before-{system}.trf"
        before.write_text(format_trf(cut_before(t, 3) if system == "italo-svizzero" else t))
        proposal = tmp_path / f"proposal-{system}.trf"
        assert main(["pair", str(before), "--system", system, "--format", "trf", "-o", str(proposal)]) == 0
        assert main(["check", str(before), "--system", system, "--pairing", str(proposal)]) == 0
        assert "1 of 1 rounds as the rules pair them" in capsys.readouterr().out


def _odd_event(tmp_path) -> str:
    # 7 players, test_italo_svizzero's O1 and O2: R1 1-2 (2 wins), 3-4 draw, 5-6 (5
    # wins), forfeit points to 7; R2 2-7 (7 wins), 5-3 draw, 4-6 (6 wins), forfeit points
    # to 1. Before round 3: 1(2) 2(2) 3(2) 4(1) 5(3) 6(2) 7(4).
    cells = {
        1: ["   2 w 0", "0000 - U"],
        2: ["   1 b 1", "   7 w 0"],
        3: ["   4 w =", "   5 b ="],
        4: ["   3 b =", "   6 w 0"],
        5: ["   6 w 1", "   3 w ="],
        6: ["   5 b 0", "   4 b 1"],
        7: ["0000 - U", "   2 b 1"],
    }
    lines = ["012 Sette giocatori", "142 3", "162  W  2.0    D  1.0    L  0.0"]
    lines += [trf_player_line(pid, c) for pid, c in cells.items()]
    return _write(tmp_path / "odd7.trf", lines)


def test_italo_explain_a_pair_and_the_forfeit_points(tmp_path, capsys):
    # 1-4 in round 3 of the worked event: 1 (4 points) is alone on his score and meets 4
    # on the next one; without 1-4 the rotation pairs 1-9 (two places apart in the
    # reading order, test above) and 4-6.
    assert main(["explain", WORKED, "--system", "italo-svizzero", "--round", "3", "--pair", "1", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "round 3: 1 (Amato Bruno, 4.0 points) and 4 (De Luca Elena, 3.0 points)"
    assert out[1] == "they meet in the 3.0-point bracket (3 players; 1 (Amato Bruno) moved down from a higher score)"
    assert "Art. 4 rotation distance" in out[2] and "without it 2, the rules allow 1" in out[2]
    assert (
        out[3] == "  its boards that differ: 1 (Amato Bruno) - 9 (Marino Nicola); 4 (De Luca Elena) - 6 (Ferri Giulia)"
    )
    assert (
        out[4]
        == "Art. 4: reading the circle from 5 (the start of the round), 1 is the first player on the highest free score (4.0 points)"
    )
    # forfeit points: round 3 of the 7-player event gives them to 4, alone last with 1
    # point; without him they go to 6, one of three on 2 points (test_italo_svizzero,
    # test_pair_round_no_bye_excludes_a_player_from_the_forfeit_points)
    odd = _odd_event(tmp_path)
    assert main(["explain", odd, "--system", "italo-svizzero", "--bye", "4"]) == 0
    out = capsys.readouterr().out
    assert (
        "Art. 8 (score of the PAB assignee): without it 2.0 [6 (Player 6)], the rules allow 1.0 [4 (Player 4)]" in out
    )
    assert "its boards that differ: 1 (Player 1) - 3 (Player 3); 2 (Player 2) - 4 (Player 4); bye 6 (Player 6)" in out
    assert "Art. 8: 4 (1.0 points) is last in the standings" in out
    # round 1: the last listed, and nobody else
    assert main(["explain", odd, "--system", "italo-svizzero", "--round", "1", "--bye", "7"]) == 0
    assert "the bye to 7 is forced" in capsys.readouterr().out
    # an even field: nobody gets forfeit points
    assert main(["explain", WORKED, "--system", "italo-svizzero", "--round", "2", "--bye", "3"]) == 0
    assert "the rules give the bye to nobody; 3 meets 9 (Marino Nicola)" in capsys.readouterr().out
    assert main(["explain", WORKED, "--system", "italo-svizzero", "--round", "2", "--pair", "1", "99"]) == 3
    assert "player 99 is not in the tournament" in capsys.readouterr().err


def _suspended_event(tmp_path) -> str:
    # 6 players, round 1 played except 1-2, suspended (no result yet): 3 and 5 won.
    cells = {1: ["   2 w  "], 2: ["   1 b  "], 3: ["   4 w 1"], 4: ["   3 b 0"], 5: ["   6 w 1"], 6: ["   5 b 0"]}
    lines = ["012 Sospesa", "142 3", "162  W  2.0    D  1.0    L  0.0"]
    names = {1: "Uno", 2: "Due", 3: "Tre", 4: "Quattro", 5: "Cinque", 6: "Sei"}
    lines += [trf_player_line(pid, c, name=names[pid]) for pid, c in cells.items()]
    return _write(tmp_path / "suspended.trf", lines)


def test_italo_pair_text_with_a_suspended_game(tmp_path, capsys):
    # The bug: the text table read the general state, which refuses a game without a
    # result. Art. 16 counts it as a draw for pairing: 1(1) 2(1) 3(2) 4(0) 5(2) 6(0).
    # Round 2 from 6 (Black of 5-6): 3-5, 1-4, 2-6 (test_italo_svizzero,
    # test_art16_suspended_game_counts_as_a_draw_for_pairing). Colours: 3-5 level on
    # everything: lower number (17.3); 4 has fewer Whites than 1 (1's suspended game was
    # with White): 4; 2-6 both Black once: more points, 2.
    path = _suspended_event(tmp_path)
    assert main(["pair", path, "--system", "italo-svizzero"]) == 0
    out = capsys.readouterr().out.splitlines()
    boards = [line.split() for line in out[2:5]]
    assert [(b[1], b[3], b[5], b[7]) for b in boards] == [
        ("3", "2.0", "5", "2.0"),
        ("4", "0.0", "1", "1.0"),
        ("2", "1.0", "6", "0.0"),
    ]
    assert out[5] == "suspended games counted as draws (Art. 16) for pairing: 1-2 (round 1)"
    # seed 002 (2.41): won by both, 2 points each; from 5 (White of 5-6): 5-1, 2-3, 4-6
    # (test_241_suspended_game_counts_as_won_by_both). Colours: 1 and 5 both had White:
    # 17.3, level on points, lower number 1; 2 has fewer Whites than 3; 4-6 level: 4.
    assert main(["pair", path, "--system", "italo-svizzero", "--edition", "2.2"]) == 0
    out = capsys.readouterr().out.splitlines()
    boards = [line.split() for line in out[2:5]]
    assert [(b[1], b[3], b[5], b[7]) for b in boards] == [
        ("1", "2.0", "5", "2.0"),
        ("2", "2.0", "3", "2.0"),
        ("4", "0.0", "6", "0.0"),
    ]
    assert out[5] == "suspended games counted as won by both (2.41) for pairing: 1-2 (round 1)"
    # the Dutch system still needs every result (invalid input, not a crash)
    assert main(["pair", path]) == 3
    assert "has no result" in capsys.readouterr().err
    # check and explain read the suspended game the same way
    paired = tmp_path / "paired.trf"
    assert main(["pair", path, "--system", "italo-svizzero", "--format", "trf", "-o", str(paired)]) == 0
    assert main(["check", str(paired), "--system", "italo-svizzero"]) == 0
    assert capsys.readouterr().out.endswith("2 of 2 rounds as the rules pair them\n")
    assert main(["explain", str(paired), "--system", "italo-svizzero", "--round", "2", "--pair", "1", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("round 2: 1 (Uno, 1.0 points) and 4 (Quattro, 0.0 points)")
    assert out.rstrip().endswith("suspended games counted as draws (Art. 16) for pairing: 1-2 (round 1)")


def test_compare_literal_and_optimised(tmp_path, capsys):
    # the worked event: rounds 1, 2 and 4 the same; in round 3 the literal vector is
    # (2, 9, 4) and the optimiser keeps 2 and 9 but balances the colours
    assert main(["compare", WORKED]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == [
        "round",
        "pairs",
        "first",
        "objective",
        "that",
        "differs",
        "literal",
        "optimised",
        "better",
    ]
    rows = {int(line.split()[0]): line.split() for line in out[2:6]}
    assert rows[1][1] == rows[2][1] == rows[4][1] == "same"
    assert rows[3][1:5] == ["differ", "colour", "balance", "4"] and rows[3][-1] == "optimised"
    assert out[-2].startswith("round 3: literal only 1-4 2-8 5-7 6-9 10-3; optimised only ")
    assert out[-1] == "3 of 4 rounds paired the same by both methods"
    assert main(["compare", WORKED, "--round", "3", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (r3,) = doc["rounds"]
    assert doc["system"] == "italo-svizzero" and doc["edition"] == "capo5"
    assert r3["round"] == 3 and not r3["same_pairs"] and r3["better"] == "optimised"
    assert r3["first_difference"]["objective"] == "colour balance" and r3["first_difference"]["literal"] == 4
    assert r3["literal_vector"] == [2, 9, 4] and r3["literal"]["pairs"][0] == [1, 4]
    # the Dubov system has both methods too
    dub = tmp_path / "dubov.trf"
    assert (
        main(["generate", "--system", "dubov", "--players", "12", "--rounds", "4", "--seed", "2", "-o", str(dub)]) == 0
    )
    assert main(["compare", str(dub), "--system", "dubov"]) == 0
    assert capsys.readouterr().out.endswith("of 4 rounds paired the same by both methods\n")
    assert main(["compare", str(dub), "--system", "dubov", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["rounds"]) == 4
    # bad input: a system with one method, an option the system lacks, a round out of range
    assert main(["compare", str(dub), "--system", "dutch"]) == 3
    assert "no second method" in capsys.readouterr().err
    assert main(["compare", str(dub), "--system", "dubov", "--odd", "rest"]) == 3
    assert main(["compare", WORKED, "--round", "6"]) == 3
    assert main(["compare", WORKED, "--round", "5"]) == 3  # beyond the 4 rounds declared
    assert "beyond the 4 rounds" in capsys.readouterr().err


def test_info_with_a_suspended_game(tmp_path, capsys):
    # A chess system needs every result: a clear input error. For italo-svizzero the game
    # counts as a draw (Art. 16), so 1 and 2 stand on 1 point each (2 for a win, 1 a draw).
    path = _suspended_event(tmp_path)
    assert main(["info", path]) == 3
    assert "players 1 and 2 has no result" in capsys.readouterr().err
    assert main(["info", path, "--system", "italo-svizzero", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    points = {row["id"]: row["score"] for row in doc["players"]}
    assert points == {1: "1", 2: "1", 3: "2", 4: "0", 5: "2", 6: "0"}
    assert doc["note"] == "suspended games counted as draws (Art. 16) for pairing: 1-2 (round 1)"
