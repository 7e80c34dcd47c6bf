"""A wrong answer that names the right answer's atoms again is not offered."""

from __future__ import annotations

from chemx.generation.features import VisibleFeature, select_other_features, structure_features
from chemx.generation.overlap import names_cause_atoms

PIPERIDINYL_PYRAZOLE = "Oc1ccc(-c2c[nH]c3ncc(-c4cnn(C5CCNCC5)c4)cc23)cc1F"
DIMETHYLAMINO_BODIPY = "CC1=CC(C)=[N+]2C1=C(c1ccc(N(C)C)cc1)c1c(C)cc(C)n1[B-]2(F)F"
DIMETHYLCARBAMATE = "CN(C)C(=O)Oc1ccc(-c2ccc(C(=O)NC3CC3)nc2)cc1"


def test_the_piperidine_nitrogen_is_the_basic_amine() -> None:
    assert names_cause_atoms(PIPERIDINYL_PYRAZOLE, ["piperidine"], ["basic_amine"])


def test_an_n_aryl_bond_and_the_n_methyls_on_that_nitrogen_share_it() -> None:
    assert names_cause_atoms(DIMETHYLAMINO_BODIPY, ["n_aryl"], ["n_methyl"])


def test_ring_anchors_and_aromatic_carbons_are_not_shared_atoms() -> None:
    # the phenylene's substituent positions and a ring carbon carrying two groups
    assert not names_cause_atoms(DIMETHYLAMINO_BODIPY, ["n_aryl"], ["para_phenylene"])
    assert not names_cause_atoms(DIMETHYLCARBAMATE, ["phenol"], ["para_phenylene"])
    assert not names_cause_atoms(DIMETHYLCARBAMATE, ["carbamate"], ["cyclopropyl"])


def test_a_group_that_also_occurs_apart_from_the_cause_is_kept() -> None:
    two_amines = "CN1CCC(CCN(C)C)CC1"  # a ring amine and a chain amine
    assert not names_cause_atoms(two_amines, ["piperidine"], ["basic_amine"])
    assert names_cause_atoms("CC1CCNCC1", ["piperidine"], ["basic_amine"])


def test_without_a_reading_nothing_is_compared() -> None:
    assert not names_cause_atoms(None, ["piperidine"], ["basic_amine"])
    assert not names_cause_atoms(PIPERIDINYL_PYRAZOLE, ["nitrile"], ["basic_amine"])


def test_selection_drops_the_cause_named_again_on_the_drawing() -> None:
    by_key = {f.key: f for f in structure_features(PIPERIDINYL_PYRAZOLE)}
    offered = [by_key[key] for key in ("basic_amine", "aryl_fluoride", "biaryl", "pyrazole")]
    unread = select_other_features("piperidine ring", offered)
    assert "basic_amine" in {f.key for f in unread}
    chosen = select_other_features("piperidine ring", offered, smiles=PIPERIDINYL_PYRAZOLE)
    assert [f.key for f in chosen] == [f.key for f in unread if f.key != "basic_amine"]


def test_a_feature_named_by_the_paper_is_matched_through_its_entry() -> None:
    named = VisibleFeature("N-methyl group", "n_methyl", "text:s1", True)
    chosen = select_other_features(
        "N–aryl bond",
        [named, *structure_features(DIMETHYLAMINO_BODIPY)],
        smiles=DIMETHYLAMINO_BODIPY,
    )
    assert all(f.key != "n_methyl" for f in chosen)
