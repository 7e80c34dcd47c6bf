"""Quality-control decisions and model calls, attached to nodes."""

from __future__ import annotations

import datetime as dt
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Gate(StrEnum):
    """Where a decision was taken."""

    ACQUISITION = "acquisition"
    CLASSIFIER = "classifier"
    QC1 = "qc1"
    QC2 = "qc2"
    GENERATION = "generation"
    ANTI_SHORTCUT = "anti_shortcut"
    QC3 = "qc3"


class Verdict(StrEnum):
    """Whether the node goes on."""

    ACCEPT = "accept"
    REJECT = "reject"


class Decision(BaseModel):
    """A gate's verdict on one node. Rejected nodes stay in the store with this attached."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    node_id: str
    gate: Gate
    verdict: Verdict
    reason: str = Field(description="Short, stable reason code, e.g. 'malformed_xml'.")
    detail: str = Field(default="", description="Human-readable explanation naming the input.")
    scores: dict[str, float] = Field(default_factory=dict)
    backend: str
    time: dt.datetime


class ModelCall(BaseModel):
    """One request to a model endpoint, as provenance. API keys are never recorded."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    node_id: str | None
    role: str = Field(description="identifier | grounding | generator | judge | evaluated")
    endpoint: str
    model: str
    template_id: str | None = None
    template_hash: str | None = None
    request_hash: str
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    latency_s: float | None = None
    cache_hit: bool = False
    error: str | None = None
    time: dt.datetime
