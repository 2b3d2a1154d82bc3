"""The pairing commands end to end: generate, pair, check --pairing, and their errors."""

from __future__ import annotations

from solver.cli import main
from solver.trf import read_trf


def test_generate_then_check_every_round(tmp_path, capsys):
    out = tmp_path / "g.trf"
    assert main(["generate", "--players", "14", "--rounds", "5", "--seed", "9", "--absence-rate", "0.05", "-o", str(out)]) == 0
    t = read_trf(out)
    assert t.rounds_paired == 5 and len(t.players) == 14 and not t.score_mismatches()
    assert main(["--dutch", str(out), "-c"]) == 0
    assert capsys.readouterr().out.strip().endswith("5 of 5 rounds as the rules pair them")
    # the output exists now: generating again needs --force, and the file is untouched
    before = out.read_bytes()
    assert main(["generate", "--players", "14", "--rounds", "5", "--seed", "10", "-o", str(out)]) == 3
    assert out.read_bytes() == before


def test_check_a_proposed_round(tmp_path, capsys):
    path = tmp_path / "g.trf"
    assert main(["generate", "--players", "9", "--rounds", "3", "--seed", "4", "-o", str(path)]) == 0
    # pair round 3 of the event cut after round 2, and propose it back unchanged
    t = read_trf(path)
    from solver.history import cut_before
    from solver.trf import format_trf

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
    assert main(["pair", str(path), "--system", "lim"]) == 3
    assert "unknown pairing system 'lim'" in capsys.readouterr().err
    assert main(["pair", str(path), "--odd", "rest"]) == 3
    assert "no option --odd" in capsys.readouterr().err
    assert main(["pair", str(path), "--edition", "1992"]) == 3
