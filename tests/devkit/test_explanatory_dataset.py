"""The labelled explanation-sentence set: schema, label mix, no leak of the sample gold, splits.

Data only (no model), so the module runs in about a second.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from chemx.devkit.explanatory_dataset import (
    REALWORLD_NAME,
    TEST_FRACTION,
    LabelledSentence,
    assign_paper_splits,
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


# -- the hand-labelled sentences of real papers -------------------------------------------

REAL = dataset_path(REALWORLD_NAME)


def test_real_sentences_carry_their_paper_and_licence_and_are_split_by_paper() -> None:
    real = load_labelled_sentences(dataset_path(), REAL)  # no text repeats the written set
    rows = [json.loads(line) for line in REAL.read_text(encoding="utf-8").splitlines()]
    assert len(rows) >= 400
    assert all(row["paper"] and row["doi"] is not None and row["licence"] for row in rows)
    assert not any("publisher_copyright" in row["paper"] for row in rows)
    labels = Counter(row["label"] for row in rows)
    assert labels["non_explanatory"] > labels["explanatory"] > 0  # real negatives dominate
    splits = assign_paper_splits(row["paper"] for row in rows)
    assert all(row["split"] == splits[row["paper"]] for row in rows)
    test_papers = {row["paper"] for row in rows if row["split"] == "test"}
    train_papers = {row["paper"] for row in rows if row["split"] == "train"}
    assert test_papers and train_papers and not test_papers & train_papers
    assert sum(1 for sentence in real if sentence.paper) == len(rows)


def test_paper_splits_are_a_function_of_the_names() -> None:
    papers = [f"paper-{number}" for number in range(8)]
    first = assign_paper_splits(papers)
    assert first == assign_paper_splits(reversed(papers))
    assert sum(1 for split in first.values() if split == "test") == 2  # a quarter, whole papers
    assert assign_paper_splits(["only"]) == {"only": "test"}


def test_an_unknown_extra_key_is_refused(tmp_path: Path) -> None:
    row = {"id": "x", "text": "A sentence.", "label": "partial", "area": "a",
           "reasoning_type": None, "split": "train", "journal": "J"}  # fmt: skip
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(row) + "\n")
    with pytest.raises(ValueError, match=r"bad\.jsonl:1: keys"):
        load_labelled_sentences(path)
