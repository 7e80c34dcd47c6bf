"""The PyMuPDF backend on real journal PDFs against hand-made gold (skipped without them).

Two short papers from the team's shared folder, one CC BY J. Org. Chem. note and one
© ACS JACS communication; the full set is scored by `scripts/bench_pdf.py`. The floors
are today's measurements less a margin, so a regression fails here first.
"""

from __future__ import annotations

import pytest

from chemx.devkit.pdf_gold import GoldPaper, load_gold, score_parsed
from chemx.sources._base import SourceDocument
from chemx.sources.pdf import PdfParser

GOLD = {paper.stem: paper for paper in load_gold()}


def gold_paper(stem: str) -> GoldPaper:
    if stem not in GOLD:
        pytest.skip(f"{stem}.pdf is not in ../shared/realworld/papers/ here")
    return GOLD[stem]


@pytest.mark.parametrize("stem", ["jo2c02111", "jacs.2c12752"])
def test_display_items_text_and_metadata_match_the_gold(stem: str) -> None:
    paper = gold_paper(stem)
    document = SourceDocument(path=paper.path, format="pdf", display_name=paper.path.name)
    parsed = PdfParser().parse(document, "corpus")
    score = score_parsed(paper, parsed.figures, parsed.sentences, parsed.paper)

    assert score.items_matched == score.items_gold, score.missed_items
    assert score.items_predicted == score.items_gold
    assert score.merges == score.body_text_taken == 0
    assert score.sentences_matched >= 0.85 * score.sentences_gold
    assert score.reference_sentences == score.citations_left == score.hyphens_left == 0
    assert score.metadata_correct == score.metadata_printed  # every printed field read
    assert parsed.paper.references  # the reference list is kept, apart from sentences


def test_the_cc_by_paper_carries_its_licence_and_date() -> None:
    paper = gold_paper("jo2c02111")
    document = SourceDocument(path=paper.path, format="pdf", display_name=paper.path.name)
    parsed = PdfParser().parse(document, "corpus")
    assert parsed.paper.licence == "CC BY 4.0"
    assert parsed.paper.licence_url == "https://creativecommons.org/licenses/by/4.0/"
    assert parsed.paper.published is not None
    assert parsed.paper.published.isoformat() == paper.metadata["published"]
    assert parsed.paper.journal == "The Journal of Organic Chemistry"
