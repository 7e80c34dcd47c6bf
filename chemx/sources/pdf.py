"""PDF articles to records with PyMuPDF: text blocks, raster and vector figures.

A PDF has no markup, so structure is recovered from layout: text blocks become
paragraphs, blocks that open with "Figure N" / "Scheme N" become captions, and each
caption is tied to the nearest graphic on its page. Chemistry figures are often vector
drawings (ChemDraw pasted into Word), not embedded images, so a caption with no
raster image next to it gets the drawings between it and the text above it, rendered
to PNG.

Whole-document failures raise `SourceError`: "pdf_encrypted" (needs a password),
"pdf_no_text" (a scan without a text layer: OCR it first) and "pdf_corrupt".
"""

from __future__ import annotations

import io
import re
import statistics
from dataclasses import dataclass, field
from typing import Any

import pymupdf
from PIL import Image

from chemx.images import MAX_PIXELS, ImageProblem, inspect_image, to_rgb
from chemx.records import Paper
from chemx.sources._assemble import (
    ParagraphDraft,
    add_paragraphs,
    attach_image,
    clean_text,
    map_span,
    new_figure,
    normalise,
    paper_node_id,
    reject,
    sha256_hex,
)
from chemx.sources._base import ParsedPaper, SourceDocument, SourceError
from chemx.text.figure_mentions import split_caption_label

Box = tuple[float, float, float, float]
"""(x0, y0, x1, y1) in PDF points, y growing downwards."""

DOI_PATTERN = re.compile(r"\b10\.\d{4,9}/[^\s\"<>]+")
_TEXT_FLAGS = pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_IMAGES
_BOLD_FLAG = 16
"""PyMuPDF span flag bit for a bold font."""
_WHITE = (1.0, 1.0, 1.0)


@dataclass
class _Block:
    """One text block of a page, with its bold runs as offsets into `text`."""

    box: Box
    text: str
    bold: list[tuple[int, int]]
    size: float
    all_bold: bool
    lines: int


@dataclass
class _Page:
    number: int
    """1-based."""
    box: Box
    blocks: list[_Block]
    images: list[tuple[int, Box, int, int]]
    """(xref, bbox, pixel width, pixel height) per placed image."""
    drawings: list[Box]
    non_space_chars: int


@dataclass
class _Graphic:
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
class _PageFigures:
    graphics: list[_Graphic] = field(default_factory=list)
    caption_blocks: set[int] = field(default_factory=set)


class PdfParser:
    """Parses a born-digital PDF into a paper, paragraphs, sentences and figures."""

    backend = "pymupdf"

    def __init__(
        self,
        source: str = "pdf",
        *,
        min_chars_per_page: int = 50,
        min_image_side: int = 50,
        render_dpi: int = 150,
    ) -> None:
        """Create a parser.

        Args:
            source: The `Paper.source` to record.
            min_chars_per_page: A PDF whose median page has fewer non-space characters
                than this has no usable text layer ("pdf_no_text").
            min_image_side: Embedded images narrower or shorter than this many pixels
                are icons or rules, not figures.
            render_dpi: Resolution for vector figures rendered to PNG.
        """
        self.source = source
        self.min_chars_per_page = min_chars_per_page
        self.min_image_side = min_image_side
        self.render_dpi = render_dpi

    def parse(self, document: SourceDocument, corpus_id: str) -> ParsedPaper:
        """Parse `document`; raise `SourceError` when it has no usable text."""
        name = document.display_name
        data = _read(document)
        with _open(data, name) as pdf:
            pages = [_read_page(pdf, page, name) for page in pdf]
            self._check_text_layer(pages, name)
            metadata = pdf.metadata or {}
            title = clean_text(metadata.get("title") or "") or _largest_text(pages[0])
            doi = _find_doi(pages[0], metadata)
            paper = Paper(
                id=paper_node_id(None, doi, sha256_hex(data)),
                parent_id=corpus_id,
                backend=self.backend,
                doi=doi,
                title=title,
                source=self.source,
                source_path=name,
            )
            parsed = ParsedPaper(paper=paper)
            seen_images: set[str] = set()
            seen_xrefs: set[int] = set()
            per_page = [
                self._page_figures(pdf, page, parsed, seen_images, seen_xrefs) for page in pages
            ]
        body_size = _body_font_size(pages)
        drafts: list[ParagraphDraft] = []
        section: str | None = None
        for page, figures in zip(pages, per_page, strict=True):
            boxes = [graphic.box for graphic in figures.graphics]
            for index, block in enumerate(page.blocks):
                if index in figures.caption_blocks or block.text == title:
                    continue
                if any(_inside(block.box, box) for box in boxes):
                    continue
                if _is_heading(block, body_size):
                    section = block.text
                    continue
                drafts.append(
                    ParagraphDraft(
                        text=block.text, section_title=section, page=page.number, bold=block.bold
                    )
                )
        add_paragraphs(parsed, drafts, self.backend)
        return parsed

    def _check_text_layer(self, pages: list[_Page], name: str) -> None:
        """Refuse scans: the median page must carry `min_chars_per_page` characters.

        The median, not the mean, because scans often keep a typed header or a few
        typed pages: the KR 10-2075885 patent excerpt has 7 of 11 pages with only its
        18-character header, yet a mean of 85 characters per page.
        """
        counts = [page.non_space_chars for page in pages]
        median = statistics.median(counts)
        if median >= self.min_chars_per_page:
            return
        empty = sum(1 for count in counts if count < self.min_chars_per_page)
        raise SourceError(
            "pdf_no_text",
            f"{name}: no usable text layer: {empty} of {len(pages)} pages have fewer than "
            f"{self.min_chars_per_page} characters (median {median:g}); it looks scanned. "
            f"Run OCR first (e.g. `ocrmypdf {name} ocr.pdf`) and parse the OCR'd copy",
        )

    def _page_figures(
        self,
        pdf: pymupdf.Document,
        page: _Page,
        parsed: ParsedPaper,
        seen_images: set[str],
        seen_xrefs: set[int],
    ) -> _PageFigures:
        """Find the page's figures, tie captions to them, and add them to `parsed`."""
        result = _PageFigures()
        prefix = f"{parsed.paper.source_path}: page {page.number}"
        for xref, box, width, height in page.images:
            if width < self.min_image_side or height < self.min_image_side:
                continue
            if xref and xref in seen_xrefs:
                continue
            seen_xrefs.add(xref)
            key = f"p{page.number}-img{len(result.graphics) + 1}"
            graphic = _Graphic(box, key, f"{prefix} image {key}")
            if self._extract(pdf, page, graphic, xref, (width, height), seen_images):
                result.graphics.append(graphic)
        rasters = list(result.graphics)
        used_drawings: set[int] = set()
        vectors = 0
        orphans: list[_Graphic] = []
        for index, block in enumerate(page.blocks):
            split = split_caption_label(block.text)
            if split is None:
                continue
            result.caption_blocks.add(index)
            match = _nearest_raster(block, rasters, page)
            region = None if match is not None else _vector_region(block, page, used_drawings)
            if region is not None:
                vectors += 1
                key = f"p{page.number}-vec{vectors}"
                match = _Graphic(region, key, f"{prefix} drawing {key}")
                match.data = self._render(pdf, page, region)
                result.graphics.append(match)
            if match is None:
                key = f"p{page.number}-cap{len(orphans) + 1}"
                match = _Graphic(block.box, key, f"{prefix} caption {split[0]!r}")
                match.problem = (
                    "image_missing",
                    f"{prefix}: caption {split[0]!r} has no image or drawing next to it",
                )
                orphans.append(match)
            match.label, match.caption = split
            match.claimed = True
        ordered = sorted(result.graphics, key=lambda graphic: (graphic.box[1], graphic.box[0]))
        for graphic in ordered + orphans:
            figure = new_figure(
                parsed.paper.id,
                graphic.key,
                self.backend,
                label=graphic.label,
                caption=graphic.caption,
                page=page.number,
            )
            if graphic.data is not None:
                figure = attach_image(parsed, figure, graphic.data, graphic.name)
            elif graphic.problem is not None:
                reject(parsed, figure, *graphic.problem)
            parsed.figures.append(figure)
        return result

    def _extract(
        self,
        pdf: pymupdf.Document,
        page: _Page,
        graphic: _Graphic,
        xref: int,
        size: tuple[int, int],
        seen_images: set[str],
    ) -> bool:
        """Fill `graphic` with the embedded image; False for blank, faint or repeated ones."""
        if size[0] * size[1] > MAX_PIXELS:
            graphic.problem = (
                "image_too_large",
                f"{graphic.name}: {size[0]}x{size[1]} pixels, over the "
                f"{MAX_PIXELS / 1e6:.0f} MP limit",
            )
            return True
        try:
            data = _image_png(pdf, pdf[page.number - 1], xref, graphic.box)
        except (RuntimeError, ValueError) as exc:
            graphic.problem = ("image_corrupt", f"{graphic.name}: cannot decode the image ({exc})")
            return True
        digest = sha256_hex(data)
        if digest in seen_images:
            return False
        seen_images.add(digest)
        graphic.data = data
        try:
            inspect_image(data, graphic.name)
        except ImageProblem:
            return True  # kept: attach_image records the problem
        return _visible(data, graphic.name)

    def _render(self, pdf: pymupdf.Document, page: _Page, box: Box) -> bytes:
        """Render a vector figure's region (with any text on it) to PNG."""
        clip = pymupdf.Rect(box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2) & pymupdf.Rect(page.box)
        return bytes(pdf[page.number - 1].get_pixmap(clip=clip, dpi=self.render_dpi).tobytes("png"))


# ---------------------------------------------------------------- reading


def _read(document: SourceDocument) -> bytes:
    name = document.display_name
    try:
        data = document.path.read_bytes()
    except OSError as exc:
        raise SourceError("unreadable", f"{name}: cannot read the file ({exc})") from exc
    if not data:
        raise SourceError("empty_file", f"{name}: the file is empty; re-download or remove it")
    return data


def _open(data: bytes, name: str) -> pymupdf.Document:
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


def _read_page(pdf: pymupdf.Document, page: pymupdf.Page, name: str) -> _Page:
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
    return _Page(
        number=page.number + 1,
        box=page_box,
        blocks=blocks,
        images=placed,
        drawings=visible_drawings,
        non_space_chars=sum(1 for char in text if not char.isspace()),
    )


def _block(raw: dict[str, Any]) -> _Block | None:
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
    return _Block(
        box=_box(raw["bbox"]),
        text=text,
        bold=bold,
        size=max(sizes, default=0.0),
        all_bold=all_bold and bool(sizes),
        lines=len(lines),
    )


def _image_png(pdf: pymupdf.Document, page: pymupdf.Page, xref: int, box: Box) -> bytes:
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


def _visible(data: bytes, name: str) -> bool:
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


# ---------------------------------------------------------------- layout


def _box(rect: Any) -> Box:
    x0, y0, x1, y1 = (float(value) for value in rect)
    return (x0, y0, x1, y1)


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _intersection(a: Box, b: Box) -> Box:
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _inside(inner: Box, outer: Box, share: float = 0.8) -> bool:
    """True when at least `share` of `inner` lies within `outer`."""
    area = _area(inner)
    return area > 0 and _area(_intersection(inner, outer)) >= share * area


def _x_overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0])


def _visible_drawing(drawing: dict[str, Any]) -> bool:
    """False for paths that draw nothing on white paper (white fills, no stroke)."""
    fill = drawing.get("fill")
    if drawing.get("color") is not None:
        return True
    return fill is not None and tuple(fill) != _WHITE


def _is_barrier(block: _Block) -> bool:
    """A real text block (not an atom label inside a drawing) bounds a figure region."""
    return len(block.text.split()) >= 4 and len(block.text) >= 15


def _vertical_gap(graphic: Box, caption: Box) -> float:
    if graphic[3] <= caption[1] + 2:
        return caption[1] - graphic[3]
    if graphic[1] >= caption[3] - 2:
        return graphic[1] - caption[3]
    return 0.0


def _nearest_raster(block: _Block, graphics: list[_Graphic], page: _Page) -> _Graphic | None:
    """The unclaimed graphic nearest to a caption, with no paragraph in between."""
    best: tuple[float, _Graphic] | None = None
    for graphic in graphics:
        if graphic.claimed or not _x_overlap(graphic.box, block.box):
            continue
        gap = _vertical_gap(graphic.box, block.box)
        top = min(graphic.box[3], block.box[3])
        bottom = max(graphic.box[1], block.box[1])
        between = any(
            _is_barrier(other)
            and other is not block
            and top <= other.box[1]
            and other.box[3] <= bottom
            and _x_overlap(other.box, block.box)
            for other in page.blocks
        )
        if between:
            continue
        if best is None or gap < best[0]:
            best = (gap, graphic)
    return best[1] if best else None


def _vector_region(block: _Block, page: _Page, used: set[int]) -> Box | None:
    """Union of the drawings between a caption and the text above it (or below it).

    Drawings taken by an earlier caption (indices in `used`) are skipped, and the
    ones taken here are added to `used`.
    """
    caption = block.box
    barriers = [
        other.box
        for other in page.blocks
        if other is not block and _is_barrier(other) and _x_overlap(other.box, caption)
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


def _body_font_size(pages: list[_Page]) -> float:
    weighted: dict[float, int] = {}
    for page in pages:
        for block in page.blocks:
            size = round(block.size, 1)
            weighted[size] = weighted.get(size, 0) + len(block.text)
    return max(weighted, key=lambda size: weighted[size]) if weighted else 0.0


def _is_heading(block: _Block, body_size: float) -> bool:
    """Short, larger or all-bold lines without a final period are section headings."""
    if block.lines > 3 or len(block.text) > 150 or block.text.endswith((".", ":", ";", ",")):
        return False
    return block.size >= body_size + 1.5 or (block.all_bold and len(block.text) <= 100)


def _largest_text(page: _Page) -> str:
    """The first page's largest-font block: the title when the metadata has none."""
    candidates = [block for block in page.blocks if len(block.text) <= 300]
    if not candidates:
        return ""
    return max(candidates, key=lambda block: block.size).text


def _find_doi(page: _Page, metadata: dict[str, str]) -> str | None:
    texts = [block.text for block in page.blocks]
    texts += [str(metadata.get(key) or "") for key in ("subject", "keywords", "title")]
    for text in texts:
        match = DOI_PATTERN.search(text)
        if match:
            return match.group().rstrip(".,;:)]}")
    return None
