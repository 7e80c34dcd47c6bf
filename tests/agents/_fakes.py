"""Stand-ins for the visual stage's backends, for agent tests on a drawn figure.

They stand in for models (the classifier, the segmenter, OCR, OSRA), never for the agent:
each returns what a test fixes, so the test checks what the agent does with it.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path

from PIL import Image

from chemx.agents.visual import VisualAgent, VisualBackends
from chemx.geometry import Box
from chemx.provenance.blobs import sha256_hex
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.records import Figure, Paper, Sentence
from chemx.visual.classes import FigureClass
from chemx.visual.classifier import FigurePrediction
from chemx.visual.identifiers._base import IdentifierResult
from chemx.visual.ocsr import SmilesResult
from chemx.visual.segmentation._base import Crop, Segmentation


class OneClass:
    """Every figure is of `figure_class`, with certainty."""

    backend = "fake-classifier"

    def __init__(self, figure_class: FigureClass = FigureClass.MULTIPLE_MOLECULES) -> None:
        self.figure_class = figure_class

    def predict(self, images: Sequence[Image.Image]) -> list[FigurePrediction]:
        probabilities = {c.value: 0.0 for c in FigureClass}
        probabilities[self.figure_class.value] = 1.0
        return [FigurePrediction(self.figure_class, probabilities) for _ in images]


class FixedCrops:
    """The figure is cut into the given crops, by segmenter and reaction parser alike."""

    name = "fake-segmenter"

    def __init__(self, crops: Sequence[Crop]) -> None:
        self.crops = tuple(crops)

    def segment(self, image: Image.Image, figure_class: FigureClass) -> Segmentation:
        return Segmentation(self.crops, self.name)

    def parse(self, image: Image.Image) -> Segmentation:
        return Segmentation(self.crops, self.name)


class FixedLabels:
    """One label reading per crop, in crop order."""

    name = "fake-ocr"

    def __init__(self, results: Sequence[IdentifierResult]) -> None:
        self.results = list(results)

    def identify(self, figure, crops, segmentation, caption="", figure_id="", named=None):  # type: ignore[no-untyped-def]
        return self.results


class OsraBySize:
    """Reads a crop by its size (width, height): the SMILES fixed for it, or nothing."""

    backend = "fake-osra"
    note = ""

    def __init__(self, by_size: Mapping[tuple[int, int], str]) -> None:
        self.by_size = dict(by_size)

    def read(self, crop: Image.Image) -> SmilesResult:
        smiles = self.by_size.get(crop.size)
        return SmilesResult(smiles, self.backend, None if smiles else "nothing read")


def size_of(box: Box) -> tuple[int, int]:
    return box[2] - box[0], box[3] - box[1]


def figure_store(
    tmp_path: Path,
    canvas: Image.Image,
    caption: str,
    *,
    label: str = "Figure 1",
    sentences: Sequence[str] = (),
) -> ProvenanceStore:
    """A store holding one paper ('pap_1') with one figure, `canvas`, and its sentences."""
    buffer = io.BytesIO()
    canvas.save(buffer, format="PNG")
    data = buffer.getvalue()
    store = ProvenanceStore(tmp_path / "store")
    batch = WriteBatch()
    batch.blobs[sha256_hex(data)] = data
    paper = Paper(id="pap_1", parent_id=None, backend="t", title="t", source="pdf", source_path="t")
    figure = Figure(
        id="fig_1",
        parent_id=paper.id,
        backend="t",
        paper_id=paper.id,
        figure_key="f1",
        label=label,
        caption=caption,
        image_sha256=sha256_hex(data),
        width=canvas.width,
        height=canvas.height,
    )
    batch.add(paper)
    batch.add(figure)
    for index, text in enumerate(sentences):
        batch.add(
            Sentence(
                id=f"sen_{index + 1}",
                parent_id="par_1",
                backend="t",
                paper_id=paper.id,
                paragraph_id="par_1",
                index=index,
                start=0,
                end=len(text),
                text=text,
            )
        )
    store.write(batch)
    return store


def run_visual(
    store: ProvenanceStore,
    crops: Sequence[Crop],
    labels: Sequence[IdentifierResult],
    readings: Mapping[tuple[int, int], str],
) -> dict[str, int]:
    """The visual agent on the store's paper with these stand-ins; its counts."""
    segmenter = FixedCrops(crops)
    backends = VisualBackends(
        OneClass(),  # type: ignore[arg-type]
        segmenter,  # type: ignore[arg-type]
        segmenter,  # type: ignore[arg-type]
        FixedLabels(labels),  # type: ignore[arg-type]
        OsraBySize(readings),
    )
    return VisualAgent(store, backends).process("pap_1")
