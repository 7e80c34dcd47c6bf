"""The ``shortcuts`` check of `chemx validate`: can the release be answered without images?

It runs the shortcut battery (`chemx.qc.shortcut_battery`: longest, shortest, stem
overlap, rarest feature, rarest mechanism, an option-only classifier) on the release's
rows and fails when any baseline answers more than the limit (seed 002, section 5.2;
issue: "fails when any exceeds 35% on a release of 30 or more items").
"""

from __future__ import annotations

from typing import Any

from chemx.release._check import Check

MAX_SHORTCUT_ACCURACY = 0.35
"""A shortcut answering more than this share without the image names a habit of the
generator (chance is 25%; on 30 items, 35% is about one item-standard-error above it)."""
MIN_ITEMS_FOR_SHORTCUTS = 30
"""Below this a shortcut's accuracy is too noisy to fail a release on."""


def check_shortcuts(rows: list[dict[str, Any]], limit: float = MAX_SHORTCUT_ACCURACY) -> Check:
    """Every text-only shortcut at or below `limit` (seed 002, section 5.2)."""
    from chemx.qc.shortcut_battery import ShortcutItem, run_battery

    items = [
        ShortcutItem(
            row["id"], row["stem"], tuple(row["choices"]), row["answer"], tuple(row["features"])
        )
        for row in rows
    ]
    results = run_battery(items) if items else []
    shown = "; ".join(
        f"{r.name} {r.accuracy:.0%} [{r.ci_low:.0%}, {r.ci_high:.0%}]" for r in results
    )
    if len(rows) < MIN_ITEMS_FOR_SHORTCUTS:
        return Check(
            "shortcuts",
            True,
            f"{shown}; skipped below {MIN_ITEMS_FOR_SHORTCUTS} items".lstrip("; "),
            skipped=True,
        )
    over = [
        f"{r.name} answers {r.correct}/{r.total} ({r.accuracy:.0%}) without the image"
        for r in results
        if r.accuracy > limit
    ]
    message = f"{shown} (limit {limit:.0%})"
    return Check("shortcuts", not over, message, problems=over)


__all__ = ["MAX_SHORTCUT_ACCURACY", "MIN_ITEMS_FOR_SHORTCUTS", "check_shortcuts"]
