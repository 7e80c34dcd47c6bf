"""JATS figures: which elements are figures, their labels and captions, and their image files.

A figure is a `<fig>` or a `<chem-struct-wrap>` with a graphic, or a `<graphic>` standing
alone that carries an id or a label. A figure whose image is missing or broken, or whose
image file resolves outside the corpus folder (a symbolic link out of it), is kept and
rejected, so the audit can show it; an image outside the corpus is never read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from lxml import etree

from chemx.records import Figure
from chemx.sources._assemble import attach_image, clean_text, new_figure, reject
from chemx.sources._base import ParsedPaper, SourceDocument
from chemx.sources._jats_meta import plain_text, xlink_href
from chemx.sources._jats_xml import has_ancestor
from chemx.sources._paths import PathRefused, resolve_inside

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".tif", ".tiff")
"""Tried in this order for a graphic href without an extension (PMC writes "fig1")."""

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
_LABEL_FROM_KEY = re.compile(r"(?i)(?P<kind>scheme|fig(?:ure)?|chart)[-_ ]?0*(?P<number>\d+)$")


@dataclass
class FigureCandidate:
    """A figure found in the XML, before its record and image exist."""

    key: str
    label: str | None
    caption: str
    href: str | None
    xml_ids: list[str] = field(default_factory=list)
    """The XML ids an `<xref rid>` may use for this figure."""


MAX_IMAGE_FILE_MB = 100
"""An image file larger than this is refused unread: a figure is a few MB at most, and the
50-megapixel check (`chemx.images`) can only run after the bytes are in memory."""


def add_figures(
    article: etree._Element, document: SourceDocument, parsed: ParsedPaper, backend: str
) -> dict[str, str]:
    """Add every figure to `parsed`; return figure ids by XML id for `<xref rid>`."""
    by_xml_id: dict[str, str] = {}
    keys = _UniqueKeys()
    folders = _FolderListings()
    for element in article.iter():
        if not isinstance(element.tag, str):
            continue
        if element.tag in FIGURE_CONTAINERS:
            if has_ancestor(element, NOT_FIGURE_CONTEXT):
                continue
            if element.tag == "chem-struct-wrap" and element.find(".//graphic") is None:
                continue
            candidate = _container_figure(element)
        elif element.tag == "graphic":
            if has_ancestor(element, NOT_STANDALONE_GRAPHIC_CONTEXT):
                continue
            candidate = _standalone_figure(element)
        else:
            continue
        if candidate is None:
            continue
        key = keys.unique(candidate.key)
        figure = new_figure(
            parsed.paper.id,
            key,
            backend,
            label=candidate.label,
            caption=candidate.caption,
            image_name=candidate.href,
        )
        figure = _load_image(parsed, figure, candidate.href, document, folders)
        parsed.figures.append(figure)
        for xml_id in candidate.xml_ids:
            by_xml_id.setdefault(xml_id, figure.id)
    return by_xml_id


def _container_figure(element: etree._Element) -> FigureCandidate | None:
    graphic = element.find(".//graphic")
    href = xlink_href(graphic) if graphic is not None else None
    xml_id = element.get("id")
    label = plain_text(element.find("label")) or None
    caption = _caption(element.find("caption"))
    key = xml_id or href or f"{element.tag}-{label or 'unlabelled'}"
    ids = [value for value in (xml_id, graphic.get("id") if graphic is not None else None) if value]
    return FigureCandidate(
        key=key, label=_tidy_label(label), caption=caption, href=href, xml_ids=ids
    )


def _standalone_figure(graphic: etree._Element) -> FigureCandidate | None:
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
    return FigureCandidate(
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


class _UniqueKeys:
    """Figure keys made unique in document order: "fig1", "fig1-2", "fig1-3", ...

    The next counter to try is kept per key, so a paper with thousands of figures
    sharing one key (no id, no href) is not quadratic.
    """

    def __init__(self) -> None:
        self.used: set[str] = set()
        self.next_counter: dict[str, int] = {}

    def unique(self, key: str) -> str:
        candidate, counter = key, self.next_counter.get(key, 1)
        if counter > 1:
            candidate = f"{key}-{counter}"
        while candidate in self.used:
            counter += 1
            candidate = f"{key}-{counter}"
        self.used.add(candidate)
        self.next_counter[key] = counter
        return candidate


class _FolderListings:
    """Each folder's files by lower-cased name, listed once per paper, not once per figure.

    Only consulted when a name is not found as written, so a folder of thousands of
    papers is not listed again for every figure of every paper.
    """

    def __init__(self) -> None:
        self.listings: dict[Path, dict[str, Path]] = {}

    def by_lower_name(self, directory: Path) -> dict[str, Path]:
        if directory not in self.listings:
            try:
                files = {e.name.lower(): e for e in directory.iterdir() if e.is_file()}
            except OSError:
                files = {}
            self.listings[directory] = files
        return self.listings[directory]


def _load_image(
    parsed: ParsedPaper,
    figure: Figure,
    href: str | None,
    document: SourceDocument,
    folders: _FolderListings,
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
    found, tried = _resolve_image(folder, href, folders)
    if found is None:
        reject(
            parsed,
            figure,
            "image_missing",
            f"{where}: figure {figure.figure_key} has no image file "
            f"(looked for {', '.join(tried)} in {folder})",
        )
        return figure
    real = resolve_inside(document.corpus_root, found)
    if isinstance(real, PathRefused):
        reject(parsed, figure, real.reason, f"{where}: figure {figure.figure_key}: {real.detail}")
        return figure
    try:
        size = real.stat().st_size
        if size > MAX_IMAGE_FILE_MB * 1e6:
            reject(
                parsed,
                figure,
                "image_too_large",
                f"{where}: figure {figure.figure_key}: {found.name} is {size / 1e6:.0f} MB, over "
                f"the {MAX_IMAGE_FILE_MB} MB an image file may have; it was not read",
            )
            return figure
        data = real.read_bytes()
    except OSError as exc:
        reject(
            parsed,
            figure,
            "image_unreadable",
            f"{where}: figure {figure.figure_key}: cannot read {found.name} ({exc})",
        )
        return figure
    return attach_image(parsed, figure, data, f"{where}: figure {figure.figure_key} ({found.name})")


def _resolve_image(
    folder: Path, href: str, folders: _FolderListings
) -> tuple[Path | None, list[str]]:
    """Return the image file for `href` and the names tried, in order.

    PMC hrefs often lack the extension ("fig1") or differ in case from the packaged
    file ("FIG1.JPG"); an href must stay inside the XML's folder (and the file it
    names, once links are followed, inside the corpus: `_load_image` checks).
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
    for name in names:
        exact = directory / name
        if exact.is_file():
            return exact, names
        by_lower = folders.by_lower_name(directory)
        if name.lower() in by_lower:
            return by_lower[name.lower()], names
    return None, names
