"""`--backend vllm`: the vLLM offline engine on a local GPU, imported only when chosen.

The engine is made once per run (``LLM(model=..., limit_mm_per_prompt={"image": 1},
generation_config="vllm")``: the model's generation_config.json never sets a sampling
default) and is given the run's items in chunks through ``LLM.chat``, every trial of an
item in one request (``SamplingParams(n=trials, ...)``), so the engine batches freely and
an interrupted run keeps every chunk it finished. The requests themselves (messages with
the image as a data URL, the sampling fields) are built by a pure function,
`vllm_requests`, tested without vLLM.

On a GPU machine::

    pip install vllm
    chemx eval R --backend vllm --model Qwen/Qwen2.5-VL-7B-Instruct --out runs/qwen-image
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from chemx.errors import BackendUnavailable
from chemx.evaluation.backends._base import (
    EvalBatch,
    EvalSettings,
    TrialOutput,
    TrialRequest,
    TrialSink,
)
from chemx.evaluation.records import SamplingParams
from chemx.models.cache import request_key
from chemx.registry import BackendContext

BACKEND = "vllm"
ENDPOINT = "vllm-offline"
"""The endpoint part of the request hash: requests to the offline engine."""
CHUNK_ITEMS = 64
"""Items per ``LLM.chat`` call: large enough to keep the GPU batched, small enough that a
killed run loses little (each chunk's trials are recorded as soon as it returns)."""
INSTALL = (
    "install vLLM on a Linux machine with an NVIDIA GPU (`pip install vllm`), or serve the "
    "model elsewhere (`vllm serve MODEL`) and use --backend openai --base-url URL"
)


@dataclass(frozen=True)
class VllmRequest:
    """One ``LLM.chat`` conversation with its sampling parameters."""

    request: TrialRequest
    trials: tuple[int, ...]
    """The trials its `n` samples become, in order."""
    messages: list[dict[str, Any]]
    """OpenAI-style chat messages (the image part as a base64 data URL)."""
    sampling: dict[str, Any]
    """Keyword arguments of ``vllm.SamplingParams``: n, temperature, top_p, max_tokens, seed."""
    request_hash: str


def vllm_requests(
    requests: Sequence[TrialRequest], params: SamplingParams, model: str, template_hash: str
) -> list[VllmRequest]:
    """The engine's requests, built without vLLM.

    All of an item's trials go in one request (n = trials, the run's seed); the trials a
    resumed run still needs go one request each (n = 1, seed + trial).
    """
    built = []
    for request in requests:
        messages = [message.to_openai() for message in request.messages]
        groups: list[tuple[tuple[int, ...], int | None]]
        if request.all_trials:
            groups = [(request.trials, params.seed)]
        else:
            groups = [
                ((trial,), None if params.seed is None else params.seed + trial)
                for trial in request.trials
            ]
        for trials, seed in groups:
            sampling: dict[str, Any] = {
                "n": len(trials),
                "temperature": params.temperature,
                "top_p": params.top_p,
                "max_tokens": params.max_tokens,
                "seed": seed,
            }
            key = request_key(
                endpoint=ENDPOINT,
                model=model,
                messages=request.messages,
                sampling=sampling,
                structured_output="text",
                schema=None,
                template_hash=template_hash,
            )
            built.append(VllmRequest(request, trials, messages, sampling, key))
    return built


class VllmBackend:
    """The vLLM offline engine (see the module docstring)."""

    name = BACKEND
    endpoint: str | None = ENDPOINT

    def __init__(
        self,
        settings: EvalSettings,
        engine: Callable[[], Any] | None = None,
        sampling_params: Callable[..., Any] | None = None,
    ) -> None:
        """Run on `settings.model`; the engine is made when the first run starts.

        `engine` and `sampling_params` stand in for vLLM's ``LLM`` and ``SamplingParams``
        (tests); by default they are imported from vLLM then.
        """
        self.settings = settings
        self._make_engine = engine
        self._sampling_params = sampling_params
        self._engine: Any = None

    def _load(self) -> tuple[Any, Callable[..., Any]]:
        if self._engine is None:
            if self._make_engine is None or self._sampling_params is None:
                from vllm import LLM, SamplingParams

                self._sampling_params = self._sampling_params or SamplingParams
                model = self.settings.model
                seed = self.settings.sampling.seed
                self._make_engine = self._make_engine or (
                    lambda: LLM(
                        model=model,
                        limit_mm_per_prompt={"image": 1},
                        generation_config="vllm",
                        seed=seed,
                    )
                )
            self._engine = self._make_engine()
        assert self._sampling_params is not None
        return self._engine, self._sampling_params

    def evaluate(self, batch: EvalBatch, sink: TrialSink) -> None:
        """Run the requests through the engine, a chunk at a time."""
        if not batch.requests:
            return
        engine, sampling_params = self._load()
        requests = vllm_requests(
            batch.requests, batch.sampling, self.settings.model, batch.template.sha256
        )
        for start in range(0, len(requests), CHUNK_ITEMS):
            chunk = requests[start : start + CHUNK_ITEMS]
            began = time.monotonic()
            outputs = engine.chat(
                [r.messages for r in chunk],
                [sampling_params(**r.sampling) for r in chunk],
                use_tqdm=False,
            )
            per_request = (time.monotonic() - began) / len(chunk)
            for built, output in zip(chunk, outputs, strict=True):
                prompt_tokens = len(getattr(output, "prompt_token_ids", None) or ())
                for i, (trial, completion) in enumerate(
                    zip(built.trials, output.outputs, strict=True)
                ):
                    sink(
                        built.request,
                        TrialOutput(
                            trial=trial,
                            request_hash=built.request_hash,
                            raw_output=completion.text,
                            seed=built.sampling["seed"],
                            n_in_request=len(built.trials),
                            finish_reason=getattr(completion, "finish_reason", None),
                            latency_s=round(per_request, 4),
                            prompt_tokens=prompt_tokens if i == 0 else 0,
                            completion_tokens=len(getattr(completion, "token_ids", None) or ()),
                        ),
                    )

    def close(self) -> None:
        """Drop the engine (its GPU memory goes with it)."""
        self._engine = None


def make_vllm_backend(context: BackendContext) -> VllmBackend:
    """Registry factory: says what is missing when vLLM or a GPU is not there."""
    if importlib.util.find_spec("vllm") is None:
        raise BackendUnavailable(f"--backend vllm: vLLM is not installed; {INSTALL}")
    import torch

    if not torch.cuda.is_available():
        raise BackendUnavailable(f"--backend vllm: no CUDA GPU is visible; {INSTALL}")
    return VllmBackend(context.settings)
