"""Shape tests of the classical segmenter: arrows, rules, '+' signs, open lines, frames.

`straight_stroke` tells a long blob that is an arrow (a shaft widening into a head at
one end) or a rule (a straight headless line) from a bond network; `is_plus` finds a '+',
`polyline` a bent arrow or bracket and `is_frame` a box or table grid drawn around other
things. Lengths are multiples of the stroke width.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

ARROW_HEAD_RATIO = 2.2
"""The head is at least this many times wider than the shaft."""
ARROW_HEAD_SPAN = 0.3
"""The head lies within this fraction of the arrow's length from one end."""
HEAD_MIN_LENGTH = 0.7
"""A head is at least this fraction of its width long (ChemDraw heads: 1-2 times)."""
HEAD_TAPER = 0.65
"""The last quarter of a head is at most this fraction of its widest part."""
SHAFT_SPREAD = 1.9
"""Along the middle of an arrow or rule the width stays under this many shaft widths."""
SHAFT_MAX = 2.5
"""A shaft is at most this many median strokes wide (plus a pixel of anti-aliasing):
arrows and rules are drawn with the figure's line width, bold arrows about twice it."""
WANDER_MIN = 1.5
WANDER = 0.35
"""A straight shaft's centre stays within max(WANDER_MIN px, WANDER x its width) of
its median (pixel steps of a diagonal line); a zigzag chain swings a quarter bond."""
PLUS_ARM = 0.75
"""Each bar of a '+' covers at least this fraction of the blob's width or height."""

LINE_INK = 1.5
"""A straight line of length L holds about stroke x L pixels of ink, a bent bond pair
up to ~1.3 times that; touching letters hold 1.7 or more."""
POLYLINE_SLACK = 1.25
"""Slack on `LINE_INK` for the polyline test: an L-shaped arrow's two legs hold about
stroke x (width + height) pixels; a bare zigzag chain would be dropped too, a price
paid to keep bent arrows and brackets out of the crops."""


def _principal(points: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Centre, main axis and normal of a point cloud (N x 2, as x, y)."""
    centre = points.mean(axis=0)
    covariance = np.cov((points - centre).T) if len(points) > 1 else np.eye(2)
    values, vectors = np.linalg.eigh(covariance)
    axis = vectors[:, int(np.argmax(values))]
    return centre, axis, np.array([-axis[1], axis[0]])


STRAIGHT_MAX_THICKNESS = 0.3
"""A blob is one straight stroke when its ink spreads across its main axis at most this
share of its spread along it (a bond 20 px long and 3 px wide: 0.15; a letter 'N' or
'k' of the same box: 0.5 or more)."""


def is_straight_line(points: np.ndarray) -> bool:
    """Whether a blob's pixels (N x 2) form one straight stroke (a bond or a '/', not a letter).

    Unlike `straight_stroke` it needs no stroke width: a letter's strokes are thinner
    than a bond's, so the thickness is measured against the blob's own length.
    """
    if len(points) < 3:
        return False
    centre, axis, normal = _principal(points)
    along = float(np.std((points - centre) @ axis))
    across = float(np.std((points - centre) @ normal))
    return along > 0 and across <= STRAIGHT_MAX_THICKNESS * along


def straight_stroke(
    points: np.ndarray, stroke: float
) -> tuple[str, tuple[float, float], tuple[float, float]] | None:
    """Classify one long blob: ('arrow', tail, head), ('rule', end, end) or None.

    The blob is cut into slices across its main axis; a shaft's slices are about one
    stroke wide, an arrow head's several strokes wide and only at one end.
    """
    centre, axis, normal = _principal(points)
    along = (points - centre) @ axis
    across = (points - centre) @ normal
    low, high = float(along.min()), float(along.max())
    length = high - low
    if length <= 0:
        return None
    slices = max(8, min(64, int(length / max(1.0, stroke))))
    index = np.minimum(((along - low) / length * slices).astype(int), slices - 1)
    top = np.full(slices, -np.inf)
    bottom = np.full(slices, np.inf)
    np.maximum.at(top, index, across)
    np.minimum.at(bottom, index, across)
    filled = np.isfinite(top)
    if filled.mean() < 0.9:  # gaps along the axis: dashed line or several strokes
        return None
    spread = np.where(filled, top - bottom + 1, 0.0)
    middle = spread[int(slices * ARROW_HEAD_SPAN) : int(slices * (1 - ARROW_HEAD_SPAN))]
    shaft = float(np.median(middle)) if middle.size else float(np.median(spread))
    if shaft > SHAFT_MAX * stroke + 1:
        return None  # too wide to be a single stroke
    if middle.size and middle.max() > SHAFT_SPREAD * max(shaft, stroke) + 1:
        return None  # something sticks out of the middle: not a straight stroke
    centres = np.full(slices, np.nan)
    centres[filled] = (top[filled] + bottom[filled]) / 2
    ends = math.ceil(slices * ARROW_HEAD_SPAN)
    head_at_start = float(spread[:ends].max())
    head_at_end = float(spread[-ends:].max())
    # The shaft's centre line may not wander: zigzag chains and bent bonds do.
    inner = centres[ends : slices - ends]
    inner = inner[np.isfinite(inner)]
    if inner.size and np.abs(inner - np.median(inner)).max() > max(WANDER_MIN, WANDER * shaft):
        return None
    threshold = ARROW_HEAD_RATIO * max(shaft, 1.0)
    start = centre + axis * low
    end = centre + axis * high
    rule = "rule", (float(start[0]), float(start[1])), (float(end[0]), float(end[1]))
    if (head_at_start < threshold) == (head_at_end < threshold):
        return rule  # plain line, or a bracket or double arrow widening at both ends
    forward = head_at_end >= threshold
    if not _tapers(spread if forward else spread[::-1], ends, length / slices):
        return rule  # a letter at the end of a long line (short bonds never get here)
    # The tip is the end slice's middle, not the head's widest point.
    first = centre + axis * low + normal * float(centres[0])
    last = centre + axis * high + normal * float(centres[-1])
    tail, tip = (first, last) if forward else (last, first)
    return "arrow", (float(tail[0]), float(tail[1])), (float(tip[0]), float(tip[1]))


def _tapers(spread: np.ndarray, ends: int, step: float) -> bool:
    """Whether the widths (tip last) end in a head: widest at its base, narrowing to the tip.

    A letter touching a bond end is widest in its middle (an 'O') or does not narrow
    at all (an 'N'); arrow heads are about as long as they are wide and end in a point.
    """
    head = spread[-ends:]
    widest = int(np.argmax(head))
    head_length = (len(head) - widest) * step
    if head_length < HEAD_MIN_LENGTH * head[widest]:
        return False
    tip = head[widest + max(1, math.ceil((len(head) - widest) * 0.75)) :]
    return bool(tip.size == 0 or tip.mean() <= HEAD_TAPER * head[widest])


def is_plus(blob: np.ndarray, stroke: float) -> bool:
    """Whether a blob (its 0/1 crop) is a '+': a full-width and a full-height bar crossing."""
    height, width = blob.shape
    if not 0.6 <= width / height <= 1.6 or min(width, height) < 3 * stroke:
        return False
    band = max(1, round(stroke))
    rows = blob[max(0, height // 2 - band) : height // 2 + band + 1].any(axis=0)
    columns = blob[:, max(0, width // 2 - band) : width // 2 + band + 1].any(axis=1)
    if rows.mean() < PLUS_ARM or columns.mean() < PLUS_ARM:
        return False
    corners = (
        blob[: height // 3, : width // 3].mean()
        + blob[: height // 3, -(width // 3) :].mean()
        + blob[-(height // 3) :, : width // 3].mean()
        + blob[-(height // 3) :, -(width // 3) :].mean()
    )
    return bool(corners < 0.05)  # the four corners of a '+' are empty


def polyline(stat: np.ndarray, stroke: float) -> bool:
    """Whether a blob holds no more ink than one line along two sides of its box.

    Bent arrows, brackets and curly braces do; rings and branched bond networks hold
    more (a benzene ring about 1.6 times as much), and so does any blob with letters.
    """
    _, _, width, height, area = (float(v) for v in stat)
    return area <= LINE_INK * stroke * (width + height) / POLYLINE_SLACK


FRAME_RULE_SHARE = 0.85
"""A frame's ink lies on long horizontal and vertical runs: a box, a table's border or
grid, a panel outline; a molecule's bonds are shorter and mostly slanted. Of the 953
blobs at least `RULE_MIN_LENGTH` character heights both ways in the 124 figures of the 13
journal PDFs, 704 hold under 10% of their ink on such runs and 105 hold 85% or more (the
frames of 45 figures); the shares between are sparse (7 from 0.80 to 0.85)."""


def is_frame(blob: np.ndarray, min_run: int) -> bool:
    """Whether a blob (its 0/1 crop) is a frame: nearly all ink on axis-parallel runs.

    A box or grid drawn around a scheme or table is one connected blob spanning it; left
    in, it becomes a "molecule" that covers every drawing and label inside it. Its ink is
    straight horizontal and vertical runs of at least `min_run` pixels (a few character
    heights, longer than any bond); the opening with a one-pixel-thick line of that
    length keeps exactly those.
    """
    height, width = blob.shape
    if min(height, width) < min_run:
        return False  # a single rule or an arrow: the straight-stroke test's business
    ink = blob.astype(np.uint8)
    total = int(ink.sum())
    if total == 0:
        return False
    across = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, min_run), np.uint8))
    down = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((min_run, 1), np.uint8))
    on_runs = int(((across > 0) | (down > 0)).sum())
    return on_runs >= FRAME_RULE_SHARE * total
