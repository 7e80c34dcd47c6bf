"""`chemx build`: resolve the corpus, run every document's graph, report."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from chemx.agents.acquisition import AcquisitionAgent
from chemx.agents.generation import (
    GenerationAgent,
    GenerationBackends,
    GenerationSettings,
    GeneratorMode,
    JudgeMode,
    OcsrMode,
)
from chemx.agents.grounding import (
    ExpansionMode,
    GroundingAgent,
    GroundingBackends,
    GroundingMode,
    GroundingSettings,
)
from chemx.agents.visual import VisualAgent, VisualBackends, VisualSettings
from chemx.pipeline.executors import make_executor
from chemx.pipeline.graph import StageNode, build_paper_graph, graph_signature
from chemx.pipeline.report import BuildReport, DocumentTally, store_summary
from chemx.pipeline.resume import DocumentRun, open_checkpointer, run_resumable, thread_id
from chemx.pipeline.state import PaperState
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.release.attrition import funnel
from chemx.release.plot import write_funnel
from chemx.sources import SourceDocument, resolve_corpus
from chemx.sources.corpus import PdfBackend

StageName = Literal["acquire", "visual", "grounding", "generation"]
STAGE_ORDER: tuple[StageName, ...] = ("acquire", "visual", "grounding", "generation")
"""Stages in pipeline order; `--until` stops after the named one."""


class BuildSettings(BaseModel):
    """Everything `chemx build` was asked to do, validated before any work starts."""

    model_config = ConfigDict(frozen=True)

    corpus: str = Field(description="'sample', 'pmc_oa' or a folder of .nxml/.pdf files.")
    out: Path
    executor: str = "local"
    workers: int = Field(default=4, ge=1, le=256)
    pdf_backend: PdfBackend = "pymupdf"
    until: StageName = "generation"
    segmenter: Literal["classical", "decimer"] = "classical"
    reaction_parser: Literal["classical", "rxnscribe"] = "classical"
    identifier: Literal["ocr", "tesseract", "vlm"] = "ocr"
    classifier_checkpoint: Path | None = None
    device: str | None = None
    ocsr: Literal["none", "osra"] = "none"
    grounding: GroundingMode = Field(
        default="offline", description="QC 2 labels: the shipped classifier or the LLM role."
    )
    expansion: ExpansionMode = Field(
        default="embedding", description="Context expansion: MiniLM, the LLM role, or none."
    )
    prefilter: bool = Field(
        default=False, description="Screen LLM QC 2 calls with the classifier's threshold."
    )
    generator: GeneratorMode = Field(
        default="template", description="Question generation: offline templates or the LLM role."
    )
    judge: JudgeMode = Field(
        default="heuristic", description="QC 3: the offline heuristic judge or the LLM role."
    )
    judge_threshold: float = Field(
        default=4.0, ge=1.0, le=5.0, description="QC 3 accepts at this overall mean score."
    )
    judge_rounds: int = Field(
        default=3, ge=1, le=24, description="LLM judge scorings, each with shuffled options."
    )
    generation_ocsr: OcsrMode = Field(
        default="auto",
        description="Read SMILES with OSRA for the feature catalogue: auto (when installed), "
        "osra (required) or none.",
    )
    models: Path | None = Field(default=None, description="TOML file with model endpoints.")
    model_options: dict[str, str] = Field(
        default_factory=dict, description="Overrides such as {'identifier.model': 'gpt-4o'}."
    )

    def stages(self) -> list[StageName]:
        """The stages this build runs, in order."""
        return list(STAGE_ORDER[: STAGE_ORDER.index(self.until) + 1])

    def visual(self) -> VisualSettings:
        """Settings of the visual stage."""
        return VisualSettings(
            segmenter=self.segmenter,
            reaction_parser=self.reaction_parser,
            identifier=self.identifier,
            classifier_checkpoint=self.classifier_checkpoint,
            device=self.device,
            ocsr=self.ocsr,
        )

    def grounding_stage(self) -> GroundingSettings:
        """Settings of the text grounding stage."""
        return GroundingSettings(
            grounding=self.grounding,
            expansion=self.expansion,
            prefilter=self.prefilter,
            device=self.device,
        )

    def generation_stage(self) -> GenerationSettings:
        """Settings of the question generation stage (and QC 3)."""
        return GenerationSettings(
            generator=self.generator,
            judge=self.judge,
            judge_threshold=self.judge_threshold,
            judge_rounds=self.judge_rounds,
            ocsr=self.generation_ocsr,
        )

    def stage_settings(self) -> dict[str, str]:
        """Settings that change what the stages produce (part of the graph signature)."""
        settings: dict[str, str] = {"pdf_backend": self.pdf_backend}
        if "visual" in self.stages():
            settings.update(self.visual().signature())
        if "grounding" in self.stages():
            settings.update(self.grounding_stage().signature())
        if "generation" in self.stages():
            settings.update(self.generation_stage().signature())
        return settings


@dataclass(frozen=True)
class Progress:
    """Callbacks a front end (the CLI's progress bar) may pass in."""

    started: Callable[[int], None] = lambda total: None
    advanced: Callable[[str, DocumentRun], None] = lambda name, run: None


@contextlib.contextmanager
def _model_client(settings: BuildSettings, store: ProvenanceStore) -> Iterator[Any | None]:
    """The shared model client when any role has an endpoint, else None (offline)."""
    if settings.models is None and not settings.model_options:
        yield None
        return
    from chemx.models import ModelClient, ModelsConfig

    config = ModelsConfig.load(settings.models, settings.model_options)
    with ModelClient(config, cache=store) as client:
        yield client


def _stages(
    settings: BuildSettings,
    store: ProvenanceStore,
    client: Any | None,
    names: dict[str, str] | None = None,
) -> list[StageNode]:
    """The stage nodes after acquisition; `names` receives the generation backends."""
    stages: list[StageNode] = []
    if "visual" in settings.stages():
        backends = VisualBackends(settings.visual(), model_client=client)
        backends.preload()  # a bad backend setting fails here, before any paper
        stages.append(StageNode("visual", VisualAgent(store, backends).process))
    if "grounding" in settings.stages():
        grounding = GroundingBackends(settings.grounding_stage(), model_client=client)
        grounding.preload()  # MiniLM and the classifier load once per build
        stages.append(StageNode("grounding", GroundingAgent(store, grounding).process))
    if "generation" in settings.stages():
        generation = GenerationBackends(settings.generation_stage(), model_client=client)
        generation.preload()  # a missing generator/judge endpoint fails before any paper
        stages.append(StageNode("generation", GenerationAgent(store, generation).process))
        if names is not None:
            names.update(generation.names)
    return stages


def run_build(settings: BuildSettings, progress: Progress | None = None) -> BuildReport:
    """Build the corpus into `settings.out`; safe to re-run and to resume after a crash."""
    progress = progress or Progress()
    spec = resolve_corpus(settings.corpus, settings.pdf_backend)
    executor = make_executor(settings.executor, settings.workers)
    started = time.perf_counter()
    with ProvenanceStore(settings.out) as store, _model_client(settings, store) as client:
        generation_backends: dict[str, str] = {}
        stages = _stages(settings, store, client, generation_backends)
        before = store.table_counts()
        root = WriteBatch()
        root.add(spec.corpus)
        store.write(root)
        checkpointer = open_checkpointer(settings.out)
        try:
            graph = build_paper_graph(AcquisitionAgent(store, spec.parsers), stages, checkpointer)
            signature = graph_signature(
                ["acquire", *(stage.name for stage in stages)], settings.stage_settings()
            )
            tally = DocumentTally(discovered=len(spec.documents))
            progress.started(len(spec.documents))

            def run_one(document: SourceDocument) -> tuple[SourceDocument, DocumentRun]:
                initial: PaperState = {
                    "document": {
                        "path": str(document.path),
                        "format": document.format,
                        "display_name": document.display_name,
                    },
                    "corpus_id": spec.corpus.id,
                    "counts": {},
                    "stages_done": [],
                }
                thread = thread_id(spec.corpus.id, document.display_name, signature)
                return document, run_resumable(graph, initial, thread)

            for document, run in executor.map_unordered(run_one, spec.documents):
                setattr(tally, run.outcome.value, getattr(tally, run.outcome.value) + 1)
                if run.state.get("paper_id") is None:
                    tally.rejected += 1
                progress.advanced(document.display_name, run)
        finally:
            checkpointer.conn.close()
        elapsed = time.perf_counter() - started
        after = store.table_counts()
        totals, rejections, backends = store_summary(store)
        identifier_backends = store.identifier_backend_counts()
        attrition = funnel(store)
    png = write_funnel(attrition, settings.out, f"chemx build: {spec.corpus.name}")
    report = BuildReport(
        corpus=spec.corpus.name,
        out=str(settings.out),
        executor=executor.name,
        workers=settings.workers,
        stages=["acquire", *(stage.name for stage in stages)],
        elapsed_s=round(elapsed, 3),
        papers_per_s=round(len(spec.documents) / elapsed, 3) if elapsed > 0 else 0.0,
        documents=tally,
        totals=totals,
        rows_added={table: after[table] - before[table] for table in after},
        rejections=rejections,
        backends=backends,
        identifier_backends=identifier_backends,
        generation_backends=generation_backends,
        attrition=attrition,
        funnel_png=str(png),
    )
    report.write(settings.out)
    return report
