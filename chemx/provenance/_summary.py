"""Read-only summary queries over a store: counts by kind, status, backend, rejection, role.

`ProvenanceStore` answers its summary methods with these; each takes the store's query
function, so all reads go through its one connection and lock.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

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


class RoleCallCounts(NamedTuple):
    """The model calls one role made, store-wide."""

    calls: int
    failed: int
    """Calls that recorded an error (the endpoint failed or the answer did not parse)."""
    prompt_tokens: int
    """Summed over the calls that report usage; a call without usage adds 0."""
    completion_tokens: int
    cache_hits: int
    """Calls answered from the response cache instead of the endpoint."""


def model_call_counts(query: Query) -> dict[str, RoleCallCounts]:
    """Calls, failed calls, tokens and cache hits per model role, store-wide."""
    rows = query(
        "SELECT role, COUNT(*) AS calls, SUM(error IS NOT NULL) AS failed,"
        " TOTAL(prompt_tokens) AS prompt_tokens, TOTAL(completion_tokens) AS completion_tokens,"
        " SUM(cache_hit) AS cache_hits FROM model_calls GROUP BY role ORDER BY role",
        (),
    )  # TOTAL, not SUM: 0.0 rather than NULL when no call of a role reports usage
    return {
        row["role"]: RoleCallCounts(
            calls=row["calls"],
            failed=row["failed"],
            prompt_tokens=int(row["prompt_tokens"]),
            completion_tokens=int(row["completion_tokens"]),
            cache_hits=row["cache_hits"],
        )
        for row in rows
    }


def rejection_counts(query: Query) -> list[tuple[str, str, int]]:
    """(gate, reason, count) of reject decisions, most frequent first."""
    rows = query(
        "SELECT gate, reason, COUNT(*) AS n FROM decisions WHERE verdict = 'reject'"
        " GROUP BY gate, reason ORDER BY n DESC, gate, reason",
        (),
    )
    return [(row["gate"], row["reason"], row["n"]) for row in rows]
