"""The substituent vocabulary and R-group resolution (RDKit canonical SMILES)."""

import pytest
from rdkit import Chem

from chemx.visual.rgroups import (
    RGROUP_BACKEND,
    clean_value,
    resolve_rgroups,
    ring_locant,
    substituent_smiles,
)


def canonical(smiles: str) -> str:
    return str(Chem.MolToSmiles(Chem.MolFromSmiles(smiles)))


@pytest.mark.parametrize(
    ("printed", "fragment"),
    [
        ("Me", "*C"),
        ("tBu", "*C(C)(C)C"),
        ("OMe", "*OC"),
        ("MeO", "*OC"),
        ("CF3", "*C(F)(F)F"),
        ("NO2", "*[N+](=O)[O-]"),
        ("CO2Me", "*C(=O)OC"),
        ("4-F-C6H4", "*c1ccc(F)cc1"),
        ("4-FC6H4", "*c1ccc(F)cc1"),
        ("p-ClPh", "*c1ccc(Cl)cc1"),
        ("3,4-Cl2C6H3", "*c1ccc(Cl)c(Cl)c1"),
        ("4-MeOC6H4", "*c1ccc(OC)cc1"),
        ("3-pyridyl", "*c1cccnc1"),
        ("2-naphthyl", "*c1ccc2ccccc2c1"),
    ],
)
def test_vocabulary_gives_the_group_with_its_attachment_point(printed: str, fragment: str) -> None:
    found = substituent_smiles(printed)
    assert found is not None
    assert canonical(found) == canonical(fragment)


@pytest.mark.parametrize(
    ("read", "fixed"), [("NOz", "NO2"), ("COzMe", "CO2Me"), ("'Bu", "tBu"), ("1", "I"), ("|", "I")]
)
def test_ocr_slips_in_formulas_are_repaired(read: str, fixed: str) -> None:
    assert clean_value(read) == fixed


def test_a_ring_locant_is_told_apart_from_a_whole_aryl_group() -> None:
    assert ring_locant("4-F") == "4"
    assert ring_locant("m-Cl") == "m"
    assert ring_locant("4-F-C6H4") is None
    assert ring_locant("2-naphthyl") is None


@pytest.mark.parametrize(
    ("scaffold", "groups", "expected"),
    [
        ("*c1ccccc1", {"R": "OMe"}, "COc1ccccc1"),
        ("*c1ccccc1", {"R": "H"}, "c1ccccc1"),
        ("*N1C(=O)C=CC1=O", {"R": "Bn"}, "O=C1C=CC(=O)N1Cc1ccccc1"),
        ("[1*]c1ccc([2*])cc1", {"R1": "F", "R2": "Me"}, "Cc1ccc(F)cc1"),
        ("*c1ccc(*)cc1", {"R": "Cl", "R'": "Cl"}, "Clc1ccc(Cl)cc1"),
        ("[AlH2]c1ccccc1", {"Ar": "4-F-C6H4"}, "Fc1ccc(-c2ccccc2)cc1"),
    ],
)
def test_resolution_builds_the_row_compound(
    scaffold: str, groups: dict[str, str], expected: str
) -> None:
    result = resolve_rgroups(scaffold, groups)
    assert result.reason is None and result.backend == RGROUP_BACKEND
    assert result.smiles == canonical(expected)


@pytest.mark.parametrize(
    ("scaffold", "groups", "reason"),
    [
        (None, {"R": "Me"}, "the scaffold could not be read (no OCSR reading)"),
        ("CC", {"R": "Me"}, "the scaffold reading has no attachment point"),
        ("*CC", {"R": "Xyz"}, "R = Xyz: not in the substituent vocabulary"),
        (
            "*CC",
            {"R": "4-F"},
            "R = 4-F gives a ring position (4-): placing it needs the ring's numbering, "
            "which the scaffold reading does not keep",
        ),
        (
            "*CC*",
            {"R": "Me"},
            "the scaffold reading has 2 unresolved atoms (R groups, or abbreviations the "
            "reader could not expand), the row names 1 group(s) (R)",
        ),
        (
            "*c1ccc(*)cc1",
            {"R": "H", "R'": "Me"},
            "the scaffold reading does not say which attachment point is which group",
        ),
        ("*CC", {"n": "1", "R": "H"}, "n = 1 is a repeat count: repeat units are not resolved"),
    ],
)
def test_resolution_says_why_it_cannot(
    scaffold: str | None, groups: dict[str, str], reason: str
) -> None:
    result = resolve_rgroups(scaffold, groups)
    assert result.smiles is None
    assert result.reason == reason
