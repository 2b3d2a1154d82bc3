"""Dubov 2026 as a profile (tabellone/rules/profiles/dubov-2026.toml, tabellone/rules/dubov/profile.py).

What is checked, and against what:

* the official profile is the text: given or not, as a name or as a user's copy of the
  file, it pairs as the engine always has (the hand-worked examples of tests/rules/dubov/test_dubov.py
  hold through it) on generated events, both methods;
* a variant changes a hand-made position the way its criteria predict (worked by hand
  below, from the 2026 text);
* bad profiles are one line with file, line and reason; the 1997 edition has none.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from testkit import FIXTURES

import tabellone
from tabellone.cli import main
from tabellone.core.errors import InputError, NoPairingError
from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import dubov, profiles

COLOUR = FIXTURES / "dubov-profile-colour.trf"


def variant(
    *,
    drop: tuple[str, ...] = (),
    last: tuple[str, ...] = (),
    first: tuple[str, ...] = (),
    header: dict[str, str] | None = None,
) -> str:
    """The official Dubov 2026 profile as a research variant: criteria ``drop`` left out
    (and named in ``dropped``), ``first`` moved right after C4 (completion), ``last`` to
    the end, header keys replaced."""
    text = profiles.shipped()["dubov-2026"].read_text(encoding="utf-8")
    head, *entries = text.split("[[criteria]]")
    ids = [re.search(r'id = "(.*?)"', e).group(1) for e in entries]
    by_id = dict(zip(ids, entries))
    order = [i for i in ids if i not in drop and i not in last and i not in first] + list(last)
    order[order.index("C4") + 1 : order.index("C4") + 1] = list(first)
    head = re.sub(r"(?m)^official = true.*$", "official = false", head)
    for key, value in (header or {}).items():
        head = re.sub(rf"(?m)^{key} = .*$", f"{key} = {value}", head)
    if drop:
        head += "dropped = [" + ", ".join(f'"{d}"' for d in drop) + "]\n"
    return head + "".join("[[criteria]]" + by_id[i].rstrip("\n") + "\n\n" for i in order)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_official_profile_lists_the_criteria_of_the_text_in_order():
    p = profiles.resolve("dubov-2026")
    assert p.official and p.system == "dubov" and p.edition == "2026" and p.generation_order
    assert [c.id for c in p.criteria] == ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10", "ARO"]
    assert [c.id for c in p.criteria if c.kind == "absolute"] == ["C1", "C2", "C3", "C4"]
    assert all(f"({c.id}, Art. " in c.article or c.id == "ARO" for c in p.criteria)


# ---- a hand-made position --------------------------------------------------------------
#
# dubov-profile-colour.trf: 8 players, ratings 2400 (1) down to 2050 (8), 5 rounds,
# round 1 played with White to 1: 1-5 1-0, 6-2 1-0, 3-7 draw, 8-4 0-1. Round 2:
#
#   1 point: 1 (prefers Black), 4 (White), 6 (Black)      -- three: one upfloater
#   0.5:     3 (Black), 7 (White)
#   0:       2 (White), 5 (White), 8 (Black)
#
# The text: C5 one upfloater; C6 from the 0.5 group; C7: with 7 (White) every pair gets
# its colours, with 3 (Black) one pair of Black seekers does not, so 7 goes up (Art. 4.2
# would take 3 first). G1 = {4, 7} in ARO order (4 met 8: 2050; 7 met 3: 2300), G2 =
# {1, 6}: 4-1, 7-6. Then 3 alone: 2 goes up (first in 4.2 order, prefers White): 2-3;
# 5-8.
#
# Without C7: the upfloater is the first of Art. 4.2, 3. G1 = {4}, G2 = {1, 3, 6}: one
# Black seeker shifts, by Art. 4.3 the middle one of 1, 3, 6: 3 (it forms a pair inside
# G2). ARO: rows 4 (2050) and 3 (met 7: 2100) against 1 (2400) and 6 (2150), lowest ARO
# with highest rating: 4-1, 3-6 (both want Black, equal strength, same colours before:
# Art. 5.2.5 gives 6, higher ranked, Black). Then 7 alone: 2 goes up (first by 4.2; C7
# is gone): 7-2 (both want White; 5.2.5: 7 ranks higher). 5-8.

TEXT = [(4, 1), (7, 6), (2, 3), (5, 8)]
WITHOUT_C7 = [(4, 1), (3, 6), (7, 2), (5, 8)]


def test_the_text_on_the_hand_made_position():
    t = tabellone.read(COLOUR)
    for method in dubov.METHODS:
        assert dubov.pair_round(t, "2026", method=method).pairs == TEXT
        assert dubov.pair_round(t, "2026", method=method, profile="dubov-2026").pairs == TEXT


def test_dropping_c7_takes_the_first_upfloater_and_shifts_as_predicted(tmp_path):
    path = write(tmp_path, "no-c7.toml", variant(drop=("C7",)))
    t = tabellone.read(COLOUR)
    p = tabellone.pair(t, system="dubov", profile=str(path))
    assert p.pairs == WITHOUT_C7
    # the verifier reads the profile's criteria: no C7, the shifts before ARO
    names = [a for a, _ in dubov.quality_criteria("2026", str(path))]
    assert "C7" not in names and names.index("2026 3.2.4") < names.index("ARO") < names.index("2026 3.2.6")


def test_ranking_c7_last_changes_nothing_in_round_2(tmp_path):
    # C8-C10 read upfloat history, of which round 2 has none: moving C7 below them
    # (and below ARO) leaves the text's pairing
    path = write(tmp_path, "c7-last.toml", variant(last=("C7",)))
    assert tabellone.pair(tabellone.read(COLOUR), system="dubov", profile=str(path)).pairs == TEXT


def test_a_variant_refuses_the_literal_method(tmp_path):
    path = write(tmp_path, "no-c7.toml", variant(drop=("C7",)))
    with pytest.raises(InputError, match="profiles vary the optimised method"):
        tabellone.pair(tabellone.read(COLOUR), system="dubov", method="literal", profile=str(path))


# ---- the official profile reproduces the engine ------------------------------------------


def _events(k: int, seed: int):
    rng = random.Random(seed)
    for e in range(k):
        players = rng.randint(7, 40)
        rounds = min(rng.randint(4, 8), players - 1)
        s = GeneratorSettings(players=players, rounds=rounds, seed=seed * 100 + e, absence_rate=0.03, forfeit_rate=0.02)
        try:
            yield generate(s, lambda t: (lambda p: (p.pairs, p.bye))(dubov.pair_round(t, "2026")))
        except NoPairingError:
            continue


def test_the_official_profile_as_a_user_file_pairs_as_the_text(tmp_path):
    # a user's copy of the official profile (not flagged official: it runs through the
    # optimiser's profile path, with every weight read from the file) pairs as the
    # optimiser with no profile, and the official name as the literal method
    copy = write(tmp_path, "mine.toml", variant())
    assert not profiles.load(copy).official
    rounds = 0
    for t in _events(4, 11):
        for r in range(1, t.rounds_paired + 1):
            cut = cut_before(t, r)
            try:
                opt = dubov.pair_round(cut, "2026", r, method="optimised")
                lit = dubov.pair_round(cut, "2026", r)
            except NoPairingError:
                continue
            assert dubov.pair_round(cut, "2026", r, profile=str(copy)).pairs == opt.pairs
            assert dubov.pair_round(cut, "2026", r, profile="dubov-2026").pairs == lit.pairs
            rounds += 1
    assert rounds > 10


def test_generation_order_off_and_c1_penalised_stay_legal(tmp_path):
    loose = write(tmp_path, "loose.toml", variant(header={"generation_order": "false"}))
    # C1 as the first quality criterion: a rematch is allowed but costs more than anything
    penal = variant(first=("C1",)).replace('id = "C1"\nkind = "absolute"', 'id = "C1"\nkind = "quality"')
    penal_path = write(tmp_path, "penal.toml", penal)
    assert profiles.load(penal_path).is_relaxed("C1")
    rounds = 0
    for t in _events(2, 5):
        for r in range(2, t.rounds_paired + 1):
            cut = cut_before(t, r)
            size = len(cut.state_before(r).to_pair)
            for path in (loose, penal_path):
                p = tabellone.pair(cut, system="dubov", profile=str(path))  # checks the profile's absolute criteria
                assert 2 * len(p.pairs) + (p.bye is not None) == size
            # whenever the text pairs the round without a rematch, so does the penalised C1
            text = dubov.pair_round(cut, "2026", r, method="optimised")
            penalised = tabellone.pair(cut, system="dubov", profile=str(penal_path))
            before = cut.state_before(r)
            assert all(before.may_meet(w, b) for w, b in text.pairs)
            assert all(before.may_meet(w, b) for w, b in penalised.pairs)
            rounds += 1
    assert rounds > 4


# ---- bad profiles ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "edit, reason",
    [
        (lambda s: s.replace('id = "C9"', 'id = "C42"'), "unknown criterion 'C42' of dubov 2026"),
        (lambda s: s.replace('id = "C9"', 'id = "C12"'), "C12 is a criterion of dutch 2026, not of dubov 2026"),
        (lambda s: s.replace('id = "C9"', 'id = "C8"'), "C8 is listed twice"),
        (lambda s: s.replace('edition = "2026"', 'edition = "1997"'), "dubov has no edition '1997' with profiles"),
    ],
)
def test_a_bad_dubov_profile_is_one_line_with_file_line_and_reason(edit, reason, tmp_path, capsys):
    path = write(tmp_path, "bad.toml", edit(variant()))
    with pytest.raises(InputError) as exc:
        profiles.load(path)
    assert reason in str(exc.value) and exc.value.line is not None
    assert main(["pair", str(COLOUR), "--system", "dubov", "--profile", str(path)]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(path) in err[0] and reason in err[0]


def test_the_cli_takes_a_dubov_profile_on_every_command(tmp_path, capsys):
    path = write(tmp_path, "no-c7.toml", variant(drop=("C7",), header={"name": '"no-c7"'}))
    assert main(["pair", str(COLOUR), "--system", "dubov", "--profile", str(path), "--format", "json"]) == 0
    assert '"system": "FIDE Dubov 2026, profile no-c7"' in capsys.readouterr().out
    assert main(["explain", str(COLOUR), "--system", "dubov", "--profile", str(path), "--pair", "3", "6"]) == 0
    capsys.readouterr()
    out = tmp_path / "g.trf"
    assert (
        main(
            [
                "generate",
                "--system",
                "dubov",
                "--players",
                "9",
                "--rounds",
                "4",
                "--seed",
                "2",
                "--profile",
                str(path),
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert tabellone.read(out).rounds_paired == 4
    code = main(["check", str(out), "--system", "dubov", "--profile", str(path)])
    assert code == 0, capsys.readouterr().out


def test_simulate_plays_a_dubov_profile_as_an_arm(tmp_path, capsys):
    # the variant is an arm of its own next to the text, on the same events
    import json

    path = write(tmp_path, "no-c7.toml", variant(drop=("C7",), header={"name": '"no-c7"'}))
    summary = tmp_path / "s.json"
    assert (
        main(
            [
                "simulate",
                "--system",
                "dubov",
                "--profile",
                str(path),
                "--players",
                "10",
                "--rounds",
                "3",
                "--events",
                "2",
                "--seed",
                "4",
                "--workers",
                "1",
                "--summary-json",
                str(summary),
            ]
        )
        == 0
    )
    assert set(json.loads(summary.read_text())) == {"dubov-2026", "no-c7"}
