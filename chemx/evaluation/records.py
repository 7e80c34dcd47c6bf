"""What an evaluation run reads and writes: items, sampling, one record per trial, the run.

A run folder holds ``run.json`` (a `RunManifest`) and ``trials.jsonl``, one `TrialRecord`
per line, appended as trials finish. Every score in a report is computed from these lines,
and each line names the item, the request (by hash) and the raw output behind it, so a
score can always be traced to the outputs that made it.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Letter = Literal["A", "B", "C", "D"]
LETTERS: tuple[Letter, ...] = ("A", "B", "C", "D")


class Condition(StrEnum):
    """What the model is shown (seed 002, section 5 and appendix F)."""

    IMAGE = "image"
    """The structure image, the stem and the options (the benchmark proper)."""
    TEXT_ONLY = "text-only"
    """The same prompt with the image removed (does the item need the structure?)."""
    EGA = "ega"
    """Evidence-Grounded Attribution (seed 002, appendix F): the image, stem and options with
    a prompt that makes the model ground each option in the depicted structure before it
    chooses. No paper text is given: the paper's evidence sentence states the answer."""
    CONTEXT = "context"
    """Extra per-item text from a file (`--extra-context`, the seed's interventions C1-C3)."""


class EvalItem(BaseModel):
    """One released item as the evaluator needs it (from the release's parquet + provenance)."""

    model_config = ConfigDict(frozen=True)

    id: str
    paper_id: str
    stem: str
    choices: tuple[str, str, str, str]
    answer: Letter
    reasoning_type: str
    entry_type: str
    published: str = ""
    """ISO date of the source paper ('' when unknown): accuracy by publication year."""
    image_png: bytes | None = Field(default=None, repr=False)
    evidence: tuple[str, ...] = ()
    """The evidence sentences from the item's provenance file (for the EGA condition)."""
    features: tuple[str, ...] = ()
    """The feature each option names, A-D (shortcut baselines use them)."""


class SamplingParams(BaseModel):
    """Sent explicitly with every request: a server's generation_config never decides."""

    model_config = ConfigDict(frozen=True)

    temperature: float = Field(default=0.7, ge=0.0, le=2.0)
    top_p: float = Field(default=1.0, gt=0.0, le=1.0)
    max_tokens: int = Field(default=2048, gt=0)
    seed: int | None = 0
    """Base seed; trial t of an item uses seed + t where the backend accepts a seed."""


class TrialRecord(BaseModel):
    """One trial of one item under one condition: one line of ``trials.jsonl``."""

    model_config = ConfigDict(frozen=True)

    item_id: str
    paper_id: str
    condition: Condition
    trial: int = Field(ge=0)
    request_hash: str
    """Hash of the request (model, messages, sampling): the same request, the same hash."""
    raw_output: str | None
    """The model's text, verbatim; None when the request failed (see `error`)."""
    parsed_answer: Letter | None
    """The letter the extraction chain found; None when it found none (counts as wrong)."""
    extraction: str | None = None
    """Which extraction rule matched, e.g. 'final_answer' (see `chemx.evaluation.extract`)."""
    correct: bool
    latency_s: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    backend: str
    """'openai', 'vllm' or 'baseline:<name>'."""
    model: str
    sampling: SamplingParams
    template_id: str | None = None
    template_hash: str | None = None
    error: str | None = None
    """Why there is no output (after the client's retries); such a trial is retried on resume."""
    seed: int | None = None
    """The seed of the request this trial came from (`sampling.seed`, or + trial when the
    trials were asked one request each)."""
    n_in_request: int = Field(default=1, ge=1)
    """How many trials that request produced (n=trials in one request where the server
    accepts it); its latency and token counts are shared by them."""
    finish_reason: str | None = None
    """The server's finish reason ('stop', 'length': cut at max_tokens, ...)."""


class RunManifest(BaseModel):
    """``run.json``: what was evaluated, how, on which release."""

    run_id: str
    release: str
    """The release folder as given."""
    release_checksum: str
    """The release's combined checksum: scores name exactly which release they are on."""
    model: str
    backend: str
    condition: Condition
    trials: int = Field(ge=1)
    sampling: SamplingParams
    template_id: str
    template_hash: str
    items: int
    extra_context: str | None = None
    extra_context_sha256: str | None = None
    """SHA-256 of the --extra-context file: a changed file is a different run."""
    endpoint: str | None = None
    """Where the model was served (the base URL; None for offline backends)."""
    created_at: dt.datetime
    chemx_version: str
