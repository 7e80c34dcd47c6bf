"""Stems and options read on a blind corpus: agreement, leaks, the cause's owner, overlaps.

Each case is a defect found in items built from an independently written corpus before
these rules: "One structural feature raise ...", a stem whose subject named the answer's
group, a question asked on the drawing of a compound the sentence did not give the cause
to, and wrong answers that named the answer's own group.
"""

from __future__ import annotations

from chemx.generation.backends import cause_surroundings
from chemx.generation.extract import Decomposition, decompose
from chemx.generation.feature_names import names_cause
from chemx.generation.features import VisibleFeature, select_other_features
from chemx.generation.mcq import design_frame, option_text, stem_text, subject_free_effect
from chemx.generation.owners import cause_owners, explains_other
from chemx.generation.shown import neutral_effect
from chemx.generation.text import distinctive_stems
from chemx.records import ReasoningType


def test_a_bond_named_by_its_atoms_is_one_word_whichever_dash() -> None:
    assert "n–h" in distinctive_stems("the amide N-H")
    assert distinctive_stems("the amide N–H") == distinctive_stems("the amide N-H")
    assert names_cause("removes an N–H donor from the hinge", "single N–H donor")


def test_the_stem_and_options_agree_with_their_subjects() -> None:
    stem = stem_text(
        "raise the quantum yield ten-fold", "vp", ReasoningType.MECHANISTIC, "molecule"
    )
    assert stem.startswith("One structural feature raises the quantum yield")
    single = option_text("aryl methyl group", "block aryl rotation", "raise the yield", "vp")
    assert single == "The aryl methyl group blocks aryl rotation and thereby raises the yield."
    plural = option_text("two N–H bonds", "is 2.7 Å apart", "raises the yield", "vp")
    assert plural == "The two N–H bonds are 2.7 Å apart and thereby raise the yield."


def test_a_clause_subject_that_names_a_group_leaves_the_stem() -> None:
    effect = "The 2,6-dibromo substituents of 5d almost quenched fluorescence"
    neutral = subject_free_effect(effect, "clause", "heavy bromine atoms", "molecule")
    assert neutral == "The compound shown almost quenched fluorescence"
    kept = "The higher activity of 1c was confirmed in three runs"
    assert subject_free_effect(kept, "clause", "squaramide", "molecule") == kept


def test_the_cause_belongs_to_the_compound_the_sentence_names() -> None:
    text = (
        "The ortho-methyl groups on the meso-aryl ring of 4c raise the quantum yield "
        "relative to 4a by blocking rotation."
    )
    assert cause_owners(text, "ortho-methyl groups on the meso-aryl ring") == ("4c",)
    assert cause_owners("The methoxy group of the ring donates", "methoxy group") == ()
    assert cause_owners("The Boc group of 1 and 2 is cleaved", "Boc group") == ("1", "2")


def test_a_cause_owned_by_a_stereo_labelled_compound_is_not_the_products() -> None:
    # the catalyst's phenyl rings explain the product's ee; asked on the product's
    # drawing the question's answer would not be drawn
    text = (
        "The two geminal phenyl rings of (S)-4 shield one face of the enamine, thereby "
        "directing the nitroalkene to the opposite face and giving 3 in 97% ee."
    )
    reading = decompose(text)
    assert isinstance(reading, Decomposition)
    assert reading.feature == "two geminal phenyl rings"  # not "... of-4"
    assert cause_owners(text, reading.feature) == ("(S)-4",)
    assert explains_other(text, reading, ["3"]) is not None
    assert explains_other(text, reading, ["(S)-4"]) is None
    assert explains_other(text, reading, ["4"]) is None  # the descriptor dropped
    assert explains_other(text, reading, ["(R)-4"]) is not None


def _feature(name: str, key: str | None = None, source: str = "smarts:x") -> VisibleFeature:
    return VisibleFeature(name, key, source if key else "text:s1", key is not None)


def test_features_the_explanation_names_around_its_cause_are_no_wrong_answers() -> None:
    text = "The higher activity of 1c is ascribed to the geometry of the squaramide group: its two N–H bonds are 2.7 Å apart"
    around = cause_surroundings(text, "squaramide group")
    assert "squaramide" in around and "higher activity" not in around  # words just before
    # a cause that names no group refers to one the sentence names: all of it counts
    assert cause_surroundings(text, "two N–H bonds") == text
    candidates = [
        _feature("squaramide group"),
        _feature("trifluoromethyl group", "trifluoromethyl"),
        _feature("tertiary amine", "basic_amine"),
        _feature("cyclohexane ring"),
        _feature("aryl chloride", "aryl_chloride"),
    ]
    chosen = [f.name for f in select_other_features("two N–H bonds", candidates, sentence=around)]
    assert "squaramide group" not in chosen and "trifluoromethyl group" in chosen
    inside = select_other_features("3,4-dichlorobenzyl group", candidates)
    assert "aryl chloride" not in [f.name for f in inside]  # spelled inside the cause's name


def test_a_weakened_action_keeps_the_papers_words_for_the_answer() -> None:
    from chemx.generation.backends import WEAKENED

    # the catalogue's stock phrase for a urea ("donates two N–H hydrogen bonds") would say
    # the opposite of "making it a poorer hydrogen-bond donor"
    assert WEAKENED.search("has a weaker acidity, making it a poorer hydrogen-bond donor")
    assert WEAKENED.search("can no longer donate a hydrogen bond to the hinge")
    assert not WEAKENED.search("donates a hydrogen bond to the hinge")


def test_a_label_after_a_participle_modifier_keeps_the_noun_phrase_whole() -> None:
    # jo2c02309 (CC BY): "the 2-fluorosubstituted product 2n" read "the
    # 2-fluorosubstituted the product shown"
    effect = neutral_effect(
        "Mixtures formed in all cases except the 2-fluorosubstituted product 2n", ["2n"]
    )
    # ... and the modifier that spells the product's group goes too (it hinted the answer)
    assert effect == "Mixtures formed in all cases except the product shown"
    assert neutral_effect("The compound 5 was stable", ["5"]) == "The compound shown was stable"


def test_a_coordinated_feature_takes_a_plural_verb() -> None:
    text = option_text(
        "methoxy group and the triisopropylphenyl ring",
        "crowd the palladium centre",
        "the yield was 41%",
        "clause",
    )
    assert text.startswith("The methoxy group and the triisopropylphenyl ring crowd the")


def test_a_change_as_subject_with_its_label_aside_becomes_the_compound_shown() -> None:
    # indep8 p04: 'positions' after 'the same' is a noun, and 'quenched ... and gave' is
    # one coordinated predicate; the stem read "The starting material positions (the
    # compound shown) quenched ..."
    effect = neutral_effect(
        "Iodination at the same positions (3) quenched the fluorescence almost completely "
        "(ΦF = 0.02) and gave a singlet oxygen quantum yield of 0.79",
        ["3"],
    )
    # the change made the compound shown, so the stem says a change was made (session 53;
    # before, "The compound shown quenched ...", as if the compound quenched something)
    assert subject_free_effect(effect, "clause", "heavy iodine atoms", "molecule") == (
        "One structural change quenched the fluorescence almost completely (ΦF = 0.02) and "
        "gave a singlet oxygen quantum yield of 0.79"
    )


def test_a_process_that_gave_the_compound_leaves_the_effect_of_its_relative_clause() -> None:
    # "N-Benzylation of the piperazine gave 4a, for which no efflux could be detected"
    # read "The starting material gave the compound shown, for which no efflux ..."
    effect = neutral_effect(
        "N-Benzylation of the piperazine gave 4a, for which no efflux could be detected", ["4a"]
    )
    stem = subject_free_effect(effect, "clause", "large hydrophobic benzyl group", "molecule")
    assert stem == "For the compound shown, no efflux could be detected"
    effect = neutral_effect("Benzylation gave 4b, which was 10-fold less active", ["4b"])
    stem = subject_free_effect(effect, "clause", "benzyl group", "molecule")
    assert stem == "The compound shown was 10-fold less active"


def test_a_stem_names_its_compound_without_the_groups_it_bears() -> None:
    # jo2c02309: "the 2-fluorosubstituted product shown" gave away the ortho-substituent
    effect = (
        "The products were formed as mixtures of diastereoisomers in all cases except the "
        "2-fluorosubstituted product 2n, which lacked an axis of chirality"
    )
    assert neutral_effect(effect, ["2n"]) == (
        "The products were formed as mixtures of diastereoisomers in all cases except the "
        "product shown, which lacked an axis of chirality"
    )
    assert neutral_effect("the 4-methoxy analogue 7 was inactive", ["7"]) == (
        "the analogue shown was inactive"
    )
    assert neutral_effect("the parent amide 5 was inactive", ["5"]) == (
        "the parent amide shown was inactive"  # the compound's class noun stays
    )


def test_an_option_agrees_with_its_head_noun_not_the_last_word() -> None:
    # jo2c02448: "The halogens in the para position withdraws electron density"
    text = option_text(
        "halogens in the para position", "withdraw electron density", "higher yields", "np"
    )
    assert text.startswith("The halogens in the para position withdraw electron density")
    single = option_text("bulk of the tert-butyl groups", "shield the ester", "slower", "np")
    assert single.startswith("The bulk of the tert-butyl groups shields the ester")


def test_a_distractor_takes_the_answers_purpose_infinitive_not_a_because_clause() -> None:
    # the answer reads "was placed to block ..."; "was placed because it ..." would give
    # the distractors away by their connective (an option-only classifier learnt it)
    correct = "was placed to block this CYP-mediated oxidation"
    assert (
        design_frame("withdraws electron density", correct, plural=False)
        == "was placed to withdraw electron density"
    )
    assert (
        design_frame("is protonated at physiological pH", correct, plural=True)
        == "were placed to be protonated at physiological pH"
    )
    # a modal has no infinitive: the because-clause stays
    assert (
        design_frame("can chelate the metal", correct, plural=False)
        == "was placed because it can chelate the metal"
    )
    assert (
        design_frame("withdraws electron density", "was chosen because it binds", plural=False)
        == "was chosen because it withdraws electron density"
    )
