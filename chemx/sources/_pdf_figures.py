"""PDF figure regions: embedded images as a reader sees them, and where a caption's figure is.

A caption is tied to the nearest unclaimed raster image with no paragraph in between;
failing that, to the drawings between it and the text above (or below) it, which the
parser renders to PNG: chemistry figures are often vector drawings, not images.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import pymupdf
from PIL import Image

from chemx.images import to_rgb
from chemx.sources._pdf_pages import Block, Box, Page, x_overlap


@dataclass
class Graphic:
    """A figure candidate on a page: an embedded image or a group of drawings."""

    box: Box
    key: str
    name: str
    """How messages name it: file, page and key."""
    data: bytes | None = None
    problem: tuple[str, str] | None = None
    """(reason, detail) when the image could not be extracted."""
    label: str | None = None
    caption: str = ""
    claimed: bool = False
    """True once a caption has been tied to it."""


@dataclass
class PageFigures:
    """What the parser found on one page: its graphics, and which blocks are captions."""

    graphics: list[Graphic] = field(default_factory=list)
    caption_blocks: set[int] = field(default_factory=set)


# ---------------------------------------------------------------- images


def image_png(pdf: pymupdf.Document, page: pymupdf.Page, xref: int, box: Box) -> bytes:
    """The image as PNG, as a reader sees it: soft mask applied, CMYK made RGB."""
    if not xref:  # an inline image has no xref: render what the page shows there
        return bytes(page.get_pixmap(clip=pymupdf.Rect(box), dpi=150).tobytes("png"))
    pixmap = pymupdf.Pixmap(pdf, xref)
    if pixmap.colorspace is None:
        raise ValueError("a stencil mask, not a picture")
    if pixmap.colorspace.n not in (1, 3):
        pixmap = pymupdf.Pixmap(pymupdf.csRGB, pixmap)
    smask = _smask_xref(pdf, xref)
    if smask:
        if pixmap.alpha:
            pixmap = pymupdf.Pixmap(pixmap, 0)
        pixmap = pymupdf.Pixmap(pixmap, pymupdf.Pixmap(pdf, smask))
    return bytes(pixmap.tobytes("png"))


def _smask_xref(pdf: pymupdf.Document, xref: int) -> int:
    """The xref of the image's soft mask (its transparency), or 0."""
    kind, value = pdf.xref_get_key(xref, "SMask")
    if kind != "xref":
        return 0
    return int(value.split()[0])


def visible(data: bytes, name: str) -> bool:
    """False for images that show nothing once flattened on white: faint or one colour.

    Word text effects (a blurred shadow behind a heading) are embedded as faint
    images; they are decoration, not figures.
    """
    with Image.open(io.BytesIO(data)) as image:
        if image.mode in ("RGBA", "LA", "PA") and _extrema(image.getchannel("A"))[1] < 128:
            return False
    low, high = _extrema(to_rgb(data, name).convert("L"))
    return high - low > 8


def _extrema(band: Image.Image) -> tuple[float, float]:
    """(min, max) of a single-band image."""
    low, high = band.getextrema()
    assert isinstance(low, int | float) and isinstance(high, int | float)
    return float(low), float(high)


# ---------------------------------------------------------------- regions


def _is_barrier(block: Block) -> bool:
    """A real text block (not an atom label inside a drawing) bounds a figure region."""
    return len(block.text.split()) >= 4 and len(block.text) >= 15


def _vertical_gap(graphic: Box, caption: Box) -> float:
    if graphic[3] <= caption[1] + 2:
        return caption[1] - graphic[3]
    if graphic[1] >= caption[3] - 2:
        return graphic[1] - caption[3]
    return 0.0


def nearest_raster(block: Block, graphics: list[Graphic], page: Page) -> Graphic | None:
    """The unclaimed graphic nearest to a caption, with no paragraph in between."""
    best: tuple[float, Graphic] | None = None
    for graphic in graphics:
        if graphic.claimed or not x_overlap(graphic.box, block.box):
            continue
        gap = _vertical_gap(graphic.box, block.box)
        top = min(graphic.box[3], block.box[3])
        bottom = max(graphic.box[1], block.box[1])
        between = any(
            _is_barrier(other)
            and other is not block
            and top <= other.box[1]
            and other.box[3] <= bottom
            and x_overlap(other.box, block.box)
            for other in page.blocks
        )
        if between:
            continue
        if best is None or gap < best[0]:
            best = (gap, graphic)
    return best[1] if best else None


def vector_region(block: Block, page: Page, used: set[int]) -> Box | None:
    """Union of the drawings between a caption and the text above it (or below it).

    Drawings taken by an earlier caption (indices in `used`) are skipped, and the
    ones taken here are added to `used`.
    """
    caption = block.box
    barriers = [
        other.box
        for other in page.blocks
        if other is not block and _is_barrier(other) and x_overlap(other.box, caption)
    ]
    above_top = max((box[3] for box in barriers if box[3] <= caption[1] + 1), default=0.0)
    below_bottom = min(
        (box[1] for box in barriers if box[1] >= caption[3] - 1), default=page.box[3]
    )
    for top, bottom in ((above_top, caption[1]), (caption[3], below_bottom)):
        inside = [
            index
            for index, box in enumerate(page.drawings)
            if index not in used and box[1] >= top - 1 and box[3] <= bottom + 1
        ]
        if not inside:
            continue
        boxes = [page.drawings[index] for index in inside]
        union = (
            min(box[0] for box in boxes),
            min(box[1] for box in boxes),
            max(box[2] for box in boxes),
            max(box[3] for box in boxes),
        )
        if union[2] - union[0] >= 20 and union[3] - union[1] >= 20:
            used.update(inside)
            return union
    return None
