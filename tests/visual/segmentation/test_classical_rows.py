"""Label lines and panel titles set tight against a drawing are split off its crop, and
frames drawn around drawings hide none of them.

Real scope schemes (jo2c00716, Scheme 3) print '5ae; 80% (13 h)' a few pixels under the
drawing's NH: grouped with it, the label was inside the crop and the identifier search,
which reads outside the crops, found nothing.
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from chemx.records import StructureRole
from chemx.visual.classes import FigureClass
from chemx.visual.identifiers.ocr import OcrIdentifierExtractor
from chemx.visual.segmentation._base import Crop
from chemx.visual.segmentation._classical_groups import peel_text_rows
from chemx.visual.segmentation.classical import ClassicalSegmenter

CHAR = 10.0
STROKE = 2.0
REACH = 7.0


def glyphs(x: float, y: float, count: int) -> list[list[float]]:
    """`count` letter-sized blobs on one baseline (x, y, width, height, area)."""
    return [[x + 9 * k, y, 7, 10, 40] for k in range(count)]


def test_a_label_line_under_an_nh_is_peeled() -> None:
    network = [[10, 10, 100, 100, 600]]
    h_of_nh = [[50, 112, 8, 10, 40]]
    label = glyphs(20, 125, 7)  # three pixels under the H
    blobs = np.array(network + h_of_nh + label, dtype=float)
    kept, rows = peel_text_rows(blobs, CHAR, STROKE, REACH)
    assert kept == [0, 1]
    assert sorted(rows[0]) == list(range(2, 9))


def test_a_substituent_reached_by_its_bond_stays_in_the_drawing() -> None:
    network = [[10, 30, 100, 80, 600]]  # its bond ends just under the text
    co2me = glyphs(50, 18, 5)
    blobs = np.array(network + co2me, dtype=float)
    kept, rows = peel_text_rows(blobs, CHAR, STROKE, REACH)
    assert rows == []
    assert kept == list(range(6))


def test_a_long_title_is_peeled_even_where_it_touches_a_ring() -> None:
    network = [[10, 30, 100, 80, 600]]
    title = glyphs(0, 18, 14)
    blobs = np.array(network + title, dtype=float)
    kept, rows = peel_text_rows(blobs, CHAR, STROKE, REACH)
    assert kept == [0]
    assert len(rows) == 1 and len(rows[0]) == 14


def test_a_short_label_or_atom_symbols_are_not_peeled() -> None:
    network = [[10, 10, 100, 100, 600]]
    short = glyphs(40, 113, 3)  # 'OMe' under a ring, or a bare '5ae'
    blobs = np.array(network + short, dtype=float)
    kept, rows = peel_text_rows(blobs, CHAR, STROKE, REACH)
    assert rows == []
    assert len(kept) == 4


def test_the_end_of_a_label_line_that_goes_on_outside_the_group_is_peeled() -> None:
    # '9aa; 89%' stayed a text group of its own; '(5 h)' joined the 'Bn' above it
    network = [[60, 10, 90, 100, 600]]
    bn = [[75, 112, 8, 10, 40], [84, 114, 7, 8, 30]]
    tail = glyphs(85, 125, 4)
    blobs = np.array(network + bn + tail, dtype=float)
    line_start = (10.0, 125.0, 80.0, 135.0)
    kept, rows = peel_text_rows(blobs, CHAR, STROKE, REACH, lines=[line_start])
    assert kept == [0, 1, 2] and sorted(rows[0]) == [3, 4, 5, 6]
    # alone, four glyphs under atom symbols could be a stacked group ('n-Bu'): kept
    assert peel_text_rows(blobs, CHAR, STROKE, REACH)[1] == []
    # a text group elsewhere (another row) does not count
    elsewhere = (10.0, 300.0, 80.0, 310.0)
    assert peel_text_rows(blobs, CHAR, STROKE, REACH, lines=[elsewhere])[1] == []


def _scope_entry() -> Image.Image:
    """A ring with an NH under it and its scope entry set tight below, as in the papers."""
    image = Image.new("RGB", (260, 240), "white")
    draw = ImageDraw.Draw(image)
    centre, radius = (130, 90), 45
    points = [
        (
            centre[0] + radius * math.cos(math.radians(90 + 60 * k)),
            centre[1] + radius * math.sin(math.radians(90 + 60 * k)),
        )
        for k in range(6)
    ]
    for k in range(6):
        if k != 0:
            draw.line([points[k - 1], points[k]], fill="black", width=3)
    draw.line([points[5], points[0]], fill="black", width=3)
    font = ImageFont.load_default(size=18)
    bottom = points[0]
    draw.line([bottom, (bottom[0], bottom[1] + 6)], fill="black", width=3)
    draw.text((bottom[0] - 10, bottom[1] + 8), "NH", font=font, fill="black")
    draw.text((60, bottom[1] + 26), "5ae; 80% (13 h)", font=font, fill="black")
    return image


def test_the_label_of_a_tight_scope_entry_is_read_outside_its_crop() -> None:
    image = _scope_entry()
    segmentation = ClassicalSegmenter().segment(image, FigureClass.SINGLE_MOLECULE)
    assert len(segmentation.crops) == 1
    crop = segmentation.crops[0]
    assert crop.box[3] <= 162  # ends above the label line
    results = OcrIdentifierExtractor().identify(image, segmentation.crops, segmentation)
    assert results[0].identifier == "5ae"


def test_a_label_line_and_the_dr_ee_line_under_it_are_both_peeled() -> None:
    # a small raster scope entry (orglett Scheme 3): '3i, 99% yield' over '85:15 dr, 98% ee'
    network = [[10, 10, 100, 100, 600]]
    label = glyphs(20, 112, 12)
    selectivity = glyphs(20, 124, 14)
    blobs = np.array(network + label + selectivity, dtype=float)
    kept, rows = peel_text_rows(blobs, CHAR, STROKE, REACH)
    assert kept == [0]
    assert [sorted(row) for row in rows] == [list(range(13, 27)), list(range(1, 13))]


def _framed_pair() -> Image.Image:
    """Two labelled rings inside a box drawn around them, as a table or panel frame is."""
    image = Image.new("RGB", (420, 240), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((6, 6, 413, 233), outline="black", width=2)
    font = ImageFont.load_default(size=18)
    for left, label in ((70, "3aa"), (250, "3ab")):
        centre = (left + 45, 95)
        points = [
            (
                centre[0] + 40 * math.cos(math.radians(30 + 60 * k)),
                centre[1] + 40 * math.sin(math.radians(30 + 60 * k)),
            )
            for k in range(6)
        ]
        for k in range(6):
            draw.line([points[k - 1], points[k]], fill="black", width=3)
        draw.line([points[0], (points[0][0] + 30, points[0][1] - 17)], fill="black", width=3)
        draw.text((left + 25, 165), label, font=font, fill="black")
    return image


def test_a_frame_around_the_drawings_is_no_molecule_and_hides_no_label() -> None:
    image = _framed_pair()
    segmentation = ClassicalSegmenter().segment(image, FigureClass.MULTIPLE_MOLECULES)
    assert len(segmentation.crops) == 2
    assert all(crop.box[2] - crop.box[0] < 150 for crop in segmentation.crops)
    assert any("frame" in note for note in segmentation.notes)
    results = OcrIdentifierExtractor().identify(image, segmentation.crops, segmentation)
    assert [result.identifier for result in results] == ["3aa", "3ab"]


def test_a_crop_around_other_crops_does_not_hide_their_labels() -> None:
    # another segmenter may still give the frame as a crop: it contains the drawings
    image = _framed_pair()
    segmentation = ClassicalSegmenter().segment(image, FigureClass.MULTIPLE_MOLECULES)
    frame = Crop((4, 4, 416, 236), StructureRole.MOLECULE, "test")
    crops = (*segmentation.crops, frame)
    results = OcrIdentifierExtractor().identify(image, crops, segmentation)
    assert [result.identifier for result in results[:2]] == ["3aa", "3ab"]
