"""Profiles (tabellone.rules.profiles): a system's criteria as TOML data, the weights built from them.

What is checked, and against what:

* the official profiles reproduce the reference pairings of the corpus (bbpPairings), not
  merely our own engine's earlier output;
* variants change hand-made positions the way the variant predicts (both answers worked
  out by hand in the comments);
* switching the generation order off trades no criterion for candidate order: at the
  first bracket where the two pairings differ, every criterion has the same value;
* every shipped profile keeps its absolute criteria on generated events;
* every kind of bad profile is one line with file, line and reason, exit code 3.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from testkit import FIXTURES, REPO, SHARED, shared_available, texts, variant, write

import tabellone
from tabellone.cli import main
from tabellone.core.errors import InputError
from tabellone.core.history import cut_before
from tabellone.core.model import pairs_of_round
from tabellone.generate.tournament import GeneratorSettings, generate
from tabellone.rules import dutch, profiles
from tabellone.verify.conformance import check_file

COLOUR_VS_FLOAT = FIXTURES / "profile-colour-vs-float.trf"
COLOUR_VS_ORDER = FIXTURES / "profile-colour-vs-order.trf"
EXAMPLE = REPO / "examples" / "open-24-before-r6.trf"


def unordered(pairing) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairing.pairs}


# ---- the shipped profiles ----------------------------------------------------------------


def test_shipped_profiles_state_the_text_in_its_order():
    assert {"dutch-2026", "dutch-2017", "global", "colour-first"} <= set(profiles.shipped())
    p26 = profiles.resolve("dutch-2026")
    assert [c.id for c in p26.criteria] == [f"C{k}" for k in range(1, 22)]
    assert [c.id for c in p26.criteria if c.kind == "absolute"] == ["C1", "C2", "C3", "C4"]
    assert p26.procedure == "brackets" and p26.generation_order and p26.official
    p17 = profiles.resolve("dutch-2017")
    assert [c.id for c in p17.criteria] == [f"C.{k}" for k in range(1, 20)]
    g = profiles.resolve("global")
    assert g.procedure == "global" and [c.id for c in g.criteria if c.kind == "absolute"] == ["C1", "C2", "C3", "C4"]
    # the verifier's criteria are the profile's levels, in its order
    assert [a for a, _ in dutch.quality_criteria("2026", p26)] == [f"C{k}" for k in range(6, 22)]
    assert [a for a, _ in dutch.quality_criteria("2026", g)] == ["C9", "C10", "C11", "score-and-colour"]
    # the research profile colour-first: the 2026 text with C10-C13 moved above C6-C9
    cf = profiles.resolve("colour-first")
    assert not cf.official and cf.procedure == "brackets" and cf.dropped == ()
    assert [c.id for c in cf.criteria] == [
        "C1",
        "C2",
        "C3",
        "C4",
        "C5",
        "C10",
        "C11",
        "C12",
        "C13",
        "C6",
        "C7",
        "C8",
        "C9",
    ] + [f"C{k}" for k in range(14, 22)]
    assert [(c.id, c.kind) for c in sorted(cf.criteria, key=lambda c: int(c.id[1:]))] == [
        (c.id, c.kind) for c in p26.criteria
    ]


def _corpus(folder: str, names: list[str]):
    if not shared_available():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"shared corpus absent at {SHARED}"))]
    base = SHARED / "corpus" / folder
    return [pytest.param(base / n, id=n) for n in names if (base / n).is_file()]


@pytest.mark.parametrize(
    "path", _corpus("dutch-2026-dev", ["dutch-dev-8.trf", "dutch-dev-33.trf", "dutch-dev-193.trf"])
)
def test_official_profile_given_as_a_file_reproduces_the_reference(path, tmp_path):
    # the shipped profile copied to a file of the user's (not flagged official): the
    # engine reads everything from it and must still make bbpPairings' pairings
    copy = write(tmp_path, "mine.toml", variant("dutch-2026"))
    assert not profiles.load(copy).official
    result = check_file(path, "2026", profile=copy)
    assert result.rounds and all(r.identical for r in result.rounds), [
        r.detail for r in result.rounds if not r.identical
    ]


@pytest.mark.parametrize("path", _corpus("dutch-2017-dev", ["dutch2017-dev-2001.trf", "dutch2017-dev-2015.trf"]))
def test_official_2017_profile_reproduces_the_reference(path):
    result = check_file(path, "2017", profile="dutch-2017")
    assert result.rounds and all(r.identical for r in result.rounds), [
        r.detail for r in result.rounds if not r.identical
    ]


# ---- variants on hand-made positions -----------------------------------------------------


def test_colour_criteria_above_floats_change_the_pairing_as_predicted(tmp_path):
    # Round 2, four players. 1 and 2 won with Black (1 point, strong preference for
    # White); 3 and 4 lost with White (0 points, strong preference for Black); 1 has met
    # 3, 2 has met 4.
    # Floats first (the text): C6 pairs the 1-point bracket inside: 1-2 and 3-4, each
    # pair breaking C12 and C13 (both want the same colour).
    # Colours first (C10-C13 above C6): in the 1-point bracket, pairing 1-2 breaks C12;
    # floating both breaks nothing there, so both float; the 0-point bracket then pairs
    # 1-4 and 2-3 (1-3 and 2-4 are rematches), every colour preference met.
    t = tabellone.read(COLOUR_VS_FLOAT)
    official = tabellone.pair(t)
    assert unordered(official) == {frozenset({1, 2}), frozenset({3, 4})}
    colour_first = write(tmp_path, "colour-first.toml", variant(first=("C10", "C11", "C12", "C13")))
    got = tabellone.pair(t, profile=str(colour_first))
    assert unordered(got) == {frozenset({1, 4}), frozenset({2, 3})}
    assert set(got.pairs) == {(1, 4), (2, 3)}  # 1 and 2 get White, 3 and 4 Black, as they want
    # the shipped research profile of that name is this reordering: the same answer
    assert set(tabellone.pair(t, profile="colour-first").pairs) == {(1, 4), (2, 3)}
    # the verifier, told the profile, names the first criterion in the profile's order
    report = tabellone.check(t, pairing=official, profile=str(colour_first))
    assert report.rounds[0].first_difference.startswith(
        "C12 colour preferences not met: yours 1 [1 (Alpha, Anna), 2 (Bravo, Ben)], the rules allow 0"
    )
    # without the profile, the official pairing is the rules' own
    assert tabellone.check(t, pairing=official).ok


def test_dropping_the_colour_preference_criteria_leaves_the_candidate_order(tmp_path):
    # Round 2, four players on half a point after two draws: 1 (White) - 2 and 3 (White)
    # - 4, so 1 and 3 want Black, 2 and 4 want White (strong). One bracket: S1 = {1, 2},
    # S2 = {3, 4}.
    # The text: the first candidate 1-3, 2-4 breaks C12 and C13 twice; the transposition
    # 1-4, 2-3 meets every preference, so the rules pair 1-4, 2-3.
    # Without C12 and C13 nothing tells the candidates apart and the first one generated
    # stands: 1-3 and 2-4; colours by Art. 5.2, the higher-ranked player getting the
    # preference: 3 White against 1, 2 White against 4.
    t = tabellone.read(COLOUR_VS_ORDER)
    assert set(tabellone.pair(t).pairs) == {(4, 1), (2, 3)}
    dropped = write(tmp_path, "no-colour-pref.toml", variant(drop=("C12", "C13")))
    p = profiles.load(dropped)
    assert p.dropped == ("C12", "C13") and p.kind("C12") is None
    assert set(tabellone.pair(t, profile=str(dropped)).pairs) == {(3, 1), (2, 4)}
    # the same variant built in code from the official profile (profiles.drop)
    built = profiles.drop(profiles.official("dutch", "2026"), "C12", "C13")
    assert built.name == "drop-C12-C13" and built.dropped == ("C12", "C13") and not built.official
    assert [lv.name for lv in built.levels] == [lv.name for lv in p.levels]
    assert set(tabellone.pair(t, profile=built).pairs) == {(3, 1), (2, 4)}
    # C14 (resident downfloaters who downfloated the round before): nobody floated in
    # round 1 of this position, so dropping it leaves the rules' own pairing
    assert set(tabellone.pair(t, profile=profiles.drop(profiles.official("dutch", "2026"), "C14")).pairs) == {
        (4, 1),
        (2, 3),
    }


@pytest.mark.parametrize("name", ["dutch-2026", "dutch-2017", "global", "colour-first"])
def test_a_profile_written_out_reads_back_the_same(name, tmp_path):
    # profiles.dumps writes the format that load reads: every key survives the trip
    p = profiles.resolve(name)
    back = profiles.load(write(tmp_path, f"{name}.toml", profiles.dumps(p)))

    def fields(q):
        return (
            q.name,
            q.title,
            q.system,
            q.edition,
            q.procedure,
            q.generation_order,
            q.official,
            q.dropped,
            q.levels,
            [(c.id, c.kind, c.article, c.level, c.weight, c.scale) for c in q.criteria],
        )

    assert fields(back) == fields(p)


def test_drop_refuses_what_a_file_may_not_drop():
    official = profiles.official("dutch", "2026")
    text = profiles.dumps(profiles.drop(official, "C21"))
    assert 'dropped = ["C21"]' in text and 'id = "C21"' not in text and "official = false" in text
    for cid, reason in (("C5", "cannot be dropped"), ("C4", "cannot be dropped"), ("C99", "not among the criteria")):
        with pytest.raises(InputError, match=reason):
            profiles.drop(official, cid)


def test_a_weighted_level_of_colour_and_floats(tmp_path):
    # The 4-player position of the colour-first test with C6 and C12 in one level: C6
    # counts the pairs made in the bracket, C12 the pairs meeting colour preferences.
    # In the 1-point bracket, pairing 1-2 gains C6 (+1 x w6) and breaks C12 (its field
    # loses 1 x w12): with w12 = 3 > w6 = 1 floating both wins, with w6 = 3 > w12 = 1
    # pairing 1-2 wins.
    t = tabellone.read(COLOUR_VS_FLOAT)
    for w6, w12, expected in (
        (1, 3, {frozenset({1, 4}), frozenset({2, 3})}),
        (3, 1, {frozenset({1, 2}), frozenset({3, 4})}),
    ):
        text = variant(
            first=("C6", "C12"),
            extra={"C6": f'level = "mix"\nweight = {w6}\n', "C12": f'level = "mix"\nweight = {w12}\n'},
        )
        path = write(tmp_path, f"mix-{w6}-{w12}.toml", text)
        assert [lv.name for lv in profiles.load(path).levels][0] == "mix"
        assert unordered(tabellone.pair(t, profile=str(path))) == expected


def test_global_profile_on_hand_made_positions(tmp_path):
    # Colour-vs-float position, global profile: cost = 4 x SD (half points) + C12 + 2 x C13.
    # {1-2, 3-4}: no score difference, each pair breaks C12 and C13: 2 x 3 = 6.
    # {1-4, 2-3}: each pair 1 point = 2 half points apart, colours met: 2 x 8 = 16.
    t = tabellone.read(COLOUR_VS_FLOAT)
    assert unordered(tabellone.pair(t, profile="global")) == {frozenset({1, 2}), frozenset({3, 4})}
    # colour-heavy weights (SD 1, C12 5): {1-2, 3-4} costs 2 x (5 + 2) = 14, {1-4, 2-3} 2 x 2 = 4
    heavy = profiles.shipped()["global"].read_text(encoding="utf-8")
    heavy = heavy.replace(
        'id = "C12"\nkind = "quality"\nlevel = "score-and-colour"\nweight = 1',
        'id = "C12"\nkind = "quality"\nlevel = "score-and-colour"\nweight = 5',
    )
    heavy = heavy.replace("weight = 4", "weight = 1")
    assert profiles.parse(heavy).levels[-1].members == (("SD", 1), ("C12", 5), ("C13", 2))
    path = write(tmp_path, "colour-heavy.toml", heavy)
    assert unordered(tabellone.pair(t, profile=str(path))) == {frozenset({1, 4}), frozenset({2, 3})}
    # round 1 (22 present): equal scores, no colours: ties broken as Art. 3 pairs S1 with
    # S2, k against k + 11 in the pairing order: the round as the file records it
    full = tabellone.read(EXAMPLE)
    assert unordered(tabellone.pair(cut_before(full, 1), profile="global")) == unordered(
        tabellone.recorded_pairing(full, 1)
    )


def test_global_profile_gives_the_bye_to_the_lowest_eligible_score():
    t = tabellone.read(EXAMPLE)  # 23 to pair in round 6
    p = tabellone.pair(t, profile="global")
    state = t.state_before(6)
    eligible = [s for s in state if s.present and not s.won_without_playing]
    assert p.bye is not None and state[p.bye].pairing_score == min(s.pairing_score for s in eligible)


def test_generation_order_off_trades_no_criterion(tmp_path):
    # Without the text's candidate order the engine returns any optimum of the criteria.
    # Both pairings go bracket by bracket from the top: as long as a bracket holds the
    # same players in both, every criterion must have the same value there. Once the
    # text's order picks other (equally good) downfloaters, the brackets below hold
    # other players and may differ either way.
    off = profiles.load(write(tmp_path, "no-order.toml", variant(header={"generation_order": "false"})))
    files = [EXAMPLE, COLOUR_VS_ORDER, COLOUR_VS_FLOAT]
    if shared_available():
        files += [
            SHARED / "corpus" / "dutch-2026-dev" / n
            for n in ("dutch-dev-15.trf", "dutch-dev-44.trf", "dutch-dev-246.trf")
        ]
    compared = differing = 0
    for path in files:
        if not path.is_file():
            continue
        t = tabellone.read(path)
        for r in range(1, t.rounds_paired + 2 if t.rounds_paired < (t.total_rounds or 0) else t.rounds_paired + 1):
            before = cut_before(t, r) if r <= t.rounds_paired else t
            a, b = dutch.pair_round(before, "2026"), dutch.pair_round(before, "2026", profile=off)
            (ra, ba), (rb, bb) = dutch.evaluate(before, a, "2026"), dutch.evaluate(before, b, "2026")
            assert ra == rb
            compared += 1
            differing += unordered(a) != unordered(b)
            for x, y in zip(ba, bb):
                if sorted(x.players) != sorted(y.players):
                    break  # the bracket above chose other (equally good) downfloaters
                assert x.values == y.values, f"{path.name} round {r}, {x.score}-point bracket"
    assert compared >= 5 and differing >= 1  # the switch does change pairings


# ---- legality on generated events --------------------------------------------------------


def _relaxed_c3(tmp_path: Path) -> Path:
    text = variant(extra={})
    text = text.replace('id = "C3"\nkind = "absolute"', 'id = "C3"\nkind = "quality"')
    # a quality C3 must follow C5: move its entry right after C5
    head, *entries = text.split("[[criteria]]")
    c3 = next(e for e in entries if 'id = "C3"' in e)
    entries.remove(c3)
    at = next(k for k, e in enumerate(entries) if 'id = "C5"' in e) + 1
    entries.insert(at, c3)
    return write(tmp_path, "c3-penalised.toml", head + "".join("[[criteria]]" + e for e in entries))


@pytest.mark.parametrize("name", ["dutch-2026", "dutch-2017", "global", "colour-first", "c3-penalised", "no-order"])
def test_every_profile_keeps_its_absolute_criteria_on_generated_events(name, tmp_path):
    if name == "c3-penalised":
        profile = profiles.load(_relaxed_c3(tmp_path))
        assert profile.is_relaxed("C3") and [lv.name for lv in profile.levels][0] == "C3"
    elif name == "no-order":
        profile = profiles.load(write(tmp_path, "no-order.toml", variant(header={"generation_order": "false"})))
    else:
        profile = profiles.resolve(name)
    for seed in (1, 2):
        settings = GeneratorSettings(players=13 + seed, rounds=6, seed=seed, absence_rate=0.05, forfeit_rate=0.03)
        t = generate(settings, lambda t: (lambda p: (p.pairs, p.bye))(tabellone.pair(t, profile=profile)))
        met: set[frozenset[int]] = set()
        byes: list[int] = []
        for r in range(1, t.rounds_paired + 1):
            pairs, pab = pairs_of_round(t, r)
            for w, b in pairs:  # C1, counted independently from the file
                assert frozenset((w, b)) not in met, f"seed {seed} round {r}: {w}-{b} meet again"
                if t.player(w).entry(r).result not in "+-":  # a forfeit is no meeting (C.04.2 3.5)
                    met.add(frozenset((w, b)))
            byes += pab
            if profile.is_absolute("C3") or profile.is_absolute("C.3"):
                official = texts(dutch.violations(cut_before(t, r), tabellone.recorded_pairing(t, r), profile.edition))
                assert not [m for m in official if m.startswith(("C3", "C.3"))]
        assert len(byes) == len(set(byes)), f"seed {seed}: a second pairing-allocated bye"


def test_a_penalised_c3_is_not_checked_as_absolute(tmp_path):
    profile = profiles.load(_relaxed_c3(tmp_path))
    assert not profile.is_absolute("C3")
    assert profiles.resolve("dutch-2026").is_absolute("C3")


# ---- bad profiles ------------------------------------------------------------------------


def _bad(tmp_path: Path, name: str, text: str) -> tuple[str, int]:
    path = write(tmp_path, name, text)
    with pytest.raises(InputError) as err:
        profiles.load(path)
    return str(err.value), err.value.line


def _line_of(text: str, needle: str) -> int:
    return text.splitlines().index(needle) + 1


BAD = [
    ("unknown criterion", lambda t: t.replace('id = "C12"', 'id = "C99"'), 'id = "C99"', "unknown criterion 'C99'"),
    ("duplicate", lambda t: t.replace('id = "C12"', 'id = "C11"'), None, "C11 is listed twice"),
    (
        "other system's criterion",
        lambda t: t.replace('id = "C12"', 'id = "C.10"'),
        'id = "C.10"',
        "C.10 is a criterion of dutch 2017",
    ),
    (
        "weight out of range",
        lambda t: t.replace('id = "C12"\nkind = "quality"', 'id = "C12"\nkind = "quality"\nweight = 0'),
        "weight = 0",
        "weight must be a whole number from 1 to",
    ),
    (
        "absolute made quality",
        lambda t: t.replace('id = "C2"\nkind = "absolute"', 'id = "C2"\nkind = "quality"'),
        'kind = "quality"',
        "C2 (no PAB",
    ),
    (
        "unknown key",
        lambda t: t.replace('id = "C12"', 'id = "C12"\npriority = 3'),
        "priority = 3",
        "unknown key 'priority'",
    ),
    ("not TOML", lambda t: t.replace('id = "C12"', "id = C12"), "id = C12", "not valid TOML"),
    (
        "scores criterion in a weighted level",
        lambda t: t.replace('id = "C7"', 'id = "C7"\nlevel = "x"').replace('id = "C9"', 'id = "C9"\nlevel = "x"'),
        'level = "x"',
        "C7 is compared score by score",
    ),
]


@pytest.mark.parametrize("case, edit, needle, reason", BAD, ids=[b[0] for b in BAD])
def test_bad_profile_is_one_line_with_file_line_and_reason(case, edit, needle, reason, tmp_path):
    base = profiles.shipped()["dutch-2026"].read_text(encoding="utf-8")
    text = edit(base)
    assert text != base
    message, line = _bad(tmp_path, "bad.toml", text)
    assert reason in message and "bad.toml" in message
    if needle is not None:
        assert line == _line_of(text, needle), message
    else:
        assert line == text.splitlines().index('id = "C11"', text.splitlines().index('id = "C11"') + 1) + 1
    # the command line: one line on stderr, exit 3, no traceback
    got = subprocess.run(
        [sys.executable, "-m", "tabellone", "pair", str(EXAMPLE), "--profile", str(tmp_path / "bad.toml")],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert got.returncode == 3 and got.stdout == ""
    assert got.stderr.count("\n") == 1 and f"bad.toml:{line}:" in got.stderr and "Traceback" not in got.stderr


def test_an_absolute_criterion_dropped_without_saying_so(tmp_path):
    base = profiles.shipped()["dutch-2026"].read_text(encoding="utf-8")
    head, *entries = base.split("[[criteria]]")
    text = head + "".join("[[criteria]]" + e for e in entries if 'id = "C3"' not in e)
    message, line = _bad(tmp_path, "silent.toml", text)
    assert "C3" in message and "neither lists nor drops" in message
    assert line == _line_of(text, 'id = "C4"')  # the entry that follows where C3 belongs
    # said explicitly, it is accepted: C3 is then no constraint at all
    ok = profiles.load(write(tmp_path, "said.toml", variant(drop=("C3",))))
    assert ok.kind("C3") is None and not ok.is_absolute("C3")


def test_completion_criteria_stay_first(tmp_path):
    text = variant()
    head, *entries = text.split("[[criteria]]")
    c6 = next(e for e in entries if 'id = "C6"' in e)
    entries.remove(c6)
    entries.insert(4, c6)  # C6 before C5
    bad = head + "".join("[[criteria]]" + e for e in entries)
    message, line = _bad(tmp_path, "c5.toml", bad)
    assert "C5" in message and "must be the first quality criterion" in message
    assert line == _line_of(bad, 'id = "C5"')


def test_a_profile_of_another_edition_or_system_is_refused(tmp_path):
    t = tabellone.read(EXAMPLE)
    with pytest.raises(InputError, match="for edition 2017, not 2026"):
        tabellone.pair(t, edition="2026", profile="dutch-2017")
    with pytest.raises(InputError, match="is for the dutch system, not dubov"):
        tabellone.pair(t, system="dubov", profile="global")
    assert main(["pair", str(EXAMPLE), "--system", "dubov", "--profile", "dutch-2026"]) == 3
    assert main(["pair", str(EXAMPLE), "--profile", "no-such-profile"]) == 3


# ---- the command line ----------------------------------------------------------------------


def test_cli_pair_check_explain_generate_take_a_profile(tmp_path, capsys):
    assert main(["pair", str(EXAMPLE), "--profile", "global", "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert '"system": "FIDE Dutch 2026, profile global"' in out
    # check against the profile's pairing: the recorded rounds are Dutch ones
    code = main(["check", str(EXAMPLE), "--profile", "global", "--round", "2"])
    out = capsys.readouterr().out
    assert out.startswith("profile global (") and "C9, C10, C11, score-and-colour" in out
    assert code in (0, 1)
    p = tabellone.pair(tabellone.read(EXAMPLE), profile="global")
    w, b = p.pairs[0]
    assert main(["explain", str(EXAMPLE), "--profile", "global", "--pair", str(w), str(b)]) == 0
    assert capsys.readouterr().out.startswith("round 6:")
    out_file = tmp_path / "g.trf"
    assert (
        main(
            ["generate", "--players", "11", "--rounds", "4", "--seed", "3", "--profile", "global", "-o", str(out_file)]
        )
        == 0
    )
    assert tabellone.read(out_file).rounds_paired == 4
    bad = write(tmp_path, "bad.toml", "system = 'dutch'\n")
    assert (
        main(
            [
                "generate",
                "--players",
                "11",
                "--rounds",
                "4",
                "--seed",
                "3",
                "--profile",
                str(bad),
                "-o",
                str(tmp_path / "x.trf"),
            ]
        )
        == 3
    )
    assert not (tmp_path / "x.trf").exists()


def test_random_variants_never_break_absolute_criteria(tmp_path):
    # reorder the quality criteria at random: whatever the order, the pairing is legal
    rng = random.Random(7)
    t = tabellone.read(EXAMPLE)
    quality = [f"C{k}" for k in range(6, 22)]
    for k in range(4):
        rng.shuffle(quality)
        path = write(tmp_path, f"shuffled-{k}.toml", variant(first=tuple(quality)))
        p = tabellone.pair(t, profile=str(path))  # api.pair checks the absolute criteria
        assert dutch.violations(t, p, "2026") == []
        assert len(p.pairs) == 11 and p.bye is not None


def test_the_annotated_example_of_the_docs_is_a_valid_profile():
    doc = (REPO / "docs" / "profiles.md").read_text(encoding="utf-8")
    example = re.search(r"```toml\n(.*?)```", doc, re.S).group(1)
    # the example lists the start and says "every other criterion of the text": add those
    listed = set(re.findall(r'(?m)^id = "(.*?)"', example))
    dropped = set(re.findall(r'"(C\d+)"', re.search(r"(?m)^dropped = \[(.*?)\]", example).group(1)))
    rest = [c for c in (f"C{k}" for k in range(1, 22)) if c not in listed | dropped]
    text = example + "".join(f'\n[[criteria]]\nid = "{c}"\n' for c in rest)
    p = profiles.parse(text, "docs/profiles.md")
    assert [lv.name for lv in p.levels][:3] == ["C12", "C13", "C6"]
    assert p.dropped == ("C16", "C17")
    assert tabellone.pair(tabellone.read(COLOUR_VS_FLOAT), profile=p).pairs  # it pairs
