"""Items found invalid on the thirty-ninth blind corpus.

blind-39 (Nav1.7 sulfonamides, gold(I) enyne cycloisomerisation, disulfide self-healing
polyurethanes, BODIPY probes for HOCl, pyrethroids) was written by authors who never saw
chemx, and was measured unseen before these changes. Its invalid items offered a
paper's "S-propyl group" beside the thioether sulfur and an "O-ethyl group" beside the
ethoxy group, wrote "did not the take shown" for "did not take 2" and "The authentic
shown" for "authentic 2", made "whose remaining C–H bond" a feature, and gave the
ethoxy group the table's "donates electron density into the ring" for the paper's
"offers an electron-rich CH2 from which the P450 abstracts a hydrogen atom".
"""

from __future__ import annotations

from chemx.generation.backends import table_readings
from chemx.generation.catalogue import group_for_feature
from chemx.generation.extract import Vague, decompose
from chemx.generation.shown import neutral_effect


def test_an_alkyl_on_a_heteroatom_is_that_heteroatoms_group() -> None:
    assert group_for_feature("S-propyl group").key == "thioether"  # type: ignore[union-attr]
    assert group_for_feature("O-ethyl group").key == "alkyl_ether"  # type: ignore[union-attr]
    assert group_for_feature("O-methyl oxime").key != "alkyl_ether"  # type: ignore[union-attr]


def test_a_label_after_a_verb_or_a_state_adjective_is_the_compound_shown() -> None:
    taken = neutral_effect("Even 10 equiv of HOCl did not take 2 on to the sulfone", ["2"])
    assert taken == "Even 10 equiv of HOCl did not take the compound shown on to the sulfone"
    assert neutral_effect("authentic 2 emits brightly", ["2"]) == (
        "The authentic compound shown emits brightly"
    )
    assert neutral_effect("Coumarin 1 behaves like 3", ["1"]).startswith("the coumarin shown")


def test_a_relative_clause_noun_is_no_feature() -> None:
    found = decompose(
        "Replacing it with a difluoromethoxy group, whose remaining C–H bond is stronger and "
        "less electron-rich, raised the half-life of 6 to 96 min."
    )
    assert isinstance(found, Vague)


def test_an_electron_rich_site_is_no_act_of_donation() -> None:
    paper = "offers an electron-rich CH2 next to oxygen from which the P450 abstracts a hydrogen"
    assert table_readings("donates electron density into the ring", paper) == []
    said = "donates electron density into the ring and raises the HOMO"
    assert table_readings("donates electron density into the ring", said)


def test_a_conversion_names_the_group_it_makes_and_a_head_group_names_none() -> None:
    found = decompose(
        "Conversion to the sulfoxide raises the oxidation potential of the meso-aryl group by "
        "about 0.6 V, which makes PET endergonic and explains why authentic 2 emits brightly."
    )
    assert not isinstance(found, Vague)
    assert found.feature == "sulfoxide"
    vague = decompose(
        "The N-methyl sulfonamide 9 was inactive (IC50 > 30 μM): without an ionisable NH the "
        "head group cannot form the salt bridge to the S4 arginines."
    )
    assert isinstance(vague, Vague)


def test_a_process_subject_is_not_rewritten_as_the_compound() -> None:
    from chemx.generation.mcq import subject_free_effect

    said = neutral_effect("Release of glutamate from 2 was fast", ["2"])
    stem = subject_free_effect(said, "clause", "carboxy group", "molecule")
    assert stem == "Release of glutamate from the compound shown was fast"
