"""The visual stage turns a scaffold's series rows into table-row structures.

A synthetic figure: one scaffold drawing (a phenyl with an R attachment point) with two
row lines under it, read by a stand-in OCR; OSRA is a stand-in that reads the scaffold
with its dummy atom. The real-paper check at the end skips when the shared papers are
absent.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import pytest
from PIL import Image
from rdkit import Chem
from rdkit.Chem import Draw

from chemx.agents.visual import VisualAgent, VisualBackends
from chemx.devkit.pdf_gold import shared_realworld
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.records import (
    Gate,
    NodeKind,
    Sentence,
    Structure,
    StructureRole,
)
from chemx.visual.identifiers._base import IdentifierResult, PrintedLine
from chemx.visual.ocsr import SmilesResult
from chemx.visual.segmentation._base import Crop
from tests.agents._fakes import FixedCrops, OneClass, figure_store

SCAFFOLD_BOX = (0, 0, 300, 300)


def one_crop() -> FixedCrops:
    return FixedCrops([Crop(SCAFFOLD_BOX, StructureRole.MOLECULE, FixedCrops.name)])


class RowReader:
    """No label beside the drawing; two row lines under it."""

    name = "fake-ocr"

    def identify(self, figure, crops, segmentation, caption="", figure_id="", named=None):  # type: ignore[no-untyped-def]
        return [IdentifierResult(None, "2a: R = OMe (80%)", 0.5, self.name, reason="not a label")]

    def read_series_lines(self, figure: Image.Image, crops: Sequence[Crop]) -> list[PrintedLine]:
        return [
            PrintedLine((10, 310, 200, 330), "2a: R = OMe (80%)", 0.9, "ocr:fake-ocr"),
            PrintedLine((10, 335, 200, 355), "2b: R = Xyz (41%)", 0.8, "ocr:fake-ocr"),
        ]


class ScaffoldOsra:
    backend = "fake-osra"
    note = ""

    def read(self, crop: Image.Image) -> SmilesResult:
        return SmilesResult(None, self.backend, "unresolved atom", raw="*c1ccccc1")


def figure_image() -> Image.Image:
    molecule = Chem.MolFromSmiles("*c1ccccc1")
    molecule.GetAtomWithIdx(0).SetProp("atomLabel", "R")
    canvas = Image.new("RGB", (600, 500), "white")
    canvas.paste(Draw.MolToImage(molecule, size=(300, 300)), (0, 0))
    return canvas


def build_store(tmp_path: Path) -> ProvenanceStore:
    return figure_store(
        tmp_path,
        figure_image(),
        "Scope of the reaction",
        label="Scheme 1",
        sentences=["The methoxy analogue 2a was formed in 80% yield."],
    )


@pytest.fixture
def entries(tmp_path: Path) -> tuple[ProvenanceStore, dict[str, int]]:
    store = build_store(tmp_path)
    backends = VisualBackends(OneClass(), one_crop(), one_crop(), RowReader(), ScaffoldOsra())  # type: ignore[arg-type]
    counts = VisualAgent(store, backends).process("pap_1")
    return store, counts


def test_each_row_becomes_a_structure_on_the_scaffold_crop(
    entries: tuple[ProvenanceStore, dict[str, int]],
) -> None:
    store, counts = entries
    structures = [n.record for n in store.nodes(NodeKind.STRUCTURE)]
    rows = {s.identifier: s for s in structures if s.table_row is not None}
    [scaffold] = [s for s in structures if s.table_row is None]
    assert set(rows) == {"2a", "2b"} and counts["table_rows"] == 2
    first = rows["2a"]
    assert first.box == scaffold.box and first.image_sha256 == scaffold.image_sha256
    assert first.role is StructureRole.MOLECULE and first.identifier_backend == "fake-ocr"
    assert first.table_row is not None
    assert first.table_row.scaffold_id == scaffold.id
    assert first.table_row.substituents == {"R": "OMe"} and first.table_row.activity == "(80%)"
    assert first.smiles == "COc1ccccc1" and first.smiles_backend == "rdkit-rgroup"
    second = rows["2b"]
    assert second.smiles is None and second.table_row is not None
    assert second.table_row.smiles_reason == "R = Xyz: not in the substituent vocabulary"


class CountingOsra(ScaffoldOsra):
    def __init__(self) -> None:
        self.crops = 0

    def read(self, crop: Image.Image) -> SmilesResult:
        self.crops += 1
        return super().read(crop)


class NameTable:
    """Stands in for OPSIN's Java process: the SMILES of two names."""

    backend = "opsin"
    note = ""
    table: ClassVar[dict[str, str]] = {
        "2-methoxybiphenyl": "COc1ccccc1-c1ccccc1",
        "1,4-dimethylbenzene": "Cc1ccc(C)cc1",
    }

    def read(self, names: Sequence[str]) -> list[str | None]:
        return [self.table.get(name) for name in names]


def test_rows_the_paper_names_take_the_names_smiles_and_skip_osra(tmp_path: Path) -> None:
    store = build_store(tmp_path)
    text = "Both 2-methoxybiphenyl (2a) and 1,4-dimethylbenzene (2b) were made."
    batch = WriteBatch()
    batch.add(
        Sentence(
            id="sen_2",
            parent_id="par_1",
            backend="test",
            paper_id="pap_1",
            paragraph_id="par_1",
            index=1,
            start=46,
            end=46 + len(text),
            text=text,
        )
    )
    store.write(batch)
    osra = CountingOsra()
    backends = VisualBackends(
        OneClass(),
        one_crop(),
        one_crop(),
        RowReader(),
        osra,
        NameTable(),  # type: ignore[arg-type]
    )
    counts = VisualAgent(store, backends).process("pap_1")
    rows = {
        s.identifier: s
        for s in (n.record for n in store.nodes(NodeKind.STRUCTURE))
        if s.table_row is not None
    }
    assert counts["labels_named"] == 2 and osra.crops == 0  # no row needed the scaffold
    assert rows["2a"].smiles == "COc1ccccc1-c1ccccc1" and rows["2a"].smiles_backend == "opsin"
    assert rows["2b"].reading is not None and rows["2b"].reading.sentence_id == "sen_2"
    assert rows["2b"].table_row is not None and rows["2b"].table_row.smiles_reason is None


def test_qc1_accepts_the_rows_and_calls_the_drawing_a_scaffold(
    entries: tuple[ProvenanceStore, dict[str, int]],
) -> None:
    store, _ = entries
    verdicts = {}
    for node in store.nodes(NodeKind.STRUCTURE):
        structure = node.record
        assert isinstance(structure, Structure)
        [decision] = [d for d in store.decisions(structure.id) if d.gate is Gate.QC1]
        verdicts[structure.identifier or "scaffold"] = (decision.verdict.value, decision.reason)
    assert verdicts == {
        "scaffold": ("reject", "scaffold"),
        "2a": ("accept", "table_row"),
        "2b": ("accept", "table_row"),
    }


def test_a_sentence_naming_a_row_label_grounds_to_the_row(
    entries: tuple[ProvenanceStore, dict[str, int]],
) -> None:
    from chemx.agents.grounding import grounded_structures
    from chemx.grounding.retrieval import PaperText, retrieve

    store, _ = entries
    structures = {s.identifier: s for s in grounded_structures(store, "pap_1")}
    assert set(structures) == {"2a", "2b"}
    package = retrieve(PaperText.load(store, "pap_1"), structures["2a"])
    assert [s.sentence.id for s in package.about_target()] == ["sen_1"]


def test_real_scope_list_rows_are_read() -> None:
    """jo2c02448 (CC BY), Scheme 3: rows 16-19 of the scope list, read by Tesseract."""
    from chemx.devkit.pdf_gold import load_gold
    from chemx.devkit.visual_realworld import VISUAL_GOLD_DIR

    papers = {paper.stem: paper for paper in load_gold()} if shared_realworld() else {}
    if "jo2c02448" not in papers:
        pytest.skip("shared/realworld papers are not here")
    pytest.importorskip("pytesseract")
    import pymupdf

    from chemx.visual.identifiers._ocr_tesseract import TesseractIdentifierExtractor
    from chemx.visual.sar_tables import parse_row_line

    paper = papers["jo2c02448"]
    [item] = [i for i in paper.items if i.kind == "scheme" and i.number == "3"]
    page = pymupdf.open(paper.path)[item.page - 1]
    pixmap = page.get_pixmap(dpi=150, clip=pymupdf.Rect(*item.bbox))
    image = Image.open(io.BytesIO(pixmap.tobytes("png"))).convert("RGB")
    gold = json.loads((VISUAL_GOLD_DIR / "jo2c02448.json").read_text(encoding="utf-8"))
    [drawn] = [i for i in gold["items"] if i["kind"] == "scheme" and i.get("number") == "3"]
    scale = 150 / 72
    crops = [
        Crop(
            tuple(  # type: ignore[arg-type]
                round((v - item.bbox[k % 2]) * scale) for k, v in enumerate(s["bbox"])
            ),
            StructureRole.MOLECULE,
            "gold",
        )
        for s in drawn["structures"]
    ]
    lines = TesseractIdentifierExtractor().read_series_lines(image, crops)
    rows = [row for line in lines if (row := parse_row_line(line.text)) is not None]
    found = {row.label: row.substituents for row in rows}
    assert {label: found.get(label) for label in ("16", "17", "18", "19")} == {
        "16": {"R": "OMe"},
        "17": {"R": "Me"},
        "18": {"R": "Br"},
        "19": {"R": "CN"},
    }
