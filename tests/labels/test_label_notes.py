"""What is printed with a label and is not part of it: notes, aliases, footnotes, yields.

Each input is a line as OCR or a PDF's text layer gave it beside a real drawing (see
`scripts/bench_labels.py` for where they were measured).
"""

from __future__ import annotations

import pytest

from chemx.labels import parse_label


@pytest.mark.parametrize(
    ("text", "label", "note"),
    [
        ("12 (R = CH3)", "12", "R = CH3"),
        ("12 (R=CH3)", "12", "R = CH3"),
        ("8, R1 = OH", "8", "R1 = OH"),
        ("2z: R = 4-Cl (76%)", "2z", "R = 4-Cl (76%)"),
        ("4c: X = Cl", "4c", "X = Cl"),
    ],
)
def test_a_substituent_note_after_a_label_is_kept_as_its_note(
    text: str, label: str, note: str
) -> None:
    parsed = parse_label(text)
    assert (parsed.label, parsed.kind, parsed.note) == (label, "label", note)


@pytest.mark.parametrize("text", ["(R = CH3)", "R1 = Me", "X = Cl", "R=H, X=Cl", "Ar = Ph"])
def test_a_substituent_note_alone_is_no_label(text: str) -> None:
    parsed = parse_label(text)
    assert (parsed.label, parsed.kind) == (None, "note")
    assert parsed.reason == f"{text!r} is a substituent note, not a compound label"


@pytest.mark.parametrize(
    ("text", "label", "note"),
    [
        ("RTI-13951-33 (1b)", "1b", "alias RTI-13951-33"),
        ("compound 12 (GSK123)", "12", "alias GSK123"),
        ("naamidine A (6)", "6", "alias naamidine A"),
        ("duclauxamide A1 (7)", "7", "alias duclauxamide A1"),
        ("(a) glyclauxin A (2)", "2", "alias glyclauxin A"),
    ],
)
def test_a_parenthetical_alias_gives_the_label_and_is_kept_as_the_note(
    text: str, label: str, note: str
) -> None:
    parsed = parse_label(text)
    assert (parsed.label, parsed.note) == (label, note)


@pytest.mark.parametrize(
    "text", ["3c (92% ee)", "2a (trace)", "3 (5 mol %)", "Pd(OAc)2", "THF", "12 h"]
)
def test_yields_quantities_and_reagents_are_no_alias(text: str) -> None:
    assert parse_label(text).note is None


@pytest.mark.parametrize(
    ("text", "label"),
    [("3arb", "3ar"), ("3arb , 98% , 90% ee", "3ar"), ("3awb", "3aw")],
)
def test_a_letter_past_two_suffix_letters_is_a_footnote_mark(text: str, label: str) -> None:
    assert parse_label(text).label == label


def test_two_suffix_letters_stay_for_the_paper_text_to_settle() -> None:
    assert parse_label("1ba").label == "1ba"  # 1b + footnote a, or 1ba: see reconcile


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("7 , 58%6", "7"),
        ("8 , 50%.d.r>20:1", "8"),
        ("22, 799 combined yield", "22"),
        ("I1a; 85%b (65%)c", "11a"),
        ("Se , 39%b", "5e"),
        ("9da; not purified", "9da"),
        ("6e' . 61%", "6e'"),
        ("17 9796", "17"),
        ("35 759", "35"),
        ("3k 97%0 yield", "3k"),  # no comma, a stray glyph after the per cent
        ("23; 425, combined yield", "23"),  # '42%' with its '%' read as '5'
        ("24,213, combined yield", "24"),
    ],
)
def test_a_scope_entry_misread_after_its_label_leaves_the_label(text: str, label: str) -> None:
    assert parse_label(text).label == label


@pytest.mark.parametrize(
    "text", ["3a, 3b, 85%", "3c. 80 °C", "12 256", "10 mol%, 2 h", "2, 3b, 85% yield", "5 mol %"]
)
def test_a_tail_with_another_label_or_a_quantity_is_refused(text: str) -> None:
    assert parse_label(text).label is None
