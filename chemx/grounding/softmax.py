"""A fitted multinomial logistic regression: standardise, then a linear map and softmax.

The QC 2 sentence classifier applies it to a frozen sentence embedding. Fitting it, and
the metrics its manifest reports, are development tools: `chemx.devkit.softmax_training`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True)
class SoftmaxModel:
    """Standardisation statistics and weights of a fitted softmax regression."""

    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: np.ndarray

    @property
    def n_features(self) -> int:
        """Input dimension the model expects."""
        return int(self.weights.shape[0])

    def logits(self, features: np.ndarray) -> np.ndarray:
        """Class scores before the softmax, shape (n, n_classes)."""
        standardised = (np.asarray(features, dtype=np.float64) - self.mean) / self.scale
        return np.asarray(standardised @ self.weights + self.bias)

    def predict_proba(self, features: np.ndarray) -> np.ndarray:
        """Class probabilities, shape (n, n_classes), rows summing to one."""
        return softmax(self.logits(features))

    def save(self, path: Path) -> None:
        """Write the four arrays to an uncompressed `.npz` (a few kB)."""
        with path.open("wb") as handle:
            np.savez(handle, mean=self.mean, scale=self.scale, weights=self.weights, bias=self.bias)

    @classmethod
    def load(cls, path: Path) -> SoftmaxModel:
        """Read a model written by `save`."""
        with np.load(path) as arrays:
            return cls(
                mean=arrays["mean"].astype(np.float64),
                scale=arrays["scale"].astype(np.float64),
                weights=arrays["weights"].astype(np.float64),
                bias=arrays["bias"].astype(np.float64),
            )


def softmax(logits: np.ndarray) -> np.ndarray:
    """Numerically stable row-wise softmax."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return np.asarray(exp / exp.sum(axis=1, keepdims=True))
