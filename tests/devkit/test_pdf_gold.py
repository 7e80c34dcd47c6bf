"""Scoring a PDF parser against the hand-made gold: the measures themselves."""

from __future__ import annotations

import hashlib
from pathlib import Path

from chemx.devkit.pdf_gold import (
    GoldItem,
    GoldPaper,
    GoldSentence,
    PaperScore,
    iou,
    load_gold,
    score_items,
    score_text,
)
from chemx.records import Figure, Sentence


def figure(label: str, box: tuple[float, float, float, float], page: int = 1) -> Figure:
    return Figure(
        id=f"f-{label}-{box[0]}", parent_id="p", backend="test", paper_id="p",
        figure_key=label, label=label, page=page, page_box=box,
    )  # fmt: skip


def sentence(text: str) -> Sentence:
    return Sentence(
        id=f"s-{hash(text)}", parent_id="g", backend="test", paper_id="p", paragraph_id="g",
        index=0, start=0, end=len(text), text=text,
    )  # fmt: skip


def gold(items: list[GoldItem], sentences: list[str] = ()) -> GoldPaper:  # type: ignore[assignment]
    return GoldPaper(
        stem="x", path=Path("x.pdf"), metadata={}, items=items, references=[],
        sentences=[
            GoldSentence(1, hashlib.sha256(text.encode()).hexdigest(), len(text), ("citation",), None)
            for text in sentences
        ],
    )  # fmt: skip


SCHEME = GoldItem(1, "scheme", "1", (50, 100, 290, 300), (50, 80, 290, 95), False)
TABLE = GoldItem(1, "table", "1", (50, 320, 290, 500), (50, 305, 290, 318), False)


def test_iou() -> None:
    assert iou((0, 0, 10, 10), (0, 0, 10, 10)) == 1
    assert iou((0, 0, 10, 10), (5, 0, 15, 10)) == 1 / 3
    assert iou((0, 0, 10, 10), (20, 20, 30, 30)) == 0


def test_an_item_needs_the_right_label_and_iou() -> None:
    paper = gold([SCHEME, TABLE])
    score = score_items(
        paper,
        [figure("Scheme 1", (52, 102, 288, 298)), figure("Figure 1", (50, 320, 290, 500))],
        {},
    )
    assert (score.items_matched, score.items_predicted, score.items_gold) == (1, 2, 2)
    assert score.missed_items == ["p1 table 1"]  # right box, wrong label


def test_a_region_over_two_items_is_a_merge_and_one_over_body_text_took_it() -> None:
    paper = gold([SCHEME, TABLE])
    lines = {1: [((300, 200, 560, 210), "running text in the other column here")]}
    score = score_items(paper, [figure("Scheme 1", (40, 90, 570, 510))], lines)
    assert score.merges == 1
    assert score.body_text_taken == 1
    assert score.items_matched == 0


def test_sentences_match_exactly_and_leftovers_are_counted() -> None:
    paper = gold([], ["The yield was 85%.", "It was made in two steps."])
    score = PaperScore()
    parsed = [
        sentence("The yield was 85%."),
        sentence("It was made in two steps.5 Recently it was also made."),
        sentence("The ring of the pyri-dine opened; the pyridine was kept."),
    ]
    score_text(paper, parsed, "", score)
    assert (score.sentences_matched, score.sentences_gold) == (1, 2)
    assert score.by_feature == {"citation": [1, 2]}
    assert score.citations_left == 1
    assert score.hyphens_left == 1


def test_gold_is_skipped_without_the_shared_papers(tmp_path: Path) -> None:
    assert load_gold(tmp_path / "absent") == []
    assert load_gold(tmp_path) == []  # present but empty: nothing matches its hashes
