"""`--executor ray`: papers as tasks on Ray actors, one model load per actor.

Each actor is a `PaperWorker` (backends built once in its constructor) running several
papers in threads; papers go to actors with a free thread, and each returns its records
to the driver, the only writer of the store. With no `--ray-address` a private Ray
instance is started on this machine (one CPU per actor, up to the cores) and stopped at
the end; with one (``auto`` or ``HOST:PORT``) the build joins that cluster and leaves it
running.

On a cluster every node must see the documents at the same path (a shared file system,
or `--mirror` synced on each node); the store need not be shared: without it the workers
simply do not read cached model answers. When the cluster has GPUs, each actor asks
for an equal share of them, so the torch backends run on the GPU.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from chemx.errors import BackendUnavailable
from chemx.pipeline.report import BackendChoice
from chemx.pipeline.worker import PaperJob, PaperResult, PaperWorker, WorkerSetup


class _PaperActor:
    """A Ray actor around one `PaperWorker`."""

    def __init__(self, setup: WorkerSetup) -> None:
        self.worker = PaperWorker(setup)

    def describe(self) -> list[BackendChoice]:
        return self.worker.chosen

    def run(self, job: PaperJob) -> PaperResult:
        return self.worker.run(job)


class RayExecutor:
    """Runs papers on Ray actors of a local or existing cluster, several per actor.

    `workers` papers are in flight over `actors` actors (one per CPU of a private
    instance, or `workers` on a cluster); each actor runs its papers in threads, like
    a worker process of the `process` executor, and the endpoints' limits are shared out
    among the actors.
    """

    name = "ray"

    def __init__(self, workers: int = 2, address: str | None = None) -> None:
        self.workers = workers
        self.address = address
        self._actors: list[Any] = []
        self._threads = 1
        self._started_ray = False

    def start(self, setup: WorkerSetup) -> list[BackendChoice]:
        """Join or start Ray and create the actors; the first one's backends name them."""
        try:
            import ray
        except ImportError as error:
            raise BackendUnavailable(
                "--executor ray needs the ray package: pip install 'chemx[ray]'"
            ) from error
        if not ray.is_initialized():
            if self.address is None:
                ray.init(
                    num_cpus=min(self.workers, os.cpu_count() or 1),
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            else:
                ray.init(address=self.address, log_to_driver=False, configure_logging=False)
            self._started_ray = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        actors = max(1, min(self.workers, cpus))
        self._threads = -(-self.workers // actors)
        gpus = float(ray.cluster_resources().get("GPU", 0.0))
        actor = ray.remote(_PaperActor).options(
            num_cpus=1, num_gpus=gpus / actors if gpus else 0, max_concurrency=self._threads
        )
        setup = replace(setup, processes=actors, papers_at_once=self._threads)
        self._actors = [actor.remote(setup) for _ in range(actors)]
        chosen: list[BackendChoice] = ray.get(self._actors[0].describe.remote())
        ray.get([a.describe.remote() for a in self._actors[1:]])  # every actor is ready
        return chosen

    def run(self, jobs: Iterable[PaperJob]) -> Iterator[PaperResult]:
        """Yield results in completion order, `threads` papers in flight per actor."""
        import ray

        iterator = iter(jobs)
        in_flight: dict[Any, Any] = {}  # object ref -> actor
        load = {id(actor): 0 for actor in self._actors}

        def top_up() -> None:
            for actor in self._actors:
                while load[id(actor)] < self._threads:
                    job = next(iterator, None)
                    if job is None:
                        return
                    in_flight[actor.run.remote(job)] = actor
                    load[id(actor)] += 1

        top_up()
        while in_flight:
            (ready,), _ = ray.wait(list(in_flight), num_returns=1)
            actor = in_flight.pop(ready)
            load[id(actor)] -= 1
            result: PaperResult = ray.get(ready)
            yield result
            top_up()

    def close(self) -> None:
        """Stop the actors, and Ray itself when this build started it."""
        import ray

        for actor in self._actors:
            ray.kill(actor)
        self._actors = []
        if self._started_ray:
            ray.shutdown()
            self._started_ray = False
