"""QC 1: keep valid 2-D structure drawings that carry an identifier; reject the rest.

The classifier and the segmenter pass on some crops that are not skeletal formulas: a
ball-and-stick rendering in a graphical abstract, a crystal-packing view, a micrograph
panel, a workflow box, a speck of ink. Each is rejected here with a stable reason code,
a sentence naming what was measured, and the measurements themselves (they go into the
`Decision` scores, so a threshold can be re-tuned later from the store alone).

A 2-D structure drawing is line art: mostly white, thin dark strokes whose grey levels
other than black only occur on stroke edges (anti-aliasing), straight bonds at many
angles, a handful of connected components. Each rejection names the property it breaks:

=================  =================================================================
reason             test (see the named thresholds)
=================  =================================================================
``too_small``      a side below `MIN_SIDE_PX` or ink area below `MIN_INK_PIXELS`
``blank``          almost no ink (`MIN_INK_FRACTION`) or no contrast
``photo``          few white pixels (`PHOTO_MAX_WHITE`) and a spread-out histogram
                   (`PHOTO_MIN_ENTROPY`) or a dark field (`PHOTO_MIN_DARK`):
                   photographs, micrographs, heat maps, blots
``rendering_3d``   mid-grey pixels in smooth regions (`RENDER_MIN_SMOOTH_MIDTONE`) on
                   paper (`RENDER_MIN_WHITE`): shaded spheres and gradients, which
                   line art never has (checked before ``photo``)
``crystal_packing`` very many components (`PACKING_MIN_COMPONENTS`) or ink that
                   repeats itself at many shifts in many directions
                   (`PACKING_MIN_PEAKS`, `PACKING_MIN_DIRECTIONS`): a lattice
``schematic``      closed axis-aligned boxes with text inside (`SCHEMATIC_MIN_BOXES`)
                   and few oblique strokes (`SCHEMATIC_MAX_OBLIQUE`): flow charts
``no_identifier``  the drawing is fine but no compound label was found for it
``ok``             accepted
=================  =================================================================

How the thresholds were chosen: the statistics were measured on five accept sets (RDKit
drawings in black-and-white and colour at several sizes and line widths, every gold crop
of the sample corpus, the structure boxes of RxnScribe's real ACS schemes, the MolScribe
crops) and on the reject sets of `tests/qc/test_structure_check.py` (synthetic
ball-and-stick renderings, lattices of repeated motifs, noise and PubLayNet photo and
micrograph regions, box-and-arrow schematics, blank and tiny images), then checked on
a held-out draw of 160 RDKit drawings (PNG and JPEG) and 90 new reject images (all
right but one rendering called a photo). Each threshold sits near the middle of the gap
between the worst accepted and the best rejected value; the values seen are quoted next
to each constant. Two gaps are narrow (the lattice peak counts, and the white share that
tells a rendering from a photo, where a miss only changes which rejection is named).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np
from PIL import Image
from scipy import ndimage

from chemx.qc.decisions import decide
from chemx.records import Decision, Gate, Verdict
from chemx.visual.identifiers._base import IdentifierResult

QC1_BACKEND = "qc1-image-stats"

# -- geometry -----------------------------------------------------------------------------

MIN_SIDE_PX = 12
"""A bond drawn at 8 px is already illegible; the smallest real crop (methanol, 'H3C-OH'
at sample size) is 18 px tall."""
MIN_INK_PIXELS = 40
"""Fewer dark pixels than this cannot form one bond and one atom symbol."""
MAX_ANALYSIS_SIDE = 800
"""Larger crops are shrunk to this side before the (size-independent) statistics."""

# -- levels ---------------------------------------------------------------------------

WHITE_LEVEL = 225
"""Grey at or above this is paper (JPEG ringing leaves white at 235-255)."""
INK_LEVEL = 128
"""Grey below this is a stroke's core."""
MIDTONE_RANGE = (60, 200)
"""Grey levels that line art only has on stroke edges and shaded pictures everywhere."""
SMOOTH_GRADIENT = 12.0
"""Grey levels per pixel (central difference) below which a mid-tone pixel is 'smooth':
a 2-px anti-aliased edge changes by 60+ per pixel, a shaded sphere of radius 30 by 5-10."""
SATURATION_COLOURED = 0.35
"""HSV saturation above which a pixel counts as coloured."""

# -- decisions ----------------------------------------------------------------------------

PERIOD_MIN_SHIFT_PX = 8
PERIOD_MIN_SHIFT_FRACTION = 0.08
"""Autocorrelation shifts shorter than this (of the shorter side) are a stroke matching
its own neighbourhood, not a repeat."""

MIN_INK_FRACTION = 0.002
"""Blank: under 0.2 % dark pixels (drawings: 2-20 %)."""
MIN_CONTRAST = 60
"""Blank: the darkest pixels are within this many grey levels of the paper."""
CONTRAST_DARK_PERCENTILE = 0.05
"""'Darkest' is this percentile: a 1-px drawing on a large crop has under 1 % ink, so
the 1st percentile is already paper; 0.05 % still ignores a few dark noise pixels."""
PHOTO_MAX_WHITE = 0.6
"""Photos have few paper-white pixels: drawings 0.83-0.98 in every accept set; photos,
micrographs, CT slices, heat maps and blots 0-0.36 (PubLayNet regions, synthetic)."""
PHOTO_MIN_ENTROPY = 3.3
"""... and a spread-out grey histogram, in bits (drawings 0.2-2.7, JPEG included;
photos 3.8-7.6)."""
PHOTO_MIN_DARK = 0.5
"""... or, instead of a spread histogram, mostly dark pixels: a fluorescence panel is
a black field with faint structure (entropy 3.8 but 95 % below the ink level)."""
RENDER_MIN_WHITE = 0.38
"""A rendering is a shaded object on paper (white 0.40-0.62 for the synthetic balls and
sticks); shaded pictures without paper around them (CT slices 0.0-0.02, a blot 0.36)
are photos."""
RENDER_MIN_SMOOTH_MIDTONE = 0.06
"""Share of non-white pixels that are mid-grey in a smooth region (drawings at most
0.02, JPEG included; shaded spheres 0.22-0.50; the gradient-filled network cartoon of
DECIMER's graphical abstract 0.07-0.09). A flat mid-tone fill behind a drawing would
also count, which journals rarely print behind a single structure."""
PACKING_MIN_COMPONENTS = 80
"""A drawing has one component per fragment plus one per atom-symbol letter: at most 33
in every accept set (RDKit, sample, RxnScribe); tiled packings of small molecules have
170+. A 2-D structure with 80 separate pieces of ink would be unreadable anyway."""
REPEAT_PEAK_LEVEL = 0.3
"""Autocorrelation (0-1, zero shift = 1) a repeat must reach to count as a peak."""
REPEAT_DIRECTION_BIN_DEG = 20.0
"""Peak directions are binned this coarsely (9 bins over 180 degrees)."""
PACKING_MIN_PEAKS = 10
"""Lattices gave 11-29 peaks; single molecules at most 8 (pentacene: v, 2v, ... along
its axis), RDKit and sample crops at most 4. A narrow gap: the direction count below
must agree."""
PACKING_MIN_DIRECTIONS = 5
"""... in 5-9 direction bins; single molecules in at most 4 (anthracene)."""
SCHEMATIC_MIN_BOXES = 1
"""Closed axis-aligned rectangles with something inside (an empty square is a ring)."""
SCHEMATIC_MIN_BOXES_FIRST = 2
"""From this many boxes the schematic test runs before the lattice test."""
SCHEMATIC_MAX_OBLIQUE = 0.2
"""Share of straight-stroke length at oblique angles (skeletal formulas 0.40-0.98 since
bonds run at 30/150 degrees; flow charts with orthogonal arrows at most 0.02; an
all-horizontal Ph-C≡C-Ph has 0.0 but no box)."""
OBLIQUE_TOLERANCE_DEG = 12.0
"""Strokes within this of horizontal or vertical are axis-aligned."""
BOX_MIN_FRACTION = 0.01
"""A box must cover this share of the crop, so the hole of an 'O' is not a box."""
BOX_MIN_SIDE_PX = 12
BOX_MIN_RECTANGULARITY = 0.85
"""Share of its bounding rectangle a box's hole fills (rectangles ~0.95, hexagons 0.75)."""


@dataclass(frozen=True)
class StructureVerdict:
    """QC 1's verdict on one crop: accepted or not, why, and what was measured."""

    accepted: bool
    reason: str
    """Stable code: 'ok', 'too_small', 'blank', 'photo', 'rendering_3d',
    'crystal_packing', 'schematic' or 'no_identifier'."""
    detail: str
    scores: dict[str, float] = field(default_factory=dict)


def check_structure(
    crop_image: Image.Image, identifier: IdentifierResult | None
) -> StructureVerdict:
    """Decide whether a crop is a 2-D structure drawing with an identifier.

    Args:
        crop_image: The crop, any PIL mode (alpha is flattened onto white).
        identifier: What the identifier stage found for it; None or an identifier of
            None rejects an otherwise good drawing as 'no_identifier'.

    Returns:
        The verdict with every statistic that was measured in `scores`.
    """
    rgb = _to_rgb(crop_image)
    width, height = rgb.size
    scores: dict[str, float] = {"width": float(width), "height": float(height)}
    if min(width, height) < MIN_SIDE_PX:
        return _reject(
            "too_small", f"crop is {width}x{height} px, under {MIN_SIDE_PX} px a side", scores
        )
    scores.update(measure(rgb))
    if (
        scores["smooth_midtone"] >= RENDER_MIN_SMOOTH_MIDTONE
        and scores["white_fraction"] >= RENDER_MIN_WHITE
    ):
        return _reject(
            "rendering_3d",
            f"looks like a 3-D rendering: {scores['smooth_midtone']:.0%} of the drawing is "
            "smoothly shaded mid-grey (line art has grey only on stroke edges)",
            scores,
        )
    if scores["white_fraction"] < PHOTO_MAX_WHITE and (
        scores["entropy"] >= PHOTO_MIN_ENTROPY or scores["ink_fraction"] >= PHOTO_MIN_DARK
    ):
        return _reject(
            "photo",
            f"looks like a photo or micrograph: {scores['white_fraction']:.0%} white pixels, "
            f"grey histogram entropy {scores['entropy']:.1f} bits",
            scores,
        )
    if scores["contrast"] < MIN_CONTRAST or scores["ink_fraction"] < MIN_INK_FRACTION:
        return _reject(
            "blank",
            f"crop is blank: {scores['ink_fraction']:.2%} dark pixels, contrast "
            f"{scores['contrast']:.0f} grey levels",
            scores,
        )
    if scores["ink_pixels"] < MIN_INK_PIXELS:
        return _reject(
            "too_small",
            f"only {scores['ink_pixels']:.0f} dark pixels: too little to be a structure",
            scores,
        )
    # Several text boxes decide before the lattice test (a grid of boxes is periodic);
    # a single box only after it (a unit cell drawn round a packing is one box).
    boxed = scores["oblique_fraction"] < SCHEMATIC_MAX_OBLIQUE
    if boxed and scores["boxes"] >= SCHEMATIC_MIN_BOXES_FIRST:
        return _schematic(scores)
    if _is_packing(scores):
        return _reject(
            "crystal_packing",
            f"looks like a crystal packing or lattice: {scores['components']:.0f} components, "
            f"the ink repeats at {scores['repeat_peaks']:.0f} shifts in "
            f"{scores['repeat_directions']:.0f} directions",
            scores,
        )
    if boxed and scores["boxes"] >= SCHEMATIC_MIN_BOXES:
        return _schematic(scores)
    if identifier is None or identifier.identifier is None:
        why = identifier.reason if identifier is not None and identifier.reason else "none found"
        return _reject("no_identifier", f"valid drawing but no compound label: {why}", scores)
    return StructureVerdict(
        True, "ok", f"2-D structure drawing labelled {identifier.identifier!r}", scores
    )


def structure_decision(node_id: str, verdict: StructureVerdict, backend: str) -> Decision:
    """The QC 1 `Decision` for a structure node, with the verdict's scores.

    Args:
        node_id: The structure node the verdict is about.
        verdict: What `check_structure` returned.
        backend: Who decided, e.g. `QC1_BACKEND` (plus the identifier backend if wanted).
    """
    outcome = Verdict.ACCEPT if verdict.accepted else Verdict.REJECT
    return decide(
        node_id, Gate.QC1, outcome, verdict.reason, verdict.detail, backend, dict(verdict.scores)
    )


# -- statistics -------------------------------------------------------------------------


def measure(image: Image.Image) -> dict[str, float]:
    """Every statistic QC 1 uses, for one RGB crop (see the module docstring)."""
    rgb = np.asarray(_shrink(image), dtype=np.uint8)
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    total = float(grey.size)
    paper = grey >= WHITE_LEVEL
    ink = grey < INK_LEVEL
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


def _is_packing(scores: dict[str, float]) -> bool:
    repeated = scores["components"] >= PACKING_MIN_COMPONENTS
    lattice = (
        scores["repeat_peaks"] >= PACKING_MIN_PEAKS
        and scores["repeat_directions"] >= PACKING_MIN_DIRECTIONS
    )
    return repeated or lattice


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


def _to_rgb(image: Image.Image) -> Image.Image:
    if image.mode in ("RGBA", "LA", "PA", "P"):
        rgba = image.convert("RGBA")
        background = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        background.alpha_composite(rgba)
        return background.convert("RGB")
    return image.convert("RGB")


def _shrink(image: Image.Image) -> Image.Image:
    longest = max(image.size)
    if longest <= MAX_ANALYSIS_SIDE:
        return image
    factor = MAX_ANALYSIS_SIDE / longest
    size = (max(1, round(image.width * factor)), max(1, round(image.height * factor)))
    return image.resize(size, Image.Resampling.LANCZOS)


def _schematic(scores: dict[str, float]) -> StructureVerdict:
    return _reject(
        "schematic",
        f"looks like a schematic: {scores['boxes']:.0f} box(es) with text, only "
        f"{scores['oblique_fraction']:.0%} of the straight strokes oblique (bonds are)",
        scores,
    )


def _reject(reason: str, detail: str, scores: dict[str, float]) -> StructureVerdict:
    return StructureVerdict(False, reason, detail, scores)
