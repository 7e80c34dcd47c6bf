"""PDF running text: body lines in reading order, grouped into paragraphs and sections.

Lines that are running heads, captions, text inside a display item, or set in another
size than the body (title, authors, footnotes) are not running text. The rest is read
column by column; a paragraph ends at an indented line, after a short line that
finishes a sentence, or at a heading, and it carries on across a column or page break
otherwise. The reference list is not running text either: from its heading on, lines
become reference entries (`PdfText.references`), which never reach sentence retrieval;
the back matter (author information, acknowledgements, notes) is skipped likewise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from chemx.sources._assemble import ParagraphDraft
from chemx.sources._pdf_hyphens import Vocabulary
from chemx.sources._pdf_layout import (
    Columns,
    DocumentStyle,
    abstract_start,
    is_furniture,
    reading_order,
)
from chemx.sources._pdf_lines import TextBuilder, collapse
from chemx.sources._pdf_pages import Box, Line, Page, inside

_REFERENCES = re.compile(
    r"(?:^|\s)(references(\s+and\s+notes)?|notes\s+and\s+references|literature\s+cited|"
    r"bibliography|references\s+cited)\W*$",
    re.IGNORECASE,
)
_BACK_MATTER = re.compile(
    r"(?:^|\s)(associated\s+content|supporting\s+information|author\s+information|"
    r"corresponding\s+authors?|authors?|acknowledge?ments?|notes|abbreviations|funding|"
    r"author\s+contributions|competing\s+interests|additional\s+information|"
    r"data\s+availability(\s+statement)?|code\s+availability|recommended\s+by\s+acs|related\s+articles|reporting\s+summary|peer\s+review(\s+information)?|"
    r"ethics\s+declarations|accession\s+codes)\W*$",
    re.IGNORECASE,
)
_MAIN_SECTION = re.compile(
    r"\b(introduction|results|discussion|conclusions?|methods|experimental|materials|"
    r"background|summary|outlook)\b",
    re.IGNORECASE,
)
"""Headings that open running text again after a reference list or back matter."""
_ENTRY_START = re.compile(r"^\s*(\(\d{1,3}\)|\[\d{1,3}\]|\d{1,3}\.)\s")
_TERMINAL = (".", "?", "!", ":")


@dataclass
class PdfText:
    """A paper's running text and its reference list."""

    paragraphs: list[ParagraphDraft] = field(default_factory=list)
    references: list[str] = field(default_factory=list)


@dataclass
class _Open:
    builder: TextBuilder
    section: str | None
    page: int
    last: Line
    column: int


def running_text(
    pages: list[Page],
    style: DocumentStyle,
    columns: list[Columns],
    excluded: list[list[Box]],
    skip_lines: list[set[int]],
    title: str,
) -> PdfText:
    """Paragraphs and references of the whole paper.

    Args:
        pages: The pages read.
        style: Body font size and running heads.
        columns: Each page's columns.
        excluded: Each page's display-item boxes: lines inside them are not text.
        skip_lines: Each page's lines (by `id`) that are captions or the title.
        title: The paper's title, kept out of the text.
    """
    vocabulary = Vocabulary(line.text for page in pages for line in page.lines)
    result = PdfText()
    section: str | None = None
    mode = "body"
    current: _Open | None = None
    entry: list[str] = []

    def close() -> None:
        nonlocal current
        if current is None:
            return
        text, bold, citations = current.builder.finish()
        if text:
            result.paragraphs.append(
                ParagraphDraft(
                    text=text,
                    section_title=current.section,
                    page=current.page,
                    bold=bold,
                    citations=[(citation.start, citation.marker) for citation in citations],
                )
            )
        current = None

    def close_entry() -> None:
        if entry:
            result.references.append(collapse(" ".join(entry)))
            entry.clear()

    pending_heading: str | None = None
    initial = ""
    initial_box: Box | None = None
    for page, page_columns, boxes, skipped in zip(
        pages, columns, excluded, skip_lines, strict=True
    ):
        candidates = [
            line
            for line in page.lines
            if id(line) not in skipped
            and not is_furniture(line, page, style)
            and not any(inside(line.box, box, 0.5) for box in boxes)
            and collapse(line.text) != title
        ]
        candidates = _without_front_matter(candidates)
        if page.number == 1:
            candidates = _after_abstract_marker(candidates)
        headings = _heading_lines(candidates, style)
        margins = _column_margins(candidates, page_columns)
        for line in reading_order(candidates, page_columns, boxes):
            if id(line) in headings:
                heading = headings[id(line)]
                if not heading:
                    continue
                close_entry()
                if _REFERENCES.search(heading):
                    close()
                    mode, pending_heading = "references", None
                elif _BACK_MATTER.search(heading):
                    close()
                    mode, pending_heading = "back", None
                elif mode != "body" and _MAIN_SECTION.search(heading):
                    mode, section, pending_heading = "body", heading, None
                elif mode != "body":
                    continue
                else:
                    pending_heading = heading
                continue
            if mode == "references":
                if _ENTRY_START.match(line.text) and entry:
                    close_entry()
                entry.append(line.text)
                continue
            if _is_initial(line, style):
                close()
                initial, initial_box = collapse(line.text), line.box
                continue
            if mode == "back" or not _body_size(line, style):
                continue
            if pending_heading is not None:
                continues = (
                    current is not None
                    and line.text.lstrip()[:1].islower()
                    and not current.last.text.rstrip().endswith(_TERMINAL)
                )
                if not continues:
                    close()
                    mode, section = "body", pending_heading
                pending_heading = None
            column = page_columns.column_of(line.box)
            beside_initial = initial_box is not None and line.box[1] < initial_box[3] + 2
            if (
                current is not None
                and not beside_initial
                and _starts_paragraph(line, current, margins, page.number)
            ):
                close()
            if initial_box is not None and not beside_initial:
                initial_box = None
            if current is None:
                current = _Open(TextBuilder(vocabulary), section, page.number, line, column)
            if initial:
                current.builder.start_with(initial)
                initial = ""
            if not current.builder.text and _ABSTRACT_LABEL.match(line.text):
                line = _without_label(line)
                current.section = current.section or "Abstract"
            current.builder.add_line(line)
            current.last = line
            current.column = column
    close()
    close_entry()
    return result


_FRONT_MATTER = re.compile(
    r"^\s*(received|revised|accepted|published|cite\s+this|read\s+online|©|copyright|"
    r"access\b|metrics|article\s+recommendations|\*?\s*corresponding|keywords|special\s+issue|"
    r"\d{0,2}\s*(state\s+key|department|school|institute|university|laborator|college|"
    r"faculty|centre|center)\b|e-?mail)",
    re.IGNORECASE,
)


def _without_front_matter(lines: list[Line]) -> list[Line]:
    """The lines without front matter and display items' footnotes.

    The first page's date, licence and access lines ("Received: …", "Cite This",
    affiliations) and the footnotes of display items (blocks opening with a raised
    "a", "b", "*": "ᵃReaction conditions: …") are not running text.
    """
    first_lines: dict[int, Line] = {}
    for line in lines:
        first_lines.setdefault(line.block, line)
    footnotes = {block for block, line in first_lines.items() if _opens_footnote(line)}
    return [
        line for line in lines if line.block not in footnotes and not _FRONT_MATTER.match(line.text)
    ]


def _opens_footnote(line: Line) -> bool:
    """A line that starts with a raised footnote mark (a letter or *, †, ‡, §)."""
    visible = [span for span in line.spans if span.text.strip()]
    if len(visible) < 2:
        return False
    mark = visible[0].text.strip()
    raised = line.is_raised(visible[0]) or visible[0].size < 0.85 * line.size
    return raised and (
        (len(mark) == 1 and mark.isalpha() and mark.islower()) or mark in {"*", "†", "‡", "§"}
    )


_ABSTRACT_LABEL = re.compile(r"^\s*abstract\s*[:.]\s*", re.IGNORECASE)


def _without_label(line: Line) -> Line:
    """The line without its "ABSTRACT:" run-in label."""
    spans = list(line.spans)
    remove = _ABSTRACT_LABEL.match(line.text)
    assert remove is not None
    left = remove.end()
    kept = []
    for span in spans:
        if left >= len(span.text):
            left -= len(span.text)
            continue
        kept.append(replace(span, text=span.text[left:]) if left else span)
        left = 0
    return Line(box=line.box, spans=kept, block=line.block, upright=line.upright)


def _after_abstract_marker(lines: list[Line]) -> list[Line]:
    """Page 1 without the title block (authors, affiliations, banners) above the abstract."""
    found = abstract_start(lines)
    if found is None:
        return lines
    return [line for line in lines if line.box[1] >= found[0].box[1] - 1]


def _heading_lines(lines: list[Line], style: DocumentStyle) -> dict[int, str]:
    """Section headings by line `id`, given on the first line of each heading.

    Consecutive heading-like lines of one block form a run; a run is a heading when it
    is short (at most 3 lines, 150 characters) and is not a bold run-in head carrying
    on into its paragraph ("Typical Procedure for the …") or a bold abstract.
    """
    found: dict[int, str] = {}
    runs: list[list[Line]] = []
    for line in lines:
        if _is_heading_line(line, style) is None:
            runs.append([])
            continue
        if runs and runs[-1] and runs[-1][-1].block == line.block:
            runs[-1].append(line)
        else:
            runs.append([line])
    position = {id(line): index for index, line in enumerate(lines)}
    for run in runs:
        if not run or len(run) > 3:
            continue
        text = _strip_marks(collapse(" ".join(line.text for line in run)))
        if len(text) > 150:
            continue
        after = position[id(run[-1])] + 1
        following = lines[after] if after < len(lines) else None
        if following is not None and following.block == run[-1].block and _opens_bold(following):
            continue
        found[id(run[0])] = text
        for line in run[1:]:
            found[id(line)] = ""
    return found


def _opens_bold(line: Line) -> bool:
    wordy = [span for span in line.spans if any(char.isalnum() for char in span.text)]
    return bool(wordy) and wordy[0].bold


def _is_initial(line: Line, style: DocumentStyle) -> bool:
    """A drop cap: one large letter that begins the first paragraph."""
    text = line.text.strip()
    return len(text) == 1 and text.isalpha() and line.size >= 1.8 * style.body_size


def _strip_marks(text: str) -> str:
    """A heading without its bullet glyphs ("■RESULTS AND DISCUSSION")."""
    return re.sub(r"^[^\w(]+", "", text)


def _body_size(line: Line, style: DocumentStyle) -> bool:
    """Set in the body's size, give or take (an abstract is often a point or two larger)."""
    return style.body_size - 1.3 <= line.size <= style.body_size + 2.2


def _is_heading_line(line: Line, style: DocumentStyle) -> str | None:
    """The heading text when the line is a section heading, else None.

    A heading line is short, bold or larger than the body, with no final period.
    """
    text = collapse(line.text)
    if len(text) > 120 or len(text) < 3 or text.endswith((".", ",", ";", ":")):
        return None
    if not any(char.isalpha() for char in text):
        return None
    larger = line.size >= style.body_size + 1.5 and line.size <= style.body_size + 6
    bold = line.all_bold and line.size >= style.body_size - 0.6
    if not (larger or bold):
        return None
    return text


def _column_margins(lines: list[Line], columns: Columns) -> dict[int, tuple[float, float]]:
    """Each column's text edges: where most of its lines start and end."""
    edges: dict[int, tuple[float, float]] = {}
    for column in (-1, 0, 1):
        members = [line for line in lines if columns.column_of(line.box) == column]
        if not members:
            continue
        starts = sorted(round(line.box[0]) for line in members)
        ends = sorted(round(line.box[2]) for line in members)
        edges[column] = (_mode(starts), max(ends))
    return edges


def _mode(values: list[int]) -> float:
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return float(max(counts, key=lambda value: (counts[value], -value)))


def _starts_paragraph(
    line: Line, current: _Open, margins: dict[int, tuple[float, float]], page: int
) -> bool:
    """Whether `line` opens a new paragraph rather than continuing `current`."""
    previous = current.last
    previous_text = previous.text.rstrip()
    left, _ = margins.get(_column_key(line, margins), (line.box[0], line.box[2]))
    indented = 3 <= line.box[0] - left <= 30
    if indented:
        return True
    if abs(line.size - previous.size) > 1.0:
        return True
    same_place = current.page == page and abs(line.box[0] - previous.box[0]) < 40
    _, right = margins.get(current.column, (previous.box[0], previous.box[2]))
    short = previous.box[2] < right - 25
    finished = previous_text.endswith(_TERMINAL)
    if short and finished and line.block != previous.block:
        return True  # within a text block only an indent opens a paragraph
    gap = line.box[1] - previous.box[3]
    return same_place and finished and gap > 1.2 * max(line.size, 1.0)


def _column_key(line: Line, margins: dict[int, tuple[float, float]]) -> int:
    """The column whose margins apply to a line (by nearest left edge)."""
    if not margins:
        return 0
    return min(margins, key=lambda key: abs(margins[key][0] - line.box[0]))
