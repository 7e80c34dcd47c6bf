"""The response cache: what it is keyed by and the small interface it needs.

A request is identified by a SHA-256 over everything that determines the answer:
endpoint, model, messages (images by the hash of their bytes), sampling parameters,
output schema, structured-output mode and template hash. The API key is not part of
it: the same request with another key is the same request. The same hash is recorded
as `ModelCall.request_hash`, so a call in the store can be matched to its cached answer.

The production cache is the provenance store (`response_cache` table); an evaluation
run keeps its own in its folder (`SqliteCache`); tests may use `MemoryCache`. Only
validated answers are cached, never failures.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from chemx.models.messages import Message

log = logging.getLogger(__name__)

KEY_VERSION = 1
"""Bump when the key's composition changes, so old entries are not mistaken for new."""


class ResponseCache(Protocol):
    """Where validated answers are kept; `ProvenanceStore` implements it."""

    def cache_get(self, key: str) -> str | None:
        """The stored response for `key`, or None."""
        ...

    def cache_put(self, key: str, response: str) -> None:
        """Store `response` under `key` (first write wins)."""
        ...


class MemoryCache:
    """A thread-safe in-process cache, for tests and one-off scripts."""

    def __init__(self) -> None:
        self._entries: dict[str, str] = {}
        self._lock = threading.Lock()
        self.gets = 0
        self.hits = 0

    def cache_get(self, key: str) -> str | None:
        """The stored response for `key`, or None."""
        with self._lock:
            self.gets += 1
            value = self._entries.get(key)
            self.hits += value is not None
            return value

    def cache_put(self, key: str, response: str) -> None:
        """Store `response` under `key` unless already there."""
        with self._lock:
            self._entries.setdefault(key, response)

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


class SqliteCache:
    """A response cache in one SQLite file: an evaluation run's ``responses.sqlite``.

    Thread-safe (the client reads and writes it from worker threads); every put is
    committed at once, so a run killed at any point keeps every answer it was given.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS response_cache (key TEXT PRIMARY KEY, response TEXT)"
        )

    def cache_get(self, key: str) -> str | None:
        """The stored response for `key`, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT response FROM response_cache WHERE key = ?", (key,)
            ).fetchone()
        return None if row is None else str(row[0])

    def cache_put(self, key: str, response: str) -> None:
        """Store `response` under `key` unless already there."""
        with self._lock:
            self._db.execute(
                "INSERT OR IGNORE INTO response_cache (key, response) VALUES (?, ?)",
                (key, response),
            )

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def __enter__(self) -> SqliteCache:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def request_key(
    *,
    endpoint: str,
    model: str,
    messages: Sequence[Message],
    sampling: dict[str, Any],
    structured_output: str,
    schema: dict[str, Any] | None,
    template_hash: str | None,
) -> str:
    """The hex SHA-256 identifying a request (cache key and `ModelCall.request_hash`)."""
    payload = {
        "v": KEY_VERSION,
        "endpoint": endpoint,
        "model": model,
        "messages": [message.to_key() for message in messages],
        "sampling": sampling,
        "structured_output": structured_output,
        "schema": schema,
        "template_hash": template_hash,
    }
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


async def cache_read(
    cache: ResponseCache | None, key: str, scrub: Callable[[str], str]
) -> str | None:
    """The cached response for `key`, or None; a broken cache is logged, never fatal."""
    if cache is None:
        return None
    try:
        return await asyncio.to_thread(cache.cache_get, key)
    except Exception as exc:  # a broken cache must not stop a build or a run
        log.warning("response cache read failed: %s", scrub(repr(exc)))
        return None


async def cache_write(
    cache: ResponseCache | None, key: str, entry: dict[str, Any], scrub: Callable[[str], str]
) -> None:
    """Store `entry` as JSON under `key`; a broken cache is logged, never fatal."""
    if cache is None:
        return
    try:
        await asyncio.to_thread(cache.cache_put, key, json.dumps(entry))
    except Exception as exc:
        log.warning("response cache write failed: %s", scrub(repr(exc)))
