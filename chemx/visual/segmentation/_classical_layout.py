"""The measuring half of the classical segmenter: from pixels to a figure's layout.

`analyse` binarises a figure, measures its stroke width and character height, takes
out arrows and rules, groups the remaining blobs by proximity and calls each group a
molecule, a text line or a '+'. `classical.py` turns that layout into crops, labels
and reaction steps. Every distance is a multiple of the measured stroke width or
character height; the constants below say how each factor was chosen.

The passes' parts live beside this module: `_classical_pixels` (analysis size, ink
masks, stroke width, character height), `_classical_strokes` (arrow, rule, '+' and
open-line shape tests) and `_classical_groups` (text or drawing, lines, fragments).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np
from PIL import Image

from chemx.geometry import FBox, union
from chemx.visual.segmentation._classical_groups import (
    has_bonds,
    is_text_group,
    merge_fragments,
    peel_text_rows,
    text_lines,
)
from chemx.visual.segmentation._classical_pixels import (
    Skip,
    binarise,
    measure_char_height,
    measure_stroke_width,
    prepare,
)
from chemx.visual.segmentation._classical_strokes import (
    is_frame,
    is_plus,
    is_straight_line,
    polyline,
    straight_stroke,
)

MAX_COMPONENTS = 8000
"""More blobs than this is texture or noise, not a drawing (a dense page has ~1000)."""
SPECK_AREA = 3
"""Blobs smaller than this many pixels are scan or JPEG dust (a period is larger)."""

CHAR_MAX_STROKES = 15.0
"""Letters are at most this many stroke widths tall (bold labels ~5, thin 30 px text
~15): a figure without text, whose blobs are all drawings, cannot pass them off as
characters."""

# -- grouping ------------------------------------------------------------------------

GROUP_GAP = 0.4
"""Blobs closer than this many character heights belong together. RDKit and ChemDraw
leave 0.1-0.3 character heights between a bond end and its atom symbol and about 0.25
between words' letters; compound labels sit 0.6 or more below their drawing."""
MOLECULE_MIN_EXTENT = 1.5
"""A drawing spans at least this many character heights (methanol's one bond does)."""

# -- arrows, rules, plus signs -------------------------------------------------------

ARROW_MIN_LENGTH = 3.0
"""An arrow is at least this many character heights long (they are usually 4-10;
bonds, which must not be taken for arrows, are at most about 2.5)."""
RULE_MIN_LENGTH = 4.0
"""A straight headless stroke this many character heights long is a rule or a bracket
stem, not a bond (bonds are 1.5-2.5 character heights)."""
PLUS_MAX_SIZE = 3.0
"""A '+' is at most this many character heights across."""


# ------------------------------------------------------------------------ data types


@dataclass(frozen=True)
class Arrow:
    """A detected arrow in analysis pixels: its box and its tail-to-head line."""

    box: FBox
    tail: tuple[float, float]
    head: tuple[float, float]

    @property
    def length(self) -> float:
        return math.dist(self.tail, self.head)


@dataclass
class Layout:
    """What one figure holds, in analysis pixels (`factor` times the original)."""

    factor: float
    char_height: float
    molecules: list[FBox] = field(default_factory=list)
    texts: list[FBox] = field(default_factory=list)
    pluses: list[FBox] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    rules: list[Arrow] = field(default_factory=list)
    """Long straight headless lines, oriented left to right or top to bottom."""
    notes: list[str] = field(default_factory=list)


def _is_straight(labels: np.ndarray, stats: np.ndarray, blob: int) -> bool:
    """Whether one blob is a single straight stroke (`is_straight_line`)."""
    x, y, w, h = (int(v) for v in stats[blob, :4])
    ys, xs = np.nonzero(labels[y : y + h, x : x + w] == blob)
    return is_straight_line(np.column_stack([xs, ys]).astype(float))


# --------------------------------------------------------------------------- passes


def analyse(image: Image.Image) -> Layout:
    """Find molecules, text lines, '+' signs and arrows (raises `Skip` on odd images)."""
    grey, factor = prepare(image)
    ink, faint = binarise(grey)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    blobs = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= SPECK_AREA]
    if not blobs:
        raise Skip("no ink found (blank image)")
    if len(blobs) > MAX_COMPONENTS:
        raise Skip(f"not line art ({len(blobs)} separate blobs: noise or texture)")
    stroke = measure_stroke_width(ink)
    char_h = min(
        measure_char_height(stats[blobs, cv2.CC_STAT_HEIGHT], grey.shape[0]),
        CHAR_MAX_STROKES * stroke,
    )
    layout = Layout(factor=factor, char_height=char_h)

    keep = np.zeros(count, dtype=np.uint8)
    keep[blobs] = 1
    lines = np.zeros(count, dtype=np.uint8)  # arrows and rules
    frames = 0
    for i in blobs:
        x, y, w, h, _ = (int(v) for v in stats[i])
        if math.hypot(w, h) < ARROW_MIN_LENGTH * char_h:
            continue
        if is_frame(labels[y : y + h, x : x + w] == i, math.ceil(RULE_MIN_LENGTH * char_h)):
            keep[i], lines[i] = 0, 1  # a box or table grid around drawings: no molecule
            frames += 1
            continue
        ys, xs = np.nonzero(labels[y : y + h, x : x + w] == i)
        if len(xs) > stroke * math.hypot(w, h) * 4:  # far too much ink for a stroke
            continue
        found = straight_stroke(np.column_stack([xs + x, ys + y]).astype(float), stroke)
        if found is None:
            continue
        kind, tail, head = found
        if kind == "arrow":
            layout.arrows.append(Arrow((x, y, x + w, y + h), tail, head))
            keep[i], lines[i] = 0, 1
        elif math.dist(tail, head) >= RULE_MIN_LENGTH * char_h:
            keep[i], lines[i] = 0, 1  # rules, separators, bracket stems: not text or molecule
            start, end = sorted((tail, head), key=lambda p: (p[0], p[1]))
            if abs(head[1] - tail[1]) > abs(head[0] - tail[0]):
                start, end = sorted((tail, head), key=lambda p: (p[1], p[0]))
            layout.rules.append(Arrow((x, y, x + w, y + h), start, end))

    if frames:
        layout.notes.append(f"{frames} frame(s) or table grid(s) around the drawings left out")
    # Group what is left by proximity: dilate, then read the group of each blob.
    # Specks and faint ink bridge (dashed wedges), arrows and rules with their halo do not.
    mask = keep[labels]
    removed = cv2.dilate(lines[labels], np.ones((5, 5), np.uint8))
    bridges = ((faint > 0) | (ink > 0)) & (removed == 0)
    radius = max(1, math.ceil(GROUP_GAP * char_h / 2))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
    _, groups = cv2.connectedComponents(
        cv2.dilate(bridges.astype(np.uint8), kernel), connectivity=8
    )
    group_of = np.zeros(count, dtype=np.int64)
    group_of[labels[mask > 0]] = groups[mask > 0]
    members: dict[int, list[int]] = {}
    for i in blobs:
        if keep[i]:
            members.setdefault(int(group_of[i]), []).append(i)

    texts: list[FBox] = []
    drawings: list[tuple[list[int], list[FBox]]] = []
    for blob_ids in members.values():
        boxes = [
            (
                float(stats[i, 0]),
                float(stats[i, 1]),
                float(stats[i, 0] + stats[i, 2]),
                float(stats[i, 1] + stats[i, 3]),
            )
            for i in blob_ids
        ]
        box = union(boxes)
        if len(blob_ids) == 1:
            i = blob_ids[0]
            x, y, w, h, _ = (int(v) for v in stats[i])
            if max(w, h) <= PLUS_MAX_SIZE * char_h and is_plus(
                labels[y : y + h, x : x + w] == i, stroke
            ):
                layout.pluses.append(box)
                continue
        group = stats[blob_ids].astype(float)

        def straight(row: int, ids: list[int] = blob_ids) -> bool:
            return _is_straight(labels, stats, ids[row])

        if is_text_group(group, char_h, stroke) and not has_bonds(group, char_h, straight):
            texts.append(box)
        elif max(box[2] - box[0], box[3] - box[1]) < MOLECULE_MIN_EXTENT * char_h:
            texts.append(box)  # '=', '~', stray marks: too small to be a drawing
        elif (
            len(blob_ids) == 1
            and max(box[2] - box[0], box[3] - box[1]) >= RULE_MIN_LENGTH * char_h
            and polyline(stats[blob_ids[0]], stroke)
        ):
            continue  # a bent arrow or a bracket: no molecule is one open line
        else:
            drawings.append((blob_ids, boxes))
    outside = list(texts)  # label rows that go on outside a drawing group are peeled
    for blob_ids, boxes in drawings:
        kept, rows = peel_text_rows(
            stats[blob_ids].astype(float), char_h, stroke, reach=2.0 * radius + 1, lines=outside
        )
        texts.extend(union(boxes[k] for k in row) for row in rows)
        layout.molecules.append(union(boxes[k] for k in kept))
    layout.texts = text_lines(texts)
    layout.molecules = merge_fragments(layout.molecules, char_h)
    return layout
