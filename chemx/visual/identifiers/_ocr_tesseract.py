"""The optional OCR engine: Tesseract reading one text line (`--psm 7`).

Needs the Python package `pytesseract` and the `tesseract` binary (Debian:
`apt-get install -y tesseract-ocr`); `tesseract_module` checks both when the extractor
is built, so a missing install fails at config load with the commands that fix it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PIL import Image

from chemx.errors import BackendUnavailable
from chemx.visual.identifiers._ocr_ink import Reading
from chemx.visual.identifiers._ocr_search import LabelOcr

TESSERACT_NAME = "tesseract"


def tesseract_module() -> Any:
    """Import `pytesseract` and check the binary; raise a RuntimeError saying how to install."""
    try:
        import pytesseract
    except ImportError as error:
        raise BackendUnavailable(
            "the tesseract identifier extractor needs pytesseract and tesseract-ocr: "
            "pip install pytesseract && apt-get install -y tesseract-ocr"
        ) from error
    try:
        pytesseract.get_tesseract_version()
    except (pytesseract.TesseractNotFoundError, OSError) as error:
        raise BackendUnavailable(
            "the tesseract binary is not on PATH: apt-get install -y tesseract-ocr"
        ) from error
    return pytesseract


class TesseractIdentifierExtractor(LabelOcr):
    """Optional: the same search, read by Tesseract (`--psm 7`, one text line).

    Needs the Python package `pytesseract` and the `tesseract` binary (Debian:
    `apt-get install -y tesseract-ocr`); both are checked when the extractor is built.

    Attributes:
        name: 'tesseract', written into every result's `backend`.
    """

    name = TESSERACT_NAME

    def __init__(self, *, use_hints: bool = True, allowlist_retry: bool = True) -> None:
        """Check that Tesseract is installed, then set up like the EasyOCR extractor.

        Raises:
            RuntimeError: `pytesseract` or the `tesseract` binary is missing, with the
                commands that install them.
        """
        super().__init__(use_hints=use_hints, allowlist_retry=allowlist_retry)
        self._pytesseract = tesseract_module()

    def _read(self, image: np.ndarray, allowlist: str | None) -> Reading:
        config = "--psm 7"
        if allowlist:
            config += f" -c tessedit_char_whitelist={allowlist.replace(chr(39), '')}"
        data = self._pytesseract.image_to_data(
            Image.fromarray(image), config=config, output_type=self._pytesseract.Output.DICT
        )
        words = [
            (str(text), float(conf))
            for text, conf in zip(data["text"], data["conf"], strict=False)
            if str(text).strip() and float(conf) >= 0
        ]
        if not words:
            return "", 0.0
        return " ".join(w for w, _ in words), min(c for _, c in words) / 100.0
