"""Readings found wrong on a twelfth blind corpus (covalent BTK inhibitors, arylazopyrazole
photoswitches, Pd C–H arylation, TADF emitters, β-lactamase inhibitors, squaramide
organocatalysts), written by an author who never saw the decomposition.

Each miss wrote an invalid item: a participle made finite by a spelling rule ("servs"),
an observation owned by the compound that was added ("Adding L1 ...") asked on another
drawing, a fronted "With 10a and L2," left in the stem, a compound's role in the study
("a useful negative control") taken for an effect, a "whose" clause that lost what it
owns, a class of substrates ("Aliphatic nitroalkenes") taken for a drawn group, a cleft
that points back, a class noun before a pair's label that names the answer, and
"fluorene" read as a fluorine.
"""

from __future__ import annotations

import pytest

from chemx.generation.elements import named_elements
from chemx.generation.extract import Vague, decompose
from chemx.generation.owners import effect_owners, explains_other
from chemx.generation.pairs import without_feature_class_nouns
from tests._helpers import decomposed as _read

ADDING_L1 = (
    "Adding L1 raised the yield to 81%, the N-acetyl group serving as an internal base that "
    "removes the proton in the CMD transition state."
)


def test_an_absolute_clause_is_read_at_the_participle_it_made_finite() -> None:
    found = _read(ADDING_L1)
    assert found.feature == "N-acetyl group"
    assert found.mechanism == (
        "serves as an internal base that removes the proton in the CMD transition state"
    )


def test_an_observation_made_by_adding_a_compound_is_that_compounds() -> None:
    found = _read(ADDING_L1)
    assert effect_owners(found) == ("L1",)
    assert explains_other(ADDING_L1, found, ["L2"]) == "the effect is L1's"
    assert explains_other(ADDING_L1, found, ["L1"]) is None


def test_a_fronted_with_naming_the_compounds_used_leaves_the_effect() -> None:
    found = _read(
        "With the 8-aminoquinoline amide 10a and the mono-N-protected amino acid L2, arylation "
        "occurs exclusively at the less hindered C6 position, because the tert-butyl side chain "
        "of the ligand disfavours the palladacycle in which the meta-methyl group lies next to "
        "the metal."
    )
    assert found.effect == "arylation occurs exclusively at the less hindered C6 position"
    assert found.feature == "tert-butyl side chain of the ligand"


@pytest.mark.parametrize(
    ("sentence", "reason"),
    [
        (
            "Carbazole–triazine 2a is a useful negative control: the carbazole donor can rotate "
            "toward coplanarity with the phenylene ring.",
            "no_effect",
        ),
        (
            "Aliphatic nitroalkenes are less electrophilic, so the adduct bearing a cyclohexyl "
            "group, 20e, required 72 h and was isolated in only 68% yield.",
            "no_feature",
        ),
        (
            "In the C2 structure the tert-butyl side chain of the ligand sits within 2.3 Å of a "
            "methyl hydrogen, and it is this contact, absent from the C6 pathway, that accounts "
            "for the high selectivity.",
            "no_feature",
        ),
    ],
)
def test_roles_classes_and_clefts_are_no_explanation_of_a_drawing(
    sentence: str, reason: str
) -> None:
    found = decompose(sentence)
    assert isinstance(found, Vague)
    assert found.reason == reason


def test_a_study_role_is_no_effect() -> None:
    found = decompose(
        "Compound 2a is a useful negative control, because its carbazole donor can rotate "
        "toward coplanarity with the phenylene ring."
    )
    assert isinstance(found, Vague)
    assert "role in the study" in found.detail


def test_a_whose_clause_keeps_what_the_feature_owns() -> None:
    found = _read(
        "Its delayed-fluorescence lifetime was nevertheless short (1.9 μs), owing to the "
        "carbonyl group, whose n–π* triplet lies close to the charge-transfer states and "
        "mediates spin–orbit coupling."
    )
    assert found.feature == "carbonyl group"
    assert found.mechanism.startswith("has an n–π* triplet that lies close to")


def test_a_bare_plural_of_halogen_atoms_is_still_a_feature() -> None:
    found = _read(
        "Two fluorines at C3 and C5 lower the pKa of the phenol, so 4b is fully ionised at pH 7.4."
    )
    assert found.feature == "Two fluorines at C3 and C5"


def test_the_subject_after_an_adverbial_without_a_comma_starts_at_its_own_determiner() -> None:
    found = _read(
        "In the crystal structure the ortho-methyl group twists the aryl ring out of plane, "
        "which raises the quantum yield to 0.9."
    )
    assert found.feature == "ortho-methyl group"


@pytest.mark.parametrize(
    ("effect", "expected"),
    [
        (
            "The but-2-ynamide 6b reacted six times more slowly with glutathione than 5a",
            "Compound 6b reacted six times more slowly with glutathione than 5a",
        ),
        ("The more potent 6b reacted faster than 5a", "The more potent 6b reacted faster than 5a"),
    ],
)
def test_a_pair_stem_drops_a_class_noun_that_names_structure(effect: str, expected: str) -> None:
    assert without_feature_class_nouns(effect, ["6b", "5a"], "internal alkyne") == expected


@pytest.mark.parametrize(
    ("feature", "elements"),
    [
        ("spiro-fluorene unit", set()),
        ("fluorescent core", set()),
        ("4-fluorophenyl group", {"F"}),
        ("perfluoroalkyl chain", {"F"}),
    ],
)
def test_fluorene_and_fluorescence_name_no_fluorine(feature: str, elements: set[str]) -> None:
    assert named_elements(feature) == elements


def test_a_process_named_with_its_agent_is_no_feature() -> None:
    found = decompose(
        "Avibactam (15a) inhibits KPC-2 with a long residence time because acylation by its "
        "diazabicyclooctane core is reversed by recyclization rather than by hydrolysis."
    )
    assert isinstance(found, Vague)
    assert found.reason == "no_feature"


PHENOXAZINE_EMITTER = "c1ccc(-c2nc(-c3ccccc3)nc(-c3ccc(N4c5ccccc5Oc5ccccc54)cc3)n2)cc1"


@pytest.mark.parametrize(
    ("feature", "smiles", "expected"),
    [
        ("ring oxygen bridge", PHENOXAZINE_EMITTER, True),  # its only oxygen is the ether's
        ("ring oxygen bridge", "COc1ccc(Oc2ccccc2)cc1", False),  # a methoxy oxygen besides
        ("spiro-fluorene unit", PHENOXAZINE_EMITTER, False),  # no spiro atom drawn
    ],
)
def test_a_distractor_group_holding_every_atom_the_answer_names_is_the_answer(
    feature: str, smiles: str, expected: bool
) -> None:
    from chemx.generation.catalogue import BY_KEY
    from chemx.generation.elements import atom_only_in

    assert atom_only_in(feature, BY_KEY["diaryl_ether"].smarts, smiles) is expected


def test_the_spiro_atom_of_a_spiro_unit_is_the_quaternary_carbon() -> None:
    from chemx.generation.catalogue import BY_KEY
    from chemx.generation.elements import atom_only_in

    spiro_acridan = "c1ccc2c(c1)N(c1ccccc1)c1ccccc1C21c2ccccc2-c2ccccc21"
    quaternary = BY_KEY["quaternary_carbon"].smarts
    assert atom_only_in("spiro-fluorene unit", quaternary, spiro_acridan)
    assert not atom_only_in("N-phenyl group", quaternary, spiro_acridan)


def test_what_the_authors_do_next_is_no_effect() -> None:
    found = decompose(
        "Because cyclic boronates and DBOs are complementary rather than redundant, we are now "
        "evaluating the combination of 14d and 15d with sulbactam."
    )
    assert isinstance(found, Vague)
    assert found.reason == "no_effect"


def test_a_reporting_frame_leaves_the_effect_and_originates_in_is_causal() -> None:
    found = _read(
        "We show that the long Z-isomer half-life of 3b (t1/2 = 1020 d) originates in its "
        "3,5-dimethyl groups, which twist the pyrazole out of conjugation with the azo unit."
    )
    assert found.effect == "the long Z-isomer half-life of 3b"
    assert found.effect_form == "np"
    assert found.feature == "3,5-dimethyl groups"


def test_a_so_clause_after_a_colon_gives_the_effect_not_the_role_before_it() -> None:
    found = _read(
        "Carbazole–triazine 2a is a useful negative control: the carbazole donor can rotate "
        "toward coplanarity with the phenylene ring, so HOMO and LUMO overlap substantially."
    )
    assert found.effect == "HOMO and LUMO overlap substantially"
    assert found.feature == "carbazole donor"
