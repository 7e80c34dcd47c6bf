"""The provenance store: one SQLite database (WAL) plus a content-addressed blob folder.

Every node of the tree (corpus, paper, figure, structure, …) is one row keyed by its
content-derived id, with its parent, the stage and backend that made it, and its
record as JSON. Decisions attach to nodes; a rejected node is marked, never deleted.
Writes are idempotent (`INSERT OR IGNORE` on content ids), which is what makes a
re-build add nothing and a crashed build resume without duplicates.

There is one writer: a store opened for writing holds an exclusive lock file, and
inside the process all writes go through one connection under a lock, each batch in
one transaction.

Long module: the one class every stage reads and writes through; its write path, the
response cache and the read queries share one connection and one lock, so they stay
together (the summary queries live in `_summary`, row conversion in `_rows`).
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from chemx.errors import ChemxError
from chemx.provenance import _summary
from chemx.provenance._rows import (
    media_type,
    paper_of,
    timestamp_now,
    to_decision,
    to_model_call,
)
from chemx.provenance.blobs import BlobStore
from chemx.provenance.schema import migrate
from chemx.records import Decision, Gate, ModelCall, Node, NodeKind, Verdict, decode_node

DB_NAME = "chemx.db"
BLOB_DIR = "blobs"
LOCK_NAME = ".writer.lock"

DEFAULT_STAGE: dict[NodeKind, str] = {
    NodeKind.CORPUS: "acquisition",
    NodeKind.SOURCE: "acquisition",
    NodeKind.PAPER: "acquisition",
    NodeKind.PARAGRAPH: "acquisition",
    NodeKind.SENTENCE: "acquisition",
    NodeKind.FIGURE: "acquisition",
    NodeKind.FIGURE_REFERENCE: "acquisition",
    NodeKind.STRUCTURE: "visual",
    NodeKind.EVIDENCE: "grounding",
    NodeKind.CANDIDATE: "generation",
    NodeKind.ITEM: "generation",
}


class StoreError(ChemxError, RuntimeError):
    """The store cannot be opened or written as asked."""


class StoreLocked(StoreError):
    """Another process is writing to the same store."""


@dataclass(frozen=True)
class StoredNode:
    """A node as read back from the store."""

    record: Node
    kind: NodeKind
    stage: str
    status: str
    paper_id: str | None
    created_at: str

    @property
    def id(self) -> str:
        """The node id."""
        return self.record.id

    @property
    def parent_id(self) -> str | None:
        """The parent's id."""
        return self.record.parent_id

    @property
    def rejected(self) -> bool:
        """Whether some gate rejected this node."""
        return self.status == "rejected"


@dataclass
class WriteBatch:
    """Rows that belong together and are committed in one transaction."""

    nodes: list[tuple[Node, str | None]] = field(default_factory=list)
    """(record, stage or None for the kind's default stage)."""
    decisions: list[Decision] = field(default_factory=list)
    model_calls: list[ModelCall] = field(default_factory=list)
    blobs: dict[str, bytes] = field(default_factory=dict)
    """Image bytes by their SHA-256."""

    def add(self, node: Node, stage: str | None = None) -> None:
        """Queue a node."""
        self.nodes.append((node, stage))

    def extend(self, nodes: Iterable[Node], stage: str | None = None) -> None:
        """Queue several nodes."""
        self.nodes.extend((node, stage) for node in nodes)


@dataclass(frozen=True)
class WriteResult:
    """How many rows a batch really added (0 when all were already there)."""

    nodes: int
    decisions: int
    model_calls: int


class ProvenanceStore:
    """Opens `<out>/chemx.db` and `<out>/blobs/`; use as a context manager."""

    def __init__(self, out: Path, *, readonly: bool = False) -> None:
        self.out = Path(out)
        self.readonly = readonly
        self.db_path = self.out / DB_NAME
        self._lock = threading.RLock()
        self._lock_file: IO[str] | None = None
        if readonly:
            if not self.db_path.exists():
                raise StoreError(
                    f"no chemx store at {self.db_path}; run `chemx build --out {self.out}` first"
                )
            uri = f"file:{self.db_path}?mode=ro"
            self._db = sqlite3.connect(uri, uri=True, check_same_thread=False)
        else:
            self.out.mkdir(parents=True, exist_ok=True)
            self._acquire_writer_lock()
            self._db = sqlite3.connect(
                self.db_path, isolation_level=None, check_same_thread=False, timeout=30
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            migrate(self._db)
        self._db.row_factory = sqlite3.Row
        self.blobs = BlobStore(self.out / BLOB_DIR, create=not readonly)

    def _acquire_writer_lock(self) -> None:
        handle = open(self.out / LOCK_NAME, "w")  # noqa: SIM115 - held until close()
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            handle.close()
            raise StoreLocked(
                f"another chemx process is writing to {self.out}; wait for it to finish "
                "or build into a different --out folder"
            ) from exc
        handle.write(str(os.getpid()))
        handle.flush()
        self._lock_file = handle

    # -- lifecycle -------------------------------------------------------------------

    def close(self) -> None:
        """Close the database and release the writer lock."""
        with self._lock:
            self._db.close()
            if self._lock_file is not None:
                self._lock_file.close()
                self._lock_file = None

    def __enter__(self) -> ProvenanceStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------------

    def write(self, batch: WriteBatch) -> WriteResult:
        """Commit a batch atomically; rows already present are left as they are."""
        return self.write_all([batch])

    def write_all(
        self,
        batches: Iterable[WriteBatch],
        *,
        cached: Iterable[tuple[str, str]] = (),
        finished: tuple[str, str] | None = None,
    ) -> WriteResult:
        """Commit batches in order, in one transaction; rows already present stay as they are.

        `cached` are (request key, response) pairs for the response cache; `finished` is
        (thread, state JSON) marking a paper whose whole run these batches hold, so the
        paper's records and the mark that it is done land together or not at all.
        """
        if self.readonly:
            raise StoreError(f"store {self.db_path} was opened read-only")
        batches = list(batches)
        for batch in batches:
            for data in batch.blobs.values():
                self.blobs.put(data)  # blobs first: a committed row never points at nothing
        now = timestamp_now()
        nodes = decisions = calls = 0
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for batch in batches:
                    nodes += sum(self._insert_node(node, stage, now) for node, stage in batch.nodes)
                    decisions += sum(self._insert_decision(d) for d in batch.decisions)
                    calls += sum(self._insert_model_call(c) for c in batch.model_calls)
                    for sha, data in batch.blobs.items():
                        self._db.execute(
                            "INSERT OR IGNORE INTO blobs (sha256, media_type, size)"
                            " VALUES (?, ?, ?)",
                            (sha, media_type(data), len(data)),
                        )
                for key, response in cached:
                    self._db.execute(
                        "INSERT OR IGNORE INTO response_cache (key, response, created_at)"
                        " VALUES (?, ?, ?)",
                        (key, response, now),
                    )
                if finished is not None:
                    self._db.execute(
                        "INSERT OR REPLACE INTO paper_runs (thread, state, created_at)"
                        " VALUES (?, ?, ?)",
                        (*finished, now),
                    )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return WriteResult(nodes, decisions, calls)

    def finished_run(self, thread: str) -> str | None:
        """The final state (JSON) of a paper run written with `write_all(finished=...)`."""
        try:
            rows = self.query("SELECT state FROM paper_runs WHERE thread = ?", (thread,))
        except sqlite3.OperationalError:  # a read-only store from before schema 4
            return None
        return str(rows[0]["state"]) if rows else None

    def _insert_node(self, node: Node, stage: str | None, now: str) -> int:
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO nodes (id, kind, parent_id, paper_id, stage, backend, status,"
            " payload, created_at) VALUES (?, ?, ?, ?, ?, ?, 'ok', ?, ?)",
            (
                node.id,
                node.kind.value,
                node.parent_id,
                paper_of(node),
                stage or DEFAULT_STAGE[node.kind],
                node.backend,
                node.model_dump_json(),
                now,
            ),
        )
        return cursor.rowcount

    def _insert_decision(self, decision: Decision) -> int:
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO decisions (id, node_id, gate, verdict, reason, detail, scores,"
            " backend, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                decision.id,
                decision.node_id,
                decision.gate.value,
                decision.verdict.value,
                decision.reason,
                decision.detail,
                json.dumps(decision.scores, sort_keys=True),
                decision.backend,
                decision.time.isoformat(timespec="seconds"),
            ),
        )
        if decision.verdict is Verdict.REJECT:
            self._db.execute(
                "UPDATE nodes SET status = 'rejected' WHERE id = ?", (decision.node_id,)
            )
        return cursor.rowcount

    def _insert_model_call(self, call: ModelCall) -> int:
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO model_calls (id, node_id, role, endpoint, model, template_id,"
            " template_hash, request_hash, prompt_tokens, completion_tokens, latency_s, cache_hit,"
            " error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                call.id,
                call.node_id,
                call.role,
                call.endpoint,
                call.model,
                call.template_id,
                call.template_hash,
                call.request_hash,
                call.prompt_tokens,
                call.completion_tokens,
                call.latency_s,
                int(call.cache_hit),
                call.error,
                call.time.isoformat(timespec="seconds"),
            ),
        )
        return cursor.rowcount

    # -- response cache --------------------------------------------------------------

    def cache_get(self, key: str) -> str | None:
        """The cached model response for a request hash, or None (`chemx.models.cache`)."""
        try:
            rows = self.query("SELECT response FROM response_cache WHERE key = ?", (key,))
        except sqlite3.OperationalError:
            if self.readonly:  # a read-only store at schema 1 has no cache: nothing cached
                return None
            raise
        return str(rows[0]["response"]) if rows else None

    def cache_put(self, key: str, response: str) -> None:
        """Cache a validated model response; the first answer for a key is kept."""
        if self.readonly:
            raise StoreError(f"store {self.db_path} was opened read-only")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT OR IGNORE INTO response_cache (key, response, created_at)"
                    " VALUES (?, ?, ?)",
                    (key, response, timestamp_now()),
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def execute(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Cursor:
        """One write statement in its own transaction (bookkeeping rows such as builds)."""
        if self.readonly:
            raise StoreError(f"store {self.db_path} was opened read-only")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cursor = self._db.execute(sql, tuple(params))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return cursor

    # -- reading ---------------------------------------------------------------------

    def query(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """Rows of one read statement (the provenance package's own queries)."""
        with self._lock:
            return self._db.execute(sql, tuple(params)).fetchall()

    @staticmethod
    def _to_node(row: sqlite3.Row) -> StoredNode:
        kind = NodeKind(row["kind"])
        record = decode_node(kind, row["payload"])
        return StoredNode(
            record=record,
            kind=kind,
            stage=row["stage"],
            status=row["status"],
            paper_id=row["paper_id"],
            created_at=row["created_at"],
        )

    def get(self, node_id: str) -> StoredNode | None:
        """Return the node with this id, or None."""
        rows = self.query("SELECT * FROM nodes WHERE id = ?", (node_id,))
        return self._to_node(rows[0]) if rows else None

    def find(self, prefix: str, limit: int = 10) -> list[str]:
        """Ids that start with `prefix` (so users may type a short id)."""
        rows = self.query(
            "SELECT id FROM nodes WHERE id >= ? AND id < ? ORDER BY id LIMIT ?",
            (prefix, prefix + "\U0010ffff", limit),
        )
        return [row["id"] for row in rows]

    def children(self, node_id: str) -> list[StoredNode]:
        """Direct children of a node, in insertion order."""
        rows = self.query("SELECT * FROM nodes WHERE parent_id = ? ORDER BY rowid", (node_id,))
        return [self._to_node(row) for row in rows]

    def nodes(
        self,
        kind: NodeKind | None = None,
        *,
        status: str | None = None,
        paper_id: str | None = None,
    ) -> Iterator[StoredNode]:
        """Iterate nodes, optionally of one kind, status or paper, in insertion order."""
        clauses, params = [], []
        for column, value in (("kind", kind), ("status", status), ("paper_id", paper_id)):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value.value if isinstance(value, NodeKind) else value)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        for row in self.query(f"SELECT * FROM nodes{where} ORDER BY rowid", params):
            yield self._to_node(row)

    def decisions(self, node_id: str | None = None, gate: Gate | None = None) -> list[Decision]:
        """Decisions on one node, or all decisions (of one gate)."""
        clauses, params = [], []
        if node_id is not None:
            clauses.append("node_id = ?")
            params.append(node_id)
        if gate is not None:
            clauses.append("gate = ?")
            params.append(gate.value)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self.query(f"SELECT * FROM decisions{where} ORDER BY rowid", params)
        return [to_decision(row) for row in rows]

    def model_calls(self, node_id: str) -> list[ModelCall]:
        """The model calls made for a node."""
        rows = self.query("SELECT * FROM model_calls WHERE node_id = ? ORDER BY rowid", (node_id,))
        return [to_model_call(row) for row in rows]

    # -- summaries -------------------------------------------------------------------

    def counts(self, paper_id: str | None = None) -> dict[str, dict[str, int]]:
        """Node counts by kind and status: {'figure': {'ok': 3, 'rejected': 1}, …}."""
        return _summary.counts(self.query, paper_id)

    def table_counts(self) -> dict[str, int]:
        """Row counts per table; two identical builds give identical counts."""
        return _summary.table_counts(self.query)

    def backend_counts(self) -> list[tuple[str, str, str, int]]:
        """(stage, kind, backend, count) over all nodes: which backend produced what."""
        return _summary.backend_counts(self.query)

    def identifier_backend_counts(self) -> dict[str, int]:
        """How many structures each identifier backend labelled ('none' when no label)."""
        return _summary.identifier_backend_counts(self.query)

    def model_call_counts(self) -> dict[str, _summary.RoleCallCounts]:
        """Calls, failed calls, tokens and cache hits per model role, store-wide."""
        return _summary.model_call_counts(self.query)

    def rejection_counts(self) -> list[tuple[str, str, int]]:
        """(gate, reason, count) of reject decisions, most frequent first."""
        return _summary.rejection_counts(self.query)

    def rejections(
        self, gate: str | None = None, reason: str | None = None
    ) -> list[tuple[StoredNode, Decision]]:
        """Rejected nodes with the decision that rejected them, oldest first."""
        clauses, params = ["d.verdict = 'reject'"], []
        if gate:
            clauses.append("d.gate = ?")
            params.append(gate)
        if reason:
            clauses.append("d.reason = ?")
            params.append(reason)
        rows = self.query(
            "SELECT n.*, d.id AS d_id, d.gate AS d_gate, d.verdict AS d_verdict,"
            " d.reason AS d_reason, d.detail AS d_detail, d.scores AS d_scores,"
            " d.backend AS d_backend, d.created_at AS d_created_at, d.node_id AS d_node_id"
            f" FROM decisions d JOIN nodes n ON n.id = d.node_id WHERE {' AND '.join(clauses)}"
            " ORDER BY d.rowid",
            params,
        )
        return [(self._to_node(row), to_decision(row, prefix="d_")) for row in rows]
