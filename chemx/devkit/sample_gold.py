"""The sample corpus gold file: one place that finds and reads it.

`chemx/data/sample/gold.json` (written by `scripts/make_sample_corpus.py`) holds every
figure's class, every structure's box, identifier and role, and every sentence's label
with its decomposition. The stages are measured on it and never trained on it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chemx.sources.corpus import sample_corpus_dir

GOLD_NAME = "gold.json"


def gold_path() -> Path:
    """Where the shipped sample gold lives inside the installed package."""
    return sample_corpus_dir() / GOLD_NAME


def load_gold(path: Path | None = None) -> dict[str, Any]:
    """The gold file as a dict (the shipped one by default)."""
    gold: dict[str, Any] = json.loads((path or gold_path()).read_text(encoding="utf-8"))
    return gold


@dataclass(frozen=True)
class GoldSentence:
    """One annotated sentence of the sample corpus."""

    paper: str
    text: str
    label: str


def load_gold_sentences(path: Path | None = None) -> list[GoldSentence]:
    """All `papers[*].sentences[*]` of the gold file, in file order."""
    return [
        GoldSentence(str(paper.get("file", paper.get("number", ""))), s["text"], s["label"])
        for paper in load_gold(path)["papers"]
        for s in paper["sentences"]
    ]
