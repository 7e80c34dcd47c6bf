"""The ``shortcuts`` check of `chemx validate`: text-only baselines against a limit."""

from __future__ import annotations

import random
from typing import Any

from chemx.release.shortcut_check import MIN_ITEMS_FOR_SHORTCUTS, check_shortcuts

FEATURES = ["nitro group", "amide N–H", "aryl chloride", "pyridine ring"]


def _row(index: int, answer_index: int, *, longest_is_answer: bool) -> dict[str, Any]:
    choices = []
    for i in range(len(FEATURES)):
        rotated = FEATURES[(i + index) % 4]
        padding = " and so on" * 6 if (i == answer_index) == longest_is_answer else ""
        choices.append(f"The {rotated} changes the outcome{padding}.")
    return {
        "id": f"itm_{index:03d}",
        "stem": f"Effect {index}. Which structural feature explains this effect?",
        "choices": choices,
        "answer": "ABCD"[answer_index],
        "features": [FEATURES[(i + index) % 4] for i in range(4)],
    }


def test_a_release_whose_answer_is_the_longest_fails() -> None:
    rows = [_row(i, i % 4, longest_is_answer=True) for i in range(MIN_ITEMS_FOR_SHORTCUTS)]
    check = check_shortcuts(rows)
    assert not check.ok and not check.skipped
    assert any(p.startswith("longest answers 30/30 (100%)") for p in check.problems)
    assert "longest 100% [" in check.message and "(limit 35%)" in check.message


def test_a_release_without_a_give_away_passes() -> None:
    # One frame for every option, features rotating over the letters, and the long
    # option a draw independent of the answer: no text habit points at the answer.
    draw = random.Random(0)
    rows = []
    for i in range(60):
        row = _row(i, draw.randrange(4), longest_is_answer=True)
        long_one = draw.randrange(4)
        row["choices"] = [
            f"The {feature} changes the outcome{' and so on' * 6 if j == long_one else ''}."
            for j, feature in enumerate(row["features"])
        ]
        rows.append(row)
    check = check_shortcuts(rows)
    assert check.ok, check.message
    assert check_shortcuts(rows, limit=0.0).ok is False


def test_small_releases_are_skipped_but_still_reported() -> None:
    rows = [_row(i, 0, longest_is_answer=True) for i in range(MIN_ITEMS_FOR_SHORTCUTS - 1)]
    check = check_shortcuts(rows)
    assert check.ok and check.skipped
    assert "longest 100%" in check.message and "skipped below 30 items" in check.message
