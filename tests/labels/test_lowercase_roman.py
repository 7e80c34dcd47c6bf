"""Lowercase Roman numerals label biosynthetic intermediates ('intermediate iv')."""

from __future__ import annotations

import pytest

from chemx.labels import find_mentions, normalise_label, read_label
from chemx.labels.reconcile import variants


@pytest.mark.parametrize("text", ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"])
def test_lowercase_roman_numerals_are_labels(text: str) -> None:
    label = read_label(text)
    assert label is not None and label.text == text
    assert normalise_label(text) == text  # not repaired to '1v', '11'


def test_x_and_non_numerals_are_not() -> None:
    assert read_label("x") is None  # the multiplication sign
    assert read_label("iiv") is None


def test_ocr_readings_of_lowercase_numerals_have_them_as_variants() -> None:
    assert "iv" in variants("1v")
    assert "ii" in variants("1i")
    assert "v" in variants("V")
    assert "3i" not in variants("31")  # only a whole numeral: '3i' may be drawn beside '3l'
    # a numeral's last letter is no footnote mark ('iv' is not 'i' with a footnote 'v')
    assert variants("iv") == ["1v"]
    assert variants("1ba") == ["1b"]


@pytest.mark.parametrize(
    ("label", "text", "named"),
    [
        ("iv", "Reduction of the diol could generate intermediate iv (unit a).", True),
        ("vii", "Finally, vii may undergo acid-catalysed cyclisation.", True),
        ("iv", "The glucosamine (iv). It was dissolved in MeOH.", True),
        ("iv", "One would see (iv) glyclauxin E (6) as an acetylation product.", False),
        ("v", "Here the reaction was run in 1:1 (v/v) MeOH.", False),
    ],
)
def test_lowercase_numerals_in_text_skip_lists_and_abbreviations(
    label: str, text: str, named: bool
) -> None:
    assert bool(find_mentions(label, text)) is named


def test_i_in_an_abbreviation_is_no_mention() -> None:
    assert find_mentions("i", "the less hindered site, i.e. the C2 position") == []
    assert find_mentions("v", "in 1:1 (v/v) MeOH") == []
