"""Tables and plots of a simulation, for the notebooks (pandas and matplotlib).

Two views answer most questions:

* :func:`summary_table`: every arm's mean and 95 % confidence interval of some metrics;
* :func:`paired_differences`: each arm minus a baseline arm, event by event, then the
  mean difference and its interval. The events are the same for every arm
  (:mod:`.events`), so the differences cancel most of the luck of the draw and their
  intervals are much narrower than the arms' own: the right test of "is A better
  than B".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabellone.simulate.metrics import mean_ci95
from tabellone.simulate.runner import need


def summary_table(rows: Sequence[dict[str, Any]], metrics: Sequence[str], arms: Sequence[str] | None = None):
    """A DataFrame: one row per arm, for each metric a column ``metric`` (the mean)
    and ``metric ±`` (the 95 % half-width)."""
    pd = need("pandas", "summary tables")
    arms = list(arms) if arms is not None else list(dict.fromkeys(row["arm"] for row in rows))
    table = {}
    for arm in arms:
        mine = [row for row in rows if row["arm"] == arm]
        cells = {}
        for m in metrics:
            s = mean_ci95([row[m] for row in mine])
            cells[m] = s["mean"]
            cells[f"{m} ±"] = s["ci95"]
        table[arm] = cells
    return pd.DataFrame.from_dict(table, orient="index")


def paired_differences(
    rows: Sequence[dict[str, Any]], metric: str, baseline: str
) -> dict[str, dict[str, float | None]]:
    """For every arm but ``baseline``: the mean over events of (arm - baseline) on
    ``metric``, with its 95 % half-width (:func:`.metrics.mean_ci95`)."""
    by_event: dict[int, dict[str, float]] = {}
    for row in rows:
        by_event.setdefault(row["event"], {})[row["arm"]] = row[metric]
    arms = list(dict.fromkeys(row["arm"] for row in rows if row["arm"] != baseline))
    return {
        arm: mean_ci95([v[arm] - v[baseline] for v in by_event.values() if arm in v and baseline in v]) for arm in arms
    }


def plot_means(
    ax, rows: Sequence[dict[str, Any]], metric: str, title: str | None = None, arms: Sequence[str] | None = None
):
    """Bars of each arm's mean ``metric`` with 95 % error bars on ``ax``."""
    arms = list(arms) if arms is not None else list(dict.fromkeys(row["arm"] for row in rows))
    stats = [mean_ci95([row[metric] for row in rows if row["arm"] == arm]) for arm in arms]
    means = [s["mean"] for s in stats]
    errors = [s["ci95"] or 0.0 for s in stats]
    ax.bar(range(len(arms)), means, yerr=errors, capsize=4, color="#7a9cc6", edgecolor="#2b4a6f")
    ax.set_xticks(range(len(arms)), arms, rotation=20, ha="right")
    ax.set_ylabel(metric)
    ax.set_title(title or metric)
    return ax


def plot_differences(ax, rows: Sequence[dict[str, Any]], metric: str, baseline: str, title: str | None = None):
    """Each arm minus ``baseline`` on ``metric`` (paired by event), with 95 % intervals."""
    diffs = paired_differences(rows, metric, baseline)
    arms = list(diffs)
    means = [diffs[a]["mean"] for a in arms]
    errors = [diffs[a]["ci95"] or 0.0 for a in arms]
    ax.errorbar(means, range(len(arms)), xerr=errors, fmt="o", capsize=4, color="#2b4a6f")
    ax.axvline(0.0, color="grey", lw=1, ls="--")
    ax.set_yticks(range(len(arms)), arms)
    ax.set_xlabel(f"{metric}: arm - {baseline} (same events)")
    ax.set_title(title or f"{metric} against {baseline}")
    return ax


__all__ = ["paired_differences", "plot_differences", "plot_means", "summary_table"]
