"""A group drawn under a member's label for a range scaffold is no compound (QC 1).

A synthetic scope table: the product drawn once with a placeholder and the range "3–9",
then member 3 drawn only as its silyl group and member 4 drawn whole. OSRA is a stand-in
that reads each crop by its size.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from chemx.records import Gate, NodeKind, StructureRole
from chemx.visual.identifiers._base import IdentifierResult
from chemx.visual.segmentation._base import Crop
from tests.agents._fakes import figure_store, run_visual, size_of
from tests.qc._images import rdkit_drawing

SCAFFOLD = ("CCCCCCCCCCCC[Si]", (0, 0, 300, 60))
GROUP_OF_3 = ("C[Si](C)(C)C", (0, 100, 80, 160))
WHOLE_4 = ("CCCCCCCCCCCC[Si](C)(C)Cc1ccccc1", (100, 100, 400, 170))


def test_a_member_smaller_than_its_scaffold_is_a_substituent(tmp_path: Path) -> None:
    canvas = Image.new("RGB", (420, 220), "white")
    for smiles, box in (SCAFFOLD, GROUP_OF_3, WHOLE_4):
        canvas.paste(rdkit_drawing(smiles, (300, 100)).resize(size_of(box)), box[:2])
    store = figure_store(tmp_path, canvas, "Scope of disilanes.")
    crops = [
        Crop(box, StructureRole.MOLECULE, "fake-segmenter")
        for _, box in (SCAFFOLD, GROUP_OF_3, WHOLE_4)
    ]
    labels = [
        IdentifierResult(None, "3–9", 0.0, "fake-ocr", reason="names a range of compounds"),
        IdentifierResult("3", "3, 92% (2 h)", 0.9, "fake-ocr"),
        IdentifierResult("4", "4, 63% (15 h)", 0.9, "fake-ocr"),
    ]
    readings = {size_of(box): smiles for smiles, box in (SCAFFOLD, GROUP_OF_3, WHOLE_4)}
    run_visual(store, crops, labels, readings)
    verdicts = {
        n.record.identifier: store.decisions(n.id, Gate.QC1)[0]
        for n in store.nodes(NodeKind.STRUCTURE)
        if n.record.identifier
    }
    assert verdicts["3"].reason == "substituent" and "'3–9'" in verdicts["3"].detail
    assert verdicts["4"].reason == "ok"
