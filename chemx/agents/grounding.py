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
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

from chemx.grounding.encoder import SentenceEncoder, shared_encoder
from chemx.grounding.expansion import (
    EvidenceBlock,
    Expander,
    Expansion,
    TextVectors,
    build_block,
)
from chemx.grounding.retrieval import PaperText, retrieve
from chemx.provenance.ids import node_id
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.qc.grounding_check import Qc2Result, SameCompound
from chemx.qc.qc2_backends import Qc2Backend
from chemx.records import (
    GROUNDED_ROLES,
    Evidence,
    EvidenceSentence,
    Gate,
    NodeKind,
    Structure,
    Verdict,
)
from chemx.registry import REGISTRY, BackendContext, BackendKind
from chemx.settings import GroundingSettings

T = TypeVar("T")

MODEL_STRUCTURES_AT_ONCE = 8
"""Structures of one paper grounded at once when a backend asks a model."""


@dataclass
class GroundingBackends:
    """Encoder, expander and QC 2 shared by all papers, built once from the registry.

    MiniLM takes seconds to load; per paper it would cost more than the work. Calls
    into the encoder are serialised by a lock (torch inference on 2 cores gains nothing
    from concurrency and the tokenizer is not guaranteed thread-safe).
    """

    expander: Expander
    qc2: Qc2Backend
    encoder: SentenceEncoder | None
    """Loaded only when the expander or QC 2 reads the paper's vectors."""
    encoder_lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def calls_model(self) -> bool:
        """Whether the expander or QC 2 asks a model endpoint (its calls can overlap)."""
        return any(
            getattr(backend, "client", None) is not None for backend in (self.expander, self.qc2)
        )

    @classmethod
    def build(cls, settings: GroundingSettings, context: BackendContext) -> GroundingBackends:
        """Build the expander and QC 2 `settings` names (and MiniLM if they need it)."""
        expander: Expander = REGISTRY.build(BackendKind.EXPANDER, settings.expansion, context)
        qc2: Qc2Backend = REGISTRY.build(BackendKind.QC2, settings.qc2, context)
        needs_vectors = expander.needs_vectors or qc2.needs_vectors
        return cls(expander, qc2, shared_encoder(context) if needs_vectors else None)

    @property
    def evidence_backend(self) -> str:
        """How evidence blocks are made, e.g. 'minilm-expansion+minilm-logreg+causal-reading'."""
        return f"{self.expander.backend}+{self.qc2.backend}"

    def names(self) -> dict[str, str]:
        """What made what, for the build report."""
        return {"expander": self.expander.backend, "qc2": self.qc2.backend}


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
        credited_sentence_ids=tuple(
            sentence_id
            for index in result.credited
            if (sentence_id := block.sentences[index].sentence_id) is not None
        ),
    )


class GroundingAgent:
    """Runs text grounding and QC 2 for one paper at a time and writes the results."""

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

        def ground(structure: Structure) -> tuple[EvidenceBlock, Expansion, Qc2Result]:
            package = retrieve(paper, structure)
            expansion = expander.expand(paper, package, vectors, node_id=structure.id)
            block = build_block(paper, package, expansion)
            image = self._image(structure) if qc2.needs_image else None
            return block, expansion, qc2.judge(block, vectors, image, node_id=structure.id)

        batch = WriteBatch()
        same_compound = SameCompound()
        for block, expansion, raw in self._map(ground, structures):
            result = same_compound.check(block, raw)
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

    def _map(self, ground: Callable[[Structure], T], structures: list[Structure]) -> Iterator[T]:
        """`ground` over the structures, in their order.

        When a backend asks a model, the structures' calls go out together (up to
        `MODEL_STRUCTURES_AT_ONCE`; the client keeps each endpoint's limit), so a paper
        waits for a few rounds of calls, not one call after another.
        """
        if not self.backends.calls_model or len(structures) < 2:
            yield from map(ground, structures)
            return
        workers = min(MODEL_STRUCTURES_AT_ONCE, len(structures))
        with ThreadPoolExecutor(workers, thread_name_prefix="chemx-grounding") as pool:
            yield from pool.map(ground, structures)

    def _vectors(self, paper: PaperText) -> TextVectors | None:
        if self.backends.encoder is None:
            return None
        texts = [s.text for s in paper.sentences]
        texts += [f.caption for f in paper.figures.values() if f.caption]
        return TextVectors.embed(self.backends.encoder, texts, self.backends.encoder_lock)

    def _image(self, structure: Structure) -> bytes:
        return self.store.blobs.get(structure.image_sha256)
