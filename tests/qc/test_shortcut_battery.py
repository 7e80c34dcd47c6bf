"""The shortcut battery: one crafted leak per shortcut, each caught with its reason."""

from __future__ import annotations

import random

import pytest

from chemx.qc.shortcut_battery import (
    SHORTCUTS,
    ShortcutItem,
    mechanisms,
    run_battery,
    run_shortcut,
    shortcut_answers,
    wilson_interval,
)

LETTERS = "ABCD"
EFFECT = "which accounts for the fast ring opening."


def item(index: int, correct: str, distractors: list[str], **fields) -> ShortcutItem:
    """Four options with the correct one at letter index % 4."""
    answer = LETTERS[index % 4]
    options = list(distractors)
    options.insert(index % 4, correct)
    return ShortcutItem(
        id=f"it_{index:03d}",
        stem=fields.pop("stem", "The lactam opens fast. Which feature explains this?"),
        choices=tuple(f"{o} {EFFECT}" for o in options),
        answer=answer,
        **fields,
    )


def test_longest_catches_a_correct_option_that_is_always_longest():
    items = [
        item(
            i,
            "The twisted amide bond loses its resonance stabilisation entirely",
            ["A ring", "A methyl", "An ester"],
        )
        for i in range(8)
    ]
    result = run_shortcut("longest", items)
    assert result.correct == 8 and result.accuracy == 1.0
    assert result.answers["it_000"].why == "longest option: 107 characters (others 48, 50, 50)"
    assert run_shortcut("shortest", items).correct == 0


def test_shortest_catches_the_opposite_habit():
    items = [
        item(i, "Ring", ["A long benzylic linker", "A long ester carbonyl", "A long pyridine"])
        for i in range(4)
    ]
    assert run_shortcut("shortest", items).accuracy == 1.0


def test_stem_overlap_catches_an_option_that_echoes_the_stem():
    items = [
        item(
            i,
            "The strained lactam ring opens",
            ["The methyl donates", "The ester withdraws", "The aryl conjugates"],
            stem="The strained lactam ring opens fast. Which feature explains this?",
        )
        for i in range(4)
    ]
    result = run_shortcut("stem-overlap", items)
    assert result.accuracy == 1.0
    assert result.answers["it_001"].why.startswith("most content words shared with the stem: ")


def test_rarest_feature_catches_a_paper_feature_among_recurring_catalogue_ones():
    catalogue = ["aromatic ring", "methyl group", "ester carbonyl"]
    items = [
        item(
            i,
            f"The unique feature {i} acts",
            [f"The {f} acts" for f in catalogue],
            features=(*catalogue[: i % 4], f"unique feature {i}", *catalogue[i % 4 :]),
        )
        for i in range(8)
    ]
    result = run_shortcut("rarest-feature", items)
    assert result.accuracy == 1.0
    assert result.answers["it_002"].why == (
        "rarest feature: 'unique feature 2' in 1 of 8 items (others 8, 8, 8)"
    )


def test_rarest_mechanism_catches_a_paper_mechanism_among_a_tables_recurring_ones():
    table = ["withdraws electron density", "donates electron density", "adds steric bulk"]
    features = ["the ring", "the methyl", "the ester", "the amide"]
    items = []
    for i in range(8):
        options = [f"{features[j].capitalize()} {table[j]}," for j in range(3)]
        options.insert(i % 4, f"{features[3].capitalize()} twists out of plane in compound {i},")
        feats = features[:3]
        feats.insert(i % 4, features[3])
        items.append(
            ShortcutItem(
                f"it_{i:03d}",
                "Why?",
                tuple(f"{o} {EFFECT}" for o in options),
                LETTERS[i % 4],
                tuple(feats),
            )
        )
    assert mechanisms(items[0])[0] == "twists out of plane in compound 0"
    result = run_shortcut("rarest-mechanism", items)
    assert result.accuracy == 1.0


def test_option_only_learns_a_word_that_marks_the_correct_option():
    generator = random.Random(3)
    words = ["ring", "ester", "methyl", "aryl", "amide", "nitrile", "ketone", "alkene"]
    items = []
    for i in range(40):
        picked = generator.sample(words, 4)
        items.append(
            item(
                i,
                f"The {picked[0]} notably stabilises it",
                [f"The {w} stabilises it" for w in picked[1:]],
            )
        )
    result = run_shortcut("option-only", items)
    assert result.accuracy >= 0.9
    assert result.answers["it_000"].why.startswith("option-only classifier score ")


def test_option_only_needs_enough_items():
    items = [item(i, "A", ["B", "C", "D"]) for i in range(4)]
    answers = shortcut_answers("option-only", items)
    assert {a.letter for a in answers.values()} == {None}
    assert answers["it_000"].why == "option-only needs at least 10 items (got 4)"


def test_a_fair_set_keeps_every_shortcut_near_chance():
    generator = random.Random(11)
    features = [f"feature {k}" for k in range(12)]
    items = []
    for i in range(200):
        picked = generator.sample(range(12), 4)
        options = tuple(
            f"The {features[k]} {'x' * generator.randint(10, 20)} acts, {EFFECT}" for k in picked
        )
        items.append(
            ShortcutItem(
                f"it_{i:03d}", "Why?", options, LETTERS[i % 4], tuple(features[k] for k in picked)
            )
        )
    results = run_battery(items)
    assert [r.name for r in results] == list(SHORTCUTS)
    for result in results:
        assert result.ci_low < 0.25 < result.ci_high, result.name


def test_ties_go_to_the_earliest_letter():
    tied = ShortcutItem("it", "Why?", ("same", "same", "same", "same"), "C")
    assert shortcut_answers("longest", [tied])["it"].letter == "A"


def test_an_unknown_shortcut_and_a_malformed_item_are_bugs():
    with pytest.raises(ValueError, match="unknown shortcut 'longer'"):
        shortcut_answers("longer", [])
    with pytest.raises(ValueError, match="item x: 3 options"):
        shortcut_answers("longest", [ShortcutItem("x", "s", ("a", "b", "c"), "A")])


def test_wilson_interval():
    assert tuple(round(x, 3) for x in wilson_interval(25, 100)) == (0.175, 0.343)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)
