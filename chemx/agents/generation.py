"""The question generation agent: accepted evidence in, candidates and accepted items out.

Per paper (seed 002, section 3.3 and appendix C.3): every evidence block QC 2 accepted
becomes one candidate (`chemx.generation.candidate`); a candidate with a question goes
through the anti-shortcut checks (`chemx.qc.anti_shortcut`) and QC 3
(`chemx.qc.judge`); an accepted one becomes an `Item` with its paper's licence and
publication date. Every rejection is a stored Decision; every model call is stored with
the candidate. One `store.write` per paper.

The agent only orchestrates: it reads the store, calls the domain functions and the
gates, and writes what they return. Visible features come from the SMILES readings the
visual stage made (``--ocsr``); nothing is read from an image here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from chemx.generation.backends import Generator
from chemx.generation.candidate import (
    BasisLedger,
    EvidenceBlock,
    PaperContext,
    generate_candidate,
    make_item,
    tally,
)
from chemx.generation.explanations import paper_explanations
from chemx.generation.pairs import pair_item_image
from chemx.grounding.retrieval import sentences_in_reading_order
from chemx.labels import parse_identifier
from chemx.provenance.blobs import sha256_hex
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.qc.anti_shortcut import check
from chemx.qc.judge import Judge, JudgeInput
from chemx.records import (
    Candidate,
    Evidence,
    Gate,
    NodeKind,
    Paper,
    Sentence,
    Structure,
    StructureRole,
    Verdict,
)
from chemx.registry import REGISTRY, BackendContext, BackendKind
from chemx.settings import GenerationSettings


@dataclass(frozen=True)
class GenerationBackends:
    """Generator and judge shared by all papers, built once from the registry."""

    generator: Generator
    judge: Judge

    @classmethod
    def build(cls, settings: GenerationSettings, context: BackendContext) -> GenerationBackends:
        """Build the generator and judge `settings` names; a missing endpoint fails here."""
        return cls(
            REGISTRY.build(BackendKind.GENERATOR, settings.generator, context),
            REGISTRY.build(BackendKind.JUDGE, settings.judge, context),
        )

    def names(self) -> dict[str, str]:
        """What made what, for the build report."""
        return {"generator": self.generator.backend, "judge": self.judge.backend}


def accepted_blocks(store: ProvenanceStore, paper_id: str) -> list[EvidenceBlock]:
    """The paper's evidence blocks QC 2 accepted, with their structures, in store order."""
    blocks = []
    for node in store.nodes(NodeKind.EVIDENCE, paper_id=paper_id, status="ok"):
        evidence = node.record
        if not isinstance(evidence, Evidence):
            continue
        accepted = any(
            d.gate is Gate.QC2 and d.verdict is Verdict.ACCEPT for d in store.decisions(node.id)
        )
        structure = store.get(evidence.structure_id)
        if accepted and structure is not None and isinstance(structure.record, Structure):
            image = store.blobs.get(structure.record.image_sha256)
            blocks.append(EvidenceBlock(evidence, structure.record, image))
    return blocks


def paper_labels(store: ProvenanceStore, paper_id: str) -> frozenset[str]:
    """The labels of every structure the visual stage kept, and every label the text bolds.

    A compound the figures draw but the visual stage missed is still a compound: "the
    lamellar crystals of 1" (blind-50) names another compound, which an option must not
    (`chemx.generation.register.without_labels`). Authors bold compound labels, and the
    parsers keep bold runs (`Sentence.bold_spans`); a run that reads as one label is one.
    """
    drawn = {
        label
        for node in store.nodes(NodeKind.STRUCTURE, paper_id=paper_id, status="ok")
        if isinstance(node.record, Structure)
        for label in (node.record.identifier, *node.record.related_identifiers)
        if label
    }
    bolded = {
        span.text.strip()
        for node in store.nodes(NodeKind.SENTENCE, paper_id=paper_id)
        if isinstance(node.record, Sentence)
        for span in node.record.bold_spans
        if parse_identifier(span.text.strip()) is not None
    }
    return frozenset(drawn | bolded)


def labelled_structures(store: ProvenanceStore, paper_id: str) -> dict[str, Structure]:
    """The paper's single-compound structures with a label and a SMILES reading, by label.

    A label drawn twice (a scheme and a table) keeps its first crop: the reading is what
    a matched pair is checked on, and both crops are the same compound.
    """
    found: dict[str, Structure] = {}
    for node in store.nodes(NodeKind.STRUCTURE, paper_id=paper_id, status="ok"):
        structure = node.record
        if (
            isinstance(structure, Structure)
            and structure.identifier
            and structure.reading is not None
            and structure.role is not StructureRole.REACTION
        ):
            found.setdefault(structure.identifier, structure)
    return found


class GenerationAgent:
    """Runs question generation, anti-shortcut checks and QC 3 for one paper at a time."""

    def __init__(self, store: ProvenanceStore, backends: GenerationBackends) -> None:
        """Write to `store` with the shared `backends`."""
        self.store = store
        self.backends = backends

    def process(self, paper_id: str) -> dict[str, int]:
        """Generate and judge a candidate for every QC 2-accepted evidence block."""
        blocks = accepted_blocks(self.store, paper_id)
        if not blocks:
            return {}
        paper_node = self.store.get(paper_id)
        record = paper_node.record if paper_node else None
        sentences = tuple(
            (s.id, s.text) for s in sentences_in_reading_order(self.store, paper_id)[1]
        )
        credited = {sid for block in blocks for sid in block.evidence.credited_sentence_ids}
        paper = PaperContext(
            paper=record if isinstance(record, Paper) else None,
            sentences=sentences,
            explanations=paper_explanations(sentences, credited),
            partners=labelled_structures(self.store, paper_id),
            labels=paper_labels(self.store, paper_id),
        )
        blocks.sort(key=lambda block: len(block.basis_order))  # most constrained chooses first
        ledger = BasisLedger()
        counts: Counter[str] = Counter()
        batch = WriteBatch()
        for block in blocks:
            self._one(block, paper, ledger, batch, counts)
        self.store.write(batch)
        return dict(counts)

    def _one(
        self,
        block: EvidenceBlock,
        paper: PaperContext,
        ledger: BasisLedger,
        batch: WriteBatch,
        counts: Counter[str],
    ) -> None:
        generator, judge = self.backends.generator, self.backends.judge
        rejected: frozenset[str] = frozenset()
        while True:
            outcome = generate_candidate(block, paper, generator, ledger, rejected)
            tally(outcome, counts)
            batch.add(outcome.node)
            batch.decisions.extend(outcome.decisions)
            batch.model_calls.extend(outcome.calls)
            candidate = outcome.question
            if candidate is None or candidate.stem is None or candidate.answer is None:
                return
            report = check(
                candidate.stem,
                candidate.options,
                candidate.answer,
                effect=candidate.effect,
                feature=candidate.feature,
                evidence_text=block.text,
                labels=paper.labels,
            )
            batch.decisions.append(report.decision(candidate.id))
            if report.passed:
                break
            counts["anti_shortcut_failed"] += 1
            basis = candidate.basis_sentence_id
            if rejected or basis is None:
                return
            following, _ = ledger.choose(block, generator, paper, frozenset({basis}))
            if following is None:
                return
            # the block's next explanatory sentence may carry a question its first could
            # not ("Replacing X with Y removed this liability" points back; the block's
            # "Potency was retained, as the glutarimide ring ..." does not)
            ledger.release(basis, candidate.id)
            rejected = frozenset({basis})
        counts["anti_shortcut_passed"] += 1
        image, image_sha256 = self._image(candidate, block, batch)
        verdict = judge.judge(JudgeInput(candidate, block.text, image, outcome.structure_keys))
        batch.decisions.append(verdict.decision(candidate.id))
        batch.model_calls.extend(verdict.calls)
        counts["model_calls"] += len(verdict.calls)
        if not verdict.accepted:
            counts["qc3_rejected"] += 1
            return
        counts["qc3_accepted"] += 1
        backend = f"{generator.backend}+{judge.backend}"
        batch.add(make_item(candidate, block, paper.paper, backend, image_sha256=image_sha256))
        ledger.offered(candidate)  # its wrong answers are now in the benchmark
        counts["items"] += 1

    def _image(
        self, candidate: Candidate, block: EvidenceBlock, batch: WriteBatch
    ) -> tuple[bytes, str | None]:
        """The item's image and its SHA-256 when it is not the structure's own crop.

        A matched pair shows both compounds, each over its label (`pair_image`); the
        composite is stored with the batch.
        """
        partner_id = candidate.partner_structure_id
        node = self.store.get(partner_id) if partner_id else None
        if node is None or not isinstance(node.record, Structure):
            return block.image, None
        partner = node.record
        crop = self.store.blobs.get(partner.image_sha256)
        image = pair_item_image(block.structure, block.image, partner, crop)
        sha = sha256_hex(image)
        batch.blobs[sha] = image
        return image, sha
