"""What a call returns: a validated answer or an explicit failure, each with its ModelCall.

A failure is a value, not an exception, because a graph node must still record the
call in provenance (and usually a rejecting decision) when a model gives up; and it
carries no `output`, so invalid model text can never flow on as data.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, Literal, NoReturn, TypeVar

from pydantic import BaseModel

from chemx.records import ModelCall

T = TypeVar("T", bound=BaseModel)


class FailureKind(StrEnum):
    """Why a call produced no answer; also the prefix of `ModelCall.error`."""

    TRANSPORT = "transport"
    """Retries on 429/5xx/timeouts/connection errors exhausted."""
    HTTP = "http"
    """A non-retryable HTTP error (400, 401, 404, ...)."""
    INVALID_OUTPUT = "invalid_output"
    """The answer was not JSON matching the schema, after all output retries."""
    TRUNCATED = "truncated"
    """finish_reason was 'length' on every attempt."""
    REFUSED = "refused"
    """The model refused (an OpenAI structured-output refusal or content filter)."""


class ModelCallFailed(RuntimeError):
    """Raised by `CallFailed.unwrap()` for callers that prefer an exception."""

    def __init__(self, failure: CallFailed) -> None:
        super().__init__(failure.error)
        self.failure = failure


@dataclass(frozen=True)
class CallOk(Generic[T]):
    """A validated answer."""

    output: T
    call: ModelCall
    raw: str
    """The model's text the output was parsed from."""
    ok: Literal[True] = True

    def unwrap(self) -> T:
        """The output."""
        return self.output


@dataclass(frozen=True)
class CallFailed:
    """No answer; `call.error` says why (same text as `error`)."""

    call: ModelCall
    kind: FailureKind
    error: str
    raw: str | None = None
    """The last model text received, if any, for debugging; never use it as data."""
    ok: Literal[False] = False

    def unwrap(self) -> NoReturn:
        """Always raises `ModelCallFailed`."""
        raise ModelCallFailed(self)


CallResult = CallOk[T] | CallFailed
"""`isinstance(result, CallOk)` (or `result.ok`) before using `result.output`."""
