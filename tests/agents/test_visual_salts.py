"""The visual stage stores a salt drawn as two ions as one labelled compound.

A synthetic figure: a cation drawing with its label and an anion drawing just above it,
cut into two crops by a stand-in segmenter; the label goes to the cation, as a nearest-
label reader gives it. OSRA is a stand-in that reads each crop by its size (the real one
reads RDKit's drawings of these ions poorly, which says nothing of the agent's logic).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import pytest
from PIL import Image

from chemx.agents.visual import VisualAgent, VisualBackends
from chemx.provenance.blobs import sha256_hex
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.records import Figure, Gate, NodeKind, Paper, Structure, StructureRole
from chemx.visual.classes import FigureClass
from chemx.visual.classifier import FigurePrediction
from chemx.visual.identifiers._base import IdentifierResult
from chemx.visual.ocsr import SmilesResult
from chemx.visual.segmentation._base import Crop, Segmentation
from tests.qc._images import rdkit_drawing

CATION = "CCCCn1cc[n+](C)c1"
ANION = "O=S(=O)([N-]S(=O)(=O)C(F)(F)F)C(F)(F)F"
ANION_BOX = (60, 0, 260, 120)
CATION_BOX = (0, 130, 200, 200)


class Molecules:
    backend = "fake-classifier"

    def predict(self, images: Sequence[Image.Image]) -> list[FigurePrediction]:
        probabilities = {c.value: 0.0 for c in FigureClass}
        probabilities[FigureClass.MULTIPLE_MOLECULES.value] = 1.0
        return [FigurePrediction(FigureClass.MULTIPLE_MOLECULES, probabilities) for _ in images]


class TwoIons:
    name = "fake-segmenter"

    def segment(self, image: Image.Image, figure_class: FigureClass) -> Segmentation:
        crops = (
            Crop(CATION_BOX, StructureRole.MOLECULE, self.name),
            Crop(ANION_BOX, StructureRole.MOLECULE, self.name),
        )
        return Segmentation(crops, self.name)

    def parse(self, image: Image.Image) -> Segmentation:
        return self.segment(image, FigureClass.REACTION_SCHEME)


class LabelUnderCation:
    name = "fake-ocr"

    def identify(self, figure, crops, segmentation, caption="", figure_id="", named=None):  # type: ignore[no-untyped-def]
        return [
            IdentifierResult("2", "2", 0.9, self.name, source_box=(90, 205, 110, 225)),
            IdentifierResult(None, None, 0.0, self.name, reason="no label text near it"),
        ]


class OsraBySize:
    """Reads a crop by its size: the cation's, the anion's, or nothing."""

    backend = "fake-osra"
    note = ""

    def __init__(self, anion: str) -> None:
        self.by_size = {
            (CATION_BOX[2] - CATION_BOX[0], CATION_BOX[3] - CATION_BOX[1]): CATION,
            (ANION_BOX[2] - ANION_BOX[0], ANION_BOX[3] - ANION_BOX[1]): anion,
        }

    def read(self, crop: Image.Image) -> SmilesResult:
        smiles = self.by_size.get(crop.size)
        return SmilesResult(smiles, self.backend, None if smiles else "nothing read")


def _figure_store(tmp_path: Path) -> ProvenanceStore:
    canvas = Image.new("RGB", (300, 240), "white")
    canvas.paste(rdkit_drawing(ANION, (200, 120)).resize((200, 120)), ANION_BOX[:2])
    canvas.paste(rdkit_drawing(CATION, (200, 70)).resize((200, 70)), CATION_BOX[:2])
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
        label="Figure 1",
        caption="TFSI salts 1-3.",
        image_sha256=sha256_hex(data),
        width=300,
        height=240,
    )
    batch.add(paper)
    batch.add(figure)
    store.write(batch)
    return store


def _built(tmp_path: Path, anion: str) -> tuple[ProvenanceStore, dict[str, int]]:
    store = _figure_store(tmp_path)
    backends = VisualBackends(
        Molecules(),  # type: ignore[arg-type]
        TwoIons(),  # type: ignore[arg-type]
        TwoIons(),  # type: ignore[arg-type]
        LabelUnderCation(),  # type: ignore[arg-type]
        OsraBySize(anion),
    )
    return store, VisualAgent(store, backends).process("pap_1")


def test_the_counter_ion_joins_the_labelled_ion(tmp_path: Path) -> None:
    store, counts = _built(tmp_path, ANION)
    [stored] = list(store.nodes(NodeKind.STRUCTURE))
    salt = stored.record
    assert isinstance(salt, Structure) and not stored.rejected
    assert salt.identifier == "2" and counts["counter_ions_joined"] == 1
    assert salt.box == (0, 0, 260, 200)  # both ions' ink, one crop
    assert salt.reading is not None and salt.reading.source == "osra-ion-pair"
    assert salt.smiles is not None and sorted(salt.smiles.split(".")) == sorted([ANION, CATION])
    assert salt.smiles_backend == "fake-osra"


@pytest.mark.parametrize("neighbour", ["c1ccccc1", "CCCCn1ccnc1"])
def test_a_neutral_neighbour_stays_its_own_unlabelled_drawing(
    tmp_path: Path, neighbour: str
) -> None:
    store, counts = _built(tmp_path, neighbour)
    structures = {n.record.box: n for n in store.nodes(NodeKind.STRUCTURE)}
    assert set(structures) == {CATION_BOX, ANION_BOX} and counts["counter_ions_joined"] == 0
    assert structures[CATION_BOX].record.smiles == CATION
    [decision] = store.decisions(structures[ANION_BOX].id, Gate.QC1)
    assert decision.reason == "no_identifier"
