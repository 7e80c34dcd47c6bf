"""Scoring a built store's visual stage against the sample corpus gold.

The sample corpus ships `gold.json` with every figure's class and every structure's
box and identifier. After `chemx build --corpus sample`, this module reads back what
the classifier, segmenter and identifier extractor stored and measures them against
it, so tests and `scripts/bench_visual.py` use one definition of each number.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from pydantic import BaseModel, Field

from chemx.devkit.visual_metrics import DEFAULT_IOU, match_boxes
from chemx.provenance.store import ProvenanceStore
from chemx.records import STRUCTURE_ROLES, Box, Figure, Gate, NodeKind, Paper, Structure
from chemx.visual.classes import FIGURE_CLASSES


class DetectionCounts(BaseModel):
    """Recall and precision of structure boxes at IoU >= 0.5."""

    gold: int
    predicted: int
    matched: int
    recall: float
    precision: float


class VisualScores(BaseModel):
    """The visual stage measured against the gold file."""

    figures: int
    classifier_accuracy: float
    classifier_confusion: list[list[int]] = Field(
        description="Rows: gold class, columns: predicted, in FIGURE_CLASSES order."
    )
    classifier_mistakes: list[str]
    segmentation: DetectionCounts
    segmentation_by_layout: dict[str, DetectionCounts]
    identifier_accuracy: float = Field(
        description="Gold structures whose matched crop carries the gold identifier."
    )
    identifier_mistakes: list[str]


def _counts(gold: int, predicted: int, matched: int) -> DetectionCounts:
    return DetectionCounts(
        gold=gold,
        predicted=predicted,
        matched=matched,
        recall=round(matched / gold, 4) if gold else 1.0,
        precision=round(matched / predicted, 4) if predicted else 1.0,
    )


def score_store(store: ProvenanceStore, gold: dict[str, Any]) -> VisualScores:
    """Compare the store's figures and structures with the gold, paper by paper."""
    names = [c.value for c in FIGURE_CLASSES]
    confusion = [[0] * len(names) for _ in names]
    class_mistakes: list[str] = []
    id_mistakes: list[str] = []
    totals = [0, 0, 0]
    by_layout: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    identifiers_right = identifiers_total = 0
    papers = {
        node.record.doi: node.record
        for node in store.nodes(NodeKind.PAPER)
        if isinstance(node.record, Paper)
    }
    for gold_paper in gold["papers"]:
        paper = papers.get(gold_paper["doi"])
        if paper is None:
            raise ValueError(f"gold paper {gold_paper['doi']} is not in the store")
        figures = {
            node.record.figure_key: node.record
            for node in store.nodes(NodeKind.FIGURE, paper_id=paper.id)
            if isinstance(node.record, Figure)
        }
        for gold_figure in gold_paper["figures"]:
            figure = figures[gold_figure["figure_key"]]
            where = f"{gold_paper['file']}:{gold_figure['figure_key']}"
            predicted_class = _predicted_class(store, figure.id)
            truth = names.index(gold_figure["class"])
            guess = names.index(predicted_class) if predicted_class in names else None
            if guess is not None:
                confusion[truth][guess] += 1
            if guess != truth:
                class_mistakes.append(f"{where}: {gold_figure['class']} -> {predicted_class}")
            structures = [
                child.record
                for child in store.children(figure.id)
                if isinstance(child.record, Structure) and child.record.role in STRUCTURE_ROLES
            ]
            gold_structures = _unique_gold(gold_figure["structures"])
            gold_boxes: list[Box] = [tuple(g["box"]) for g in gold_structures]
            matches = match_boxes([s.box for s in structures], gold_boxes, DEFAULT_IOU)
            layout = by_layout[gold_figure["layout"]]
            for tally in (totals, layout):
                tally[0] += len(gold_structures)
                tally[1] += len(structures)
                tally[2] += len(matches)
            matched_gold = {gold_index: pred_index for pred_index, gold_index, _ in matches}
            for gold_index, gold_structure in enumerate(gold_structures):
                identifiers_total += 1
                found = matched_gold.get(gold_index)
                got = structures[found].identifier if found is not None else None
                if got == gold_structure["identifier"]:
                    identifiers_right += 1
                else:
                    shown = got if found is not None else "no matching crop"
                    id_mistakes.append(f"{where}: {gold_structure['identifier']} -> {shown}")
    figures_total = sum(len(paper["figures"]) for paper in gold["papers"])
    correct = sum(confusion[i][i] for i in range(len(names)))
    return VisualScores(
        figures=figures_total,
        classifier_accuracy=round(correct / figures_total, 4) if figures_total else 0.0,
        classifier_confusion=confusion,
        classifier_mistakes=class_mistakes,
        segmentation=_counts(*totals),
        segmentation_by_layout={name: _counts(*t) for name, t in sorted(by_layout.items())},
        identifier_accuracy=round(identifiers_right / identifiers_total, 4)
        if identifiers_total
        else 0.0,
        identifier_mistakes=id_mistakes,
    )


def _unique_gold(structures: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A two-step intermediate is listed once per step in the gold but drawn once."""
    seen: set[Box] = set()
    unique = []
    for structure in structures:
        box = tuple(structure["box"])
        if box not in seen:
            seen.add(box)
            unique.append(structure)
    return unique


def _predicted_class(store: ProvenanceStore, figure_id: str) -> str | None:
    """The classifier's class for a figure, read from its classifier decision."""
    for decision in store.decisions(figure_id):
        if decision.gate is Gate.QC1 and decision.reason == "non_chemistry":
            return "non_chemistry"
        if decision.gate is Gate.CLASSIFIER and decision.verdict.value == "accept":
            return decision.reason
    return None
