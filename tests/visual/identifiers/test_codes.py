"""A reader takes a code ('AICAR', 'L3') or a name as the label only where the paper names it."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from chemx.visual.classes import FigureClass
from chemx.visual.identifiers.ocr import OcrIdentifierExtractor
from chemx.visual.segmentation.classical import ClassicalSegmenter


def _coded_drawing(code: str) -> Image.Image:
    image = Image.new("RGB", (240, 220), "white")
    draw = ImageDraw.Draw(image)
    draw.polygon([(80, 40), (160, 40), (180, 100), (120, 140), (60, 100)], outline="black", width=3)
    draw.text((95, 170), code, font=ImageFont.load_default(size=20), fill="black")
    return image


def test_a_code_is_a_label_only_where_the_paper_names_it() -> None:
    image = _coded_drawing("AICAR")
    segmentation = ClassicalSegmenter().segment(image, FigureClass.SINGLE_MOLECULE)
    reader = OcrIdentifierExtractor()
    unnamed = reader.identify(image, segmentation.crops, segmentation)
    assert unnamed[0].identifier is None
    named = reader.identify(
        image, segmentation.crops, segmentation, named=lambda code: code == "AICAR"
    )
    assert named[0].identifier == "AICAR"
    assert named[0].note is not None and "code" in named[0].note
    elsewhere = reader.identify(image, segmentation.crops, segmentation, named=lambda c: False)
    assert elsewhere[0].identifier is None


def test_a_compound_name_is_a_label_only_where_the_paper_names_it() -> None:
    # s41467-024-47207-6, Figure 1: 'Adenosine' printed under its drawing
    image = _coded_drawing("Adenosine")
    segmentation = ClassicalSegmenter().segment(image, FigureClass.SINGLE_MOLECULE)
    reader = OcrIdentifierExtractor()
    named = reader.identify(
        image, segmentation.crops, segmentation, named=lambda text: text == "Adenosine"
    )
    assert named[0].identifier == "Adenosine"
    assert named[0].note is not None and "name" in named[0].note
    elsewhere = reader.identify(image, segmentation.crops, segmentation, named=lambda t: False)
    assert elsewhere[0].identifier is None
