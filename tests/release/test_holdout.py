"""Items that text alone answers, held out of a release (chemx.release.holdout)."""

from __future__ import annotations

import random

from chemx.qc.shortcut_battery import LETTERS, ShortcutItem, run_battery
from chemx.release.holdout import hold_out

WORDS = [f"w{i:03d}" for i in range(1000)]


def _release(count: int, *, longest_right: int, seed: int = 0) -> list[ShortcutItem]:
    """`count` items; in the first `longest_right` the answer is the one long option.

    Every other item has four options of one length, so length tells nothing there, and
    the answers rotate over the letters.
    """
    rng = random.Random(seed)
    items = []
    for index in range(count):
        answer = LETTERS[index % 4]
        choices = [" ".join(rng.sample(WORDS, 4)) for _ in LETTERS]
        if index < longest_right:
            slot = LETTERS.index(answer)
            choices[slot] += " " + " ".join(rng.sample(WORDS, 6))
        items.append(ShortcutItem(f"itm_{index:02d}", f"stem {index}", tuple(choices), answer))
    return items


def _accuracy(items: list[ShortcutItem], name: str) -> float:
    (result,) = run_battery(items, [name])
    return result.accuracy


def test_the_items_text_answers_are_held_out_until_no_shortcut_is_over_the_limit() -> None:
    items = _release(32, longest_right=14)
    assert _accuracy(items, "longest") > 0.35
    result = hold_out(items, min_items=20, seeds=3)
    kept = [item for item in items if item.id in set(result.kept)]
    assert result.held and len(kept) >= 20
    assert all(r.accuracy <= 0.35 for r in run_battery(kept))
    # each held item is one the long option gave away
    long_ones = {item.id for item in items[:14]}
    assert {held.id for held in result.held} <= long_ones
    assert all("longest" in held.shortcuts for held in result.held)
    # 14 long answers, and ties of equal lengths go to A: 4 more answers are A
    assert result.before["longest"] == 18 and result.after["longest"] < 18
    assert result.items_before == 32 and result.summary()["items_after"] == len(kept)


def test_a_release_is_never_taken_below_the_minimum() -> None:
    items = _release(32, longest_right=20)
    result = hold_out(items, min_items=31, seeds=3)
    assert len(result.kept) == 31 and len(result.held) == 1
    small = _release(12, longest_right=10)
    untouched = hold_out(small, min_items=30, seeds=3)
    assert untouched.kept == [item.id for item in small] and not untouched.held


def test_a_release_no_shortcut_answers_keeps_every_item() -> None:
    items = _release(32, longest_right=0)
    assert all(r.accuracy <= 0.35 for r in run_battery(items))
    result = hold_out(items, min_items=20, seeds=3)
    assert result.kept == [item.id for item in items] and not result.held


def test_holding_out_is_deterministic() -> None:
    items = _release(32, longest_right=14)
    assert hold_out(items, min_items=20, seeds=3) == hold_out(items, min_items=20, seeds=3)
