"""PDF figure images: an item's picture as a reader sees it.

A display item that is one embedded image is extracted at its own resolution (soft
mask applied, CMYK made RGB), which is what OCR and structure recognition want. Any
other item (vector drawings, several images, an image under a stencil mask, a table)
is rendered from the page region, which composites everything the way a viewer does.
"""

from __future__ import annotations

import io

import pymupdf
from PIL import Image

from chemx.images import to_rgb
from chemx.sources._pdf_pages import Box


class NotAPicture(ValueError):
    """The image object cannot stand alone (a stencil mask): render the region instead."""


def image_png(pdf: pymupdf.Document, page: pymupdf.Page, xref: int, box: Box) -> bytes:
    """The image as PNG, as a reader sees it: soft mask applied, CMYK made RGB."""
    if not xref:  # an inline image has no xref: render what the page shows there
        return bytes(page.get_pixmap(clip=pymupdf.Rect(box), dpi=150).tobytes("png"))
    pixmap = pymupdf.Pixmap(pdf, xref)
    if pixmap.colorspace is None:
        raise NotAPicture("a stencil mask: its colour comes from the page")
    if pixmap.colorspace.n not in (1, 3):
        pixmap = pymupdf.Pixmap(pymupdf.csRGB, pixmap)
    smask = _smask_xref(pdf, xref)
    if smask:
        if pixmap.alpha:
            pixmap = pymupdf.Pixmap(pixmap, 0)
        pixmap = pymupdf.Pixmap(pixmap, pymupdf.Pixmap(pdf, smask))
    return bytes(pixmap.tobytes("png"))


def render_region(page: pymupdf.Page, box: Box, dpi: int) -> bytes:
    """Render a page region (with all drawings, images and text on it) to PNG."""
    clip = pymupdf.Rect(box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2) & page.rect
    return bytes(page.get_pixmap(clip=clip, dpi=dpi).tobytes("png"))


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
