"""JATS / NLM XML articles (PMC .nxml, OAI-PMH records) to records.

PMC serves the same article in several dialects: the NLM 2.3 and 3.0 DTDs without a
namespace, and JATS 1.3 with a default namespace inside an OAI-PMH envelope. Rather
than branch on the dialect, the parser strips namespaces and looks for the `<article>`
element wherever it is; everything after that is dialect-agnostic.

The XML parser never loads DTDs, resolves entities or touches the network (XXE and
billion-laughs safe), and refuses huge trees. A whole-document problem raises
`SourceError`; a figure whose image is missing or broken is kept and rejected, so the
audit can show it.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from lxml import etree

from chemx.records import Figure, Paper
from chemx.sources._assemble import (
    ParagraphDraft,
    XrefSpan,
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
from chemx.sources._jats_meta import entity_text, plain_text, read_metadata, xlink_href

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".tif", ".tiff")
"""Tried in this order for a graphic href without an extension (PMC writes "fig1")."""

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

FIGURE_CONTAINERS = frozenset({"fig", "chem-struct-wrap"})
NOT_FIGURE_CONTEXT = frozenset(
    {"supplementary-material", "sub-article", "response", "table-wrap", "disp-formula"}
)
NOT_STANDALONE_GRAPHIC_CONTEXT = frozenset(
    {
        "fig",
        "chem-struct-wrap",
        "table-wrap",
        "disp-formula",
        "inline-formula",
        "supplementary-material",
        "sub-article",
        "response",
        "alternatives",
        "media",
    }
)
FIGURE_XREF_TYPES = frozenset({"fig", "scheme", "chem"})

_ENCODING_DECLARATION = re.compile(
    rb"^\s*<\?xml[^>]*?encoding\s*=\s*[\"'](?P<encoding>[A-Za-z0-9._:-]+)[\"']"
)
_LABEL_FROM_KEY = re.compile(r"(?i)(?P<kind>scheme|fig(?:ure)?|chart)[-_ ]?0*(?P<number>\d+)$")


class JatsParser:
    """Parses one JATS/NLM XML file into a paper, its text, figures and references."""

    backend = "lxml-jats"

    def __init__(self, source: str = "jats") -> None:
        """Create a parser.

        Args:
            source: The `Paper.source` to record: "jats" for user folders, "sample"
                when the embedded sample corpus reuses this parser, "pmc_oa" for
                downloads.
        """
        self.source = source

    def parse(self, document: SourceDocument, corpus_id: str) -> ParsedPaper:
        """Parse `document`; raise `SourceError` when it cannot be read as JATS."""
        name = document.display_name
        data = _read(document)
        article = _find_article(_parse_xml(data, name), name)
        meta = read_metadata(article)
        paper = Paper(
            id=paper_node_id(meta.pmcid, meta.doi, sha256_hex(data)),
            parent_id=corpus_id,
            backend=self.backend,
            pmcid=meta.pmcid,
            doi=meta.doi,
            title=meta.title,
            journal=meta.journal,
            issn=meta.issn,
            published=meta.published,
            licence_url=meta.licence_url,
            source=self.source,
            source_path=name,
        )
        parsed = ParsedPaper(paper=paper)
        figure_ids = self._figures(article, document, parsed)
        add_paragraphs(parsed, _paragraphs(article, figure_ids), self.backend)
        return parsed

    def _figures(
        self, article: etree._Element, document: SourceDocument, parsed: ParsedPaper
    ) -> dict[str, str]:
        """Add every figure to `parsed`; return figure ids by XML id for `<xref rid>`."""
        by_xml_id: dict[str, str] = {}
        used_keys: set[str] = set()
        for element in article.iter():
            if not isinstance(element.tag, str):
                continue
            if element.tag in FIGURE_CONTAINERS:
                if _has_ancestor(element, NOT_FIGURE_CONTEXT):
                    continue
                if element.tag == "chem-struct-wrap" and element.find(".//graphic") is None:
                    continue
                candidate = _container_figure(element)
            elif element.tag == "graphic":
                if _has_ancestor(element, NOT_STANDALONE_GRAPHIC_CONTEXT):
                    continue
                candidate = _standalone_figure(element)
            else:
                continue
            if candidate is None:
                continue
            key = _unique(candidate.key, used_keys)
            figure = new_figure(
                parsed.paper.id,
                key,
                self.backend,
                label=candidate.label,
                caption=candidate.caption,
                image_name=candidate.href,
            )
            figure = _load_image(parsed, figure, candidate.href, document)
            parsed.figures.append(figure)
            for xml_id in candidate.xml_ids:
                by_xml_id.setdefault(xml_id, figure.id)
        return by_xml_id


@dataclass
class _FigureCandidate:
    key: str
    label: str | None
    caption: str
    href: str | None
    xml_ids: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- reading and parsing


def _read(document: SourceDocument) -> bytes:
    name = document.display_name
    try:
        data = document.path.read_bytes()
    except OSError as exc:
        raise SourceError("unreadable", f"{name}: cannot read the file ({exc})") from exc
    if not data.strip():
        raise SourceError("empty_file", f"{name}: the file is empty; re-download or remove it")
    return data


def _parse_xml(data: bytes, name: str) -> etree._Element:
    _check_encoding(data, name)
    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        remove_comments=True,
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        message = str(exc.msg or exc)
        if "encoding" in message.lower():
            raise SourceError(
                "xml_encoding",
                f"{name}: {message}; re-save the file as UTF-8 or fix its encoding declaration",
            ) from exc
        line, column = exc.position if exc.position else (exc.lineno, 0)
        raise SourceError(
            "xml_malformed",
            f"{name}: malformed XML at line {line}, column {column}: {message} "
            "(a truncated download looks like this; fetch the file again)",
        ) from exc
    if root is None:
        raise SourceError("empty_file", f"{name}: no XML content")
    return root


def _check_encoding(data: bytes, name: str) -> None:
    """Refuse bytes that are not what they claim to be, with the offending byte offset.

    Without a declaration XML is UTF-8 by definition; Latin-1 files saved by older
    tools are common and would otherwise surface as a baffling syntax error.
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return
    declared = _ENCODING_DECLARATION.match(data)
    encoding = "utf-8"
    if declared is not None:
        label = declared.group("encoding").decode("ascii")
        try:
            encoding = codecs.lookup(label).name
        except LookupError as exc:
            raise SourceError(
                "xml_encoding",
                f"{name}: declares the unknown encoding {label!r}; re-save it as UTF-8",
            ) from exc
    if encoding != "utf-8":
        return
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        guess = _guess_encoding(data)
        if declared is None:
            problem = f"not valid UTF-8 at byte {exc.start} and no encoding declared"
        else:
            problem = f"declares UTF-8 but is not valid UTF-8 at byte {exc.start}"
        raise SourceError(
            "xml_encoding",
            f"{name}: {problem}{guess}; re-save it as UTF-8 or declare its real encoding, "
            'e.g. <?xml version="1.0" encoding="ISO-8859-1"?>',
        ) from exc


def _guess_encoding(data: bytes) -> str:
    try:
        data.decode("cp1252")
    except UnicodeDecodeError:
        return ""
    return " (it looks like Latin-1/Windows-1252)"


def _find_article(root: etree._Element, name: str) -> etree._Element:
    for element in root.iter():
        if isinstance(element.tag, str):
            element.tag = etree.QName(element).localname
    if root.tag == "article":
        return root
    article = next(root.iter("article"), None)
    if article is None:
        raise SourceError(
            "not_jats",
            f"{name}: no <article> element (root is <{root.tag}>); this is not a JATS/NLM article",
        )
    return article


# ---------------------------------------------------------------------- figures


def _container_figure(element: etree._Element) -> _FigureCandidate | None:
    graphic = element.find(".//graphic")
    href = xlink_href(graphic) if graphic is not None else None
    xml_id = element.get("id")
    label = plain_text(element.find("label")) or None
    caption = _caption(element.find("caption"))
    key = xml_id or href or f"{element.tag}-{label or 'unlabelled'}"
    ids = [value for value in (xml_id, graphic.get("id") if graphic is not None else None) if value]
    return _FigureCandidate(
        key=key, label=_tidy_label(label), caption=caption, href=href, xml_ids=ids
    )


def _standalone_figure(graphic: etree._Element) -> _FigureCandidate | None:
    """A `<graphic>` outside any figure, e.g. a scheme in a `<chem-struct>` of a paragraph.

    Only graphics that carry an id or a label count: an anonymous graphic is decoration.
    """
    parent = graphic.getparent()
    wrapper = parent if parent is not None and parent.tag == "chem-struct" else None
    xml_id = graphic.get("id") or (wrapper.get("id") if wrapper is not None else None)
    label_element = graphic.find("label")
    if label_element is None and wrapper is not None:
        label_element = wrapper.find("label")
    label = plain_text(label_element) or None
    href = xlink_href(graphic)
    if not xml_id and not label:
        return None
    key = xml_id or href or "graphic"
    if label is None:
        label = _label_from_key(xml_id) or _label_from_key(href)
    ids = [value for value in (graphic.get("id"), xml_id) if value]
    caption = _caption(graphic.find("caption"))
    return _FigureCandidate(
        key=key, label=_tidy_label(label), caption=caption, href=href, xml_ids=ids
    )


def _label_from_key(key: str | None) -> str | None:
    """Infer the label text will cite: "scheme1" or "x-scheme1.jpg" -> "Scheme 1"."""
    if not key:
        return None
    stem = PurePosixPath(key).stem if PurePosixPath(key).suffix.lower() in IMAGE_SUFFIXES else key
    match = _LABEL_FROM_KEY.search(stem)
    if match is None:
        return None
    kind = match.group("kind").lower()
    word = {"scheme": "Scheme", "chart": "Chart"}.get(kind, "Figure")
    return f"{word} {int(match.group('number'))}"


def _tidy_label(label: str | None) -> str | None:
    """Return the label as printed without trailing punctuation: "Fig. 1." -> "Fig. 1"."""
    if label is None:
        return None
    tidy = label.rstrip(" .:;,|")
    return tidy or None


def _caption(caption: etree._Element | None) -> str:
    if caption is None:
        return ""
    parts = [plain_text(child) for child in caption if isinstance(child.tag, str)]
    text = clean_text(" ".join(part for part in parts if part))
    return text.lstrip(":;,. ")


def _unique(key: str, used: set[str]) -> str:
    candidate, counter = key, 1
    while candidate in used:
        counter += 1
        candidate = f"{key}-{counter}"
    used.add(candidate)
    return candidate


def _load_image(
    parsed: ParsedPaper, figure: Figure, href: str | None, document: SourceDocument
) -> Figure:
    """Find the figure's file beside the XML and attach it, or record why not."""
    where = f"{document.display_name} (paper {parsed.paper.pmcid or parsed.paper.doi or 'unknown'})"
    if not href:
        reject(
            parsed,
            figure,
            "image_missing",
            f"{where}: figure {figure.figure_key} has no <graphic> with an xlink:href",
        )
        return figure
    if re.match(r"^[a-z][a-z0-9+.-]*://", href, flags=re.IGNORECASE):
        reject(
            parsed,
            figure,
            "image_missing",
            f"{where}: figure {figure.figure_key} points to a remote image {href}; "
            "only files beside the XML are read",
        )
        return figure
    folder = document.path.parent
    found, tried = _resolve_image(folder, href)
    if found is None:
        reject(
            parsed,
            figure,
            "image_missing",
            f"{where}: figure {figure.figure_key} has no image file "
            f"(looked for {', '.join(tried)} in {folder})",
        )
        return figure
    try:
        data = found.read_bytes()
    except OSError as exc:
        reject(
            parsed,
            figure,
            "image_unreadable",
            f"{where}: figure {figure.figure_key}: cannot read {found.name} ({exc})",
        )
        return figure
    return attach_image(parsed, figure, data, f"{where}: figure {figure.figure_key} ({found.name})")


def _resolve_image(folder: Path, href: str) -> tuple[Path | None, list[str]]:
    """Return the image file for `href` and the names tried, in order.

    PMC hrefs often lack the extension ("fig1") or differ in case from the packaged
    file ("FIG1.JPG"); an href must stay inside the XML's folder.
    """
    relative = PurePosixPath(href.replace("\\", "/"))
    if relative.is_absolute() or ".." in relative.parts:
        return None, [href]
    suffix = relative.suffix.lower()
    names = [relative.name]
    if suffix in IMAGE_SUFFIXES:
        names += [relative.stem + other for other in IMAGE_SUFFIXES if other != suffix]
    else:
        names += [relative.name + other for other in IMAGE_SUFFIXES]
    directory = folder.joinpath(*relative.parent.parts)
    try:
        by_lower = {entry.name.lower(): entry for entry in directory.iterdir() if entry.is_file()}
    except OSError:
        by_lower = {}
    for name in names:
        exact = directory / name
        if exact.is_file():
            return exact, names
        if name.lower() in by_lower:
            return by_lower[name.lower()], names
    return None, names


# ---------------------------------------------------------------------- paragraphs


def _paragraphs(article: etree._Element, figure_ids: dict[str, str]) -> list[ParagraphDraft]:
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
        for paragraph in container.iter("p"):
            if _has_ancestor(paragraph, NOT_PARAGRAPH_CONTEXT, stop=container):
                continue
            draft = _flatten(paragraph, figure_ids)
            if not draft.text:
                continue
            draft.section_title = fixed_title or _section_title(paragraph, container)
            drafts.append(draft)
    return drafts


def _section_title(paragraph: etree._Element, stop: etree._Element) -> str | None:
    """Innermost non-empty `<sec>` (or `<app>`) title around `paragraph`."""
    for ancestor in paragraph.iterancestors():
        if ancestor.tag in ("sec", "app"):
            title = plain_text(ancestor.find("title"))
            if title:
                return title
        if ancestor is stop:
            return None
    return None


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


# ---------------------------------------------------------------------- helpers


def _has_ancestor(
    element: etree._Element, tags: frozenset[str], stop: etree._Element | None = None
) -> bool:
    for ancestor in element.iterancestors():
        if ancestor is stop:
            return False
        if ancestor.tag in tags:
            return True
    return False
