"""Box geometry shared by the visual stage, QC and their yardsticks.

Boxes are `chemx.records.Box`: (x0, y0, x1, y1) in pixels with exclusive x1/y1, the
convention of PIL's `crop`. A box with x1 <= x0 or y1 <= y0 is empty: it has no area and
overlaps nothing. `union` also takes float boxes (analysis coordinates of a shrunk
image).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TypeVar

from chemx.records import Box

FBox = tuple[float, float, float, float]
"""A box in fractional pixels."""
AnyBox = TypeVar("AnyBox", Box, FBox)


def iou(a: Box, b: Box) -> float:
    """Intersection over union of two boxes.

    Degenerate boxes (zero width or height) have no area, so their IoU is 0.

    >>> iou((0, 0, 10, 10), (5, 0, 15, 10))
    0.3333333333333333
    """
    ix = min(a[2], b[2]) - max(a[0], b[0])
    iy = min(a[3], b[3]) - max(a[1], b[1])
    if ix <= 0 or iy <= 0:
        return 0.0
    inter = ix * iy
    area_a = max(0, a[2] - a[0]) * max(0, a[3] - a[1])
    area_b = max(0, b[2] - b[0]) * max(0, b[3] - b[1])
    union = area_a + area_b - inter
    return inter / union if union > 0 else 0.0


def area(box: Box) -> int:
    """Pixels inside `box` (0 for an empty box).

    >>> area((0, 0, 10, 5)), area((5, 0, 2, 5))
    (50, 0)
    """
    return max(0, box[2] - box[0]) * max(0, box[3] - box[1])


def intersection_area(a: Box, b: Box) -> int:
    """Pixels that two boxes share."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0


def intersects(a: Box, b: Box) -> bool:
    """Whether two boxes share at least one pixel (touching edges do not)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def union(boxes: Iterable[AnyBox]) -> AnyBox:
    """The smallest box holding all `boxes` (at least one).

    >>> union([(0, 0, 2, 2), (5, 1, 6, 9)])
    (0, 0, 6, 9)
    """
    items = list(boxes)
    if not items:
        raise ValueError("union() of no boxes: pass at least one box")
    return (
        min(b[0] for b in items),
        min(b[1] for b in items),
        max(b[2] for b in items),
        max(b[3] for b in items),
    )


def expand(box: Box, by: int) -> Box:
    """`box` grown by `by` pixels on every side (shrunk for a negative `by`)."""
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def clip(box: Box, size: tuple[int, int]) -> Box:
    """The part of `box` inside an image of `size` (width, height).

    Each edge is moved inside the image; a box wholly outside comes back empty.

    >>> clip((-5, 3, 120, 40), (100, 50))
    (0, 3, 100, 40)
    """
    width, height = size
    return max(0, box[0]), max(0, box[1]), min(width, box[2]), min(height, box[3])


def gap(a: Box | FBox, b: Box | FBox) -> float:
    """Euclidean edge-to-edge distance between two boxes (0 when they touch or overlap)."""
    dx = max(0.0, max(a[0], b[0]) - min(a[2], b[2]))
    dy = max(0.0, max(a[1], b[1]) - min(a[3], b[3]))
    return math.hypot(dx, dy)
