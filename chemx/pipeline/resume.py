"""Crash-safe per-paper runs on top of LangGraph's SQLite checkpointer.

Each document runs as one checkpoint thread, keyed by the corpus, the document and the
graph signature. After a crash, the next build finds the thread: finished threads are
skipped, interrupted ones continue from their last completed node, and the store's
content-derived ids make any node that ran twice add nothing the second time.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from langgraph.checkpoint.sqlite import SqliteSaver

from chemx.pipeline.state import PaperState
from chemx.provenance.ids import digest

CHECKPOINT_DB = "checkpoints.db"


class RunOutcome(StrEnum):
    """How a document's run went this time."""

    RAN = "ran"
    RESUMED = "resumed"
    ALREADY_DONE = "already_done"


@dataclass(frozen=True)
class DocumentRun:
    """The final state of one document's graph and how it was reached."""

    state: PaperState
    outcome: RunOutcome


def open_checkpointer(out: Path) -> SqliteSaver:
    """Open (creating) `<out>/checkpoints.db`; safe to share between worker threads."""
    connection = sqlite3.connect(out / CHECKPOINT_DB, check_same_thread=False, timeout=30)
    connection.execute("PRAGMA journal_mode=WAL")
    saver = SqliteSaver(connection)
    saver.setup()
    return saver


def thread_id(corpus_id: str, document_key: str, signature: str) -> str:
    """The checkpoint thread of one document under one graph signature."""
    return f"{corpus_id}:{digest(document_key)[:16]}:{signature}"


def run_resumable(graph: Any, initial: PaperState, thread: str) -> DocumentRun:
    """Run a document's graph to the end, resuming or skipping by its checkpoint."""
    config = {"configurable": {"thread_id": thread}}
    snapshot = graph.get_state(config)
    started = (snapshot.metadata or {}).get("step", -1) >= 0
    if started and not snapshot.next:
        return DocumentRun(snapshot.values, RunOutcome.ALREADY_DONE)
    if started:
        return DocumentRun(graph.invoke(None, config), RunOutcome.RESUMED)
    # No checkpoint, or only the input one (step -1): a kill between it and the first
    # step's checkpoint leaves the input as pending writes, which the snapshot shows as
    # values with nothing next, as if the run had finished. Start from the input again.
    return DocumentRun(graph.invoke(initial, config), RunOutcome.RAN)
