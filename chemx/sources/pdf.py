"""PDF articles to records with PyMuPDF: text blocks, raster and vector figures.

A PDF has no markup, so structure is recovered from layout: text blocks become
paragraphs, blocks that open with "Figure N" / "Scheme N" become captions, and each
caption is tied to the nearest graphic on its page. Chemistry figures are often vector
drawings (ChemDraw pasted into Word), not embedded images, so a caption with no
raster image next to it gets the drawings between it and the text above it, rendered
to PNG.

Whole-document failures raise `SourceError`: "not_a_pdf" (no PDF header: an HTML login
page saved as .pdf, say, named for what it is), "pdf_encrypted" (needs a password),
"pdf_no_text" (a scan without a text layer: OCR it first) and "pdf_corrupt".

This module is the parser; the work is in private modules beside it: `_pdf_pages`
(reading pages and their geometry), `_pdf_figures` (images and figure regions) and
`_pdf_text` (paragraphs and section headings).
"""

from __future__ import annotations

import re
import statistics

import pymupdf

from chemx.images import MAX_PIXELS, ImageProblem, inspect_image
from chemx.records import Paper
from chemx.registry import BackendContext
from chemx.sources._assemble import (
    add_paragraphs,
    attach_image,
    clean_text,
    new_figure,
    paper_node_id,
    reject,
    sha256_hex,
)
from chemx.sources._base import (
    DEFAULT_MAX_DOCUMENT_MB,
    ParsedPaper,
    SourceDocument,
    SourceError,
    read_document,
)
from chemx.sources._pdf_figures import (
    Graphic,
    PageFigures,
    image_png,
    nearest_raster,
    vector_region,
    visible,
)
from chemx.sources._pdf_pages import Box, Page, open_pdf, read_page
from chemx.sources._pdf_text import paragraphs
from chemx.sources._sniff import require_pdf
from chemx.text.figure_mentions import split_caption_label

DOI_PATTERN = re.compile(r"\b10\.\d{4,9}/[^\s\"<>]+")


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
        max_document_mb: float = DEFAULT_MAX_DOCUMENT_MB,
    ) -> None:
        """Create a parser.

        Args:
            source: The `Paper.source` to record.
            min_chars_per_page: A PDF whose median page has fewer non-space characters
                than this has no usable text layer ("pdf_no_text").
            min_image_side: Embedded images narrower or shorter than this many pixels
                are icons or rules, not figures.
            render_dpi: Resolution for vector figures rendered to PNG.
            max_document_mb: Larger files are rejected as "too_large" unread
                (`--max-document-mb`).
        """
        self.source = source
        self.max_document_mb = max_document_mb
        self.min_chars_per_page = min_chars_per_page
        self.min_image_side = min_image_side
        self.render_dpi = render_dpi

    def parse(self, document: SourceDocument, corpus_id: str) -> ParsedPaper:
        """Parse `document`; raise `SourceError` when it has no usable text."""
        name = document.display_name
        data = read_document(document, self.max_document_mb)
        require_pdf(data, name)
        with open_pdf(data, name) as pdf:
            pages = [read_page(pdf, page, name) for page in pdf]
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
        drafts = paragraphs(pages, per_page, title)
        add_paragraphs(parsed, drafts, self.backend)
        return parsed

    def _check_text_layer(self, pages: list[Page], name: str) -> None:
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
        page: Page,
        parsed: ParsedPaper,
        seen_images: set[str],
        seen_xrefs: set[int],
    ) -> PageFigures:
        """Find the page's figures, tie captions to them, and add them to `parsed`."""
        result = PageFigures()
        prefix = f"{parsed.paper.source_path}: page {page.number}"
        for xref, box, width, height in page.images:
            if width < self.min_image_side or height < self.min_image_side:
                continue
            if xref and xref in seen_xrefs:
                continue
            seen_xrefs.add(xref)
            key = f"p{page.number}-img{len(result.graphics) + 1}"
            graphic = Graphic(box, key, f"{prefix} image {key}")
            if self._extract(pdf, page, graphic, xref, (width, height), seen_images):
                result.graphics.append(graphic)
        rasters = list(result.graphics)
        used_drawings: set[int] = set()
        vectors = 0
        orphans: list[Graphic] = []
        for index, block in enumerate(page.blocks):
            split = split_caption_label(block.text)
            if split is None:
                continue
            result.caption_blocks.add(index)
            match = nearest_raster(block, rasters, page)
            region = None if match is not None else vector_region(block, page, used_drawings)
            if region is not None:
                vectors += 1
                key = f"p{page.number}-vec{vectors}"
                match = Graphic(region, key, f"{prefix} drawing {key}")
                match.data = self._render(pdf, page, region)
                result.graphics.append(match)
            if match is None:
                key = f"p{page.number}-cap{len(orphans) + 1}"
                match = Graphic(block.box, key, f"{prefix} caption {split[0]!r}")
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
        page: Page,
        graphic: Graphic,
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
            data = image_png(pdf, pdf[page.number - 1], xref, graphic.box)
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
        return visible(data, graphic.name)

    def _render(self, pdf: pymupdf.Document, page: Page, box: Box) -> bytes:
        """Render a vector figure's region (with any text on it) to PNG."""
        clip = pymupdf.Rect(box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2) & pymupdf.Rect(page.box)
        return bytes(pdf[page.number - 1].get_pixmap(clip=clip, dpi=self.render_dpi).tobytes("png"))


def _largest_text(page: Page) -> str:
    """The first page's largest-font block: the title when the metadata has none."""
    candidates = [block for block in page.blocks if len(block.text) <= 300]
    if not candidates:
        return ""
    return max(candidates, key=lambda block: block.size).text


def _find_doi(page: Page, metadata: dict[str, str]) -> str | None:
    texts = [block.text for block in page.blocks]
    texts += [str(metadata.get(key) or "") for key in ("subject", "keywords", "title")]
    for text in texts:
        match = DOI_PATTERN.search(text)
        if match:
            return match.group().rstrip(".,;:)]}")
    return None


def make_parser(context: BackendContext) -> PdfParser:
    """The ``pymupdf`` PDF backend (registry factory); `context.settings` is `SourceSettings`."""
    return PdfParser(max_document_mb=context.settings.max_document_mb)
