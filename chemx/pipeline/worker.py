"""One paper's whole run in a worker process or Ray actor; the driver writes the results.

A worker builds its backends once (`PaperWorker`), then runs each paper's graph against
a private scratch store in a temporary folder. Every batch the agents write there is
also kept, in order, and returned in a `PaperResult` with the model answers to cache;
the driver (`chemx.pipeline.remote`) writes them into the real store in one transaction
with the mark that the paper is done. So the store has one writer however many workers
run, a worker on another machine needs no access to it, and a kill at any moment leaves
each paper either wholly written or not at all.

What a worker reads from the driver's store it gets at start (`WorkerSetup.attempts`,
the failed attempts so far, which bound retries) or reads read-only when the store is
on a disk it sees (the response cache).
"""

from __future__ import annotations

import os
import queue
import socket
import tempfile
import threading
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from chemx.agents.acquisition import AcquisitionAgent
from chemx.errors import RetryableFailure
from chemx.pipeline.graph import StageTimes, build_paper_graph
from chemx.pipeline.report import BackendChoice
from chemx.pipeline.stages import StageBackends, model_client
from chemx.pipeline.state import DocumentRef, PaperState
from chemx.provenance.builds import MAX_ATTEMPTS
from chemx.provenance.store import ProvenanceStore, StoreError, WriteBatch, WriteResult
from chemx.settings import BuildSettings
from chemx.sources import DocumentParser


@dataclass(frozen=True)
class WorkerSetup:
    """Everything a worker needs to build its backends; picklable, sent once per worker."""

    settings: BuildSettings
    parsers: dict[str, DocumentParser]
    corpus_id: str
    attempts: dict[str, int] = field(default_factory=dict)
    """Failed attempts per key recorded in the store when the build started."""
    store: str | None = None
    """The driver's store folder, read for cached model answers when this machine sees it."""
    scratch: str | None = None
    """The build's temporary folder (external tools write there), when this machine sees it."""
    processes: int = 1
    """Worker processes sharing each endpoint's limit (each has its own model client)."""
    papers_at_once: int = 1
    """Papers each worker runs at once, in threads (they share the classifier's passes)."""


@dataclass(frozen=True)
class PaperJob:
    """One document to run, and the key its finished run is recorded under."""

    document: DocumentRef
    thread: str


@dataclass
class PaperResult:
    """What a worker returns for one paper; the driver writes it."""

    job: PaperJob
    batches: list[WriteBatch]
    """Every batch the paper's stages wrote, in order."""
    cached: list[tuple[str, str]]
    """(request key, validated answer) pairs for the response cache: the answers this
    worker received since its last result (with threads, possibly another paper's)."""
    state: PaperState | None
    """The graph's final state; None when a stage stopped with `failure`."""
    failure: RetryableFailure | None = None
    stage_seconds: dict[str, float] = field(default_factory=dict)
    worker: str = ""
    """host:pid of the worker, for logs."""


class SnapshotRetries:
    """`RetryChecker` over the attempt counts the driver's store had at start."""

    def __init__(self, attempts: dict[str, int], max_attempts: int = MAX_ATTEMPTS) -> None:
        self.attempts = attempts
        self.max_attempts = max_attempts

    def retry(self, key: str) -> bool:
        """True while fewer than `max_attempts` attempts at `key` have failed, counting this."""
        return self.attempts.get(key, 0) + 1 < self.max_attempts


class WorkerCache:
    """The response cache as a worker sees it: read from the driver's store, new answers kept.

    New answers are handed to the driver with the paper (`take`), which writes them; the
    read-only connection sees them once written, so this worker keeps nothing for long.
    """

    def __init__(self, store: str | None) -> None:
        self._main: ProvenanceStore | None = None
        if store is not None and (Path(store) / "chemx.db").exists():
            try:
                self._main = ProvenanceStore(Path(store), readonly=True)
            except StoreError:
                self._main = None
        self._pending: dict[str, str] = {}
        self._lock = threading.Lock()

    def cache_get(self, key: str) -> str | None:
        """This paper's answer for `key`, else the driver store's, else None."""
        with self._lock:
            if key in self._pending:
                return self._pending[key]
        return self._main.cache_get(key) if self._main is not None else None

    def cache_put(self, key: str, response: str) -> None:
        """Keep a validated answer until the driver writes it (first answer wins)."""
        with self._lock:
            self._pending.setdefault(key, response)

    def take(self) -> list[tuple[str, str]]:
        """The answers kept since the last call, in the order they came."""
        with self._lock:
            taken = list(self._pending.items())
            self._pending.clear()
        return taken

    def close(self) -> None:
        """Close the read-only connection."""
        if self._main is not None:
            self._main.close()


class RecordingStore(ProvenanceStore):
    """A scratch store that also keeps every batch written to it, in order.

    Its response cache is the worker's (`WorkerCache`): what an agent caches in the store
    (OSRA readings of a crop, say) is read from and handed to the driver's store, so a
    crop met again in another paper, or a paper run again, is not read twice.
    """

    def __init__(self, out: Path, cache: WorkerCache) -> None:
        super().__init__(out)
        self.batches: list[WriteBatch] = []
        self.cache = cache

    def cache_get(self, key: str) -> str | None:
        """The worker's cached answer for `key` (the driver's store, or new this run)."""
        return self.cache.cache_get(key)

    def cache_put(self, key: str, response: str) -> None:
        """Hand an answer to the driver with the next result."""
        self.cache.cache_put(key, response)

    def write_all(
        self,
        batches: Any,
        *,
        cached: Any = (),
        finished: tuple[str, str] | None = None,
    ) -> WriteResult:
        """Write to the scratch store and keep the batches for the driver."""
        batches = list(batches)
        self.batches.extend(batches)
        return super().write_all(batches, cached=cached, finished=finished)


class PaperWorker:
    """Backends built once; `run` takes one paper through every stage."""

    def __init__(self, setup: WorkerSetup) -> None:
        self.setup = setup
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        if setup.scratch is not None and Path(setup.scratch).is_dir():
            tempfile.tempdir = setup.scratch
        self._resources = ExitStack()
        self._cpu = threading.Lock()
        """One paper at a time cuts and reads its figures in this process; the others
        meanwhile wait on model calls. Without it, every paper in flight would start its
        vision work at once and crawl through it together, time-sliced, so none would
        reach its model calls early and the endpoints would idle at the start."""
        self.cache = WorkerCache(setup.store)
        self._resources.callback(self.cache.close)
        try:
            client = self._resources.enter_context(
                model_client(setup.settings, self.cache, setup.processes)
            )
            self.backends = StageBackends.build(
                setup.settings, client, SnapshotRetries(setup.attempts), setup.papers_at_once
            )
            self._resources.callback(self.backends.close)
        except BaseException:
            self._resources.close()
            raise

    @property
    def chosen(self) -> list[BackendChoice]:
        """The backends this worker built, for the build report."""
        return self.backends.chosen

    def run(self, job: PaperJob) -> PaperResult:
        """Run one paper against a fresh scratch store; failures a retry can change return."""
        times = StageTimes()
        with tempfile.TemporaryDirectory(prefix="chemx-paper-") as folder:
            store = RecordingStore(Path(folder), self.cache)
            graph = build_paper_graph(
                AcquisitionAgent(store, self.setup.parsers),
                self.backends.nodes(store, cpu_gate=self._cpu),
                checkpointer=None,
                times=times,
            )
            initial: PaperState = {
                "document": job.document,
                "corpus_id": self.setup.corpus_id,
                "counts": {},
                "stages_done": [],
            }
            state: PaperState | None = None
            failure: RetryableFailure | None = None
            try:
                state = cast(PaperState, graph.invoke(initial))
            except RetryableFailure as error:
                failure = error
            finally:
                store.close()
            return PaperResult(
                job=job,
                batches=store.batches,
                cached=self.cache.take(),
                state=state,
                failure=failure,
                stage_seconds=times.rounded(),
                worker=self.name,
            )

    def close(self) -> None:
        """Release the model client and the cache connection."""
        self._resources.close()


def serve(setup: WorkerSetup, threads: int, numeric_threads: int, jobs: Any, results: Any) -> None:
    """A worker process's main loop: `threads` papers at once until a None job per thread.

    Runs in a spawned process. Numeric libraries get `numeric_threads` threads each, so
    N processes do not each start one per core. Puts ("ready", backends) once the
    backends are built, then ("done", PaperResult) per job; ("error", exception) for
    anything else, which stops the build (a bug, not a failure a retry can change).
    """
    for variable in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ[variable] = str(numeric_threads)
    try:
        worker = PaperWorker(setup)
    except BaseException as error:  # a bad setting or a missing weight: the driver says it
        results.put(("error", error))
        return
    results.put(("ready", worker.chosen))

    driver = os.getppid()

    def next_job() -> PaperJob | None:
        while True:
            try:
                job: PaperJob | None = jobs.get(timeout=1.0)
                return job
            except queue.Empty:
                if os.getppid() != driver:  # the driver was killed: do not linger
                    return None

    def loop() -> None:
        while (job := next_job()) is not None:
            try:
                results.put(("done", worker.run(job)))
            except BaseException as error:
                results.put(("error", error))

    pool = [threading.Thread(target=loop, name=f"chemx-paper-{n}") for n in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    worker.close()
