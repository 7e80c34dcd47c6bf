"""The driver's side of a `process` or `ray` build: send papers out, write what returns.

Papers already finished (a `paper_runs` row) are skipped before any is sent. Each
returned paper is written in one transaction: its records, its model answers and the
mark that it is done. A paper that stopped on a failure a retry can change has what it
wrote kept and its attempt recorded, and no mark, so the next build runs it again. A
kill at any moment therefore loses at most the papers in flight, which the next build
redoes; content-derived ids make the redone rows the same rows.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from chemx.errors import RetryableFailure
from chemx.pipeline.executors import PaperExecutor
from chemx.pipeline.graph import StageTimes
from chemx.pipeline.report import BackendChoice, DocumentTally
from chemx.pipeline.resume import DocumentRun, RunOutcome, thread_id
from chemx.pipeline.worker import PaperJob, WorkerSetup
from chemx.provenance.store import ProvenanceStore
from chemx.settings import BuildSettings
from chemx.sources import CorpusSpec, SourceDocument

log = logging.getLogger(__name__)


@dataclass
class RemoteRun:
    """What the driver saw: the tally, the failures to record, and the backends."""

    tally: DocumentTally
    failed: list[tuple[SourceDocument, RetryableFailure]]
    chosen: list[BackendChoice]
    interrupted: bool = False


def attempt_counts(store: ProvenanceStore) -> dict[str, int]:
    """Failed attempts per key so far (workers bound their retries with it)."""
    rows = store.query("SELECT key, COUNT(*) AS n FROM attempts GROUP BY key")
    return {str(row["key"]): int(row["n"]) for row in rows}


def run_remote(
    settings: BuildSettings,
    spec: CorpusSpec,
    store: ProvenanceStore,
    executor: PaperExecutor,
    signature: str,
    times: StageTimes,
    scratch: Path,
    advanced: Callable[[str, DocumentRun | None], None],
) -> RemoteRun:
    """Run every unfinished document on `executor`; write each result as it returns."""
    tally = DocumentTally(discovered=len(spec.documents))
    jobs: list[PaperJob] = []
    documents: dict[str, SourceDocument] = {}
    for document in spec.documents:
        thread = thread_id(spec.corpus.id, document.display_name, signature)
        finished = store.finished_run(thread)
        if finished is not None:
            tally.already_done += 1
            advanced(
                document.display_name, DocumentRun(json.loads(finished), RunOutcome.ALREADY_DONE)
            )
            continue
        documents[thread] = document
        jobs.append(
            PaperJob(
                document={
                    "path": str(document.path),
                    "format": document.format,
                    "display_name": document.display_name,
                },
                thread=thread,
            )
        )
    setup = WorkerSetup(
        settings=settings,
        parsers=spec.parsers,
        corpus_id=spec.corpus.id,
        attempts=attempt_counts(store),
        store=str(store.out.resolve()),
        scratch=str(scratch.resolve()),
    )
    run = RemoteRun(tally, [], [])
    if not jobs:  # every paper is done: no worker to start, no model to load
        run.chosen = [
            BackendChoice(kind=stage, name="-", backend="not loaded: no paper to run")
            for stage in settings.stages()[1:]
        ]
        return run
    try:
        run.chosen = executor.start(setup)
        for result in executor.run(jobs):
            times.add(result.stage_seconds)
            document = documents[result.job.thread]
            if result.state is None:  # a stage stopped with `failure`
                assert result.failure is not None
                store.write_all(result.batches, cached=result.cached)
                run.failed.append((document, result.failure))
                tally.retry += 1
                advanced(document.display_name, None)
                continue
            state = result.state
            store.write_all(
                result.batches,
                cached=result.cached,
                finished=(result.job.thread, json.dumps(state, sort_keys=True)),
            )
            tally.ran += 1
            if state.get("paper_id") is None:
                tally.rejected += 1
            advanced(document.display_name, DocumentRun(state, RunOutcome.RAN))
    except KeyboardInterrupt:
        run.interrupted = True
    finally:
        executor.close()
    return run
