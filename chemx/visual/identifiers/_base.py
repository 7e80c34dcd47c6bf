"""What every identifier extractor returns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from PIL import Image

from chemx.records import Box, ModelCall
from chemx.visual.drawn_groups import UPSCALE
from chemx.visual.segmentation._base import Crop, Segmentation


@dataclass(frozen=True)
class IdentifierResult:
    """The compound label found for one crop, or None with the reason."""

    identifier: str | None
    """Normalised label, e.g. '3c', '12a', '(S)-7'."""
    raw_text: str | None
    """What the OCR engine or the VLM actually returned."""
    confidence: float
    backend: str
    source_box: Box | None = None
    """Where in the figure the label was read (OCR), if known."""
    reason: str | None = None
    """Why no identifier was found, when identifier is None."""
    note: str | None = None
    """How the reading squares with the paper's text, when it does not as read."""
    calls: tuple[ModelCall, ...] = ()
    """Model calls behind this result (VLM mode); the agent stores them with the structure."""


@dataclass(frozen=True)
class PrintedLine:
    """One printed line of a figure read as text (a series row such as '2a: R = H')."""

    box: Box
    """Where the line is, in figure pixels."""
    text: str
    confidence: float
    source: str
    """What read it: 'text-layer' (the PDF's own text) or 'ocr:<engine>'."""


@runtime_checkable
class IdentifierExtractor(Protocol):
    """Finds the paper's compound label for each structure crop of a figure."""

    name: str

    def identify(
        self,
        figure: Image.Image,
        crops: Sequence[Crop],
        segmentation: Segmentation,
        caption: str = "",
        figure_id: str = "",
        named: Callable[[str], bool] | None = None,
    ) -> list[IdentifierResult]:
        """One result per crop, in the same order; the caption is context for VLMs.

        `figure_id` names the figure in logs and model-call records. `named` answers
        whether the paper's text names a code ('AICAR', 'L3'): a reader may accept such a
        code as the label (`chemx.labels.codes`); without it only numbered labels count.
        """
        ...


@runtime_checkable
class DrawnGroupReader(Protocol):
    """Reads the R-group labels drawn inside a raster structure crop ('R', 'R1', 'Ar').

    The EasyOCR extractor implements it (`chemx.visual.drawn_groups`); with another
    identifier backend such labels are not read from the pixels, and the visual stage
    counts the crops it could not check (``drawn_groups_unread``).
    """

    name: str

    def read_drawn_groups(self, crop: Image.Image, *, upscale: float = UPSCALE) -> list[str]:
        """The R-group labels read inside `crop`, enlarged `upscale` times first."""
        ...


@runtime_checkable
class SeriesLineReader(Protocol):
    """Reads the printed lines of series lists ('2a: R = H (91%)') outside the crops.

    The OCR extractors implement it; an extractor without it (a VLM) leaves series
    lists unread, and the visual stage says so.
    """

    name: str

    def read_series_lines(self, figure: Image.Image, crops: Sequence[Crop]) -> list[PrintedLine]:
        """Every line outside `crops` that holds an '=' sign, read whole, top to bottom."""
        ...
