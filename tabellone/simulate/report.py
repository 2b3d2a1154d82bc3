"""Tables and plots of a simulation, for the notebooks (pandas and matplotlib).

Two views answer most questions:

* :func:`summary_table`: every arm's mean and 95 % confidence interval of some metrics;
* :func:`paired_differences`: each arm minus a baseline arm, event by event, then the
  mean difference and its interval. The events are the same for every arm
  (:mod:`.events`), so the differences cancel most of the luck of the draw and their
  intervals are much narrower than the arms' own: the right test of "is A better
  than B".

Every interval is a Student t interval over the events (:mod:`.stats`). When a notebook
compares ``m`` arms with a baseline, ``family=m`` widens each interval to the level
``1 - 0.05 / m`` (Bonferroni), so that all ``m`` intervals hold together with at least
95 % confidence, and :func:`verdicts` states a difference only where such an interval
excludes zero. :func:`header` is the first line every notebook prints: the tabellone
version, the seed and the number of events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabellone.simulate.metrics import mean_ci95
from tabellone.simulate.record import package_version
from tabellone.simulate.runner import need
from tabellone.simulate.stats import LEVEL, describe


def header(seed: int, events: int, what: str = "") -> str:
    """The first line of a notebook: version, seed and K (``what`` adds the set-up).

    >>> header(7, 30, "100 x 9").split(" | ")[1:]
    ['seed 7', 'K = 30 events per arm', '100 x 9']
    """
    parts = [f"tabellone {package_version()}", f"seed {seed}", f"K = {events} events per arm"]
    return " | ".join(parts + ([what] if what else []))


def family_level(family: int) -> float:
    """The level of each of ``family`` intervals that hold together at 95 % (Bonferroni)."""
    return 1.0 - (1.0 - LEVEL) / max(1, family)


def summary_table(rows: Sequence[dict[str, Any]], metrics: Sequence[str], arms: Sequence[str] | None = None):
    """A DataFrame: one row per arm, ``K`` the events it finished, and for each metric a
    column ``metric`` (the mean) and ``metric ±`` (the half-width of its 95 % t
    interval)."""
    pd = need("pandas", "summary tables")
    arms = list(arms) if arms is not None else list(dict.fromkeys(row["arm"] for row in rows))
    table = {}
    for arm in arms:
        mine = [row for row in rows if row["arm"] == arm and row.get("status", "ok") == "ok"]
        cells: dict[str, Any] = {"K": len(mine)}
        for m in metrics:
            s = mean_ci95([row[m] for row in mine])
            cells[m] = s["mean"]
            cells[f"{m} ±"] = s["ci95"]
        table[arm] = cells
    return pd.DataFrame.from_dict(table, orient="index")


def paired_differences(
    rows: Sequence[dict[str, Any]], metric: str, baseline: str, *, family: int = 1
) -> dict[str, dict[str, float | None]]:
    """For every arm but ``baseline``: the mean over events of (arm - baseline) on
    ``metric``, over the events both finished, with the half-width of its t interval
    (95 %, or the Bonferroni level of ``family`` comparisons), ``n`` and ``sd``."""
    by_event: dict[int, dict[str, float]] = {}
    for row in rows:
        if row.get("status", "ok") == "ok":
            by_event.setdefault(row["event"], {})[row["arm"]] = row[metric]
    arms = list(dict.fromkeys(row["arm"] for row in rows if row["arm"] != baseline))
    level = family_level(family)
    return {
        arm: describe([v[arm] - v[baseline] for v in by_event.values() if arm in v and baseline in v], level)
        for arm in arms
    }


def differences_table(rows: Sequence[dict[str, Any]], metrics: Sequence[str], baseline: str, *, family: int = 1):
    """A DataFrame: one row per arm but ``baseline``, ``K`` the paired events, and for
    each metric the mean paired difference and ``metric ±`` its half-width (at the
    Bonferroni level of ``family`` comparisons when ``family`` > 1)."""
    pd = need("pandas", "difference tables")
    cells: dict[str, dict[str, Any]] = {}
    for m in metrics:
        for arm, s in paired_differences(rows, m, baseline, family=family).items():
            cells.setdefault(arm, {"K": s["n"]})
            cells[arm][m] = s["mean"]
            cells[arm][f"{m} ±"] = s["ci95"]
    return pd.DataFrame.from_dict(cells, orient="index")


def verdicts(
    rows: Sequence[dict[str, Any]],
    metric: str,
    baseline: str,
    *,
    family: int = 1,
    lower_is_better: bool | None = True,
) -> list[str]:
    """One sentence per arm on ``metric`` against ``baseline``: the paired difference
    with its interval, and a direction only where the interval excludes zero (better or
    worse, or with ``lower_is_better=None`` just lower or higher)."""
    level = family_level(family)
    out = []
    for arm, s in paired_differences(rows, metric, baseline, family=family).items():
        if s["mean"] is None or s["ci95"] is None:
            out.append(f"{arm}: too few paired events for an interval on {metric}")
            continue
        m, h = s["mean"], s["ci95"]
        text = f"{arm} - {baseline} on {metric}: {m:+.4f} +- {h:.4f} ({level:.1%} interval, K = {s['n']}): "
        if m - h > 0 or m + h < 0:
            if lower_is_better is None:
                word = "lower" if m < 0 else "higher"
            else:
                word = "better" if (m < 0) == lower_is_better else "worse"
            text += f"{word} than {baseline} (the interval excludes 0)"
        elif h == 0:
            text += f"the same as {baseline} on every event"
        else:
            text += "no difference this run can tell from 0"
        out.append(text)
    return out


def plot_means(
    ax, rows: Sequence[dict[str, Any]], metric: str, title: str | None = None, arms: Sequence[str] | None = None
):
    """Bars of each arm's mean ``metric`` with 95 % error bars on ``ax``."""
    arms = list(arms) if arms is not None else list(dict.fromkeys(row["arm"] for row in rows))
    stats = [
        mean_ci95([row[metric] for row in rows if row["arm"] == arm and row.get("status", "ok") == "ok"])
        for arm in arms
    ]
    means = [s["mean"] for s in stats]
    errors = [s["ci95"] or 0.0 for s in stats]
    ax.bar(range(len(arms)), means, yerr=errors, capsize=4, color="#7a9cc6", edgecolor="#2b4a6f")
    ax.set_xticks(range(len(arms)), arms, rotation=20, ha="right")
    ax.set_ylabel(metric)
    ax.set_title(title or metric)
    return ax


def plot_differences(
    ax, rows: Sequence[dict[str, Any]], metric: str, baseline: str, title: str | None = None, *, family: int = 1
):
    """Each arm minus ``baseline`` on ``metric`` (paired by event), with t intervals
    (95 %, or the Bonferroni level of ``family`` comparisons)."""
    diffs = paired_differences(rows, metric, baseline, family=family)
    arms = list(diffs)
    means = [diffs[a]["mean"] for a in arms]
    errors = [diffs[a]["ci95"] or 0.0 for a in arms]
    ax.errorbar(means, range(len(arms)), xerr=errors, fmt="o", capsize=4, color="#2b4a6f")
    ax.axvline(0.0, color="grey", lw=1, ls="--")
    ax.set_yticks(range(len(arms)), arms)
    level = family_level(family)
    ax.set_xlabel(f"{metric}: arm - {baseline} (same events; {level:.1%} t intervals)")
    ax.set_title(title or f"{metric} against {baseline}")
    return ax


__all__ = [
    "differences_table",
    "family_level",
    "header",
    "paired_differences",
    "plot_differences",
    "plot_means",
    "summary_table",
    "verdicts",
]
