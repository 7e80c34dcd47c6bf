"""PDF layout on generated two-column pages: regions per caption, clean running text."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from chemx.sources._base import ParsedPaper, SourceDocument
from chemx.sources._pdf_pages import normalise_glyphs
from chemx.sources.pdf import PdfParser
from tests.sources._helpers import CORPUS_ID

WIDTH, HEIGHT = 612, 792
LEFT, RIGHT = (50.0, 300.0), (318.0, 568.0)
PROSE = (
    "The reaction of the ketone with the amine gave the imine in",
    "good yield after two hours, and the crude product was then",
    "purified by chromatography on silica gel to give the pure",
    "compound as a solid that was stable in air for some weeks.",
)
"""Lines about as wide as a column (223-236 points at 9 pt), as justified text is."""


def write_lines(page: pymupdf.Page, x: float, y: float, lines: list[str], size: float = 9) -> float:
    """Write one line per entry from (x, y) down; return the next baseline."""
    for line in lines:
        page.insert_text((x, y), line, fontsize=size)
        y += size * 1.25
    return y


def column_prose(count: int) -> list[str]:
    return [PROSE[index % len(PROSE)] for index in range(count)]


def hexagon(page: pymupdf.Page, x: float, y: float, size: float = 30) -> None:
    points = [
        (x + size * dx, y + size * dy)
        for dx, dy in ((0.5, 0), (1, 0.3), (1, 0.9), (0.5, 1.2), (0, 0.9), (0, 0.3), (0.5, 0))
    ]
    page.draw_polyline(points, color=(0, 0, 0), width=1)


def parse_pdf(pdf: pymupdf.Document, folder: Path) -> ParsedPaper:
    path = folder / "paper.pdf"
    pdf.save(path)
    pdf.close()
    document = SourceDocument(path=path, format="pdf", display_name="paper.pdf")
    return PdfParser().parse(document, CORPUS_ID)


def test_a_one_column_scheme_takes_nothing_from_the_other_column(tmp_path: Path) -> None:
    pdf = pymupdf.open()
    page = pdf.new_page(width=WIDTH, height=HEIGHT)
    write_lines(page, LEFT[0], 80, column_prose(12))
    page.insert_text((LEFT[0], 250), "Scheme 1. Synthesis of the imine 3a.", fontsize=9)
    for offset in (0, 70, 140):
        hexagon(page, LEFT[0] + 20 + offset, 265)
    page.insert_text((LEFT[0] + 30, 320), "3a", fontsize=7)
    write_lines(page, LEFT[0], 350, column_prose(10))
    write_lines(page, RIGHT[0], 80, column_prose(40))
    parsed = parse_pdf(pdf, tmp_path)

    (scheme,) = [figure for figure in parsed.figures if figure.label]
    assert scheme.label == "Scheme 1"
    assert scheme.caption == "Synthesis of the imine 3a."
    assert scheme.page_box is not None
    _, y0, x1, y1 = scheme.page_box
    assert x1 < LEFT[1] + 2 and y0 > 250 and y1 < 340  # its column, below its caption
    assert "3a" in scheme.region_text
    assert parsed.images[scheme.image_sha256 or ""]  # rendered with the drawings


def test_a_table_under_a_one_column_caption_spans_both_columns(tmp_path: Path) -> None:
    pdf = pymupdf.open()
    page = pdf.new_page(width=WIDTH, height=HEIGHT)
    write_lines(page, LEFT[0], 80, column_prose(10))
    write_lines(page, RIGHT[0], 80, column_prose(10))
    page.insert_text((LEFT[0], 215), "Table 1. Yields of 3a-3c", fontsize=9)
    page.draw_line((LEFT[0], 222), (RIGHT[1], 222), color=(0, 0, 0), width=0.5)
    cells = (("entry", "substrate", "catalyst", "yield (%)"), ("1", "3a", "Pd", "85"),
             ("2", "3b", "Ni", "62"), ("3", "3c", "Cu", "14"))  # fmt: skip
    y = 235.0
    for row in cells:
        for x, cell in zip((60, 200, 380, 500), row, strict=True):
            page.insert_text((x, y), cell, fontsize=8)
        y += 12
    page.draw_line((LEFT[0], y - 6), (RIGHT[1], y - 6), color=(0, 0, 0), width=0.5)
    note = "aIsolated yields after chromatography on silica gel with hexane and ethyl acetate."
    page.insert_text((LEFT[0], y + 8), note, fontsize=7)
    write_lines(page, LEFT[0], y + 40, column_prose(20))
    write_lines(page, RIGHT[0], y + 40, column_prose(20))
    parsed = parse_pdf(pdf, tmp_path)

    (table,) = [figure for figure in parsed.figures if figure.label]
    assert table.label == "Table 1"
    assert table.page_box is not None
    x0, _, x1, y1 = table.page_box
    assert x0 < LEFT[0] + 15 and x1 > 520  # across the gutter
    assert y1 < y + 2  # the footnote is not artwork
    rows = table.region_text.splitlines()
    assert rows[0].split("\t") == ["entry", "substrate", "catalyst", "yield (%)"]
    assert "3b\tNi\t62" in table.region_text
    assert "Isolated yields" in table.region_text  # kept with the table, as its note
    assert not any("Isolated yields" in sentence.text for sentence in parsed.sentences)


def test_stacked_figures_each_get_their_own_region(tmp_path: Path) -> None:
    pdf = pymupdf.open()
    page = pdf.new_page(width=WIDTH, height=HEIGHT)
    hexagon(page, LEFT[0] + 40, 80, 40)
    page.insert_text((LEFT[0], 150), "Figure 1. The first compound.", fontsize=9)
    hexagon(page, LEFT[0] + 40, 175, 40)
    hexagon(page, LEFT[0] + 120, 175, 40)
    page.insert_text((LEFT[0], 245), "Figure 2. Two more compounds.", fontsize=9)
    write_lines(page, LEFT[0], 280, column_prose(30))
    write_lines(page, RIGHT[0], 80, column_prose(50))
    parsed = parse_pdf(pdf, tmp_path)

    boxes = {figure.label: figure.page_box for figure in parsed.figures}
    assert set(boxes) == {"Figure 1", "Figure 2"}
    first, second = boxes["Figure 1"], boxes["Figure 2"]
    assert first is not None and second is not None
    assert first[3] < 150 and second[1] > 155  # each above its own caption, not merged
    assert second[2] > LEFT[0] + 150  # both hexagons of Figure 2


def test_running_text_is_cleaned(tmp_path: Path) -> None:
    pdf = pymupdf.open()
    for number in (1, 2):
        page = pdf.new_page(width=WIDTH, height=HEIGHT)
        page.insert_text((LEFT[0], 30), "Journal of Generated Tests", fontsize=7)
        page.insert_text((300, 770), str(number), fontsize=7)
        if number == 1:
            y = write_lines(page, LEFT[0], 80, column_prose(16))
            y = write_lines(
                page,
                LEFT[0],
                y + 4,
                [
                    "Then the ring of the unusual and very strained small pyri-",
                    "dine 3a was opened under these mild conditions by the N-",
                    "methyl amine, as we had found in all of the earlier assays.",
                ],
            )
            page.insert_text((LEFT[0] + 233, y - 14.5), "5", fontsize=5)
            write_lines(
                page, LEFT[0], y, ["Recently we showed that the same ring opening was run in"]
            )
            write_lines(
                page,
                RIGHT[0],
                80,
                ["toluene at 80 °C for two hours and gave the amide 4b. We then"],
            )
            write_lines(page, RIGHT[0], 91.25, column_prose(30))
        else:
            write_lines(page, LEFT[0], 80, column_prose(8))
            page.insert_text((LEFT[0], 200), "References", fontsize=11, fontname="hebo")
            write_lines(
                page,
                LEFT[0],
                220,
                [
                    "(1) Zhu, Y.; Smith, J. A. Synthesis of pyridines.",
                    "J. Am. Chem. Soc. 2020, 142, 1-10.",
                    "(2) Brown, K. Ring opening of 3a. Org. Lett. 2021, 23, 5.",
                ],
            )
    parsed = parse_pdf(pdf, tmp_path)

    texts = [sentence.text for sentence in parsed.sentences]
    assert (
        "Then the ring of the unusual and very strained small pyridine 3a was opened under "
        "these mild conditions by the N-methyl amine, as we had found in all of the earlier "
        "assays." in texts
    )  # "pyri-|dine" joined, "N-|methyl" kept
    assert (
        "Recently we showed that the same ring opening was run in toluene at 80 °C for two "
        "hours and gave the amide 4b." in texts
    )  # one sentence across the column break, the citation "5" out of the text
    cited = [paragraph for paragraph in parsed.paragraphs if paragraph.citations]
    assert [marker.marker for paragraph in cited for marker in paragraph.citations] == ["5"]
    assert not any("Journal of Generated Tests" in text or "Zhu" in text for text in texts)
    assert parsed.paper.references[0].startswith("(1) Zhu, Y.; Smith, J. A.")
    assert len(parsed.paper.references) == 2


def test_ligatures_become_letters() -> None:
    assert normalise_glyphs("ﬁnal ﬂask ﬀ\u00ad") == "final flask ff"
    assert normalise_glyphs("C(sp³)−O ¹H 5′") == "C(sp³)−O ¹H 5′"  # nothing else changes


def raw_pdf(content: bytes, mask: bytes, size: int) -> bytes:
    """A one-page PDF written by hand: Helvetica text and a stencil-mask image `Im1`
    (an /ImageMask: one bit per pixel, painted in the current fill colour)."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ImageMask true "
        b"/BitsPerComponent 1 /Length %d >>\nstream\n"
        % (size, size, len(mask))
        + mask
        + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def test_a_stencil_mask_is_composited_not_rejected(tmp_path: Path) -> None:
    """A picture drawn through an /ImageMask has no colours of its own: it is rendered
    from the page, not rejected (it was `image_corrupt` before)."""
    size = 64
    mask = bytes(
        0x00 if (row // 8 + column) % 2 else 0xFF
        for row in range(size)
        for column in range(size // 8)
    )
    lines = [f"BT /F1 9 Tf 50 {700 - 12 * index} Td ({text}) Tj ET" for index, text in
             enumerate(column_prose(6))]  # fmt: skip
    lines.append("q 0 0 1 rg 120 0 0 120 80 400 cm /Im1 Do Q")
    lines.append("BT /F1 9 Tf 50 385 Td (Figure 1. A stencil-masked picture.) Tj ET")
    path = tmp_path / "paper.pdf"
    path.write_bytes(raw_pdf("\n".join(lines).encode(), mask, size))
    document = SourceDocument(path=path, format="pdf", display_name="paper.pdf")
    parsed = PdfParser().parse(document, CORPUS_ID)

    (figure,) = [figure for figure in parsed.figures if figure.label]
    assert figure.label == "Figure 1"
    assert figure.image_sha256 is not None and figure.image_sha256 in parsed.images
    assert not [rejection for rejection in parsed.rejections if rejection.node.id == figure.id]
