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


def _block_of(
    tag: str, label: str, reading: SmilesReading, texts: tuple[tuple[str, str], ...]
) -> tuple[EvidenceBlock, PaperContext]:
    """A block whose credited explanatory sentences are `texts` (id, text), in that order."""
    structure = molecule_structure(tag, label, reading)
    sentences = tuple(
        EvidenceSentence(
            sentence_id=sid, text=text, origin="identifier", label=ExplanatoryLabel.EXPLANATORY
        )
        for sid, text in texts
    )
    evidence = evidence_for(structure, sentences, credited=tuple(sid for sid, _ in texts))
    return EvidenceBlock(evidence, structure, b""), PaperContext(paper=None, sentences=texts)


COUMARIN_5 = "CCN(CC)c1cc2oc(=O)c(Br)c(C)c2cc1OC"
"""A 7-diethylaminocoumarin without a CF3 group (with enough groups for wrong answers)."""
OTHERS_CF3 = (
    "Compound 6 was 9 times more photostable than 5 because the 4-trifluoromethyl group "
    "raises the oxidation potential of the dye."
)
"""A sentence in 5's block that explains 6's CF3 group."""


def test_a_cause_the_drawing_lacks_is_given_to_the_compound_that_has_it() -> None:
    # "6 was 9 times more photostable than 5 ...; we attribute this to the 4-CF3 group":
    # the CF3 is 6's; a question on 5's drawing would name a group the image lacks
    basis_text = (
        "Compound 6 was 9 times more photostable than 5, which differs only at C4, because "
        "the 4-trifluoromethyl group raises the oxidation potential of the dye and slows "
        "electron transfer to oxygen."
    )
    lacking = SmilesReading(text="CCN(CC)c1ccc2c(C)cc(=O)oc2c1", source="osra")
    having = SmilesReading(text="CCN(CC)c1ccc2c(C(F)(F)F)cc(=O)oc2c1", source="osra")
    texts = (("sen_basis", basis_text),)
    block_5, paper = _block_of("ad", "5", lacking, texts)
    block_6, _ = _block_of("ae", "6", having, texts)
    ledger = BasisLedger()
    first = generate_candidate(block_5, paper, TemplateGenerator(), ledger)
    assert not isinstance(first.node, Candidate)
    assert first.decisions[-1].reason == "feature_not_drawn"
    second = generate_candidate(block_6, paper, TemplateGenerator(), ledger)
    assert second.decisions[-1].reason != "duplicate_basis"  # the sentence was given back


def test_a_group_the_paper_names_beside_the_label_but_the_drawing_lacks_is_not_offered() -> None:
    from chemx.generation.candidate import visible_features

    plan = "Efforts to combine the trifluoromethyl group of 3c with a basic amine are ongoing."
    paper = PaperContext(paper=None, sentences=(("sen_plan", plan), ("sen_basis", BASIS)))
    without_amine = SmilesReading(text="FC(F)(F)c1cccc(-c2ccccc2O)c1", source="osra")
    names = {f.name for f in visible_features(_block("af", without_amine), paper, "sen_basis")[0]}
    assert "trifluoromethyl group" in names
    assert not any("amine" in name for name in names)
    unread = {f.name for f in visible_features(_block("ag", None), paper, "sen_basis")[0]}
    assert any("amine" in name for name in unread)  # without a reading nothing is excluded


def _one_sentence_candidate(tag: str, label: str, reading: SmilesReading, text: str) -> Candidate:
    """The candidate of a block whose only credited sentence is `text`."""
    block, paper = _block_of(tag, label, reading, (("sen_basis", text),))
    outcome = generate_candidate(block, paper, TemplateGenerator(), BasisLedger())
    candidate = outcome.node
    assert isinstance(candidate, Candidate) and candidate.options, outcome.decisions[-1]
    return candidate


def test_the_answers_chain_joins_only_single_statements() -> None:
    basis_text = (
        "Dye 3c was 9 times more photostable than 5 because the 4-trifluoromethyl group "
        "raises the oxidation potential of the dye and thereby slows electron transfer to "
        "oxygen."
    )
    reading = SmilesReading(text="CCN(CC)c1ccc2c(C(F)(F)F)cc(=O)oc2c1OC", source="osra")
    candidate = _one_sentence_candidate("ah", "3c", reading, basis_text)
    chained = [o for o in candidate.options if " and thereby slows" in o.mechanism]
    assert len(chained) >= 2  # the wrong answers share the answer's chain
    for option in chained:
        action = option.mechanism.split(" and thereby slows")[0]
        assert " and " not in action and "," not in action, option.mechanism


def test_a_block_passes_over_a_sentence_about_another_drawing() -> None:
    own = (
        "In acetonitrile the quantum yield of 5 collapses to 0.09 because the "
        "7-diethylamino group rotates into a twisted state that decays nonradiatively."
    )
    reading = SmilesReading(text=COUMARIN_5, source="osra")
    block, paper = _block_of("ai", "5", reading, (("sen_other", OTHERS_CF3), ("sen_own", own)))
    ledger = BasisLedger()
    outcome = generate_candidate(block, paper, TemplateGenerator(), ledger)
    assert isinstance(outcome.node, Candidate), outcome.decisions[-1]
    assert outcome.node.basis_sentence_id == "sen_own"
    assert "passed over sen_other" in outcome.decisions[0].detail
    assert "sen_other" not in ledger.used  # still free for compound 6's drawing


def test_a_next_sentence_must_be_about_a_group_the_drawing_shows() -> None:
    # 5's block: its first sentence explains 6's CF3 group (not drawn on 5); its next one
    # names a cause the catalogue cannot place on any drawing, so it is not taken either
    vague = (
        "In acetonitrile the quantum yield of 5 collapses to 0.09 because the bicyclic "
        "ring twists into a state that decays nonradiatively."
    )
    reading = SmilesReading(text=COUMARIN_5, source="osra")
    block, paper = _block_of("aj", "5", reading, (("sen_other", OTHERS_CF3), ("sen_vague", vague)))
    ledger = BasisLedger()
    outcome = generate_candidate(block, paper, TemplateGenerator(), ledger)
    assert not isinstance(outcome.node, Candidate)
    assert outcome.decisions[-1].reason == "feature_not_drawn"
    assert not ledger.used  # both sentences stay free for other drawings


BRETTPHOS = "COc1ccc(OC)c(P(C2CCCCC2)C2CCCCC2)c1-c1c(C(C)C)cc(C(C)C)cc1C(C)C"


def test_no_wrong_answer_explains_the_effect_the_way_the_answer_does() -> None:
    from chemx.generation.mechanism_classes import mechanism_classes

    basis_text = (
        "Ligand L6 gave only 41% of 3a because its methoxy group crowds the palladium "
        "centre and hinders coordination of the secondary amine."
    )
    reading = SmilesReading(text=BRETTPHOS, source="decimer")
    candidate = _one_sentence_candidate("ak", "L6", reading, basis_text)
    wrong = [o for o in candidate.options if o.letter != candidate.answer]
    assert wrong
    for option in wrong:  # cyclohexyl and isopropyl bulk would be second steric answers
        action = option.mechanism.split(" and hinders coordination")[0]
        assert "steric" not in mechanism_classes(action), option.mechanism


def test_a_cause_that_names_no_group_keeps_the_sentences_groups_out_of_the_wrong_answers() -> None:
    # "... except the 2-fluorosubstituted product 2n, which lacked an axis of chirality due
    # to the small size of the ortho-substituent": the ortho-substituent is the fluorine,
    # and "aromatic C–F bond" was offered as a wrong answer beside it
    basis_text = (
        "The products were formed as mixtures of diastereoisomers in all cases except the "
        "2-fluorosubstituted product 2n, which lacked an axis of chirality due to the small "
        "size of the ortho-substituent."
    )
    reading = SmilesReading(text="Cc1ccc(S(=O)(=O)OCC2CN=C(c3ccccc3F)O2)cc1", source="opsin-name")
    candidate = _one_sentence_candidate("al", "2n", reading, basis_text)
    features = {o.feature for o in candidate.options}
    assert "ortho-substituent" in features
    assert not any("C–F" in f or "fluor" in f for f in features), features


def test_an_item_about_one_of_two_compounds_drops_their_values_everywhere() -> None:
    # a CC BY journal sentence: "2d and 2e, albeit in lower yields, 50 and 39%, respectively"
    basis_text = (
        "Electrolysis of electron-rich substrates with isopropyl and methoxy substituents was "
        "also successful and led to the formation of the desired products 2d and 2e, albeit in "
        "lower yields, 50 and 39%, respectively, mostly, due to the easy oxidation of the "
        "aromatic ring of electron-rich arenes."
    )
    reading = SmilesReading(
        text="Cc1ccc(S(=O)(=O)OCC2CN=C(c3ccc(C(C)C)cc3)O2)cc1", source="opsin-name"
    )
    candidate = _one_sentence_candidate("am", "2d", reading, basis_text)
    # cleaned before any generator writes (the LLM generator's options repeat it too)
    assert candidate.effect == "lower yields"
    assert "lower yields" in candidate.stem and "39%" not in candidate.stem
    for option in candidate.options:
        assert "39%" not in option.text, option.text
