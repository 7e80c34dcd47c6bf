"""Executors run per-paper work; results flow back to the one store writer.

Per-paper work is independent. Three places can run it:

- ``local``: threads in the build process, each paper writing its stages to the store
  as they finish (checkpointed per stage). Model calls from every paper share one client
  and one limit per endpoint, and external tools (OSRA) run as child processes, so this
  is the choice for LLM-bound builds.
- ``process``: worker processes on this machine (one per core), each running several
  papers in threads: the Python work of the vision stages spreads over every core, and
  model calls still overlap. Each process loads its models once.
- ``ray``: Ray actors on a local or existing Ray cluster (`chemx.pipeline.ray_executor`).

``process`` and ``ray`` run a paper's whole graph in the worker and return its records
(`chemx.pipeline.worker`); only the driver writes the store (`chemx.pipeline.remote`).
"""

from __future__ import annotations

import multiprocessing
import os
import queue
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    Future,
    ThreadPoolExecutor,
    wait,
)
from concurrent.futures import Executor as FuturesExecutor
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from chemx.errors import SettingsError

if TYPE_CHECKING:
    from chemx.pipeline.report import BackendChoice
    from chemx.pipeline.worker import PaperJob, PaperResult, WorkerSetup

T = TypeVar("T")
R = TypeVar("R")


class LocalExecutor:
    """Threads on this machine, with at most `workers` papers in flight."""

    name = "local"

    def __init__(self, workers: int = 4) -> None:
        if workers < 1:
            raise SettingsError(f"--concurrency must be at least 1, got {workers}")
        self.workers = workers

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Yield results as they finish; an exception in fn propagates after in-flight work."""
        if self.workers == 1:
            for item in items:
                yield fn(item)
            return
        pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="chemx")
        yield from _bounded_map(pool, fn, items, ahead=self.workers * 2)


def _bounded_map(
    pool: FuturesExecutor, fn: Callable[[T], R], items: Iterable[T], ahead: int
) -> Iterator[R]:
    """Submit at most `ahead` items at a time to `pool`; yield results as they finish.

    Papers stream through: a corpus of any size holds only `ahead` documents' work in
    flight. Ctrl-C or an error drops what has not started and does not wait for what has
    (the build marks itself interrupted; in-flight papers resume next time).
    """
    iterator = iter(items)
    pending: set[Future[R]] = set()

    def top_up() -> None:
        for item in iterator:
            pending.add(pool.submit(fn, item))
            if len(pending) >= ahead:
                break

    try:
        top_up()
        while pending:
            done, pending_left = wait(pending, return_when=FIRST_COMPLETED)
            pending.clear()
            pending.update(pending_left)
            for future in done:
                yield future.result()
            top_up()
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


class PaperExecutor(Protocol):
    """Runs whole papers in workers that return their records (`chemx.pipeline.worker`)."""

    name: str
    workers: int

    def start(self, setup: WorkerSetup) -> list[BackendChoice]:
        """Start the workers; build one's backends (a bad setting fails here) and name them."""
        ...

    def run(self, jobs: Iterable[PaperJob]) -> Iterator[PaperResult]:
        """Yield each job's result as it finishes."""
        ...

    def close(self) -> None:
        """Stop the workers."""
        ...


class ProcessExecutor:
    """Worker processes on this machine, each running several papers in threads.

    `workers` papers are in flight over `processes` processes (one per core by default):
    threads keep a process's model calls overlapping, processes let the Python work of
    the vision stages use every core (one process holds one interpreter lock). Processes
    are spawned, so no thread or lock is inherited; each loads its models once, and the
    endpoints' limits are shared out among them.
    """

    name = "process"

    def __init__(self, workers: int = 2, processes: int | None = None) -> None:
        self.workers = workers
        self.processes = min(workers, processes or os.cpu_count() or 1)
        self._threads = -(-workers // self.processes)
        self._context = multiprocessing.get_context("spawn")
        self._jobs: Any = None
        self._results: Any = None
        self._members: list[Any] = []

    def start(self, setup: WorkerSetup) -> list[BackendChoice]:
        """Spawn the processes and wait until each has built its backends."""
        from dataclasses import replace

        from chemx.pipeline import worker

        setup = replace(setup, processes=self.processes, papers_at_once=self._threads)
        numeric = max(1, (os.cpu_count() or 1) // self.processes)
        self._jobs = self._context.Queue()
        self._results = self._context.Queue()
        self._members = [
            self._context.Process(
                target=worker.serve,
                args=(setup, self._threads, numeric, self._jobs, self._results),
                name=f"chemx-worker-{n}",
                daemon=True,
            )
            for n in range(self.processes)
        ]
        for member in self._members:
            member.start()
        chosen: list[BackendChoice] = []
        for _ in self._members:
            kind, payload = self._next()
            if kind == "error":
                raise payload
            chosen = payload
        return chosen

    def _next(self) -> tuple[str, Any]:
        """The next message from a worker; a worker that died is an error, not a hang."""
        while True:
            try:
                message: tuple[str, Any] = self._results.get(timeout=1.0)
                return message
            except queue.Empty:
                dead = [m for m in self._members if not m.is_alive()]
                if dead:
                    raise RuntimeError(
                        f"worker process {dead[0].name} died (exit code {dead[0].exitcode}); "
                        "re-run the build to resume"
                    ) from None

    def run(self, jobs: Iterable[PaperJob]) -> Iterator[PaperResult]:
        """Yield results in completion order, with at most two jobs per thread queued."""
        iterator = iter(jobs)
        in_flight = 0
        limit = 2 * self.processes * self._threads
        while True:
            for job in iterator:
                self._jobs.put(job)
                in_flight += 1
                if in_flight >= limit:
                    break
            if in_flight == 0:
                return
            kind, payload = self._next()
            if kind == "error":
                raise payload
            in_flight -= 1
            yield payload

    def close(self) -> None:
        """Ask every thread to stop; stop processes that do not within a few seconds."""
        if not self._members:
            return
        for _ in range(self.processes * self._threads):
            self._jobs.put(None)
        for member in self._members:
            member.join(timeout=5)
            if member.is_alive():
                member.kill()
        self._members = []


def _ray(workers: int, address: str | None) -> PaperExecutor:
    from chemx.pipeline.ray_executor import RayExecutor

    return RayExecutor(workers, address)


EXECUTORS: dict[str, Callable[[int, str | None], LocalExecutor | PaperExecutor]] = {
    "local": lambda workers, address: LocalExecutor(workers),
    "process": lambda workers, address: ProcessExecutor(workers),
    "ray": _ray,
}
"""Executor backends by `--executor` name."""


def make_executor(
    name: str, workers: int, address: str | None = None
) -> LocalExecutor | PaperExecutor:
    """Build the named executor, failing before any work with the choices listed."""
    try:
        factory = EXECUTORS[name]
    except KeyError:
        raise SettingsError(
            f"--executor {name!r} is not known; choose one of: {', '.join(sorted(EXECUTORS))}"
        ) from None
    if address is not None and name != "ray":
        raise SettingsError("--ray-address is for --executor ray")
    return factory(workers, address)
