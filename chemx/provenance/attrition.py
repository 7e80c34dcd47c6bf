"""Construction yield per stage, as in seed 002's Fig. 3 (figures -> ... -> accepted).

Counted from the store, so a build report, a dataset card and the funnel plot of the
same store always agree. Each stage lists the rejection reasons that removed nodes
between it and the previous stage.

======================== =============================================================
figures                  every figure of every paper
chemistry figures        figures not rejected (classifier, unreadable image)
structures               structure and reaction crops (condition text crops excluded)
valid with identifiers   crops QC 1 accepted that carry a compound label
with retrieved text      evidence blocks with at least one sentence about the structure
explanatory              evidence blocks QC 2 accepted
candidates               candidate questions (one per explanatory block)
decomposed               candidates whose evidence split into Effect/Feature/Mechanism
passed anti-shortcut     candidates whose question passed every anti-shortcut rule
accepted                 items: candidates QC 3 accepted
======================== =============================================================
"""

from __future__ import annotations

from pydantic import BaseModel

from chemx.provenance.store import ProvenanceStore


class FunnelStage(BaseModel):
    """One stage of the funnel: how many remain and what removed the others."""

    name: str
    count: int
    dropped: dict[str, int] = {}
    """'gate/reason' -> nodes removed for it before this stage."""


STAGE_QUERIES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("figures", "SELECT COUNT(*) FROM nodes WHERE kind = 'figure'", ()),
    (
        "chemistry figures",
        "SELECT COUNT(*) FROM nodes WHERE kind = 'figure' AND status = 'ok'",
        ("acquisition", "classifier", "qc1:figure"),
    ),
    (
        "structures",
        "SELECT COUNT(*) FROM nodes WHERE kind = 'structure'"
        " AND json_extract(payload, '$.role') != 'condition'",
        (),
    ),
    (
        "valid with identifiers",
        "SELECT COUNT(*) FROM nodes n WHERE kind = 'structure' AND status = 'ok'"
        " AND json_extract(payload, '$.role') != 'condition'"
        " AND json_extract(payload, '$.identifier') IS NOT NULL"
        " AND EXISTS (SELECT 1 FROM decisions d WHERE d.node_id = n.id AND d.gate = 'qc1'"
        " AND d.verdict = 'accept')",
        ("qc1:structure",),
    ),
    (
        "with retrieved text",
        "SELECT COUNT(*) FROM nodes n WHERE kind = 'evidence' AND NOT EXISTS (SELECT 1 FROM"
        " decisions d WHERE d.node_id = n.id AND d.gate = 'qc2' AND d.reason = 'no_text')",
        ("qc2:no_text",),
    ),
    (
        "explanatory",
        "SELECT COUNT(*) FROM nodes n WHERE kind = 'evidence' AND EXISTS (SELECT 1 FROM"
        " decisions d WHERE d.node_id = n.id AND d.gate = 'qc2' AND d.verdict = 'accept')",
        ("qc2",),
    ),
    ("candidates", "SELECT COUNT(*) FROM nodes WHERE kind = 'candidate'", ()),
    (
        "decomposed",
        "SELECT COUNT(*) FROM nodes n WHERE kind = 'candidate' AND EXISTS (SELECT 1 FROM"
        " decisions d WHERE d.node_id = n.id AND d.gate = 'generation' AND d.verdict = 'accept')",
        ("generation",),
    ),
    (
        "passed anti-shortcut",
        "SELECT COUNT(*) FROM nodes n WHERE kind = 'candidate' AND EXISTS (SELECT 1 FROM"
        " decisions d WHERE d.node_id = n.id AND d.gate = 'anti_shortcut'"
        " AND d.verdict = 'accept')",
        ("anti_shortcut",),
    ),
    ("accepted", "SELECT COUNT(*) FROM nodes WHERE kind = 'item'", ("qc3",)),
)
"""(stage, count query, gates whose rejections end before this stage)."""


def share_text(count: int, previous: int | None) -> str:
    """'69.7% of previous', or '3.65 per previous' where a stage fans out (crops per figure)."""
    if not previous:
        return ""
    if count > previous:
        return f"{count / previous:.2f} per previous"
    return f"{100 * count / previous:.1f}% of previous"


def _dropped(store: ProvenanceStore, selectors: tuple[str, ...]) -> dict[str, int]:
    result: dict[str, int] = {}
    for selector in selectors:
        gate, _, rest = selector.partition(":")
        where = "d.verdict = 'reject' AND d.gate = ?"
        params: list[str] = [gate]
        if rest in ("figure", "structure"):
            where += " AND n.kind = ?"
            params.append(rest)
        elif rest:
            where += " AND d.reason = ?"
            params.append(rest)
        elif gate == "qc2":
            where += " AND d.reason != 'no_text'"
        rows = store.query(
            "SELECT d.gate AS gate, d.reason AS reason, COUNT(DISTINCT d.node_id) AS n"
            f" FROM decisions d JOIN nodes n ON n.id = d.node_id WHERE {where}"
            " GROUP BY d.gate, d.reason ORDER BY n DESC, d.reason",
            params,
        )
        for row in rows:
            result[f"{row['gate']}/{row['reason']}"] = int(row["n"])
    return result


def funnel(store: ProvenanceStore) -> list[FunnelStage]:
    """The construction funnel of a store (see the module table)."""
    stages = []
    for name, query, selectors in STAGE_QUERIES:
        count = int(store.query(query)[0][0])
        stages.append(FunnelStage(name=name, count=count, dropped=_dropped(store, selectors)))
    return stages
