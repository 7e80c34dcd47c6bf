"""`--executor ray`: papers as tasks on Ray actors, one model load per actor.

Each actor is a `PaperWorker` (backends built once in its constructor); papers go to
whichever actor is free, and each returns its records to the driver, the only writer of
the store. With no `--ray-address` a private Ray instance is started on this machine
with `--concurrency` CPUs and stopped at the end; with one (``auto`` or ``HOST:PORT``)
the build joins that cluster and leaves it running.

On a cluster every node must see the documents at the same path (a shared file system,
or `--mirror` synced on each node); the store need not be shared: without it the workers
simply do not read cached model answers. When the cluster has GPUs, each actor asks
for an equal share of them, so the torch backends run on the GPU.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from chemx.errors import BackendUnavailable, SettingsError
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
    """Runs papers on `workers` Ray actors of a local or existing cluster."""

    name = "ray"

    def __init__(self, workers: int = 2, address: str | None = None) -> None:
        if workers < 1:
            raise SettingsError(f"--concurrency must be at least 1, got {workers}")
        self.workers = workers
        self.address = address
        self._actors: list[Any] = []
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
                    num_cpus=self.workers,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            else:
                ray.init(address=self.address, log_to_driver=False, configure_logging=False)
            self._started_ray = True
        gpus = float(ray.cluster_resources().get("GPU", 0.0))
        actor = ray.remote(_PaperActor).options(
            num_cpus=1, num_gpus=gpus / self.workers if gpus else 0
        )
        self._actors = [actor.remote(setup) for _ in range(self.workers)]
        chosen: list[BackendChoice] = ray.get(self._actors[0].describe.remote())
        return chosen

    def run(self, jobs: Iterable[PaperJob]) -> Iterator[PaperResult]:
        """Yield results in completion order; each actor holds one paper at a time."""
        from ray.util import ActorPool

        pool = ActorPool(self._actors)
        yield from pool.map_unordered(lambda actor, job: actor.run.remote(job), list(jobs))

    def close(self) -> None:
        """Stop the actors, and Ray itself when this build started it."""
        import ray

        for actor in self._actors:
            ray.kill(actor)
        self._actors = []
        if self._started_ray:
            ray.shutdown()
            self._started_ray = False
