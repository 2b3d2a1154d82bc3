"""Profiles of the Burstein and Lim systems (tabellone/rules/profiles/burstein-*.toml, lim-2026.toml):
the official ones list the texts' criteria and pair as the engines do without them; a
reordered profile changes a round worked out by hand; bad profiles are refused clearly."""

from __future__ import annotations

import pytest
from burstein_checks import independent_check
from testkit import FIXTURES, pairer
from tournaments import field, game, merge

from tabellone.api import pair
from tabellone.cli import main
from tabellone.core.errors import InputError
from tabellone.core.history import cut_before
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import lim
from tabellone.rules.profiles import official, parse


def test_official_profiles_list_the_texts_criteria_in_order():
    ids = {
        name: [c.id for c in official(*name).criteria]
        for name in [("burstein", "2026"), ("burstein", "2025"), ("burstein", "legacy"), ("lim", "2026")]
    }
    assert ids[("burstein", "2026")] == ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8"]
    assert ids[("burstein", "2025")] == ["C.1", "C.2", "C.3", "C.4", "C.5", "C.6", "C.7", "C.8"]
    assert ids[("burstein", "legacy")] == ["3.1", "colours", "bye", "pairs", "floaters", "colour"]
    assert ids[("lim", "2026")] == ["2.1", "1.1", "2.6", "3.9", "4.4", "3.8", "3.2-3.4", "5.2"]
    assert [lv.name for lv in official("burstein", "2026").levels] == ["C5", "C6", "C7", "C8"]


COLOUR_FIRST = (FIXTURES / "burstein-colour-first.toml").read_text()


def test_colour_before_pairs_changes_a_round_as_worked_out_by_hand():
    """Four players, 3 rounds (1 seeding round). R1: 1-3 1-0, 2-4 1-0: 1 and 2 have a
    point and both want Black (they had White); 3 and 4 both want White.
    The text (C5 before C8): the 1-point bracket pairs 1-2 (C5: one pair), then 3-4;
    both pairs leave a player without his colour. 1 and 2 equal on Buchholz (0), SB (0):
    1 ranks higher and gets Black (5.2.5); 3 likewise gets White.
    With C8 first, colour clashes count over the round before pairs: 1-4 and 2-3 break
    no preference, so 1 and 2 float, and 4 and 3 take White."""
    t = field(4, [merge(game(1, 3, "1"), game(2, 4, "1"))], total=3)
    assert sorted(pair(t, "burstein").pairs) == [(2, 1), (3, 4)]
    assert sorted(pair(t, "burstein", profile="burstein-2026").pairs) == [(2, 1), (3, 4)]
    assert sorted(pair(t, "burstein", profile=parse(COLOUR_FIRST, "colour-first.toml")).pairs) == [(3, 2), (4, 1)]


@pytest.mark.parametrize(
    "system,edition,seed", [("burstein", "2026", 31), ("burstein", "legacy", 32), ("lim", "2026", 33)]
)
def test_the_official_profile_pairs_as_the_engine_does(system, edition, seed):
    s = GeneratorSettings(players=23, rounds=7, seed=seed, absence_rate=0.05, forfeit_rate=0.03, half_bye_rate=0.03)
    method = "optimised" if system == "lim" else None
    t = generate(s, pairer(system, edition, profile=f"{system}-{edition}"))
    for r in range(1, t.rounds_paired + 1):
        cut = cut_before(t, r)
        plain = pair(cut, system, edition, method=method)
        assert (sorted(plain.pairs), plain.bye) == (sorted(t_pairs(t, r)), t_bye(t, r)), f"round {r}"


def t_pairs(t, r):
    return [
        (p.id, p.entry(r).opponent) for p in t.players if p.entry(r).opponent is not None and p.entry(r).colour == "w"
    ]


def t_bye(t, r):
    return next((p.id for p in t.players if p.entry(r).result == "U"), None)


def _lim_profile(order: list[str], extra: str = "", dropped: str = "") -> str:
    head = f'system = "lim"\nedition = "2026"\n{dropped}\n'
    body = "".join(f'[[criteria]]\nid = "{c}"\n' for c in ["2.1", "1.1", "2.6", *order])
    return head + body + extra


def test_lim_profiles_reorder_within_a_stage_only():
    ok = parse(_lim_profile(["4.4", "3.9", "3.8", "3.2-3.4", "5.2"]), "within.toml")
    assert lim.profile_of(ok).name == "within"
    across = parse(_lim_profile(["3.9", "4.4", "3.8", "5.2", "3.2-3.4"]), "across.toml")
    with pytest.raises(InputError, match="later stage"):
        lim.profile_of(across)
    with pytest.raises(InputError, match="cannot be dropped"):
        parse(_lim_profile(["3.9", "3.8", "3.2-3.4", "5.2"], dropped='dropped = ["4.4"]'), "no44.toml")
    mixed = (
        _lim_profile(["3.9", "4.4", "3.8", "3.2-3.4", "5.2"])
        .replace('id = "3.2-3.4"\n', 'id = "3.2-3.4"\nlevel = "x"\n')
        .replace('id = "5.2"\n', 'id = "5.2"\nlevel = "x"\n')
    )
    with pytest.raises(InputError, match="cannot share level|different stages"):
        lim.profile_of(parse(mixed, "mixed.toml"))


def test_lim_without_colour_faults_is_still_legal():
    """A research profile: Lim without 5.2 and without the exchange order pairs legal
    rounds (checked from the file alone)."""
    text = _lim_profile(["3.9", "4.4", "3.8", "3.2-3.4"], dropped='dropped = ["5.2"]').replace(
        'edition = "2026"', 'edition = "2026"\ngeneration_order = false'
    )
    prof = parse(text, "lim-no-colours.toml")
    t = generate(GeneratorSettings(players=18, rounds=6, seed=41), pairer("lim", profile=prof))
    independent_check(t)
    with pytest.raises(InputError, match="literal method is the text itself"):
        pair(t, "lim", method="literal", profile=prof, round=3)


def test_profiles_on_the_command_line(tmp_path, capsys):
    prof = tmp_path / "colour-first.toml"
    prof.write_text(COLOUR_FIRST)
    out = tmp_path / "b.trf"
    assert (
        main(
            [
                "generate",
                "--system",
                "burstein",
                "--profile",
                str(prof),
                "--players",
                "12",
                "--rounds",
                "6",
                "--seed",
                "3",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert main(["check", str(out), "--system", "burstein", "--profile", str(prof)]) == 0
    assert "6 of 6 rounds as the rules pair them" in capsys.readouterr().out
    assert main(["pair", str(out), "--system", "lim", "--profile", "lim-2026", "--round", "6"]) == 0
    bad = tmp_path / "bad.toml"
    bad.write_text(COLOUR_FIRST.replace('[[criteria]]\nid = "C1"\n', ""))
    assert main(["pair", str(out), "--system", "burstein", "--profile", str(bad), "--round", "6"]) == 3
    assert "C1" in capsys.readouterr().err
