"""Misreadings found on blind corpora 67 and 68 (BRD4 degraders, iridium photocatalysts,
boronic-acid sugar sensors, trioxolane antimalarials, organic cathodes; JAK1 inhibitors,
CuAAC ligands, merocyanine dyes, triketone herbicides, liquid-crystal mesogens).

Written by authors who never saw the decomposition, and built at base (40104be's parent,
9131707) before their items were read. Each test asserts output the code before the rule
got wrong.
"""

from __future__ import annotations

from chemx.generation.backends import TemplateGenerator
from chemx.generation.catalogue import matched_keys, valence_problems, visible_groups
from chemx.generation.extract import Decomposition, Vague, decompose
from chemx.generation.overlap import fused_system_atoms, hantzsch_widman_rings, named_ring_atoms
from chemx.generation.owners import foreign_cause_owners
from chemx.generation.paper_features import text_features
from chemx.generation.register import readings
from chemx.generation.shown import without_unseen_references
from tests._helpers import decomposed as _read
from tests._helpers import template_answer, template_context, template_mcq, template_reason

JAK_PARENT = "CCS(=O)(=O)N1CC(CC#N)(n2cc(-c3ncnc4[nH]ccc34)cn2)C1"
TRANS_CYCLOBUTANE = "CCCS(=O)(=O)N[C@H]1C[C@H](N(C)c2ncnc3[nH]ccc23)C1"
TRIFLUOROPROPYL = "CN(c1ncnc2[nH]ccc12)[C@H]1C[C@H](NS(=O)(=O)CCC(F)(F)F)C1"
MEROCYANINE = "CCN1C(=O)C(=CC=C2Sc3ccccc3N2C)C(=O)N(CC)C1=S"
THPTA_LIKE = "OCCCn1cc(CN(Cc2cn(CCCO)nn2)Cc2cn(CCCO)nn2)nn1"
TRIAZOLE_PRODUCT = "OCc1cn(Cc2ccccc2)nn1"
PROTAC_OCTAMETHYLENE = (
    "Cc1sc2c(c1C)C(c1ccc(Cl)cc1)=N[C@@H](CC(=O)NCCCCCCCCNc1cccc3c1C(=O)N(C1CCC(=O)NC1=O)C3=O)"
    "c1nnc(C)n1-2"
)


def _offered(label: str, smiles: str, sentence: str) -> set[str]:
    """Every feature the generator would offer as a wrong answer, lettered or spare."""
    found = TemplateGenerator().decompose(template_context(label, smiles, sentence))
    assert found.fields is not None, found
    return {f.name for f in (*found.fields.other_features, *found.fields.spare_features)}


def test_a_ring_named_by_fusion_nomenclature_covers_its_whole_bicycle() -> None:
    atoms = fused_system_atoms(JAK_PARENT, "the pyrrolo[2,3-d]pyrimidine")
    assert len(atoms) == 9  # the pyrrole and the pyrimidine, not the pyrazole
    assert fused_system_atoms(JAK_PARENT, "the imidazo[1,2-a]pyridine") == frozenset()
    sentence = (
        "Parent 1a was potent on both JAK1 and JAK2 (IC50 6 and 9 nM), which we attribute to "
        "the pyrrolo[2,3-d]pyrimidine forming a donor–acceptor pair with the backbone of "
        "Glu957 and Leu959 in JAK1 and with the equivalent residues in JAK2."
    )
    offered = _offered("1a", JAK_PARENT, sentence)
    assert "pyrrole N–H" not in offered  # the bicycle's own N–H is the answer's
    assert "pyrazole ring" in offered


def test_a_relative_configuration_makes_the_stereocentre_part_of_the_answer() -> None:
    sentence = (
        "Inverting one centre to give the trans isomer 5b reduced JAK1 potency eightfold and "
        "erased most of the selectivity, as the trans-1,3-disubstituted cyclobutane directs "
        "the sulfonamide out toward solvent rather than under the loop."
    )
    assert not any("stereocentre" in name for name in _offered("5b", TRANS_CYCLOBUTANE, sentence))


def test_a_thiobarbiturate_is_one_group() -> None:
    sentence = (
        "Owing to its ring sulfur atom, which donates lone-pair density to the positive charge "
        "building up on the donor, 3 lies on the zwitterionic side and its absorption moved "
        "30 nm to the blue from chloroform to methanol."
    )
    offered = _offered("3", MEROCYANINE, sentence)
    assert "thiourea" not in offered  # an N,N′-diethyl thiobarbiturate donates no N–H
    assert "barbiturate ring" in offered


def test_the_observation_after_an_expectation_is_the_effect() -> None:
    found = _read(
        "The bulkier 4d should fit the pocket equally well, yet it was tenfold weaker, "
        "because its tert-butyl group clashes with Phe80."
    )
    assert found.effect == "The bulkier 4d was tenfold weaker"
    found = _read(
        "Compound 4d would be expected to bind equally well, but 4e was tenfold weaker, "
        "because its tert-butyl group clashes with Phe80."
    )
    assert found.effect == "4e was tenfold weaker"


def test_a_cause_that_is_an_absence_is_no_feature() -> None:
    found = decompose(
        "An ortho-methyl group, as in 1e, should twist the ring equally well, yet it gave only "
        "a threefold gain over 1c, presumably because without an electron-withdrawing "
        "substituent the triketone is less acidic (pKa 4.3 versus 3.1 for 1a) and less "
        "completely ionised for chelation."
    )
    assert isinstance(found, Vague) and found.reason == "no_feature"


def test_the_statement_after_a_semicolon_carries_its_own_cause() -> None:
    sentence = (
        "Terminal fluorination left potency unchanged; the 3,3,3-trifluoropropyl group of 5c "
        "did, however, halve microsomal clearance, presumably by blocking ω-oxidation of the "
        "alkyl chain, the main metabolic route of 5a."
    )
    found = _read(sentence)
    assert found.feature == "3,3,3-trifluoropropyl group"
    assert found.effect == "halved microsomal clearance"  # the emphatic "did" goes


def test_a_compound_class_is_no_feature() -> None:
    found = decompose(
        "The triketone class grew out of the natural product leptospermone (4) and led to "
        "sulcotrione (1b), mesotrione (1a) and tembotrione (1d)."
    )
    assert isinstance(found, Vague) and found.reason == "no_feature"


def test_a_distance_before_from_is_no_means() -> None:
    phrase = "places a protonatable amine one carbon from the ring, charged at physiological pH"
    assert "places a protonatable amine one carbon" not in readings(phrase)
    prevent = readings("prevents the amino group from twisting out of the ring plane")
    assert "prevents the amino group" not in prevent  # the older complement rule holds


def test_a_compound_compared_with_the_one_shown_is_not_its_starting_material() -> None:
    sentence = (
        "The alkyne partner matters as well: phenylacetylene reacted twice as slowly as 8, "
        "presumably since the propargylic hydroxyl group of 8 lowers the pKa of the alkyne "
        "C–H by induction and so eases its deprotonation to the acetylide."
    )
    assert template_reason("8", TRIAZOLE_PRODUCT, sentence) == "no_neutral_stem"


def test_an_ing_word_before_a_noun_and_a_verb_is_a_modifier() -> None:
    found = decompose(
        "Placing a fluorine substituent meta to boron lowered the apparent pKa of 1b to 7.5 "
        "(8.3 for 1a); with a larger fraction of tetrahedral boronate present at pH 7.4, the "
        "fructose binding constant doubled to 1050 M−1."
    )
    # read before as the absolute clause "the fructose binds constant doubled ..."
    assert not (isinstance(found, Decomposition) and "binds constant" in found.mechanism)


def test_the_mechanism_ends_where_a_result_clause_begins() -> None:
    found = _read(
        "Both requirements are met by 3: its benzoxaborole has a pKa of 7.2, since the strain "
        "of the five-membered oxaborole ring is relieved when boron becomes tetrahedral, and "
        "as a result 3 responded to 10 mM glucose at pH 7.4 with a 2.4-fold increase in "
        "emission at 540 nm."
    )
    assert found.mechanism == "is relieved when boron becomes tetrahedral"


def test_what_a_made_compound_did_is_the_effect() -> None:
    sentence = (
        "Replacing the triethylene glycol of 2b by an octamethylene linker of similar length "
        "gave 2d, which was twice as potent in cells (DC50 = 2 nM) despite a less cooperative "
        "ternary complex; the all-carbon chain removes three hydrogen-bond acceptors and "
        "lowers the polar surface area, so 2d crosses membranes more readily."
    )
    mcq = template_mcq("2d", PROTAC_OCTAMETHYLENE, sentence)
    assert mcq.stem.startswith("The compound shown was twice as potent in cells")


def test_the_observation_a_why_frame_names_is_the_effect() -> None:
    found = _read(
        "Docking into the DDB1–cereblon–BRD4 structure suggests why 3a is less active: from "
        "the 5-aminophthalimide the linker projects towards the solvent-exposed face of "
        "cereblon and away from BRD4, so the protein–protein contacts that stabilise the "
        "ternary complex of 2b cannot form."
    )
    assert found.effect == "3a is less active"
    assert found.feature == "linker"


def test_a_reading_with_impossible_valences_gives_no_wrong_answers() -> None:
    assert valence_problems("CCO") == 0
    garbled = "C1=CC=C[F]=C1[O]=C"  # a ring fluorine and a doubly bonded [O]=
    assert valence_problems(garbled) >= 2
    sentence = (
        "We attribute the difference to the electron-poor bipyridine of 2e, which raises the "
        "excited-state oxidation potential enough to bring the carboxylate within reach."
    )
    assert template_reason("2e", garbled, sentence) == "feature_not_drawn"
    assert valence_problems(THPTA_LIKE) == 0


def test_a_part_likened_to_another_compound_is_that_compound_s() -> None:
    text = (
        "Combining the benzoxaborole of 3 with a diboronic architecture such as that of 2 is "
        "the obvious next step."
    )
    names = [f.name for f in text_features([("s1", text)], ["3"])]
    assert names == ["benzoxaborole"]  # read before with "diboronic architecture such" too
    own = text_features([("s1", "Compound 3, with its para-methoxy group, was best.")], ["3"])
    assert [f.name for f in own] == ["para-methoxy group"]


def test_a_gem_dimethyl_carbon_need_not_be_in_a_ring() -> None:
    smiles = "CC(C)(N)CNC(=O)CC1CCC2(CC1)OOC1(O2)C2CC3CC(C2)CC1C3"
    assert "gem_dimethyl" in matched_keys(smiles)
    assert "gem_dimethyl" not in matched_keys("CC(C)(C)c1ccccc1")  # a tert-butyl's carbon


def test_an_effect_said_of_an_unseen_compound_in_a_relative_clause_is_dropped() -> None:
    effect = (
        "Replacing the thiocarbonyl group of the compound shown by a carbonyl gave 2b, whose "
        "band lay 22 nm to the blue in every solvent"
    )
    assert without_unseen_references(effect, ["2b"]) is None


def test_a_thiocarbonyl_and_an_active_methylene_are_the_barbiturate_s() -> None:
    assert [g.key for g in visible_groups("CCN1C(=O)CC(=O)N(CC)C1=S")] == ["barbiturate"]
    assert "active_methylene" in matched_keys("CC(=O)CC(=O)OC")


def test_products_derived_from_a_group_are_no_origin_clause() -> None:
    found = _read(
        "Microsomal turnover of 4a gave no products derived from its amine, as intended: the "
        "gem-dimethyl group leaves the amine-bearing carbon without a hydrogen atom, so that "
        "oxidative deamination cannot begin."
    )
    assert found.effect == "Microsomal turnover of 4a gave no products derived from its amine"
    found = _read(
        "The high ee of 3b derives from the bulky tert-butyl group, which blocks the Re face."
    )
    assert found.feature == "bulky tert-butyl group"


def test_a_benzoxaborole_is_a_boronic_ester() -> None:
    sentence = (
        "Both requirements are met by 3: its benzoxaborole has a pKa of 7.2, since the strain "
        "of the five-membered oxaborole ring is relieved when boron becomes tetrahedral."
    )
    smiles = "CCCCN1C(=O)c2cccc3c(NCc4ccc5c(c4)B(O)OC5)ccc(c23)C1=O"
    assert "boronic ester" not in _offered("3", smiles, sentence)


PHENETHYLAMMONIUM = "[NH3+]CCc1ccccc1"


def test_a_protonated_amine_is_no_quaternary_ammonium() -> None:
    keys = matched_keys(PHENETHYLAMMONIUM)
    assert "alkylammonium" in keys and "quaternary_ammonium" not in keys
    assert "quaternary_ammonium" in matched_keys("C[N+](C)(C)CCO")
    sentence = (
        "Treatment with 5a raised the average open-circuit voltage from 1.08 to 1.16 V, because "
        "its ammonium head group fills A-site vacancies and hydrogen-bonds to undercoordinated "
        "iodide, removing trap states at the surface."
    )
    answer = template_answer("5a", PHENETHYLAMMONIUM, sentence)
    assert answer.feature == "ammonium group"


def test_a_fronted_bearing_phrase_names_the_feature_even_with_locant_commas() -> None:
    found = _read(
        "Bearing an N1-2,4-difluorophenyl group, 4g was the least soluble compound in the "
        "series (0.08 mg mL−1 at pH 7.4), the flat aryl ring stacking with the quinolone core "
        "in the crystal lattice."
    )
    assert found.feature == "N1-2,4-difluorophenyl group"
    assert found.effect.startswith("4g was the least soluble compound")


def test_a_subject_may_end_on_a_measured_value() -> None:
    found = _read(
        "Addition of Cu2+ (10 equiv) to 3a at pH 7.4 produced a 120-fold increase in emission "
        "at 580 nm, because coordination of the metal to the hydrazide group triggers opening "
        "of the spirolactam ring and hydrolysis to fluorescent rhodamine B."
    )
    assert found.effect_form == "clause"  # "The observed outcome is addition of ... produced"


def test_a_cause_in_a_named_ligand_is_that_ligand_s() -> None:
    text = (
        "The methoxy group ortho to phosphorus in BrettPhos-type 2c pushes the lower ring over "
        "the metal centre, so reductive elimination from the amido complex outpaces β-hydride "
        "elimination and 5 was obtained in 96% yield."
    )
    feature = "methoxy group ortho to phosphorus in BrettPhos-type 2c"
    assert foreign_cause_owners(text, feature, ["5"]) == ("2c",)


THIAMETHOXAM = "CN1COCN(Cc2cnc(Cl)s2)C1=N[N+](=O)[O-]"


def test_a_nitroimine_is_neither_a_hydrazone_nor_a_basic_guanidine() -> None:
    keys = [g.key for g in visible_groups(THIAMETHOXAM)]
    assert "nitroimine" in keys
    assert "hydrazone" not in keys and "guanidine" not in keys
    assert "guanidine" in matched_keys("NC(=N)NCCC")
    assert "hydrazone" in matched_keys("CC=NNC(=O)C")


def test_a_ring_named_by_hantzsch_widman_nomenclature_covers_its_atoms() -> None:
    assert hantzsch_widman_rings("the 1,3,5-oxadiazinane ring") == [(6, {8: 1, 7: 2})]
    assert hantzsch_widman_rings("dioxane") == [(6, {8: 2})]
    assert hantzsch_widman_rings("tetrazole") == [(5, {7: 4})]
    assert hantzsch_widman_rings("piperidine") == []  # a trivial name is no such word
    assert hantzsch_widman_rings("ozone") == []
    assert len(named_ring_atoms(THIAMETHOXAM, "its oxadiazinane ring")) == 6
    sentence = (
        "Thiamethoxam (1b) is weak at the receptor in vitro yet potent in vivo; its "
        "oxadiazinane ring is opened metabolically in insects and plants to give "
        "clothianidin, the actual agonist."
    )
    # its ring oxygen and ring N-methyl are the ring's: too few others remain
    assert template_reason("1b", THIAMETHOXAM, sentence) == "too_few_features"


def test_a_second_effect_the_mechanism_explains_leaves_the_mechanism() -> None:
    found = _read(
        "In serum, 2a was slowly converted into a thiol adduct: the meso-phenoxy group, being a "
        "reasonable leaving group, is displaced by cysteine residues of albumin, which explains "
        "the gradual red shift of its absorption over 24 h."
    )
    assert found.mechanism == "is displaced by cysteine residues of albumin"


def test_a_phenoxy_group_holds_its_phenyl_ring() -> None:
    smiles = "CCCN1/C(=C/C=C2\\CCCC(/C=C/C3=[N+](CCC)c4ccccc4C3(C)C)=C2Oc2ccccc2)C(C)(C)c2ccccc21"
    sentence = (
        "In serum, 2a was slowly converted into a thiol adduct: the meso-phenoxy group, being a "
        "reasonable leaving group, is displaced by cysteine residues of albumin."
    )
    assert "unsubstituted phenyl ring" not in _offered("2a", smiles, sentence)


def test_a_reaction_at_a_site_is_no_compound_shown() -> None:
    smiles = "CCCN1/C(=C/C=C2\\CCCC(/C=C/C3=[N+](CCC)c4ccccc4C3(C)C)=C2Cl)C(C)(C)c2ccccc21"
    sentence = (
        "Substitution at the meso position was fast even at room temperature because the "
        "meso-chloro substituent of 1 sits on an electron-poor carbon of the polymethine and "
        "is displaced by an addition–elimination sequence."
    )
    mcq = template_mcq("1", smiles, sentence)
    assert mcq.stem.startswith("Substitution at the meso position was fast")


def test_the_observation_before_a_colon_is_what_its_explanation_explains() -> None:
    found = _read(
        "Dye 3 fluoresced weakly (ΦF = 0.04): its open polymethine chain, lacking the "
        "cyclohexene bridge, can twist about the C–C bonds in the excited state and so decays "
        "nonradiatively by photoisomerisation."
    )
    assert found.effect == "Dye 3 fluoresced weakly (ΦF = 0.04)"
    assert found.mechanism.endswith("and so decays nonradiatively by photoisomerisation")


def test_a_feature_cut_before_its_place_is_refused() -> None:
    found = decompose(
        "Installing an aryl fluoride at this position in 1g blocked that hydroxylation, and the "
        "microsomal half-life rose from 41 to 96 min without loss of potency (IC50 = 6 nM)."
    )
    assert not (isinstance(found, Decomposition) and found.feature == "aryl fluoride at")


def test_an_indane_holds_its_stereocentres() -> None:
    indabox = "c1ccc2c(c1)C[C@@H]1OC(C3(C4=N[C@@H]5c6ccccc6C[C@@H]5O4)CC3)=N[C@H]21"
    assert "indane" in matched_keys(indabox)
    sentence = (
        "The fused indane rings of 1d hold the aromatic ring rigidly over the metal, so that "
        "even without a tert-butyl group this ligand gave 4a in 95% ee."
    )
    # the defined stereocentres sit in the indanes: too few other features remain
    assert template_reason("1d", indabox, sentence) == "too_few_features"


def test_what_a_step_helps_explain_is_the_effect() -> None:
    found = _read(
        "Since the C2-symmetric backbone of 1a makes the two quadrants blocked by a tert-butyl "
        "group equivalent, only two competing approaches of the alkene need to be "
        "discriminated, which helps explain why such a simple ligand reaches high ee."
    )
    assert found.effect == "such a simple ligand reaches high ee"
    assert found.mechanism.endswith(
        "so only two competing approaches of the alkene need to be discriminated"
    )
