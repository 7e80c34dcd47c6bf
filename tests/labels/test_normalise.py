"""`normalise_label`: OCR text -> compound label, or None for everything else."""

from __future__ import annotations

import doctest

import pytest

from chemx.labels import normalise, normalise_label, parse_label

ACCEPTED = [
    # plain
    ("3c", "3c"),
    ("12", "12"),
    ("1", "1"),
    ("3aa", "3aa"),
    ("10b", "10b"),
    ("999", "999"),
    # decoration
    ("compound 3c", "3c"),
    ("Compound 3c", "3c"),
    ("compounds 4", "4"),
    ("cpd. 3c", "3c"),
    ("no. 3", "3"),
    ("No 3", "3"),
    ("#3", "3"),
    ("**3c**", "3c"),
    ("<b>3c</b>", "3c"),
    ("<bold>12a</bold>", "12a"),
    ("*3c*", "3c"),
    ("3c*", "3c"),
    ("(3c)", "3c"),
    ("[3c]", "3c"),
    ("{3c}", "3c"),
    ("3c.", "3c"),
    ("3c:", "3c"),
    ("  3c  ", "3c"),
    # yields and selectivities after the label
    ("3c, 85%", "3c"),
    ("3c (85%)", "3c"),
    ("3c 85%", "3c"),
    ("3c (92% ee)", "3c"),
    ("3c: 85%, 95:5 dr", "3c"),
    ("2a, 12 h, 85%", "2a"),
    ("3c, >99% ee", "3c"),
    ("3c (E/Z 5:1)", "3c"),
    ("4b, trace", "4b"),
    ("4c, n.d.", "4c"),
    ("20, 5996", "20"),  # '59%' with its per cent sign read as '96' (jo2c02448)
    ("5aj; -", "5aj"),  # a dash for a substrate that gave no product (jo2c00716)
    ("Saj; –", "5aj"),
    # OCR confusions in the number part
    ("Sb", "5b"),
    ("Sa", "5a"),
    ("Za", "2a"),
    ("lc", "1c"),
    ("lb", "1b"),
    ("Ia", "1a"),
    ("l2a", "12a"),
    ("I2a", "12a"),
    ("2la", "21a"),
    ("1O", "10"),
    ("lO", "10"),
    ("l", "1"),
    ("S", "5"),
    # ... and in the suffix: no digit follows a suffix letter (jacs.2c12752)
    ("3a0 ,", "3ao"),
    ("3aO", "3ao"),
    # stereo prefixes
    ("(S)-7", "(S)-7"),
    ("(R)-14d", "(R)-14d"),
    ("(5)-7", "(S)-7"),
    ("(S)7", "(S)-7"),
    ("(S) -7", "(S)-7"),
    ("( S )-7", "(S)-7"),
    ("(S)-l", "(S)-1"),
    ("(R,R)-3", "(R,R)-3"),
    ("(±)-3", "(±)-3"),
    ("(−)-3", "(-)-3"),
    ("(+)-12", "(+)-12"),
    ("(P)-5", "(P)-5"),
    ("(M)-5a", "(M)-5a"),
    ("(R, S)-3", "(R,S)-3"),
    ("rac-3", "rac-3"),
    ("Rac-3", "rac-3"),
    ("rac - 3", "rac-3"),
    ("(S)-7, 85%", "(S)-7"),
    # primes
    ("3c'", "3c'"),
    ("3c′", "3c'"),
    ("3c''", "3c''"),
    ("3c″", "3c''"),
    ("3c’", "3c'"),
    ("3c´", "3c'"),
    ("3c‴", "3c'''"),
    # Roman numerals and names
    ("II", "II"),
    ("IV", "IV"),
    ("I", "I"),
    ("II'", "II'"),
    ("(S)-II", "(S)-II"),
    ("naamidine A (6)", "6"),
    ("6, naamidine A", "6"),
    ("8 ,R' = OH, R2 = OMe, naamine A", "8"),
]

REFUSED = [
    "",
    "   ",
    "Pd(OAc)2",
    "Pd(OAc)",
    "Et3N",
    "80 °C",
    "12 h",
    "12 - 14",
    "12, 19",  # two labels, not a label and a garbled yield
    "10 mol%",
    "2 equiv",
    "85%",
    "%",
    "THF",
    "DMF",
    "NaH",
    "rt",
    "trace",
    "Cs2CO3",
    "K2CO3/THF",
    "CH2Cl2",
    "H2O",
    "MeOH",
    "+",
    "1,2-DCE",
    "1. HCl then",
    "(i) NaH, DMF",
    "1, THF",
    "4A",
    "4·HBr",
    "4-HBr",
    "O",
    "SO",
    "0",
    "01",
    "1234",
    "2019",
    "2.5",
    "ab",
    "a",
    "ipr",
    "iPr",
    "tBu",
    "Me",
    "Problematic acylation",
    "(R*)-3",
    "3*c",
    "(Q)-3",
]


@pytest.mark.parametrize(("text", "label"), ACCEPTED)
def test_accepted_forms(text: str, label: str) -> None:
    assert normalise_label(text) == label
    assert parse_label(text).kind == "label"


@pytest.mark.parametrize("text", REFUSED)
def test_refused_forms(text: str) -> None:
    assert normalise_label(text) is None


@pytest.mark.parametrize(
    ("text", "as_range"),
    [
        ("12a-c", "12a-c"),
        ("12a–c", "12a-c"),
        ("3a–3x", "3a-3x"),
        ("1-3", "1-3"),
        ("2a-2d", "2a-2d"),
    ],
)
def test_ranges_refused_unless_allowed(text: str, as_range: str) -> None:
    parsed = parse_label(text)
    assert parsed.label is None and parsed.kind == "range"
    assert "range" in parsed.reason
    assert normalise_label(text, allow_ranges=True) == as_range


def test_lists_are_several_not_one() -> None:
    parsed = parse_label("3a, 3b")
    assert parsed.label is None and parsed.kind == "several"


def test_reasons_name_the_text() -> None:
    assert parse_label(None).kind == "empty"
    assert parse_label("THF").reason == "'THF' is not a compound label"


def test_normalising_is_idempotent() -> None:
    for _, label in ACCEPTED:
        assert normalise_label(label) == label


def test_ranges_are_numbered_labels_as_the_grammar_says() -> None:
    assert parse_label("II-IV").kind == "not_label"
    assert parse_label("12-c").kind == "not_label"
    assert parse_label("3a'-3c'").kind == "not_label"


def test_doctests() -> None:
    result = doctest.testmod(normalise)
    assert result.attempted >= 5 and result.failed == 0
