"""The labelled explanation-sentence sets that train the QC 2 sentence classifier.

`chemx/data/explanatory/sentences.jsonl` was written for chemx (invented chemistry, kept
apart from the sample corpus); `realworld.jsonl` holds sentences of real open-access
papers (CC BY or public domain, each with its paper, DOI and licence), labelled by hand
by the same rules. `scripts/train_explanatory_classifier.py` trains on both and a build
never reads them. The train/test split is a pure function of the ids (written set) or of
the paper names (real set: whole papers are held out, so that no paper's wording is seen
in training and tested on), so anyone can check that a file's `split` fields were
assigned by the documented rule rather than picked to flatter the model.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from chemx.grounding.classes import EXPLANATORY, LABELS, REASONING_TYPES

SPLITS: tuple[str, ...] = ("train", "test")
TEST_FRACTION = 0.2
"""Share of each label that goes to the test split (stratified, by id hash rank)."""

DATASET_NAME = "sentences.jsonl"
REALWORLD_NAME = "realworld.jsonl"
PROVENANCE_KEYS = frozenset({"paper", "doi", "licence"})
"""Extra keys of a real sentence: which paper it came from, under which licence."""


def dataset_path(name: str = DATASET_NAME) -> Path:
    """Where a shipped labelled set lives inside the installed package."""
    return Path(str(resources.files("chemx") / "data" / "explanatory" / name))


@dataclass(frozen=True)
class LabelledSentence:
    """One sentence of the labelled set, as stored in the jsonl file."""

    id: str
    text: str
    label: str
    area: str
    reasoning_type: str | None
    split: str
    paper: str | None = None
    """The source paper of a real sentence (None for the written set)."""


def normalise_text(text: str) -> str:
    """Fold case, Unicode form and whitespace so trivially different copies compare equal."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"\s+", " ", folded).strip()


def _validated(record: dict[str, object], line_number: str) -> LabelledSentence:
    keys = {"id", "text", "label", "area", "reasoning_type", "split"}
    if set(record) != keys and set(record) != keys | PROVENANCE_KEYS:
        raise ValueError(f"{line_number}: keys {sorted(record)} != {sorted(keys)}")
    paper = record.get("paper")
    if paper is not None and not isinstance(paper, str):
        raise ValueError(f"{line_number}: paper must be a string")
    sid, text, label, area = record["id"], record["text"], record["label"], record["area"]
    reasoning, split = record["reasoning_type"], record["split"]
    if not all(isinstance(value, str) and value for value in (sid, text, label, area, split)):
        raise ValueError(f"{line_number}: id, text, label, area and split must be strings")
    assert isinstance(sid, str) and isinstance(text, str) and isinstance(label, str)
    assert isinstance(area, str) and isinstance(split, str)
    if label not in LABELS:
        raise ValueError(f"{line_number}: unknown label {label!r}")
    if split not in SPLITS:
        raise ValueError(f"{line_number}: unknown split {split!r}")
    if label == EXPLANATORY:
        if reasoning not in REASONING_TYPES:
            raise ValueError(f"{line_number}: explanatory needs a reasoning_type")
    elif reasoning is not None:
        raise ValueError(f"{line_number}: only explanatory sentences have a reasoning_type")
    assert reasoning is None or isinstance(reasoning, str)
    return LabelledSentence(sid, text, label, area, reasoning, split, paper)


def load_labelled_sentences(*paths: Path) -> list[LabelledSentence]:
    """Read and validate labelled sets; ids and normalised texts must be unique across them.

    With no path, the written set alone.

    Raises:
        ValueError: on a schema violation or a duplicate, so bad data never trains a model.
    """
    sentences: list[LabelledSentence] = []
    seen_ids: set[str] = set()
    seen_texts: set[str] = set()
    lines = [
        (f"{source.name}:{number}", line)
        for source in (paths or (dataset_path(),))
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), start=1)
    ]
    for number, line in lines:
        if not line.strip():
            continue
        sentence = _validated(json.loads(line), number)
        if sentence.id in seen_ids:
            raise ValueError(f"{number}: duplicate id {sentence.id!r}")
        key = normalise_text(sentence.text)
        if key in seen_texts:
            raise ValueError(f"{number}: duplicate text {sentence.text!r}")
        seen_ids.add(sentence.id)
        seen_texts.add(key)
        sentences.append(sentence)
    return sentences


def file_sha256(path: Path) -> str:
    """Content hash recorded in the model manifest to tie weights to their training data."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _id_rank_key(sentence_id: str) -> str:
    return hashlib.sha256(sentence_id.encode("utf-8")).hexdigest()


def assign_splits(items: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Stratified, deterministic train/test assignment from `(id, label)` pairs.

    Within each label the ids are ranked by the SHA-256 of the id and the first
    `round(TEST_FRACTION * n)` go to test. Adding a sentence moves at most a few others,
    and nobody can choose which sentences are held out.
    """
    by_label: dict[str, list[str]] = defaultdict(list)
    for sentence_id, label in items:
        by_label[label].append(sentence_id)
    splits: dict[str, str] = {}
    for ids in by_label.values():
        ranked = sorted(ids, key=_id_rank_key)
        n_test = round(TEST_FRACTION * len(ranked))
        for position, sentence_id in enumerate(ranked):
            splits[sentence_id] = "test" if position < n_test else "train"
    return splits


PAPER_TEST_FRACTION = 0.25
"""Share of the real papers whose every sentence is held out (at least one paper)."""


def assign_paper_splits(papers: Iterable[str]) -> dict[str, str]:
    """Deterministic train/test assignment of whole papers, by SHA-256 rank of the name.

    Splitting by paper, not by sentence, keeps a paper's wording, compounds and topic out
    of training when its sentences are tested: the held-out score is what an unseen
    paper gets.
    """
    ranked = sorted(set(papers), key=_id_rank_key)
    n_test = max(1, round(PAPER_TEST_FRACTION * len(ranked))) if ranked else 0
    return {
        paper: "test" if position < n_test else "train" for position, paper in enumerate(ranked)
    }
