"""Identifier extractors: the compound label of each structure crop.

Backends register in `chemx.registry` (kind ``identifier``: ``ocr``/``easyocr``,
``tesseract``, ``vlm``) and are built from there, so choosing one never imports the
others' stacks (EasyOCR pulls torch, Tesseract needs a system binary, a VLM needs an
endpoint). This front exports the Protocol, the result record and `unclaimed_labels`;
`reconciled` squares a figure's readings with its text layer, its label sizes and the
paper's text (one grammar: `chemx.labels`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from chemx.visual.identifiers._base import IdentifierExtractor, IdentifierResult
from chemx.visual.segmentation._base import Segmentation


def unclaimed_labels(
    figure: Image.Image,
    segmentation: Segmentation,
    results: Sequence[IdentifierResult],
    *,
    scan: bool = False,
) -> list[str]:
    """Labels printed in the figure that no structure took (read with EasyOCR).

    See `chemx.visual.identifiers.ocr.unclaimed_labels`; imported lazily so that this
    package does not pull OpenCV and torch until OCR is needed.
    """
    from chemx.visual.identifiers import ocr

    return ocr.unclaimed_labels(figure, segmentation, results, scan=scan)


__all__ = [
    "IdentifierExtractor",
    "IdentifierResult",
    "unclaimed_labels",
]
