"""Label readings measured beside real drawings, squared with the real papers' text.

The OCR lines are what the visual stage read beside drawings of the open-licence PDFs
of `shared/realworld/papers` (`scripts/bench_labels.py`); the labels are the visual
gold's. Skipped where the shared folder is absent.
"""

from __future__ import annotations

from functools import cache

import pytest

from chemx.devkit.pdf_gold import realworld_papers
from chemx.labels import parse_label
from chemx.labels.reconcile import PaperLabels, reconcile
from chemx.records import Sentence
from chemx.text.sentences import split_sentences

PAPERS = realworld_papers()
pytestmark = pytest.mark.skipif(PAPERS is None, reason="shared/realworld/papers is absent")


@cache
def paper_labels(stem: str) -> PaperLabels:
    """The paper's sentences, from its PDF text layer page by page."""
    import pymupdf

    assert PAPERS is not None
    path = PAPERS / "open_licence" / f"{stem}.pdf"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    sentences = []
    with pymupdf.open(path) as pdf:
        for page in pdf:
            text = " ".join(page.get_text().split())
            for start, end in split_sentences(text):
                sentences.append(
                    Sentence(
                        id=f"{stem}-{page.number}-{start}",
                        parent_id="g",
                        backend="pymupdf",
                        paper_id=stem,
                        paragraph_id="g",
                        index=0,
                        start=start,
                        end=end,
                        text=text[start:end],
                    )
                )
    return PaperLabels(sentences)


@pytest.mark.parametrize(
    ("stem", "raw", "siblings", "gold", "note"),
    [
        ("jo2c02448", "7 , 58%6", (), "7", None),
        ("jo2c02448", "22, 799 combined yield", (), "22", None),
        ("jo2c02111", "Se , 39%b", (), "5e", None),
        ("jo2c00716", "I1a; 85%b (65%)c", (), "11a", None),
        ("jo2c02309", "2z: R = 4-Cl (76%)", (), "2z", "R = 4-Cl (76%)"),
    ],
)
def test_real_readings_give_the_gold_label(
    stem: str, raw: str, siblings: tuple[str, ...], gold: str, note: str | None
) -> None:
    parsed = parse_label(raw)
    assert parsed.label is not None
    checked = reconcile(parsed.label, paper_labels(stem), siblings)
    assert (checked.identifier, parsed.note) == (gold, note)


def test_a_two_letter_series_label_the_text_never_names_is_kept_with_a_reason() -> None:
    paper = paper_labels("jo2c00716")  # names 9d (an indole) but 9da only in the SI
    parsed = parse_label("9da; not purified")
    assert parsed.label == "9da"
    checked = reconcile(parsed.label, paper, siblings=["9aa", "9ab", "9ac"])
    assert (checked.identifier, checked.factor) == ("9da", 0.5)
    assert checked.note == "no sentence of the paper names '9da'"
