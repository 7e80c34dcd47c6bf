"""The visual processing agent: figures in, validated structure crops with identifiers out.

Per paper (seed 002, section 3.1 and appendix C.1): classify every figure with the
ResNet-50 (non-chemistry figures are rejected with the classifier's probabilities);
cut multi-molecule figures with the segmenter and reaction schemes with the reaction
parser; find each structure's compound label; run QC 1 on every crop. Every crop is
stored with its box in the original figure, its role and the backend that made it;
rejected ones keep their Decision.
"""

from __future__ import annotations

import datetime as dt
import io
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from chemx.images import ImageProblem, to_rgb
from chemx.provenance.blobs import sha256_hex
from chemx.provenance.ids import node_id
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.qc.decisions import decide
from chemx.records import (
    Box,
    Figure,
    Gate,
    NodeKind,
    Structure,
    StructureRole,
    Verdict,
)
from chemx.visual.classes import FigureClass
from chemx.visual.identifiers._base import IdentifierExtractor, IdentifierResult
from chemx.visual.segmentation._base import Crop, ReactionParser, Segmentation, Segmenter

STRUCTURE_ROLES = (StructureRole.MOLECULE, StructureRole.REACTANT, StructureRole.PRODUCT)
"""Roles that are chemical structures (and so need an identifier and pass QC 1)."""


@dataclass(frozen=True)
class VisualSettings:
    """Which backend does each visual step; part of the build's graph signature."""

    segmenter: str = "classical"
    reaction_parser: str = "classical"
    identifier: str = "ocr"
    classifier_checkpoint: Path | None = None
    device: str | None = None
    ocsr: str = "none"

    def signature(self) -> dict[str, str]:
        """The settings as strings, for the checkpoint thread id."""
        return {
            "segmenter": self.segmenter,
            "reaction_parser": self.reaction_parser,
            "identifier": self.identifier,
            "classifier": str(self.classifier_checkpoint or "shipped"),
            "ocsr": self.ocsr,
        }


@dataclass
class VisualBackends:
    """Models and tools shared by all papers of a build, loaded once on first use.

    Loading a ResNet-50 or an OCR engine takes seconds; doing it per paper would cost
    more than the work itself. Calls into backends that are not known to be
    thread-safe (OCR, OCSR) are serialised by a lock.
    """

    settings: VisualSettings
    model_client: Any | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _cache: dict[str, Any] = field(default_factory=dict)
    serial: threading.Lock = field(default_factory=threading.Lock)

    def _get(self, key: str, factory: Callable[[], Any]) -> Any:
        with self._lock:
            if key not in self._cache:
                self._cache[key] = factory()
            return self._cache[key]

    @property
    def classifier(self) -> Any:
        """The figure classifier."""
        from chemx.visual.classifier import FigureClassifier

        return self._get(
            "classifier",
            lambda: FigureClassifier.load(
                self.settings.classifier_checkpoint, device=self.settings.device
            ),
        )

    @property
    def segmenter(self) -> Segmenter:
        """The multi-molecule segmenter."""
        from chemx.visual.segmentation import make_segmenter

        segmenter: Segmenter = self._get(
            "segmenter", lambda: make_segmenter(self.settings.segmenter)
        )
        return segmenter

    @property
    def reaction_parser(self) -> ReactionParser:
        """The reaction-scheme parser."""
        from chemx.visual.segmentation import make_reaction_parser

        parser: ReactionParser = self._get(
            "reaction_parser", lambda: make_reaction_parser(self.settings.reaction_parser)
        )
        return parser

    @property
    def identifier(self) -> IdentifierExtractor:
        """The identifier extractor (OCR by default, a VLM when configured)."""
        from chemx.visual.identifiers import make_identifier_extractor

        def build() -> IdentifierExtractor:
            if self.settings.identifier == "vlm":
                from chemx.visual.identifiers.vlm import VlmIdentifierExtractor

                if self.model_client is None:
                    raise ValueError(
                        "--identifier vlm needs an endpoint for the 'identifier' role "
                        "(--models FILE or --model-option identifier.base_url=...)"
                    )
                return VlmIdentifierExtractor(self.model_client)
            extractor: IdentifierExtractor = make_identifier_extractor(self.settings.identifier)
            return extractor

        extractor: IdentifierExtractor = self._get("identifier", build)
        return extractor

    def preload(self) -> None:
        """Load every backend now, so a bad setting fails before any paper is processed."""
        _ = (self.classifier, self.segmenter, self.reaction_parser, self.identifier)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _union(boxes: Sequence[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


class VisualAgent:
    """Runs the visual stage for one paper at a time and writes its results."""

    backend_name = "visual-agent"

    def __init__(self, store: ProvenanceStore, backends: VisualBackends) -> None:
        self.store = store
        self.backends = backends

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
            classifier = self.backends.classifier
            predictions = classifier.predict(images)
            for figure, image, prediction in zip(figures, images, predictions, strict=True):
                counts[f"figures_{prediction.figure_class.value}"] += 1
                scores = dict(prediction.probabilities)
                if prediction.figure_class is FigureClass.NON_CHEMISTRY:
                    # QC 1 keeps chemistry only: the classifier's verdict is its first test.
                    batch.decisions.append(
                        decide(
                            figure.id,
                            Gate.QC1,
                            Verdict.REJECT,
                            "non_chemistry",
                            f"{figure.label or figure.figure_key}: classified non-chemistry "
                            f"(p={prediction.confidence:.3f})",
                            classifier.backend,
                            scores,
                        )
                    )
                    continue
                self._figure(figure, image, prediction.figure_class, scores, batch, counts)
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
    ) -> None:
        if figure_class is FigureClass.REACTION_SCHEME:
            segmentation = self.backends.reaction_parser.parse(image)
        else:
            segmentation = self.backends.segmenter.segment(image, figure_class)
        indices = [i for i, crop in enumerate(segmentation.crops) if crop.role in STRUCTURE_ROLES]
        structural = [segmentation.crops[i] for i in indices]
        with self.backends.serial:
            identifiers = self.backends.identifier.identify(
                image, structural, segmentation, caption=figure.caption
            )
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
            self._check(structure, image, identifier, batch, counts)
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
        smiles = None
        if self.backends.settings.ocsr == "osra" and crop.role in STRUCTURE_ROLES:
            from chemx.visual.ocsr import recognise_smiles

            with self.backends.serial:  # OSRA is a subprocess: one at a time is plenty
                smiles = recognise_smiles(crop_image).smiles
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
            identifier_box=identifier.source_box if identifier else None,
            step=crop.step,
            smiles=smiles,
            smiles_backend="osra" if smiles else None,
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
    ) -> None:
        from chemx.qc.structure_check import check_structure, structure_decision

        verdict = check_structure(image.crop(structure.box), identifier)
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
        box = _union(boxes)
        data = _png(image.crop(box))
        sha = sha256_hex(data)
        batch.blobs[sha] = data
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
