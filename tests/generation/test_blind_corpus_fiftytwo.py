"""Misreadings found on a fifty-second blind corpus (HDAC inhibitors, TADF emitters,
directed C–H arylation, nucleoside prodrugs, HPPD triketone herbicides).

Written by an author who never saw the decomposition; built at base (204e1ae: 13 items
from 24 blocks, 8 valid) and at the commit frozen after the fixes from blind-50 and
blind-51 (e97821d: 14 items from 25 blocks, 8 valid) before its items were read. The
rules below come from its invalid items: a label that was a verb's object, and a side
chain whose name opens with brackets, cut to "lipophilicmethyl" and offered beside its
own CF3 and ether oxygen.
"""

from __future__ import annotations

from chemx.generation.catalogue import groups_inside_name
from chemx.generation.extract import Decomposition, decompose
from chemx.generation.features import select_other_features, structure_features
from chemx.generation.owners import made_compounds
from chemx.generation.register import without_labels
from tests._helpers import decomposed, template_reason

TEMBOTRIONE = "CS(=O)(=O)c1ccc(C(=O)C2C(=O)CCCC2=O)c(Cl)c1COCC(F)(F)F"


def test_a_label_that_is_a_verbs_object_becomes_the_compound() -> None:
    assert without_labels("hydroxylates to detoxify 1, leaving the crop", ["1"]) == (
        "hydroxylates to detoxify the compound, leaving the crop"
    )
    assert without_labels("is more stable than 3a", ["3a"]) == "is more stable"


def test_a_name_opened_by_brackets_keeps_them_and_its_parts_are_not_offered() -> None:
    found = decompose(
        "Tembotrione (3) was the most active commercial standard on Abutilon theophrasti "
        "(ED90 = 38 g ha−1 versus 95 g ha−1 for 1), thanks to the lipophilic "
        "(2,2,2-trifluoroethoxy)methyl side chain at C3, which raises log P and speeds "
        "penetration of the waxy leaf cuticle."
    )
    assert isinstance(found, Decomposition)
    assert found.feature == "lipophilic (2,2,2-trifluoroethoxy)methyl side chain at C3"
    assert {"trifluoromethyl", "alkyl_ether"} <= groups_inside_name("trifluoroethoxy")
    offered = {
        f.key
        for f in select_other_features(
            found.feature, structure_features(TEMBOTRIONE), smiles=TEMBOTRIONE
        )
    }
    assert not offered & {"trifluoromethyl", "alkyl_ether"}


PRODUCT_4B = "COc1ccc(cc1)-c1ccc(C)cc1C(=O)Nc1cccc2cccnc12"


def test_an_effect_that_makes_the_compound_shown_is_its_precursors() -> None:
    sentence = (
        "The meta-methyl analogue 3b, on the other hand, reacted only at the remote C6 "
        "position to give 4b (84%), the methyl group being large enough to disfavour "
        "palladation of the adjacent C2 site, where it would clash with the acetate ligand "
        "on palladium in the cyclometallated intermediate."
    )
    found = decompose(sentence)
    assert isinstance(found, Decomposition) and made_compounds(found) == {"4b"}
    assert template_reason("4b", PRODUCT_4B, sentence) == "feature_not_drawn"


def test_a_verb_of_motion_before_into_ends_the_subject() -> None:
    read = decomposed(
        "Appending a thiophen-2-yl group para to the amine (3b) raised HDAC1 and HDAC2 "
        "potency to 18 and 42 nM but abolished HDAC3 inhibition (IC50 > 10 μM), since the "
        "heteroaryl ring projects into the so-called foot pocket, which in HDAC3 is "
        "truncated by Tyr107 and cannot accommodate it."
    )
    assert read.feature == "heteroaryl ring"
    assert read.mechanism.startswith("projects into the so-called foot pocket, which in")
