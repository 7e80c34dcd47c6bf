"""QC 2 sentence classifier: explanatory, partial or non-explanatory.

An item is only as good as its evidence: its answer must come from a sentence that
explains how a structural feature causes an effect. This classifier sorts candidate
sentences so that the expensive checks downstream see mostly real explanations. It is a
multinomial logistic regression on the all-MiniLM-L6-v2 sentence embedding plus the
binary cues of `chemx.grounding.lexical` (kept because they measurably help on held-out
data). The weights (a few kB) and a JSON manifest with every reported number ship in
`chemx/data/models/`; `scripts/train_explanatory_classifier.py` reproduces both.

Two uses:
- `predict` gives the three-way label with probabilities;
- `prefilter` / `explanatory_probability` is a recall-oriented screen whose threshold
  (in the manifest) keeps at least 95% of the explanatory sentences of the held-out split.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np
from pydantic import BaseModel, Field

from chemx.grounding.classes import EXPLANATORY, LABELS
from chemx.grounding.encoder import DEFAULT_BATCH_SIZE, SentenceEncoder, load_encoder
from chemx.grounding.lexical import LEXICAL_FEATURE_NAMES, lexical_features
from chemx.grounding.softmax import SoftmaxModel
from chemx.registry import BackendContext

BACKEND = "minilm-logreg"
WEIGHTS_NAME = "explanatory_classifier.npz"
MANIFEST_NAME = "explanatory_classifier.json"
PREFILTER_TARGET_RECALL = 0.95
"""Explanatory recall the pre-filter threshold must keep on the held-out split."""


def default_weights_path() -> Path:
    """The shipped weights inside the installed package."""
    return Path(str(resources.files("chemx") / "data" / "models" / WEIGHTS_NAME))


class ClassMetrics(BaseModel):
    """Precision, recall and F1 of one class, with its support."""

    precision: float
    recall: float
    f1: float
    support: int


class EvaluationReport(BaseModel):
    """How the model did on one set of labelled sentences."""

    n: int
    accuracy: float
    majority_label: str
    majority_baseline: float = Field(description="Accuracy of always predicting majority_label.")
    per_class: dict[str, ClassMetrics]
    confusion_matrix: list[list[int]] = Field(
        description="Rows: true class, columns: predicted class, in `labels` order."
    )


class PrefilterReport(BaseModel):
    """The pre-filter threshold and what it does on each evaluated set."""

    threshold: float
    target_recall: float
    rule: str
    heldout: dict[str, float] = Field(description="recall, precision, filtered_share on test.")
    train_out_of_fold: dict[str, float]
    sample_gold: dict[str, float]


class ExplanatoryManifest(BaseModel):
    """Everything needed to trust, reproduce and use the shipped weights."""

    backend: str = BACKEND
    labels: list[str]
    embedding_model: str
    embedding_dim: int
    lexical_features: list[str] = Field(description="Empty when only the embedding is used.")
    feature_set: str
    l2: float
    balanced_class_weights: bool
    seed: int
    cv_folds: int
    model_selection: list[dict[str, float | str | bool]]
    training_data: str
    training_data_sha256: str
    counts: dict[str, dict[str, int]] = Field(description="label -> split -> count.")
    heldout: EvaluationReport
    leave_one_area_out: dict[str, float | dict[str, float]]
    prefilter: PrefilterReport
    sample_gold: EvaluationReport
    overlap_with_sample_gold: dict[str, float]
    weights_file: str
    weights_sha256: str
    versions: dict[str, str]
    real_training_data: str | None = Field(
        default=None, description="The hand-labelled sentences of real papers, if used."
    )
    real_training_data_sha256: str | None = None
    real_counts: dict[str, dict[str, int]] = Field(
        default_factory=dict, description="Real sentences: label -> split -> count."
    )
    real_test_papers: list[str] = Field(
        default_factory=list, description="The real papers held out whole (split by paper)."
    )
    real_heldout: EvaluationReport | None = Field(
        default=None, description="Accuracy on the held-out real papers' sentences."
    )


def feature_matrix(embeddings: np.ndarray, texts: Sequence[str], lexical: bool) -> np.ndarray:
    """Model input: the normalised embedding, then the lexical cues when `lexical` is set."""
    if embeddings.shape[0] != len(texts):
        raise ValueError("one embedding per text is required")
    if not lexical:
        return np.asarray(embeddings, dtype=np.float64)
    return np.hstack([embeddings, lexical_features(texts)]).astype(np.float64)


@dataclass(frozen=True)
class SentencePrediction:
    """The classifier's verdict on one sentence."""

    label: str
    probabilities: dict[str, float]

    @property
    def explanatory_probability(self) -> float:
        """Probability of the explanatory class (what the pre-filter thresholds)."""
        return self.probabilities[EXPLANATORY]


class ExplanatoryClassifier:
    """Three-way explanation classifier over the MiniLM embedding and lexical cues."""

    backend = BACKEND

    def __init__(
        self,
        model: SoftmaxModel,
        manifest: ExplanatoryManifest,
        encoder: SentenceEncoder | None = None,
        device: str = "cpu",
    ) -> None:
        """Wrap fitted weights; the encoder is loaded lazily (on `device`) if not given."""
        if tuple(manifest.labels) != LABELS:
            raise ValueError(f"manifest labels {manifest.labels} != {list(LABELS)}")
        if manifest.lexical_features and tuple(manifest.lexical_features) != (
            LEXICAL_FEATURE_NAMES
        ):
            raise ValueError("the lexical cue table changed since these weights were trained")
        expected = manifest.embedding_dim + len(manifest.lexical_features)
        if model.n_features != expected:
            raise ValueError(f"weights expect {model.n_features} features, manifest {expected}")
        self.model = model
        self.manifest = manifest
        self._encoder = encoder
        self._device = device

    @classmethod
    def load(
        cls,
        path: Path | None = None,
        *,
        encoder: SentenceEncoder | None = None,
        device: str = "cpu",
    ) -> ExplanatoryClassifier:
        """Load weights (`.npz`) and the manifest beside them; shipped ones by default.

        Args:
            path: weights file; its manifest is the same name with a `.json` suffix.
            encoder: a ready sentence encoder (e.g. shared by a test session); otherwise
                the bundled MiniLM is loaded on `device` when first needed.
            device: torch device for the lazily loaded encoder.

        Raises:
            ValueError: if the weights do not match the manifest's recorded hash.
        """
        weights_path = path or default_weights_path()
        manifest_path = weights_path.with_suffix(".json")
        manifest = ExplanatoryManifest.model_validate_json(
            manifest_path.read_text(encoding="utf-8")
        )
        digest = hashlib.sha256(weights_path.read_bytes()).hexdigest()
        if digest != manifest.weights_sha256:
            raise ValueError(f"{weights_path} does not match the hash in {manifest_path}")
        return cls(SoftmaxModel.load(weights_path), manifest, encoder, device)

    @property
    def encoder(self) -> SentenceEncoder:
        """The sentence encoder, loaded on first access (it takes a few seconds)."""
        if self._encoder is None:
            self._encoder = load_encoder(self._device)
        return self._encoder

    @property
    def prefilter_threshold(self) -> float:
        """Explanatory-probability cut-off chosen for >= 95% held-out explanatory recall."""
        return self.manifest.prefilter.threshold

    @property
    def uses_lexical_features(self) -> bool:
        """Whether the lexical cues are part of the model input."""
        return bool(self.manifest.lexical_features)

    def features(self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE) -> np.ndarray:
        """Embed `texts` and append the lexical cues if the model uses them."""
        embeddings = self.encoder.embed(list(texts), batch_size=batch_size)
        return feature_matrix(embeddings, texts, self.uses_lexical_features)

    def predict_proba(
        self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE
    ) -> np.ndarray:
        """Class probabilities, shape (len(texts), 3), columns in `LABELS` order."""
        if not texts:
            return np.zeros((0, len(LABELS)))
        return self.model.predict_proba(self.features(texts, batch_size))

    def predict(
        self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE
    ) -> list[SentencePrediction]:
        """Label every sentence; embeddings are computed in batches of `batch_size`."""
        probabilities = self.predict_proba(texts, batch_size)
        return [
            SentencePrediction(
                label=LABELS[int(row.argmax())],
                probabilities={label: float(p) for label, p in zip(LABELS, row, strict=True)},
            )
            for row in probabilities
        ]

    def explanatory_probability(
        self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE
    ) -> list[float]:
        """Probability that each sentence is explanatory, for recall-oriented screening."""
        probabilities = self.predict_proba(texts, batch_size)
        return [float(p) for p in probabilities[:, LABELS.index(EXPLANATORY)]]

    def prefilter(self, texts: Sequence[str], batch_size: int = DEFAULT_BATCH_SIZE) -> list[bool]:
        """True for sentences to keep: explanatory probability at or above the threshold."""
        threshold = self.prefilter_threshold
        return [p >= threshold for p in self.explanatory_probability(texts, batch_size)]


def shared_classifier(context: BackendContext) -> ExplanatoryClassifier:
    """The shipped explanatory classifier on the shared encoder, loaded once per build."""
    from chemx.grounding.encoder import shared_encoder

    return context.shared.get(
        "explanatory_classifier",
        lambda: ExplanatoryClassifier.load(encoder=shared_encoder(context)),
    )
