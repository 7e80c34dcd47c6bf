"""Catalogue lookups by a feature's name: its head, and the parts of a compound's name."""

from __future__ import annotations

import pytest

from chemx.generation.catalogue import group_for_feature, groups_inside_name


@pytest.mark.parametrize(
    ("feature", "key"),
    [
        # the head before what places or owns it
        ("methyl group ortho to fluorine", "aryl_methyl"),
        ("free 3-OH, gauche to the ester", "alcohol"),
        ("lone pair of the morpholine", "morpholine"),
        # ester names and ring halides
        ("2-O-acetyl group", "ester"),
        ("4-fluorophenyl group", "aryl_fluoride"),
        ("methyl ester", "methyl_ester"),
    ],
)
def test_a_feature_is_the_group_its_head_names(feature: str, key: str) -> None:
    group = group_for_feature(feature)
    assert group is not None and group.key == key


def test_acidity_is_no_acid_group() -> None:
    group = group_for_feature("more acidic thioamide N–H")
    assert group is None or group.key != "carboxylic_acid"


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        ("2-bromopyridine", {"aryl_bromide", "pyridine"}),
        ("3-methylthiophene", {"aryl_methyl", "thiophene"}),
        ("thiophene-2-carbaldehyde", {"thiophene", "aldehyde"}),
        ("thioglucoside", set()),
    ],
)
def test_a_systematic_name_is_read_by_its_parts(name: str, keys: set[str]) -> None:
    assert groups_inside_name(name) == keys


def test_an_alkoxy_group_on_a_ring_is_read_but_not_a_crown_ethers_ring_oxygens() -> None:
    from chemx.generation.catalogue import visible_groups

    assert "alkoxy_aryl" in {g.key for g in visible_groups("CCCOc1ccc(cc1)C(=O)O")}
    assert "alkoxy_aryl" not in {g.key for g in visible_groups("COc1ccccc1")}  # a methoxy
    crown = "c1ccc2c(c1)OCCOCCOCCOc1ccccc1OCCOCCOCCO2"
    assert "alkoxy_aryl" not in {g.key for g in visible_groups(crown)}


def test_a_loose_pattern_opens_every_atom_of_an_aromatic_run() -> None:
    from chemx.generation.catalogue import loose_smarts

    assert loose_smarts("c1ccncc1") == "[#6]1[#6][#6][#7][#6][#6]1"
    assert loose_smarts("ClC(Cl)Cl") == "Cl[#6](Cl)Cl"
