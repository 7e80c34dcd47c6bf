"""What every evaluation backend takes and gives: settings, requests, outputs, the Protocol.

The runner (`chemx.evaluation.runner`) owns the protocol of a run (which trials are left,
the prompt, answer extraction, the records); a backend only turns prompts into text. It
gets the trials still to run as `TrialRequest`s and hands back one `TrialOutput` per
trial through the sink, as each finishes, so an interrupted run loses nothing it was
given. Trial ``t`` of an item is sampled with the run's seed when all of an item's trials
come from one request (``n`` = trials), and with ``seed + t`` when each trial is its own
request, so both ways are reproducible.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from chemx.evaluation.records import Condition, EvalItem, SamplingParams
from chemx.models.messages import Message
from chemx.prompts import PromptTemplate


class EvalSettings(BaseModel):
    """What `chemx eval` was asked to do (its flags, typed and checked)."""

    model_config = ConfigDict(frozen=True)

    release: Path
    model: str = Field(min_length=1)
    """The served model's name (openai), a model path or hub id (vllm), or a baseline."""
    backend: str
    condition: Condition = Condition.IMAGE
    trials: int = Field(default=3, ge=1, le=64)
    sampling: SamplingParams = SamplingParams()
    out: Path
    """The run folder (run.json, trials.jsonl, responses.sqlite)."""
    extra_context: Path | None = None
    base_url: str | None = None
    api_key_env: str | None = None
    concurrency: int = Field(default=16, ge=1, le=1024)
    """Requests in flight at once, for the whole run (openai)."""
    timeout_s: float = Field(default=600.0, gt=0)
    """Per request: a reasoning model may think for minutes."""
    max_retries: int = Field(default=4, ge=0)


@dataclass(frozen=True)
class TrialRequest:
    """One item's prompt and the trials of it still to run."""

    item: EvalItem
    messages: tuple[Message, ...]
    trials: tuple[int, ...]
    """The trials to run (0-based), ascending; all of them unless a resumed run has some."""
    total_trials: int

    @property
    def all_trials(self) -> bool:
        """Whether every trial of the item is to run (then one request with n may serve)."""
        return len(self.trials) == self.total_trials


@dataclass(frozen=True)
class TrialOutput:
    """What a backend got for one trial, before the answer is read from it."""

    trial: int
    request_hash: str
    raw_output: str | None
    """The text, verbatim; None when the request failed (`error` says why)."""
    seed: int | None = None
    n_in_request: int = 1
    finish_reason: str | None = None
    latency_s: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    error: str | None = None


TrialSink = Callable[[TrialRequest, TrialOutput], None]
"""Called once per finished trial, on the thread that called `evaluate`."""


@dataclass(frozen=True)
class EvalBatch:
    """The work of one run: the requests left, and every item of the run."""

    requests: tuple[TrialRequest, ...]
    items: tuple[EvalItem, ...]
    """Every item evaluated (not only those left): baselines compare items across them."""
    template: PromptTemplate
    sampling: SamplingParams


@runtime_checkable
class EvaluationBackend(Protocol):
    """Turns prompts into text (`BackendKind.EVALUATION`)."""

    name: str
    """Recorded as `TrialRecord.backend`: 'openai', 'vllm', 'baseline:<name>'."""
    endpoint: str | None
    """Where the model is served (recorded in run.json); None for offline backends."""

    def evaluate(self, batch: EvalBatch, sink: TrialSink) -> None:
        """Run every trial of `batch`, calling `sink` as each finishes."""
        ...

    def close(self) -> None:
        """Release connections, engines and files."""
        ...
