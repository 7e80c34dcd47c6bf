"""The first passes of the classical segmenter: the figure's ink and its two measures.

`prepare` brings a figure to analysis size and to grey (colours count as ink, alpha is
flattened onto white); `binarise` turns it into ink and faint-ink masks, or raises
`Skip` for photos and blank images; `measure_stroke_width` and `measure_char_height`
give the two lengths every later distance is a multiple of.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
from PIL import Image

from chemx.images import on_white
from chemx.ink import ink_mask

# -- input guards --------------------------------------------------------------------

MIN_SIDE = 16
"""Below this many pixels a side no structure can be drawn legibly (a 5x5 icon)."""
MAX_ANALYSIS_SIDE = 2000
"""Larger images are shrunk to this side for analysis: a 300-dpi page is ~2500 px and
its strokes stay 2+ px wide at this size, while the pass stays well under a second."""
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

COLOUR_LIFT = 80
"""A pixel is at least as dark as its darkest channel plus this: pure yellow (255, 255,
0) reads 80, dark ink; a pale blue tint (200, 220, 255) keeps its luminance, ~218."""


class Skip(Exception):
    """The image cannot be segmented; the message goes into the notes."""


def _to_grey(image: Image.Image) -> np.ndarray:
    """Darkness of the image flattened onto white (alpha is composited, not dropped)."""
    rgb = np.asarray(on_white(image).convert("RGB"), dtype=np.int16)
    luminance = np.asarray(image.convert("L"), dtype=np.int16)
    # Saturated colours (a yellow S, a cyan N) are ink even when their luminance is
    # near white; pale tints (highlight boxes) keep their luminance.
    return np.minimum(luminance, rgb.min(axis=2) + COLOUR_LIFT).astype(np.uint8)


def prepare(image: Image.Image) -> tuple[np.ndarray, float]:
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


def binarise(grey: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
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
    contrasting = ink_mask(grey, margin=MIN_CONTRAST, background=background)
    if np.count_nonzero(contrasting) < MIN_INK_PIXELS:
        raise Skip("no ink found (blank or low-contrast image)")
    otsu, _ = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if otsu <= 0:  # two-level images: Otsu returns the lower level
        otsu = float(grey.min())
    threshold = min((otsu + background) / 2, background - THRESHOLD_CEILING)
    ink = ink_mask(grey, level=threshold)
    faint = ink_mask(grey, margin=FAINT_DELTA, background=background)
    return ink.astype(np.uint8), faint.astype(np.uint8)


def _runs(mask: np.ndarray) -> np.ndarray:
    """Lengths of the horizontal runs of ink in a 0/1 mask."""
    padded = np.pad(mask, ((0, 0), (1, 1))).astype(np.int8)
    steps = np.diff(padded, axis=1).ravel()
    return np.flatnonzero(steps == -1) - np.flatnonzero(steps == 1)


def measure_stroke_width(ink: np.ndarray) -> float:
    """Median ink run across rows and columns: the typical line width of the drawing."""
    runs = np.concatenate([_runs(ink), _runs(np.ascontiguousarray(ink.T))])
    return float(np.median(runs)) if runs.size else 1.0


def measure_char_height(heights: np.ndarray, image_height: int) -> float:
    """Median blob height: characters outnumber bond networks in chemistry figures.

    Blobs taller than a third of the image (frames, whole drawings) are left out.
    """
    usable = heights[(heights >= 3) & (heights <= max(6, image_height / 3))]
    if usable.size == 0:
        return float(max(6.0, np.median(heights))) if heights.size else 6.0
    return float(max(4.0, np.median(usable)))
