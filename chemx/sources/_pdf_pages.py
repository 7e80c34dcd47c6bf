"""Reading a PDF with PyMuPDF: the file, its pages' text blocks, images and drawings.

Everything the parser needs from a page is read once into a `Page` (the PDF is not
touched again except to extract or render a figure), with the page geometry in PDF
points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pymupdf

from chemx.sources._assemble import map_span, normalise
from chemx.sources._base import SourceError

Box = tuple[float, float, float, float]
"""(x0, y0, x1, y1) in PDF points, y growing downwards."""

_TEXT_FLAGS = pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_IMAGES
_BOLD_FLAG = 16
"""PyMuPDF span flag bit for a bold font."""
_WHITE = (1.0, 1.0, 1.0)


@dataclass
class Block:
    """One text block of a page, with its bold runs as offsets into `text`."""

    box: Box
    text: str
    bold: list[tuple[int, int]]
    size: float
    all_bold: bool
    lines: int


@dataclass
class Page:
    """What the parser reads of one page: text blocks, placed images, visible drawings."""

    number: int
    """1-based."""
    box: Box
    blocks: list[Block]
    images: list[tuple[int, Box, int, int]]
    """(xref, bbox, pixel width, pixel height) per placed image."""
    drawings: list[Box]
    non_space_chars: int


def open_pdf(data: bytes, name: str) -> pymupdf.Document:
    """Open the PDF; a corrupt, encrypted or empty one is a `SourceError` with the fix."""
    try:
        pdf = pymupdf.open(stream=data, filetype="pdf")
    except (pymupdf.FileDataError, RuntimeError, ValueError) as exc:
        raise SourceError(
            "pdf_corrupt",
            f"{name}: not a readable PDF ({exc}); re-download it or repair it "
            "(e.g. `qpdf in.pdf repaired.pdf`)",
        ) from exc
    if pdf.needs_pass:
        pdf.close()
        raise SourceError(
            "pdf_encrypted",
            f"{name}: the PDF is password-protected; supply an unprotected copy "
            "(e.g. `qpdf --decrypt --password=PASSWORD in.pdf out.pdf`)",
        )
    if pdf.page_count == 0:
        pdf.close()
        raise SourceError("pdf_corrupt", f"{name}: the PDF has no pages; re-download it")
    return pdf


def read_page(pdf: pymupdf.Document, page: pymupdf.Page, name: str) -> Page:
    """Read a page's text blocks, placed images and visible drawings."""
    try:
        content = page.get_text("dict", flags=_TEXT_FLAGS)
        images = page.get_image_info(xrefs=True)
        drawings = page.get_drawings()
    except (RuntimeError, ValueError) as exc:
        raise SourceError(
            "pdf_corrupt", f"{name}: page {page.number + 1} cannot be read ({exc})"
        ) from exc
    page_box = _box(page.rect)
    page_area = _area(page_box)
    blocks = [block for raw in content["blocks"] if (block := _block(raw)) is not None]
    visible_drawings = [
        _box(drawing["rect"])
        for drawing in drawings
        if _visible_drawing(drawing) and _area(_box(drawing["rect"])) < 0.8 * page_area
    ]
    placed = [
        (int(info.get("xref") or 0), _box(info["bbox"]), int(info["width"]), int(info["height"]))
        for info in images
        if _area(_intersection(_box(info["bbox"]), page_box)) > 0
    ]
    text = "".join(block.text for block in blocks)
    return Page(
        number=page.number + 1,
        box=page_box,
        blocks=blocks,
        images=placed,
        drawings=visible_drawings,
        non_space_chars=sum(1 for char in text if not char.isspace()),
    )


def _block(raw: dict[str, Any]) -> Block | None:
    """Join a text block's lines into one string, mending hyphenated line breaks."""
    if raw.get("type") != 0:
        return None
    parts: list[str] = []
    bold_raw: list[tuple[int, int]] = []
    sizes: list[float] = []
    all_bold = True
    length = 0
    lines: list[dict[str, Any]] = raw.get("lines") or []
    for line in lines:
        if parts:
            previous = parts[-1]
            if previous.endswith("\u00ad"):
                parts[-1] = previous[:-1]
                length -= 1
            elif not previous.endswith(("-", "‐", " ")):
                parts.append(" ")
                length += 1
        for span in line["spans"]:
            text = span["text"]
            if not text:
                continue
            is_bold = bool(span["flags"] & _BOLD_FLAG) or "bold" in str(span["font"]).lower()
            if text.strip():
                sizes.append(float(span["size"]))
                all_bold = all_bold and is_bold
                if is_bold:
                    bold_raw.append((length, length + len(text)))
            parts.append(text)
            length += len(text)
    text, mapping = normalise("".join(parts))
    if not any(char.isalpha() for char in text):
        return None
    bold = [
        span for span in (map_span(text, mapping, s, e) for s, e in bold_raw) if span[1] > span[0]
    ]
    return Block(
        box=_box(raw["bbox"]),
        text=text,
        bold=bold,
        size=max(sizes, default=0.0),
        all_bold=all_bold and bool(sizes),
        lines=len(lines),
    )


def _visible_drawing(drawing: dict[str, Any]) -> bool:
    """False for paths that draw nothing on white paper (white fills, no stroke)."""
    fill = drawing.get("fill")
    if drawing.get("color") is not None:
        return True
    return fill is not None and tuple(fill) != _WHITE


# ---------------------------------------------------------------- geometry


def _box(rect: Any) -> Box:
    x0, y0, x1, y1 = (float(value) for value in rect)
    return (x0, y0, x1, y1)


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _intersection(a: Box, b: Box) -> Box:
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def inside(inner: Box, outer: Box, share: float = 0.8) -> bool:
    """True when at least `share` of `inner` lies within `outer`."""
    area = _area(inner)
    return area > 0 and _area(_intersection(inner, outer)) >= share * area


def x_overlap(a: Box, b: Box) -> bool:
    """True when the two boxes share some horizontal extent."""
    return min(a[2], b[2]) > max(a[0], b[0])
