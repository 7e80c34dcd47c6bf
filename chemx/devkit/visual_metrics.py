"""Box-level detection scores for benchmarking the visual stage (segmenters, reaction parsers).

A predicted box counts as found when it overlaps a gold box with an intersection over
union of at least the threshold (0.5 by convention, as in PASCAL VOC and in RxnScribe's
own evaluation), each gold box being matched at most once. Optimal (Hungarian) matching
is the default because greedy matching can undercount when one prediction overlaps two
gold boxes; greedy is kept for comparison with tools that report it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from scipy.optimize import linear_sum_assignment

from chemx.geometry import iou
from chemx.records import Box

DEFAULT_IOU = 0.5
"""The usual detection threshold; the issue's acceptance criterion is stated at it."""

Matching = Literal["hungarian", "greedy"]


def iou_matrix(predicted: Sequence[Box], gold: Sequence[Box]) -> np.ndarray:
    """IoU of every predicted box (rows) with every gold box (columns)."""
    matrix = np.zeros((len(predicted), len(gold)), dtype=np.float64)
    for row, box in enumerate(predicted):
        for column, other in enumerate(gold):
            matrix[row, column] = iou(box, other)
    return matrix


def match_boxes(
    predicted: Sequence[Box],
    gold: Sequence[Box],
    threshold: float = DEFAULT_IOU,
    method: Matching = "hungarian",
) -> list[tuple[int, int, float]]:
    """One-to-one matches (predicted index, gold index, IoU) with IoU >= threshold.

    Hungarian matching maximises the number of matches first and their summed IoU
    second; greedy matching takes the best remaining pair until none clears the bar.
    """
    if not predicted or not gold:
        return []
    matrix = iou_matrix(predicted, gold)
    valid = matrix >= threshold
    if method == "greedy":
        return _greedy(matrix, valid)
    # Every valid pair weighs more than any set of IoUs, so the count is maximised first.
    bonus = float(min(matrix.shape) + 1)
    weights = np.where(valid, bonus + matrix, 0.0)
    rows, columns = linear_sum_assignment(weights, maximize=True)
    return [
        (int(row), int(column), float(matrix[row, column]))
        for row, column in zip(rows, columns, strict=True)
        if valid[row, column]
    ]


def _greedy(matrix: np.ndarray, valid: np.ndarray) -> list[tuple[int, int, float]]:
    order = np.argsort(-matrix, axis=None, kind="stable")
    used_rows: set[int] = set()
    used_columns: set[int] = set()
    matches: list[tuple[int, int, float]] = []
    for flat in order:
        row, column = (int(v) for v in np.unravel_index(flat, matrix.shape))
        if not valid[row, column]:
            break
        if row in used_rows or column in used_columns:
            continue
        used_rows.add(row)
        used_columns.add(column)
        matches.append((row, column, float(matrix[row, column])))
    return matches


@dataclass(frozen=True)
class DetectionScore:
    """Precision and recall of predicted boxes against gold boxes at one IoU threshold.

    With nothing predicted, precision is 1.0 (no false alarm); with no gold, recall is
    1.0 (nothing missed). This keeps per-figure scores of empty figures neutral.
    """

    precision: float
    recall: float
    true_positives: int
    predicted: int
    gold: int

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall (0 when both are 0)."""
        total = self.precision + self.recall
        return 2 * self.precision * self.recall / total if total else 0.0

    @classmethod
    def from_counts(cls, true_positives: int, predicted: int, gold: int) -> DetectionScore:
        """Build a score from raw counts."""
        return cls(
            precision=true_positives / predicted if predicted else 1.0,
            recall=true_positives / gold if gold else 1.0,
            true_positives=true_positives,
            predicted=predicted,
            gold=gold,
        )

    @classmethod
    def total(cls, scores: Iterable[DetectionScore]) -> DetectionScore:
        """Micro-average: pool the counts of many figures into one score."""
        tp = predicted = gold = 0
        for score in scores:
            tp += score.true_positives
            predicted += score.predicted
            gold += score.gold
        return cls.from_counts(tp, predicted, gold)


def detection_score(
    predicted: Sequence[Box],
    gold: Sequence[Box],
    threshold: float = DEFAULT_IOU,
    method: Matching = "hungarian",
) -> DetectionScore:
    """Score predicted boxes against gold boxes (one-to-one matching at `threshold`)."""
    matches = match_boxes(predicted, gold, threshold, method)
    return DetectionScore.from_counts(len(matches), len(predicted), len(gold))
