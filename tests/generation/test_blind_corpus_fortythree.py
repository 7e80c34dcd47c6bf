"""Items found invalid on the forty-third blind corpus, read after its unseen builds.

blind-43 (PARP1 inhibitors, Ni cross-electrophile coupling, acylphosphine oxide
photoinitiators, sulfonylurea herbicides, tetraoxane antimalarials) was written by
authors who never saw chemx. Its invalid items read "the channel that leads to the
active site" as a cause and its effect, asked about "One structural feature of 2" for a
group of 3b compared "over hit 2", dropped "and was stable at pH 2" (what the cause
explains) from a pair's stem, asked why "One structural change gave the compound shown",
and wrote "The compound shown raises its solubility" for "The octyloxy chain of 3b
raises its solubility".
"""

from __future__ import annotations

from chemx.generation.extract import Vague, decompose
from chemx.generation.mcq import pair_stem_text, subject_free_effect
from chemx.generation.pairs import comparison_clause
from chemx.generation.shown import neutral_effect
from chemx.records import ReasoningType


def test_a_restrictive_relative_clause_verb_is_no_effect_verb() -> None:
    found = decompose(
        "Crystal structures of Arabidopsis AHAS with chlorsulfuron (1) and metsulfuron-methyl "
        "(2) show the herbicides blocking the channel that leads to the active site."
    )
    assert isinstance(found, Vague)
    pointer = decompose("The nitro group lowers the LUMO, which leads to faster addition.")
    assert not isinstance(pointer, Vague)
    assert pointer.effect == "faster addition"


def test_a_pair_stem_names_the_compound_that_is_not_the_reference() -> None:
    stem = pair_stem_text(
        "raised PARP1 potency 30-fold over hit 2 and gave 3b more than 500-fold selectivity",
        "vp",
        ReasoningType.MECHANISTIC,
        ("2", "3b"),
    )
    assert stem.startswith("One structural feature of 3b raised PARP1 potency 30-fold over hit 2")
    kept = pair_stem_text(
        "accelerates the cycloaddition 14-fold relative to 1",
        "vp",
        ReasoningType.MECHANISTIC,
        ("4b", "1"),
    )
    assert kept.startswith("One structural feature of 4b accelerates")


def test_a_second_verb_of_the_compared_compound_stays_in_the_pair_effect() -> None:
    effect = comparison_clause(
        "Tetraoxane 5 matched the potency of 3 (IC50 = 1.9 versus 1.6 nM) and was stable at pH 2",
        ["5", "3"],
    )
    assert effect is not None
    assert effect.endswith("and was stable at pH 2")


def test_an_effect_that_only_names_the_compound_made_is_no_observation() -> None:
    found = decompose(
        "Extending the methyl to ethyl gave 3b (PARP1 IC50 = 1.6 nM; PARP2 IC50 = 880 nM): in "
        "the cocrystal structure the 3-ethyl group packs into a lipophilic cleft between "
        "Tyr907 and Ala898 that is narrower in PARP2, which accounts for the 550-fold selectivity."
    )
    assert not isinstance(found, Vague)
    assert found.effect == "the 550-fold selectivity"
    assert found.mechanism.endswith("that is narrower in PARP2")
    assert isinstance(decompose("Methylation gave 4 because the amine is nucleophilic."), Vague)


def test_a_part_of_the_compound_acting_on_its_property_stays_the_actor() -> None:
    said = neutral_effect("The octyloxy chain of 3b raises its solubility in the resin", ["3b"])
    stem = subject_free_effect(said, "clause", "flexible chain", "molecule")
    assert stem == "One structural feature raises the compound's solubility in the resin"
