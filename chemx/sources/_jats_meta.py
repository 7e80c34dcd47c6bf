"""Bibliographic metadata of a JATS article, and the text helpers it shares with the parser.

The front matter of the JATS parser (`chemx.sources.jats`): ids, title, journal, dates and
licence, with the preferences PMC's several dialects need. The body and figures are read
by `_jats_body` and `_jats_figures`.
"""

from __future__ import annotations

import datetime as dt
import html.entities
import re
from dataclasses import dataclass

from lxml import etree

from chemx.sources._assemble import clean_text

XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
_URL = re.compile(r"https?://[^\s<>\"']+")


@dataclass(frozen=True)
class JatsMetadata:
    """What `read_metadata` found; None where the article does not say."""

    pmcid: str | None
    doi: str | None
    title: str
    journal: str | None
    issn: str | None
    published: dt.date | None
    licence_url: str | None


def read_metadata(article: etree._Element) -> JatsMetadata:
    """Read the front matter of `article` (namespaces already stripped)."""
    meta = article.find("front/article-meta")
    journal_meta = article.find("front/journal-meta")
    if meta is None:
        meta = etree.Element("article-meta")
    return JatsMetadata(
        pmcid=_pmcid(meta),
        doi=_doi(meta),
        title=plain_text(meta.find("title-group/article-title")),
        journal=_journal(journal_meta),
        issn=_issn(journal_meta),
        published=_published(meta),
        licence_url=_licence(meta),
    )


def _article_ids(meta: etree._Element, *types: str) -> list[str]:
    values = []
    for kind in types:
        for element in meta.findall("article-id"):
            if element.get("pub-id-type") == kind and plain_text(element):
                values.append(plain_text(element))
    return values


def _pmcid(meta: etree._Element) -> str | None:
    for value in _article_ids(meta, "pmcid", "pmc", "pmc-uid"):
        digits = value.upper().removeprefix("PMC")
        if digits.isdigit():
            return f"PMC{int(digits)}"
    return None


def _doi(meta: etree._Element) -> str | None:
    for value in _article_ids(meta, "doi"):
        doi = re.sub(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", "", value, flags=re.IGNORECASE)
        if doi.startswith("10."):
            return doi
    return None


def _journal(journal_meta: etree._Element | None) -> str | None:
    if journal_meta is None:
        return None
    title = journal_meta.find(".//journal-title")
    if title is not None and plain_text(title):
        return plain_text(title)
    for journal_id in journal_meta.findall("journal-id"):
        if journal_id.get("journal-id-type") == "nlm-ta" and plain_text(journal_id):
            return plain_text(journal_id)
    return None


def _issn(journal_meta: etree._Element | None) -> str | None:
    if journal_meta is None:
        return None
    issns = [element for element in journal_meta.findall(".//issn") if plain_text(element)]
    for wanted in (("epub", "electronic"), ("ppub", "print")):
        for element in issns:
            if element.get("pub-type") in wanted or element.get("publication-format") in wanted:
                return plain_text(element)
    return plain_text(issns[0]) if issns else None


def _published(meta: etree._Element) -> dt.date | None:
    """Prefer the electronic publication date, then print, then any other."""
    dates = meta.findall("pub-date")

    def rank(element: etree._Element) -> int:
        pub_type = element.get("pub-type") or element.get("date-type") or ""
        pub_format = element.get("publication-format") or ""
        if pub_type == "epub" or (pub_format == "electronic" and pub_type in ("", "pub")):
            return 0
        if pub_type == "ppub" or (pub_format == "print" and pub_type in ("", "pub")):
            return 1
        if pub_type in ("pmc-release", "nihms-submitted"):
            return 3
        return 2

    for element in sorted(dates, key=rank):
        date = _date(element)
        if date is not None:
            return date
    return None


def _date(element: etree._Element) -> dt.date | None:
    iso = element.get("iso-8601-date") or ""
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", iso):
            return dt.date.fromisoformat(iso)
    except ValueError:
        pass
    year_text = plain_text(element.find("year"))
    if not year_text[:4].isdigit():
        return None
    year = int(year_text[:4])
    month = (
        _month(plain_text(element.find("month")))
        or _season(plain_text(element.find("season")))
        or 1
    )
    day_text = plain_text(element.find("day"))
    day = int(day_text) if day_text.isdigit() else 1
    for candidate_day in (day, 1):
        try:
            return dt.date(year, month, candidate_day)
        except ValueError:
            continue
    return None


def _month(text: str) -> int | None:
    if text.isdigit():
        return int(text) if 1 <= int(text) <= 12 else None
    return _MONTHS.get(text.lower().rstrip("."))


def _season(text: str) -> int | None:
    """Map a season to its first month: "Spring" -> 3, "Jan-Feb" -> 1."""
    first = re.split(r"[\s/–-]+", text.strip().lower(), maxsplit=1)[0] if text.strip() else ""
    return _SEASONS.get(first) or _MONTHS.get(first.rstrip("."))


def _licence(meta: etree._Element) -> str | None:
    licences = meta.findall(".//permissions/license")
    for licence in licences:
        href = xlink_href(licence)
        if href:
            return href
    for licence in licences:
        for ref in licence.iter("license_ref"):
            if plain_text(ref):
                return plain_text(ref)
    for licence in licences:
        for paragraph in licence.iter("license-p"):
            for link in paragraph.iter("ext-link", "uri"):
                if (link_href := xlink_href(link) or plain_text(link)).startswith("http"):
                    return link_href
            found = _URL.search(plain_text(paragraph))
            if found:
                return found.group().rstrip(".,;)")
    return None


def entity_text(entity: etree._Entity) -> str:
    """An undeclared named entity ("&ndash;") as its character, when HTML knows it."""
    name = (entity.text or "").strip("&;")
    return html.entities.html5.get(f"{name};", entity.text or "")


def xlink_href(element: etree._Element | None) -> str | None:
    """The `xlink:href` (or plain `href`) of `element`, stripped; None when absent."""
    if element is None:
        return None
    value = element.get(XLINK_HREF) or element.get("href")
    return value.strip() if value and value.strip() else None


def plain_text(element: etree._Element | None) -> str:
    """Plain text of an element: entities resolved, footnote markers dropped, clean."""
    if element is None:
        return ""
    parts: list[str] = []

    def walk(node: etree._Element) -> None:
        if not isinstance(node.tag, str):
            if isinstance(node, etree._Entity):
                parts.append(entity_text(node))
            return
        if node.tag in ("xref", "fn", "alt-text", "object-id", "annotation"):
            return
        parts.append(node.text or "")
        for child in node:
            walk(child)
            parts.append(child.tail or "")

    walk(element)
    return clean_text("".join(parts))
