"""``tabellone simulate`` with the Burstein and Lim systems as arms beside the Dutch one:
the labels, legal events on the same players and luck, the seeding rounds of the Burstein
system equal to the Dutch arm's, a profile arm, and the command itself."""

from __future__ import annotations

import json

from burstein_checks import independent_check
from testkit import FIXTURES

from tabellone.cli import main
from tabellone.simulate import Simulation, parse_arms, run, summarise
from tabellone.simulate.events import draw_field, play_arm


def _sim(arms, **kw):
    base = dict(arms=arms, players=14, rounds=5, events=2, seed=3, rating_low=1500, rating_high=2300)
    base.update(kw)
    return Simulation(**base)


def test_burstein_lim_and_dutch_arms_play_legal_paired_events():
    arms = parse_arms(["burstein", "lim", "dutch", "burstein:legacy"])
    assert [a.label for a in arms] == ["burstein-2026", "lim-2026", "dutch-2026", "burstein-legacy"]
    sim = _sim(arms)
    players, strength = draw_field(sim, 1)
    played = {arm.label: play_arm(sim, 1, arm, players, strength)[0] for arm in arms}
    for t in played.values():
        assert t.rounds_paired == 5
        independent_check(t)
    # Burstein 2026 pairs its seeding rounds (min(5 // 2, 4) = 2) by the Dutch system; with
    # the same players and the same luck the first two rounds are the Dutch arm's
    for r in (1, 2):
        b = {(p.id, p.entry(r).opponent, p.entry(r).result) for p in played["burstein-2026"].players}
        d = {(p.id, p.entry(r).opponent, p.entry(r).result) for p in played["dutch-2026"].players}
        assert b == d, f"round {r}"
    # the earlier text pairs round 1 by its own rule (the upper half inside itself)
    top = played["burstein-legacy"].player(1).entry(1).opponent
    assert top == 7 and played["dutch-2026"].player(1).entry(1).opponent == 8


def test_a_burstein_profile_arm():
    """A profile arm pairs on the first system: here Burstein 2026 with C8 ranked above
    C5 (tests/rules/test_profiles_burstein_lim.py works a round of it by hand)."""
    path = FIXTURES / "burstein-colour-first.toml"
    arms = parse_arms(["burstein"], profiles=[str(path)])
    assert [(a.label, a.system, a.edition) for a in arms] == [
        ("burstein-2026", "burstein", "2026"),
        ("burstein-colour-first", "burstein", "2026"),
    ]
    rows = run(_sim(arms, events=1), workers=1)
    assert {row["arm"] for row in rows} == {"burstein-2026", "burstein-colour-first"}


def test_simulate_command_with_three_systems(tmp_path):
    summary = tmp_path / "s.json"
    assert (
        main(
            [
                "simulate",
                "--system",
                "burstein",
                "--system",
                "lim",
                "--system",
                "dutch",
                "--players",
                "12",
                "--rounds",
                "4",
                "--events",
                "2",
                "--seed",
                "5",
                "--workers",
                "1",
                "--summary-json",
                str(summary),
                "-q",
            ]
        )
        == 0
    )
    data = json.loads(summary.read_text())
    assert set(data) == {"burstein-2026", "lim-2026", "dutch-2026"}
    for label, metrics in data.items():
        assert 0.0 <= metrics["kendall_half"]["mean"] <= 1.0, label
    rows = run(_sim(parse_arms(["burstein", "lim"]), events=1), workers=1)
    assert set(summarise(rows, ["burstein-2026", "lim-2026"], timings=False)) == {"burstein-2026", "lim-2026"}
