"""The attrition funnel as a PNG (seed 002, Fig. 3), written beside build_report.json."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from chemx.provenance.attrition import FunnelStage, share_text

FUNNEL_NAME = "attrition.png"
KEPT_COLOUR = "#3a9a5b"
DROPPED_COLOUR = "#d9534f"
MAX_REASONS = 3
"""Rejection reasons printed beside each bar (the largest ones)."""


def funnel_png(stages: Sequence[FunnelStage], title: str = "construction yield") -> bytes:
    """Render the funnel: one bar per stage, the loss and its main causes beside it.

    Rendered with the Agg backend and no date metadata, so the same funnel gives the
    same bytes.
    """
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib import pyplot as plt

    names = [stage.name for stage in stages]
    counts = [stage.count for stage in stages]
    top = max(counts, default=1) or 1
    height = 0.55 * len(stages) + 1.2
    figure, axes = plt.subplots(figsize=(9.0, height), dpi=100)
    try:
        positions = list(range(len(stages)))[::-1]
        axes.barh(positions, counts, color=KEPT_COLOUR, height=0.6)
        for position, stage, previous in zip(positions, stages, [None, *stages[:-1]], strict=True):
            label = f"{stage.count}"
            share = share_text(stage.count, previous.count if previous else None)
            if share:
                label += f" ({share})"
            axes.text(stage.count + top * 0.01, position, label, va="center", fontsize=8)
            reasons = sorted(stage.dropped.items(), key=lambda item: (-item[1], item[0]))
            if reasons:
                text = ", ".join(f"{reason} {n}" for reason, n in reasons[:MAX_REASONS])
                rest = sum(n for _, n in reasons[MAX_REASONS:])
                if rest:
                    text += f", other reasons {rest}"
                axes.text(
                    top * 0.01,
                    position - 0.38,
                    f"dropped: {text}",
                    fontsize=6.5,
                    color=DROPPED_COLOUR,
                    va="center",
                )
        axes.set_yticks(positions, names)
        axes.set_xlim(0, top * 1.45)
        axes.set_xlabel("count")
        axes.set_title(title)
        axes.spines[["top", "right"]].set_visible(False)
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", metadata={"Software": None})
    finally:
        plt.close(figure)
    return buffer.getvalue()


def write_funnel(stages: Sequence[FunnelStage], out: Path, title: str) -> Path:
    """Write `attrition.png` into `out` and return its path."""
    path = out / FUNNEL_NAME
    path.write_bytes(funnel_png(stages, title))
    return path
