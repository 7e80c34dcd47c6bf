"""Provenance: the store, the tree, `trace` and `audit`.

Every node (paper, figure, structure, evidence, candidate, item) has a content-derived
id, its parent and the backend that produced it; gates attach decisions and rejected
nodes are kept.
"""

from chemx.provenance.audit import ReasonGroup, RejectedNode, audit
from chemx.provenance.blobs import BlobStore, sha256_hex
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
    "decision_id",
    "node_id",
    "resolve_id",
    "sha256_hex",
    "subtree",
    "trace_json",
    "trace_tree",
]
