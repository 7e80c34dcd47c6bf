"""What every segmenter and reaction parser returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from PIL import Image

from chemx.records import Box, StructureRole
from chemx.visual.classes import FigureClass


@dataclass(frozen=True)
class Crop:
    """One region cut from a figure: a structure, or a reaction's condition text."""

    box: Box
    """(x0, y0, x1, y1) in pixels of the original figure, x1/y1 exclusive."""
    role: StructureRole
    backend: str
    """The segmenter or reaction parser that found it, e.g. 'classical-cc'."""
    score: float | None = None
    step: int | None = None
    """Index of the reaction arrow this crop belongs to (reaction schemes only)."""


@dataclass(frozen=True)
class ReactionStep:
    """One arrow of a scheme with what stands before, on and after it (indices into crops)."""

    reactants: tuple[int, ...]
    conditions: tuple[int, ...]
    products: tuple[int, ...]
    arrow: Box | None = None


@dataclass(frozen=True)
class Segmentation:
    """A figure cut into crops, with the text regions the identifier stage will read."""

    crops: tuple[Crop, ...]
    backend: str
    label_boxes: tuple[Box, ...] = ()
    """Short text regions that look like compound labels ('3c', '(S)-7')."""
    text_boxes: tuple[Box, ...] = ()
    """Other text: conditions, yields, captions inside the figure."""
    arrows: tuple[Box, ...] = ()
    reactions: tuple[ReactionStep, ...] = ()
    notes: tuple[str, ...] = field(default=())
    """Anything the segmenter wants the report to say (e.g. 'no structures found')."""


@runtime_checkable
class Segmenter(Protocol):
    """Cuts multi-molecule figures (and single-molecule ones) into structures."""

    name: str

    def segment(self, image: Image.Image, figure_class: FigureClass) -> Segmentation:
        """Segment an RGB figure; must not raise on odd images (return no crops instead)."""
        ...


@runtime_checkable
class ReactionParser(Protocol):
    """Cuts reaction schemes into reactants, conditions and products."""

    name: str

    def parse(self, image: Image.Image) -> Segmentation:
        """Parse an RGB scheme into crops with roles and reaction steps."""
        ...
