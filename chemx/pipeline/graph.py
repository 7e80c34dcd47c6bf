"""The per-paper LangGraph.

Acquisition, then (as later stages land) the visual, grounding, generation and QC
agents, each a node writing its records to the store.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from chemx.agents.acquisition import AcquisitionAgent
from chemx.pipeline.state import PaperState
from chemx.provenance.ids import digest
from chemx.sources import SourceDocument

STAGES: tuple[str, ...] = ("acquire",)
"""Node names in order; part of the graph signature so a new stage starts new threads."""


def graph_signature(settings: dict[str, str]) -> str:
    """A short hash of the stage list and the settings that change what stages produce.

    It is part of every checkpoint thread id: a finished thread of an older graph is not
    mistaken for a finished run of this one.
    """
    return digest(*STAGES, *(f"{key}={value}" for key, value in sorted(settings.items())))[:12]


def _merge_counts(state: PaperState, new: dict[str, int]) -> dict[str, int]:
    counts = dict(state.get("counts", {}))
    counts.update(new)
    return counts


def build_paper_graph(
    acquisition: AcquisitionAgent, checkpointer: Any | None = None
) -> CompiledStateGraph[PaperState, None, PaperState, PaperState]:
    """Compile the per-paper graph with its agents bound in."""

    def acquire(state: PaperState) -> dict[str, Any]:
        document = state["document"]
        result = acquisition.acquire(
            SourceDocument(
                path=Path(document["path"]),
                format=document["format"],
                display_name=document["display_name"],
            ),
            state["corpus_id"],
        )
        return {
            "paper_id": result.paper_id,
            "rejected_reason": result.reason,
            "counts": _merge_counts(state, dict(result.counts)),
            "stages_done": [*state.get("stages_done", []), "acquire"],
        }

    graph = StateGraph(PaperState)
    graph.add_node("acquire", acquire)
    graph.add_edge(START, "acquire")
    graph.add_edge("acquire", END)
    return graph.compile(checkpointer=checkpointer)
