"""What every source backend hands to the acquisition agent."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Protocol, runtime_checkable

from chemx.records import Figure, FigureReference, Node, Paper, Paragraph, Sentence

DocumentFormat = Literal["jats", "pdf"]


@dataclass(frozen=True)
class SourceDocument:
    """One file a source found, not yet parsed."""

    path: Path
    format: DocumentFormat
    display_name: str
    """How messages name the file (relative to the corpus folder)."""


@dataclass(frozen=True)
class Rejection:
    """A node that could not be used, with the reason; it is stored, not dropped."""

    node: Node
    reason: str
    """Stable reason code, e.g. 'image_missing'."""
    detail: str
    """Human-readable message naming the input and what is wrong."""


@dataclass
class ParsedPaper:
    """Everything one document yields, ready for the store's single writer."""

    paper: Paper
    paragraphs: list[Paragraph] = field(default_factory=list)
    sentences: list[Sentence] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    figure_references: list[FigureReference] = field(default_factory=list)
    images: dict[str, bytes] = field(default_factory=dict)
    """Image bytes by SHA-256, for the figures whose `image_sha256` is set."""
    rejections: list[Rejection] = field(default_factory=list)
    """Parts of the paper that were unusable (a figure with a missing image, say)."""


class SourceError(Exception):
    """A whole document could not be read; the build records it and goes on."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def read_document(document: SourceDocument) -> bytes:
    """The file's bytes; an unreadable or empty (or blank) file is a `SourceError`."""
    name = document.display_name
    try:
        data = document.path.read_bytes()
    except OSError as exc:
        raise SourceError("unreadable", f"{name}: cannot read the file ({exc})") from exc
    if not data.strip():
        raise SourceError("empty_file", f"{name}: the file is empty; re-download or remove it")
    return data


@runtime_checkable
class DocumentParser(Protocol):
    """Turns one document into records. Implementations must not touch the network."""

    backend: str

    def parse(self, document: SourceDocument, corpus_id: str) -> ParsedPaper:
        """Parse the document; raise `SourceError` when nothing usable can be read."""
        ...
