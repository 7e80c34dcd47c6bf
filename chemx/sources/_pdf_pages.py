"""Reading a PDF with PyMuPDF: the file, its pages' text lines, images and drawings.

Everything the parser needs from a page is read once into a `Page` (the PDF is not
touched again except to extract or render a figure), with the page geometry in PDF
points. Text is kept line by line, each line with its spans (font size, flags,
baseline), because layout decisions are made per line: whether a line is prose or a
table cell, whether it is indented, whether a span is a raised citation number.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

import pymupdf

from chemx.sources._base import SourceError

Box = tuple[float, float, float, float]
"""(x0, y0, x1, y1) in PDF points, y growing downwards."""

_TEXT_FLAGS = pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_IMAGES
_SUPERSCRIPT_FLAG = 1
_BOLD_FLAG = 16
"""PyMuPDF span flag bits."""
_WHITE = (1.0, 1.0, 1.0)
_LIGATURES = "\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06"
_INVISIBLE = "\u00ad\u200b\u2060\ufeff"


def normalise_glyphs(text: str) -> str:
    """Ligatures as their letters ("ﬁ" -> "fi"), invisible characters dropped.

    Only the ligature range is NFKC-normalised: the rest of NFKC would also turn
    superscript digits, primes and the minus sign into something else.
    """
    if any(char in _LIGATURES for char in text):
        text = "".join(
            unicodedata.normalize("NFKC", char) if char in _LIGATURES else char for char in text
        )
    return "".join(char for char in text if char not in _INVISIBLE)


@dataclass(frozen=True)
class TextSpan:
    """A run of one font in a line."""

    text: str
    box: Box
    size: float
    font: str
    flags: int
    baseline: float

    @property
    def bold(self) -> bool:
        """Bold by flag or by font name (many PDFs only say it in the name)."""
        return bool(self.flags & _BOLD_FLAG) or "bold" in self.font.lower()


@dataclass
class Line:
    """One text line: its spans in order, and where it sits."""

    box: Box
    spans: list[TextSpan]
    block: int
    """Index of the PyMuPDF block it came from (lines of a block were set together)."""
    upright: bool = True
    """False for rotated text (margin banners, axis titles)."""
    size: float = 0.0
    """The line's body font size: the largest size among its non-raised spans."""
    baseline: float = 0.0
    text: str = ""
    """The line's text as the PDF gives it (its spans joined)."""

    def __post_init__(self) -> None:
        self.text = "".join(span.text for span in self.spans)
        wordy = [span for span in self.spans if any(char.isalnum() for char in span.text)]
        visible = wordy or [span for span in self.spans if span.text.strip()]
        self.size = max((span.size for span in visible), default=0.0)
        main = [span for span in visible if span.size >= self.size - 0.1]
        self.baseline = main[0].baseline if main else self.box[3]

    def is_raised(self, span: TextSpan) -> bool:
        """A superscript: flagged as one, or smaller and lifted above the baseline."""
        if span.flags & _SUPERSCRIPT_FLAG and span.size <= 0.9 * self.size:
            return True
        return span.size < 0.85 * self.size and span.baseline < self.baseline - 0.15 * self.size

    @property
    def all_bold(self) -> bool:
        """Every visible span is bold."""
        wordy = [span for span in self.spans if any(char.isalnum() for char in span.text)]
        return bool(wordy) and all(span.bold for span in wordy)


@dataclass
class Page:
    """What the parser reads of one page: text lines, placed images, visible drawings."""

    number: int
    """1-based."""
    box: Box
    lines: list[Line]
    images: list[tuple[int, Box, int, int]]
    """(xref, bbox, pixel width, pixel height) per placed image."""
    drawings: list[Box]
    non_space_chars: int
    rules: list[Box] = field(default_factory=list)
    """Thin horizontal drawings (table rules), a subset of `drawings`."""


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
    """Read a page's text lines, placed images and visible drawings."""
    try:
        content = page.get_text("dict", flags=_TEXT_FLAGS)
        images = page.get_image_info(xrefs=True)
        drawings = page.get_cdrawings()  # plain tuples: 3-4x faster than get_drawings
    except (RuntimeError, ValueError) as exc:
        raise SourceError(
            "pdf_corrupt", f"{name}: page {page.number + 1} cannot be read ({exc})"
        ) from exc
    page_box = _box(page.rect)
    page_area = _area(page_box)
    lines: list[Line] = []
    for index, raw in enumerate(content["blocks"]):
        if raw.get("type") == 0:
            lines.extend(_lines(raw, index))
    lines = _merge_split_lines(lines)
    visible_drawings: list[Box] = []
    rules: list[Box] = []
    for drawing in drawings:
        box = _box(drawing["rect"])
        if not _visible_drawing(drawing) or _area(box) >= 0.8 * page_area:
            continue
        visible_drawings.append(box)
        if box[3] - box[1] <= 1.5 and box[2] - box[0] >= 40:
            rules.append(box)
    placed = [
        (int(info.get("xref") or 0), _box(info["bbox"]), int(info["width"]), int(info["height"]))
        for info in images
        if _area(_intersection(_box(info["bbox"]), page_box)) > 0
    ]
    return Page(
        number=page.number + 1,
        box=page_box,
        lines=lines,
        images=placed,
        drawings=visible_drawings,
        non_space_chars=sum(1 for line in lines for char in line.text if not char.isspace()),
        rules=rules,
    )


def _lines(raw: dict[str, Any], block: int) -> list[Line]:
    """The block's lines with their spans; empty lines dropped."""
    found: list[Line] = []
    for raw_line in raw.get("lines") or []:
        spans = [
            TextSpan(
                text=normalise_glyphs(span["text"]),
                box=_box(span["bbox"]),
                size=float(span["size"]),
                font=str(span["font"]),
                flags=int(span["flags"]),
                baseline=float(span["origin"][1]),
            )
            for span in raw_line["spans"]
            if span["text"]
        ]
        if not any(span.text.strip() for span in spans):
            continue
        direction = raw_line.get("dir", (1.0, 0.0))
        found.append(
            Line(
                box=_box(raw_line["bbox"]),
                spans=spans,
                block=block,
                upright=abs(direction[0] - 1.0) < 0.01,
            )
        )
    return found


def _merge_split_lines(lines: list[Line]) -> list[Line]:
    """Join pieces of one printed line that the text layer split apart.

    Some PDFs put a raised citation ("receptors¹,²") or the rest of a line in a
    separate line object, even a separate block; read apart, the pieces land out of
    order. A piece that starts right where another ends (within about half an em) and
    overlaps it vertically by half its height is the same line.
    """
    ordered = sorted(lines, key=lambda line: (line.box[0], line.box[1]))
    merged: list[Line] = []
    for line in ordered:
        host = next(
            (
                candidate
                for candidate in merged
                if candidate.upright
                and line.upright
                and -1.0 <= line.box[0] - candidate.box[2] <= _join_gap(candidate, line)
                and _vertical_overlap(candidate.box, line.box)
                >= 0.5 * min(candidate.box[3] - candidate.box[1], line.box[3] - line.box[1])
            ),
            None,
        )
        if host is None:
            merged.append(line)
            continue
        index = merged.index(host)
        merged[index] = Line(
            box=union_box([host.box, line.box]),
            spans=host.spans + line.spans,
            block=host.block,
            upright=host.upright,
        )
    return sorted(merged, key=lambda line: (line.block, line.box[1], line.box[0]))


def _join_gap(left: Line, right: Line) -> float:
    """How far apart two pieces of one line may be.

    A justified word gap within a block; about half an em across blocks, where a
    table's next cell may sit.
    """
    if left.block == right.block:
        return 1.5 * max(left.size, 1.0)
    return min(0.6 * left.size, 5.0)


def _vertical_overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


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


def area(box: Box) -> float:
    """Area of a box in square points (0 when empty)."""
    return _area(box)


def inside(inner: Box, outer: Box, share: float = 0.8) -> bool:
    """True when at least `share` of `inner` lies within `outer`."""
    inner_area = _area(inner)
    return inner_area > 0 and _area(_intersection(inner, outer)) >= share * inner_area


def x_overlap(a: Box, b: Box) -> bool:
    """True when the two boxes share some horizontal extent."""
    return min(a[2], b[2]) > max(a[0], b[0])


def union_box(boxes: list[Box]) -> Box:
    """The smallest box holding all `boxes` (which must not be empty)."""
    return (
        min(box[0] for box in boxes),
        min(box[1] for box in boxes),
        max(box[2] for box in boxes),
        max(box[3] for box in boxes),
    )
