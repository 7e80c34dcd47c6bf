"""The caption's evidence combined with the image classifier's (one stated rule)."""

from __future__ import annotations

import pytest

from chemx.visual.caption_evidence import caption_log_odds, decide_class
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
    assert decided.reasons == ("Scheme label",)


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
