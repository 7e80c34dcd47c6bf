"""The common base of every provenance node."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field


class NodeKind(StrEnum):
    """Every kind of node the provenance store holds, in data-flow order."""

    CORPUS = "corpus"
    SOURCE = "source"
    PAPER = "paper"
    PARAGRAPH = "paragraph"
    SENTENCE = "sentence"
    FIGURE = "figure"
    FIGURE_REFERENCE = "figure_reference"
    STRUCTURE = "structure"
    EVIDENCE = "evidence"
    CANDIDATE = "candidate"
    ITEM = "item"


class Node(BaseModel):
    """A record in the provenance tree.

    Ids are derived from content (see `chemx.provenance.ids`), so the same input always
    yields the same id and re-ingesting never duplicates.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: ClassVar[NodeKind]

    id: str
    parent_id: str | None = Field(
        description="The node this one was derived from; None only for a corpus root."
    )
    backend: str = Field(description="What produced this node, e.g. 'lxml-jats' or 'sample'.")
