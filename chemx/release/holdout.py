"""Items that text alone answers, held out of a release (adversarial filtering by removal).

Why: seed 002 excludes an item whose answer "can be selected without analyzing the depicted
structure" (structure necessity, three quarters of its QC 3 rejections), and `chemx validate`
fails a release of 30 or more items on which any text-only shortcut answers more than 35%
(`chemx.release.shortcut_check`). Balancing (`chemx.release.balance`) can only letter the
spare wrong answers the generator wrote for the same structure; on the embedded sample it
left the rarest-feature and option-only shortcuts at 38-41%, because a few items have no
spare that hides their answer.

How: AFLite (Le Bras et al. 2020, "Adversarial Filters of Dataset Biases"; Sakaguchi et al.
2020, WinoGrande) removes the instances that simple models predict. Here the models are the
shortcut battery itself (`chemx.qc.shortcut_battery`). While a shortcut is over the limit,
the item held out is the one that the most over-limit shortcuts answer right, then the most
shortcuts of all, counting the option-only classifier as its share of right answers over
`SEEDS` orders of its cross-validation folds (one fold order is noisy on 30 items), then
the item id. The battery is run again after each removal, because rarity and the classifier
depend on the whole release.

What it will not do: take a release below `MIN_ITEMS_FOR_SHORTCUTS` (30), the size at which
the validate check applies. A release that cannot be brought under the limit that way
keeps its items, and validation fails as it should. A smaller release is left as it is, and
its battery is reported. Everything is seeded, so a release stays byte-identical.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from chemx.qc.shortcut_battery import (
    SHORTCUTS,
    ShortcutItem,
    ShortcutResult,
    run_battery,
    shortcut_answers,
)
from chemx.release.shortcut_check import MAX_SHORTCUT_ACCURACY, MIN_ITEMS_FOR_SHORTCUTS

SEEDS = 20
"""Fold orders over which an item's option-only predictability is averaged."""
OPTION_ONLY = "option-only"


@dataclass(frozen=True)
class HeldOut:
    """One item held out, and what answered it without the image when it was."""

    id: str
    shortcuts: tuple[str, ...]
    """The shortcuts that answered it right (option-only: on the release's own fold order)."""
    option_only: float
    """Share of `SEEDS` fold orders in which the option-only classifier answered it."""


@dataclass
class HoldOutResult:
    """Which items stay, which were held out, and the battery before and after."""

    kept: list[str]
    held: list[HeldOut] = field(default_factory=list)
    before: dict[str, int] = field(default_factory=dict)
    after: dict[str, int] = field(default_factory=dict)
    items_before: int = 0

    def summary(self) -> dict[str, object]:
        """The release manifest's record of the hold-out."""
        return {
            "method": "adversarial filtering by removal (AFLite) against the shortcut "
            "battery (chemx.release.holdout)",
            "limit": MAX_SHORTCUT_ACCURACY,
            "min_items": MIN_ITEMS_FOR_SHORTCUTS,
            "items_before": self.items_before,
            "items_after": len(self.kept),
            "held_out": [asdict(held) for held in self.held],
            "shortcut_correct_before": self.before,
            "shortcut_correct_after": self.after,
        }

    def describe(self) -> str:
        """One line: how many items were held out and the shortcuts before/after."""
        changes = ", ".join(
            f"{name} {self.before.get(name, 0)}->{self.after.get(name, 0)}" for name in self.after
        )
        return (
            f"held out {len(self.held)} of {self.items_before} items that text alone answers; "
            f"shortcut right answers {changes}"
        )


def option_only_runs(items: Sequence[ShortcutItem], seeds: int = SEEDS) -> list[dict[str, bool]]:
    """Per shuffled fold order (one per seed): item id -> whether option-only answers it."""
    runs = []
    for seed in range(seeds):
        order = list(items)
        random.Random(seed).shuffle(order)  # GroupKFold folds follow the item order
        answers = shortcut_answers(OPTION_ONLY, order)
        runs.append({item.id: answers[item.id].letter == item.answer for item in order})
    return runs


def option_only_predictability(
    items: Sequence[ShortcutItem], seeds: int = SEEDS
) -> dict[str, float]:
    """Item id -> share of `seeds` shuffled fold orders in which option-only answers it."""
    runs = option_only_runs(items, seeds)
    return {item.id: sum(run[item.id] for run in runs) / seeds for item in items}


def _right(results: dict[str, ShortcutResult], item: ShortcutItem, names: Sequence[str]) -> int:
    return sum(results[name].answers[item.id].letter == item.answer for name in names)


def hold_out(
    items: Sequence[ShortcutItem],
    *,
    limit: float = MAX_SHORTCUT_ACCURACY,
    min_items: int = MIN_ITEMS_FOR_SHORTCUTS,
    seeds: int = SEEDS,
) -> HoldOutResult:
    """The items to release and those held out (module docstring). `items` in release order."""
    current = list(items)
    results = {r.name: r for r in run_battery(current)}
    outcome = HoldOutResult(
        kept=[item.id for item in current],
        before={name: r.correct for name, r in results.items()},
        items_before=len(current),
    )
    while len(current) > min_items:
        over = [name for name, r in results.items() if r.accuracy > limit]  # as validate
        if not over:
            break
        predictable = option_only_predictability(current, seeds)
        deterministic = [name for name in SHORTCUTS if name != OPTION_ONLY]
        scores = {
            item.id: (
                _right(results, item, over),
                _right(results, item, deterministic) + predictable[item.id],
                item.id,
            )
            for item in current
        }
        worst = max(scores, key=scores.__getitem__)
        chosen = next(item for item in current if item.id == worst)
        answered = tuple(name for name in SHORTCUTS if _right(results, chosen, [name]))
        outcome.held.append(HeldOut(chosen.id, answered, predictable[chosen.id]))
        current = [item for item in current if item.id != chosen.id]
        results = {r.name: r for r in run_battery(current)}
    outcome.kept = [item.id for item in current]
    outcome.after = {name: r.correct for name, r in results.items()}
    return outcome


__all__ = [
    "SEEDS",
    "HeldOut",
    "HoldOutResult",
    "hold_out",
    "option_only_predictability",
    "option_only_runs",
]
