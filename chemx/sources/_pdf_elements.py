"""The pieces of a page that can belong to a display item, and what bounds them.

Pictures, vector drawings and non-prose text lines (atom labels, table cells) are
artwork candidates; running prose at the body size, headings and captions are barriers
that no item crosses. Prose in a smaller font (a table's footnotes) is a "note": part
of an item's small print, never of its picture. Thin rules across a column are kept
apart: they belong to tables, and elsewhere separate an item from the text.
"""

from __future__ import annotations

from dataclasses import dataclass

from chemx.sources._pdf_captions import Caption
from chemx.sources._pdf_layout import Columns, DocumentStyle, is_furniture, is_prose
from chemx.sources._pdf_pages import Box, Line, Page

MIN_SIDE = 12.0
"""Points: a region narrower or shorter than this is no display item."""


@dataclass
class Element:
    """A piece of a page that can belong to a display item."""

    box: Box
    kind: str
    """'drawing', 'image' (index into `Page.images` in `index`), 'text' or 'note'
    (a prose line in a small font: a footnote or notes line)."""
    index: int = -1
    line: Line | None = None


@dataclass
class PageParts:
    """A page's candidate artwork and the boxes that bound regions (prose, captions)."""

    elements: list[Element]
    barriers: list[Box]


def page_parts(
    page: Page, style: DocumentStyle, columns: Columns, captions: list[Caption]
) -> PageParts:
    """Sort the page into artwork candidates and barriers (read once per page)."""
    caption_lines = {id(line) for caption in captions for line in caption.lines}
    elements: list[Element] = []
    barriers: list[Box] = [caption.box for caption in captions]
    height = page.box[3] - page.box[1]
    top, bottom = page.box[1] + 0.06 * height, page.box[3] - 0.06 * height
    for box in page.drawings:
        if top < (box[1] + box[3]) / 2 < bottom:
            kind = "rule" if _is_separator(box, columns) else "drawing"
            elements.append(Element(box=box, kind=kind))
    for index, (_, box, width, height_px) in enumerate(page.images):
        big_enough = box[2] - box[0] >= 4 and box[3] - box[1] >= 4 and min(width, height_px) > 1
        if big_enough and top < (box[1] + box[3]) / 2 < bottom:
            elements.append(Element(box=box, kind="image", index=index))
    lines = [
        line
        for line in page.lines
        if id(line) not in caption_lines and not is_furniture(line, page, style)
    ]
    body_blocks = {
        line.block
        for line in lines
        if is_prose(line, columns) and line.size >= style.body_size - 0.6
    }
    note_blocks = {line.block for line in lines if is_prose(line, columns)} - body_blocks
    for line in lines:
        body_size = line.size >= style.body_size - 0.6
        at_margin = any(abs(line.box[0] - edge) <= 3 for edge in _column_starts(columns))
        heading = body_size and line.all_bold and len(line.text.split()) >= 2 and at_margin
        sentence = (
            body_size
            and abs(line.size - style.body_size) <= 0.6
            and len(line.text.split()) >= 3
            and line.text.rstrip().endswith((".", ":"))
        )
        if (line.block in body_blocks and body_size) or heading or sentence:
            barriers.append(line.box)
        elif is_prose(line, columns) or (line.block in note_blocks and _wide(line, columns)):
            elements.append(Element(box=line.box, kind="note", line=line))
        else:
            elements.append(Element(box=line.box, kind="text", line=line))
    panels = [
        index
        for index, element in enumerate(elements)
        if element.kind == "drawing"
        and any(
            barrier[0] >= element.box[0] - 1
            and barrier[2] <= element.box[2] + 1
            and barrier[1] >= element.box[1] - 1
            and barrier[3] <= element.box[3] + 1
            for barrier in barriers
        )
    ]
    for index in reversed(panels):
        del elements[index]  # a shaded panel behind running text is no artwork
    return PageParts(elements, barriers)


def _wide(line: Line, columns: Columns) -> bool:
    """Whether a line runs over much of its column (a footnote line, not a table cell)."""
    column = columns.column_of(line.box)
    return line.box[2] - line.box[0] >= 0.4 * columns.width(column if column >= 0 else 0)


def _column_starts(columns: Columns) -> list[float]:
    """Where a column's lines start (a heading starts there; a label in a figure not)."""
    starts = [columns.left]
    if columns.gutter is not None:
        starts.append(columns.gutter[1])
    return starts


def _is_separator(box: Box, columns: Columns) -> bool:
    """Whether a drawing is a thin rule across a whole column or page.

    Such a rule separates items from text, or is a table's top, middle or bottom rule.
    """
    if box[3] - box[1] > 4.0:
        return False
    column = columns.column_of(box)
    return box[2] - box[0] >= 0.9 * columns.width(column)


def overlaps(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def near(a: Box, b: Box, gap: float) -> bool:
    return overlaps((a[0] - gap, a[1] - gap, a[2] + gap, a[3] + gap), b)
