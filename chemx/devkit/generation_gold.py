"""Measure the template extractor against the sample gold (never an input of the pipeline).

Every explanatory sentence of `chemx/data/sample/gold.json` carries gold `effect`,
`feature`, `mechanism` and `reasoning_type`. A field counts as recovered when the
extracted text and the gold text share at least half of the shorter one's content
stems (`chemx.generation.text.overlap` >= `AGREEMENT`): the gold is a paraphrase
("a 7-fold gain in PKX3 potency" for "improves potency 7-fold"), so exact match would
measure wording, not extraction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chemx.generation.extract import Decomposition, decompose
from chemx.generation.text import overlap
from chemx.grounding.classes import EXPLANATORY

AGREEMENT = 0.5
"""Minimum content-stem overlap for a field to count as recovered."""


@dataclass
class FieldAgreement:
    """How often each field was recovered, over all gold explanatory sentences."""

    sentences: int = 0
    decomposed: int = 0
    effect: int = 0
    feature: int = 0
    mechanism: int = 0
    all_three: int = 0
    reasoning_type: int = 0
    misses: list[str] = field(default_factory=list)

    def rate(self, name: str) -> float:
        """Share of all gold sentences for which `name` was recovered."""
        value: int = getattr(self, name)
        return value / self.sentences if self.sentences else 0.0

    def summary(self) -> dict[str, float | int]:
        """Counts and rates, for reports."""
        names = ("decomposed", "effect", "feature", "mechanism", "all_three", "reasoning_type")
        return {"sentences": self.sentences} | {name: round(self.rate(name), 3) for name in names}


def field_matches(extracted: Decomposition, annotation: dict[str, Any]) -> dict[str, bool]:
    """Which fields of one decomposition agree with the sentence's gold annotation."""
    return {
        "effect": overlap(extracted.effect, annotation["effect"]) >= AGREEMENT,
        "feature": overlap(extracted.feature, annotation["feature"]) >= AGREEMENT,
        "mechanism": overlap(extracted.mechanism, annotation["mechanism"]) >= AGREEMENT,
        "reasoning_type": extracted.reasoning_type.value == annotation["reasoning_type"],
    }


def gold_explanatory(gold: dict[str, Any]) -> list[dict[str, Any]]:
    """Every explanatory sentence annotation of the gold file, in file order."""
    return [
        sentence
        for paper in gold["papers"]
        for sentence in paper["sentences"]
        if sentence["label"] == EXPLANATORY and sentence.get("feature")
    ]


def score_extraction(gold: dict[str, Any]) -> FieldAgreement:
    """Run the template extractor on every gold explanatory sentence and count agreement."""
    result = FieldAgreement()
    for annotation in gold_explanatory(gold):
        result.sentences += 1
        extracted = decompose(annotation["text"])
        if not isinstance(extracted, Decomposition):
            result.misses.append(f"{extracted.reason}: {annotation['text'][:80]}")
            continue
        result.decomposed += 1
        matches = field_matches(extracted, annotation)
        for name, ok in matches.items():
            setattr(result, name, getattr(result, name) + int(ok))
        if matches["effect"] and matches["feature"] and matches["mechanism"]:
            result.all_three += 1
        else:
            wrong = ",".join(n for n, ok in matches.items() if not ok and n != "reasoning_type")
            result.misses.append(f"{wrong}: {annotation['text'][:80]}")
    return result
