"""Two scope entries printed on one row: each crop reads its own ('9ag; …   9ah; …')."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw, ImageFont

from chemx.visual.classes import FigureClass
from chemx.visual.identifiers.ocr import OcrIdentifierExtractor
from chemx.visual.segmentation.classical import ClassicalSegmenter

ENTRY_GAP_PX = 10
"""Tight, as in jo2c00716 Scheme 4, where the row read '81% (10 h)b 9ah; 80% (6 h)c'."""


def _ring(draw: ImageDraw.ImageDraw, centre_x: float, centre_y: float, radius: float = 34) -> None:
    points = [
        (
            centre_x + radius * math.cos(math.radians(30 + 60 * k)),
            centre_y + radius * math.sin(math.radians(30 + 60 * k)),
        )
        for k in range(6)
    ]
    draw.polygon(points, outline="black", width=3)


def _two_entries() -> Image.Image:
    image = Image.new("RGB", (300, 150), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=16)
    x = 20.0
    for entry in ("9ag; 81% (10 h)", "9ah; 80% (6 h)"):
        width = draw.textlength(entry, font=font)
        _ring(draw, x + width / 2, 55)  # each drawing centred over its entry
        draw.text((x, 102), entry, font=font, fill="black")
        x += width + ENTRY_GAP_PX
    return image


def test_each_structure_reads_its_own_entry_of_a_shared_row() -> None:
    image = _two_entries()
    segmentation = ClassicalSegmenter().segment(image, FigureClass.MULTIPLE_MOLECULES)
    assert len(segmentation.crops) == 2
    results = OcrIdentifierExtractor().identify(image, segmentation.crops, segmentation)
    assert [r.identifier for r in results] == ["9ag", "9ah"]
