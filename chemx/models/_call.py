"""The record of one logical model call while it runs, and the `ModelCall` row it becomes."""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass

from openai.types.chat import ChatCompletion

from chemx.models.config import RoleConfig
from chemx.prompts import PromptTemplate
from chemx.provenance.ids import digest
from chemx.records import ModelCall


@dataclass
class CallContext:
    """What is known about one logical call while it runs (all attempts together)."""

    role: str
    config: RoleConfig
    template: PromptTemplate | None
    node_id: str | None
    key: str
    started: float
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cache_hit: bool = False
    error: str | None = None

    def add_usage(self, completion: ChatCompletion) -> None:
        """Sum token usage over attempts: every attempt was paid for."""
        usage = completion.usage
        if usage is None:
            return
        self.prompt_tokens = (self.prompt_tokens or 0) + (usage.prompt_tokens or 0)
        self.completion_tokens = (self.completion_tokens or 0) + (usage.completion_tokens or 0)

    def record(self) -> ModelCall:
        """The provenance row for this call.

        Its id depends on node, role, request and outcome only, so re-building (or
        resuming) a build writes no second row for the same call.
        """
        outcome = "error" if self.error else "ok"
        return ModelCall(
            id=f"mc_{digest(self.node_id, self.role, self.key, outcome)[:16]}",
            node_id=self.node_id,
            role=self.role,
            endpoint=self.config.endpoint,
            model=self.config.model,
            template_id=self.template.id if self.template else None,
            template_hash=self.template.sha256 if self.template else None,
            request_hash=self.key,
            prompt_tokens=0 if self.cache_hit else self.prompt_tokens,
            completion_tokens=0 if self.cache_hit else self.completion_tokens,
            latency_s=round(time.monotonic() - self.started, 4),
            cache_hit=self.cache_hit,
            error=self.error,
            time=dt.datetime.now(dt.UTC),
        )
