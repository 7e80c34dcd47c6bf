"""The visual processing agent: figures in, validated structure crops with identifiers out.

Per paper (seed 002, section 3.1 and appendix C.1): classify every figure with the
ResNet-50 (non-chemistry figures are rejected with the classifier's probabilities);
cut multi-molecule figures with the segmenter and reaction schemes with the reaction
parser; find each structure's compound label; run QC 1 on every crop. Every crop is
stored with its box in the original figure, its role and the backend that made it;
rejected ones keep their Decision.

A drawing that stands for a series (an SAR table's scaffold, a scope grid's drawing
with "2a: R = H" lines under it) is a scaffold, not a compound: QC 1 rejects it as such,
and each row of its series becomes its own `Structure` (`Structure.table_row`) showing
the scaffold crop under the row's label, with a SMILES from R-group resolution where
the scaffold and the groups can be read (`chemx.visual.sar_tables`, `chemx.visual.rgroups`).

Long module: one agent whose steps (figure, structure, QC 1, series rows, reaction)
share its backends, store batch and counters; the parsing and chemistry they call live
in `chemx.visual`.
"""

from __future__ import annotations

import io
import logging
import os
import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from chemx.errors import RetryableFailure
from chemx.geometry import area, union
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
    TableRow,
    Verdict,
)
from chemx.registry import REGISTRY, BackendContext, BackendKind
from chemx.settings import VisualSettings
from chemx.visual.caption_evidence import decide_class, drawn_structures_could_decide
from chemx.visual.classes import FigureClass
from chemx.visual.classifier import FigureClassifierLike, FigurePrediction
from chemx.visual.drawn_structures import FigureStructureCounter
from chemx.visual.identifiers._base import (
    DrawnGroupReader,
    IdentifierExtractor,
    IdentifierResult,
    PrintedLine,
    SeriesLineReader,
)
from chemx.visual.identifiers.reconciled import reconcile_readings
from chemx.visual.ion_pairs import Salt, find_salts
from chemx.visual.names import NamedCompound, NameReader, NoNames, name_reading, paper_names
from chemx.visual.ocsr import (
    OcsrReader,
    SmilesResult,
    components_reading,
    crop_reading,
    read_cached,
)
from chemx.visual.rgroups import RGROUP_BACKEND, resolve_rgroups
from chemx.visual.sar_tables import (
    SeriesRow,
    assign_to_scaffolds,
    parse_table,
    rows_from_line,
    table_scaffold,
)
from chemx.visual.segmentation._base import Crop, ReactionParser, Segmentation, Segmenter
from chemx.visual.series_members import (
    DrawingSize,
    SeriesScaffold,
    heavy_atoms,
    ink_pixels,
    range_labels,
    substituent_drawings,
)

log = logging.getLogger(__name__)

MAX_SCAFFOLD_SHARE = 0.5
"""A 'crop' covering more than this share of its figure is a frame or the whole figure
(seen on a real scope table), not a drawing a row list could sit under; it is left out
when series rows are placed, and its ink is not blanked when they are read."""


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
    name_reader: NameReader = field(default_factory=NoNames)
    """Systematic names in the text to SMILES (`chemx.visual.names`); none by default."""
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
            name_reader=REGISTRY.build(BackendKind.NAMES, settings.names, context),
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
            "names": self.name_reader.backend
            + (f" ({self.name_reader.note})" if self.name_reader.note else ""),
        }


def _reconciled(
    results: Sequence[IdentifierResult], paper: PaperLabels, figure: Figure
) -> list[IdentifierResult]:
    """The figure's readings squared with its text layer, its label sizes and the paper.

    See `chemx.visual.identifiers.reconciled`.
    """
    return reconcile_readings(results, paper, figure.printed_words)


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def reject_series_heads(batch: WriteBatch, counts: Counter[str]) -> None:
    """QC 1 rejects a crop whose bare-number label heads a series the paper draws.

    Only the whole paper shows that "5" has members "5a"-"5s" (they may be drawn in
    another figure), so this runs once its figures are done, on the batch.
    """
    from chemx.labels.scaffold import series_members
    from chemx.qc.structure_check import (
        StructureVerdict,
        series_head_verdict,
        structure_decision,
    )

    structures = {node.id: node for node, _ in batch.nodes if isinstance(node, Structure)}
    labels = [s.identifier for s in structures.values() if s.identifier]
    for index, decision in enumerate(batch.decisions):
        structure = structures.get(decision.node_id)
        if (
            structure is None
            or decision.gate is not Gate.QC1
            or decision.verdict is not Verdict.ACCEPT
            or structure.identifier is None
            or structure.table_row is not None
            or structure.role is StructureRole.REACTION
        ):
            continue
        members = series_members(structure.identifier, labels)
        if not members:
            continue
        accepted = StructureVerdict(True, decision.reason, decision.detail, dict(decision.scores))
        verdict = series_head_verdict(accepted, structure.identifier, members)
        batch.decisions[index] = structure_decision(structure.id, verdict, decision.backend)
        counts["qc1_accepted"] -= 1
        counts["qc1_rejected"] += 1
        counts["series_heads"] += 1


class VisualAgent:
    """Runs the visual stage for one paper at a time and writes its results."""

    def __init__(
        self,
        store: ProvenanceStore,
        backends: VisualBackends,
        cpu_gate: AbstractContextManager[Any] | None = None,
    ) -> None:
        self.store = store
        self.backends = backends
        self.cpu_gate = cpu_gate if cpu_gate is not None else nullcontext()
        """Held while a paper's figures are cut and read (`PaperWorker` passes a lock so
        that one paper at a time does this CPU work per process); classification runs
        outside it, so the papers in flight can share the classifier's passes."""
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
            named = self._named(paper_labels)  # a Java process: waits, outside the gate
            counts["labels_named"] += len(named)
            with self.cpu_gate:
                self._figures(figures, images, predictions, batch, counts, paper_labels, named)
            reject_series_heads(batch, counts)
        self.store.write(batch)
        return dict(counts)

    def _named(self, paper_labels: PaperLabels) -> dict[str, NamedCompound]:
        """The compounds the paper names; a timed-out OPSIN is retried like OSRA."""
        try:
            return paper_names(paper_labels.sentences, self.backends.name_reader)
        except RetryableFailure as failure:
            if self.retries.retry(failure.key):
                raise
            log.warning("%s; going on without the paper's names", failure.detail)
            return {}

    def _figures(
        self,
        figures: list[Figure],
        images: list[Image.Image],
        predictions: list[FigurePrediction],
        batch: WriteBatch,
        counts: Counter[str],
        paper_labels: PaperLabels,
        named: Mapping[str, NamedCompound],
    ) -> None:
        """QC 1's class test, then each chemistry figure's crops, labels and SMILES.

        `named` holds the compounds the paper names (`chemx.visual.names`): a labelled
        crop or table row whose label is among them takes the name's SMILES.
        """
        classifier = self.backends.classifier
        for figure, image, prediction in zip(figures, images, predictions, strict=True):
            decided = decide_class(prediction.probabilities, figure.label, figure.caption)
            if drawn_structures_could_decide(decided):
                drawn = self._drawn_structures(image, counts)
                decided = decide_class(
                    prediction.probabilities, figure.label, figure.caption, drawn
                )
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
            self._figure(figure, image, figure_class, scores, batch, counts, paper_labels, named)

    def _drawn_structures(self, image: Image.Image, counts: Counter[str]) -> int | None:
        """Ring structures the OCSR backend reads in the whole figure; None if it cannot."""
        reader = self.backends.ocsr
        if not isinstance(reader, FigureStructureCounter):
            counts["drawn_structures_unread"] += 1
            return None
        with self.backends.ocsr_slots:
            found = reader.count_structures(image)
        counts["drawn_structures_read"] += 1
        if found.count is None:
            log.info("no drawn-structure evidence: %s", found.reason)
        return found.count

    def _figure(
        self,
        figure: Figure,
        image: Image.Image,
        figure_class: FigureClass,
        scores: dict[str, float],
        batch: WriteBatch,
        counts: Counter[str],
        paper_labels: PaperLabels,
        named: Mapping[str, NamedCompound],
    ) -> None:
        if figure_class is FigureClass.REACTION_SCHEME:
            segmentation = self.backends.reaction_parser.parse(image)
        else:
            segmentation = self.backends.segmenter.segment(image, figure_class)
        indices = [i for i, crop in enumerate(segmentation.crops) if crop.role in STRUCTURE_ROLES]
        structural = [segmentation.crops[i] for i in indices]
        with self.backends.serial:
            identifiers = self.backends.identifier.identify(
                image,
                structural,
                segmentation,
                caption=figure.caption,
                figure_id=figure.id,
                named=paper_labels.names if paper_labels else None,
            )
        identifiers = _reconciled(identifiers, paper_labels, figure)
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
        series = self._series(figure, image, segmentation, indices, paper_labels, counts)
        salts = self._salts(figure, image, segmentation, indices, identifiers, series, figure_class)
        joined = {ion for salt in salts.values() for ion in salt.counter_ions}
        counts["counter_ions_joined"] += len(joined)
        by_crop: dict[int, Structure] = {}
        read: list[tuple[int, IdentifierResult, Structure]] = []
        for index, identifier in zip(indices, identifiers, strict=True):
            if index in joined:
                continue  # stored as part of its salt's crop
            salt = salts.get(index)
            crop = salt.crop if salt else segmentation.crops[index]
            reading = salt.reading if salt else None
            structure = self._structure(figure, image, crop, identifier, batch, named, reading)
            by_crop[index] = structure
            read.append((index, identifier, structure))
        parts = self._substituents(figure, image, [structure for _, _, structure in read])
        for index, identifier, structure in read:
            rows = series.get(index, [])
            self._check(
                structure,
                image,
                identifier,
                batch,
                counts,
                figure.printed_words,
                rows,
                parts.get(structure.id),
            )
            counts["structures"] += 1
            if rows:
                self._row_entries(
                    figure, image, structure, rows, paper_labels, batch, counts, named
                )
        for crop in segmentation.crops:
            if crop.role is StructureRole.CONDITION:
                self._structure(figure, image, crop, None, batch, named)
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
        named: Mapping[str, NamedCompound],
        salt: SmilesReading | None = None,
    ) -> Structure:
        """Store one crop; `salt` is the joined reading of a salt's ions (`_salts`)."""
        crop_image = image.crop(crop.box)
        data = _png(crop_image)
        sha = sha256_hex(data)
        batch.blobs[sha] = data
        smiles: str | None = None
        smiles_backend: str | None = None
        reading: SmilesReading | None = None
        label = identifier.identifier if identifier is not None else None
        compound = named.get(label) if label else None
        if compound is not None and crop.role in STRUCTURE_ROLES:
            # The authors' own name for the labelled compound: no drawing to misread.
            smiles, reading = compound.smiles, name_reading(compound)
            smiles_backend = self.backends.name_reader.backend
        elif salt is not None:
            smiles, reading, smiles_backend = salt.text, salt, self.backends.ocsr.backend
        elif identifier is not None and identifier.identifier and crop.role in STRUCTURE_ROLES:
            # Read once here for every labelled crop: only those can become questions
            # (or a labelled reaction's components). Generation reads the result.
            where = f"{figure.label or figure.figure_key} ({figure.id}) crop {list(crop.box)}"
            result = self._read_smiles(crop_image, sha, where)
            smiles, reading = result.smiles, crop_reading(result)
            smiles_backend = result.backend if smiles else None
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
            smiles_backend=smiles_backend,
            reading=reading,
        )
        batch.add(structure)
        if identifier:
            batch.model_calls.extend(
                call.model_copy(update={"node_id": structure.id}) for call in identifier.calls
            )
        return structure

    def _salts(
        self,
        figure: Figure,
        image: Image.Image,
        segmentation: Segmentation,
        indices: Sequence[int],
        identifiers: Sequence[IdentifierResult],
        series: Mapping[int, Sequence[SeriesRow]],
        figure_class: FigureClass,
    ) -> dict[int, Salt]:
        """Labelled ions joined with their drawn counter-ions (`chemx.visual.ion_pairs`).

        Not in reaction schemes, where a reagent drawn beside a product is no counter-ion;
        a series' scaffold is no ion.
        """
        if figure_class is FigureClass.REACTION_SCHEME:
            return {}
        crops = {i: segmentation.crops[i] for i in indices if not series.get(i)}
        labelled = {i for i, r in zip(indices, identifiers, strict=True) if r.identifier}

        def read(index: int) -> str | None:
            crop_image = image.crop(segmentation.crops[index].box)
            where = f"{figure.label or figure.figure_key} ({figure.id}) ion {index}"
            return self._read_smiles(crop_image, sha256_hex(_png(crop_image)), where).smiles

        return find_salts(crops, labelled, read)

    def _substituents(
        self, figure: Figure, image: Image.Image, structures: Sequence[Structure]
    ) -> dict[str, str]:
        """Labelled drawings that are only the group a range scaffold's members differ by.

        Structure id -> why (`chemx.visual.series_members`); a range-labelled drawing is
        read here only when some drawing of the figure carries a label in its range.
        """
        labels = {s.identifier for s in structures if s.identifier}
        scaffolds = []
        for structure in structures:
            members = None if structure.identifier else range_labels(structure.identifier_raw)
            if not members or not labels & set(members):
                continue
            crop_image = image.crop(structure.box)
            where = f"{figure.label or figure.figure_key} ({figure.id}) series {structure.id}"
            result = self._read_smiles(crop_image, sha256_hex(_png(crop_image)), where)
            size = DrawingSize(heavy_atoms(result.smiles or result.raw), ink_pixels(crop_image))
            scaffolds.append(
                SeriesScaffold(frozenset(members), structure.identifier_raw or "", size)
            )
        if not scaffolds:
            return {}
        labelled = {
            s.id: (
                s.identifier,
                DrawingSize(
                    heavy_atoms(s.reading.text if s.reading else None),
                    ink_pixels(image.crop(s.box)),
                ),
            )
            for s in structures
            if s.identifier
        }
        return substituent_drawings(scaffolds, labelled)

    def _check(
        self,
        structure: Structure,
        image: Image.Image,
        identifier: IdentifierResult,
        batch: WriteBatch,
        counts: Counter[str],
        words: Sequence[PrintedWord] = (),
        rows: Sequence[SeriesRow] = (),
        part_of_series: str | None = None,
    ) -> None:
        """QC 1 on one stored crop; `part_of_series` says why it is a series' substituent."""
        from chemx.labels.scaffold import reading_group_labels, scaffold_labels
        from chemx.qc.structure_check import (
            StructureVerdict,
            check_structure,
            scaffold_verdict,
            structure_decision,
        )
        from chemx.visual.drawn_groups import upscale_for

        crop = image.crop(structure.box)
        verdict = check_structure(crop, identifier)
        reading = structure.reading.text if structure.reading else None
        # each label says where it was read: the text layer, OSRA's reading, EasyOCR
        groups = [
            *(f"{g} (PDF text layer)" for g in scaffold_labels(structure.box, words)),
            *(f"{g} (OSRA reads it as [AlH2])" for g in reading_group_labels(reading)),
        ]
        if verdict.accepted and not groups and structure.identifier:
            # about to pass as a compound: are R groups drawn in it? (drawn_groups)
            reader = self.backends.identifier
            if isinstance(reader, DrawnGroupReader):
                unread = reading is None or "*" in reading  # read closer if none at first
                label = structure.identifier_box
                height = label[3] - label[1] if label else None
                with self.backends.serial:
                    found = reader.read_drawn_groups(crop, upscale=upscale_for(height))
                    if not found and unread:
                        closer = upscale_for(height, close=True)
                        found = reader.read_drawn_groups(crop, upscale=closer)
                groups = [f"{g} (read by {reader.name} in the crop)" for g in found]
            else:
                counts["drawn_groups_unread"] += 1
        verdict = scaffold_verdict(verdict, groups)
        if part_of_series and verdict.accepted:
            verdict = StructureVerdict(False, "substituent", part_of_series, verdict.scores)
        if rows and (verdict.accepted or verdict.reason == "no_identifier"):
            labels = ", ".join(row.label for row in rows)
            verdict = StructureVerdict(
                False,
                "scaffold",
                f"drawn for a series: its {len(rows)} row(s) ({labels}) are recorded as "
                "table-row entries on this crop",
                verdict.scores,
            )
        batch.decisions.append(structure_decision(structure.id, verdict, "qc1-image-stats"))
        counts["qc1_accepted" if verdict.accepted else "qc1_rejected"] += 1

    def _series(
        self,
        figure: Figure,
        image: Image.Image,
        segmentation: Segmentation,
        indices: Sequence[int],
        paper_labels: PaperLabels,
        counts: Counter[str],
    ) -> dict[int, list[SeriesRow]]:
        """The series rows of the figure, by the index of the drawing they belong to.

        Rows come from the table's cells in the text layer (`Figure.region_text`) and from
        printed lines with an '=' sign: the text layer's own lines when it has them, else
        lines read from the pixels by the identifier backend's OCR (`SeriesLineReader`).
        """
        limit = MAX_SCAFFOLD_SHARE * image.width * image.height
        drawings = [i for i in indices if area(segmentation.crops[i].box) <= limit]
        if not drawings:
            return {}
        boxes = [segmentation.crops[i].box for i in drawings]
        lines = [
            PrintedLine(word.box, word.text, 1.0, "text-layer")
            for word in figure.printed_words
            if "=" in word.text
        ]
        reader = self.backends.identifier
        if not lines and not figure.printed_words:
            if isinstance(reader, SeriesLineReader):
                with self.backends.serial:
                    lines = reader.read_series_lines(
                        image, [segmentation.crops[i] for i in drawings]
                    )
            else:
                counts["series_lines_unread"] += 1
        rows = [
            row
            for line in lines
            for row in rows_from_line(line.text, line.box, line.source, line.confidence)
        ]
        result: dict[int, list[SeriesRow]] = {}
        for placed in assign_to_scaffolds(rows, boxes):
            result[drawings[placed.crop_index]] = placed.rows
        table_rows = parse_table(figure.region_text, paper_labels.names if paper_labels else None)
        if table_rows:
            scaffold = table_scaffold(boxes, figure.printed_words)
            if scaffold is None:
                counts["table_rows_without_scaffold"] += len(table_rows)
            else:
                result.setdefault(drawings[scaffold], []).extend(table_rows)
        seen: set[str] = set()
        for index, placed_rows in result.items():
            kept = []
            for row in placed_rows:
                if row.label not in seen:
                    seen.add(row.label)
                    kept.append(row)
            result[index] = kept
        return {index: kept for index, kept in result.items() if kept}

    def _row_entries(
        self,
        figure: Figure,
        image: Image.Image,
        scaffold: Structure,
        rows: Sequence[SeriesRow],
        paper_labels: PaperLabels,
        batch: WriteBatch,
        counts: Counter[str],
        named: Mapping[str, NamedCompound],
    ) -> None:
        """One `Structure` per row, on the scaffold's crop, with its SMILES or the reason.

        A row whose compound the paper names takes the name's SMILES; the others are
        resolved from the scaffold's reading and the row's substituents.
        """
        where = f"{figure.label or figure.figure_key} ({figure.id}) scaffold {list(scaffold.box)}"
        checks = [reconcile(row.label, paper_labels) if paper_labels else None for row in rows]
        labels = [c.identifier if c else row.label for row, c in zip(rows, checks, strict=True)]
        reading = None  # OSRA on the scaffold only when some row is not named
        if any(label not in named for label in labels):
            reading = self._read_smiles(image.crop(scaffold.box), scaffold.image_sha256, where)
        scaffold_smiles = (reading.raw or reading.smiles) if reading else None
        for row, checked, label in zip(rows, checks, labels, strict=True):
            compound = named.get(label)
            reason: str | None = None
            if compound is not None:
                smiles, smiles_backend = compound.smiles, self.backends.name_reader.backend
            elif scaffold_smiles is None:
                reason = (
                    f"the scaffold could not be read ({self.backends.ocsr.backend}: "
                    f"{reading.reason if reading and reading.reason else 'no reading'})"
                )
                smiles, smiles_backend = None, None
            else:
                resolution = resolve_rgroups(scaffold_smiles, row.substituents)
                smiles, reason = resolution.smiles, resolution.reason
                smiles_backend = RGROUP_BACKEND if smiles else None
            entry = Structure(
                id=node_id(NodeKind.STRUCTURE, figure.id, "table_row", *scaffold.box, label),
                parent_id=figure.id,
                backend=f"series-row:{row.source}",
                paper_id=figure.paper_id,
                figure_id=figure.id,
                box=scaffold.box,
                role=StructureRole.MOLECULE,
                image_sha256=scaffold.image_sha256,
                identifier=label,
                identifier_backend=row.source.removeprefix("ocr:"),
                identifier_confidence=row.confidence * (checked.factor if checked else 1.0),
                identifier_raw=row.text,
                identifier_note=checked.note if checked else None,
                identifier_box=row.box,
                smiles=smiles,
                smiles_backend=smiles_backend,
                reading=name_reading(compound) if compound is not None else None,
                table_row=TableRow(
                    scaffold_id=scaffold.id,
                    substituents=row.substituents,
                    activity=row.activity,
                    text=row.text,
                    source=row.source,
                    smiles_reason=reason,
                ),
            )
            batch.add(entry)
            groups = ", ".join(f"{name} = {value}" for name, value in row.substituents.items())
            batch.decisions.append(
                decide(
                    entry.id,
                    Gate.QC1,
                    Verdict.ACCEPT,
                    "table_row",
                    f"{label}: a row of the series drawn at {list(scaffold.box)} ({groups}), "
                    f"read from {row.source}",
                    "qc1-table-row",
                )
            )
            counts["table_rows"] += 1
            counts["qc1_accepted"] += 1
            counts["table_rows_smiles" if smiles else "table_rows_no_smiles"] += 1

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
