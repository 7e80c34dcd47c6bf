"""One way to write down a gate's verdict on a node."""

from __future__ import annotations

import datetime as dt

from chemx.provenance.ids import decision_id
from chemx.records import Decision, Gate, Verdict


def decide(
    node_id: str,
    gate: Gate,
    verdict: Verdict,
    reason: str,
    detail: str,
    backend: str,
    scores: dict[str, float] | None = None,
) -> Decision:
    """A Decision whose id depends on (node, gate, reason, backend) only.

    The time is not part of the id, so the same verdict reached again on a re-run or a
    resumed build is the same row.
    """
    return Decision(
        id=decision_id(node_id, gate.value, reason, backend),
        node_id=node_id,
        gate=gate,
        verdict=verdict,
        reason=reason,
        detail=detail,
        scores=scores or {},
        backend=backend,
        time=dt.datetime.now(dt.UTC),
    )


def reject(
    node_id: str,
    gate: Gate,
    reason: str,
    detail: str,
    backend: str,
    scores: dict[str, float] | None = None,
) -> Decision:
    """Shorthand for a rejection."""
    return decide(node_id, gate, Verdict.REJECT, reason, detail, backend, scores)


def accept(
    node_id: str,
    gate: Gate,
    reason: str,
    detail: str,
    backend: str,
    scores: dict[str, float] | None = None,
) -> Decision:
    """Shorthand for an acceptance."""
    return decide(node_id, gate, Verdict.ACCEPT, reason, detail, backend, scores)
