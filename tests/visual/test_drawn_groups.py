"""R-group labels drawn inside raster structure crops mark a scaffold."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw, ImageFont, ImageOps

from chemx.visual import drawn_groups
from chemx.visual.drawn_groups import group_labels
from chemx.visual.identifiers._base import DrawnGroupReader
from chemx.visual.identifiers._ocr_easyocr import OcrIdentifierExtractor
from chemx.visual.identifiers._ocr_tesseract import TesseractIdentifierExtractor


def test_group_labels_are_found_in_ocr_tokens() -> None:
    assert group_labels(["R-N", "OMe"]) == ["R"]
    assert group_labels(["Ar1", "Ar2", "8"]) == ["Ar1", "Ar2"]
    assert group_labels(["OR"]) == ["OR"]  # an alkoxy group
    assert group_labels(["PdIIX", "MgX", "LG"]) == ["PdIIX", "MgX", "LG"]  # generic X, LG
    assert group_labels(["Pdlx", "X=", 'XzPd"']) == ["Pdlx", "X", 'XzPd"']  # read small
    # atom labels of whole compounds are none
    assert group_labels(["Me", "NO2", "OTBS", "Bn", "N", "HO", "Ph", "TsN", "Br"]) == []
    assert group_labels(["PdCl", "Xe", "NMe2", "LiX1a"]) == []


def _ring_with(label: str, colour: str = "black", size: int = 18) -> Image.Image:
    image = Image.new("RGB", (200, 160), "white")
    draw = ImageDraw.Draw(image)
    hexagon = [(60, 50), (90, 33), (120, 50), (120, 85), (90, 102), (60, 85)]
    draw.polygon(hexagon, outline="black", width=2)
    draw.line([(120, 50), (145, 36)], fill="black", width=2)
    draw.text((148, 22), label, font=ImageFont.load_default(size=size), fill=colour)
    return image


def test_a_drawn_r_is_read_and_a_drawn_methyl_is_not() -> None:
    reader = OcrIdentifierExtractor()
    assert "R" in reader.read_drawn_groups(_ring_with("R"))
    assert reader.read_drawn_groups(_ring_with("Me")) == []


@pytest.mark.parametrize("size", [14, 18])
def test_a_coloured_r_is_read_in_colour_or_as_black_ink(size: int) -> None:
    # journal schemes colour their R groups (a green "R-N"); each reading misses some sizes
    reader = OcrIdentifierExtractor()
    assert "R" in reader.read_drawn_groups(_ring_with("R", "#2e9e4a", size))
    assert reader.read_drawn_groups(_ring_with("Me", "#2e9e4a", size)) == []


def test_only_the_easyocr_backend_reads_drawn_groups() -> None:
    # another identifier backend never loads EasyOCR for it: the agent counts the crop
    assert isinstance(OcrIdentifierExtractor(), DrawnGroupReader)
    assert not isinstance(TesseractIdentifierExtractor(), DrawnGroupReader)


def test_a_group_label_with_an_unreadable_superscript_is_still_one() -> None:
    assert group_labels(["R?", "N"]) == ["R"]  # R³ with its superscript misread
    assert group_labels(["Ar*"]) == ["Ar"]
    assert group_labels(["Rh-", "Re", "Rb"]) == []  # metals, not groups


def test_a_group_label_at_the_crop_edge_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # a segmenter's crop is tight round the ink: the R at the ring's end touches its border
    image = _ring_with("R")
    tight = image.crop(ImageOps.invert(image).getbbox())
    reader = OcrIdentifierExtractor()
    assert "R" in reader.read_drawn_groups(tight)
    monkeypatch.setattr(drawn_groups, "EDGE_MARGIN_PX", 0)
    assert "R" not in reader.read_drawn_groups(tight)  # what the margin is for
