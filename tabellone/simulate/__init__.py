"""Simulating many tournaments to compare pairing systems: ``tabellone simulate``.

A simulation plays ``K`` random events, each under every *arm* (a pairing system, an
edition, a rule profile, or the random baseline) with the same players and the same
luck (:mod:`.events`), measures each finished event (:mod:`.metrics`: how well the final
ranking follows true strength, colour balance, floats, byes, time), and summarises every
metric per arm as a mean with a 95 % Student t interval (:mod:`.stats`), over the
events the arm finished (an event an arm cannot pair is recorded, not fatal). Events run in this process,
on local processes or on a Dask cluster (:mod:`.runner`) with identical results.

>>> from tabellone.simulate import Simulation, parse_arms, run, summarise
>>> sim = Simulation(arms=parse_arms(["dutch", "random"]), players=8, rounds=3, events=2, seed=1)
>>> rows = run(sim)
>>> [(row["event"], row["arm"]) for row in rows]
[(0, 'dutch-2026'), (0, 'random'), (1, 'dutch-2026'), (1, 'random')]
>>> summary = summarise(rows, ["dutch-2026", "random"])
>>> sorted(summary["dutch-2026"]["kendall_half"])
['ci95', 'mean', 'n', 'sd']

The simulation sits above the systems, beside the verifier and the event layer: it pairs
through :func:`tabellone.rules.dispatch.pair` (what :func:`tabellone.pair` is) and draws
events with the engine's random tournament generator
(:func:`tabellone.generate.tournament.generate`) and result models
(:mod:`tabellone.generate.result_models`).
"""

from tabellone.simulate.arms import Arm, parse_arms
from tabellone.simulate.events import TIMING_COLUMNS, Simulation, derived_seed, draw_field, play_event
from tabellone.simulate.metrics import METRICS, kendall_half, mean_ci95, spearman, tournament_metrics
from tabellone.simulate.runner import columns, run, summarise, to_dataframe, tournaments, write_table
from tabellone.simulate.stats import describe, paired, t_quantile

__all__ = [
    "Arm",
    "METRICS",
    "Simulation",
    "TIMING_COLUMNS",
    "columns",
    "derived_seed",
    "describe",
    "draw_field",
    "kendall_half",
    "mean_ci95",
    "paired",
    "parse_arms",
    "play_event",
    "run",
    "spearman",
    "summarise",
    "t_quantile",
    "to_dataframe",
    "tournament_metrics",
    "tournaments",
    "write_table",
]
