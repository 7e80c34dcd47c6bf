"""Groups named from where they sit in the structure (chemx.generation.naming)."""

from __future__ import annotations

import pytest
from rdkit import Chem

from chemx.generation.features import select_other_features, structure_features
from chemx.generation.naming import SpecificName, specific_names


def _names(smiles: str, key: str) -> list[str]:
    return [name.name for name in specific_names(Chem.MolFromSmiles(smiles), key)]


@pytest.mark.parametrize(
    ("smiles", "expected"),
    [
        ("Fc1cc(F)c(C(=O)NC)c(F)c1", ["2,4,6-trifluorophenyl ring"]),
        ("COc1ccc(CCN)cc1OC", ["3,4-dimethoxyphenyl ring"]),
        ("Clc1ccc(Br)c(C2CC2)c1", ["2-bromo-5-chlorophenyl ring"]),  # lowest locants
        ("N#Cc1ccc(C2CC2)cc1", ["4-cyanophenyl ring"]),
        ("FC(F)(F)c1cccc(C2CC2)c1", ["3-(trifluoromethyl)phenyl ring"]),
        ("FC(F)(F)c1cc(C2CC2)cc(C(F)(F)F)c1", ["3,5-bis(trifluoromethyl)phenyl ring"]),
        ("O=C(O)C1CC1c1ccccc1", ["unsubstituted phenyl ring"]),
        ("c1ccc(cc1)C(=O)Nc1ccc(Cl)cc1", ["4-chlorophenyl ring", "unsubstituted phenyl ring"]),
        ("Clc1ccc(Cl)cc1", []),  # a benzene, not a phenyl: nothing attaches it
        ("C(c1ccccc1)c1ccc(CC2CC2)cc1", ["unsubstituted phenyl ring"]),  # phenylene: unnamed
        ("c1ccc2ccccc2c1", []),  # fused rings are the catalogue's fused arene
    ],
)
def test_phenyl_rings_are_named_by_their_substituents(smiles: str, expected: list[str]) -> None:
    assert sorted(_names(smiles, "phenyl")) == sorted(expected)


@pytest.mark.parametrize(
    ("smiles", "expected"),
    [
        ("CCC(C)C(=O)Nc1ccccc1", "anilide N–H"),
        ("O=C1CCCN1", "lactam N–H"),
        ("CNC(=O)c1ccccc1", "aryl carboxamide N–H"),
        ("CC(=O)NC1CC1", "acetamide N–H"),
        ("CCC(=O)NCC", "aliphatic amide N–H"),
    ],
)
def test_amide_nh_is_named_by_what_bears_it(smiles: str, expected: str) -> None:
    assert _names(smiles, "amide_nh") == [expected]


@pytest.mark.parametrize(
    ("smiles", "expected"),
    [
        ("OC(=O)c1ccccc1", "benzoic acid"),
        ("OC(=O)c1ccncc1", "heteroarylcarboxylic acid"),
        ("OC(=O)Cc1ccccc1", "acetic acid side chain"),
        ("NC(Cc1ccccc1)C(=O)O", "α-amino acid carboxyl"),
        ("CC(C)(C)C(=O)O", "aliphatic carboxylic acid"),
    ],
)
def test_carboxylic_acids_are_named_by_their_carbon(smiles: str, expected: str) -> None:
    assert _names(smiles, "carboxylic_acid") == [expected]


def test_names_record_the_groups_they_spell_out() -> None:
    (name,) = specific_names(Chem.MolFromSmiles("COc1ccc(CCN)cc1OC"), "phenyl")
    assert name == SpecificName("3,4-dimethoxyphenyl ring", ("dimethoxyaryl", "methoxy_aryl"))


def test_structure_features_use_the_specific_names() -> None:
    pool = structure_features("Fc1ccc(NC(=O)c2ccccc2)cc1")
    names = {feature.name: feature for feature in pool}
    assert "phenyl ring" not in names and "amide N–H" not in names
    assert names["4-fluorophenyl ring"].covers == ("aryl_fluoride",)
    assert names["benzanilide N–H"].key == "amide_nh"


def test_a_name_that_spells_out_the_cause_is_not_a_distractor() -> None:
    pool = structure_features("Fc1ccc(C(=O)NC2CC2)cc1OC")
    chosen = {feature.name for feature in select_other_features("fluorine atom", pool)}
    assert not any("fluoro" in name for name in chosen), chosen
    # and a chosen ring name keeps the groups it covers from being offered again
    chosen_pool = select_other_features("three-membered ring", pool)
    keys = [key for f in chosen_pool for key in (f.key, *f.covers) if key]
    assert len(keys) == len(set(keys)), chosen_pool


@pytest.mark.parametrize(
    ("smiles", "key", "expected"),
    [
        ("CC(=O)Nc1cccc(NC2CC2)c1", "meta_phenylene", ["1,3-phenylene ring"]),
        ("Cc1ccc(C(=O)NC2CC2)cc1NC1CC1", "meta_phenylene", ["4-methyl-1,3-phenylene ring"]),
        ("OCc1ccc(C2CC2)cc1", "para_phenylene", ["1,4-phenylene ring"]),
        ("Fc1cc(OC2CC2)ccc1C1CC1", "para_phenylene", ["2-fluoro-1,4-phenylene ring"]),
        # one attachment and a simple substituent: a phenyl, named by the phenyl entry
        ("COc1cccc(OC)c1C1CC1", "meta_phenylene", []),
        ("Fc1ccc(C2CC2)cc1", "para_phenylene", []),
        # the spacing decides: a 1,4-ring is not a 1,3-ring
        ("OCc1ccc(C2CC2)cc1", "meta_phenylene", []),
    ],
)
def test_phenylenes_are_named_by_locants_and_substituents(
    smiles: str, key: str, expected: list[str]
) -> None:
    assert _names(smiles, key) == expected


@pytest.mark.parametrize(
    ("smiles", "expected"),
    [
        ("c1ccncc1C1CC1", ["3-pyridyl nitrogen"]),
        ("c1ccnc(c1)C1CC1", ["2-pyridyl nitrogen"]),
        ("c1cnccc1C1CC1", ["4-pyridyl nitrogen"]),
        ("Cc1ccnc(c1)C1CC1", ["2-pyridyl nitrogen"]),  # a methyl is not an attachment
        ("c1cnc(C2CC2)cc1C1CC1", []),  # attached twice: the catalogue's name stands
    ],
)
def test_pyridine_nitrogens_are_named_by_the_attachment(smiles: str, expected: list[str]) -> None:
    assert _names(smiles, "pyridine") == expected


@pytest.mark.parametrize(
    ("smiles", "expected"),
    [
        ("c1ccccc1CNC(=O)C", "benzylic CH2–N group"),
        ("c1ccccc1COC(=O)C", "benzylic CH2–O group"),
        ("c1ccccc1CC(=O)NC", "arylacetyl CH2 group"),
        ("c1ccccc1CCN", "benzylic CH2 of an alkyl chain"),
        ("c1ccccc1CC1=NCCC1", "benzylic CH2 group"),  # an sp2 partner: no chain
    ],
)
def test_benzylic_ch2_is_named_by_its_partner(smiles: str, expected: str) -> None:
    assert expected in _names(smiles, "benzylic_ch2")


def test_an_ortho_phenylene_links_two_neighbouring_attachments() -> None:
    assert _names("CSc1ccccc1NC(=O)C1CC1", "ortho_phenylene") == ["1,2-phenylene ring"]
    assert _names("Fc1ccccc1C1CC1", "ortho_phenylene") == []  # a 2-fluorophenyl


@pytest.mark.parametrize(
    ("smiles", "expected"),
    [
        ("CC(=O)Nc1ccccc1", "acetanilide N–H"),
        ("O=C(Nc1ccccc1)c1ccccc1", "benzanilide N–H"),
        ("Cn1cc(C(=O)Nc2ccccc2)cn1", "pyrazolecarboxanilide N–H"),
        ("O=C(Nc1ccccc1)C1CC1", "cyclopropanecarboxanilide N–H"),
        ("CN(C)CC(=O)Nc1ccccc1", "aminoacetanilide N–H"),
        ("O=C(Nc1ccccc1)C1CCCC1", "anilide N–H"),  # an acid it does not name
        ("CC(=O)Nc1ccncc1", "N-pyridyl acetamide N–H"),  # not an anilide: no phenyl
    ],
)
def test_anilides_are_named_by_their_acid(smiles: str, expected: str) -> None:
    assert _names(smiles, "amide_nh") == [expected]


def test_a_phenylene_is_not_also_offered_as_a_phenyl_ring() -> None:
    names = [feature.name for feature in structure_features("CC(=O)Nc1cccc(NC2CC2)c1")]
    assert "1,3-phenylene ring" in names
    assert "phenyl ring" not in names
