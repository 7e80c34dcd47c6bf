"""How records map to the store's columns and back: derived column values, row decoding."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from typing import Any

from chemx.records import Decision, Gate, ModelCall, Node, NodeKind, Verdict

_SIGNATURES = {
    b"\x89PNG": "image/png",
    b"\xff\xd8\xff": "image/jpeg",
    b"GIF8": "image/gif",
    b"II*\x00": "image/tiff",
    b"MM\x00*": "image/tiff",
    b"%PDF": "application/pdf",
}
"""Leading bytes of each blob format the store keeps, and its media type."""


def paper_of(node: Node) -> str | None:
    """The `paper_id` column: the paper itself, else the paper the record names."""
    if node.kind is NodeKind.PAPER:
        return node.id
    paper_id = getattr(node, "paper_id", None)
    return paper_id if isinstance(paper_id, str) else None


def timestamp_now() -> str:
    """The `created_at` column value for a row written now."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def media_type(data: bytes) -> str:
    """The blob's media type, read from its leading bytes."""
    for magic, media in _SIGNATURES.items():
        if data.startswith(magic):
            return media
    return "application/octet-stream"


def to_decision(row: sqlite3.Row, prefix: str = "") -> Decision:
    """The decision in a `decisions` row (its columns named `prefix` + column in a join)."""

    def col(name: str) -> Any:
        return row[prefix + name]

    return Decision(
        id=col("id"),
        node_id=col("node_id"),
        gate=Gate(col("gate")),
        verdict=Verdict(col("verdict")),
        reason=col("reason"),
        detail=col("detail"),
        scores=json.loads(col("scores")),
        backend=col("backend"),
        time=dt.datetime.fromisoformat(col("created_at")),
    )


def to_model_call(row: sqlite3.Row) -> ModelCall:
    """The model call in a `model_calls` row."""
    return ModelCall(
        id=row["id"],
        node_id=row["node_id"],
        role=row["role"],
        endpoint=row["endpoint"],
        model=row["model"],
        template_id=row["template_id"],
        template_hash=row["template_hash"],
        request_hash=row["request_hash"],
        prompt_tokens=row["prompt_tokens"],
        completion_tokens=row["completion_tokens"],
        latency_s=row["latency_s"],
        cache_hit=bool(row["cache_hit"]),
        error=row["error"],
        time=dt.datetime.fromisoformat(row["created_at"]),
    )
