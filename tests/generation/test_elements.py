"""What a feature's name commits the drawing to: its elements and its X–H bonds."""

from __future__ import annotations

import pytest

from chemx.generation.catalogue import group_for_feature
from chemx.generation.elements import missing_hydrogens
from tests._helpers import template_reason

GLUTARIMIDE_NH = "O=C1CCC(N2Cc3ccccc3C2=O)C(=O)N1"
GLUTARIMIDE_NME = "CN1C(=O)CCC(N2Cc3ccccc3C2=O)C1=O"


@pytest.mark.parametrize(
    ("feature", "smiles", "lacking"),
    [
        ("phenol O–H", "COc1ccc(C)cc1", ["O–H"]),
        ("phenol O–H", "Oc1ccc(C)cc1", []),
        ("free NH2", "CN(C)c1ccccc1", ["N–H"]),
        ("indole NH", "c1ccc2[nH]ccc2c1", []),
        ("ortho-methyl groups", "Cc1ccccc1C", []),  # names no X–H bond
        ("OMe group", "COc1ccccc1", []),  # 'OMe' is no O–H
    ],
)
def test_a_named_bond_to_hydrogen_needs_an_atom_that_carries_it(
    feature: str, smiles: str, lacking: list[str]
) -> None:
    assert missing_hydrogens(feature, smiles) == lacking


def test_only_the_named_groups_atoms_count_when_it_is_drawn() -> None:
    imide = group_for_feature("imide N–H")
    assert imide is not None and imide.smarts
    # the N-methyl glutarimide keeps no imide N–H, though its lactam ring has none either
    assert missing_hydrogens("imide N–H", GLUTARIMIDE_NME, imide.smarts) == ["N–H"]
    assert missing_hydrogens("imide N–H", GLUTARIMIDE_NH, imide.smarts) == []
    # with an amide N–H elsewhere in the drawing, the imide's own nitrogen still decides
    amide_elsewhere = "CNC(=O)c1ccc(cc1)N1C(=O)CCC1=O"
    assert missing_hydrogens("imide N–H", amide_elsewhere, imide.smarts) == ["N–H"]
    assert missing_hydrogens("imide N–H", amide_elsewhere) == []


def test_a_cause_naming_a_bond_the_drawing_lacks_is_not_drawn() -> None:
    sentence = (
        "2c did not degrade BRD4 at all, because the imide N–H normally donates a hydrogen "
        "bond to the backbone carbonyl of His378."
    )

    assert template_reason("2c", GLUTARIMIDE_NME, sentence) == "feature_not_drawn"
    assert template_reason("2c", GLUTARIMIDE_NH, sentence) != "feature_not_drawn"
