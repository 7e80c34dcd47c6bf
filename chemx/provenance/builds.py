"""How each `chemx build` into a store ended, so a release can tell a whole store from a part.

A build writes a row when it starts (``running``) and updates it when it ends:
``finished`` (every document done), ``incomplete`` (some documents hit a failure a retry
can change: a timeout, an unreachable endpoint; re-running the same command retries
them), ``interrupted`` (Ctrl-C or SIGTERM), ``failed`` (a bug). A build killed with
SIGKILL leaves ``running``: the next build, or `chemx release`, sees it never ended.

Failed attempts (`chemx.errors.RetryableFailure`: a timeout, a killed tool, an unreachable
endpoint) are recorded one row each. `RetryPolicy` tells a backend whether to raise again
(leaving the paper for the next build) or to accept the failure as final: after
`MAX_ATTEMPTS` attempts at the same thing, a retry is not going to change it.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from chemx.provenance._rows import timestamp_now
from chemx.provenance.store import ProvenanceStore, StoreError

MAX_ATTEMPTS = 3
"""Attempts at one failing thing (a crop's OCSR, a model request) before it is final."""


class BuildStatus(StrEnum):
    """How a build ended (or that it has not)."""

    RUNNING = "running"
    FINISHED = "finished"
    INCOMPLETE = "incomplete"
    INTERRUPTED = "interrupted"
    FAILED = "failed"


class BuildRecord(BaseModel):
    """One build run of a store."""

    id: int
    corpus: str
    settings: dict[str, Any]
    status: BuildStatus
    detail: str
    started_at: dt.datetime
    ended_at: dt.datetime | None

    @property
    def complete(self) -> bool:
        """Whether the store holds everything this build was asked for."""
        return self.status is BuildStatus.FINISHED


def begin_build(store: ProvenanceStore, corpus: str, settings: dict[str, Any]) -> int:
    """Record a build starting now; returns its id for `end_build`."""
    cursor = store.execute(
        "INSERT INTO builds (corpus, settings, status, detail, started_at)"
        " VALUES (?, ?, 'running', '', ?)",
        (corpus, json.dumps(settings, sort_keys=True, default=str), timestamp_now()),
    )
    if cursor.lastrowid is None:
        raise StoreError(f"store {store.db_path}: could not record the build")
    return int(cursor.lastrowid)


def end_build(store: ProvenanceStore, build_id: int, status: BuildStatus, detail: str = "") -> None:
    """Record how the build `build_id` ended."""
    store.execute(
        "UPDATE builds SET status = ?, detail = ?, ended_at = ? WHERE id = ?",
        (status.value, detail, timestamp_now(), build_id),
    )


def last_build(store: ProvenanceStore) -> BuildRecord | None:
    """The most recent build of the store, or None (a store from before builds were kept)."""
    try:
        rows = store.query("SELECT * FROM builds ORDER BY id DESC LIMIT 1")
    except sqlite3.OperationalError:  # a read-only store at an older schema has no builds
        return None
    if not rows:
        return None
    row = rows[0]
    return BuildRecord(
        id=row["id"],
        corpus=row["corpus"],
        settings=json.loads(row["settings"]),
        status=BuildStatus(row["status"]),
        detail=row["detail"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
    )


def record_attempt(
    store: ProvenanceStore,
    key: str,
    *,
    paper_id: str | None,
    stage: str,
    detail: str,
    build_id: int | None = None,
) -> None:
    """Record one failed attempt at `key`."""
    store.execute(
        "INSERT INTO attempts (key, paper_id, stage, detail, build_id, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (key, paper_id, stage, detail, build_id, timestamp_now()),
    )


def attempts(store: ProvenanceStore, key: str) -> int:
    """How many failed attempts at `key` the store has recorded."""
    try:
        rows = store.query("SELECT COUNT(*) AS n FROM attempts WHERE key = ?", (key,))
    except sqlite3.OperationalError:
        return 0
    return int(rows[0]["n"])


class RetryPolicy:
    """Whether a transient failure should stop the paper (retry next build) or be final."""

    def __init__(self, store: ProvenanceStore, max_attempts: int = MAX_ATTEMPTS) -> None:
        self.store = store
        self.max_attempts = max_attempts

    def retry(self, key: str) -> bool:
        """True while fewer than `max_attempts` attempts at `key` have failed, counting this."""
        return attempts(self.store, key) + 1 < self.max_attempts
