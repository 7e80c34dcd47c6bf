"""Executors run per-paper work; results flow back to the one store writer.

Per-paper work is independent. Three places can run it:

- ``local``: threads in the build process, each paper writing its stages to the store
  as they finish (checkpointed per stage). Model calls from every paper share one client
  and one limit per endpoint, and external tools (OSRA) run as child processes, so this
  is the choice for LLM-bound builds.
- ``process``: worker processes on this machine, for CPU-bound Python work (the vision
  stages) that threads cannot spread over the cores. Each process loads its models once.
- ``ray``: Ray actors on a local or existing Ray cluster (`chemx.pipeline.ray_executor`).

``process`` and ``ray`` run a paper's whole graph in the worker and return its records
(`chemx.pipeline.worker`); only the driver writes the store (`chemx.pipeline.remote`).
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from concurrent.futures import Executor as FuturesExecutor
from typing import TYPE_CHECKING, Protocol, TypeVar

from chemx.errors import SettingsError

if TYPE_CHECKING:
    from chemx.pipeline.report import BackendChoice
    from chemx.pipeline.worker import PaperJob, PaperResult, WorkerSetup

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    """Applies a function to items, yielding results as they complete."""

    name: str

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Yield fn(item) for every item, in completion order."""
        ...


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
    """Worker processes on this machine (spawned, so no thread or lock is inherited)."""

    name = "process"

    def __init__(self, workers: int = 2) -> None:
        if workers < 1:
            raise SettingsError(f"--concurrency must be at least 1, got {workers}")
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def start(self, setup: WorkerSetup) -> list[BackendChoice]:
        """Spawn the processes; the first builds its backends now."""
        from chemx.pipeline import worker

        threads = max(1, (os.cpu_count() or 1) // self.workers)
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=worker.init_process,
            initargs=(setup, threads),
        )
        return self._pool.submit(worker.describe_process_worker).result()

    def run(self, jobs: Iterable[PaperJob]) -> Iterator[PaperResult]:
        """Yield results in completion order, with at most two jobs per worker queued."""
        from chemx.pipeline import worker

        if self._pool is None:
            raise RuntimeError("start() the executor before run()")
        pool, self._pool = self._pool, None  # _bounded_map shuts it down
        yield from _bounded_map(pool, worker.run_in_process, jobs, ahead=self.workers * 2)

    def close(self) -> None:
        """Stop the processes without waiting for queued work."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


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
