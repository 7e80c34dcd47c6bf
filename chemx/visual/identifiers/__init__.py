"""Identifier extractors (compound label per structure crop), chosen by name.

The registry maps names to "module:Class" strings so that choosing one never imports
the others' stacks: EasyOCR pulls torch, Tesseract needs a system binary, a VLM needs
an endpoint. Each is imported only when asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from PIL import Image

from chemx.visual.identifiers._base import IdentifierExtractor, IdentifierResult
from chemx.visual.segmentation._base import Segmentation

IDENTIFIER_EXTRACTORS: dict[str, str] = {
    "ocr": "chemx.visual.identifiers.ocr:OcrIdentifierExtractor",
    "easyocr": "chemx.visual.identifiers.ocr:OcrIdentifierExtractor",
    "tesseract": "chemx.visual.identifiers.ocr:TesseractIdentifierExtractor",
}
"""Name -> "module:Class" of every `IdentifierExtractor`; "ocr" (EasyOCR, offline
weights) is the default, "easyocr" names the same class by its backend name, and
"tesseract" needs `pytesseract` plus the `tesseract-ocr` binary."""

DEFAULT_IDENTIFIER_EXTRACTOR = "ocr"


def make_identifier_extractor(
    name: str = DEFAULT_IDENTIFIER_EXTRACTOR, **kwargs: Any
) -> IdentifierExtractor:
    """Build the identifier extractor registered under `name`, passing `kwargs` to it.

    Raises:
        ValueError: `name` is not registered (the message lists the choices).
        RuntimeError: the extractor's optional dependency is missing (Tesseract).
    """
    try:
        target = IDENTIFIER_EXTRACTORS[name]
    except KeyError:
        choices = ", ".join(sorted(IDENTIFIER_EXTRACTORS))
        raise ValueError(
            f"unknown identifier extractor {name!r}; choose one of: {choices}"
        ) from None
    module_name, _, class_name = target.partition(":")
    cls: type[Any] = getattr(importlib.import_module(module_name), class_name)
    extractor: IdentifierExtractor = cls(**kwargs)
    return extractor


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
    "DEFAULT_IDENTIFIER_EXTRACTOR",
    "IDENTIFIER_EXTRACTORS",
    "IdentifierExtractor",
    "IdentifierResult",
    "make_identifier_extractor",
    "unclaimed_labels",
]
