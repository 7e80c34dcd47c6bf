"""Box geometry (chemx.geometry)."""

from __future__ import annotations

import pytest

from chemx.geometry import area, clip, expand, intersection_area, intersects, iou, union


def test_iou_of_identical_disjoint_and_half_overlapping_boxes() -> None:
    assert iou((0, 0, 10, 10), (0, 0, 10, 10)) == 1.0
    assert iou((0, 0, 10, 10), (10, 0, 20, 10)) == 0.0  # touching edges: x1 is exclusive
    assert iou((0, 0, 10, 10), (5, 0, 15, 10)) == pytest.approx(50 / 150)
    assert iou((0, 0, 0, 10), (0, 0, 10, 10)) == 0.0  # degenerate box


def test_area_and_intersection() -> None:
    assert area((2, 3, 12, 8)) == 50
    assert area((5, 5, 2, 9)) == 0  # empty: x1 before x0
    assert intersection_area((0, 0, 10, 10), (5, 5, 20, 20)) == 25
    assert intersection_area((0, 0, 10, 10), (10, 0, 20, 10)) == 0
    assert intersects((0, 0, 10, 10), (9, 9, 20, 20))
    assert not intersects((0, 0, 10, 10), (10, 0, 20, 10))  # touching edges share no pixel


def test_union_of_int_and_float_boxes() -> None:
    assert union([(4, 5, 6, 7), (0, 6, 5, 9), (3, 1, 4, 2)]) == (0, 1, 6, 9)
    assert union([(0.5, 1.0, 2.0, 2.5), (1.0, 0.25, 3.0, 2.0)]) == (0.5, 0.25, 3.0, 2.5)
    with pytest.raises(ValueError, match="at least one box"):
        union([])


def test_expand_then_clip_to_the_image() -> None:
    assert expand((10, 10, 20, 20), 3) == (7, 7, 23, 23)
    assert clip(expand((1, 2, 98, 49), 5), (100, 50)) == (0, 0, 100, 50)
    assert clip((20, 10, 30, 40), (100, 50)) == (20, 10, 30, 40)
    assert area(clip((120, 10, 130, 20), (100, 50))) == 0  # wholly outside: empty


def test_doctests() -> None:
    import doctest

    from chemx import geometry

    result = doctest.testmod(geometry)
    assert result.attempted >= 4 and result.failed == 0
