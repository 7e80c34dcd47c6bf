"""What a journal PDF prints about itself: DOI, title, journal, publication date, licence.

The PDF info dictionary of a journal article is mostly typesetting residue (ACS writes
the file name and page range, "jo5b00443 1..7", as its title) and says nothing about the
licence, so the paper itself is read first: page 1 in full (text with font sizes, and
link annotations), every other page only as plain text and link annotations, where
licence statements sit (Nature Communications prints its Creative Commons statement on
the last page). XMP and the info dictionary are fallbacks. Nothing is rendered, and
nothing is guessed: a field the paper does not state stays None, and `found_in` says
where each found field came from, so a reviewer can check it on the page.
"""

from __future__ import annotations

import datetime as dt
import html
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pymupdf

from chemx.sources._journals import full_title, journal_of_doi

DOI = re.compile(r"\b10\.\d{4,9}/[^\s\"<>]+")
DOI_TRAILING = ".,;:)]}'"
"""Sentence punctuation a DOI printed in running text is followed by, never ends with."""
CITE_THIS = re.compile(r"Cite This:\s*(?:https?://(?:dx\.)?doi\.org/)?(10\.\d{4,9}/\S+)")
"""ACS's page-1 citation box: "Cite This: https://doi.org/10.1021/..." (ASAP form)."""

TITLE_MIN_CHARS = 10
"""Text of a font size must have this many characters to be the title: drop capitals
("N" at 30 pt opening a Nature Communications first paragraph) and section bullets
("■" at 32 pt in ACS articles) are larger than the title but are not one."""
TITLE_MAX_CHARS = 400
"""The longest title accepted; longer 'largest text' means page 1 has no distinct title
size (a PDF set in one font size), so the title is left to XMP."""
TITLE_SIZE_TOLERANCE = 0.5
"""Points: spans within this of the title size are title text (rounding in PDF fonts)."""
TITLE_LINE_GAP = 1.0
"""A title line starting more than this many font sizes below the previous one belongs
to something else of the same size (a heading further down the page)."""
NO_SPACE_AFTER = ("/", "-", "\u2212")
"""A title line ending in a slash, hyphen or minus continues without a space: lines break
after these ("Acid/" + "Ester-Substituted", "CMB-" + "MW102"), not inside words."""
LIGATURES = re.compile("[\ufb00-\ufb06]")
"""ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ: the only characters NFKC-normalised; NFKC elsewhere would rewrite
chemistry (superscripts, primes, the minus sign of "C−H")."""
JUNK_TITLE = re.compile(
    r"^(?:\S+\s+\d+\.\.\d+|.*\.(?:pdf|docx?|tex|dvi|indd|qxd)|microsoft word\b.*|untitled)$",
    re.IGNORECASE,
)
"""PDF info titles that are a typesetting file name ("jo5b00443 1..7", "ms.docx")."""

JOURNAL_CITATION = re.compile(
    r"^(?:Cite This:\s*)?(?P<journal>[A-Z][A-Za-z.&' ]{2,80}?),?\s+(?:\d{4}|XXXX),\s*(?:\d+|XXX),",
    re.MULTILINE,
)
"""ACS's citation line and footer ("J. Org. Chem. 2023, 88, 684−689"; in an ASAP article
"J. Am. Chem. Soc. XXXX, XXX, XXX−XXX"), and RSC's ("Chem. Sci., 2023, 14, 1234")."""
JOURNAL_BANNER = re.compile(
    r"^(?P<journal>[A-Z][A-Za-z.&' ]{2,80}?)\s*\|\s*\(\d{4}\)\s*\d+:\w+", re.MULTILINE
)
"""The Springer Nature footer: "Nature Communications | (2024) 15:3252"."""
MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
_MONTH = r"(?P<month>[A-Z][a-z]{2,8}\.?)"
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
DATE_FORMS = (
    re.compile(_MONTH + r"\s+" + _DAY + r",?\s+(?P<year>\d{4})"),  # January 11, 2023
    re.compile(_DAY + r"\s+" + _MONTH + r",?\s+(?P<year>\d{4})"),  # 09 April 2024, 5th May 2021
    re.compile(r"(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})"),  # 2023-01-11
)
PUBLISHED_LABEL = re.compile(r"\bPublished(?:\s+online)?(?:\s*:|\s+on\b)?\s*")
""""Published:", "Published online:", "Published on": a date must follow at once, so
"Published by American Chemical Society" is passed over. Received, Revised and
Accepted dates are never the publication date and have no pattern here."""
PUBLISHED_LAST_PAGES = 2
"""Besides page 1, the article-information box of the last pages carries the dates
(Springer Nature prints "Published online" there in some layouts)."""
XMP_US_DATE = re.compile(r"^(?P<month>\d{1,2})/(?P<day>\d{1,2})/(?P<year>\d{4})$")
"""ACS writes prism:publicationDate as MM/DD/YYYY ("12/09/2022" for December 9, 2022)."""

CC_URL = re.compile(
    r"creativecommons\.org/(?:licenses/(?P<kind>[a-z-]+)/(?P<version>\d\.\d)"
    r"|publicdomain/zero/(?P<zero>\d\.\d))",
    re.IGNORECASE,
)
CC_STATEMENT = re.compile(
    r"(?:licen[sc]ed under|under the terms of|distributed under|published under|"
    r"open access article under)\s+(?:a|the)?\s*(?P<name>Creative\s+Commons\s+"
    r"(?:CC0|Attribution(?:[\s-]+(?:Non-?Commercial|No-?Deriv(?:ative)?s|Share-?Alike))*)"
    r"|CC0|CC[\s-]BY(?:-(?:NC|ND|SA))*)"
    r"(?:\s*\(CC[\s-][A-Za-z-]+(?:\s+(?P<inner>\d\.\d))?\))?(?:\s+(?P<version>\d\.\d))?",
    re.IGNORECASE,
)
"""A sentence that licenses the article ("This article is licensed under a Creative
Commons Attribution 4.0 International License", "licensed under CC-BY-NC-ND 4.0").
A bare mention of Creative Commons (a figure credit, a reference) is not one."""
CC_PARTS = (("non-?commercial", "NC"), ("no-?deriv", "ND"), ("share-?alike", "SA"))
AUTHORCHOICE = re.compile(r"ACS\s*AuthorChoice", re.IGNORECASE)
AUTHORCHOICE_URL = "pubs.acs.org/page/policy/authorchoice"


@dataclass(frozen=True)
class PrintedMetadata:
    """Bibliographic fields a PDF states about itself; None where it does not say."""

    doi: str | None = None
    title: str | None = None
    journal: str | None = None
    published: dt.date | None = None
    """The date the article was published ("Published", "Published online"), never the
    date it was received or accepted."""
    licence: str | None = None
    """A short code: "CC BY 4.0", "CC BY-NC-ND 4.0", "CC0 1.0", "ACS AuthorChoice"."""
    licence_url: str | None = None
    """The licence's address (Creative Commons ones in canonical https form)."""
    found_in: dict[str, str] = field(default_factory=dict)
    """Where each found field came from: "page 1 text", "page 10 link annotation",
    "XMP", "PDF info", "DOI prefix", "licence code" (a URL implied by a CC code)."""


@dataclass(frozen=True)
class _Page:
    number: int
    """1-based."""
    text: str
    links: tuple[str, ...]
    """The URIs of its link annotations."""


Found = tuple[Any, str] | None
"""A field's value and where it was read, or None."""


def _first(*candidates: tuple[Any, str]) -> Found:
    """The first candidate with a value: the candidates are listed in order of trust."""
    return next((found for found in candidates if found[0] is not None), None)


def read_printed_metadata(pdf: pymupdf.Document) -> PrintedMetadata:
    """Read what `pdf` prints about itself (see the module docstring for the order)."""
    pages = []
    for number in range(pdf.page_count):
        page = pdf[number]
        links = tuple(link["uri"] for link in page.get_links() if link.get("uri"))
        pages.append(_Page(number + 1, _clean(page.get_text()), links))
    first = pages[0] if pages else _Page(1, "", ())
    xmp = pdf.get_xml_metadata() or ""
    info = pdf.metadata or {}
    info_title = _collapse(str(info.get("title") or ""))
    info_ids = " ".join(str(info.get(key) or "") for key in ("subject", "keywords"))
    fields: dict[str, Found] = {
        "doi": _first(
            _page_doi(first),
            (_doi_in(_xmp(xmp, "prism:doi") or _xmp(xmp, "dc:identifier")), "XMP"),
            (_doi_in(info_ids), "PDF info"),
        ),
        "title": _first(
            (_page_title(pdf[0]) if pages else None, "page 1 text"),
            (_xmp(xmp, "dc:title"), "XMP"),
            (info_title if info_title and not JUNK_TITLE.match(info_title) else None, "PDF info"),
        ),
    }
    doi = fields["doi"][0] if fields["doi"] else None
    fields["journal"] = _first(
        (_journal_in(first.text), "page 1 text"),
        (_xmp(xmp, "prism:publicationName"), "XMP"),
        (journal_of_doi(doi), "DOI prefix"),
    )
    dated = [first, *pages[1:][-PUBLISHED_LAST_PAGES:]]
    fields["published"] = _first(
        *((_published_in(page.text), f"page {page.number} text") for page in dated),
        (_xmp_date(_xmp(xmp, "prism:publicationDate")), "XMP"),
        (_xmp_date(_xmp(xmp, "prism:coverDate")), "XMP"),
    )
    fields.update(_licence(pages))
    found = {name: value for name, value in fields.items() if value is not None}
    return PrintedMetadata(
        **{name: value for name, (value, _) in found.items()},
        found_in={name: where for name, (_, where) in found.items()},
    )


# -- text helpers ----------------------------------------------------------------------


def _clean(text: str) -> str:
    """Text with ligatures expanded and the non-breaking hyphen typeset as a plain one."""
    text = LIGATURES.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)
    return text.replace("\u2011", "-")


def _collapse(text: str) -> str:
    return " ".join(_clean(text).split())


# -- DOI -------------------------------------------------------------------------------


def _doi_in(text: str | None) -> str | None:
    """The first DOI in `text`, without trailing punctuation or a URL's query."""
    match = DOI.search(text or "")
    if match is None:
        return None
    doi = match.group().split("?")[0].split("#")[0].rstrip(DOI_TRAILING)
    return doi.replace("%2F", "/").replace("%2f", "/")


def _page_doi(page: _Page) -> tuple[str | None, str]:
    """The article's DOI on page 1: the citation box, else the DOI printed most often.

    Its own DOI sits in the header, footer and citation line, a cited one once; failing
    text, the DOI most often linked to at doi.org is taken.
    """
    cite = CITE_THIS.search(page.text)
    if cite:
        return _doi_in(cite.group(1)), "page 1 text"
    resolver = [uri for uri in page.links if "doi.org/" in uri]  # not ".../action?doi=…&ref="
    sources = ((page.text.split(), "page 1 text"), (resolver, "page 1 link annotation"))
    for source, where in sources:
        dois = [doi for doi in map(_doi_in, source) if doi]
        if dois:
            counts = Counter(dois)
            return max(counts, key=lambda doi: (counts[doi], -dois.index(doi))), where
    return None, ""


def _journal_in(text: str) -> str | None:
    for pattern in (JOURNAL_CITATION, JOURNAL_BANNER):
        match = pattern.search(text)
        if match:
            return full_title(_collapse(match.group("journal")))
    return None


# -- title -----------------------------------------------------------------------------


def _page_title(page: pymupdf.Page) -> str | None:
    """The largest-font text of `page`: its lines in order, subscripts included.

    Lines are kept whole, so a subscript or small capital inside a title line ("SNAr",
    "A3AR", "D-Asparagine") stays in it although it is set smaller.
    """
    lines = [
        line
        for block in page.get_text("dict")["blocks"]
        for line in block.get("lines", [])
        if tuple(line["dir"]) == (1.0, 0.0)  # not the rotated "Downloaded via" margin
    ]
    chars: Counter[float] = Counter()
    for line in lines:
        for span in line["spans"]:
            chars[round(span["size"], 1)] += len(span["text"].strip())
    sizes = [size for size, count in chars.items() if count >= TITLE_MIN_CHARS]
    if not sizes:
        return None
    size = max(sizes)
    if size < 1.2 * chars.most_common(1)[0][0]:
        return None  # no display type on the page: the body's own size is no title
    title_lines = [
        line
        for line in lines
        if any(abs(span["size"] - size) <= TITLE_SIZE_TOLERANCE for span in line["spans"])
    ]
    parts: list[str] = []
    bottom = None
    for line in title_lines:
        top = line["bbox"][1]
        if bottom is not None and top - bottom > size * TITLE_LINE_GAP:
            break
        bottom = line["bbox"][3]
        text = _collapse("".join(span["text"] for span in line["spans"]))
        if parts and not parts[-1].endswith(NO_SPACE_AFTER):
            parts.append(" ")
        parts.append(text)
    title = "".join(parts).strip()
    return title if title and len(title) <= TITLE_MAX_CHARS else None


# -- dates -----------------------------------------------------------------------------


def _date(year: str, month: str, day: str) -> dt.date | None:
    """A valid date from its printed parts; month as a number, name or abbreviation."""
    if not month.isdigit():
        name = "sep" if month.lower().startswith("sept") else month.rstrip(".").lower()
        numbers = [
            n for n, full in enumerate(MONTHS, 1) if len(name) >= 3 and full.startswith(name)
        ]
        if not numbers:
            return None
        month = str(numbers[0])
    try:
        return dt.date(int(year), int(month), int(day))
    except ValueError:
        return None


def _published_in(text: str) -> dt.date | None:
    """The date right after the first "Published…" label that has one."""
    for label in PUBLISHED_LABEL.finditer(text):
        for form in DATE_FORMS:
            match = form.match(text, label.end())
            if match:
                date = _date(match.group("year"), match.group("month"), match.group("day"))
                if date is not None:
                    return date
    return None


def _xmp_date(value: str | None) -> dt.date | None:
    if not value:
        return None
    us = XMP_US_DATE.match(value.strip())
    if us:
        return _date(us.group("year"), us.group("month"), us.group("day"))
    iso = DATE_FORMS[2].match(value.strip())
    return _date(iso.group("year"), iso.group("month"), iso.group("day")) if iso else None


# -- XMP -------------------------------------------------------------------------------
# XMP is read with patterns, not an XML parser: the packets of journal PDFs are often not
# well-formed, only a few simple fields are wanted, and no entity is ever expanded.


def _xmp(xmp: str, tag: str) -> str | None:
    """The text of the first `<tag>` (its first `rdf:li` when it holds a list) or `tag="…"`."""
    name = re.escape(tag)
    match = re.search(rf"<{name}>(?:\s*<rdf:\w+>\s*<rdf:li[^>]*>)?([^<]*)<", xmp) or re.search(
        rf'\b{name}="([^"]*)"', xmp
    )
    value = _collapse(html.unescape(match.group(1))) if match else ""
    return value or None


# -- licence ---------------------------------------------------------------------------


def _cc_url(code: str) -> str | None:
    """The canonical address of a versioned CC code ("CC BY-NC 4.0"); None without a version."""
    match = re.fullmatch(r"CC(?:0| (?P<kind>[A-Z-]+)) (?P<version>\d\.\d)", code)
    if match is None:
        return None
    kind = match.group("kind")
    path = f"licenses/{kind.lower()}" if kind else "publicdomain/zero"
    return f"https://creativecommons.org/{path}/{match.group('version')}/"


def _cc_from_url(url: str) -> tuple[str, str] | None:
    """("CC BY-NC 4.0", its canonical URL) from a creativecommons.org address."""
    match = CC_URL.search(url)
    if match is None:
        return None
    zero, kind = match.group("zero"), match.group("kind")
    code = f"CC0 {zero}" if zero else f"CC {kind.upper()} {match.group('version')}"
    canonical = _cc_url(code)
    return (code, canonical) if canonical else None


def _cc_from_statement(match: re.Match[str]) -> str:
    """The code of a stated licence: "Creative Commons Attribution-NonCommercial" -> CC BY-NC."""
    flat = " ".join(match.group("name").split()).lower()
    version = match.group("version") or match.group("inner")
    if "cc0" in flat:
        return "CC0 1.0"
    if flat.startswith("cc"):
        code = "CC " + flat[3:].upper()
    else:
        code = "CC BY" + "".join(
            f"-{part}" for pattern, part in CC_PARTS if re.search(pattern, flat)
        )
    return f"{code} {version}" if version else code


def _licence(pages: list[_Page]) -> dict[str, tuple[str, str]]:
    """Licence and licence_url, each with where it was found.

    In order: a Creative Commons link on page 1 (the ACS open-access badge is icons
    linked to the licence, with no sentence); a licensing sentence on any page, with the
    CC address linked or printed on that page (which may add the version the sentence
    leaves out), else the URL its code implies; ACS AuthorChoice, stated on any page or
    linked from page 1. A CC link elsewhere without a sentence (a figure credit, a
    reference) is not taken.
    """
    for uri in pages[0].links if pages else ():
        cc = _cc_from_url(uri)
        if cc:
            where = "page 1 link annotation"
            return {"licence": (cc[0], where), "licence_url": (cc[1], where)}
    for page in pages:
        flat = re.sub(r"(creativecommons\.org/)\s+", r"\1", " ".join(page.text.split()))
        statement = CC_STATEMENT.search(flat)
        if statement is None:
            continue
        code, here = _cc_from_statement(statement), f"page {page.number}"
        addresses = [(uri, f"{here} link annotation") for uri in page.links]
        addresses += [(match.group(), f"{here} text") for match in CC_URL.finditer(flat)]
        for uri, where in addresses:
            cc = _cc_from_url(uri)
            if cc and (cc[0] == code or cc[0].startswith(code + " ")):
                return {"licence": (cc[0], f"{here} text"), "licence_url": (cc[1], where)}
        implied = _cc_url(code)
        result = {"licence": (code, f"{here} text")}
        return result | ({"licence_url": (implied, "licence code")} if implied else {})
    for page in pages:
        urls = [uri for uri in page.links if AUTHORCHOICE_URL in uri.lower()]
        stated = AUTHORCHOICE.search(page.text) is not None
        if stated or (urls and page.number == 1):
            where = f"page {page.number} {'text' if stated else 'link annotation'}"
            result = {"licence": ("ACS AuthorChoice", where)}
            if urls:
                result["licence_url"] = (urls[0], f"page {page.number} link annotation")
            return result
    return {}
