"""Readings and wordings found wrong on a fifth blind corpus (oxazolidinones, azobenzenes,
Pd amination, quinone negolytes).

Each case is a defect of an item built before these rules: a stem with two "the compound
shown", "1,4-benzoquinone the compound shown", an answer about another compound's groups,
an effect that ended "; this", a stem "The observed outcome is this loss of activity", a
gerund glued to the feature, a comma splice after a 'when'-clause, a dangling 'there', and
wrong answers that named the answer's own group by its class.
"""

from __future__ import annotations

from chemx.generation import GenerationContext
from chemx.generation.backends import TemplateGenerator
from chemx.generation.catalogue import group_for_feature, groups_named_in, matched_keys
from chemx.generation.clauses import predicate_start, tokenise
from chemx.generation.extract import Decomposition, Vague, decompose
from chemx.generation.feature_names import same_feature
from chemx.generation.mcq import subject_free_effect
from chemx.generation.owners import cause_owners
from chemx.generation.register import inflect, without_labels
from chemx.generation.shown import neutral_effect
from tests._helpers import molecule_structure, one_sentence_context


def test_a_reactant_subject_becomes_the_starting_material_beside_the_compound_shown() -> None:
    effect = neutral_effect("Electron-poor 4-bromobenzonitrile reacted in 2 h to give 7c", ["7c"])
    stem = subject_free_effect(effect, "clause", "cyano group", "molecule")
    assert stem == "The starting material reacted in 2 h to give the compound shown"
    effect = neutral_effect("With KOtBu, ethyl 4-bromobenzoate gave only 30% of 7d", ["7d"])
    stem = subject_free_effect(effect, "clause", "ethyl ester", "molecule")
    assert stem == "With KOtBu, the starting material gave only 30% of the compound shown"


def test_a_systematic_name_goes_with_its_label() -> None:
    effect = neutral_effect("is reduced 0.1 V later than 1,4-naphthoquinone 5", ["5"])
    assert effect == "is reduced 0.1 V later than the compound shown"
    assert neutral_effect("Coumarin 1 is brighter", ["1"]) == "the coumarin shown is brighter"


def test_the_owner_named_inside_the_cause_is_found() -> None:
    text = "The two methyl groups of thymoquinone 6 lower E° as they raise the LUMO"
    assert cause_owners(text, "two methyl groups of thymoquinone 6") == ("6",)
    assert cause_owners("the methyl groups of the ring raise E°", "methyl groups") == ()


def test_a_pointer_left_after_a_semicolon_leaves_the_effect() -> None:
    found = decompose(
        "Replacing the amide of 3 by the ester of 8 halved the potency; this may be because "
        "the ester carbonyl cannot donate the hydrogen bond that the amide N–H gives."
    )
    assert isinstance(found, Decomposition)
    assert found.effect == "halved the potency"
    assert found.comparison is not None
    assert not found.comparison.change.endswith(" of")


def test_an_effect_that_names_the_previous_observation_takes_that_sentence() -> None:
    sentence = (
        "We attribute this drop in potency to the 4-chloro substituent of 2 withdrawing "
        "electron density from the ring, which weakens its stacking with the tyrosine."
    )
    previous = "Removing the 4-chloro substituent, as in 9, cost ten-fold in potency."
    found = decompose(sentence, previous)
    assert isinstance(found, Decomposition)
    assert found.effect_from_previous
    assert found.feature == "4-chloro substituent"
    assert found.mechanism.startswith("withdraws electron density from the ring, which weakens")
    alone = decompose(sentence)
    assert isinstance(alone, Vague) and alone.reason == "no_effect"


def test_an_intransitive_past_before_below_is_the_verb() -> None:
    found = decompose(
        "Reduction of 4 over Raney nickel stalled below 5% conversion, presumably because "
        "the thiophene sulfur poisons the catalyst surface."
    )
    assert isinstance(found, Decomposition)
    assert found.effect_form == "clause"


def test_a_subject_resumed_after_a_when_clause_gives_the_main_predicate() -> None:
    found = decompose(
        "With LiOH, 2c gave only 15% yield: when the tert-butyl ester is heated with the "
        "hydroxide, it is cleaved to the carboxylate, which binds the palladium."
    )
    assert isinstance(found, Decomposition)
    assert found.feature == "tert-butyl ester"
    assert found.mechanism == "is cleaved to the carboxylate, which binds the palladium"


def test_a_there_that_pointed_at_a_removed_locant_goes_with_it() -> None:
    mechanism = without_labels("is electron-poor at C4 and is attacked there by water", [])
    assert mechanism == "is electron-poor and is attacked by water"
    kept = without_labels("leaves a gap where there is no acceptor", [])
    assert kept == "leaves a gap where there is no acceptor"


def test_an_aside_left_by_a_removed_label_takes_its_commas() -> None:
    mechanism = without_labels("cannot form the phenolate that, in 3, pushes charge", [])
    assert mechanism == "cannot form the phenolate that pushes charge"


def test_a_group_named_by_position_or_by_ring_is_its_class() -> None:
    assert same_feature("ortho-amino group", "primary aromatic amine (NH2)")
    assert same_feature("anthracene core", "fused polycyclic arene")
    assert not same_feature("ortho-amino group", "fused polycyclic arene")


def test_a_sulfonyl_group_drawn_as_a_sulfonic_acid_is_drawn() -> None:
    keys = set(matched_keys("O=C1c2ccc(S(=O)(=O)O)cc2C(=O)c2ccccc21"))
    assert "sulfonic_acid" in keys
    named = {group.key for group in groups_named_in("electron-withdrawing sulfonyl groups")}
    assert "sulfonic_acid" in named
    assert group_for_feature("sulfonic acid group") is not None


def test_an_observation_that_reflects_a_structure_is_explained_by_it() -> None:
    found = decompose(
        "The lower yield with L3 reflects its smaller 2',6'-diisopropoxyphenyl ring, which "
        "shields palladium less."
    )
    assert isinstance(found, Decomposition)
    assert found.feature == "smaller 2',6'-diisopropoxyphenyl ring"
    assert found.mechanism == "shields palladium less"
    consistent = decompose(
        "Piperidine 5b was three times as potent as the parent; this is consistent with the "
        "piperidine ring raising lipophilicity and so improving uptake."
    )
    assert isinstance(consistent, Decomposition)
    assert consistent.feature == "piperidine ring"
    assert consistent.mechanism.startswith("raises lipophilicity")
    assert isinstance(decompose("The UV spectrum of 3 reflects the purity of the sample."), Vague)


def test_the_loss_of_a_group_is_no_mechanism_of_that_group() -> None:
    found = decompose(
        "This weaker inhibition probably reflects the loss of the amide carbonyl, which "
        "accepts a hydrogen bond from Tyr326."
    )
    assert isinstance(found, Vague)


def test_a_plural_feature_takes_a_base_form_that_is_also_a_noun() -> None:
    found = decompose(
        "At pH 13, 7 is reduced at −0.61 V, which we ascribe to its electron-donating "
        "methoxy groups feeding electron density into the quinone ring."
    )
    assert isinstance(found, Decomposition)
    assert found.feature == "electron-donating methoxy groups"
    assert found.mechanism == "feed electron density into the quinone ring"


def test_an_effect_whose_subject_is_the_previous_change_is_refused() -> None:
    found = decompose(
        "The same change lowered solubility from 2.0 to 0.4 mg/mL because the thioether "
        "sulfur of 6a is a poorer hydrogen-bond acceptor than oxygen."
    )
    assert isinstance(found, Vague) and found.reason == "no_effect"


def test_a_gerund_subject_finds_its_verb_after_an_aside() -> None:
    tokens = tokenise("Removing the 4-chloro substituent, as in 9, cost ten-fold in potency")
    assert tokens[predicate_start(tokens) or 0].text == "cost"
    tokens = tokenise("Removing the group, as in 5, cost four-fold against both strains")
    assert tokens[predicate_start(tokens) or 0].text == "cost"


def _pair_context(label: str) -> GenerationContext:
    sentence = (
        "Replacing the hydroxyl groups of 3 by the ether-linked acid chains of 9 cut the fade "
        "rate 40-fold, because the aryl ether linkages cannot form the phenolate."
    )
    return one_sentence_context(molecule_structure("dd", label), sentence)


def test_a_changes_result_is_not_asked_on_the_compound_it_was_made_from() -> None:
    result = TemplateGenerator().decompose(_pair_context("3"))
    assert result.fields is None
    assert result.reason == "feature_not_drawn"
    assert "makes 9" in result.detail
    assert TemplateGenerator().decompose(_pair_context("9")).reason != "feature_not_drawn"


def test_a_cause_that_inverts_subject_and_verb_is_not_read() -> None:
    found = decompose(
        "Substitution of 2,4-difluoronitrobenzene 5 with morpholine was regioselective, because "
        "only for the fluorine para to the nitro group does attack place the charge on it."
    )
    assert isinstance(found, Vague)


def test_a_lent_base_form_agrees_with_a_single_group() -> None:
    assert inflect("feed electron density into the quinone ring", plural=False) == (
        "feeds electron density into the quinone ring"
    )
    assert inflect("feed electron density", plural=True) == "feed electron density"
    # a base form that is its own past tense may be a past tense: it stays
    assert inflect("cut the fade rate 40-fold", plural=False) == "cut the fade rate 40-fold"
