"""The measuring half of the classical segmenter: from pixels to a figure's layout.

`analyse` binarises a figure, measures its stroke width and character height, takes
out arrows and rules, groups the remaining blobs by proximity and calls each group a
molecule, a text line or a '+'. `classical.py` turns that layout into crops, labels
and reaction steps. Every distance is a multiple of the measured stroke width or
character height; the constants below say how each factor was chosen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import cv2
import numpy as np
from PIL import Image

# -- input guards --------------------------------------------------------------------

MIN_SIDE = 16
"""Below this many pixels a side no structure can be drawn legibly (a 5x5 icon)."""
MAX_ANALYSIS_SIDE = 2000
"""Larger images are shrunk to this side for analysis: a 300-dpi page is ~2500 px and
its strokes stay 2+ px wide at this size, while the pass stays well under a second."""
MAX_COMPONENTS = 8000
"""More blobs than this is texture or noise, not a drawing (a dense page has ~1000)."""
MIN_CONTRAST = 60
"""Ink is at least this much darker than the background (grey levels); blurred thin
lines of a downscaled scan still reach ~120 on white."""
MIN_INK_PIXELS = 12
"""Fewer such pixels than this is a blank image (a single short bond has more)."""
BACKGROUND_TOLERANCE = 40
"""Grey levels within this of the background count as background for the line-art test."""
MIN_BACKGROUND_FRACTION = 0.6
"""Line art is mostly background (drawings cover 2-20 %); photos and micrographs are not."""
THRESHOLD_CEILING = 40
"""The ink threshold stays at least this far below the background, so light tints and
grey table bands (10-30 levels below white) are not taken for ink."""
FAINT_DELTA = 32
"""Pixels this far below the background are faint ink: anti-aliasing, never JPEG
noise on white (which stays within ~20 levels)."""
SPECK_AREA = 3
"""Blobs smaller than this many pixels are scan or JPEG dust (a period is larger)."""

COLOUR_LIFT = 80
"""A pixel is at least as dark as its darkest channel plus this: pure yellow (255, 255,
0) reads 80, dark ink; a pale blue tint (200, 220, 255) keeps its luminance, ~218."""

CHAR_MAX_STROKES = 15.0
"""Letters are at most this many stroke widths tall (bold labels ~5, thin 30 px text
~15): a figure without text, whose blobs are all drawings, cannot pass them off as
characters."""

# -- grouping ------------------------------------------------------------------------

GROUP_GAP = 0.4
"""Blobs closer than this many character heights belong together. RDKit and ChemDraw
leave 0.1-0.3 character heights between a bond end and its atom symbol and about 0.25
between words' letters; compound labels sit 0.6 or more below their drawing."""
TEXT_MAX_HEIGHT = 1.55
"""In a text group no blob is taller than this many times the group's median blob
(parentheses are about 1.3 times a capital letter)."""
BRACKET_MAX_HEIGHT = 2.0
"""Brackets in text are at most this many times the median letter (about 1.6 times a
lowercase letter, 1.3 times a capital)."""
TEXT_MAX_WIDTH = 1.45
"""In a text group no blob is wider than this many times its tallest ordinary letter
('m' and '%' are about 1.2 times; a bond is usually 1.6+ times an atom symbol)."""
TEXT_MAX_GLYPH = 2.5
"""No character is taller or wider than this many figure character heights (bold
compound labels are set up to ~1.5 times the atom symbols, parentheses ~1.3 more);
a small ring drawn as one blob (cyclopentanone) is already larger."""
LINE_INK = 1.5
"""A straight line of length L holds about stroke x L pixels of ink, a bent bond pair
up to ~1.3 times that; touching letters hold 1.7 or more."""
MOLECULE_MIN_EXTENT = 1.5
"""A drawing spans at least this many character heights (methanol's one bond does)."""
POLYLINE_SLACK = 1.25
"""Slack on `LINE_INK` for the polyline test: an L-shaped arrow's two legs hold about
stroke x (width + height) pixels; a bare zigzag chain would be dropped too, a price
paid to keep bent arrows and brackets out of the crops."""
FRAGMENT_MAX_EXTENT = 4.0
"""A drawing group at most this many character heights across may be a cut-off piece
of a neighbour (a nitrile, an acetyl, a methyl) ..."""
FRAGMENT_GAP = 1.0
"""... when it lies within this many character heights of it. Separate drawings stand
2+ character heights apart in journal figures."""
WORD_GAP = 1.0
"""Text groups on one row join into a line when closer than this many heights of the
shorter group (word spaces are ~0.3, the gap to the next column is larger)."""
LINE_HEIGHT_RATIO = 2.0
"""Words of one line differ in height by less than this (a word with a descender or a
superscript against one without)."""
ROW_OVERLAP = 0.5
"""Two text groups are on one row when they share this fraction of the lower one's height."""

# -- arrows, rules, plus signs -------------------------------------------------------

ARROW_MIN_LENGTH = 3.0
"""An arrow is at least this many character heights long (they are usually 4-10;
bonds, which must not be taken for arrows, are at most about 2.5)."""
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
RULE_MIN_LENGTH = 4.0
"""A straight headless stroke this many character heights long is a rule or a bracket
stem, not a bond (bonds are 1.5-2.5 character heights)."""
PLUS_MAX_SIZE = 3.0
"""A '+' is at most this many character heights across."""
PLUS_ARM = 0.75
"""Each bar of a '+' covers at least this fraction of the blob's width or height."""

FBox = tuple[float, float, float, float]


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


class Skip(Exception):
    """The image cannot be segmented; the message goes into the notes."""


# --------------------------------------------------------------------------- passes


def _to_grey(image: Image.Image) -> np.ndarray:
    """Darkness of the image flattened onto white (alpha is composited, not dropped)."""
    if image.mode in ("RGBA", "LA", "PA", "P"):
        rgba = image.convert("RGBA")
        background = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        background.alpha_composite(rgba)
        image = background
    rgb = np.asarray(image.convert("RGB"), dtype=np.int16)
    luminance = np.asarray(image.convert("L"), dtype=np.int16)
    # Saturated colours (a yellow S, a cyan N) are ink even when their luminance is
    # near white; pale tints (highlight boxes) keep their luminance.
    return np.minimum(luminance, rgb.min(axis=2) + COLOUR_LIFT).astype(np.uint8)


def _prepare(image: Image.Image) -> tuple[np.ndarray, float]:
    """Grey image at analysis size and the factor from original to analysis pixels."""
    width, height = image.size
    if min(width, height) < MIN_SIDE:
        raise Skip(f"image too small to hold a structure ({width}x{height} px)")
    factor = min(1.0, MAX_ANALYSIS_SIDE / max(width, height))
    step = math.floor(1 / factor)
    if step >= 2:  # shrink by whole steps first: cheaper than converting every pixel
        if image.mode not in ("RGB", "RGBA", "L", "LA"):
            image = image.convert("RGBA" if "A" in image.getbands() else "RGB")
        image = image.reduce(step)
    grey = _to_grey(image)
    if factor < 1.0:
        size = (max(1, round(width * factor)), max(1, round(height * factor)))
        grey = cv2.resize(grey, size, interpolation=cv2.INTER_AREA)
    return grey, factor


def _binarise(grey: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ink and faint-ink masks (uint8 0/1); dark-background figures are inverted first.

    Blobs are cut from the ink mask. The faint mask adds the light anti-aliased pixels
    (hashed-wedge dashes near their narrow end, thin strokes of small drawings); it
    only bridges gaps when blobs are grouped.
    """
    histogram = np.bincount(grey.ravel(), minlength=256)
    background = int(np.argmax(np.convolve(histogram, np.ones(5), mode="same")))
    if background < 128:
        grey = 255 - grey
        background = 255 - background
    near = np.abs(grey.astype(np.int16) - background) <= BACKGROUND_TOLERANCE
    if near.mean() < MIN_BACKGROUND_FRACTION:
        raise Skip("not line art (too little plain background: photo, micrograph or texture)")
    if np.count_nonzero(grey < background - MIN_CONTRAST) < MIN_INK_PIXELS:
        raise Skip("no ink found (blank or low-contrast image)")
    otsu, _ = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if otsu <= 0:  # two-level images: Otsu returns the lower level
        otsu = float(grey.min())
    threshold = min((otsu + background) / 2, background - THRESHOLD_CEILING)
    faint = background - FAINT_DELTA
    return (grey < threshold).astype(np.uint8), (grey < faint).astype(np.uint8)


def _runs(mask: np.ndarray) -> np.ndarray:
    """Lengths of the horizontal runs of ink in a 0/1 mask."""
    padded = np.pad(mask, ((0, 0), (1, 1))).astype(np.int8)
    steps = np.diff(padded, axis=1).ravel()
    return np.flatnonzero(steps == -1) - np.flatnonzero(steps == 1)


def _stroke_width(ink: np.ndarray) -> float:
    """Median ink run across rows and columns: the typical line width of the drawing."""
    runs = np.concatenate([_runs(ink), _runs(np.ascontiguousarray(ink.T))])
    return float(np.median(runs)) if runs.size else 1.0


def _char_height(heights: np.ndarray, image_height: int) -> float:
    """Median blob height: characters outnumber bond networks in chemistry figures.

    Blobs taller than a third of the image (frames, whole drawings) are left out.
    """
    usable = heights[(heights >= 3) & (heights <= max(6, image_height / 3))]
    if usable.size == 0:
        return float(max(6.0, np.median(heights))) if heights.size else 6.0
    return float(max(4.0, np.median(usable)))


def _principal(points: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Centre, main axis and normal of a point cloud (N x 2, as x, y)."""
    centre = points.mean(axis=0)
    covariance = np.cov((points - centre).T) if len(points) > 1 else np.eye(2)
    values, vectors = np.linalg.eigh(covariance)
    axis = vectors[:, int(np.argmax(values))]
    return centre, axis, np.array([-axis[1], axis[0]])


def _straight_stroke(
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


def _is_plus(blob: np.ndarray, stroke: float) -> bool:
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


def _polyline(stat: np.ndarray, stroke: float) -> bool:
    """Whether a blob holds no more ink than one line along two sides of its box.

    Bent arrows, brackets and curly braces do; rings and branched bond networks hold
    more (a benzene ring about 1.6 times as much), and so does any blob with letters.
    """
    _, _, width, height, area = (float(v) for v in stat)
    return area <= LINE_INK * stroke * (width + height) / POLYLINE_SLACK


def union(boxes: Iterable[FBox]) -> FBox:
    items = list(boxes)
    return (
        min(b[0] for b in items),
        min(b[1] for b in items),
        max(b[2] for b in items),
        max(b[3] for b in items),
    )


def _is_text_group(blobs: np.ndarray, char_height: float, stroke: float) -> bool:
    """A group whose blobs (rows of x, y, width, height, area) are all character-sized.

    Sizes are compared with the group's own median blob (labels are often set larger
    than atom symbols) and, so that a lone bond network is not one big 'letter', with
    the figure's character height. A blob wider than a letter is still text when it
    holds too much ink for a line (touching letters such as 're' or 'fi'); a bond of
    the same size is a thin line. A blob taller than a letter is still text when it
    brackets its neighbours ('(', ')', '[' around 'nm' or 'S'); a bond leaves its atom
    symbol outside its span.
    """
    tops, widths, heights, areas = blobs[:, 1], blobs[:, 2], blobs[:, 3], blobs[:, 4]
    if (blobs[:, 2:4] > TEXT_MAX_GLYPH * char_height).any():
        return False
    # Punctuation, degree signs and subscripts would drag a plain median down.
    median = float(np.median(heights[heights >= heights.max() / 2]))
    inky = areas >= LINE_INK * stroke * np.hypot(widths, heights)
    # Widths are measured against the tallest ordinary letter ('d', 'p', capitals),
    # so that 'm' and 'w' in lower-case words pass while a bond beside 'OH' does not.
    regular = heights[heights <= TEXT_MAX_HEIGHT * median]
    letter = float(regular.max()) if regular.size else median
    if not ((widths <= TEXT_MAX_WIDTH * letter) | inky).all():
        return False
    centres = tops + heights / 2
    for i in np.flatnonzero(heights > TEXT_MAX_HEIGHT * median):
        if heights[i] > BRACKET_MAX_HEIGHT * median:
            return False
        others = np.delete(centres, i)
        inside = (others >= tops[i]) & (others <= tops[i] + heights[i])
        if others.size == 0 or inside.mean() < 0.5:
            return False
    return True


def _clusters(pairs: np.ndarray) -> list[list[int]]:
    """Connected sets of a symmetric boolean adjacency matrix (union-find)."""
    parent = list(range(len(pairs)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in zip(*np.nonzero(np.triu(pairs, 1)), strict=True):
        parent[root(int(i))] = root(int(j))
    sets: dict[int, list[int]] = {}
    for i in range(len(pairs)):
        sets.setdefault(root(i), []).append(i)
    return list(sets.values())


def _merge_until_stable(
    boxes: list[FBox], adjacent: Callable[[np.ndarray], np.ndarray]
) -> list[FBox]:
    """Union the boxes that `adjacent` links, until nothing changes.

    `adjacent` maps an N x 4 array of boxes to an N x N boolean matrix; links are
    recomputed on the merged boxes, since a merged box may reach new neighbours.
    """
    while len(boxes) > 1:
        groups = _clusters(adjacent(np.array(boxes, dtype=float)))
        if len(groups) == len(boxes):
            break
        boxes = [union(boxes[i] for i in group) for group in groups]
    return boxes


def _same_line(b: np.ndarray) -> np.ndarray:
    """Text boxes on one row (shared height), of similar size, a word space apart."""
    x0, y0, x1, y1 = (b[:, k] for k in range(4))
    height = y1 - y0
    overlap = np.minimum(y1[:, None], y1[None, :]) - np.maximum(y0[:, None], y0[None, :])
    shorter = np.minimum(height[:, None], height[None, :])
    taller = np.maximum(height[:, None], height[None, :])
    gap = np.maximum(x0[:, None], x0[None, :]) - np.minimum(x1[:, None], x1[None, :])
    return (
        (overlap >= ROW_OVERLAP * shorter)
        & (gap <= WORD_GAP * shorter)
        & (taller <= LINE_HEIGHT_RATIO * shorter)
    )


def _box_gaps(b: np.ndarray) -> np.ndarray:
    """Euclidean gaps between all pairs of boxes (0 where they overlap)."""
    dx = np.maximum(
        0.0, np.maximum(b[:, None, 0], b[None, :, 0]) - np.minimum(b[:, None, 2], b[None, :, 2])
    )
    dy = np.maximum(
        0.0, np.maximum(b[:, None, 1], b[None, :, 1]) - np.minimum(b[:, None, 3], b[None, :, 3])
    )
    return np.hypot(dx, dy)


def _text_lines(boxes: list[FBox]) -> list[FBox]:
    """Merge text groups that sit on one row with word-sized gaps into lines."""
    return _merge_until_stable(boxes, _same_line)


def analyse(image: Image.Image) -> Layout:
    """Find molecules, text lines, '+' signs and arrows (raises `Skip` on odd images)."""
    grey, factor = _prepare(image)
    ink, faint = _binarise(grey)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    blobs = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= SPECK_AREA]
    if not blobs:
        raise Skip("no ink found (blank image)")
    if len(blobs) > MAX_COMPONENTS:
        raise Skip(f"not line art ({len(blobs)} separate blobs: noise or texture)")
    stroke = _stroke_width(ink)
    char_h = min(
        _char_height(stats[blobs, cv2.CC_STAT_HEIGHT], grey.shape[0]), CHAR_MAX_STROKES * stroke
    )
    layout = Layout(factor=factor, char_height=char_h)

    keep = np.zeros(count, dtype=np.uint8)
    keep[blobs] = 1
    lines = np.zeros(count, dtype=np.uint8)  # arrows and rules
    for i in blobs:
        x, y, w, h, _ = (int(v) for v in stats[i])
        if math.hypot(w, h) < ARROW_MIN_LENGTH * char_h:
            continue
        ys, xs = np.nonzero(labels[y : y + h, x : x + w] == i)
        if len(xs) > stroke * math.hypot(w, h) * 4:  # far too much ink for a stroke
            continue
        found = _straight_stroke(np.column_stack([xs + x, ys + y]).astype(float), stroke)
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
            if max(w, h) <= PLUS_MAX_SIZE * char_h and _is_plus(
                labels[y : y + h, x : x + w] == i, stroke
            ):
                layout.pluses.append(box)
                continue
        if _is_text_group(stats[blob_ids].astype(float), char_h, stroke):
            texts.append(box)
        elif max(box[2] - box[0], box[3] - box[1]) < MOLECULE_MIN_EXTENT * char_h:
            texts.append(box)  # '=', '~', stray marks: too small to be a drawing
        elif (
            len(blob_ids) == 1
            and max(box[2] - box[0], box[3] - box[1]) >= RULE_MIN_LENGTH * char_h
            and _polyline(stats[blob_ids[0]], stroke)
        ):
            continue  # a bent arrow or a bracket: no molecule is one open line
        else:
            layout.molecules.append(box)
    layout.texts = _text_lines(texts)
    layout.molecules = _merge_fragments(layout.molecules, char_h)
    return layout


def _merge_fragments(molecules: list[FBox], char_height: float) -> list[FBox]:
    """Join small drawing groups to a drawing a bond's gap away.

    Such pieces are cut off by an atom symbol set further from its bonds than usual,
    as in S-C≡N or an O-acetyl.
    """

    def adjacent(b: np.ndarray) -> np.ndarray:
        small = (np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1])) <= (
            FRAGMENT_MAX_EXTENT * char_height
        )
        near = _box_gaps(b) <= FRAGMENT_GAP * char_height
        return near & (small[:, None] | small[None, :])

    return _merge_until_stable(list(molecules), adjacent)


def gap(a: FBox, b: FBox) -> float:
    """Euclidean distance between two boxes (0 when they overlap)."""
    dx = max(0.0, max(a[0], b[0]) - min(a[2], b[2]))
    dy = max(0.0, max(a[1], b[1]) - min(a[3], b[3]))
    return math.hypot(dx, dy)
