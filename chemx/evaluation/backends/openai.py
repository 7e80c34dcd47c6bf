"""`--backend openai`: any OpenAI-compatible server, through `chemx.models.ModelClient`.

vllm serve, the OpenAI API, a llama.cpp server: the project's one model client sends the
chat (image as a PNG data URL), with the `evaluated` role's retries, in-flight bound and
secret scrubbing, and caches every answer in the run folder (``responses.sqlite``), so a
resumed run never asks twice for an answer it was given.

Throughput: up to ``--concurrency`` requests are in flight for the whole run. Each item
asks for all its trials in one request (``n`` = trials) where the server accepts that;
the client falls back to one request per trial otherwise and remembers the endpoint.
Workers pull the next item as soon as they are free, so the server always has
``--concurrency`` requests to work on (``scripts/bench_eval.py`` measures how close to
the latency floor this comes).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

from chemx.errors import SettingsError
from chemx.evaluation.backends._base import (
    EvalBatch,
    EvalSettings,
    TrialOutput,
    TrialRequest,
    TrialSink,
)
from chemx.evaluation.records import SamplingParams
from chemx.evaluation.run_folder import RESPONSES_FILE
from chemx.models import (
    EVALUATED_ROLE,
    ConfigError,
    ModelClient,
    ModelsConfig,
    Sampling,
    SqliteCache,
)
from chemx.models.text import TextSample
from chemx.registry import BackendContext

BACKEND = "openai"
FLAGS = {
    "base_url": "--base-url",
    "api_key_env": "--api-key-env",
    "model": "--model",
    "temperature": "--temperature",
    "max_tokens": "--max-tokens",
    "concurrency": "--concurrency",
}
"""The `chemx eval` flag behind each endpoint field, for error messages."""


def sampling_for(params: SamplingParams, offset: int = 0) -> Sampling:
    """The client's sampling for one request; `offset` is added to the seed (trial t)."""
    return Sampling(
        temperature=params.temperature,
        max_tokens=params.max_tokens,
        top_p=params.top_p,
        seed=None if params.seed is None else params.seed + offset,
    )


def trial_output(trial: int, sample: TextSample) -> TrialOutput:
    """A sample of the client as the trial it is."""
    return TrialOutput(
        trial=trial,
        request_hash=sample.call.request_hash,
        raw_output=sample.text,
        seed=sample.seed,
        n_in_request=sample.n,
        finish_reason=sample.finish_reason,
        latency_s=sample.call.latency_s,
        prompt_tokens=sample.prompt_tokens,
        completion_tokens=sample.completion_tokens,
        error=sample.error,
    )


class OpenAIBackend:
    """Evaluates through an OpenAI-compatible endpoint (see the module docstring)."""

    name = BACKEND

    def __init__(self, settings: EvalSettings, config: ModelsConfig) -> None:
        """Use `config`'s `evaluated` role; the client is made when a run starts."""
        self.settings = settings
        self.config = config
        self.endpoint: str | None = config.role(EVALUATED_ROLE).endpoint

    def evaluate(self, batch: EvalBatch, sink: TrialSink) -> None:
        """Answer every request of `batch`, up to ``--concurrency`` requests at once."""
        if not batch.requests:
            return
        with SqliteCache(self.settings.out / RESPONSES_FILE) as cache:
            client = ModelClient(self.config, cache=cache)
            try:
                asyncio.run(self._evaluate(client, batch, sink))
            finally:
                client.close()

    def close(self) -> None:
        """Nothing stays open between runs."""

    async def _evaluate(self, client: ModelClient, batch: EvalBatch, sink: TrialSink) -> None:
        pending: Iterator[TrialRequest] = iter(batch.requests)

        async def worker() -> None:
            for request in pending:  # one shared iterator: a free worker takes the next item
                await self._answer(client, request, batch, sink)

        workers = min(self.settings.concurrency, len(batch.requests))
        try:
            async with asyncio.TaskGroup() as group:  # one failure cancels the other workers
                for _ in range(workers):
                    group.create_task(worker())
        except BaseExceptionGroup as failures:
            raise failures.exceptions[0] from None  # the error itself, not its group
        finally:
            await client.aclose()

    async def _answer(
        self, client: ModelClient, request: TrialRequest, batch: EvalBatch, sink: TrialSink
    ) -> None:
        item = request.item
        if request.all_trials:
            result = await client.complete_text(
                EVALUATED_ROLE,
                request.messages,
                n=request.total_trials,
                sampling=sampling_for(batch.sampling),
                template=batch.template,
                node_id=item.id,
            )
            for trial, sample in zip(request.trials, result.samples, strict=True):
                sink(request, trial_output(trial, sample))
            return

        async def one(trial: int) -> None:
            result = await client.complete_text(
                EVALUATED_ROLE,
                request.messages,
                n=1,
                sampling=sampling_for(batch.sampling, trial),
                template=batch.template,
                node_id=item.id,
            )
            sink(request, trial_output(trial, result.samples[0]))

        await asyncio.gather(*(one(trial) for trial in request.trials))


def models_config(settings: EvalSettings) -> ModelsConfig:
    """The `evaluated` role's endpoint from the flags (checked now, key variable included)."""
    if not settings.base_url:
        raise SettingsError(
            "--backend openai needs --base-url: e.g. http://localhost:8000/v1 for `vllm serve`,"
            " or https://api.openai.com/v1 with --api-key-env OPENAI_API_KEY"
        )
    fields: dict[str, Any] = {
        "base_url": settings.base_url,
        "model": settings.model,
        "temperature": settings.sampling.temperature,
        "max_tokens": settings.sampling.max_tokens,
        "concurrency": settings.concurrency,
        "timeout_s": settings.timeout_s,
        "max_retries": settings.max_retries,
    }
    if settings.api_key_env:
        fields["api_key_env"] = settings.api_key_env
    overrides = {f"{EVALUATED_ROLE}.{name}": value for name, value in fields.items()}
    try:
        return ModelsConfig.load(None, overrides)
    except ConfigError as exc:  # "<no models file>: [evaluated] base_url: ..." -> "--base-url: ..."
        lines = []
        for line in str(exc).splitlines():
            _, _, problem = line.partition(f"[{EVALUATED_ROLE}] ")
            name, _, reason = (problem or line).partition(": ")
            flag = FLAGS.get(name)
            lines.append(f"{flag}: {reason}" if flag else line)
        raise SettingsError("; ".join(lines)) from None


def make_openai_backend(context: BackendContext) -> OpenAIBackend:
    """Registry factory: checks the endpoint flags before any work."""
    settings: EvalSettings = context.settings
    return OpenAIBackend(settings, models_config(settings))
