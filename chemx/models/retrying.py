"""A model client that turns an unreachable endpoint into a retry, not a result.

`ModelClient` already retries 429s, 5xx, timeouts and connection errors within a call;
when those retries are exhausted (`FailureKind.TRANSPORT`), the answer is not the model's
verdict on the input, so it must not be recorded as one ("no identifier", "model_failed").
`RetryingCaller` raises `RetryableFailure` instead: the paper stays unfinished and the
next build asks again, until the store holds `MAX_ATTEMPTS` failed attempts at the same
request, after which the failure is returned as final. Other failures (an invalid or
refused answer, a 400) are answers about the input and pass through unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from pydantic import BaseModel

from chemx.errors import RetryableFailure
from chemx.models.config import ModelsConfig
from chemx.models.messages import Message, Sampling
from chemx.models.protocol import ModelCaller
from chemx.models.results import CallFailed, CallResult, FailureKind
from chemx.prompts import PromptTemplate

T = TypeVar("T", bound=BaseModel)


class RetryChecker(Protocol):
    """Says whether a failed attempt at `key` should be retried by a later build."""

    def retry(self, key: str) -> bool:
        """True while the attempts at `key` are below the limit."""
        ...


class RetryingCaller:
    """Wraps a `ModelCaller`; transport failures raise `RetryableFailure` while retryable."""

    def __init__(self, inner: ModelCaller, retries: RetryChecker) -> None:
        """Delegate to `inner`; ask `retries` before raising."""
        self.inner = inner
        self.retries = retries
        self.config: ModelsConfig = inner.config

    def complete_sync(
        self,
        role: str,
        messages: Sequence[Message],
        output: type[T],
        *,
        template: PromptTemplate | None = None,
        node_id: str | None = None,
        sampling: Sampling | None = None,
    ) -> CallResult[T]:
        """`inner.complete_sync`, raising on a retryable transport failure."""
        result = self.inner.complete_sync(
            role, messages, output, template=template, node_id=node_id, sampling=sampling
        )
        if isinstance(result, CallFailed) and result.kind is FailureKind.TRANSPORT:
            key = f"{role}:{result.call.request_hash}"
            if self.retries.retry(key):
                endpoint = result.call.endpoint
                raise RetryableFailure(
                    key,
                    f"the {role} role's endpoint {endpoint} ({result.call.model}) did not answer"
                    f" for {node_id or 'a request'}: {result.error}",
                    role=role,
                    endpoint=endpoint,
                    calls=(result.call,),
                )
        return result
