"""Misreadings found on a forty-eighth blind corpus (fluoroquinolones, prolinamide
organocatalysts, BODIPY dyes, sulfonylurea herbicides, photoinitiators).

Written by an author who never saw the decomposition; built at base and at the commit
frozen after blind-47 (1889cb8) before its items were read, with the same 15 items both
times. The rules below come from its invalid items: compounds named by their labels read
as the feature, a subject clause ("That 1b is ...") kept as a fragment, another
compound's reference value in a data aside, an N-bound ring named with '-o'
('morpholino'), a 'with' phrase that describes another noun of the sentence, and a stem
that names the answer's group as the subject of its clause.
"""

from __future__ import annotations

from chemx.generation.catalogue import group_for_feature, groups_inside_name
from chemx.generation.clauses import predicate_start, tokenise
from chemx.generation.elements import acts_on_same_bond
from chemx.generation.extract import Decomposition, Vague, decompose
from chemx.generation.feature_names import restates_name, spelled_out
from chemx.generation.features import select_other_features, structure_features
from chemx.generation.mcq import subject_free_effect
from chemx.generation.paper_features import text_features
from chemx.generation.shown import without_unseen_references
from tests._helpers import template_answer, template_mcq, template_written


def test_compounds_named_by_their_labels_are_no_feature() -> None:
    found = decompose(
        "The 8-methoxy compounds 2a–2c all showed photo-irritation factors below 2, the "
        "electron-donating methoxy group stabilising the excited state against C8 "
        "fragmentation."
    )
    assert isinstance(found, Vague) and "whole compounds" in found.detail


def test_a_subject_clause_is_the_observation() -> None:
    found = decompose(
        "That 1b is still moderately selective is consistent with its acidic N–H binding the "
        "nitro group, which is a much weaker hydrogen-bond acceptor than an aldehyde carbonyl."
    )
    assert isinstance(found, Decomposition)
    assert found.effect == "1b is still moderately selective"
    assert found.feature == "acidic N–H"


def test_another_compounds_value_in_an_aside_leaves_the_stem() -> None:
    assert without_unseen_references(
        "extended the plasma half-life to 4.1 h (1.9 h for 2a)", ["2a"]
    ) == ("extended the plasma half-life to 4.1 h")
    # a bare label in brackets names the compound its clause is about: not cut
    effect = "3 was active, whereas the dimethyl analogue (2a) was inactive"
    assert without_unseen_references(effect, ["2a"]) == effect


def test_an_n_bound_ring_named_with_o_is_the_ring() -> None:
    for name, key in (("para-morpholino donor", "morpholine"), ("piperidino group", "piperidine")):
        group = group_for_feature(name)
        assert group is not None and group.key == key


def test_a_with_phrase_describes_the_noun_before_it() -> None:
    sentence = (
        "We compared the α-aminoketone 4, three acylphosphorus initiators and a "
        "thioxanthone/amine pair with a new one-component thioxanthone, using real-time FTIR."
    )
    assert [f.name for f in text_features([("s1", sentence)], ["4"])] == []


def test_a_group_as_the_subject_after_the_compound_is_made_neutral() -> None:
    effect = (
        "In the compound shown, the 2,4-difluorophenyl group at N1 raises activity against "
        "Acinetobacter baumannii four-fold"
    )
    assert subject_free_effect(effect, "clause", "aryl ring", "molecule") == (
        "In the compound shown, one structural feature raises activity against Acinetobacter "
        "baumannii four-fold"
    )
    plain = "In the compound shown, the yield fell to 20%"
    assert subject_free_effect(plain, "clause", "aryl ring", "molecule") == plain


def test_a_substituent_prefix_inside_a_name_is_its_group() -> None:
    assert {"alcohol", "phenol"} <= set(groups_inside_name("hydroxyethoxy"))
    assert "alcohol" in spelled_out("terminal hydroxyethoxy group", None)
    assert groups_inside_name("oxolane") == set()  # 'oxo' is no prefix here


def test_an_unplaced_cause_keeps_its_kind_out_of_the_wrong_answers() -> None:
    prolinamide = "O=C(Nc1ccc(cc1)[N+](=O)[O-])[C@@H]1CCCN1"
    names = [
        f.name for f in select_other_features("acidic N–H", structure_features(prolinamide), 8)
    ]
    assert "anilide N–H" not in names  # which N–H is "the acidic N–H"?
    quinolone = "O=C(O)C1=CN(c2ccc(F)cc2F)c2cc(N3CCNCC3)c(F)cc2C1=O"
    visible = structure_features(quinolone)
    names = [f.name for f in select_other_features("aryl ring", visible, 8, smiles=quinolone)]
    assert not any("benzene" in n or "phenyl" in n for n in names)  # which aryl ring?
    assert "piperazine ring" in names  # not an aryl ring


def test_one_compound_named_by_its_feature_is_still_read() -> None:
    # blind-27: only plural compound nouns with labels are whole compounds
    found = decompose(
        "The P1 difluoromethyl analogue 5 was as potent as 2b but far more stable in human "
        "liver microsomes (CLint 12 versus 48 μL min−1 mg−1), as it lacks the olefin that "
        "CYP3A4 oxidizes to the epoxide, the main metabolite of 2b."
    )
    assert not (isinstance(found, Vague) and "whole compounds" in found.detail), found


BODIPY_3 = "CC1=[N+]2C(=C(c3ccccc3)c3ccc(C)n3[B-]2(F)F)C=C1"
STYRYL_4A = "COc1ccc(/C=C/c2cc(C)c3n2[B-](F)(F)[N+]2=C(C)C=C(C)C2=C3c2ccccc2)cc1"
CHLORIMURON = "CCOC(=O)c1ccccc1S(=O)(=O)NC(=O)Nc1nc(Cl)cc(OC)n1"


def test_a_noun_head_before_a_label_and_its_verb_ends_a_gerund_subject() -> None:
    sentence = (
        "Omitting the 1,7-methyl groups (3) reduces ΦF to 0.05 and the lifetime to 0.4 ns, "
        "because without these groups the meso phenyl ring can rotate towards coplanarity "
        "with the dipyrrin core, a motion that buckles the core and opens a fast "
        "non-radiative decay channel."
    )
    tokens = tokenise(sentence)
    assert tokens[predicate_start(tokens) or 0].text == "reduces"
    stem = template_mcq("3", BODIPY_3, sentence).stem
    assert stem.startswith("One structural change reduces ΦF to 0.05"), stem


def test_the_answer_keeps_the_papers_action_when_the_tables_only_restates_its_name() -> None:
    sentence = (
        "Each 4-methoxystyryl arm shifts the emission by roughly 70 nm (4a, λem = 582 nm; "
        "4b, λem = 652 nm), since the styryl unit extends the conjugated path along the long "
        "axis of the chromophore while the methoxy donor raises the HOMO energy, narrowing "
        "the HOMO–LUMO gap."
    )
    answer = template_answer("4a", STYRYL_4A, sentence)
    assert "extends the conjugated path along the long axis" in answer.text
    assert restates_name("aryl ring conjugated to a C=C bond", "conjugates the aryl ring")
    assert not restates_name(
        "aryl ring conjugated to a C=C bond", "delocalises charge across the ring"
    )


def test_a_wrong_answer_acting_through_the_answers_x_h_bond_is_not_offered() -> None:
    assert acts_on_same_bond("presents an acidic N–H", "lowers the pKa of the bridge N–H")
    assert not acts_on_same_bond("accepts hydrogen bonds", "lowers the pKa of the bridge N–H")
    sentence = (
        "Chlorimuron-ethyl (6) was more persistent in the calcareous soil (DT50 52 days) than "
        "in the sandy loam (19 days), presumably because the electron-withdrawing chlorine on "
        "the pyrimidine ring lowers the pKa of the bridge N–H, so that at pH 7.9 virtually all "
        "of the compound is present as the hydrolysis-resistant anion."
    )
    # the sulfonamide and the urea both carry that N–H: no three wrong answers are left
    assert template_written("6", CHLORIMURON, sentence).reason == "too_few_features"
