"""The visual stage stores a salt drawn as two ions as one labelled compound.

A synthetic figure: a cation drawing with its label and an anion drawing just above it,
cut into two crops by a stand-in segmenter; the label goes to the cation, as a nearest-
label reader gives it. OSRA is a stand-in that reads each crop by its size (the real one
reads RDKit's drawings of these ions poorly, which says nothing of the agent's logic).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from chemx.provenance.store import ProvenanceStore
from chemx.records import Gate, NodeKind, Structure, StructureRole
from chemx.visual.identifiers._base import IdentifierResult
from chemx.visual.segmentation._base import Crop
from tests.agents._fakes import figure_store, run_visual, size_of
from tests.qc._images import rdkit_drawing

CATION = "CCCCn1cc[n+](C)c1"
ANION = "O=S(=O)([N-]S(=O)(=O)C(F)(F)F)C(F)(F)F"
ANION_BOX = (60, 0, 260, 120)
CATION_BOX = (0, 130, 200, 200)
LABELS = [
    IdentifierResult("2", "2", 0.9, "fake-ocr", source_box=(90, 205, 110, 225)),
    IdentifierResult(None, None, 0.0, "fake-ocr", reason="no label text near it"),
]


def _built(tmp_path: Path, anion: str) -> tuple[ProvenanceStore, dict[str, int]]:
    canvas = Image.new("RGB", (300, 240), "white")
    canvas.paste(rdkit_drawing(ANION, (200, 120)).resize(size_of(ANION_BOX)), ANION_BOX[:2])
    canvas.paste(rdkit_drawing(CATION, (200, 70)).resize(size_of(CATION_BOX)), CATION_BOX[:2])
    store = figure_store(tmp_path, canvas, "TFSI salts 1-3.")
    crops = [
        Crop(CATION_BOX, StructureRole.MOLECULE, "fake-segmenter"),
        Crop(ANION_BOX, StructureRole.MOLECULE, "fake-segmenter"),
    ]
    readings = {size_of(CATION_BOX): CATION, size_of(ANION_BOX): anion}
    return store, run_visual(store, crops, LABELS, readings)


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
