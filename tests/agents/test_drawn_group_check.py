"""Every labelled crop about to pass as a compound has its drawn R-group labels read.

OSRA guesses an atom for a drawn 'Ar' as often as it leaves a '*', so its reading does
not decide which crops are read; it decides whether a crop where nothing was found is read
again more closely (when it left a '*' or read nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from PIL import Image

from chemx.agents.visual import VisualAgent, VisualBackends
from chemx.records import Gate, NodeKind, Structure, Verdict
from chemx.visual.drawn_groups import UPSCALE, upscale_for
from chemx.visual.identifiers._base import IdentifierResult
from chemx.visual.ocsr import SmilesResult
from tests.agents._fakes import OneClass
from tests.agents.test_visual_sar import build_store, one_crop


class LabelReader:
    """Reads the label '1' beside the crop, and `groups` inside it."""

    name = "fake-ocr"

    def __init__(self, groups: Sequence[str], label_height: int | None = None) -> None:
        self.groups = list(groups)
        self.upscales: list[float] = []
        self.box = (310, 100, 330, 100 + label_height) if label_height else None

    def identify(self, figure, crops, segmentation, caption="", figure_id="", named=None):  # type: ignore[no-untyped-def]
        return [IdentifierResult("1", "1", 0.9, self.name, source_box=self.box) for _ in crops]

    def read_drawn_groups(self, crop: Image.Image, *, upscale: float = UPSCALE) -> list[str]:
        self.upscales.append(upscale)
        return list(self.groups)


class Osra:
    backend = "fake-osra"
    note = ""

    def __init__(self, smiles: str | None) -> None:
        self.smiles = smiles

    def read(self, crop: Image.Image) -> SmilesResult:
        return SmilesResult(self.smiles, self.backend, None if self.smiles else "unreadable")


def qc1(tmp_path: Path, reader: LabelReader, osra: Osra) -> tuple[str, str, str]:
    store = build_store(tmp_path)
    backends = VisualBackends(OneClass(), one_crop(), one_crop(), reader, osra)  # type: ignore[arg-type]
    VisualAgent(store, backends).process("pap_1")
    [node] = [n for n in store.nodes(NodeKind.STRUCTURE)]
    assert isinstance(node.record, Structure) and node.record.identifier == "1"
    [decision] = [d for d in store.decisions(node.id) if d.gate is Gate.QC1]
    return decision.verdict.value, decision.reason, decision.detail


def test_an_ar_osra_read_as_an_atom_still_makes_a_scaffold(tmp_path: Path) -> None:
    reader = LabelReader(["Ar"])
    verdict, reason, detail = qc1(tmp_path, reader, Osra("Oc1ccccc1Br"))
    assert (verdict, reason) == (Verdict.REJECT.value, "scaffold")
    assert "Ar (read by fake-ocr in the crop)" in detail
    assert reader.upscales == [UPSCALE]


@pytest.mark.parametrize("smiles", [None, "*c1ccccc1"])
def test_a_crop_osra_could_not_read_whole_is_read_closer(
    tmp_path: Path, smiles: str | None
) -> None:
    reader = LabelReader([])
    verdict, _, _ = qc1(tmp_path, reader, Osra(smiles))
    assert verdict == Verdict.ACCEPT.value
    assert reader.upscales == [UPSCALE, upscale_for(None, close=True)]  # read closer
    found = LabelReader(["R"])
    verdict, reason, _ = qc1(tmp_path / "found", found, Osra(smiles))
    assert (verdict, reason) == (Verdict.REJECT.value, "scaffold")
    assert found.upscales == [UPSCALE]


def test_a_compound_with_no_group_label_is_accepted(tmp_path: Path) -> None:
    reader = LabelReader([])
    verdict, _, _ = qc1(tmp_path, reader, Osra("c1ccccc1Br"))
    assert verdict == Verdict.ACCEPT.value
    assert reader.upscales == [UPSCALE]  # read, and nothing found


def test_a_figure_printed_large_is_not_enlarged(tmp_path: Path) -> None:
    reader = LabelReader([], label_height=28)  # labels already as high as EasyOCR likes
    qc1(tmp_path, reader, Osra("c1ccccc1Br"))
    assert reader.upscales == [1.0]
    small = LabelReader([], label_height=14)
    qc1(tmp_path / "small", small, Osra("c1ccccc1Br"))
    assert small.upscales == [2.0]
