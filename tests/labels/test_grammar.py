"""One grammar: the normaliser and the mention finder read every printed label alike.

`PRINTED_FORMS` holds each form on which the two used to disagree (before both were
built on `chemx.labels.grammar`), with the label both now read, or None where both
refuse it. OCR look-alike repair ("Sb" -> "5b") stays the normaliser's alone: it is how
a figure is misread, not how a paper prints a label.
"""

from __future__ import annotations

import doctest
import re

import pytest

from chemx.labels import (
    explain_rejection,
    find_mentions,
    grammar,
    is_label,
    normalise_label,
    parse_identifier,
    read_label,
    strip_decoration,
)
from chemx.labels.grammar import RANGE, canonical_text, fold, range_members
from tests.labels.test_normalise import ACCEPTED

PRINTED_FORMS: list[tuple[str, str | None]] = [
    # helical and axial descriptors: only the finder knew them
    ("(P)-7", "(P)-7"),
    ("(M)-7", "(M)-7"),
    # the tilde is a dash: only the normaliser folded it
    ("(S)~7", "(S)-7"),
    # words before a label: the finder knew only 'compound' and 'cpd.'
    ("no. 3", "3"),
    ("No 3", "3"),
    ("nr. 3", "3"),
    ("#3", "3"),
    ("cmpd 3c", "3c"),
    ("cmpd. 3c", "3c"),
    # emphasis: the finder dropped every '*', the normaliser only '**', '__' and tags
    ("__3c__", "3c"),
    ("*3c*", "3c"),
    ("3*c", None),
    ("(R*)-3", None),
    # brackets: the finder stripped only round ones ('[3c]' below)
    ("{3c}", "3c"),
    # spaces in the descriptor, the case of a stereo word: only the normaliser
    ("( S )-7", "(S)-7"),
    ("(R, S)-7", "(R,S)-7"),
    ("Rac-3", "rac-3"),
    ("(S)7", "(S)-7"),
    # primes: the finder knew only ' ′ ’
    ("3c″", "3c''"),
    ("3c‴", "3c'''"),
    ("3cʹ", "3c'"),
    ("3c`", "3c'"),
    ("3c‘", "3c'"),
    ("3c´", "3c'"),
    # Roman numerals: the normaliser refused primes and prefixes, the finder took any
    # run of I, V and X, with a suffix letter
    ("II'", "II'"),
    ("(S)-II", "(S)-II"),
    ("IIII", None),
    ("XL", None),
    # the core: the finder took letter prefixes, upper-case suffixes and any number
    ("0", None),
    ("01", None),
    ("1234", None),
    ("2019", None),
    ("4A", None),
    ("3C", None),
    ("1H", None),
    ("L1", None),
    ("abc1", None),
    ("ab12c", None),
    # not one label for either
    ("5·HCl", None),
    ("12a-c", None),
    ("3a~c", None),
]


NOT_IN_RUNNING_TEXT: list[tuple[str, str | None]] = [("[3c]", "3c"), ("<b>3c</b>", "3c")]
"""Forms read alike, but not found in a sentence: there '[3]' is a citation or a locant,
and markup never reaches a sentence (the parsers keep bold runs as `bold_spans`)."""


@pytest.mark.parametrize(("printed", "label"), [*PRINTED_FORMS, *NOT_IN_RUNNING_TEXT])
def test_the_normaliser_and_the_finder_read_a_printed_form_alike(
    printed: str, label: str | None
) -> None:
    assert normalise_label(printed) == label
    parsed = parse_identifier(printed)
    assert (parsed.text if parsed else None) == label


@pytest.mark.parametrize(("printed", "label"), PRINTED_FORMS)
def test_a_printed_form_is_a_label_exactly_when_the_finder_finds_it(
    printed: str, label: str | None
) -> None:
    sentence = f"compound {printed} was made."
    found = [m for m in find_mentions(printed, sentence) if m.kind != "literal"]
    assert bool(found) == (normalise_label(printed) is not None)
    if label is not None:
        assert find_mentions(label, sentence)


@pytest.mark.parametrize(("ocr", "label"), [("Sb", "5b"), ("l2a", "12a"), ("(5)-7", "(S)-7")])
def test_look_alike_repair_is_the_normaliser_s_alone(ocr: str, label: str) -> None:
    assert normalise_label(ocr) == label
    assert parse_identifier(ocr) is None or parse_identifier(ocr).text != label  # type: ignore[union-attr]


@pytest.mark.parametrize("label", sorted({label for _, label in ACCEPTED}))
def test_every_label_the_normaliser_returns_is_canonical_in_the_grammar(label: str) -> None:
    assert is_label(label)
    parsed = parse_identifier(label)
    assert parsed is not None and parsed.text == label
    assert find_mentions(label, f"compound {label} was made.")[0].kind == "exact"


def test_folding_and_decoration() -> None:
    assert fold("3a–3c′″") == "3a-3c'''"
    assert canonical_text("3c´") == "3c'"  # NFKC alone would make it '3c ́'
    assert strip_decoration("  **Compound (3c)**. ") == "3c"
    assert strip_decoration("(S)-(7)") == "(S)-(7)"
    assert read_label("(−)-3") is not None and read_label("(−)-3").text == "(-)-3"  # type: ignore[union-attr]


def test_a_stereo_prefix_starts_a_word() -> None:
    pattern = re.compile(grammar.STEREO_PREFIX + "$")
    assert pattern.search("gave (S)-")
    assert not pattern.search("Pd(S)")
    assert not pattern.search("solvent-")
    assert find_mentions("3", "the solvent-3 mixture") == []


@pytest.mark.parametrize(
    ("text", "members"),
    [
        ("2a–c", ["2a", "2b", "2c"]),
        ("2a-2c", ["2a", "2b", "2c"]),
        ("1~3", ["1", "2", "3"]),
        ("2c–a", None),
        ("2a–3c", None),
        ("65–92", None),
        ("2ab–c", None),
    ],
)
def test_range_members(text: str, members: list[str] | None) -> None:
    found = RANGE.fullmatch(text)
    assert found is not None
    assert range_members(found) == members


def test_the_tilde_joins_a_range_but_means_about_before_a_number() -> None:
    assert [m.text for m in find_mentions("2", "Hosts 1~3 were compared.")] == ["1~3"]
    text = "stirred for ~1 h"
    assert find_mentions("1", text) == []
    assert explain_rejection(text, text.index("1"), text.index("1") + 1) == "value"


def test_doctests() -> None:
    result = doctest.testmod(grammar)
    assert result.attempted >= 4 and result.failed == 0
