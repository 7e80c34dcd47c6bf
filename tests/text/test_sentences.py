"""Sentence splitting on the abbreviations and sentence starts of chemistry prose."""

from __future__ import annotations

import pytest

from chemx.text.sentences import MAYBE_FINAL, NEVER_FINAL, split_sentences


def sentences(text: str) -> list[str]:
    return [text[start:end] for start, end in split_sentences(text)]


NO_BREAK = [
    "As shown by Smith et al. (2000) the yield rose.",
    "Smith et al. reported the first synthesis.",
    "Smith et al. [12] reported the first synthesis.",
    "The product is shown in Fig. 2 and was pure.",
    "The products are shown in Figs. 2 and 3 and were pure.",
    "Using Eq. 3 the rate was computed.",
    "Then 2 equiv. of NaH were added.",
    "The mixture was stirred for ca. 5 min at 0 °C.",
    "Ketone vs. aldehyde selectivity was high.",
    "Polar solvents, e.g. DMF, were used.",
    "Polar solvents, i.e. DMF and DMSO, were used.",
    "The reaction takes approx. 2 h to complete.",
    "This was described in ref. 12 in detail.",
    "This was described in Ref. 12 in detail.",
    "This was described in refs. 12 and 13 in detail.",
    "Compound No. 5 was inactive.",
    "These results, cf. Table 2, are consistent.",
    "The yields were 80 and 90%, resp., after workup.",
    "The mass was calcd. for C10H12O 148.0888 and found 148.0890.",
    "Scheme 1. Synthesis of compounds 3a–3f.",
    "Figure 2. Crystal structure of 4b.",
    "A solution of 1.5 g of 2a in 0.25 M HCl was used.",
    "The 1H NMR signal at δ 7.26 is CHCl3.",
    "See J. Am. Chem. Soc. 2010, 132, 5 for details.",
    "A. B. Smith prepared the catalyst.",
    "The data are on p. 5 and pp. 12–14 of the report.",
    "The mol. wt. was 300 g/mol.",
    "Spectra were recorded at 400 MHz (Bruker Co. Ltd.) in CDCl3.",
    "The process (see Fig. S3) was repeated.",
    "Sigma-Aldrich (St. Louis, MO) supplied the reagents.",
]


@pytest.mark.parametrize("text", NO_BREAK)
def test_does_not_break_inside(text: str) -> None:
    assert sentences(text) == [text]


BREAKS = [
    ("The yield was 85%. The product was pure.", ["The yield was 85%.", "The product was pure."]),
    (
        "Ester 2a was obtained. 3c was then formed.",
        ["Ester 2a was obtained.", "3c was then formed."],
    ),
    (
        "It was heated. 5 mg of catalyst was added.",
        ["It was heated.", "5 mg of catalyst was added."],
    ),
    ("It was heated. (a) Cooling followed.", ["It was heated.", "(a) Cooling followed."]),
    ('It was heated. "Quenching" followed.', ["It was heated.", '"Quenching" followed.']),
    ("It was heated. “Quenching” followed.", ["It was heated.", "“Quenching” followed."]),
    ("Why did it fail? The catalyst was dead.", ["Why did it fail?", "The catalyst was dead."]),
    ("It worked! The yield was 99%.", ["It worked!", "The yield was 99%."]),
    ("It worked! 2b formed too.", ["It worked!", "2b formed too."]),
    # units, acronyms and "et al." can end a sentence before an ordinary capitalised word
    (
        "It was warmed over 2 h. Kinase assays followed.",
        ["It was warmed over 2 h.", "Kinase assays followed."],
    ),
    (
        "Cells took it up within 15 min. Stock solutions were kept cold.",
        ["Cells took it up within 15 min.", "Stock solutions were kept cold."],
    ),
    (
        "It was determined by MALDI-TOF MS. Subsequent labelling worked.",
        ["It was determined by MALDI-TOF MS.", "Subsequent labelling worked."],
    ),
    (
        "Decomposition was noted by Aziz et al. Solubility was low.",
        ["Decomposition was noted by Aziz et al.", "Solubility was low."],
    ),
    (
        "Conditions as in J. Am. Chem. Soc. Results followed.",
        ["Conditions as in J. Am. Chem. Soc.", "Results followed."],
    ),
    (
        "It was dried over MgSO4. n-BuLi was added.",
        ["It was dried over MgSO4.", "n-BuLi was added."],
    ),
    ("It was dried. tBuOK was added.", ["It was dried.", "tBuOK was added."]),
    ("It was dried. pH was set to 7.", ["It was dried.", "pH was set to 7."]),
    (
        "The shift was δ 7.26. The next peak was broad.",
        ["The shift was δ 7.26.", "The next peak was broad."],
    ),
    ("Peaks: δ 7.26 (s, 1H). δ 3.10 (t, 2H).", ["Peaks: δ 7.26 (s, 1H).", "δ 3.10 (t, 2H)."]),
    ("Smith et al. The work was repeated.", ["Smith et al.", "The work was repeated."]),
    ("We used 2 equiv. However, it failed.", ["We used 2 equiv.", "However, it failed."]),
    (
        "The result is in ring A. The other rings are planar.",
        ["The result is in ring A.", "The other rings are planar."],
    ),
    (
        "This is shown in Scheme 1. Compound 2 was made.",
        ["This is shown in Scheme 1.", "Compound 2 was made."],
    ),
    (
        "This is shown in Fig. 2. 4a was made next.",
        ["This is shown in Fig. 2.", "4a was made next."],
    ),
    ("It is shown (Fig. 2c). 4a was made next.", ["It is shown (Fig. 2c).", "4a was made next."]),
    (
        "Stirring continued (2 h.) Then it was filtered.",
        ["Stirring continued (2 h.)", "Then it was filtered."],
    ),
    (
        "The α-pinene was pure. α-Pinene boils at 155 °C.",
        ["The α-pinene was pure.", "α-Pinene boils at 155 °C."],
    ),
    ("Made in the U.S.A. The rest was imported.", ["Made in the U.S.A.", "The rest was imported."]),
    ("One. Two. Three.", ["One.", "Two.", "Three."]),
]


@pytest.mark.parametrize(("text", "expected"), BREAKS)
def test_breaks_between_sentences(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_offsets_are_stripped_and_index_the_text() -> None:
    text = "  First one.   Second one.  "
    spans = split_sentences(text)
    assert spans == [(2, 12), (15, 26)]
    assert [text[start:end] for start, end in spans] == ["First one.", "Second one."]


def test_lower_case_after_a_period_continues_the_sentence() -> None:
    assert sentences("The approx value was found. and then more.") == [
        "The approx value was found. and then more."
    ]


def test_question_mark_before_lower_case_does_not_break() -> None:
    assert sentences("Which one (the first?) was used.") == ["Which one (the first?) was used."]


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_blank_text_has_no_sentences(text: str) -> None:
    assert split_sentences(text) == []


def test_text_without_final_punctuation_is_one_sentence() -> None:
    assert sentences("A caption without a period") == ["A caption without a period"]


def test_only_whitespace_lies_between_sentences() -> None:
    text = "First (Fig. 1). Second et al. (2000).  Third? Fourth! 5a formed.\n"
    spans = split_sentences(text)
    assert len(spans) == 5
    cursor = 0
    for start, end in spans:
        assert text[cursor:start].strip() == ""
        assert start < end
        cursor = end
    assert text[cursor:].strip() == ""


def test_abbreviation_lists_are_lower_case_and_end_with_a_period() -> None:
    for abbreviation in NEVER_FINAL | MAYBE_FINAL:
        assert abbreviation == abbreviation.lower()
        assert abbreviation.endswith(".")
    assert not NEVER_FINAL & MAYBE_FINAL


def test_a_citation_glued_to_the_period_ends_the_sentence() -> None:
    # JATS <sup><xref ref-type="bibr">7</xref></sup> flattens to "dissolution.7 By"
    text = (
        "HF drives transition-metal dissolution.7 By contrast, TTFP had little effect. "
        "Cells degrade at elevated temperature.1,2 Degradation starts at both electrodes."
    )
    assert sentences(text) == [
        "HF drives transition-metal dissolution.7",
        "By contrast, TTFP had little effect.",
        "Cells degrade at elevated temperature.1,2",
        "Degradation starts at both electrodes.",
    ]


def test_a_bracketed_citation_after_the_period_ends_the_sentence() -> None:
    # blind-51: "... produced less than a threefold response.[7] Probe 3 did not ..."
    text = (
        "Glutathione produced less than a threefold response.[7] Probe 3 did not respond. "
        "This is well known.[3, 4] The rest followed."
    )
    assert sentences(text) == [
        "Glutathione produced less than a threefold response.[7]",
        "Probe 3 did not respond.",
        "This is well known.[3, 4]",
        "The rest followed.",
    ]


def test_a_decimal_before_a_capitalised_word_is_not_a_citation() -> None:
    text = "The coupling was 3.7 Hz and the shift 2.5 Hz. The rest followed."
    assert sentences(text) == [
        "The coupling was 3.7 Hz and the shift 2.5 Hz.",
        "The rest followed.",
    ]


def test_a_capital_unit_after_a_number_ends_the_sentence() -> None:
    # blind-31: "... plateaus at 2.45 and 2.25 V. PTCDA 5 showed ..." was one sentence,
    # "V." read as an initial; an initial follows a word, never a number
    text = "Plateaus were seen at 2.25 V. PTCDA 5 kept 72% at 5 C. See J. Smith for data."
    assert sentences(text) == [
        "Plateaus were seen at 2.25 V.",
        "PTCDA 5 kept 72% at 5 C.",
        "See J. Smith for data.",
    ]
