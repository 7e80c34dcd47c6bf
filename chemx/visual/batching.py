"""Figures from all the papers in flight go through the classifier together.

A build runs many papers at once (`--concurrency`), each in its own thread, and each
paper has only a few figures: a network that sees one paper's figures at a time runs on
half-empty batches. `MicroBatcher` takes work from every thread into one queue and runs
it in batches of a fixed size, waiting a few milliseconds for a batch to fill; the
figure classifier is wrapped in one (`SharedClassifier`) when more than one paper is in
flight in a process and its passes hold more than one figure (on a GPU by default; on
the CPU with `--classifier-batch`, see `chemx.visual.classifier.CPU_BATCH`).

Results do not depend on which papers happen to share a batch: the classifier pads every
batch to the same size, and an image's scores in a batch of fixed size are the same
whatever the other images are (checked in the tests), so a build's store is the same
however its papers were interleaved.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from PIL import Image

from chemx.visual.classifier import FigureClassifier, FigurePrediction

In = TypeVar("In")
Out = TypeVar("Out")

DEFAULT_WAIT_S = 0.005
"""How long a part-filled batch waits for more work before it runs: short beside a
network pass (50-100 ms per figure on a CPU core), long beside a thread switch."""


@dataclass
class _Request(Generic[In, Out]):
    """One caller's items and the slots its outputs go into."""

    items: list[In]
    outputs: list[Out | None]
    remaining: int
    done: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None


@dataclass
class BatchStats:
    """How full the batches were (for benchmarks and logs)."""

    batches: int = 0
    items: int = 0
    shared: int = 0
    """Batches that held the items of more than one caller."""

    @property
    def mean_batch(self) -> float:
        """Items per batch."""
        return self.items / self.batches if self.batches else 0.0


class MicroBatcher(Generic[In, Out]):
    """Runs `run` over items from many threads, `batch_size` at a time, in one thread.

    `map` blocks its caller until its own items are done and returns their outputs in
    order. A batch takes items from the oldest request first, so no caller starves. An
    exception in `run` fails every request with an item in that batch and no other.
    """

    def __init__(
        self,
        run: Callable[[list[In]], list[Out]],
        batch_size: int,
        wait_s: float = DEFAULT_WAIT_S,
        name: str = "chemx-batcher",
    ) -> None:
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, not {batch_size}")
        self._run = run
        self.batch_size = batch_size
        self.wait_s = wait_s
        self.stats = BatchStats()
        self._queue: deque[tuple[_Request[In, Out], int]] = deque()
        self._ready = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def map(self, items: Sequence[In]) -> list[Out]:
        """Outputs for `items`, in order, computed in batches shared with other callers."""
        if not items:
            return []
        request: _Request[In, Out] = _Request(list(items), [None] * len(items), len(items))
        with self._ready:
            if self._closed:
                raise RuntimeError("the batcher is closed")
            self._queue.extend((request, index) for index in range(len(items)))
            self._ready.notify()
        request.done.wait()
        if request.error is not None:
            raise request.error
        return cast("list[Out]", request.outputs)

    def close(self) -> None:
        """Finish the queued work, then stop the batching thread."""
        with self._ready:
            self._closed = True
            self._ready.notify()
        self._thread.join()

    def _take(self) -> list[tuple[_Request[In, Out], int]] | None:
        """The next batch: full, or what came within `wait_s` of its first item."""
        with self._ready:
            while not self._queue:
                if self._closed:
                    return None
                self._ready.wait()
            deadline = time.monotonic() + self.wait_s
            while len(self._queue) < self.batch_size and not self._closed:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._ready.wait(left)
            size = min(self.batch_size, len(self._queue))
            return [self._queue.popleft() for _ in range(size)]

    def _serve(self) -> None:
        while (batch := self._take()) is not None:
            requests = {id(request): request for request, _ in batch}
            try:
                outputs = self._run([request.items[index] for request, index in batch])
                if len(outputs) != len(batch):
                    raise RuntimeError(f"{len(outputs)} outputs for a batch of {len(batch)}")
            except BaseException as error:  # handed to the callers, who raise it
                for request in requests.values():
                    request.error = error
                    request.done.set()
                continue
            self.stats.batches += 1
            self.stats.items += len(batch)
            self.stats.shared += len(requests) > 1
            for (request, index), output in zip(batch, outputs, strict=True):
                if request.error is not None:
                    continue
                request.outputs[index] = output
                request.remaining -= 1
                if request.remaining == 0:
                    request.done.set()


class SharedClassifier:
    """A `FigureClassifier` whose network passes are shared by the papers in flight.

    Images are turned into tensors in the calling threads (in parallel); the network
    runs in the batcher's thread on full batches when the papers give enough figures.
    """

    def __init__(self, classifier: FigureClassifier, wait_s: float = DEFAULT_WAIT_S) -> None:
        self.classifier = classifier
        self.backend = classifier.backend
        self.batcher: MicroBatcher[Any, FigurePrediction] = MicroBatcher(
            classifier.classify_tensors,
            classifier.batch_size,
            wait_s,
            name="chemx-figure-classifier",
        )

    def predict(self, images: Sequence[Image.Image]) -> list[FigurePrediction]:
        """One prediction per image, in order, equal to the unshared classifier's."""
        return self.batcher.map(self.classifier.tensors(images))

    def close(self) -> None:
        """Stop the batching thread once the queued figures are classified."""
        self.batcher.close()
