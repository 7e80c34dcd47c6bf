"""Page layout of a journal PDF: body font, columns, running heads and reading order.

Journal pages are set in one or two columns with full-width elements (title block,
wide figures and tables) between them. Everything later depends on knowing which
column a line is in: a figure region must not reach into the other column, and
paragraphs must be read down the left column before the right one. The column split
(the gutter) is found from where the page's prose lines start and end, not from fixed
coordinates, so any journal's layout is read the same way.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from chemx.sources._pdf_pages import Box, Line, Page

MARGIN_SHARE = 0.075
"""Running heads and feet sit in the top and bottom 7.5% of a page."""
_DIGITS = re.compile(r"\d+")
_WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class Columns:
    """A page's text columns: one, or two split by a gutter."""

    left: float
    right: float
    gutter: tuple[float, float] | None = None

    def column_of(self, box: Box) -> int:
        """0 for the left (or only) column, 1 for the right, -1 for across the gutter."""
        if self.gutter is None:
            return 0
        middle = (self.gutter[0] + self.gutter[1]) / 2
        if box[2] <= middle + 2:
            return 0
        if box[0] >= middle - 2:
            return 1
        return -1

    def span_of(self, column: int) -> tuple[float, float]:
        """The x-range of a column (-1: the whole text width)."""
        if self.gutter is None or column == -1:
            return (self.left, self.right)
        if column == 0:
            return (self.left, self.gutter[0])
        return (self.gutter[1], self.right)

    def width(self, column: int) -> float:
        """Width of a column in points."""
        start, end = self.span_of(column)
        return end - start


@dataclass(frozen=True)
class DocumentStyle:
    """What holds for the whole document: body font size and repeated margin text."""

    body_size: float
    running: frozenset[str]
    """Margin lines (digits removed) that repeat on several pages: heads and feet."""
    running_words: frozenset[str] = frozenset()
    """The words of `running`: a first-page banner re-sets them in other lines."""


def document_style(pages: list[Page]) -> DocumentStyle:
    """The body font size (most characters) and the running heads and feet."""
    weighted: Counter[float] = Counter()
    margins: Counter[str] = Counter()
    for page in pages:
        for line in page.lines:
            weighted[round(line.size, 1)] += len(line.text)
            if _in_margin(line.box, page):
                margins[_margin_key(line.text)] += 1
    body = weighted.most_common(1)[0][0] if weighted else 0.0
    threshold = 2 if len(pages) <= 3 else 3
    running = frozenset(key for key, count in margins.items() if count >= threshold and key)
    words = frozenset(word for key in running for word in key.split())
    return DocumentStyle(body_size=body, running=running, running_words=words)


def _in_margin(box: Box, page: Page) -> bool:
    height = page.box[3] - page.box[1]
    return box[3] <= page.box[1] + MARGIN_SHARE * height or box[1] >= (
        page.box[3] - MARGIN_SHARE * height
    )


def _margin_key(text: str) -> str:
    return _DIGITS.sub("#", " ".join(text.split())).lower()


def is_furniture(line: Line, page: Page, style: DocumentStyle) -> bool:
    """Running heads and feet, page numbers, rotated margin banners: not the paper's text."""
    if not line.upright:
        return True
    if not _in_margin(line.box, page):
        return False
    key = _margin_key(line.text)
    if key in style.running or not _WORD.search(line.text):
        return True
    if key and all(word in style.running_words for word in key.split()):
        return True
    return line.size < style.body_size - 1.0


def is_prose(line: Line, columns: Columns) -> bool:
    """A line of running prose: several words at normal spacing over most of a column.

    Table rows and figure text have words far apart (cells) or are short; prose is set
    with word gaps under about a quarter of an em, so the widest gap between spans
    separates the two whatever the font size.
    """
    words = line.text.split()
    if len(words) < 5 or sum(1 for word in words if _WORD.search(word)) < 3:
        return False
    column = columns.column_of(line.box)
    width = line.box[2] - line.box[0]
    if width < 0.6 * columns.width(column if column >= 0 else 0):
        return False
    gaps = [
        later.box[0] - earlier.box[2]
        for earlier, later in zip(line.spans, line.spans[1:], strict=False)
    ]
    return max(gaps, default=0.0) < 1.5 * max(line.size, 1.0)


def find_columns(page: Page, style: DocumentStyle, fallback: Columns | None = None) -> Columns:
    """The page's columns, from where its body-size lines lie.

    A gutter is the widest vertical strip in the middle of the page that no body line
    narrower than 60% of the page crosses, with body text on both sides of it.
    """
    width = page.box[2] - page.box[0]
    body = [
        line
        for line in page.lines
        if line.upright
        and abs(line.size - style.body_size) <= 1.2
        and line.box[2] - line.box[0] >= 0.2 * width
        and not _in_margin(line.box, page)
    ]
    if not body:
        return fallback or Columns(left=page.box[0], right=page.box[2])
    left = min(line.box[0] for line in body)
    right = max(line.box[2] for line in body)
    narrow = [line for line in body if line.box[2] - line.box[0] < 0.6 * width]
    lefts = [line for line in narrow if line.box[2] < page.box[0] + 0.6 * width]
    rights = [line for line in narrow if line.box[0] > page.box[0] + 0.4 * width]
    if fallback is not None and fallback.gutter is not None:
        middle = (fallback.gutter[0] + fallback.gutter[1]) / 2
        crossing = sum(1 for line in narrow if line.box[0] < middle < line.box[2])
        left_side = sum(1 for line in narrow if line.box[2] <= middle)
        right_side = sum(1 for line in narrow if line.box[0] >= middle)
        if min(left_side, right_side) >= 2 and crossing <= 0.25 * len(narrow):
            return fallback  # the document's columns, with a wide element or two
    if len(lefts) < 3 or len(rights) < 3:
        return Columns(left=left, right=right)
    gutter_start = _percentile([line.box[2] for line in lefts], 0.9)
    gutter_end = _percentile([line.box[0] for line in rights], 0.1)
    if gutter_end - gutter_start < 4:
        return Columns(left=left, right=right)
    return Columns(left=left, right=right, gutter=(gutter_start, gutter_end))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def reading_order(lines: list[Line], columns: Columns, items: Sequence[Box] = ()) -> list[Line]:
    """Lines in the order a reader takes them.

    Full-width lines and full-width display items (`items`) split the page into bands;
    within a band the left column is read before the right one.
    """
    if columns.gutter is None:
        return sorted(lines, key=lambda line: (round(line.box[1], 1), line.box[0]))
    cuts: list[tuple[float, Line | None]] = [
        (line.box[1], line) for line in lines if columns.column_of(line.box) == -1
    ]
    cuts += [(box[1], None) for box in items if columns.column_of(box) == -1]
    cuts.sort(key=lambda cut: cut[0])
    tops = [top for top, _ in cuts]
    bands: dict[int, list[Line]] = {}
    for line in lines:
        if columns.column_of(line.box) != -1:
            bands.setdefault(bisect.bisect_right(tops, line.box[1]), []).append(line)
    ordered: list[Line] = []
    for band in range(len(cuts) + 1):
        if band > 0 and cuts[band - 1][1] is not None:
            ordered.append(cuts[band - 1][1])  # type: ignore[arg-type]
        members = bands.get(band, [])
        for column in (0, 1):
            ordered.extend(
                sorted(
                    (line for line in members if columns.column_of(line.box) == column),
                    key=lambda line: (round(line.box[1], 1), line.box[0]),
                )
            )
    return ordered


_ABSTRACT = re.compile(r"^\W*abstract\b", re.IGNORECASE)


def abstract_start(lines: Sequence[Line]) -> tuple[Line, list[Line]] | None:
    """Where the first page's abstract starts, and its text block; None without one.

    The "Abstract" line when the page has one, else the first long block of prose (at
    least 3 lines and 300 characters: an unlabelled abstract, as Nature journals set
    it). Running text starts there (what lies above is the title block), and the
    graphical abstract sits beside it.
    """
    blocks: dict[int, list[Line]] = {}
    for line in lines:
        blocks.setdefault(line.block, []).append(line)
    marker = next((line for line in lines if _ABSTRACT.match(line.text)), None)
    if marker is not None:
        return marker, blocks[marker.block]
    long_blocks = [
        members
        for members in blocks.values()
        if len(members) >= 3 and sum(len(line.text) for line in members) >= 300
    ]
    if not long_blocks:
        return None
    first = min(long_blocks, key=lambda members: members[0].box[1])
    return first[0], first
