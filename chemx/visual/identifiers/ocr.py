"""The offline identifier extractors: find the label text beside each crop and OCR it.

Reading the whole figure and then guessing which word belongs to which drawing fails
twice over: the detector misses one-character labels ("4", "9") and whole-figure
OCR confuses glyphs it would read correctly in isolation ("5b" came back as "Sb" on
legend images but right on crops). So the search is geometric first and the OCR runs
on one text line at a time:

1. Candidates, in the order a chemist places labels: below the drawing (overlapping its
   x-span), beside it (right, then left, vertically level with it), above it. The
   segmenter's `label_boxes` are tried first; then the pixels themselves: the ink left
   after blanking every crop is split into connected components, character-sized ones
   nearest the crop seed a text line, and components level with it and close to it
   join the line.
2. Each candidate line is cut out with only its own ink (neighbouring bonds blanked),
   upscaled when small, padded with white and read with the recogniser alone (no text
   detector: we already know where the line is). A reading that does not parse as a
   label but looks like one with a stray glyph is read again with a label allowlist.
3. A line two crops both want goes to the nearer one (in units of its size, with a
   penalty for each less likely direction); the other moves to its next candidate.
   Crops with the same box (an intermediate drawn once, shared by two reaction steps)
   share one result.

`unclaimed_labels` reports label text that no crop took, so a missed structure or a
misplaced label shows up in the report instead of vanishing.

The parts, one module each beside this front: `_ocr_ink` (the ink outside the crops,
its text lines, and the short lines the unclaimed-label scan reads), `_ocr_candidates`
(where a crop's label may be, and what each place costs), `_ocr_search` (reading lines
and assigning them to crops, shared by the engines), and the two engines, `_ocr_easyocr`
and `_ocr_tesseract`. This module names the public API and the registry factories.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from chemx.registry import BackendContext
from chemx.visual.identifiers._base import IdentifierResult
from chemx.visual.identifiers._ocr_easyocr import (
    EASYOCR_NAME,
    OcrIdentifierExtractor,
    easyocr_model_dir,
    easyocr_read,
    shared_reader,
)
from chemx.visual.identifiers._ocr_ink import analyse_ink
from chemx.visual.identifiers._ocr_search import LABEL_ALLOWLIST, LabelOcr, UnclaimedLabel
from chemx.visual.identifiers._ocr_tesseract import (
    TESSERACT_NAME,
    TesseractIdentifierExtractor,
    tesseract_module,
)
from chemx.visual.segmentation._base import Segmentation


def unclaimed_labels(
    figure: Image.Image,
    segmentation: Segmentation,
    results: Sequence[IdentifierResult],
    *,
    extractor: LabelOcr | None = None,
    scan: bool = False,
) -> list[str]:
    """Labels printed in the figure that no structure took, for the figure's report.

    Works after any identifier backend: a label counts as claimed when a result read it
    at that place or returned the same identifier (VLM results carry no box).

    Args:
        figure: The figure.
        segmentation: Its segmentation; its `label_boxes` are the candidates, its crops
            are blanked out.
        results: The identifier results of the structure crops.
        extractor: The OCR extractor to read with; default: EasyOCR (shared reader).
        scan: Also read every short text line outside the crops, not only the
            segmenter's label boxes (slower; finds labels the segmenter missed).

    Returns:
        The unclaimed labels, top to bottom, left to right ('3c', '5').
    """
    if not segmentation.label_boxes and not scan:
        return []
    reader = extractor if extractor is not None else OcrIdentifierExtractor()
    found = reader.unclaimed_labels(figure, segmentation.crops, segmentation, results, scan=scan)
    return [label.identifier for label in found]


def make_easyocr(context: BackendContext) -> OcrIdentifierExtractor:
    """The ``ocr`` identifier backend: EasyOCR with its offline weights (registry factory)."""
    return OcrIdentifierExtractor()


def make_tesseract(context: BackendContext) -> TesseractIdentifierExtractor:
    """The ``tesseract`` identifier backend (registry factory)."""
    return TesseractIdentifierExtractor()


__all__ = [
    "EASYOCR_NAME",
    "LABEL_ALLOWLIST",
    "TESSERACT_NAME",
    "LabelOcr",
    "OcrIdentifierExtractor",
    "TesseractIdentifierExtractor",
    "UnclaimedLabel",
    "analyse_ink",
    "easyocr_model_dir",
    "easyocr_read",
    "make_easyocr",
    "make_tesseract",
    "shared_reader",
    "tesseract_module",
    "unclaimed_labels",
]
