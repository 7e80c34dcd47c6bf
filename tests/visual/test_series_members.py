"""A group drawn for a range scaffold's member is no compound; a member drawn whole is."""

from __future__ import annotations

import pytest

from chemx.visual.series_members import (
    SeriesScaffold,
    heavy_atoms,
    range_labels,
    substituent_drawings,
)

DODECYL_SILYL = "CCCCCCCCCCCC[Si]"
"""The scaffold of a disilane scope table ('3–9'), its placeholder read as an atom."""


@pytest.mark.parametrize(
    ("printed", "labels"),
    [
        ("3–9", ["3", "4", "5", "6", "7", "8", "9"]),
        ("2a-c", ["2a", "2b", "2c"]),
        ("3, 92% (2 h)", None),
        ("65–92", None),  # a quantity, not a series
        (None, None),
    ],
)
def test_range_labels(printed: str | None, labels: list[str] | None) -> None:
    assert range_labels(printed) == labels


def test_heavy_atoms_counts_partial_readings_without_dummy_atoms() -> None:
    assert heavy_atoms(DODECYL_SILYL) == 13
    assert heavy_atoms("C[C@H]1*CCCC1") == 6
    assert heavy_atoms("CC.O") == 3
    assert heavy_atoms(None) is None


def test_members_smaller_than_the_scaffold_are_substituents() -> None:
    size = heavy_atoms(DODECYL_SILYL)
    assert size is not None
    scaffold = SeriesScaffold(frozenset(range_labels("3–9") or []), "3–9", size)
    members = {
        "trimethylsilyl": ("3", heavy_atoms("C[Si](C)(C)C")),
        "whole": ("4", heavy_atoms("CCCCCCCCCCCC[Si](C)(C)Cc1ccccc1")),
        "hydrogen in place of the group": ("5", heavy_atoms("CCCCCCCCCCCC")),
        "unread": ("6", None),
        "outside the range": ("12", heavy_atoms("C[Si](C)(C)C")),
    }
    found = substituent_drawings([scaffold], members)
    assert set(found) == {"trimethylsilyl"}
    assert "fewer than its scaffold's 13" in found["trimethylsilyl"]
