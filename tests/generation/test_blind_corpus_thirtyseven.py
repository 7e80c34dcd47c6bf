"""Items found invalid on the thirty-seventh blind corpus.

blind-37 (4′-cyanonucleoside prodrugs, Ni cross-electrophile coupling ligands, EUV
photoacid generators, boronic-ester networks, 5-HT2C agonists) was written by authors
who never saw chemx. Its invalid items left an absolute clause in the stem ("coupled
fastest, the para-ester group accelerating oxidative addition"), cut a data aside in two
("branched ester (clogP 2.9" / "has a higher lipophilicity versus 1.6)"), took a
measured comparison for a mechanism ("was 30-fold weaker than 2a") and dropped an amount
("little monophosphate is released" became "The compound shown is released"), asked
about "it" without saying what it was, and offered an allyl ether's vinyl group beside
the ether as another answer.
"""

from __future__ import annotations

from chemx.generation.catalogue import group_for_feature, groups_named_in
from chemx.generation.extract import Vague, decompose
from chemx.generation.mcq import subject_free_effect
from chemx.qc.stem_grammar import stem_problems
from tests._helpers import decomposed as _decomposed


def test_an_absolute_clause_after_the_effect_names_the_feature_not_the_means_subject() -> None:
    found = _decomposed(
        "Electron-poor aryl bromides such as 2 coupled fastest, the para-ester group "
        "accelerating oxidative addition by lowering the energy of the C–Br σ* orbital."
    )
    assert found.feature == "para-ester group"
    assert found.effect == "Electron-poor aryl bromides such as 2 coupled fastest"
    assert found.mechanism.startswith("accelerates oxidative addition by lowering")


def test_a_pair_explained_by_which_we_attribute_to_is_a_matched_pair() -> None:
    found = _decomposed(
        "Swapping the isopropyl ester of 2a for the 2-ethylbutyl ester of 2b lowered the EC50 "
        "a further 4-fold (0.05 μM), which we attribute to faster passive uptake driven by "
        "the higher lipophilicity of the branched ester (clogP 2.9 versus 1.6)."
    )
    assert found.comparison is not None
    assert (found.comparison.from_label, found.comparison.to_label) == ("2a", "2b")
    assert found.comparison.effect == "lowered the EC50 a further 4-fold"  # no '(0.05 μM'
    assert found.feature == "branched ester"
    assert found.mechanism == "has a higher lipophilicity, giving faster passive uptake"


def test_a_data_aside_before_a_participle_stays_out_of_feature_and_mechanism() -> None:
    found = _decomposed(
        "Going from acid 1 to acylsulfonamide 2a improved the replicon EC50 20-fold, which we "
        "attribute to the higher lipophilicity of the cyclopropyl acylsulfonamide (log D7.4 "
        "2.9 versus 0.8 for 1) giving better penetration into cells."
    )
    assert found.feature == "cyclopropyl acylsulfonamide"
    assert found.mechanism == "has a higher lipophilicity, giving better penetration into cells"


def test_a_measured_comparison_with_another_compound_is_no_mechanism() -> None:
    found = decompose(
        "The D-alanine ester 2d was 30-fold weaker than 2a; cathepsin A, which opens the "
        "carboxylate ester in the first activation step, hydrolyses D-amino acid esters "
        "poorly, and so little monophosphate is released."
    )
    assert isinstance(found, Vague)


def test_an_amount_of_a_substance_is_not_rewritten_as_the_compound_shown() -> None:
    kept = subject_free_effect(
        "little monophosphate is released", "clause", "D-alanine ester", "molecule"
    )
    assert kept == "little monophosphate is released"
    # an amount whose words name the answer cannot be said without it
    assert (
        subject_free_effect("little phosphate ester is released", "clause", "phosphate ester", "x")
        is None
    )
    # a compound's subject still is
    assert subject_free_effect(
        "The phosphate ester 2d was released slowly", "clause", "phosphate ester", "molecule"
    ).startswith("The compound shown")


def test_an_object_pronoun_of_the_predicate_is_an_unresolved_pointer() -> None:
    stem = (
        "The magnesium 5′-alkoxide of the compound shown displaces it selectively at −20 °C. "
        "Which structural feature of the reaction shown most directly explains this effect?"
    )
    assert "unresolved_pointer" in {p.code for p in stem_problems(stem)}
    dummy = "The compound shown made it possible to use less base. Which structural feature?"
    assert "unresolved_pointer" not in {p.code for p in stem_problems(dummy)}


def test_an_allyl_ether_is_an_ether_that_also_names_its_vinyl_group() -> None:
    assert group_for_feature("allyl ether arms").key == "alkyl_ether"  # type: ignore[union-attr]
    assert group_for_feature("allyl group").key == "vinyl"  # type: ignore[union-attr]
    assert group_for_feature("allyl esters").key == "ester"  # type: ignore[union-attr]
    # so the drawing's terminal vinyl group is no distractor beside the allyl ether
    assert "vinyl" in {group.key for group in groups_named_in("allyl ether arms")}
