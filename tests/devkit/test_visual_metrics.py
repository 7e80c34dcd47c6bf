"""One-to-one box matching and detection scores (chemx.devkit.visual_metrics)."""

from __future__ import annotations

import pytest

from chemx.devkit.visual_metrics import DetectionScore, detection_score, match_boxes


def test_hungarian_matching_beats_greedy_when_one_box_overlaps_two() -> None:
    gold = [(2, 0, 12, 10), (5, 0, 15, 10)]
    # A overlaps both gold boxes, the first one best; B overlaps only the first.
    # Greedy pairs A with the first and leaves B unmatched; optimal matching pairs both.
    predicted = [(3, 0, 13, 10), (0, 0, 10, 10)]
    assert len(match_boxes(predicted, gold, 0.5, "greedy")) == 1
    matches = match_boxes(predicted, gold, 0.5, "hungarian")
    assert sorted((p, g) for p, g, _ in matches) == [(0, 1), (1, 0)]


def test_detection_score_counts_and_conventions() -> None:
    score = detection_score([(0, 0, 10, 10), (50, 50, 60, 60)], [(1, 1, 10, 10)])
    assert (score.true_positives, score.predicted, score.gold) == (1, 2, 1)
    assert score.precision == 0.5 and score.recall == 1.0
    assert score.f1 == pytest.approx(2 / 3)
    empty = detection_score([], [])
    assert empty.precision == 1.0 and empty.recall == 1.0
    missed = detection_score([], [(0, 0, 5, 5)])
    assert missed.recall == 0.0 and missed.precision == 1.0


def test_total_pools_counts() -> None:
    total = DetectionScore.total(
        [DetectionScore.from_counts(2, 2, 3), DetectionScore.from_counts(1, 2, 1)]
    )
    assert (total.true_positives, total.predicted, total.gold) == (3, 4, 4)
    assert total.recall == 0.75
