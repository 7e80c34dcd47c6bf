"""`chemx build`: resolve the corpus, run every document's graph, report."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from chemx.agents.acquisition import AcquisitionAgent, corpus_batch
from chemx.errors import RetryableFailure
from chemx.pipeline.executors import LocalExecutor, make_executor
from chemx.pipeline.graph import (
    BuildCancelled,
    StageNode,
    StageTimes,
    build_paper_graph,
    graph_signature,
)
from chemx.pipeline.remote import run_remote
from chemx.pipeline.report import (
    BackendChoice,
    BuildReport,
    DocumentTally,
    RetryNote,
    model_call_summary,
    selection_funnel,
    store_summary,
)
from chemx.pipeline.resume import DocumentRun, open_checkpointer, run_resumable, thread_id
from chemx.pipeline.scratch import scratch_folder
from chemx.pipeline.stages import StageBackends, model_client
from chemx.pipeline.state import PaperState
from chemx.provenance.attrition import funnel
from chemx.provenance.attrition_plot import write_funnel
from chemx.provenance.builds import (
    BuildStatus,
    RetryPolicy,
    begin_build,
    end_build,
    record_attempt,
)
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.records import ModelCall
from chemx.settings import BuildSettings
from chemx.sources import CorpusSpec, SourceDocument, resolve_corpus

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Progress:
    """Callbacks a front end (the CLI's progress bar) may pass in."""

    started: Callable[[int], None] = lambda total: None
    advanced: Callable[[str, DocumentRun | None], None] = lambda name, run: None
    """Called once per document this run: its run, or None when it is left for a retry."""


@dataclass(frozen=True)
class DocumentOutcome:
    """One document's run this time: finished (`run`), left for a retry, or cancelled."""

    document: SourceDocument
    run: DocumentRun | None = None
    failure: RetryableFailure | None = None


def run_build(settings: BuildSettings, progress: Progress | None = None) -> BuildReport:
    """Build the corpus into `settings.out`; safe to re-run and to resume after a crash.

    Every document runs its graph; one whose work hit a failure a retry can change
    (`RetryableFailure`) is left unfinished with the attempt recorded, and the report's
    status is ``incomplete``. Ctrl-C stops dispatching at once, in-flight papers stop at
    their next stage, and the report's status is ``interrupted``; either way the same
    command resumes. The store records how the build ended (`chemx.provenance.builds`).
    """
    progress = progress or Progress()
    spec = resolve_corpus(settings.corpus, settings.source, pmc=settings.pmc, out=settings.out)
    executor = make_executor(settings.executor, settings.workers, settings.ray_address)
    started = time.perf_counter()
    times = StageTimes()
    stage_names = list(settings.stages())
    with (
        ProvenanceStore(settings.out) as store,
        scratch_folder(settings.out) as scratch,
        model_client(settings, store if isinstance(executor, LocalExecutor) else None) as client,
    ):
        build_id = begin_build(store, spec.corpus.name, _recordable(settings))
        status = BuildStatus.FAILED
        retries: list[RetryNote] = []
        try:
            before = store.table_counts()
            if isinstance(executor, LocalExecutor):
                stage_backends = StageBackends.build(
                    settings, client, RetryPolicy(store), settings.workers
                )
                chosen = list(stage_backends.chosen)
                store.write(corpus_batch(spec.corpus, spec.rejections))
                try:
                    tally, retries, interrupted = _run_documents(
                        settings,
                        spec,
                        store,
                        stage_backends.nodes(store),
                        executor,
                        progress,
                        build_id,
                        times,
                    )
                finally:
                    stage_backends.close()
            else:
                store.write(corpus_batch(spec.corpus, spec.rejections))
                progress.started(len(spec.documents))
                remote = run_remote(
                    settings,
                    spec,
                    store,
                    executor,
                    graph_signature(stage_names, settings.stage_settings()),
                    times,
                    scratch,
                    progress.advanced,
                )
                chosen, tally, interrupted = remote.chosen, remote.tally, remote.interrupted
                retries = [
                    _record_failure(store, DocumentOutcome(document, failure=failure), build_id)
                    for document, failure in remote.failed
                ]
            pdf = spec.parsers.get("pdf")
            if pdf is not None:
                chosen.insert(
                    0, BackendChoice(kind="pdf", name=settings.source.pdf, backend=pdf.backend)
                )
            status = _status(interrupted, retries)
        except KeyboardInterrupt:  # while loading models, before any paper
            status = BuildStatus.INTERRUPTED
            raise
        finally:
            end_build(store, build_id, status, _status_detail(status, retries))
        elapsed = time.perf_counter() - started
        after = store.table_counts()
        totals, rejections, backends = store_summary(store)
        identifier_backends = store.identifier_backend_counts()
        model_calls = model_call_summary(store)
        attrition = funnel(store)
        if spec.pmc is not None:
            papers = totals.get("paper", {}).get("ok", 0)
            attrition = [*selection_funnel(spec.pmc, papers), *attrition]
    png = write_funnel(attrition, settings.out, f"chemx build: {spec.corpus.name}")
    report = BuildReport(
        corpus=spec.corpus.name,
        out=str(settings.out),
        status=status.value,
        executor=executor.name,
        workers=settings.workers,
        stages=stage_names,
        elapsed_s=round(elapsed, 3),
        papers_per_s=round(len(spec.documents) / elapsed, 3) if elapsed > 0 else 0.0,
        documents=tally,
        retries=retries,
        totals=totals,
        rows_added={table: after[table] - before[table] for table in after},
        rejections=rejections,
        backends=backends,
        identifier_backends=identifier_backends,
        model_calls=model_calls,
        stage_seconds=times.rounded(),
        selected_backends=chosen,
        attrition=attrition,
        funnel_png=str(png),
        pmc=spec.pmc,
    )
    report.write(settings.out)
    return report


def _run_documents(
    settings: BuildSettings,
    spec: CorpusSpec,
    store: ProvenanceStore,
    stages: list[StageNode],
    executor: LocalExecutor,
    progress: Progress,
    build_id: int,
    times: StageTimes,
) -> tuple[DocumentTally, list[RetryNote], bool]:
    """Run every document's graph, timing its stages into `times`.

    Returns (tally, documents left for a retry, interrupted).
    """
    cancel = threading.Event()
    checkpointer = open_checkpointer(settings.out)
    acquisition = AcquisitionAgent(store, spec.parsers)
    graph = build_paper_graph(acquisition, stages, checkpointer, cancel, times)
    signature = graph_signature(
        ["acquire", *(stage.name for stage in stages)], settings.stage_settings()
    )
    tally = DocumentTally(discovered=len(spec.documents))
    retries: list[RetryNote] = []
    progress.started(len(spec.documents))

    def run_one(document: SourceDocument) -> DocumentOutcome:
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
        try:
            return DocumentOutcome(document, run=run_resumable(graph, initial, thread))
        except RetryableFailure as failure:
            return DocumentOutcome(document, failure=failure)
        except BuildCancelled:
            return DocumentOutcome(document)

    interrupted = False
    try:
        for outcome in executor.map_unordered(run_one, spec.documents):
            if outcome.failure is not None:
                retries.append(_record_failure(store, outcome, build_id))
                tally.retry += 1
            elif outcome.run is not None:
                run = outcome.run
                setattr(tally, run.outcome.value, getattr(tally, run.outcome.value) + 1)
                if run.state.get("paper_id") is None:
                    tally.rejected += 1
            progress.advanced(outcome.document.display_name, outcome.run)
    except KeyboardInterrupt:
        cancel.set()  # in-flight papers stop at their next stage; nothing new starts
        interrupted = True
    finally:
        if not interrupted:
            checkpointer.conn.close()
    return tally, retries, interrupted


def _record_failure(store: ProvenanceStore, outcome: DocumentOutcome, build_id: int) -> RetryNote:
    """Record a failed attempt (and its model calls) and say what the next build retries."""
    failure = outcome.failure
    assert failure is not None
    record_attempt(
        store,
        failure.key,
        paper_id=failure.paper_id,
        stage=failure.stage or "unknown",
        detail=failure.detail,
        build_id=build_id,
    )
    calls = [c for c in failure.calls if isinstance(c, ModelCall)]
    if calls:
        batch = WriteBatch()
        batch.model_calls.extend(c.model_copy(update={"node_id": failure.paper_id}) for c in calls)
        store.write(batch)
    log.warning("%s: %s (the next build retries it)", outcome.document.display_name, failure)
    return RetryNote(
        document=outcome.document.display_name,
        stage=failure.stage or "unknown",
        key=failure.key,
        role=failure.role,
        endpoint=failure.endpoint,
        detail=failure.detail,
    )


RECORDED_MODEL_FIELDS = ("base_url", "model", "api_key_env", "structured_output")
"""Model options whose values are kept in the build record; any other value is redacted
(an `api_key=` override must never reach the store)."""


def _recordable(settings: BuildSettings) -> dict[str, Any]:
    """The settings as the store records them, with secrets redacted."""
    data = settings.model_dump(mode="json")
    data["model_options"] = {
        key: value if key.rpartition(".")[2] in RECORDED_MODEL_FIELDS else "<redacted>"
        for key, value in settings.model_options.items()
    }
    return data


def _status(interrupted: bool, retries: list[RetryNote]) -> BuildStatus:
    if interrupted:
        return BuildStatus.INTERRUPTED
    return BuildStatus.INCOMPLETE if retries else BuildStatus.FINISHED


def _status_detail(status: BuildStatus, retries: list[RetryNote]) -> str:
    if status is BuildStatus.INCOMPLETE:
        return f"{len(retries)} document(s) hit failures a re-run retries: " + "; ".join(
            sorted({note.summary for note in retries})
        )
    if status is BuildStatus.INTERRUPTED:
        return "interrupted (Ctrl-C or SIGTERM); re-run the same command to resume"
    if status is BuildStatus.FAILED:
        return "stopped by an error; see the traceback"
    return ""
