"""The PyMuPDF backend on generated PDFs and on two real ones (when the team share has them)."""

from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path

import pymupdf
import pytest
from PIL import Image, ImageDraw

from chemx.provenance.ids import node_id
from chemx.records import NodeKind
from chemx.sources._base import ParsedPaper, SourceDocument, SourceError
from chemx.sources.pdf import PdfParser
from tests._helpers import shared_realworld
from tests.sources._helpers import CORPUS_ID

REALWORLD = (shared_realworld() or Path("/nonexistent")) / "decimer"
BODY = (
    "We prepared the ester 3a in two steps and measured its spectrum. The product is shown "
    "in Figure 1 and was obtained in 85% yield (ca. 5 mmol scale). Compound 3a was stable "
    "in air for a week. See doi:10.5555/chemx.test.42 for details."
)


def structure_png(size: tuple[int, int] = (200, 150)) -> bytes:
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    draw.polygon([(50, 40), (100, 20), (150, 40), (150, 100), (100, 120), (50, 100)], outline=0)
    draw.line([(150, 40), (190, 20)], fill=0, width=3)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def new_pdf(title: str = "A generated chemistry paper") -> pymupdf.Document:
    pdf = pymupdf.open()
    pdf.set_metadata({"title": title})
    return pdf


def add_text_page(pdf: pymupdf.Document, text: str = BODY) -> pymupdf.Page:
    page = pdf.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(72, 72, 520, 200), text, fontsize=11)
    return page


def save(
    pdf: pymupdf.Document, folder: Path, name: str = "paper.pdf", **options: object
) -> SourceDocument:
    path = folder / name
    pdf.save(path, **options)
    pdf.close()
    return SourceDocument(path=path, format="pdf", display_name=name)


def parse(document: SourceDocument) -> ParsedPaper:
    return PdfParser().parse(document, CORPUS_ID)


def error(document: SourceDocument) -> SourceError:
    with pytest.raises(SourceError) as caught:
        parse(document)
    return caught.value


def test_generated_pdf_end_to_end(tmp_path: Path) -> None:
    pdf = new_pdf()
    page = add_text_page(pdf)
    picture = structure_png()
    page.insert_image(pymupdf.Rect(150, 260, 350, 410), stream=picture)
    page.insert_text((150, 430), "Figure 1. Synthesis of the ester 3a.", fontsize=9)
    parsed = parse(save(pdf, tmp_path))

    paper = parsed.paper
    assert paper.title == "A generated chemistry paper"
    assert paper.doi == "10.5555/chemx.test.42"
    assert paper.id == node_id(NodeKind.PAPER, "doi", "10.5555/chemx.test.42")
    assert paper.source == "pdf" and paper.backend == "pymupdf"
    assert paper.source_path == "paper.pdf"

    (figure,) = parsed.figures
    assert figure.figure_key == "p1-item1"
    assert figure.label == "Figure 1"
    assert figure.caption == "Synthesis of the ester 3a."
    assert figure.page == 1
    assert figure.image_sha256 in parsed.images
    assert (figure.width, figure.height) == (200, 150)
    assert parsed.rejections == []

    (paragraph,) = parsed.paragraphs
    assert paragraph.page == 1
    assert paragraph.text.startswith("We prepared the ester 3a")
    texts = [sentence.text for sentence in parsed.sentences]
    assert texts[1] == (
        "The product is shown in Figure 1 and was obtained in 85% yield (ca. 5 mmol scale)."
    )
    for sentence in parsed.sentences:
        assert paragraph.text[sentence.start : sentence.end] == sentence.text
    (reference,) = parsed.figure_references
    assert reference.via == "text"
    assert reference.text == "Figure 1"
    assert reference.figure_id == figure.id
    assert reference.sentence_id == parsed.sentences[1].id


def test_caption_above_a_vector_drawing(tmp_path: Path) -> None:
    pdf = new_pdf()
    page = add_text_page(pdf)
    page.insert_text((72, 250), "Scheme 1. A drawn reaction arrow.", fontsize=9)
    shape = page.new_shape()
    shape.draw_polyline([(100, 280), (130, 262), (160, 280), (160, 315), (130, 333), (100, 315)])
    shape.draw_line((180, 300), (300, 300))
    shape.finish(color=(0, 0, 0), closePath=False)
    shape.commit()
    parsed = parse(save(pdf, tmp_path))
    (figure,) = parsed.figures
    assert figure.figure_key == "p1-item1"
    assert figure.label == "Scheme 1"
    assert figure.image_sha256 is not None
    assert figure.width is not None and figure.width > 200  # rendered at 150 dpi


def test_caption_without_any_graphic_is_kept_and_rejected(tmp_path: Path) -> None:
    pdf = new_pdf()
    page = add_text_page(pdf)
    page.insert_text((72, 400), "Figure 2. The image of this figure is missing.", fontsize=9)
    parsed = parse(save(pdf, tmp_path))
    (figure,) = parsed.figures
    assert figure.label == "Figure 2" and figure.image_sha256 is None
    (rejection,) = parsed.rejections
    assert rejection.reason == "image_missing"
    assert "paper.pdf: page 1" in rejection.detail and "Figure 2" in rejection.detail


def test_tiny_and_repeated_images_are_not_figures(tmp_path: Path) -> None:
    pdf = new_pdf()
    logo = structure_png((120, 60))
    for _ in range(2):
        page = add_text_page(pdf)
        page.insert_image(pymupdf.Rect(400, 700, 520, 760), stream=logo)
        page.insert_image(pymupdf.Rect(72, 700, 90, 718), stream=structure_png((30, 30)))
    parsed = parse(save(pdf, tmp_path))
    assert [figure.figure_key for figure in parsed.figures] == ["p1-item1"]
    assert parsed.figures[0].label is None


def test_bold_runs_become_bold_spans(tmp_path: Path) -> None:
    pdf = new_pdf()
    page = pdf.new_page()
    page.insert_text((72, 100), "The reaction of the ketone gave the alcohol", fontsize=11)
    page.insert_text((72, 114), "3c", fontsize=11, fontname="hebo")
    page.insert_text((88, 114), " in good yield after two hours of stirring.", fontsize=11)
    parsed = parse(save(pdf, tmp_path))
    (sentence,) = parsed.sentences
    assert [span.text for span in sentence.bold_spans] == ["3c"]


def test_test_page_pdf_has_four_captioned_figures() -> None:
    path = REALWORLD / "test_page.pdf"
    if not path.is_file():
        pytest.skip(f"{path} is not available here")
    parsed = parse(SourceDocument(path=path, format="pdf", display_name=path.name))
    assert parsed.paper.title == "Test page"
    labels = [(figure.label, figure.caption) for figure in parsed.figures]
    assert labels == [
        ("Figure 1", "A very interesting molecule."),
        ("Figure 2", "Another interesting molecule."),
        ("Figure 3", "Nothing happens."),
        ("Figure 4", "A molecule with some sugar units."),
    ]
    assert all(figure.image_sha256 in parsed.images for figure in parsed.figures)
    assert parsed.figures[0].figure_key == "p1-item1"  # caffeine: an embedded image
    assert parsed.rejections == []
    assert len(parsed.paragraphs) == 4
    assert parsed.paragraphs[0].text.startswith("We have found a lot of new")
    assert any(s.text == "Molecules are great." for s in parsed.sentences)


def test_scanned_patent_needs_ocr() -> None:
    path = REALWORLD / "KR102075885B1_pages_10-20.pdf"
    if not path.is_file():
        pytest.skip(f"{path} is not available here")
    failure = error(SourceDocument(path=path, format="pdf", display_name=path.name))
    assert failure.reason == "pdf_no_text"
    assert path.name in failure.detail
    assert "OCR" in failure.detail


def test_encrypted_pdf(tmp_path: Path) -> None:
    pdf = new_pdf()
    add_text_page(pdf)
    document = save(
        pdf,
        tmp_path,
        "locked.pdf",
        encryption=pymupdf.PDF_ENCRYPT_AES_256,  # type: ignore[attr-defined]
        user_pw="x",
        owner_pw="y",
    )
    failure = error(document)
    assert failure.reason == "pdf_encrypted"
    assert "locked.pdf" in failure.detail and "password" in failure.detail


def test_pdf_with_only_an_image_has_no_text(tmp_path: Path) -> None:
    pdf = new_pdf()
    page = pdf.new_page()
    page.insert_image(pymupdf.Rect(50, 50, 500, 700), stream=structure_png())
    failure = error(save(pdf, tmp_path, "scan.pdf"))
    assert failure.reason == "pdf_no_text"
    assert "scan.pdf" in failure.detail and "OCR" in failure.detail


def test_corrupt_pdf(tmp_path: Path) -> None:
    path = tmp_path / "garbage.pdf"
    path.write_bytes(b"%PDF-1.7\n" + os.urandom(4096))  # a PDF header, then garbage
    failure = error(SourceDocument(path=path, format="pdf", display_name=path.name))
    assert failure.reason == "pdf_corrupt"
    assert "garbage.pdf" in failure.detail


@pytest.mark.parametrize(
    ("data", "looks_like"),
    [
        (
            b"<!DOCTYPE html>\n<html><head><title>Sign in &amp; read</title></head>"
            b"<body><form>Institutional login</form></body></html>",
            "not a PDF (no %PDF- header) but an HTML page titled 'Sign in & read': probably a "
            "login or error page saved instead of the PDF; download the PDF itself again",
        ),
        (
            b"\n  <html>\n<body>Access denied</body></html>",
            "not a PDF (no %PDF- header) but an HTML page: probably a login or error page "
            "saved instead of the PDF; download the PDF itself again",
        ),
        (
            b'<?xml version="1.0"?><article><front/></article>',
            "an XML file: if it is a JATS article, give it the .nxml or .xml suffix",
        ),
        (b"\x89PNG\r\n\x1a\n" + bytes(200), "but a PNG image"),
        (b"\x1f\x8b\x08\x00" + bytes(200), "a gzip archive (a PMC OA package .tar.gz?)"),
        ("Résumé of the paper\nline two\n".encode(), "but plain text"),
        (bytes(range(256)) * 4, "but unrecognised binary data (a broken download?)"),
    ],
)
def test_a_file_that_is_not_a_pdf_is_named_for_what_it_is(
    tmp_path: Path, data: bytes, looks_like: str
) -> None:
    path = tmp_path / "paper.pdf"
    path.write_bytes(data)
    failure = error(SourceDocument(path=path, format="pdf", display_name=path.name))
    assert failure.reason == "not_a_pdf"
    assert failure.detail.startswith("paper.pdf: not a PDF (no %PDF- header) but ")
    assert looks_like in failure.detail
    assert "OCR" not in failure.detail


def test_a_header_after_some_junk_is_still_a_pdf(tmp_path: Path) -> None:
    pdf = new_pdf()
    add_text_page(pdf)
    document = save(pdf, tmp_path)
    document.path.write_bytes(b"junk from a mailer\n" + document.path.read_bytes())
    assert parse(document).paper.doi == "10.5555/chemx.test.42"


def test_empty_pdf_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.pdf"
    path.write_bytes(b"")
    failure = error(SourceDocument(path=path, format="pdf", display_name=path.name))
    assert failure.reason == "empty_file"


def test_paper_id_without_doi_is_the_file_hash(tmp_path: Path) -> None:
    pdf = new_pdf()
    add_text_page(pdf, BODY.replace("See doi:10.5555/chemx.test.42 for details.", ""))
    document = save(pdf, tmp_path)
    parsed = parse(document)
    digest = hashlib.sha256(document.path.read_bytes()).hexdigest()
    assert parsed.paper.doi is None
    assert parsed.paper.id == node_id(NodeKind.PAPER, "sha256", digest)
