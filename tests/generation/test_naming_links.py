"""A skeleton's links named by what they join (chemx.generation.naming_links)."""

from __future__ import annotations

import pytest
from rdkit import Chem

from chemx.generation.features import select_other_features, structure_features
from chemx.generation.naming_links import context_names, ring_noun


def _names(smiles: str, key: str) -> list[str]:
    return [name.name for name in context_names(Chem.MolFromSmiles(smiles), key)]


@pytest.mark.parametrize(
    ("smiles", "expected"),
    [
        ("c1ccc(-c2ccncc2)cc1", ["pyridine–benzene biaryl bond"]),
        ("c1ccc(-c2ccccc2)cc1", ["biphenyl bond"]),
        ("Nc1nccc(-c2cccnc2)n1", ["pyridine–pyrimidine biaryl bond"]),
        (
            "Cc1ccc(-c2cccs2)cc1-c1ncccn1",
            ["pyrimidine–benzene biaryl bond", "thiophene–benzene biaryl bond"],
        ),
        ("c1ccc2ccccc2c1-c1ccccc1", []),  # a fused ring has no monocyclic name
        ("Cc1ccccc1", []),
    ],
)
def test_a_biaryl_bond_is_named_by_its_two_rings(smiles: str, expected: list[str]) -> None:
    assert sorted(_names(smiles, "biaryl")) == sorted(expected)


@pytest.mark.parametrize(
    ("smiles", "noun"),
    [
        ("c1ccncc1", "pyridine"),
        ("c1cncnc1", "pyrimidine"),
        ("c1cnccn1", "pyrazine"),
        ("c1ccnnc1", "pyridazine"),
        ("c1ccsc1", "thiophene"),
        ("c1cn[nH]c1", "pyrazole"),
        ("c1c[nH]cn1", "imidazole"),
        ("c1cscn1", "thiazole"),
        ("c1cnoc1", "isoxazole"),
        ("c1nncnn1", "tetrazine"),
    ],
)
def test_monocyclic_aromatic_rings_are_named_by_size_and_heteroatoms(
    smiles: str, noun: str
) -> None:
    molecule = Chem.MolFromSmiles(smiles)
    assert ring_noun(molecule, molecule.GetRingInfo().AtomRings()[0]) == noun


@pytest.mark.parametrize(
    ("smiles", "expected"),
    [
        ("CC(=O)NCCc1ccccc1", ["aryl–CH2CH2–N linker"]),
        ("OCCN1CCOCC1", ["N–CH2CH2–O linker"]),
        ("OC(=O)CCC(=O)O", ["C(=O)–CH2CH2–C(=O) linker"]),
        ("C1CCOC1", []),  # a ring's CH2–CH2 is no linker
    ],
)
def test_an_ethylene_linker_is_named_by_its_ends(smiles: str, expected: list[str]) -> None:
    assert _names(smiles, "ethylene_linker") == expected


def test_named_links_are_offered_instead_of_the_catalogue_words() -> None:
    names = [feature.name for feature in structure_features("CC(=O)NCCc1ccc(-c2ccncc2)cc1")]
    assert "pyridine–benzene biaryl bond" in names and "biaryl bond" not in names
    assert "aryl–CH2CH2–N linker" in names and "ethylene (CH2–CH2) linker" not in names


def test_a_named_biaryl_bond_is_not_a_wrong_answer_to_the_biaryl_bond() -> None:
    candidates = structure_features("Cc1ccc(-c2ccncc2)c(C)c1C(=O)N")
    chosen = select_other_features("the twisted biaryl bond", candidates)
    assert not any("biaryl" in feature.name for feature in chosen)
