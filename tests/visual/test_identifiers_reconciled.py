"""A figure's label readings squared with its text layer, its label sizes and the paper."""

from __future__ import annotations

from chemx.labels.reconcile import PaperLabels
from chemx.records import PrintedWord, Sentence
from chemx.visual.identifiers import IdentifierResult
from chemx.visual.identifiers.reconciled import reconcile_readings


def sentence(text: str) -> Sentence:
    return Sentence(
        id=f"s{abs(hash(text))}", parent_id="g", backend="t", paper_id="p", paragraph_id="g",
        index=0, start=0, end=len(text), text=text,
    )  # fmt: skip


PAPER = PaperLabels(
    [
        sentence("Methylation of 12 gave ester 1b, and 2a was inert."),
        sentence("Compound 3c and 6c bound tightly."),
    ]
)


def reading(label: str | None, raw: str, box: tuple[int, int, int, int]) -> IdentifierResult:
    return IdentifierResult(label, raw, 0.9, "ocr", source_box=box)


def test_the_text_layer_replaces_a_misread_label_and_keeps_its_note() -> None:
    words = [PrintedWord(text="12 (R = CH3)", box=(90, 200, 190, 214))]
    [result] = reconcile_readings([reading(None, "CH3)", (150, 200, 190, 214))], PAPER, words)
    assert (result.identifier, result.raw_text, result.note) == ("12", "12 (R = CH3)", "R = CH3")
    words = [PrintedWord(text="RTI-13951-33 (1b)", box=(60, 200, 190, 214))]
    [result] = reconcile_readings([reading("3", "3", (120, 200, 130, 214))], PAPER, words)
    assert (result.identifier, result.note) == ("1b", "alias RTI-13951-33")


def test_the_text_layer_refuses_an_atom_number_it_does_not_print_as_a_label() -> None:
    words = [PrintedWord(text="-4", box=(100, 50, 112, 59))]
    [result] = reconcile_readings([reading("1", "1", (101, 50, 110, 59))], PAPER, words)
    assert result.identifier is None
    assert result.reason == (
        "OCR read '1', but the PDF's text layer prints '-4' there, and '-4' is not a compound label"
    )


def test_a_line_holding_the_label_as_a_word_keeps_it() -> None:
    words = [PrintedWord(text="3c 2a", box=(0, 0, 100, 12))]  # two labels on one line
    [result] = reconcile_readings([reading("2a", "2a", (60, 0, 80, 12))], PAPER, words)
    assert (result.identifier, result.note) == ("2a", None)


def test_a_number_printed_smaller_than_the_figures_labels_is_an_atom_number() -> None:
    readings = [
        reading("2a", "2a", (0, 100, 20, 112)),
        reading("3c", "3c", (100, 100, 120, 112)),
        reading("12", "12", (200, 100, 220, 111)),
        reading("1", "1", (300, 40, 305, 47)),  # 7 px against 12
    ]
    checked = reconcile_readings(readings, PAPER)
    assert [r.identifier for r in checked] == ["2a", "3c", "12", None]
    assert checked[3].reason == (
        "'1' is printed smaller than the figure's labels (7 px against 12 px): an atom "
        "number or locant in the drawing, not a compound label"
    )


def test_sizes_are_not_judged_on_too_few_labels() -> None:
    readings = [reading("2a", "2a", (0, 100, 20, 112)), reading("1", "1", (300, 40, 305, 47))]
    checked = reconcile_readings(readings, PAPER)
    assert [r.identifier for r in checked] == ["2a", "1"]


def test_a_footnote_letter_goes_and_an_unnamed_label_says_why() -> None:
    result = IdentifierResult("1ba", "1ba", 0.8, "ocr", note="R = Me")
    [checked] = reconcile_readings([result], PAPER)
    assert checked.identifier == "1b"
    assert checked.note == "R = Me; read '1ba'; the text names '1b', not '1ba'"
    assert checked.confidence == 0.8 * 0.9
    [unnamed] = reconcile_readings([IdentifierResult("17", "17", 0.8, "ocr")], PAPER)
    assert (unnamed.identifier, unnamed.confidence) == ("17", 0.4)
    assert unnamed.note == "no sentence of the paper names '17'"


def test_s_read_for_5_is_settled_by_the_text() -> None:
    paper = PaperLabels([sentence("Ketone 5 was reduced.")])
    [checked] = reconcile_readings([IdentifierResult("5", "S", 0.9, "ocr")], paper)
    assert (checked.identifier, checked.note) == ("5", None)
