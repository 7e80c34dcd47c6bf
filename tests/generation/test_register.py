"""One register for the four options: shared chain, plain names, matched lengths."""

from __future__ import annotations

from collections import Counter

import pytest

from chemx.generation.features import VisibleFeature, select_other_features
from chemx.generation.mechanism_classes import mechanism_classes
from chemx.generation.register import (
    MechanismParts,
    agree_chain,
    inflect,
    length_rank,
    pick_distractors,
    plain_feature,
    readings,
    renumber,
    split_chain,
    without_labels,
)


@pytest.mark.parametrize(
    ("mechanism", "action", "link", "chain"),
    [
        (
            "binds Pd(II) too strongly and slows the C–H cleavage step",
            "binds Pd(II) too strongly",
            " and",
            "slows the C–H cleavage step",
        ),
        (
            "enforces a twist that speeds up RISC and shortens the triplet lifetime",
            "enforces a twist",
            ", which",
            "speeds up RISC and shortens the triplet lifetime",
        ),
        (
            "is protonated at physiological pH, which favours binding in the hERG pore",
            "is protonated at physiological pH",
            ", which",
            "favours binding in the hERG pore",
        ),
        (
            "shield one face of the enamine, directing the nitroalkene to the opposite face",
            "shield one face of the enamine",
            ",",
            "directing the nitroalkene to the opposite face",
        ),
    ],
)
def test_a_mechanism_splits_into_action_and_shared_chain(
    mechanism: str, action: str, link: str, chain: str
) -> None:
    assert split_chain(mechanism) == MechanismParts(action, link, chain)
    assert split_chain(mechanism).joined(action) == f"{action}{link} {chain}"


@pytest.mark.parametrize(
    "mechanism",
    [
        "breaks the conjugation of the donor, which weakens it as a donor",  # "it"
        "was introduced to block oxidative metabolism of the distal ring",  # design frame
        "fills a small lipophilic pocket beneath the glycine-rich loop",  # no chain
        "hinders attack and thereby suppresses transesterification",  # chain too short
        # "which" is the last noun's (iodide binds, the donors promote): the answer's own
        "releases iodide, which binds Pd(II) and inhibits turnover",
        "removes the phenolate donors, which promote anthrone formation",
    ],
)
def test_chains_that_cannot_be_shared_stay_whole(mechanism: str) -> None:
    parts = split_chain(mechanism)
    assert parts.action == mechanism and parts.chain == ""


def test_a_chain_naming_the_feature_is_not_shared() -> None:
    mechanism = "lowers the LUMO, which makes the tetrazine ring more reactive"
    assert split_chain(mechanism, "tetrazine ring").chain == ""
    assert split_chain(mechanism, "pyridyl group").chain == "makes the tetrazine ring more reactive"


def test_verbs_follow_the_subject_number() -> None:
    assert inflect("interact weakly with palladium", plural=False) == (
        "interacts weakly with palladium"
    )
    assert inflect("donates a hydrogen bond", plural=True) == "donate a hydrogen bond"
    assert inflect("are protonated", plural=False) == "is protonated"
    assert inflect("was placed there", plural=True) == "were placed there"
    assert inflect("slowed the step", plural=True) == "slowed the step"  # past: unchanged
    plural = split_chain("interact weakly with Pd and stabilise the Pd(0) species")
    assert agree_chain(plural, plural=False).chain == "stabilises the Pd(0) species"
    assert renumber("interact weakly with Pd and stabilise the Pd(0) species", False) == (
        "interacts weakly with Pd and stabilises the Pd(0) species"
    )


@pytest.mark.parametrize(
    ("feature", "name"),
    [
        # locants and words that state the mechanism go
        ("C6-methyl group", "methyl group"),
        ("3',4',5'-trifluorophenyl ring", "trifluorophenyl ring"),
        ("electron-withdrawing 2-pyridyl substituent", "pyridyl substituent"),
        ("bulky tert-butyl group", "tert-butyl group"),
        ("benzyl ester", "benzyl ester"),
        # a position word is lower case; the group's own capitals stay
        ("Ortho-Methyl group", "ortho-methyl group"),
        ("ortho-Methyl group", "ortho-methyl group"),
        ("N-Boc group", "N-Boc group"),
        ("Boc carbamate", "Boc carbamate"),
        ("NHS ester", "NHS ester"),
    ],
)
def test_the_answer_name_is_the_plain_group(feature: str, name: str) -> None:
    assert plain_feature(feature) == name


def test_labels_and_locants_leave_the_mechanism() -> None:
    assert without_labels("was placed at C5 in 4 to block oxidation", ["4"]) == (
        "was placed to block oxidation"
    )
    assert without_labels("was chosen as the acceptor in 5a because it withdraws", ["5a"]) == (
        "was chosen as the acceptor because it withdraws"
    )
    assert without_labels("shields the C2–H bond", ["4"]) == "shields the C2–H bond"


def test_table_phrases_have_shorter_readings() -> None:
    assert readings("donates a hydrogen bond through its N–H and fixes a planar amide") == (
        "donates a hydrogen bond through its N–H and fixes a planar amide",
        "donates a hydrogen bond through its N–H",
        "donates a hydrogen bond",
        "fixes a planar amide",  # the second action alone
    )
    assert readings("is cleaved by HF") == ("is cleaved by HF",)
    # "and" before a noun joins objects, not actions: no second reading
    assert readings("withdraws electron density and charge") == (
        "withdraws electron density and charge",
    )


def test_mechanism_classes_match_across_registers() -> None:
    paper = "sterically shields the adjacent C2–H bond"
    table = "adds steric bulk next to the ring"
    assert "steric" in mechanism_classes(paper) & mechanism_classes(table)
    assert not mechanism_classes("changes the outcome")


def test_lengths_are_balanced_to_the_drawn_rank() -> None:
    choices = [(120, 60), (110, 50), (130, 70)]
    for rank in range(4):
        picks = pick_distractors(90, choices, rank, count=3)
        lengths = [choices[index][reading] for index, reading in picks]
        assert sum(1 for length in lengths if length < 90) == rank
    ranks = Counter(length_rank(f"can_{i}") for i in range(400))
    assert set(ranks) == {0, 1, 2, 3} and min(ranks.values()) > 70  # uniform, seeded
    assert length_rank("can_7") == length_rank("can_7")


def _pool() -> list[VisibleFeature]:
    keys = {
        "amide N–H": "amide_nh",
        "phenyl ring": "phenyl",
        "nitro group": "nitro",
        "aryl chloride": "aryl_chloride",
        "thioether sulfur": "thioether",
        "pyridine ring nitrogen": "pyridine",
    }
    return [VisibleFeature(name, key, f"smarts:{key}", True) for name, key in keys.items()]


def test_distractors_are_drawn_specific_groups_first() -> None:
    drawn = [
        tuple(f.name for f in select_other_features("cyano group", _pool(), 3, seed=f"c{i}"))
        for i in range(40)
    ]
    # the skeleton's phenyl ring and the ubiquitous amide come after specific groups
    assert all("phenyl ring" not in names and "amide N–H" not in names for names in drawn)
    assert len(set(drawn)) > 1  # the seed varies the draw
    assert drawn[0] == tuple(
        f.name for f in select_other_features("cyano group", _pool(), 3, seed="c0")
    )


def test_features_the_paper_names_come_first() -> None:
    named = VisibleFeature("para-methoxy group", "methoxy_aryl", "text:s12", False)
    chosen = select_other_features("cyano group", [*_pool(), named], 3, seed="c1")
    assert chosen[0] is named


def test_a_verb_completed_by_into_keeps_its_object() -> None:
    phrase = "turns the attached oxygen into a good leaving group for substitution"
    assert readings(phrase) == (phrase,)


def test_the_answers_length_rank_is_reached_by_choosing_among_more_distractors() -> None:
    # the first three are all longer than the answer: only a fourth can be shorter
    choices = [[120], [130], [125, 118], [60]]
    assert pick_distractors(100, choices, rank=1, count=3) == ((0, 0), (1, 0), (3, 0))
    # the rank reachable with the preferred three: those three
    assert pick_distractors(100, choices, rank=0, count=3) == ((0, 0), (1, 0), (2, 0))
    # fewer choices than wanted: all of them
    assert pick_distractors(100, [[90]], rank=0, count=3) == ((0, 0),)


def test_a_reading_never_ends_mid_phrase() -> None:
    phrase = "decomposes on heating or with strong acid, so reactions are kept cool"
    assert all(r.split()[-1] not in ("or", "and", "only") for r in readings(phrase))


def test_and_joins_two_actions_only_before_a_verb() -> None:
    phrase = "changes the steric and electronic environment of the neighbouring atoms"
    assert readings(phrase) == (phrase,)  # "steric and electronic" is one noun phrase


def test_side_by_side_is_no_means_to_cut_at() -> None:
    # "holds its two substituents side" was offered as a wrong answer on the sample
    phrase = "holds its two substituents side by side, close enough to act on each other"
    assert all(not reading.endswith(" side") for reading in readings(phrase))


def test_every_verb_joined_by_and_takes_the_subject_s_number() -> None:
    # "The two primary hydroxyl groups donate and accepts hydrogen bonds and raises polarity"
    singular = "donates and accepts hydrogen bonds and raises polarity"
    assert inflect(singular, True) == "donate and accept hydrogen bonds and raise polarity"
    assert (
        inflect("donate and accept hydrogen bonds", False) == "donates and accepts hydrogen bonds"
    )
    # a noun after "and" is left alone, and so is the verb of a clause of its own
    assert inflect("forms salt bridges and hydrogen bonds", True) == (
        "form salt bridges and hydrogen bonds"
    )
    assert inflect("forms a ring that stores strain and releases it", True) == (
        "form a ring that stores strain and releases it"
    )
    assert inflect("donates a hydrogen bond through its N–H and fixes its geometry", True) == (
        "donate a hydrogen bond through its N–H and fix its geometry"
    )


def test_a_wrong_answer_does_not_name_the_feature_s_bond_twice() -> None:
    from chemx.generation.mcq import distractor_draft

    draft = distractor_draft(
        "benzanilide N–H",
        "donates a hydrogen bond through its N–H and fixes a planar amide geometry",
        "binds the hinge",
        key="amide_secondary",
        in_structure=True,
        specific=True,
    )
    assert draft.mechanism == "donates a hydrogen bond and fixes a planar amide geometry"
    kept = distractor_draft(
        "secondary amide",
        "donates a hydrogen bond through its N–H",
        "binds the hinge",
        key="amide_secondary",
        in_structure=True,
        specific=True,
    )
    assert kept.mechanism == "donates a hydrogen bond through its N–H"


def test_other_compounds_labels_leave_the_mechanism_but_quantities_stay() -> None:
    # the participle the label completed leaves with it ("seen for 8", "derived from 12")
    assert without_labels("blocks the para-hydroxylation seen for 8", ["12"]) == (
        "blocks the para-hydroxylation"
    )
    assert without_labels("adds to the acetoxonium ion derived from 12, and", ["13"]) == (
        "adds to the acetoxonium ion, and"
    )
    assert without_labels("is protonated in 4", ["9"]) == "is protonated"  # a predicate stays
    assert without_labels("can be oxidised by excited 4", ["4"]) == "can be oxidised"
    assert without_labels("raising the basicity of the amine, as in 5d, helps", ["5c"]) == (
        "raising the basicity of the amine helps"
    )
    assert without_labels("binds 20-fold tighter than 21, as in 4b", ["12"]) == (
        "binds 20-fold tighter"
    )
    assert without_labels("lowers CLint to 21 µL/min/mg", ["12"]) == (
        "lowers CLint to 21 µL/min/mg"
    )
    assert without_labels("is cleaved in 3 steps", ["12"]) == "is cleaved in 3 steps"
    assert without_labels("has a pKa of 7", ["12"]) == "has a pKa of 7"


def test_a_residue_is_no_atom_locant() -> None:
    assert without_labels("stacks less tightly on the C2452 base in the cleft", ["4"]) == (
        "stacks less tightly on the C2452 base in the cleft"
    )
    assert without_labels("is oxidised at C4 and then cleaved", ["4"]) == (
        "is oxidised and then cleaved"
    )


def test_a_distance_keeps_its_from() -> None:
    phrase = "holds the ammonium N–H further from the keto ester"
    assert "holds the ammonium N–H further" not in readings(phrase)


def test_a_clause_contrasting_another_compound_by_its_label_goes_whole() -> None:
    """Sample 12a: "..., which the trifluoromethyl group of 12d cannot do" marked the
    answer (QC 3's option_names_label) and means nothing without its label."""
    mechanism = (
        "donates a weak C–H···O hydrogen bond to the Tyr58 side chain, which the "
        "trifluoromethyl group of 12d cannot do"
    )
    for labels in (["12a"], ["12a", "12d"]):  # 12d known too (bolded in the text)
        assert without_labels(mechanism, labels) == (
            "donates a weak C–H···O hydrogen bond to the Tyr58 side chain"
        )
    # a number with its unit is no label: the clause stays
    kept = "raises the barrier, which was seen in 4 h runs, and binds"
    assert without_labels(kept, ["12a"]) == kept


def test_a_reading_does_not_stop_on_a_relative_clauses_verb() -> None:
    assert readings(
        "adds a linear, dipolar group that reacts with alkynes and strained alkenes"
    ) == ("adds a linear, dipolar group that reacts with alkynes and strained alkenes",)
    assert readings("adds hydrophobic bulk that packs against other chains through contacts")[
        -1
    ] == ("adds hydrophobic bulk that packs against other chains")


def test_a_class_left_bare_by_a_dropped_adjective_leaves_the_name() -> None:
    # "due to the easy oxidation of the aromatic ring of electron-rich arenes" gave the
    # answer "The aromatic ring of arenes undergoes easy oxidation"
    assert plain_feature("aromatic ring of electron-rich arenes") == "aromatic ring"
    assert plain_feature("ring of arenes") == "ring of arenes"  # nothing was dropped
    assert plain_feature("methyl groups of the mesityl ring") == "methyl groups of the mesityl ring"
