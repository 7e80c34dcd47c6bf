"""Finding and reading the sample corpus gold (chemx.devkit.sample_gold)."""

from __future__ import annotations

import json
from pathlib import Path

from chemx.devkit.sample_gold import gold_path, load_gold, load_gold_sentences
from chemx.sources import sample_corpus_dir


def test_the_shipped_gold_is_found_beside_the_sample_papers() -> None:
    assert gold_path() == sample_corpus_dir() / "gold.json"
    gold = load_gold()
    assert len(gold["papers"]) >= 12
    sentences = load_gold_sentences()
    assert len(sentences) == sum(len(paper["sentences"]) for paper in gold["papers"])
    assert sentences[0].paper == gold["papers"][0]["file"]


def test_another_gold_file_is_read_from_its_path(tmp_path: Path) -> None:
    path = tmp_path / "gold.json"
    paper = {"file": "p.nxml", "sentences": [{"text": "A.", "label": "partial"}]}
    path.write_text(json.dumps({"papers": [paper]}), encoding="utf-8")
    assert load_gold(path)["papers"][0]["file"] == "p.nxml"
    [sentence] = load_gold_sentences(path)
    assert (sentence.paper, sentence.text, sentence.label) == ("p.nxml", "A.", "partial")
