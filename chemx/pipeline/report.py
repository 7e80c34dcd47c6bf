"""The build report: what a build read, made and rejected, and which backend did it."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

from chemx.provenance.attrition import FunnelStage
from chemx.provenance.store import ProvenanceStore
from chemx.sources.pmc.report import (
    ISSN_MISSING,
    JOURNAL_BELOW_SJR,
    JOURNAL_NOT_RANKED,
    LICENCE_NOT_OPEN,
    METADATA_MALFORMED,
    NOT_IN_CLOUD,
    NOT_OPEN_ACCESS,
    RETRACTED,
    PmcReport,
)

REPORT_NAME = "build_report.json"


class DocumentTally(BaseModel):
    """What happened to the documents of this run."""

    discovered: int = 0
    ran: int = 0
    resumed: int = 0
    already_done: int = 0
    retry: int = 0
    """Documents left unfinished by a failure a re-run retries (timeouts, endpoints)."""
    rejected: int = 0
    """Documents that could not be read at all (stored as rejected sources)."""


class RejectionCount(BaseModel):
    """How many nodes one gate rejected for one reason."""

    gate: str
    reason: str
    count: int
    share: float = Field(default=0.0, description="Of all rejections in the store (0-1).")


class BackendCount(BaseModel):
    """How many nodes of a kind one backend produced in one stage."""

    stage: str
    kind: str
    backend: str
    count: int


class RetryNote(BaseModel):
    """A document left unfinished this run, and what failed (the next build retries it)."""

    document: str
    stage: str
    key: str
    role: str | None = None
    """The model role whose endpoint failed, if a model call failed."""
    endpoint: str | None = None
    detail: str

    @property
    def summary(self) -> str:
        """One line per cause: the role and endpoint when an endpoint failed."""
        if self.role and self.endpoint:
            return f"the {self.role} role's endpoint {self.endpoint} did not answer"
        return f"{self.stage}: {self.detail}"


class RoleCalls(BaseModel):
    """The model calls one role (identifier, grounding, generator, judge) made, store-wide."""

    calls: int
    failed: int = 0
    """Calls that recorded an error."""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cache_hits: int = 0
    """Calls answered from the response cache, not the endpoint."""

    @property
    def tokens(self) -> int:
        """Prompt and completion tokens together."""
        return self.prompt_tokens + self.completion_tokens


class BackendChoice(BaseModel):
    """One step's backend: its registry name and what it calls itself in the store."""

    kind: str
    name: str
    """The registry name chosen (`chemx.registry`), e.g. 'classical'."""
    backend: str
    """What the backend writes into the nodes it makes, e.g. 'classical-segmenter-v1'."""


class BuildReport(BaseModel):
    """Written as `build_report.json` beside the store after every build."""

    corpus: str
    out: str
    status: str = Field(
        default="finished",
        description="finished | incomplete (re-run to retry) | interrupted | failed.",
    )
    executor: str
    workers: int
    stages: list[str] = Field(description="The graph's nodes, in order.")
    elapsed_s: float
    papers_per_s: float = Field(description="Documents processed this run per second.")
    documents: DocumentTally
    retries: list[RetryNote] = Field(
        default_factory=list, description="Documents the next build retries, and why."
    )
    totals: dict[str, dict[str, int]] = Field(
        description="Store-wide node counts by kind and status (ok/rejected)."
    )
    rows_added: dict[str, int] = Field(description="Rows this run added, per table.")
    rejections: list[RejectionCount]
    backends: list[BackendCount]
    identifier_backends: dict[str, int] = Field(
        default_factory=dict,
        description="Structures per identifier backend ('easyocr', 'vlm:gpt-4o', 'none').",
    )
    model_calls: dict[str, RoleCalls] = Field(
        default_factory=dict,
        description="Store-wide model calls per role: calls, failed calls, tokens, cache hits "
        "(empty when no role has an endpoint).",
    )
    stage_seconds: dict[str, float] = Field(
        default_factory=dict,
        description="Seconds spent in each stage this run, summed over papers; with several "
        "workers the sum can exceed the build's wall time (elapsed_s).",
    )
    selected_backends: list[BackendChoice] = Field(
        default_factory=list,
        description="The backend chosen for each step (registry name) and what it calls itself, "
        "e.g. generator 'template' -> 'template-v1', judge 'llm' -> 'llm:<model>'.",
    )
    attrition: list[FunnelStage] = Field(
        default_factory=list,
        description="Construction funnel over the store (figures -> ... -> accepted items).",
    )
    funnel_png: str | None = Field(
        default=None, description="The attrition funnel rendered beside this report."
    )
    pmc: PmcReport | None = Field(
        default=None,
        description="--corpus pmc_oa: the search, the filters (SJR table and year) and the "
        "downloads of this build.",
    )

    def write(self, out: Path) -> Path:
        """Write the report as JSON into the build folder and return its path."""
        path = out / REPORT_NAME
        path.write_text(self.model_dump_json(indent=2) + "\n", encoding="utf-8")
        return path


SELECTION_DROPS = {
    "open-access": (RETRACTED, NOT_OPEN_ACCESS, LICENCE_NOT_OPEN, NOT_IN_CLOUD, METADATA_MALFORMED),
    "journal filter": (ISSN_MISSING, JOURNAL_NOT_RANKED, JOURNAL_BELOW_SJR),
}
"""The PMC selection's stages and the rejection reasons that remove papers before each."""


def selection_funnel(pmc: PmcReport, papers: int) -> list[FunnelStage]:
    """The stages before the figures for a `pmc_oa` build, as in seed 002's Fig. 3.

    candidates found (this run's search) -> considered (up to --max-papers) ->
    open-access (open licence, not retracted, in the bucket) -> journal filter (SJR) ->
    papers (in the store, store-wide, like the stages after it).
    """
    stages = [
        FunnelStage(name="candidates found", count=pmc.hits),
        FunnelStage(name="considered", count=pmc.considered),
    ]
    remaining = pmc.considered
    for name, reasons in SELECTION_DROPS.items():
        dropped = {f"pmc/{r}": pmc.rejected[r] for r in reasons if pmc.rejected.get(r)}
        remaining -= sum(dropped.values())
        stages.append(FunnelStage(name=name, count=remaining, dropped=dropped))
    failed = {"pmc/fetch_failed": len(pmc.failed)} if pmc.failed else {}
    stages.append(FunnelStage(name="papers", count=papers, dropped=failed))
    return stages


def model_call_summary(store: ProvenanceStore) -> dict[str, RoleCalls]:
    """Model calls per role as the store holds them now."""
    return {
        role: RoleCalls(**counts._asdict()) for role, counts in store.model_call_counts().items()
    }


def store_summary(
    store: ProvenanceStore,
) -> tuple[dict[str, dict[str, int]], list[RejectionCount], list[BackendCount]]:
    """Totals, rejections and backends as the store holds them now."""
    counted = store.rejection_counts()
    total = sum(count for _, _, count in counted) or 1
    rejections = [
        RejectionCount(gate=gate, reason=reason, count=count, share=round(count / total, 4))
        for gate, reason, count in counted
    ]
    backends = [
        BackendCount(stage=stage, kind=kind, backend=backend, count=count)
        for stage, kind, backend, count in store.backend_counts()
    ]
    return store.counts(), rejections, backends
