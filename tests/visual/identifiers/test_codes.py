"""A reader takes a code ('AICAR', 'L3') or a name as the label only where the paper names it."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw, ImageFont

from chemx.labels.codes import CODE_NOTE, NAME_NOTE
from chemx.visual.classes import FigureClass
from chemx.visual.identifiers.ocr import OcrIdentifierExtractor
from chemx.visual.segmentation.classical import ClassicalSegmenter


def _coded_drawing(code: str) -> Image.Image:
    image = Image.new("RGB", (240, 220), "white")
    draw = ImageDraw.Draw(image)
    draw.polygon([(80, 40), (160, 40), (180, 100), (120, 140), (60, 100)], outline="black", width=3)
    draw.text((95, 170), code, font=ImageFont.load_default(size=20), fill="black")
    return image


@pytest.mark.parametrize(
    ("printed", "note"),
    [
        ("AICAR", CODE_NOTE),
        ("Adenosine", NAME_NOTE),  # s41467-024-47207-6, Figure 1: printed under its drawing
    ],
)
def test_a_code_or_a_name_is_a_label_only_where_the_paper_names_it(printed: str, note: str) -> None:
    image = _coded_drawing(printed)
    segmentation = ClassicalSegmenter().segment(image, FigureClass.SINGLE_MOLECULE)
    reader = OcrIdentifierExtractor()
    unnamed = reader.identify(image, segmentation.crops, segmentation)
    assert unnamed[0].identifier is None
    named = reader.identify(
        image, segmentation.crops, segmentation, named=lambda text: text == printed
    )
    assert named[0].identifier == printed
    assert named[0].note == note
    elsewhere = reader.identify(image, segmentation.crops, segmentation, named=lambda t: False)
    assert elsewhere[0].identifier is None
