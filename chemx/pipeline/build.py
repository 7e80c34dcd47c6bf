"""`chemx build`: resolve the corpus, run every document's graph, report."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from chemx.agents.acquisition import AcquisitionAgent
from chemx.agents.generation import GenerationAgent, GenerationBackends
from chemx.agents.grounding import GroundingAgent, GroundingBackends
from chemx.agents.visual import VisualAgent, VisualBackends
from chemx.models.protocol import ModelCaller
from chemx.pipeline.executors import make_executor
from chemx.pipeline.graph import StageNode, build_paper_graph, graph_signature
from chemx.pipeline.report import BackendChoice, BuildReport, DocumentTally, store_summary
from chemx.pipeline.resume import DocumentRun, open_checkpointer, run_resumable, thread_id
from chemx.pipeline.state import PaperState
from chemx.provenance.attrition import funnel
from chemx.provenance.attrition_plot import write_funnel
from chemx.provenance.store import ProvenanceStore, WriteBatch
from chemx.registry import BackendContext, BackendKind, SharedModels
from chemx.settings import BuildSettings
from chemx.sources import SourceDocument, resolve_corpus


@dataclass(frozen=True)
class Progress:
    """Callbacks a front end (the CLI's progress bar) may pass in."""

    started: Callable[[int], None] = lambda total: None
    advanced: Callable[[str, DocumentRun], None] = lambda name, run: None


@contextlib.contextmanager
def _model_client(settings: BuildSettings, store: ProvenanceStore) -> Iterator[ModelCaller | None]:
    """The shared model client when any role has an endpoint, else None (offline)."""
    if settings.models is None and not settings.model_options:
        yield None
        return
    from chemx.models import ModelClient, ModelsConfig

    config = ModelsConfig.load(settings.models, settings.model_options)
    with ModelClient(config, cache=store) as client:
        yield client


def _choices(
    settings: Any, names: dict[str, str], kinds: dict[str, BackendKind]
) -> list[BackendChoice]:
    return [
        BackendChoice(kind=kind.value, name=getattr(settings, field), backend=names[kind.value])
        for field, kind in kinds.items()
    ]


def _stages(
    settings: BuildSettings,
    store: ProvenanceStore,
    client: ModelCaller | None,
    chosen: list[BackendChoice],
) -> list[StageNode]:
    """The stage nodes after acquisition, their backends built from the registry.

    Every backend is built here, before any paper, so a bad setting or a missing
    endpoint, package or weight file fails at start-up. `chosen` receives what was built.
    """
    shared = SharedModels()

    def context(stage_settings: Any) -> BackendContext:
        return BackendContext(stage_settings, client, settings.device, shared)

    stages: list[StageNode] = []
    if "visual" in settings.stages():
        visual = VisualBackends.build(settings.visual, context(settings.visual))
        chosen += _choices(settings.visual, visual.names(), VISUAL_KINDS)
        stages.append(StageNode("visual", VisualAgent(store, visual).process))
    if "grounding" in settings.stages():
        grounding = GroundingBackends.build(settings.grounding, context(settings.grounding))
        chosen += _choices(settings.grounding, grounding.names(), GROUNDING_KINDS)
        stages.append(StageNode("grounding", GroundingAgent(store, grounding).process))
    if "generation" in settings.stages():
        generation = GenerationBackends.build(settings.generation, context(settings.generation))
        chosen += _choices(settings.generation, generation.names(), GENERATION_KINDS)
        stages.append(StageNode("generation", GenerationAgent(store, generation).process))
    return stages


VISUAL_KINDS = {
    "classifier": BackendKind.CLASSIFIER,
    "segmenter": BackendKind.SEGMENTER,
    "reaction_parser": BackendKind.REACTION_PARSER,
    "identifier": BackendKind.IDENTIFIER,
    "ocsr": BackendKind.OCSR,
}
GROUNDING_KINDS = {"expansion": BackendKind.EXPANDER, "qc2": BackendKind.QC2}
GENERATION_KINDS = {"generator": BackendKind.GENERATOR, "judge": BackendKind.JUDGE}
"""Settings field -> backend kind, per stage (for the report's `selected_backends`)."""


def run_build(settings: BuildSettings, progress: Progress | None = None) -> BuildReport:
    """Build the corpus into `settings.out`; safe to re-run and to resume after a crash."""
    progress = progress or Progress()
    spec = resolve_corpus(settings.corpus, settings.source)
    executor = make_executor(settings.executor, settings.workers)
    started = time.perf_counter()
    with ProvenanceStore(settings.out) as store, _model_client(settings, store) as client:
        chosen: list[BackendChoice] = []
        stages = _stages(settings, store, client, chosen)
        pdf = spec.parsers.get("pdf")
        if pdf is not None:
            chosen.insert(
                0, BackendChoice(kind="pdf", name=settings.source.pdf, backend=pdf.backend)
            )
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
        selected_backends=chosen,
        attrition=attrition,
        funnel_png=str(png),
    )
    report.write(settings.out)
    return report
