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


READING = SmilesReading(text="Cc1ccccc1NC(=O)c1ccc(OC)cc1Cl", source="osra")


def _block(tag: str = "aa", reading: SmilesReading | None = READING) -> EvidenceBlock:
    structure = molecule_structure(tag, "3c", reading)
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


def test_a_sentence_stopped_by_one_drawing_is_given_to_the_next() -> None:
    paper = PaperContext(
        paper=None,
        sentences=(("sen_effect", EFFECT), ("sen_basis", BASIS)),
    )
    ledger = BasisLedger()
    unread = generate_candidate(_block("aa", reading=None), paper, TemplateGenerator(), ledger)
    assert not isinstance(unread.node, Candidate)
    assert unread.decisions[-1].reason == "too_few_features"
    # another drawing of 3c, read well by OSRA, carries the question on the same sentence
    read = generate_candidate(_block("ab"), paper, TemplateGenerator(), ledger)
    assert isinstance(read.node, Candidate), read.decisions[-1]
    assert read.node.basis_sentence_id == "sen_basis"
    # once a drawing carries it, the sentence is taken
    again = generate_candidate(_block("ac"), paper, TemplateGenerator(), ledger)
    assert again.decisions[-1].reason == "duplicate_basis"
