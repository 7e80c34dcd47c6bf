"""The per-paper graph state.

It is checkpointed after every node, so it holds ids and counts only: the records
themselves live in the provenance store, written as each node finishes.
"""

from __future__ import annotations

from typing import TypedDict

from chemx.sources import DocumentFormat


class DocumentRef(TypedDict):
    """A source document, in a form the checkpointer can serialise."""

    path: str
    format: DocumentFormat
    display_name: str


class PaperState(TypedDict, total=False):
    """What the per-paper graph carries from node to node."""

    document: DocumentRef
    corpus_id: str
    paper_id: str | None
    rejected_reason: str | None
    """Set when a stage dropped the whole paper; later stages then do nothing."""
    counts: dict[str, int]
    """Per-stage tallies, merged by each node (e.g. {'sentences': 40, 'figures': 3})."""
    stages_done: list[str]
