"""Which transport failures are worth retrying, and how long to wait before the retry.

The `openai` client's own retries are switched off (`max_retries=0`) so that one policy,
this one, applies to every endpoint and is visible in provenance: 429, 5xx, 408,
timeouts, connection errors and unreadable response bodies are retried with
exponential backoff and jitter; a `Retry-After` header (seconds or an HTTP date), when
the server sends one, replaces the computed wait, up to a ceiling.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import json

import openai
from tenacity import RetryCallState, wait_exponential_jitter
from tenacity.wait import wait_base

RETRY_STATUSES = frozenset({408, 429})
"""Retried besides every 5xx."""


class MalformedResponse(Exception):
    """The server answered 2xx with a body that is not a chat completion."""


def is_transient(exc: BaseException) -> bool:
    """Whether a retry may succeed where this attempt failed."""
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code in RETRY_STATUSES or exc.status_code >= 500
    return isinstance(exc, openai.APIConnectionError | MalformedResponse | json.JSONDecodeError)


def parse_retry_after(value: str | None, *, now: dt.datetime | None = None) -> float | None:
    """Seconds to wait from a `Retry-After` value: delta-seconds or an HTTP date.

    Fractional seconds are accepted (some servers send them). Returns None when the
    header is absent or unreadable, 0 for a date in the past.
    """
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        seconds = float(text)
    except ValueError:
        pass
    else:
        return max(seconds, 0.0) if seconds == seconds else None  # NaN is unreadable
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    current = now or dt.datetime.now(dt.UTC)
    return max((when - current).total_seconds(), 0.0)


def retry_after_of(exc: BaseException) -> float | None:
    """The server-requested wait carried by an HTTP error, if any."""
    if not isinstance(exc, openai.APIStatusError):
        return None
    headers = exc.response.headers
    milliseconds = headers.get("retry-after-ms")
    if milliseconds is not None:
        try:
            return max(float(milliseconds) / 1000.0, 0.0)
        except ValueError:
            pass
    return parse_retry_after(headers.get("retry-after"))


class wait_retry_after(wait_base):
    """Honour `Retry-After` when present (capped), else exponential backoff with jitter."""

    def __init__(self, *, initial: float, maximum: float, retry_after_cap: float) -> None:
        self.fallback = wait_exponential_jitter(multiplier=initial, max=maximum, jitter=initial)
        self.retry_after_cap = retry_after_cap

    def __call__(self, retry_state: RetryCallState) -> float:
        """Seconds to sleep before the next attempt."""
        outcome = retry_state.outcome
        exc = outcome.exception() if outcome is not None else None
        requested = retry_after_of(exc) if exc is not None else None
        if requested is not None:
            return min(requested, self.retry_after_cap)
        return float(self.fallback(retry_state))
