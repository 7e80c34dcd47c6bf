"""Wrong answers that a chemist could defend as the answer (seen on blind-50 and blind-51).

Each wrong answer below was either a part of the answer's own group, named otherwise (the
phenoxazine's ring oxygen as "the diaryl ether", the ring that holds two fluorines side by
side as "the ortho-disubstituted benzene ring", the cyano groups of "the dicyanated core"),
or a second group doing what the answer does (a second electron-withdrawing group where
the paper's chlorines pull the HOMO down, a benzylic CH2 "flexible spacer" beside the
paper's flexible linker). Each one made an item with two defensible answers.
"""

from __future__ import annotations

from chemx.generation.backends import _competes
from chemx.generation.feature_names import groups_inside_words, spelled_out
from chemx.generation.features import select_other_features, structure_features
from chemx.generation.mechanism_classes import rival_actions
from chemx.generation.overlap import described_ring_atoms, places_the_cause
from tests._helpers import template_mcq, template_reason

DICHLORO_CARBAZOLE_CATALYST = (
    "N#Cc1cc(-n2c3ccc(Cl)cc3c3cc(Cl)ccc32)c(-n2c3ccc(Cl)cc3c3cc(Cl)ccc32)cc1C#N"
)
PHENOXAZINE_CATALYST = "N#Cc1cc(N2c3ccccc3Oc3ccccc32)c(N2c3ccccc3Oc3ccccc32)cc1C#N"
DIFLUORO_TERPHENYL = "CCCCCc1ccc(-c2ccc(-c3ccc(CCC)cc3)c(F)c2F)cc1"
LINKED_CARBOXAMIDE = "Cn1cc(C(=O)N(OC)C(C)Cc2c(Cl)cc(Cl)cc2Cl)c(C(F)F)n1"


def _wrong_options(label: str, smiles: str, sentence: str) -> list[str]:
    mcq = template_mcq(label, smiles, sentence)
    return [option.text for option in mcq.options if option.letter != mcq.answer]


def test_a_second_electron_withdrawing_group_is_no_wrong_answer_to_a_lowered_orbital() -> None:
    wrong = _wrong_options(
        "2b",
        DICHLORO_CARBAZOLE_CATALYST,
        "Conversely, the chlorine atoms of 2b pull the donor HOMO down, making the excited "
        "catalyst a strong enough oxidant (E*red = +1.68 V) to decarboxylate unactivated "
        "cyclohexanecarboxylate, and 2b was the only catalyst in the series to give the "
        "corresponding Giese adduct in useful yield (71%; 18% with 1).",
    )
    assert not any("withdraws electron density" in text for text in wrong), wrong
    # a donor that raises the HOMO argues the other way and may stay
    assert any("carbazole" in text for text in wrong), wrong


def test_rival_actions_say_which_way_a_group_acts() -> None:
    assert rival_actions("pull the donor HOMO down") == {"electron_pull"}
    assert rival_actions("deepens the LUMO to −4.08 eV") == {"electron_pull"}
    assert rival_actions("withdraws electron density through its C≡N bond") == {"electron_pull"}
    assert rival_actions("is a rigid, electron-rich donor that raises the HOMO") == {
        "electron_push"
    }
    assert rival_actions("acts as a flexible spacer") == {"flexibility"}
    # what a ring is, not what it does to the effect
    assert rival_actions("is an electron-rich ring") == set()
    assert rival_actions("accepts a hydrogen bond at its pyridine-like nitrogen") == set()
    assert _competes(set(), "withdraws electron density", rival_actions("lower the LUMO"))
    assert not _competes(set(), "donates electron density", rival_actions("lower the LUMO"))


def test_a_second_flexible_part_is_no_wrong_answer_to_a_flexible_linker() -> None:
    wrong = _wrong_options(
        "5",
        LINKED_CARBOXAMIDE,
        "The N-methoxy amide 5, in contrast, retained most of its activity (RF = 4), thanks "
        "to the flexible propan-2-yl linker, which lets the trichlorophenyl ring swing away "
        "from the bulkier arginine side chain introduced by the mutation instead of "
        "clashing with it.",
    )
    assert not any("flexible" in text for text in wrong), wrong


def test_a_ring_system_named_by_its_ring_count_holds_its_heteroatoms() -> None:
    atoms = described_ring_atoms(PHENOXAZINE_CATALYST, "the electron-rich tricyclic donor")
    # both phenoxazines, 14 atoms each, and none of the phthalonitrile
    assert len(atoms) == 28
    assert not described_ring_atoms(PHENOXAZINE_CATALYST, "the bicyclic core")
    assert not described_ring_atoms(PHENOXAZINE_CATALYST, "the electron-rich donor")
    candidates = structure_features(PHENOXAZINE_CATALYST)
    kept = select_other_features(
        "electron-rich tricyclic donor",
        candidates,
        limit=10,
        mechanism="lies nearly orthogonal to the phthalonitrile",
        smiles=PHENOXAZINE_CATALYST,
    )
    keys = {feature.key for feature in kept}
    assert "n_aryl" not in keys and "diaryl_ether" not in keys, keys
    # without the drawing's atoms the ring's bonds are still offered
    unplaced = select_other_features(
        "electron-rich tricyclic donor",
        candidates,
        limit=10,
        mechanism="lies nearly orthogonal to the phthalonitrile",
    )
    assert {"n_aryl", "diaryl_ether"} <= {feature.key for feature in unplaced}


def test_a_phenoxazine_catalyst_whose_other_features_are_its_donor_has_no_item() -> None:
    assert (
        template_reason(
            "5",
            PHENOXAZINE_CATALYST,
            "The phenoxazine catalyst 5 was almost inactive (12%): the electron-rich "
            "tricyclic donor lies nearly orthogonal to the phthalonitrile and gives a "
            "low-energy charge-transfer state (E0,0 = 2.30 eV) whose oxidising power "
            "(+0.96 V) is insufficient.",
        )
        == "too_few_features"
    )


def test_the_ring_that_places_the_answer_is_no_wrong_answer() -> None:
    assert places_the_cause(DIFLUORO_TERPHENYL, {"aryl_fluoride"}, "ortho_phenylene")
    # the para rings also hold the alkyl chains and the biaryl bonds: features of their own
    assert not places_the_cause(DIFLUORO_TERPHENYL, {"aryl_fluoride"}, "para_phenylene")
    wrong = _wrong_options(
        "4",
        DIFLUORO_TERPHENYL,
        "The 2',3'-difluoro substitution of 4 gives a negative dielectric anisotropy "
        "(Δε = −2.6), because the two adjacent C–F dipoles add up to a strong dipole "
        "perpendicular to the long molecular axis.",
    )
    assert not any("ortho-disubstituted" in text for text in wrong), wrong


def test_a_word_for_putting_a_group_on_names_the_group() -> None:
    assert groups_inside_words("the strongly electron-poor dicyanated core") == {"nitrile"}
    assert groups_inside_words("N-methylation of the amide") == {"aryl_methyl"}
    assert groups_inside_words("a trifluoromethylated arene") == {"trifluoromethyl"}
    assert groups_inside_words("their relation to potency") == set()
    assert spelled_out("dicyanated core", None) == ("nitrile",)


def test_a_second_group_that_restricts_rotation_is_no_wrong_answer_to_a_lock() -> None:
    answer = rival_actions("locks this geometry by raising the barrier to torsion away from 90°")
    assert answer == {"rigidity"}
    assert _competes(
        set(), "restricts conformational freedom through the Thorpe–Ingold effect", answer
    )
    assert not _competes(set(), "provides a rigid, conjugated lactone chromophore", answer)
    assert not _competes(set(), "blocks one face sterically", answer)


def test_a_ring_is_the_placement_only_of_a_substituent_it_carries() -> None:
    # the bridging N-methyl aniline of the sample: the 1,3-phenylene ring it sits on is a
    # feature of its own, not where "the bridging nitrogen" is placed
    smiles = "CC(=O)Nc1cccc(N(C)c2nccc(-c3cccnc3)n2)c1"
    assert not places_the_cause(smiles, {"n_aryl"}, "meta_phenylene")
    wrong = _wrong_options(
        "1a",
        smiles,
        "Methylation of the bridging nitrogen in 1a removes the NH donor that hydrogen-bonds "
        "to the hinge carbonyl of Glu91, which accounts for the loss of all measurable "
        "activity (IC50 > 50 µM).",
    )
    assert any("1,3-phenylene" in text for text in wrong), wrong
