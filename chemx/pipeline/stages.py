"""The stages after acquisition: their backends, built once, and their graph nodes.

Backends are the expensive part (models, weights, tool checks) and are built once per
process; agents are cheap and bind the backends to a store. A worker process or Ray
actor builds its backends once and makes new agents for every paper's scratch store.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from chemx.agents.generation import GenerationAgent, GenerationBackends
from chemx.agents.grounding import GroundingAgent, GroundingBackends
from chemx.agents.visual import VisualAgent, VisualBackends
from chemx.models.cache import ResponseCache
from chemx.models.protocol import ModelCaller
from chemx.models.retrying import RetryChecker
from chemx.pipeline.graph import StageNode
from chemx.pipeline.report import BackendChoice
from chemx.provenance.store import ProvenanceStore
from chemx.registry import BackendContext, BackendKind, SharedModels
from chemx.settings import BuildSettings
from chemx.visual.batching import SharedClassifier
from chemx.visual.classifier import FigureClassifier

VISUAL_KINDS = {
    "classifier": BackendKind.CLASSIFIER,
    "segmenter": BackendKind.SEGMENTER,
    "reaction_parser": BackendKind.REACTION_PARSER,
    "identifier": BackendKind.IDENTIFIER,
    "ocsr": BackendKind.OCSR,
    "names": BackendKind.NAMES,
}
GROUNDING_KINDS = {"expansion": BackendKind.EXPANDER, "qc2": BackendKind.QC2}
GENERATION_KINDS = {"generator": BackendKind.GENERATOR, "judge": BackendKind.JUDGE}
"""Settings field -> backend kind, per stage (for the report's `selected_backends`)."""


@contextlib.contextmanager
def model_client(
    settings: BuildSettings, cache: ResponseCache | None, processes: int = 1
) -> Iterator[ModelCaller | None]:
    """The shared model client when any role has an endpoint, else None (offline).

    `processes` clients (one per worker process) share each endpoint's limit.
    """
    if settings.models is None and not settings.model_options:
        yield None
        return
    from chemx.models import ModelClient, ModelsConfig

    config = ModelsConfig.load(settings.models, settings.model_options).shared_by(processes)
    with ModelClient(config, cache=cache) as client:
        yield client


def _choices(
    settings: Any, names: dict[str, str], kinds: dict[str, BackendKind]
) -> list[BackendChoice]:
    return [
        BackendChoice(kind=kind.value, name=getattr(settings, field), backend=names[kind.value])
        for field, kind in kinds.items()
    ]


@dataclass
class StageBackends:
    """The backends of every stage this build runs (None for a stage it stops before)."""

    visual: VisualBackends | None = None
    grounding: GroundingBackends | None = None
    generation: GenerationBackends | None = None
    chosen: list[BackendChoice] = field(default_factory=list)
    """What was built, for the build report."""

    @classmethod
    def build(
        cls,
        settings: BuildSettings,
        client: ModelCaller | None,
        retries: RetryChecker,
        papers_at_once: int = 1,
    ) -> StageBackends:
        """Build every backend from the registry, before any paper.

        A bad setting or a missing endpoint, package or weight file fails here, at
        start-up, not in the middle of a corpus. With more than one paper at once in
        this process and passes of more than one figure (on a GPU), the figure
        classifier's passes are shared between them (`chemx.visual.batching`); `close`
        stops its batching thread.
        """
        shared = SharedModels()

        def context(stage_settings: Any) -> BackendContext:
            return BackendContext(stage_settings, client, settings.device, shared, retries)

        backends = cls()
        if "visual" in settings.stages():
            backends.visual = VisualBackends.build(settings.visual, context(settings.visual))
            classifier = backends.visual.classifier
            if (
                papers_at_once > 1
                and isinstance(classifier, FigureClassifier)
                and classifier.batch_size > 1
            ):
                backends.visual.classifier = SharedClassifier(classifier)
            backends.chosen += _choices(settings.visual, backends.visual.names(), VISUAL_KINDS)
        if "grounding" in settings.stages():
            backends.grounding = GroundingBackends.build(
                settings.grounding, context(settings.grounding)
            )
            backends.chosen += _choices(
                settings.grounding, backends.grounding.names(), GROUNDING_KINDS
            )
        if "generation" in settings.stages():
            backends.generation = GenerationBackends.build(
                settings.generation, context(settings.generation)
            )
            backends.chosen += _choices(
                settings.generation, backends.generation.names(), GENERATION_KINDS
            )
        return backends

    def close(self) -> None:
        """Stop the threads and processes the backends started.

        The shared classifier's batcher, and DECIMER's worker process.
        """
        if self.visual is not None and isinstance(self.visual.classifier, SharedClassifier):
            self.visual.classifier.close()
        reader = getattr(self.visual, "ocsr", None)  # gold backends have no reader
        closer = getattr(reader, "close", None)
        if callable(closer):
            closer()

    def nodes(
        self, store: ProvenanceStore, cpu_gate: AbstractContextManager[Any] | None = None
    ) -> list[StageNode]:
        """The stage nodes, their agents writing to `store` (`VisualAgent` for `cpu_gate`)."""
        stages: list[StageNode] = []
        if self.visual is not None:
            visual = VisualAgent(store, self.visual, cpu_gate)
            stages.append(StageNode("visual", visual.process))
        if self.grounding is not None:
            stages.append(StageNode("grounding", GroundingAgent(store, self.grounding).process))
        if self.generation is not None:
            stages.append(StageNode("generation", GenerationAgent(store, self.generation).process))
        return stages
