"""Misreadings found on a forty-ninth blind corpus (HIV-1 protease inhibitors, NHC
ligands for Ni-catalysed Suzuki coupling, tetraphenylethylene AIEgens, SDHI carboxamide
fungicides, ionic liquids for CO2 capture).

Written by an author who never saw the decomposition; built at base and at the commit
frozen after blind-48 (c021931) before its items were read. Its invalid items: an
'as ... as' comparison with a compound the item does not show, and a 'with' phrase
whose compounds follow it offered as a group of one of them.
"""

from __future__ import annotations

from chemx.generation.extract import Decomposition, decompose
from chemx.generation.paper_features import text_features
from chemx.generation.shown import without_unseen_references


def test_the_second_term_of_an_as_as_comparison_needs_its_compound() -> None:
    effect = (
        "oxidative addition of 4-chloroanisole to the nickel(0) complex was about twice as "
        "fast with the compound shown as with 1b"
    )
    assert without_unseen_references(effect, ["1b"]) is None
    assert without_unseen_references("the compound shown gave 3 in 90% yield", ["3"]) == (
        "the compound shown gave 3 in 90% yield"
    )


def test_a_with_phrase_before_the_labels_it_describes_is_not_their_group() -> None:
    sentence = (
        "We began with the parent tetraphenylethylene 1 (Fig. 1), with a set of donor and "
        "acceptor derivatives 2a–2c and 3, and with the cationic probe 5."
    )
    assert [f.name for f in text_features([("s1", sentence)], ["2b"])] == []


def test_a_reporting_frame_is_not_part_of_the_effect() -> None:
    found = decompose(
        "Kinetic profiles showed that oxidative addition of 4-chloroanisole to the nickel(0) "
        "complex was about twice as fast with 1c as with 1b, consistent with the saturated "
        "C4–C5 backbone of 1c making the carbene a stronger σ-donor."
    )
    assert isinstance(found, Decomposition)
    assert found.effect.startswith("oxidative addition of 4-chloroanisole")


def test_the_group_a_change_introduces_is_the_feature_of_a_noun_phrase_cause() -> None:
    found = decompose(
        "Introduction of the dicyanovinyl acceptor in 2c moves the emission to 585 nm as a "
        "result of intramolecular charge transfer from the electron-rich TPE core to the "
        "electron-poor vinyl group."
    )
    assert isinstance(found, Decomposition)
    assert found.feature == "dicyanovinyl acceptor"
    assert found.effect == "moves the emission to 585 nm"
    assert "from the electron-rich TPE core" in found.mechanism
    # the cause names the introduced group itself: its own reading stands
    same = decompose(
        "Introducing a fluorine at C6 (5c) raised potency tenfold, owing to the fluorine "
        "atom's strong inductive withdrawal from the quinolone ring."
    )
    assert isinstance(same, Decomposition) and "fluorine" in same.feature
