"""Labels read from drawings, squared with the labels the paper's text names."""

from __future__ import annotations

from chemx.labels.reconcile import PaperLabels, reconcile, variants
from chemx.records import Sentence, Span


def sentence(text: str, bold: tuple[str, ...] = ()) -> Sentence:
    spans = tuple(
        Span(start=text.index(run), end=text.index(run) + len(run), text=run) for run in bold
    )
    return Sentence(
        id=f"s{abs(hash(text))}", parent_id="g", backend="t", paper_id="p", paragraph_id="g",
        index=0, start=0, end=len(text), text=text, bold_spans=spans,
    )  # fmt: skip


PAPER = PaperLabels(
    [
        sentence("Ester 1b was hydrolysed to acid 12 in 2 h at 25 °C.", ("1b",)),
        sentence("Compound 5 and its analogue 31 were inactive (Table 1)."),
        sentence("The (S)-7 enantiomer bound more tightly."),
    ]
)


def test_a_label_the_text_names_is_kept_as_read() -> None:
    checked = reconcile("1b", PAPER)
    assert (checked.identifier, checked.factor, checked.note) == ("1b", 1.0, None)


def test_a_footnote_mark_or_a_look_alike_goes_when_the_text_names_the_variant() -> None:
    assert reconcile("1ba", PAPER).identifier == "1b"  # "1b" with its footnote "a"
    assert reconcile("3l", PAPER).identifier == "31"
    changed = reconcile("1ba", PAPER)
    assert changed.factor < 1 and changed.note == "read '1ba'; the text names '1b', not '1ba'"


def test_a_label_no_sentence_names_is_kept_with_lower_confidence_and_a_reason() -> None:
    checked = reconcile("17", PAPER)  # an atom number, say
    assert checked.identifier == "17" and checked.factor == 0.5
    assert checked.note == "no sentence of the paper names '17'"
    assert reconcile("2", PAPER).factor == 0.5  # "2 h", "25 °C" are not compound 2
    assert not PAPER.names("1")  # "Table 1" is no compound 1


def test_without_text_nothing_is_judged() -> None:
    assert reconcile("17", PaperLabels([])).note is None


def test_variants_are_labels_or_codes_only() -> None:
    assert variants("1ba") == ["1b"]
    assert "7" in variants("(S)-7")
    assert variants("17") == ["L7"]  # 'l7' is neither


def test_a_second_letter_is_no_footnote_where_the_figure_numbers_a_two_letter_series() -> None:
    paper = PaperLabels([sentence("Indole 9d gave 9aa in 80% yield.")])
    assert reconcile("9da", paper).identifier == "9d"  # read alone: a footnote "a"
    kept = reconcile("9da", paper, siblings=["9aa", "9ab"])
    assert (kept.identifier, kept.factor) == ("9da", 0.5)
    assert kept.note == "no sentence of the paper names '9da'"
    assert variants("9da", series=True) == []


def test_bold_b_read_as_6_and_q_read_as_9_go_back_when_the_text_names_the_label() -> None:
    paper = PaperLabels([sentence("Amide 12b and ester 3qa were stable.")])
    assert reconcile("126", paper).identifier == "12b"
    assert reconcile("39a", paper).identifier == "3qa"


def test_a_code_the_text_names_is_a_variant_of_its_misreading() -> None:
    paper = PaperLabels([sentence("With ligand L3 the yield rose to 80%.")])
    assert reconcile("13", paper).identifier == "L3"  # the 'L' read as '1'
    assert "L3" in variants("13")
    assert reconcile("13", PAPER).identifier == "13"  # no code named: kept, doubted


def test_a_hyphenated_code_is_named_where_the_text_prints_it() -> None:
    # its letters run together ('LArg') occur nowhere: each one is looked for
    paper = PaperLabels([sentence("NOS oxidises L-Arg to L-Cit and NO.")])
    assert paper.names("L-Arg") and paper.names("L-Cit")
    assert not paper.names("L-Orn")


def test_a_code_read_with_a_look_alike_is_named_by_a_range_of_its_series() -> None:
    # "ligands L1−L7": EasyOCR read the drawn 'L3' as '13', which no sentence names
    paper = PaperLabels([sentence("First, we screened the ligands L1−L7 (Scheme 2).")])
    assert paper.names("L3") and not paper.names("L8")
    assert reconcile("13", paper).identifier == "L3"
    assert not PaperLabels([sentence("Compounds 1−5 were inactive.")]).names("L3")
