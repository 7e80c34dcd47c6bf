"""Fitting the QC 2 sentence classifier's softmax regression, and the metrics it reports.

A few hundred labelled sentences support no more than a linear model on a frozen
embedding. Fitting it with L-BFGS from a zero start in float64 is deterministic, so
`scripts/train_explanatory_classifier.py` reproduces the shipped weights exactly, without
scikit-learn. The fitted model, `chemx.grounding.softmax.SoftmaxModel`, is what a build
loads.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from scipy.optimize import minimize

from chemx.grounding.softmax import SoftmaxModel, softmax

MAX_ITERATIONS = 5000
GRADIENT_TOLERANCE = 1e-9
MIN_SCALE = 1e-6
"""Floor for a feature's standard deviation, so constant features do not divide by zero."""


def class_weights(labels: np.ndarray, n_classes: int, balanced: bool) -> np.ndarray:
    """Per-class loss weights: ones, or inverse frequency scaled to mean one."""
    if not balanced:
        return np.ones(n_classes)
    counts = np.bincount(labels, minlength=n_classes).astype(np.float64)
    return np.asarray(len(labels) / (n_classes * np.maximum(counts, 1.0)))


def fit_softmax(
    features: np.ndarray,
    labels: np.ndarray,
    n_classes: int,
    l2: float,
    balanced: bool = False,
) -> SoftmaxModel:
    """Fit by L-BFGS on weighted mean cross-entropy plus `l2/2 * ||W||^2` (bias unpenalised).

    Features are standardised with the training mean and standard deviation first, so a
    single `l2` suits embedding dimensions and binary cues alike.
    """
    x = np.asarray(features, dtype=np.float64)
    y = np.asarray(labels, dtype=np.int64)
    mean = x.mean(axis=0)
    scale = np.maximum(x.std(axis=0), MIN_SCALE)
    z = (x - mean) / scale
    d = z.shape[1]
    sample_weight = class_weights(y, n_classes, balanced)[y]
    sample_weight = sample_weight / sample_weight.sum()
    onehot = np.eye(n_classes)[y]

    def objective(theta: np.ndarray) -> tuple[float, np.ndarray]:
        weights = theta[: d * n_classes].reshape(d, n_classes)
        bias = theta[d * n_classes :]
        probs = softmax(z @ weights + bias)
        loss = -float(np.sum(sample_weight * np.log(np.clip(probs, 1e-300, None))[onehot > 0]))
        loss += 0.5 * l2 * float(np.sum(weights * weights))
        residual = (probs - onehot) * sample_weight[:, None]
        grad_w = z.T @ residual + l2 * weights
        grad_b = residual.sum(axis=0)
        return loss, np.concatenate([grad_w.ravel(), grad_b])

    result = minimize(
        objective,
        np.zeros(d * n_classes + n_classes),
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": MAX_ITERATIONS, "gtol": GRADIENT_TOLERANCE},
    )
    theta = result.x
    return SoftmaxModel(
        mean=mean,
        scale=scale,
        weights=theta[: d * n_classes].reshape(d, n_classes).copy(),
        bias=theta[d * n_classes :].copy(),
    )


def confusion_matrix(truth: Sequence[int], predicted: Sequence[int], n_classes: int) -> np.ndarray:
    """Counts with rows = true class and columns = predicted class."""
    matrix = np.zeros((n_classes, n_classes), dtype=np.int64)
    for t, p in zip(truth, predicted, strict=True):
        matrix[t, p] += 1
    return matrix


def per_class_metrics(matrix: np.ndarray) -> list[dict[str, float]]:
    """Precision, recall, F1 and support per class from a confusion matrix."""
    rows: list[dict[str, float]] = []
    for k in range(matrix.shape[0]):
        true_positive = float(matrix[k, k])
        predicted = float(matrix[:, k].sum())
        actual = float(matrix[k, :].sum())
        precision = true_positive / predicted if predicted else 0.0
        recall = true_positive / actual if actual else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        rows.append({"precision": precision, "recall": recall, "f1": f1, "support": actual})
    return rows


def accuracy(matrix: np.ndarray) -> float:
    """Share of the diagonal in a confusion matrix."""
    total = float(matrix.sum())
    return float(np.trace(matrix)) / total if total else 0.0


def threshold_for_recall(scores: np.ndarray, positive: np.ndarray, min_recall: float) -> float:
    """Highest cut-off whose `scores >= t` keeps at least `min_recall` of the positives.

    The cut-off is placed halfway between the last positive that must be kept and the
    next lower score in the whole set, so tiny numerical differences (another BLAS, another
    CPU) cannot flip the items that decide the recall.
    """
    positive_scores = np.sort(scores[positive])[::-1]
    if positive_scores.size == 0:
        return 0.0
    keep = math.ceil(min_recall * positive_scores.size)
    boundary = float(positive_scores[keep - 1])
    below = scores[scores < boundary]
    lower = float(below.max()) if below.size else 0.0
    return (boundary + lower) / 2


def recall_precision_at(
    scores: np.ndarray, positive: np.ndarray, threshold: float
) -> dict[str, float]:
    """Recall, precision and the share of items removed when keeping `scores >= threshold`."""
    kept = scores >= threshold
    n_positive = int(positive.sum())
    true_kept = int((kept & positive).sum())
    return {
        "recall": true_kept / n_positive if n_positive else 0.0,
        "precision": true_kept / int(kept.sum()) if kept.any() else 0.0,
        "filtered_share": float(1.0 - kept.mean()) if kept.size else 0.0,
    }
