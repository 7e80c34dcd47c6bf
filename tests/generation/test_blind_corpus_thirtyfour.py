"""Items found invalid on the thirty-fourth and thirty-fifth blind corpora.

blind-34 (covalent BTK inhibitors, CuAAC ligands, acridinium photocatalysts, mesogens,
oxadiazole nematicides) and blind-35 (β-lactamase inhibitors, Pd precatalysts, push–pull
dyes, peptide-amphiphile gels, MOF linkers) were written by authors who never saw chemx.
Their invalid items named one group twice (a peptide's "lysine side chains" beside the
drawing's "basic aliphatic amine nitrogen"; an "aminoethoxy side chain" beside its
"terminal primary amine"), asked a change's explanation on the compound it was made
from ("Locking the amine into a julolidine (1b) raised ..." on 1a), told the answer's
other side in an opening phrase ("Lacking the ortho-methyl groups of 2a, ..."), said a
concentration of the compound ("The compound shown (0.85 mM) is forty times ...") and
cut "0.5 mol %" to "0.5 mol".
"""

from __future__ import annotations

from chemx.generation.backends import table_readings
from chemx.generation.catalogue import (
    group_for_feature,
    groups_inside_name,
    matched_keys,
    visible_groups,
)
from chemx.generation.explanations import PaperExplanation, lend_mechanisms
from chemx.generation.extract import Decomposition, decompose
from chemx.generation.features import select_other_features, structure_features
from chemx.generation.mcq import subject_free_effect
from chemx.generation.owners import effect_owners
from chemx.generation.paper_features import text_features
from chemx.generation.register import readings
from chemx.generation.shown import without_unseen_references
from chemx.generation.stem_wording import without_structural_lead
from chemx.qc.stem_grammar import stem_problems

LYSINE_AMPHIPHILE = "CCCCCCCCCCCCCCCC(=O)NC(CCCCN)C(=O)NC(CCCCN)C(=O)N"


def _key(phrase: str) -> str | None:
    group = group_for_feature(phrase)
    return group.key if group else None


def test_a_residue_names_its_side_chain_group() -> None:
    assert _key("lysine side chains") == "basic_amine"
    assert _key("the valine pair") == "isopropyl"
    assert _key("tyrosine phenol") == "phenol"
    assert groups_inside_name("diphenylalanine") == {"phenyl"}  # not a geminal diaryl


def test_a_residue_cause_is_not_offered_again_in_catalogue_words() -> None:
    chosen = select_other_features(
        "lysine side chains",
        structure_features(LYSINE_AMPHIPHILE),
        limit=5,
        mechanism="carry a positive charge that phosphate anions can bridge",
        smiles=LYSINE_AMPHIPHILE,
    )
    assert chosen  # the amides and the alkyl chain remain
    assert all(feature.key != "basic_amine" for feature in chosen)


def test_a_paper_named_chain_spelling_out_the_cause_is_not_a_distractor() -> None:
    sentence = "The aminoethoxy side chain of 2b was installed by amide coupling."
    named = text_features([("sen_1", sentence)], ["2b"])
    assert [feature.name for feature in named] == ["aminoethoxy side chain"]
    assert "aryl_nh2" in named[0].covers
    chosen = select_other_features(
        "terminal primary amine",
        [*named, *structure_features("NCCOCCNC(=O)c1ccccc1")],
        limit=5,
        mechanism="engages penicillin-binding protein 2",
    )
    assert "aminoethoxy side chain" not in {feature.name for feature in chosen}


def test_a_unit_written_apart_stays_in_the_effect() -> None:
    found = decompose(
        "Switching to PCy3 lowered the yield of 4 to 12% even at 0.5 mol %, because the "
        "less bulky tricyclohexylphosphine ligand allows a second phosphine to bind."
    )
    assert isinstance(found, Decomposition)
    assert found.effect.endswith("0.5 mol %")


def test_a_change_is_owned_by_the_compound_it_made() -> None:
    found = decompose(
        "Locking the amine into a julolidine (1b) raised the fluorescence quantum yield in "
        "DMSO from 0.003 for 1a to 0.03, because the fused trimethylene rings prevent the "
        "amino group from twisting into a dark charge-transfer state."
    )
    assert isinstance(found, Decomposition)
    assert effect_owners(found) == ("1b",)


def test_a_change_naming_a_group_is_said_as_a_change() -> None:
    effect = "Locking the amine into a julolidine (the compound shown) raised the quantum yield"
    assert (
        subject_free_effect(effect, "clause", "fused trimethylene rings", "molecule")
        == "One structural change raised the quantum yield"
    )


def test_an_opening_phrase_on_the_structure_leaves_the_stem() -> None:
    effect = "Lacking the ortho-methyl groups of 2a, the compound shown decomposed in 30 min"
    assert without_structural_lead(effect) == "The compound shown decomposed in 30 min"
    kept = "With 2 mol % of catalyst, the yield rose to 90%"
    assert without_structural_lead(kept) == kept


def test_a_property_subject_keeps_its_property() -> None:
    effect = "The CAC of the decanoyl analogue 2a (0.85 mM) is forty times that of 1a"
    assert subject_free_effect(effect, "clause", "shorter decanoyl tail", "molecule") == (
        "The CAC of the compound shown (0.85 mM) is forty times that of 1a"
    )


def test_a_mechanism_naming_an_undrawn_ring_system_is_not_lent() -> None:
    dye = "N#Cc1c(-n2c3ccccc3c3ccccc32)c(C#N)c(-n2c3ccccc3c3ccccc32)c(C#N)c1-n1c2ccccc2c2ccccc21"
    acridinium = PaperExplanation(
        "s1", "phenyl ring", "phenyl", "can rotate toward the acridine plane", "decomposed"
    )
    twist = PaperExplanation(
        "s2", "phenyl ring", "phenyl", "twists the carbazole out of plane", "decomposed"
    )
    for explanation, lent_expected in ((acridinium, False), (twist, True)):
        lent = lend_mechanisms(
            structure_features(dye),
            [explanation],
            basis_id="s9",
            effect="a microsecond lifetime",
            condition=False,
            drawn=frozenset(matched_keys(dye)),
        )
        assert any(feature.mechanism for feature in lent) is lent_expected


def test_a_table_phrase_saying_more_than_the_paper_does_not_replace_it() -> None:
    phrase = "is a rigid, electron-rich donor that raises the HOMO and carries holes"
    assert table_readings(phrase, "are twisted out of the plane of the acceptor") == []
    assert table_readings(phrase, "is rigid and electron-rich, which raises the HOMO")


def test_a_relation_word_ends_a_paper_named_feature() -> None:
    sentence = "Crystals of 1b showed a square-planar Pd, with the mesylate trans to the aryl."
    assert "mesylate trans" not in {f.name for f in text_features([("s", sentence)], ["1b"])}


def test_an_intensifier_closes_the_subject_before_its_verb() -> None:
    found = decompose(
        "As a result, 2c was fivefold weaker at hERG (IC50 = 9.6 μM), presumably because "
        "the polar oxetane itself helps solvation even when the amine is largely neutral."
    )
    assert isinstance(found, Decomposition)
    assert found.feature == "polar oxetane"
    assert found.mechanism.startswith("helps solvation")
    assert found.effect.startswith("2c was fivefold weaker")  # "As a result," links only


def test_a_relative_stating_what_the_feature_is_joins_its_mechanism() -> None:
    found = decompose(
        "The N-methylpiperazine of 2b raised solubility to more than 500 μM, owing to "
        "protonation of the distal N-methyl nitrogen (measured pKa 7.9), which is insulated "
        "from the aryl ring by two methylene groups."
    )
    assert isinstance(found, Decomposition)
    assert found.mechanism == (
        "undergoes protonation and is insulated from the aryl ring by two methylene groups"
    )


def test_a_shared_name_part_names_every_entry_it_may_be() -> None:
    assert {"sulfone", "aryl_methyl"} <= groups_inside_name("para-methylsulfonyl")
    assert _key("flat 9-anthryl groups") == "fused_arene"


def test_the_bond_a_turning_ring_turns_on_is_not_a_distractor() -> None:
    acridinium = "CC(C)(C)c1ccc2c(-c3ccccc3)c3ccc(C(C)(C)C)cc3[n+](-c3ccccc3)c2c1"

    def others(mechanism: str) -> set[str]:
        chosen = select_other_features(
            "phenyl ring",
            structure_features(acridinium),
            limit=5,
            mechanism=mechanism,
            smiles=acridinium,
        )
        return {feature.name for feature in chosen}

    assert "biaryl bond" not in others("can rotate toward the acridine plane")
    assert "biaryl bond" in others("adds a flat hydrophobic surface")


def test_an_amine_part_of_a_name_may_be_an_aliphatic_amine() -> None:
    crotonamide = "CN(C)C/C=C/C(=O)N1CCC[C@@H](n2cc(-c3ccc(Oc4ccccc4)cc3)c3c(N)ncnc32)C1"
    chosen = select_other_features(
        "dimethylaminomethyl group",
        structure_features(crotonamide),
        limit=8,
        mechanism="accelerates alkylation of any accessible cysteine",
        smiles=crotonamide,
    )
    keys = {feature.key for feature in chosen}
    assert not keys & {"basic_amine", "n_methyl"}  # its own nitrogen and methyls
    assert "diaryl_ether" in keys


def test_a_property_noun_heading_a_nominal_cause_leaves_the_feature_after_of() -> None:
    found = decompose("The poor yield stems from the acid lability of the oxetane in 7.")
    assert isinstance(found, Decomposition)
    assert found.feature == "oxetane"
    assert "lability" in found.mechanism


def test_a_generic_amide_is_every_amide_of_the_drawing() -> None:
    peptide = "CCCCCC(=O)N[C@H](C(=O)N[C@@H](CCC(=O)O)C(N)=O)C(C)C"
    chosen = select_other_features(
        "C-terminal amide",
        structure_features(peptide),
        limit=8,
        mechanism="removes a carboxylate that would add charge repulsion",
        smiles=peptide,
    )
    assert "primary_amide" not in {feature.key for feature in chosen}
    assert "isopropyl" in {feature.key for feature in chosen}


def test_a_from_complement_is_no_means_to_cut() -> None:
    assert readings("prevent the amino group from twisting into a dark state") == (
        "prevent the amino group from twisting into a dark state",
    )


def test_a_stem_comparing_with_an_unshown_compound_is_refused() -> None:
    for effect in (
        "The CAC of the compound shown (0.85 mM) is forty times that of 1a",
        "The compound shown absorbs at 421 nm, slightly to the blue of 1a",
        "One structural change raised the quantum yield from 0.003 for 1a to 0.03",
    ):
        assert without_unseen_references(effect, ["1a"]) is None
    assert without_unseen_references("gave 3 in 97% ee", ["3"]) == "gave 3 in 97% ee"


def test_a_change_of_the_compound_shown_is_said_without_shown() -> None:
    effect = "Deleting the ortho-methoxy group of the compound shown cost 9-fold in selectivity"
    assert (
        subject_free_effect(effect, "clause", "methoxy oxygen", "molecule")
        == "One structural change cost 9-fold in selectivity"
    )


def test_a_narrating_relative_after_the_feature_joins_its_mechanism() -> None:
    found = decompose(
        "The poor yield stems from the acid lability of the oxetane in 7, which opened to "
        "the trifluoroacetate of the corresponding 1,3-diol under these conditions."
    )
    assert isinstance(found, Decomposition)
    assert found.feature == "oxetane"
    assert found.mechanism.startswith("has an acid lability and opened to the trifluoroacetate")


def test_an_o_sulfate_is_read_on_the_drawing() -> None:
    avibactam_like = "NC(=O)[C@@H]1CC[C@@H]2CN1C(=O)N2OS(=O)(=O)O"
    assert "sulfate_ester" in {group.key for group in visible_groups(avibactam_like)}
    assert _key("the O-sulfate") == "sulfate_ester"


def test_a_fluoro_substituent_on_an_alkyl_carbon_is_the_aliphatic_c_f_bond() -> None:
    fluoropiperidine = "CN1CCC(F)C(c2ccc(C(F)(F)F)cc2)C1"
    chosen = select_other_features(
        "fluoro substituent",
        structure_features(fluoropiperidine),
        limit=8,
        mechanism="weakens the ionic contact with Asp134",
        smiles=fluoropiperidine,
    )
    keys = {feature.key for feature in chosen}
    assert "alkyl_fluoride" not in keys
    assert "trifluoromethyl" in keys  # another group of fluorines stays a distractor


def test_a_stem_opening_on_this_and_a_verb_points_back() -> None:
    assert [p.code for p in stem_problems("This delayed termination.")] == ["unresolved_pointer"]
    assert stem_problems("This compound showed 10-fold higher potency.") == ()
