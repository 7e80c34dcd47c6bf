"""QC 2 backends: what labels an evidence block's sentences before the advance rule.

The rule itself (which labelled sentences advance a structure, and the reason codes) is
`chemx.qc.grounding_check`; every backend ends in its `decide`.

Backends: offline, the shipped MiniLM + logistic-regression sentence classifier
(``minilm-logreg``, `chemx.grounding.explanatory`) whose explanatory labels on sentences
about the target are believed only when a causal reading finds their feature, mechanism
and effect (``minilm-logreg+causal-reading``, `OfflineQc2`); with ``--grounding llm``, the
``grounding`` role reads the block and the structure image (template ``qc2.v1``), and
with ``--prefilter`` the classifier screens blocks first at the threshold in its manifest
(>= 95% explanatory recall on held-out data), saving the calls for blocks it is sure
hold no explanation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

import numpy as np
from pydantic import BaseModel, ConfigDict

from chemx.errors import SettingsError
from chemx.grounding.classes import EXPLANATORY, LABELS
from chemx.grounding.expansion import EvidenceBlock, TextVectors
from chemx.grounding.explanatory import (
    ExplanatoryClassifier,
    feature_matrix,
    shared_classifier,
)
from chemx.models import GROUNDING_ROLE, CallOk, Message, ModelCaller
from chemx.prompts import load_template
from chemx.qc.grounding_check import Qc2Result, decide
from chemx.records import ExplanatoryLabel
from chemx.registry import BackendContext

QC2_TEMPLATE = "qc2.v1"
PREFILTER_SUFFIX = "-prefilter"


class Qc2SentenceLabel(BaseModel):
    """One sentence's label in the `qc2.v1` answer."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    index: int
    label: Literal["explanatory", "partial", "non_explanatory"]


class Qc2Answer(BaseModel):
    """What `qc2.v1` asks the grounding role for."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    refers_to_target: bool
    sentences: list[Qc2SentenceLabel]


def classifier_probabilities(
    classifier: ExplanatoryClassifier, texts: Sequence[str], vectors: TextVectors | None
) -> np.ndarray:
    """Class probabilities (rows: texts, columns: LABELS), reusing the paper's vectors."""
    if not texts:
        return np.zeros((0, len(LABELS)))
    if vectors is not None and all(t in vectors for t in texts):
        features = feature_matrix(vectors.matrix(texts), texts, classifier.uses_lexical_features)
        return classifier.model.predict_proba(features)
    return classifier.predict_proba(list(texts))


def _labels_from(probabilities: np.ndarray) -> list[ExplanatoryLabel]:
    return [ExplanatoryLabel(LABELS[int(row.argmax())]) for row in probabilities]


@runtime_checkable
class Qc2Backend(Protocol):
    """Labels an evidence block's sentences and applies the advance rule (kind ``qc2``)."""

    backend: str
    needs_vectors: bool
    """Whether `judge` reads the paper's MiniLM vectors."""
    needs_image: bool
    """Whether `judge` looks at the structure image."""

    def judge(
        self,
        block: EvidenceBlock,
        vectors: TextVectors | None = None,
        image: bytes | None = None,
        node_id: str | None = None,
    ) -> Qc2Result:
        """QC 2's verdict on the block."""
        ...


CAUSAL_READING = "causal-reading"
"""What the offline QC 2 adds to the classifier's labels (`unread_explanation`)."""


class OfflineQc2:
    """QC 2 with the shipped sentence classifier (no model endpoint needed).

    A sentence about the target that the classifier labels explanatory is believed only
    when its feature, mechanism and effect can be read (`read_causes`); the backend name
    says so ('minilm-logreg+causal-reading').
    """

    def __init__(self, classifier: ExplanatoryClassifier) -> None:
        """Label sentences with `classifier`."""
        self.classifier = classifier
        self.backend = f"{classifier.backend}+{CAUSAL_READING}"
        self.needs_vectors = True
        self.needs_image = False

    def judge(
        self,
        block: EvidenceBlock,
        vectors: TextVectors | None = None,
        image: bytes | None = None,
        node_id: str | None = None,
    ) -> Qc2Result:
        """Label the block's sentences (the classifier's argmax), read their causes, decide."""
        texts = [s.text for s in block.sentences]
        probabilities = classifier_probabilities(self.classifier, texts, vectors)
        column = LABELS.index(EXPLANATORY)
        return decide(
            block,
            _labels_from(probabilities),
            backend=self.backend,
            probabilities=[float(row[column]) for row in probabilities],
            read_causes=True,
        )


class LlmQc2:
    """QC 2 by the ``grounding`` role, optionally behind the classifier pre-filter."""

    def __init__(self, client: ModelCaller, prefilter: ExplanatoryClassifier | None = None) -> None:
        """Ask `client`'s grounding role; screen with `prefilter` first when given."""
        self.client = client
        self.prefilter = prefilter
        self.needs_vectors = prefilter is not None
        self.needs_image = True
        self.template = load_template(QC2_TEMPLATE)
        self.backend = f"llm:{client.config.role(GROUNDING_ROLE).model}"

    @property
    def prefilter_backend(self) -> str | None:
        """The backend named on pre-filter rejections."""
        return None if self.prefilter is None else self.prefilter.backend + PREFILTER_SUFFIX

    def judge(
        self,
        block: EvidenceBlock,
        vectors: TextVectors | None = None,
        image: bytes | None = None,
        node_id: str | None = None,
    ) -> Qc2Result:
        """Screen (if enabled), then one call labelling the block and its entity match."""
        texts = [s.text for s in block.sentences]
        if not block.paper_sentences:
            return decide(block, [None] * len(texts), backend=self.backend)
        probabilities: list[float] | None = None
        if self.prefilter is not None and self.prefilter_backend is not None:
            matrix = classifier_probabilities(self.prefilter, texts, vectors)
            probabilities = [float(p) for p in matrix[:, LABELS.index(EXPLANATORY)]]
            threshold = self.prefilter.prefilter_threshold
            if max(probabilities) < threshold:
                result = decide(
                    block,
                    _labels_from(matrix),
                    backend=self.prefilter_backend,
                    probabilities=probabilities,
                )
                scores = {**result.scores, "prefilter_threshold": round(threshold, 4)}
                return Qc2Result(
                    False,
                    "prefilter_non_explanatory",
                    f"{block.package.identifier}: no sentence reaches explanatory probability "
                    f"{threshold:.3f} (max {max(probabilities):.3f}); no model call made",
                    scores,
                    result.labels,
                    result.entity_match,
                    self.prefilter_backend,
                )
        if image is None:
            raise ValueError("LLM QC 2 needs the structure image")
        prompt = self.template.render(
            identifier=block.package.identifier,
            related=_related_note(block),
            sentences="\n".join(
                f"[{i}] {'(caption) ' if s.origin == 'caption' else ''}{s.text}"
                for i, s in enumerate(block.sentences)
            ),
        )
        result_call = self.client.complete_sync(
            GROUNDING_ROLE,
            [Message.user(prompt, image)],
            Qc2Answer,
            template=self.template,
            node_id=node_id,
        )
        calls = (result_call.call,)
        if not isinstance(result_call, CallOk):
            failed = decide(block, [None] * len(texts), backend=self.backend, calls=calls)
            return Qc2Result(
                False,
                "model_failed",
                f"{block.package.identifier}: {result_call.error}",
                failed.scores,
                failed.labels,
                failed.entity_match,
                self.backend,
                calls,
            )
        answer: Qc2Answer = result_call.output
        indices = sorted(item.index for item in answer.sentences)
        if indices != list(range(len(texts))):
            failed = decide(block, [None] * len(texts), backend=self.backend, calls=calls)
            return Qc2Result(
                False,
                "model_invalid_answer",
                f"{block.package.identifier}: labels for sentences {indices}, expected "
                f"0..{len(texts) - 1}",
                failed.scores,
                failed.labels,
                failed.entity_match,
                self.backend,
                calls,
            )
        by_index = {item.index: ExplanatoryLabel(item.label) for item in answer.sentences}
        return decide(
            block,
            [by_index[i] for i in range(len(texts))],
            backend=self.backend,
            probabilities=probabilities,
            llm_refers=answer.refers_to_target,
            calls=calls,
        )


def _related_note(block: EvidenceBlock) -> str:
    related = block.package.related_identifiers
    if not related:
        return ""
    return (
        " It is a reaction; its reactants and products are labelled "
        + ", ".join(related)
        + ", and sentences about them count as about the reaction."
    )


def make_offline_qc2(context: BackendContext) -> OfflineQc2:
    """The ``offline`` QC 2: the shipped classifier (registry factory)."""
    if context.settings.prefilter:
        raise SettingsError("--prefilter screens LLM calls; it needs --qc2 llm")
    return OfflineQc2(shared_classifier(context))


def make_llm_qc2(context: BackendContext) -> LlmQc2:
    """The ``llm`` QC 2: the grounding role, behind the classifier with --prefilter."""
    client = context.client_for(GROUNDING_ROLE, "--qc2 llm")
    return LlmQc2(client, shared_classifier(context) if context.settings.prefilter else None)
