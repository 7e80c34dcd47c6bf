"""HTTP for the PMC source: one client, a shared rate limit, and one retry policy.

E-utilities allow 3 requests per second without an API key and 10 with one; every
E-utilities request, from any thread, takes a token from one `TokenBucket`. Answers a
retry can change (429, 408, 5xx, a timeout or a dropped connection) are retried with
exponential backoff and jitter; a `Retry-After` header replaces the computed wait, up to
`RETRY_AFTER_CAP_S`. Anything else fails at once with `FetchError`.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import httpx
from tenacity import (
    RetryCallState,
    Retrying,
    retry_if_exception,
    stop_after_attempt,
    wait_exponential_jitter,
)

from chemx import __version__

T = TypeVar("T")

ATTEMPTS = 5
"""Tries per request before giving up (the first one included)."""
BACKOFF_INITIAL_S = 0.5
"""First backoff; it doubles per try, with as much jitter, up to `BACKOFF_MAX_S`."""
BACKOFF_MAX_S = 20.0
RETRY_AFTER_CAP_S = 120.0
"""A longer `Retry-After` is cut to this: a build waits, but not for hours."""
RETRY_STATUSES = frozenset({408, 429})
"""Retried besides every 5xx."""
TIMEOUT = httpx.Timeout(60.0, connect=15.0)
"""Per read/write; large figure files stream, so no total limit."""
USER_AGENT = f"chemx/{__version__} (python-httpx)"


class FetchError(Exception):
    """A request failed for good: retries ran out, or the answer cannot change."""

    def __init__(self, url: str, detail: str, status: int | None = None) -> None:
        super().__init__(f"{url}: {detail}")
        self.url = url
        self.detail = detail
        self.status = status


class RetryableStatus(Exception):
    """An HTTP answer worth retrying (429, 408, 5xx), with the server's wait if it sent one."""

    def __init__(self, response: httpx.Response) -> None:
        super().__init__(f"HTTP {response.status_code}")
        self.status = response.status_code
        self.retry_after = parse_retry_after(response.headers.get("retry-after"))


class DamagedTransfer(Exception):
    """The bytes received are not the object's (size or checksum); the download restarts."""


class TokenBucket:
    """At most `rate` acquisitions per second, shared by every thread that holds it.

    The bucket holds at most one token, so requests are spaced 1/rate apart rather than
    sent in bursts (NCBI counts requests per second, and a burst at a second's edge
    would be two seconds' worth). `clock` and `sleep` are there for tests.
    """

    def __init__(
        self,
        rate: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if rate <= 0:
            raise ValueError(f"rate must be positive, not {rate}")
        self.interval = 1.0 / rate
        self._clock = clock
        self._sleep = sleep
        self._next = clock()
        self._lock = threading.Lock()

    def acquire(self) -> None:
        """Wait until this caller may send its request."""
        with self._lock:
            now = self._clock()
            start = max(now, self._next)
            self._next = start + self.interval
        if start > now:
            self._sleep(start - now)


def parse_retry_after(value: str | None, *, now: dt.datetime | None = None) -> float | None:
    """Seconds from a `Retry-After` value (delta-seconds or an HTTP date); None if unreadable.

    >>> parse_retry_after("2")
    2.0
    """
    if value is None or not value.strip():
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value.strip())
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=dt.UTC)
        return max((when - (now or dt.datetime.now(dt.UTC))).total_seconds(), 0.0)
    return max(seconds, 0.0) if seconds == seconds else None  # NaN is unreadable


def is_transient(exc: BaseException) -> bool:
    """Whether a retry may succeed where this attempt failed."""
    return isinstance(exc, RetryableStatus | DamagedTransfer | httpx.TransportError)


def _wait(state: RetryCallState) -> float:
    """`Retry-After` when the server sent one (capped), else exponential backoff."""
    outcome = state.outcome
    exc = outcome.exception() if outcome is not None else None
    if isinstance(exc, RetryableStatus) and exc.retry_after is not None:
        return min(exc.retry_after, RETRY_AFTER_CAP_S)
    backoff = wait_exponential_jitter(
        multiplier=BACKOFF_INITIAL_S, max=BACKOFF_MAX_S, jitter=BACKOFF_INITIAL_S
    )
    return float(backoff(state))


def with_retries(url: str, attempt: Callable[[], T]) -> T:
    """Run `attempt` (one request) until it succeeds or `ATTEMPTS` tries have failed.

    `attempt` raises `RetryableStatus` for an answer worth retrying and `DamagedTransfer`
    for bytes that are not the object's; an httpx transport error (timeout, refused or
    dropped connection) is retried too. The last failure
    becomes a `FetchError` naming the URL.
    """
    retrying = Retrying(
        stop=stop_after_attempt(ATTEMPTS),
        wait=_wait,
        retry=retry_if_exception(is_transient),
        reraise=True,
    )
    try:
        return retrying(attempt)
    except RetryableStatus as exc:
        raise FetchError(url, f"HTTP {exc.status} after {ATTEMPTS} tries", exc.status) from exc
    except DamagedTransfer as exc:
        raise FetchError(url, f"{exc} (after {ATTEMPTS} tries)") from exc
    except httpx.TransportError as exc:
        raise FetchError(url, f"{type(exc).__name__} after {ATTEMPTS} tries ({exc})") from exc


def check_status(response: httpx.Response, url: str) -> None:
    """Raise `RetryableStatus` for 429/408/5xx and `FetchError` for any other failure."""
    status = response.status_code
    if status in RETRY_STATUSES or status >= 500:
        raise RetryableStatus(response)
    if status >= 400:
        raise FetchError(url, f"HTTP {status}", status)


def make_client() -> httpx.Client:
    """One client per build: connection reuse, timeouts, redirects, a User-Agent."""
    return httpx.Client(timeout=TIMEOUT, follow_redirects=True, headers={"User-Agent": USER_AGENT})
