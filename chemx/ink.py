"""Ink: which pixels of a figure are drawn, with the threshold always explicit.

Every stage that looks at pixels asks the same question with its own tuning: QC 1 takes
a stroke's core (grey below a fixed level, `chemx.qc._image_stats.INK_LEVEL`), the
OCR identifier stage anything clearly darker than the paper
(`chemx.visual.identifiers._ocr_ink.INK_MARGIN` below the 90th percentile), the classical
segmenter a threshold between Otsu's and the background, and the synthetic figures
anything off-white. The tuning constants stay where they were tuned, named with the
reason; the mask is computed here, so a threshold is a parameter, never a private
comparison.

>>> import numpy as np
>>> grey = np.array([[255, 250, 120, 20]], dtype=np.uint8)
>>> ink_mask(grey, level=128).tolist(), ink_mask(grey, margin=30, background=255).tolist()
([[False, False, True, True]], [[False, False, True, True]])
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageChops

from chemx.images import on_white

PAPER_PERCENTILE = 90
"""The paper's grey level is this percentile of the image: drawings cover 2-20 % of a
figure, so nine pixels in ten are paper even in a busy scheme."""


def grey_levels(image: Image.Image | np.ndarray) -> np.ndarray:
    """The image as a 2-D uint8 grey array (PIL's 'L' conversion); an array passes through."""
    if isinstance(image, Image.Image):
        return np.asarray(image.convert("L"), dtype=np.uint8)
    if image.ndim != 2:
        raise ValueError(
            f"ink needs a grey image: got an array of shape {image.shape}; pass a PIL image "
            "or a 2-D grey array"
        )
    return image


def paper_level(grey: np.ndarray) -> float:
    """The grey level of the paper (`PAPER_PERCENTILE`)."""
    return float(np.percentile(grey, PAPER_PERCENTILE))


def ink_mask(
    image: Image.Image | np.ndarray,
    *,
    level: float | None = None,
    margin: float | None = None,
    background: float | None = None,
) -> np.ndarray:
    """Boolean mask of the ink: pixels darker than a level, or than the paper by a margin.

    Args:
        image: a PIL image (converted to grey) or a 2-D grey array.
        level: ink is grey < `level` (a fixed threshold).
        margin: ink is grey < background - `margin` (a threshold relative to the paper).
        background: the paper's grey level for `margin`; `paper_level` of the image when
            not given.

    Exactly one of `level` and `margin` is given.
    """
    if level is not None:
        if margin is not None or background is not None:
            raise ValueError("ink_mask: give level= alone, or margin= (with background=)")
        return grey_levels(image) < level
    if margin is None:
        raise ValueError("ink_mask: give level= (absolute) or margin= (below the paper)")
    grey = grey_levels(image)
    paper = paper_level(grey) if background is None else background
    return grey < paper - margin


def black_ink(image: Image.Image, distance: int) -> Image.Image:
    """The drawing as black ink on white (RGB), cut at `distance` levels below white.

    Ink is a pixel whose darkest channel is more than `distance` levels below white.
    Journal and RDKit drawings colour their heteroatom and R-group labels; the usual grey
    conversion leaves a green "R" or a cyan "F" so faint that readers (DECIMER, EasyOCR)
    take it for another glyph. The darkest channel keeps any saturated colour as ink.
    """
    red, green, blue = on_white(image).convert("RGB").split()
    darkest = ImageChops.darker(ImageChops.darker(red, green), blue)
    return darkest.point(lambda value: 0 if value < 255 - distance else 255).convert("RGB")


def coloured_ink(image: Image.Image, distance: int) -> np.ndarray:
    """Mask of the coloured ink: coloured strokes and labels, not black or grey ones.

    Ink as `black_ink` cuts it, whose channels differ by more than `distance` levels.
    """
    channels = np.asarray(on_white(image).convert("RGB"), dtype=np.int16)
    darkest, brightest = channels.min(axis=2), channels.max(axis=2)
    return (darkest < 255 - distance) & (brightest - darkest > distance)
