"""The RxnScribe adapter: lazy loading, clear errors, and the output mapping.

RxnScribe and its weights are not installed here, so a fake `RxnScribe` class is
injected through `model_factory`. It returns `tests/fixtures/rxnscribe_prediction.json`:
RxnScribe's own GOLD annotation of jacs.5b12989-Table-c3.png (1 -> [2] -> 3aa),
CONVERTED TO THE PREDICTOR'S OUTPUT FORMAT (normalised x1, y1, x2, y2 boxes, '[Mol]' /
'[Txt]' categories), not a model output. The mapping code under test is the real one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from chemx.geometry import iou
from chemx.records import StructureRole
from chemx.registry import REGISTRY, BackendContext, BackendKind
from chemx.settings import VisualSettings
from chemx.visual.segmentation.rxnscribe import (
    CKPT_ENV,
    RxnScribeParser,
    RxnScribeUnavailable,
    predictions_to_segmentation,
)

FIXTURE = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures" / "rxnscribe_prediction.json").read_text()
)
SIZE = (FIXTURE["width"], FIXTURE["height"])
GOLD = [
    (round(x), round(y), round(x + w), round(y + h))
    for x, y, w, h in FIXTURE["gold_structures_xywh"]
]


class FakeRxnScribe:
    """Stands in for rxnscribe.RxnScribe: answers with gold converted to its format."""

    instances = 0

    def __init__(self, ckpt_path: str, device: str) -> None:
        FakeRxnScribe.instances += 1
        self.ckpt_path, self.device = ckpt_path, device
        self.calls: list[dict[str, Any]] = []

    def predict_image_file(self, path: str, molscribe: bool = False, ocr: bool = False) -> Any:
        with Image.open(path) as image:
            assert image.size == SIZE
        self.calls.append({"path": path, "molscribe": molscribe, "ocr": ocr})
        return json.loads(json.dumps(FIXTURE["prediction"]))


@pytest.fixture
def checkpoint(tmp_path: Path) -> Path:
    path = tmp_path / "pix2seq_reaction_full.ckpt"
    path.write_bytes(b"placeholder")
    return path


def test_missing_checkpoint_explains_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CKPT_ENV, raising=False)
    with pytest.raises(RxnScribeUnavailable) as error:
        REGISTRY.build(BackendKind.REACTION_PARSER, "rxnscribe", BackendContext(VisualSettings()))
    message = str(error.value)
    assert CKPT_ENV in message and "MolScribe" in message and "EasyOCR" in message
    with pytest.raises(RxnScribeUnavailable, match="does not exist"):
        RxnScribeParser("/nonexistent/model.ckpt")


def test_rxnscribe_is_imported_only_when_parsing(checkpoint: Path) -> None:
    parser = RxnScribeParser(checkpoint)  # no import yet: construction only checks the file
    assert "rxnscribe" not in sys.modules
    with pytest.raises(RxnScribeUnavailable, match="cannot import rxnscribe"):
        parser.parse(Image.new("RGB", SIZE, "white"))


def test_prediction_is_mapped_to_crops_and_steps(
    checkpoint: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CKPT_ENV, str(checkpoint))
    FakeRxnScribe.instances = 0
    parser = RxnScribeParser(model_factory=FakeRxnScribe, molscribe=True)
    result = parser.parse(Image.new("RGB", SIZE, "white"))
    parser.parse(Image.new("RGB", SIZE, "white"))
    assert FakeRxnScribe.instances == 1  # loaded once, lazily
    model: Any = parser._model  # type: ignore[attr-defined]
    assert model.calls[0]["molscribe"] is True and model.calls[0]["ocr"] is False
    assert model.device == "cpu" and model.ckpt_path == str(checkpoint)

    structures = [c for c in result.crops if c.role is not StructureRole.CONDITION]
    assert len(structures) == 3  # 1, 2 and 3aa: the intermediate is one crop
    for gold in GOLD:
        assert max(iou(crop.box, gold) for crop in structures) >= 0.95
    first, second = result.reactions
    (intermediate,) = set(first.products) & set(second.reactants)
    assert result.crops[intermediate].role is StructureRole.PRODUCT
    assert result.crops[intermediate].step == 0
    assert result.crops[first.reactants[0]].role is StructureRole.REACTANT
    assert result.crops[second.products[0]].step == 1
    conditions = [c for c in result.crops if c.role is StructureRole.CONDITION]
    assert len(conditions) == 4 and len(result.text_boxes) == 4
    assert len(first.conditions) == 2 and len(second.conditions) == 2
    assert all(crop.backend == "rxnscribe" for crop in result.crops)
    assert parser.last_predictions == FIXTURE["prediction"]  # type: ignore[attr-defined]


def test_identifiers_pixels_and_empty_reactions() -> None:
    predictions: list[dict[str, Any]] = [
        {
            "reactants": [{"category": "[Mol]", "category_id": 1, "bbox": [10, 10, 60, 50]}],
            "conditions": [],
            "products": [
                {"category": "[Mol]", "category_id": 1, "bbox": [0.5, 0.1, 0.9, 0.5]},
                {"category": "[Idt]", "category_id": 3, "bbox": [0.6, 0.55, 0.7, 0.6]},
            ],
        },
        {"reactants": [], "conditions": [], "products": []},
        {"reactants": [{"bbox": [0.2, 0.2, 0.2, 0.3]}], "conditions": [], "products": []},
    ]
    result = predictions_to_segmentation(predictions, (200, 100))
    assert [c.box for c in result.crops] == [(10, 10, 60, 50), (100, 10, 180, 50)]
    assert result.label_boxes == ((120, 55, 140, 60),)
    assert len(result.reactions) == 1  # empty and degenerate reactions are dropped
    assert predictions_to_segmentation([], (200, 100)).notes == ("no reactions found",)


def test_tiny_image_gives_a_note(checkpoint: Path) -> None:
    parser = RxnScribeParser(checkpoint, model_factory=FakeRxnScribe)
    result = parser.parse(Image.new("RGB", (5, 5), "white"))
    assert result.crops == () and "too small" in result.notes[0]
