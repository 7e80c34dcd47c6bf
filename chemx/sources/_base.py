"""What every source backend hands to the acquisition agent."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Literal, Protocol, runtime_checkable

from chemx.records import Figure, FigureReference, Node, Paper, Paragraph, Sentence
from chemx.settings import SourceSettings
from chemx.sources._paths import OUTSIDE_CORPUS, UNRESOLVABLE, PathRefused, resolve_inside

DocumentFormat = Literal["jats", "pdf"]


@dataclass(frozen=True)
class SourceDocument:
    """One file a source found, not yet parsed."""

    path: Path
    format: DocumentFormat
    display_name: str
    """How messages name the file: its path relative to the corpus folder."""

    @property
    def corpus_root(self) -> Path:
        """The corpus folder, outside which no file is read: `path` less `display_name`.

        Derived rather than stored so that it survives the checkpointed graph state, which
        keeps only the path, format and display name. A display name that is not the tail
        of the path leaves the document's own folder as the boundary.
        """
        relative = PurePosixPath(self.display_name)
        parts = relative.parts
        if relative.is_absolute() or ".." in parts or not 0 < len(parts) < len(self.path.parts):
            return self.path.parent
        if self.path.parts[-len(parts) :] != parts:
            return self.path.parent
        return Path(*self.path.parts[: -len(parts)])


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


UNREAD_REASONS = frozenset({OUTSIDE_CORPUS, UNRESOLVABLE, "too_large"})
"""Reasons a document was refused without reading it: whoever records the refusal must
not read it either (not even to hash it), or the refusal is for nothing."""

DEFAULT_MAX_DOCUMENT_MB: float = float(SourceSettings.model_fields["max_document_mb"].default)
"""`--max-document-mb` when a parser is made without settings (tests, scripts)."""
_BYTES_PER_MB = 1_000_000


def document_path(document: SourceDocument) -> Path:
    """The real path of the document's file, or "outside_corpus" when it lies outside.

    A document that is a symbolic link (or sits in a linked folder) pointing out of the
    corpus folder is refused before anything opens it.
    """
    real = resolve_inside(document.corpus_root, document.path)
    if isinstance(real, PathRefused):
        raise SourceError(real.reason, f"{document.display_name}: {real.detail}")
    return real


def read_document(document: SourceDocument, max_mb: float = DEFAULT_MAX_DOCUMENT_MB) -> bytes:
    """The file's bytes, once it is known to be inside the corpus and at most `max_mb` MB.

    Each refusal is a `SourceError`: "outside_corpus" (`document_path`), "too_large"
    (decided from the file's size before reading it), "unreadable" and "empty_file"
    (empty or blank).
    """
    name = document.display_name
    path = document_path(document)
    limit = int(max_mb * _BYTES_PER_MB)
    try:
        size = path.stat().st_size
        if size <= limit:
            with path.open("rb") as handle:
                data = handle.read(limit + 1)  # + 1: a file that grew since is still caught
                size = max(size, len(data))
    except OSError as exc:
        raise SourceError("unreadable", f"{name}: cannot read the file ({exc})") from exc
    if size > limit:
        raise SourceError(
            "too_large",
            f"{name}: {_megabytes(size)}, over the {max_mb:g} MB limit for one document; "
            "if it really is one article, raise the limit with "
            f"--max-document-mb {math.ceil(size / _BYTES_PER_MB)}",
        )
    if not data or data.isspace():  # not data.strip(): no copy of a large file
        raise SourceError("empty_file", f"{name}: the file is empty; re-download or remove it")
    return data


def _megabytes(size: int) -> str:
    """A file size for a message, exact so that it never rounds to the limit it is over.

    "153.2 MB (153,212,345 bytes)", or "5,689 bytes" under 1 MB.
    """
    if size < _BYTES_PER_MB:
        return f"{size:,} bytes"
    return f"{size / _BYTES_PER_MB:.1f} MB ({size:,} bytes)"


@runtime_checkable
class DocumentParser(Protocol):
    """Turns one document into records. Implementations must not touch the network."""

    backend: str

    def parse(self, document: SourceDocument, corpus_id: str) -> ParsedPaper:
        """Parse the document; raise `SourceError` when nothing usable can be read."""
        ...
