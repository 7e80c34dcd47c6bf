"""The build pipeline: the per-paper graph, its state, executors and crash-safe resume."""

from chemx.pipeline.build import BuildSettings, Progress, run_build
from chemx.pipeline.graph import StageNode, build_paper_graph, graph_signature
from chemx.pipeline.report import BuildReport
from chemx.pipeline.resume import RunOutcome, run_resumable

__all__ = [
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
