"""The text grounding agent: structures in, evidence blocks with their QC 2 verdict out.

Per paper (seed 002, section 3.2 and appendix C.2): for every structure QC 1 accepted
that carries an identifier (molecules, reactants, products, reactions), form the
retrieval package (identifier, caption, figure references, sentences naming the
identifier), expand each retrieved sentence with the related sentences of its paragraph,
run QC 2, and store one `Evidence` node under the structure with its QC 2 `Decision`
and any `ModelCall`s. One `store.write` per paper; the paper's text is embedded once and
shared by expansion and the offline classifier.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from chemx.grounding.expansion import (
    EmbeddingExpander,
    EvidenceBlock,
    Expander,
    LlmExpander,
    NoExpander,
    TextVectors,
    build_block,
)
from chemx.grounding.retrieval import PaperText, retrieve
from chemx.provenance.ids import node_id
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.qc.grounding_check import LlmQc2, OfflineQc2, Qc2Result
from chemx.records import (
    Evidence,
    EvidenceSentence,
    Gate,
    NodeKind,
    Structure,
    StructureRole,
    Verdict,
)

GROUNDED_ROLES = (
    StructureRole.MOLECULE,
    StructureRole.REACTANT,
    StructureRole.PRODUCT,
    StructureRole.REACTION,
)
"""Roles that get evidence (condition crops are text, not structures)."""
GROUNDING_ROLE = "grounding"

GroundingMode = Literal["offline", "llm"]
ExpansionMode = Literal["embedding", "llm", "none"]


@dataclass(frozen=True)
class GroundingSettings:
    """Which backend does each grounding step; part of the build's graph signature."""

    grounding: GroundingMode = "offline"
    expansion: ExpansionMode = "embedding"
    prefilter: bool = False
    device: str | None = None

    def signature(self) -> dict[str, str]:
        """The settings as strings, for the checkpoint thread id."""
        return {
            "grounding": self.grounding,
            "expansion": self.expansion,
            "prefilter": str(self.prefilter).lower(),
        }


@dataclass
class GroundingBackends:
    """Encoder, classifier, expander and QC 2 shared by all papers, loaded once.

    MiniLM takes seconds to load; per paper it would cost more than the work. Calls
    into the encoder are serialised by a lock (torch inference on 2 cores gains nothing
    from concurrency and the tokenizer is not guaranteed thread-safe).
    """

    settings: GroundingSettings
    model_client: Any | None = None
    _lock: threading.RLock = field(default_factory=threading.RLock)
    """Re-entrant: building the classifier or QC 2 asks for the encoder under it."""
    _cache: dict[str, Any] = field(default_factory=dict)
    encoder_lock: threading.Lock = field(default_factory=threading.Lock)

    def _get(self, key: str, factory: Callable[[], Any]) -> Any:
        with self._lock:
            if key not in self._cache:
                self._cache[key] = factory()
            return self._cache[key]

    def _client(self, what: str) -> Any:
        if self.model_client is None or not self.model_client.config.is_configured(GROUNDING_ROLE):
            raise ValueError(
                f"{what} needs an endpoint for the 'grounding' role "
                "(--models FILE or --model-option grounding.base_url=...)"
            )
        return self.model_client

    @property
    def encoder(self) -> Any:
        """The MiniLM sentence encoder."""
        from chemx.grounding.encoder import load_encoder

        return self._get("encoder", lambda: load_encoder(self.settings.device or "cpu"))

    @property
    def classifier(self) -> Any:
        """The shipped explanatory classifier, sharing the encoder."""
        from chemx.grounding.explanatory import ExplanatoryClassifier

        return self._get("classifier", lambda: ExplanatoryClassifier.load(encoder=self.encoder))

    @property
    def expander(self) -> Expander:
        """The expansion backend chosen by `--expansion`."""

        def build() -> Expander:
            if self.settings.expansion == "llm":
                return LlmExpander(self._client("--expansion llm"))
            if self.settings.expansion == "none":
                return NoExpander()
            return EmbeddingExpander()

        expander: Expander = self._get("expander", build)
        return expander

    @property
    def qc2(self) -> OfflineQc2 | LlmQc2:
        """QC 2 chosen by `--grounding` (and `--prefilter`)."""

        def build() -> OfflineQc2 | LlmQc2:
            if self.settings.grounding == "llm":
                client = self._client("--grounding llm")
                return LlmQc2(client, self.classifier if self.settings.prefilter else None)
            if self.settings.prefilter:
                raise ValueError("--prefilter screens LLM calls; it needs --grounding llm")
            return OfflineQc2(self.classifier)

        qc2: OfflineQc2 | LlmQc2 = self._get("qc2", build)
        return qc2

    @property
    def needs_vectors(self) -> bool:
        """Whether some backend reads the paper's MiniLM vectors."""
        return (
            self.settings.expansion == "embedding"
            or self.settings.grounding == "offline"
            or self.settings.prefilter
        )

    @property
    def evidence_backend(self) -> str:
        """How evidence blocks are made, e.g. 'minilm-expansion+minilm-logreg'."""
        return f"{self.expander.backend}+{self.qc2.backend}"

    def derive(self, settings: GroundingSettings) -> GroundingBackends:
        """Backends for other settings that share the models already loaded here."""
        shared = {k: v for k, v in self._cache.items() if k in ("encoder", "classifier")}
        return GroundingBackends(settings, self.model_client, _cache=dict(shared))

    def preload(self) -> None:
        """Load every backend now, so a bad setting fails before any paper is processed."""
        _ = (self.expander, self.qc2)
        if self.needs_vectors:
            _ = self.encoder


def grounded_structures(store: ProvenanceStore, paper_id: str) -> list[Structure]:
    """QC 1-accepted structures of the paper that carry an identifier, in store order."""
    result = []
    for node in store.nodes(NodeKind.STRUCTURE, paper_id=paper_id, status="ok"):
        structure = node.record
        if not isinstance(structure, Structure) or not structure.identifier:
            continue
        if structure.role not in GROUNDED_ROLES:
            continue
        accepted = any(
            d.gate is Gate.QC1 and d.verdict is Verdict.ACCEPT
            for d in store.decisions(structure.id)
        )
        if accepted:
            result.append(structure)
    return result


def evidence_record(block: EvidenceBlock, result: Qc2Result, expansion_backend: str) -> Evidence:
    """The `Evidence` node of a judged block; its id names the structure, sentences, backend.

    The backend is part of the id because the labels are part of the record: the same
    sentences judged by another QC 2 backend are another evidence block, not a duplicate.
    """
    backend = f"{expansion_backend}+{result.backend}"
    sentences = tuple(
        EvidenceSentence(
            sentence_id=item.sentence_id,
            text=item.text,
            origin=item.origin,
            label=label,
        )
        for item, label in zip(block.sentences, result.labels, strict=True)
    )
    return Evidence(
        id=node_id(
            NodeKind.EVIDENCE,
            block.structure.id,
            *(s.sentence_id or "caption" for s in sentences),
            backend,
        ),
        parent_id=block.structure.id,
        backend=backend,
        paper_id=block.structure.paper_id,
        structure_id=block.structure.id,
        sentences=sentences,
        entity_match=result.entity_match,
    )


class GroundingAgent:
    """Runs text grounding and QC 2 for one paper at a time and writes the results."""

    backend_name = "grounding-agent"

    def __init__(self, store: ProvenanceStore, backends: GroundingBackends) -> None:
        self.store = store
        self.backends = backends

    def process(self, paper_id: str) -> dict[str, int]:
        """Ground every QC 1-accepted, identified structure of the paper."""
        counts: Counter[str] = Counter()
        structures = grounded_structures(self.store, paper_id)
        if not structures:
            return {}
        paper = PaperText.load(self.store, paper_id)
        vectors = self._vectors(paper)
        expander = self.backends.expander
        qc2 = self.backends.qc2
        batch = WriteBatch()
        for structure in structures:
            package = retrieve(paper, structure)
            expansion = expander.expand(paper, package, vectors, node_id=structure.id)
            block = build_block(paper, package, expansion)
            image = self._image(structure) if isinstance(qc2, LlmQc2) else None
            result = qc2.judge(block, vectors, image, node_id=structure.id)
            evidence = evidence_record(block, result, expansion.backend)
            batch.add(evidence)
            batch.decisions.append(result.decision(evidence.id))
            batch.model_calls.extend(
                call.model_copy(update={"node_id": evidence.id})
                for call in (*expansion.calls, *result.calls)
            )
            counts["evidence"] += 1
            counts["qc2_accepted" if result.accepted else "qc2_rejected"] += 1
            counts[f"qc2_{result.reason}"] += 1
            counts["evidence_sentences"] += len(block.paper_sentences)
            counts["expanded_sentences"] += len(expansion.added)
            counts["model_calls"] += len(expansion.calls) + len(result.calls)
            counts["expansion_problems"] += len(expansion.problems)
        self.store.write(batch)
        return dict(counts)

    def _vectors(self, paper: PaperText) -> TextVectors | None:
        if not self.backends.needs_vectors:
            return None
        texts = [s.text for s in paper.sentences]
        texts += [f.caption for f in paper.figures.values() if f.caption]
        return TextVectors.embed(self.backends.encoder, texts, self.backends.encoder_lock)

    def _image(self, structure: Structure) -> bytes:
        return self.store.blobs.get(structure.image_sha256)
