"""The labelled explanation-sentence set: schema, label mix, no leak of the sample gold, splits.

Data only (no model), so the module runs in about a second.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from chemx.devkit.explanatory_dataset import (
    TEST_FRACTION,
    LabelledSentence,
    assign_splits,
    dataset_path,
    load_labelled_sentences,
    normalise_text,
)
from chemx.devkit.sample_gold import load_gold_sentences
from chemx.grounding.classes import EXPLANATORY, LABELS, REASONING_TYPES


@pytest.fixture(scope="module")
def sentences() -> list[LabelledSentence]:
    return load_labelled_sentences()


def test_dataset_schema_counts_and_mix(sentences: list[LabelledSentence]) -> None:
    assert len(sentences) >= 600
    raw = [json.loads(line) for line in dataset_path().read_text(encoding="utf-8").splitlines()]
    assert len(raw) == len(sentences)
    assert all(set(r) == {"id", "text", "label", "area", "reasoning_type", "split"} for r in raw)
    labels = Counter(s.label for s in sentences)
    assert set(labels) == set(LABELS)
    shares = {label: count / len(sentences) for label, count in labels.items()}
    assert 0.25 <= shares["explanatory"] <= 0.35
    assert 0.20 <= shares["partial"] <= 0.30
    assert 0.40 <= shares["non_explanatory"] <= 0.50
    areas = Counter(s.area for s in sentences)
    assert len(areas) >= 12
    assert min(areas.values()) >= 30
    for s in sentences:
        if s.label == EXPLANATORY:
            assert s.reasoning_type in REASONING_TYPES
        else:
            assert s.reasoning_type is None
    assert {s.reasoning_type for s in sentences if s.label == EXPLANATORY} == set(REASONING_TYPES)


def test_dataset_has_no_duplicates_and_no_overlap_with_sample_gold(
    sentences: list[LabelledSentence],
) -> None:
    keys = [normalise_text(s.text) for s in sentences]
    assert len(set(keys)) == len(keys)
    assert len({s.id for s in sentences}) == len(sentences)
    gold = {normalise_text(g.text) for g in load_gold_sentences()}
    assert len(gold) > 200
    assert not gold.intersection(keys)


def test_splits_follow_the_documented_rule(sentences: list[LabelledSentence]) -> None:
    expected = assign_splits((s.id, s.label) for s in sentences)
    assert all(expected[s.id] == s.split for s in sentences)
    for label in LABELS:
        members = [s for s in sentences if s.label == label]
        n_test = sum(s.split == "test" for s in members)
        assert n_test == round(TEST_FRACTION * len(members))
    areas_in_test = {s.area for s in sentences if s.split == "test"}
    assert areas_in_test == {s.area for s in sentences}, "no area is held out whole"
