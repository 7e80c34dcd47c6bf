"""The DECIMER adapter's real code path: subprocess, worker script, JSON, box mapping.

The model itself cannot run here (TensorFlow <= 2.15.1 and Zenodo weights), so a STUB
`decimer_segmentation` package written into a tmp folder STANDS IN FOR THE MODEL: it
returns recorded masks, boxes and scores in DECIMER's own formats (masks h x w x n,
rois (y0, x0, y1, x1), scores) and records the image it was given. Everything else is
the code that runs in production: the availability check, the worker started under an
interpreter named by CHEMX_DECIMER_PYTHON, the JSON it prints and the mapping to crops.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from PIL import Image

from chemx.records import StructureRole
from chemx.registry import REGISTRY, BackendContext, BackendKind
from chemx.settings import VisualSettings
from chemx.visual.classes import FigureClass
from chemx.visual.segmentation import decimer
from chemx.visual.segmentation.decimer import (
    DecimerSegmenter,
    DecimerUnavailable,
    decimer_status,
)

STUB = '''\
"""STAND-IN FOR THE DECIMER MODEL (tests only): recorded masks, rois and scores."""
import json
from pathlib import Path

import numpy as np

__version__ = "0.0-stub"
HERE = Path(__file__).resolve().parent
RECORDED = json.loads((HERE / "recorded.json").read_text())


def get_mrcnn_results(image):
    """DECIMER's raw detections: masks (h, w, n), rois (y0, x0, y1, x1), scores."""
    (HERE / "seen.json").write_text(json.dumps(
        {"shape": list(image.shape), "first_pixel": image[0, 0].tolist()}))
    height, width = image.shape[:2]
    masks = np.zeros((height, width, len(RECORDED["rois"])), dtype=bool)
    for k, (y0, x0, y1, x1) in enumerate(RECORDED["rois"]):
        masks[y0:y1, x0:x1, k] = True
    return masks, RECORDED["rois"], RECORDED["scores"]


def get_expanded_masks(image):
    """Mask expansion grows each mask by the recorded margin (and drops none)."""
    masks, _, _ = get_mrcnn_results(image)
    grow = RECORDED["expand_by"]
    expanded = np.zeros_like(masks)
    for k, (y0, x0, y1, x1) in enumerate(RECORDED["rois"]):
        expanded[max(0, y0 - grow):y1 + grow, max(0, x0 - grow):x1 + grow, k] = True
    return expanded
'''
RECORDED = {"rois": [[60, 100, 90, 150], [10, 20, 50, 80]], "scores": [0.88, 0.97], "expand_by": 2}


@pytest.fixture
def stub_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stub package on the worker's PYTHONPATH and weights where pystow keeps them."""
    package = tmp_path / "stub" / "decimer_segmentation"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(STUB)
    (package / "recorded.json").write_text(json.dumps(RECORDED))
    weights = tmp_path / "pystow" / "DECIMER-Segmentation_model"
    weights.mkdir(parents=True)
    (weights / "mask_rcnn_molecule.h5").write_bytes(b"placeholder")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "stub"))
    monkeypatch.setenv("PYSTOW_HOME", str(tmp_path / "pystow"))
    monkeypatch.setenv(decimer.PYTHON_ENV, sys.executable)
    return package


def figure(width: int = 200, height: int = 120) -> Image.Image:
    image = Image.new("RGB", (width, height), "white")
    image.putpixel((0, 0), (255, 0, 0))  # red: the worker must hand DECIMER BGR
    return image


def test_unconfigured_decimer_explains_how_to_enable_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(decimer.PYTHON_ENV, raising=False)
    assert DecimerSegmenter.available() is False
    with pytest.raises(DecimerUnavailable) as error:
        REGISTRY.build(BackendKind.SEGMENTER, "decimer", BackendContext(VisualSettings()))
    message = str(error.value)
    assert "pip install decimer-segmentation" in message
    assert "DECIMER-Segmentation_model" in message and "PYSTOW_HOME" in message
    assert decimer.PYTHON_ENV in message


def test_missing_interpreter_package_or_weights_are_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "does not exist" in decimer_status(tmp_path / "no-python").reason
    monkeypatch.setenv("PYSTOW_HOME", str(tmp_path / "empty"))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # no decimer_segmentation here
    status = decimer_status(sys.executable)
    assert not status.available and "not installed" in status.reason


def test_weights_missing_is_unavailable(stub_env: Path, tmp_path: Path) -> None:
    weights = tmp_path / "pystow" / "DECIMER-Segmentation_model" / "mask_rcnn_molecule.h5"
    weights.unlink()
    status = decimer_status(sys.executable)
    assert not status.available and "weights not found" in status.reason
    assert status.weights == str(weights)


def test_worker_output_is_mapped_to_crops(stub_env: Path) -> None:
    assert DecimerSegmenter.available()
    segmenter = DecimerSegmenter()
    result = segmenter.segment(figure(), FigureClass.MULTIPLE_MOLECULES)
    assert result.backend == "decimer"
    # Expanded masks, read back as (x0, y0, x1, y1) with x1/y1 exclusive, reading order.
    assert [crop.box for crop in result.crops] == [(18, 8, 82, 52), (98, 58, 152, 92)]
    assert [crop.score for crop in result.crops] == [0.97, 0.88]
    assert all(crop.role is StructureRole.MOLECULE for crop in result.crops)
    assert "0.0-stub" in result.notes[0]
    seen = json.loads((stub_env / "seen.json").read_text())
    assert seen["shape"] == [120, 200, 3]
    assert seen["first_pixel"] == [0, 0, 255]  # BGR, as cv2.imread would give


def test_without_expansion_raw_masks_are_used(stub_env: Path) -> None:
    result = DecimerSegmenter(expand=False).segment(figure(), FigureClass.MULTIPLE_MOLECULES)
    assert [crop.box for crop in result.crops] == [(20, 10, 80, 50), (100, 60, 150, 90)]


def test_single_molecule_figure_gives_one_crop(stub_env: Path) -> None:
    result = DecimerSegmenter().segment(figure(), FigureClass.SINGLE_MOLECULE)
    assert [crop.box for crop in result.crops] == [(18, 8, 152, 92)]
    assert result.crops[0].score == 0.97


def test_large_images_are_shrunk_and_boxes_mapped_back(
    stub_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(decimer, "MAX_SIDE", 100)  # the 200 px figure is sent at half size
    result = DecimerSegmenter().segment(figure(), FigureClass.MULTIPLE_MOLECULES)
    seen = json.loads((stub_env / "seen.json").read_text())
    assert seen["shape"] == [60, 100, 3]
    assert [crop.box for crop in result.crops] == [(36, 16, 164, 104), (196, 116, 200, 120)]


def test_worker_failures_and_odd_inputs_become_notes(stub_env: Path) -> None:
    segmenter = DecimerSegmenter()
    (stub_env / "recorded.json").write_text("not json")  # the stub now crashes on import
    result = segmenter.segment(figure(), FigureClass.MULTIPLE_MOLECULES)
    assert result.crops == () and "DECIMER failed" in result.notes[0]
    tiny = segmenter.segment(Image.new("RGB", (5, 5), "white"), FigureClass.MULTIPLE_MOLECULES)
    assert tiny.crops == () and "too small" in tiny.notes[0]
    chart = segmenter.segment(figure(), FigureClass.NON_CHEMISTRY)
    assert chart.crops == () and chart.notes
