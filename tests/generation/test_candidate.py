"""One candidate from one evidence block: basis choice, decomposition, provenance."""

from __future__ import annotations

from chemx.generation.backends import TemplateGenerator
from chemx.generation.candidate import (
    BasisLedger,
    EvidenceBlock,
    PaperContext,
    generate_candidate,
)
from chemx.records import (
    Candidate,
    EvidenceSentence,
    ExplanatoryLabel,
    SmilesReading,
)
from tests._helpers import evidence_for, molecule_structure

EFFECT = "However, ortho-substituted anilines 3c and 3d gave the products in lower yields."
BASIS = (
    "This might be due to the less planar o-substituted aniline interfering with the "
    "EDA complex formation."
)


def _block() -> EvidenceBlock:
    reading = SmilesReading(text="Cc1ccccc1NC(=O)c1ccc(OC)cc1Cl", source="osra")
    structure = molecule_structure("aa", "3c", reading)
    basis = EvidenceSentence(
        sentence_id="sen_basis", text=BASIS, origin="identifier", label=ExplanatoryLabel.EXPLANATORY
    )
    evidence = evidence_for(structure, (basis,), credited=("sen_basis",))
    return EvidenceBlock(evidence, structure, b"")


def test_an_anaphoric_basis_is_chosen_and_its_effect_sentence_recorded() -> None:
    paper = PaperContext(
        paper=None,
        sentences=(("sen_effect", EFFECT), ("sen_basis", BASIS)),
    )
    outcome = generate_candidate(_block(), paper, TemplateGenerator(), BasisLedger())
    candidate = outcome.node
    assert isinstance(candidate, Candidate), candidate
    assert candidate.basis_sentence_id == "sen_basis"
    assert candidate.effect_sentence_id == "sen_effect"
    assert "lower yields" in candidate.effect


def test_without_the_sentence_before_an_anaphoric_basis_is_too_vague() -> None:
    paper = PaperContext(paper=None, sentences=(("sen_basis", BASIS),))
    outcome = generate_candidate(_block(), paper, TemplateGenerator(), BasisLedger())
    assert not isinstance(outcome.node, Candidate)
    assert outcome.decisions[-1].reason == "too_vague"


def test_an_anaphoric_basis_after_a_comparison_of_two_compounds_is_too_vague() -> None:
    # the cause is product 20's ortho-methyl; the structure shown is 17, without it
    compared = (
        "An ortho-methyl group gave a lower yield: product 20 was isolated in 59% yield as "
        "compared to compound 3c isolated in 87% yield."
    )
    paper = PaperContext(paper=None, sentences=(("sen_effect", compared), ("sen_basis", BASIS)))
    outcome = generate_candidate(_block(), paper, TemplateGenerator(), BasisLedger())
    assert not isinstance(outcome.node, Candidate)
    assert outcome.decisions[-1].reason == "too_vague"
    assert "20" in outcome.decisions[-1].detail
