"""Fitting the QC 2 softmax head and its metrics (chemx.devkit.softmax_training)."""

from __future__ import annotations

import numpy as np
import pytest

from chemx.devkit.softmax_training import (
    accuracy,
    confusion_matrix,
    fit_softmax,
    per_class_metrics,
    recall_precision_at,
    threshold_for_recall,
)


def test_fit_separates_three_clusters_and_is_deterministic() -> None:
    rng = np.random.default_rng(0)
    centres = np.array([[0.0, 0.0], [5.0, 0.0], [0.0, 5.0]])
    labels = np.repeat(np.arange(3), 20)
    features = centres[labels] + rng.normal(scale=0.5, size=(60, 2))
    model = fit_softmax(features, labels, n_classes=3, l2=0.01)
    again = fit_softmax(features, labels, n_classes=3, l2=0.01)
    np.testing.assert_array_equal(model.weights, again.weights)
    predicted = model.predict_proba(features).argmax(axis=1)
    assert accuracy(confusion_matrix(labels.tolist(), predicted.tolist(), 3)) == 1.0


def test_confusion_matrix_and_per_class_metrics() -> None:
    matrix = confusion_matrix([0, 0, 1, 1, 2], [0, 1, 1, 1, 0], 3)
    assert matrix.tolist() == [[1, 1, 0], [0, 2, 0], [1, 0, 0]]
    assert accuracy(matrix) == pytest.approx(3 / 5)
    first, second, third = per_class_metrics(matrix)
    assert (first["precision"], first["recall"], first["support"]) == (0.5, 0.5, 2.0)
    assert second["precision"] == pytest.approx(2 / 3) and second["recall"] == 1.0
    assert third == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "support": 1.0}


def test_recall_threshold_sits_halfway_below_the_last_kept_positive() -> None:
    scores = np.array([0.9, 0.8, 0.7, 0.6, 0.3, 0.2])
    positive = np.array([True, False, True, False, True, False])
    # Two of three positives must stay: the second is at 0.7, the next score below is 0.6.
    assert threshold_for_recall(scores, positive, 0.6) == pytest.approx(0.65)
    assert recall_precision_at(scores, positive, 0.65) == pytest.approx(
        {"recall": 2 / 3, "precision": 2 / 3, "filtered_share": 0.5}
    )
    assert threshold_for_recall(scores, np.zeros(6, dtype=bool), 0.9) == 0.0
