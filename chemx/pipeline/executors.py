"""Executors run per-paper work; results flow back to the one store writer.

Per-paper work is independent, so the local executor runs papers concurrently in
threads (parsing, image decoding and model inference release the GIL for most of their
time). Backends are looked up by name so a cluster executor can be added without
touching the build.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Protocol, TypeVar

from chemx.errors import SettingsError

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
            raise SettingsError(f"--workers must be at least 1, got {workers}")
        self.workers = workers

    def map_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """Yield results as they finish; an exception in fn propagates after in-flight work."""
        if self.workers == 1:
            for item in items:
                yield fn(item)
            return
        iterator = iter(items)
        pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="chemx")
        try:
            pending: set[Future[R]] = set()
            for item in iterator:
                pending.add(pool.submit(fn, item))
                if len(pending) >= self.workers * 2:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
                for item in iterator:
                    pending.add(pool.submit(fn, item))
                    if len(pending) >= self.workers * 2:
                        break
        except BaseException:
            # Ctrl-C or an error: drop what has not started and do not wait for what has
            # (the build marks itself interrupted; in-flight papers resume next time).
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True)


EXECUTORS: dict[str, Callable[[int], Executor]] = {"local": LocalExecutor}
"""Executor backends by `--executor` name."""


def make_executor(name: str, workers: int) -> Executor:
    """Build the named executor, failing before any work with the choices listed."""
    try:
        factory = EXECUTORS[name]
    except KeyError:
        raise SettingsError(
            f"--executor {name!r} is not known; choose one of: {', '.join(sorted(EXECUTORS))}"
        ) from None
    return factory(workers)
