"""Misreadings found on blind corpora 57 and 58 (PARP inhibitors, CuAAC ligands, BODIPY
dyes, strobilurins, electrolyte additives; SGLT2 inhibitors, NHC ligands, near-infrared
dyes, GABA-A modulators, high-performance polymers).

Written by authors who never saw the decomposition; both were built at base (cadd393:
8 items from 30 blocks and 14 from 26, 11 of the 22 valid) and at the commit frozen after
the blind-55/56 fixes (bbfe74f: 7 and 14 items, 10 valid) before their items were read.
The rules below come from their invalid items.
"""

from __future__ import annotations

from chemx.generation.catalogue import group_for_feature, ungraded_entries
from chemx.generation.extract import Vague, decompose
from chemx.generation.paper_features import _acceptable
from chemx.generation.shown import neutral_effect
from tests._helpers import decomposed as _read
from tests._helpers import template_answer, template_mcq, template_reason

CANAGLIFLOZIN_TYPE = "Fc1ccc(-c4ccc(Cc2cc([C@@H]3O[C@H](CO)[C@@H](O)[C@H](O)[C@H]3O)ccc2C)s4)cc1"
TBTA = "C(c1cn(Cc2ccccc2)nn1)N(Cc1cn(Cc2ccccc2)nn1)Cc1cn(Cc2ccccc2)nn1"


def test_a_sulfonato_group_is_the_sulfonate_entry() -> None:
    group = group_for_feature("5-sulfonato groups")
    assert group is not None and group.key == "sulfonic_acid"


def test_a_compound_head_is_no_feature_the_paper_names() -> None:
    assert not _acceptable("2′-chloro analogue")
    assert _acceptable("2′-chloro substituent")
    found = decompose(
        "The methyl analogue 2b was about three times less potent (3.6 nM) than 2a, because "
        "the methyl analogue 2b lacks the ether oxygen of 2a."
    )
    assert isinstance(found, Vague)


def test_a_cause_after_whereas_explains_the_nearest_clause() -> None:
    found = _read(
        "In rat intestinal homogenate 1 was 90% hydrolysed within 40 min, whereas 2a survived "
        "24 h in the same medium intact, because its C–C anomeric bond cannot be cleaved by "
        "the β-glucosidases that rapidly hydrolyse the acetal linkage of 1."
    )
    assert found.effect == "2a survived 24 h in the same medium intact"
    assert found.feature == "C–C anomeric bond"


def test_a_tail_keeps_its_name_and_its_inner_biaryl_bond_is_no_wrong_answer() -> None:
    sentence = (
        "The canagliflozin-type thiophene 4 retained low-nanomolar SGLT2 potency (IC50 "
        "4.4 nM) but was only about 150-fold selective, because its extended "
        "fluorophenyl-thiophene tail reaches a lipophilic sub-pocket that is open in both "
        "transporters."
    )
    answer = template_answer("4", CANAGLIFLOZIN_TYPE, sentence)
    assert answer.text.startswith("The extended fluorophenyl-thiophene tail reaches")
    mcq = template_mcq("4", CANAGLIFLOZIN_TYPE, sentence)
    assert not any("biaryl bond" in option.text for option in mcq.options)


def test_a_statement_of_identity_is_no_mechanism() -> None:
    found = decompose(
        "The ethyl ether 2a, which corresponds to dapagliflozin, gave IC50 values of 1.2 nM at "
        "SGLT2 and 1.4 µM at SGLT1, a selectivity of about 1200-fold."
    )
    assert isinstance(found, Vague)


def test_a_participle_before_so_that_is_part_of_the_mechanism() -> None:
    found = _read(
        "The dichlorinated backbone of 1d made the carbene a weaker σ-donor, rendering the "
        "gold centre more electrophilic, so that the reaction was complete within 15 min at "
        "25 °C with 1 mol% catalyst."
    )
    assert found.effect == "the reaction was complete within 15 min at 25 °C with 1 mol% catalyst"
    assert found.mechanism == (
        "made the carbene a weaker σ-donor and rendered the gold centre more electrophilic"
    )


def test_a_list_of_findings_keeps_only_the_features_own() -> None:
    found = _read(
        "An electron-withdrawing 7-substituent and an ortho-halogen on the pendant phenyl ring "
        "each increased affinity, none of the benzodiazepines was subtype-selective, zolpidem "
        "was α1-preferring, and half-lives were governed by directly conjugatable groups."
    )
    assert found.effect == "increased affinity"
    assert not found.feature.endswith("each")


def test_a_label_inside_a_compound_word_is_written_out() -> None:
    assert neutral_effect("the rise in impedance of 2c-containing cells", ["2c"]) == (
        "the rise in impedance of cells containing the compound shown"
    )
    assert neutral_effect("3-based devices reached 18%", ["2c"]) == "3-based devices reached 18%"


def test_benzyl_arms_cover_their_phenyl_rings() -> None:
    group = group_for_feature("three benzyl arms")
    assert group is not None and group.key == "benzylic_ch2"
    assert "phenyl" in ungraded_entries("three benzyl arms")
    reason = template_reason(
        "1",
        TBTA,
        "Ligand 1 could only be examined with 20% DMSO as co-solvent, owing to its three "
        "benzyl arms, which make the ligand so hydrophobic that it precipitates from buffer.",
    )
    assert reason == "too_few_features"  # the phenyl rings were the one wrong answer left


def test_a_question_is_no_feature() -> None:
    found = decompose(
        "The series was designed to answer three questions: how much the anomeric linkage "
        "matters, how the para substituent of the distal ring influences potency, and which "
        "positions of the aglycone determine metabolic stability."
    )
    assert isinstance(found, Vague)


def test_a_larger_polar_surface_is_rivalled_by_an_acidic_n_h() -> None:
    from chemx.generation.mechanism_classes import rival_actions, rivals

    answer = rival_actions("extra ether oxygen and larger polar surface area slow permeation")
    assert answer == {"polarity"}
    assert rivals(answer, "presents an acidic N–H")
    assert not rivals(answer, "adds a flat hydrophobic surface")


def test_a_ring_system_named_by_its_rings_keeps_its_name() -> None:
    answer = template_answer(
        "2c",
        "O=C(O)c1cn(C2CC2)c2cc(N3C[C@@H]4CCCN[C@@H]4C3)c(F)cc2c1=O",
        "The bicyclic amine of 2c is poorly recognised by NorA, so that its MIC against "
        "SA-1199B was only twice that against the NorA-deleted strain.",
    )
    assert answer.text.startswith("The bicyclic amine is poorly recognised by NorA")


def test_groups_named_by_their_charge_are_the_drawn_charged_groups() -> None:
    reason = template_reason(
        "4b",
        "CN1/C(=C/C=C2\\CCCC(/C=C/C3=[N+](C)c4ccc(S(=O)(=O)[O-])cc4C3(C)C)=C2Cl)C(C)(C)"
        "c2cc(S(=O)(=O)[O-])ccc21",
        "The 5-sulfonato groups of 4b kept the dye monomeric up to 50 µM in PBS, because the "
        "two anionic groups at the indolenine rims repel neighbouring chromophores "
        "electrostatically and hydrate the aromatic faces.",
    )
    assert reason == "too_few_features"  # the sulfonates were offered as a wrong answer


def test_one_compound_of_a_named_range_is_the_one_shown() -> None:
    assert neutral_effect("All three precatalysts 2a–2c activated within minutes", ["2c"]) == (
        "The precatalyst shown activated within minutes"
    )
    assert neutral_effect("All three precatalysts 2a–2c were active", ["2c"]) == (
        "The precatalyst shown was active"
    )
