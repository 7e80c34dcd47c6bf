"""Content-derived node ids.

An id is a short prefix naming the kind plus 16 hex digits of a SHA-256 over the parts
that make the node what it is. The same paper parsed twice therefore yields the same
ids, which is what makes re-builds and crash-resumes idempotent.

>>> node_id(NodeKind.PAPER, "doi", "10.5555/x")
'pap_bc08d21a9dfa9ba7'
"""

from __future__ import annotations

import hashlib

from chemx.records import NodeKind

PREFIXES: dict[NodeKind, str] = {
    NodeKind.CORPUS: "cor",
    NodeKind.SOURCE: "src",
    NodeKind.PAPER: "pap",
    NodeKind.PARAGRAPH: "par",
    NodeKind.SENTENCE: "sen",
    NodeKind.FIGURE: "fig",
    NodeKind.FIGURE_REFERENCE: "ref",
    NodeKind.STRUCTURE: "str",
    NodeKind.EVIDENCE: "evi",
    NodeKind.CANDIDATE: "can",
    NodeKind.ITEM: "itm",
}
KIND_BY_PREFIX = {prefix: kind for kind, prefix in PREFIXES.items()}


def digest(*parts: object) -> str:
    """Hex SHA-256 over the parts, separated so that ("ab", "c") != ("a", "bc")."""
    joined = "\x1f".join(str(part) for part in parts)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()


def node_id(kind: NodeKind, *parts: object) -> str:
    """Return the stable id of a node of `kind` identified by `parts`."""
    return f"{PREFIXES[kind]}_{digest(kind.value, *parts)[:16]}"


def decision_id(node: str, gate: str, reason: str, backend: str) -> str:
    """Return the id of a decision; the same verdict twice is one row."""
    return f"dec_{digest(node, gate, reason, backend)[:16]}"


def kind_of(identifier: str) -> NodeKind | None:
    """Return the node kind an id names by its prefix, or None if it is not a node id."""
    prefix, _, rest = identifier.partition("_")
    return KIND_BY_PREFIX.get(prefix) if len(rest) == 16 else None
