"""PDF articles to records with PyMuPDF, read as a careful reader copies a journal page.

A PDF has no markup, so structure is recovered from layout, in this order:

1. `_pdf_pages` reads each page once: text lines with their spans (size, flags,
   baseline), placed images, visible drawings; lines the text layer split apart are
   put back together.
2. `_pdf_layout` finds the body font, the running heads and feet, and each page's
   columns (the document's gutter where a page says too little).
3. `_pdf_captions`, `_pdf_elements`, `_pdf_sides` and `_pdf_regions` give every
   "Figure/Fig./Scheme/Chart/Table N" caption one region: its artwork side, its
   column(s), never another caption's pieces or body text; `_pdf_abstract` adds the
   first page's uncaptioned TOC graphic. `_pdf_items` turns regions into figures (the
   picture, the caption, the text printed inside: a SAR table's cells).
4. `_pdf_text`, `_pdf_lines` and `_pdf_hyphens` read the running text: reading order,
   paragraphs across column and page breaks, headings, line-break hyphens, citation
   markers out of the sentences, the reference list apart.
5. `_pdf_meta` reads DOI, title, journal, date and licence from what the paper prints.

Whole-document failures raise `SourceError`: "not_a_pdf" (no PDF header: an HTML login
page saved as .pdf, say, named for what it is), "pdf_encrypted" (needs a password),
"pdf_no_text" (a scan without a text layer: OCR it first) and "pdf_corrupt".
`scripts/bench_pdf.py` measures all of it on hand-made gold from real journal PDFs.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter

from chemx.records import Paper
from chemx.registry import BackendContext
from chemx.sources._assemble import add_paragraphs, clean_text, paper_node_id, sha256_hex
from chemx.sources._base import (
    DEFAULT_MAX_DOCUMENT_MB,
    ParsedPaper,
    SourceDocument,
    SourceError,
    read_document,
)
from chemx.sources._pdf_abstract import graphical_abstract
from chemx.sources._pdf_captions import Caption, find_captions
from chemx.sources._pdf_elements import page_parts
from chemx.sources._pdf_items import ItemOptions, add_items
from chemx.sources._pdf_layout import Columns, DocumentStyle, document_style, find_columns
from chemx.sources._pdf_meta import PrintedMetadata, read_printed_metadata
from chemx.sources._pdf_pages import Box, Page, open_pdf, read_page
from chemx.sources._pdf_regions import Region, build_regions
from chemx.sources._pdf_sides import clear_sides, learn_habits
from chemx.sources._pdf_text import running_text
from chemx.sources._sniff import require_pdf

DOI_PATTERN = re.compile(r"\b10\.\d{4,9}/[^\s\"<>]+")
_FILE_NAME_TITLE = re.compile(r"^\S+\s+\d+\.\.\d+$|\.(pdf|docx?|tex)$", re.IGNORECASE)


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
            min_image_side: Uncaptioned embedded images narrower or shorter than this
                many pixels are icons or rules, not figures.
            render_dpi: Resolution for display items rendered to PNG.
            max_document_mb: Larger files are rejected as "too_large" unread
                (`--max-document-mb`).
        """
        self.source = source
        self.max_document_mb = max_document_mb
        self.min_chars_per_page = min_chars_per_page
        self.options = ItemOptions(min_image_side=min_image_side, render_dpi=render_dpi)

    def parse(self, document: SourceDocument, corpus_id: str) -> ParsedPaper:
        """Parse `document`; raise `SourceError` when it has no usable text."""
        name = document.display_name
        data = read_document(document, self.max_document_mb)
        require_pdf(data, name)
        with open_pdf(data, name) as pdf:
            pages = [read_page(pdf, page, name) for page in pdf]
            self._check_text_layer(pages, name)
            printed = read_printed_metadata(pdf)
            paper = _paper(printed, pdf.metadata or {}, pages[0], data, corpus_id, name)
            paper = paper.model_copy(update={"source": self.source})
            parsed = ParsedPaper(paper=paper)
            layout = read_layout(pages)
            seen: set[str] = set()
            item_boxes: list[list[Box]] = []
            caption_lines: list[set[int]] = []
            for page, regions, orphans, captions in zip(
                pages, layout.regions, layout.orphans, layout.captions, strict=True
            ):
                added = add_items(pdf, page, regions, orphans, parsed, seen, self.options)
                item_boxes.append(added.boxes + added.notes)
                caption_lines.append({id(line) for caption in captions for line in caption.lines})
        text = running_text(
            pages, layout.style, layout.columns, item_boxes, caption_lines, paper.title
        )
        parsed.paper = parsed.paper.model_copy(update={"references": tuple(text.references)})
        add_paragraphs(parsed, text.paragraphs, self.backend)
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


class Layout:
    """The document's layout: style, and per page its columns, captions and regions."""

    def __init__(self, style: DocumentStyle) -> None:
        self.style = style
        self.columns: list[Columns] = []
        self.captions: list[list[Caption]] = []
        self.regions: list[list[Region]] = []
        self.orphans: list[list[Caption]] = []


def read_layout(pages: list[Page]) -> Layout:
    """Columns, captions and display-item regions of every page.

    Two passes: the first finds each page's columns and the captions whose artwork side
    is clear, from which the document's habit per caption kind is learnt; the second
    builds the regions with that habit for the captions with artwork on both sides.
    """
    layout = Layout(document_style(pages))
    first = [find_columns(page, layout.style) for page in pages]
    gutters = Counter(columns.gutter for columns in first if columns.gutter is not None)
    fallback = None
    if gutters:
        gutter = gutters.most_common(1)[0][0]
        typical = next(columns for columns in first if columns.gutter == gutter)
        fallback = typical
    layout.columns = [find_columns(page, layout.style, fallback) for page in pages]
    layout.captions = [find_captions(page, layout.style) for page in pages]
    parts = [
        page_parts(page, layout.style, columns, captions)
        for page, columns, captions in zip(pages, layout.columns, layout.captions, strict=True)
    ]
    sides = [
        side
        for page, part, columns, captions in zip(
            pages, parts, layout.columns, layout.captions, strict=True
        )
        for side in clear_sides(page, part, columns, captions)
    ]
    habits = learn_habits(sides)
    for page, part, columns, captions in zip(
        pages, parts, layout.columns, layout.captions, strict=True
    ):
        regions = build_regions(page, part, columns, captions, habits)
        if page.number == 1:
            abstract = graphical_abstract(page, part, columns, regions)
            if abstract is not None:
                regions.append(abstract)
        with_region = {id(region.caption) for region in regions}
        layout.regions.append(regions)
        layout.orphans.append([caption for caption in captions if id(caption) not in with_region])
    return layout


def _paper(
    printed: PrintedMetadata,
    info: dict[str, str],
    first: Page,
    data: bytes,
    corpus_id: str,
    name: str,
) -> Paper:
    """The paper record: what the paper prints first, then the PDF's own metadata."""
    info_title = clean_text(info.get("title") or "")
    if _FILE_NAME_TITLE.search(info_title):
        info_title = ""
    title = printed.title or info_title or _largest_line(first)
    doi = printed.doi  # page 1 text, DOI links, XMP, then the PDF info (`_pdf_meta`)
    return Paper(
        id=paper_node_id(None, doi, sha256_hex(data)),
        parent_id=corpus_id,
        backend=PdfParser.backend,
        doi=doi,
        title=title,
        journal=printed.journal,
        published=printed.published,
        licence=printed.licence,
        licence_url=printed.licence_url,
        source="pdf",
        source_path=name,
    )


def _largest_line(page: Page) -> str:
    """The first page's largest-font line: a last resort for the title."""
    candidates = [line for line in page.lines if 3 <= len(line.text.strip()) <= 300]
    if not candidates:
        return ""
    return clean_text(max(candidates, key=lambda line: line.size).text)


def make_parser(context: BackendContext) -> PdfParser:
    """The ``pymupdf`` PDF backend (registry factory); `context.settings` is `SourceSettings`."""
    return PdfParser(max_document_mb=context.settings.max_document_mb)
