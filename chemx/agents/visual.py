"""The visual processing agent: figures in, validated structure crops with identifiers out.

Per paper (seed 002, section 3.1 and appendix C.1): classify every figure with the
ResNet-50 (non-chemistry figures are rejected with the classifier's probabilities);
cut multi-molecule figures with the segmenter and reaction schemes with the reaction
parser; find each structure's compound label; run QC 1 on every crop. Every crop is
stored with its box in the original figure, its role and the backend that made it;
rejected ones keep their Decision.
"""

from __future__ import annotations

import io
import logging
import os
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from PIL import Image

from chemx.errors import RetryableFailure
from chemx.geometry import union
from chemx.images import ImageProblem, to_rgb
from chemx.labels.reconcile import PaperLabels, reconcile
from chemx.provenance.blobs import sha256_hex
from chemx.provenance.builds import RetryPolicy
from chemx.provenance.decisions import decide
from chemx.provenance.ids import node_id
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.records import (
    STRUCTURE_ROLES,
    Figure,
    Gate,
    NodeKind,
    PrintedWord,
    Sentence,
    SmilesReading,
    Structure,
    StructureRole,
    Verdict,
)
from chemx.registry import REGISTRY, BackendContext, BackendKind
from chemx.settings import VisualSettings
from chemx.visual.caption_evidence import decide_class
from chemx.visual.classes import FigureClass
from chemx.visual.classifier import FigureClassifierLike
from chemx.visual.identifiers._base import IdentifierExtractor, IdentifierResult
from chemx.visual.ocsr import (
    OcsrReader,
    SmilesResult,
    components_reading,
    crop_reading,
    read_cached,
)
from chemx.visual.segmentation._base import Crop, ReactionParser, Segmentation, Segmenter

log = logging.getLogger(__name__)


@dataclass
class VisualBackends:
    """Models and tools shared by all papers of a build, built once from the registry.

    Loading a ResNet-50 or an OCR engine takes seconds; doing it per paper would cost
    more than the work itself. Calls into backends that are not known to be
    thread-safe (OCR, OCSR) are serialised by `serial`.
    """

    classifier: FigureClassifierLike
    segmenter: Segmenter
    reaction_parser: ReactionParser
    identifier: IdentifierExtractor
    ocsr: OcsrReader
    serial: threading.Lock = field(default_factory=threading.Lock)
    ocsr_slots: threading.BoundedSemaphore = field(
        default_factory=lambda: threading.BoundedSemaphore(os.cpu_count() or 1)
    )
    """OSRA runs as a single-threaded subprocess: one per core keeps every core busy."""

    @classmethod
    def build(cls, settings: VisualSettings, context: BackendContext) -> VisualBackends:
        """Build every backend `settings` names; a missing one fails here, before any paper."""
        return cls(
            classifier=REGISTRY.build(BackendKind.CLASSIFIER, settings.classifier, context),
            segmenter=REGISTRY.build(BackendKind.SEGMENTER, settings.segmenter, context),
            reaction_parser=REGISTRY.build(
                BackendKind.REACTION_PARSER, settings.reaction_parser, context
            ),
            identifier=REGISTRY.build(BackendKind.IDENTIFIER, settings.identifier, context),
            ocsr=REGISTRY.build(BackendKind.OCSR, settings.ocsr, context),
        )

    def names(self) -> dict[str, str]:
        """What made what, for the build report."""
        ocsr = self.ocsr.backend + (f" ({self.ocsr.note})" if self.ocsr.note else "")
        return {
            "classifier": self.classifier.backend,
            "segmenter": self.segmenter.name,
            "reaction_parser": self.reaction_parser.name,
            "identifier": self.identifier.name,
            "ocsr": ocsr,
        }


def _reconciled(result: IdentifierResult, paper: PaperLabels) -> IdentifierResult:
    """The reading squared with the labels the paper's text names (`chemx.labels.reconcile`)."""
    if not result.identifier:
        return result
    checked = reconcile(result.identifier, paper)
    if checked.note is None:
        return result
    return replace(
        result,
        identifier=checked.identifier,
        confidence=result.confidence * checked.factor,
        note=checked.note,
    )


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


class VisualAgent:
    """Runs the visual stage for one paper at a time and writes its results."""

    def __init__(self, store: ProvenanceStore, backends: VisualBackends) -> None:
        self.store = store
        self.backends = backends
        self.retries = RetryPolicy(store)

    def _read_smiles(self, crop: Image.Image, sha: str, where: str) -> SmilesResult:
        """The crop's OCSR reading (cached); a timed-out or killed run is not a reading.

        It raises `RetryableFailure` so the paper is done again by the next build, until
        the attempts at this crop reach the limit; then the crop goes on without SMILES.
        """
        reader = self.backends.ocsr
        with self.backends.ocsr_slots:
            result = read_cached(reader, crop, sha, self.store)
        if result.transient:
            key = f"ocsr:{reader.backend}:{sha}"
            detail = f"{where}: {reader.backend} gave no answer ({result.reason})"
            if self.retries.retry(key):
                raise RetryableFailure(key, detail)
            log.warning("%s; giving up on this crop after repeated attempts", detail)
        return result

    def process(self, paper_id: str) -> dict[str, int]:
        """Classify, segment, identify and check every figure of the paper."""
        counts: Counter[str] = Counter()
        figures: list[Figure] = []
        images: list[Image.Image] = []
        batch = WriteBatch()
        for stored in self.store.nodes(NodeKind.FIGURE, paper_id=paper_id):
            figure = stored.record
            if stored.rejected or not isinstance(figure, Figure) or not figure.image_sha256:
                continue
            try:
                images.append(to_rgb(self.store.blobs.get(figure.image_sha256), figure.figure_key))
            except (ImageProblem, FileNotFoundError) as problem:
                reason = getattr(problem, "reason", "image_missing")
                batch.decisions.append(
                    decide(
                        figure.id, Gate.CLASSIFIER, Verdict.REJECT, reason, str(problem), "pillow"
                    )
                )
                counts["figures_unreadable"] += 1
                continue
            figures.append(figure)
        if figures:
            paper_labels = PaperLabels(
                stored.record
                for stored in self.store.nodes(NodeKind.SENTENCE, paper_id=paper_id)
                if isinstance(stored.record, Sentence)
            )
            classifier = self.backends.classifier
            predictions = classifier.predict(images)
            for figure, image, prediction in zip(figures, images, predictions, strict=True):
                decided = decide_class(prediction.probabilities, figure.label, figure.caption)
                figure_class = decided.figure_class
                counts[f"figures_{figure_class.value}"] += 1
                scores = decided.scores
                evidence = f"; caption: {'; '.join(decided.reasons)}" if decided.reasons else ""
                if figure_class is FigureClass.NON_CHEMISTRY:
                    # QC 1 keeps chemistry only: the classifier's verdict is its first test.
                    batch.decisions.append(
                        decide(
                            figure.id,
                            Gate.QC1,
                            Verdict.REJECT,
                            "non_chemistry",
                            f"{figure.label or figure.figure_key}: classified non-chemistry "
                            f"(image p={prediction.probabilities['non_chemistry']:.3f}, "
                            f"p(chemistry)={scores['p_chemistry']:.3f}{evidence})",
                            classifier.backend,
                            scores,
                        )
                    )
                    continue
                self._figure(figure, image, figure_class, scores, batch, counts, paper_labels)
        self.store.write(batch)
        return dict(counts)

    def _figure(
        self,
        figure: Figure,
        image: Image.Image,
        figure_class: FigureClass,
        scores: dict[str, float],
        batch: WriteBatch,
        counts: Counter[str],
        paper_labels: PaperLabels,
    ) -> None:
        if figure_class is FigureClass.REACTION_SCHEME:
            segmentation = self.backends.reaction_parser.parse(image)
        else:
            segmentation = self.backends.segmenter.segment(image, figure_class)
        indices = [i for i, crop in enumerate(segmentation.crops) if crop.role in STRUCTURE_ROLES]
        structural = [segmentation.crops[i] for i in indices]
        with self.backends.serial:
            identifiers = self.backends.identifier.identify(
                image, structural, segmentation, caption=figure.caption, figure_id=figure.id
            )
        identifiers = [_reconciled(result, paper_labels) for result in identifiers]
        from chemx.visual.identifiers import unclaimed_labels

        unclaimed = unclaimed_labels(image, segmentation, identifiers)
        note = f"; labels no crop claims: {', '.join(unclaimed)}" if unclaimed else ""
        batch.decisions.append(
            decide(
                figure.id,
                Gate.CLASSIFIER,
                Verdict.ACCEPT,
                figure_class.value,
                f"{figure.label or figure.figure_key}: {figure_class.value} "
                f"(p={scores[figure_class.value]:.3f}); {len(structural)} structures by "
                f"{segmentation.backend}{note}",
                self.backends.classifier.backend,
                scores,
            )
        )
        counts["unclaimed_labels"] += len(unclaimed)
        by_crop: dict[int, Structure] = {}
        for index, identifier in zip(indices, identifiers, strict=True):
            structure = self._structure(figure, image, segmentation.crops[index], identifier, batch)
            by_crop[index] = structure
            self._check(structure, image, identifier, batch, counts, figure.printed_words)
            counts["structures"] += 1
        for crop in segmentation.crops:
            if crop.role is StructureRole.CONDITION:
                self._structure(figure, image, crop, None, batch)
                counts["condition_crops"] += 1
        for step_index in range(len(segmentation.reactions)):
            self._reaction(figure, image, segmentation, step_index, by_crop, batch, counts)

    def _structure(
        self,
        figure: Figure,
        image: Image.Image,
        crop: Crop,
        identifier: IdentifierResult | None,
        batch: WriteBatch,
    ) -> Structure:
        crop_image = image.crop(crop.box)
        data = _png(crop_image)
        sha = sha256_hex(data)
        batch.blobs[sha] = data
        smiles: str | None = None
        reading: SmilesReading | None = None
        if identifier is not None and identifier.identifier and crop.role in STRUCTURE_ROLES:
            # Read once here for every labelled crop: only those can become questions
            # (or a labelled reaction's components). Generation reads the result.
            where = f"{figure.label or figure.figure_key} ({figure.id}) crop {list(crop.box)}"
            result = self._read_smiles(crop_image, sha, where)
            smiles, reading = result.smiles, crop_reading(result)
        structure = Structure(
            id=node_id(NodeKind.STRUCTURE, figure.id, crop.role.value, *crop.box),
            parent_id=figure.id,
            backend=crop.backend,
            paper_id=figure.paper_id,
            figure_id=figure.id,
            box=crop.box,
            role=crop.role,
            image_sha256=sha,
            identifier=identifier.identifier if identifier else None,
            identifier_backend=identifier.backend if identifier else None,
            identifier_confidence=identifier.confidence if identifier else None,
            identifier_raw=identifier.raw_text if identifier else None,
            identifier_note=identifier.note if identifier else None,
            identifier_box=identifier.source_box if identifier else None,
            step=crop.step,
            smiles=smiles,
            smiles_backend=self.backends.ocsr.backend if smiles else None,
            reading=reading,
        )
        batch.add(structure)
        if identifier:
            batch.model_calls.extend(
                call.model_copy(update={"node_id": structure.id}) for call in identifier.calls
            )
        return structure

    def _check(
        self,
        structure: Structure,
        image: Image.Image,
        identifier: IdentifierResult,
        batch: WriteBatch,
        counts: Counter[str],
        words: Sequence[PrintedWord] = (),
    ) -> None:
        from chemx.qc.structure_check import (
            check_structure,
            scaffold_labels,
            scaffold_verdict,
            structure_decision,
        )

        verdict = check_structure(image.crop(structure.box), identifier)
        verdict = scaffold_verdict(verdict, scaffold_labels(structure.box, words))
        batch.decisions.append(structure_decision(structure.id, verdict, "qc1-image-stats"))
        counts["qc1_accepted" if verdict.accepted else "qc1_rejected"] += 1

    def _reaction(
        self,
        figure: Figure,
        image: Image.Image,
        segmentation: Segmentation,
        step_index: int,
        by_crop: dict[int, Structure],
        batch: WriteBatch,
        counts: Counter[str],
    ) -> None:
        """One crop per arrow: reactants, arrow, conditions and products together.

        Reaction items show the whole transformation; the reaction takes its product's
        label (papers name a step by what it makes) and lists every component's label.
        """
        step = segmentation.reactions[step_index]
        members = [*step.reactants, *step.conditions, *step.products]
        boxes = [segmentation.crops[i].box for i in members]
        if step.arrow is not None:
            boxes.append(step.arrow)
        if not boxes:
            return
        products = [by_crop[i] for i in step.products if i in by_crop]
        labelled = [s for s in products if s.identifier]
        related = tuple(
            s.identifier
            for i in (*step.reactants, *step.products)
            if (s := by_crop.get(i)) is not None and s.identifier
        )
        box = union(boxes)
        crop_image = image.crop(box)
        data = _png(crop_image)
        sha = sha256_hex(data)
        batch.blobs[sha] = data
        reading = None
        if labelled:
            reading = self._reaction_reading(step_index, related, by_crop, crop_image, sha)
        reaction = Structure(
            id=node_id(NodeKind.STRUCTURE, figure.id, "reaction", step_index, *box),
            parent_id=figure.id,
            backend=segmentation.backend,
            paper_id=figure.paper_id,
            figure_id=figure.id,
            box=box,
            role=StructureRole.REACTION,
            image_sha256=sha,
            identifier=labelled[0].identifier if labelled else None,
            identifier_backend=labelled[0].identifier_backend if labelled else None,
            identifier_confidence=labelled[0].identifier_confidence if labelled else None,
            related_identifiers=related,
            step=step_index,
            reading=reading,
        )
        batch.add(reaction)
        counts["reactions"] += 1
        if labelled:
            batch.decisions.append(
                decide(
                    reaction.id,
                    Gate.QC1,
                    Verdict.ACCEPT,
                    "reaction_with_identifier",
                    f"reaction {step_index} named by its product {labelled[0].identifier}",
                    "qc1-reaction",
                )
            )
            counts["qc1_accepted"] += 1
        else:
            batch.decisions.append(
                decide(
                    reaction.id,
                    Gate.QC1,
                    Verdict.REJECT,
                    "no_identifier",
                    f"reaction {step_index}: no product carries a readable label",
                    "qc1-reaction",
                )
            )
            counts["qc1_rejected"] += 1

    def _reaction_reading(
        self,
        step_index: int,
        related: tuple[str, ...],
        by_crop: dict[int, Structure],
        crop_image: Image.Image,
        sha: str,
    ) -> SmilesReading | None:
        """Through the labelled reactant and product crops; else the whole reaction crop."""
        components = [
            s
            for s in by_crop.values()
            if s.role in (StructureRole.REACTANT, StructureRole.PRODUCT)
            and s.identifier in related
            and s.step in (step_index, None)
        ]
        reading = components_reading([s.reading for s in components])
        if reading is not None:
            return reading
        where = f"reaction step {step_index} ({sha[:12]})"
        return crop_reading(self._read_smiles(crop_image, sha, where))
