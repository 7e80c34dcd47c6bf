"""`chemx build`: resolve the corpus, run every document's graph, report."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from chemx.agents.acquisition import AcquisitionAgent
from chemx.pipeline.executors import make_executor
from chemx.pipeline.graph import build_paper_graph, graph_signature
from chemx.pipeline.report import BuildReport, DocumentTally, store_summary
from chemx.pipeline.resume import DocumentRun, open_checkpointer, run_resumable, thread_id
from chemx.pipeline.state import PaperState
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.sources import SourceDocument, resolve_corpus
from chemx.sources.corpus import PdfBackend


class BuildSettings(BaseModel):
    """Everything `chemx build` was asked to do, validated before any work starts."""

    model_config = ConfigDict(frozen=True)

    corpus: str = Field(description="'sample', 'pmc_oa' or a folder of .nxml/.pdf files.")
    out: Path
    executor: str = "local"
    workers: int = Field(default=4, ge=1, le=256)
    pdf_backend: PdfBackend = "pymupdf"

    def stage_settings(self) -> dict[str, str]:
        """Settings that change what the stages produce (part of the graph signature)."""
        return {"pdf_backend": self.pdf_backend}


@dataclass(frozen=True)
class Progress:
    """Callbacks a front end (the CLI's progress bar) may pass in."""

    started: Callable[[int], None] = lambda total: None
    advanced: Callable[[str, DocumentRun], None] = lambda name, run: None


def run_build(settings: BuildSettings, progress: Progress | None = None) -> BuildReport:
    """Build the corpus into `settings.out`; safe to re-run and to resume after a crash."""
    progress = progress or Progress()
    spec = resolve_corpus(settings.corpus, settings.pdf_backend)
    executor = make_executor(settings.executor, settings.workers)
    started = time.perf_counter()
    with ProvenanceStore(settings.out) as store:
        before = store.table_counts()
        root = WriteBatch()
        root.add(spec.corpus)
        store.write(root)
        checkpointer = open_checkpointer(settings.out)
        try:
            graph = build_paper_graph(AcquisitionAgent(store, spec.parsers), checkpointer)
            signature = graph_signature(settings.stage_settings())
            tally = DocumentTally(discovered=len(spec.documents))
            progress.started(len(spec.documents))

            def run_one(document: SourceDocument) -> tuple[SourceDocument, DocumentRun]:
                initial: PaperState = {
                    "document": {
                        "path": str(document.path),
                        "format": document.format,
                        "display_name": document.display_name,
                    },
                    "corpus_id": spec.corpus.id,
                    "counts": {},
                    "stages_done": [],
                }
                thread = thread_id(spec.corpus.id, document.display_name, signature)
                return document, run_resumable(graph, initial, thread)

            for document, run in executor.map_unordered(run_one, spec.documents):
                setattr(tally, run.outcome.value, getattr(tally, run.outcome.value) + 1)
                if run.state.get("paper_id") is None:
                    tally.rejected += 1
                progress.advanced(document.display_name, run)
        finally:
            checkpointer.conn.close()
        elapsed = time.perf_counter() - started
        after = store.table_counts()
        totals, rejections, backends = store_summary(store)
    report = BuildReport(
        corpus=spec.corpus.name,
        out=str(settings.out),
        executor=executor.name,
        workers=settings.workers,
        elapsed_s=round(elapsed, 3),
        papers_per_s=round(len(spec.documents) / elapsed, 3) if elapsed > 0 else 0.0,
        documents=tally,
        totals=totals,
        rows_added={table: after[table] - before[table] for table in after},
        rejections=rejections,
        backends=backends,
    )
    report.write(settings.out)
    return report
