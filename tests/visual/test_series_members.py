"""A group drawn for a range scaffold's member is no compound; a member drawn whole is."""

from __future__ import annotations

import pytest

from chemx.visual.series_members import (
    DrawingSize,
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


def _size(smiles: str | None, ink: int = 100) -> DrawingSize:
    return DrawingSize(heavy_atoms(smiles), ink)


def test_members_smaller_than_the_scaffold_are_substituents() -> None:
    scaffold = SeriesScaffold(frozenset(range_labels("3–9") or []), "3–9", _size(DODECYL_SILYL))
    members = {
        "trimethylsilyl": ("3", _size("C[Si](C)(C)C")),
        "whole": ("4", _size("CCCCCCCCCCCC[Si](C)(C)Cc1ccccc1")),
        "hydrogen in place of the group": ("5", _size("CCCCCCCCCCCC", ink=80)),
        "unread, large": ("6", _size(None, ink=90)),
        "outside the range": ("12", _size("C[Si](C)(C)C")),
    }
    found = substituent_drawings([scaffold], members)
    assert set(found) == {"trimethylsilyl"}
    assert "fewer than its scaffold's 13" in found["trimethylsilyl"]


def test_a_table_that_draws_two_members_as_parts_draws_them_all_so() -> None:
    # jacs.2c12311 Table 3: 3 and 4 are small; 6 and 9 have 76-82 % of the scaffold's ink
    scaffold = SeriesScaffold(frozenset(range_labels("3–9") or []), "3–9", _size(None, 300))
    members = {
        "trimethylsilyl": ("3", _size("C[Si](C)(C)C", ink=90)),
        "benzyldimethylsilyl": ("4", _size(None, ink=140)),
        "tolyldimethylsilyl": ("6", _size("Cc1ccc([Si](C)(C)C)cc1", ink=246)),
        "siloxysilyl": ("9", _size(None, ink=228)),
        "larger than the scaffold": ("8", _size(None, ink=420)),
    }
    found = substituent_drawings([scaffold], members)
    assert set(found) == {
        "trimethylsilyl",
        "benzyldimethylsilyl",
        "tolyldimethylsilyl",
        "siloxysilyl",
    }
    assert "members 3, 4 of the same table are drawn as parts" in found["siloxysilyl"]
    one_part = {k: v for k, v in members.items() if k != "benzyldimethylsilyl"}
    assert set(substituent_drawings([scaffold], one_part)) == {"trimethylsilyl"}


def test_an_unread_scaffold_is_compared_by_ink() -> None:
    scaffold = SeriesScaffold(frozenset({"3", "4"}), "3–4", DrawingSize(None, 319))
    members = {"small": ("3", _size("C[Si](C)(C)C", ink=87)), "near": ("4", _size(None, 262))}
    assert set(substituent_drawings([scaffold], members)) == {"small"}
