"""Read-only summary queries over a store: counts by kind, status, backend and rejection.

`ProvenanceStore` answers its summary methods with these; each takes the store's query
function, so all reads go through its one connection and lock.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from typing import Any

Query = Callable[[str, Iterable[Any]], list[sqlite3.Row]]
"""Runs one SQL statement with its parameters and returns all rows (`ProvenanceStore.query`)."""

TABLES = ("nodes", "decisions", "model_calls", "blobs")
"""The tables `table_counts` counts (the response cache is not build output)."""


def counts(query: Query, paper_id: str | None = None) -> dict[str, dict[str, int]]:
    """Node counts by kind and status: {'figure': {'ok': 3, 'rejected': 1}, …}."""
    where, params = ("WHERE paper_id = ?", (paper_id,)) if paper_id else ("", ())
    rows = query(
        f"SELECT kind, status, COUNT(*) AS n FROM nodes {where} GROUP BY kind, status", params
    )
    result: dict[str, dict[str, int]] = {}
    for row in rows:
        result.setdefault(row["kind"], {})[row["status"]] = row["n"]
    return result


def table_counts(query: Query) -> dict[str, int]:
    """Row counts per table; two identical builds give identical counts."""
    return {table: query(f"SELECT COUNT(*) AS n FROM {table}", ())[0]["n"] for table in TABLES}


def backend_counts(query: Query) -> list[tuple[str, str, str, int]]:
    """(stage, kind, backend, count) over all nodes: which backend produced what."""
    rows = query(
        "SELECT stage, kind, backend, COUNT(*) AS n FROM nodes"
        " GROUP BY stage, kind, backend ORDER BY stage, kind, backend",
        (),
    )
    return [(row["stage"], row["kind"], row["backend"], row["n"]) for row in rows]


def identifier_backend_counts(query: Query) -> dict[str, int]:
    """How many structures each identifier backend labelled ('none' when no label)."""
    rows = query(
        "SELECT CASE WHEN json_extract(payload, '$.identifier') IS NULL THEN 'none'"
        " ELSE COALESCE(json_extract(payload, '$.identifier_backend'), 'none') END AS labeller,"
        " COUNT(*) AS n FROM nodes WHERE kind = 'structure' AND"
        " json_extract(payload, '$.role') != 'condition' GROUP BY labeller ORDER BY labeller",
        (),
    )  # not "AS backend": GROUP BY would take the nodes.backend column instead
    return {row["labeller"]: row["n"] for row in rows}


def rejection_counts(query: Query) -> list[tuple[str, str, int]]:
    """(gate, reason, count) of reject decisions, most frequent first."""
    rows = query(
        "SELECT gate, reason, COUNT(*) AS n FROM decisions WHERE verdict = 'reject'"
        " GROUP BY gate, reason ORDER BY n DESC, gate, reason",
        (),
    )
    return [(row["gate"], row["reason"], row["n"]) for row in rows]
