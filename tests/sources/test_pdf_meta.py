"""`read_printed_metadata` on generated PDFs, one rule each, and on the 13 real papers."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pymupdf
import pytest

from chemx.sources._pdf_meta import PrintedMetadata, read_printed_metadata
from tests._helpers import shared_realworld

Line = tuple[str, float]
"""Text and its font size, written top-down on page 1."""


def make_pdf(
    first: Sequence[Line] = (),
    *,
    pages: Sequence[str] = (),
    links: Sequence[tuple[int, str]] = (),
    info: dict[str, str] | None = None,
    xmp: str | None = None,
    font: str | None = None,
) -> pymupdf.Document:
    """Page 1 with `first`, further pages of 10 pt text, link annotations (page index, URI)."""
    pdf = pymupdf.open()
    page = pdf.new_page(width=595, height=842)
    if font:
        page.insert_font(fontname="F0", fontbuffer=pymupdf.Font(font).buffer)
    y = 60.0
    for text, size in first:
        y += size * 1.2
        page.insert_text((50, y), text, fontsize=size, fontname="F0" if font else "helv")
    for text in pages:
        page = pdf.new_page(width=595, height=842)
        page.insert_textbox(pymupdf.Rect(50, 50, 545, 800), text, fontsize=10)
    for index, uri in links:
        rect = pymupdf.Rect(500, 20 + 14 * index, 510, 30 + 14 * index)
        pdf[index].insert_link({"kind": pymupdf.LINK_URI, "from": rect, "uri": uri})
    if info:
        pdf.set_metadata(info)
    if xmp:
        pdf.set_xml_metadata(xmp)
    return pdf


def read(first: Sequence[Line] = (), **options: Any) -> PrintedMetadata:
    with make_pdf(first, **options) as pdf:
        return read_printed_metadata(pdf)


def xmp_packet(body: str) -> str:
    return (
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF '
        'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" '
        f'xmlns:prism="http://prismstandard.org/namespaces/basic/3.0/">{body}'
        "</rdf:Description></rdf:RDF></x:xmpmeta>"
    )


BODY = ("The ester was made in two steps and isolated in 85% yield.", 10)


# -- unknown stays None -----------------------------------------------------------------


def test_a_paper_that_says_nothing_gives_nothing() -> None:
    meta = read([BODY])
    assert meta == PrintedMetadata()  # body-size text only: no title either


def test_a_title_must_be_set_larger_than_the_text() -> None:
    meta = read([("A Title In Display Type", 16), BODY])
    assert meta.title == "A Title In Display Type"


def test_an_empty_pdf_gives_nothing() -> None:
    assert read() == PrintedMetadata()


# -- title -----------------------------------------------------------------------------


def test_title_is_the_largest_text_with_its_lines_joined() -> None:
    meta = read(
        [
            ("Mild   Synthesis of Indoles", 17),
            ("from Iodoarenes", 17),
            ("A. Author and B. Author", 12),
            ("N", 30),  # a drop capital is larger but is not the title
            BODY,
        ]
    )
    assert meta.title == "Mild Synthesis of Indoles from Iodoarenes"
    assert meta.found_in["title"] == "page 1 text"


def test_a_title_line_ending_in_a_slash_or_hyphen_joins_without_a_space() -> None:
    meta = read([("Directed Acid/", 17), ("Ester Coupling of CMB-", 17), ("MW102", 17), BODY])
    assert meta.title == "Directed Acid/Ester Coupling of CMB-MW102"


def test_a_heading_of_the_title_size_further_down_is_not_the_title() -> None:
    lines = [("Mild Synthesis of Indoles", 17), BODY, BODY, BODY, ("Experimental Section", 17)]
    assert read(lines).title == "Mild Synthesis of Indoles"


def test_title_ligatures_are_expanded() -> None:
    meta = read([("Ef\ufb01cient \ufb02uorination of arenes", 17), BODY], font="cjk")
    assert meta.title == "Efficient fluorination of arenes"


def test_a_file_name_in_the_pdf_info_is_never_the_title() -> None:
    assert read(info={"title": "jo5b00443 1..7"}).title is None
    assert read(info={"title": "manuscript_v3.docx"}).title is None
    meta = read(info={"title": "Mild Synthesis of Indoles"})
    assert (meta.title, meta.found_in["title"]) == ("Mild Synthesis of Indoles", "PDF info")


def test_xmp_title_when_page_1_has_none() -> None:
    xmp = xmp_packet(
        '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Mild Synthesis &amp; Use</rdf:li>'
        "</rdf:Alt></dc:title>"
    )
    meta = read(info={"title": "jo5b00443 1..7"}, xmp=xmp)
    assert (meta.title, meta.found_in["title"]) == ("Mild Synthesis & Use", "XMP")


# -- DOI -------------------------------------------------------------------------------


def test_doi_from_the_cite_this_box() -> None:
    meta = read([("Cite This: https://doi.org/10.1021/acs.orglett.3c99999", 8), BODY])
    assert (meta.doi, meta.found_in["doi"]) == ("10.1021/acs.orglett.3c99999", "page 1 text")


def test_the_doi_printed_most_often_beats_a_cited_one() -> None:
    lines = [
        ("A related study: doi:10.1000/cited.1.", 8),
        ("https://doi.org/10.1000/own.7", 8),
        ("Chem. Lett. 2023, 5, 1-9 https://doi.org/10.1000/own.7", 8),
    ]
    assert read(lines).doi == "10.1000/own.7"


def test_doi_from_a_link_annotation_without_its_query() -> None:
    uri = "https://doi.org/10.1021/acs.joc.2c02111?urlappend=%3Fref%3DPDF&rel=cite-as"
    meta = read([BODY], links=[(0, uri)])
    assert (meta.doi, meta.found_in["doi"]) == ("10.1021/acs.joc.2c02111", "page 1 link annotation")
    citation_formats = (
        "https://pubs.acs.org/action/showCitFormats?doi=10.1021/acs.joc.2c02111&ref=pdf"
    )
    assert read([BODY], links=[(0, citation_formats)]).doi is None


def test_doi_from_xmp_then_pdf_info() -> None:
    meta = read([BODY], xmp=xmp_packet("<prism:doi>10.1000/from.xmp</prism:doi>"))
    assert (meta.doi, meta.found_in["doi"]) == ("10.1000/from.xmp", "XMP")
    info = {"subject": "Nature Communications, doi:10.1038/s41467-024-00001-1"}
    meta = read([BODY], info=info)
    assert (meta.doi, meta.found_in["doi"]) == ("10.1038/s41467-024-00001-1", "PDF info")


# -- journal ---------------------------------------------------------------------------


def test_journal_from_the_citation_line() -> None:
    meta = read([("Cite This: J. Org. Chem. 2023, 88, 684-689", 8), BODY])
    assert (meta.journal, meta.found_in["journal"]) == (
        "The Journal of Organic Chemistry",
        "page 1 text",
    )  # the full title, as JATS gives it
    asap = read([("J. Am. Chem. Soc. XXXX, XXX, XXX-XXX", 8)])
    assert asap.journal == "Journal of the American Chemical Society"
    assert read([("Chem. Sci., 2023, 14, 1234", 8)]).journal == "Chemical Science"


def test_journal_from_the_banner() -> None:
    meta = read([BODY, ("Nature Communications | (2024) 15:3252", 8)])
    assert meta.journal == "Nature Communications"


def test_journal_from_xmp_then_the_doi_prefix() -> None:
    xmp = xmp_packet(
        "<prism:publicationName>The Journal of Organic Chemistry</prism:publicationName>"
    )
    assert read([BODY], xmp=xmp).journal == "The Journal of Organic Chemistry"
    meta = read([("https://doi.org/10.1021/jacs.2c99999", 8)])
    assert (meta.journal, meta.found_in["journal"]) == (
        "Journal of the American Chemical Society",
        "DOI prefix",
    )
    assert read([("doi:10.1039/d2sc01234a", 8)]).journal == "Chemical Science"
    assert read([("doi:10.5555/unknown.1", 8)]).journal is None


# -- publication date ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("printed", "date"),
    [
        ("Received: March 29, 2022 Published: May 24, 2022", dt.date(2022, 5, 24)),
        ("Published online: 09 April 2024", dt.date(2024, 4, 9)),
        ("Published on 11 January 2022. Downloaded on 3 March 2022.", dt.date(2022, 1, 11)),
        ("Published: 2023-01-11", dt.date(2023, 1, 11)),
        ("Published: Sept. 5, 2021", dt.date(2021, 9, 5)),
        ("Published on 5th May 2021", dt.date(2021, 5, 5)),
    ],
)
def test_published_date_forms(printed: str, date: dt.date) -> None:
    meta = read([(printed, 8), BODY])
    assert (meta.published, meta.found_in["published"]) == (date, "page 1 text")


@pytest.mark.parametrize(
    "printed",
    [
        "Received: 17 October 2023 Accepted: 22 March 2024",
        "© 2022 The Authors. Published by American Chemical Society",
        "Published: February 30, 2022",  # not a date
        "Downloaded on February 20, 2023",
    ],
)
def test_received_and_accepted_are_never_the_publication_date(printed: str) -> None:
    assert read([(printed, 8), BODY]).published is None


def test_published_online_on_the_last_page() -> None:
    meta = read(
        [BODY], pages=["Methods text.", "Received: 1 May 2023 Published online: 2 June 2023"]
    )
    assert (meta.published, meta.found_in["published"]) == (dt.date(2023, 6, 2), "page 3 text")


def test_a_published_date_in_the_middle_of_a_long_paper_is_not_read() -> None:
    pages = ["Published online: 2 June 2001 (a cited report)", "Methods.", "More.", "End."]
    assert read([BODY], pages=pages).published is None


def test_published_date_from_xmp() -> None:
    us = xmp_packet("<prism:publicationDate>12/09/2022</prism:publicationDate>")
    meta = read([BODY], xmp=us)
    assert (meta.published, meta.found_in["published"]) == (dt.date(2022, 12, 9), "XMP")
    cover = xmp_packet("<prism:coverDate>2023-01-06</prism:coverDate>")
    assert read([BODY], xmp=cover).published == dt.date(2023, 1, 6)
    printed = read([("Published: January 23, 2023", 8)], xmp=us)
    assert (printed.published, printed.found_in["published"]) == (
        dt.date(2023, 1, 23),
        "page 1 text",
    )


# -- licence ---------------------------------------------------------------------------


def test_licence_from_the_open_access_badge_links() -> None:
    links = [
        (0, "https://acsopenscience.org/open-access/licensing-options/"),
        (0, "http://creativecommons.org/licenses/by-nc-nd/4.0/"),
    ]
    meta = read([BODY], links=links)
    assert meta.licence == "CC BY-NC-ND 4.0"
    assert meta.licence_url == "https://creativecommons.org/licenses/by-nc-nd/4.0/"
    assert meta.found_in["licence"] == meta.found_in["licence_url"] == "page 1 link annotation"


def test_cc0_from_a_link() -> None:
    meta = read([BODY], links=[(0, "https://creativecommons.org/publicdomain/zero/1.0/")])
    assert (meta.licence, meta.licence_url) == (
        "CC0 1.0",
        "https://creativecommons.org/publicdomain/zero/1.0/",
    )


def test_licence_statement_on_a_later_page_with_its_link() -> None:
    statement = (
        "Open Access This article is licensed under a Creative Commons Attribution 4.0 "
        "International License. To view a copy of this licence, visit "
        "http://creativecommons.org/licenses/by/4.0/."
    )
    meta = read(
        [BODY],
        pages=["Results.", statement],
        links=[(2, "http://creativecommons.org/licenses/by/4.0/")],
    )
    assert (meta.licence, meta.licence_url) == (
        "CC BY 4.0",
        "https://creativecommons.org/licenses/by/4.0/",
    )
    assert meta.found_in["licence"] == "page 3 text"
    assert meta.found_in["licence_url"] == "page 3 link annotation"


@pytest.mark.parametrize(
    ("statement", "licence", "url"),
    [
        (
            "This article is licensed under a Creative Commons Attribution-NonCommercial 4.0 "
            "International License.",
            "CC BY-NC 4.0",
            "https://creativecommons.org/licenses/by-nc/4.0/",
        ),
        (
            "This publication is licensed under CC-BY-NC-ND 4.0.",
            "CC BY-NC-ND 4.0",
            "https://creativecommons.org/licenses/by-nc-nd/4.0/",
        ),
        (
            "This is an open access article distributed under the terms of the Creative Commons "
            "Attribution License, which permits unrestricted use.",
            "CC BY",
            None,
        ),
    ],
)
def test_licence_statements_give_their_code(statement: str, licence: str, url: str | None) -> None:
    meta = read([BODY], pages=[statement])
    assert (meta.licence, meta.licence_url) == (licence, url)
    assert meta.found_in["licence"] == "page 2 text"
    assert meta.found_in.get("licence_url") == ("licence code" if url else None)


@pytest.mark.parametrize(
    "statement",
    [
        "This is an open access article under the CC BY-NC-ND license "
        "(http://creativecommons.org/licenses/by-nc-nd/4.0/).",
        "This article is licensed under a Creative Commons Attribution-NonCommercial-"
        "NoDerivatives License. To view a copy, visit http://creativecommons.org/\n"
        "licenses/by-nc-nd/4.0/.",
    ],
    ids=["printed-url", "url-across-lines"],
)
def test_the_printed_address_gives_the_version_a_statement_leaves_out(statement: str) -> None:
    meta = read([BODY], pages=[statement])
    assert (meta.licence, meta.licence_url) == (
        "CC BY-NC-ND 4.0",
        "https://creativecommons.org/licenses/by-nc-nd/4.0/",
    )
    assert meta.found_in["licence"] == meta.found_in["licence_url"] == "page 2 text"


def test_a_creative_commons_mention_that_licenses_nothing_is_not_a_licence() -> None:
    credit = "Figure 2 photo: Wikimedia Commons user X, Creative Commons Attribution-ShareAlike."
    meta = read(
        [BODY], pages=[credit], links=[(1, "https://creativecommons.org/licenses/by-sa/3.0/")]
    )
    assert meta.licence is meta.licence_url is None


def test_acs_authorchoice() -> None:
    meta = read([("This article is made available via the ACS AuthorChoice program.", 8)])
    assert (meta.licence, meta.licence_url) == ("ACS AuthorChoice", None)
    url = "https://pubs.acs.org/page/policy/authorchoice_termsofuse.html"
    linked = read([("ACS AuthorChoice", 8)], links=[(0, url)])
    assert (linked.licence, linked.licence_url) == ("ACS AuthorChoice", url)
    badge = read([BODY], links=[(0, url)])  # the badge: a link on page 1, no words
    assert (badge.licence, badge.licence_url) == ("ACS AuthorChoice", url)
    assert badge.found_in["licence"] == "page 1 link annotation"
    assert read([BODY], pages=["Terms."], links=[(1, url)]).licence is None


# -- the real papers -------------------------------------------------------------------

PAPERS = (shared_realworld() or Path("/nonexistent")) / "papers"
PUBLISHED = {
    # Printed on page 1 as "Published: …" (checked on the rendered pages). The 8 ACS ASAP
    # articles print only "Received:"; Nature Communications prints "Published online" as
    # an image, not text, so these stay None.
    "jo2c00716.pdf": dt.date(2022, 5, 24),
    "jo2c02111.pdf": dt.date(2022, 12, 9),
    "jo2c02309.pdf": dt.date(2023, 1, 23),
    "jo2c02448.pdf": dt.date(2022, 12, 8),
}


def manifest_rows() -> list[tuple[str, str, str]]:
    """(file, DOI, title) from the MANIFEST's tables (titles are not copied here)."""
    if not (PAPERS / "MANIFEST.md").is_file():
        return []
    rows = []
    for line in (PAPERS / "MANIFEST.md").read_text().splitlines():
        name = re.match(r"\| (\S+\.pdf) \|", line)
        paper = re.search(r'"([^"]+)".*?doi:(10\.[^\s|]+)', line)
        if name and paper:
            rows.append((name.group(1), paper.group(2), paper.group(1).replace("*", "")))
    return rows


def comparable(title: str) -> str:
    """The MANIFEST writes "[3+2]" where the page prints "[3 + 2]", and cuts long titles "…"."""
    return re.sub(r"\s*\+\s*", "+", title).split(" …")[0]


@pytest.mark.skipif(not PAPERS.is_dir(), reason="the shared real papers are not here")
def test_all_thirteen_real_papers_are_listed() -> None:
    assert len(manifest_rows()) == 13


@pytest.mark.skipif(not PAPERS.is_dir(), reason="the shared real papers are not here")
@pytest.mark.parametrize(("name", "doi", "title"), manifest_rows())
def test_real_paper(name: str, doi: str, title: str) -> None:
    path = next(PAPERS.glob(f"*/{name}"))
    with pymupdf.open(path) as pdf:
        meta = read_printed_metadata(pdf)
    assert meta.doi == doi
    assert meta.title is not None and comparable(meta.title).startswith(comparable(title))
    if "…" not in title:
        assert comparable(meta.title) == comparable(title)
    assert meta.published == PUBLISHED.get(name)
    assert meta.journal  # every one prints its journal on page 1
    if path.parent.name == "open_licence":
        assert (meta.licence, meta.licence_url) == (
            "CC BY 4.0",
            "https://creativecommons.org/licenses/by/4.0/",
        )
    else:
        assert meta.licence is meta.licence_url is None
