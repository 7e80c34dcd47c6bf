"""Provenance: the store every stage writes to, and what is read back from it.

Every node (paper, figure, structure, evidence, candidate, item) has a content-derived
id, its parent and the backend that produced it; gates attach decisions, model calls are
recorded on the node they were made for, and rejected nodes are kept with their reason.

- `store`: the SQLite store (WAL, idempotent batched writes) with `blobs` for images and
  `schema` for its migrations; `ids`: content-derived node and decision ids.
- `tree`, `trace`: the provenance tree under a node and the path above it
  (`chemx trace`); `describe`: the one-line description of a node.
- `audit`: rejected nodes grouped by gate and reason (`chemx audit`).
- `attrition`: the construction funnel counted from a store; `attrition_plot` draws it.
- `builds`: how each build into the store ended (a release refuses a partial store).
- `decisions`: the one way to write a gate's verdict on a node.
"""

from chemx.provenance.attrition import FunnelStage, funnel
from chemx.provenance.audit import ReasonGroup, RejectedNode, audit
from chemx.provenance.blobs import BlobStore, sha256_hex
from chemx.provenance.builds import BuildRecord, BuildStatus, begin_build, end_build, last_build
from chemx.provenance.ids import decision_id, node_id
from chemx.provenance.store import (
    ProvenanceStore,
    StoredNode,
    StoreError,
    StoreLocked,
    WriteBatch,
    WriteResult,
)
from chemx.provenance.trace import UnknownNode, resolve_id, trace_json, trace_tree
from chemx.provenance.tree import ancestors, subtree

__all__ = [
    "BlobStore",
    "BuildRecord",
    "BuildStatus",
    "FunnelStage",
    "ProvenanceStore",
    "ReasonGroup",
    "RejectedNode",
    "StoreError",
    "StoreLocked",
    "StoredNode",
    "UnknownNode",
    "WriteBatch",
    "WriteResult",
    "ancestors",
    "audit",
    "begin_build",
    "decision_id",
    "end_build",
    "funnel",
    "last_build",
    "node_id",
    "resolve_id",
    "sha256_hex",
    "subtree",
    "trace_json",
    "trace_tree",
]
