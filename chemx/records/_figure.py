"""Figures and the sentences that point at them."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from chemx.records._node import Node, NodeKind


class PrintedWord(BaseModel):
    """Text printed inside a display item, where it is in the figure's pixels."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    box: tuple[int, int, int, int]


class Figure(Node):
    """A figure or scheme with its caption and image."""

    kind: ClassVar[NodeKind] = NodeKind.FIGURE

    paper_id: str
    figure_key: str = Field(description="The id inside the paper, e.g. JATS 'fig2' or 'p3-img1'.")
    label: str | None = Field(default=None, description="As printed: 'Figure 2', 'Scheme 1'.")
    caption: str = ""
    image_sha256: str | None = Field(
        default=None, description="Content hash of the image in the blob store; None if missing."
    )
    image_name: str | None = Field(default=None, description="The file name the paper gave.")
    width: int | None = None
    height: int | None = None
    page: int | None = Field(default=None, description="1-based PDF page, for PDF sources.")
    page_box: tuple[float, float, float, float] | None = Field(
        default=None,
        description="Where the display item is on its page: (x0, y0, x1, y1) in PDF points, "
        "y downwards (PDF sources).",
    )
    printed_words: tuple[PrintedWord, ...] = Field(
        default=(),
        description="The text layer's lines inside the item, in figure pixels (PDF sources): "
        "atom labels such as R1 or Ar tell a scaffold from a compound.",
    )
    region_text: str = Field(
        default="",
        description="Text printed inside the display item (PDF sources): table cells by row "
        "(cells separated by tabs), labels and conditions of a scheme.",
    )


class FigureReference(Node):
    """A sentence that refers to a figure, by `<xref>` markup or by text ("Scheme 1b")."""

    kind: ClassVar[NodeKind] = NodeKind.FIGURE_REFERENCE

    paper_id: str
    sentence_id: str
    figure_id: str
    via: Literal["xref", "text"]
    start: int = Field(description="Offset of the reference in the sentence text.")
    end: int
    text: str
    panel: str | None = Field(
        default=None, description="Panel letter when given: 'b' in 'Fig. 2b'."
    )
