"""`chemx audit`: rejected nodes grouped by gate and reason, with their evidence."""

from __future__ import annotations

from pydantic import BaseModel

from chemx.provenance.describe import describe
from chemx.provenance.store import ProvenanceStore


class RejectedNode(BaseModel):
    """One rejected node and why."""

    node_id: str
    kind: str
    paper_id: str | None
    what: str
    detail: str
    backend: str
    scores: dict[str, float]


class ReasonGroup(BaseModel):
    """All rejections one gate made for one reason."""

    gate: str
    reason: str
    count: int
    nodes: list[RejectedNode]


def audit(
    store: ProvenanceStore, gate: str | None = None, reason: str | None = None
) -> list[ReasonGroup]:
    """Group rejections by (gate, reason), largest groups first."""
    groups: dict[tuple[str, str], list[RejectedNode]] = {}
    for node, decision in store.rejections(gate=gate, reason=reason):
        groups.setdefault((decision.gate.value, decision.reason), []).append(
            RejectedNode(
                node_id=node.id,
                kind=node.kind.value,
                paper_id=node.paper_id,
                what=describe(node),
                detail=decision.detail,
                backend=decision.backend,
                scores=decision.scores,
            )
        )
    ordered = sorted(groups.items(), key=lambda entry: (-len(entry[1]), entry[0]))
    return [
        ReasonGroup(gate=g, reason=r, count=len(nodes), nodes=nodes) for (g, r), nodes in ordered
    ]
