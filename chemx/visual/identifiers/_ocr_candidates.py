"""Where a crop's label may be: candidate text lines around it, cheapest first.

Candidates come in the order a chemist places labels: below the drawing (overlapping
its x-span), beside it (right, then left, vertically level with it), above it. The
segmenter's label boxes are tried first; then lines grown from the ink nearest the crop
(`chemx.visual.identifiers._ocr_ink`). A candidate's cost is its distance from the crop
in units of the crop's size, plus a penalty for each less likely direction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from chemx.geometry import clip, expand, intersects
from chemx.records import Box
from chemx.visual.identifiers._ocr_ink import (
    MAX_CHAR_HEIGHT_PX,
    MAX_LINE_COMPONENTS,
    MIN_TEXT_HEIGHT_PX,
    InkAnalysis,
    component_box,
    grow_line,
    near_components,
    same_box,
    split_entries,
)

Direction = Literal["below", "right", "left", "above"]
DIRECTIONS: tuple[Direction, ...] = ("below", "right", "left", "above")
"""Search order, and the order candidates of equal cost are kept in."""
DIRECTION_PENALTY: dict[Direction, float] = {"below": 0.0, "right": 0.6, "left": 0.8, "above": 1.0}
"""Added to a candidate's distance (in crop sizes): below is the journal convention, a
label beside a drawing is common in schemes, one above is rare."""
HINT_BONUS = 0.05
"""A segmenter label box beats an equally near line found from pixels (same text)."""

REACH_FRACTION = 0.5
"""How far from the crop a label may start, as a fraction of the crop's height (below,
above) or width (beside). Labels sit 5-30 px from drawings 100-400 px tall."""
MIN_REACH_PX = 40
"""... but at least this far, for small crops (a methanol drawn 20 px tall)."""
MAX_REACH_PX = 150
"""... and at most this far, so a big crop does not claim a caption half a page away."""
SIDE_SLACK_FRACTION = 0.25
"""A line below or above may stick out of the crop's x-span by this much of its width."""
LINES_PER_DIRECTION = 2
"""Lines tried per direction, nearest first: a label may sit under a line of R-group text."""
CUT_WORD_GAP_PX = 1
"""A line this close to the left or right side of any crop is a word that crop's box cut
through, not a label: the segmenter took the rest of the word ("APRT", "Trip =",
"structurally") or a bracket ("]‡") into a drawing, and the glyph left outside reads as
"1" or "5t". On the 13 journal PDFs all four accepted structures labelled that way beside
their own crop were wrong (three whole compounds misnamed, one fragment passed as "1"),
and the "st" of "structurally" then went to the neighbouring drawing; a label is set a
space apart from drawings. Touching a crop's top or bottom is allowed: 23 labels sit
0-1 px under a tight crop, right."""


@dataclass
class LabelCandidate:
    """A text line that may be a crop's label."""

    box: Box
    cost: float
    direction: Direction
    components: tuple[int, ...] = ()
    """Component ids of the line (empty for a segmenter hint: read the box as it is)."""


def _windows(box: Box, size: tuple[int, int]) -> dict[Direction, tuple[Box, float]]:
    """Search window per direction, and the scale the distances there are measured in."""
    x0, y0, x1, y1 = box
    crop_w, crop_h = max(1, x1 - x0), max(1, y1 - y0)
    vertical = min(MAX_REACH_PX, max(MIN_REACH_PX, REACH_FRACTION * crop_h))
    horizontal = min(MAX_REACH_PX, max(MIN_REACH_PX, REACH_FRACTION * crop_w))
    slack = SIDE_SLACK_FRACTION * crop_w
    windows: dict[Direction, tuple[Box, float]] = {
        "below": (
            (int(x0 - slack), y1, int(x1 + slack), int(y1 + vertical)),
            max(vertical, 1.0),
        ),
        "right": ((x1, y0, int(x1 + horizontal), y1), max(horizontal, 1.0)),
        "left": ((int(x0 - horizontal), y0, x0, y1), max(horizontal, 1.0)),
        "above": (
            (int(x0 - slack), int(y0 - vertical), int(x1 + slack), y0),
            max(vertical, 1.0),
        ),
    }
    return {side: (clip(region, size), scale) for side, (region, scale) in windows.items()}


def _gap(direction: Direction, crop: Box, line: Box) -> float:
    """Distance from the crop's edge facing `direction` to the line."""
    x0, y0, x1, y1 = crop
    lx0, ly0, lx1, ly1 = line
    if direction == "below":
        return max(0.0, ly0 - y1)
    if direction == "above":
        return max(0.0, y0 - ly1)
    if direction == "right":
        return max(0.0, lx0 - x1)
    return max(0.0, x0 - lx1)


def _placed(direction: Direction, crop: Box, line: Box) -> bool:
    """Whether a line lies where a label in `direction` would: level with or under the crop."""
    x0, y0, x1, y1 = crop
    lx0, ly0, lx1, ly1 = line
    centre_x, centre_y = (lx0 + lx1) / 2, (ly0 + ly1) / 2
    slack = SIDE_SLACK_FRACTION * (x1 - x0)
    if direction in ("below", "above"):
        overlaps = lx0 < x1 and lx1 > x0 and x0 - slack <= centre_x <= x1 + slack
        beyond = ly0 >= y1 - 1 if direction == "below" else ly1 <= y0 + 1
        return overlaps and beyond
    level = y0 <= centre_y <= y1
    beyond = lx0 >= x1 - 1 if direction == "right" else lx1 <= x0 + 1
    return level and beyond


def _cut_by_crop(line: Box, crops: Sequence[Box]) -> bool:
    """Whether a line touches a crop's left or right side: the rest of a word it cut."""
    for x0, y0, x1, y1 in crops:
        level = line[1] < y1 and line[3] > y0
        if level and (0 <= x0 - line[2] <= CUT_WORD_GAP_PX or 0 <= line[0] - x1 <= CUT_WORD_GAP_PX):
            return True
    return False


FREE_REACH_PX = 150
"""The deepest the search below a drawing goes when the usual reach finds nothing."""


def free_below(crop: Box, all_crops: Sequence[Box], height: int) -> int:
    """How far below `crop` the figure is free of other drawings in its column (capped)."""
    x0, _, x1, y1 = crop
    tops = [
        other[1]
        for other in all_crops
        if other != crop and other[1] >= y1 and other[0] < x1 and other[2] > x0
    ]
    return max(0, min([height, *tops, y1 + FREE_REACH_PX]) - y1)


def _search(
    analysis: InkAnalysis,
    crop: Box,
    all_crops: Sequence[Box],
    hints: Sequence[Box],
    windows: dict[Direction, tuple[Box, float]],
) -> list[LabelCandidate]:
    """The candidate lines in each direction's window (`label_candidates`)."""
    height, width = analysis.grey.shape
    found: list[LabelCandidate] = []
    for direction in DIRECTIONS:
        if direction not in windows:
            continue
        window, scale = windows[direction]
        penalty = DIRECTION_PENALTY[direction]
        for hint in hints:
            if (
                _placed(direction, crop, hint)
                and intersects(hint, window)
                and not _cut_by_crop(hint, all_crops)
            ):
                cost = _gap(direction, crop, hint) / scale + penalty - HINT_BONUS
                found.append(LabelCandidate(hint, cost, direction))
        if window[2] <= window[0] or window[3] <= window[1]:
            continue
        near = near_components(analysis, window)
        seen: set[tuple[int, ...]] = set()
        kept = 0
        pool = near_components(analysis, clip(expand(window, MAX_CHAR_HEIGHT_PX), (width, height)))
        order = sorted(
            near,
            key=lambda i: _gap(direction, crop, component_box(analysis.stats, int(i))),
        )
        for seed in order:
            if any(int(seed) in members for members in seen):  # already in a line
                continue
            line, members = grow_line(analysis, int(seed), pool)
            seen.add(members)
            if direction in ("below", "above"):  # two entries on one row: this crop's
                line, members = split_entries(analysis, members, (crop[0], crop[2]))
            if len(members) >= MAX_LINE_COMPONENTS or not _placed(direction, crop, line):
                continue
            if line[3] - line[1] < MIN_TEXT_HEIGHT_PX:
                continue  # specks and rules, not text
            if any(intersects(line, other) for other in all_crops if other != crop):
                continue  # a line running into another drawing is part of it
            if _cut_by_crop(line, all_crops):
                continue
            cost = _gap(direction, crop, line) / scale + penalty
            found.append(LabelCandidate(line, cost, direction, members))
            kept += 1
            if kept >= LINES_PER_DIRECTION:
                break  # farther lines belong to something else
    return found


def label_candidates(
    analysis: InkAnalysis, crop: Box, all_crops: Sequence[Box], hints: Sequence[Box]
) -> list[LabelCandidate]:
    """Possible label lines for one crop, cheapest first (hints, then pixel lines).

    When nothing is found within the usual reach, the space below the drawing is searched
    down to the next drawing (`free_below`): in a grid of structures the labels share a
    row's baseline, so a small drawing in a tall cell has its label farther below than
    half its height (a BODIPY core 112 px tall with its label 63 px under it).
    """
    height, width = analysis.grey.shape
    windows = _windows(crop, (width, height))
    found = _search(analysis, crop, all_crops, hints, windows)
    below, scale = windows["below"]
    free = free_below(crop, all_crops, height)
    if not found and free > below[3] - crop[3]:
        deeper = (below[0], below[1], below[2], min(height, crop[3] + free))
        found = _search(analysis, crop, all_crops, hints, {"below": (deeper, scale)})
    found.sort(key=lambda c: c.cost)
    unique: list[LabelCandidate] = []
    for candidate in found:
        if not any(same_box(candidate.box, kept.box) for kept in unique):
            unique.append(candidate)
    return unique
