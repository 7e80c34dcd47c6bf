"""The acquisition agent: one document in, one paper's records in the store out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from chemx.provenance.blobs import sha256_hex
from chemx.provenance.decisions import reject
from chemx.provenance.ids import node_id
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.records import Corpus, Gate, NodeKind, SourceFile
from chemx.sources import (
    UNREAD_REASONS,
    DocumentParser,
    ParsedPaper,
    Rejection,
    SourceDocument,
    SourceError,
)


@dataclass(frozen=True)
class AcquisitionResult:
    """What acquiring one document produced (kept small: it goes into the checkpoint)."""

    paper_id: str | None
    """None when the whole document was rejected."""
    source_id: str | None
    """The rejected source node, when the document could not be read."""
    reason: str | None
    counts: Mapping[str, int]


class AcquisitionAgent:
    """Parses a document with the parser for its format and writes every record."""

    def __init__(self, store: ProvenanceStore, parsers: Mapping[str, DocumentParser]) -> None:
        self.store = store
        self.parsers = parsers

    def acquire(self, document: SourceDocument, corpus_id: str) -> AcquisitionResult:
        """Parse and store one document; an unreadable one is stored as a rejected source."""
        parser = self.parsers.get(document.format)
        if parser is None:
            return self._reject_source(
                document,
                corpus_id,
                "format_unsupported",
                f"{document.display_name}: no parser for format {document.format!r}",
                "chemx",
            )
        try:
            parsed = parser.parse(document, corpus_id)
        except SourceError as error:
            return self._reject_source(
                document, corpus_id, error.reason, error.detail, parser.backend
            )
        self.store.write(_batch_for(parsed, parser.backend))
        return AcquisitionResult(
            paper_id=parsed.paper.id,
            source_id=None,
            reason=None,
            counts={
                "paragraphs": len(parsed.paragraphs),
                "sentences": len(parsed.sentences),
                "figures": len(parsed.figures),
                "figure_references": len(parsed.figure_references),
                "rejected_parts": len(parsed.rejections),
            },
        )

    def _reject_source(
        self, document: SourceDocument, corpus_id: str, reason: str, detail: str, backend: str
    ) -> AcquisitionResult:
        sha = None
        if reason not in UNREAD_REASONS:  # a refused file is not read, not even to hash it
            try:
                sha = sha256_hex(document.path.read_bytes())
            except OSError:
                sha = None
        source = SourceFile(
            id=node_id(NodeKind.SOURCE, document.display_name, sha or "unreadable"),
            parent_id=corpus_id,
            backend=backend,
            path=document.display_name,
            sha256=sha,
        )
        batch = WriteBatch()
        batch.add(source)
        batch.decisions.append(reject(source.id, Gate.ACQUISITION, reason, detail, backend))
        self.store.write(batch)
        return AcquisitionResult(paper_id=None, source_id=source.id, reason=reason, counts={})


def corpus_batch(corpus: Corpus, refused: Sequence[Rejection] = ()) -> WriteBatch:
    """The corpus root, and the documents its source refused before any parser saw them.

    A PMC paper that is retracted or not openly licensed is refused at selection
    (`chemx.sources.pmc`); it is stored like an unreadable file: a rejected source node
    with the acquisition gate's reason, so `chemx audit` shows it.
    """
    batch = WriteBatch()
    batch.add(corpus)
    for rejection in refused:
        batch.add(rejection.node)
        batch.decisions.append(
            reject(
                rejection.node.id,
                Gate.ACQUISITION,
                rejection.reason,
                rejection.detail,
                rejection.node.backend,
            )
        )
    return batch


def _batch_for(parsed: ParsedPaper, backend: str) -> WriteBatch:
    batch = WriteBatch(blobs=dict(parsed.images))
    batch.add(parsed.paper)
    batch.extend(parsed.paragraphs)
    batch.extend(parsed.sentences)
    batch.extend(parsed.figures)
    batch.extend(parsed.figure_references)
    for rejection in parsed.rejections:
        batch.decisions.append(
            reject(rejection.node.id, Gate.ACQUISITION, rejection.reason, rejection.detail, backend)
        )
    return batch
