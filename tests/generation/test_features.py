"""The SMARTS catalogue, the mechanism table, the distractor pool and the option frames."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from chemx.devkit.sample_gold import gold_path
from chemx.generation.catalogue import BY_KEY, GROUPS, group_for_feature, visible_groups
from chemx.generation.feature_names import names_cause, same_feature
from chemx.generation.features import (
    VisibleFeature,
    drawn_name,
    select_other_features,
    structure_features,
    usage_key,
)
from chemx.generation.lexicon import groups_in_classes
from chemx.generation.mcq import (
    LETTERS,
    OptionDraft,
    agree,
    assemble,
    option_text,
    stem_text,
)
from chemx.generation.mechanisms import GENERIC, TABLE, mechanism_for
from chemx.generation.paper_features import text_features
from chemx.generation.shown import neutral_effect
from chemx.generation.stem_wording import one_compound_effect
from chemx.qc.anti_shortcut import hedging_terms
from chemx.records import ReasoningType


def test_catalogue_finds_the_drawn_groups_on_gold_smiles() -> None:
    gold = json.loads(gold_path().read_text(encoding="utf-8"))
    cases = {
        (1, "2b"): {"acrylamide", "aminopyrimidine", "pyridine"},
        (1, "4"): {"cyclopropyl", "aryl_fluoride", "aminopyrimidine"},
        (2, "(S)-4"): {"silyl_ether", "pyrrolidine", "geminal_diaryl"},
        (9, "12a"): {"difluoromethyl", "aryl_chloride", "amide_nh"},
    }
    seen = {}
    for paper in gold["papers"]:
        for figure in paper["figures"]:
            for structure in figure["structures"]:
                key = (paper["number"], structure["identifier"])
                if key in cases and structure.get("smiles"):
                    seen[key] = {g.key for g in visible_groups(structure["smiles"])}
    for identifier, expected in cases.items():
        assert expected <= seen[identifier], (identifier, seen[identifier])
    # a specific match hides the general groups it implies
    assert "amide_nh" not in seen[1, "2b"] and "alkene" not in seen[1, "2b"]


def test_ligand_and_dye_groups_of_the_blind_corpus_are_catalogued() -> None:
    # a BrettPhos-type ligand and a BODIPY, as DECIMER read them on the eighth blind corpus
    ligand = "COc1ccc(OC)c(P(C2CCCCC2)C2CCCCC2)c1-c1c(C(C)C)cc(C(C)C)cc1C(C)C"
    dye = "CC1=CC(C)=[N+]2C1=C(c1ccccc1)c1c(C)cc(C)n1[B-]2(F)F"
    assert {"isopropyl", "cyclohexyl", "phosphine"} <= {g.key for g in visible_groups(ligand)}
    assert "mesityl" not in {g.key for g in visible_groups(ligand)}  # isopropyls, not methyls
    assert "bf2_chelate" in {g.key for g in visible_groups(dye)}
    # only a ring that has an N–H is offered as donating a hydrogen bond through it
    assert "pyrrole_nh" not in {g.key for g in visible_groups(dye)}
    carbazole, indole = "c1ccc2c(c1)c1ccccc1n2-c1ccccc1", "c1ccc2[nH]ccc2c1"
    assert "carbazole" in {g.key for g in visible_groups(carbazole)}
    assert "indole" not in {g.key for g in visible_groups(carbazole)}  # named as what it is
    assert "indole_nh" not in {g.key for g in visible_groups(carbazole)}
    assert "indole_nh" in {g.key for g in visible_groups(indole)}
    assert "N–H" not in TABLE["indole"].effect + TABLE["pyrrole"].effect


def test_every_catalogue_entry_has_a_clean_mechanism() -> None:
    assert set(TABLE) == {group.key for group in GROUPS}
    for key, entry in {**TABLE, **GENERIC}.items():
        for phrase in (entry.effect, entry.condition):
            assert 45 <= len(phrase) <= 120, (key, phrase)
            assert not hedging_terms(phrase), (key, phrase)
            assert not any(ch.isdigit() for ch in phrase), (key, phrase)
    for group in GROUPS:
        assert not hedging_terms(group.name), group.name
    text, specific = mechanism_for(None, "wider cavity", condition=False)
    assert not specific and text == GENERIC["ring"].effect


def test_aliases_name_the_most_specific_entry() -> None:
    names = {
        "para-methoxy group": "methoxy_aryl",
        "three-membered ring": "cyclopropyl",
        "N-methyl tertiary amide": "amide_tertiary",
        "bridging nitrogen": "diarylamine_nh",
        "5-fluoropyrimidine": "aryl_fluoride",
        "long allyloxy side chains": "alkoxy_aryl",  # the chain named by its ether
    }
    for phrase, key in names.items():
        group = group_for_feature(phrase)
        assert group is not None and group.key == key, (phrase, group)
    assert group_for_feature("nitrogen lone pair") is None  # "nitro" must not match


def test_the_cause_is_never_offered_as_a_distractor() -> None:
    smiles = "O=C(Nc1cccc(Nc2nccc(-c3cccnc3)n2)c1)C1CC1"  # 2a, a cyclopropyl amide
    pool = structure_features(smiles)
    chosen = select_other_features("three-membered ring", pool)
    assert "cyclopropyl" not in {f.key for f in chosen}
    assert 3 <= len(chosen) <= 5
    assert same_feature("N-methyl group", "Methylation of the bridging nitrogen")
    assert same_feature("meta-methyl group", "aryl methyl group")
    assert not same_feature("pyridine ring nitrogen", "amide N–H")
    duplicated = [VisibleFeature("ortho-fluorine", "aryl_fluoride", "text:x", False)] * 2
    assert len(select_other_features("acrylamide", duplicated)) == 1


def test_groups_the_mechanism_names_are_part_of_the_cause() -> None:
    smiles = "COc1ccc(CCNC(=O)Cc2ccc(OC)c(OC)c2)cc1OC"  # amide 5: two dimethoxyarenes
    pool = structure_features(smiles)
    assert "dimethoxyaryl" in {f.key for f in pool}
    # a cause named as a group, not as a ring: an unplaced "ring" keeps every benzene
    # ring out of the wrong answers by itself (`test_blind_corpus_fortyeight`)
    unaware = select_other_features("phenethyl group", pool)
    assert "dimethoxyaryl" in {f.key for f in unaware}  # the trap this guards against
    chosen = select_other_features(
        "phenethyl group", pool, mechanism="is activated by two methoxy groups"
    )
    assert not {"dimethoxyaryl", "methoxy_aryl"} & {f.key for f in chosen}


def test_groups_a_class_word_of_the_cause_covers_are_no_wrong_answers() -> None:
    # "the alkyl substituents" of the cause include the drawing's aryl methyl
    smiles = "Cc1ccc(-c2ccc(C(F)(F)F)cc2)cc1O"
    pool = structure_features(smiles)
    assert "aryl_methyl" in {f.key for f in select_other_features("phenol", pool)}
    chosen = select_other_features("alkyl substituents", pool, smiles=smiles)
    assert "aryl_methyl" not in {f.key for f in chosen}
    assert chosen  # the other features stay
    assert groups_in_classes("the halogen substituents") >= {"aryl_fluoride", "aryl_iodide"}
    assert groups_in_classes("an alkyl halide") == set()  # a group, not a class


def test_groups_the_effect_names_are_no_wrong_answers() -> None:
    smiles = "O=C(O)c1cn(C2CC2)c2c(Cl)c(N3CCNCC3)c(F)cc2c1=O"  # a C-8 chloro quinolone
    pool = structure_features(smiles)
    assert "aryl_chloride" in {f.key for f in select_other_features("C-7 piperazine", pool)}
    chosen = select_other_features(
        "C-7 piperazine", pool, effect="A C-8 chlorine raised potency 10-fold"
    )
    assert "aryl_chloride" not in {f.key for f in chosen}


def test_names_cause() -> None:
    boc = "masks the nitrogen lone pair as a carbamate and adds steric bulk around it"
    assert names_cause(boc, "nitrogen lone pair")
    assert not names_cause(boc, "free carboxylic acid")
    assert not names_cause(boc, "ring")  # generic words alone name nothing


def test_role_words_alone_name_no_visible_feature() -> None:
    sentences = [
        ("s1", "In 1 the directing groups and the aryl iodide of 1 were kept."),
        ("s2", "The protecting group of 1 was removed later."),
    ]
    names = {f.name for f in text_features(sentences, ["1"])}
    assert "aryl iodide" in names
    assert not {"directing groups", "protecting group"} & names


def test_text_features_belong_to_the_compound() -> None:
    sentences = [
        ("s1", "Under these conditions, nitroalkene 2, with its para-methoxy group, was slow."),
        ("s2", "The NHS ester of 1 labelled lysines."),
        (
            "s3",
            "The difluoromethyl group of 12a binds Tyr58, which the trifluoromethyl group "
            "of 12d cannot do, and this accounts for the higher potency of 12a.",
        ),
    ]
    assert [f.name for f in text_features(sentences, ["2"])] == ["para-methoxy group"]
    assert [f.name for f in text_features(sentences, ["1"])] == ["NHS ester"]
    names_12d = {f.name for f in text_features(sentences, ["12d"])}
    assert names_12d == {"trifluoromethyl group"}  # the explained feature is 12a's


def test_a_proper_name_is_no_text_feature() -> None:
    # blind-31: "Cambridge Crystallographic Data Centre" was offered as a wrong answer
    text = (
        "The structure of 3 was deposited with the Cambridge Crystallographic Data Centre "
        "(CCDC 2311045), and the tert-butyl group of 3 is disordered."
    )
    assert [f.name for f in text_features([("s1", text)], ["3"])] == ["tert-butyl group"]


def test_a_text_feature_ends_where_its_bracket_closes() -> None:
    # jnatprod.2c01069: the option read "The 7-OMe moiety) proved chemically labile ..."
    text = (
        "On handling and storage, glyclauxins C (4) and D (5) (bearing a 7-OMe moiety) "
        "proved chemically labile and underwent quantitative transformation."
    )
    assert [f.name for f in text_features([("s1", text)], ["4"])] == ["7-OMe moiety"]


def test_partial_readings_drop_ring_artefacts() -> None:
    misread = "CN1CCN(CC1)CC(=O)Nc1cccc(c1)NC1=NC=CC(=CC*1)c1c*ccc1"  # OSRA on 2e
    keys = {f.key for f in structure_features(misread, partial=True)}
    assert "trans_cyclooctene" not in keys and "imine" not in keys
    assert "n_methylpiperazine" in keys


def test_answer_positions_are_reproducible_and_balanced() -> None:
    correct = OptionDraft("acrylamide", "reacts with Cys95", True)
    distractors = [OptionDraft(f"feature {i}", "does something else here", False) for i in "xyz"]
    letters = Counter()
    for index in range(400):
        mcq = assemble(f"can_{index:016x}", correct, distractors, "stem?", "an effect", "np")
        again = assemble(f"can_{index:016x}", correct, distractors, "stem?", "an effect", "np")
        assert mcq == again
        assert [o.letter for o in mcq.options] == list(LETTERS)
        assert mcq.options[LETTERS.index(mcq.answer)].feature == "acrylamide"
        letters[mcq.answer] += 1
    assert all(80 <= letters[letter] <= 120 for letter in LETTERS), letters


@pytest.mark.parametrize("form", ["np", "vp", "clause"])
def test_stem_and_options_share_the_effect_and_not_the_feature(form: str) -> None:
    effect = {
        "np": "a 14-fold faster cycloaddition",
        "vp": "accelerates the cycloaddition 14-fold",
        "clause": "the reaction proceeded without a Lewis acid",
    }[form]
    stem = stem_text(effect, form, ReasoningType.MECHANISTIC, "reaction")  # type: ignore[arg-type]
    assert "reaction shown" in stem and stem.endswith("?")
    option = option_text("2-pyridyl substituent", "lowers the LUMO", effect, form)  # type: ignore[arg-type]
    assert option.startswith("The 2-pyridyl substituent lowers the LUMO")
    assert effect.split()[-1] in option and "pyridyl" not in stem


def test_grammar_helpers() -> None:
    assert agree("donates electron density", plural=True) == "donate electron density"
    assert agree("is protonated", plural=True) == "are protonated"
    assert agree("is protonated", plural=False) == "is protonated"
    assert neutral_effect("the 8-fold higher potency of 12a", ["12a"]) == (
        "the 8-fold higher potency of the compound shown"
    )
    assert option_text("Methylation of the N", "removes the NH donor", "a loss", "np").startswith(
        "The methylation of the N removes"
    )
    assert option_text("Boc group", "adds bulk", "a loss", "np").startswith("The Boc group adds")
    # an element locant or a formula keeps its case
    assert option_text("N–aryl bond", "delocalises", "a loss", "np").startswith("The N–aryl")
    assert option_text("aryl iodide", "releases iodide", "AgOAc was added", "clause").endswith(
        "for this reason, AgOAc was added."
    )
    # a ratio, an amount or a table number is not the compound (the grounding matcher decides)
    for effect in ("exclusive arylation at C6 (>20:1 rr)", "1.5 equiv sufficed", "see Table 1"):
        assert neutral_effect(effect, ["1"]) == effect
    assert (
        neutral_effect("(S)-7 formed in 20:1 dr", ["7"]) == "the compound shown formed in 20:1 dr"
    )
    # the class noun goes with the label: never "compound the compound shown"
    assert neutral_effect("59% against compound 17 (87%)", ["17"]) == (
        "59% against the compound shown (87%)"
    )
    assert BY_KEY["acrylamide"].implies


def test_the_condition_question_fits_its_effect() -> None:
    required = stem_text(
        "Formation of 3c required 150 °C", "clause", ReasoningType.CONDITION, "molecule"
    )
    assert required.endswith("explains why these conditions are required?")
    outcome = stem_text(
        "Reducing the sparteine to 1.0 equiv reversed the facial selectivity",
        "clause",
        ReasoningType.CONDITION,
        "molecule",
    )
    assert outcome.endswith("explains this outcome under these conditions?")
    # an 'its' without its compound in the stem is named
    assert stem_text(
        "raised its solubility 10-fold", "vp", ReasoningType.MECHANISTIC, "molecule"
    ).startswith("One structural feature raised the compound's solubility 10-fold.")


def test_an_effect_about_one_compound_drops_the_values_of_several() -> None:
    # "… gave lower yields, 50 and 39%": two compounds' yields, one compound shown
    assert one_compound_effect("lower yields, 50 and 39%.") == "lower yields"
    assert one_compound_effect("lower yields (50% and 39%)") == "lower yields"
    assert one_compound_effect("a yield of 50%") == "a yield of 50%"
    assert one_compound_effect("potency of 12 nM") == "potency of 12 nM"


def test_wrong_answers_already_offered_in_the_paper_come_last() -> None:
    pool = structure_features("O=C(Nc1ccc(F)cc1)c1ccncc1C1CC1")
    first = select_other_features("acrylamide", pool, limit=3, seed="item-1")
    assert [f.name for f in first] == [
        "aromatic C–F bond",
        "cyclopropyl ring",
        "pyridine ring nitrogen",
    ]
    used = {usage_key(feature.name): 1 for feature in first}
    second = select_other_features("acrylamide", pool, limit=3, seed="item-1", uses=used)
    # the two features not yet offered (the amide N–H is the acrylamide's), then a used one
    assert [f.name for f in second] == [
        "4-fluorophenyl ring",
        "para-disubstituted benzene ring",
        "cyclopropyl ring",
    ]


def test_the_answer_takes_the_name_the_drawing_gives_it() -> None:
    pool = structure_features("O=C(Nc1ccc(F)cc1)C1CC1")
    cause = "three-membered ring"
    assert drawn_name(cause, group_for_feature(cause), pool) == "cyclopropyl ring"
    assert drawn_name("amide", group_for_feature("amide"), pool) == "cyclopropanecarboxanilide N–H"
    # two phenyl rings named differently: the paper's words must say which
    two_rings = structure_features("Fc1ccc(C(=O)Nc2ccccc2)cc1")
    assert drawn_name("phenyl ring", group_for_feature("phenyl ring"), two_rings) is None
    assert drawn_name("nitrogen lone pair", None, pool) is None


def test_a_clause_effect_whose_subject_is_the_feature_is_made_neutral() -> None:
    from chemx.generation.mcq import subject_free_effect

    effect = "Ortho-substituted anilines gave the products in lower yields"
    feature = "less planar o-substituted aniline"
    assert (
        subject_free_effect(effect, "clause", feature, "molecule")
        == "The compound shown gave the products in lower yields"
    )
    assert subject_free_effect(effect, "clause", feature, "reaction").startswith(
        "The reaction shown gave"
    )
    # a subject that names a structure leaves even when it is not the answer's (it tells
    # what the image should); one that names none stays; other forms are never touched
    assert subject_free_effect(effect, "clause", "nitro group", "molecule").startswith(
        "The compound shown"
    )
    setting = "Reactions in methanol gave the products in lower yields"
    assert subject_free_effect(setting, "clause", "nitro group", "molecule") == setting
    assert subject_free_effect("lower yields", "np", "aniline", "molecule") == "lower yields"


def test_terse_readings_are_clean_and_offered_after_the_long_ones() -> None:
    from chemx.generation.mechanisms import SHORT, effect_readings

    assert set(SHORT) <= set(TABLE)
    for key, phrase in SHORT.items():
        assert len(phrase) <= 40 and not any(ch.isdigit() for ch in phrase), (key, phrase)
        assert not hedging_terms(phrase), (key, phrase)
        assert phrase.split()[0].endswith("s"), (key, phrase)  # third person singular
    found = effect_readings("phenyl", TABLE["phenyl"].effect)
    assert found[0] == TABLE["phenyl"].effect and found[-1] == SHORT["phenyl"]
    # a condition phrase, or a paper's own mechanism, gets no table reading added
    assert effect_readings("phenyl", TABLE["phenyl"].condition)[-1] != SHORT["phenyl"]
    assert effect_readings("phenyl", "stacks on Phe82") == ("stacks on Phe82",)


def test_a_class_noun_beside_the_label_stays_in_the_stem() -> None:

    assert neutral_effect("Coumarin 1 behaves like 3", ["1"]) == "the coumarin shown behaves like 3"
    # the class noun stays; a modifier that spells one of the compound's groups does not
    # (the drawing shows it, and it can name the answer: `without_structural_modifiers`)
    assert neutral_effect("the pyridyl analogue 15 was weaker", ["15"]) == (
        "the analogue shown was weaker"
    )
    assert neutral_effect("compound 17 was inactive", ["17"]) == "the compound shown was inactive"
    assert neutral_effect("gave only the β-anomer 14", ["14"]) == "gave only the β-anomer shown"
    assert neutral_effect("2-bromopyridine gave 3k in 41% yield", ["3k"]) == (
        "2-bromopyridine gave the compound shown in 41% yield"
    )


def test_one_group_in_two_spellings_is_one_feature() -> None:
    # two defensible answers otherwise: the hydroxy group and the phenolic hydroxyl
    assert same_feature("hydroxy group", "phenolic hydroxyl")
    assert not same_feature("benzyl ester", "benzylic CH2–O group")
    assert same_feature("amino donor", "dialkylamino group on the ring")
    assert not same_feature("methyl group", "trifluoromethyl group")
    assert not same_feature("N-methyl group", "dimethylamino group")


def test_a_change_of_conditions_keeps_its_subject_in_the_stem() -> None:
    from chemx.generation.mcq import subject_free_effect

    effect = "Replacing PCy3 with PPh3 lowered the yield to 48%"
    assert subject_free_effect(effect, "clause", "Pd(0)–PPh3 complex", "molecule") == effect


def test_a_group_named_by_reference_is_no_text_feature() -> None:
    sentences = [("s1", "Coumarin 6, which carries the same acceptor, keeps its brightness.")]
    names = [feature.name for feature in text_features(sentences, ["6"])]
    assert not any(name.startswith("same") for name in names)
