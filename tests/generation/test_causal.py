"""The clause grammar and causal constructions behind `decompose`, on real and crafted prose."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chemx.generation.causal import match, readings
from chemx.generation.clauses import Tag, normalise, predicate_start, tokenise
from chemx.generation.extract import Decomposition, MatchedPair, Vague, decompose
from chemx.generation.text import overlap, words

GOLD = Path(__file__).parents[1] / "fixtures/generation/decomposition_real.jsonl"
ROWS = [json.loads(line) for line in GOLD.read_text().splitlines() if line.strip()]


def test_normalise_drops_references_citations_and_openers() -> None:
    text = normalise(
        "However, the cyano group resulted in a trace of product (Scheme 3, entry 19) [ 4 , 5 ]."
    )
    assert text == "The cyano group resulted in a trace of product"


def test_normalise_drops_a_superscript_citation_after_the_stop_but_not_a_number() -> None:
    assert normalise("HF drives transition-metal dissolution.7") == (
        "HF drives transition-metal dissolution"
    )
    assert normalise("The cells retained capacity.1,2") == "The cells retained capacity"
    assert normalise("The ratio rose to 2.7") == "The ratio rose to 2.7"


def test_tags_tell_labels_from_quantities_and_nouns_from_verbs() -> None:
    tokens = tokenise("The group of 12a gave 50 % yield and shields the ring")
    tags = {token.text: token.tag for token in tokens}
    assert tags["12a"] is Tag.LABEL
    assert tags["50"] is Tag.NUM
    assert tags["shields"] is Tag.VERB
    assert tags["ring"] is Tag.WORD


def test_verbs_outside_the_list_come_from_the_english_lexicon() -> None:
    tags = {t.text: t.tag for t in tokenise("Its diphenyl ether absorbs only below 290 nm")}
    assert tags["absorbs"] is Tag.VERB  # only a verb in the lexicon
    tags = {t.text: t.tag for t in tokenise("The 4-methyl group leaves the acceptor weak")}
    assert tags["leaves"] is Tag.VERB  # also a noun: a verb between a noun head and 'the'
    tags = {t.text: t.tag for t in tokenise("The leaves of the plant and the cyclopropyl ring")}
    assert tags["leaves"] is Tag.WORD
    assert tags["cyclopropyl"] is Tag.WORD and tags["ring"] is Tag.WORD
    assert predicate_start(tokenise("Its phenolic OH becomes far more acidic")) == 3


@pytest.mark.parametrize(
    ("clause", "subject"),
    [
        ("The methoxy oxygens interact weakly with palladium", "The methoxy oxygens"),
        ("The sp3 carbon of the gem-dimethyl bridge in 5c breaks the conjugation", None),
        ("Electron-withdrawing halogens in the para position", ""),
        (
            "The meta-methyl group of 1 sterically shields the C2–H bond",
            "The meta-methyl group of 1",
        ),
        ("the flexible linker allowing both faces to be attacked", ""),
    ],
)
def test_predicate_starts_at_the_finite_verb(clause: str, subject: str | None) -> None:
    tokens = tokenise(clause)
    index = predicate_start(tokens)
    if subject == "":
        assert index is None  # a noun phrase: base forms after a singular noun are nouns
        return
    assert index is not None
    found = clause[: tokens[index].start].strip()
    if subject is not None:
        assert found == subject
    else:
        assert found.endswith("in 5c")


def test_patterns_capture_named_spans() -> None:
    tokens = tokenise("The ring strain of 7 lowers the barrier , which accounts for the rate")
    spans = match("<cause+> ,? which &np_effect_verb <effect>", tokens)
    assert spans is not None
    start, end = spans["effect"]
    assert [t.text for t in tokens[start:end]] == ["the", "rate"]
    assert match("^ because <cause> , <effect+>", tokens) is None


def test_constructions_are_tried_in_table_order() -> None:
    tokens = tokenise(
        "Because the ester of 2 is hydrolysed by base, the coupling was run without base, "
        "which leads to a lower yield"
    )
    names = [reading.construction.name for reading in readings(tokens)]
    assert names[0] == "because_lead"
    assert "effect_verb" in names


@pytest.mark.parametrize(
    ("sentence", "effect", "feature", "mechanism", "connective"),
    [
        (
            "The higher association constant for the methyl maleimide complex could be attributed "
            "to the higher steric demand of the phenyl group.",
            "The higher association constant for the methyl maleimide complex",
            "phenyl group",
            "has a higher steric demand",
            "attributed_to",
        ),
        (
            "The 2-fluorosubstituted product 2n lacked an axis of chirality due to the small size "
            "of the ortho-substituent.",
            "The 2-fluorosubstituted product 2n lacked an axis of chirality",
            "ortho-substituent",
            "has a small size",
            "due_to",
        ),
        (
            "When the two methyl groups are on opposite faces of the ring, the steric hindrance is "
            "minimized.",
            "the steric hindrance is minimized",
            "two methyl groups",
            "are on opposite faces of the ring",
            "when_lead",
        ),
        (
            "The long PEG chain of 30 keeps the dye dispersed in water, allowing imaging at "
            "micromolar concentration.",
            "allows imaging at micromolar concentration",
            "long PEG chain",
            "keeps the dye dispersed in water",
            "participle",
        ),
        (
            "The amide NH of 3 is essential for activity because it donates a hydrogen bond to "
            "Glu81.",
            "is essential for activity",
            "amide NH",
            "donates a hydrogen bond to Glu81",
            "because",
        ),
        (
            "The strongly electron-withdrawing nitro group of 9 lowers the pKa of the phenol.",
            "lowers the pKa of the phenol",
            "nitro group",
            "withdraws electron density strongly",
            "causal_verb",
        ),
        (
            "The pendant carboxylate of 2 coordinates the zinc ion, which is why the ester is "
            "inactive in the enzyme assay.",
            "the ester is inactive in the enzyme assay",
            "pendant carboxylate",
            "coordinates the zinc ion",
            "which_is_why",
        ),
    ],
)
def test_constructions_read_exact_fields(
    sentence: str, effect: str, feature: str, mechanism: str, connective: str
) -> None:
    result = decompose(sentence)
    assert isinstance(result, Decomposition), result
    assert (result.effect, result.feature, result.mechanism, result.connective) == (
        effect,
        feature,
        mechanism,
        connective,
    )


def test_a_matched_pair_records_both_compounds_and_the_change() -> None:
    result = decompose(
        "Replacing the 6-fluoro of 24 by methyl gave 28, 60-fold less potent, likely due to a "
        "steric clash with the gatekeeper residue Thr106."
    )
    assert isinstance(result, Decomposition), result
    assert result.comparison == MatchedPair(
        from_label="24",
        to_label="28",
        change="6-fluoro → methyl",
        effect="60-fold less potent",
        mechanism="a steric clash with the gatekeeper residue Thr106",
    )
    assert (result.feature, result.mechanism) == (
        "methyl",
        "causes a steric clash with the gatekeeper residue Thr106",
    )
    assert (result.effect, result.effect_form) == ("28 is 60-fold less potent than 24", "clause")


def test_a_comparative_pair_without_a_reason_is_vague() -> None:
    result = decompose("Replacing the chlorine of 3 with bromine gave 4, which was equipotent.")
    assert result == Vague("no_mechanism", "the comparison 3 → 4 says no why")


@pytest.mark.parametrize(
    ("sentence", "reason"),
    [
        ("The aryl ester reacted faster because it bears a nitro group.", "no_mechanism"),
        ("Ester 9c reacted faster because it is activated.", "no_feature"),  # a compound
        ("The product 8 was obtained in a high ratio due to the steric hindrance.", "no_feature"),
        ("This might be due to the less planar aniline interfering with the complex.", "no_effect"),
        ("Because 41 was poorly soluble, it was dosed as a suspension.", "no_feature"),
        # "as demonstrated by" gives evidence, not a cause
        ("The CF3 group was tolerated, as demonstrated by the formation of 6c.", "no_connective"),
        ("The ligand was attached so that the nitrogen binds palladium.", "no_connective"),
    ],
)
def test_rejections_keep_their_reason(sentence: str, reason: str) -> None:
    result = decompose(sentence)
    assert isinstance(result, Vague), result
    assert result.reason == reason, result


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_real_gold_row(row: dict[str, Any]) -> None:
    result = decompose(row["text"], row.get("previous"))
    if row["expect"] == "vague":
        assert isinstance(result, Vague), result
        return
    assert isinstance(result, Decomposition), result
    head = row["feature_head"]
    parts = {part for word in words(result.feature) for part in (word, *word.split("-"))}
    assert head in parts, result
    assert overlap(result.effect, row["effect"]) >= 0.5, result
    assert overlap(result.mechanism, row["mechanism"]) >= 0.5, result
    if "comparison" in row:
        assert result.comparison is not None
        expected = row["comparison"]
        assert (result.comparison.from_label, result.comparison.to_label) == (
            expected["from_label"],
            expected["to_label"],
        )


@pytest.mark.parametrize(
    "sentence",
    [
        # "as for X" names a topic, not a cause: the cause is what "due to" gives
        "Moreover, as for a disubstituted phenyl ring in the carbamates, the 3,4-dichloro "
        "substrate gave 3i in 92% yield, whereas the 2,6-disubstituted one gave 3j in 45% "
        "yield, perhaps due to steric hindrance from the substitution position.",
        "The yield fell to 40% with 2b, as shown in Table 2.",
        "As expected, the reaction of 2b was slower.",
    ],
)
def test_as_that_states_no_cause_is_not_read_as_one(sentence: str) -> None:
    from chemx.generation.extract import Decomposition, decompose

    reading = decompose(sentence)
    assert not isinstance(reading, Decomposition) or reading.connective not in (
        "because_lead",
        "as",
    ), reading


def test_a_causal_as_is_still_read() -> None:
    from chemx.generation.extract import Decomposition, decompose

    reading = decompose(
        "The yield fell to 40% with 2b, as the ortho-methyl group blocks the catalyst's approach."
    )
    assert isinstance(reading, Decomposition) and reading.connective == "as"
    assert reading.feature == "ortho-methyl group"


def test_a_placement_participle_is_not_a_mechanism() -> None:
    from chemx.generation.extract import Decomposition, Vague, decompose

    # "located at ..." says where the substituents are: one noun phrase, no mechanism
    background = decompose(
        "Forming two adjacent quaternary stereocentres in one step remains difficult due to "
        "the steric congestion among the substituents located at the two carbons."
    )
    assert isinstance(background, Vague) and background.reason == "no_mechanism"
    assert "says where" in background.detail
    # a placement inside the feature, with a verb of its own after it, is still read
    placed = decompose(
        "The half-life rose to 58 min because the fluorine atom located at C5 blocks "
        "oxidation by CYP3A4."
    )
    assert isinstance(placed, Decomposition)
    assert placed.mechanism == "blocks oxidation by CYP3A4"
