"""PDF running text: which text blocks are paragraphs, which are section headings.

Blocks that are captions, the title or text drawn inside a figure are left out; a short
line set larger than the body text, or all in bold, opens a section.
"""

from __future__ import annotations

from chemx.sources._assemble import ParagraphDraft
from chemx.sources._pdf_figures import PageFigures
from chemx.sources._pdf_pages import Block, Page, inside


def paragraphs(pages: list[Page], per_page: list[PageFigures], title: str) -> list[ParagraphDraft]:
    """The body paragraphs of all pages, in reading order, each with its section title."""
    body_size = _body_font_size(pages)
    drafts: list[ParagraphDraft] = []
    section: str | None = None
    for page, figures in zip(pages, per_page, strict=True):
        boxes = [graphic.box for graphic in figures.graphics]
        for index, block in enumerate(page.blocks):
            if index in figures.caption_blocks or block.text == title:
                continue
            if any(inside(block.box, box) for box in boxes):
                continue
            if _is_heading(block, body_size):
                section = block.text
                continue
            drafts.append(
                ParagraphDraft(
                    text=block.text, section_title=section, page=page.number, bold=block.bold
                )
            )
    return drafts


def _body_font_size(pages: list[Page]) -> float:
    weighted: dict[float, int] = {}
    for page in pages:
        for block in page.blocks:
            size = round(block.size, 1)
            weighted[size] = weighted.get(size, 0) + len(block.text)
    return max(weighted, key=lambda size: weighted[size]) if weighted else 0.0


def _is_heading(block: Block, body_size: float) -> bool:
    """Short, larger or all-bold lines without a final period are section headings."""
    if block.lines > 3 or len(block.text) > 150 or block.text.endswith((".", ":", ";", ",")):
        return False
    return block.size >= body_size + 1.5 or (block.all_bold and len(block.text) <= 100)
