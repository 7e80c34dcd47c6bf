"""Item wording first met in blind corpus 30 (session 46), read generally."""

from __future__ import annotations

from chemx.generation.catalogue import group_for_feature
from chemx.generation.extract import Decomposition, decompose, is_structural
from chemx.generation.features import select_other_features, structure_features
from chemx.generation.register import inflect, plain_feature
from chemx.generation.shown import neutral_effect


def test_an_infinitive_joined_by_and_is_no_verb_to_inflect() -> None:
    effect = "makes proline insoluble, enabling 4 to dissolve and to give 8 in 91% ee"
    assert inflect(effect, plural=False).endswith("and to give 8 in 91% ee")
    assert inflect("donate and accept hydrogen bonds", plural=False) == (
        "donates and accepts hydrogen bonds"
    )


def test_a_participle_before_the_label_takes_it_as_its_object() -> None:
    assert neutral_effect("makes proline insoluble, enabling 4 to dissolve", ["4"]) == (
        "makes proline insoluble, enabling the compound shown to dissolve"
    )
    assert neutral_effect("the remaining 4 was recovered", ["4"]) == (
        "the remaining compound shown was recovered"
    )
    assert neutral_effect("heating 4 gave 5", ["4"]) == "heating the compound shown gave 5"


def test_a_place_after_the_group_leaves_its_name() -> None:
    assert plain_feature("iodines at C2 and C6") == "iodines"
    assert plain_feature("fluorine at the 4-position") == "fluorine"
    assert plain_feature("group on the ring") == "group on the ring"


def test_a_hydroxyalkyl_group_is_an_alcohol() -> None:
    group = group_for_feature("hydroxymethyl group")
    assert group is not None and group.key == "alcohol"


def test_a_bare_nh_cause_leaves_no_other_nh_as_a_wrong_answer() -> None:
    # the N-acyl sulfonamide's only amide N–H is "its NH": two options would name it
    smiles = "Cc1ccc(S(=O)(=O)NC(=O)[C@@H]2CCCN2)cc1"
    visible = structure_features(smiles)
    assert any(f.name.endswith("N–H") for f in visible)
    chosen = select_other_features("NH", visible, 6, smiles=smiles)
    assert chosen and not any(f.name.endswith(("N–H", "NH")) for f in chosen)


def test_a_statement_after_a_semicolon_is_no_part_of_the_effect() -> None:
    found = decompose(
        "The two ortho-methyl groups of 7 slow transmetalation at palladium, hence the 48 h "
        "at 100 °C needed for the double coupling to reach completion; 8 was then isolated "
        "in 78% yield after chromatography."
    )
    assert isinstance(found, Decomposition)
    assert found.effect == "the 48 h at 100 °C needed for the double coupling to reach completion"


def test_a_prefixed_parent_name_is_a_structural_feature() -> None:
    assert is_structural("electron-poor dinitroarene")
    assert is_structural("unsubstituted bipyridine")
    # reagents, solvents and processes built the same way are not
    assert not is_structural("triethylamine")
    assert not is_structural("dichloromethane")
    found = decompose(
        "The electron-poor dinitroarene of 6 accepts an electron from the excited BODIPY, so "
        "the probe is essentially dark until the thiol cleaves it."
    )
    assert isinstance(found, Decomposition)
    assert found.feature == "electron-poor dinitroarene"
    assert found.mechanism == "accepts an electron from the excited BODIPY"
