"""JATS running text: the abstract, body and appendix paragraphs, their sections and markup.

Each `<p>` outside figures, tables and formulas becomes a `ParagraphDraft` whose text is
the paragraph's running text (nested paragraphs, figures and footnotes left out), with
the bold ranges and figure `<xref>`s mapped onto the cleaned text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from lxml import etree

from chemx.sources._assemble import ParagraphDraft, XrefSpan, map_span, normalise
from chemx.sources._jats_meta import entity_text, plain_text

NOT_PARAGRAPH_CONTEXT = frozenset(
    {
        "fig",
        "fig-group",
        "table-wrap",
        "table-wrap-group",
        "table",
        "caption",
        "ref-list",
        "supplementary-material",
        "disp-formula",
        "disp-formula-group",
        "chem-struct-wrap",
    }
)
"""A `<p>` inside any of these is not body text."""

SKIPPED_IN_TEXT = frozenset(
    {
        "fig",
        "fig-group",
        "table-wrap",
        "table-wrap-group",
        "disp-formula",
        "disp-formula-group",
        "supplementary-material",
        "chem-struct-wrap",
        "caption",
        "fn",
        "graphic",
        "inline-graphic",
        "media",
        "inline-media",
        "object-id",
        "alt-text",
        "long-desc",
        "annotation",
        "annotation-xml",
        "p",
        "boxed-text",
        "ref-list",
        "table",
    }
)
"""Elements whose content is not part of the surrounding paragraph's running text.

A nested `<p>` (a list item, a boxed text) is skipped here because it becomes a
paragraph of its own.
"""

BLOCK_ELEMENTS = frozenset({"list", "list-item", "break", "def-list", "def-item", "term"})
"""Elements that separate words: a space stands in for them in the running text.

Skipped elements (figures, nested paragraphs) also leave a space, except the inline
ones in `INLINE_SKIPPED`, which sit inside a word ("H<inline-graphic/>2O").
"""
INLINE_SKIPPED = frozenset(
    {"inline-graphic", "inline-media", "annotation", "annotation-xml", "alt-text", "object-id"}
)

FIGURE_XREF_TYPES = frozenset({"fig", "scheme", "chem"})


def paragraphs(article: etree._Element, figure_ids: dict[str, str]) -> list[ParagraphDraft]:
    """Abstract, body and appendix paragraphs, in document order.

    Appendices (`<back>/<app-group>/<app>`) are included because some chemistry
    journals put the article's prose there: Acta Cryst. E keeps its whole discussion,
    the "(Scheme 1)" and "Fig. 1 shows" sentences, in an appendix.
    """
    drafts: list[ParagraphDraft] = []
    containers: list[tuple[str | None, etree._Element]] = [
        ("Abstract", abstract) for abstract in article.findall("front/article-meta/abstract")
    ]
    containers += [(None, body) for body in article.findall("body")]
    containers += [(None, app) for app in article.iterfind("back//app")]
    for fixed_title, container in containers:
        for paragraph, section_title in body_paragraphs(container):
            draft = _flatten(paragraph, figure_ids)
            if not draft.text:
                continue
            draft.section_title = fixed_title or section_title
            drafts.append(draft)
    return drafts


def body_paragraphs(container: etree._Element) -> Iterator[tuple[etree._Element, str | None]]:
    """Each running-text `<p>` under `container`, in document order, with its section title.

    The title is that of the innermost `<sec>` (or `<app>`, the container included)
    around the paragraph with a non-empty `<title>`. One walk down the tree, reading
    each section's title once and leaving out figures, tables and formulas as it
    meets them, keeps this linear in the size of the document: looking the title up
    from every paragraph costs a scan of the section's children each time (lxml's
    `find`), which made a long section quadratic.
    """
    stack: list[tuple[etree._Element, str | None]] = [(container, None)]
    while stack:
        element, title = stack.pop()
        if element.tag in ("sec", "app"):
            title = _own_title(element) or title
        elif element.tag == "p" and element is not container:
            yield element, title
        children = [
            child
            for child in element
            if isinstance(child.tag, str) and child.tag not in NOT_PARAGRAPH_CONTEXT
        ]
        stack.extend((child, title) for child in reversed(children))


def _own_title(section: etree._Element) -> str:
    """The plain text of the first `<title>` child of `section` ("" when none)."""
    for child in section:
        if child.tag == "title":
            return plain_text(child)
    return ""


@dataclass
class _Flat:
    """Raw text of a paragraph with markup ranges, before whitespace is collapsed."""

    parts: list[str] = field(default_factory=list)
    length: int = 0
    bold: list[tuple[int, int]] = field(default_factory=list)
    xrefs: list[tuple[int, int, tuple[str, ...]]] = field(default_factory=list)

    def add(self, text: str | None) -> None:
        if text:
            self.parts.append(text)
            self.length += len(text)


def _flatten(paragraph: etree._Element, figure_ids: dict[str, str]) -> ParagraphDraft:
    flat = _Flat()
    flat.add(paragraph.text)
    for child in paragraph:
        _walk(child, flat, figure_ids)
        flat.add(child.tail)
    text, mapping = normalise("".join(flat.parts))
    bold = [map_span(text, mapping, start, end) for start, end in flat.bold]
    xrefs = []
    for start, end, ids in flat.xrefs:
        new_start, new_end = map_span(text, mapping, start, end)
        if new_end > new_start:
            xrefs.append(XrefSpan(new_start, new_end, ids))
    return ParagraphDraft(text=text, bold=[span for span in bold if span[1] > span[0]], xrefs=xrefs)


def _walk(element: etree._Element, flat: _Flat, figure_ids: dict[str, str]) -> None:
    """Append the running text of `element` (not its tail) to `flat`."""
    if not isinstance(element.tag, str):
        if isinstance(element, etree._Entity):
            flat.add(entity_text(element))
        return
    tag = element.tag
    if tag in SKIPPED_IN_TEXT or (tag == "tex-math" and _has_math_alternative(element)):
        if tag not in INLINE_SKIPPED:
            flat.add(" ")
        return
    start = flat.length
    if tag in BLOCK_ELEMENTS:
        flat.add(" ")
    flat.add(element.text)
    for child in element:
        _walk(child, flat, figure_ids)
        flat.add(child.tail)
    if tag in BLOCK_ELEMENTS:
        flat.add(" ")
    end = flat.length
    if tag in ("bold", "b"):
        flat.bold.append((start, end))
    elif tag == "xref" and element.get("ref-type") in FIGURE_XREF_TYPES:
        ids = tuple(
            dict.fromkeys(
                figure_ids[rid] for rid in (element.get("rid") or "").split() if rid in figure_ids
            )
        )
        if ids:
            flat.xrefs.append((start, end, ids))


def _has_math_alternative(tex: etree._Element) -> bool:
    parent = tex.getparent()
    return parent is not None and parent.tag == "alternatives" and parent.find("math") is not None
