"""The ink of a figure outside its crops, cut into characters and text lines.

With every crop blanked, what ink is left is labels, conditions, captions, arrows and
the stubs of bonds a tight crop box cut off. `analyse_ink` splits it into connected
components and marks the character-sized ones; `grow_line` joins components level with
each other into a text line. The label search (`chemx.visual.identifiers._ocr_candidates`)
seeds lines near one crop; the unclaimed-label scan (`all_lines`, `label_shaped`) takes
every short line of the figure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
from PIL import Image

from chemx.geometry import area, clip, expand, intersection_area, union
from chemx.ink import grey_levels, ink_mask, paper_level
from chemx.labels import LabelParse
from chemx.records import Box

INK_MARGIN = 30
"""Ink is anything this many grey levels darker than the paper (`chemx.ink.paper_level`):
relative, because scanned figures have grey paper."""
MIN_INK_LEVELS = 40
"""Background and ink must differ by this much, else the figure has no readable text."""
CROP_INFLATE_PX = 1
"""Crop boxes are blanked this much wider, so anti-aliased bond edges go too."""
MAX_CHAR_HEIGHT_PX = 90
"""Taller components are drawings or rules, not characters (labels are 10-40 px)."""
CUT_INSIDE_SHARE = 0.5
"""Ink outside the crops whose connected piece lies more than this much inside one is
part of that drawing (a bond stub), not text."""
MIN_TEXT_HEIGHT_PX = 6
"""A text line shorter than this is a speck or a rule: 6 px text is unreadable anyway."""
MIN_COMPONENT_AREA = 2
"""Specks of one pixel are JPEG noise."""
RULE_ASPECT = 5.0
"""A component this much wider than tall (and wider than `RULE_MIN_WIDTH_PX`) is an arrow
or a rule: never part of a label line."""
RULE_MIN_WIDTH_PX = 40
LINE_OVERLAP = 0.5
"""A component joins a line when its vertical overlap is this fraction of the smaller
height (small glyphs such as '-', ',' and primes overlap fully)."""
WORD_GAP_FRACTION = 1.0
"""... and its horizontal gap to the line is at most this many line heights; labels of
neighbouring structures are 2+ line heights apart."""
MAX_LINE_COMPONENTS = 40
"""A 'line' of more glyphs than this is a caption or a paragraph, not a label."""

LABEL_MAX_ASPECT = 8.0
LABEL_MAX_COMPONENTS = 12
"""`unclaimed_labels` only reads lines this short (width/height, glyphs): a sentence or
a condition line is not a stray label, and reading every line would cost seconds."""
CLAIM_OVERLAP = 0.5
"""Two candidate boxes overlapping this much (of the smaller) are the same text line."""

Reading = tuple[str, float]
"""The text read from one line and the engine's confidence in it (0-1)."""


@dataclass
class InkAnalysis:
    """Ink components of a figure with all crops blanked out."""

    grey: np.ndarray
    labels: np.ndarray
    stats: np.ndarray
    text_like: np.ndarray
    """Per component: character-sized and not a rule."""
    cache: dict[tuple[Box, tuple[int, ...]], tuple[Reading, LabelParse]] = field(
        default_factory=dict
    )
    """Readings of the lines read so far, by (box, component ids): each is read once."""


CONTAINED_SHARE = 0.9
"""A crop with this share of another crop's area inside it contains that crop."""


def drawing_boxes(crop_boxes: Sequence[Box]) -> list[Box]:
    """The crops whose pixels are drawing: all but those that contain another crop.

    A crop around other crops (a panel or table frame a segmenter took for one drawing)
    holds their labels too; blanking it would hide every label inside it.
    """
    return [
        box
        for box in crop_boxes
        if not any(
            other != box and intersection_area(box, other) >= CONTAINED_SHARE * area(other) > 0
            for other in crop_boxes
        )
    ]


def analyse_ink(figure: Image.Image, crop_boxes: Sequence[Box]) -> InkAnalysis | None:
    """Connected components of the figure's ink outside the drawings; None without contrast.

    The drawings are the crops that contain no other crop (`drawing_boxes`).
    """
    crop_boxes = drawing_boxes(crop_boxes)
    grey = grey_levels(figure)
    background = paper_level(grey)
    darkest = float(np.percentile(grey, 0.5))
    if background - darkest < MIN_INK_LEVELS:
        return None
    full_ink = ink_mask(grey, margin=INK_MARGIN, background=background)
    ink = full_ink.copy()
    height, width = grey.shape
    for box in crop_boxes:
        x0, y0, x1, y1 = clip(expand(box, CROP_INFLATE_PX), (width, height))
        ink[y0:y1, x0:x1] = False
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    widths, heights = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    rule = (widths > RULE_ASPECT * heights) & (widths > RULE_MIN_WIDTH_PX)
    text_like = (
        (heights <= MAX_CHAR_HEIGHT_PX)
        & (stats[:, cv2.CC_STAT_AREA] >= MIN_COMPONENT_AREA)
        & ~rule
        & ~_cut_from_drawings(full_ink, labels, count, crop_boxes)
    )
    text_like[0] = False  # the background
    return InkAnalysis(grey=grey, labels=labels, stats=stats, text_like=text_like)


def _cut_from_drawings(
    full_ink: np.ndarray, labels: np.ndarray, count: int, crop_boxes: Sequence[Box]
) -> np.ndarray:
    """Per component outside the crops: is it the cut-off end of a drawing's stroke?

    A crop box a pixel too tight leaves bond stubs and specks outside it, which the
    recogniser happily reads as '1' or '5'. Before blanking, they belong to an ink
    component that lies mostly inside a crop (the molecule's skeleton). A label glyph
    that a loose box clips by a row stays: most of its ink is outside.
    """
    whole_count, whole = cv2.connectedComponents(full_ink.astype(np.uint8), connectivity=8)
    in_crops = np.zeros(full_ink.shape, dtype=bool)
    for x0, y0, x1, y1 in crop_boxes:
        in_crops[max(0, y0) : max(0, y1), max(0, x0) : max(0, x1)] = True
    total = np.bincount(whole.ravel(), minlength=whole_count)
    inside = np.bincount(whole[in_crops].ravel(), minlength=whole_count)
    drawing = inside > CUT_INSIDE_SHARE * np.maximum(total, 1)
    drawing[0] = False
    cut = np.zeros(count, dtype=bool)
    cut[np.unique(labels[(labels > 0) & drawing[whole]])] = True
    cut[0] = False
    return cut


def component_box(stats: np.ndarray, index: int) -> Box:
    """The bounding box of one connected component (a row of OpenCV's stats)."""
    x, y, w, h = (int(v) for v in stats[index, :4])
    return (x, y, x + w, y + h)


def grow_line(analysis: InkAnalysis, seed: int, pool: np.ndarray) -> tuple[Box, tuple[int, ...]]:
    """The text line through `seed`: text-like components level with it and near it."""
    members = [seed]
    x0, y0, x1, y1 = component_box(analysis.stats, seed)
    changed = True
    while changed and len(members) < MAX_LINE_COMPONENTS:
        changed = False
        line_h = y1 - y0
        for index in pool:
            if index in members:
                continue
            bx0, by0, bx1, by1 = component_box(analysis.stats, int(index))
            overlap = min(y1, by1) - max(y0, by0)
            if overlap < LINE_OVERLAP * min(line_h, by1 - by0):
                continue
            gap = max(bx0 - x1, x0 - bx1, 0)
            if gap > WORD_GAP_FRACTION * max(line_h, by1 - by0):
                continue
            if by1 - by0 > 2 * line_h and by1 - by0 > 12:
                continue  # a much taller blob is not the same line's glyph
            members.append(int(index))
            x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
            changed = True
    return (x0, y0, x1, y1), tuple(sorted(members))


ENTRY_GAP_FRACTION = 0.9
"""Two scope entries printed on one line ('9ag; 81% (10 h)   9ah; 80% (6 h)') stand about
1.3 glyph heights apart, words of one entry about 0.45: a gap of this many median glyph
heights separates entries (a superscript footnote makes the line, not a glyph, taller)."""


def split_entries(
    analysis: InkAnalysis, members: tuple[int, ...], span: tuple[int, int]
) -> tuple[Box, tuple[int, ...]]:
    """The entry of a line that lies over `span` (x0, x1) when the line holds several.

    A line that reaches past the crop's sides may be the labels of two neighbouring
    structures set on one row; it is cut at entry-sized gaps (`ENTRY_GAP_FRACTION`) and
    the part overlapping the crop most is kept. A line within the span is kept whole.
    """
    boxes = [component_box(analysis.stats, index) for index in members]
    whole = union(boxes)
    if whole[0] >= span[0] and whole[2] <= span[1]:
        return whole, members
    glyph = float(np.median([b[3] - b[1] for b in boxes]))
    order = sorted(range(len(boxes)), key=lambda k: boxes[k][0])
    parts: list[list[int]] = [[order[0]]]
    right = boxes[order[0]][2]
    for k in order[1:]:
        if boxes[k][0] - right >= ENTRY_GAP_FRACTION * glyph:
            parts.append([])
        parts[-1].append(k)
        right = max(right, boxes[k][2])
    if len(parts) == 1:
        return whole, members

    def overlap(part: list[int]) -> int:
        return min(span[1], max(boxes[k][2] for k in part)) - max(
            span[0], min(boxes[k][0] for k in part)
        )

    best = max(parts, key=overlap)
    return union(boxes[k] for k in best), tuple(sorted(members[k] for k in best))


def near_components(analysis: InkAnalysis, window: Box) -> np.ndarray:
    """Text-like component ids whose box intersects `window`."""
    stats = analysis.stats
    x0, y0, x1, y1 = window
    right = stats[:, 0] + stats[:, 2]
    bottom = stats[:, 1] + stats[:, 3]
    hit = (stats[:, 0] < x1) & (right > x0) & (stats[:, 1] < y1) & (bottom > y0)
    return np.flatnonzero(hit & analysis.text_like)


def all_lines(analysis: InkAnalysis) -> list[tuple[Box, tuple[int, ...]]]:
    """Every text line of the figure outside the crops (for `unclaimed_labels`)."""
    pool = np.flatnonzero(analysis.text_like)
    taken: set[int] = set()
    lines: list[tuple[Box, tuple[int, ...]]] = []
    for seed in pool:
        if int(seed) in taken:
            continue
        line, members = grow_line(analysis, int(seed), pool)
        taken.update(members)
        if len(members) < MAX_LINE_COMPONENTS:
            lines.append((line, members))
    return lines


def label_shaped(box: Box, components: Sequence[int]) -> bool:
    """Short enough to be a label ('(R)-14d', '3c, 85%'), tall enough to be text."""
    height = box[3] - box[1]
    return (
        height >= MIN_TEXT_HEIGHT_PX
        and box[2] - box[0] <= LABEL_MAX_ASPECT * height
        and len(components) <= LABEL_MAX_COMPONENTS
    )


def same_box(a: Box, b: Box) -> bool:
    """Whether two boxes frame the same text (overlap over half of the smaller)."""
    shared = intersection_area(a, b)
    return shared > 0 and shared >= CLAIM_OVERLAP * max(min(area(a), area(b)), 1)
