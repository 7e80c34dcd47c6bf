"""The store's schema, as an ordered list of migrations.

`PRAGMA user_version` holds the version a database is at; opening a store applies the
missing steps in one transaction each. Add a step, never edit a released one.
"""

from __future__ import annotations

import sqlite3

from chemx.errors import ChemxError

MIGRATIONS: tuple[str, ...] = (
    # 1: nodes, decisions, model calls, blobs.
    """
    CREATE TABLE nodes (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        parent_id TEXT,
        paper_id TEXT,
        stage TEXT NOT NULL,
        backend TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('ok', 'rejected')),
        payload TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX nodes_parent ON nodes (parent_id);
    CREATE INDEX nodes_kind_status ON nodes (kind, status);
    CREATE INDEX nodes_paper ON nodes (paper_id);

    CREATE TABLE decisions (
        id TEXT PRIMARY KEY,
        node_id TEXT NOT NULL REFERENCES nodes (id),
        gate TEXT NOT NULL,
        verdict TEXT NOT NULL CHECK (verdict IN ('accept', 'reject')),
        reason TEXT NOT NULL,
        detail TEXT NOT NULL,
        scores TEXT NOT NULL,
        backend TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE INDEX decisions_node ON decisions (node_id);
    CREATE INDEX decisions_gate ON decisions (gate, verdict, reason);

    CREATE TABLE model_calls (
        id TEXT PRIMARY KEY,
        node_id TEXT,
        role TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        model TEXT NOT NULL,
        template_id TEXT,
        template_hash TEXT,
        request_hash TEXT NOT NULL,
        prompt_tokens INTEGER,
        completion_tokens INTEGER,
        latency_s REAL,
        cache_hit INTEGER NOT NULL,
        error TEXT,
        created_at TEXT NOT NULL
    );
    CREATE INDEX model_calls_node ON model_calls (node_id);

    CREATE TABLE blobs (
        sha256 TEXT PRIMARY KEY,
        media_type TEXT NOT NULL,
        size INTEGER NOT NULL
    );
    """,
    # 2: model responses cached by request hash (chemx.models.cache), so a re-build or a
    # resumed build asks no endpoint twice for the same request.
    """
    CREATE TABLE response_cache (
        key TEXT PRIMARY KEY,
        response TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    """,
    # 3: one row per `chemx build` run and how it ended, so `chemx release` can refuse a
    # store whose last build did not finish; one row per failed attempt that a retry can
    # change, so retries are bounded (chemx.provenance.builds).
    """
    CREATE TABLE builds (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        corpus TEXT NOT NULL,
        settings TEXT NOT NULL,
        status TEXT NOT NULL
            CHECK (status IN ('running', 'finished', 'incomplete', 'interrupted', 'failed')),
        detail TEXT NOT NULL,
        started_at TEXT NOT NULL,
        ended_at TEXT
    );
    CREATE TABLE attempts (
        key TEXT NOT NULL,
        paper_id TEXT,
        stage TEXT NOT NULL,
        detail TEXT NOT NULL,
        build_id INTEGER,
        created_at TEXT NOT NULL
    );
    CREATE INDEX attempts_key ON attempts (key);
    """,
    # 4: papers whose whole run a worker process or Ray actor returned and the driver
    # wrote in one transaction with their records (chemx.pipeline.remote): a killed build
    # skips them and redoes any paper without a row.
    """
    CREATE TABLE paper_runs (
        thread TEXT PRIMARY KEY,
        state TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNew(ChemxError, RuntimeError):
    """The database was written by a newer chemx than this one."""


def migrate(connection: sqlite3.Connection) -> int:
    """Bring the database to `SCHEMA_VERSION`; return the version it was at before."""
    (before,) = connection.execute("PRAGMA user_version").fetchone()
    if before > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"store schema version {before} is newer than this chemx understands "
            f"({SCHEMA_VERSION}); upgrade chemx or build into a new --out folder"
        )
    for version in range(before, SCHEMA_VERSION):
        connection.execute("BEGIN")
        try:
            for statement in MIGRATIONS[version].split(";"):
                if statement.strip():
                    connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {version + 1}")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
    return int(before)
