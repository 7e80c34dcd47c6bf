"""The caption's evidence combined with the image classifier's (one stated rule)."""

from __future__ import annotations

import pytest

from chemx.visual.caption_evidence import (
    DRAWN_STRUCTURES_WEIGHT,
    LABEL_WEIGHT,
    NON_STRUCTURE_WORDS_WEIGHT,
    STRUCTURE_WORDS_WEIGHT,
    caption_evidence,
    caption_log_odds,
    decide_class,
    drawn_structures_could_decide,
)
from chemx.visual.classes import FigureClass

UNSURE = {
    "single_molecule": 0.05,
    "multiple_molecules": 0.10,
    "reaction_scheme": 0.20,
    "non_chemistry": 0.65,
}


def test_a_scheme_label_makes_an_unsure_image_chemistry_with_its_own_class() -> None:
    decided = decide_class(UNSURE, "Scheme 2", "Substrate Scope of the Coupling")
    assert decided.figure_class is FigureClass.REACTION_SCHEME  # the image's top chemistry
    assert decided.scores["p_chemistry_image"] == pytest.approx(0.35)
    assert decided.scores["p_chemistry"] > 0.9
    assert decided.reasons == ("Scheme label", "structure words: Scope")
    assert decided.scores["caption_log_odds"] == 7.0


def test_words_naming_a_non_structure_picture_keep_it_out() -> None:
    confident = {**UNSURE, "non_chemistry": 0.3, "reaction_scheme": 0.55}
    decided = decide_class(confident, "Figure 4", "ECD spectra of 1 and 2 (calculated and found).")
    assert decided.figure_class is FigureClass.NON_CHEMISTRY
    assert decided.reasons == ("non-structure words: ECD, spectra",)


def test_without_evidence_the_image_decides() -> None:
    assert decide_class(UNSURE, "Figure 1", "Compounds studied here.").figure_class is (
        FigureClass.NON_CHEMISTRY
    )
    odds, reasons = caption_log_odds(None, "")
    assert (odds, reasons) == (0.0, ())


def test_chemistry_words_carry_no_weight() -> None:
    """They also caption biology figures of chemistry papers ("G protein coupling")."""
    assert caption_log_odds("Fig. 6", "G protein coupling of adenosine receptors.")[0] == 0.0


def test_a_graphical_abstract_leans_to_chemistry_less_than_a_scheme() -> None:
    scheme, _ = caption_log_odds("Scheme 1", "")
    toc, reasons = caption_log_odds("Graphical abstract", "")
    assert 0 < toc < scheme
    assert reasons == ("graphical abstract",)


@pytest.mark.parametrize(
    ("label", "caption", "words"),
    [
        ("Figure 5", "ECD spectra of 1 (exptl) and (7S)-1 (calcd).", "ECD, spectra"),
        ("Figure 3", "UV-vis absorption and IR spectra of the EDA complex.", "IR, UV-vis"),
        ("Figure 4", "X-ray crystal structure of 3h (thermal ellipsoids at 50%).", "X-ray"),
        ("Figure 2", "ORTEP diagram of 1.", "ORTEP"),
        ("Figure 6", "Crystal packing of 2 viewed along the b axis.", "Crystal packing"),
        ("Figure 2", "Dose–response curves of CF101 at A3AR.", "Dose–response"),
        ("Figure 7", "Docking pose of 5 in the ATP site.", "Docking"),
        ("Figure 4", "DFT energy profile of the C–H activation.", "DFT"),
        ("Figure 5", "Calculated geometries of TS1 and TS2.", "Calculated geometries"),
        ("Figure 3", "1H NMR spectra of 2 in CDCl3.", "spectra"),
        ("Fig. 5", "Superposition of active A3AR complexes (gray, PDB ID 4EIY).", "Superposition"),
        ("Fig. 4", "Conformational changes of helices 6 and 7.", "Conformational changes"),
        ("Fig. 3", "Key residues in the binding pocket shown as cartoons.", "residues"),
        (
            "Figure 4",
            "Activity of NOS enzymes. Bars represent means ± 95% confidence intervals.",
            "Bars represent",
        ),
        ("Figure 6", "Cell counts; error bars show SD, one-way ANOVA.", "ANOVA"),
    ],
)
def test_words_naming_spectra_crystals_assays_and_models_count_against(
    label: str, caption: str, words: str
) -> None:
    evidence = caption_evidence(label, caption)
    assert evidence.non_structure_odds == NON_STRUCTURE_WORDS_WEIGHT
    assert evidence.structure_odds == evidence.label_odds == 0.0
    assert words.split(", ")[0] in evidence.reasons[0]


@pytest.mark.parametrize(
    "caption",
    [
        "Table 2. Scope of Benzofuropyridines",
        "Table 1. Optimization of the Reaction Conditions",
        "Table 3. SAR of the 4-aminoquinoline series",
        "Table 1. Structure–activity relationships of 1–12",
        "Figure 1. Structures of 1 and 2.",
        "Figure 1. Chemical structures of adenosine, CF101 and CF102.",
        "Figure 2. 1H−1H COSY and key HMBC correlations of 1.",
        "Figure 2. 2D NMR (DMSO-d6) correlations for glyclauxins B−E (3−6).",
    ],
)
def test_a_table_or_figure_of_drawn_structures_counts_for(caption: str) -> None:
    evidence = caption_evidence(caption.split(".")[0], caption)
    assert evidence.structure_odds == STRUCTURE_WORDS_WEIGHT > 0
    assert evidence.non_structure_odds == 0.0
    # a table the image finds unsure (p_non 0.8) is kept as chemistry
    unsure_table = {**UNSURE, "non_chemistry": 0.8, "reaction_scheme": 0.15}
    assert decide_class(unsure_table, "Table 2", caption).figure_class is (
        FigureClass.REACTION_SCHEME
    )


def test_a_caption_naming_both_leaves_the_decision_to_the_image() -> None:
    caption = "Cryo-EM structures of the complexes. a Chemical structures of CF101 and CF102."
    evidence = caption_evidence("Fig. 1", caption)
    assert evidence.log_odds == 0.0
    assert len(evidence.reasons) == 2
    confident = {**UNSURE, "non_chemistry": 0.2, "multiple_molecules": 0.6}
    decided = decide_class(confident, "Fig. 1", caption)
    assert decided.figure_class is FigureClass.MULTIPLE_MOLECULES
    assert decided.scores["p_chemistry"] == pytest.approx(0.8)


def test_a_scheme_label_outweighs_an_ortep_inset() -> None:
    odds, reasons = caption_log_odds("Scheme 5", "Gram-Scale Reaction and the X-Ray ORTEP of 3h")
    assert odds == LABEL_WEIGHT + NON_STRUCTURE_WORDS_WEIGHT > 0
    assert reasons == ("Scheme label", "non-structure words: ORTEP, X-Ray")


def test_the_scores_record_the_image_and_each_part_of_the_caption() -> None:
    decided = decide_class(UNSURE, "Table 1", "Scope of alkyl acetates; GC yield plots.")
    scores = decided.scores
    assert {k: scores[k] for k in UNSURE} == UNSURE
    assert scores["caption_label"] == 0.0
    assert scores["caption_structure_words"] == STRUCTURE_WORDS_WEIGHT
    assert scores["caption_non_structure_words"] == NON_STRUCTURE_WORDS_WEIGHT
    assert scores["caption_log_odds"] == 0.0
    assert scores["p_chemistry"] == scores["p_chemistry_image"] == pytest.approx(0.35)


def test_bare_chemistry_and_biology_words_carry_no_weight() -> None:
    for caption in (
        "A3AR activation mechanism.",
        "Reusability of the Au/ZrO2 catalyst for C-Si bond formation.",
        "Substrates of the enzyme and the microscope used.",
    ):
        evidence = caption_evidence("Figure 1", caption)
        assert evidence.structure_odds == 0.0, caption


def test_a_pressure_in_bar_is_no_bar_chart() -> None:
    evidence = caption_evidence("Figure 2", "Hydrogenation of 3 under H2 (50 bar) gave 4a.")
    assert evidence.non_structure_odds == 0.0


def test_three_ring_structures_read_in_the_figure_carry_an_unsure_rejection() -> None:
    unsure = {**UNSURE, "non_chemistry": 0.95, "reaction_scheme": 0.05}
    before = decide_class(unsure, "Figure 1", "Overview of the approach.")
    assert before.figure_class is FigureClass.NON_CHEMISTRY
    assert drawn_structures_could_decide(before)
    after = decide_class(unsure, "Figure 1", "Overview of the approach.", drawn_structures=3)
    assert after.figure_class is FigureClass.MULTIPLE_MOLECULES  # the image's best of three
    assert after.scores["ocsr_log_odds"] == DRAWN_STRUCTURES_WEIGHT
    assert any("3 ring structures" in reason for reason in after.reasons)
    fewer = decide_class(unsure, "Figure 1", "Overview of the approach.", drawn_structures=2)
    assert fewer.figure_class is FigureClass.NON_CHEMISTRY
    assert fewer.scores["ocsr_log_odds"] == 0.0


def test_drawn_structures_are_not_read_where_they_cannot_change_the_verdict() -> None:
    sure = {**UNSURE, "non_chemistry": 0.999, "reaction_scheme": 0.001}
    assert not drawn_structures_could_decide(decide_class(sure, "Figure 3", "ECD spectra of 3."))
    assert not drawn_structures_could_decide(decide_class(UNSURE, "Scheme 1", "Synthesis of 3."))
