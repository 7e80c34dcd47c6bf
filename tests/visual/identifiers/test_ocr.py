"""The OCR identifier extractors: label search around crops, reading, claims, accuracy.

Most tests build small figures here (RDKit drawings with DejaVu Bold labels placed
below, beside or above them) and read them with the real offline EasyOCR model, loaded
once per session. The accuracy tests use the sample corpus's gold boxes as crops, with
no label hints, so the search itself must find every label.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from chemx.errors import BackendUnavailable, SettingsError
from chemx.labels import normalise_label
from chemx.records import Box
from chemx.registry import REGISTRY, BackendContext, BackendKind
from chemx.settings import VisualSettings
from chemx.visual.classes import FigureClass
from chemx.visual.identifiers import IdentifierResult, unclaimed_labels
from chemx.visual.identifiers.ocr import (
    EASYOCR_NAME,
    OcrIdentifierExtractor,
    TesseractIdentifierExtractor,
    easyocr_model_dir,
    shared_reader,
)
from chemx.visual.segmentation._base import Crop, Segmentation
from tests.visual.identifiers._helpers import (
    SAMPLE,
    canvas,
    chemistry_figures,
    crops_for,
    gold_crops,
    molecule,
    text_image,
)

ACCURACY_TARGET = 0.9
ASPIRIN = "CC(=O)Oc1ccccc1C(=O)O"
PHENOL = "Oc1ccccc1"
TOLUENE = "Cc1ccccc1"


@pytest.fixture
def extractor(reader: Any) -> OcrIdentifierExtractor:
    return OcrIdentifierExtractor(reader=reader)


def segmentation(crops: list[Crop], label_boxes: tuple[Box, ...] = ()) -> Segmentation:
    return Segmentation(tuple(crops), "test", label_boxes=label_boxes)


def inside(inner: Box | None, outer: Box, slack: int = 3) -> bool:
    assert inner is not None
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def labelled(
    text: str, side: str, smiles: str = ASPIRIN, gap: int = 10
) -> tuple[Image.Image, Box, Box]:
    """One molecule with its label on `side`; returns figure, molecule box, label box."""
    drawing, label = molecule(smiles), text_image(text)
    figure = canvas(drawing.width + 2 * label.width + 200, drawing.height + 2 * label.height + 160)
    x, y = label.width + 100, label.height + 80
    mol_box = figure.paste(drawing, x, y)
    if side == "below":
        spot = (x + (drawing.width - label.width) // 2, y + drawing.height + gap)
    elif side == "above":
        spot = (x + (drawing.width - label.width) // 2, y - gap - label.height)
    elif side == "right":
        spot = (x + drawing.width + gap, y + (drawing.height - label.height) // 2)
    else:
        spot = (x - gap - label.width, y + (drawing.height - label.height) // 2)
    label_box = figure.paste(label, *spot)
    return figure.image, mol_box, label_box


# -- search directions and reasons -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "side"),
    [("3c", "below"), ("(S)-7", "right"), ("12a", "left"), ("5b", "above"), ("(R)-14d", "below")],
)
def test_label_is_found_on_each_side(
    extractor: OcrIdentifierExtractor, text: str, side: str
) -> None:
    image, mol_box, label_box = labelled(text, side)
    crops = crops_for([mol_box])
    [result] = extractor.identify(image, crops, segmentation(crops))
    assert result.identifier == normalise_label(text), result
    assert result.backend == EASYOCR_NAME
    assert 0.0 < result.confidence <= 1.0
    assert inside(result.source_box, label_box)
    assert result.reason is None


@pytest.mark.parametrize("side", ["left", "right"])
def test_a_word_cut_by_the_crop_is_no_label(extractor: OcrIdentifierExtractor, side: str) -> None:
    """Text touching a crop's side is the rest of a word the segmenter cut ("T" of "Trip")."""
    image, mol_box, _ = labelled("12a", side, gap=0)
    crops = crops_for([mol_box])
    [result] = extractor.identify(image, crops, segmentation(crops))
    assert result.identifier is None, result
    image, mol_box, _ = labelled("12a", side, gap=6)
    crops = crops_for([mol_box])
    [result] = extractor.identify(image, crops, segmentation(crops))
    assert result.identifier == "12a", result


def test_a_word_cut_by_a_neighbouring_crop_is_no_label(
    extractor: OcrIdentifierExtractor,
) -> None:
    # "st" of "structurally", whose rest a neighbouring drawing's box took in
    image, mol_box, label_box = labelled("12a", "right", gap=12)
    neighbour = (label_box[2], mol_box[1], label_box[2] + 60, mol_box[3])
    crops = crops_for([mol_box, neighbour])
    result = extractor.identify(image, crops, segmentation(crops))[0]
    assert result.identifier is None, result


def test_text_that_is_not_a_label_is_refused_with_its_text(
    extractor: OcrIdentifierExtractor,
) -> None:
    image, mol_box, _ = labelled("THF", "below")
    crops = crops_for([mol_box])
    [result] = extractor.identify(image, crops, segmentation(crops))
    assert result.identifier is None
    assert result.raw_text == "THF"
    assert result.reason == "text 'THF' is not a compound label"


def test_range_is_refused(extractor: OcrIdentifierExtractor) -> None:
    image, mol_box, _ = labelled("12a-c", "below")
    crops = crops_for([mol_box])
    [result] = extractor.identify(image, crops, segmentation(crops))
    assert result.identifier is None
    assert result.reason is not None and "range" in result.reason


def test_structure_without_text_says_so(extractor: OcrIdentifierExtractor) -> None:
    drawing = molecule(ASPIRIN)
    figure = canvas(drawing.width + 100, drawing.height + 100)
    crops = crops_for([figure.paste(drawing, 50, 50)])
    [result] = extractor.identify(figure.image, crops, segmentation(crops))
    assert result.identifier is None
    assert result.reason == "no label text near the structure"


def test_label_far_away_is_not_claimed(extractor: OcrIdentifierExtractor) -> None:
    image, mol_box, _ = labelled("3c", "below", gap=260)
    crops = crops_for([mol_box])
    [result] = extractor.identify(image, crops, segmentation(crops))
    assert result.identifier is None


def test_bond_stub_outside_a_tight_box_is_not_read(extractor: OcrIdentifierExtractor) -> None:
    image, mol_box, label_box = labelled("4", "below")
    tight = (mol_box[0] + 6, mol_box[1], mol_box[2], mol_box[3])  # cuts the leftmost bond
    crops = crops_for([tight])
    [result] = extractor.identify(image, crops, segmentation(crops))
    assert result.identifier == "4"
    assert inside(result.source_box, label_box)


def test_blank_figure_and_no_crops(extractor: OcrIdentifierExtractor) -> None:
    blank = Image.new("RGB", (300, 200), "white")
    crops = crops_for([(50, 50, 150, 150)])
    [result] = extractor.identify(blank, crops, segmentation(crops))
    assert result.identifier is None and result.reason is not None
    assert extractor.identify(blank, [], segmentation([])) == []


# -- hints, shared crops, claims -------------------------------------------------------


def test_segmenter_label_boxes_are_used(extractor: OcrIdentifierExtractor) -> None:
    image, mol_box, label_box = labelled("7f", "right")
    crops = crops_for([mol_box])
    [result] = extractor.identify(image, crops, segmentation(crops, (label_box,)))
    assert result.identifier == "7f"
    assert result.source_box == label_box


def test_crops_with_the_same_box_share_one_result(extractor: OcrIdentifierExtractor) -> None:
    image, mol_box, _ = labelled("6", "below")
    crops = crops_for([mol_box, mol_box])
    first, second = extractor.identify(image, crops, segmentation(crops))
    assert first == second and first.identifier == "6"


def test_label_goes_to_the_nearer_structure(extractor: OcrIdentifierExtractor) -> None:
    top, bottom, label = molecule(ASPIRIN), molecule(TOLUENE), text_image("2b")
    figure = canvas(max(top.width, bottom.width) + 100, top.height + bottom.height + 200)
    top_box = figure.paste(top, 50, 40)
    label_box = figure.paste(label, 50 + (top.width - label.width) // 2, top_box[3] + 10)
    bottom_box = figure.paste(bottom, 50, label_box[3] + 30)
    crops = crops_for([bottom_box, top_box])
    below, above = extractor.identify(figure.image, crops, segmentation(crops))
    assert above.identifier == "2b"
    assert below.identifier is None
    assert below.reason == "label '2b' is nearer another structure"


def test_grid_of_tricky_labels(extractor: OcrIdentifierExtractor) -> None:
    texts = ["5b", "12a", "21a", "1c", "(R)-14d", "3c'", "10", "2x", "(S)-9"]
    smiles = [ASPIRIN, PHENOL, TOLUENE]
    figure = canvas(3 * 260 + 40, 3 * 260 + 40)
    boxes = []
    for index, text in enumerate(texts):
        row, col = divmod(index, 3)
        drawing, label = molecule(smiles[index % 3], bond=20.0), text_image(text)
        x, y = 20 + col * 260, 20 + row * 260
        boxes.append(figure.paste(drawing, x, y))
        figure.paste(label, x + (drawing.width - label.width) // 2, y + drawing.height + 10)
    crops = crops_for(boxes)
    results = extractor.identify(figure.image, crops, segmentation(crops))
    assert [r.identifier for r in results] == texts


def test_unclaimed_labels_are_reported(extractor: OcrIdentifierExtractor) -> None:
    image, mol_box, _ = labelled("3c", "below")
    stray = text_image("9")
    figure = canvas(image.width + 200, image.height)
    figure.paste(image, 0, 0)
    stray_box = figure.paste(stray, image.width + 100, 40)
    crops = crops_for([mol_box])
    seg = segmentation(crops)
    results = extractor.identify(figure.image, crops, seg)
    unclaimed = extractor.unclaimed_labels(figure.image, crops, seg, results)
    assert [u.identifier for u in unclaimed] == ["9"]
    assert inside(unclaimed[0].box, stray_box)
    hinted = segmentation(crops, (stray_box,))
    found = extractor.unclaimed_labels(figure.image, crops, hinted, results, scan=False)
    assert [u.identifier for u in found] == ["9"]


def test_module_level_unclaimed_labels_after_any_backend(reader: Any) -> None:
    image, mol_box, label_box = labelled("3c", "below")
    stray = text_image("9")
    figure = canvas(image.width + 200, image.height)
    figure.paste(image, 0, 0)
    stray_box = figure.paste(stray, image.width + 100, 40)
    crops = crops_for([mol_box])
    seg = segmentation(crops, (label_box, stray_box))
    # A VLM result: the right identifier, but no box where it was read.
    vlm = [IdentifierResult("3c", "3c", 1.0, "vlm:test")]
    assert unclaimed_labels(figure.image, seg, vlm) == ["9"]
    assert unclaimed_labels(figure.image, segmentation(crops), vlm) == []  # no hints, no scan
    assert unclaimed_labels(figure.image, segmentation(crops), vlm, scan=True) == ["9"]


def test_caption_is_accepted_and_ignored(extractor: OcrIdentifierExtractor) -> None:
    image, mol_box, _ = labelled("8", "below")
    crops = crops_for([mol_box])
    [result] = extractor.identify(image, crops, segmentation(crops), caption="Figure 1. 9 and 10")
    assert result.identifier == "8"


# -- accuracy on the sample corpus -----------------------------------------------------


def score(extractor: Any, gold: dict[str, Any], hints: bool = False) -> float:
    """Exact-match accuracy over all gold structures (speed: scripts/bench_visual.py)."""
    correct = total = 0
    for figure in chemistry_figures(gold):
        image = Image.open(SAMPLE / figure["image"]).convert("RGB")
        crops = gold_crops(figure)
        labels = tuple(tuple(s["label_box"]) for s in figure["structures"]) if hints else ()
        results = extractor.identify(image, crops, segmentation(crops, labels))
        for structure, result in zip(figure["structures"], results, strict=True):
            total += 1
            correct += result.identifier == normalise_label(structure["identifier"])
    return correct / total


def test_sample_gold_accuracy_without_hints(
    extractor: OcrIdentifierExtractor, sample_gold: dict[str, Any]
) -> None:
    accuracy = score(extractor, sample_gold)
    print(f"easyocr on sample gold boxes: accuracy {accuracy:.3f}")
    assert accuracy >= ACCURACY_TARGET


def test_sample_accuracy_with_the_classical_segmenter(
    extractor: OcrIdentifierExtractor, sample_gold: dict[str, Any]
) -> None:
    classical = pytest.importorskip("chemx.visual.segmentation.classical")
    segmenter, parser = classical.ClassicalSegmenter(), classical.ClassicalReactionParser()
    correct = total = 0
    for figure in chemistry_figures(sample_gold):
        image = Image.open(SAMPLE / figure["image"]).convert("RGB")
        figure_class = FigureClass(figure["class"])
        seg = (
            parser.parse(image)
            if figure_class is FigureClass.REACTION_SCHEME
            else segmenter.segment(image, figure_class)
        )
        crops = [c for c in seg.crops if c.role.value != "condition"]
        results = extractor.identify(image, crops, seg)
        for structure in figure["structures"]:
            total += 1
            best = max(
                range(len(crops)), key=lambda i: iou(crops[i].box, structure["box"]), default=None
            )
            if best is not None and iou(crops[best].box, structure["box"]) >= 0.5:
                correct += results[best].identifier == normalise_label(structure["identifier"])
    print(f"easyocr with the classical segmenter: accuracy {correct / total:.3f}")
    assert correct / total >= ACCURACY_TARGET


def iou(a: Box | list[int], b: Box | list[int]) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    if width <= 0 or height <= 0:
        return 0.0
    overlap = width * height
    return overlap / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - overlap)


# -- reader, registry, Tesseract -------------------------------------------------------


def test_reader_is_shared_and_offline(reader: Any) -> None:
    assert shared_reader() is reader
    assert OcrIdentifierExtractor().reader is reader
    folder = Path(easyocr_model_dir())
    assert (folder / "craft_mlt_25k.pth").exists() and (folder / "english_g2.pth").exists()


def test_registry_builds_by_name(reader: Any) -> None:
    assert {"ocr", "tesseract", "vlm"} <= set(REGISTRY.names(BackendKind.IDENTIFIER))
    context = BackendContext(VisualSettings())
    for name in ("ocr", "easyocr"):
        extractor = REGISTRY.build(BackendKind.IDENTIFIER, name, context)
        assert isinstance(extractor, OcrIdentifierExtractor) and extractor.name == "easyocr"
        assert extractor.reader is reader  # the shared offline reader
    with pytest.raises(SettingsError, match=r"choose one of: ocr, tesseract, vlm"):
        REGISTRY.build(BackendKind.IDENTIFIER, "nope", context)


def tesseract_installed() -> bool:
    try:
        import pytesseract

        pytesseract.get_tesseract_version()
    except Exception:
        return False
    return True


def test_tesseract_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pytesseract", None)
    with pytest.raises(BackendUnavailable, match="pip install pytesseract"):
        TesseractIdentifierExtractor()


def test_tesseract_binary_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytesseract = pytest.importorskip("pytesseract", reason="pytesseract is not installed")
    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", "/nonexistent/tesseract")
    with pytest.raises(BackendUnavailable, match="apt-get install -y tesseract-ocr"):
        TesseractIdentifierExtractor()


@pytest.mark.skipif(
    not tesseract_installed(),
    reason="Tesseract is optional: pip install pytesseract && apt-get install -y tesseract-ocr",
)
def test_tesseract_reads_labels_too(sample_gold: dict[str, Any]) -> None:
    extractor = REGISTRY.build(BackendKind.IDENTIFIER, "tesseract", BackendContext(None))
    image, mol_box, _ = labelled("12a", "below")
    crops = crops_for([mol_box])
    [result] = extractor.identify(image, crops, segmentation(crops))
    assert isinstance(result, IdentifierResult)
    assert result.identifier == "12a" and result.backend == "tesseract"
    accuracy = score(extractor, sample_gold)
    print(f"tesseract on sample gold boxes: accuracy {accuracy:.3f}")
    assert accuracy >= ACCURACY_TARGET
