"""Line-break hyphens: typesetting hyphens go, real ones stay."""

from __future__ import annotations

import pytest

from chemx.sources._pdf_hyphens import Vocabulary, is_suspended, keep_hyphen

PAPER = Vocabulary(
    [
        "The stereoselective step used one-pot conditions.",
        "A co-workers note.",
    ]
)


@pytest.mark.parametrize(
    ("before", "after", "kept"),
    [
        ("pyri", "dine", False),  # a syllable break in a chemical name
        ("me", "thoxymethyl", False),
        ("intra", "molecular", False),  # the joined word is a word
        ("benzofuro", "[2,3-b]pyridine", False),  # fused-ring nomenclature runs on
        ("(azidomethyl)", "benzene", False),  # a substituent prefix runs on
        ("stereo", "selectively", False),  # the paper writes the stem whole
        ("trans", "formations", False),  # a prefix word, but the join is a word
        ("2,5", "difluoropyridine", True),  # a locant
        ("N", "methyl", True),  # an element or one-letter prefix
        ("p", "terphenyl", True),
        ("1(2H)", "isoquinolinone", True),  # indicated hydrogen
        ("tert", "butyl", True),
        ("one", "pot", True),
        ("electron", "withdrawing", True),  # two words whose join is none
        ("ethynyl", "substituted", True),  # a compound adjective
        ("diastereo", "and", True),  # a suspended hyphen
        ("co", "workers", True),  # the paper writes "co-workers"
        ("A3AR", "CF101", True),  # the next part opens with a capital
    ],
)
def test_keep_or_drop(before: str, after: str, kept: bool) -> None:
    assert keep_hyphen(before, after, PAPER) is kept


def test_a_suspended_hyphen_keeps_its_space() -> None:
    assert is_suspended("and")
    assert not is_suspended("withdrawing")
