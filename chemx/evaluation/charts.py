"""The report's bar charts (PNG, matplotlib's Agg backend: no display needed).

``accuracy.png``: accuracy per column of the table (average, reasoning types, entry
types), one bar per run, with paper-level 95% CIs as error bars. ``errors.png``: the
consensus share of each error type per annotated run, with Wilson 95% CIs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from chemx.evaluation.report import SHORT_NAMES, Cell, Report, RunReport

if TYPE_CHECKING:
    from matplotlib.axes import Axes

DPI = 150
BAR_GROUP_WIDTH = 0.8
"""Share of each x slot the bars of one column take (the rest separates columns)."""


def _errorbars(points: list[tuple[float, float, float]]) -> list[list[float]]:
    """Matplotlib's [[below], [above]] from (value, low, high); 0 where unknown."""
    below = [max(0.0, v - lo) if v == v and lo == lo else 0.0 for v, lo, _ in points]
    above = [max(0.0, hi - v) if v == v and hi == hi else 0.0 for v, _, hi in points]
    return [below, above]


def _grouped_bars(
    axes: Axes,
    labels: list[str],
    series: list[tuple[str, list[tuple[float, float, float]]]],
) -> None:
    width = BAR_GROUP_WIDTH / max(1, len(series))
    for index, (name, points) in enumerate(series):
        offset = -BAR_GROUP_WIDTH / 2 + width * (index + 0.5)
        xs = [x + offset for x in range(len(labels))]
        values = [p[0] if p[0] == p[0] else 0.0 for p in points]
        axes.bar(xs, values, width, label=name, yerr=_errorbars(points), capsize=3)
    axes.set_xticks(range(len(labels)), labels)
    axes.set_ylim(0, 105)  # room for the caps of intervals that reach 100
    axes.grid(axis="y", alpha=0.3)
    axes.legend(
        fontsize="small",
        loc="upper center",
        bbox_to_anchor=(0.5, -0.1),
        ncol=min(len(series), 4),
        frameon=False,
    )


def _names(runs: Sequence[RunReport]) -> dict[str, str]:
    """Legend names: 'model (condition)' when that tells the runs apart, else the run ids."""
    names = {r.label: f"{r.run.manifest.model} ({r.run.manifest.condition.value})" for r in runs}
    return names if len(set(names.values())) == len(names) else {r.label: r.label for r in runs}


def _point(cell: Cell | None) -> tuple[float, float, float]:
    if cell is None or not cell.score.total:
        return (float("nan"),) * 3
    i = cell.interval
    return (100 * cell.score.value, 100 * i.low, 100 * i.high)


def accuracy_chart(report: Report, path: Path) -> Path:
    """Accuracy with paper-level CIs, per table column and run."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = ["Avg.", *(SHORT_NAMES.get(g, g) for _, g in report.columns)]
    names = _names(report.runs)
    series = [
        (
            names[r.label],
            [_point(r.overall), *(_point(r.groups[k].get(g)) for k, g in report.columns)],
        )
        for r in report.runs
    ]
    figure, axes = plt.subplots(figsize=(max(6.0, 1.2 * len(labels) + 2), 4.5))
    _grouped_bars(axes, labels, series)
    axes.set_ylabel("Majority-vote accuracy (%)")
    level = f"{report.settings.level:.0%}"
    axes.set_title(f"Accuracy with paper-level {level} bootstrap CIs")
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    plt.close(figure)
    return path


def errors_chart(report: Report, path: Path) -> Path:
    """Consensus error-type shares with Wilson CIs, per annotated run."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    annotated = [r for r in report.runs if r.errors is not None]
    keys: list[str] = []
    for r in annotated:
        assert r.errors is not None
        keys += [k for k in r.errors.taxonomy.keys if k not in keys]
    series = []
    names = _names(annotated)
    for r in annotated:
        assert r.errors is not None
        shares = r.errors.consensus.shares
        points = [
            (100 * shares[k].estimate, 100 * shares[k].low, 100 * shares[k].high)
            if k in shares
            else (float("nan"),) * 3
            for k in keys
        ]
        series.append((names[r.label], points))
    figure, axes = plt.subplots(figsize=(max(6.0, 1.5 * len(keys) + 2), 4.5))
    _grouped_bars(axes, keys, series)
    axes.set_ylabel("Share of wrong answers (%)")
    axes.set_title("Error types (consensus label) with Wilson 95% CIs")
    figure.tight_layout()
    figure.savefig(path, dpi=DPI)
    plt.close(figure)
    return path
