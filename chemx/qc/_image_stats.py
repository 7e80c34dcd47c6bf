"""The image statistics QC 1 decides on: levels, components, repeats, strokes, boxes.

`measure` returns every statistic for one RGB crop, shrunk to `MAX_ANALYSIS_SIDE` so the
values do not depend on its size; `chemx.qc.structure_check` holds the thresholds and
the rule that reads them (its docstring says which values the accept and reject sets
gave). The constants here tune the measurements themselves.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
from PIL import Image
from scipy import ndimage

from chemx.ink import ink_mask

# -- size ---------------------------------------------------------------------------------

MAX_ANALYSIS_SIDE = 800
"""Larger crops are shrunk to this side before the (size-independent) statistics."""

# -- levels ---------------------------------------------------------------------------

WHITE_LEVEL = 225
"""Grey at or above this is paper (JPEG ringing leaves white at 235-255)."""
INK_LEVEL = 128
"""Grey below this is a stroke's core (an absolute level: crops are judged on paper)."""
MIDTONE_RANGE = (60, 200)
"""Grey levels that line art only has on stroke edges and shaded pictures everywhere."""
SMOOTH_GRADIENT = 12.0
"""Grey levels per pixel (central difference) below which a mid-tone pixel is 'smooth':
a 2-px anti-aliased edge changes by 60+ per pixel, a shaded sphere of radius 30 by 5-10."""
SATURATION_COLOURED = 0.35
"""HSV saturation above which a pixel counts as coloured."""
CONTRAST_DARK_PERCENTILE = 0.05
"""The contrast is the 90th percentile minus this one (the 'darkest' pixels): a 1-px
drawing on a large crop has under 1 % ink, so the 1st percentile is already paper;
0.05 % still ignores a few dark noise pixels."""

# -- repeats, strokes, boxes ----------------------------------------------------------

PERIOD_MIN_SHIFT_PX = 8
PERIOD_MIN_SHIFT_FRACTION = 0.08
"""Autocorrelation shifts shorter than this (of the shorter side) are a stroke matching
its own neighbourhood, not a repeat."""
REPEAT_PEAK_LEVEL = 0.3
"""Autocorrelation (0-1, zero shift = 1) a repeat must reach to count as a peak."""
REPEAT_DIRECTION_BIN_DEG = 20.0
"""Peak directions are binned this coarsely (9 bins over 180 degrees)."""
OBLIQUE_TOLERANCE_DEG = 12.0
"""Strokes within this of horizontal or vertical are axis-aligned."""
BOX_MIN_FRACTION = 0.01
"""A box must cover this share of the crop, so the hole of an 'O' is not a box."""
BOX_MIN_SIDE_PX = 12
BOX_MIN_RECTANGULARITY = 0.85
"""Share of its bounding rectangle a box's hole fills (rectangles ~0.95, hexagons 0.75)."""


def measure(image: Image.Image) -> dict[str, float]:
    """Every statistic QC 1 uses, for one RGB crop (see `chemx.qc.structure_check`)."""
    rgb = np.asarray(_shrink(image), dtype=np.uint8)
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    total = float(grey.size)
    paper = grey >= WHITE_LEVEL
    ink = ink_mask(grey, level=INK_LEVEL)
    drawn = ~paper
    drawn_count = max(1.0, float(drawn.sum()))
    scores: dict[str, float] = {
        "white_fraction": float(paper.sum()) / total,
        "ink_fraction": float(ink.sum()) / total,
        "ink_pixels": float(ink.sum()),
        "contrast": float(np.percentile(grey, 90) - np.percentile(grey, CONTRAST_DARK_PERCENTILE)),
        "entropy": _entropy(grey),
        "grey_levels": float(_distinct_levels(grey[drawn])),
    }
    hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)
    saturation = hsv[..., 1].astype(np.float32) / 255.0
    scores["colour_fraction"] = float((saturation[drawn] > SATURATION_COLOURED).sum()) / drawn_count
    scores["smooth_midtone"] = _smooth_midtone(grey, drawn, drawn_count)
    scores.update(_components(ink))
    scores.update(_periodicity(ink))
    scores.update(_strokes(ink))
    return scores


def _smooth_midtone(grey: np.ndarray, drawn: np.ndarray, drawn_count: float) -> float:
    """Share of drawn pixels that are mid-grey with a small local gradient."""
    smooth = grey.astype(np.float32)
    gx = cv2.Sobel(smooth, cv2.CV_32F, 1, 0, ksize=3) / 8.0
    gy = cv2.Sobel(smooth, cv2.CV_32F, 0, 1, ksize=3) / 8.0
    gradient = np.hypot(gx, gy)
    low, high = MIDTONE_RANGE
    midtone = (grey >= low) & (grey <= high)
    # Erode the 'flat' mask so pixels next to a stroke edge do not count as smooth.
    flat = (gradient < SMOOTH_GRADIENT).astype(np.uint8)
    flat = cv2.erode(flat, np.ones((3, 3), np.uint8)) > 0
    return float((midtone & flat & drawn).sum()) / drawn_count


def _components(ink: np.ndarray) -> dict[str, float]:
    _, _, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    areas = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
    areas = areas[areas >= 3]  # JPEG specks
    if areas.size == 0:
        return {"components": 0.0, "component_area_cv": 0.0}
    cv = float(areas.std() / areas.mean()) if areas.size > 1 else 0.0
    return {"components": float(areas.size), "component_area_cv": cv}


def _periodicity(ink: np.ndarray) -> dict[str, float]:
    """How often and in how many directions the ink repeats itself.

    A lattice matches itself when shifted by any cell vector (a, b, a+b, 2a, ...), so
    its autocorrelation has many strong peaks pointing in many directions. A single
    drawing matches itself only in fragments: a fused-ring ladder or a long chain along
    one direction, coronene along three ring vectors, never a dozen.

    Returns:
        'periodicity' (the strongest off-centre peak, 0-1), 'repeat_peaks' (local
        maxima above `REPEAT_PEAK_LEVEL`) and 'repeat_directions' (distinct
        `REPEAT_DIRECTION_BIN_DEG` bins their directions fall in).
    """
    mask = ink.astype(np.float32)
    mask -= mask.mean()
    energy = float((mask * mask).sum())
    if energy <= 0:
        return {"periodicity": 0.0, "repeat_peaks": 0.0, "repeat_directions": 0.0}
    rows, cols = mask.shape
    spectrum = np.fft.rfft2(mask, s=(2 * rows, 2 * cols))
    correlation = np.fft.irfft2(spectrum * np.conj(spectrum), s=(2 * rows, 2 * cols)) / energy
    # Shifts (dy, dx) with dy >= 0 and dx of either sign: the correlation is symmetric.
    top = np.concatenate([correlation[:rows, -cols + 1 :], correlation[:rows, :cols]], axis=1)
    yy, xx = np.mgrid[:rows, -cols + 1 : cols]
    min_shift = max(PERIOD_MIN_SHIFT_PX, PERIOD_MIN_SHIFT_FRACTION * min(rows, cols))
    valid = (np.hypot(yy, xx) >= min_shift) & (yy <= rows // 2) & (np.abs(xx) <= cols // 2)
    scores = np.where(valid, top, 0.0)
    local_max = ndimage.maximum_filter(scores, size=int(min_shift) | 1)
    peaks = (scores == local_max) & (scores >= REPEAT_PEAK_LEVEL)
    angles = np.degrees(np.arctan2(yy[peaks], xx[peaks])) % 180.0
    half_bin = REPEAT_DIRECTION_BIN_DEG / 2
    directions = {int(((a + half_bin) % 180.0) // REPEAT_DIRECTION_BIN_DEG) for a in angles}
    return {
        "periodicity": float(max(0.0, min(1.0, scores.max()))),
        "repeat_peaks": float(peaks.sum()),
        "repeat_directions": float(len(directions)),
    }


def _strokes(ink: np.ndarray) -> dict[str, float]:
    """Straight strokes (Hough) and closed boxes: bonds are oblique, flow charts are not."""
    rows, cols = ink.shape
    mask = ink.astype(np.uint8) * 255
    min_length = max(8, int(0.04 * min(rows, cols)))
    lines = cv2.HoughLinesP(
        mask,
        1,
        np.pi / 180,
        threshold=max(8, min_length // 2),
        minLineLength=min_length,
        maxLineGap=2,
    )
    total = oblique = 0.0
    covered = np.zeros_like(mask)
    if lines is not None:
        for x0, y0, x1, y1 in lines[:, 0]:
            length = math.hypot(x1 - x0, y1 - y0)
            angle = math.degrees(math.atan2(abs(y1 - y0), abs(x1 - x0)))
            total += length
            if OBLIQUE_TOLERANCE_DEG < angle < 90 - OBLIQUE_TOLERANCE_DEG:
                oblique += length
            cv2.line(covered, (int(x0), int(y0)), (int(x1), int(y1)), (255,), 3)
    ink_count = max(1.0, float((mask > 0).sum()))
    straight = float(((covered > 0) & (mask > 0)).sum()) / ink_count
    return {
        "line_segments": float(0 if lines is None else len(lines)),
        "oblique_fraction": oblique / total if total else 0.0,
        "straight_fraction": straight,
        "boxes": float(_count_boxes(mask)),
    }


def _count_boxes(mask: np.ndarray) -> int:
    """Closed, axis-aligned rectangles with something (text) inside them.

    A box is the hole of an ink contour that fills `BOX_MIN_RECTANGULARITY` of its
    bounding rectangle (a hexagon fills 75 %), covers `BOX_MIN_FRACTION` of the crop
    and holds at least one component: an empty square is a cyclobutane ring.
    """
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return 0
    rows, cols = mask.shape
    minimum = BOX_MIN_FRACTION * rows * cols
    count = 0
    for index, contour in enumerate(contours):
        _, _, first_child, parent = hierarchy[0][index]
        if parent < 0 or first_child < 0:
            continue  # not a hole, or an empty hole
        depth = 0
        walk = int(parent)
        while walk >= 0:
            depth += 1
            walk = int(hierarchy[0][walk][3])
        if depth % 2 == 0:
            continue  # an outer edge of ink nested in a hole, not a hole
        _, _, w, h = cv2.boundingRect(contour)
        if w * h < minimum or min(w, h) < BOX_MIN_SIDE_PX:
            continue
        if cv2.contourArea(contour) >= BOX_MIN_RECTANGULARITY * w * h:
            count += 1
    return count


def _entropy(grey: np.ndarray) -> float:
    histogram = np.bincount(grey.ravel(), minlength=256).astype(np.float64)
    probabilities = histogram[histogram > 0] / histogram.sum()
    return float(-(probabilities * np.log2(probabilities)).sum())


def _distinct_levels(values: np.ndarray) -> int:
    """Grey levels holding at least 0.5 % of the drawn pixels (noise-proof level count)."""
    if values.size == 0:
        return 0
    histogram = np.bincount(values.ravel(), minlength=256)
    return int((histogram >= 0.005 * values.size).sum())


def _shrink(image: Image.Image) -> Image.Image:
    longest = max(image.size)
    if longest <= MAX_ANALYSIS_SIDE:
        return image
    factor = MAX_ANALYSIS_SIDE / longest
    size = (max(1, round(image.width * factor)), max(1, round(image.height * factor)))
    return image.resize(size, Image.Resampling.LANCZOS)
