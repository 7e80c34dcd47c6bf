"""The build pipeline: the per-paper LangGraph, its state, executors and crash-safe resume.

- `build`: `run_build` resolves the corpus, builds every backend from the registry, runs
  each document's graph (acquire -> visual -> grounding -> generation) and reports.
- `graph`, `state`: the per-paper LangGraph and what flows through it.
- `resume`: the SQLite checkpointer; a killed build resumes where it stopped.
- `executors`: where per-paper work runs.
- `report`: `build_report.json`: counts, rejections, backends, the attrition funnel.

The settings a build takes are `chemx.settings.BuildSettings` (re-exported here).
"""

from chemx.pipeline.build import Progress, run_build
from chemx.pipeline.graph import StageNode, build_paper_graph, graph_signature
from chemx.pipeline.report import BackendChoice, BuildReport
from chemx.pipeline.resume import RunOutcome, run_resumable
from chemx.settings import BuildSettings

__all__ = [
    "BackendChoice",
    "BuildReport",
    "BuildSettings",
    "Progress",
    "RunOutcome",
    "StageNode",
    "build_paper_graph",
    "graph_signature",
    "run_build",
    "run_resumable",
]
