"""Items 6 and 7 of the arbiter's checker: what the file declares, and pairing a plain
federation file.

* The TRF26 ``192`` system code picks the system and edition when the command line
  names none (nor ``--baku``); otherwise one warning line says what was used instead.
* ``--rounds N`` and ``--initial-colour`` supply what a federation export without
  ``XXR``/``XXC`` lacks; ``pair --round R`` shows the full board list the rules make
  for a past round.
"""

from __future__ import annotations

from testkit import fixture_path, shared_path, trf_player_line

from tabellone.cli import main


def _half_point_pab(tmp_path, code: str) -> str:
    """The five players of ``half_point_pab.trf`` (PAB worth half a point, two rounds;
    see test_checker_editions_explain: the round-3 bye is 3 under 2026, 1 under 2017),
    declaring ``192 code``."""
    path = tmp_path / f"{code}.trf"
    path.write_text(
        fixture_path("checker/half_point_pab.trf").read_text().replace("BBU 0.5\n", f"BBU 0.5\n192 {code}\n")
    )
    return str(path)


def _bye(out: str) -> int | None:
    lines = out.split()
    return next((int(a) for a, b in zip(lines[1::2], lines[2::2]) if b == "0"), None)


def test_the_192_code_picks_the_edition(tmp_path, capsys):
    assert main(["pair", _half_point_pab(tmp_path, "FIDE_DUTCH_2017"), "--format", "bbp"]) == 0
    out, err = capsys.readouterr()
    assert _bye(out) == 1 and err == ""
    assert main(["pair", _half_point_pab(tmp_path, "FIDE_DUTCH_2026"), "--format", "bbp"]) == 0
    assert _bye(capsys.readouterr().out) == 3


def test_options_over_the_192_code_say_so_in_one_line(tmp_path, capsys):
    path = _half_point_pab(tmp_path, "FIDE_DUTCH_2017")
    assert main(["pair", path, "--format", "bbp", "--edition", "2026"]) == 0
    out, err = capsys.readouterr()
    assert _bye(out) == 3
    assert err.count("\n") == 1 and "192 declares FIDE_DUTCH_2017; using dutch 2026, as the options ask" in err
    path = _half_point_pab(tmp_path, "FIDE_DOUBLE_SWISS")
    assert main(["pair", path, "--format", "bbp"]) == 0
    err = capsys.readouterr().err
    assert (
        err.count("\n") == 1
        and "192 declares 'FIDE_DOUBLE_SWISS', which tabellone does not pair by; using dutch 2026" in err
    )


def test_check_follows_the_code_and_takes_baku(tmp_path, capsys):
    path = _half_point_pab(tmp_path, "FIDE_DUTCH_2017")
    assert main(["check", path, "--json"]) in (0, 1)
    import json

    assert json.loads(capsys.readouterr().out)["edition"] == "2017"
    assert main(["check", path, "--baku", "--json"]) in (0, 1)
    out, err = capsys.readouterr()
    assert "with Baku acceleration, as the options ask" in err and json.loads(out)["edition"] == "2026"


def test_kd4_peer_file_is_paired_by_its_declared_2017_rules(capsys):
    """The KD-4 input declares 192 FIDE_DUTCH_2017; bbpPairings v5 (Dutch 2017) pairs its
    1-point bracket 5-8 6-2 7-10 9-16 17-14 18-15 (peers/SOURCES.md)."""
    path = str(shared_path("peers/fide-swiss-pairing-engine/kd-4-javafo-half-point-byes.trf"))
    expected = shared_path("peers/fide-swiss-pairing-engine/kd-4.bbp5-and-library.expected").read_text().split("\n")[1:]
    assert main(["pair", path, "--format", "bbp"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    boards = set(out.strip().split("\n")[1:])
    assert {ln.strip() for ln in expected if ln.strip()} <= boards


def test_rounds_and_initial_colour_for_a_federation_file(tmp_path, capsys):
    """Six players after round 1, written without XXR and XXC: refused, naming the
    option; with --rounds 5 paired as the file with XXR 5 is."""
    text = fixture_path("checker/six_after_r1.trf").read_text()
    bare = tmp_path / "bare.trf"
    bare.write_text("\n".join(ln for ln in text.splitlines() if not ln.startswith(("XXR", "XXC"))) + "\n")
    assert main(["pair", str(bare), "--format", "bbp"]) == 3
    assert "--rounds N" in capsys.readouterr().err
    assert main(["pair", str(bare), "--format", "bbp", "--rounds", "5"]) == 0
    got = capsys.readouterr().out
    assert main(["pair", str(fixture_path("checker/six_after_r1.trf")), "--format", "bbp"]) == 0
    assert got == capsys.readouterr().out
    assert main(["pair", str(fixture_path("checker/six_after_r1.trf")), "--rounds", "4"]) == 3
    assert "declares 5 rounds" in capsys.readouterr().err


def test_initial_colour_pairs_round_one(tmp_path, capsys):
    """Four players, no round played, no XXC: refused; --initial-colour black gives
    the top player Black on board 1 (Art. 5.2.5): 3-1 and 2-4."""
    rows = [trf_player_line(i, [], rating=str(2000 - i)) for i in range(1, 5)]
    path = tmp_path / "r1.trf"
    path.write_text("\n".join(["012 four", "XXR 3"] + rows) + "\n")
    assert main(["pair", str(path), "--format", "bbp"]) == 3
    assert "--initial-colour" in capsys.readouterr().err
    assert main(["pair", str(path), "--format", "bbp", "--initial-colour", "black"]) == 0
    assert capsys.readouterr().out.split("\n")[1:3] == ["3 1", "2 4"]


def test_pair_a_past_round_shows_the_full_board_list(capsys):
    """The Gacrux event, round 9: the rules' full list has the bye to 59 and the board
    74-71 (see test_checker_first_difference), and says the file is not changed."""
    path = str(shared_path("peers/caissify_pairings/gacrux_generated/misc_edge_case_3.trf"))
    assert main(["pair", path, "--round", "9"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round 9:") and "bye to 59" in out.split("\n")[0]
    assert "(the file's round is not changed)" in out
    assert main(["pair", path, "--round", "9", "--format", "bbp"]) == 0
    assert "74 71" in capsys.readouterr().out.split("\n")
