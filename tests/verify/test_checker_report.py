"""Items 3 and 8 of the arbiter's checker: a round the rules cannot pair is reported and
the check goes on (``check FILE``, ``--dutch FILE -c``), and ``check --json`` gives
fields, not prose.

The hand-made ``four_rematches.trf``: four players meet each other in rounds 1-3 (a
round robin), then rounds 4 and 5 repeat games. From the rounds before them, rounds 4
and 5 have no legal pairing (every pair has met), and the file's rounds break C1.
"""

from __future__ import annotations

import json

from testkit import fixture_path, shared_path

from tabellone.cli import main

FOUR = str(fixture_path("checker/four_rematches.trf"))
SIX = str(fixture_path("checker/six_after_r1.trf"))


def test_an_unpairable_round_does_not_stop_check(capsys):
    assert main(["check", FOUR, "--json"]) == 1
    rounds = json.loads(capsys.readouterr().out)["rounds"]
    assert [r["round"] for r in rounds] == [1, 2, 3, 4, 5]
    for r in rounds[3:]:
        assert r["status"] == "breaks" and r["unpairable"]
    # round 4 also gives 3 a third White (B W W) and 4 a third Black (W B B): C.04.1 Art. 7
    assert {a["article"] for a in rounds[3]["absolute"]} == {"C1", "C.04.1 Art. 7"}
    assert {a["article"] for a in rounds[4]["absolute"]} == {"C1"}
    c1 = [[sorted(a["players"]) for a in r["absolute"] if a["article"] == "C1"] for r in rounds[3:]]
    assert sorted(c1[0]) == [[1, 3], [2, 4]] and sorted(c1[1]) == [[1, 2], [3, 4]]
    assert sorted(a["players"] for a in rounds[3]["absolute"] if a["article"] == "C.04.1 Art. 7") == [[3], [4]]
    assert main(["check", FOUR]) == 1
    out = capsys.readouterr().out
    assert out.count("the rules find no legal pairing") == 2 and "1 of 5 rounds" in out


def test_an_unpairable_round_does_not_stop_the_bbp_check(capsys):
    assert main(["--dutch", FOUR, "-c"]) == 1
    out = capsys.readouterr().out
    assert "round 4: the rules find no legal pairing" in out and "round 5: the rules find no legal pairing" in out
    assert "1 of 5 rounds as the rules pair them" in out


def test_json_fields_of_a_colour_note(tmp_path, capsys):
    """Six players after round 1 (1 and 3 had White, 2 Black). Board 1-2 with 1 White:
    the rules give White to 2, both preferences granted (Art. 5.2.1)."""
    proposed = tmp_path / "r2.txt"
    proposed.write_text("3\n1 2\n4 3\n6 5\n")
    assert main(["check", SIX, "--round", "2", "--pairing", str(proposed), "--json"]) == 1
    (r,) = json.loads(capsys.readouterr().out)["rounds"]
    assert r["status"] == "differs" and r["first_difference"] is None
    assert r["colours"] == [
        {"board": [1, 2], "rules_white": 2, "article": "5.2.1", "text": "1-2: Art. 5.2.1 gives White to 2"}
    ]


def test_json_fields_of_a_first_difference(capsys):
    path = str(shared_path("peers/caissify_pairings/gacrux_generated/misc_edge_case_3.trf"))
    assert main(["check", path, "--round", "9", "--json"]) == 1
    (r,) = json.loads(capsys.readouterr().out)["rounds"]
    first = r["first_difference"]
    assert (first["article"], first["bracket"], first["yours"], first["rules"]) == ("C9", "2.0", 2, 0)
    assert first["criterion"] == "unplayed rounds of the PAB assignee"
    assert (r["bye_given"], r["bye_rules"]) == (71, 59)
